"""The American bot: intercepts the mission's targets, dodges hazards, spends fuel and long
range attacks where they pay, assigns hits to keep ships afloat, and puts the MA ahead of
the Japanese.

It knows only what the player may know: the board, the status boards and the face-up cards.
The face-down deck's order stays hidden; its make-up is public (every card not yet played),
so the bot weighs each possible next card equally, as a careful player would.

Once per turn it reads the board: for each Japanese force, where each remaining card would
take it. Every square the task forces can reach together is then scored by the fights it
invites (a small binomial model of a battle), the hazards it risks and how close it brings
them to where the primary target can be met. Cards are bits of an integer, so "how many
remaining cards send the CSF to H4" is one ``bit_count``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import ceil, comb
from typing import Any

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
)
from midway_desktop.games.midway_solitaire.combat import assignments
from midway_desktop.games.midway_solitaire.data import Ruleset
from midway_desktop.games.midway_solitaire.movement import japanese_path
from midway_desktop.games.midway_solitaire.state import State
from midway_desktop.games.midway_solitaire.victory import MISSIONS

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


class _Reading:
    """The turn's reading of the board, shared by the turn's decisions."""

    __slots__ = ("japanese", "turn", "counts", "toward_tf", "values", "hazard", "aim", "dest")

    def __init__(self, japanese: Any, turn: int) -> None:
        self.japanese = japanese  # the state's tuple: identity marks the same turn of the same game
        self.turn = turn
        self.counts: dict[str, dict[str, int]] = {}  # force -> square -> cards ending it there
        self.toward_tf: dict[str, int] = {}  # force -> cards sending it toward the nearest TF
        self.values: dict[str, float] = {}  # square -> worth of the group ending there
        self.hazard = 0.0, 0.0  # chance of a sub / danger zone hit on a marked square
        self.aim = ""
        self.dest: dict[str, str] = {}


class AmericanBot:
    """A sensible American player for simulations (and a hint for a human)."""

    def __init__(self, rules: Any) -> None:
        self.rs: Ruleset = rules.rs
        rs = self.rs
        self.numbers = rs.deck.numbers
        self.bit = {n: 1 << i for i, n in enumerate(self.numbers)}
        self.full = (1 << len(self.numbers)) - 1
        # Cards grouped by where they send a force from a square (see _groups_for).
        self._groups: dict[tuple[int, str], tuple[tuple[str | None, int, int, int], ...]] = {}
        by_risk: dict[tuple[float, float], int] = {}
        for n in self.numbers:
            card = rs.deck[n]
            sub = faces(card.drm("japan", "sub")) / 6 if card.hazard == "sub-sighted" else 0.0
            danger = faces(card.drm("japan", "danger")) / 6 if card.hazard == "danger" else 0.0
            by_risk[(sub, danger)] = by_risk.get((sub, danger), 0) | self.bit[n]
        # (sub hit chance, danger zone hit chance, card mask) for each kind of hazard card.
        self._hazards = [(s, d, m) for (s, d), m in by_risk.items() if s or d]
        self.max_x = max(x for x, _ in rs.grid.xy.values())
        self.max_y = max(y for _, y in rs.grid.xy.values())
        # The MA square nearest to each square (the MA area is what lies east of the line).
        self.nearest_ma = {
            sq: min(rs.grid.ma_area, key=lambda m, sq=sq: (rs.grid.distance(sq, m), m)) for sq in rs.grid.squares
        }
        self._drift: dict[tuple[int, str], tuple[float, float]] = {}
        # Squares from which a force can end its move in the MA's area (two squares at most).
        self.near_ma = {sq: any(rs.grid.distance(sq, m) <= 2 for m in rs.grid.ma_area) for sq in rs.grid.squares}
        self.reach = {
            (sq, fuel): frozenset(t for t, d in rs.grid.reach[sq] if d < 2 or fuel)
            for sq in rs.grid.squares
            for fuel in (False, True)
        }
        self.around = {sq: (sq, *rs.grid.neighbours[sq]) for sq in rs.grid.squares}
        # Where an MA attack can happen: its area, less the objectives (a force there has won).
        self.ma_spots = rs.grid.ma_area_set - set(rs.grid.objective)
        # Squares between each force and its goal (the AIF makes for Alaska, the others Midway).
        goals = {"AIF": "alaska", "CSF": "midway", "MIF": "midway"}
        self.to_objective = {
            (u, sq): rs.grid.distance(sq, rs.grid.objective_square[g])
            for u, g in goals.items()
            for sq in rs.grid.squares
        }
        self._reading: _Reading | None = None
        self._actions: dict[tuple[Any, ...], Action] = {}
        self._remaining: tuple[tuple[int, ...], int] = ((), self.full)

    # -- the engine's entry point ------------------------------------------------------------
    def choose(self, session: Any, side: str, legal: Sequence[Action], rng: Rng) -> Action:
        state: State = session.state
        phase = state.phase
        if phase == "us-movement":
            return self._move(state, legal)
        if phase == "ma-placement":
            return self._action(PlaceAircraft, self._ma_square(state))
        if phase == "long-range":
            return self._long_range(state, legal)
        if phase == "assign-hits":
            return self._assign(state)
        if phase == "setup":
            tf = next(a.tf for a in legal if isinstance(a, PlaceTaskForce))
            return PlaceTaskForce(US, tf, SETUP_SQUARE[MISSIONS[state.mission].targets[0]])
        return legal[0]

    # -- reading the turn ----------------------------------------------------------------------
    def _groups_for(self, unit: int, square: str) -> tuple[tuple[str | None, int, int, int], ...]:
        """The cards grouped by where they send force ``unit`` from ``square``: (end square,
        or None for "toward the nearest TF"; card mask; dx; dy)."""
        key = (unit, square)
        found = self._groups.get(key)
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
                grouped[end] = grouped.get(end, 0) | self.bit[n]
            x0, y0 = grid.xy[square]
            found = self._groups[key] = tuple(
                (e, m, (grid.xy[e][0] - x0) if e else 0, (grid.xy[e][1] - y0) if e else 0) for e, m in grouped.items()
            )
            n = len(self.numbers)
            self._drift[key] = (
                sum(dx * m.bit_count() for _, m, dx, _ in found) / n,
                sum(dy * m.bit_count() for _, m, _, dy in found) / n,
            )
        return found

    def _remaining_mask(self, state: State) -> int:
        played, mask = self._remaining
        if played != state.played:
            mask = self.full
            for n in state.played:
                mask &= ~self.bit[n]
            self._remaining = (state.played, mask)
        return mask

    def _read(self, state: State) -> _Reading:
        found = self._reading
        if found is not None and found.japanese is state.japanese and found.turn == state.turn:
            return found
        reading = self._reading = _Reading(state.japanese, state.turn)
        rs = self.rs
        grid = rs.grid
        left_mask = self._remaining_mask(state)
        total = left_mask.bit_count() or 1
        sub = danger = 0.0
        for s, d, m in self._hazards:
            k = (m & left_mask).bit_count()
            sub += s * k
            danger += d * k
        reading.hazard = (sub / total, danger / total)
        mission = MISSIONS[state.mission]
        group = [t for t in state.task_forces if not t.sunk]
        origin = group[0].square if group else grid.midway
        from_origin = grid.dist[origin]
        sig = tuple((rs.firepower[t.name], rs.limit[t.name] - t.damage) for t in group)
        lra = any(t.long_range > 0 for t in group)
        values = reading.values
        get = values.get
        around = self.around
        # Only squares the TFs can reach this turn need a worth.
        reach = self.reach
        candidates = set().union(*(reach[(t.square, t.fuel > 0)] for t in group)) if group else set()
        best_aim: tuple[float, int, str] | None = None
        for i, j in enumerate(state.japanese):
            if j.sunk:
                continue
            target = j.name in mission.targets
            limit = rs.limit[j.name]
            left = limit - j.damage
            counts: dict[str, int] = {}
            sx = sy = nearest = 0
            groups = self._groups_for(i, j.square)
            # The TFs (two squares at most) and the force (two at most) can only meet or touch
            # when close; far off, only where the force drifts matters.
            if from_origin[j.square] <= 5:
                worth = fight_value(target, mission.no_losses, rs.firepower[j.name], left, limit, sig, 0, 0) / total
                for end, m, dx, dy in groups:
                    k = (m & left_mask).bit_count()
                    if not k:
                        continue
                    if end is None:  # toward the nearest TF: met wherever the TFs end beside it
                        nearest = k
                        for sq in around[j.square]:
                            if sq in candidates:
                                values[sq] = get(sq, 0.0) + k * worth
                        continue
                    counts[end] = k
                    sx += dx * k
                    sy += dy * k
                    if end in candidates:
                        values[end] = get(end, 0.0) + k * worth
                if target and lra:  # a target ending next to the TFs invites a long range attack
                    bait = LONG_RANGE_BAIT * SINK_TARGET / left / total
                    for end, k in counts.items():
                        for sq in around[end]:
                            if sq in candidates and sq != end:
                                values[sq] = get(sq, 0.0) + bait * k
            elif self.near_ma[j.square]:  # far from the TFs, but the MA may catch it
                for end, m, dx, dy in groups:
                    k = (m & left_mask).bit_count()
                    if k:
                        if end is None:
                            nearest = k
                        else:
                            counts[end] = k
                            sx += dx * k
                            sy += dy * k
            else:  # far from everything: the whole deck's drift is near enough
                dx, dy = self._drift[(i, j.square)]
                sx, sy = dx * total, dy * total
            reading.counts[j.name] = counts
            reading.toward_tf[j.name] = nearest
            if target:
                turns, point = self._meeting_point(j.square, sx / total, sy / total, origin)
                # The target with the least time to spare between meeting it and its landing.
                slack = self.to_objective[(j.name, j.square)] / ARRIVAL_PACE - turns
                key = (slack if slack >= 0 else 99 - slack, left, point)
                if best_aim is None or key < best_aim:
                    best_aim = key
        reading.aim = best_aim[2] if best_aim else origin
        return reading

    def _meeting_point(self, square: str, dx: float, dy: float, origin: str) -> tuple[int, str]:
        """Turns until, and the square where, TFs at ``origin`` (one square a turn) can meet a
        force drifting (dx, dy) a turn from ``square``."""
        grid = self.rs.grid
        x0, y0 = grid.xy[square]
        ox, oy = grid.xy[origin]
        gap = abs(ox - x0) + abs(oy - y0)
        closing = 1 + (dx if ox > x0 else -dx if ox < x0 else 0) + (dy if oy > y0 else -dy if oy < y0 else 0)
        turns = min(9, max(1, gap if closing <= 0.25 else ceil(gap / closing)))
        x = min(self.max_x, max(0, round(x0 + turns * dx)))
        y = min(self.max_y, max(0, round(y0 + turns * dy)))
        return turns, grid.at[(x, y)]

    # -- decisions -----------------------------------------------------------------------------
    def _move(self, state: State, legal: Sequence[Action]) -> Action:
        reading = self._read(state)
        mover = legal[0].tf  # type: ignore[attr-defined]
        dest = reading.dest.get(mover)
        if dest is None:
            reading.dest = self._destinations(state, reading)
            dest = reading.dest[mover]
        return self._action(MoveTaskForce, mover, dest)

    def _action(self, kind: type[Action], *args: str) -> Action:
        """One shared action object per choice (they are values; building them costs time)."""
        key = (kind, *args)
        found = self._actions.get(key)
        if found is None:
            found = self._actions[key] = kind(US, *args)
        return found

    def _destinations(self, state: State, reading: _Reading) -> dict[str, str]:
        rs = self.rs
        grid = rs.grid
        movers = [t for t in state.task_forces if not t.sunk and t.name not in state.moved]
        strict = MISSIONS[state.mission].no_losses
        sub_p, danger_p = reading.hazard
        values = reading.values
        to_aim = grid.dist[reading.aim]
        subs, danger = grid.submarines, grid.danger
        costs = sum(hit_cost(strict, rs.limit[t.name] - t.damage) for t in movers)

        def scored(square: str, fuel: bool, fuel_cost: float) -> dict[str, float]:
            """Each square reachable from ``square`` with its worth (extra fuel for two squares)."""
            out = {}
            for sq, d in grid.reach[square]:
                if d == 2 and not fuel:
                    continue
                s = values.get(sq, 0.0) - APPROACH * to_aim[sq]
                if d == 2:
                    s -= fuel_cost
                if sq in subs:
                    s -= sub_p * costs
                if sq in danger:
                    s -= danger_p * costs
                out[sq] = s
            return out

        first = movers[0]
        if len(movers) == 1:
            o = scored(first.square, first.fuel > 0, FUEL)
            return {first.name: max(sorted(o), key=o.__getitem__)}
        second = movers[1]
        if first.square == second.square and (first.fuel > 0) == (second.fuel > 0):  # together
            o = scored(first.square, first.fuel > 0, 2 * FUEL)
            best = max(sorted(o), key=o.__getitem__)
            return {first.name: best, second.name: best}
        options = [scored(t.square, t.fuel > 0, FUEL) for t in movers]
        common = options[0].keys() & options[1].keys()
        if common:  # one square for both
            best = max(sorted(common), key=lambda sq: options[0][sq] + options[1][sq])
            return {first.name: best, second.name: best}
        out = {}  # apart and out of each other's reach: close up while scoring
        for t, o, other in ((first, options[0], second), (second, options[1], first)):
            near = grid.dist[other.square]
            out[t.name] = max(sorted(o), key=lambda sq, o=o, near=near: o[sq] - 2 * APPROACH * near[sq])
        return out

    def _ma_square(self, state: State) -> str:
        """MS › American Units (MA): placed east of the dashed line before the card is flipped;
        the square most likely to catch a target, else ahead of the first target."""
        reading = self._read(state)
        grid = self.rs.grid
        targets = MISSIONS[state.mission].targets
        area = self.ma_spots
        spots: dict[str, float] = {}
        tf_squares = [t.square for t in state.task_forces if not t.sunk]
        for j in state.japanese:
            if j.sunk:
                continue
            w = 3.0 if j.name in targets else 1.0
            for sq, k in reading.counts[j.name].items():
                if sq in area:
                    spots[sq] = spots.get(sq, 0.0) + w * k
            k = reading.toward_tf[j.name]
            if k and tf_squares:
                here = grid.dist[j.square]
                step = grid.toward(j.square, min(tf_squares, key=here.__getitem__))
                if step in area:
                    spots[step] = spots.get(step, 0.0) + w * k
        if spots:
            return max(sorted(spots), key=spots.__getitem__)
        return self.nearest_ma[reading.aim]

    def _long_range(self, state: State, legal: Sequence[Action]) -> Action:
        """MS › Long Range Attacks / Midway Strategy: strike when the odds pay for the counter
        (a damaged target, a favourable event, few cards left to save it for)."""
        rs = self.rs
        mission = MISSIONS[state.mission]
        card = rs.deck[state.card] if state.card is not None else None
        du = card.drm("us", "ship") if card else 0
        dj = card.drm("japan", "ship") if card else 0
        best: Action = next(a for a in legal if isinstance(a, EndTurn))
        best_v = 0.0
        spent = len(state.played) / len(self.numbers)
        reserve = LONG_RANGE_RESERVE * max(0.2, 1 - spent)
        for a in legal:
            if not isinstance(a, LongRangeAttack):
                continue
            tf = state.tf(a.tf)
            left_tf = rs.limit[tf.name] - tf.damage
            sig = ((rs.firepower[tf.name], left_tf),)
            value = 0.0
            for j in state.japanese:
                if j.sunk or j.square != a.target:
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
                best, best_v = a, value
        return best

    def _assign(self, state: State) -> Action:
        """MS › Ship Attacks: the player assigns hits. Keep every TF afloat if the hits allow,
        else sink as few as possible; put American hits where they sink targets first."""
        rs = self.rs
        battle = state.battle
        assert battle is not None
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
