"""Midway Solitaire played in the window: by drag and drop, by keyboard, with undo and an ending."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.rng import Rng
from midway_desktop.ui.main_window import MainWindow
from tests.ui.helpers import cell_point, drag


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    w = MainWindow("midway-solitaire", persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.start_new({"mission": 1}, seed=1942)
    w.view.fit()
    QApplication.processEvents()
    return w


def view(w: MainWindow) -> dict:
    return w.controller.view()


def tf(w: MainWindow, name: str) -> dict:
    return next(t for t in view(w)["task_forces"] if t["name"] == name)


def drag_piece(w: MainWindow, piece: str, target: str) -> None:
    item = w.scene.counters[piece]
    drag(w.view, w.view.mapFromScene(item.pos()), cell_point(w.view, w.board, target))


def click(w: MainWindow, text_start: str) -> None:
    button = next(b for b in w.presenter.orders.buttons if b.text().startswith(text_start))
    button.click()
    QApplication.processEvents()


def test_set_up_a_task_force_by_dragging_it(window: MainWindow) -> None:
    assert view(window)["phase"] == "setup"
    drag_piece(window, "TF-16", "M2")
    assert tf(window, "TF-16")["square"] == "M2"
    assert window.scene.counters["TF-16"].label == "M2"


def test_a_set_up_square_outside_columns_l_and_m_is_refused_with_the_rule(window: MainWindow) -> None:
    drag_piece(window, "TF-16", "H3")
    assert tf(window, "TF-16")["square"] in ("", None)
    message = window.statusBar().currentMessage()
    assert "L" in message and "M" in message
    assert window.scene.counters["TF-16"].label == "L3"


def _through_setup(w: MainWindow) -> None:
    click(w, "Set up")
    assert view(w)["phase"] == "us-movement"


def _finish_turn(w: MainWindow) -> None:
    """After the card: end the turn, assigning hits with the first offer when asked."""
    for _ in range(20):
        v = view(w)
        if v["result"] or v["phase"] in ("us-movement",):
            return
        if v["phase"] == "long-range":
            click(w, "End turn")
        elif v["phase"] == "assign-hits":
            click(w, "Assign hits")
        else:
            return


def test_a_full_turn_by_drag_and_drop(window: MainWindow) -> None:
    _through_setup(window)
    start = tf(window, "TF-16")["square"]
    west = window.board.step(start, "w")
    drag_piece(window, "TF-16", west)
    assert tf(window, "TF-16")["square"] == west
    click(window, "TF-17 stays")
    assert view(window)["phase"] == "ma-placement"
    drag_piece(window, "MA", "J5")
    v = view(window)
    # The aircraft flew to J5 (it starts each turn back on Midway, MS › American Units).
    assert any(e.data.get("unit") == "MA" and e.data.get("to") == "J5" for e in window.controller.log())
    shown = window.presenter.card.card
    assert shown is not None and shown["number"] == v["played"][-1]  # the flipped card is on show
    assert any("J5" in e.text for e in window.log_dock.model.events())
    _finish_turn(window)
    v = view(window)
    assert v["result"] or (v["turn"] == 2 and v["phase"] == "us-movement")


def test_a_full_turn_by_keyboard(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # keep the proposed set-up squares
    assert view(window)["phase"] == "us-movement"
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)
    picked = window.presenter.selected
    assert picked in ("TF-16", "TF-17")
    start = tf(window, picked)["square"]
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert window.presenter.cursor == window.board.step(start, "w")
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert tf(window, picked)["square"] == window.board.step(start, "w")
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)
    other = window.presenter.selected
    assert other != picked
    qtbot.keyClick(window.view, Qt.Key.Key_S)  # the other stays
    assert view(window)["phase"] == "ma-placement"
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)
    assert window.presenter.selected == "MA"
    qtbot.keyClick(window.view, Qt.Key.Key_Up)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    v = view(window)
    assert window.presenter.card.card is not None and window.presenter.card.card["number"] == v["played"][-1]
    for _ in range(10):
        v = view(window)
        if v["result"] or v["phase"] == "us-movement":
            break
        qtbot.keyClick(window.view, Qt.Key.Key_Return)  # end turn / assign the offered hits
    v = view(window)
    assert v["result"] or (v["turn"] == 2 and v["phase"] == "us-movement")


def test_japanese_forces_cannot_be_dragged(window: MainWindow) -> None:
    _through_setup(window)
    aif = window.scene.counters["AIF"]
    drag(window.view, window.view.mapFromScene(aif.pos()), cell_point(window.view, window.board, "B2"))
    assert aif.label == "A2"
    assert "action card" in window.statusBar().currentMessage().lower()


def test_undo_takes_back_a_move_and_redo_replays_it(window: MainWindow) -> None:
    _through_setup(window)
    start = tf(window, "TF-16")["square"]
    west = window.board.step(start, "w")
    drag_piece(window, "TF-16", west)
    assert window.act_undo.isEnabled()
    window.act_undo.trigger()
    assert tf(window, "TF-16")["square"] == start
    assert window.scene.counters["TF-16"].label == start
    window.act_redo.trigger()
    assert tf(window, "TF-16")["square"] == west


def test_the_game_ends_with_a_dialog(window: MainWindow) -> None:
    from midway_desktop.engine.registry import default_bots

    bot = default_bots("midway-solitaire")(window.controller.session.rules)["us"]
    rng = Rng(3)
    for _ in range(2000):
        if window.controller.outcome() is not None:
            break
        legal = window.controller.legal()
        window.controller.submit(bot.choose(window.controller.session, "us", legal, rng))
    outcome = window.controller.outcome()
    assert outcome is not None
    assert window.game_over_box is not None and window.game_over_box.isVisible()
    assert outcome.text in window.game_over_box.text()
    assert window.presenter.orders.buttons[-1].text().startswith("New game")


def test_two_square_moves_are_offered_in_blue_and_burn_fuel(window: MainWindow) -> None:
    _through_setup(window)
    scene = window.scene
    item = scene.counters["TF-16"]
    options = window.presenter.legal_moves(item)
    assert options.costly and options.costly < options.cells
    assert all(window.board.distance(item.label, c) == 2 for c in options.costly)
    far = sorted(options.costly)[0]
    before = tf(window, "TF-16")["extra_fuel"]
    drag_piece(window, "TF-16", far)
    assert tf(window, "TF-16")["square"] == far
    assert tf(window, "TF-16")["extra_fuel"] == before - 1
    assert "extra fuel" in window.statusBar().currentMessage()


def test_the_orders_dock_tells_what_followed_each_order(qtbot) -> None:  # type: ignore[no-untyped-def]
    """MS › Sequence of Play 3-5: the card, the Japanese moves and any battle follow the
    Midway aircraft's placement at once; the Orders dock says what they were until the next order."""
    from PySide6.QtWidgets import QLabel

    from midway_desktop.engine.registry import default_bots
    from midway_desktop.engine.rng import Rng
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("midway-solitaire", persist=False)
    qtbot.addWidget(w)
    w.show()
    c = w.controller
    session = c.session
    bots = default_bots("midway-solitaire")(session.rules)
    luck = Rng(4)
    last: list = []  # type: ignore[type-arg]
    c.happened.connect(lambda events: last.__setitem__(slice(None), events))
    told = 0
    for _ in range(60):
        if session.outcome() is not None:
            break
        last.clear()
        c.submit(bots["us"].choose(session, "us", session.legal_actions("us"), luck))
        boxes = [lb.text() for lb in w.presenter.orders.findChildren(QLabel) if lb.text().startswith("What happened")]
        cards = [e.text for e in last if e.kind == "card"]
        if cards:
            assert boxes, "the card turned and the Japanese moved, and nothing said so"
            assert cards[0] in boxes[0] and "Japanese movement" in boxes[0]
            assert "flies back to Midway" in boxes[0]
            told += 1
        for box in boxes:  # the player's own orders are told by the board, not repeated
            own = [line for line in box.splitlines() if line.startswith(("• TF-16 ", "• TF-17 ", "• Midway aircraft"))]
            assert not [line for line in own if "→" in line or "stays on" in line or " to " in line]
    assert told >= 3
