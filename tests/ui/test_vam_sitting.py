"""Victory at Midway hot-seat: a side plays a run of sealed steps at one sitting (see
``games.victory_at_midway.sequence.RUNS``), and may take it back within the sitting."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import Done, Enter
from midway_desktop.games.victory_at_midway.bots import DoctrineBot
from midway_desktop.games.victory_at_midway.state import JAPAN, US
from tests.ui.helpers import lift


def _window(qtbot):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("victory-at-midway", persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    w.start_new({}, 7, None)
    QApplication.processEvents()
    return w


def _set_up(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Both sides set up as the Doctrine would, each at its own screen."""
    c = w.controller
    for side in (US, JAPAN):
        assert lift(w, qtbot) == side
        assert c.submit(DoctrineBot(c.session.rules.game).choose(c.session, side, [], Rng(1)))
        QApplication.processEvents()


def test_a_side_plays_its_movement_midway_strikes_and_searches_at_one_sitting(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Japan, at the screen after its set-up, seals its ship movement and goes on to its Midway
    strikes and its searches while the US has not moved: the curtain comes down only then, and
    the US sees only that Japan has sealed."""
    w = _window(qtbot)
    c = w.controller
    _set_up(w, qtbot)
    assert not w.curtain.down and c.viewer == JAPAN and c.view()["step"] == "ship-movement"
    for step in ("ship-movement", "midway-strike", "search"):
        assert c.view()["step"] == step and w.presenter._step_title(c.view()).startswith(step.split("-")[0].title())
        assert not w.curtain.down
        assert c.submit(Done(JAPAN))
        QApplication.processEvents()
    assert w.curtain.down and w.curtain.side == US and c.session.state.step == "ship-movement"
    assert lift(w, qtbot) == US
    assert c.view()["step"] == "ship-movement" and c.view()["sealed"] == [JAPAN] and JAPAN not in c.view()


def test_an_undo_within_a_sitting_of_several_steps_is_asked_and_given_back(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Japan enters a group, seals its ship movement and its Midway strikes while the US has not
    moved: each seal is taken back with the US player's yes, asked behind the curtain at the US
    screen, which shows nothing of Japan's; Japan is back at its Ship Movement with its entry."""
    asked: list[str] = []

    def ask(*_a) -> bool:  # type: ignore[no-untyped-def]
        assert not w.curtain.down and w.controller.viewer == US and JAPAN not in w.controller.view()
        assert w.controller.view()["step"] == "ship-movement"
        asked.append(US)
        return True

    monkeypatch.setattr("midway_desktop.ui.main_window.ask", ask)
    w = _window(qtbot)
    c = w.controller
    _set_up(w, qtbot)
    enter = next(a for a in c.legal() if isinstance(a, Enter))
    assert c.submit(enter)
    assert c.submit(Done(JAPAN))
    assert c.submit(Done(JAPAN))
    assert not w.curtain.down and c.view()["step"] == "search" and c.session.state.step == "ship-movement"
    for back_at in ("midway-strike", "ship-movement"):
        w._undo()
        assert w.curtain.down and w.curtain.side == US
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)  # the US is asked, and allows it
        QApplication.processEvents()
        assert w.curtain.down and w.curtain.side == JAPAN
        assert lift(w, qtbot) == JAPAN
        assert c.view()["step"] == back_at
    assert asked == [US, US] and c.session.state.ahead == () and c.session.to_act() == (US, JAPAN)
    assert c.session.actions()[-1] == enter  # (its entry order stands)
