"""What a player expects of a desktop game around the rules: every dock can be brought back from
the View menu, How to Play (F1) for every game, Save and Open dialogs that suggest a name and
remember their folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget, QFileDialog

from midway_desktop.games import GAMES
from tests.ui.helpers import open_window

GAME_IDS = [g.id for g in GAMES]


@pytest.fixture(autouse=True)
def _fresh(fresh_profile):  # type: ignore[no-untyped-def]
    return fresh_profile


def _window(qtbot, game: str, persist: bool = False):  # type: ignore[no-untyped-def]
    return open_window(qtbot, game, persist)


def test_every_dock_of_every_game_comes_back_from_the_view_menu(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, GAME_IDS[0])
    for game in [*GAME_IDS[1:], *GAME_IDS]:  # every game, and every game after another
        w.switch_game(game)
        QApplication.processEvents()
        menu = w.view_menu.actions()
        docks = [d for d in w.findChildren(QDockWidget) if d.parent() is w]
        assert docks
        for dock in docks:
            assert dock.toggleViewAction() in menu, f"{game}: no way back to the {dock.windowTitle()} dock"
            dock.close()
            dock.toggleViewAction().trigger()
            assert not dock.isHidden()
        # Nothing of a game gone stays in the menu (the window's own High Contrast option stays,
        # and the game's own view options while it is shown: CV's Plot Map over the board).
        live = {d.toggleViewAction() for d in docks} | {w.act_contrast} | set(getattr(w.presenter, "view_actions", ()))
        toggles = [a for a in menu if a.isCheckable() and a not in live]
        assert not toggles, f"{game}: stale View menu entries {[a.text() for a in toggles]}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_f1_tells_how_to_play_the_game_on_the_table(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QKeySequence

    from midway_desktop.ui.how_to_play import HowToPlay

    w = _window(qtbot, game)
    assert w.act_help.shortcut() == QKeySequence(Qt.Key.Key_F1)
    assert w.act_help in w.menuBar().actions()[-1].menu().actions()  # Help › How to Play
    w.act_help.trigger()
    dialog = next(t for t in QApplication.topLevelWidgets() if isinstance(t, HowToPlay) and t.isVisible())
    assert dialog.game_shown() == game
    text = dialog.page.toPlainText()
    title = next(g.title for g in GAMES if g.id == game)
    assert text.startswith(title)
    assert "missing" not in text
    for part in ("Mouse and keyboard", "Drag"):
        assert part.lower() in text.lower()
    if game != "cv":
        assert "Colours and markers" in text and "turn" in text.lower()
    else:
        assert "The turn, step by step" in text and "Combat Board" in text and "not played yet" not in text
    dialog.close()


def test_save_suggests_a_name_and_both_dialogs_remember_the_folder(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, "midway-solitaire", persist=True)
    asked: list[tuple[str, str]] = []
    folder = tmp_path / "my games"
    folder.mkdir()

    def save(_parent, caption, start, _filter):  # type: ignore[no-untyped-def]
        asked.append((caption, start))
        return str(folder / "first"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save)
    w.save_dialog()
    caption, start = asked[0]
    assert Path(start).name.startswith("midway-solitaire ") and start.endswith(".midway.json")
    saved = folder / "first.midway.json"
    assert saved.is_file()
    w.save_dialog()
    assert Path(asked[1][1]).parent == folder  # the next save starts where the last one went

    def open_(_parent, caption, start, _filter):  # type: ignore[no-untyped-def]
        asked.append((caption, start))
        return str(saved), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_)
    w.open_dialog()
    assert Path(asked[-1][1]) == folder
