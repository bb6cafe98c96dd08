"""Autosave over a whole CV Midway Campaign game (run on demand: ``pytest -m benchmark
tests/benchmarks/test_autosave_speed.py -s``; it plays one game, a minute or two).

Aim (issue 40, "Saving costs the same at Turn 90 as at Turn 1"): the time an autosave takes on
the GUI thread is about the same at Turn 1 and at the game's last Turn (≤ 2 ms both), whatever
the record's size. The game is played by the plain bots for both sides through a window's
controller, which autosaves after every step as the app does; each autosave's time on the
calling (GUI) thread is taken, and the wait for the last write at the end. Figures are printed,
not asserted: wall-clock limits do not belong in pass/fail tests. ``MIDWAY_BENCH_SEED`` picks
the game.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import pytest

from midway_desktop.engine import Session
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv.bots import default_bots
from midway_desktop.games.cv.rules import RULES
from midway_desktop.ui.controller import GameController

pytestmark = pytest.mark.benchmark

SEED = int(os.environ.get("MIDWAY_BENCH_SEED", "1"))


def _turn(session: Session) -> tuple[int, int]:
    """The CV Turn under way: (day, hour) of the game's clock."""
    now = session.state.time
    return now.day, now.hour


def test_autosave_over_a_midway_campaign_game(qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIDWAY_DATA_DIR", str(tmp_path))
    session = Session.start(RULES, scenario="midway-campaign", seed=SEED)
    controller = GameController()
    controller.session = session
    bots = default_bots(RULES)
    luck = Rng(SEED * 7919)
    by_turn: dict[tuple[int, int], list[float]] = {}
    wall: list[float] = []
    cpu_total = 0.0
    while session.outcome() is None:
        side = session.to_act()[0]
        bot = bots[side]
        legal = session.legal_actions(side) if getattr(bot, "uses_legal", True) else []
        session.apply_unchecked(bot.choose(session, side, legal, luck))
        t0, c0 = time.perf_counter(), time.thread_time()
        controller._autosave()
        took = time.perf_counter() - t0
        cpu_total += time.thread_time() - c0
        wall.append(took)
        by_turn.setdefault(_turn(session), []).append(took)
    t0 = time.perf_counter()
    flush = getattr(controller, "flush_saves", None)
    if flush is not None:
        flush()
    waited = time.perf_counter() - t0
    controller.release()
    turns = sorted(by_turn)
    first, last = by_turn[turns[0]], by_turn[turns[-1]]
    size = (tmp_path / "autosave" / "cv.json").stat().st_size
    print(
        f"\ncv midway-campaign seed {SEED}: {len(wall)} autosaves over {len(turns)} Turns (day, hour), "
        f"last record {size / 1024:.0f} KB\n"
        f"  GUI thread per autosave: first Turn {turns[0]} ({len(first)} saves) median "
        f"{statistics.median(first) * 1000:.2f} ms, last Turn {turns[-1]} ({len(last)} saves) median "
        f"{statistics.median(last) * 1000:.2f} ms "
        f"(p90 {sorted(last)[int(len(last) * 0.9)] * 1000:.2f} ms); "
        f"max {max(wall) * 1000:.1f} ms (autosave {wall.index(max(wall)) + 1}), "
        f"p99 over the game {sorted(wall)[int(len(wall) * 0.99)] * 1000:.2f} ms\n"
        f"  GUI thread over the game: {sum(wall):.2f} s wall, {cpu_total:.2f} s CPU; "
        f"the wait for the last write at the end {waited * 1000:.1f} ms"
    )
    assert (tmp_path / "autosave" / "cv.json").exists()
