"""The window's status line, where a message is never cut off.

Qt's status bar paints a message on one line and cuts it at the first permanent widget: a
refusal's reason with its rule ran under the turn line, unread. Here a message is a label of
its own that wraps onto a second line when the bar is too narrow for it (the bar grows while it
shows); a message longer still ends its second line in "…", the whole of it in the message's
tooltip and shown at a click on it. The rest of the bar's API is Qt's: ``showMessage`` with a
timeout, ``currentMessage``, ``clearMessage`` and ``messageChanged``, the hex readout (a normal
widget) giving way while a message shows. (A menu entry's status tip is still Qt's own, short,
one line: Qt sets it from C++, hides the normal widgets, the message among them, while it shows,
and brings them back after.)
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

ELLIPSIS = "…"


class MessageLabel(QLabel):
    """The message: the whole of it if it fits ``LINES`` lines at the label's width, else as much
    as fits ending in "…" (the whole in the tooltip). Plain text, never rich text."""

    LINES = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        # The width the bar has left, never more: a wrapped label would hold the window as wide
        # as its longest word, and the message is cut to whatever width it is given.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.full = ""

    def show_text(self, text: str) -> None:
        self.full = text
        self.setToolTip(text)
        self.fit()

    def lines_for(self, text: str, width: int) -> int:
        """How many lines ``text`` takes wrapped at ``width`` pixels."""
        fm = self.fontMetrics()
        height = fm.boundingRect(QRect(0, 0, width, 1 << 20), int(Qt.TextFlag.TextWordWrap), text).height()
        return max(1, -(-height // fm.lineSpacing()))

    def fit(self) -> None:
        """Lay the message out at the label's width now: wrapped, and cut short only past
        ``LINES`` lines."""
        width = self.contentsRect().width()
        text = self.full
        if width > 0 and text and self.lines_for(text, width) > self.LINES:
            text = self._shortened(text, width)
        lines = self.lines_for(text, width) if width > 0 and text else 1
        margins = self.contentsMargins()
        self.setFixedHeight(
            min(lines, self.LINES) * self.fontMetrics().lineSpacing() + margins.top() + margins.bottom()
        )
        if self.text() != text:
            self.setText(text)

    def _shortened(self, text: str, width: int) -> str:
        """The longest start of ``text``, cut between words, that fits the lines with "…"."""
        low, high = 0, len(text)
        while low < high:  # the longest start that fits
            mid = (low + high + 1) // 2
            if self.lines_for(text[:mid].rstrip() + ELLIPSIS, width) <= self.LINES:
                low = mid
            else:
                high = mid - 1
        cut = text[:low]
        space = cut.rfind(" ")
        if space > low // 2:
            cut = cut[:space]
        return cut.rstrip(" ,;:") + ELLIPSIS

    @property
    def elided(self) -> bool:
        return self.text() != self.full

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        """A click shows the whole message at once (a hover does, after a moment). (As the
        button comes up, and the release taken here: a tooltip goes at any press or release,
        this one too if it went on to the bar.)"""
        from PySide6.QtWidgets import QToolTip  # (named at the first click)

        if not self.full:
            super().mouseReleaseEvent(event)
            return
        event.accept()
        QToolTip.showText(event.globalPosition().toPoint(), self.full, self)


class StatusBar(QStatusBar):
    """A status bar whose messages wrap (``MessageLabel``) instead of being cut at its width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # As the window's own status bar is made: it holds the window no wider than it is.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.message = MessageLabel(self)
        self.message.hide()
        super().addWidget(self.message, 1)
        self._normal: list[QWidget] = []  # the widgets that give way to a message
        self._gave_way: list[QWidget] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)
        self._text = ""

    def addWidget(self, widget: QWidget, stretch: int = 0) -> None:  # noqa: N802
        super().addWidget(widget, stretch)
        self._normal.append(widget)

    def insertWidget(self, index: int, widget: QWidget, stretch: int = 0) -> int:  # noqa: N802
        self._normal.append(widget)
        return super().insertWidget(index + 1, widget, stretch)  # (after the message's place)

    def showMessage(self, text: str, timeout: int = 0) -> None:  # noqa: N802
        """Show ``text`` for ``timeout`` ms (0: until the next message or a clear)."""
        if timeout > 0:
            self._timer.start(timeout)
        else:
            self._timer.stop()
        if text == self._text:
            return
        self._text = text
        if text:
            for widget in self._normal:
                if widget.isVisibleTo(self) and widget not in self._gave_way:
                    self._gave_way.append(widget)
                    widget.hide()
            self.message.show_text(text)
            self.message.show()
        else:
            self.message.show_text("")  # (one line again while it shows: the bar lays itself out anew)
            self.message.hide()
            for widget in self._gave_way:
                widget.show()
            self._gave_way = []
        self.messageChanged.emit(text)

    def clearMessage(self) -> None:  # noqa: N802
        self._timer.stop()
        self.showMessage("")

    def currentMessage(self) -> str:  # noqa: N802
        return self._text
