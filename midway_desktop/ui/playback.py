"""Events shown one by one at a pace the player sets: the opponent's phase, played visibly.

When the engine resolves a whole automatic phase in one go (Kido Butai's American phase, a
solitaire doctrine's moves), the presenter hands its events to an :class:`EventPlayback`. The
player watches each draw and roll appear, pauses (Space), steps (N) or skips to the end (Esc);
the board is redrawn from the final view once the playback is over.

A playback may start paused (``start_paused``): the first event shows and the rest waits for
the player's Play or Next, so nothing the opponent does runs past unread. When it is over the
dock shows a summary of what changed, if the presenter gave one.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.engine import Event
from midway_desktop.ui.dock_fit import GivingList, scroll_in_dock


class EventPlayback(QObject):
    stepped = Signal(object)  # the Event just shown
    started = Signal()
    finished = Signal()

    def __init__(self, parent: QObject | None = None, delay_ms: int = 900, start_paused: bool = False) -> None:
        super().__init__(parent)
        self.queue: list[Event] = []
        self.shown: list[Event] = []
        self.timer = QTimer(self)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.step)
        self.start_paused = start_paused
        self.paused = False
        self.skipping = False

    @property
    def active(self) -> bool:
        return bool(self.queue)

    def play(self, events: list[Event]) -> None:
        if not events:
            return
        was_active = self.active
        self.queue.extend(events)
        if not was_active:
            self.shown = []
            if self.start_paused:
                self.paused = True
            self.started.emit()
            self.step()
        if not self.paused:
            self.timer.start()

    def step(self) -> None:
        if not self.queue:
            self._finish()
            return
        event = self.queue.pop(0)
        self.shown.append(event)
        self.stepped.emit(event)
        if not self.queue:
            self._finish()

    def skip(self) -> None:
        self.skipping = True  # (listeners may leave what only the end needs until then)
        try:
            while self.queue:
                self.step()
        finally:
            self.skipping = False

    def clear(self) -> None:
        """Forget what was still to be shown (the screen is changing hands) without showing it."""
        self.queue.clear()
        self.shown = []
        self.timer.stop()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.timer.stop()
        elif self.queue:
            self.timer.start()

    def set_delay(self, ms: int) -> None:
        self.timer.setInterval(max(50, ms))

    def _finish(self) -> None:
        self.timer.stop()
        self.finished.emit()


class PlaybackDock(QDockWidget):
    """The running report, with pause, step, skip and a speed slider."""

    def __init__(self, title: str, playback: EventPlayback, parent: QWidget | None = None) -> None:
        # Named here, not at import: every game imports this module, and PySide6 makes a Qt
        # class's Python enums when it is first named (a slider's: 10 M instructions).
        from PySide6.QtWidgets import QSlider

        super().__init__(title, parent)
        self.setObjectName("playback")
        self.playback = playback
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.status = QLabel("Nothing to show yet.", body)
        self.status.setWordWrap(True)
        self.list = GivingList(body)
        self.list.setWordWrap(True)
        controls = QHBoxLayout()
        self.pause = QPushButton("Pause (Space)", body)
        self.summary: list[str] = []
        self.next = QPushButton("Next (N)", body)
        self.skip = QPushButton("Skip (Esc)", body)
        self.speed = QSlider(Qt.Orientation.Horizontal, body)
        self.speed.setRange(100, 2500)
        self.speed.setValue(playback.timer.interval())
        self.speed.setInvertedAppearance(True)
        self.speed.setToolTip("Pace of the playback: left is slower")
        for w in (self.pause, self.next, self.skip):
            controls.addWidget(w)
        layout.addWidget(self.status)
        layout.addWidget(self.list, 1)
        layout.addLayout(controls)
        layout.addWidget(self.speed)
        # In a scroll area, so a small window can still squeeze the dock.
        scroll_in_dock(self, body)  # (lines wrap)
        self.pause.clicked.connect(self._pause)
        self.next.clicked.connect(playback.step)
        self.skip.clicked.connect(playback.skip)
        self.speed.valueChanged.connect(playback.set_delay)
        playback.started.connect(self._started)
        playback.stepped.connect(self._stepped)
        playback.finished.connect(self._finished)

    def reset(self) -> None:
        self.list.clear()
        self.summary = []
        self.status.setText("Nothing to show yet.")

    def set_summary(self, lines: list[str]) -> None:
        """What changed, shown when the playback is over (and at once if it already is)."""
        self.summary = list(lines)
        if not self.playback.active and self.playback.shown:
            self._finished()

    def _pause(self) -> None:
        self.playback.toggle_pause()
        self._show_state()

    def _show_state(self) -> None:
        paused = self.playback.paused
        self.pause.setText("Play (Space)" if paused else "Pause (Space)")
        if paused:
            left = len(self.playback.queue)
            self.status.setText(
                f"{self.windowTitle()}: {left} more {'step' if left == 1 else 'steps'} to show. "
                "Play (Space) to watch, Next (N) for one step, Skip (Esc) for the end."
            )
        else:
            self.status.setText("Playing… Space pauses, N steps, Esc skips to the end.")

    def _started(self) -> None:
        self.list.clear()
        self.summary = []
        self._show_state()
        self.raise_()

    def _stepped(self, event: Event) -> None:
        self.list.addItem(event.text)
        self.list.scrollToBottom()
        if self.playback.paused and self.playback.queue:
            self._show_state()

    def _finished(self) -> None:
        self.pause.setText("Pause (Space)")
        self.status.setText(f"Done. {' '.join(self.summary)} Your move." if self.summary else "Done: your move.")
