"""Midway Solitaire bot games per second, and each mission's bot win rate (on demand:
``pytest -m benchmark tests/benchmarks/test_midway_solitaire_speed.py -s``).

Target (issue: Midway Solitaire rules): at least 1,000 complete bot games a second on one
core. Figures are printed, not asserted: wall-clock limits do not belong in pass/fail tests.
Both clocks are shown: on a machine shared with other jobs the wall clock also counts time
spent waiting for the CPU, so games per CPU second (``time.process_time``) is the fairer
figure; ``MIDWAY_BENCH_GAMES`` sets the games per mission (default 2,000).
"""

from __future__ import annotations

import os
import time

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.games.midway_solitaire.rules import RULES, default_bots

pytestmark = pytest.mark.benchmark

GAMES = int(os.environ.get("MIDWAY_BENCH_GAMES", "2000"))


def test_bot_games_per_second() -> None:
    simulate(RULES, default_bots, 200, 1)  # warm the caches
    total_games, total_cpu, total_wall = 0, 0.0, 0.0
    for mission in range(1, 7):
        cpu, wall = time.process_time(), time.perf_counter()
        summary = simulate(RULES, default_bots, GAMES, 1000 * mission, options={"mission": mission})
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        total_games += GAMES
        total_cpu += cpu
        total_wall += wall
        p, lo, hi = summary.interval("american-victory")
        print(
            f"mission {mission}: {GAMES / wall:7.0f} games/s wall, {GAMES / cpu:7.0f} per CPU second, "
            f"{summary.average_steps:5.1f} steps; American wins {p:.3f} (95% {lo:.3f}-{hi:.3f})"
        )
    print(
        f"all missions: {total_games / total_wall:.0f} games/s wall, {total_games / total_cpu:.0f} games per CPU second"
    )
