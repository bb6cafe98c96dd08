"""Memory over 200 game switches in one window (run on demand: ``pytest -m benchmark
tests/benchmarks/test_memory_switches.py -s``; it takes a minute or so).

Target (issue: memory): 200 switches among all four games stay within a few MB, with no
presenter but the window's own alive. Before the fix each switch kept its presenter, docks,
models and scene, 3.5 to 8 MB a switch. Memory is asserted, never time; the everyday test of
the same walk, with fewer switches, is ``tests/ui/test_memory.py``.
"""

from __future__ import annotations

import pytest

from midway_desktop.games import GAMES
from tests.ui.switching import switch_around

pytestmark = pytest.mark.benchmark

SWITCHES = 200
GROWTH_MB = 30  # measured: under 1 MB (Qt's pixmap cache filling with title-button icons)


def test_two_hundred_switches_stay_within_a_few_mb(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(GAMES[0].id, persist=False)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    run = switch_around(w, SWITCHES)
    growth = run.growth_mb
    grew = f"the resident set grew {growth:.1f} MB" if growth is not None else "no resident set to read here"
    alive = f"{run.others_alive} alive besides the window's own"
    print(f"\n{run.switches} switches: {run.presenters_made} presenters made, {alive}; {grew}")
    assert run.others_alive == 0
    assert run.census_after == run.census_before
    if growth is not None:
        assert growth < GROWTH_MB, f"{run.switches} switches grew the process by {growth:.1f} MB"
