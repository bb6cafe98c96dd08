"""Luck: seeded, reproducible, unbiased enough, and scriptable die for die."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from midway_desktop.engine.rng import Rng, ScriptedRng, ScriptExhausted, seed_state


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_same_seed_same_luck(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    assert [a.die(10) for _ in range(20)] == [b.die(10) for _ in range(20)]
    assert a.state == b.state


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=100))
def test_dice_stay_on_the_die(seed: int, sides: int) -> None:
    rng = Rng(seed)
    assert all(1 <= rng.die(sides) <= sides for _ in range(30))


def test_d6_is_fair_within_reason() -> None:
    rng = Rng(seed_state("fairness"))
    counts = Counter(rng.die(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in range(1, 7):
        assert 9_400 < counts[face] < 10_600


def test_d10_reads_zero_as_ten() -> None:
    rng = Rng(5)
    faces = {rng.die(10) for _ in range(500)}
    assert faces == set(range(1, 11))


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    a = Rng(42).shuffled(range(30))
    b = Rng(42).shuffled(range(30))
    assert a == b and sorted(a) == list(range(30)) and a != list(range(30))


class _DrawByDraw(Rng):
    """The plain Fisher-Yates over ``below`` (a subclass's own ``below`` takes that path)."""

    def below(self, n: int) -> int:
        return Rng.below(self, n)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=80))
def test_the_written_out_shuffle_is_the_draw_by_draw_one(seed: int, size: int) -> None:
    fast, plain = Rng(seed), _DrawByDraw(seed)
    assert fast.shuffled(range(size)) == plain.shuffled(range(size))
    assert (fast.state, fast.uses) == (plain.state, plain.uses)
    assert fast.die() == plain.die()


def test_seed_phrase_is_stable() -> None:
    assert seed_state("Midway") == seed_state("Midway") != seed_state("midway")


def test_uses_counts_every_consultation() -> None:
    rng = Rng(1)
    rng.die()
    rng.choice([1, 2, 3])
    rng.shuffled([1, 2, 3])
    assert rng.uses == 4  # die + choice + two swaps in a 3-item shuffle


def test_scripted_dice_replay_in_order_and_refuse_to_run_dry() -> None:
    rng = ScriptedRng(dice=[1, 3, 4, 5, 5])
    assert rng.dice(5) == (1, 3, 4, 5, 5)
    assert rng.rolled == [1, 3, 4, 5, 5]
    with pytest.raises(ScriptExhausted):
        rng.die()


def test_scripted_die_must_fit_the_die() -> None:
    with pytest.raises(ValueError):
        ScriptedRng(dice=[7]).die(6)


def test_scripted_shuffle_must_hold_the_same_items() -> None:
    items = ["a", "b", "c"]
    ScriptedRng(orders=[["c", "a", "b"]]).shuffle(items)
    assert items == ["c", "a", "b"]
    with pytest.raises(ValueError):
        ScriptedRng(orders=[["x", "a", "b"]]).shuffle(items)


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.lists(st.tuples(st.integers(min_value=0, max_value=12), st.sampled_from([2, 6, 10, 6])), max_size=12),
)
def test_the_written_out_dice_are_the_die_by_die_ones(seed: int, rolls: list[tuple[int, int]]) -> None:
    fast, plain = Rng(seed), _DrawByDraw(seed)
    for count, sides in rolls:
        assert fast.dice(count, sides) == plain.dice(count, sides)
        assert (fast.state, fast.uses) == (plain.state, plain.uses)
    assert fast.die() == plain.die()


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=20), st.integers(min_value=-1, max_value=8), st.sampled_from([6, 6, 10])
        ),
        max_size=12,
    ),
)
def test_counted_hits_are_the_dice_that_show_enough(seed: int, rolls: list[tuple[int, int, int]]) -> None:
    """``hits`` counts what ``dice`` would show, drawing the same numbers (state and uses too)."""
    fast, plain, scripted_source = Rng(seed), Rng(seed), Rng(seed)
    for count, least, sides in rolls:
        assert fast.hits(count, least, sides) == sum(d >= least for d in plain.dice(count, sides))
        assert (fast.state, fast.uses) == (plain.state, plain.uses)
    assert fast.die() == plain.die()
    script = [scripted_source.die() for _ in range(6)]
    assert ScriptedRng(dice=script).hits(6, 5) == sum(d >= 5 for d in script)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=40))
def test_counted_hits_redraw_rejected_numbers_as_dice_do(seed: int, count: int) -> None:
    """Rejections (a draw in the last ``2**64 % n`` outputs) are too rare to meet: shrink the
    span so about half the outputs are rejected; the counted hits still follow the die-by-die
    draws, state and uses."""
    import midway_desktop.engine.rng as rng_module

    span, limits = rng_module._SPAN, dict(rng_module._LIMITS)
    rng_module._SPAN = 2**63 + 12_345
    rng_module._LIMITS.clear()
    try:
        fast, plain = Rng(seed), _DrawByDraw(seed)
        assert fast.hits(count, 4) == sum(d >= 4 for d in plain.dice(count))
        assert (fast.state, fast.uses) == (plain.state, plain.uses)
    finally:
        rng_module._SPAN = span
        rng_module._LIMITS.clear()
        rng_module._LIMITS.update(limits)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=40), st.integers(0, 12))
def test_written_out_draws_redraw_rejected_numbers_as_below_does(seed: int, size: int, count: int) -> None:
    """The shuffle's and the dice's runs of draws, with about half the outputs rejected (a shrunk
    span, as above): still the draw-by-draw numbers, state and uses."""
    import midway_desktop.engine.rng as rng_module

    span, limits = rng_module._SPAN, dict(rng_module._LIMITS)
    rng_module._SPAN = 2**63 + 12_345
    rng_module._LIMITS.clear()
    try:
        fast, plain = Rng(seed), _DrawByDraw(seed)
        assert fast.shuffled(range(size)) == plain.shuffled(range(size))
        assert fast.dice(count) == plain.dice(count)
        assert (fast.state, fast.uses) == (plain.state, plain.uses)
    finally:
        rng_module._SPAN = span
        rng_module._LIMITS.clear()
        rng_module._LIMITS.update(limits)
