"""Docks never cut their contents: a panel that scrolls only up and down is kept at least as
wide as what it holds needs, so neither a narrow window nor a dragged dock edge can clip a
line or a button; the board gives way instead. And a list in such a panel gives up its height
before the panel scrolls (:class:`GivingList`), so a short dock keeps its buttons in sight."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QDockWidget, QListWidget, QScrollArea, QWidget


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
        # The bar's own width, as its style gives it: asking the style from here would make
        # PySide6 build Python enums for all of QStyle (45 M instructions of every start).
        bar = self.scroll.verticalScrollBar().sizeHint().width()
        frame = 2 * self.scroll.frameWidth()
        need = max(inner.minimumSizeHint().width(), inner.minimumWidth())  # a painted widget has no hint
        self.scroll.setMinimumWidth(need + bar + frame)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.LayoutRequest:
            self.fit()
        return False


KEPT_WHOLE = "keptWhole"


def keep_whole_width(root: QWidget) -> None:
    """Every vertical-only scroll area under ``root`` keeps the width its contents need. A root
    marked ``KEPT_WHOLE`` (a dock that held its panel's scroll area whole as it was built, and
    holds no other) is not searched: ``findChildren`` hands Python every widget under it, and
    the first search of a start made PySide6 work out the class of each (9 M instructions)."""
    if root.property(KEPT_WHOLE):
        return
    for scroll in root.findChildren(QScrollArea):
        if scroll.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            keep_scroll_whole(scroll)


def keep_scroll_whole(scroll: QScrollArea) -> None:
    """``scroll``, which scrolls only up and down, keeps the width its contents need."""
    if scroll.property(KEPT_WHOLE) or scroll.widget() is None:
        return
    scroll.setProperty(KEPT_WHOLE, True)
    keeper = _WidthKeeper(scroll)
    scroll.widget().installEventFilter(keeper)


def scroll_in_dock(dock: QDockWidget, body: QWidget) -> QScrollArea:
    """``body`` as ``dock``'s widget, in a scroll area that scrolls only up and down (its lines
    wrap) and is kept whole; the dock is marked ``KEPT_WHOLE``, so ``body`` must hold no scroll
    area of its own that needs keeping."""
    scroll = QScrollArea(dock)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(body)
    dock.setWidget(scroll)
    keep_scroll_whole(scroll)
    dock.setProperty(KEPT_WHOLE, True)
    return scroll


class GivingList(QListWidget):
    """A list that grows with its panel but asks for no more than a few rows. A scroll area sizes
    what it holds by its preferred height, and a plain list prefers a dozen rows: a short dock
    then scrolled its buttons out of sight while its list could have shrunk."""

    ROWS = 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(self.sizeHint().height())

    def sizeHint(self) -> QSize:  # noqa: N802
        row = self.fontMetrics().height() + 4
        return QSize(super().sizeHint().width(), self.ROWS * row + 2 * self.frameWidth())
