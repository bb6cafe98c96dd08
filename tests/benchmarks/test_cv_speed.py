"""CV plain-bot games per CPU second, the Short Scenario and the Battle of Midway (on demand:
``pytest -m benchmark tests/benchmarks/test_cv_speed.py -s``).

Target (issue: CV's computer opponents, "Fast games"): at least 10 Short Scenario games and 2
Battle of Midway games a second on one core for ``midway-desktop simulate cv`` with the plain
bot. Figures are printed, not asserted: wall-clock limits do not belong in pass/fail tests.
Each scenario runs a few rounds of the same seeds and reports the best (other programs on the
machine only ever slow a round down) and the median. ``MIDWAY_BENCH_GAMES`` scales the games a
round (Short: that many; Battle of Midway: a fifth, at least one), ``MIDWAY_BENCH_ROUNDS`` the
rounds.
"""

from __future__ import annotations

import os
import statistics
import time

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.games.cv.bots import default_bots
from midway_desktop.games.cv.rules import RULES

pytestmark = pytest.mark.benchmark

GAMES = int(os.environ.get("MIDWAY_BENCH_GAMES", "10"))
ROUNDS = int(os.environ.get("MIDWAY_BENCH_ROUNDS", "3"))


def _measure(scenario: str, games: int) -> None:
    rates = []
    summary = None
    for _ in range(ROUNDS):
        cpu = time.process_time()
        summary = simulate(RULES, default_bots, games, 1, scenario=scenario)
        rates.append(games / (time.process_time() - cpu))
    assert summary is not None
    shares = ", ".join(f"{r} {n / games:.2f}" for r, n in sorted(summary.results.items()))
    print(
        f"\n{scenario}: best {max(rates):.2f} games per CPU second (median {statistics.median(rates):.2f}), "
        f"{games} games of seed 1 on, {summary.average_steps:.1f} actions a game; {shares}"
    )


def test_short_scenario_games_per_second() -> None:
    _measure("short", GAMES)


def test_battle_of_midway_games_per_second() -> None:
    _measure("battle-of-midway", max(1, GAMES // 5))
