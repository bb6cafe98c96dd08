"""Shadowing (CV › Basic VI.A.2, VI.G): Ship and Plane units follow enemy ships and keep them
under observation through the Ship Unit Movement and Shadowing Step.

A Task Force on the mapboard, or an Air unit flying on it, may shadow the enemy ships it observes
itself when the phase begins (VI.G.1). The order is given with the plots (sealed, VI.G.2: before
the enemy moves) and announced to both sides as movement begins. Then, as the shadowed ships
move hex by hex, the shadowing unit moves with them so that they stay observed the whole way
(VI.G.3), closer, further away or into their hex (VI.G.4). That is its whole move for the Turn:
a shadowing Task Force's plot is replaced by it, a shadowing Air unit does not move again in the
Air Unit Movement Phase (VI.G.5). Ship units shadowing each other roll a die each (again on a
tie): the low roll moves as plotted, the high roll shadows (VI.G.6).

Readings (the text leaves them to the players at the table):

- **How it follows**: the order gives a stance, ``keep`` (its distance from the shadowed ships
  at the start), ``close`` (as near as it can, into their hex if it reaches it) or ``far`` (as
  far off as observation allows). Each step of the enemy's move (the k-th hexes of all moves
  are entered together, as for sightings) the shadowing unit picks, among the hexes it can
  reach, one from which it still observes them, by its stance; a Task Force goes at most one
  hex a step up to its Movement Factor, an Air unit any number within its Movement Factor for
  the Turn. If none keeps them observed it goes as near as it can: the observation is lost.
- **Which ships**: the enemy Task Forces in the hex at the start; if they part, the one with
  the most Ship units (then the lowest number) is followed.
- **Carriers into the wind** (VI.E): a Task Force that must move into the wind this Turn moves
  as plotted and does not shadow.
"""

from __future__ import annotations

from collections.abc import Iterable

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import air, wind
from midway_desktop.games.cv.actions import Shadow
from midway_desktop.games.cv.engaged import must_leave
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.observation import Observer, condition, flying_observers, observers_of, tracks
from midway_desktop.games.cv.state import (
    SIDES,
    AirUnit,
    PlottedMove,
    Shadowing,
    State,
    TaskForce,
    evolve,
    other,
    side_name,
)

STANCES = ("keep", "close", "far")


def _shadower(state: State, side: str, unit: str) -> TaskForce | AirUnit | None:
    if unit.startswith("tf") and unit[2:].isdigit():
        return state.task_force(side, int(unit[2:]))
    if unit.startswith("air") and unit[3:].isdigit():
        return state.air_unit(side, int(unit[3:]))
    return None


def _eyes(game: Game, state: State, who: TaskForce | AirUnit, at: str | None = None) -> list[Observer]:
    """The observers a shadowing unit is (Basic III.B.3), standing at ``at`` (else where it is)."""
    if isinstance(who, TaskForce):
        here = at if at is not None else who.hex
        return observers_of(game, evolve(who, hex=here))
    here = at if at is not None else air.air_hex(game, state, who)
    assert here is not None
    return flying_observers(who, here)


def _targets(state: State, side: str, hex_: str) -> list[TaskForce]:
    return [t for t in state.task_forces if t.side == other(side) and t.on_map and t.hex == hex_]


def shadow_refusal(game: Game, state: State, a: Shadow) -> str | None:
    who = _shadower(state, a.side, a.unit)
    if who is None:
        return f"You have no Task Force or Air unit '{a.unit}' (Task Forces 'tf3', Air units 'air5'; CV › Basic VI.G)."
    if a.stance not in STANCES:
        return (
            f"A Shadowing unit keeps its distance, closes in or hangs back: {', '.join(STANCES)} (CV › Basic VI.G.4)."
        )
    if not a.hex:
        if not any(s.side == a.side and s.unit == a.unit for s in state.shadows):
            return f"{a.unit} has no Shadowing order to withdraw (CV › Basic VI.G.2)."
        return None
    if isinstance(who, TaskForce):
        if not who.on_map or who.entry is not None:
            return f"Task Force {who.number} is not on the mapboard (CV › Basic VI.G.1)."
        if wind.must_go_into_wind(game, who):
            return (
                f"Task Force {who.number}'s carriers must move into the Wind Direction this Turn: it moves as plotted "
                "(CV › Basic VI.E)."
            )
    elif who.where != "map":
        return f"Air unit {who.number} is not flying on the mapboard: it cannot shadow (CV › Basic VI.G)."
    elif _must_leave(game, state, who):
        return (
            f"Air unit {who.number} must leave the enemy hex it fought over in the Air Unit Movement Phase, and a "
            "Shadowing Air unit does not move then: it may not shadow (CV › Basic VIII.H.3, VI.G.5)."
        )
    if a.hex not in game.board:
        return f"{a.hex} is not a hex of the mapboard (CV › Basic VI.G)."
    if not _targets(state, a.side, a.hex) or condition(game, state, _eyes(game, state, who), a.hex, False, False) < 1:
        what = f"Task Force {who.number}" if isinstance(who, TaskForce) else f"Air unit {who.number}"
        return (
            f"{what} observes no enemy ships at {a.hex}: a unit shadows only enemy ships it observes itself when "
            "the Ship Plotting and Movement Phase begins (CV › Basic VI.G.1)."
        )
    return None


def apply_shadow(state: State, a: Shadow) -> State:
    kept = tuple(s for s in state.shadows if (s.side, s.unit) != (a.side, a.unit))
    if a.hex:
        kept += (Shadowing(a.side, a.unit, a.hex, a.stance),)
    return evolve(state, shadows=tuple(sorted(kept, key=lambda s: (s.side, s.unit))))


def _must_leave(game: Game, state: State, unit: AirUnit) -> bool:
    """VIII.H.3's duty to leave the enemy hex fought over: a Shadowing move is an Air unit's whole
    move of the Turn (VI.G.5), so one with that duty may not shadow (it would stay there for good:
    nothing could end its side's Normal Air Unit Movement Step)."""
    return must_leave(game, state, unit)


def shadows_offered(game: Game, state: State, side: str) -> Iterable[Shadow]:
    """Every Shadowing order ``side`` may give now, built to :func:`shadow_refusal` exactly (for
    :mod:`legal`): each eligible unit, each enemy ships' hex it observes, each stance; and the
    withdrawal of an order given."""
    enemy_hexes = sorted({t.hex for t in state.task_forces if t.side == other(side) and t.on_map and t.hex})
    units: list[tuple[str, TaskForce | AirUnit]] = [
        (f"tf{t.number}", t)
        for t in state.task_forces
        if t.side == side and t.on_map and t.entry is None and not wind.must_go_into_wind(game, t)
    ]
    units += [
        (f"air{u.number}", u)
        for u in state.air_units
        if u.side == side and u.where == "map" and not _must_leave(game, state, u)
    ]
    for s in state.shadows:
        if s.side == side and _shadower(state, side, s.unit) is not None:
            for stance in STANCES:
                yield Shadow(side, s.unit, "", stance)
    for unit, who in units:
        eyes = _eyes(game, state, who)
        for hex_ in enemy_hexes:
            if condition(game, state, eyes, hex_, False, False) > 0:
                for stance in STANCES:
                    yield Shadow(side, unit, hex_, stance)


# -- the Ship Unit Movement and Shadowing Step ---------------------------------------------------------
def _followed(state: State, order: Shadowing) -> tuple[str, int] | None:
    """The enemy Task Force followed: of those in the hex at the start, the most Ship units, then
    the lowest number (reading)."""
    targets = _targets(state, order.side, order.hex)
    if not targets:
        return None
    best = min(targets, key=lambda t: (-len(t.ships), t.number))
    return (best.side, best.number)


AirWay = tuple[str, int, tuple[str, ...]]  # (side, Air unit, the hexes it stands in, step by step)


def resolve_shadowing(
    game: Game, state: State, events: list[Event], rng: Rng | None
) -> tuple[State, tuple[AirWay, ...]]:
    """Basic VI.G: announce the orders, settle Ship units shadowing each other by the die, and
    work out each shadowing unit's move along with the ships it shadows. A shadowing Task
    Force's plot becomes its shadowing move; the shadowing Air units' ways are returned, to fly
    once the ships have moved (:func:`fly_shadows`)."""
    orders = [o for o in state.shadows if _shadower(state, o.side, o.unit) is not None]
    state = evolve(state, shadows=())
    if not orders:
        return state, ()
    moves = tracks(state)
    chosen: dict[tuple[str, str], tuple[str, int]] = {}
    for o in orders:
        target = _followed(state, o)
        if target is not None and target in moves:
            chosen[(o.side, o.unit)] = target
            who = "Task Force " + o.unit[2:] if o.unit.startswith("tf") else "Air unit " + o.unit[3:]
            text = f"The {side_name(o.side)} side's {who} shadows the {side_name(other(o.side))} ships at {o.hex}."
            events.append(Event("shadowing", text, data={"side": o.side, "hex": o.hex}))
    orders = [o for o in orders if (o.side, o.unit) in chosen]
    orders = _mutual(orders, chosen, events, rng)
    ways: list[AirWay] = []
    for o in orders:
        state, way = _follow(game, state, o, moves[chosen[(o.side, o.unit)]])
        if way is not None:
            ways.append(way)
    return state, tuple(ways)


def fly_shadows(game: Game, state: State, ways: tuple[AirWay, ...], events: list[Event]) -> State:
    """The shadowing Air units fly their ways (observing, and observed, hex by hex: Basic III.A)
    and have moved for the Turn (VI.G.5)."""
    from midway_desktop.games.cv.observation import flight_path, flying_by

    for side, number, way in ways:
        unit = state.air_unit(side, number)
        if unit is None:
            continue
        path = [way[0]]
        for a, b in zip(way, way[1:], strict=False):
            if a != b:
                path += flight_path(game, a, b)[1:]
        if len(path) > 1:
            state = flying_by(game, state, unit, path, events)
        moved = evolve(unit, hex=way[-1], moved=True, arrived=state.time if way[-1] != way[0] else unit.arrived)
        state = state.with_air_unit(moved)
    return state


def _mutual(
    orders: list[Shadowing],
    chosen: dict[tuple[str, str], tuple[str, int]],
    events: list[Event],
    rng: Rng | None,
) -> list[Shadowing]:
    """Basic VI.G.6: Ship units announcing Shadowing of one another: both roll, again on a tie;
    the low roll moves as plotted, the high roll may shadow."""
    ships = {(o.side, int(o.unit[2:])): o for o in orders if o.unit.startswith("tf")}
    dropped: set[tuple[str, str]] = set()
    for (side, number), o in sorted(ships.items()):
        back = ships.get(chosen[(o.side, o.unit)])
        if side != SIDES[0] or back is None or chosen[(back.side, back.unit)] != (side, number):
            continue
        assert rng is not None, "Shadowing one another needs the dice (Basic VI.G.6)"
        while True:
            rolls = {s: rng.die(6) for s in SIDES}
            for s in SIDES:
                events.append(roll_event(f"Shadowing one another ({side_name(s)})", [rolls[s]], side=s))
            if rolls[SIDES[0]] != rolls[SIDES[1]]:
                break
        low = min(SIDES, key=lambda s: rolls[s])
        loser = o if low == side else back
        dropped.add((loser.side, loser.unit))
        events.append(
            Event("shadowing", f"The {side_name(low)} side rolled low: its Task Force moves as plotted.",
                  data={"side": low})
        )  # fmt: skip
    return [o for o in orders if (o.side, o.unit) not in dropped]


def _follow(game: Game, state: State, order: Shadowing, track: list[str]) -> tuple[State, AirWay | None]:
    who = _shadower(state, order.side, order.unit)
    assert who is not None
    board = game.board
    start = who.hex if isinstance(who, TaskForce) else air.air_hex(game, state, who)
    assert start is not None
    keep = board.distance(start, track[0])
    if isinstance(who, TaskForce):
        speed = game.movement(who, state.hits_of(who.side))  # after its ships' Hits (IX.K.4.b)
        hexes_left, steps = speed, max(len(track) - 1, speed)
    else:
        hexes_left, steps = air.budget(game, who), max(len(track) - 1, 1)
    here, way = start, [start]
    for k in range(1, steps + 1):
        target = track[min(k, len(track) - 1)]
        if isinstance(who, TaskForce):
            options = [here, *sorted(board.neighbors(here))] if hexes_left else [here]
        else:
            near = board.within(target, 2) | {here}
            options = sorted(h for h in near if board.distance(here, h) <= hexes_left)
        seeing = [h for h in options if condition(game, state, _eyes(game, state, who, h), target, False, False) > 0]

        def rank(h: str, target: str = target, here: str = here, lost: bool = not seeing) -> tuple[int, int, str]:
            d = board.distance(h, target)
            score = d if lost else {"close": d, "far": -d}.get(order.stance, abs(d - keep))
            return (score, board.distance(here, h), h)

        nxt = min(seeing or options, key=rank)
        hexes_left -= board.distance(here, nxt)
        way.append(nxt)  # where it stands after each step of the shadowed ships' move
        here = nxt
    if isinstance(who, TaskForce):
        path = tuple(h for prev, h in zip(way, way[1:], strict=False) if h != prev)
        plots = tuple(p for p in state.plots_of(who.side) if p.task_force != who.number)
        return state.with_plots(who.side, (*plots, PlottedMove(who.number, path))), None
    return state, (who.side, who.number, tuple(way))
