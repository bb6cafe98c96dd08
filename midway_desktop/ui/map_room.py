"""The map keeps its room beside the docks.

A main window gives its docks all the room they are dragged to, down to the central widget's
least size: a dock widened by its edge left CV's map a strip a hundred pixels wide at 1024x700,
and a window made smaller, or a dock arrangement restored from a larger one, did as much. Here
the map keeps at least ``MAP_SHARE`` of the window's width and of its height, as far as the
docks' own least sizes let it (they never cut their contents: ``dock_fit``):

- while a dock's edge is dragged, the map's least size is its share, so the edge stops there;
- whenever the window lays itself out (made smaller, a layout restored, a dock shown, moved or
  docked again), docks that have left the map less than its share are made narrower (or
  shorter), each as far as it can, as a player would drag their edges back.

The map's least size is held only during a drag: held for good it would be the window's least
size too, and a window made smaller (by the player or the program) would be stopped at the
docks' width and the map's share of the larger window.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow

MAP_SHARE = 0.4  # of the window's width and height, at least, for the map

# The dock areas on each side of the map, by the way they take from it.
SIDES = (
    (Qt.Orientation.Horizontal, (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)),
    (Qt.Orientation.Vertical, (Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea)),
)
_LAID_OUT = frozenset((QEvent.Type.Resize, QEvent.Type.LayoutRequest))


def _along(size: QSize, orientation: Qt.Orientation) -> int:
    return size.width() if orientation == Qt.Orientation.Horizontal else size.height()


class MapRoom(QObject):
    """Keeps ``window``'s central widget (the map) at least ``MAP_SHARE`` of the window."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.dragging = False
        self._queued = False
        window.installEventFilter(self)  # (before the window's own handling: a drag's start)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is not self.window:
            return False
        kind = event.type()
        if kind in _LAID_OUT:
            self.fit_soon()
        elif kind == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            # On the window itself, between its parts: a dock's edge taken to drag.
            if event.button() == Qt.MouseButton.LeftButton and self.window.childAt(event.position().toPoint()) is None:
                self._hold()
        elif kind == QEvent.Type.MouseButtonRelease and self.dragging:
            self._let_go()
        return False

    # -- a dock's edge dragged: the map's least size is its share -------------------------------
    def _hold(self) -> None:
        central = self.window.centralWidget()
        if central is None:
            return
        self.dragging = True
        # Never more than the map has now: the window's least size must not grow past its size.
        size, have = self.window.size(), central.size()
        central.setMinimumSize(
            min(have.width(), math.ceil(MAP_SHARE * size.width())),
            min(have.height(), math.ceil(MAP_SHARE * size.height())),
        )

    def _let_go(self) -> None:
        self.dragging = False
        central = self.window.centralWidget()
        if central is not None:
            central.setMinimumSize(0, 0)
        self.fit_soon()

    # -- laid out: docks that crowd the map give it back ---------------------------------------
    def fit_soon(self) -> None:
        if not self._queued:
            self._queued = True
            QTimer.singleShot(0, self, self.fit)

    def fit(self) -> None:
        """Narrow (or shorten) the docks beside the map, each as far as its least size, until the
        map has its share."""
        self._queued = False
        window = self.window
        central = window.centralWidget()
        if self.dragging or central is None or not central.isVisible():
            return
        docks = [d for d in window.children() if isinstance(d, QDockWidget) and d.isVisible() and not d.isFloating()]
        for orientation, areas in SIDES:
            want = math.ceil(MAP_SHARE * _along(window.size(), orientation))
            short = want - _along(central.size(), orientation)
            if short <= 0:
                continue
            sides = []  # per area: a dock of it, how deep the area is, how deep it may be at least
            for area in areas:
                here = [d for d in docks if window.dockWidgetArea(d) == area]
                if here:
                    deep = max(_along(d.size(), orientation) for d in here)
                    least = max(_along(d.minimumSizeHint().expandedTo(d.minimumSize()), orientation) for d in here)
                    sides.append((here[0], deep, least))
            spare = sum(deep - least for _d, deep, least in sides if deep > least)
            if spare <= 0:
                continue
            give = min(short, spare)
            sizes = [deep - round(give * max(0, deep - least) / spare) for _d, deep, least in sides]
            QMainWindow.resizeDocks(window, [d for d, _deep, _least in sides], sizes, orientation)
