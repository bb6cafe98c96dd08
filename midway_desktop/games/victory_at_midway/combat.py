"""Fire and hits, shared by every kind of combat (VaM › Air-to-Air Combat, Bombing, Carrier
Damage, Inferior Japanese Damage Control, Battleship Damage, Ground Unit Elimination).

A unit fires two d10 at full strength and one when reduced; each die at or under its value is
a hit. A first hit flips a two-step unit, the next (or any hit on a one-step or reduced unit)
eliminates it; excess hits are ignored. Ground units are only ever reduced by air attack.
"""

from __future__ import annotations

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.state import JAPAN, SHIP_OFF_MAP, Game, State, change, evolve, set_units

BB_HIT_COUNTS = 5  # Japanese battleship damage: a second roll of 1-5 keeps the hit


def dice_count(reduced: bool) -> int:
    """VaM › Air-to-Air Combat: two dice at full strength, one when reduced."""
    return 1 if reduced else 2


def fire(rng: Rng, reduced: bool, value: int, purpose: str, events: list[Event], modifier: int = 0) -> int:
    """Roll one or two d10 for a firing unit; the number of dice at or under ``value`` (after
    adding ``modifier`` to each roll: VaM › Night Actions gives US surface fire +1 at night)."""
    dice = [rng.die(10) for _ in range(dice_count(reduced))]
    hits = sum(1 for d in dice if d + modifier <= value)
    need = value - modifier
    shown = f"needs {need} or less" if need >= 1 else "cannot hit"
    extra = f", {modifier:+d} at night" if modifier else ""
    events.append(roll_event(f"{purpose} ({shown}{extra}): {hits} hit{'s' if hits != 1 else ''}", dice, 10))
    return hits


GONE = SHIP_OFF_MAP | {"lost", "ditched"}  # every way a unit of any kind is out of play


def alive(game: Game, state: State, unit: str) -> bool:
    """VaM › Combat: a unit still in play (not eliminated, ditched, sunk or withdrawn)."""
    return state.units[game.index[unit]].loc not in GONE


def hit_aircraft(game: Game, state: State, unit: str, events: list[Event]) -> State:
    """VaM › Air-to-Air Combat: one hit flips a full-strength air unit, a second eliminates it
    (AA hits alike: VaM › Anti-Aircraft Fire); a unit printed on one side only goes with its
    first hit (VaM › Game Concepts)."""
    st = game.u(state, unit)
    if not st.reduced and game.cat.plane(unit).steps == 2:
        events.append(Event("hit", f"{unit} is reduced.", data={"unit": unit, "result": "reduced"}))
        return change(game, state, unit, reduced=True)
    events.append(Event("hit", f"{unit} is eliminated.", data={"unit": unit, "result": "eliminated"}))
    state = change(game, state, unit, loc="lost")
    return evolve(state, flights=tuple(f for f in state.flights if f.unit != unit))


def hit_ground(game: Game, state: State, unit: str, events: list[Event], by: str = "air") -> State:
    """VaM › Ground Units vs. Aircraft Combat, Midway Bombardment and Ground Unit Elimination:
    air attack and bombardment only reduce a ground unit; only invasion combat with enemy
    ground units (``by`` "ground") eliminates a reduced one."""
    st = game.u(state, unit)
    if st.loc == "lost":
        return state
    if st.reduced:
        if by == "ground":
            events.append(Event("hit", f"{unit} is eliminated.", data={"unit": unit, "result": "eliminated"}))
            return change(game, state, unit, loc="lost")
        how = "air attack" if by == "air" else "bombardment"
        events.append(Event("hit", f"{unit} is already reduced; {how} cannot eliminate it.", data={"unit": unit}))
        return state
    events.append(Event("hit", f"{unit} is reduced.", data={"unit": unit, "result": "reduced"}))
    return change(game, state, unit, reduced=True)


def sink(game: Game, state: State, ship: str, events: list[Event], why: str = "") -> State:
    """A ship is eliminated; aircraft based on it (VaM › Carrier Damage: trapped ones too) and any
    battalion aboard (VaM › Japanese Ground Units at Sea) go with it."""
    events.append(Event("sunk", f"{ship} is sunk{why}.", data={"unit": ship}))
    changes = {ship: evolve(game.u(state, ship), loc="sunk", formation="")}
    for a, st in game.aircraft(state):
        if st.base == ship and st.loc in ("ready", "notready", "notready2", "trapped"):
            changes[a] = evolve(st, loc="lost")
    _tell_owner(game, ship, [a for a in changes if a != ship], f"go down with {ship}", events)
    for g in game.cat.ground:
        st = game.u(state, g.id)
        if st.loc == ship:
            changes[g.id] = evolve(st, loc="lost")
    return set_units(game, state, changes)


def hit_ship(game: Game, state: State, ship: str, rng: Rng, events: list[Event]) -> State:
    """VaM › Bombing, Defensive Fire: one hit on a ship: Battleship Damage (Japanese BBs ignore it
    on 6-10), Inferior Japanese Damage Control (a full-strength two-step Japanese carrier with
    Ready planes sinks), Carrier Damage (a reduced carrier loses its Ready planes; Not Ready ones
    are trapped), and transports taking their battalion's hits with them."""
    spec = game.cat.ship(ship)
    st = game.u(state, ship)
    if st.loc in SHIP_OFF_MAP:
        return state
    if spec.side == JAPAN and spec.type == "BB":
        die = rng.die(10)
        kept = die <= BB_HIT_COUNTS
        events.append(roll_event(f"{ship} battleship damage ({'hit counts' if kept else 'hit ignored'})", [die], 10))
        if not kept:
            return state
    if spec.steps == 1 or st.reduced:
        return sink(game, state, ship, events)
    if spec.carrier:
        ready = game.based_at(state, ship, frozenset({"ready"}))
        if spec.side == JAPAN and ready:
            return sink(game, state, ship, events, " with Ready planes aboard (inferior Japanese damage control)")
        changes = {ship: evolve(st, reduced=True)}
        for a, ast in game.aircraft(state):
            if ast.base != ship:
                continue
            if ast.loc == "ready":
                changes[a] = evolve(ast, loc="lost")
            elif ast.loc in ("notready", "notready2"):
                changes[a] = evolve(ast, loc="trapped")
        events.append(
            Event("hit", f"{ship} is damaged: it can no longer launch or recover aircraft.", data={"unit": ship})
        )
        lost = [a for a, v in changes.items() if a != ship and v.loc == "lost"]
        trapped = [a for a, v in changes.items() if a != ship and v.loc == "trapped"]
        _tell_owner(game, ship, lost, f"are destroyed aboard {ship}", events)
        _tell_owner(game, ship, trapped, f"are trapped aboard {ship}", events)
        return set_units(game, state, changes)
    events.append(Event("hit", f"{ship} is reduced.", data={"unit": ship, "result": "reduced"}))
    changes = {ship: evolve(st, reduced=True)}
    for g in game.cat.ground:
        gst = game.u(state, g.id)
        if gst.loc == ship and not gst.reduced:
            changes[g.id] = evolve(gst, reduced=True)  # VaM › Japanese Ground Units at Sea
    return set_units(game, state, changes)


def _tell_owner(game: Game, ship: str, units: list[str], what: str, events: list[Event]) -> None:
    """Aircraft lost or trapped below decks: only their owner learns which (the enemy sees the ship)."""
    if units:
        owner = game.cat.ship(ship).side
        events.append(Event("aircraft-lost", f"{', '.join(units)} {what}.", (owner,), {"units": units}))
