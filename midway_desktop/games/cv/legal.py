"""Every order a side may give now (for bots, highlighting and tests).

The list and the refusals never disagree. Most orders are built directly to their refusal's
rules, what does not change from order to order judged once (a computer player asks for the
list at almost every order it gives: generating candidates and asking each refusal was most of
a game's time); ``tests/games/cv/test_legal_built.py`` holds each such maker to the refusal it
follows. The few makers of short lists keep their candidates only if the refusal accepts them.
The long runs (a stack's Form, Ready and Regroup orders, a Task Force's Plots, a ship's
Transfers to unused boxes) are made as ``Product``s: ``legal_sequence`` hands a plain bot the
list as such parts, each order made only if read (it reads one), ``legal_orders`` the same
orders in the same order as one list; ``tests/games/cv/test_legal_sequence.py`` holds the two
together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache, partial
from itertools import chain, product, starmap
from math import prod
from typing import Any, overload

from midway_desktop.engine.actions import Action
from midway_desktop.games.cv import (
    air,
    air_combat,
    combat,
    engaged,
    movement,
    passing,
    readiness,
    reorganization,
    shadowing,
    wind,
)
from midway_desktop.games.cv.actions import (
    AirAttack,
    Altitude,
    Announce,
    Done,
    EnterMap,
    Form,
    Jettison,
    Land,
    MoveAir,
    Place,
    Plot,
    Ready,
    Regroup,
    Shadow,
    Stow,
    TakeOff,
    Transfer,
)
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.observation import announcements
from midway_desktop.games.cv.setup import set_up_cells
from midway_desktop.games.cv.state import (
    AIR_BOXES,
    SECTIONS,
    TASK_FORCE_BOXES,
    TASK_FORCE_SHIPS,
    BaseBox,
    State,
    TaskForce,
    evolve,
    other,
)
from midway_desktop.geometry.board import Board

Maker = Callable[[Game, State, str], Iterator[Action]] | Callable[[Game, State, str], Iterator[Sequence[Action]]]


def _regroups(game: Game, state: State, side: str) -> Iterator[Sequence[Action]]:
    """Built to ``air.regroup_refusal`` exactly (there are many: the hex is judged once a unit;
    ``tests/games/cv/test_legal.py`` holds the two together), a stack's orders a ``Product``."""
    flying = [u for u in state.air_units if u.side == side and u.where in air.FLYING]
    empty = [n for n in range(1, AIR_BOXES + 1) if state.air_unit(side, n) is None]
    for unit in flying:
        here = air.air_hex(game, state, unit)
        if here is None:
            continue
        room = air.regroup_room(game, state, side, here)
        if not room:
            continue
        joins = [u.number for u in flying if u.number != unit.number and air.air_hex(game, state, u) == here]
        targets = (*joins, *empty) if room == "all" else tuple(empty)
        stacks: dict[tuple[str, str, bool], int] = {}
        for r in unit.records:
            stacks[(r.plane, r.weapon, r.high)] = stacks.get((r.plane, r.weapon, r.high), 0) + r.factors
        for (plane, weapon, high), have in sorted(stacks.items()):
            yield Product(partial(_regroup, side, unit.number, plane, weapon, high), range(1, have + 1), targets)


def _regroup(side: str, unit: int, plane: str, weapon: str, high: bool, n: int, target: int) -> Action:
    return Regroup(side, unit, target, plane, n, weapon, high)


def legal_orders(game: Game, state: State, side: str, kinds: tuple[type[Action], ...] | None = None) -> list[Action]:
    """Every order ``side`` may give now; with ``kinds``, only the orders of those types (a
    computer player asks for the few it wants: listing all of them costs much more)."""
    if state.passing is not None:  # Basic VIII.I.2: the side asked answers, and nothing else
        asked = [*passing.offered(game, state, side), *announcements(state, side)]
        return asked if kinds is None else [a for a in asked if isinstance(a, kinds)]
    return list(chain.from_iterable(_parts(game, state, side, kinds)))


def legal_sequence(game: Game, state: State, side: str) -> Sequence[Action]:
    """``legal_orders``'s list, the same orders in the same order, its long runs (a stack's Form
    and Regroup orders, a Task Force's Plots) each made only when read: a plain bot reads one order of thousands."""
    if state.passing is not None:
        return legal_orders(game, state, side)
    return Orders(*_parts(game, state, side, None))


def _parts(game: Game, state: State, side: str, kinds: tuple[type[Action], ...] | None) -> list[Sequence[Action]]:
    """``legal_orders`` (not asked to pass) in parts, one after the other."""
    makers: dict[str, tuple[tuple[Maker, Callable[[Game, State, Any], str | None] | None], ...]] = {
        "set-up": (
            (_places, None),  # built to movement.place_refusal exactly
            (_transfers, None),  # built to reorganization.transfer_refusal exactly
            (_stows, None),  # built to readiness.stow_refusal exactly
        ),
        "plane-ready": ((_readies, None),),  # built to readiness.ready_refusal exactly
        "form-air-units": ((_forms, None),),  # built to readiness.form_refusal exactly
        "ship-plotting": (
            (_plots, None),  # built to movement.plot_refusal exactly
            (_transfers, None),
            (_shadows, None),  # built to shadowing.shadow_refusal exactly
        ),
        "landing": ((_landings, None), *_AIR_ANY_TIME),  # built to air.land_refusal exactly
        "air-move": (
            (_moves, None),  # built to air.move_refusal and engaged.refusal exactly
            (_entries, None),  # built to air.enter_refusal exactly
            (_air_attacks, None),  # built to air_combat.movement_attack_refusal exactly
            *_AIR_ANY_TIME,
        ),
        "take-off": ((_take_offs, None), *_AIR_ANY_TIME),  # built to air.take_off_refusal exactly
    }
    out: list[Sequence[Action]] = []
    for make, refusal in makers.get(state.step, ()):
        if kinds is not None and MAKES[make] not in kinds:
            continue
        if make in _IN_PARTS:  # (built exactly to the check, in parts)
            out += make(game, state, side)
        elif refusal is None:  # built exactly to the check
            out.append(list(make(game, state, side)))
        else:
            out.append([a for a in make(game, state, side) if refusal(game, state, a) is None])
    if kinds is None or any(k in combat.ORDER_TYPES for k in kinds):
        fought = combat.legal(game, state, side)  # the Combat Phase's sealed steps (Basic IX)
        out.append(fought if kinds is None else [a for a in fought if isinstance(a, kinds)])
    if state.step != "over" and (kinds is None or Announce in kinds):
        out.append(announcements(state, side))  # standing Condition 2 announcements (Basic III.C.2)
    if kinds is not None and Done not in kinds:
        return out
    if movement.done_refusal(game, state, Done(side)) is None and engaged.refusal(game, state, Done(side)) is None:
        out.append((Done(side),))
    return out


class Product(Sequence[Action]):
    """An order for each combination of the axes' values, the first axis outermost (as nested
    loops list them), each made only when read."""

    def __init__(self, build: Callable[..., Action], *axes: Sequence[Any]) -> None:
        self.build, self.axes = build, axes
        self._len = prod(len(a) for a in axes)

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[Action]:
        return starmap(self.build, product(*self.axes))

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        values: list[Any] = []
        for axis in reversed(self.axes):
            i, k = divmod(i, len(axis))
            values.append(axis[k])
        return self.build(*reversed(values))


def _shadows(game: Game, state: State, side: str) -> Iterator[Action]:
    yield from shadowing.shadows_offered(game, state, side)


def _places(game: Game, state: State, side: str) -> Iterator[Action]:
    """Each of the side's Task Forces in each hex of its set-up area: what ``place_refusal``
    lets through, and nothing else (Set Up IV; thousands of orders, so not checked again)."""
    for placing in placements(game, state, side):
        yield from placing


def placements(game: Game, state: State, side: str) -> list[Placements]:
    """Each of the side's Task Forces' Place orders (``_places``), made as they are read."""
    return [Placements(side, tf.number, sorted(set_up_cells(game, tf))) for tf in state.task_forces if tf.side == side]


class Orders(Sequence[Action]):
    """Orders read from several sequences one after the other, none copied."""

    def __init__(self, *parts: Sequence[Action]) -> None:
        self.parts = parts
        self._len = sum(len(p) for p in parts)  # (a list view asks at every line it draws)

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[Action]:
        return chain.from_iterable(self.parts)

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        for part in self.parts:
            if 0 <= i < len(part):
                return part[i]
            i -= len(part)
        raise IndexError(i)


class Placements(Sequence[Action]):
    """One Task Force's Place orders (Set Up IV), a hex of its set-up area each, each made when it
    is read: thousands at set-up, of which the desktop's first screen needs the count and the
    Orders list a screenful."""

    def __init__(self, side: str, task_force: int, cells: Sequence[str]) -> None:
        self.side, self.task_force, self.cells = side, task_force, cells

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[Action]:
        return (Place(self.side, self.task_force, h) for h in self.cells)

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [Place(self.side, self.task_force, h) for h in self.cells[i]]
        return Place(self.side, self.task_force, self.cells[i])


class OrdersNow(Orders):
    """``legal_orders``'s list, in its order: the Task Forces' Place orders (``placing``, first
    as ``_places`` is first at set-up), then the rest (``rest``)."""

    def __init__(self, placing: Sequence[Placements], rest: Sequence[Action]) -> None:
        super().__init__(*placing, rest)
        self.placing, self.rest = placing, rest


def orders_now(game: Game, state: State, side: str) -> OrdersNow:
    """Every order ``side`` may give now (``legal_orders``), with the Place orders of set-up
    made only as they are read."""
    if state.step == "set-up" and state.passing is None:
        return OrdersNow(placements(game, state, side), legal_orders(game, state, side, kinds=_ALL_BUT_PLACE))
    return OrdersNow((), legal_orders(game, state, side))


def _stows(game: Game, state: State, side: str) -> Iterator[Action]:
    """Built to ``readiness.stow_refusal`` exactly (asking it of each of some hundreds of orders
    was a third of the legal orders at set-up): planes of a known type move 1 to all of them
    to another section, unarmed or, into C, with each of their Possible Armaments; those in C
    are armed in place. ``tests/games/cv/test_legal.py`` holds the two together."""
    for box in state.boxes(side):
        if isinstance(box, TaskForce) and box.exited:
            continue  # (Basic VI.F.2: its planes are set up no more)
        for source in SECTIONS:
            stacks = box.planes.of(source)
            for plane in sorted({s.plane for s in stacks}):
                if not game.has_plane(plane):
                    continue
                have = sum(s.factors for s in stacks if s.plane == plane)
                armaments = game.plane(plane).weapons
                for target in SECTIONS:
                    weapons = ("", *armaments) if target == "c" else ("",)
                    if target == source:
                        weapons = weapons[1:]  # staying, only armed (in C)
                    for n in range(1, have + 1):
                        for w in weapons:
                            yield Stow(side, box.id, plane, n, source, target, w)


def _readies(game: Game, state: State, side: str) -> Iterator[Sequence[Action]]:
    """Built to ``readiness.ready_refusal`` exactly, a stack's orders a ``Product``: up to the
    box's Ready Factor left, of the planes that have not moved this Turn, into C only unarmed
    planes, to be armed with any of their Possible Armaments or none (Basic IV.B.2). Each
    unmoved (plane, weapon) stack offers its own, as before: B's armed planes (back from C)
    offer again what its unarmed ones of the type do into C."""
    for box in state.boxes(side):
        if isinstance(box, TaskForce) and box.exited:
            continue  # (VI.F.2)
        room = game.handling(box).ready - box.readied
        for (source, target), _title in readiness.SEGMENTS.items():
            seen: set[tuple[str, str]] = set()
            for s in box.planes.of(source):
                if s.fresh or (s.plane, s.weapon) in seen or not game.has_plane(s.plane):
                    continue
                seen.add((s.plane, s.weapon))
                have = readiness.movable(box, source, s.plane, s.weapon)
                if target == "c":
                    have = min(have, readiness.movable(box, source, s.plane, ""))  # (only unarmed planes)
                    weapons: tuple[str, ...] = ("", *game.plane(s.plane).weapons)
                else:
                    weapons = (s.weapon,)
                most = min(have, room)
                if most > 0:
                    yield Product(partial(_ready, side, box.id, s.plane, source, target), range(1, most + 1), weapons)


def _ready(side: str, box: str, plane: str, source: str, target: str, n: int, weapon: str) -> Action:
    return Ready(side, box, plane, n, source, target, weapon)


def _forms(game: Game, state: State, side: str) -> Iterator[Sequence[Action]]:
    """Built to ``readiness.form_refusal`` exactly (asking it of each of some thousands of
    orders was a third of a plain bot's game): each box's handling, wind and take-off hex are
    judged once, an order's own Air Factors after (Basic IV.A.2, VI.E); a stack's orders a
    ``Product``."""
    used = {u.number for u in state.air_units if u.side == side and u.where != "forming"}
    free = [n for n in range(1, AIR_BOXES + 1) if n not in used]
    empty = [n for n in free if state.air_unit(side, n) is None]
    forming = [u for u in state.air_units if u.side == side and u.where == "forming"]
    for box in state.boxes(side):
        if isinstance(box, TaskForce) and (box.exited or not box.on_map):
            continue  # (VI.F.1-2)
        here = readiness.take_off_hex(game, box)
        # IV.A.2.c: planes join a forming Air unit only if it takes off from the same hex.
        joins = [
            u.number
            for u in forming
            if (origin := state.box(side, u.box)) is not None and readiness.take_off_hex(game, origin) == here
        ]
        numbers = (*empty, *joins)
        room = game.handling(box).launch_limit - box.launched  # IV.A.2.a
        # VI.E: past the Minimum Launch Factor the Task Force must move into the wind: refused
        # outright if it cannot, else only if its planes keep it at anchor (VI.I.2.b).
        low = room
        windless = False
        if isinstance(box, TaskForce):
            low = wind.wind_limit(game, box) - box.launched
            windless = (
                box.hex is None or game.movement(box, state.hits_of(side)) < 1 or not wind.windward(game, box.hex)
            )
        seen: set[tuple[str, str]] = set()
        for s in box.planes.c:
            if (s.plane, s.weapon) in seen:
                continue
            seen.add((s.plane, s.weapon))
            if not game.has_plane(s.plane):
                continue
            have = sum(x.factors for x in box.planes.c if (x.plane, x.weapon) == (s.plane, s.weapon))
            # (the Air Box number changes none of this: judged once for them all)
            sizes = [
                n
                for n in range(1, min(have, room) + 1)
                if n <= low
                or not (
                    windless
                    or (isinstance(box, TaskForce) and readiness.anchored_after(game, box, s.plane, n, s.weapon))
                )
            ]
            yield Product(partial(_form, side, box.id, s.plane, s.weapon), numbers, sizes)


def _form(side: str, box: str, plane: str, weapon: str, number: int, n: int) -> Action:
    return Form(side, box, number, plane, n, weapon)


def _plots(game: Game, state: State, side: str) -> Iterator[Sequence[Action]]:
    """Built to ``movement.plot_refusal`` by its own parts: the Task Force's once, each path's
    (hex to hex, no longer than its speed: VI.B) into the wind if it must go there (VI.E), and
    off the mapboard only from an edge (VI.F); while its planes hold it at anchor it is plotted
    only to stay (VI.I.2.b), and the anchoring plots are asked of the check itself. A Task
    Force's paths one ``Product``, each Plot made when read."""
    for tf in state.task_forces:
        if tf.side != side or not tf.on_map or tf.entry is not None or movement.plotting_refusal(tf) is not None:
            continue
        assert tf.hex is not None
        check = movement.PlotCheck(game, state, tf)
        if not check.stranded:
            plots = _plot_paths(game, tf.hex, check.speed)
            if check.windy:
                plots = tuple(p for p in plots if wind.into_wind(game, tf.hex, p[0]))
            yield Product(partial(_plot, side, tf.number), plots)
        anchoring = (Plot(side, tf.number, (), anchor=True), Plot(side, tf.number, (), anchor=True, unload=True))
        yield [a for a in anchoring if check.moved_refusal(a, tf.hex) is None]


def _plot(side: str, task_force: int, plot: tuple[tuple[str, ...], bool]) -> Action:
    return Plot(side, task_force, plot[0], exit=plot[1])


def _plot_paths(game: Game, start: str, speed: int) -> tuple[tuple[tuple[str, ...], bool], ...]:
    """``_paths`` as Plots list them: each path, then off the mapboard too if it ends on an edge."""
    key = (game.board, start, speed)
    found = _PLOTS.get(key)
    if found is None:
        if len(_PLOTS) >= 4096:
            _PLOTS.clear()
        found = _PLOTS[key] = tuple((p, x) for p, edge in _paths(game, start, speed) for x in (False, True)[: 1 + edge])
    return found


def _paths(game: Game, start: str, speed: int) -> tuple[tuple[tuple[str, ...], bool], ...]:
    """Every path of at most ``speed`` hexes from ``start``, hex to hex, in order, each with
    whether it ends on an edge hex (VI.F); kept by board, as the legal orders list them for each
    Task Force whenever a side plots."""
    key = (game.board, start, speed)
    found = _PATHS.get(key)
    if found is None:
        if len(_PATHS) >= 4096:
            _PATHS.clear()
        board = game.board
        paths: list[tuple[str, ...]] = [()]
        frontier: list[tuple[str, ...]] = [()]
        for _ in range(speed):
            frontier = [(*p, n) for p in frontier for n in sorted(board.neighbors(p[-1] if p else start))]
            paths += frontier
        found = _PATHS[key] = tuple((p, game.edge(p[-1] if p else start)) for p in paths)
    return found


_PATHS: dict[tuple[Board, str, int], tuple[tuple[tuple[str, ...], bool], ...]] = {}
_PLOTS: dict[tuple[Board, str, int], tuple[tuple[tuple[str, ...], bool], ...]] = {}


def _transfers(game: Game, state: State, side: str) -> Iterator[Sequence[Action]]:
    """One ship at a time, without planes, to a Task Force in its hex or an unused box; built to
    ``reorganization.transfer_refusal`` by its own parts: the box a ship leaves is judged once a
    ship (VI.D: no planes left without ships; IV.B.1: the rest fit), each Task Force it may join
    after (Set Up III.C.1.a-c, IV.B.1). An unused box, or the mapboard unorganized (VI.D), takes
    it then: it starts with no planes, so nothing there can fail to fit. A box without planes
    fits any ships (nothing to hold: IV.B.1), so is not asked. A ship's moves to unused boxes
    one ``Product``, each made when read."""
    used = {t.number for t in state.task_forces if t.side == side}
    free = [n for n in range(1, TASK_FORCE_BOXES[side] + 1) if n not in used]
    set_up = state.step == "set-up"
    most = TASK_FORCE_SHIPS[side]
    for tf in state.task_forces:
        if tf.side != side or (not set_up and (not tf.on_map or tf.entry is not None)):
            continue  # (VI.C: only Task Forces on the mapboard reorganize)
        when = reorganization._when(tf)
        joins = [
            t
            for t in state.task_forces
            if t.side == side
            and t.number != tf.number
            and 1 <= t.number <= TASK_FORCE_BOXES[side]  # (VI.D: not into an Unorganized Ship unit)
            and len(t.ships) < most
            # Set Up III.C.1.a: the same area and Turn at set-up; VI.C: the same hex after
            and ((t.area == tf.area and reorganization._when(t) == when) if set_up else (t.on_map and t.hex == tf.hex))
        ]
        loose = () if set_up or tf.unorganized else (reorganization.next_unorganized(state, side),)  # (VI.D)
        unused = (*free, *loose)
        planes = tf.planes.all()
        loaded = [(t, t.planes.all()) for t in joins]
        for title in tf.ships:
            ships = tuple(t for t in tf.ships if t != title)
            if planes and (not ships or not game.fits(evolve(tf, ships=ships), planes)):
                continue
            yield [
                Transfer(side, tf.number, t.number, (title,))
                for t, aboard in loaded
                if not aboard or game.fits(evolve(t, ships=(*t.ships, title)), aboard)
            ]
            yield Product(partial(_transfer, side, tf.number, (title,)), unused)


def _transfer(side: str, source: int, ships: tuple[str, ...], target: int) -> Action:
    return Transfer(side, source, target, ships)


def _landings(game: Game, state: State, side: str) -> Iterator[Action]:
    """Built to ``air.land_refusal`` by its own parts: where the Air unit may land is judged
    once a box (VIII.A.1, VIII.B.2, VIII.G.2), what lands there once an order (IV.B, VI.E)."""
    for unit in state.air_units:
        if unit.side != side or unit.where not in air.FLYING:
            continue
        planes = sorted({r.plane for r in unit.records})
        here = air.air_hex(game, state, unit)
        reach = 0 if unit.moved else air.budget(game, unit)
        for box in state.boxes(side):
            if isinstance(box, TaskForce) and box.unorganized:
                continue  # (VI.D)
            off_board = isinstance(box, BaseBox) and box.hex is None
            if off_board:  # VIII.G.2: from an Air Entry Hex reached on an earlier Turn, whole
                if unit.where != "map" or here not in game.air_entry_hexes(box.id):
                    continue
                # (a plane type's order lands them all only if the Air unit has no other)
                kinds = [""] + (planes if len(planes) == 1 else [])
            else:
                target = game.box_hex(box)
                if target is None or here is None or game.board.distance(here, target) > reach:
                    continue
                kinds = ["", *planes]
            for plane in kinds:
                records = [r for r in unit.records if not plane or r.plane == plane]
                if air._handling_refusal(game, box, records, count_launch=not off_board) is None:
                    yield Land(side, unit.number, box.id, plane)


def _boxes_at(game: Game, state: State, side: str) -> tuple[tuple[str | None, tuple[str, ...]], ...]:
    """The side's boxes by hex, whose CAP Boxes an Air unit may join there (``Game.friendly_boxes_at``:
    an Unorganized Ship unit has none, VI.D), in the boxes' order."""
    at: dict[str | None, list[str]] = {}
    for box in state.boxes(side):
        if not (isinstance(box, TaskForce) and box.unorganized):
            at.setdefault(game.box_hex(box), []).append(box.id)
    return tuple((h, tuple(ids)) for h, ids in at.items())


@lru_cache(maxsize=256)
def _flights(
    order: type[MoveAir] | type[TakeOff],
    board: Board,
    side: str,
    number: int,
    start: str,
    reach: int,
    at: tuple[tuple[str | None, tuple[str, ...]], ...],
) -> tuple[MoveAir | TakeOff, ...]:
    """An Air unit's flights to each hex within ``reach``, alone or into a box's CAP Box there
    (VIII.B.2, VIII.H.2): kept, as an Air unit that has not moved is offered the same flights at
    every order its side gives in the step (hundreds each)."""
    boxes = dict(at)
    return tuple(order(side, number, h, cap) for h in _within(board, start, reach) for cap in ("", *boxes.get(h, ())))


@lru_cache(maxsize=4096)
def _within(board: Board, start: str, reach: int) -> tuple[str, ...]:
    """The hexes an Air unit may fly to, in order (asked for every flying unit at every order)."""
    return tuple(sorted(board.within(start, reach)))


def _moves(game: Game, state: State, side: str) -> Iterator[Sequence[Action]]:
    """Built to ``air.move_refusal`` and ``engaged.refusal`` exactly: hexes within the unit's
    budget, alone or into a CAP Box there (Basic VIII.B.2, VIII.H.2); not the enemy hex it must
    leave, nor, on its way home, another enemy hex (VIII.H.3). A unit's flights one part."""
    known: dict[str, bool] = {}  # enemy hexes as the side knows them, each judged once

    def enemy(h: str) -> bool:
        found = known.get(h)
        if found is None:
            found = known[h] = air._enemy_known_at(game, state, side, h)
        return found

    at = _boxes_at(game, state, side)
    for unit in state.air_units:
        if unit.side == side and unit.where in air.FLYING and not unit.moved:
            start = air.air_hex(game, state, unit)
            if start is not None:
                flights = _flights(MoveAir, game.board, side, unit.number, start, air.budget(game, unit), at)
                leave = unit.leave if engaged.must_leave(game, state, unit) else None
                if leave is None and not unit.homing:
                    yield flights
                    continue
                yield [a for a in flights if not (a.to == leave or (unit.homing and a.to != start and enemy(a.to)))]


def _entries(game: Game, state: State, side: str) -> Iterator[Action]:
    """Built to ``air.enter_refusal`` exactly: at the base's Air Entry Hexes once due (VIII.G.1)."""
    for unit in state.air_units:
        if unit.side == side and unit.where == "in-flight":
            assert unit.due is not None
            if not state.time < unit.due:
                for h in sorted(game.air_entry_hexes(unit.box)):
                    yield EnterMap(side, unit.number, h)


def _take_offs(game: Game, state: State, side: str) -> Iterator[Sequence[Action]]:
    """Built to ``air.take_off_refusal`` exactly: from an off-board base straight off the
    mapboard (VIII.G.1), else to a hex within the unit's speed, alone or into a CAP Box there
    (VIII.A.3, VIII.B.2, VIII.H.2); none from a Task Force gone from the mapboard (VI.F.2)."""
    at = _boxes_at(game, state, side)
    for unit in state.air_units:
        if unit.side != side or unit.where != "forming":
            continue
        box = state.box(side, unit.box)
        assert box is not None
        start = game.box_hex(box)
        if start is None:
            if isinstance(box, BaseBox):
                yield (TakeOff(side, unit.number, ""),)
            continue
        yield _flights(TakeOff, game.board, side, unit.number, start, air.speed(game, unit), at)


def _altitudes(game: Game, state: State, side: str) -> Iterator[Action]:
    for unit in state.air_units:
        if unit.side == side and unit.where in air.FLYING:
            for plane, high in sorted({(r.plane, not r.high) for r in unit.records}):
                yield Altitude(side, unit.number, plane, high)


def _air_attacks(game: Game, state: State, side: str) -> Iterator[Action]:
    """Basic VIII.I.1: Interceptors attacking where they are, in the first mover's move; built to
    ``air_combat.movement_attack_refusal`` by its own parts: whether the hex and altitude may
    see a fight is judged once (VIII.H.3, IX.D.1, III.E.1), the split of the Interceptors
    between Escorts and Bombers once an order (IX.D.2.a)."""
    from midway_desktop.games.cv.engaged import must_leave
    from midway_desktop.games.cv.sky import BOMBER, ESCORT, FIGHTERS, count, flying_here, groups, lines_at

    if not state.initiative or state.initiative[0] != side or state.mover != 0:
        return
    hexes = {air.air_hex(game, state, u) for u in state.air_units if u.side == side and u.where in air.FLYING}
    enemy = other(side)
    for hex_ in sorted(h for h in hexes if h is not None):
        trial = evolve(state, battle=hex_, orders=())  # (as the refusal asks: the Battle in this hex)
        lines = lines_at(game, trial, hex_)
        mine_here = [u for u in flying_here(game, state, hex_) if u.side == side]
        for high in air_combat.ALTITUDES:
            at_height = [u for u in mine_here if any(r.high == high for r in u.records)]
            if any(u.moved or must_leave(game, state, u) for u in at_height):
                continue  # (they attack instead of moving, and only if they need not leave)
            mine = count(air_combat.interceptors(lines, side, high))
            if not mine or not air_combat.can_fight(game, trial, hex_, high):
                continue
            if not air_combat._visible(game, trial, side, hex_, high):
                continue
            fighters = count(air_combat._at(lines, enemy, high, FIGHTERS))
            escorts = count(air_combat._at(lines, enemy, high, (ESCORT,)))
            bombers = count(air_combat._at(lines, enemy, high, (BOMBER,)))
            targets = [(0, 0)] + [
                (u, g)
                for u in sorted({x.unit for x in lines if x.side != side and x.high == high and x.role == BOMBER})
                for g in range(len(groups(lines, enemy, u, high)))
            ]
            for k in range(mine + 1):
                if k and not fighters:
                    continue
                for m in range(mine - k + 1):
                    if not k + m or (m and not bombers) or (m and escorts and not k):
                        continue
                    for u, g in targets:
                        if m == 0 or u != 0:
                            yield AirAttack(side, hex_, high, k, m, u, g)


def _jettisons(game: Game, state: State, side: str) -> Iterator[Action]:
    for unit in state.air_units:
        if unit.side == side and unit.where in air.FLYING:
            for plane in sorted({r.plane for r in unit.records if r.weapon}):
                yield Jettison(side, unit.number, plane)


# Orders a side may give at any time in its part of the Air Unit Movement Phase.
_AIR_ANY_TIME = ((_altitudes, air.altitude_refusal), (_regroups, None), (_jettisons, None))  # type: ignore[assignment]


# The makers that yield their orders in parts (``Product``s), not one by one.
_IN_PARTS: frozenset[Maker] = frozenset({_forms, _regroups, _moves, _take_offs, _plots, _readies, _transfers})  # type: ignore[arg-type]

# The order type each maker lists (``legal_orders``'s ``kinds``).
MAKES: dict[Maker, type[Action]] = {
    _places: Place, _transfers: Transfer, _stows: Stow, _readies: Ready, _forms: Form, _plots: Plot,
    _shadows: Shadow, _landings: Land, _moves: MoveAir, _entries: EnterMap, _air_attacks: AirAttack,
    _take_offs: TakeOff, _altitudes: Altitude, _regroups: Regroup, _jettisons: Jettison,
}  # fmt: skip

# Every order type but Place (``orders_now`` reads the Place orders apart).
_ALL_BUT_PLACE: tuple[type[Action], ...] = tuple(
    dict.fromkeys((*(t for t in MAKES.values() if t is not Place), *combat.ORDER_TYPES, Announce, Done))
)
