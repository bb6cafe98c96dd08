"""Seats at the desktop: the New Game dialog seats a person or the computer at each side; the
computer plays its side visibly at the pace the player sets, never while earlier events are
still being shown; the screen is blanked only between two people; the person's screen shows
only their own side; and the record says who sat where.

Whole games against the computer are played to their end on each side of Victory at Midway,
the person's orders given through the window's controller as the doctrine would give them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.cli import main
from midway_desktop.engine import records
from midway_desktop.engine.bots import RandomBot
from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.registry import default_bots, get_rules
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.seats import ComputerPlayer
from midway_desktop.engine.session import Session
from midway_desktop.games.victory_at_midway.actions import Done
from midway_desktop.ui.controller import PACES, GameController
from midway_desktop.ui.new_game import NewGameDialog
from tests.engine import toy
from tests.ui.vam_checks import assert_docks_match_view, every_box

VAM = "victory-at-midway"
OTHER = {"us": "japan", "japan": "us"}


class SeatedToy(toy.ToyRules):
    """The toy game with a computer player for either side."""

    def computer_players(self, scenario, side):  # type: ignore[no-untyped-def]
        return (ComputerPlayer("random", "Random"),)

    def computer_bot(self, side: str, name: str) -> Any:
        return RandomBot()


SEATED_TOY = SeatedToy()


def _window(qtbot, persist: bool = False):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(VAM, persist=persist)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    return w


def _strings(value: object) -> set[str]:
    """Every text anywhere in a view (keys and values)."""
    if isinstance(value, dict):
        return {str(k) for k in value} | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, (list, tuple)):
        return {s for v in value for s in _strings(v)}
    return {value} if isinstance(value, str) else set()


def _pieces(view: dict[str, Any], side: str) -> set[str]:
    sv = view[side]
    out = {s["id"] for s in sv["ships"]} | {a["id"] for a in sv["aircraft"]} | {g["id"] for g in sv["ground"]}
    return out | set(sv["formations"])


def assert_nothing_of_the_computer(w, computer: str) -> None:  # type: ignore[no-untyped-def]
    """The person's screen holds nothing of the computer's side that the person's own view does
    not: no counter on the map, in a box, on the battle board or in the orders list, no log line
    meant for the computer alone."""
    c, p = w.controller, w.presenter
    session = c.session
    view = c.view()
    assert view["viewer"] != computer and computer not in view
    hidden = _pieces(session.view(UMPIRE), computer) - _strings(view)
    assert hidden, "the computer's side has units the person cannot see"
    assert not hidden & set(p.scene.counters)
    for model in [*every_box(w).values(), p.waiting_model, *p.battle_models.values()]:
        assert not hidden & set(model.pieces())
    for i in range(p.order_list.count()):
        assert not hidden & set(p.order_list.item(i).text().replace(",", " ").split())
    # The log: the person's own events only (a unit once seen in battle may be named there).
    assert all(e.visible_to(c.viewer) for e in w.log_dock.model.events())


# -- the dialog ---------------------------------------------------------------------------------
def _dialog(qtbot, game: str = VAM, seats=None) -> NewGameDialog:  # type: ignore[no-untyped-def]
    d = NewGameDialog(get_rules(game), seats=seats)
    qtbot.addWidget(d)
    d.show()
    return d


def _pick(box, data) -> None:  # type: ignore[no-untyped-def]
    box.setCurrentIndex(box.findData(data))
    box.activated.emit(box.currentIndex())


def test_the_dialog_seats_a_person_or_the_computer_at_each_side(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = _dialog(qtbot)
    us, japan = d.seat_boxes["us"], d.seat_boxes["japan"]
    # Two people by default, as before: hot-seat, with the passwords offered.
    assert d.seats() == {"us": None, "japan": None}
    assert [us.itemText(i) for i in range(us.count())] == ["A person at this screen", "Computer — Doctrine"]
    assert us.isEnabled() and japan.isEnabled() and d.ok.isEnabled()
    assert d.password_note.isVisible() and "blanked" in d.seat_note.text()
    _pick(japan, "doctrine")  # play the Americans against the computer's Japanese
    assert d.seats() == {"us": None, "japan": "doctrine"}
    assert not d.password_note.isVisible() and d.passwords() == {}
    assert "You play the American side" in d.seat_note.text()
    assert "solitaire doctrine" in japan.toolTip()
    _pick(us, "doctrine")  # nobody at the table: refused
    assert not d.ok.isEnabled() and "Seat a person" in d.seat_note.text()
    _pick(us, None)
    _pick(japan, None)
    _pick(us, "doctrine")  # the Japanese against the computer's Americans
    assert d.seats() == {"us": "doctrine", "japan": None} and d.ok.isEnabled()
    # Solitaire: the Japanese are the rules' own doctrine, the Americans a person's; no choice.
    d.scenario.setCurrentIndex(d.scenario.findData("solitaire"))
    assert d.seats() == {"us": None, "japan": "solitaire-doctrine"}
    assert not us.isEnabled() and not japan.isEnabled()
    assert japan.currentText() == "Computer — Solitaire doctrine"
    # Back to the two-player game: the choices made there come back.
    d.scenario.setCurrentIndex(d.scenario.findData("standard"))
    assert d.seats() == {"us": "doctrine", "japan": None}


class LevelledToy(toy.ToyRules):
    """The toy game with three levels of the computer at either side."""

    levels = (
        ComputerPlayer("doctrine", "Doctrine (quick)", "Answers at once by its doctrine."),
        ComputerPlayer("strong", "Strong", "Weighs its orders before it gives them."),
        ComputerPlayer("plain", "Plain"),
    )

    def computer_players(self, scenario, side):  # type: ignore[no-untyped-def]
        return self.levels

    def computer_bot(self, side: str, name: str) -> Any:
        return RandomBot()


def test_the_dialog_offers_every_level_the_rules_list_with_what_it_does(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Whatever the rules list for a side (the usual one first) is offered there, each level
    with its title and, hovered or chosen, what it does."""
    d = NewGameDialog(LevelledToy(), seats={"us": None})
    qtbot.addWidget(d)
    d.show()
    box = d.seat_boxes["japan"]
    assert [box.itemText(i) for i in range(box.count())] == [
        "A person at this screen",
        "Computer — Doctrine (quick)",
        "Computer — Strong",
        "Computer — Plain",
    ]
    assert [box.itemData(i) for i in range(box.count())] == [None, "doctrine", "strong", "plain"]
    assert box.itemData(2, Qt.ItemDataRole.ToolTipRole) == "Weighs its orders before it gives them."
    _pick(box, "strong")
    assert d.seats() == {"us": None, "japan": "strong"} and box.toolTip() == "Weighs its orders before it gives them."
    assert d.seat_note.text().splitlines() == [
        "You play the American side; the computer plays at the pace set in View › Computer's Pace.",
        "Japanese side — Strong: Weighs its orders before it gives them.",
    ]
    _pick(box, "plain")  # (nothing more to say of a level the rules describe not)
    assert d.seats() == {"us": None, "japan": "plain"} and len(d.seat_note.text().splitlines()) == 1
    _pick(d.seat_boxes["us"], "doctrine")
    _pick(box, None)
    assert d.seat_note.text().splitlines()[1] == "American side — Doctrine (quick): Answers at once by its doctrine."


def test_the_dialog_starts_from_the_last_seats(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = _dialog(qtbot, seats={"us": None, "japan": "doctrine"})
    assert d.seats() == {"us": None, "japan": "doctrine"}


@pytest.mark.parametrize("game", ["kido-butai", "midway-solitaire"])
def test_a_game_of_one_side_has_no_seats_to_choose(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    d = _dialog(qtbot, game)
    assert d.seat_boxes == {} and d.seats() == {} and d.ok.isEnabled()


def test_the_seats_chosen_are_remembered_for_the_next_game(qtbot, fresh_profile, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, persist=True)
    if w.curtain.down:
        w.curtain.lift()

    def accept(dialog) -> int:  # type: ignore[no-untyped-def]
        _pick(dialog.seat_boxes["us"], "doctrine")
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    w.new_game_dialog()
    assert w.controller.session.humans == ("japan",) and w.controller.session.computers == {"us": "doctrine"}
    assert w._remembered_seats() == {"us": "doctrine", "japan": None}
    w.controller.release()


# -- the pace -------------------------------------------------------------------------------------
def test_the_pace_is_chosen_from_the_view_menu_and_remembered(qtbot, fresh_profile) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, persist=True)
    assert w.pace_actions["steady"].isChecked() and w.controller.pace_ms == PACES["steady"][1]
    titles = [a.text() for a in w.view_menu.actions() if a.menu()]
    assert any("Pace" in t for t in titles)
    w.pace_actions["slow"].trigger()
    slow = PACES["slow"][1]
    assert w.controller.pace_ms == slow and w.presenter.playback.timer.interval() == slow
    assert w.presenter.report.speed.value() == slow
    w.controller.release()
    w.close()
    again = _window(qtbot, persist=True)
    assert again.pace_actions["slow"].isChecked() and again.controller.pace_ms == slow
    assert again.presenter.playback.timer.interval() == slow
    again.controller.release()


# -- the computer at the controller ---------------------------------------------------------------
def test_the_computer_waits_for_what_is_being_shown_and_never_undoes_its_luck(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = GameController(autosave=False)
    c.set_pace(0)
    c.adopt(Session.start(SEATED_TOY, scenario="close", seed=3, humans=("us",)))
    assert set(c.bots) == {"japan"} and c.viewer == "us"
    showing = [True]
    c.showing = lambda: showing[0]
    handovers: list[str] = []
    c.handover.connect(handovers.append)
    session = c.session
    # The computer is due at once (secret orders): it waits while the screen is showing events.
    assert c.computer_due() == "japan"
    c._computer_step()
    assert session.history == []
    showing[0] = False
    qtbot.waitUntil(lambda: len(session.history) == 1)
    assert session.history[0].action.side == "japan"
    assert c.submit(toy.Order("us", 0, 3))  # the turn resolves, with a die when a search finds
    qtbot.waitUntil(lambda: len(session.history) == 3 or session.outcome() is not None)
    # The computer has played since: nothing of its step, nor the luck before it, is taken back.
    messages: list[str] = []
    c.refused.connect(messages.append)
    before = session.state
    assert not c.undo()
    assert session.state == before and "computer (Japanese)" in messages[-1]
    while session.outcome() is None:
        qtbot.waitUntil(lambda: "us" in session.to_act() or session.outcome() is not None)
        if session.outcome() is None:
            assert c.submit(toy.Order("us", 0, 1))
    assert handovers == []  # one person at the screen: nobody to hand over to


# -- whole games against the computer ---------------------------------------------------------------
def _shown_and_asked(p, session, person: str) -> bool:  # type: ignore[no-untyped-def]
    """The computer's moves shown (skipped through), and the person asked for orders or the game over."""
    p.playback.skip()
    return person in session.to_act() or session.outcome() is not None


def _play_against_the_computer(w, qtbot, person: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Play the person's side to the end with the doctrine's orders given through the controller,
    the computer's side playing itself from the window's timer. Checks as it goes: never a
    curtain, the person's view only, every dock in step with it."""
    c, p = w.controller, w.presenter
    session = c.session
    computer = OTHER[person]
    bots = default_bots(VAM)(session.rules)
    luck = Rng(17)
    counts = {"person": 0, "loops": 0, "checked": 0}
    handovers: list[str] = []
    c.handover.connect(handovers.append)
    while session.outcome() is None:
        p.playback.skip()  # the player may watch the computer step by step; here it is skipped
        QApplication.processEvents()
        assert not w.curtain.down and not handovers, "the screen was blanked between a person and the computer"
        assert c.viewer == person
        if person not in session.to_act() and session.outcome() is None:
            # The computer's turn, played from the window's timer: waited for, not spun on (a
            # count of spins would depend on the machine's speed).
            qtbot.waitUntil(lambda: _shown_and_asked(p, session, person), timeout=60_000)
        if person in session.to_act() and session.outcome() is None:
            action = bots[person].choose(session, person, session.legal_actions(person), luck)
            assert c.submit(action), action.describe()
            counts["person"] += 1
            p.playback.skip()
            QApplication.processEvents()
            # (while the computer's moves are being shown the board waits for them, on purpose)
            # Every twenty of the person's steps or so, once the computer's moves have been shown.
            if not p.playback.active and counts["person"] >= 20 * counts["checked"]:
                showing, c.showing = c.showing, lambda: True  # the computer waits while the test looks
                try:
                    assert_nothing_of_the_computer(w, computer)
                    assert_docks_match_view(w)
                finally:
                    c.showing = showing
                counts["checked"] += 1
        counts["loops"] += 1
        assert counts["loops"] < 20000
    p.playback.skip()
    QApplication.processEvents()
    return counts


@pytest.mark.parametrize(("person", "computer"), [("japan", "us"), ("us", "japan")])
def test_a_game_against_the_computer_played_to_its_end(qtbot, tmp_path: Path, capsys, person, computer) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    w.controller.set_pace(0)
    finished: list[object] = []
    w.controller.finished.connect(finished.append)
    w.start_new({}, 21, None, seats={person: None, computer: "doctrine"})
    QApplication.processEvents()
    c = w.controller
    session = c.session
    assert session.humans == (person,) and session.computers == {computer: "doctrine"}
    assert not w.curtain.down and c.viewer == person
    title = {"us": "American", "japan": "Japanese"}
    said = w.statusBar().currentMessage()
    assert f"You play the {title[person]} side; the computer plays the {title[computer]} side." in said
    assert_nothing_of_the_computer(w, computer)
    counts = _play_against_the_computer(w, qtbot, person)
    outcome = session.outcome()
    assert outcome is not None and finished == [outcome]
    sides = [step.action.side for step in session.history]
    assert sides.count(computer) > 20 and counts["person"] > 20 and counts["checked"] >= 4
    # The computer's orders are whole batches of its doctrine, never a person's Done alone.
    assert any(not isinstance(step.action, Done) for step in session.history if step.action.side == computer)
    # Game over: the person hears Victory or Defeat, as in solitaire, once the computer's last
    # moves have been shown.
    playback = getattr(w.presenter, "playback", None)
    if playback is not None and playback.active:
        assert w.game_over_box is None
        playback.skip()
    qtbot.waitUntil(lambda: w.game_over_box is not None, timeout=5_000)
    box = w.game_over_box
    assert "Victory" in box.text() or "Defeat" in box.text()
    # The record says who sat where; the replay command verifies it and says so.
    path = c.save(tmp_path / "against.midway.json")
    back = records.load(path)
    assert back.humans == (person,) and back.computers == {computer: "doctrine"}
    assert back.outcome() == outcome
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{title[computer]}: computer (Doctrine)" in out and f"{title[person]}: person" in out
    # Reopened in the window: the same seats, the person's side at the screen, no curtain.
    assert w.open_game(str(path))
    assert w.controller.viewer == person and not w.curtain.down and set(w.controller.bots) == {computer}


def test_the_screen_is_blanked_between_two_people_and_never_for_the_computer(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    c = w.controller
    w.start_new({}, 5, None, seats={"us": None, "japan": None})
    assert w.curtain.down and c.bots == {}  # two people: the game opens behind the curtain
    w.curtain.lift()
    bots = default_bots(VAM)(c.session.rules)
    side = c.viewer
    assert c.submit(bots[side].choose(c.session, side, c.session.legal_actions(side), Rng(1)))
    assert w.curtain.down and c.viewer == OTHER[side]  # ... and at every handover
    w.controller.set_pace(0)
    w.start_new({}, 5, None, seats={"us": None, "japan": "doctrine"})
    assert not w.curtain.down
    qtbot.waitUntil(lambda: bool(c.session.history) and c.session.history[0].action.side == "japan")
    assert not w.curtain.down


def test_a_person_s_own_steps_are_undone_but_not_past_the_computer(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    c = w.controller
    c.set_pace(0)
    w.start_new({}, 9, None, seats={"us": None, "japan": "doctrine"})
    session = c.session
    qtbot.waitUntil(lambda: any(s.action.side == "japan" for s in session.history))  # the computer set up
    w.presenter.playback.skip()
    place = next(a for a in c.legal() if not isinstance(a, Done))
    assert c.submit(place)
    assert w.act_undo.isEnabled() and c.undo()  # a person's own order, before anyone else moved
    assert session.history[-1].action.side == "japan"
    assert not c.can_undo()


def test_the_dialog_keeps_no_empty_space_where_the_passwords_were(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The password rows hide when the computer takes a side: the dialog shrinks with them."""
    d = _dialog(qtbot)
    QApplication.processEvents()
    two = d.height()
    _pick(d.seat_boxes["japan"], "doctrine")
    QApplication.processEvents()
    assert d.height() < two and d.height() <= d.sizeHint().height() + 2
    _pick(d.seat_boxes["japan"], None)
    QApplication.processEvents()
    assert d.height() >= two - 2
