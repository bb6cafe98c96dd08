"""A word-wrapped label that keeps the height it needs at each width.

A layout asks a wrapped label its height for a width many times as a window opens (each pass
of each layout above it, at each width it tries), and Qt works it out afresh every time by
setting the text in lines: on CV's first screen some 700 asks, about 40 M instructions, for
some forty labels at a handful of widths. The answer depends only on the text, its format,
the font and the width, so it is kept per width until one of those changes.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QWidget

# Changes after which a kept height may be wrong (font, style, text direction).
_RESIZING = frozenset((QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.LayoutDirectionChange))


class WrappedLabel(QLabel):
    """A ``QLabel`` with word wrap on, its height for each width kept (``heightForWidth``)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        self._heights: dict[int, int] = {}

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def setText(self, text: str) -> None:  # noqa: N802
        if text != self.text():
            self._heights.clear()
            super().setText(text)

    def setTextFormat(self, format: Any) -> None:  # noqa: N802, A002
        self._heights.clear()
        super().setTextFormat(format)

    def setWordWrap(self, on: bool) -> None:  # noqa: N802
        if hasattr(self, "_heights"):
            self._heights.clear()
        super().setWordWrap(on)

    def setIndent(self, indent: int) -> None:  # noqa: N802
        self._heights.clear()
        super().setIndent(indent)

    def setMargin(self, margin: int) -> None:  # noqa: N802
        self._heights.clear()
        super().setMargin(margin)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() in _RESIZING:
            self._heights.clear()
        super().changeEvent(event)
