"""The Ship-to-Ship Combat Phase (VaM › Naval Combat, Invasion Combat; Optional Rules ›
Submarines, Midway Bombardment, Night Actions, Seaplane Tenders).

Four segments, in order. Submarine attacks (optional): each side (US first) announces hexes
where its subs attack; defending destroyers screen (a 1 on any of a DD's dice makes its sub
break off), then the remaining subs fire at any ship. Surface battles: each side (US first)
announces hexes where a search this turn found ships of both sides; once per hex per turn the
defender fires first, then the attacker's survivors; carriers and transports may be fired at
only once every other enemy ship has a firing unit on it. Bombardment (optional, day): BB and
CA units in the Midway hex that fought no surface action fire at the enemy's ground units,
which they can only reduce. Invasion (day): the Japanese land battalions from transports in
the Midway hex; every daylight turn with Japanese troops ashore brings one round of invasion
combat, the US defenders firing first; only this combat eliminates ground units.

Every announcement and every battle is in sight of both players; the units deployed join the
``revealed`` set.
"""

from __future__ import annotations

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import Fire, GoAshore, Screen
from midway_desktop.games.victory_at_midway.combat import alive, dice_count, fire, hit_ground, hit_ship
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    MIDWAY,
    SHIP_OFF_MAP,
    US,
    Battle,
    Game,
    State,
    carriers_seen,
    evolve,
    other,
    side_name,
    sightings_since,
)
from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE, TRANSPORT_TYPES

SUB, SURFACE, BOMBARD, INVASION = "sub", "surface", "bombard", "invasion"
STEP_KIND = {"sub-attacks": SUB, "surface-combat": SURFACE, "bombardment": BOMBARD, "invasion": INVASION}
NAVAL_STEPS = tuple(STEP_KIND)
SCREEN_BREAKS = 1  # VaM › Submarines: on a 1 the screened sub breaks off
BOMBARDERS = frozenset({"BB", "CA"})
KURE = "G6"
ST11 = "ST11"


def key(kind: str, side: str, hex_: str) -> str:
    return f"{kind}:{side}:{hex_}"


def restricted(game: Game, ship: str) -> bool:
    """VaM › Defensive Fire: carriers (CV) and transports (TT, ST11, SFT) are fired at last."""
    spec = game.cat.ship(ship)
    return spec.carrier or spec.type in TRANSPORT_TYPES


def kure_building(game: Game, state: State) -> bool:
    """VaM › Seaplane Tenders: ST11 is building or operating the Kure base (inside the reef)."""
    return bool(state.kure) and not state.kure_closed and game.u(state, ST11).loc == KURE


def kure_operating(game: Game, state: State) -> bool:
    """VaM › Seaplane Tenders: the base operates from three turns after building began."""
    return kure_building(game, state) and state.turn >= state.kure + 3


# -- what each side may announce ------------------------------------------------------------------
def _on_map(game: Game, state: State, side: str, subs: bool) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for sid, st in game.ships(state, side):
        if st.loc not in SHIP_OFF_MAP and (sid in game.subs) == subs:
            out.setdefault(st.loc, []).append(sid)
    return out


def sub_attack_hexes(game: Game, state: State, side: str) -> list[str]:
    """VaM › Submarines: a hex holding the side's subs, once a turn, never in fog."""
    if not state.opt("submarines"):
        return []
    done = {h for k, s, h in state.declared if k == SUB and s == side}
    return sorted(h for h in _on_map(game, state, side, True) if h not in done and not game.in_fog(state, h))


def surface_candidates(game: Game, state: State, side: str) -> frozenset[str]:
    """VaM › Surface Combat: the hexes where searching this turn has shown ships of both sides, as
    far as both players know it: the side's own search found enemy ships there, or an enemy ship
    search there (which needs enemy ships in the hex) found the side's ships; not yet fought this
    turn, not in fog; never in solitaire play (No Surface Combat). Every search result and search
    is announced, so both players can tell this set; whether the side's ships are still there is
    its own secret."""
    if state.solitaire:
        return frozenset()
    enemy = other(side)
    ship_searched = {s.hex for s in state.searches if s.side == enemy and s.kind == "ship"}
    found = {
        s.hex for s in sightings_since(state, state.turn)
        if s.side == side or (s.side == enemy and s.hex in ship_searched)
    }  # fmt: skip
    if not found:
        return frozenset()
    done = {h for k, _s, h in state.declared if k == SURFACE}
    return frozenset(h for h in found - done if not game.in_fog(state, h))


def surface_attack_hexes(game: Game, state: State, side: str) -> list[str]:
    """VaM › Surface Combat: a hex with the side's surface ships among ``surface_candidates``
    (once per hex per turn, never in fog, never in solitaire play)."""
    found = surface_candidates(game, state, side)
    if not found:
        return []
    return sorted({st.loc for sid, st in game.ships(state, side) if st.loc in found and sid not in game.subs})


def bombarders(game: Game, state: State, side: str) -> list[str]:
    """VaM › Midway Bombardment: the side's BB and CA units in the Midway hex that fought no
    surface action this turn."""
    return [
        sid for sid in game.ships_at(state, MIDWAY, side, subs=False)
        if game.cat.ship(sid).type in BOMBARDERS and sid not in state.engaged and game.cat.ship(sid).surface > 0
    ]  # fmt: skip


def may_bombard(game: Game, state: State, side: str) -> bool:
    """VaM › Midway Bombardment (optional): what both players know of whether the side could
    bombard now: daylight, no fog on Midway, not yet announced this turn, and enemy ground units
    on the atoll (their landing and every loss are announced)."""
    if not state.opt("midway-bombardment") or game.night(state) or game.in_fog(state, MIDWAY):
        return False
    if any(k == BOMBARD and s == side for k, s, _h in state.declared):
        return False
    return bool(game.ground_on_midway(state, other(side)))


def can_bombard(game: Game, state: State, side: str) -> bool:
    """VaM › Midway Bombardment (optional): ``may_bombard`` and eligible ships in the Midway hex."""
    return may_bombard(game, state, side) and bool(bombarders(game, state, side))


def landing_units(game: Game, state: State) -> list[str]:
    """VaM › Declaring an Invasion: daylight, battalions (full or reduced) aboard a transport
    TT1-TT4 in the Midway hex."""
    if game.night(state):
        return []
    out = []
    for g in game.cat.ground:
        if g.side != JAPAN:
            continue
        st = game.u(state, g.id)
        if game.cat.is_ship(st.loc) and game.u(state, st.loc).loc == MIDWAY:
            out.append(g.id)
    return out


def has_declarations(game: Game, state: State, side: str) -> bool:
    """VaM › Naval Combat (US announces first): whether ``side`` has anything to announce in the
    current ship-to-ship combat step."""
    kind = STEP_KIND[state.step]
    if kind == SUB:
        return bool(sub_attack_hexes(game, state, side))
    if kind == SURFACE:
        return bool(surface_attack_hexes(game, state, side))
    if kind == BOMBARD:
        return can_bombard(game, state, side)
    return side == JAPAN and bool(landing_units(game, state))


def declare(game: Game, state: State, kind: str, side: str, hex_: str, events: list[Event]) -> State:
    """VaM › Surface Combat, Submarines, Midway Bombardment: the announcement, aloud; both players
    mark the hex."""
    what = {SUB: "a submarine attack", SURFACE: "a surface attack", BOMBARD: "a bombardment of Midway"}[kind]
    where = "" if kind == BOMBARD else f" in {hex_}"
    events.append(
        Event("naval-declared", f"{side_name(side)} announces {what}{where}.", data={"side": side, "kind": kind,
                                                                                    "hex": hex_})
    )  # fmt: skip
    return evolve(state, declared=(*state.declared, (kind, side, hex_)))


def go_ashore_refusal(game: Game, state: State, action: GoAshore) -> str | None:
    """VaM › Declaring an Invasion."""
    if action.side != JAPAN:
        return "Only the Japanese invade Midway (VaM › Invasion Combat)."
    if game.night(state):
        return "Invasions are declared only on daylight turns (VaM › Declaring an Invasion)."
    if action.unit not in landing_units(game, state):
        return (
            f"{action.unit} cannot land: a battalion goes ashore from its transport in the Midway hex "
            "(VaM › Declaring an Invasion)."
        )
    return None


def go_ashore(game: Game, state: State, unit: str, events: list[Event]) -> State:
    """VaM › Declaring an Invasion: the battalion lands; its transport must stay in the hex."""
    events.append(Event("landing", f"Japanese troops land on Midway: {unit}.", data={"unit": unit}))
    state = evolve(state, revealed=state.revealed | {unit}, landed=state.landed or state.turn)
    units = list(state.units)
    i = game.index[unit]
    units[i] = evolve(units[i], loc=MIDWAY_BASE)
    return evolve(state, units=tuple(units))


# -- running the segment --------------------------------------------------------------------------
def next_battle(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Naval Combat, Invasion Combat: start the next announced combat of this step that is
    not yet fought (in announcement order); for the invasion step, the round of invasion combat."""
    kind = STEP_KIND[state.step]
    if kind == INVASION:
        k = key(INVASION, JAPAN, MIDWAY)
        if k not in state.resolved and game.ground_on_midway(state, JAPAN) and not game.night(state):
            state = evolve(state, resolved=(*state.resolved, k))
            return start_invasion(game, state, rng, events)
        return state
    for k_, side, hex_ in state.declared:
        if k_ != kind or key(k_, side, hex_) in state.resolved:
            continue
        state = evolve(state, resolved=(*state.resolved, key(k_, side, hex_)))
        if kind == SUB:
            state = start_sub_attack(game, state, side, hex_, rng, events)
        elif kind == SURFACE:
            state = start_surface(game, state, side, hex_, rng, events)
        else:
            state = start_bombardment(game, state, side, rng, events)
        if state.battle is not None:
            return state
    return state


def pending(game: Game, state: State) -> bool:
    """Whether a combat of the current step still waits to be fought."""
    kind = STEP_KIND[state.step]
    if kind == INVASION:
        return (
            key(INVASION, JAPAN, MIDWAY) not in state.resolved
            and bool(game.ground_on_midway(state, JAPAN))
            and not game.night(state)
        )
    return any(k == kind and key(k, s, h) not in state.resolved for k, s, h in state.declared)


def _deploy(game: Game, state: State, side: str, units: list[str] | tuple[str, ...], hex_: str,
            events: list[Event]) -> State:  # fmt: skip
    events.append(
        Event("deploy", f"{side_name(side)} deploys {', '.join(units)} in {hex_}.",
              data={"side": side, "units": list(units), "hex": hex_})
    )  # fmt: skip
    # VaM › Japanese Turn 13 Group: a US carrier deployed in a battle has been sighted.
    return carriers_seen(game, evolve(state, revealed=state.revealed | set(units)), units)


def _nobody(state: State, side: str, hex_: str, events: list[Event]) -> State:
    enemy = "Japanese" if side == US else "US"
    events.append(Event("naval-empty", f"No {enemy} ships in {hex_}: there is no battle.", data={"hex": hex_}))
    return state


def finish(game: Game, state: State, events: list[Event]) -> State:
    """VaM › Offensive Fire: after the last fire, survivors go back to the battle hex."""
    battle = state.battle
    assert battle is not None
    what = {SUB: "submarine attack", SURFACE: "surface battle", BOMBARD: "bombardment", INVASION: "invasion combat"}
    events.append(Event("naval-over", f"The {what[battle.kind]} in {battle.hex} is over.", data={"hex": battle.hex}))
    return evolve(state, battle=None)


# -- submarine attacks ----------------------------------------------------------------------------
def start_sub_attack(game: Game, state: State, side: str, hex_: str, rng: Rng, events: list[Event]) -> State:
    """VaM › Submarines: the defender deploys every ship in the hex, the attacker its subs; the
    defending destroyers screen first."""
    defenders = tuple(game.ships_at(state, hex_, other(side), subs=False))
    if not defenders:
        return _nobody(state, side, hex_, events)
    subs = tuple(s for s in game.ships_at(state, hex_, side) if s in game.subs)
    state = _deploy(game, state, other(side), defenders, hex_, events)
    state = _deploy(game, state, side, subs, hex_, events)
    battle = Battle(side, hex_, False, "screen-targets", defenders=defenders, strike=subs, kind=SUB)
    state = evolve(state, battle=battle)
    if not screeners(game, state):
        return start_sub_fire(game, state, events)
    return state


def screeners(game: Game, state: State) -> list[str]:
    """VaM › Submarines: the defending DD units present."""
    battle = state.battle
    assert battle is not None
    return [u for u in battle.defenders if game.cat.ship(u).type == "DD" and alive(game, state, u)]


def screen_refusal(game: Game, state: State, action: Screen) -> str | None:
    """VaM › Submarines: the defender selects a sub target for each DD before any screens."""
    battle = state.battle
    assert battle is not None
    if action.unit not in screeners(game, state):
        return f"{action.unit} is not one of your destroyer units in this submarine attack."
    if any(u == action.unit for u, _t in battle.orders):
        return f"{action.unit} already has its submarine; it may not switch."
    if action.target not in battle.strike:
        return f"{action.target} is not an attacking submarine here."
    return None


def screen_needed(game: Game, state: State, side: str) -> int:
    """VaM › Submarines: every screening destroyer gets a sub to screen against."""
    return len(screeners(game, state))


def apply_screen(game: Game, state: State, action: Screen, rng: Rng, events: list[Event]) -> State:
    """VaM › Submarines: each DD screens once, two dice (one if reduced); on a 1 its target
    breaks off its attack for the turn without firing. Subs are never reduced or eliminated."""
    battle = state.battle
    assert battle is not None
    needed = battle.needed if battle.orders else screen_needed(game, state, action.side)
    orders = (*battle.orders, (action.unit, action.target))
    battle = evolve(battle, orders=orders, needed=needed)
    state = evolve(state, battle=battle)
    if len(orders) < needed:
        return state
    out = set(battle.out)
    for dd, sub in orders:
        dice = [rng.die(10) for _ in range(dice_count(game.u(state, dd).reduced))]
        broken = SCREEN_BREAKS in dice
        verdict = f"{sub} breaks off" if broken else "no effect"
        events.append(roll_event(f"{dd} screens against {sub} ({verdict})", dice, 10))
        if broken:
            out.add(sub)
    state = evolve(state, battle=evolve(battle, out=tuple(s for s in battle.strike if s in out), orders=()))
    return start_sub_fire(game, state, events)


def sub_firers(game: Game, state: State) -> list[str]:
    """VaM › Submarines: the attacking subs that were not screened off."""
    battle = state.battle
    assert battle is not None
    return [s for s in battle.strike if s not in battle.out]


def sub_targets(game: Game, state: State) -> list[str]:
    """VaM › Submarines: any defending ship, carriers and transports included; never a sub;
    US subs never ST11 while it builds or runs the Kure base (Seaplane Tenders)."""
    battle = state.battle
    assert battle is not None
    shielded = battle.attacker == US and state.opt("seaplane-tenders") and kure_building(game, state)
    return [u for u in battle.defenders if alive(game, state, u) and not (shielded and u == ST11)]


def start_sub_fire(game: Game, state: State, events: list[Event]) -> State:
    """VaM › Submarines: after all DDs have screened, any remaining subs fire."""
    battle = state.battle
    assert battle is not None
    if not sub_firers(game, state) or not sub_targets(game, state):
        return finish(game, state, events)
    return evolve(state, battle=evolve(battle, stage="sub-targets", rounds=(battle.attacker,), orders=()))


# -- surface battles ------------------------------------------------------------------------------
def start_surface(game: Game, state: State, side: str, hex_: str, rng: Rng, events: list[Event]) -> State:
    """VaM › Surface Combat: both players deploy every ship they have in the hex (ground units
    stay out); the defender fires first, then the attacker's survivors."""
    defenders = tuple(game.ships_at(state, hex_, other(side), subs=False))
    if not defenders:
        return _nobody(state, side, hex_, events)
    attackers = tuple(game.ships_at(state, hex_, side, subs=False))
    state = _deploy(game, state, other(side), defenders, hex_, events)
    state = _deploy(game, state, side, attackers, hex_, events)
    state = evolve(state, engaged=state.engaged | set(defenders) | set(attackers))
    battle = Battle(side, hex_, False, "surface-targets", defenders=defenders, strike=attackers, kind=SURFACE,
                    rounds=(other(side), side))  # fmt: skip
    return next_fire_round(game, evolve(state, battle=battle), rng, events)


def own_units(battle: Battle, side: str) -> tuple[str, ...]:
    return battle.defenders if side == battle.defender else battle.strike


def firers(game: Game, state: State, side: str) -> list[str]:
    """The side's units that fire in this round: living, with a combat value above zero
    (VaM › Defensive Fire: ships with a surface value of 0 never fire)."""
    battle = state.battle
    assert battle is not None
    if battle.kind == SUB:
        return sub_firers(game, state) if side == battle.attacker else []
    out = []
    for u in own_units(battle, side):
        if not alive(game, state, u):
            continue
        if game.cat.is_ship(u):
            if game.cat.ship(u).surface > 0:
                out.append(u)
        elif game.cat.troop(u).combat > 0:
            out.append(u)
    return out


def fire_targets(game: Game, state: State, side: str) -> list[str]:
    """VaM › Defensive Fire, Submarines, Invasion Combat: the enemy units still in the battle."""
    battle = state.battle
    assert battle is not None
    if battle.kind == SUB:
        return sub_targets(game, state)
    enemy = own_units(battle, other(side))
    return [u for u in enemy if alive(game, state, u)]


def next_fire_round(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Defensive Fire then Offensive Fire (Invasion Combat: the US defenders first): the next
    side in turn with units to fire and targets to fire at; the battle ends when none."""
    battle = state.battle
    assert battle is not None
    rounds = battle.rounds
    while rounds:
        if firers(game, state, rounds[0]) and fire_targets(game, state, rounds[0]):
            return evolve(state, battle=evolve(battle, rounds=rounds, orders=()))
        rounds = rounds[1:]
    return finish(game, evolve(state, battle=evolve(battle, rounds=())), events)


def fire_refusal(game: Game, state: State, action: Fire) -> str | None:
    """VaM › Defensive Fire, Offensive Fire, Submarines, Midway Bombardment, Invasion Combat:
    each firing unit gets one target before any fires, and may not switch."""
    battle = state.battle
    assert battle is not None
    if action.unit not in firers(game, state, action.side):
        return f"{action.unit} is not one of your units firing now."
    if any(u == action.unit for u, _t in battle.orders):
        return f"{action.unit} already has its target; it may not switch."
    targets = fire_targets(game, state, action.side)
    if action.target not in targets:
        if battle.kind == SUB and action.target == ST11:
            return "US subs may not attack ST11 while it builds or runs the Kure base (VaM › Seaplane Tenders)."
        return f"{action.target} is not an enemy unit you can fire at in this battle."
    taken = {t for _u, t in battle.orders}
    if battle.kind == SURFACE and restricted(game, action.target):
        open_ = [t for t in targets if not restricted(game, t) and t not in taken]
        if open_:
            return (
                "Carriers and transports may be fired at only once every other enemy ship here has at least "
                f"one of your units firing at it ({', '.join(open_)} not yet) (VaM › Surface Combat › Defensive Fire)."
            )
    if battle.kind == INVASION and action.target in taken:
        open_ = [t for t in targets if t not in taken]
        if open_:
            return (
                "Every enemy ground unit must have one of your units firing at it before two fire at one "
                f"({', '.join(open_)} not yet) (VaM › Invasion Combat)."
            )
    return None


def fire_needed(game: Game, state: State, side: str) -> int:
    """VaM › Naval Combat, Invasion Combat: every firing unit of the side gets a target."""
    return len(firers(game, state, side))


def apply_fire(game: Game, state: State, action: Fire, rng: Rng, events: list[Event]) -> State:
    """VaM › Defensive Fire, Offensive Fire: once every firing unit has its target, they fire: two
    dice at full strength, one when reduced, each at or under the unit's value a hit (US surface
    fire at night needs one less with Night Actions); hits count at once."""
    battle = state.battle
    assert battle is not None
    needed = battle.needed if battle.orders else fire_needed(game, state, action.side)
    orders = (*battle.orders, (action.unit, action.target))
    battle = evolve(battle, orders=orders, needed=needed)
    state = evolve(state, battle=battle)
    if len(orders) < needed:
        return state
    night_penalty = (
        1 if battle.kind == SURFACE and action.side == US and state.opt("night-actions") and game.night(state) else 0
    )
    ground_hits = 0
    for unit, target in orders:
        if not alive(game, state, target):
            events.append(Event("fire", f"{unit} has no target left: {target} is gone.", data={"unit": unit}))
            continue
        value = game.cat.ship(unit).surface if game.cat.is_ship(unit) else game.cat.troop(unit).combat
        hits = fire(rng, game.u(state, unit).reduced, value, f"{unit} fires at {target}", events, night_penalty)
        for _ in range(hits):
            if game.cat.is_ship(target):
                state = hit_ship(game, state, target, rng, events)
            elif battle.kind == INVASION:
                state = hit_ground(game, state, target, events, by="ground")
            else:
                ground_hits += 1
                state = hit_ground(game, state, target, events, by="ships")
    battle = evolve(battle, orders=(), rounds=battle.rounds[1:])
    state = evolve(state, battle=battle)
    if battle.kind == BOMBARD and battle.defender == US and ground_hits:
        from midway_desktop.games.victory_at_midway.battle import FIELD, airfield_damage

        state = airfield_damage(game, state, ground_hits, events)
        losses = min(ground_hits, len(game.based_at(state, "Midway", FIELD)))
        if losses:
            return evolve(state, battle=evolve(battle, stage="airfield-losses", losses=losses))
    return next_fire_round(game, state, rng, events)


# -- bombardment and invasion ---------------------------------------------------------------------
def start_bombardment(game: Game, state: State, side: str, rng: Rng, events: list[Event]) -> State:
    """VaM › Midway Bombardment: as a surface action with the enemy's ground units on the atoll
    as the defending ships, but never any defensive fire from them. Each hit on a US ground unit
    also damages the airfield (VaM › Midway Airfield Damage: "every hit on a US ground unit")."""
    ships = tuple(bombarders(game, state, side))
    targets = tuple(game.ground_on_midway(state, other(side)))
    if not ships or not targets:
        return state
    state = _deploy(game, state, other(side), targets, MIDWAY, events)
    state = _deploy(game, state, side, ships, MIDWAY, events)
    battle = Battle(side, MIDWAY, False, "bombard-targets", defenders=targets, strike=ships, kind=BOMBARD,
                    rounds=(side,))  # fmt: skip
    return next_fire_round(game, evolve(state, battle=battle), rng, events)


def start_invasion(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Invasion Combat (Resolution): one round a daylight turn; every ground unit on Midway
    takes part; the Japanese always attack and the US defenders fire first."""
    us = tuple(game.ground_on_midway(state, US))
    jp = tuple(game.ground_on_midway(state, JAPAN))
    events.append(Event("invasion", "Invasion combat on Midway.", data={"us": list(us), "japan": list(jp)}))
    state = evolve(state, revealed=state.revealed | set(us) | set(jp))
    battle = Battle(JAPAN, MIDWAY, False, "ground-targets", defenders=us, strike=jp, kind=INVASION,
                    rounds=(US, JAPAN))  # fmt: skip
    return next_fire_round(game, evolve(state, battle=battle), rng, events)


def naval_view(game: Game, state: State) -> dict[str, object] | None:
    """A naval or invasion battle as both players see it across the table."""
    battle = state.battle
    if battle is None or battle.kind == "air":
        return None

    def shown(units: tuple[str, ...]) -> list[dict[str, object]]:
        return [{"id": u, "reduced": game.u(state, u).reduced, "alive": alive(game, state, u)} for u in units]

    return {
        "kind": battle.kind,
        "attacker": battle.attacker,
        "hex": battle.hex,
        "stage": battle.stage,
        "actor": battle.actor,
        "defenders": shown(battle.defenders),
        "attackers": shown(battle.strike),
        "strike": shown(battle.strike),
        "cap": [],
        "screened_off": list(battle.out),
        "orders": [list(o) for o in battle.orders],
        "losses": battle.losses,
        "firing": battle.rounds[0] if battle.rounds else "",
    }
