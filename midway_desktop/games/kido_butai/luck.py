"""Dice and draws for the hot paths: the engine's :class:`Rng`, drawn without its method calls.

A bot game rolls about a hundred dice, and each ``rng.die()`` is three Python calls deep
(``die`` → ``below`` → ``_next``). For the engine's own generator these functions step the
SplitMix64 state inline instead: the same numbers in the same order, the same rejection
sampling, the same ``uses`` count (one per die or draw), so records and replays do not
change. Any other generator (a :class:`ScriptedRng` replaying the rulebook, a subclass)
is asked through its methods as before.
"""

from __future__ import annotations

from midway_desktop.engine.rng import Rng

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_LIMIT_D6 = (1 << 64) - ((1 << 64) % 6)  # Rng.below(6)'s rejection bound


def die(rng: Rng) -> int:
    """One six-sided die: ``rng.die()``."""
    if type(rng) is not Rng:
        return rng.die()
    s = rng.state
    while True:
        s = (s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        if z < _LIMIT_D6:
            break
    rng.state = s
    rng.uses += 1
    return z % 6 + 1


def roll(rng: Rng, count: int) -> list[int]:
    """``count`` six-sided dice, one after another: ``[rng.die() for _ in range(count)]``."""
    if type(rng) is not Rng:
        one = rng.die
        return [one() for _ in range(count)]
    if count <= 0:
        return []
    s = rng.state
    out = []
    add = out.append
    for _ in range(count):
        while True:
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < _LIMIT_D6:
                break
        add(z % 6 + 1)
    rng.state = s
    rng.uses += count
    return out


def below(rng: Rng, n: int) -> int:
    """A uniform whole number in ``range(n)``: ``rng.below(n)``."""
    if type(rng) is not Rng or n <= 0:
        return rng.below(n)  # a script, or the engine's own complaint about the bound
    limit = (1 << 64) - ((1 << 64) % n)
    s = rng.state
    while True:
        s = (s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        if z < limit:
            break
    rng.state = s
    rng.uses += 1
    return z % n
