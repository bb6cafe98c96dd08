"""The odds dock: it runs in the background with progress, cancels, shows the plot, is off while
two people play at one screen, plays on from the whole position in the review, and never
changes the game."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from midway_desktop.engine.bots import play_out
from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.ui.odds_dock import HOT_SEAT, OddsDock, position_of
from tests.ui.helpers import open_window, play_by_bots


def _fingerprint(window: Any) -> tuple[Any, ...]:
    s = window.controller.session
    return (s.state, len(s.history), s.rng.state, s.rng.uses, tuple(s.redo_stack), window.controller.viewer)


def _open_dock(qtbot, game: str) -> tuple[Any, OddsDock]:  # type: ignore[no-untyped-def]
    w = open_window(qtbot, game)
    qtbot.waitExposed(w)
    w.act_odds.trigger()
    dock = w.odds_dock
    assert isinstance(dock, OddsDock) and dock.isVisible()
    return w, dock


def test_the_dock_runs_in_the_background_shows_progress_and_the_plot(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, dock = _open_dock(qtbot, "midway-solitaire")
    play_by_bots(w, 2)
    before = _fingerprint(w)
    dock.games.setValue(300)
    seen: list[int] = []
    dock.progress.valueChanged.connect(seen.append)
    assert dock.start()
    assert dock.running and not dock.run_button.isEnabled() and dock.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: not dock.running, timeout=60_000)
    assert dock.plot.odds is not None and dock.plot.odds.games == 300
    assert sum(dock.plot.odds.results.values()) == 300
    assert dock.progress.value() == dock.progress.maximum() == 300
    assert len(seen) > 2 and seen == sorted(seen)  # it moved along, never back
    assert "300 games played on from turn" in dock.status.text()  # MS counts turns; KB names its hours
    assert _fingerprint(w) == before  # the game is as it was
    image = dock.plot.grab().toImage()
    assert image.width() > 100 and len({image.pixel(x, image.height() // 3) for x in range(0, image.width(), 4)}) > 2


def test_the_window_keeps_answering_while_the_odds_run(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, dock = _open_dock(qtbot, "victory-at-midway")
    w.start_new(scenario="solitaire")  # one player, the doctrine moving Japan: odds are on
    QApplication.processEvents()
    assert not position_of(w.controller).reason, position_of(w.controller).reason
    dock.games.setValue(40)
    ticks: list[int] = []
    from PySide6.QtCore import QTimer

    timer = QTimer(w)
    timer.setInterval(20)
    timer.timeout.connect(lambda: ticks.append(dock.progress.value()))
    timer.start()
    assert dock.start()
    qtbot.waitUntil(lambda: not dock.running, timeout=120_000)
    timer.stop()
    # The event loop ran all along: the timer fired while the games were still being played.
    assert any(0 < v < 40 for v in ticks), ticks
    assert dock.plot.odds is not None and set(dock.plot.odds.vp_sides) == {"us", "japan"}


def test_cancel_stops_the_run_and_leaves_the_game_untouched(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, dock = _open_dock(qtbot, "midway-solitaire")
    before = _fingerprint(w)
    dock.games.setValue(10_000)
    assert dock.start()
    qtbot.waitUntil(lambda: dock.progress.value() > 0, timeout=30_000)
    dock.cancel_button.click()
    qtbot.waitUntil(lambda: not dock.running, timeout=30_000)
    assert dock.status.text().startswith("Cancelled")
    assert dock.progress.value() < 10_000
    assert dock.plot.odds is None
    assert dock.run_button.isEnabled() and not dock.cancel_button.isEnabled()
    assert _fingerprint(w) == before


def test_off_while_two_people_play_at_one_screen(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, dock = _open_dock(qtbot, "victory-at-midway")
    session = w.controller.session
    assert len(session.humans) == 2  # the standard game: two players, hot-seat
    assert position_of(w.controller).reason == HOT_SEAT
    assert dock.status.text() == HOT_SEAT and not dock.run_button.isEnabled()
    assert not dock.start() and not dock.running


def test_against_the_computer_the_odds_are_the_persons_and_never_read_its_sealed_orders(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The standard game, the computer at Japan: the odds are asked as the US (whatever side the
    screen shows), and the Japanese orders already sealed in the step are not in the start."""
    from midway_desktop.games.victory_at_midway.hidden import before_the_reveal
    from midway_desktop.games.victory_at_midway.sequence import SECRET

    w, dock = _open_dock(qtbot, "victory-at-midway")
    w.start_new(scenario="standard", seed=4, seats={"us": None, "japan": "doctrine"})
    c = w.controller
    session = c.session
    assert session.humans == ("us",)
    bots = default_bots("victory-at-midway")(session.rules)
    luck = Rng(4)
    while not (session.state.turn > 1 and session.state.step in SECRET and "japan" in session.state.sealed):
        side = "japan" if "japan" in session.to_act() else session.to_act()[0]
        session.apply_unchecked(bots[side].choose(session, side, session.legal_actions(side), luck))
    c.changed.emit()
    c.viewer = "japan"  # (not a person's side: it never asks)
    at = position_of(c)
    assert not at.reason and at.side == "us" and not at.full_state and at.state is session.state
    start = before_the_reveal(session.rules.game, at.state, at.side)
    assert "japan" not in start.sealed and "japan" in session.rules.to_act(start)
    dock.games.setValue(10)
    assert dock.start()
    qtbot.waitUntil(lambda: not dock.running, timeout=120_000)
    assert dock.plot.odds is not None and dock.plot.odds.side == "us" and dock.plot.odds.games == 10


def test_the_review_plays_on_from_the_whole_position(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, dock = _open_dock(qtbot, "midway-solitaire")
    c = w.controller
    session = c.session
    play_out(session, default_bots("midway-solitaire")(session.rules), Rng(3))
    c.changed.emit()
    assert position_of(c).reason == "The game is over."
    assert c.review(1) is None
    at = position_of(c)
    assert at.full_state and at.state is session.history[1].before
    assert "Umpire's review" in dock.status.text()
    dock.games.setValue(20)
    assert dock.start()
    qtbot.waitUntil(lambda: not dock.running, timeout=60_000)
    assert dock.plot.odds is not None and dock.plot.odds.full_state
    assert c.reviewing == 1 and session.outcome() is not None


def test_closing_the_window_stops_a_run(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, dock = _open_dock(qtbot, "midway-solitaire")
    dock.games.setValue(10_000)
    assert dock.start()
    run = dock.run_thread
    w.close()
    assert run is not None and run.isFinished()


def test_the_plot_opens_larger_in_its_own_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    w, dock = _open_dock(qtbot, "kido-butai")
    assert not dock.larger_button.isEnabled()  # nothing to show yet
    dock.games.setValue(20)
    assert dock.start()
    qtbot.waitUntil(lambda: not dock.running, timeout=60_000)
    dock.larger_button.click()
    assert dock.larger is not None and dock.larger.isVisible()
    from midway_desktop.ui.odds_dock import OddsPlot

    big = dock.larger.findChild(OddsPlot)
    assert big.odds is dock.plot.odds and set(big.odds.vp_sides) == {"japan", "usa"}


def test_a_new_game_forgets_the_last_games_odds_and_the_bar_counts_the_games_set(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The dock's bar says the games a run will play before any run, and follows the number set;
    after New Game the plot of the last game's odds is gone (they were not this game's)."""
    w, dock = _open_dock(qtbot, "midway-solitaire")
    assert (dock.progress.value(), dock.progress.maximum()) == (0, dock.games.value())
    dock.games.setValue(20)
    assert dock.progress.maximum() == 20 and dock.progress.text() == "0 of 20 games"
    assert dock.start()
    qtbot.waitUntil(lambda: not dock.running, timeout=60_000)
    assert dock.plot.odds is not None and dock.larger_button.isEnabled()
    w.start_new()
    QApplication.processEvents()
    assert dock.plot.odds is None and not dock.larger_button.isEnabled()
    assert dock.progress.value() == 0 and dock.progress.maximum() == 20


def test_cv_odds_begin_after_the_set_up_and_play_the_doctrine_on(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Against the computer: none at the set-up (said why), then a run of the Doctrine's games
    from the person's position as they know it, the game untouched."""
    from midway_desktop.games.cv.actions import Done
    from tests.ui.cv_driver import new_short_window

    w = new_short_window(qtbot, 5, seats={"american": None, "japanese": "doctrine"})
    c = w.controller
    c.set_pace(0)
    w.act_odds.trigger()
    dock = w.odds_dock
    assert isinstance(dock, OddsDock)
    assert dock.games.value() == 50  # (CV's continuations are long: fewer offered first)
    assert not dock.run_button.isEnabled() and "once both sides have set up" in dock.status.text()
    assert c.submit(Done("american"))
    qtbot.waitUntil(lambda: c.session.state.step != "set-up", timeout=120_000)  # the computer sets up
    QApplication.processEvents()
    assert dock.run_button.isEnabled(), dock.status.text()
    assert "as you know it" in dock.status.text()
    qtbot.waitUntil(lambda: c.session.to_act() == ("american",), timeout=120_000)  # the computer's orders given
    QApplication.processEvents()
    before = _fingerprint(w)
    dock.games.setValue(5)
    assert dock.start()
    qtbot.waitUntil(lambda: not dock.running, timeout=300_000)
    assert dock.plot.odds is not None and dock.plot.odds.games == 5, dock.status.text()
    assert set(dock.plot.odds.results) <= {"american", "japanese", "draw"}
    assert _fingerprint(w) == before
