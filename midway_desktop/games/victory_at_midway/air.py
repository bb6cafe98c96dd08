"""Air operations around the battles (VaM › Air Operations): Ready/Not Ready, assigning the
Midway base strike and other strikes in waves, preparing aircraft, and landing them again.

Only Ready aircraft fly, only on day turns, from a carrier (undamaged, outside fog) or
Midway. Strikes reach hexes within the unit's one-way range. Returning units land within
range of their target hex, on a base with room (CAP only in the hex it patrolled); those with
nowhere to land ditch.
"""

from __future__ import annotations

from dataclasses import replace

from midway_desktop.games.victory_at_midway.actions import Ditch, Land, MidwayStrike, Prepare, Strike
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    MIDWAY,
    SHIP_OFF_MAP,
    Flight,
    Game,
    State,
    change,
    set_units,
)
from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE

BASE_HOLDING = frozenset({"ready", "notready", "notready2", "trapped"})


# -- bases ---------------------------------------------------------------------------------------
def capacity(game: Game, state: State, base: str) -> int:
    """VaM › Carrier and Airfield Capacities, Carrier Damage, Midway Airfield Damage: the printed
    number, zero on a reduced carrier, less one for every hit on Midway's ground units."""
    if base == MIDWAY_BASE:
        return max(0, game.cat.midway.capacity - state.airfield_hits)
    st = game.u(state, base)
    if st.loc in SHIP_OFF_MAP or st.reduced:
        return 0
    return game.cat.capacity(base)


def aboard(game: Game, state: State, base: str) -> int:
    """VaM › Carrier and Airfield Capacities: air units based there, full or reduced."""
    return len(game.based_at(state, base, BASE_HOLDING))


def launch_block(game: Game, state: State, base: str) -> str | None:
    """Why aircraft cannot take off from (or land on) ``base`` now, or ``None``."""
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
    if action.side != JAPAN:
        return "Only the Japanese assign base strikes against Midway (VaM › Midway Base Strikes)."
    why = own_ready(game, state, action.side, action.unit)
    if why:
        return why
    st = game.u(state, action.unit)
    why = launch_block(game, state, st.base)
    if why:
        return why
    here = game.base_hex(state, st.base)
    spec = game.cat.plane(action.unit)
    dist = game.board.distance(here, MIDWAY)  # type: ignore[arg-type]
    if dist > spec.range:
        return f"{action.unit} has range {spec.range}; Midway is {dist} hexes from {st.base} in {here}."
    return None


def apply_midway_strike(game: Game, state: State, action: MidwayStrike) -> State:
    """VaM › Midway Base Strikes: the unit goes to the Midway Airstrike Holding Box, committed."""
    base = game.u(state, action.unit).base
    flight = Flight(action.unit, "midway", MIDWAY, game.base_hex(state, base) or MIDWAY, 0, True)
    state = change(game, state, action.unit, loc="aloft")
    return replace(state, flights=(*state.flights, flight))


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
    dist = game.board.distance(here, action.hex)  # type: ignore[arg-type]
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
    base = game.u(state, action.unit).base
    flight = Flight(action.unit, "strike", action.hex, game.base_hex(state, base) or MIDWAY, action.wave, None)
    state = change(game, state, action.unit, loc="aloft")
    return replace(state, flights=(*state.flights, flight))


def strike_options(game: Game, state: State, side: str) -> list[Strike]:
    """VaM › Other Air Strike Missions and Forming Waves: every (unit, target, wave) allowed."""
    out: list[Strike] = []
    waves: dict[str, dict[int, str]] = {}
    for f in state.flights:
        if f.kind == "strike" and game.side_of(f.unit) == side:
            waves.setdefault(f.target, {})[f.wave] = f.launch
    for unit, st in game.aircraft(state, side):
        if st.loc != "ready" or launch_block(game, state, st.base):
            continue
        here = game.base_hex(state, st.base)
        for target in sorted(game.within(here, game.cat.plane(unit).range)):  # type: ignore[arg-type]
            if game.in_fog(state, target):
                continue
            known = waves.get(target, {})
            for w, launch in sorted(known.items()):
                if launch == here:
                    out.append(Strike(side, unit, target, w))
            out.append(Strike(side, unit, target, max(known, default=0) + 1))
    return out


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


def prepared(loc: str) -> str:
    """VaM › US Heavy Bombers: Not Ready 2 leads to Not Ready, Not Ready to Ready."""
    return "ready" if loc == "notready" else "notready"


def apply_prepare(game: Game, state: State, unit: str) -> State:
    """VaM › Ready/Not Ready: ready one air unit in the Air Preparation Phase."""
    return change(game, state, unit, loc=prepared(game.u(state, unit).loc))


def apply_prepare_all(game: Game, state: State, side: str) -> State:
    """VaM › Ready/Not Ready: ready every Not Ready unit (the H unit one step)."""
    changes = {a: replace(st, loc=prepared(st.loc)) for a, st in game.aircraft(state, side)
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
    spec = game.cat.plane(unit)
    bases = [MIDWAY_BASE] if spec.side == "us" else []
    if spec.home != MIDWAY_BASE:
        bases += [s.id for s in game.cat.ships if s.carrier and s.side == spec.side]
    out = []
    for base in bases:
        if launch_block(game, state, base):
            continue
        where = game.base_hex(state, base)
        if where is None:
            continue
        if flight.kind == "cap":
            if where != flight.target:
                continue
        elif game.board.distance(flight.target, where) > spec.range:
            continue
        if aboard(game, state, base) < capacity(game, state, base):
            out.append(base)
    return out


def land_refusal(game: Game, state: State, action: Land) -> str | None:
    """VaM › Strike and Escort Aircraft Retrieval, CAP Retrieval, Carrier and Airfield Capacities."""
    cat = game.cat
    if not cat.is_aircraft(action.unit) or cat.plane(action.unit).side != action.side:
        return f"{action.unit} is not one of your air units."
    if game.flight(state, action.unit) is None:
        return f"{action.unit} is not in the air."
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
    if action.base == MIDWAY_BASE or (cat.is_ship(action.base) and cat.ship(action.base).carrier):
        where = game.base_hex(state, action.base)
        target = game.flight(state, action.unit).target  # type: ignore[union-attr]
        if where is not None and game.board.distance(target, where) > spec.range:
            return f"{action.base} is out of {action.unit}'s range {spec.range} from {target}."
        return f"{action.base} is full: its capacity is {capacity(game, state, action.base)} air units."
    return f"{action.base} is not a carrier or airfield of yours."


def apply_land(game: Game, state: State, action: Land) -> State:
    """VaM › Retrieval: strike and escort units land Not Ready (the H in Not Ready 2), CAP Ready."""
    flight = game.flight(state, action.unit)
    assert flight is not None
    if flight.kind == "cap":
        loc = "ready"  # VaM › CAP Retrieval: CAP fighters go back to the Ready box
    elif game.cat.plane(action.unit).type == "H":
        loc = "notready2"  # VaM › US Heavy Bombers: two turns to become Ready
    else:
        loc = "notready"
    state = change(game, state, action.unit, loc=loc, base=action.base)
    return replace(state, flights=tuple(f for f in state.flights if f.unit != action.unit))


def landable(game: Game, state: State, side: str) -> int:
    """How many of the side's units in the air can land at once (room shared out by matching)."""
    units = [f.unit for f in state.flights if game.side_of(f.unit) == side]
    room: dict[str, int] = {}
    options: dict[str, list[str]] = {}
    for unit in units:
        options[unit] = landing_bases(game, state, unit)
        for b in options[unit]:
            room[b] = capacity(game, state, b) - aboard(game, state, b)
    slots = [b for b, n in room.items() for _ in range(n)]
    owner: dict[int, str] = {}

    def place(unit: str, seen: set[int]) -> bool:
        for j, b in enumerate(slots):
            if b in options[unit] and j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = unit
                    return True
        return False

    return sum(place(u, set()) for u in units)


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
    state = change(game, state, unit, loc="ditched")
    return replace(state, flights=tuple(f for f in state.flights if f.unit != unit))
