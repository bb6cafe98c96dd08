"""The planes of a Battle hex as the Combat Steps handle them (CV › Basic VIII.C, IX.A, III.E.3).

A Battle works on :class:`Line` values: some Air Factors of one line of an Air Record, with
their role (Interceptor, Special Interceptor, Escort or Bomber). Groups of Air Factors announced
for a Combat are split off as lines of their own, Hits take Air Factors off them, and
:func:`write_back` puts the Air units together again (an Air unit left with none is removed,
Basic VIII.A). Nothing here is kept in the position: lines live for one resolution.

Roles (VIII.C): a fighter is an Interceptor in a hex with no other friendly plane units, an
Escort where it flies with friendly Bombers. In a hex that allows every kind of reorganization
(a friendly Base, CV or CVL) it may be either "at the player's option": read here as the player
shows it by organization: a fighter in an Air unit that carries Bombers is an Escort, one in an
Air unit of fighters an Interceptor. Avenger, Dauntless, Dave, Jake, Judy, Pete and Val without
a Weapon unit, at Low Altitude, over a friendly Base, CV or CVL are Special Interceptors (VIII.C.4).
Every other plane is a Bomber.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import air
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.observation import condition, observers
from midway_desktop.games.cv.state import AirRecord, AirUnit, State, evolve, other, side_name

INTERCEPTOR, SPECIAL, ESCORT, BOMBER = "interceptor", "special", "escort", "bomber"
FIGHTERS = (INTERCEPTOR, SPECIAL, ESCORT)
ROLE_TITLES = {INTERCEPTOR: "Interceptors", SPECIAL: "Special Interceptors", ESCORT: "Escorts", BOMBER: "Bombers"}


@dataclass(eq=False)
class Line:
    """Some Air Factors of one Air Record line (mutable, inside one resolution only)."""

    side: str
    unit: int
    record: AirRecord
    factors: int
    role: str

    @property
    def plane(self) -> str:
        return self.record.plane

    @property
    def high(self) -> bool:
        return self.record.high

    @property
    def weapon(self) -> str:
        return self.record.weapon


def flying_here(game: Game, state: State, hex_: str) -> list[AirUnit]:
    return [u for u in state.air_units if u.where in air.FLYING and air.air_hex(game, state, u) == hex_]


def lines_at(game: Game, state: State, hex_: str) -> list[Line]:
    """Every flying Air Factor in ``hex_``, line by line, with its role (Basic VIII.C)."""
    out: list[Line] = []
    units = flying_here(game, state, hex_)
    for side in sorted({u.side for u in units}):
        mine = [u for u in units if u.side == side]
        full = air._reorganizes(game, state, side, hex_)
        bombers_here = any(_bomber(game, r, full) for u in mine for r in u.records)
        for u in mine:
            with_bombers = any(_bomber(game, r, full) for r in u.records)
            for r in u.records:
                if game.plane(r.plane).is_fighter:
                    escort = with_bombers if full else bombers_here
                    role = ESCORT if escort else INTERCEPTOR
                else:
                    role = BOMBER if _bomber(game, r, full) else SPECIAL
                out.append(Line(side, u.number, r, r.factors, role))
    return out


def _bomber(game: Game, r: AirRecord, full: bool) -> bool:
    p = game.plane(r.plane)
    if p.is_fighter:
        return False
    return not (p.special_interceptor and not r.weapon and not r.high and full)


def count(lines: Iterable[Line]) -> int:
    return sum(x.factors for x in lines)


def take(master: list[Line], pool: list[Line], factors: int, from_end: bool = False) -> list[Line]:
    """Split ``factors`` Air Factors off ``pool`` (in order, or from its end) as lines of their
    own: they leave ``pool``, and new parts join ``master`` (the Battle's lines)."""
    taken: list[Line] = []
    left = factors
    for x in list(reversed(pool)) if from_end else list(pool):
        if left <= 0:
            break
        if x.factors <= 0:
            continue
        n = min(left, x.factors)
        left -= n
        if n == x.factors:
            pool.remove(x)
            taken.append(x)
            continue
        part = Line(x.side, x.unit, x.record, n, x.role)
        x.factors -= n
        master.append(part)
        taken.append(part)
    return taken


def lose(lines: list[Line], hits: int) -> dict[tuple[int, str], int]:
    """Basic IX.J.1: Hits eliminate as many Air Factors of the group (reading: from the plane
    type with the most Air Factors, and of it the largest line, first). Returns the losses by
    (Air unit, plane)."""
    lost: dict[tuple[int, str], int] = {}
    for _ in range(hits):
        alive = [x for x in lines if x.factors > 0]
        if not alive:
            break
        by_type: dict[str, int] = {}
        for x in alive:
            by_type[x.plane] = by_type.get(x.plane, 0) + x.factors
        x = max(alive, key=lambda x: (by_type[x.plane], x.factors, -x.unit))
        x.factors -= 1
        lost[(x.unit, x.plane)] = lost.get((x.unit, x.plane), 0) + 1
    return lost


def modifier(game: Game, lines: Iterable[Line]) -> int:
    """Air Hit Table Modifier d against a group (Basic IX.I.1.d): the Air Modifier of its plane
    type with the most Air Factors (reading, for groups of several types; ties: the lowest)."""
    by_type: dict[str, int] = {}
    for x in lines:
        by_type[x.plane] = by_type.get(x.plane, 0) + x.factors
    if not by_type:
        return 0
    top = max(by_type.values())
    return min(game.plane(p).air_modifier for p, n in by_type.items() if n == top)


def spend(state: State, lines: Iterable[Line]) -> None:
    """Basic VIII.E.4: one Endurance Factor a Turn, whatever the Combats (the landing line moves
    up, VIII.E.4.c)."""
    for x in lines:
        if x.record.spent_at != state.time:
            x.record = evolve(x.record.spend(), spent_at=state.time)


def spent_now(state: State, line: Line) -> bool:
    return line.record.spent_at == state.time


def write_back(
    game: Game,
    state: State,
    hex_: str,
    lines: list[Line],
    fought: Iterable[Line] = (),
    events: list[Event] | None = None,
) -> State:
    """The Air units of ``hex_`` from ``lines``; Air Factors gone are losses (Basic XI.C.1.a).
    Air units in ``fought`` (Bombing, or Combat that expended Endurance) over an enemy Base or
    ships and no friendly ones must leave the next Turn (Basic VIII.H.3)."""
    fought_units = {(x.side, x.unit) for x in fought}
    for unit in flying_here(game, state, hex_):
        mine = [x for x in lines if (x.side, x.unit) == (unit.side, unit.number) and x.factors > 0]
        merged: dict[AirRecord, int] = {}
        for x in mine:
            key = evolve(x.record, factors=0)
            merged[key] = merged.get(key, 0) + x.factors
        records = tuple(evolve(r, factors=n) for r, n in merged.items())
        lost = unit.total - sum(r.factors for r in records)
        if lost:
            state = state.with_loss(unit.side, lost)
            if events is not None:  # both see the Combat; the types only as far as observed
                gone = ": the Air unit is gone" if not records else ""
                text = f"{side_name(unit.side)} Air unit {unit.number} loses {lost} Air Factor(s){gone}."
                events.append(Event("combat", text, data={"air_unit": unit.number, "factors": lost}))
        if not records:
            state = state.with_air_unit(None, unit.side, unit.number)
            continue
        changed = evolve(unit, records=records)
        if (unit.side, unit.number) in fought_units and _enemy_hex(game, state, unit.side, hex_):
            changed = evolve(changed, leave=hex_, fought=state.time, homing=True)
        state = state.with_air_unit(changed)
    return state


def _enemy_hex(game: Game, state: State, side: str, hex_: str) -> bool:
    """Basic VIII.H.3: a hex with enemy Base or Ship units and no friendly ones."""
    enemy = other(side)
    theirs = any(b.side == enemy and b.hex == hex_ for b in state.bases) or any(
        t.side == enemy and t.on_map and t.hex == hex_ for t in state.task_forces
    )
    return theirs and not game.friendly_boxes_at(state, side, hex_)


def seen(game: Game, state: State, side: str, hex_: str, *, flying: bool, high: bool = False) -> int:
    """The condition ``side``'s units observe enemy units in ``hex_`` at (Basic III.E)."""
    return condition(game, state, observers(game, state, side), hex_, flying=flying, high=high)


def groups(lines: Iterable[Line], side: str, unit: int, high: bool, roles: tuple[str, ...] = (BOMBER,)) -> list[str]:
    """Basic III.E.3: the plane groups of one Air unit at one altitude (sorted by plane type:
    the enemy is told a group's Air Factors and role, not its type, below Condition 5)."""
    return sorted({x.plane for x in lines if (x.side, x.unit, x.high) == (side, unit, high) and x.role in roles})
