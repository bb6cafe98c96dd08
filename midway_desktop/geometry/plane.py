"""Plane geometry of one simple polygon (a box of a box layout), in plain Python.

A box layout's boxes are rectangles and right-angled outlines of a few corners. Placing titles
and counters in them asks only whether a rectangle lies inside one, whether a point does, and
where its centroid is: answered here without shapely, whose import (NumPy with it) would
otherwise be a third of the app's start-up. ``tests/geometry/test_plane.py`` holds every
answer to shapely's over the bundled boxes and random outlines.
"""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1

# Touching counts as inside within this distance (shapely's ``shape.buffer(1e-9).covers``,
# which the layout code used): float corners such as 0.1 + 0.8 land a hair off the edge.
TOLERANCE = 1e-9


def _corners(ring: Sequence[Point]) -> list[Point]:
    """The corners without the closing repeat of the first (if given) or repeated neighbours."""
    pts = [(float(x), float(y)) for x, y in ring]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    out: list[Point] = []
    for p in pts:
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _edges(ring: Sequence[Point]) -> list[tuple[Point, Point]]:
    pts = _corners(ring)
    return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]


def area_centroid(ring: Sequence[Point]) -> tuple[float, Point]:
    """The area and the centroid of a simple polygon (shoelace formula)."""
    pts = _corners(ring)
    x0, y0 = pts[0]  # measured from the first corner: smaller products, less rounding
    twice = cx = cy = 0.0
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
        ax, ay, bx, by = ax - x0, ay - y0, bx - x0, by - y0
        cross = ax * by - bx * ay
        twice += cross
        cx += (ax + bx) * cross
        cy += (ay + by) * cross
    if twice == 0:
        raise ValueError("a polygon without area has no centroid")
    return abs(twice) / 2.0, (x0 + cx / (3.0 * twice), y0 + cy / (3.0 * twice))


def bounds(ring: Sequence[Point]) -> Rect:
    xs = [x for x, _ in ring]
    ys = [y for _, y in ring]
    return min(xs), min(ys), max(xs), max(ys)


def _near_segment(p: Point, a: Point, b: Point, tol: float) -> bool:
    if _orientation(a, b, p) == 0 and _on_segment(p, a, b):  # exactly on it (no rounding)
        return True
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    ex, ey = ax + t * dx - px, ay + t * dy - py
    return ex * ex + ey * ey <= tol * tol


def covers_point(ring: Sequence[Point], p: Point, tol: float = TOLERANCE) -> bool:
    """True if ``p`` is inside the polygon or on (within ``tol`` of) its edge."""
    x, y = p
    inside = False
    for a, b in _edges(ring):
        if _near_segment(p, a, b, tol):
            return True
        (ax, ay), (bx, by) = a, b
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _crosses_open_rect(a: Point, b: Point, rect: Rect) -> bool:
    """True if segment ``ab`` has a point strictly inside ``rect``."""
    x0, y0, x1, y1 = rect
    lo, hi = 0.0, 1.0
    for start, delta, low, high in ((a[0], b[0] - a[0], x0, x1), (a[1], b[1] - a[1], y0, y1)):
        if delta == 0:
            if not low < start < high:
                return False
            continue
        t1, t2 = (low - start) / delta, (high - start) / delta
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo < hi


def covers_rect(ring: Sequence[Point], rect: Rect, tol: float = TOLERANCE) -> bool:
    """True if the rectangle lies inside the polygon, edges allowed to touch (within ``tol``).

    No edge of the polygon passes through the rectangle's inside (shrunk by ``tol``), so that
    inside is wholly in the polygon or wholly out of it; its centre tells which.
    """
    x0, y0, x1, y1 = rect
    inner = (x0 + tol, y0 + tol, x1 - tol, y1 - tol)
    if inner[0] >= inner[2] or inner[1] >= inner[3]:
        return covers_point(ring, (x0, y0), tol) and covers_point(ring, (x1, y1), tol)
    if any(_crosses_open_rect(a, b, inner) for a, b in _edges(ring)):
        return False
    return covers_point(ring, ((x0 + x1) / 2.0, (y0 + y1) / 2.0), tol)


def rects_meet(a: Rect, b: Rect) -> bool:
    """True if two rectangles share a point (touching edges included)."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _orientation(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2 = _orientation(c, d, a), _orientation(c, d, b)
    d3, d4 = _orientation(a, b, c), _orientation(a, b, d)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    return (
        (d1 == 0 and _on_segment(a, c, d))
        or (d2 == 0 and _on_segment(b, c, d))
        or (d3 == 0 and _on_segment(c, a, b))
        or (d4 == 0 and _on_segment(d, a, b))
    )


def is_simple(ring: Sequence[Point]) -> bool:
    """True for an outline with area whose edges meet only where neighbours share a corner:
    it neither crosses nor touches itself, nor doubles back along an edge."""
    pts = _corners(ring)
    n = len(pts)
    if n < 3:
        return False
    edges = [(pts[i], pts[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        a, b = edges[i]
        for j in range(i + 1, n):
            c, d = edges[j]
            if j == i + 1 or (i == 0 and j == n - 1):
                # Neighbours share one corner; they must not also overlap along a line.
                shared, other_i, other_j = (b, a, d) if j == i + 1 else (a, b, c)
                if _orientation(other_i, shared, other_j) == 0 and (
                    _on_segment(other_j, other_i, shared) or _on_segment(other_i, shared, other_j)
                ):
                    return False
                continue
            if _segments_meet(a, b, c, d):
                return False
    twice = sum(ax * by - bx * ay for (ax, ay), (bx, by) in edges)
    return twice != 0
