"""CV against the computer at the desktop: the New Game dialog offers the doctrine at either side,
and with the computer at the Japanese side its orders are given from the window's timer, step by
step, without a curtain ever coming down and with nothing of its side on the person's screen."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from midway_desktop.engine.registry import get_rules
from midway_desktop.games.cv.actions import Done
from midway_desktop.games.cv.doctrine import Doctrine
from midway_desktop.ui.new_game import NewGameDialog
from tests.ui.cv_driver import new_short_window


def test_the_dialog_offers_the_computer_at_either_cv_side(qtbot) -> None:  # type: ignore[no-untyped-def]
    rules = get_rules("cv")
    d = NewGameDialog(rules)
    qtbot.addWidget(d)
    d.show()
    for side in ("american", "japanese"):
        box = d.seat_boxes[side]
        levels = [p.name for p in rules.computer_players(rules.scenarios[0], side)]
        assert levels == ["doctrine", "strong"]  # (the quick one first: the usual one)
        assert [box.itemData(i) for i in range(box.count())] == [None, *levels]


def test_the_computer_plays_the_japanese_in_the_window_without_a_curtain(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = new_short_window(qtbot, 5, seats={"american": None, "japanese": "doctrine"})
    c = w.controller
    c.set_pace(0)
    session = c.session
    assert set(c.bots) == {"japanese"} and isinstance(c.bots["japanese"], Doctrine)
    assert c.viewer == "american" and not w.curtain.down
    handovers: list[str] = []
    c.handover.connect(handovers.append)
    steps = 0
    for step in ("set-up", "plane-ready", "form-air-units"):
        assert session.state.step == step
        qtbot.waitUntil(lambda: "japanese" not in session.to_act(), timeout=120_000)  # the computer seals
        QApplication.processEvents()
        assert not w.curtain.down and handovers == [] and c.viewer == "american"
        view = c.view()
        assert "japanese" not in view  # the person's screen is fed the person's view alone
        steps = sum(1 for s in session.history if s.action.side == "japanese")
        assert c.submit(Done("american"))
        QApplication.processEvents()
    # the computer placed its Task Forces and armed its bombers, then readied and sealed
    assert steps >= 6
    assert session.state.step == "ship-plotting" and not w.curtain.down


def test_the_computers_steps_wait_the_pace_only_when_they_show_the_person_something(qtbot) -> None:  # type: ignore[no-untyped-def]
    """At a slow pace each computer step the person sees (a seal told, a sighting, a die) is
    followed by the pace's pause; a step that shows nothing (a secret order) by none, so the
    person watches what can be watched and never waits on what cannot be seen."""
    w = new_short_window(qtbot, 5, seats={"american": None, "japanese": "doctrine"})
    c = w.controller
    session = c.session
    c.set_pace(60_000)
    c.submit(Done("american"))  # the American's set-up sealed: the computer's turn to set up
    assert c._computer.isActive() and c._computer.interval() == 60_000  # (after the person's step: the pace)
    seen = hidden = 0
    while "japanese" in session.to_act() and session.state.step == "set-up":
        shown: list[object] = []
        c.happened.connect(shown.append)
        c._computer.stop()  # (the single-shot timer fires: its step taken now, not a minute from now)
        c._computer_step()
        c.happened.disconnect(shown.append)
        if c.computer_due() is None:
            break
        assert c._computer.interval() == (60_000 if shown else 0)
        seen, hidden = seen + bool(shown), hidden + (not shown)
    assert hidden > 0  # (the computer's set-up orders are secret: they went at once)


def test_a_computer_that_never_ends_its_step_is_stopped_and_named_in_one_line(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The desktop's watchdog counts the computer's orders, not time: past its bound in one step
    the computer stops and the window is told who stalled where, once, instead of spinning."""
    from midway_desktop.engine.bots import Watchdog

    w = new_short_window(qtbot, 5, seats={"american": None, "japanese": "doctrine"})
    c = w.controller
    c.set_pace(0)
    c.watchdog = Watchdog(step_limit=3)  # (the doctrine places more Task Forces than that)
    said: list[str] = []
    c.computerStalled.connect(said.append)
    qtbot.waitUntil(lambda: bool(said), timeout=120_000)
    QApplication.processEvents()
    assert len(said) == 1 and "\n" not in said[0]
    assert said[0].startswith("The computer has stopped: CV: the computer player for the Japanese side gave 3 orders")
    assert "Set-up" in said[0] and not c._computer.isActive()
    assert sum(1 for s in c.session.history if s.action.side == "japanese") == 3
    assert c.session.state.step == "set-up" and "japanese" in c.session.to_act()
