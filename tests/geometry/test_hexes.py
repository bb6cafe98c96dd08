"""Hex arithmetic in ``midway_desktop.geometry.hexes``: offsets, distance, pixels and lines.

Example-based tests pin the conventions (which columns sit low, which way y grows); the
Hypothesis tests hold the algebra for any hex, both orientations and both parities.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from midway_desktop.geometry import hexes

ORIENTATIONS = ("flat", "pointy")
PARITIES = (0, 1)

coord = st.integers(min_value=-60, max_value=60)
axial = st.tuples(coord, coord)
orientation = st.sampled_from(ORIENTATIONS)
parity = st.sampled_from(PARITIES)

FAST = settings(max_examples=100, deadline=None)


def cube(h: hexes.Axial) -> tuple[int, int, int]:
    return h[0], h[1], -h[0] - h[1]


# -- conventions ---------------------------------------------------------------------------
def test_six_directions_are_distinct_unit_steps() -> None:
    assert len(set(hexes.DIRECTIONS)) == 6
    for d in hexes.DIRECTIONS:
        assert hexes.distance((0, 0), d) == 1
        assert (-d[0], -d[1]) in hexes.DIRECTIONS


@pytest.mark.parametrize("shifted", PARITIES)
def test_flat_shifted_columns_sit_half_a_hex_lower(shifted: int) -> None:
    """``shifted_parity`` names the 0-based column parity drawn lower (y grows downward)."""
    low_col, high_col = shifted, 1 - shifted
    low = hexes.centre(hexes.offset_to_axial(low_col, 4, "flat", shifted), "flat")
    high = hexes.centre(hexes.offset_to_axial(high_col, 4, "flat", shifted), "flat")
    assert low[1] - high[1] == pytest.approx(math.sqrt(3) / 2)
    assert abs(low[0] - high[0]) == pytest.approx(1.5)


@pytest.mark.parametrize("shifted", PARITIES)
def test_pointy_shifted_rows_sit_half_a_hex_right(shifted: int) -> None:
    right_row, left_row = shifted, 1 - shifted
    right = hexes.centre(hexes.offset_to_axial(4, right_row, "pointy", shifted), "pointy")
    left = hexes.centre(hexes.offset_to_axial(4, left_row, "pointy", shifted), "pointy")
    assert right[0] - left[0] == pytest.approx(math.sqrt(3) / 2)
    assert abs(right[1] - left[1]) == pytest.approx(1.5)


def test_flat_column_neighbours_in_offset_terms() -> None:
    """A low (shifted) column touches rows r and r+1 of its neighbour columns; a high one r-1 and r."""
    low = hexes.offset_to_axial(2, 5, "flat", 0)  # 0-based even column, shifted down
    got = {hexes.axial_to_offset(n, "flat", 0) for n in hexes.neighbours(low)}
    assert got == {(2, 4), (2, 6), (1, 5), (1, 6), (3, 5), (3, 6)}
    high = hexes.offset_to_axial(3, 5, "flat", 0)
    got = {hexes.axial_to_offset(n, "flat", 0) for n in hexes.neighbours(high)}
    assert got == {(3, 4), (3, 6), (2, 4), (2, 5), (4, 4), (4, 5)}


def test_pointy_row_neighbours_in_offset_terms() -> None:
    right = hexes.offset_to_axial(5, 2, "pointy", 0)  # 0-based even row, shifted right
    got = {hexes.axial_to_offset(n, "pointy", 0) for n in hexes.neighbours(right)}
    assert got == {(4, 2), (6, 2), (5, 1), (6, 1), (5, 3), (6, 3)}


def test_known_distances() -> None:
    assert hexes.distance((0, 0), (0, 0)) == 0
    assert hexes.distance((0, 0), (3, 0)) == 3
    assert hexes.distance((0, 0), (2, -5)) == 5
    assert hexes.distance((-2, 1), (2, -1)) == 4


def test_centre_of_origin_and_circumradius() -> None:
    for o in ORIENTATIONS:
        assert hexes.centre((0, 0), o) == pytest.approx((0.0, 0.0))
        for x, y in hexes.corners((0, 0), o):
            assert math.hypot(x, y) == pytest.approx(1.0)


def test_flat_corners_include_east_point_and_pointy_include_south_point() -> None:
    assert any(c == pytest.approx((1.0, 0.0)) for c in hexes.corners((0, 0), "flat"))
    assert any(c == pytest.approx((0.0, 1.0)) for c in hexes.corners((0, 0), "pointy"))


def test_line_of_one_hex() -> None:
    assert hexes.line((4, -2), (4, -2)) == [(4, -2)]


def test_line_along_a_tie_is_deterministic_and_connected() -> None:
    """(0,0)→(1,1) runs exactly between two hexes; the nudge must pick one, not leave a gap."""
    got = hexes.line((0, 0), (1, 1))
    assert len(got) == 3
    assert got[0] == (0, 0) and got[-1] == (1, 1)
    assert got[1] in {(1, 0), (0, 1)}
    assert hexes.line((0, 0), (1, 1)) == got


# -- offset <-> axial ----------------------------------------------------------------------
@FAST
@given(col=coord, row=coord, o=orientation, p=parity)
def test_offset_axial_round_trip(col: int, row: int, o: str, p: int) -> None:
    h = hexes.offset_to_axial(col, row, o, p)
    assert hexes.axial_to_offset(h, o, p) == (col, row)


@FAST
@given(h=axial, o=orientation, p=parity)
def test_axial_offset_round_trip(h: hexes.Axial, o: str, p: int) -> None:
    col, row = hexes.axial_to_offset(h, o, p)
    assert hexes.offset_to_axial(col, row, o, p) == h


@FAST
@given(col=coord, row=coord, o=orientation, p=parity)
def test_offset_keeps_column_or_row(col: int, row: int, o: str, p: int) -> None:
    """Flat tops keep q as the column; pointy tops keep r as the row."""
    q, r = hexes.offset_to_axial(col, row, o, p)
    assert (q if o == "flat" else r) == (col if o == "flat" else row)


@FAST
@given(col=coord, row=coord, o=orientation, p=parity)
def test_same_column_or_row_steps_are_adjacent(col: int, row: int, o: str, p: int) -> None:
    """Straight up a flat column, or along a pointy row, each step is one hex."""
    here = hexes.offset_to_axial(col, row, o, p)
    nxt = hexes.offset_to_axial(col, row + 1, o, p) if o == "flat" else hexes.offset_to_axial(col + 1, row, o, p)
    assert hexes.distance(here, nxt) == 1


@FAST
@given(col=coord, row=coord, o=orientation, p=parity)
def test_offset_neighbours_are_the_six_touching_cells(col: int, row: int, o: str, p: int) -> None:
    """Every hex has exactly two neighbours in its own column (flat) / row (pointy) and two each side."""
    h = hexes.offset_to_axial(col, row, o, p)
    offs = [hexes.axial_to_offset(n, o, p) for n in hexes.neighbours(h)]
    along = 0 if o == "flat" else 1  # the offset coordinate shared by a column (flat) / row (pointy)
    base = (col, row)
    same = [x for x in offs if x[along] == base[along]]
    assert len(same) == 2
    for side in (-1, 1):
        assert len([x for x in offs if x[along] == base[along] + side]) == 2


# -- distance ------------------------------------------------------------------------------
@FAST
@given(a=axial, b=axial)
def test_distance_symmetric(a: hexes.Axial, b: hexes.Axial) -> None:
    assert hexes.distance(a, b) == hexes.distance(b, a)


@FAST
@given(a=axial, b=axial)
def test_distance_zero_iff_equal(a: hexes.Axial, b: hexes.Axial) -> None:
    assert (hexes.distance(a, b) == 0) == (a == b)
    assert hexes.distance(a, a) == 0


@FAST
@given(a=axial, b=axial, c=axial)
def test_distance_triangle_inequality(a: hexes.Axial, b: hexes.Axial, c: hexes.Axial) -> None:
    assert hexes.distance(a, c) <= hexes.distance(a, b) + hexes.distance(b, c)


@FAST
@given(a=axial, b=axial)
def test_distance_is_cube_chebyshev(a: hexes.Axial, b: hexes.Axial) -> None:
    ca, cb = cube(a), cube(b)
    assert hexes.distance(a, b) == max(abs(x - y) for x, y in zip(ca, cb, strict=True))


@FAST
@given(a=axial, b=axial, d=st.sampled_from(hexes.DIRECTIONS))
def test_distance_translation_invariant(a: hexes.Axial, b: hexes.Axial, d: hexes.Axial) -> None:
    shift = lambda h: (h[0] + 7 * d[0], h[1] + 7 * d[1])  # noqa: E731
    assert hexes.distance(shift(a), shift(b)) == hexes.distance(a, b)


@FAST
@given(h=axial)
def test_neighbours_are_six_distinct_hexes_at_distance_one(h: hexes.Axial) -> None:
    ns = hexes.neighbours(h)
    assert len(ns) == 6 and len(set(ns)) == 6
    assert h not in ns
    assert all(hexes.distance(h, n) == 1 for n in ns)


@FAST
@given(h=axial)
def test_neighbours_symmetric(h: hexes.Axial) -> None:
    for n in hexes.neighbours(h):
        assert h in hexes.neighbours(n)


@FAST
@given(h=axial, o=orientation)
def test_neighbour_centres_are_sqrt3_apart(h: hexes.Axial, o: str) -> None:
    cx, cy = hexes.centre(h, o)
    for n in hexes.neighbours(h):
        nx, ny = hexes.centre(n, o)
        assert math.hypot(nx - cx, ny - cy) == pytest.approx(math.sqrt(3))


# -- pixels --------------------------------------------------------------------------------
@FAST
@given(h=axial, o=orientation)
def test_from_point_of_centre(h: hexes.Axial, o: str) -> None:
    assert hexes.from_point(*hexes.centre(h, o), o) == h


@FAST
@given(h=axial, o=orientation, k=st.integers(min_value=0, max_value=5))
def test_from_point_just_inside_each_corner(h: hexes.Axial, o: str, k: int) -> None:
    cx, cy = hexes.centre(h, o)
    x, y = hexes.corners(h, o)[k]
    f = 0.99
    assert hexes.from_point(cx + f * (x - cx), cy + f * (y - cy), o) == h


@FAST
@given(h=axial, o=orientation, k=st.integers(min_value=0, max_value=5))
def test_from_point_just_inside_each_edge_midpoint(h: hexes.Axial, o: str, k: int) -> None:
    cx, cy = hexes.centre(h, o)
    pts = hexes.corners(h, o)
    (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % 6]
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    f = 0.99
    assert hexes.from_point(cx + f * (mx - cx), cy + f * (my - cy), o) == h


@FAST
@given(
    h=axial,
    o=orientation,
    u=st.floats(min_value=-1.0, max_value=1.0),
    v=st.floats(min_value=-1.0, max_value=1.0),
)
def test_from_point_agrees_with_the_drawn_polygon(h: hexes.Axial, o: str, u: float, v: float) -> None:
    """Any point well inside the corners' polygon maps back to that hex."""
    cx, cy = hexes.centre(h, o)
    poly = Polygon(hexes.corners(h, o))
    pt = Point(cx + u, cy + v)
    if poly.exterior.distance(pt) < 1e-6 or not poly.contains(pt):
        return
    assert hexes.from_point(pt.x, pt.y, o) == h


@FAST
@given(h=axial, o=orientation)
def test_corners_form_a_regular_hexagon(h: hexes.Axial, o: str) -> None:
    poly = Polygon(hexes.corners(h, o))
    assert poly.is_valid
    assert poly.area == pytest.approx(3 * math.sqrt(3) / 2)
    c = poly.centroid
    assert (c.x, c.y) == pytest.approx(hexes.centre(h, o))


@FAST
@given(h=axial, o=orientation)
def test_neighbouring_hexes_share_an_edge_and_do_not_overlap(h: hexes.Axial, o: str) -> None:
    mine = hexes.corners(h, o)
    poly = Polygon(mine)
    for n in hexes.neighbours(h):
        theirs = hexes.corners(n, o)
        assert poly.intersection(Polygon(theirs)).area == pytest.approx(0.0, abs=1e-9)
        shared = [p for p in mine if any(math.dist(p, t) < 1e-9 for t in theirs)]
        assert len(shared) == 2  # one common edge of length 1
        assert math.dist(*shared) == pytest.approx(1.0)


@FAST
@given(qf=st.floats(min_value=-100, max_value=100), rf=st.floats(min_value=-100, max_value=100))
def test_round_axial_gives_a_nearby_hex(qf: float, rf: float) -> None:
    q, r = hexes.round_axial(qf, rf)
    sf = -qf - rf
    assert abs(q - qf) <= 1.0 and abs(r - rf) <= 1.0 and abs((-q - r) - sf) <= 1.0
    # Whatever was rounded, the result is a real hex whose own rounding is itself.
    assert hexes.round_axial(float(q), float(r)) == (q, r)


# -- lines ---------------------------------------------------------------------------------
@FAST
@given(a=axial, b=axial)
def test_line_length_is_distance_plus_one(a: hexes.Axial, b: hexes.Axial) -> None:
    assert len(hexes.line(a, b)) == hexes.distance(a, b) + 1


@FAST
@given(a=axial, b=axial)
def test_line_ends_at_both_hexes_and_steps_to_neighbours(a: hexes.Axial, b: hexes.Axial) -> None:
    got = hexes.line(a, b)
    assert got[0] == a and got[-1] == b
    for here, nxt in zip(got, got[1:], strict=False):
        assert hexes.distance(here, nxt) == 1


@FAST
@given(a=axial, b=axial)
def test_line_moves_steadily_away_from_start(a: hexes.Axial, b: hexes.Axial) -> None:
    got = hexes.line(a, b)
    n = len(got) - 1
    for i, h in enumerate(got):
        assert hexes.distance(a, h) == i
        assert hexes.distance(h, b) == n - i


@FAST
@given(a=axial, d=st.sampled_from(hexes.DIRECTIONS), n=st.integers(min_value=0, max_value=20))
def test_line_along_a_direction_is_the_straight_run(a: hexes.Axial, d: hexes.Axial, n: int) -> None:
    b = (a[0] + n * d[0], a[1] + n * d[1])
    assert hexes.line(a, b) == [(a[0] + i * d[0], a[1] + i * d[1]) for i in range(n + 1)]
