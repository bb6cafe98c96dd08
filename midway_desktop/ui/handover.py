"""Hot-seat handover: a full-window curtain between two players at one screen.

The curtain is opaque and sits over every part of the window (map, docks, toolbars, menus,
status bar), takes all input, and is lifted only by the named player's click (and password,
if one is set). The window rebuilds its contents from the next side's view *before* the
curtain lifts, so nothing of the other side is merely covered.

While it is down the curtain keeps itself whole, whatever happens to the window: it follows
every resize, show and state change, stays above every child added or restacked (a dock
re-docked, a presenter's new dock), and holds back every floating dock, which is a window of
its own outside the curtain, until the next player is at the screen.

A side's password is kept only as its stretched key (:class:`SideKey`): the same key checks
the player at the curtain and seals the game's record on disk.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from midway_desktop.ui.shapes import fill_rect

if TYPE_CHECKING:  # (sealing is imported where a password is stretched: see records)
    from midway_desktop.engine.sealing import SideKey

CURTAIN_COLOUR = "#16232e"
_WATCHED = "watchedByCurtain"
_FOLLOWED = "dockFollowedByCurtain"

# Window events after which the curtain checks that it still covers everything.
_RECOVER = frozenset(
    {
        QEvent.Type.Resize,
        QEvent.Type.Show,
        QEvent.Type.WindowStateChange,
        QEvent.Type.LayoutRequest,
        QEvent.Type.ChildAdded,
        QEvent.Type.ChildPolished,
        QEvent.Type.WindowActivate,
        QEvent.Type.PolishRequest,
    }
)


def hash_password(password: str, salt: bytes | None = None) -> tuple[bytes, bytes]:
    """The password's salt and stretched key (scrypt)."""
    from midway_desktop.engine.sealing import side_key

    key = side_key(password, salt=salt)
    return key.salt, key.key


def check_password(password: str, salt: bytes, digest: bytes) -> bool:
    from midway_desktop.engine.sealing import SideKey

    return SideKey(salt, digest).matches(password)


class HandoverCurtain(QWidget):
    """Covers its parent window completely until the right player asks to see the game."""

    revealed = Signal(str)  # the side that may now look

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window_ = window
        self.side = ""
        self.passwords: dict[str, SideKey] = {}
        # Down is the curtain's own state, not its visibility: before the window is first
        # shown every child reads as invisible, and that is exactly when it must keep up.
        self._down = False
        self._held: list[QDockWidget] = []
        self._bringing: QDockWidget | None = None  # a dock tab being brought forward behind it
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
        # Said to both players at every handover (whether the game's file is sealed).
        self.notice = QLabel("", self)
        self.notice.setStyleSheet("color: #e8c77a; font-size: 13px;")
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.notice.setWordWrap(True)
        self.notice.setFixedWidth(560)  # a wrapped label needs its width fixed to be given its height
        self.notice.hide()
        for w in (self.title, self.hint, self.password, self.error, self.button, self.notice):
            layout.addWidget(w, 0, Qt.AlignmentFlag.AlignCenter)
        self.hide()
        # The window and its parts are watched only while the curtain is down: every event of
        # every dock through a Python filter was a cost at every start, the curtain lifted.
        self._watching = False

    def set_password(self, side: str, password: str | None) -> None:
        if password:
            from midway_desktop.engine.sealing import side_key

            self.passwords[side] = side_key(password)
        else:
            self.passwords.pop(side, None)

    def set_keys(self, keys: Mapping[str, SideKey]) -> None:
        """The sides' keys as they came with a sealed game (its passwords, already checked)."""
        self.passwords = dict(keys)

    def set_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

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
        self._down = True
        self.cover()
        (self.password if needs else self.button).setFocus()

    def lift(self) -> None:
        """Open the curtain without asking anyone (a new game decides afresh who sees what)."""
        self._down = False
        # The keyboard leaves the curtain's button first: a widget with it that is hidden hands it
        # to the next in the window, and the dock holding that one scrolled to it (the Orders
        # dock to its bottom, at every handover). The window gives it to the map after.
        focus = QApplication.focusWidget()
        if focus is not None and self.isAncestorOf(focus):
            self.window_.setFocus()
        self.hide()
        self._unwatch()
        held, self._held = self._held, []
        for dock in held:
            if self._in_window(dock):  # (not a dock of a game put away meanwhile)
                dock.show()

    def cover(self) -> None:
        """Make the curtain whole again: the window's full size, above every sibling, every
        floating dock held back. Cheap enough to run after anything that might undo it."""
        if not self._down:
            return
        if self.geometry() != self.window_.rect():
            self.setGeometry(self.window_.rect())
        if not self._watching:
            self.window_.installEventFilter(self)
            self._watching = True
        # The window's docks are its children (floating ones too): read from its own list, not
        # ``findChildren``, which hands Python every widget of every dock to test (1-2 M
        # instructions a time, and this runs a dozen times as a hot-seat game opens).
        for child in self.window_.children():
            self._watch(child)
            if isinstance(child, QDockWidget) and child.isFloating() and not child.isHidden():
                self._hold(child)
        self.raise_()
        self.show()

    def bring_forward(self, dock: QDockWidget) -> None:
        """Turn the window to ``dock``'s tab, behind the curtain if it is down. A dock turns
        its tab to the front only when it finds itself on top of the window's children after a
        raise, so the curtain lets it get there before going back on top, all before the window
        is drawn again."""
        self._bringing = dock
        try:
            dock.raise_()
        finally:
            self._bringing = None
        self.cover()

    def _hold(self, dock: QDockWidget) -> None:
        dock.hide()
        # Only the window's docks: one that has left it (its game put away) is let go.
        self._held = [d for d in self._held if self._in_window(d)]
        if dock not in self._held:
            self._held.append(dock)

    def _in_window(self, dock: QDockWidget) -> bool:
        return shiboken6.isValid(dock) and dock.parent() is self.window_

    def _watch(self, child: QObject) -> None:
        """Keep an eye on a window part: a restack or show of it may put it above the curtain."""
        if child is self or not isinstance(child, QWidget) or child.property(_WATCHED):
            return
        child.setProperty(_WATCHED, True)
        child.installEventFilter(self)
        if isinstance(child, QDockWidget) and not child.property(_FOLLOWED):
            child.setProperty(_FOLLOWED, True)  # (connected once: it stays, and asks if down)
            child.topLevelChanged.connect(lambda _floating, d=child: self._dock_moved(d))

    def _unwatch(self) -> None:
        """Stop watching the window's parts (the curtain lifted: nothing to keep whole). Only
        the parts the window has now: one Qt has deleted meanwhile (a tab bar) is not touched."""
        if not self._watching:
            return
        self._watching = False
        self.window_.removeEventFilter(self)
        for child in self.window_.children():
            if isinstance(child, QWidget) and child.property(_WATCHED):
                child.removeEventFilter(self)
                child.setProperty(_WATCHED, False)

    def _dock_moved(self, dock: QDockWidget) -> None:
        if not self._down:
            return
        if dock.isFloating():
            self._hold(dock)
        # A dock back in the window is stacked anew, above whatever was there.
        QTimer.singleShot(0, self, self.cover)
        self.cover()

    def _try(self) -> None:
        stored = self.passwords.get(self.side)
        if stored is not None and not stored.matches(self.password.text()):
            self.error.setText("Wrong password.")
            self.password.selectAll()
            return
        self.lift()
        self.revealed.emit(self.side)

    @property
    def down(self) -> bool:
        return self._down

    @property
    def holding(self) -> bool:
        """Floating docks are held back behind the curtain (and read as closed meanwhile)."""
        return self._down and any(self._in_window(d) for d in self._held)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if not self._down:
            return False
        kind = event.type()
        if watched is self.window_:
            if kind in _RECOVER:
                self.cover()
                if kind in (QEvent.Type.ChildAdded, QEvent.Type.LayoutRequest, QEvent.Type.Show):
                    # The layout places and stacks the newcomer after this event: check again then.
                    QTimer.singleShot(0, self, self.cover)
        elif kind == QEvent.Type.Show and isinstance(watched, QDockWidget) and watched.isFloating():
            self._hold(watched)  # a window of its own would open beside the curtain
        elif watched is self._bringing:
            return False  # raised to turn its tab: the curtain covers it again straight after
        elif kind in (QEvent.Type.ZOrderChange, QEvent.Type.Show) and watched.parent() is self.window_:
            self.raise_()  # a part of the window raised (a dock tab brought forward) goes back under
        return False

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        fill_rect(p, self.rect(), QColor(CURTAIN_COLOUR))
        p.end()
