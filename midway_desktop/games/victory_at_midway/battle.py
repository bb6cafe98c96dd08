"""Resolving an air strike (VaM › Resolving Air Strikes, Finding the Enemy, Midway Base Strikes).

The attacker names a target hex; each wave rolls to find the enemy (a roll at or under the
distance flown fails); the defender deploys the ships there (for a base strike, Midway's
ground units) and may fly Ready fighters as CAP; the strike force is deployed; then come
air-to-air combat (one round, or two with escorts, the lower initiative roll firing first),
AA fire at the bombers, and bombing. Each base-strike hit on the Marines also costs Midway one
air unit, one unit of capacity and one air search.
"""

from __future__ import annotations

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import (
    AATarget,
    AirTarget,
    BombTarget,
    Cap,
    LoseAircraft,
    ReturnFire,
)
from midway_desktop.games.victory_at_midway.combat import GONE, alive, fire, hit_aircraft, hit_ground, hit_ship
from midway_desktop.games.victory_at_midway.state import (
    MIDWAY,
    US,
    Battle,
    Flight,
    Game,
    State,
    carriers_seen,
    change,
    evolve,
    other,
    side_name,
)
from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE

FIELD = frozenset({"ready", "notready", "notready2"})


def key(hex_: str, base: bool) -> str:
    return f"{'base' if base else 'strike'}:{hex_}"


def strike_keys(game: Game, state: State, side: str) -> tuple[tuple[str, bool], ...]:
    """The side's strikes still to resolve this turn: (target hex, is a base strike)."""
    k = (side, id(state.flights), id(state.resolved))
    hit = _KEYS.get(k)
    if hit is not None and hit[0] is state.flights and hit[1] is state.resolved:
        return hit[2]
    found = set()
    side_of = game.side_by_unit
    for f in state.flights:
        if (f.kind == "strike" or f.kind == "midway") and side_of[f.unit] == side:
            found.add((f.target, f.kind == "midway"))
    if found and state.resolved:
        found = {x for x in found if key(*x) not in state.resolved}
    out = tuple(sorted(found))
    if len(_KEYS) > 16:
        _KEYS.clear()
    _KEYS[k] = (state.flights, state.resolved, out)
    return out


# strike_keys for the (flights, resolved) tuples it was worked out for (they outlive many positions)
_KEYS: dict[tuple[str, int, int], tuple[object, object, tuple[tuple[str, bool], ...]]] = {}


def _units(battle: Battle) -> tuple[str, ...]:
    return (*battle.defenders, *battle.strike, *battle.cap)


# -- starting a battle ---------------------------------------------------------------------------
def start(game: Game, state: State, side: str, hex_: str, base: bool, rng: Rng, events: list[Event]) -> State:
    """VaM › Resolving Air Strikes and Finding the Enemy: announce the hex, roll for each wave
    (base strikes and strikes on the Midway hex always find it), deploy the defenders."""
    state = evolve(state, resolved=(*state.resolved, key(hex_, base)))
    kind = "midway" if base else "strike"
    flights = [f for f in state.flights if f.kind == kind and f.target == hex_ and game.side_of(f.unit) == side]
    what = "the Midway base strike" if base else f"an air strike on {hex_}"
    events.append(
        Event("strike", f"{side_name(side)} resolves {what}.", data={"side": side, "hex": hex_, "base": base})
    )
    sure = base or hex_ == MIDWAY or not state.opt("finding-the-enemy")
    waves: dict[tuple[int, str], list[Flight]] = {}
    for f in flights:
        waves.setdefault((f.wave, f.launch), []).append(f)
    outcome: dict[str, bool] = {}
    for (wave, launch), members in sorted(waves.items()):
        distance = game.distance(launch, hex_)
        if sure or distance == 0:
            ok = True
        else:
            die = rng.die(10)
            ok = die > distance
            verdict = "finds the enemy" if ok else "fails to find the enemy"
            # The roll shows the distance flown, so only the attacker sees it.
            events.append(roll_event(f"Wave {wave} ({len(members)} units, {distance} hexes) {verdict}", [die], 10,
                                     audience=(side,)))  # fmt: skip
        for f in members:
            outcome[f.unit] = ok
    state = evolve(
        state, flights=tuple(evolve(f, found=outcome[f.unit]) if f.unit in outcome else f for f in state.flights)
    )
    found = tuple(f.unit for f in flights if outcome[f.unit])
    if not found:
        events.append(Event("strike-missed", f"The {side_name(side)} strike on {hex_} fails to find the enemy."))
        return state
    enemy = other(side)
    if base:
        defenders = tuple(game.ground_on_midway(state, enemy))
    else:
        defenders = tuple(game.ships_at(state, hex_, enemy, subs=False))  # air units may not attack subs
    if not defenders:
        events.append(Event("strike-empty", f"No {side_name(enemy)} ships in {hex_}: the strike finds nothing."))
        return state
    events.append(
        Event(
            "deploy",
            f"{side_name(enemy)} deploys {', '.join(defenders)} in {hex_}.",
            data={"side": enemy, "units": list(defenders), "hex": hex_},
        )
    )
    battle = Battle(side, hex_, base, "cap", defenders=defenders, strike=found)
    state = evolve(state, battle=battle, revealed=state.revealed | set(defenders))
    state = carriers_seen(game, state, defenders)  # VaM › Japanese Turn 13 Group: US carriers deployed
    if not cap_candidates(game, state):
        return deploy_strike(game, state, rng, events)
    return state


def cap_candidates(game: Game, state: State) -> list[str]:
    """VaM › Resolving Air Strikes: fighters in the Ready boxes of the defending carriers (of
    Midway's field for a base strike, and only then) may fly CAP."""
    battle = state.battle
    assert battle is not None
    if battle.base:
        bases = {MIDWAY_BASE}
    else:
        bases = {
            s for s in battle.defenders
            if game.cat.is_ship(s) and game.cat.ship(s).carrier and not game.u(state, s).reduced
        }  # fmt: skip
    return [
        a for a, st in game.aircraft(state, battle.defender)
        if st.loc == "ready" and st.base in bases and game.cat.plane(a).fighter and a not in battle.cap
    ]  # fmt: skip


def cap_refusal(game: Game, state: State, action: Cap) -> str | None:
    """VaM › Resolving Air Strikes: only eligible Ready fighters fly CAP."""
    if action.unit not in cap_candidates(game, state):
        return (
            f"{action.unit} cannot fly CAP here: only Ready fighters of the defending carriers (or of Midway's "
            "field against a base strike) may (VaM › Resolving Air Strikes)."
        )
    return None


def apply_cap(game: Game, state: State, action: Cap) -> State:
    """VaM › Resolving Air Strikes: a Ready fighter goes up as CAP over the battle hex."""
    battle = state.battle
    assert battle is not None
    launch = game.base_hex(state, game.u(state, action.unit).base) or battle.hex
    state = change(game, state, action.unit, loc="aloft")
    return evolve(
        state,
        battle=evolve(battle, cap=(*battle.cap, action.unit)),
        flights=(*state.flights, Flight(action.unit, "cap", battle.hex, launch, 0, True)),
    )


def deploy_strike(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Resolving Air Strikes, Air-to-Air Combat: the attacker deploys the strike force;
    air-to-air combat follows if there is CAP."""
    battle = state.battle
    assert battle is not None
    if battle.cap:
        events.append(Event("deploy", f"CAP: {', '.join(battle.cap)}.", data={"units": list(battle.cap)}))
    events.append(
        Event(
            "deploy",
            f"{side_name(battle.attacker)} strike force: {', '.join(battle.strike)}.",
            data={"side": battle.attacker, "units": list(battle.strike)},
        )
    )
    state = evolve(state, revealed=state.revealed | set(battle.strike) | set(battle.cap))
    state = carriers_seen(game, state, (*battle.strike, *battle.cap))  # VaM › Japanese Turn 13 Group
    rounds: tuple[str, ...] = ()
    if battle.cap:
        escorts = [a for a in battle.strike if game.cat.plane(a).fighter]
        # With escorts, two rounds in the order the dice give; without, the CAP alone fires.
        rounds = initiative(battle, rng, events) if escorts else (battle.defender,)
    state = evolve(state, battle=evolve(battle, stage="air-targets", rounds=rounds, orders=()))
    return next_round(game, state, rng, events)


def initiative(battle: Battle, rng: Rng, events: list[Event]) -> tuple[str, str]:
    """VaM › Air-to-Air Combat: each side rolls a die; the lower fires first (ties re-rolled)."""
    while True:
        d_def, d_att = rng.die(10), rng.die(10)
        events.append(roll_event(f"Air combat position: {side_name(battle.defender)} / {side_name(battle.attacker)}",
                                 [d_def, d_att], 10))  # fmt: skip
        if d_def != d_att:
            break
    return (battle.defender, battle.attacker) if d_def < d_att else (battle.attacker, battle.defender)


# -- air-to-air combat ---------------------------------------------------------------------------
def fighters(game: Game, state: State, side: str) -> list[str]:
    """VaM › Air-to-Air Combat: a side's living fighters in the battle (CAP or escorts)."""
    battle = state.battle
    assert battle is not None
    pool = battle.cap if side == battle.defender else battle.strike
    units, index, kinds = state.units, game.index, game.fighters
    return [a for a in pool if a in kinds and units[index[a]].loc not in GONE]


def air_targets(game: Game, state: State, side: str) -> list[str]:
    """Any enemy air unit in the battle; the US H unit is immune to CAP (VaM › US Heavy Bombers)."""
    battle = state.battle
    assert battle is not None
    pool = battle.strike if side == battle.defender else battle.cap
    units, index, heavy = state.units, game.index, game.heavies
    return [a for a in pool if a not in heavy and units[index[a]].loc not in GONE]


def next_round(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Air-to-Air Combat and Second Round: the next side with fighters and targets fires."""
    battle = state.battle
    assert battle is not None
    rounds = battle.rounds
    while rounds:
        side = rounds[0]
        if fighters(game, state, side) and air_targets(game, state, side):
            return evolve(state, battle=evolve(battle, stage="air-targets", rounds=rounds, orders=()))
        rounds = rounds[1:]
    return start_aa(game, evolve(state, battle=evolve(battle, rounds=())), rng, events)


def air_target_refusal(game: Game, state: State, action: AirTarget) -> str | None:
    """VaM › Air-to-Air Combat: each fighter is given one enemy air unit as its target before
    any fires; several may share a target; none may switch."""
    battle = state.battle
    assert battle is not None
    if action.unit not in fighters(game, state, action.side):
        return f"{action.unit} is not one of your fighters in this air battle."
    if any(f == action.unit for f, _t in battle.orders):
        return f"{action.unit} already has its target; fighters may not switch targets."
    if action.target not in air_targets(game, state, action.side):
        if game.cat.is_aircraft(action.target) and game.cat.plane(action.target).type == "H":
            return "CAP may never engage the US H unit (VaM › US Heavy Bombers)."
        return f"{action.target} is not an enemy air unit in this battle."
    return None


def air_needed(game: Game, state: State, side: str) -> int:
    """VaM › Air-to-Air Combat: every fighter of the side firing this round gets a target."""
    return len(fighters(game, state, side))


def apply_air_target(game: Game, state: State, action: AirTarget, rng: Rng, events: list[Event]) -> State:
    """VaM › Air-to-Air Combat: once every fighter has its target, they fire."""
    battle = state.battle
    assert battle is not None
    needed = battle.needed if battle.orders else air_needed(game, state, action.side)
    orders = (*battle.orders, (action.unit, action.target))
    battle = evolve(battle, orders=orders, needed=needed)
    state = evolve(state, battle=battle)
    if len(orders) < needed:
        return state
    groups: dict[str, list[str]] = {}
    for firer, target in orders:
        groups.setdefault(target, []).append(firer)
    pending = tuple((t, tuple(f)) for t, f in groups.items())
    return fire_groups(game, evolve(state, battle=evolve(battle, pending=pending, orders=())), rng, events)


def fire_groups(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Fighters fire group by group at their targets (hits at once); a survivor returns fire at
    one of its attackers, chosen by its owner when there are several (VaM › Return Fire)."""
    battle = state.battle
    assert battle is not None
    pending = battle.pending
    while pending:
        target, firers = pending[0]
        pending = pending[1:]
        for firer in firers:
            if not alive(game, state, target):
                break
            spec = game.cat.plane(firer)
            hits = fire(rng, game.u(state, firer).reduced, spec.air, f"{firer} fires at {target}", events)
            for _ in range(hits):
                if alive(game, state, target):
                    state = hit_aircraft(game, state, target, events)
        if not alive(game, state, target):
            continue
        if len(firers) > 1:
            orders = tuple((f, target) for f in firers)
            return evolve(
                state, battle=evolve(battle, stage="return-fire", pending=pending, returning=target, orders=orders)
            )
        state = return_fire(game, state, target, firers[0], rng, events)
    battle = evolve(battle, pending=(), orders=(), returning="", rounds=battle.rounds[1:])
    return next_round(game, evolve(state, battle=battle), rng, events)


def return_fire(game: Game, state: State, unit: str, at: str, rng: Rng, events: list[Event]) -> State:
    """VaM › Return Fire: the survivor fires once at its attacker, one or two dice."""
    spec = game.cat.plane(unit)
    hits = fire(rng, game.u(state, unit).reduced, spec.air, f"{unit} returns fire at {at}", events)
    for _ in range(hits):
        if alive(game, state, at):
            state = hit_aircraft(game, state, at, events)
    return state


def return_fire_refusal(game: Game, state: State, action: ReturnFire) -> str | None:
    """VaM › Return Fire: only at a fighter that just fired at it."""
    battle = state.battle
    assert battle is not None
    if action.unit != battle.returning:
        return f"{battle.returning} is the unit returning fire now."
    if (action.at, action.unit) not in battle.orders:
        return f"{action.unit} returns fire only at a fighter that just fired at it."
    return None


def apply_return_fire(game: Game, state: State, action: ReturnFire, rng: Rng, events: list[Event]) -> State:
    """VaM › Return Fire: the owner chose whom to fire back at."""
    battle = state.battle
    assert battle is not None
    state = return_fire(game, state, action.unit, action.at, rng, events)
    state = evolve(state, battle=evolve(battle, stage="air-targets", returning="", orders=()))
    return fire_groups(game, state, rng, events)


# -- anti-aircraft fire --------------------------------------------------------------------------
def bombers(game: Game, state: State) -> list[str]:
    """VaM › Bombing: surviving bombers (H, D, T) of the strike force."""
    battle = state.battle
    assert battle is not None
    units, index, kinds = state.units, game.index, game.bombers
    return [a for a in battle.strike if a in kinds and units[index[a]].loc not in GONE]


def aa_firers(game: Game, state: State) -> list[str]:
    """VaM › Anti-Aircraft Fire: every defending ship (counter) or, at a base strike, ground unit.
    Units with AA 0 (the Japanese battalions, submarines) could never hit, so they are not asked."""
    battle = state.battle
    assert battle is not None
    units, index = state.units, game.index
    return [u for u in battle.defenders if units[index[u]].loc not in GONE and aa_value(game, u) > 0]


def bomb_targets(game: Game, state: State) -> list[str]:
    """VaM › Bombing: any defending ship (or, at a base strike, ground unit) still there."""
    battle = state.battle
    assert battle is not None
    units, index = state.units, game.index
    return [u for u in battle.defenders if units[index[u]].loc not in GONE]


def aa_targets(game: Game, state: State) -> list[str]:
    """Bombers only, never escorts; AA never touches the US H unit (VaM › US Heavy Bombers)."""
    heavy = game.heavies
    return [a for a in bombers(game, state) if a not in heavy]


def aa_needed(game: Game, state: State) -> int:
    """VaM › Anti-Aircraft Fire: one ship per bomber, excess ships do not fire."""
    return min(len(aa_firers(game, state)), len(aa_targets(game, state)))


def start_aa(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Anti-Aircraft Fire: after air-to-air combat, the defender fires AA."""
    battle = state.battle
    assert battle is not None
    if aa_needed(game, state) == 0:
        return start_bombing(game, state, rng, events)
    return evolve(state, battle=evolve(battle, stage="aa-targets", orders=()))


def aa_value(game: Game, unit: str) -> int:
    """VaM › Anti-Aircraft Fire: the AA strength of a ship or ground unit."""
    return game.cat.ship(unit).aa if game.cat.is_ship(unit) else game.cat.troop(unit).aa


def aa_refusal(game: Game, state: State, action: AATarget) -> str | None:
    """VaM › Anti-Aircraft Fire: each ship (counter) gets one bomber target before any fires;
    only one ship may fire at a given bomber; excess ships do not fire."""
    battle = state.battle
    assert battle is not None
    if action.unit not in aa_firers(game, state):
        return f"{action.unit} is not one of your units in this battle."
    if any(u == action.unit for u, _t in battle.orders):
        return f"{action.unit} already has its AA target."
    if action.target not in aa_targets(game, state):
        if game.cat.is_aircraft(action.target) and game.cat.plane(action.target).type == "H":
            return "AA may never engage the US H unit (VaM › US Heavy Bombers)."
        return f"{action.target} is not an enemy bomber here; AA fires at bombers, never escorts."
    if any(t == action.target for _u, t in battle.orders):
        return f"Only one ship may fire at a given bomber; {action.target} already has one."
    return None


def apply_aa_target(game: Game, state: State, action: AATarget, rng: Rng, events: list[Event]) -> State:
    """VaM › Anti-Aircraft Fire: targets first, then every firing unit rolls."""
    battle = state.battle
    assert battle is not None
    needed = battle.needed if battle.orders else aa_needed(game, state)
    orders = (*battle.orders, (action.unit, action.target))
    state = evolve(state, battle=evolve(battle, orders=orders, needed=needed))
    if len(orders) < needed:
        return state
    for unit, target in orders:
        hits = fire(rng, game.u(state, unit).reduced, aa_value(game, unit), f"{unit} AA at {target}", events)
        for _ in range(hits):
            if alive(game, state, target):
                state = hit_aircraft(game, state, target, events)
    return start_bombing(game, state, rng, events)


# -- bombing -------------------------------------------------------------------------------------
def start_bombing(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Bombing: surviving bombers attack after AA fire."""
    battle = state.battle
    assert battle is not None
    if not bombers(game, state) or not bomb_targets(game, state):
        return finish(game, state, events)
    return evolve(state, battle=evolve(battle, stage="bomb-targets", orders=()))


def bomb_refusal(game: Game, state: State, action: BombTarget) -> str | None:
    """VaM › Bombing: the attacker gives each surviving bomber a target ship before any attack."""
    battle = state.battle
    assert battle is not None
    if action.unit not in bombers(game, state):
        return f"{action.unit} is not one of your surviving bombers here (escorts never bomb)."
    if any(u == action.unit for u, _t in battle.orders):
        return f"{action.unit} already has its target; a bomber's target may not change."
    if action.target not in bomb_targets(game, state):
        return f"{action.target} is not an enemy {'ground unit' if battle.base else 'ship'} in this battle."
    return None


def bomb_needed(game: Game, state: State, side: str) -> int:
    """VaM › Bombing: every surviving bomber gets a target before any attack."""
    return len(bombers(game, state))


def apply_bomb_target(game: Game, state: State, action: BombTarget, rng: Rng, events: list[Event]) -> State:
    """VaM › Bombing, Ground Units vs. Aircraft Combat, Midway Airfield Damage."""
    battle = state.battle
    assert battle is not None
    needed = battle.needed if battle.orders else bomb_needed(game, state, action.side)
    orders = (*battle.orders, (action.unit, action.target))
    battle = evolve(battle, orders=orders, needed=needed)
    state = evolve(state, battle=battle)
    if len(orders) < needed:
        return state
    ground_hits = 0
    for unit, target in orders:
        if not alive(game, state, target):
            events.append(Event("bomb", f"{unit} has no target left: {target} is gone.", data={"unit": unit}))
            continue
        spec = game.cat.plane(unit)
        hits = fire(rng, game.u(state, unit).reduced, spec.strike, f"{unit} bombs {target}", events)
        for _ in range(hits):
            if game.cat.is_ship(target):
                state = hit_ship(game, state, target, rng, events)
            else:
                ground_hits += 1
                state = hit_ground(game, state, target, events)
    if battle.base and battle.defender == US and ground_hits:
        state = airfield_damage(game, state, ground_hits, events)
        on_field = game.based_at(state, MIDWAY_BASE, FIELD)
        losses = min(ground_hits, len(on_field))
        if losses:
            return evolve(state, battle=evolve(battle, stage="airfield-losses", orders=(), losses=losses))
    return finish(game, state, events)


def airfield_damage(game: Game, state: State, hits: int, events: list[Event]) -> State:
    """VaM › Midway Airfield Damage: each hit on a US ground unit lowers the field's capacity and
    its air searches by one, and destroys one air unit on the field (US choice)."""
    total = state.airfield_hits + hits
    capacity = max(0, game.cat.midway.capacity - total)
    events.append(
        Event(
            "airfield",
            f"Midway's airfield takes {hits} hit{'s' if hits != 1 else ''}: capacity now {capacity}.",
            data={"hits": total, "capacity": capacity},
        )
    )
    return evolve(state, airfield_hits=total)


def lose_refusal(game: Game, state: State, action: LoseAircraft) -> str | None:
    """VaM › Midway Airfield Damage: an air unit on the field, Ready or Not Ready."""
    if action.unit not in game.based_at(state, MIDWAY_BASE, FIELD):
        return f"{action.unit} is not on Midway's field (Ready or Not Ready)."
    return None


def apply_lose(game: Game, state: State, action: LoseAircraft, events: list[Event]) -> State:
    """VaM › Midway Airfield Damage: the chosen air unit is destroyed on the field."""
    battle = state.battle
    assert battle is not None
    events.append(Event("hit", f"{action.unit} is destroyed on Midway's field.", data={"unit": action.unit}))
    state = change(game, state, action.unit, loc="lost")
    state = evolve(state, revealed=state.revealed | {action.unit})
    losses = battle.losses - 1
    if losses and game.based_at(state, MIDWAY_BASE, FIELD):
        return evolve(state, battle=evolve(battle, losses=losses))
    if battle.kind != "air":
        from midway_desktop.games.victory_at_midway.naval import finish as naval_finish

        return naval_finish(game, state, events)
    return finish(game, state, events)


def finish(game: Game, state: State, events: list[Event]) -> State:
    """VaM › End of Attack: survivors go back over the battle hex to await retrieval."""
    battle = state.battle
    assert battle is not None
    events.append(Event("strike-over", f"The strike on {battle.hex} is over.", data={"hex": battle.hex}))
    return evolve(state, battle=None)


def battle_view(game: Game, state: State, viewer: str) -> dict[str, object] | None:
    """The battle as both players see it across the table; the defender sees the strike force
    only once its CAP is chosen."""
    battle = state.battle
    if battle is None:
        return None

    def shown(units: tuple[str, ...]) -> list[dict[str, object]]:
        return [{"id": u, "reduced": game.u(state, u).reduced, "alive": alive(game, state, u)} for u in units]

    out: dict[str, object] = {
        "attacker": battle.attacker,
        "hex": battle.hex,
        "base": battle.base,
        "stage": battle.stage,
        "actor": battle.actor,
        "defenders": shown(battle.defenders),
        # CAP goes up before the attacker deploys: hidden from the attacker until then.
        "cap": shown(battle.cap) if battle.stage != "cap" or viewer != battle.attacker else [],
        "orders": [list(o) for o in battle.orders],
        "returning": battle.returning,
        "losses": battle.losses,
    }
    if battle.stage != "cap" or viewer in (battle.attacker, "umpire"):
        out["strike"] = shown(battle.strike)
    return out
