"""Stacks split as on the table (CV): a stack dropped asks how many (All, Half, One, or a number
typed; Shift held moves all), a menu line or Orders line ending … asks how many or which hex,
(``test_cv_names`` walks every counter's menu over whole Turns against the computer)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from midway_desktop.games.cv.actions import Ready
from midway_desktop.games.cv.choices import MENU_LINES
from tests.ui.cv_driver import (
    answer_count,
    answer_option,
    drop_in_box,
    lift,
    open_picker,
    short_scenario_at_first_light,
    window_on,
)

DICE = [4, 3] * 200  # (the Air Unit Initiative rolled each Turn: no ties)


def _stack(w, key: str, plane: str) -> str:  # type: ignore[no-untyped-def]
    return next(pc for pc in w.presenter.box_models[key].pieces() if pc.split(":")[3] == plane)


def _given(w) -> Ready:  # type: ignore[no-untyped-def]
    a = w.controller.session.history[-1].action
    assert isinstance(a, Ready)
    return a


def test_a_stack_dropped_asks_how_many_and_the_keys_answer(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The American's 8 Wildcats in Task Force 3's B section readied to C a few at a time: 3
    typed, then One (O), then Escape (nothing moves), then Shift held on the drop (all the rest,
    not asked)."""
    w = window_on(qtbot, short_scenario_at_first_light(DICE), side="american")
    lift(w, qtbot)
    s = w.controller.session
    assert s.state.step == "plane-ready"
    drop_in_box(w, _stack(w, "tf3:b", "wildcat"), "sec:tf3:c", how=3)
    assert (_given(w).plane, _given(w).factors, _given(w).source, _given(w).target) == ("wildcat", 3, "b", "c")
    drop_in_box(w, _stack(w, "tf3:b", "wildcat"), "sec:tf3:c", how="o")
    assert _given(w).factors == 1
    before = s.state
    drop_in_box(w, _stack(w, "tf3:b", "wildcat"), "sec:tf3:c", how=None)
    picker = open_picker(w, "countPicker")
    assert picker is not None
    assert [b.text() for b in picker.buttons.values()] == ["&All (4)", "&Half (2)", "&One"]
    QTest.keyClick(picker.spin.lineEdit(), Qt.Key.Key_Escape)
    QApplication.processEvents()
    assert s.state is before and open_picker(w, "countPicker") is None
    stack = _stack(w, "tf3:b", "wildcat")
    drop_in_box(w, stack, "sec:tf3:c", how=None, shift=True)
    assert open_picker(w, "countPicker") is None and _given(w).factors == 4
    assert not any(pc.split(":")[3] == "wildcat" for pc in w.presenter.box_models["tf3:b"].pieces())


def test_a_menu_line_ending_in_dots_asks_first(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The stack's right-click menu: one line a move, its count asked after; a Task Force's menu
    at set-up: one line, its hex asked after (typed)."""
    w = window_on(qtbot, short_scenario_at_first_light(DICE), side="american")
    lift(w, qtbot)
    p = w.presenter
    p.piece_menu(_stack(w, "tf3:b", "wildcat"), QPoint(0, 0))
    lines = [a for a in p.menu.actions() if a.isEnabled()]
    assert 0 < len(lines) <= MENU_LINES
    to_c = next(a for a in lines if "B to" in a.text() and a.text().startswith("1–8 ") and a.text().endswith("…"))
    to_c.trigger()
    assert answer_count(w, "h")
    assert _given(w).factors == 4


def test_set_up_from_the_orders_dock_asks_which_hex(qtbot) -> None:  # type: ignore[no-untyped-def]
    from tests.ui.cv_driver import new_short_window

    w = new_short_window(qtbot, 5)
    lift(w, qtbot)
    p = w.presenter
    qtbot.keyClick(w.view, Qt.Key.Key_O)
    line = p.order_list.order(0)
    assert line.pick == "pick" and p.order_list.count() <= MENU_LINES
    qtbot.keyClick(p.order_list, Qt.Key.Key_Return)
    picker = open_picker(w, "optionPicker")
    assert picker is not None and len(picker.shown()) == len(line.options)
    hex_ = line.options[7]
    QTest.keyClicks(picker.filter, hex_[:3])
    assert all(hex_[:3].lower() in o.lower() for o in picker.shown()) and hex_ in picker.shown()
    picker.filter.clear()
    assert answer_option(w, hex_)
    assert w.controller.view()[w.controller.viewer]["task_forces"][0]["hex"] == hex_
