"""Luck, kept in the game: a small seeded generator whose whole state is one integer.

Dice, card shuffles and pool draws all come from here, so a record (seed + actions) replays
exactly, and a test can swap in :class:`ScriptedRng` to replay a rulebook example die for die.
The generator is SplitMix64: tiny, fast in pure Python, identical on every platform.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from itertools import repeat
from struct import Struct
from typing import TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")
_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
# below(n)'s rejection bound per small n (dice, shuffles): worked out once, not every draw.
_LIMITS: dict[int, int] = {}
_LIMITS_FOR = 4096  # bounds kept at most up to here (larger ones are rare and unbounded)


def _limit(n: int) -> int:
    """``below(n)``'s rejection bound: outputs from it up would favour the low numbers. Kept in
    ``_LIMITS`` for small ``n`` (read there first by the hot paths)."""
    limit = _SPAN - _SPAN % n
    if n <= _LIMITS_FOR:
        _LIMITS[n] = limit
    return limit


# -- numbers worked out ahead ---------------------------------------------------------------
# A SplitMix64 step is a dozen operations on 64-bit Python integers. Sixteen steps are worked
# out at once instead, lane by lane inside one large integer (each lane 128 bits wide, so a
# 64-bit product never spills into the next), and handed out one by one: the very numbers
# and states of the plain step, at about a third of the cost.
AHEAD = 16
_WIDTH = 128
_ONES = sum(1 << (_WIDTH * k) for k in range(AHEAD))  # 1 in every lane
_STEPS = sum(((k + 1) * _GAMMA) << (_WIDTH * k) for k in range(AHEAD))  # lane k: k + 1 steps on
_LANES = _MASK * _ONES  # the low 64 bits of every lane
_BYTES = AHEAD * _WIDTH // 8
_UNPACK = Struct("<" + "Q8x" * AHEAD).unpack  # each lane's low half; the high half is skipped


class Ahead:
    """The next ``AHEAD`` states and outputs of the sequence that continues from state ``at``.

    Kept by the state they follow from, not by generator: a generator whose state was set
    elsewhere (an undo, another generator) simply starts a fresh batch. One batch for the
    process, so luck is drawn from one thread (as the app and the simulator do).
    """

    __slots__ = ("at", "pos", "states", "outs")

    def __init__(self) -> None:
        self.at = -1  # no state: the first draw works out a batch
        self.pos = AHEAD
        self.states: tuple[int, ...] = ()
        self.outs: tuple[int, ...] = ()

    def fill(self, state: int) -> None:
        s = (state * _ONES + _STEPS) & _LANES
        z = s ^ ((s >> 30) & _LANES)
        z = (z * _MIX1) & _LANES
        z ^= (z >> 27) & _LANES
        z = (z * _MIX2) & _LANES
        z ^= z >> 31  # what spills into a lane's high half is never read
        self.states = _UNPACK(s.to_bytes(_BYTES, "little"))
        self.outs = _UNPACK(z.to_bytes(_BYTES, "little"))
        self.pos = 0
        self.at = state


AHEAD_OF = Ahead()  # shared by every generator (see Ahead)


@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    """Seeded source of dice and draws. ``state`` is all there is to save."""

    def __init__(self, state: int = 0) -> None:
        self.state = state & _MASK
        self.uses = 0  # how many times luck was consulted; a change marks an action as lucky

    def _next(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform whole number in ``range(n)`` (rejection sampling: no modulo bias).

        The hot path of every die and draw: outputs come from the batch worked out ahead."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs a positive bound")
            limit = _limit(n)
        self.uses += 1
        a = AHEAD_OF
        pos = a.pos
        if pos == AHEAD or self.state != a.at:
            a.fill(self.state)
            pos = 0
        z = a.outs[pos]
        a.at = self.state = a.states[pos]
        a.pos = pos + 1
        while z >= limit:  # rejected: the next output
            pos = a.pos
            if pos == AHEAD:
                a.fill(a.at)
                pos = 0
            z = a.outs[pos]
            a.at = self.state = a.states[pos]
            a.pos = pos + 1
        return z % n

    def reveal(self) -> None:
        """Something hidden was turned face up (a card from a shuffled deck).

        No number is drawn, but the player has learned what came next, so undo must stop
        here just as it stops at a die roll.
        """
        self.uses += 1

    def die(self, sides: int = 6) -> int:
        """One die: 1..sides. A d10's face 0 reads as 10, so it is simply 1..10 here."""
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> tuple[int, ...]:
        cls = type(self)
        if cls.die is not Rng.die or cls.below is not Rng.below or sides <= 0:  # a subclass's own luck
            die = self.die
            return tuple([die(sides) for _ in range(count)])
        # Battles roll a handful of dice a side, many times a game: read from the batch at once.
        return tuple(self._draws(repeat(sides, count), 1))

    def hits(self, count: int, least: int, sides: int = 6) -> int:
        """How many of ``count`` dice (1..sides) show ``least`` or more: the same draws, state and
        uses as ``dice(count, sides)``, without making the dice (a battle nobody watches only
        counts its hits)."""
        cls = type(self)
        if cls.die is not Rng.die or cls.below is not Rng.below or sides <= 0:  # a subclass's own luck
            return sum(1 for d in self.dice(count, sides) if d >= least)
        if count <= 0:
            return 0
        a = AHEAD_OF
        if a.pos == AHEAD or self.state != a.at:
            a.fill(self.state)
        limit = _LIMITS.get(sides) or _limit(sides)
        face = least - 1  # a die shows its draw + 1
        outs, pos, hit = a.outs, a.pos, 0
        for _ in range(count):
            while True:
                if pos == AHEAD:
                    a.fill(a.states[-1])  # the sequence goes on from the batch's last state
                    outs, pos = a.outs, 0
                z = outs[pos]
                pos += 1
                if z < limit:
                    break
            if z % sides >= face:
                hit += 1
        a.at = self.state = a.states[pos - 1]
        a.pos = pos
        self.uses += count
        return hit

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, drawing ``below(i + 1)`` for i from the top down."""
        below = self.below
        if type(self).below is not Rng.below:  # a subclass's own luck
            for i in range(len(items) - 1, 0, -1):
                j = below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        # Every game opens with a shuffle (Midway Solitaire's deck): its draws read at once.
        n = len(items)
        for i, j in zip(range(n - 1, 0, -1), self._draws(range(n, 1, -1))):
            items[i], items[j] = items[j], items[i]

    def _draws(self, bounds: Iterable[int], start: int = 0) -> list[int]:
        """``below(n) + start`` for each positive ``n`` of ``bounds`` in turn: the very numbers,
        states and uses of drawing them one by one, read straight from the batch (no call per
        draw)."""
        a = AHEAD_OF
        if a.pos == AHEAD or self.state != a.at:
            a.fill(self.state)
        limits = _LIMITS
        out = []
        for n in bounds:
            limit = limits.get(n) or _limit(n)
            while True:
                pos = a.pos
                if pos == AHEAD:
                    a.fill(a.at)
                    pos = 0
                z = a.outs[pos]
                a.at = a.states[pos]
                a.pos = pos + 1
                if z < limit:
                    break
            out.append(z % n + start)
        self.state = a.at
        self.uses += len(out)
        return out

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from nothing")
        return items[self.below(len(items))]


def seed_state(seed: int | str) -> int:
    """A generator state from a seed number or phrase (same seed, same game)."""
    if isinstance(seed, int):
        return seed & _MASK
    h = 1469598103934665603
    for ch in seed.encode():
        h = ((h ^ ch) * 1099511628211) & _MASK
    return h


@mypyc_attr(native_class=False)
class ScriptExhausted(AssertionError):
    """A scripted test asked for more luck than its script holds."""


class ScriptedRng(Rng):
    """Luck from a list, for replaying a rulebook example die for die.

    ``dice`` feeds :meth:`die`; ``picks`` feeds :meth:`below` (so :meth:`choice` and draws);
    ``orders`` gives whole shuffles as lists of the items in their new order.
    """

    def __init__(
        self,
        dice: Iterable[int] = (),
        picks: Iterable[int] = (),
        orders: Iterable[Sequence[object]] = (),
    ) -> None:
        super().__init__(0)
        self._dice = list(dice)
        self._picks = list(picks)
        self._orders = [list(o) for o in orders]
        self.rolled: list[int] = []

    def die(self, sides: int = 6) -> int:
        if not self._dice:
            raise ScriptExhausted("the script has no more dice")
        self.uses += 1
        value = self._dice.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"scripted die {value} is not on a d{sides}")
        self.rolled.append(value)
        return value

    def below(self, n: int) -> int:
        if not self._picks:
            raise ScriptExhausted("the script has no more draws")
        self.uses += 1
        value = self._picks.pop(0)
        if not 0 <= value < n:
            raise ValueError(f"scripted pick {value} is outside 0..{n - 1}")
        return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        if not self._orders:
            raise ScriptExhausted("the script has no more shuffles")
        self.uses += 1
        order = self._orders.pop(0)
        if sorted(map(repr, order)) != sorted(map(repr, items)):
            raise ValueError("scripted shuffle does not hold the same items")
        items[:] = order  # type: ignore[assignment]

    @property
    def remaining(self) -> int:
        return len(self._dice) + len(self._picks) + len(self._orders)
