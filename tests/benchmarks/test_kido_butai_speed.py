"""Bot games per second for Kido Butai (run on demand: ``pytest -m benchmark tests/benchmarks -s``).

Target (issue: Kido Butai rules): at least 1,000 complete bot games per second on one core,
through ``engine.bots.simulate``. The figure is printed, not asserted: wall-clock limits do
not belong in pass/fail tests.
"""

from __future__ import annotations

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.engine.registry import get_rules
from midway_desktop.games.kido_butai.rules import default_bots

pytestmark = pytest.mark.benchmark

GAMES = 3000


def test_kido_butai_bot_games_per_second() -> None:
    rules = get_rules("kido-butai")
    simulate(rules, default_bots, 100, seed=1)  # imports and first-use caches
    summary = simulate(rules, default_bots, GAMES, seed=2026)
    print(
        f"\nKido Butai: {summary.games_per_second:.0f} bot games/s "
        f"({GAMES} games, {summary.average_steps:.1f} actions a game, {summary.seconds:.2f} s)"
    )
    shares = ", ".join(f"{k} {v / GAMES:.1%}" for k, v in sorted(summary.results.items()))
    print(f"results: {shares}")
    assert sum(summary.results.values()) == GAMES
