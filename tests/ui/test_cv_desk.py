"""CV at the desktop, what each player keeps of the window as their own: the docks as they
arranged them (rearranged, floated, closed), at every one of their turns and after the app is
closed and opened again."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from midway_desktop.ui.games.cv import CvPresenter
from midway_desktop.ui.main_window import MainWindow
from tests.ui.cv_driver import lift, seal

SEED = 11


def _open(qtbot, resume: bool = False) -> MainWindow:  # type: ignore[no-untyped-def]
    """A window as a player's (it remembers), on a new Short Scenario or the one left open."""
    w = MainWindow("cv", persist=True)
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    qtbot.waitExposed(w)
    if not resume:
        w.start_new(scenario="short", seed=SEED)
    QApplication.processEvents()
    return w


def _presenter(w: MainWindow) -> CvPresenter:
    assert isinstance(w.presenter, CvPresenter)
    return w.presenter


def _arrangement(w: MainWindow) -> dict[str, tuple[bool, bool]]:
    """Each of the game's docks: (closed, floating), as the player left it."""
    return {d.objectName(): (d.isHidden(), d.isFloating()) for d in _presenter(w).docks}


def test_each_side_has_its_own_dock_arrangement_at_every_turn_and_after_a_restart(
    qtbot, fresh_profile, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(MainWindow, "_ask_resume", lambda self, path: True)  # yes, the game left open
    w = _open(qtbot)
    assert lift(w, qtbot) == "american"
    p = _presenter(w)
    p.time_dock.setFloating(True)  # the American floats the Time Record
    p.sheet_docks[0].close()  # and closes the Air Record Sheet
    QApplication.processEvents()
    american = _arrangement(w)
    assert american["cv-time"] == (False, True) and american["cv-air-record"][0]
    seal(w, qtbot)  # set up: the Japanese next
    assert w.curtain.down and not p.time_dock.isVisible()  # the floating dock waits behind the curtain
    assert lift(w, qtbot) == "japanese"
    p.time_dock.setFloating(False)
    p.sheet_docks[0].show()
    p.orders_dock.close()  # the Japanese gives orders by drag alone
    QApplication.processEvents()
    japanese = _arrangement(w)
    assert japanese["cv-orders"][0] and not japanese["cv-time"][1]
    seal(w, qtbot)  # both set up: the Plane Ready Step, the American first
    assert w.curtain.down and w.curtain.side == "american"
    assert lift(w, qtbot) == "american"
    assert _arrangement(w) == american
    assert p.time_dock.isVisible() and p.time_dock.isFloating()  # out again from behind the curtain
    seal(w, qtbot)
    assert lift(w, qtbot) == "japanese"
    assert _arrangement(w) == japanese
    p.sheet_docks[1].setFloating(True)  # one more change, kept as the app closes
    QApplication.processEvents()
    japanese = _arrangement(w)
    # The app closes with the Japanese at the screen, and opens again on the same game.
    w.close()
    QApplication.processEvents()
    again = _open(qtbot, resume=True)
    assert again.controller.session is not None and again.controller.viewer == "japanese"
    assert lift(again, qtbot) == "japanese"
    assert _arrangement(again) == japanese
    seal(again, qtbot)  # the Japanese ends the step: the American's arrangement, kept from before
    assert lift(again, qtbot) == "american"
    assert _arrangement(again) == american
    again.close()
