"""Board shapes as shapely geometry, for tests that measure them (the app itself does not use
shapely: see ``midway_desktop/geometry/figure.py``)."""

from __future__ import annotations

from shapely.geometry import MultiLineString, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from midway_desktop.geometry import Board
from midway_desktop.geometry.figure import Figure


def polygon(board: Board, label: str) -> Polygon:
    """One cell's polygon."""
    return Polygon(board.corners(label))


def shape(figure: Figure) -> BaseGeometry:
    """A figure's areas as one (multi)polygon, or its lines as lines if it has no areas."""
    if not figure.areas:
        return MultiLineString([list(line) for line in figure.lines])
    polygons = [Polygon(area[0], area[1:]) for area in figure.areas]
    return polygons[0] if len(polygons) == 1 else MultiPolygon(polygons)


def shapely_union(polygons: list[Polygon]) -> BaseGeometry:
    """shapely's own union of cells, widened and narrowed by a hair so that neighbours whose
    float corners differ in the last digit leave no sliver between them (the method the app
    used before ``figure.py``)."""
    grown = [p.buffer(1e-7, join_style="mitre") for p in polygons]
    return unary_union(grown).buffer(-1e-7, join_style="mitre")
