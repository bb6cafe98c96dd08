"""Docks never cut their contents: a panel that scrolls only up and down is kept at least as
wide as what it holds needs, so neither a narrow window nor a dragged dock edge can clip a
line or a button; the board gives way instead. And a list in such a panel gives up its height
before the panel scrolls (:class:`GivingList`), so a short dock keeps its buttons in sight."""

from __future__ import annotations

from types import TracebackType

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QDockWidget,
    QListWidget,
    QScrollArea,
    QScrollBar,
    QWidget,
)


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


class _Held(QObject):
    """How far down a scroll bar is to be while its contents are laid out (contents made again
    are laid out later, some of them a turn of the event loop or two later, and a bar set before
    then is cut short): set again as its range changes, until the player takes the bar (or the
    keyboard scrolls to a widget out of sight), or the range has been still for ``SETTLED`` ms."""

    SETTLED = 300

    def __init__(self, bar: QScrollBar) -> None:
        super().__init__(bar)
        self.bar = bar
        self.value: int | None = None
        self._setting = False
        self._settled = QTimer(self)
        self._settled.setSingleShot(True)
        self._settled.setInterval(self.SETTLED)
        self._settled.timeout.connect(self._let_go)
        bar.rangeChanged.connect(self._again)
        bar.valueChanged.connect(self._moved)
        bar.sliderPressed.connect(self._let_go)
        bar.actionTriggered.connect(self._taken)

    def hold(self, value: int) -> None:
        self.value = value
        self._set(value)
        self._settled.start()

    def _set(self, value: int) -> None:
        self._setting = True
        try:
            self.bar.setValue(value)
        finally:
            self._setting = False

    def _again(self, _low: int, _high: int) -> None:
        # (said before the bar cuts its value to the new range: set first, it has none to cut)
        if self.value is not None:
            self._set(self.value)
            self._settled.start()

    def _moved(self, _value: int) -> None:
        if not self._setting:
            self._let_go()

    def _taken(self, _action: int) -> None:
        self._let_go()

    def _let_go(self) -> None:
        self.value = None
        self._settled.stop()


def _held(area: QAbstractScrollArea) -> _Held:
    bar = area.verticalScrollBar()
    held = bar.findChild(_Held)
    return held if held is not None else _Held(bar)


def hold_scroll(area: QAbstractScrollArea, value: int) -> None:
    """``area`` scrolled ``value`` down, now and as its contents are laid out anew (as far as
    they let it), until the player takes it."""
    _held(area).hold(value)


def scroll_place(area: QAbstractScrollArea) -> int:
    """How far down ``area`` is, or is held to be once its contents are laid out."""
    bar = area.verticalScrollBar()
    held = bar.findChild(_Held)
    return held.value if held is not None and held.value is not None else bar.value()


class KeptPlace:
    """A dock's scroll area (or a list) stays where the player had it while its contents are
    made again (``with KeptPlace(area): ...``): as far down, and the keyboard with the area, not
    walked away. A widget with the keyboard that is hidden hands it to the next one in the
    window's order, and a scroll area scrolls to whichever widget it is handed to: taking the
    boxes of a dock down one by one walked the keyboard through every one of them and left the
    dock scrolled to its bottom after a drop."""

    def __init__(self, area: QAbstractScrollArea, value: int | None = None) -> None:
        """``value``: how far down to put it instead (where a player left it at a handover)."""
        self.area = area
        self.value = 0
        self._given = value

    def __enter__(self) -> KeptPlace:
        self.value = scroll_place(self.area) if self._given is None else self._given
        focus = QApplication.focusWidget()
        if focus is not None and focus is not self.area and self.area.isAncestorOf(focus):
            self.area.setFocus()  # (the area itself: nothing in it to scroll to)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        hold_scroll(self.area, self.value)
