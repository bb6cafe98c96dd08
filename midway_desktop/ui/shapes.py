"""Shapely geometry to Qt paths and polygons, scaled from board units to scene units."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPolygonF
from shapely.geometry.base import BaseGeometry


def polygon_f(points: Iterable[tuple[float, float]], unit: float) -> QPolygonF:
    return QPolygonF([QPointF(x * unit, y * unit) for x, y in points])


def path_from_geometry(geom: BaseGeometry, unit: float) -> QPainterPath:
    """Areas become closed subpaths (holes included); lines become open subpaths."""
    path = QPainterPath()
    path.setFillRule(path.fillRule().OddEvenFill)
    for part in _parts(geom):
        if part.geom_type == "Polygon":
            for ring in [part.exterior, *part.interiors]:
                path.addPolygon(polygon_f(ring.coords, unit))
                path.closeSubpath()
        elif part.geom_type in ("LineString", "LinearRing"):
            coords = list(part.coords)
            if len(coords) < 2:
                continue
            path.moveTo(coords[0][0] * unit, coords[0][1] * unit)
            for x, y in coords[1:]:
                path.lineTo(x * unit, y * unit)
    return path


def _parts(geom: BaseGeometry) -> list[BaseGeometry]:
    if geom.is_empty:
        return []
    if hasattr(geom, "geoms"):
        out: list[BaseGeometry] = []
        for g in geom.geoms:
            out += _parts(g)
        return out
    return [geom]
