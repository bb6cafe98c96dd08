"""Odds from here: a dock that plays bot continuations of the position in the background.

The player asks "what are my chances?": the dock plays N games on from the position on show
(``engine.odds``), in a worker thread so the window never freezes, with a progress bar and
Cancel, and shows the plot (``odds_plot``). It reads the game only through the controller and
hands the worker the position, an immutable value: the live game, its dice and its autosave
are never touched.

What it may use: in a game played alone (solitaire, or against the computer) the viewing
side's knowledge, what is hidden re-drawn for each game; while two people play at one screen
it is off (it would tell each the other's secrets); in the umpire's review of a finished game
it plays on from the whole position.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from PySide6.QtCore import QRectF, QSize, QThread, Signal, Slot
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.engine import odds as odds_engine
from midway_desktop.engine.odds import Cancelled, Odds
from midway_desktop.engine.rules import Rules
from midway_desktop.ui.controller import GameController
from midway_desktop.ui.odds_plot import PLOT_POINTS, least_height, paint_odds
from midway_desktop.values import frozen_value

HOT_SEAT = "Off while two people play at this screen: the odds would show each side what only the other may know."


@frozen_value
class Position:
    """Where the continuations begin and what they may know (``reason``: why there are none)."""

    reason: str = ""
    rules: Rules[Any] | None = None
    state: Any = None
    side: str = ""
    full_state: bool = False
    scenario: str = ""
    options: tuple[tuple[str, Any], ...] = ()
    words: str = ""


def position_of(controller: GameController) -> Position:
    """The position the odds would start from now, or why there are none."""
    session = controller.session
    if session is None:
        return Position("No game on the table.")
    rules = session.rules
    if not odds_engine.has_odds(rules.id):
        return Position(f"No odds for {rules.title} yet.")
    reviewing = controller.reviewing is not None
    if reviewing:
        state = controller.reviewed_state()
    elif session.outcome() is not None:
        return Position("The game is over.")
    elif len(session.humans) > 1 and not rules.solitaire:
        return Position(HOT_SEAT)
    else:
        state = session.state
    if rules.outcome(state) is not None:
        return Position("This is the end of the game: nothing is left to play.")
    why = "" if reviewing else odds_engine.unavailable(rules.id, state)
    if why:
        return Position(why)
    # The asker is the person at the screen: never a side the computer plays, whose orders and
    # pieces the person may not know (with one person, the viewer is that person's side).
    side = controller.viewer if controller.viewer in session.humans else session.humans[0]
    return Position(
        rules=rules,
        state=state,
        side=side,
        full_state=reviewing,
        scenario=session.scenario,
        options=tuple(session.options.items()),
        words=_words(rules, state, side),
    )


def _words(rules: Rules[Any], state: Any, side: str) -> str:
    view = rules.view(state, side)
    phase = rules.phase(state).title
    when = view.get("time") or (f"turn {view['turn']}" if view.get("turn") is not None else "")
    return f"{when}, {phase}" if when else phase


class OddsRun(QThread):
    """One batch of continuations, off the window's thread; Cancel is an interruption request."""

    progressed = Signal(int, int)
    done = Signal(object)  # Odds
    stopped = Signal(str)  # cancelled, or failed: why

    def __init__(self, at: Position, games: int, seed: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.at = at
        self.games = games
        self.seed = seed
        self.every = max(1, games // 100)

    def run(self) -> None:
        at = self.at
        assert at.rules is not None
        # A busy Python thread keeps the interpreter lock for its whole switch interval (5 ms)
        # each time the window's thread asks for it, and the window's thread asks at every Qt
        # call: with the default interval the window crawls while the games run. A short one
        # while the games run keeps it answering.
        interval = sys.getswitchinterval()
        sys.setswitchinterval(min(interval, 0.0002))
        try:
            self._play(at)
        finally:
            sys.setswitchinterval(interval)

    def _play(self, at: Position) -> None:
        assert at.rules is not None
        try:
            result = odds_engine.odds_from(
                at.rules,
                at.state,
                at.side,
                odds_engine.players(at.rules.id),
                self.games,
                self.seed,
                scenario=at.scenario,
                options=dict(at.options),
                full_state=at.full_state,
                progress=self._progress,
                cancelled=self.isInterruptionRequested,
                position=at.words,
            )
        except Cancelled as exc:
            self.stopped.emit(f"Cancelled: {exc}.")
            return
        except Exception as exc:  # noqa: BLE001 - a bot or rules bug must not take the window down
            self.stopped.emit(f"The odds could not be worked out: {exc}")
            return
        self.done.emit(result)

    def _progress(self, done: int, total: int) -> None:
        if done % self.every == 0 or done == total:
            self.progressed.emit(done, total)


class OddsPlot(QWidget):
    """The plot of the last result, repainted at any size."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.odds: Odds | None = None
        self.setMinimumSize(320, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(560, 420)

    def show_odds(self, odds: Odds | None) -> None:
        self.odds = odds
        least = 260 if odds is None else math.ceil(least_height(odds, QFontMetricsF(self._font()).height()))
        self.setMinimumHeight(least)
        self.update()

    def _font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(PLOT_POINTS)
        return font

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        if self.odds is None:
            return
        p = QPainter(self)
        try:
            paint_odds(p, QRectF(self.rect()), self.odds)
        finally:
            p.end()


class OddsDock(QDockWidget):
    """Games, seed, Run and Cancel, a progress bar, and the plot."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__("Odds from here", parent)
        self.setObjectName("odds")
        self.controller = controller
        self.run_thread: OddsRun | None = None
        self.session_running: object = None
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.status = QLabel(body)
        self.status.setWordWrap(True)
        form = QFormLayout()
        self.games = QSpinBox(body)
        self.games.setRange(5, 10_000)
        self.games.setSingleStep(50)
        self.games.setValue(200)
        self.games.setToolTip("How many games the bots play on from this position")
        self.seed = QSpinBox(body)
        self.seed.setRange(0, 1_000_000)
        self.seed.setValue(1)
        self.seed.setToolTip("The same seed from a position you know as much about gives the same odds")
        form.addRow("Games:", self.games)
        form.addRow("Seed:", self.seed)
        buttons = QHBoxLayout()
        self.run_button = QPushButton("Run", body)
        self.cancel_button = QPushButton("Cancel", body)
        self.cancel_button.setEnabled(False)
        self.larger_button = QPushButton("Larger…", body)
        self.larger_button.setToolTip("The plot in a window of its own")
        self.larger_button.setEnabled(False)
        self.larger: QDialog | None = None
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.larger_button)
        self.progress = QProgressBar(body)
        self.progress.setFormat("%v of %m games")
        self.progress.setRange(0, self.games.value())  # (says the games a run would play, not 100)
        self.progress.setValue(0)
        self.games.valueChanged.connect(self._games_set)
        self.plotted_for: object = None  # the game the plot's odds were played on from
        self.games_for = ""  # the game whose usual number of games the spin box was set to
        self.plot = OddsPlot(body)
        layout.addWidget(self.status)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        # In a scroll area: a short dock scrolls the plot rather than crushing its rows.
        scroll = QScrollArea(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.plot)
        layout.addWidget(scroll, 1)
        self.setWidget(body)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.larger_button.clicked.connect(self.show_larger)
        controller.changed.connect(self.refresh)
        self.refresh()

    @property
    def running(self) -> bool:
        return self.run_thread is not None

    def refresh(self) -> None:
        """Say what the odds would start from (or why there are none); a new game stops a run."""
        if self.running and self.controller.session is not self.session_running:
            self.cancel()
        if self.running:
            return
        if self.plot.odds is not None and self.controller.session is not self.plotted_for:
            self._forget_odds()  # a new game (or one opened): the last game's odds are not its
        session = self.controller.session
        if session is not None and session.rules.id != self.games_for:
            self.games_for = session.rules.id  # (a game of long continuations offers fewer)
            self.games.setValue(odds_engine.default_games(session.rules.id))
        at = position_of(self.controller)
        self.run_button.setEnabled(not at.reason)
        if at.reason:
            self.status.setText(at.reason)
        elif at.full_state:
            self.status.setText(f"Umpire's review: the games play on from the whole position ({at.words}).")
        else:
            self.status.setText(f"From {at.words}, as you know it: what you cannot see is drawn afresh for each game.")

    def start(self) -> bool:
        """Run the continuations in the background; False (and why, in the dock) if there are none."""
        if self.running:
            return False
        at = position_of(self.controller)
        if at.reason:
            self.status.setText(at.reason)
            return False
        games = self.games.value()
        run = OddsRun(at, games, self.seed.value(), self)
        run.progressed.connect(self._progressed)
        run.done.connect(self._done)
        run.stopped.connect(self._stopped)
        run.finished.connect(self._finished)
        self.run_thread = run
        self.session_running = self.controller.session
        self.progress.setRange(0, games)
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(f"Playing {games} games on from {at.words}…")
        run.start(QThread.Priority.LowPriority)
        return True

    def cancel(self) -> None:
        if self.run_thread is not None:
            self.run_thread.requestInterruption()
            self.cancel_button.setEnabled(False)

    def stop(self) -> None:
        """Cancel and wait for the worker (the window is closing)."""
        run = self.run_thread
        if run is not None:
            run.requestInterruption()
            run.wait()

    def _games_set(self, games: int) -> None:
        if not self.running:
            self.progress.setRange(0, games)
            self.progress.setValue(0)

    def _forget_odds(self) -> None:
        self.plot.show_odds(None)
        self.plotted_for = None
        self.larger_button.setEnabled(False)
        if self.larger is not None:
            self.larger.hide()
        self._games_set(self.games.value())

    @Slot(int, int)
    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(done)

    def show_larger(self) -> None:
        """The last plot in a resizable window of its own (the dock is often narrow)."""
        if self.plot.odds is None:
            return
        if self.larger is None:
            self.larger = QDialog(self)
            self.larger.setWindowTitle("Odds from here")
            box = QVBoxLayout(self.larger)
            box.setContentsMargins(0, 0, 0, 0)
            box.addWidget(OddsPlot(self.larger))
            self.larger.resize(900, 620)
        big = self.larger.findChild(OddsPlot)
        assert big is not None
        big.show_odds(self.plot.odds)
        self.larger.show()
        self.larger.raise_()

    @Slot(object)
    def _done(self, odds: Odds) -> None:
        self.plot.show_odds(odds)
        self.plotted_for = self.session_running
        self.larger_button.setEnabled(True)
        if self.larger is not None and self.larger.isVisible():
            self.show_larger()
        self.status.setText(f"{odds.games} games played on from {odds.position}.")

    @Slot(str)
    def _stopped(self, why: str) -> None:
        self.status.setText(why)

    @Slot()
    def _finished(self) -> None:
        run = self.run_thread
        self.run_thread = None
        self.session_running = None
        if run is not None:
            run.deleteLater()
        self.cancel_button.setEnabled(False)
        self.run_button.setEnabled(not position_of(self.controller).reason)
