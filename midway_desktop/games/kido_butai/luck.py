"""Dice and draws for the hot paths: the engine's :class:`Rng`, worked out sixteen numbers at a time.

A bot game consults luck about a hundred times, and each SplitMix64 step is a dozen
operations on 64-bit Python integers. For the engine's own generator these functions take
them from the engine's batch (``engine.rng.Ahead``: sixteen states and outputs worked out
together, lane by lane inside one large integer), with fewer calls than ``Rng``'s methods.
They are the very numbers ``Rng`` would give, in the same order, with the same rejection
sampling, the same ``state`` after every draw and the same ``uses`` count (one per die or
draw), so records and replays do not change.

Numbers worked out ahead are kept by the state they follow from, not by generator: a
generator whose state is set elsewhere (an undo, another caller) simply starts a fresh
batch. Any other generator (a :class:`ScriptedRng` replaying the rulebook, a subclass) is
asked through its methods as before.
"""

from __future__ import annotations

from midway_desktop.engine.rng import AHEAD, AHEAD_OF, Rng

_LIMIT_D6 = (1 << 64) - ((1 << 64) % 6)  # Rng.below(6)'s rejection bound
_ahead = AHEAD_OF  # the engine's batch of numbers worked out ahead, shared with Rng itself


def _next(rng: Rng) -> int:
    """One raw output, as ``rng._next()`` (the rare path: a batch runs out mid-draw)."""
    a = _ahead
    if a.pos == AHEAD or rng.state != a.at:
        a.fill(rng.state)
    pos = a.pos
    a.at = rng.state = a.states[pos]
    a.pos = pos + 1
    return a.outs[pos]


def die(rng: Rng) -> int:
    """One six-sided die: ``rng.die()``."""
    if type(rng) is not Rng:
        return rng.die()
    a = _ahead
    pos = a.pos
    if pos == AHEAD or rng.state != a.at:
        a.fill(rng.state)
        pos = 0
    z = a.outs[pos]
    a.at = rng.state = a.states[pos]
    a.pos = pos + 1
    while z >= _LIMIT_D6:  # rejection sampling, as Rng.below
        z = _next(rng)
    rng.uses += 1
    return z % 6 + 1


def roll(rng: Rng, count: int) -> list[int]:
    """``count`` six-sided dice, one after another: ``[rng.die() for _ in range(count)]``."""
    if type(rng) is not Rng:
        one = rng.die
        return [one() for _ in range(count)]
    if count <= 0:
        return []
    a = _ahead
    if a.pos == AHEAD or rng.state != a.at:
        a.fill(rng.state)
    out = []
    add = out.append
    for _ in range(count):
        pos = a.pos
        if pos == AHEAD:
            a.fill(a.at)
            pos = 0
        z = a.outs[pos]
        a.at = rng.state = a.states[pos]
        a.pos = pos + 1
        while z >= _LIMIT_D6:
            z = _next(rng)
        add(z % 6 + 1)
    rng.uses += count
    return out


def below(rng: Rng, n: int) -> int:
    """A uniform whole number in ``range(n)``: ``rng.below(n)``."""
    if type(rng) is not Rng or n <= 0:
        return rng.below(n)  # a script, or the engine's own complaint about the bound
    a = _ahead
    pos = a.pos
    if pos == AHEAD or rng.state != a.at:
        a.fill(rng.state)
        pos = 0
    z = a.outs[pos]
    a.at = rng.state = a.states[pos]
    a.pos = pos + 1
    limit = _BOUNDS[n] if n < _SMALL else _bound(n)
    while z >= limit:
        z = _next(rng)
    rng.uses += 1
    return z % n


def draw_until(rng: Rng, hits: int, misses: int) -> tuple[int, int]:
    """Draw at random, without putting back, from ``hits`` + ``misses`` counters until a miss
    comes out or none are left: (hits drawn, misses drawn, 0 or 1).

    Each draw is ``below(hits + misses)`` (a position, hits listed first), the numbers
    handed out in one loop rather than a call per draw.
    """
    if type(rng) is not Rng:
        drawn = 0
        while hits + misses:
            if rng.below(hits + misses) < hits:
                hits -= 1
                drawn += 1
            else:
                return drawn, 1
        return drawn, 0
    drawn = ended = 0
    n = hits + misses
    if n:
        a = _ahead
        if a.pos == AHEAD or rng.state != a.at:
            a.fill(rng.state)
        while n:
            pos = a.pos
            if pos == AHEAD:
                a.fill(a.at)
                pos = 0
            z = a.outs[pos]
            a.at = rng.state = a.states[pos]
            a.pos = pos + 1
            limit = _BOUNDS[n] if n < _SMALL else _bound(n)
            while z >= limit:
                z = _next(rng)
            rng.uses += 1
            if z % n < hits:
                hits -= 1
                drawn += 1
                n -= 1
            else:
                ended = 1
                break
    return drawn, ended


def _bound(n: int) -> int:
    """``below(n)``'s rejection bound: the largest multiple of ``n`` within 64 bits."""
    return (1 << 64) - ((1 << 64) % n)


_SMALL = 64
_BOUNDS = (0, *(_bound(n) for n in range(1, _SMALL)))  # the bounds of the cups' and dice's sizes
