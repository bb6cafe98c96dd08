"""CV's Plot Map as a translucent sheet over the mapboard (CV › Basic VI.A.1, Set Up II.A).

Each side plots its Task Forces' moves on its own Plot Map, in secret. Here the Plot Map is a
pale sheet laid over the board while the viewing side plots (the scene's veil: laid into the
map's tiles, under every counter): each of its Task Forces' plotted move is drawn from the hex
where it stands through every hex it enters, in order, ending in a ring that says how many
hexes of its Movement Factor are left. Everything is drawn from the viewing side's view (its
own plots only); the sheet is cleared at every handover.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
)

from midway_desktop.geometry import Board
from midway_desktop.ui.map_art import UNIT

SHEET = QColor(250, 246, 228, 110)  # the Plot Map's paper, the board showing through
INK = QColor(150, 40, 30, 210)
Z = 30.0  # above the counters (10 and up), letting every click through to them


class PlotOverlay:
    """The Plot Map sheet and the plotted moves drawn on it (scene items the overlay owns)."""

    def __init__(self, scene: Any, board: Board) -> None:
        self.scene = scene
        self.board = board
        self.items: list[QGraphicsItem] = []
        self.shown = False
        # What is drawn, for tests and the legend: Task Force -> (path, Movement Factor left).
        self.drawn: dict[int, tuple[tuple[str, ...], int]] = {}

    def _point(self, label: str) -> QPointF:
        x, y = self.board.centre(label)
        return QPointF(x * UNIT, y * UNIT)

    def clear(self) -> None:
        self.scene.set_veil(None)
        for item in self.items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.items = []
        self.drawn = {}

    def draw(self, view: dict[str, Any], show_sheet: bool, scale: float = 1.0) -> None:
        """The viewing side's plots from ``view``; the sheet itself when ``show_sheet``; lines
        and rings ``scale`` times their size (as large as the counters are drawn)."""
        self.clear()
        self.shown = show_sheet
        mine = view.get(str(view.get("viewer", ""))) or {}
        plots = {int(p["task_force"]): p for p in mine.get("plots", ())}
        if not show_sheet and not plots:
            return
        if show_sheet:
            self.scene.set_veil(SHEET)
        pen = QPen(INK, UNIT * 0.12 * scale, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        font = QFont()
        font.setPixelSize(max(1, int(UNIT * 0.45 * scale)))
        font.setBold(True)
        for t in mine.get("task_forces", ()):
            plot = plots.get(int(t["number"]))
            if not t.get("hex") or t.get("entry") or t.get("exited"):
                continue
            path = tuple(plot["path"]) if plot else ()
            left = int(t["movement"]) - len(path)
            self.drawn[int(t["number"])] = (path, left)
            if plot is None and not show_sheet:
                continue
            line = QPainterPath(self._point(t["hex"]))
            for h in path:
                line.lineTo(self._point(h))
            item = QGraphicsPathItem(line)
            item.setPen(pen)
            item.setZValue(Z)
            self._add(item)
            end = self._point(path[-1] if path else t["hex"])
            r = UNIT * 0.42 * scale
            ring = QGraphicsEllipseItem(QRectF(end.x() - r, end.y() - r, 2 * r, 2 * r))
            ring.setPen(QPen(INK, UNIT * 0.08 * scale))
            ring.setBrush(QBrush(QColor(255, 255, 255, 170)))
            ring.setZValue(Z)
            ring.setToolTip(self.tip(t, path, left, plot))
            self._add(ring)
            text = QGraphicsSimpleTextItem(str(left))
            text.setFont(font)
            text.setBrush(QBrush(INK))
            box = text.boundingRect()
            text.setPos(end.x() - box.width() / 2, end.y() - box.height() / 2)
            text.setZValue(Z + 0.1)
            self._add(text)

    @staticmethod
    def tip(t: dict[str, Any], path: tuple[str, ...], left: int, plot: dict[str, Any] | None) -> str:
        move = " - ".join(path) if path else "stays where it is"
        plot = plot or {}
        extra = ", anchors" if plot.get("anchor") else ", leaves the mapboard" if plot.get("exit") else ""
        return f"Task Force {t['number']} plotted: {move}{extra}. Movement Factor left: {left} of {t['movement']}."

    def _add(self, item: QGraphicsItem) -> None:
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the counters under it still drag
        # Drawn once a zoom, as the counters are: stroking the lines and setting the numbers at
        # every repaint was a tenth of a full one at 3840x2160, ratio 2 (0.8 of 9 ms).
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.scene.addItem(item)
        self.items.append(item)
