"""Start-up: the app ready on each game's board, against a bare window, as whole processes
(run on demand: ``pytest -m benchmark tests/benchmarks/test_startup_speed.py -s``).

Target (issue: opens in a blink): ``midway-desktop screenshot GAME --width 1600 --height 1000``
in at most twice the time of a bare PySide6 window that opens and saves one grab of the same
size, every game. Both run in the same test, in turn (app, bare, app, bare, ...), so a machine
that slows down or speeds up moves both; the median of the pairwise ratios is printed, with
each side's median time. A warm-up start first fills the user's cache (derived outlines and
rulesets), as the player's first start does, and writes Python's bytecode files, which an
installed app has (so ``PYTHONDONTWRITEBYTECODE`` is dropped for the runs). Figures are
printed, not asserted: wall-clock limits do not belong in pass/fail tests.

Each game runs twice over: saving its picture as a PNG, as the issue measured, and as a BMP,
which takes no time to pack. Packing a 1600 x 1000 PNG is no small part of either run (about
0.64 G instructions for the bare window's blank picture, half its run; 0.8 G for CV's map),
and none of it is opening the app: the BMP figures are the time to the game's window, drawn
and ready (the app opening on CV in a second is that time), the PNG ones the issue's ratio.

Wall-clock is noisy on a busy machine; the processor time (user + system) each run used is
steadier, and its ratio is printed too. With ``MIDWAY_BENCH_INSTRUCTIONS=1`` and valgrind on the
path, each side also runs once under callgrind and the instruction counts and their ratio are
printed (steady from run to run; a whole start takes about a minute that way).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from midway_desktop.games import GAME_IDS

pytestmark = pytest.mark.benchmark

RUNS = 5
ROOT = Path(__file__).resolve().parents[2]

BARE = """
import sys
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication(sys.argv[:1])
window = QWidget()
window.resize(1600, 1000)
window.show()
app.processEvents()
window.grab().toImage().save(sys.argv[1])  # PNG or BMP, by the name
"""


def _instructions(cmd: list[str], env: dict[str, str]) -> int:
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found, run.stderr[-500:]
    return int(found.group(1))


def _seconds(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and processor (user + system) seconds of one whole run (the children's times
    as the OS counts them; ``os.times`` gives them on every platform, 0 where it can't)."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = os.times()
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


@pytest.mark.parametrize("picture", ["png", "bmp"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_startup_against_a_bare_window(game: str, picture: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(QT_QPA_PLATFORM="offscreen", MIDWAY_CACHE_DIR=str(tmp_path / "cache"))
    app = [sys.executable, "-m", "midway_desktop", "screenshot", game, "--width", "1600", "--height", "1000",
           "--out", str(tmp_path / f"app.{picture}")]  # fmt: skip
    bare = [sys.executable, "-c", BARE, str(tmp_path / f"bare.{picture}")]
    first, _ = _seconds(app, env)  # the player's first start: works out and keeps the cache
    _seconds(bare, env)
    app_runs, bare_runs = [], []
    for _ in range(RUNS):
        app_runs.append(_seconds(app, env))
        bare_runs.append(_seconds(bare, env))
    app_times, bare_times = [w for w, _ in app_runs], [w for w, _ in bare_runs]
    ratios = [a / b for a, b in zip(app_times, bare_times)]
    cpu_ratios = [a / b if b else float("nan") for (_, a), (_, b) in zip(app_runs, bare_runs)]
    print(
        f"\n{game:18} {picture}: app {statistics.median(app_times):.2f} s, "
        f"bare window {statistics.median(bare_times):.2f} s, "
        f"ratio {statistics.median(ratios):.2f} (median of {RUNS} pairs; target <= 2.0); "
        f"processor time ratio {statistics.median(cpu_ratios):.2f}; first start, cache empty: {first:.2f} s"
    )
    if os.environ.get("MIDWAY_BENCH_INSTRUCTIONS") and shutil.which("valgrind"):
        app_ir, bare_ir = _instructions(app, env), _instructions(bare, env)
        print(f"{game:18} {picture}: instructions: app {app_ir / 1e9:.3f} G, bare window {bare_ir / 1e9:.3f} G, "
              f"ratio {app_ir / bare_ir:.2f}")  # fmt: skip
