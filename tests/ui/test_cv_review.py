"""CV after the game: the umpire's review of both sides, order by order (CV › Basic III: each
side sees only its own forces while the game is on; the umpire's view opens once it is over).

A Short Scenario game is played to its end by the computer's Doctrine at both sides, then shown
in the window: the After the game dock opens the review, the board and the docks show both
sides from the umpire's view of each position, and no order can be given.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.games.cv.actions import Done
from midway_desktop.ui.games.cv import sentence
from midway_desktop.ui.games.cv.combat_board import battle_records
from midway_desktop.ui.main_window import MainWindow
from midway_desktop.ui.screenshot import _new_game_window

SIDES = ("american", "japanese")


@pytest.fixture(scope="module")
def finished() -> Iterator[MainWindow]:
    """One Short Scenario game played to its end (seed 1), shown to the American player."""
    with _new_game_window("cv", 1400, 900, until="over", side="american", seed=1) as w:
        QApplication.processEvents()
        yield w
        w.controller.review(None)


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def test_the_review_opens_once_the_game_is_over_and_shows_both_sides(finished: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    w, c = finished, finished.controller
    p = w.presenter
    assert c.session is not None and c.session.outcome() is not None
    assert p.review_dock.isVisible() and p.review.start_button.isEnabled() and p.review_action.isEnabled()
    assert (
        c.reviewing is None
        and set(p.scene.counters)
        and not any(k.startswith(("american:", "japanese:")) for k in p.scene.counters)
    )
    p.review_action.trigger()
    settle()
    assert c.reviewing == 0 and p.view["viewer"] == "umpire"
    # A position in the middle of the game: both fleets at sea, both sides' charts.
    history = c.session.history
    middle = next(i for i, s in enumerate(history) if str(s.before.time) == "0700 June 4")
    c.review(middle)
    settle()
    pieces = set(p.scene.counters)
    for side in SIDES:
        assert any(k.startswith(f"{side}:tf") for k in pieces), side
        assert any(k.startswith(f"{side}:tf") for k in p.box_models), side
        assert sum(m.rowCount() for k, m in p.box_models.items() if k.startswith(side)) > 0
    faces = {p.scene.counters[k].face.side for k in pieces}
    assert {"us", "japan"} <= faces
    tips = [p.scene.counters[k].toolTip() for k in pieces]
    assert any(t.startswith("American · Task Force") for t in tips)
    assert any(t.startswith("Japanese · Task Force") for t in tips)
    headings = [label.text() for label, _g in p.headings.values()]
    assert any(h.startswith("American · ") for h in headings) and any(h.startswith("Japanese · ") for h in headings)
    ship_firsts = {p.ship_sheet.index(r, 0).data().split()[0] for r in range(p.ship_sheet.rowCount())}
    assert ship_firsts == {"American", "Japanese"}
    assert "Review" in p.heading.text() and p.group_box.count() == 0
    # The log up to the position shown, no further.
    assert len(c.log()) == len(c.session.setup_events) + sum(len(s.events) for s in history[:middle])


def test_stepping_through_the_review_changes_the_position_and_the_order_described(finished: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    w, c = finished, finished.controller
    p = w.presenter
    p.start_review()
    settle()
    assert c.reviewing == 0
    for i in range(60):  # an event that only repeats the order is not said twice
        c.review(i)
        order = sentence(c.reviewed_action().describe()).rstrip(".")
        assert p.review.label.text().count(order) == 1, p.review.label.text()
    c.review(40)
    said = p.review.label.text()
    action = c.reviewed_action()
    assert action is not None and "Position before order 40 of" in said
    assert action.describe()[1:] in said and ("American" in said or "Japanese" in said)
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Right)  # on the map as in the dock
    assert c.reviewing == 41 and p.review.label.text() != said
    assert p.key_pressed(Qt.Key.Key_Left) and c.reviewing == 40
    assert p.review.slider.value() == 40
    time = p.view["time"]
    assert p.key_pressed(Qt.Key.Key_PageDown)  # the next Turn's first order
    after = c.reviewing
    assert p.view["time"] != time and str(c.session.history[after - 1].before.time) == time
    assert p.key_pressed(Qt.Key.Key_PageUp) and p.view["time"] == time  # back to this Turn's first
    assert str(c.session.history[c.reviewing - 1].before.time) != time if c.reviewing else True
    assert p.key_pressed(Qt.Key.Key_End) and c.reviewing == c.review_length()
    assert "the end of the game" in p.review.label.text()
    assert p.key_pressed(Qt.Key.Key_Home) and c.reviewing == 0


def test_a_battle_fought_at_the_position_is_on_the_combat_board(finished: MainWindow) -> None:
    c, p = finished.controller, finished.presenter
    p.start_review()
    at = next(i for i, s in enumerate(c.session.history) if s.before.battle)
    c.review(at)
    settle()
    board = p.combat_board._drawn[0]
    assert board is not None and board.live and board.hex == c.reviewed_state().battle
    assert battle_records(c.log())  # the Battles fought so far, from the log up to here
    rolled = [e for s in c.session.history[:at] for e in s.events if e.kind == "roll" and e.data.get("dice")]
    shown = finished.dice_dock.dice.rolls
    assert shown and all(e in rolled for e in shown)  # the dice rolled before this position
    c.review(0)
    assert finished.dice_dock.dice.rolls == []  # none yet at the first order


def test_no_order_can_be_given_in_the_review(finished: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    c, p = finished.controller, finished.presenter
    p.start_review()
    c.review(10)
    settle()
    assert list(p.legal) == [] and not any(item.draggable for item in p.scene.counters.values())
    with qtbot.waitSignal(c.refused) as said:
        assert not c.submit(Done("american"))
    assert "review" in said.args[0]
    piece = next(iter(p.scene.counters))
    assert p._reason(piece, "B1916") == "This is the review of a finished game."
    assert c.reviewing == 10
    p.review.back_button.click()
    settle()
    assert c.reviewing is None and p.view["viewer"] == "american"
    assert all(e.visible_to("american") for e in finished.dice_dock.dice.rolls)  # the player's own dice again
    assert not any(k.startswith(("american:", "japanese:")) for k in p.scene.counters)


def test_the_review_waits_for_the_end_of_the_game(qtbot) -> None:  # type: ignore[no-untyped-def]
    with _new_game_window("cv", 1000, 700) as w:
        p = w.presenter
        assert not p.review_dock.isVisible()
        assert not p.review.start_button.isEnabled() and not p.review_action.isEnabled()
        p.start_review()
        assert w.controller.reviewing is None
        assert "over" in w.statusBar().currentMessage()
        assert not p.key_pressed(Qt.Key.Key_Right)  # the review's keys only in the review
        assert ("Page Up / Page Down", "in the review: the Turn before or after") in p.shortcuts()


def test_a_new_game_after_a_finished_one_puts_the_review_away(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The After the game dock goes with the finished game: a new game in the same window opens
    without it (and it comes back when that game ends)."""
    from midway_desktop.engine import Rng, Session, get_rules
    from midway_desktop.engine.bots import play_out
    from midway_desktop.engine.registry import default_bots
    from midway_desktop.games.cv.state import evolve
    from midway_desktop.games.cv.time_record import Time
    from tests.ui.cv_driver import window_on

    rules = get_rules("cv")
    session = Session.start(rules, scenario="short", seed=4)
    session.state = evolve(session.state, last=Time(4, 2))  # (two Turns: over soon)
    play_out(session, default_bots("cv")(rules), Rng(4))
    assert session.outcome() is not None
    w = window_on(qtbot, session, side="american")
    if w.curtain.down:
        w.curtain.lift()
    QApplication.processEvents()
    p = w.presenter
    assert p.review_dock.isVisible()
    w.start_new(scenario="short", seed=5)
    if w.curtain.down:
        w.curtain.lift()
    QApplication.processEvents()
    assert not w.presenter.review_dock.isVisible() and not w.presenter.review_action.isEnabled()
