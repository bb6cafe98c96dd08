"""Counters on the map: faces drawn once per size into shared pixmaps, dragged with the mouse.

A counter never decides where it may go: on a drag it asks its scene, which asks whoever
supplies the rules (the controller), and on a drop the scene either snaps it to the cell or
sends it back with the reason.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from midway_desktop.ui import palette as pal


@dataclass(frozen=True)
class CounterFace:
    """What is printed on a counter: side colours, a name, a type line and its values."""

    side: str  # "us" | "japan" | "neutral"
    title: str
    kind: str = ""
    values: str = ""
    reduced: bool = False

    def colours(self) -> tuple[QColor, QColor]:
        if self.side == "us":
            return pal.US_FACE, pal.US_TEXT
        if self.side == "japan":
            return pal.JP_FACE, pal.JP_TEXT
        return pal.NEUTRAL_FACE, pal.NEUTRAL_TEXT


class FaceCache:
    """Faces drawn at each size, shared by every counter in every window, least recently used
    first out once they hold ``budget`` bytes. Bounded by bytes, not by count: a zoom glides
    through a hundred sizes, and a face at the largest takes a thousand times the smallest."""

    def __init__(self, budget: int = 48 * 2**20) -> None:
        self.budget = budget
        self.bytes = 0
        self._faces: OrderedDict[tuple[CounterFace, int], QPixmap] = OrderedDict()

    def __len__(self) -> int:
        return len(self._faces)

    def get(self, key: tuple[CounterFace, int]) -> QPixmap | None:
        found = self._faces.get(key)
        if found is not None:
            self._faces.move_to_end(key)
        return found

    def put(self, key: tuple[CounterFace, int], pixmap: QPixmap) -> None:
        self.bytes += _size(pixmap)
        self._faces[key] = pixmap
        while self.bytes > self.budget and len(self._faces) > 1:
            _key, old = self._faces.popitem(last=False)
            self.bytes -= _size(old)

    def clear(self) -> None:
        self._faces.clear()
        self.bytes = 0


def _size(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * max(1, pixmap.depth() // 8)


_FACES = FaceCache()

LEGIBLE_PX = 7  # the smallest type or values line drawn: below it the line is dropped
TITLE_PX = 6  # a name this small is still told apart; a blank counter tells nothing


@dataclass(frozen=True)
class FaceLine:
    """One line of print on a counter face, at a size that can be read and that fits."""

    text: str
    size: int  # font pixel size
    rect: QRectF
    bold: bool = False


def _fitting(text: str, size: float, room: float, bold: bool, least: int = LEGIBLE_PX) -> int:
    """The largest pixel size from ``least`` up to ``size`` at which ``text`` fits ``room``
    pixels across (0 if none)."""
    font = QFont(pal.FONT_FAMILY)
    font.setBold(bold)
    n = max(int(size), least)
    while n >= least:
        font.setPixelSize(n)
        if QFontMetricsF(font).horizontalAdvance(text) <= room:
            return n
        n -= 1
    return 0


def face_lines(face: CounterFace, px: int) -> list[FaceLine]:
    """What is printed on a face of ``px`` pixels: the title always (shrunk to fit, else
    shortened), the type and values lines only where they can be read. A small counter shows
    its name large rather than three lines nobody can read; the tooltip has the rest."""
    room = px * 0.88
    small = px * 0.17
    lines: list[FaceLine] = []
    full = small >= LEGIBLE_PX and bool(face.kind or face.values)
    want = px * (0.26 if len(face.title) <= 5 else 0.2) if full else px * 0.3
    title = face.title
    size = _fitting(title, want, room, True, TITLE_PX)
    # Too long: its telling part first ("TF-16" -> "16", "Hiryu Zero" -> "Zero"), then cut short.
    tail = re.split(r"[\s-]", face.title)[-1]
    if size == 0 and tail != face.title:
        title = tail
        size = _fitting(title, want, room, True, TITLE_PX)
    short = title
    while size == 0 and len(short) > 2:
        short = short[:-1]
        title = short + "."
        size = _fitting(title, want, room, True, TITLE_PX)
    if size == 0:
        return lines
    if not full:
        # At the top, as on a full face: a fanned stack shows each counter's top strip.
        return [FaceLine(title, size, QRectF(0, px * 0.02, px, px * 0.38), True)]
    lines.append(FaceLine(title, size, QRectF(0, px * 0.06, px, px * 0.36), True))
    for text, top in ((face.kind, 0.42), (face.values, 0.68)):
        if text:
            n = _fitting(text, small, room, False)
            if n:
                lines.append(FaceLine(text, n, QRectF(0, px * top, px, px * 0.26)))
    return lines


def face_pixmap(face: CounterFace, px: int) -> QPixmap:
    """The face at ``px`` device pixels square, drawn once and shared by every counter."""
    px = max(8, min(px, 1024))
    key = (face, px)
    found = _FACES.get(key)
    if found is not None:
        return found
    pm = QPixmap(px, px)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    fill, ink = face.colours()
    if face.reduced:
        fill = fill.lighter(125)
    r = QRectF(1, 1, px - 2, px - 2)
    p.setPen(QPen(QColor(0, 0, 0, 150), max(1.0, px / 40)))
    p.setBrush(fill)
    p.drawRoundedRect(r, px * 0.1, px * 0.1)
    p.setPen(QPen(QColor(255, 255, 255, 90), max(1.0, px / 50)))
    p.drawRoundedRect(r.adjusted(px * 0.05, px * 0.05, -px * 0.05, -px * 0.05), px * 0.07, px * 0.07)
    p.setPen(ink)
    for line in face_lines(face, px):
        font = QFont(pal.FONT_FAMILY)
        font.setBold(line.bold)
        font.setPixelSize(line.size)
        p.setFont(font)
        p.drawText(line.rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, line.text)
    p.end()
    _FACES.put(key, pm)
    return pm


class CounterItem(QGraphicsRectItem):
    """One counter; a square of ``size`` scene units centred on its position.

    A rect item so that Qt answers ``boundingRect`` in C++: a view of 800 counters asks for
    it thousands of times a frame, and a Python override costs more than the drawing.
    """

    def __init__(self, piece: str, face: CounterFace, size: float, label: str) -> None:
        super().__init__()
        self.piece = piece
        self.face = face
        self.size = size
        self.label = label
        self._half = size / 2.0
        h = self._half + 2
        self.setRect(-h, -h, 2 * h, 2 * h)
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self._press: QPointF | None = None
        self._dragging = False
        self._draggable = True  # the presenter turns this off for pieces the player cannot move
        # The place's name as the player reads it; the scene gives its board's (a box's title).
        self.place_title: Callable[[str], str] = str
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setZValue(10)
        # Qt keeps each counter as a device pixmap and blits it; paint() runs only on zoom.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(self.tooltip())

    @property
    def draggable(self) -> bool:
        return self._draggable

    @draggable.setter
    def draggable(self, value: bool) -> None:
        if value == self._draggable:
            return
        self._draggable = value
        scene = self.scene()
        if scene is not None and hasattr(scene, "restack"):
            scene.restack(self.label)  # the player's own pieces lie on top of a stack

    def tooltip(self) -> str:
        bits = [f"<b>{self.face.title}</b>"]
        if self.face.kind:
            bits.append(self.face.kind)
        if self.face.values:
            bits.append(self.face.values)
        bits.append(f"in {self.place_title(self.label)}")
        return "<br>".join(bits)

    def set_face(self, face: CounterFace) -> None:
        """Turn the counter over or re-arm it: a new face, redrawn from the shared cache."""
        if face != self.face:
            self.face = face
            self.setToolTip(self.tooltip())
            self.update()

    def set_label(self, label: str) -> None:
        self.label = label
        self.setToolTip(self.tooltip())

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        t = painter.worldTransform()
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        scale = math.hypot(t.m11(), t.m12())
        px = round(self.size * scale * dpr)
        pm = face_pixmap(self.face, px)
        pm.setDevicePixelRatio(dpr)
        if t.m12() != 0.0 or t.m21() != 0.0 or t.m11() <= 0.0 or t.m22() <= 0.0:
            # A turned counter (Kido Butai squadrons face their way): let Qt rotate the face.
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            painter.drawPixmap(QRectF(-self._half, -self._half, self.size, self.size), pm, QRectF(pm.rect()))
            if self.isSelected():
                painter.setPen(QPen(pal.HIGHLIGHT_EDGE, 2 / max(scale, 1e-6)))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(QRectF(-self._half, -self._half, self.size, self.size), 4, 4)
            painter.restore()
            return
        # Upright: blit at 1:1 in device space, no resampling.
        topleft = t.map(QPointF(-self._half, -self._half))
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(QPointF(round(topleft.x() * dpr) / dpr, round(topleft.y() * dpr) / dpr), pm)
        if self.isSelected():
            painter.setPen(QPen(pal.HIGHLIGHT_EDGE, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(topleft, pm.deviceIndependentSize()), 4, 4)
        painter.restore()

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:  # noqa: N802
        scene = self.scene()
        if scene is not None and hasattr(scene, "counterContext"):
            scene.counterContext.emit(self.piece, event.screenPos())
            event.accept()

    # -- dragging -------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if not self.draggable:
            self._press = None
            scene = self.scene()
            if scene is not None and hasattr(scene, "refuse_pick"):
                scene.refuse_pick(self)
            event.accept()
            return
        self._press = event.scenePos() - self.pos()
        self._dragging = False
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        event.accept()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self._press is None:
            return
        scene = self.scene()
        if not self._dragging:
            self._dragging = True
            self.setZValue(100)
            if scene is not None and hasattr(scene, "begin_drag"):
                scene.begin_drag(self)
        self.setPos(event.scenePos() - self._press)
        if scene is not None and hasattr(scene, "drag_over"):
            scene.drag_over(self)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        was_dragging = self._dragging
        self._press = None
        self._dragging = False
        self.setZValue(10)
        scene = self.scene()
        if was_dragging and scene is not None and hasattr(scene, "end_drag"):
            scene.end_drag(self)
        super().mouseReleaseEvent(event)
