"""Bot games per second for Kido Butai (run on demand: ``pytest -m benchmark tests/benchmarks -s``).

Target (issue: Kido Butai rules): at least 1,000 complete bot games per second on one core,
through ``engine.bots.simulate``. The figures are printed, not asserted: time limits do not
belong in pass/fail tests.

The machine is shared: other programs only ever slow a round down (here, often by a third),
so several rounds of fresh games are run and the best is the core's rate (as ``timeit``
reads its repeats), with the median beside it. For a figure independent of load
altogether, count instructions: ``valgrind --tool=callgrind`` over N games and over none.
``MIDWAY_BENCH_GAMES`` and ``MIDWAY_BENCH_ROUNDS`` set the games a round and the rounds.
"""

from __future__ import annotations

import os
import statistics
import time

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.engine.registry import get_rules
from midway_desktop.games.kido_butai.rules import default_bots

pytestmark = pytest.mark.benchmark

GAMES = int(os.environ.get("MIDWAY_BENCH_GAMES", "1000"))
ROUNDS = int(os.environ.get("MIDWAY_BENCH_ROUNDS", "5"))


def test_kido_butai_bot_games_per_second() -> None:
    rules = get_rules("kido-butai")
    simulate(rules, default_bots, 100, seed=1)  # imports and first-use caches
    rates, walls = [], []
    for r in range(ROUNDS):
        cpu, wall = time.process_time(), time.perf_counter()
        summary = simulate(rules, default_bots, GAMES, seed=2026 + 10_000 * r)  # fresh games each round
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        rates.append(GAMES / cpu)
        walls.append(GAMES / wall)
        assert sum(summary.results.values()) == GAMES
    print(
        f"\nKido Butai: best {max(rates):.0f} bot games per CPU-second (median {statistics.median(rates):.0f}; "
        f"rounds {', '.join(f'{x:.0f}' for x in rates)}), best {max(walls):.0f} per wall-clock second "
        f"({ROUNDS} rounds of {GAMES} games, {summary.average_steps:.1f} actions a game)"
    )
    shares = ", ".join(f"{k} {v / GAMES:.1%}" for k, v in sorted(summary.results.items()))
    print(f"results of the last round: {shares}")
