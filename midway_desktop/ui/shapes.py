"""Board shapes to Qt paths and polygons, scaled from board units to scene units; a plain
rectangle filled."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF

from midway_desktop.geometry.figure import Figure


def polygon_f(points: Iterable[tuple[float, float]], unit: float) -> QPolygonF:
    return QPolygonF([QPointF(x * unit, y * unit) for x, y in points])


def path_from_figure(shape: Figure, unit: float) -> QPainterPath:
    """Areas become closed subpaths (holes included, odd-even fill); lines become open subpaths."""
    path = QPainterPath()
    path.setFillRule(path.fillRule().OddEvenFill)
    for rings in shape.areas:
        for ring in rings:
            path.addPolygon(polygon_f(ring, unit))
            path.closeSubpath()
    for line in shape.lines:
        path.moveTo(line[0][0] * unit, line[0][1] * unit)
        for x, y in line[1:]:
            path.lineTo(x * unit, y * unit)
    return path


def fill_rect(p: QPainter, rect: QRect | QRectF, colour: QColor) -> None:
    """What ``p.fillRect(rect, colour)`` paints, drawn as a penless rectangle: resolving a
    ``fillRect`` call, PySide6 tries its gradient-preset form and builds QGradient's enums (170
    presets) the first time, milliseconds of a start. The painter's pen and brush are kept."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawRect(rect)
    p.restore()
