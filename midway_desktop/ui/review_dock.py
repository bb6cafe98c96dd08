"""After the game: the umpire's review of both sides, step by step (shared by the games).

The panel drives :meth:`GameController.review`: a slider over every position of the record,
First / Back / Next / Last, and (when the game says what a Turn is) a Turn back and a Turn on.
The game's presenter draws the position from the umpire's view, as it draws any view; the panel
only says which position is shown and the order taken from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QSlider, QVBoxLayout, QWidget

FAR = 10**6  # a step past either end: the first or the last position

WAITING = "The umpire's review opens when the game is over."
READY = "The game is over: review it as the umpire, both sides' moves step by step."


class ReviewPanel(QWidget):
    """The "After the game" dock's contents. ``describe`` says the order taken from the
    position shown (the record's step); ``turn_of`` names the Turn a position is in (for
    stepping Turn by Turn: None leaves those buttons out)."""

    def __init__(
        self,
        controller: Any,
        describe: Callable[[Any], str],
        turn_of: Callable[[Any], object] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.describe = describe
        self.turn_of = turn_of
        rl = QVBoxLayout(self)
        self.label = QLabel(WAITING)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        rl.addWidget(self.label)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setEnabled(False)
        self.slider.setToolTip("Every position of the game, from the first order to the end")
        self.slider.valueChanged.connect(self.to)
        rl.addWidget(self.slider)
        steps: list[tuple[str, int, str]] = [("First", -FAR, "Home"), ("Back", -1, "Left"), ("Next", 1, "Right"),
                                             ("Last", FAR, "End")]  # fmt: skip
        self.buttons: dict[str, QPushButton] = {}
        for text, delta, key in steps:
            b = QPushButton(text)
            b.setToolTip(f"{text} ({key})")
            b.clicked.connect(lambda _c=False, d=delta: self.step(d))
            self.buttons[text] = b
        order = ["First", "Back", "Next", "Last"]
        if turn_of is not None:
            for text, delta, key in (("Turn back", -1, "Page Up"), ("Turn on", 1, "Page Down")):
                b = QPushButton(text)
                b.setToolTip(f"To the first order of the {'last' if delta < 0 else 'next'} Turn ({key})")
                b.clicked.connect(lambda _c=False, d=delta: self.turn(d))
                self.buttons[text] = b
            order = ["First", "Turn back", "Back", "Next", "Turn on", "Last"]
        # Back and on in rows of three at most, so the dock stays as narrow as its neighbours.
        grid = QGridLayout()
        for i, text in enumerate(order):
            grid.addWidget(self.buttons[text], i // 3 if len(order) > 4 else 0, i % 3 if len(order) > 4 else i)
        rl.addLayout(grid)
        self.start_button = QPushButton("Review the game as umpire")
        self.start_button.setEnabled(False)
        self.start_button.clicked.connect(self.start)
        rl.addWidget(self.start_button)
        self.back_button = QPushButton("Back to the end of the game")
        self.back_button.setToolTip("Leave the review: the game as it ended, from your side")
        self.back_button.clicked.connect(lambda: self.controller.review(None))
        self.back_button.hide()
        rl.addWidget(self.back_button)
        rl.addStretch(1)

    # -- drawing --------------------------------------------------------------------------
    def fill(self) -> None:
        """Say which position is shown (called by the presenter at every refresh)."""
        c = self.controller
        over = c.session is not None and c.session.outcome() is not None
        reviewing = c.reviewing is not None
        self.start_button.setEnabled(over and not reviewing)
        self.back_button.setVisible(over and reviewing)
        self.slider.setEnabled(over and reviewing)
        for b in self.buttons.values():
            b.setEnabled(over and reviewing)
        if not reviewing:
            self.label.setText(READY if over else WAITING)
            return
        n = c.review_length()
        self.slider.blockSignals(True)
        self.slider.setRange(0, n)
        self.slider.setValue(c.reviewing)
        self.slider.blockSignals(False)
        action = c.reviewed_action()
        nxt = "the end of the game" if action is None else f"next: {self.describe(c.session.history[c.reviewing])}"
        self.label.setText(f"Position before order {c.reviewing} of {n}; {nxt.rstrip('.')}.")

    # -- moving ---------------------------------------------------------------------------
    def start(self) -> str | None:
        """Open the review at the first position (the refusal's reason if the game is on)."""
        return self.controller.review(0)

    def to(self, index: int) -> None:
        if self.controller.reviewing is not None:
            self.controller.review(index)

    def step(self, delta: int) -> None:
        c = self.controller
        if c.reviewing is None:
            return
        c.review(max(0, min(c.review_length(), c.reviewing + delta)))

    def turn(self, delta: int) -> None:
        """To the first position of the next (``delta`` 1) or this / the last (-1) Turn."""
        c = self.controller
        if c.reviewing is None or self.turn_of is None:
            return
        history = c.session.history
        turns = [self.turn_of(s.before) for s in history] + [self.turn_of(c.session.state)]
        i = c.reviewing
        if delta > 0:
            j = next((k for k in range(i + 1, len(turns)) if turns[k] != turns[i]), len(turns) - 1)
        else:
            start = i
            while start > 0 and turns[start - 1] == turns[i]:
                start -= 1
            if start == i and i > 0:  # at a Turn's start already: the start of the Turn before
                start = i - 1
                while start > 0 and turns[start - 1] == turns[i - 1]:
                    start -= 1
            j = start
        c.review(j)

    def key(self, key: int) -> bool:
        """The review's keys, while it is open: True when the key was used."""
        if self.controller.reviewing is None:
            return False
        moves: dict[int, Callable[[], None]] = {
            Qt.Key.Key_Left: lambda: self.step(-1),
            Qt.Key.Key_Right: lambda: self.step(1),
            Qt.Key.Key_Home: lambda: self.step(-FAR),
            Qt.Key.Key_End: lambda: self.step(FAR),
        }
        if self.turn_of is not None:
            moves[Qt.Key.Key_PageUp] = lambda: self.turn(-1)
            moves[Qt.Key.Key_PageDown] = lambda: self.turn(1)
        move = moves.get(key)
        if move is None:
            return False
        move()
        return True

    def shortcuts(self) -> list[tuple[str, str]]:
        keys = [
            ("Left / Right", "in the review: the order before or after"),
            ("Home / End", "in the review: the first or last position"),
        ]
        if self.turn_of is not None:
            keys.append(("Page Up / Page Down", "in the review: the Turn before or after"))
        return keys
