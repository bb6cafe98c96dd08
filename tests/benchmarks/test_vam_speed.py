"""Victory at Midway bot games per second, two-player and solitaire (on demand:
``pytest -m benchmark tests/benchmarks/test_vam_speed.py -s``).

Target (issue: VaM rules): at least 20 complete bot games a second on one core for
``midway-desktop simulate victory-at-midway``. Figures are printed, not asserted: wall-clock
limits do not belong in pass/fail tests. Each mode runs a few rounds and reports the best one
(other programs on the machine only ever slow a round down) and the median.
"""

from __future__ import annotations

import os
import statistics
import time

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.games.victory_at_midway.rules import RULES, default_bots

pytestmark = pytest.mark.benchmark

GAMES = int(os.environ.get("MIDWAY_BENCH_GAMES", "200"))
ROUNDS = int(os.environ.get("MIDWAY_BENCH_ROUNDS", "3"))


def _measure(scenario: str | None, label: str) -> None:
    simulate(RULES, default_bots, 5, 99, scenario=scenario)  # warm the caches
    rates = []
    summary = None
    for _ in range(ROUNDS):
        cpu = time.process_time()
        summary = simulate(RULES, default_bots, GAMES, 1, scenario=scenario)
        rates.append(GAMES / (time.process_time() - cpu))
    assert summary is not None
    us, lo, hi = summary.interval("us-wins")
    jp = summary.results.get("japan-wins", 0) / GAMES
    draws = summary.results.get("draw", 0) / GAMES
    print(
        f"\n{label}: best {max(rates):.1f} games per CPU second (median {statistics.median(rates):.1f}), "
        f"{summary.average_steps:.1f} actions a game; US wins {us:.3f} (95% {lo:.3f}-{hi:.3f}), "
        f"Japan {jp:.3f}, draws {draws:.3f}; average VP US {summary.scores['us']:.1f}, "
        f"Japan {summary.scores['japan']:.1f}"
    )


def test_two_player_bot_games_per_second() -> None:
    _measure(None, "two-player doctrine bots")


def test_solitaire_doctrine_games_per_second() -> None:
    _measure("solitaire", "solitaire: Japanese doctrine vs the US bot")
