"""The hot-seat curtain covers the whole window on every path that can raise it, proved by
grabbing the window: start-up with a fresh profile, resume, open, new game, a handover in play,
resizes and window states, docks floated, re-docked or shown, dialogs closing, a restored layout
with floating docks. A grab of the window must be exactly the curtain's own picture, and no
dock may stand beside it as a window of its own."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QMessageBox

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import Orders, read_item
from tests.ui.layout_checks import problems

GAME = "victory-at-midway"
SIZES = ((1024, 700), (1400, 900), (1920, 1080))


@pytest.fixture(autouse=True)
def _fresh(fresh_profile):  # type: ignore[no-untyped-def]
    return fresh_profile


def _settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(5)


def assert_covered(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Nothing but the curtain is to be seen: in the window, or beside it."""
    _settle(qtbot)
    curtain = w.curtain
    assert curtain.down
    assert curtain.geometry() == w.rect(), f"the curtain is {curtain.geometry()} on a {w.rect()} window"
    seen = w.grab().toImage()
    own = curtain.grab().toImage().convertToFormat(seen.format())
    assert seen.size() == own.size()
    if seen != own:
        step = 6
        diff = [
            (x, y)
            for y in range(0, seen.height(), step)
            for x in range(0, seen.width(), step)
            if seen.pixel(x, y) != own.pixel(x, y)
        ]
        assert not diff, f"{len(diff)} sampled pixels show the window behind the curtain, first at {diff[0]}"
    assert problems(curtain) == []  # its own words read whole (title, notice, button)
    docks = w.findChildren(QDockWidget)
    beside = [d.objectName() or d.windowTitle() for d in docks if d.isFloating() and d.isVisible()]
    assert not beside, f"floating docks show beside the curtain: {beside}"


def _window(qtbot, persist: bool = False, size: tuple[int, int] = (1400, 900)):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(GAME, persist=persist)
    qtbot.addWidget(w)
    if not persist:
        w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


def _seal_set_up(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The player at the screen sets up as the doctrine would and seals."""
    c = w.controller
    session = c.session
    side = c.viewer
    choice = default_bots(GAME)(session.rules)[side].choose(session, side, session.legal_actions(side), Rng(3))
    orders = [read_item(side, tuple(raw)) for raw in choice.items] if isinstance(choice, Orders) else [choice]
    for order in orders:
        assert c.submit(order), order.describe()
    from midway_desktop.games.victory_at_midway.actions import Done

    if side in session.to_act():
        assert c.submit(Done(side))


def _lift(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert not w.curtain.down


def test_start_up_with_a_fresh_profile(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, persist=True)
    assert w.size().width() > 640  # the first size the window had before it was laid out
    assert_covered(w, qtbot)


@pytest.mark.parametrize("size", SIZES)
def test_start_at_a_remembered_size(qtbot, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    from midway_desktop.ui.main_window import SETTINGS_GEOMETRY, MainWindow

    probe = MainWindow(GAME, persist=False)
    qtbot.addWidget(probe)
    probe.resize(*size)
    QSettings().setValue(SETTINGS_GEOMETRY, probe.saveGeometry())
    probe.close()
    w = _window(qtbot, persist=True)
    assert_covered(w, qtbot)


def test_resizes_and_window_states(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    for size in SIZES:
        w.resize(*size)
        assert_covered(w, qtbot)
    w.showMaximized()
    assert_covered(w, qtbot)
    w.showFullScreen()
    assert_covered(w, qtbot)
    w.showNormal()
    assert_covered(w, qtbot)


def test_resume_in_the_middle_of_a_handover(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    first = _window(qtbot, persist=True)
    _lift(first, qtbot)
    _seal_set_up(first, qtbot)  # the US has sealed: the screen is Japan's to take
    assert first.curtain.down and first.controller.viewer == "japan"
    first.close()
    monkeypatch.setattr("midway_desktop.ui.main_window.ask", lambda *a, **k: True)
    w = _window(qtbot, persist=True)
    assert w.controller.session is not None and len(w.controller.session.history) > 0
    assert_covered(w, qtbot)


def test_open_new_game_and_handover(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    assert_covered(w, qtbot)  # a new game at start
    _lift(w, qtbot)
    _seal_set_up(w, qtbot)
    assert_covered(w, qtbot)  # the handover after the US sealed
    # Nobody behind the curtain may take back an order in the name of the side it waits for.
    assert w.controller.session.undoable("us") > 0
    assert not w.act_undo.isEnabled() and not w.act_redo.isEnabled()
    _lift(w, qtbot)
    path = tmp_path / "game.midway.json"
    w.controller.save(path)
    w.switch_game("midway-solitaire")  # from another game, at another size
    w.resize(1024, 700)
    assert w.open_game(str(path))
    assert_covered(w, qtbot)
    _lift(w, qtbot)
    w.start_new({}, 11, None)
    assert_covered(w, qtbot)


def test_docks_floated_re_docked_and_shown_while_down(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    docks = [d for d in w.findChildren(QDockWidget) if not d.isHidden()]
    assert len(docks) >= 5
    for dock in docks:
        dock.setFloating(True)
        assert_covered(w, qtbot)
        dock.setFloating(False)
        dock.show()
        assert_covered(w, qtbot)
        dock.raise_()
        assert_covered(w, qtbot)
    _lift(w, qtbot)
    # Everything held back comes back for the player who is now at the screen.
    assert all(d.isVisible() for d in docks)


def test_a_floating_layout_restored_at_start_stays_behind(qtbot) -> None:  # type: ignore[no-untyped-def]
    first = _window(qtbot, persist=True)
    _lift(first, qtbot)
    floated = first.presenter.track_dock
    floated.setFloating(True)
    first.close()  # keeps the US player's layout: the turn track floats
    w = _window(qtbot, persist=True)
    assert_covered(w, qtbot)
    _lift(w, qtbot)
    assert w.presenter.track_dock.isFloating() and w.presenter.track_dock.isVisible()


def test_dialogs_closing_leave_it_whole(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    box = QMessageBox(QMessageBox.Icon.Information, "A word", "Something to say", parent=w)
    box.open()
    _settle(qtbot)
    box.close()
    assert_covered(w, qtbot)
    from midway_desktop.ui.new_game import NewGameDialog

    def close_dialog() -> None:
        for top in QApplication.topLevelWidgets():
            if isinstance(top, NewGameDialog) and top.isVisible():
                top.reject()

    QTimer.singleShot(50, close_dialog)
    w.new_game_dialog()
    assert_covered(w, qtbot)


@pytest.mark.parametrize("other", ["midway-solitaire", "kido-butai", "cv"])
def test_docks_held_back_go_with_a_game_put_away(qtbot, other: str) -> None:  # type: ignore[no-untyped-def]
    """A game switched away from behind the curtain (its keys still work there): the docks it
    floated, held back until the next player looked, are not shown again when the curtain
    lifts for the next game, and the curtain keeps none of them."""
    w = _window(qtbot)
    floated = [d for d in w.presenter.docks if not d.isHidden()]
    for dock in floated:
        dock.setFloating(True)
    _settle(qtbot)
    assert w.curtain.down and not any(d.isVisible() for d in floated)
    w.switch_game(other)
    assert w.curtain.down == (other == "cv")  # CV is two players at one screen too: its own curtain
    shown = [d.windowTitle() for d in floated if d.isVisible()]
    assert not shown, f"docks of the game put away open as windows of their own: {shown}"
    w.switch_game(GAME)  # a new hot-seat game: the curtain comes down again, holding only its own
    assert_covered(w, qtbot)
    _lift(w, qtbot)
    assert not [d for d in QApplication.topLevelWidgets() if isinstance(d, QDockWidget) and d.isVisible()]
