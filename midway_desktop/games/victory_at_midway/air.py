"""Air operations around the battles (VaM › Air Operations): Ready/Not Ready, assigning the
Midway base strike and other strikes in waves, preparing aircraft, and landing them again.

Only Ready aircraft fly, only on day turns, from a carrier (undamaged, outside fog) or
Midway. Strikes reach hexes within the unit's one-way range. Returning units land within
range of their target hex, on a base with room (CAP only in the hex it patrolled); those with
nowhere to land ditch.
"""

from __future__ import annotations

from collections.abc import Sequence

from midway_desktop.games.victory_at_midway.actions import (
    Ditch,
    Land,
    MidwayStrike,
    Prepare,
    ReserveZeke,
    Scout,
    Strike,
    make_land,
    make_midway_strike,
    make_scout,
    make_strike,
)
from midway_desktop.games.victory_at_midway.sequence_cache import Recent
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    MIDWAY,
    SHIP_OFF_MAP,
    US,
    Flight,
    Game,
    Search,
    State,
    change,
    evolve,
    make_unit,
    set_units,
)
from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE, AircraftSpec

BASE_HOLDING = frozenset({"ready", "notready", "notready2", "trapped"})
RESERVE_CARRIERS = ("Akagi", "Kaga")  # VaM › Reserve Zekes: once per game on each
RESERVE_VP = 0.5  # VaM › Reserve Zekes: the US earns 1/2 VP each time


# -- bases ---------------------------------------------------------------------------------------
def capacity(game: Game, state: State, base: str) -> int:
    """VaM › Carrier and Airfield Capacities, Carrier Damage, Midway Airfield Damage: the printed
    number, zero on a reduced carrier, less one for every hit on Midway's ground units."""
    if base == MIDWAY_BASE:
        if state.airfield_closed:
            return 0  # VaM › Airfield Shut Down: zero for good once Japanese troops have landed
        return max(0, game.cat.midway.capacity - state.airfield_hits)
    st = game.u(state, base)
    if st.loc in SHIP_OFF_MAP or st.reduced:
        return 0
    return game.cat.capacity(base)


def aboard(game: Game, state: State, base: str) -> int:
    """VaM › Carrier and Airfield Capacities: air units based there, full or reduced."""
    return len(game.based_at(state, base, BASE_HOLDING))


def all_aboard(game: Game, state: State) -> dict[str, int]:
    """Air units based on every carrier and on Midway (one pass over the aircraft)."""
    out: dict[str, int] = {}
    for _a, st in game.aircraft(state):
        if st.loc in BASE_HOLDING:
            out[st.base] = out.get(st.base, 0) + 1
    return out


def launch_block(game: Game, state: State, base: str) -> str | None:
    """Why aircraft cannot take off from (or land on) ``base`` now, or ``None`` (VaM › Air Operations ›
    Carrier Damage; Airfield Shut Down; Optional Rules › Fog)."""
    if base == MIDWAY_BASE:
        return None if capacity(game, state, base) > 0 else "Midway's airfield is closed."
    st = game.u(state, base)
    if st.loc in SHIP_OFF_MAP:
        return f"{base} is not on the map."
    if st.reduced:
        return f"{base} is damaged and can no longer launch or retrieve aircraft (VaM › Carrier Damage)."
    if game.in_fog(state, st.loc):
        return f"{base} is in fog: carriers in fog may not launch or recover air units (VaM › Fog)."
    return None


def own_ready(game: Game, state: State, side: str, unit: str) -> str | None:
    """VaM › Ready/Not Ready: only Ready aircraft may fly during a turn."""
    cat = game.cat
    if not cat.is_aircraft(unit) or cat.plane(unit).side != side:
        return f"{unit} is not one of your air units."
    if game.u(state, unit).loc != "ready":
        return f"Only Ready aircraft may fly; {unit} is not in a Ready box (VaM › Ready/Not Ready)."
    return None


# -- assigning strikes ---------------------------------------------------------------------------
def midway_strike_refusal(game: Game, state: State, action: MidwayStrike) -> str | None:
    """VaM › Midway Base Strikes: Ready Japanese aircraft go to the Midway Airstrike Holding Box
    in this phase only, and must be able to reach Midway."""
    if action.side != JAPAN and not game.ground_on_midway(state, JAPAN):
        return (
            "Only the Japanese assign base strikes against Midway, and the US only once Japanese ground units "
            "are on the atoll (VaM › Midway Base Strikes, Midway Bombardment)."
        )
    why = own_ready(game, state, action.side, action.unit)
    if why:
        return why
    st = game.u(state, action.unit)
    why = launch_block(game, state, st.base)
    if why:
        return why
    here = game.base_hex(state, st.base)
    spec = game.cat.plane(action.unit)
    dist = game.distance(here, MIDWAY)  # type: ignore[arg-type]
    if dist > spec.range:
        return f"{action.unit} has range {spec.range}; Midway is {dist} hexes from {st.base} in {here}."
    return None


def midway_strike_options(game: Game, state: State, side: str) -> list[MidwayStrike]:
    """VaM › Midway Base Strikes: every Ready unit that can fly against Midway this phase."""
    if side != JAPAN and not game.ground_on_midway(state, JAPAN):
        return []
    out = []
    dist: dict[str, int | None] = {}
    for unit, st in game.aircraft(state, side):
        if st.loc != "ready":
            continue
        if st.base not in dist:
            here = game.base_hex(state, st.base)
            blocked = here is None or launch_block(game, state, st.base) is not None
            dist[st.base] = None if blocked else game.distance(here, MIDWAY)  # type: ignore[arg-type]
        d = dist[st.base]
        if d is not None and d <= game.cat.plane(unit).range:
            out.append(make_midway_strike(side, unit))
    return out


def can_strike_midway(game: Game, state: State, side: str) -> bool:
    """VaM › Midway Base Strikes: whether any Ready unit of the side could fly against Midway now."""
    dist: dict[str, int | None] = {}
    plane = game.cat.plane
    for unit, st in game.aircraft(state, side):
        if st.loc != "ready":
            continue
        if st.base not in dist:
            here = game.base_hex(state, st.base)
            blocked = here is None or launch_block(game, state, st.base) is not None
            dist[st.base] = None if blocked else game.distance(here, MIDWAY)  # type: ignore[arg-type]
        d = dist[st.base]
        if d is not None and d <= plane(unit).range:
            return True
    return False


def apply_midway_strike(game: Game, state: State, action: MidwayStrike) -> State:
    """VaM › Midway Base Strikes: the unit goes to the Midway Airstrike Holding Box, committed."""
    return apply_strikes(game, state, (action,))


def _take_off(game: Game, state: State, unit: str, flight: Flight, **more: object) -> State:
    """The unit leaves its box for the air, with its flight (one new position)."""
    units = list(state.units)
    i = game.index[unit]
    units[i] = evolve(units[i], loc="aloft")
    return evolve(state, units=tuple(units), flights=(*state.flights, flight), **more)


def apply_strikes(game: Game, state: State, actions: Sequence[Strike | MidwayStrike]) -> State:
    """Strikes and Midway base strikes: every unit leaves its box with its flight, in the order
    given, in one new position (a sealed batch's run at once): a Midway strike to the Midway
    Airstrike Holding Box, committed (VaM › Midway Base Strikes); any other to its target hex in
    its wave (VaM › Other Air Strike Missions). Taking off moves no base, so launch hexes read
    alike one by one or all at once."""
    units = list(state.units)
    flights = list(state.flights)
    index = game.index
    for action in actions:
        i = index[action.unit]
        _loc, reduced, base, formation, moved = units[i]
        launch = game.base_hex(state, base) or MIDWAY
        if action.__class__ is MidwayStrike:
            flights.append(Flight(action.unit, "midway", MIDWAY, launch, 0, True))
        else:
            flights.append(Flight(action.unit, "strike", action.hex, launch, action.wave, None))  # type: ignore[union-attr]
        units[i] = make_unit(("aloft", reduced, base, formation, moved))
    return evolve(state, units=tuple(units), flights=tuple(flights))


def _come_down(game: Game, state: State, unit: str, **values: object) -> State:
    """The unit's flight is over: it lands or ditches (one new position)."""
    units = list(state.units)
    i = game.index[unit]
    units[i] = evolve(units[i], **values)
    return evolve(state, units=tuple(units), flights=tuple([f for f in state.flights if f.unit != unit]))


def strike_refusal(game: Game, state: State, action: Strike) -> str | None:
    """VaM › Other Air Strike Missions and Forming Waves: a Ready unit flies to any hex within its
    range; a wave is units that took off from the same hex for the same target; no strikes
    into fog (VaM › Fog)."""
    why = own_ready(game, state, action.side, action.unit)
    if why:
        return why
    base = game.u(state, action.unit).base
    why = launch_block(game, state, base)
    if why:
        return why
    if action.hex not in game.board:
        return f"{action.hex} is not a hex of the map."
    if game.in_fog(state, action.hex):
        return "Air units may not fly strikes into the fog (VaM › Fog)."
    here = game.base_hex(state, base)
    spec = game.cat.plane(action.unit)
    dist = game.distance(here, action.hex)  # type: ignore[arg-type]
    if dist > spec.range:
        return (
            f"{action.unit} has range {spec.range}: {action.hex} is {dist} hexes from {here}, out of range "
            "(VaM › Other Air Strike Missions)."
        )
    waves = {f.wave: f.launch for f in state.flights if f.kind == "strike" and f.target == action.hex
             and game.side_of(f.unit) == action.side}  # fmt: skip
    if action.wave < 1 or action.wave > max(waves, default=0) + 1:
        return f"Number waves from 1: wave {action.wave} would skip a number."
    if action.wave in waves and waves[action.wave] != here:
        return (
            f"Wave {action.wave} took off from {waves[action.wave]}; a wave is made of units that took off "
            "from the same hex (VaM › Forming Waves)."
        )
    return None


def apply_strike(game: Game, state: State, action: Strike) -> State:
    """VaM › Other Air Strike Missions: the unit leaves its Ready box for the target hex."""
    return apply_strikes(game, state, (action,))


def strike_options(game: Game, state: State, side: str) -> list[Strike]:
    """VaM › Other Air Strike Missions and Forming Waves: every (unit, target, wave) allowed."""
    out: list[Strike] = []
    waves: dict[str, dict[int, str]] = {}
    for f in state.flights:
        if f.kind == "strike" and game.side_of(f.unit) == side:
            waves.setdefault(f.target, {})[f.wave] = f.launch
    memo = game.memo
    blocked: dict[str, str | None] = {}
    for unit, st in game.aircraft(state, side):
        if st.loc != "ready":
            continue
        base = st.base
        if base not in blocked:
            blocked[base] = None if launch_block(game, state, base) else game.base_hex(state, base)
        here = blocked[base]
        if here is None:
            continue
        if not waves:  # the usual case: the first strike order of the phase
            k = ("strikes", side, unit, here, state.fog)
            found = memo.get(k)
            if found is None:
                reach = game.within(here, game.cat.plane(unit).range)
                found = memo[k] = tuple(
                    make_strike(side, unit, t, 1) for t in sorted(reach) if not game.in_fog(state, t)
                )
            out.extend(found)
            continue
        for target in sorted(game.within(here, game.cat.plane(unit).range)):
            if game.in_fog(state, target):
                continue
            known = waves.get(target, {})
            for w, launch in sorted(known.items()):
                if launch == here:
                    out.append(Strike(side, unit, target, w))
            out.append(Strike(side, unit, target, max(known, default=0) + 1))
    return out


def can_launch_any(game: Game, state: State, side: str) -> bool:
    """VaM › Ready/Not Ready, Carrier Damage, Fog: whether any Ready aircraft could take off now."""
    seen: dict[str, bool] = {}
    for _unit, st in game.aircraft(state, side):
        if st.loc == "ready":
            ok = seen.get(st.base)
            if ok is None:
                ok = seen[st.base] = launch_block(game, state, st.base) is None
            if ok:
                return True
    return False


# -- extra scouts --------------------------------------------------------------------------------
def scout_refusal(game: Game, state: State, action: Scout) -> str | None:
    """VaM › Extra Scouts (optional): a Ready bomber (H, D, T) flies an air search over any hex
    within range of its carrier or airfield; day turns only, like every air search."""
    if not state.opt("extra-scouts"):
        return "Extra scouts are an optional rule not in use in this game (VaM › Extra Scouts)."
    if game.night(state):
        return "Air searches may only be assigned on day turns (VaM › Air Searches)."
    why = own_ready(game, state, action.side, action.unit)
    if why:
        return why
    if not game.cat.plane(action.unit).bomber:
        return "Only bombers (H, D, T) fly as extra scouts (VaM › Extra Scouts)."
    base = game.u(state, action.unit).base
    why = launch_block(game, state, base)
    if why:
        return why
    if action.hex not in game.board:
        return f"{action.hex} is not a hex of the map."
    if any(s.side == action.side and s.kind == "air" and s.hex == action.hex for s in state.searches):
        return f"You already have an air search in {action.hex}."
    here = game.base_hex(state, base)
    spec = game.cat.plane(action.unit)
    dist = game.distance(here, action.hex)  # type: ignore[arg-type]
    if dist > spec.range:
        return f"{action.unit} has range {spec.range}: {action.hex} is {dist} hexes from {here}."
    return None


def scout_options(game: Game, state: State, side: str) -> list[Scout]:
    """VaM › Extra Scouts: every (bomber, hex) an extra scout may fly now."""
    if not state.opt("extra-scouts") or game.night(state):
        return []
    taken = {s.hex for s in state.searches if s.side == side and s.kind == "air"}
    out: list[Scout] = []
    for unit, st in game.aircraft(state, side):
        if st.loc != "ready" or not game.cat.plane(unit).bomber or launch_block(game, state, st.base):
            continue
        here = game.base_hex(state, st.base)
        reach = game.within(here, game.cat.plane(unit).range)  # type: ignore[arg-type]
        out += [make_scout(side, unit, h) for h in sorted(reach) if h not in taken]
    return out


def apply_scout(game: Game, state: State, action: Scout) -> State:
    """VaM › Extra Scouts: the bomber leaves its Ready box with an air search marker on it."""
    base = game.u(state, action.unit).base
    flight = Flight(action.unit, "scout", action.hex, game.base_hex(state, base) or MIDWAY, 0, None)
    search = Search(action.side, "air", action.hex, action.unit)
    return _take_off(game, state, action.unit, flight, searches=(*state.searches, search))


# -- reserve zekes -------------------------------------------------------------------------------
def is_zeke(game: Game, unit: str) -> bool:
    """VaM › Reserve Zekes: a 7-0-2 fighter."""
    spec = game.cat.plane(unit)
    return spec.side == JAPAN and spec.type == "F" and (spec.air, spec.strike, spec.range) == (7, 0, 2)


def reserve_refusal(game: Game, state: State, action: ReserveZeke) -> str | None:
    """VaM › Reserve Zekes (optional): once per game on Akagi and once on Kaga, during the Air
    Return Phase, an eliminated 7-0-2 fighter returns at full strength to that carrier's Ready box."""
    if not state.opt("reserve-zekes"):
        return "Reserve Zekes are an optional rule not in use in this game (VaM › Reserve Zekes)."
    if action.side != JAPAN:
        return "Only the Japanese have reserve Zekes."
    if action.carrier not in RESERVE_CARRIERS:
        return "The reserve Zekes come aboard the Akagi or the Kaga only (VaM › Reserve Zekes)."
    if action.carrier in state.reserves:
        return f"The {action.carrier}'s reserve has already been used (once per game)."
    if not game.cat.is_aircraft(action.unit) or not is_zeke(game, action.unit):
        return f"{action.unit} is not a 7-0-2 fighter."
    if game.u(state, action.unit).loc != "lost":
        return f"{action.unit} has not been eliminated (ditched planes do not come back)."
    if capacity(game, state, action.carrier) <= aboard(game, state, action.carrier):
        return f"{action.carrier} has no room (or cannot take aircraft)."
    return None


def reserves_left(state: State) -> bool:
    """VaM › Reserve Zekes (optional): whether Japan may still bring up a reserve, as both players
    know it (each of the two reserves is announced when used)."""
    return state.opt("reserve-zekes") and len(state.reserves) < len(RESERVE_CARRIERS)


def reserve_options(game: Game, state: State, side: str) -> list[ReserveZeke]:
    """VaM › Reserve Zekes: every (eliminated Zeke, carrier) the reserve could bring aboard now."""
    if side != JAPAN or not state.opt("reserve-zekes"):
        return []
    carriers = [
        c for c in RESERVE_CARRIERS
        if c not in state.reserves and capacity(game, state, c) > aboard(game, state, c)
    ]  # fmt: skip
    if not carriers:
        return []
    lost = [a for a, st in game.aircraft(state, JAPAN) if st.loc == "lost" and is_zeke(game, a)]
    return [ReserveZeke(JAPAN, a, c) for c in carriers for a in lost]


def apply_reserve(game: Game, state: State, action: ReserveZeke) -> State:
    """VaM › Reserve Zekes: the fighter returns Ready; the US earns 1/2 VP. The hits that
    eliminated it were inflicted and still count (they are banked before the counter returns)."""
    from midway_desktop.games.victory_at_midway.victory import unit_vp

    kept = unit_vp(game, state, action.unit)
    state = change(game, state, action.unit, loc="ready", reduced=False, base=action.carrier)
    return evolve(
        state,
        reserves=(*state.reserves, action.carrier),
        banked=(*state.banked, ("us", kept + RESERVE_VP)),
    )


# -- air preparation -----------------------------------------------------------------------------
def prepare_refusal(game: Game, state: State, action: Prepare) -> str | None:
    """VaM › Ready/Not Ready: in the Air Preparation Phase Not Ready aircraft may be readied; the
    H unit needs two turns (Not Ready 2, then Not Ready)."""
    cat = game.cat
    if not cat.is_aircraft(action.unit) or cat.plane(action.unit).side != action.side:
        return f"{action.unit} is not one of your air units."
    loc = game.u(state, action.unit).loc
    if loc == "trapped":
        return f"{action.unit} is trapped on a damaged carrier for the rest of the game (VaM › Carrier Damage)."
    if loc not in ("notready", "notready2"):
        return f"{action.unit} is not in a Not Ready box."
    return None


def any_not_ready(game: Game, state: State, side: str) -> bool:
    """VaM › Ready/Not Ready: whether the side has an air unit to prepare (Not Ready or Not Ready 2)."""
    return any(st.loc in ("notready", "notready2") for _a, st in game.aircraft(state, side))


def prepared(loc: str) -> str:
    """VaM › US Heavy Bombers: Not Ready 2 leads to Not Ready, Not Ready to Ready."""
    return "ready" if loc == "notready" else "notready"


def apply_prepare(game: Game, state: State, unit: str) -> State:
    """VaM › Ready/Not Ready: ready one air unit in the Air Preparation Phase."""
    return change(game, state, unit, loc=prepared(game.u(state, unit).loc))


def apply_prepare_all(game: Game, state: State, side: str) -> State:
    """VaM › Ready/Not Ready: ready every Not Ready unit (the H unit one step)."""
    changes = {a: evolve(st, loc=prepared(st.loc)) for a, st in game.aircraft(state, side)
               if st.loc in ("notready", "notready2")}  # fmt: skip
    return set_units(game, state, changes)


# -- air return ----------------------------------------------------------------------------------
def landing_bases(game: Game, state: State, unit: str) -> list[str]:
    """VaM › Strike and Escort Aircraft Retrieval, CAP Retrieval: M units land only on Midway;
    others on any friendly carrier or base within range of their target hex (CAP: in the hex they
    patrolled) that has room left."""
    flight = game.flight(state, unit)
    if flight is None:
        return []
    return landing_bases_for(game, state, unit, flight, None)


def landing_bases_for(game: Game, state: State, unit: str, flight: Flight, room: dict[str, int] | None) -> list[str]:
    """``landing_bases`` with the room left on each base given (or counted here) (VaM › Strike and
    Escort Aircraft Retrieval, CAP Retrieval, Carrier and Airfield Capacities)."""
    spec = game.cat.plane(unit)
    if room is None:
        room = free_room(game, state, spec.side)
    return _bases_within(game, spec, flight, _open_bases(game, state, spec.side, room))


def _open_bases(game: Game, state: State, side: str, room: dict[str, int]) -> list[tuple[str, str]]:
    """(base, hex) for each of the side's bases with room left and on the map, Midway first."""
    bases = ([MIDWAY_BASE] if side == "us" else []) + list(game.carriers_of[side])
    out = []
    for base in bases:
        if room.get(base, 0) <= 0:
            continue
        where = game.base_hex(state, base)
        if where is not None:
            out.append((base, where))
    return out


def _bases_within(game: Game, spec: AircraftSpec, flight: Flight, open_bases: list[tuple[str, str]]) -> list[str]:
    """The open bases the flight reaches: M units only Midway, CAP only in its own hex, strikes
    within range of their target (VaM › Strike and Escort Aircraft Retrieval, CAP Retrieval)."""
    out = []
    midway_only = spec.home == MIDWAY_BASE
    for base, where in open_bases:
        if midway_only and base != MIDWAY_BASE:
            continue
        if flight.kind == "cap":
            if where != flight.target:
                continue
        elif game.distance(flight.target, where) > spec.range:
            continue
        out.append(base)
    return out


def free_room(game: Game, state: State, side: str) -> dict[str, int]:
    """Room left on each of the side's bases that can take aircraft now (VaM › Carrier and Airfield
    Capacities; a damaged carrier or one in fog takes none)."""
    counts = all_aboard(game, state)
    bases = list(game.carriers_of[side]) + ([MIDWAY_BASE] if side == "us" else [])
    out = {}
    for base in bases:
        if launch_block(game, state, base):
            continue
        out[base] = capacity(game, state, base) - counts.get(base, 0)
    return out


def land_refusal(game: Game, state: State, action: Land) -> str | None:
    """VaM › Strike and Escort Aircraft Retrieval, CAP Retrieval, Carrier and Airfield Capacities."""
    cat = game.cat
    if not cat.is_aircraft(action.unit) or cat.plane(action.unit).side != action.side:
        return f"{action.unit} is not one of your air units."
    if game.flight(state, action.unit) is None:
        return f"{action.unit} is not in the air."
    ours = action.base == MIDWAY_BASE and action.side == US
    if cat.is_ship(action.base):
        ours = cat.ship(action.base).carrier and cat.ship(action.base).side == action.side
    if not ours:  # (asked before anything about the base: an enemy carrier's room and hex are secret)
        return f"{action.base} is not a carrier or airfield of yours."
    if action.base in landing_bases(game, state, action.unit):
        return None
    spec = cat.plane(action.unit)
    if spec.home == MIDWAY_BASE and action.base != MIDWAY_BASE:
        return "Midway's air units may only land on Midway (VaM › Strike and Escort Aircraft Retrieval)."
    why = launch_block(game, state, action.base) if cat.is_ship(action.base) or action.base == MIDWAY_BASE else None
    if why:
        return why
    if game.flight(state, action.unit).kind == "cap":  # type: ignore[union-attr]
        return "CAP lands only on a carrier or base in the hex it patrolled (VaM › CAP Retrieval)."
    where = game.base_hex(state, action.base)
    target = game.flight(state, action.unit).target  # type: ignore[union-attr]
    if where is not None and game.distance(target, where) > spec.range:
        return f"{action.base} is out of {action.unit}'s range {spec.range} from {target}."
    return f"{action.base} is full: its capacity is {capacity(game, state, action.base)} air units."


def apply_land(game: Game, state: State, action: Land) -> State:
    """VaM › Retrieval: strike and escort units land Not Ready (the H in Not Ready 2), CAP Ready."""
    return apply_landings(game, state, (action,))


def apply_landings(game: Game, state: State, actions: Sequence[Land]) -> State:
    """VaM › Retrieval: each unit lands on its base, in the order given, in one new position (a
    sealed batch's run at once): strike and escort units Not Ready (the H in Not Ready 2), CAP
    Ready (VaM › Strike and Escort Aircraft Retrieval, CAP Retrieval)."""
    units = list(state.units)
    flights = list(state.flights)
    index = game.index
    plane = game.cat.plane
    for action in actions:
        unit = action.unit
        flight = next((f for f in flights if f.unit == unit), None)
        assert flight is not None
        if flight.kind == "cap":
            loc = "ready"  # VaM › CAP Retrieval: CAP fighters go back to the Ready box
        elif plane(unit).type == "H":
            loc = "notready2"  # VaM › US Heavy Bombers: two turns to become Ready
        else:
            loc = "notready"
        i = index[unit]
        _loc, reduced, _base, formation, moved = units[i]
        units[i] = make_unit((loc, reduced, action.base, formation, moved))
        flights = [f for f in flights if f.unit != unit]
    return evolve(state, units=tuple(units), flights=tuple(flights))


_LANDING = Recent()


def landing_options(game: Game, state: State, side: str) -> tuple[dict[str, int], dict[str, list[str]]]:
    """The room on each of the side's bases, and where each of its air units aloft may land
    (remembered per position: do not change what it returns)."""
    found = _LANDING.get(state, side)
    if found is None:
        free = free_room(game, state, side)
        # Where each open base is, found once for all the side's flights.
        open_bases = _open_bases(game, state, side, free)
        plane, side_of = game.cat.plane, game.side_by_unit
        options = {f.unit: _bases_within(game, plane(f.unit), f, open_bases) for f in state.flights
                   if side_of[f.unit] == side}  # fmt: skip
        found = _LANDING.put(state, side, (free, options))
    return found  # type: ignore[return-value]


def landable(game: Game, state: State, side: str) -> int:
    """How many of the side's units in the air can land at once (room shared out by matching)."""
    free, options = landing_options(game, state, side)
    return len(assign(list(options), options, free))


def assign(units: list[str], options: dict[str, list[str]], room: dict[str, int]) -> dict[str, str]:
    """A largest assignment of units to bases with room (augmenting paths over the bases, each
    unit trying its listed bases in order). A first greedy pass settles the usual case."""
    left = dict(room)
    where: dict[str, str] = {}
    for u in units:
        for b in options[u]:
            if left.get(b, 0) > 0:
                left[b] -= 1
                where[u] = b
                break
        else:
            break
    if len(where) == len(units):
        return where
    load: dict[str, list[str]] = {b: [] for b in room}
    where = {}

    def place(unit: str, seen: set[str]) -> bool:
        for b in options[unit]:
            if b in seen or b not in load:
                continue
            seen.add(b)
            if len(load[b]) < room[b]:
                load[b].append(unit)
                where[unit] = b
                return True
            for other in load[b]:
                if place(other, seen):
                    load[b].remove(other)
                    load[b].append(unit)
                    where[unit] = b
                    return True
        return False

    for u in units:
        place(u, set())
    return where


def ditch_refusal(game: Game, state: State, action: Ditch) -> str | None:
    """VaM › Strike and Escort Aircraft Retrieval: a unit with no place to land within range
    ditches; when there is too little room, the player chooses which ones."""
    cat = game.cat
    if not cat.is_aircraft(action.unit) or cat.plane(action.unit).side != action.side:
        return f"{action.unit} is not one of your air units."
    if game.flight(state, action.unit) is None:
        return f"{action.unit} is not in the air."
    if not landing_bases(game, state, action.unit):
        return None
    aloft = sum(1 for f in state.flights if game.side_of(f.unit) == action.side)
    if landable(game, state, action.side) < aloft:
        return None
    return f"{action.unit} has a place to land; only units that cannot all land are ditched."


def apply_ditch(game: Game, state: State, unit: str) -> State:
    """VaM › Strike and Escort Aircraft Retrieval: ditched planes are out of the game (no VPs)."""
    return _come_down(game, state, unit, loc="ditched")


def landing_plan(game: Game, state: State, side: str) -> list[Land | Ditch]:
    """VaM › Strike and Escort Aircraft Retrieval: a full set of landing orders for the side's air
    units in the air, legal in the order given: the units that cannot all find room ditch first —
    the reduced ones, then bombers before fighters (matching in order of worth keeps the most
    valuable that fit) — then each lands, on its own carrier when it can."""
    out: list[Land | Ditch] = []
    flights = [f for f in state.flights if game.side_of(f.unit) == side]
    if not flights:
        return out
    cat = game.cat
    free, options = landing_options(game, state, side)
    worth = sorted(options, key=lambda u: (game.u(state, u).reduced, cat.plane(u).type != "F", u))
    fits = assign(worth, options, free)
    if len(fits) < len(worth):
        out += [Ditch(side, u) for u in reversed(worth) if u not in fits]
        worth = [u for u in worth if u in fits]
    home_first = {u: sorted(options[u], key=lambda b: b != cat.plane(u).home) for u in worth}
    fits = assign(worth, home_first, free)
    out += [make_land(side, u, fits[u]) for u in worth]
    return out
