"""After combat: leaving enemy hexes, and jettisoning Weapon units (CV › Basic VIII.H.3-4).

VIII.H.3: an Air unit that Bombed, or fought a Combat that expended Endurance, over an enemy
Base or Ship units (and no friendly ones) may not remain in that hex the next Turn: it leaves
it in its side's part of the Air Unit Movement Phase, and before entering a hex with enemy Base
or Ship units again it must reach a hex where it may land (a friendly box that takes its
planes). Read for the side's knowledge: an enemy hex is one where it knows of enemy Base or
Ship units (the Base on the mapboard, or ships it observes), and only where an Air unit ends its
move is judged (an order names the hex, not the way: ``air``).

VIII.H.4: flying planes may jettison their Weapon units at any time in their side's part of the
Air Unit Movement Phase; no Hits are made.
"""

from __future__ import annotations

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rules import Blocker
from midway_desktop.games.cv import air
from midway_desktop.games.cv.actions import Done, Jettison, MoveAir
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.sky import _enemy_hex
from midway_desktop.games.cv.state import AirUnit, State, evolve

RULE = "CV › Basic VIII.H.3"


def must_leave(game: Game, state: State, unit: AirUnit) -> bool:
    """Still in the hex it fought over on an earlier Turn, which holds no friendly units."""
    if not unit.leave or unit.fought is None or unit.fought >= state.time or unit.where not in air.FLYING:
        return False
    return air.air_hex(game, state, unit) == unit.leave and _enemy_hex(game, state, unit.side, unit.leave)


def stuck(game: Game, state: State, side: str) -> list[int]:
    """The side's Air units still to leave the enemy hex they fought over (VIII.H.3): its part of
    the Normal Air Unit Movement Step ends only when none is left."""
    return [u.number for u in state.air_units if u.side == side and must_leave(game, state, u)]


def blockers(game: Game, state: State, side: str) -> list[Blocker]:
    """VIII.H.3: each Air unit that must still leave the enemy hex it fought over before the
    side ends its Normal Air Unit Movement Step."""
    if state.step != "air-move":
        return []
    out = []
    for n in stuck(game, state, side):
        unit = state.air_unit(side, n)
        here = air.air_hex(game, state, unit) if unit is not None else None
        out.append(
            Blocker(f"Air unit {n} must leave the enemy hex it fought over last Turn ({RULE}).", f"air{n}", here or "")
        )
    return out


def refusal(game: Game, state: State, a: Action) -> str | None:
    """The VIII.H.3 limits on an order of the Air Unit Movement Phase (None: none apply)."""
    if isinstance(a, Done) and state.step == "air-move":  # it moves in the Normal Air Unit Movement Step
        left = stuck(game, state, a.side)
        if left:
            return f"Air unit {left[0]} must leave the enemy hex it fought over last Turn ({RULE})."
        return None
    if isinstance(a, MoveAir):
        unit = state.air_unit(a.side, a.air_unit)
        if unit is None:
            return None
        if must_leave(game, state, unit) and a.to == unit.leave:
            return f"Air unit {a.air_unit} may not remain in the enemy hex it fought over last Turn ({RULE})."
        if unit.homing and a.to != air.air_hex(game, state, unit) and air._enemy_known_at(game, state, a.side, a.to):
            return (
                f"Air unit {a.air_unit} must reach a hex where it may land before it enters an enemy hex again "
                f"({RULE})."
            )
    return None


def arrived(game: Game, state: State, side: str, number: int) -> State:
    """After a move: the hex left behind is no longer a duty; a hex where the Air unit's planes
    may land ends its way home (VIII.H.3)."""
    unit = state.air_unit(side, number)
    if unit is None or unit.where not in air.FLYING:
        return state
    here = air.air_hex(game, state, unit)
    changed = unit
    if unit.leave and here != unit.leave:
        changed = evolve(changed, leave="", fought=None)
    boxes = game.friendly_boxes_at(state, side, here) if here is not None else []
    if unit.homing and any(all(game.takes(b, r.plane) for r in unit.records) for b in boxes):
        changed = evolve(changed, homing=False)
    return state if changed == unit else state.with_air_unit(changed)


def jettison_refusal(game: Game, state: State, a: Jettison) -> str | None:
    unit = state.air_unit(a.side, a.air_unit)
    if unit is None or unit.where not in air.FLYING:
        return f"Air unit {a.air_unit} is not flying on the mapboard (CV › Basic VIII.H.4)."
    if not any(r.plane == a.plane and r.weapon for r in unit.records):
        return f"Air unit {a.air_unit} has no armed {a.plane} planes (CV › Basic VIII.H.4)."
    return None


def apply_jettison(state: State, a: Jettison, events: list[Event]) -> State:
    unit = state.air_unit(a.side, a.air_unit)
    assert unit is not None
    records = tuple(evolve(r, weapon="") if r.plane == a.plane else r for r in unit.records)
    events.append(Event("air-movement", f"{a.describe()}.", (a.side,), {"side": a.side}))
    return state.with_air_unit(evolve(unit, records=records))
