"""Docks never cut their contents: a panel that scrolls only up and down is kept at least as
wide as what it holds needs, so neither a narrow window nor a dragged dock edge can clip a
line or a button; the board gives way instead."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QScrollArea, QStyle, QWidget


class _WidthKeeper(QObject):
    """Follows the held widget's needs as its contents change (new buttons, longer names)."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self.scroll = scroll
        self.fit()

    def fit(self) -> None:
        inner = self.scroll.widget()
        if inner is None:
            return
        bar = self.scroll.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self.scroll)
        frame = 2 * self.scroll.frameWidth()
        need = max(inner.minimumSizeHint().width(), inner.minimumWidth())  # a painted widget has no hint
        self.scroll.setMinimumWidth(need + bar + frame)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.LayoutRequest:
            self.fit()
        return False


def keep_whole_width(root: QWidget) -> None:
    """Every vertical-only scroll area under ``root`` keeps the width its contents need."""
    for scroll in root.findChildren(QScrollArea):
        if scroll.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            continue
        if scroll.property("keptWhole") or scroll.widget() is None:
            continue
        scroll.setProperty("keptWhole", True)
        keeper = _WidthKeeper(scroll)
        scroll.widget().installEventFilter(keeper)
