"""The game's fast dice give exactly what the engine's Rng gives, draw for draw."""

from __future__ import annotations

import random

import pytest

from midway_desktop.engine.rng import Rng, ScriptedRng
from midway_desktop.games.kido_butai import luck


def same(a: Rng, b: Rng) -> None:
    assert (a.state, a.uses) == (b.state, b.uses)


@pytest.mark.parametrize("seed", [0, 1, 1942, (1 << 64) - 1, 0x9E3779B97F4A7C15, 12345678901234567890])
def test_dice_rolls_and_draws_match_the_engine(seed: int) -> None:
    engine, fast = Rng(seed), Rng(seed)
    pick = random.Random(seed)
    for _ in range(300):  # well past several batches, in a mixed order
        kind = pick.randrange(4)
        if kind == 0:
            assert luck.die(fast) == engine.die()
        elif kind == 1:
            count = pick.randrange(0, 9)
            assert luck.roll(fast, count) == [engine.die() for _ in range(count)]
        elif kind == 2:
            n = pick.randrange(1, 40)
            assert luck.below(fast, n) == engine.below(n)
        else:
            engine.die()
            fast.die()  # the engine's own method in between: the batch must notice
        same(engine, fast)


def test_a_state_set_from_outside_starts_afresh() -> None:
    engine, fast = Rng(7), Rng(7)
    assert luck.roll(fast, 5) == [engine.die() for _ in range(5)]
    fast.state = engine.state = 99  # an undo puts an earlier state back
    assert luck.roll(fast, 20) == [engine.die() for _ in range(20)]
    same(engine, fast)
    other = Rng(99)  # another generator at the same point gets the same numbers
    assert luck.die(other) == Rng(99).die()


def test_rejection_sampling_as_the_engine() -> None:
    # A state whose next output lies beyond below(6)'s bound is astronomically rare, so
    # check the bound and the redraw path directly.
    assert luck._LIMIT_D6 == (1 << 64) - ((1 << 64) % 6)
    engine, fast = Rng(5), Rng(5)
    assert luck._next(fast) == engine._next()
    same(engine, fast)
    n = (1 << 63) + 1  # rejects almost half of all outputs
    for _ in range(50):
        assert luck.below(fast, n) == engine.below(n)
        same(engine, fast)


def test_scripted_luck_is_asked_through_its_methods() -> None:
    rng = ScriptedRng(dice=[6, 1, 2, 3], picks=[4])
    assert luck.die(rng) == 6
    assert luck.roll(rng, 3) == [1, 2, 3]
    assert luck.below(rng, 5) == 4
    assert rng.remaining == 0
    with pytest.raises(ValueError):
        luck.below(Rng(1), 0)


@pytest.mark.parametrize("seed", [0, 3, 1942, (1 << 64) - 1])
def test_drawing_until_a_miss_matches_the_engine(seed: int) -> None:
    engine, fast = Rng(seed), Rng(seed)
    pick = random.Random(seed)
    for _ in range(120):  # many cups, across batches, mixed with single dice
        hits, misses = pick.randrange(0, 12), pick.randrange(0, 4)
        drawn, ended, h = 0, 0, hits
        while h + misses:
            if engine.below(h + misses) < h:
                h -= 1
                drawn += 1
            else:
                ended = 1
                break
        assert luck.draw_until(fast, hits, misses) == (drawn, ended)
        assert luck.die(fast) == engine.die()
        same(engine, fast)
    scripted = ScriptedRng(picks=[0, 1])  # a hit, then the last of the two left: the miss
    assert luck.draw_until(scripted, 2, 1) == (1, 1)
