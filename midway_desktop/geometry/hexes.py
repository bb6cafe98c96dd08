"""Hex arithmetic in axial/cube coordinates, after Red Blob Games' "Hexagonal Grids".

Inside the project a hex is an axial pair ``(q, r)`` with the implied cube ``s = -q - r``.
Offset coordinates (the columns and rows a map prints) appear only at the edges, in
:func:`offset_to_axial` and :func:`axial_to_offset`.
"""

from __future__ import annotations

import math
from typing import Literal

Axial = tuple[int, int]
Orientation = Literal["flat", "pointy"]

SQRT3 = math.sqrt(3.0)

# The six axial steps, clockwise from north-east for flat tops / east for pointy tops.
DIRECTIONS: tuple[Axial, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def neighbours(h: Axial) -> list[Axial]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Axial, b: Axial) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def offset_to_axial(col: int, row: int, orientation: Orientation, shifted_parity: int) -> Axial:
    """Global 0-based ``(col, row)`` to axial.

    ``shifted_parity`` is the parity (0 or 1) of the 0-based column (flat) or row (pointy)
    that sits half a hex lower (flat) or further right (pointy).
    """
    if orientation == "flat":
        q = col
        lift = (col + (col & 1)) // 2 if shifted_parity == 0 else (col - (col & 1)) // 2
        return q, row - lift
    r = row
    lift = (row + (row & 1)) // 2 if shifted_parity == 0 else (row - (row & 1)) // 2
    return col - lift, r


def axial_to_offset(h: Axial, orientation: Orientation, shifted_parity: int) -> tuple[int, int]:
    q, r = h
    if orientation == "flat":
        lift = (q + (q & 1)) // 2 if shifted_parity == 0 else (q - (q & 1)) // 2
        return q, r + lift
    lift = (r + (r & 1)) // 2 if shifted_parity == 0 else (r - (r & 1)) // 2
    return q + lift, r


def centre(h: Axial, orientation: Orientation) -> tuple[float, float]:
    """Pixel centre of a hex of circumradius 1, y growing downward."""
    q, r = h
    if orientation == "flat":
        return 1.5 * q, SQRT3 * (r + q / 2.0)
    return SQRT3 * (q + r / 2.0), 1.5 * r


# Corner offsets from a hex's centre, clockwise from east (flat) or from 30° below east (pointy):
# worked out once, as a CV map has 18,000 corners to place.
CORNER_OFFSETS: dict[str, tuple[tuple[float, float], ...]] = {
    orientation: tuple(
        (math.cos(math.radians(start + 60.0 * i)), math.sin(math.radians(start + 60.0 * i))) for i in range(6)
    )
    for orientation, start in (("flat", 0.0), ("pointy", 30.0))
}


def corners(h: Axial, orientation: Orientation) -> list[tuple[float, float]]:
    cx, cy = centre(h, orientation)
    return [(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS[orientation]]


def from_point(x: float, y: float, orientation: Orientation) -> Axial:
    """The hex containing a point (inverse layout matrix, then cube rounding)."""
    if orientation == "flat":
        qf = (2.0 / 3.0) * x
        rf = (-1.0 / 3.0) * x + (SQRT3 / 3.0) * y
    else:
        qf = (SQRT3 / 3.0) * x - (1.0 / 3.0) * y
        rf = (2.0 / 3.0) * y
    return round_axial(qf, rf)


def round_axial(qf: float, rf: float) -> Axial:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def line(a: Axial, b: Axial) -> list[Axial]:
    """Hexes on the straight line from ``a`` to ``b``, nudged off ties toward one side."""
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a[0] + 1e-6, a[1] + 1e-6
    bq, br = b[0] + 1e-6, b[1] + 1e-6
    return [round_axial(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]
