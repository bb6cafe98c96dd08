"""CV at the table: what keeps the player from sealing is on the Orders dock before they try,
each with its rule and a button that takes them to it; Enter says it too, never nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv.actions import Done, Form
from tests.games.cv.play import JP, US, done_until, session, tf
from tests.ui.cv_driver import drag_counter, lift, seal, window_on


def _bound_into_the_wind():  # type: ignore[no-untyped-def]
    """Task Force 1 (Enterprise) formed 11 Air Factors, past its Minimum Launch Factor 6, and
    must plot into the wind (Basic VI.E) before the American side seals its plots."""
    s = session([tf(US, 1, ["Enterprise", "DD1"], "B3010", {"c": {"wildcat": 10, "dauntless": 10}})],
                rng=ScriptedRng(dice=[6, 1] * 20))  # fmt: skip
    done_until(s, "form-air-units")
    s.play(Form(US, "tf1", 1, "wildcat", 6))
    s.play(Form(US, "tf1", 2, "dauntless", 5))
    s.play(Done(US))
    s.play(Done(JP))
    return s


def test_the_wind_rule_is_shown_before_the_player_tries_to_seal(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = window_on(qtbot, _bound_into_the_wind(), side=US)
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
