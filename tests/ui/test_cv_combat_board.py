"""CV's combat board (CV › Basic IX) played through the window by two people at one screen: a
Combat Phase reached by sealing the Take Off Step, each Battle's steps on the board with its
units, modifiers and dice, orders given by the board's buttons and keys, and after every handover
nothing of the other side on the board (its words, its model, its picture)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.events import visible
from midway_desktop.games.cv.actions import Bomb, Done, Intercept
from midway_desktop.ui.games.cv.combat_board import CombatBoard, battle_records, board_model
from midway_desktop.ui.main_window import MainWindow
from tests.games.cv.play import JP, US, combat_session
from tests.ui.cv_driver import leaks, lift, seal

SEED = 3  # the Battles come in the order of their hexes: Midway (B2117), B3010, B3012


def _window(qtbot, viewer: str = JP):  # type: ignore[no-untyped-def]
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.controller.adopt(combat_session(SEED), viewer=viewer)
    w._curtain_for_hot_seat()  # (as a game opened from a file: behind the curtain for the side to act)
    QApplication.processEvents()
    return w


def board_of(w: MainWindow) -> CombatBoard:
    board = w.presenter.combat_board  # type: ignore[union-attr]
    assert isinstance(board, CombatBoard)
    return board


def shown(board: CombatBoard) -> str:
    """Every word on the board's widgets."""
    from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QWidget

    out = []
    for widget in board.findChildren(QWidget):
        out.append(widget.toolTip())
        if isinstance(widget, (QLabel, QAbstractButton)):
            out.append(widget.text())
        if isinstance(widget, QComboBox):
            out += [widget.itemText(i) for i in range(widget.count())]
    return "\n".join(out)


def hand_over(w: MainWindow, qtbot) -> str:  # type: ignore[no-untyped-def]
    """The curtain is down; behind it the board is already the next side's; that side lifts it."""
    side = w.curtain.side
    assert w.curtain.down and w.controller.viewer == side
    check_board(w, side)
    lift(w, qtbot)
    check_board(w, side)
    return side


def goes_on(w: MainWindow, qtbot, side: str) -> str:  # type: ignore[no-untyped-def]
    """No curtain: ``side``, still asked, stays at the screen for its next step; the board is its own."""
    assert not w.curtain.down and w.controller.viewer == side
    QApplication.processEvents()  # (no curtain lifts: the board is laid out as the loop comes round)
    check_board(w, side)
    return side


def check_board(w: MainWindow, side: str) -> None:
    """The board is built from ``side``'s view and log alone, and shows nothing hidden of the
    other side: not on the board's widgets, nor anywhere in the window."""
    board = board_of(w)
    c = w.controller
    expected = board_model(board.game, c.view(), c.log(), list(c.legal()), board.review)
    assert board.board == expected
    words = shown(board) + "\n".join(board.board.texts() if board.board else [])
    found = leaks(w, side)
    assert not found, f"{side}'s screen shows the other side's secrets: {found[:5]}"
    from tests.ui.cv_driver import secrets

    assert not [s for s in secrets(w, side) if s in words]
    assert not [a for a in (board.board.choices if board.board else ()) for o in a.options if o.side != side]


@pytest.fixture
def w(qtbot):  # type: ignore[no-untyped-def]
    return _window(qtbot)


def test_a_battle_reached_through_the_window_is_fought_on_the_board(w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    s = w.controller.session
    assert s.state.step == "take-off"
    lift(w, qtbot)
    seal(w, qtbot)  # the Japanese end their Take Off Step: the Combat Phase begins
    assert (s.state.step, s.state.battle) == ("aa", "B2117")
    # Asked in the Battle's AA Combat Step too, the Japanese goes on at the screen: its Bombing.
    assert goes_on(w, qtbot, JP) == JP
    board = board_of(w)
    dock = board.dock  # type: ignore[attr-defined]
    assert dock.isVisible() and not dock.visibleRegion().isEmpty(), "the board comes forward for a Battle"
    assert board.board is not None and board.board.live and board.board.hex == "B2117"
    bombs = [c for c in board.board.choices if isinstance(c.options[0], Bomb)]
    assert bombs and all(o.side == JP for c in bombs for o in c.options)
    first = board.board.choices.index(bombs[0])
    button = board.buttons[first]
    assert board.keys[first].key() == QKeySequence(f"Alt+{first + 1}") and f"Alt+{first + 1}" in button.text()
    assert button.toolTip().startswith("CV › Basic IX.E.2, IX.F")  # the rule, as the order's text cites it
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    given = [o for o in s.state.orders if isinstance(o, Bomb)]
    assert given == [bombs[0].default()], "the board's button gave the order it shows"
    assert board_of(w).board.given == (given[0].describe(),)
    qtbot.mouseClick(board_of(w).seal_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert hand_over(w, qtbot) == US
    board = board_of(w)
    dock = board.dock  # type: ignore[attr-defined]
    assert dock.isVisible() and not dock.visibleRegion().isEmpty(), "the board comes forward for a Battle"
    b = board.board
    assert b is not None and b.live and b.hex == "B2117" and b.step == "aa"
    assert [seg.name for seg in b.segments if seg.current] == ["aa"]
    assert "AA" in board.strip.text() and "background" in board.strip.text()  # the step being fought is lit
    aa = next(seg for seg in b.segments if seg.name == "aa")
    assert "AA BHT 5" in aa.modifiers and any(m.startswith("Surface (a) -3") for m in aa.modifiers)
    assert any("Fortress" in u and u.startswith("Yours") for u in aa.units)
    assert not b.given  # nothing of the Japanese Bombing sealed a moment ago
    # The Americans have nothing to bomb over their own Midway: they seal on the board.
    assert not [c for c in b.choices if not c.key.startswith("Announce")]
    qtbot.mouseClick(board.seal_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    # AA and Bombing rolled at Midway: the next Battle is on, and the last one's dice are on the
    # board of the American, asked there too and still at the screen.
    assert (s.state.step, s.state.battle) == ("air-to-air", "B3010")
    side = goes_on(w, qtbot, US)
    board = board_of(w)
    assert board.board.hex == "B3010" and board.board.step == "air-to-air"
    assert [board.battles.itemText(i) for i in range(board.battles.count())] == ["Now: B3010", "Battle 1: B2117"]
    board.battles.setCurrentIndex(1)
    board.battles.activated.emit(1)
    QApplication.processEvents()
    past = board_of(w).board
    assert past is not None and not past.live and past.hex == "B2117" and not past.choices
    rolls = [e for e in visible(s.events(), side) if e.kind == "roll" and e.data.get("hex") == "B2117"]
    assert rolls, "AA and Bombing were rolled at Midway"
    on_board = [r for seg in past.segments for r in seg.rolls]
    assert [(r.die, r.hits, r.table, r.base, r.factors) for r in on_board] == [
        (e.data["dice"][0], e.data["hits"], e.data["table"], e.data["base"], e.data["factors"]) for e in rolls
    ]
    text = shown(board_of(w))
    for e in rolls:
        assert str(e.data["purpose"]).split(":")[0] in text
    check_board(w, side)


def test_an_order_by_key_and_the_air_to_air_segments_with_their_dice(w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    s = w.controller.session
    lift(w, qtbot)
    seal(w, qtbot)
    for side in (JP, US):  # both seal at Midway (no Bombing there), the Japanese going on at the screen
        assert (goes_on(w, qtbot, side) if side == JP else hand_over(w, qtbot)) == side
        qtbot.mouseClick(board_of(w).seal_button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
    assert (s.state.step, s.state.battle) == ("air-to-air", "B3010")
    assert goes_on(w, qtbot, US) == US
    board = board_of(w)
    escorts = next(seg for seg in board.board.segments if seg.current)
    assert escorts.name == "escorts" and escorts.title == "Interceptors and Escorts"
    assert any("Air (a) -6" in m for m in escorts.modifiers) and any("Air (d)" in m for m in escorts.modifiers)
    assert any("Wildcat" in u and "Air-to-Air BHT 9" in u for u in escorts.units)
    intercept = next(i for i, c in enumerate(board.board.choices) if isinstance(c.options[0], Intercept))
    # Alt+number gives the order shown in that row, with the numbers it shows.
    w.activateWindow()
    QApplication.processEvents()
    expected = board.board.choices[intercept].default()
    qtbot.keyClick(w, Qt.Key(Qt.Key.Key_1 + intercept), Qt.KeyboardModifier.AltModifier)
    QApplication.processEvents()
    assert [o for o in s.state.orders if o.side == US] == [expected]
    seal(w, qtbot)  # Enter seals, as everywhere
    assert hand_over(w, qtbot) == JP
    seal(w, qtbot)
    assert s.state.step == "interception"
    side = goes_on(w, qtbot, JP)  # asked in the Interceptor-to-Bomber Segment too
    board = board_of(w)
    fought = next(seg for seg in board.board.segments if seg.name == "escorts")
    assert not fought.current and len(fought.rolls) == 2  # each side's fighters fire (IX.C.3)
    rolls = [e for e in visible(s.events(), side) if e.kind == "roll" and e.data.get("step") == "air-to-air"]
    assert [r.die for r in fought.rolls] == [e.data["dice"][0] for e in rolls]
    assert any("Air-to-Air Combat at High Altitude in B3010" in n for n in fought.notes)


def test_after_a_handover_the_board_is_the_one_a_fresh_window_draws_for_that_side(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Nothing of the side that was at the screen stays on the board: after the handover its model,
    its words and its picture are those of a window that only ever showed the next side."""
    w = _window(qtbot)
    lift(w, qtbot)
    seal(w, qtbot)
    goes_on(w, qtbot, JP)  # the Japanese, asked at Midway: their Bombing choices on the board
    board = board_of(w)
    qtbot.mouseClick(board.buttons[0], Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    qtbot.mouseClick(board_of(w).seal_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert w.curtain.down and w.curtain.side == US
    lift(w, qtbot)
    session = w.controller.session
    fresh = MainWindow("cv", persist=False)
    qtbot.addWidget(fresh)
    fresh.resize(1400, 900)
    fresh.show()
    qtbot.waitExposed(fresh)
    fresh.controller.adopt(session, viewer=US)
    fresh._curtain_for_hot_seat()
    QApplication.processEvents()
    lift(fresh, qtbot)
    for window in (w, fresh):
        QApplication.processEvents()
        board_of(window).segment_area.horizontalScrollBar().setValue(0)
    a, b = board_of(w), board_of(fresh)
    assert a.board == b.board and shown(a) == shown(b)
    assert a.size() == b.size()
    assert a.grab().toImage() == b.grab().toImage()
    # and none of it is the Japanese orders: the Bomb rows were the Japanese side's alone
    assert "Bombing on" not in shown(a)
    assert not any(isinstance(o, Bomb) for c in a.board.choices for o in c.options)


def test_the_log_is_cut_into_battles() -> None:
    """Each Battle's events run from its "A Battle in ..." to the next Battle or the next phase."""
    s = combat_session(SEED)
    s.play(Done(JP))
    for _ in range(60):
        if not s.state.battle:
            break
        s.play(Done(s.to_act()[0]))
    records = battle_records(s.log(US))
    assert [r.hex for r in records] == ["B2117", "B3010", "B3012"]
    for r in records:
        assert all(e.data.get("hex", r.hex) == r.hex for e in r.events)
    assert not any(e.kind == "turn" for r in records for e in r.events)


def test_every_combat_step_has_its_name_and_segment_on_the_board() -> None:
    """The strip names each Combat Step in words, and each step lights its segment while fought
    (the Air Factors a Base loses to Bombardment, IX.K.3.b, were shown by their id and lit none)."""
    from midway_desktop.ui.games.cv.combat_board import SEGMENT_OF, STEP_NAMES, STEP_SHORT

    assert set(STEP_NAMES) == set(STEP_SHORT)
    assert set(STEP_NAMES) == set(SEGMENT_OF)
    assert SEGMENT_OF["bombardment-losses"] == "surface"
