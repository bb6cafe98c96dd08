"""CV at the table: what keeps the player from sealing is on the Orders dock before they try,
each with its rule and a button that takes them to it; Enter says it too, never nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.games.cv.play import US, bound_into_the_wind
from tests.ui.cv_driver import drag_counter, lift, seal, window_on


def test_the_wind_rule_is_shown_before_the_player_tries_to_seal(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = window_on(qtbot, bound_into_the_wind(), side=US)
    lift(w, qtbot)
    p = w.presenter
    heading = p.heading.text()
    assert "Before you can seal" in heading and "Task Force 1" in heading and "VI.E" in heading
    seal_button = next(b for b in p.buttons if b.text().startswith("Seal these orders"))
    assert not seal_button.isEnabled() and "Wind Direction" in seal_button.toolTip()
    show = next(b for b in p.buttons if b.text() == "Show Task Force 1")
    qtbot.mouseClick(show, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert p.scene.counters["tf1"].isSelected()
    assert "Wind Direction" in w.statusBar().currentMessage()
    w.statusBar().clearMessage()
    seal(w, qtbot)  # Enter: refused, and said, not silent
    assert w.controller.session.state.step == "ship-plotting" and US not in w.controller.session.state.sealed
    assert "Wind Direction" in w.statusBar().currentMessage()
    drag_counter(w, "tf1", "B3110")  # one hex into the wind: the plot clears the way
    QApplication.processEvents()
    assert "Before you can seal" not in p.heading.text()
    assert any(b.text().startswith("Seal these orders") and b.isEnabled() for b in p.buttons)
    seal(w, qtbot)
    assert US in w.controller.session.state.sealed
