"""Midway Solitaire bot games per second, and each mission's bot win rate (on demand:
``pytest -m benchmark tests/benchmarks/test_midway_solitaire_speed.py -s``).

Target (issue: Midway Solitaire rules): at least 1,000 complete bot games a second on one
core. Figures are printed, not asserted: wall-clock limits do not belong in pass/fail tests.
Games per CPU second (``time.process_time``) is the figure, since the wall clock also counts
time spent waiting for the CPU. The machine is shared and other programs only ever slow a
round down, so each mission runs a few rounds of fresh games and the best is the core's rate
(as ``timeit`` reads its repeats), with the median beside it. ``MIDWAY_BENCH_GAMES`` sets the
games a round (default 1,000), ``MIDWAY_BENCH_ROUNDS`` the rounds (default 3).

The figure depends on how the Python running it was built, not only on the processor: the
same games took about a tenth fewer instructions, and a fifth less time, on a CPython built
with profile-guided and link-time optimisation (Debian's ``python3`` program was measured) than
on a plain source build (pyenv's default, or a ``--enable-shared`` library without those
optimisations); and it depends on whether the rules
run compiled (a wheel install, see hatch_build.py: about half the instructions) or from the
source (an editable install). Both are printed first. Run it from outside the source tree to
measure the installed (compiled) package, e.g. from a copy of ``tests``.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.games.midway_solitaire.rules import RULES, default_bots
from midway_desktop.games.midway_solitaire.state import COMPILED

pytestmark = pytest.mark.benchmark

GAMES = int(os.environ.get("MIDWAY_BENCH_GAMES", "1000"))
ROUNDS = int(os.environ.get("MIDWAY_BENCH_ROUNDS", "3"))


def test_bot_games_per_second() -> None:
    built = "compiled with mypyc" if COMPILED else "interpreted (an editable install or MIDWAY_PURE=1)"
    print(f"{platform.python_implementation()} {sys.version}; the rules and bot {built}")
    simulate(RULES, default_bots, 200, 1)  # warm the caches
    best_cpu = median_cpu = 0.0
    for mission in range(1, 7):
        rates = []
        won = played = 0
        for r in range(ROUNDS):
            cpu = time.process_time()
            summary = simulate(RULES, default_bots, GAMES, 1000 * mission + 100_000 * r, options={"mission": mission})
            rates.append(GAMES / (time.process_time() - cpu))
            won += summary.results.get("american-victory", 0)
            played += GAMES
        best, median = max(rates), statistics.median(rates)
        best_cpu += 1 / best
        median_cpu += 1 / median
        print(
            f"mission {mission}: best {best:6.0f} games per CPU second (median {median:6.0f}), "
            f"{summary.average_steps:5.1f} steps; American wins {won / played:.3f} over {played} games"
        )
    print(f"all missions, one game of each: best {6 / best_cpu:.0f}, median {6 / median_cpu:.0f} games per CPU second")
