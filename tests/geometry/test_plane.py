"""The plain-Python box geometry (``geometry/plane.py``) gives shapely's answers: for every box
of the bundled box layout, and for random right-angled and free outlines and rectangles."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from midway_desktop.geometry import load_board, plane
from tests.geometry.shapes import polygon

PROPS = settings(max_examples=300, deadline=None)
TOL = plane.TOLERANCE

# Coordinates on a grid of tenths, as box layouts are authored (and as counters are laid out).
coord = st.integers(0, 40).map(lambda n: n / 10)


@st.composite
def staircase(draw: st.DrawFn) -> list[tuple[float, float]]:
    """A right-angled outline: a rectangle with steps cut from its top-right corner."""
    width = draw(st.integers(2, 30))
    height = draw(st.integers(2, 30))
    steps = draw(st.lists(st.tuples(st.integers(1, width - 1), st.integers(1, height - 1)), max_size=4))
    xs = sorted({x for x, _ in steps}, reverse=True)
    ys = sorted({y for _, y in steps})
    pts = [(0.0, float(height)), (0.0, 0.0)]
    for x, y in zip(xs, ys):  # down and left: x falls as y rises
        pts += [(float(x), pts[-1][1]), (float(x), float(y))]
    pts += [(float(width), pts[-1][1]), (float(width), float(height))]
    ring = [(x / 10 * 4, y / 10 * 4) for x, y in pts]
    assume(Polygon(ring).is_valid)
    return ring


@st.composite
def rect(draw: st.DrawFn) -> tuple[float, float, float, float]:
    x0, x1 = sorted(draw(st.tuples(coord, coord)))
    y0, y1 = sorted(draw(st.tuples(coord, coord)))
    assume(x1 > x0 and y1 > y0)
    return x0, y0, x1, y1


def shapely_covers(ring: list[tuple[float, float]], r: tuple[float, float, float, float]) -> bool:
    return Polygon(ring).buffer(TOL).covers(box(*r))


@PROPS
@given(staircase(), rect())
def test_a_rectangle_is_inside_an_outline_as_shapely_says(ring, r) -> None:  # type: ignore[no-untyped-def]
    assert plane.covers_rect(ring, r) == shapely_covers(ring, r)


@PROPS
@given(staircase(), coord, coord)
def test_a_point_is_inside_an_outline_as_shapely_says(ring, x, y) -> None:  # type: ignore[no-untyped-def]
    assert plane.covers_point(ring, (x, y), 0.0) == Polygon(ring).covers(Point(x, y))


@PROPS
@given(staircase())
def test_area_and_centroid_are_shapelys(ring) -> None:  # type: ignore[no-untyped-def]
    area, (cx, cy) = plane.area_centroid(ring)
    shape = Polygon(ring)
    assert math.isclose(area, shape.area, rel_tol=1e-12)
    assert math.isclose(cx, shape.centroid.x, rel_tol=1e-12, abs_tol=1e-12)
    assert math.isclose(cy, shape.centroid.y, rel_tol=1e-12, abs_tol=1e-12)
    assert plane.bounds(ring) == shape.bounds


small = st.integers(0, 4).map(float)


@settings(max_examples=800, deadline=None)
@given(st.lists(st.tuples(small, small), min_size=3, max_size=7))
def test_an_outline_is_simple_exactly_when_shapely_finds_it_valid(pts) -> None:  # type: ignore[no-untyped-def]
    """Small integer corners make every kind of self-touching, crossing, folding and
    collapsed outline likely; the check must agree with shapely's on each."""
    shape = Polygon(pts)
    expected = shape.is_valid and shape.area > 0
    assert plane.is_simple(pts) == expected, pts


def test_every_bundled_box_is_measured_as_shapely_measures_it() -> None:
    board = load_board("kido-butai")
    for label in board:
        ring = board.corners(label)
        shape = polygon(board, label)
        x, y = board.centre(label)
        assert math.isclose(x, shape.centroid.x, abs_tol=1e-12) and math.isclose(y, shape.centroid.y, abs_tol=1e-12)
        assert plane.is_simple(ring)
        x0, y0, x1, y1 = shape.bounds
        for i in range(9):  # rectangles across the box, some sticking out of it
            r = (x0 + (x1 - x0) * i / 12, y0 + 0.1, x0 + (x1 - x0) * (i + 4) / 12, y1 - 0.1)
            assert plane.covers_rect(ring, r) == shapely_covers(ring, r), (label, r)


@pytest.mark.parametrize(
    "a, b, meet",
    [
        ((0, 0, 1, 1), (1, 0, 2, 1), True),  # sharing an edge
        ((0, 0, 1, 1), (1, 1, 2, 2), True),  # sharing a corner
        ((0, 0, 1, 1), (1.01, 0, 2, 1), False),
        ((0, 0, 3, 3), (1, 1, 2, 2), True),  # one inside the other
    ],
)
def test_rectangles_meet_as_shapely_says(a, b, meet) -> None:  # type: ignore[no-untyped-def]
    assert plane.rects_meet(a, b) == meet == box(*a).intersects(box(*b))
