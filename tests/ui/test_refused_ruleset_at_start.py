"""A ruleset the app cannot read, given through the rulesets folder (``MIDWAY_RULESETS``), is
refused in one line at start-up: the window opens on another game and says why, and the command
line prints the same line; it never dies with a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from midway_desktop.ruleset import RulesetError, ruleset_dir
from midway_desktop.ruleset.locate import rulesets_root


def _broken_cv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every game's ruleset, CV's with an Air Entry Hex of no Turns (``turns: ''``)."""
    root = tmp_path / "rulesets"
    shutil.copytree(rulesets_root(), root)
    board = root / "cv" / "board.yaml"
    text = board.read_text(encoding="utf-8")
    assert "data: {base: H, turns: 6}" in text
    board.write_text(text.replace("data: {base: H, turns: 6}", "data: {base: H, turns: ''}", 1), encoding="utf-8")
    monkeypatch.setenv("MIDWAY_RULESETS", str(root))
    assert ruleset_dir("cv") == root / "cv"
    return board


def _as_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """CV's rules as a fresh start imports them: built from the rulesets folder then (the test
    process may have imported them already, from the bundled one)."""
    import sys

    import midway_desktop.games.cv as cv_package
    from midway_desktop.engine import registry

    imported = sys.modules.get("midway_desktop.games.cv.rules")
    if imported is not None:
        monkeypatch.setattr(cv_package, "rules", imported)
        monkeypatch.delitem(sys.modules, "midway_desktop.games.cv.rules")
    monkeypatch.delitem(registry._loaded, "cv", raising=False)  # (the rules a game asked for are kept)


def test_the_window_opens_on_another_game_and_says_why(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from midway_desktop.ui.app import _tell, open_window

    board = _broken_cv(tmp_path, monkeypatch)
    _as_at_start(monkeypatch)
    window, problem = open_window("cv")
    try:
        assert window.game_id != "cv"
        assert isinstance(problem, RulesetError) and "\n" not in str(problem)
        assert str(problem).startswith(f"{board}:") and "turns ''" in str(problem)
        assert capsys.readouterr().err.strip() == str(problem)
        _tell(window, problem)
        box = window.findChild(QMessageBox, "ruleset-refused")
        assert box is not None and str(problem) in box.text()
        assert str(problem) in window.statusBar().currentMessage()
        box.close()
    finally:
        window.close()
        window.deleteLater()


def test_validate_refuses_it_in_one_line_both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from midway_desktop.cli import main

    board = _broken_cv(tmp_path, monkeypatch)
    for given in (board.parent, board.parent.parent):  # the game's folder, the rulesets folder
        assert main(["validate", str(given)]) == 1
        err = capsys.readouterr().err.splitlines()
        assert err == [err[0], "1 problem(s) found"] and err[0].startswith(f"{board}:") and "turns" in err[0]


def test_a_victory_at_midway_folder_given_through_the_setting_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its rules are built as they are imported, from the rulesets folder: the refusal of a
    region they need comes from inside that import, and is still the folder's one line."""
    import sys

    from midway_desktop.cli import main

    root = tmp_path / "rulesets"
    shutil.copytree(rulesets_root(), root)
    board = root / "victory-at-midway" / "board.yaml"
    text = board.read_text(encoding="utf-8")
    board.write_text(text.replace("name: japanese-entry\n", "name: japanese-entry-renamed\n", 1), encoding="utf-8")
    monkeypatch.setenv("MIDWAY_RULESETS", str(root))
    monkeypatch.delitem(sys.modules, "midway_desktop.games.victory_at_midway.rules", raising=False)
    for given in (board.parent, root):
        assert main(["validate", str(given)]) == 1
        err = capsys.readouterr().err.splitlines()
        assert err == [err[0], "1 problem(s) found"], err
        assert err[0].startswith(f"{board}:") and "japanese-entry" in err[0]
