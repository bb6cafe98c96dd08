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

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from midway_desktop.ui import palette as pal
from midway_desktop.ui import symbols
from midway_desktop.values import frozen_value


@frozen_value
class CounterFace:
    """What is printed on a counter: side colours, a pictorial symbol (``ui.symbols``), a
    designation, a type line and its factors (VaM's AA-surface or air-strike-range string,
    CV's AA-gunnery-torpedo-movement, a Kido Butai squadron's arming)."""

    side: str  # "us" | "japan" | "neutral"
    title: str
    kind: str = ""
    values: str = ""
    reduced: bool = False
    symbol: str = ""  # a name in resources/symbols; "" prints the designation alone

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
        self._faces: OrderedDict[tuple[CounterFace, int, float, bool], QPixmap] = OrderedDict()

    def __len__(self) -> int:
        return len(self._faces)

    def get(self, key: tuple[CounterFace, int, float, bool]) -> QPixmap | None:
        found = self._faces.get(key)
        if found is not None:
            self._faces.move_to_end(key)
        return found

    def put(self, key: tuple[CounterFace, int, float, bool], pixmap: QPixmap) -> None:
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

LEGIBLE_PX = 7  # the smallest print, in logical pixels: a line that cannot have it is dropped
TITLE_PX = 6  # a designation this small is still told apart (only on a face without a symbol)
SYMBOL_PX = 9  # the least width of a symbol printed beside words, in logical pixels
ROOM = 0.86  # the width print may take, as a share of the face

# What a face prints at each level of detail, richest first; each part with the band of the
# face (top, bottom, as shares of its height) it is printed in. A level is taken when every
# part fits legibly, so what cannot fit goes in a planned order: the type line, then the
# factors, then the designation; the symbol is last and always stays (VaM › Combat Units:
# type and ID at the top, the factor string along the bottom).
_PICTURED: tuple[tuple[str, tuple[tuple[str, float, float], ...]], ...] = (
    ("print", (("title", 0.03, 0.22), ("symbol", 0.23, 0.61), ("kind", 0.61, 0.79), ("values", 0.79, 0.97))),
    ("factors", (("title", 0.03, 0.26), ("symbol", 0.27, 0.73), ("values", 0.73, 0.97))),
    ("named", (("title", 0.02, 0.40), ("symbol", 0.41, 0.97))),
    ("symbol", (("symbol", 0.08, 0.92),)),
)
# A face without a picture (none drawn for it yet) prints its designation largest.
_WORDS: tuple[tuple[str, tuple[tuple[str, float, float], ...]], ...] = (
    ("print", (("title", 0.06, 0.42), ("kind", 0.42, 0.68), ("values", 0.68, 0.94))),
    ("factors", (("title", 0.06, 0.5), ("values", 0.52, 0.94))),
    ("named", (("title", 0.02, 0.40),)),
)


@frozen_value
class FaceLine:
    """One line of print on a counter face, at a size that can be read and that fits."""

    text: str
    size: int  # font pixel size
    rect: QRectF
    bold: bool = False


@frozen_value
class FaceLayout:
    """Where the parts of a face are printed at one size, in device pixels."""

    level: str  # "print", "factors", "named" or "symbol"
    lines: tuple[FaceLine, ...]
    symbol: QRectF | None = None  # the symbol's fitted rectangle, None when none is drawn

    @property
    def title(self) -> FaceLine | None:
        return next((line for line in self.lines if line.bold), None)


def _fitting(text: str, size: float, room: float, bold: bool, least: float = LEGIBLE_PX) -> int:
    """The largest pixel size from ``least`` up to ``size`` at which ``text`` fits ``room``
    pixels across (0 if none)."""
    font = QFont(pal.FONT_FAMILY)
    font.setBold(bold)
    least_px = max(1, math.ceil(least))
    n = int(size)
    while n >= least_px:
        font.setPixelSize(n)
        if QFontMetricsF(font).horizontalAdvance(text) <= room:
            return n
        n -= 1
    return 0


def _title_line(title: str, want: float, room: float, least: float) -> tuple[str, int]:
    """The designation at the largest size that fits; too long, its telling part first
    ("TF-16" -> "16", "Hiryu Zero" -> "Zero"), then a name cut short with a stop (never a
    number)."""
    size = _fitting(title, want, room, True, least)
    if size:
        return title, size
    bare = re.sub(r"\s*\(.*?\)", "", title).strip()  # "Dauntless (land-based)" -> "Dauntless"
    if bare and bare != title:
        title = bare
        size = _fitting(title, want, room, True, least)
        if size:
            return title, size
    tail = re.split(r"[\s-]", title)[-1]
    if tail != title:
        size = _fitting(tail, want, room, True, least)
        if size:
            return tail, size
        title = tail
    if any(ch.isdigit() for ch in title):
        return "", 0  # "043." or "DD1." would misname it: better the symbol alone
    short = title
    while len(short) > 2:
        short = short[:-1]
        size = _fitting(short + ".", want, room, True, least)
        if size:
            return short + ".", size
    return "", 0


def _bottom_text(face: CounterFace, level: str) -> str:
    """The factors line; a face with no factors prints its type line there instead."""
    return face.values or (face.kind if level == "factors" else "")


def _try_level(face: CounterFace, px: int, dpr: float, level: str, parts: tuple) -> FaceLayout | None:  # type: ignore[type-arg]
    room = px * ROOM
    legible = LEGIBLE_PX * dpr
    lines: list[FaceLine] = []
    symbol: QRectF | None = None
    for part, top, bottom in parts:
        band = QRectF(0, px * top, px, px * (bottom - top))
        want = band.height() * 0.85
        if part == "symbol":
            # Alone on the face, the symbol takes all but the edge (a ship is long and low).
            inset = px * (1 - ROOM) / 2 if level != "symbol" else px * 0.07
            symbol = symbols.fitted(face.symbol, band.adjusted(inset, 0, -inset, 0))
            if level != "symbol" and symbol.width() < SYMBOL_PX * dpr:
                return None
        elif part == "title":
            least = TITLE_PX * dpr if not face.symbol else legible
            text, size = _title_line(face.title, want, room, least)
            if not size:
                return None
            lines.append(FaceLine(text, size, band, True))
        else:
            text = face.kind if part == "kind" else _bottom_text(face, level)
            size = _fitting(text, want, room, False, legible) if text else 0
            if not size:
                return None
            lines.append(FaceLine(text, size, band))
    return FaceLayout(level, tuple(lines), symbol)


def face_layout(face: CounterFace, px: int, dpr: float = 1.0) -> FaceLayout:
    """What is printed on a face of ``px`` device pixels at device pixel ratio ``dpr``: the
    richest level of detail whose every part can be read (see ``_PICTURED``). Never a blank
    square: the symbol stays at every size, and a face without one keeps its designation
    (at the last, its first letters at whatever size fits). The hover preview has the rest."""
    pictured = bool(face.symbol) and symbols.exists(face.symbol)
    for level, parts in _PICTURED if pictured else _WORDS:
        if level in ("print", "factors") and not (face.kind or face.values):
            continue
        if level == "print" and not (face.kind and face.values):
            continue
        found = _try_level(face, px, dpr, level, parts)
        if found is not None:
            return found
    # No symbol and not even the designation fits legibly: its first letters, as large as fit.
    text = face.title[:2] or "?"
    size = max(1, _fitting(text, px * 0.6, px * ROOM, True, 1))
    return FaceLayout("named", (FaceLine(text, size, QRectF(0, 0, px, px), True),))


def face_lines(face: CounterFace, px: int, dpr: float = 1.0) -> list[FaceLine]:
    """The lines of print of ``face_layout`` (designation first, when it is printed)."""
    return list(face_layout(face, px, dpr).lines)


def face_pixmap(face: CounterFace, px: int, dpr: float = 1.0) -> QPixmap:
    """The face at ``px`` device pixels square, drawn once per size and shared by every counter."""
    px = max(8, min(px, 1024))
    key = (face, px, dpr, pal.high_contrast())
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
        fill = fill.lighter(125) if not pal.high_contrast() else fill
    edge = max(1.0, px / 40) * (2 if pal.high_contrast() else 1)
    r = QRectF(edge / 2, edge / 2, px - edge, px - edge)
    p.setPen(QPen(pal.COUNTER_EDGE, edge))
    p.setBrush(fill)
    p.drawRoundedRect(r, px * 0.1, px * 0.1)
    layout = face_layout(face, px, dpr)
    if px >= 20 * dpr and not pal.high_contrast():
        p.setPen(QPen(QColor(255, 255, 255, 90), max(1.0, px / 50)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(r.adjusted(px * 0.05, px * 0.05, -px * 0.05, -px * 0.05), px * 0.07, px * 0.07)
    if face.reduced:
        # The reverse side of a printed counter: a band across its lower corner.
        p.setPen(Qt.PenStyle.NoPen)
        band = QColor(ink)
        band.setAlpha(70)
        p.setBrush(band)
        p.drawPolygon(
            [
                QPointF(px * 0.72, px - edge),
                QPointF(px - edge, px * 0.72),
                QPointF(px - edge, px * 0.84),
                QPointF(px * 0.84, px - edge),
            ]
        )
    if layout.symbol is not None:
        symbols.draw_symbol(p, face.symbol, layout.symbol, ink)
    p.setPen(ink)
    for line in layout.lines:
        font = QFont(pal.FONT_FAMILY)
        font.setBold(line.bold)
        font.setPixelSize(line.size)
        p.setFont(font)
        p.drawText(line.rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, line.text)
    p.end()
    _FACES.put(key, pm)
    return pm


PREVIEW_PX = 132  # the hover preview's counter, in logical pixels: every line of it readable
_PREVIEWS: OrderedDict[tuple[CounterFace, float], str] = OrderedDict()


def preview_html(face: CounterFace, description: str, dpr: float = 1.0) -> str:
    """The hover text: the whole counter drawn large beside its full description."""
    key = (face, dpr)
    src = _PREVIEWS.get(key)
    if src is None:
        pm = face_pixmap(face, round(PREVIEW_PX * dpr), dpr)
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        pm.save(buffer, "PNG")
        src = "data:image/png;base64," + bytes(data.toBase64().data()).decode("ascii")
        _PREVIEWS[key] = src
        while len(_PREVIEWS) > 64:
            _PREVIEWS.popitem(last=False)
    else:
        _PREVIEWS.move_to_end(key)
    return (
        f'<table cellspacing="0" cellpadding="4"><tr><td><img src="{src}" width="{PREVIEW_PX}" '
        f'height="{PREVIEW_PX}"></td><td valign="middle" width="220">{description}</td></tr></table>'
    )


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
        self._tip = ""
        self._tip_shown: tuple[str, CounterFace, float] | None = None
        self.setAcceptHoverEvents(True)
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
        what = symbols.SYMBOL_NAMES.get(self.face.symbol, "")
        bits = [f"<b>{self.face.title}</b>" + (f" · {what}" if what and what != self.face.kind else "")]
        if self.face.kind:
            bits.append(self.face.kind)
        if self.face.values:
            bits.append(self.face.values)
        bits.append(f"in {self.place_title(self.label)}")
        return "<br>".join(bits)

    def setToolTip(self, tip: str) -> None:  # noqa: N802
        """The counter's description; a hover shows it beside the whole counter drawn large."""
        self._tip = tip
        self._tip_shown = None
        super().setToolTip(tip)

    def description(self) -> str:
        return self._tip

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        # The preview is drawn on the first hover, not for every counter at start-up.
        view = event.widget()
        dpr = view.devicePixelRatioF() if view is not None else 1.0
        if self._tip_shown != (self._tip, self.face, dpr):
            super().setToolTip(preview_html(self.face, self._tip, dpr))
            self._tip_shown = (self._tip, self.face, dpr)
        super().hoverEnterEvent(event)

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
        pm = face_pixmap(self.face, px, dpr)
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
        scene = self.scene()
        if was_dragging:
            self.setZValue(10)  # (carried above everything; a click keeps its place for the stack to judge)
        if was_dragging and scene is not None and hasattr(scene, "end_drag"):
            scene.end_drag(self)
        elif scene is not None and hasattr(scene, "raise_in_cell"):
            scene.raise_in_cell(self)  # a click on a stack brings that counter up, to read and pick
        super().mouseReleaseEvent(event)
