"""Bot games per second for Kido Butai (run on demand: ``pytest -m benchmark tests/benchmarks -s``).

Target (issue: Kido Butai rules): at least 1,000 complete bot games per second on one core,
through ``engine.bots.simulate``. The figures are printed, not asserted: time limits do not
belong in pass/fail tests. Both clocks are shown: wall-clock games per second depend on what
else the machine is doing, games per CPU-second much less (for a figure independent of load
altogether, count instructions: ``valgrind --tool=cachegrind`` over N games and over none).
"""

from __future__ import annotations

import time

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.engine.registry import get_rules
from midway_desktop.games.kido_butai.rules import default_bots

pytestmark = pytest.mark.benchmark

GAMES = 3000


def test_kido_butai_bot_games_per_second() -> None:
    rules = get_rules("kido-butai")
    simulate(rules, default_bots, 100, seed=1)  # imports and first-use caches
    cpu, wall = time.process_time(), time.perf_counter()
    summary = simulate(rules, default_bots, GAMES, seed=2026)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(
        f"\nKido Butai: {GAMES / cpu:.0f} bot games per CPU-second, {GAMES / wall:.0f} per wall-clock second "
        f"({GAMES} games, {summary.average_steps:.1f} actions a game, {cpu:.2f} s CPU, {wall:.2f} s wall)"
    )
    shares = ", ".join(f"{k} {v / GAMES:.1%}" for k, v in sorted(summary.results.items()))
    print(f"results: {shares}")
    assert sum(summary.results.values()) == GAMES
