"""Hot-seat handover: a full-window curtain between two players at one screen.

The curtain is opaque and sits over every part of the window (map, docks, toolbars), takes
all input, and is lifted only by the named player's click (and password, if one is set). The
window rebuilds its contents from the next side's view *before* the curtain lifts, so nothing
of the other side is merely covered.
"""

from __future__ import annotations

import hashlib
import hmac
import os

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget


def hash_password(password: str, salt: bytes | None = None) -> tuple[bytes, bytes]:
    salt = salt if salt is not None else os.urandom(16)
    return salt, hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 120_000)


def check_password(password: str, salt: bytes, digest: bytes) -> bool:
    return hmac.compare_digest(hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 120_000), digest)


class HandoverCurtain(QWidget):
    """Covers its parent window completely until the right player asks to see the game."""

    revealed = Signal(str)  # the side that may now look

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window_ = window
        self.side = ""
        self.passwords: dict[str, tuple[bytes, bytes]] = {}
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title = QLabel("", self)
        self.title.setStyleSheet("color: #e9e4d4; font-size: 28px; font-weight: bold;")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint = QLabel("", self)
        self.hint.setStyleSheet("color: #b9c7d2; font-size: 15px;")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.password = QLineEdit(self)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("password")
        self.password.setMaximumWidth(260)
        self.password.returnPressed.connect(self._try)
        self.error = QLabel("", self)
        self.error.setStyleSheet("color: #ff9b8f;")
        self.error.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.button = QPushButton("", self)
        self.button.setMinimumWidth(260)
        self.button.clicked.connect(self._try)
        for w in (self.title, self.hint, self.password, self.error, self.button):
            layout.addWidget(w, 0, Qt.AlignmentFlag.AlignCenter)
        self.hide()
        window.installEventFilter(self)

    def set_password(self, side: str, password: str | None) -> None:
        if password:
            self.passwords[side] = hash_password(password)
        else:
            self.passwords.pop(side, None)

    def lower_for(self, side: str, side_title: str) -> None:
        """Close the curtain and wait for ``side``'s player."""
        self.side = side
        self.title.setText(f"Pass to the {side_title} player")
        self.hint.setText("Everything is hidden until that player is at the screen.")
        needs = side in self.passwords
        self.password.setVisible(needs)
        self.password.clear()
        self.error.clear()
        self.button.setText(f"I am the {side_title} player — show my side")
        self.setGeometry(self.window_.rect())
        self.raise_()
        self.show()
        (self.password if needs else self.button).setFocus()

    def _try(self) -> None:
        stored = self.passwords.get(self.side)
        if stored is not None and not check_password(self.password.text(), *stored):
            self.error.setText("Wrong password.")
            self.password.selectAll()
            return
        self.hide()
        self.revealed.emit(self.side)

    @property
    def down(self) -> bool:
        return self.isVisible()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.window_ and event.type() == QEvent.Type.Resize and self.isVisible():
            self.setGeometry(self.window_.rect())
            self.raise_()
        return False

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#16232e"))
        p.end()
