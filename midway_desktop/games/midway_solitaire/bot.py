"""The American bot: intercepts the mission's targets, dodges hazards, spends fuel and long
range attacks where they pay, assigns hits to keep ships afloat, and puts the MA ahead of
the Japanese.

It knows only what the player may know: the board, the status boards and the deck's make-up
(its order stays hidden). It weighs every card of the deck alike, played or not: it does not
count cards (over thousands of games counting did not make it stronger), so what a position
means to it depends on the board alone, and is worked out once for all the games it plays.

Once per turn it reads the board: for each Japanese force, where each card would take it.
Every square the task forces can reach together is then scored by the fights it invites (a
small binomial model of a battle), the hazards it risks and how close it brings them to where
the primary target can be met.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import ceil, comb
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.games.midway_solitaire.actions import (
    US,
    AssignHits,
    EndTurn,
    LongRangeAttack,
    MoveTaskForce,
    PlaceAircraft,
    PlaceTaskForce,
    TurnOrders,
)
from midway_desktop.games.midway_solitaire.combat import assignments, long_range_strikes
from midway_desktop.games.midway_solitaire.data import Ruleset
from midway_desktop.games.midway_solitaire.movement import japanese_path
from midway_desktop.games.midway_solitaire.state import Battle, State
from midway_desktop.games.midway_solitaire.victory import MISSIONS

_new = object.__new__
_set = object.__setattr__
# Kept near-tables (see _near_for) and turn orders (see _turn_orders) at most: then forgotten.
_NEAR_LIMIT = 200_000
_ORDERS_LIMIT = 50_000  # a few tens of megabytes
_RANKS_LIMIT = 20_000  # move rankings (see _ranked), a few kilobytes each
_ASSIGNED_LIMIT = 20_000  # hit assignments (see _assign)
_WATCH_LIMIT = 50_000  # the MA's readings of the forces (see _watching)

# Set-up square by the first target's lane (provisional board: Alaska lane 1-2, CSF 3-5, MIF 6-9).
SETUP_SQUARE = {"AIF": "L2", "CSF": "L4", "MIF": "L6"}
SINK_TARGET = 100.0  # sinking a mission target
SINK_OTHER = 25.0  # sinking another force: one threat fewer to the objectives
LOSE_ONE_STRICT = 160.0  # losing a TF in missions 1-2 loses the game
LOSE_ONE = 45.0  # losing a TF in missions 3-6 halves the fleet
LOSE_ALL = 220.0
LONG_RANGE_BAIT = 0.08  # worth of ending next to a target while long range attacks remain
APPROACH = 3.0  # per square between a destination and the interception point
ARRIVAL_PACE = 0.6  # squares a turn a force gains on its goal, on average (provisional deck)
FUEL = 2.0  # spending one extra fuel
LONG_RANGE_RESERVE = 8.0  # keeping a long range attack for later


def _orders(moves: tuple[tuple[str, str], ...], ma: str) -> TurnOrders:
    """``TurnOrders(US, moves, ma)``, built as ``state.but`` builds states (the same value)."""
    orders = _new(TurnOrders)
    _set(orders, "__dict__", {"side": US, "moves": moves, "ma": ma})
    return orders


def faces(drm: int) -> int:
    """Faces of a d6 that hit on 5-6 after ``drm``."""
    return max(0, min(6, 2 + drm))


@cache
def tail(n: int, hit_faces: int, k: int) -> float:
    """P(at least ``k`` hits from ``n`` dice, each hitting on ``hit_faces`` of 6)."""
    if k <= 0:
        return 1.0
    if k > n or hit_faces <= 0:
        return 0.0
    p = hit_faces / 6
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@cache
def fight_value(
    target: bool,
    strict: bool,
    fp_jp: int,
    left_jp: int,
    limit_jp: int,
    group: tuple[tuple[int, int], ...],
    du: int,
    dj: int,
    rounds: int = 2,
) -> float:
    """Expected worth of a battle between one Japanese force and a group of TFs.

    ``group`` is (firepower, hits left) per TF. Hits are shared so that no TF sinks while
    the group can absorb them, as the bot does when it assigns them.
    """
    n_us, n_jp = rounds * sum(f for f, _ in group), rounds * fp_jp
    fu, fj = faces(du), faces(dj)
    sink = tail(n_us, fu, left_jp)
    dealt = sum(tail(n_us, fu, k) for k in range(1, left_jp + 1))  # E[min(hits, left)]
    lefts = [left for _, left in group]
    lose_one = tail(n_jp, fj, sum(left - 1 for left in lefts) + 1)
    lose_all = tail(n_jp, fj, sum(lefts))
    worth = SINK_TARGET if target else SINK_OTHER
    per_hit = (0.5 * SINK_TARGET if target else 0.3 * SINK_OTHER) / limit_jp
    lose = LOSE_ONE_STRICT if strict else (LOSE_ALL if len(group) == 1 else LOSE_ONE)
    return worth * sink + per_hit * dealt - lose * lose_one - LOSE_ALL * lose_all


def hit_cost(strict: bool, left: int) -> float:
    """What one more hit on a TF with ``left`` hits to spare costs."""
    if left <= 1:
        return LOSE_ONE_STRICT if strict else LOSE_ONE
    return 10.0 + 30.0 / left


_TABLE_NAMES = (
    "numbers",
    "_groups",
    "_near",
    "_alone",
    "_orders",
    "_ranks",
    "_assigned",
    "_watch",
    "hazard",
    "max_x",
    "max_y",
    "nearest_ma",
    "near_ma",
    "reach",
    "around",
    "ma_spots",
    "to_objective",
    "marks",
    "moves",
)  # the names of _tables' entries (the bot's slots for them)


def _tables(rs: Ruleset) -> dict[str, Any]:
    """What the bot looks up every turn, worked out once per ruleset (and kept while it lives):
    a simulation builds a new bot, and these take longer to build than a game takes to play."""
    found = rs.bot_tables
    if found is not None:
        return found
    grid = rs.grid
    numbers = rs.deck.numbers
    sub = danger = 0.0
    for n in numbers:
        card = rs.deck[n]
        if card.hazard == "sub-sighted":
            sub += faces(card.drm("japan", "sub")) / 6
        elif card.hazard == "danger":
            danger += faces(card.drm("japan", "danger")) / 6
    # Squares between each force and its goal (the AIF makes for Alaska, the others Midway).
    goals = {"AIF": "alaska", "CSF": "midway", "MIF": "midway"}
    found = rs.bot_tables = {
        "numbers": numbers,
        # Cards grouped by where they send a force from a square, per force (see _groups_for):
        # filled as squares come up.
        "_groups": ({}, {}, {}),
        # The same groups as seen from the TFs' reach this turn (see _near_for), and far from
        # the TFs (see _alone_for): they recur from turn to turn and game to game.
        "_near": {},
        "_alone": ({}, {}, {}),
        "_orders": {},  # see _turn_orders
        "_ranks": {},  # see _ranked
        "_assigned": {},  # see _assign
        "_watch": {},  # see _watching
        # The chance that the next card makes a submarine / danger zone attack that hits, on a
        # square so marked (the deck's make-up: every card counts, see AmericanBot).
        "hazard": (sub / len(numbers), danger / len(numbers)),
        "max_x": max(x for x, _ in grid.xy.values()),
        "max_y": max(y for _, y in grid.xy.values()),
        # The MA square nearest to each square (the MA area is what lies east of the line).
        "nearest_ma": {sq: min(grid.ma_area, key=lambda m, sq=sq: (grid.distance(sq, m), m)) for sq in grid.squares},  # type: ignore[misc]
        # Squares from which a force can end its move in the MA's area (two squares at most).
        "near_ma": {sq: any(grid.distance(sq, m) <= 2 for m in grid.ma_area) for sq in grid.squares},
        # A TF's reach from each square, without and with extra fuel.
        "reach": (
            {sq: frozenset(t for t, d in grid.reach[sq] if d < 2) for sq in grid.squares},
            {sq: frozenset(t for t, _ in grid.reach[sq]) for sq in grid.squares},
        ),
        "around": {sq: (sq, *grid.neighbours[sq]) for sq in grid.squares},
        # Where an MA attack can happen: its area, less the objectives (a force there has won).
        "ma_spots": grid.ma_area_set - set(grid.objective),
        "to_objective": {
            (u, sq): grid.distance(sq, grid.objective_square[g]) for u, g in goals.items() for sq in grid.squares
        },
        # Per square: its marked hazards (1 submarine, 2 danger zone), for scoring destinations.
        "marks": {sq: (sq in grid.submarines) + 2 * (sq in grid.danger) for sq in grid.squares},
    }
    marks = found["marks"]
    # A TF's moves from each square without and with extra fuel, in reach order: (square, whether
    # it takes the extra fuel, its hazard marks).
    found["moves"] = tuple(
        {sq: tuple((t, d == 2, marks[t]) for t, d in grid.reach[sq] if d < 2 or fuel) for sq in grid.squares}
        for fuel in (False, True)
    )
    return found


class _Near(NamedTuple):
    """A force's cards as they bear on the squares the TFs can reach this turn (card counts)."""

    fights: tuple[tuple[str, int], ...]  # square -> cards bringing a battle there
    both: tuple[tuple[str, int, int], ...]  # square -> those, and cards ending the force next to it


class _Alone(NamedTuple):
    """Where a force's cards send it from a square, TFs aside (card counts)."""

    spots: tuple[tuple[str, int], ...]  # MA spot -> cards ending the force there
    toward: int  # cards sending it toward the nearest TF
    sx: int  # its drift: the sum over the cards of the squares it moves east ...
    sy: int  # ... and south
    meets: dict[str, tuple[float, str]]  # TFs' square -> where they can meet it (see _meeting)


class _Reading:
    """The turn's reading of the board, shared by the turn's decisions."""

    __slots__ = ("japanese", "turn", "spots", "toward", "values", "aim", "dest")

    def __init__(self, japanese: Any, turn: int) -> None:
        self.japanese = japanese  # the state's tuple: identity marks the same turn of the same game
        self.turn = turn
        # MA square -> weighted cards ending a force there (3 a target, 1 another force); kept
        # and shared (see _watching): read, never changed.
        self.spots: dict[str, float] = {}
        # (force's square, weight, cards sending it toward the nearest TF) per force so moved.
        self.toward: tuple[tuple[str, float, int], ...] = ()
        self.values: dict[str, float] = {}  # square -> worth of the group ending there
        self.aim = ""
        self.dest: dict[str, str] = {}


@mypyc_attr(allow_interpreted_subclasses=True)
class AmericanBot:
    """A sensible American player for simulations (and a hint for a human).

    It reads the state itself (a solitaire bot may know all the player knows), so it needs
    no list of legal actions (``uses_legal``). With ``orders`` (the default) it gives a whole
    turn's moves and the MA's square as one :class:`TurnOrders`; without, it answers each
    step with the single action, choosing the same.

    Bot games run by the thousand, so the per-turn reading works from tables built here once
    (per square, per force and square) and keeps to plain loops over them.
    """

    uses_legal = False
    # The attributes filled from _tables (declared for mypy/mypyc; still slots when interpreted).
    numbers: tuple[int, ...]
    _groups: tuple[dict[str, tuple[tuple[str | None, int, int, int, bool], ...]], ...]
    _near: dict[tuple[int, str, frozenset[str]], _Near]
    _alone: tuple[dict[str, _Alone], ...]
    _orders: dict[tuple[Any, ...], Action]
    _ranks: dict[
        tuple[bool, str, str, float],
        tuple[dict[str, tuple[float, bool, int]], tuple[tuple[int, tuple[tuple[float, str], ...]], ...]],
    ]
    _assigned: dict[tuple[Any, ...], Action]
    _watch: dict[tuple[Any, ...], tuple[dict[str, float], tuple[tuple[str, float, int], ...]]]
    hazard: tuple[float, float]
    max_x: int
    max_y: int
    nearest_ma: dict[str, str]
    near_ma: dict[str, bool]
    reach: tuple[dict[str, frozenset[str]], ...]
    around: dict[str, tuple[str, ...]]
    ma_spots: frozenset[str]
    to_objective: dict[tuple[str, str], int]
    marks: dict[str, int]
    moves: tuple[dict[str, tuple[tuple[str, bool, int], ...]], ...]
    # Slots, not a __dict__: CPython 3.11 does not specialise a method look-up on an object
    # whose __dict__ has been made, and the bot's methods are looked up many times a turn.
    __slots__ = ("orders", "rs", "_reading", "_actions", *_TABLE_NAMES)

    def __init__(self, rules: Any, orders: bool = True) -> None:
        self.orders = orders
        self.rs: Ruleset = rules.rs
        # The board's and the deck's tables, shared by every bot of this ruleset (see _tables).
        for name, value in _tables(self.rs).items():
            setattr(self, name, value)
        self._reading: _Reading | None = None
        self._actions: dict[tuple[Any, ...], Action] = {}

    # -- the engine's entry point ------------------------------------------------------------
    def choose(self, session: Any, side: str, legal: Sequence[Action], rng: Rng) -> Action:
        state: State = session.state
        phase = state.phase
        if phase == "us-movement":
            return self._turn_orders(state) if self.orders else self._move(state)
        if phase == "ma-placement":
            return self._action(PlaceAircraft, self._ma_square(state))
        if phase == "long-range":
            return self._long_range(state)
        if phase == "assign-hits":
            return self._assign(state)
        if phase == "setup":
            tf = next(t.name for t in state.task_forces if not t.square)
            return self._action(PlaceTaskForce, tf, SETUP_SQUARE[MISSIONS[state.mission].targets[0]])
        return legal[0]

    # -- reading the turn ----------------------------------------------------------------------
    def _groups_for(self, unit: int, square: str) -> tuple[tuple[str | None, int, int, int, bool], ...]:
        """The cards grouped by where they send force ``unit`` from ``square``: (end square,
        or None for "toward the nearest TF"; how many cards; dx; dy; whether the MA can strike
        there)."""
        found = self._groups[unit].get(square)
        if found is None:
            rs = self.rs
            grid = rs.grid
            grouped: dict[str | None, int] = {}
            for n in self.numbers:
                move = rs.deck[n].moves[unit]
                if move.toward == "nearest-tf":
                    end: str | None = None
                else:
                    path = japanese_path(grid, square, move)
                    end = next((sq for sq in path if sq in grid.objective), path[-1] if path else square)
                grouped[end] = grouped.get(end, 0) + 1
            x0, y0 = grid.xy[square]
            spots = self.ma_spots
            found = self._groups[unit][square] = tuple(
                (e, k, (grid.xy[e][0] - x0) if e else 0, (grid.xy[e][1] - y0) if e else 0, e in spots)
                for e, k in grouped.items()
            )
        return found

    def _alone_for(self, unit: int, square: str) -> _Alone:
        """Force ``unit`` on ``square`` as the MA and the drift see it (see :class:`_Alone`)."""
        spots = []
        toward = sx = sy = 0
        for end, k, dx, dy, spot in self._groups_for(unit, square):
            if end is None:
                toward = k
                continue
            if spot:
                spots.append((end, k))
            sx += dx * k
            sy += dy * k
        found = self._alone[unit][square] = _Alone(tuple(spots), toward, sx, sy, {})
        return found

    def _near_for(self, unit: int, square: str, candidates: frozenset[str]) -> _Near:
        """What force ``unit`` on ``square``, close to the TFs, adds to the squares they can reach
        (``candidates``): per square, the cards bringing a battle there (sending the force onto
        it, or beside the TFs for "toward the nearest TF") and the cards ending the force next to
        it (inviting a long range attack). Kept: they recur."""
        nearby = self.rs.grid.neighbours
        fights: dict[str, int] = {}
        baits: dict[str, int] = {}
        for end, k, _, _, _ in self._groups_for(unit, square):
            if end is None:
                for sq in self.around[square]:
                    if sq in candidates:
                        fights[sq] = fights.get(sq, 0) + k
                continue
            if end in candidates:
                fights[end] = fights.get(end, 0) + k
            for sq in nearby[end]:
                if sq in candidates:
                    baits[sq] = baits.get(sq, 0) + k
        found = _Near(
            tuple(fights.items()), tuple((sq, fights.get(sq, 0), baits.get(sq, 0)) for sq in {**fights, **baits})
        )
        if len(self._near) >= _NEAR_LIMIT:
            self._near.clear()
        self._near[(unit, square, candidates)] = found
        return found

    def _read(self, state: State) -> _Reading:
        """The turn's reading (kept for the turn: the MA and each TF's move share it).

        Every card of the deck counts alike: the bot does not count the cards played (measured
        over thousands of games, counting them did not make it stronger), so what a force means
        to the TFs depends on the board alone and is worked out once for all games
        (``_near_for``, ``_alone_for``); a reading adds those up."""
        found = self._reading
        if found is not None and found.japanese is state.japanese and found.turn == state.turn:
            return found
        reading = self._reading = _Reading(state.japanese, state.turn)
        rs = self.rs
        mission = state.mission
        targets = MISSIONS[mission].targets
        limits = rs.limit
        firepower = rs.firepower
        # The TFs afloat: where they are, what they can reach this turn (only those squares need
        # a worth), their strength for the battle model, and whether a long range attack is left.
        reach = self.reach
        origin = ""
        candidates: frozenset[str] = frozenset()
        sig: tuple[tuple[int, int], ...] = ()
        lra = False
        for t in state.task_forces:
            if t.sunk:
                continue
            more = reach[t.fuel > 0][t.square]
            if not origin:
                origin, candidates = t.square, more
            elif more is not candidates:
                candidates = candidates | more
            name = t.name
            sig += ((firepower[name], limits[name] - t.damage),)
            if t.long_range > 0:
                lra = True
        if not origin:
            origin = rs.grid.midway
        from_origin = rs.grid.dist[origin]
        values = reading.values
        get = values.get
        watched: tuple[Any, ...] = ()
        near = self._near
        alone = self._alone
        strict = MISSIONS[mission].no_losses
        cards = len(self.numbers)
        near_ma = self.near_ma
        best_aim: tuple[float, int, str] | None = None
        for i, j in enumerate(state.japanese):
            if j.sunk:
                continue
            name = j.name
            square = j.square
            target = name in targets
            # The TFs (two squares at most) and the force (two at most) can only meet or touch
            # when close; far off, only where the force drifts matters, and whether the MA may
            # catch it.
            if from_origin[square] <= 5:
                # A battle's worth where a card brings one, and for a target, a long range
                # attack's where a card ends it next to the TFs, times the chance of the card.
                limit = limits[name]
                left = limit - j.damage
                worth = fight_value(target, strict, firepower[name], left, limit, sig, 0, 0) / cards
                try:  # kept (see _near_for): almost always there
                    bearing = near[(i, square, candidates)]
                except KeyError:
                    bearing = self._near_for(i, square, candidates)
                if target and lra:
                    bait = LONG_RANGE_BAIT * SINK_TARGET / left / cards
                    for sq, fights, baits in bearing.both:
                        values[sq] = get(sq, 0.0) + fights * worth + baits * bait
                else:
                    for sq, fights in bearing.fights:
                        values[sq] = get(sq, 0.0) + fights * worth
                seen = True
            elif near_ma[square]:
                seen = True
            elif target:
                seen = False
            else:
                continue
            if seen:
                watched += (i, square, target)
            if target:
                # The target with the least time to spare between meeting it and its landing.
                try:
                    meet = alone[i][square].meets[origin]
                except KeyError:
                    meet = self._meet(i, name, square, origin)
                aim = (meet[0], limits[name] - j.damage, meet[1])
                if best_aim is None or aim < best_aim:
                    best_aim = aim
        reading.aim = best_aim[2] if best_aim else origin
        try:  # the forces the MA watches recur far more often than whole positions: kept
            reading.spots, reading.toward = self._watch[watched]
        except KeyError:
            reading.spots, reading.toward = self._watching(watched)
        return reading

    def _meet(self, i: int, name: str, square: str, origin: str) -> tuple[float, str]:
        """``_meeting`` for force ``i`` on ``square``, its cards grouped first if need be."""
        try:
            found = self._alone[i][square]
        except KeyError:
            found = self._alone_for(i, square)
        return self._meeting(name, square, origin, found.sx, found.sy, found.meets)

    def _watching(self, watched: tuple[Any, ...]) -> tuple[dict[str, float], tuple[tuple[str, float, int], ...]]:
        """The reading's MA spots and forces moving toward the nearest TF, from the forces it
        watches (``watched``: force, square and whether a target, in turn): weighted cards
        ending a force on each spot (3 a target, 1 another force). Kept in ``_watch``, read
        as they are (``_ma_square`` copies before adding to them)."""
        spots: dict[str, float] = {}
        toward: list[tuple[str, float, int]] = []
        alone = self._alone
        for n in range(0, len(watched), 3):
            i, square, target = watched[n : n + 3]
            try:
                ends, nearest, _, _, _ = alone[i][square]
            except KeyError:
                ends, nearest, _, _, _ = self._alone_for(i, square)
            w = 3.0 if target else 1.0
            for end, k in ends:
                spots[end] = spots.get(end, 0.0) + w * k
            if nearest:
                toward.append((square, w, nearest))
        if len(self._watch) >= _WATCH_LIMIT:
            self._watch.clear()
        found = self._watch[watched] = (spots, tuple(toward))
        return found

    def _meeting(
        self, name: str, square: str, origin: str, sx: int, sy: int, meets: dict[str, tuple[float, str]]
    ) -> tuple[float, str]:
        """Turns until, and the square where, TFs at ``origin`` (one square a turn) can meet force
        ``name`` on ``square`` drifting (sx, sy) / the deck's cards a turn: (its time to spare
        between that meeting and its landing, ranked late if negative; the square). Kept in
        ``meets``, the force's by square (see :class:`_Alone`): they recur."""
        grid = self.rs.grid
        xy = grid.xy
        ox, oy = xy[origin]
        max_x, max_y = self.max_x, self.max_y
        cards = len(self.numbers)
        fx, fy = sx / cards, sy / cards
        x0, y0 = xy[square]
        gap = grid.dist[origin][square]
        closing = 1 + (fx if ox > x0 else -fx if ox < x0 else 0) + (fy if oy > y0 else -fy if oy < y0 else 0)
        turns = gap if closing <= 0.25 else ceil(gap / closing)
        turns = 1 if turns < 1 else 9 if turns > 9 else turns
        x = round(x0 + turns * fx)
        y = round(y0 + turns * fy)
        x = 0 if x < 0 else max_x if x > max_x else x
        y = 0 if y < 0 else max_y if y > max_y else y
        slack = self.to_objective[(name, square)] / ARRIVAL_PACE - turns
        found = meets[origin] = (slack if slack >= 0 else 99 - slack, grid.at[(x, y)])
        return found

    # -- decisions -----------------------------------------------------------------------------
    def _move(self, state: State) -> Action:
        reading = self._read(state)
        mover = next(t.name for t in state.task_forces if not t.sunk and t.name not in state.moved)
        dest = reading.dest.get(mover)
        if dest is None:
            reading.dest = self._destinations(state, reading)
            dest = reading.dest[mover]
        return self._action(MoveTaskForce, mover, dest)

    def _turn_orders(self, state: State) -> Action:
        """The moves ``_move`` would make one by one, then the MA where ``_ma_square`` would
        put it with the task forces on their new squares.

        The orders are a function of what the bot reads (the mission, what has moved, and each
        unit's square and status board; not the cards played, see ``_read``), and the same
        positions recur from game to game: kept by those, shared by the ruleset's bots."""
        tfs, japanese = state.task_forces, state.japanese
        if len(tfs) == 2 and len(japanese) == 3:  # always, in this game: one flat key (units by place)
            a, b = tfs
            x, y, z = japanese
            key: tuple[Any, ...] = (
                state.mission,
                state.moved,
                a.sunk,
                a.square,
                a.fuel > 0,
                a.damage,
                a.long_range > 0,
                b.sunk,
                b.square,
                b.fuel > 0,
                b.damage,
                b.long_range > 0,
                x.sunk,
                x.square,
                x.damage,
                y.sunk,
                y.square,
                y.damage,
                z.sunk,
                z.square,
                z.damage,
            )
        else:
            key = (
                state.mission,
                state.moved,
                *[(t.name, t.sunk, t.square, t.fuel > 0, t.damage, t.long_range > 0) for t in tfs],
                *[(j.name, j.sunk, j.square, j.damage) for j in japanese],
            )
        known = self._orders
        found = known.get(key)
        if found is not None:
            return found
        if len(known) >= _ORDERS_LIMIT:
            known.clear()
        found = known[key] = self._new_orders(state)
        return found

    def _new_orders(self, state: State) -> Action:
        """``_turn_orders`` worked out."""
        reading = self._read(state)
        tfs = state.task_forces
        if len(tfs) == 2 and not state.moved:
            a, b = tfs
            if not (a.sunk or b.sunk) and a.square == b.square and (a.fuel > 0) == (b.fuel > 0):
                # The usual turn: both TFs together, moving as one (``_destinations``' first case).
                strict = MISSIONS[state.mission].no_losses
                limits = self.rs.limit
                costs = hit_cost(strict, limits[a.name] - a.damage) + hit_cost(strict, limits[b.name] - b.damage)
                to = self._best_move(reading, a.square, a.fuel > 0, 2 * FUEL, costs)
                reading.dest = {a.name: to, b.name: to}
                return _orders(((a.name, to), (b.name, to)), self._ma_square(state, [to], reading))
        dest = reading.dest = self._destinations(state, reading)
        moved = state.moved
        moves = []
        squares = []
        for t in state.task_forces:
            if not t.sunk:
                name = t.name
                if name in moved:
                    squares.append(t.square)
                else:
                    to = dest[name]
                    moves.append((name, to))
                    squares.append(to)
        return _orders(tuple(moves), self._ma_square(state, squares, reading))

    def _action(self, kind: type[Action], *args: str) -> Action:
        """One shared action object per choice (they are values; building them costs time)."""
        key = (kind, *args)
        found = self._actions.get(key)
        if found is None:
            found = self._actions[key] = kind(US, *args)
        return found

    def _scored(
        self, reading: _Reading, square: str, fuel: bool, fuel_cost: float, to_aim: dict[str, int], costs: float
    ) -> dict[str, float]:
        """Each square a TF on ``square`` can reach with its worth (extra fuel for two squares)."""
        get = reading.values.get
        sub_p, danger_p = self.hazard
        sub_cost = sub_p * costs
        danger_cost = danger_p * costs
        out = {}
        for sq, two, mark in self.moves[fuel][square]:
            s = get(sq, 0.0) - APPROACH * to_aim[sq]
            if two:
                s -= fuel_cost
            if mark:
                if mark & 1:
                    s -= sub_cost
                if mark & 2:
                    s -= danger_cost
            out[sq] = s
        return out

    def _best_move(self, reading: _Reading, square: str, fuel: bool, fuel_cost: float, costs: float) -> str:
        """The best square to end on from ``square``: the top of ``_scored``, the first by name on
        a tie (``_scored``'s sums, made here without the dict: this runs every turn).

        Only squares with a worth, and the cheapest square without one of each kind of hazard
        marks, can be the top: a square without a worth scores its approach and fuel (whole
        numbers) less the same hazard costs as the rest of its kind, so within a kind the
        cheapest wins (see ``_ranked``). The same sums as ``_scored``'s, on fewer squares."""
        values = reading.values
        sub_p, danger_p = self.hazard
        sub_cost = sub_p * costs
        danger_cost = danger_p * costs
        key = (fuel, square, reading.aim, fuel_cost)
        info, ranked = self._ranks.get(key) or self._ranked(key)
        best_sq = ""
        best = 0.0
        for sq, v in values.items():
            found = info.get(sq)
            if found is None:
                continue
            a, two, mark = found
            s = v - a
            if two:
                s -= fuel_cost
            if mark:
                if mark & 1:
                    s -= sub_cost
                if mark & 2:
                    s -= danger_cost
            if not best_sq or s > best or (s == best and sq < best_sq):
                best_sq, best = sq, s
        for mark, rows in ranked:
            for s, sq in rows:
                if sq in values:
                    continue
                if mark & 1:
                    s -= sub_cost
                if mark & 2:
                    s -= danger_cost
                if not best_sq or s > best or (s == best and sq < best_sq):
                    best_sq, best = sq, s
                break
        return best_sq

    def _ranked(
        self, key: tuple[bool, str, str, float]
    ) -> tuple[dict[str, tuple[float, bool, int]], tuple[tuple[int, tuple[tuple[float, str], ...]], ...]]:
        """For ``_best_move`` from a square (with or without extra fuel, toward an aim, at a fuel
        cost): each reachable square's approach cost, whether it takes extra fuel and its hazard
        marks; and per kind of marks, the squares' scores without worth or hazards, best first
        (the first by name on a tie). Kept: squares and aims recur from turn to turn."""
        fuel, square, aim, fuel_cost = key
        to_aim = self.rs.grid.dist[aim]
        info = {}
        kinds: dict[int, list[tuple[float, str]]] = {}
        for sq, two, mark in self.moves[fuel][square]:
            a = APPROACH * to_aim[sq]
            info[sq] = (a, two, mark)
            s = 0.0 - a  # as _scored's sum for a square without worth (whole numbers: exact)
            if two:
                s -= fuel_cost
            kinds.setdefault(mark, []).append((s, sq))
        ranked = tuple((mark, tuple(sorted(rows, key=lambda r: (-r[0], r[1])))) for mark, rows in kinds.items())
        if len(self._ranks) >= _RANKS_LIMIT:
            self._ranks.clear()
        found = self._ranks[key] = (info, ranked)
        return found

    def _destinations(self, state: State, reading: _Reading) -> dict[str, str]:
        rs = self.rs
        grid = rs.grid
        moved = state.moved
        movers = [t for t in state.task_forces if not t.sunk and t.name not in moved]
        strict = MISSIONS[state.mission].no_losses
        to_aim = grid.dist[reading.aim]
        costs = 0.0
        limits = rs.limit
        for t in movers:
            costs += hit_cost(strict, limits[t.name] - t.damage)
        first = movers[0]
        if len(movers) == 1:
            return {first.name: self._best_move(reading, first.square, first.fuel > 0, FUEL, costs)}
        second = movers[1]
        if first.square == second.square and (first.fuel > 0) == (second.fuel > 0):  # together
            best = self._best_move(reading, first.square, first.fuel > 0, 2 * FUEL, costs)
            return {first.name: best, second.name: best}
        options = [self._scored(reading, t.square, t.fuel > 0, FUEL, to_aim, costs) for t in movers]
        common = options[0].keys() & options[1].keys()
        if common:  # one square for both
            best = max(sorted(common), key=lambda sq: options[0][sq] + options[1][sq])
            return {first.name: best, second.name: best}
        out = {}  # apart and out of each other's reach: close up while scoring
        for t, o, other in ((first, options[0], second), (second, options[1], first)):
            near = grid.dist[other.square]
            out[t.name] = max(sorted(o), key=lambda sq, o=o, near=near: o[sq] - 2 * APPROACH * near[sq])  # type: ignore[misc]
        return out

    def _ma_square(self, state: State, tf_squares: list[str] | None = None, reading: _Reading | None = None) -> str:
        """MS › American Units (MA): placed east of the dashed line before the card is flipped;
        the square most likely to catch a target, else ahead of the first target. The TFs are
        on ``tf_squares`` (by default where the state has them; together, one of them will do);
        ``reading`` is the turn's, when the caller has it."""
        if reading is None:
            reading = self._read(state)
        spots = reading.spots  # whole sums (weights 3 and 1 times card counts): order is moot
        if reading.toward:
            if tf_squares is None:
                tf_squares = [t.square for t in state.task_forces if not t.sunk]
            if tf_squares:
                grid = self.rs.grid
                steps = grid.steps_toward  # read here without a call to grid.toward
                area = self.ma_spots
                spots = dict(spots)  # the reading's own stays as read
                for square, w, k in reading.toward:
                    here = grid.dist[square]
                    nearest = tf_squares[0]
                    for sq in tf_squares:
                        if here[sq] < here[nearest]:
                            nearest = sq
                    step = steps.get((square, nearest)) or grid.toward(square, nearest)
                    if step in area:
                        spots[step] = spots.get(step, 0.0) + w * k
        if not spots:
            return self.nearest_ma[reading.aim]
        # The best spot, the first by name on a tie: found by the builtins (no loop in Python)
        # unless the best is shared, which is rare.
        worths = list(spots.values())
        best = max(worths)
        if worths.count(best) == 1:
            return list(spots)[worths.index(best)]
        return min([sq for sq, v in spots.items() if v == best])

    def _long_range(self, state: State) -> Action:
        """MS › Long Range Attacks / Midway Strategy: strike when the odds pay for the counter
        (a damaged target, a favourable event, few cards left to save it for).

        The strikes are weighed in the order the rules list them (TF-16's first, targets by
        Japanese force)."""
        best: Action = self._action(EndTurn)
        rs = self.rs
        strikes = long_range_strikes(rs, state)
        if not strikes:
            return best
        japanese = state.japanese
        mission = MISSIONS[state.mission]
        card = rs.deck[state.card] if state.card is not None else None
        du = card.drm("us", "ship") if card else 0
        dj = card.drm("japan", "ship") if card else 0
        best_v = 0.0
        spent = len(state.played) / len(self.numbers)
        reserve = LONG_RANGE_RESERVE * max(0.2, 1 - spent)
        for tf, target in strikes:
            left_tf = rs.limit[tf.name] - tf.damage
            sig = ((rs.firepower[tf.name], left_tf),)
            value = 0.0
            for j in japanese:
                if j.sunk or j.square != target:
                    continue
                limit = rs.limit[j.name]
                value += fight_value(
                    j.name in mission.targets,
                    mission.no_losses,
                    rs.firepower[j.name],
                    limit - j.damage,
                    limit,
                    sig,
                    du,
                    dj,
                    1,
                )
            value = value * 2 / 3 - hit_cost(mission.no_losses, left_tf) / 3 - reserve  # goes in on 1-4
            if value > best_v:
                best, best_v = self._action(LongRangeAttack, tf.name, target), value
        return best

    def _assign(self, state: State) -> Action:
        """MS › Ship Attacks: the player assigns hits. Keep every TF afloat if the hits allow,
        else sink as few as possible; put American hits where they sink targets first.

        The choice depends only on the hits and the damage of the units in the fight: kept by
        those (the same fights recur), shared by the ruleset's bots."""
        battle = state.battle
        assert battle is not None
        # The units afloat in the fight with their damage, in the battle's order (the state's):
        # what ``afloat_in`` and the state's look-ups give, in two plain loops.
        key: tuple[Any, ...] = (state.mission, battle.on_american, battle.on_japanese)
        names = battle.americans
        for t in state.task_forces:
            if not t.sunk and t.name in names:
                key += ((t.name, t.damage),)
        key += (None,)
        names = battle.japanese
        for j in state.japanese:
            if not j.sunk and j.name in names:
                key += ((j.name, j.damage),)
        found = self._assigned.get(key)
        if found is None:
            if len(self._assigned) >= _ASSIGNED_LIMIT:
                self._assigned.clear()
            found = self._assigned[key] = self._new_assignment(state, battle)
        return found

    def _new_assignment(self, state: State, battle: Battle) -> Action:
        """``_assign`` worked out."""
        rs = self.rs
        on_us, on_jp = assignments(state, battle)
        targets = MISSIONS[state.mission].targets

        def us_score(pairs: tuple[tuple[str, int], ...]) -> tuple[int, int]:
            lefts = [rs.limit[name] - state.tf(name).damage - n for name, n in pairs]
            return -sum(left <= 0 for left in lefts), min(lefts)

        def jp_score(pairs: tuple[tuple[str, int], ...]) -> float:
            v = 0.0
            for name, n in pairs:
                left = rs.limit[name] - state.jp(name).damage
                target = name in targets
                v += ((SINK_TARGET if target else SINK_OTHER) if n >= left else 0.0) + min(n, left) * (
                    5 if target else 2
                )
            return v

        return AssignHits(US, max(on_us, key=us_score), max(on_jp, key=jp_score))
