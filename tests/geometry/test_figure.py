"""Cells joined by edge cancellation (``geometry/figure.py``) against shapely's unions: the
same area, the same parts, the same holes, over random sets of hexes, squares and boxes, and
the same lines where a set's edge runs between board cells."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import MultiLineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from midway_desktop.geometry import hexes
from midway_desktop.geometry.figure import CellNet, Figure, signed_area
from tests.geometry.shapes import shape, shapely_union

PROPS = settings(max_examples=150, deadline=None)
SIDE = 6


def hex_grid(orientation: hexes.Orientation) -> dict[str, list[tuple[float, float]]]:
    return {
        f"{col}.{row}": hexes.corners(hexes.offset_to_axial(col, row, orientation, 0), orientation)
        for col in range(SIDE)
        for row in range(SIDE)
    }


def square_grid() -> dict[str, list[tuple[float, float]]]:
    return {f"{c}.{r}": [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)] for c in range(SIDE) for r in range(SIDE)}


@st.composite
def box_layouts(draw: st.DrawFn) -> dict[str, list[tuple[float, float]]]:
    """A rectangle cut again and again across its long side: boxes whose sides run along
    parts of several others (corners of one box in the middle of another's side)."""
    boxes = [(0, 0, 12, 8)]
    for _ in range(draw(st.integers(1, 10))):
        i = draw(st.integers(0, len(boxes) - 1))
        x0, y0, x1, y1 = boxes[i]
        if max(x1 - x0, y1 - y0) < 2:
            continue
        if x1 - x0 >= y1 - y0:
            cut = draw(st.integers(x0 + 1, x1 - 1))
            boxes[i : i + 1] = [(x0, y0, cut, y1), (cut, y0, x1, y1)]
        else:
            cut = draw(st.integers(y0 + 1, y1 - 1))
            boxes[i : i + 1] = [(x0, y0, x1, cut), (x0, cut, x1, y1)]
    # Given clockwise on screen or not: the net turns every box the same way.
    return {f"box{i}": [(x0, y0), (x1, y0), (x1, y1), (x0, y1)][:: draw(st.sampled_from([1, -1]))]
            for i, (x0, y0, x1, y1) in enumerate(boxes)}  # fmt: skip


def holes_by_part(geom: BaseGeometry) -> list[tuple[float, int]]:
    parts = getattr(geom, "geoms", [geom]) if not geom.is_empty else []
    return sorted((round(p.area, 6), len(p.interiors)) for p in parts)


def assert_same_union(figure: Figure, expected: BaseGeometry) -> None:
    for area in figure.areas:
        for ring in area:
            assert ring[0] == ring[-1] and len(ring) >= 4  # closed
        assert signed_area(area[0]) > 0 and all(signed_area(hole) < 0 for hole in area[1:])
    ours = shape(figure) if figure.areas else Polygon()
    assert ours.is_valid
    assert abs(ours.area - expected.area) < 1e-9 * max(1.0, expected.area)
    assert ours.symmetric_difference(expected).area < 1e-6
    assert holes_by_part(ours) == holes_by_part(expected)


@PROPS
@given(orientation=st.sampled_from(["flat", "pointy"]), data=st.data())
def test_hexes_join_as_shapely_joins_them(orientation: hexes.Orientation, data: st.DataObject) -> None:
    cells = hex_grid(orientation)
    chosen = data.draw(st.sets(st.sampled_from(sorted(cells))), label="hexes")
    net = CellNet(cells)
    assert_same_union(net.union(chosen), shapely_union([Polygon(cells[c]) for c in chosen]))


@PROPS
@given(chosen=st.sets(st.sampled_from(sorted(square_grid()))))
def test_squares_join_as_shapely_joins_them(chosen: set[str]) -> None:
    """Squares meeting at a corner only are two parts, and a hole touching the outer ring at a
    corner is a hole, as in shapely (whose union of integer squares is exact)."""
    cells = square_grid()
    assert_same_union(CellNet(cells).union(chosen), unary_union([Polygon(cells[c]) for c in chosen]))


@PROPS
@given(cells=box_layouts(), data=st.data())
def test_boxes_join_as_shapely_joins_them(cells: dict[str, list[tuple[float, float]]], data: st.DataObject) -> None:
    chosen = data.draw(st.sets(st.sampled_from(sorted(cells))), label="boxes")
    net = CellNet(cells, split=True)
    assert_same_union(net.union(chosen), unary_union([Polygon(cells[c]) for c in chosen]))
    assert_same_union(net.union(cells), box(0, 0, 12, 8))


@PROPS
@given(grid=st.sampled_from(["flat", "pointy", "square"]), data=st.data())
def test_a_sets_edge_between_board_cells_is_shapelys(grid: str, data: st.DataObject) -> None:
    """What the map draws of a region's edge: its boundary less the board's own edge."""
    cells = square_grid() if grid == "square" else hex_grid(grid)  # type: ignore[arg-type]
    chosen = data.draw(st.sets(st.sampled_from(sorted(cells)), min_size=1), label="cells")
    net = CellNet(cells)
    lines = net.lines(net.boundary(chosen) - net.boundary(cells))
    board = shapely_union([Polygon(ring) for ring in cells.values()])
    expected = shapely_union([Polygon(cells[c]) for c in chosen]).boundary.difference(board.boundary.buffer(1e-6))
    ours = MultiLineString([list(line) for line in lines])
    assert abs(ours.length - expected.length) < 1e-4  # shapely's stops 1e-6 short of the board's edge
    if lines:
        assert ours.buffer(1e-5).symmetric_difference(expected.buffer(1e-5)).area < 1e-6


def test_a_ring_of_squares_is_one_area_with_one_hole() -> None:
    cells = square_grid()
    ring = {f"{c}.{r}" for c in range(3) for r in range(3)} - {"1.1"}
    (area,) = CellNet(cells).union(ring).areas
    outer, hole = area
    # Straight runs are one side each: 4 corners, closed.
    assert sorted(outer[:-1]) == [(0, 0), (0, 3), (3, 0), (3, 3)]
    assert sorted(hole[:-1]) == [(1, 1), (1, 2), (2, 1), (2, 2)]


def test_squares_meeting_at_a_corner_are_two_areas() -> None:
    figure = CellNet(square_grid()).union({"0.0", "1.1"})
    assert len(figure.areas) == 2 and all(len(area) == 1 for area in figure.areas)


def test_a_hex_corner_worked_out_from_three_hexes_is_one_corner() -> None:
    """Three hexes round one corner: the corner's coordinates differ in the last digit from
    each hex's centre, and the three still join into one area without holes or slivers."""
    centre = (2, 2)
    trio = [centre, *(hexes.neighbours(centre)[:2])]  # the second neighbour touches the first too
    cells = {str(h): hexes.corners(h, "flat") for h in trio}
    net = CellNet(cells)
    assert len(net.points) == 18 - 2 * 2 - 1  # two corners shared by two hexes each side, one by all three
    (area,) = net.union(cells).areas
    assert len(area) == 1 and len(area[0]) == 12 + 1  # three hexes' 18 sides less 3 shared twice, closed


def test_the_app_imports_neither_shapely_nor_numpy() -> None:
    """They are test tools only (the test extras), and the installers leave them out."""
    import ast
    from pathlib import Path

    import midway_desktop

    found = []
    for path in Path(midway_desktop.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            found += [f"{path.name}: {n}" for n in names if n.split(".")[0] in ("shapely", "numpy")]
    assert not found
