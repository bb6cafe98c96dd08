"""Repaint and drag of the CV board at 1920x1080 and 3840x2160, device pixel ratio 1 and 2 (run
on demand: ``pytest -m benchmark tests/benchmarks/test_screen_speed.py -s``).

Aims (issue 40): full repaint of the CV board with both sides' counters and the plot overlay
≤ 8 ms and a drag step ≤ 2 ms at 3840x2160, ratio 2; no first-drag stall. Each size runs in a
process of its own on an offscreen screen of that size and ratio (Qt reads both as it starts,
and the app sizes its pixmap cache from them), see ``screen_probe``. Figures are printed, not
asserted: wall-clock limits do not belong in pass/fail tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.benchmark

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ratio", [1, 2])
@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_cv_board_repaint_and_drag_on_a_screen(tmp_path: Path, size: tuple[int, int], ratio: int) -> None:
    width, height = size
    screen = {"name": "probe", "x": 0, "y": 0, "width": width, "height": height, "logicalDpi": 96,
              "logicalBaseDpi": 96, "dpr": ratio}  # fmt: skip
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [screen]}))
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        # (the offscreen screens' own "dpr" is not taken up: the ratio comes from Qt's scale)
        "QT_SCALE_FACTOR": str(ratio),
        "MIDWAY_DATA_DIR": str(tmp_path / "data"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.screen_probe", str(width), str(height)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    print(
        f"\n[cv] {width}x{height} ratio {ratio} (map {got['map'][0]}x{got['map'][1]}, {got['counters']} counters, "
        f"{got['lit_cells']} cells lit at most): full repaint {got['repaint_ms']} ms (CPU {got['repaint_cpu_ms']}), "
        f"of it the view's own paint {got['paint_ms']} ms (CPU {got['paint_cpu_ms']}); "
        f"the game's first drag: first move {got['first_drag_move_ms']} ms, then {got['game_drag_step_ms']} ms a "
        f"move; every cell lit: drag step {got['drag_step_ms']} ms (p90 {got['drag_step_p90_ms']})"
    )
    assert got["lit_cells"] > 0
    assert got["ratio"] == ratio  # (measured at the ratio named)
