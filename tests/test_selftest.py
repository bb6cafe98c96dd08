"""``midway-desktop --selftest``: passes on a sound installation, names what is broken otherwise."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from midway_desktop import __version__, selftest
from midway_desktop.engine import registry
from midway_desktop.games import GAME_IDS
from midway_desktop.ruleset import locate
from midway_desktop.ruleset.locate import rulesets_root


def _run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    run_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    cmd = [sys.executable, "-m", "midway_desktop", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=run_env, timeout=300)


def _playable_in_a_fresh_process() -> list[str]:
    """The games a fresh interpreter finds (other tests may register toy games in this one)."""
    code = "from midway_desktop.engine.registry import playable_games; print(*playable_games())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    return done.stdout.split()


def test_selftest_passes_from_source() -> None:
    playable = _playable_in_a_fresh_process()
    assert playable, "at least one game must be playable for the self-test to play it"
    done = _run_cli("--selftest")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith(f"midway-desktop {__version__} self-test (Python package")
    expected = [f"PASS ruleset {g}:" for g in GAME_IDS]
    expected += ["PASS icon:"]
    expected += [f"PASS board {g}:" for g in GAME_IDS]
    expected += [f"PASS game {g}:" for g in playable]
    expected += ["PASS sealed record:"]
    for prefix in expected:
        assert sum(line.startswith(prefix) for line in lines) == 1, (prefix, done.stdout)
    assert not any(line.startswith("FAIL") for line in lines)
    checks = len(lines) - 2
    assert lines[-1].startswith(f"self-test passed: {checks} of {checks} checks")


def _broken_copy(tmp_path: Path, game: str = "cv") -> Path:
    root = tmp_path / "rulesets"
    shutil.copytree(rulesets_root(), root)
    board = root / game / "board.yaml"
    board.write_text("schema: 1\ngame: cv\ntitle: [never closed\n", encoding="utf-8")
    return board


def test_broken_board_fails_naming_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object) -> None:
    board = _broken_copy(tmp_path)
    monkeypatch.setenv("MIDWAY_RULESETS", str(board.parent.parent))
    # Only the app's own games (other tests register toy games in this process), less CV's bot
    # game: its rules may already be loaded here from the sound board, so whether it fails
    # would depend on the tests run before; this test is about the broken file being named.
    own = {gid: mod for gid, mod in registry.MODULES.items() if mod.startswith("midway_desktop.") and gid != "cv"}
    monkeypatch.setattr(registry, "MODULES", own)
    out = io.StringIO()
    assert selftest.run(out) == 1
    lines = out.getvalue().strip().splitlines()
    failed = [line for line in lines if line.startswith("FAIL")]
    assert [line.split(":")[0] for line in failed] == ["FAIL ruleset cv", "FAIL board cv"]
    for line in failed:
        assert f"{board}:" in line, line
        assert "\n" not in line
    # The other games are unaffected and still checked.
    assert any(line.startswith("PASS board victory-at-midway:") for line in lines)
    assert lines[-1].startswith("self-test FAILED: 2 of ")
    assert lines[-1].endswith("(ruleset cv, board cv)")


def test_broken_board_fails_the_command(tmp_path: Path) -> None:
    board = _broken_copy(tmp_path)
    done = _run_cli("--selftest", env={"MIDWAY_RULESETS": str(board.parent.parent)})
    assert done.returncode == 1
    assert f"FAIL ruleset cv: {board}:" in done.stdout
    assert "self-test FAILED" in done.stdout.strip().splitlines()[-1]


def test_a_missing_game_folder_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "rulesets"
    shutil.copytree(rulesets_root(), root)
    shutil.rmtree(root / "victory-at-midway")
    monkeypatch.setenv("MIDWAY_RULESETS", str(root))
    result = selftest.run_check(
        selftest.Check("ruleset victory-at-midway", selftest._check_ruleset("victory-at-midway"))
    )
    assert not result.ok
    assert "missing ruleset folder" in result.detail and "victory-at-midway" in result.detail


def test_a_blank_board_fails(monkeypatch: pytest.MonkeyPatch, qapp: object) -> None:
    from PySide6.QtGui import QColor, QImage

    from midway_desktop.ui import screenshot

    def blank(game: str, width: int = 800, height: int = 600) -> QImage:
        image = QImage(width, height, QImage.Format.Format_RGB32)
        image.fill(QColor("#dfe8ee"))
        return image

    monkeypatch.setattr(screenshot, "grab_board", blank)
    result = selftest.run_check(selftest.Check("board cv", selftest._check_board("cv")))
    assert not result.ok
    assert "blank" in result.detail


def test_an_unexpected_error_is_one_line_and_the_rest_still_run(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom() -> str:
        raise ZeroDivisionError("division by zero\nsecond line")

    fake = [selftest.Check("first", boom), selftest.Check("second", lambda: "fine")]
    monkeypatch.setattr(selftest, "checks", lambda: fake)
    out = io.StringIO()
    assert selftest.run(out) == 1
    lines = out.getvalue().strip().splitlines()
    assert lines[1].startswith("FAIL first: ZeroDivisionError: division by zero (at test_selftest.py:")
    assert lines[2].startswith("PASS second: fine")
    assert lines[3] == "self-test FAILED: 1 of 2 checks failed (first)"


# -- finding the bundled data inside a frozen (PyInstaller) app --------------------------------
def _fake_bundle(monkeypatch: pytest.MonkeyPatch, exe: Path, meipass: Path | None) -> None:
    monkeypatch.delenv("MIDWAY_RULESETS", raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    if meipass is None:
        monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    else:
        monkeypatch.setattr(sys, "_MEIPASS", str(meipass), raising=False)


def test_frozen_app_finds_its_bundle_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = tmp_path / "midway-desktop"
    for sub in ("_internal/rulesets", "_internal/resources"):
        (app / sub).mkdir(parents=True)
    _fake_bundle(monkeypatch, app / "midway-desktop", app / "_internal")
    assert locate.frozen()
    assert locate.rulesets_root() == app / "_internal" / "rulesets"
    assert locate.resources_root() == app / "_internal" / "resources"
    assert locate.ruleset_dir("cv") == app / "_internal" / "rulesets" / "cv"
    monkeypatch.setenv("MIDWAY_RULESETS", str(tmp_path / "edited"))
    assert locate.rulesets_root() == tmp_path / "edited"


def test_frozen_app_finds_data_next_to_the_executable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = tmp_path / "portable"
    for sub in ("rulesets", "resources"):
        (app / sub).mkdir(parents=True)
    _fake_bundle(monkeypatch, app / "midway-desktop.exe", None)
    assert locate.rulesets_root() == app / "rulesets"
    assert locate.resources_root() == app / "resources"


def test_frozen_macos_app_finds_contents_resources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    contents = tmp_path / "Midway Desktop.app" / "Contents"
    (contents / "MacOS").mkdir(parents=True)
    (contents / "Frameworks").mkdir()
    for sub in ("rulesets", "resources"):
        (contents / "Resources" / sub).mkdir(parents=True)
    _fake_bundle(monkeypatch, contents / "MacOS" / "midway-desktop", contents / "Frameworks")
    assert locate.rulesets_root() == contents / "Resources" / "rulesets"
    assert locate.resources_root() == contents / "Resources" / "resources"


def test_source_checkout_is_found_when_not_frozen() -> None:
    assert not locate.frozen()
    assert (rulesets_root() / "cv" / "board.yaml").is_file() or "MIDWAY_RULESETS" in os.environ
    assert (locate.resources_root() / "icons" / "midway-desktop.svg").is_file()
