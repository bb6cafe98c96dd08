"""The generator's output, pinned: saved records are seed + actions, so a faster ``Rng`` must
draw exactly the numbers the first one drew (dice, draws, shuffles, and its final state).

The digests were taken from the original big-integer SplitMix64 before it was optimised.
"""

from __future__ import annotations

import hashlib

import pytest

from midway_desktop.engine.rng import Rng, seed_state


def _stream(seed: int) -> list[int | str]:
    """200 d6, 200 d10, draws below awkward bounds (some reject often), shuffles, a choice."""
    rng = Rng(seed)
    out: list[int | str] = [rng.die(6) for _ in range(200)]
    out += [rng.die(10) for _ in range(200)]
    out += [rng.below(n) for n in (1, 2, 3, 7, 52, 1000, 2**63 + 5, 2**64 - 1)]
    for size in (2, 10, 30):
        out += rng.shuffled(range(size))
    out += [rng.choice("abcdefg"), rng.state, rng.uses]
    return out


PINNED = {
    0: ([2, 1, 2, 5, 2, 1, 6, 3, 6, 3, 2, 5], "b68e3dcae07dfc0d7a3fd77ebdf1463854ce62b2606360bb2c311dfad1c0f76d"),
    1: ([6, 2, 1, 6, 4, 3, 4, 4, 1, 5, 4, 5], "57fa1404f97c18c356ca4a3d6f9d55728bfb54af81bbec719377796ebc7e6801"),
    1942: ([2, 2, 4, 3, 6, 5, 2, 3, 5, 4, 6, 1], "8c34821eb9a111d7822cd4f41c0a7fb044bf54aa0e0840a7dd9aef2bc3dd62df"),
    2**64 - 1: (
        [3, 4, 2, 1, 1, 2, 2, 3, 1, 5, 2, 2],
        "9e6be1b5f8fb910e5e2e578c08dc054c85cc7ffd9760af8f0b8545f6652126cc",
    ),
    seed_state("Midway"): (
        [2, 2, 6, 2, 3, 6, 6, 4, 4, 6, 3, 6],
        "6adde99a3c92a34d34e10423c7de73b8fd788ae3c1300751d60fdce081241c42",
    ),
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_the_stream_is_the_one_records_were_made_with(seed: int) -> None:
    first, digest = PINNED[seed]
    stream = _stream(seed)
    assert stream[:12] == first
    assert hashlib.sha256(repr(stream).encode()).hexdigest() == digest


def test_state_can_be_set_and_read_between_draws() -> None:
    """Undo writes ``rng.state`` back; the draws after it must be the ones made before."""
    rng = Rng(7)
    rng.die()
    saved = rng.state
    ahead = [rng.die(), rng.below(1000), rng.die(10)]
    rng.state = saved
    assert [rng.die(), rng.below(1000), rng.die(10)] == ahead
