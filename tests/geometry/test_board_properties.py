"""Properties every bundled board must have, whatever its grid.

Parametrised over each game in ``midway_desktop.games.GAME_IDS`` whose
``rulesets/<id>/board.yaml`` exists (the list is computed when this module is imported, so a
game without a board yet is simply not listed rather than skipped). Hypothesis draws cells
from the board itself.
"""

from __future__ import annotations

from collections import deque
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from midway_desktop.games import GAME_IDS
from midway_desktop.geometry import Board, load_board
from midway_desktop.ruleset import ruleset_dir
from tests.geometry.shapes import polygon, shape

BOARD_GAMES = [pytest.param(g, id=g) for g in GAME_IDS if (ruleset_dir(g) / "board.yaml").is_file()]
GRID_GAMES = [p for p in BOARD_GAMES if load_board(p.values[0]).kind in ("hex", "square")]
REGION_GAMES = [p for p in BOARD_GAMES if load_board(p.values[0]).regions()]

PROPS = settings(max_examples=60, deadline=None)
MAX_DEGREE = {"hex": 6, "square": 4}


@cache
def board(game: str) -> Board:
    return load_board(game)


@cache
def sorted_labels(game: str) -> tuple[str, ...]:
    return tuple(sorted(board(game).labels()))


def draw_label(data: st.DataObject, game: str) -> str:
    return data.draw(st.sampled_from(sorted_labels(game)), label="cell")


def bfs(b: Board, start: str, depth: int) -> set[str]:
    """Cells reachable from ``start`` in at most ``depth`` steps along ``neighbors()``."""
    seen = {b.canonical(start): 0}
    queue = deque([b.canonical(start)])
    while queue:
        here = queue.popleft()
        if seen[here] == depth:
            continue
        for nxt in b.neighbors(here):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return set(seen)


def full_rectangle(b: Board) -> tuple[int, int, int, int] | None:
    """``(min_col, max_col, min_row, max_row)`` if the grid fills its bounding rectangle."""
    if b.kind == "boxes":
        return None
    cols = [c.col for c in b.cells]
    rows = [c.row for c in b.cells]
    c0, c1, r0, r1 = min(cols), max(cols), min(rows), max(rows)
    if len(b.cells) == (c1 - c0 + 1) * (r1 - r0 + 1):
        return c0, c1, r0, r1
    return None


def test_there_are_boards_to_check() -> None:
    assert BOARD_GAMES, "no game has a rulesets/<id>/board.yaml"
    assert all(p.values[0] in GAME_IDS for p in BOARD_GAMES)


# -- whole-board facts ---------------------------------------------------------------------
@pytest.mark.parametrize("game", BOARD_GAMES)
def test_board_names_its_game_and_has_unique_labels(game: str) -> None:
    b = board(game)
    assert b.game == game
    labels = [c.label for c in b.cells]
    assert len(labels) == len(set(labels)) == len(b) > 1
    assert set(b) == b.labels()
    keys = [c.key for c in b.cells]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_every_alias_resolves_to_a_real_cell(game: str) -> None:
    b = board(game)
    for alias, real in b.aliases.items():
        assert real in b.labels()
        assert alias in b
        assert b.canonical(alias) == real
        assert b.cell(alias).label == real
        assert b.neighbors(alias) == b.neighbors(real)


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_every_cell_label_round_trips(game: str) -> None:
    b = board(game)
    for c in b.cells:
        assert b.cell(c.label).label == c.label
        assert b.canonical(c.label) == c.label
        assert b.label_at_key(c.key) == c.label
        if b.kind != "boxes":
            assert b.at(c.col, c.row) == c.label


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_unknown_label_is_a_clear_key_error(game: str) -> None:
    b = board(game)
    assert "no-such-cell-ZZ99" not in b
    with pytest.raises(KeyError, match="no-such-cell-ZZ99"):
        b.cell("no-such-cell-ZZ99")


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_neighbour_counts(game: str) -> None:
    """Hex: 6 inside, fewer on the edge; square: 4 inside, 3 on an edge, 2 at a corner."""
    b = board(game)
    if b.kind == "boxes":
        for lbl in b:
            assert lbl not in b.neighbors(lbl)
        return
    for lbl in b:
        assert 1 <= len(b.neighbors(lbl)) <= MAX_DEGREE[b.kind]
    rect = full_rectangle(b)
    if rect is None:
        return
    c0, c1, r0, r1 = rect
    for c in b.cells:
        edges = (c.col in (c0, c1)) + (c.row in (r0, r1))
        n = len(b.neighbors(c.label))
        if b.kind == "square":
            assert n == 4 - edges, c.label
        elif edges == 0:
            assert n == 6, c.label
        else:
            assert n < 6, c.label


@pytest.mark.parametrize("game", GRID_GAMES)
def test_grid_is_connected(game: str) -> None:
    """Every grid cell can be reached from every other (box layouts may hold separate tracks)."""
    b = board(game)
    first = next(iter(b))
    assert bfs(b, first, len(b)) == b.labels()


# -- drawn from the board ------------------------------------------------------------------
@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_label_round_trip(game: str, data: st.DataObject) -> None:
    b = board(game)
    lbl = draw_label(data, game)
    assert b.cell(lbl).label == lbl
    assert lbl in b


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_neighbours_symmetric_and_at_distance_one(game: str, data: st.DataObject) -> None:
    b = board(game)
    lbl = draw_label(data, game)
    ns = b.neighbors(lbl)
    assert lbl not in ns
    for n in ns:
        assert n in b.labels()
        assert lbl in b.neighbors(n)
        assert b.distance(lbl, n) == 1
        assert b.distance(n, lbl) == 1


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_distance_to_self_is_zero(game: str, data: st.DataObject) -> None:
    b = board(game)
    lbl = draw_label(data, game)
    assert b.distance(lbl, lbl) == 0
    assert b.within(lbl, 0) == {lbl}


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_distance_symmetric_and_zero_only_for_same_cell(game: str, data: st.DataObject) -> None:
    b = board(game)
    a, c = draw_label(data, game), draw_label(data, game)
    assert b.distance(a, c) == b.distance(c, a)
    if a != c:
        assert b.distance(a, c) != 0


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_distances_from_one_cell_are_the_distances(game: str, data: st.DataObject) -> None:
    """``distance_from`` (one cell to many) answers as ``distance`` does, aliases included."""
    b = board(game)
    a, c = draw_label(data, game), draw_label(data, game)
    assert b.distance_from(a)(c) == b.distance(a, c)
    for alias, label in list(b.aliases.items())[:3]:
        assert b.distance_from(alias)(c) == b.distance(label, c) == b.distance(alias, c)
        assert b.distance_from(a)(alias) == b.distance(a, label)


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_distance_triangle_inequality(game: str, data: st.DataObject) -> None:
    b = board(game)
    a, m, c = (draw_label(data, game) for _ in range(3))
    ac, am, mc = b.distance(a, c), b.distance(a, m), b.distance(m, c)
    if b.kind == "boxes" and -1 in (am, mc):
        return  # -1 marks boxes with no connection; nothing to add up
    assert 0 <= ac <= am + mc


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_distance_is_the_length_of_a_shortest_path(game: str, data: st.DataObject) -> None:
    b = board(game)
    a, c = draw_label(data, game), draw_label(data, game)
    route = b.path(a, c)
    if b.kind == "boxes" and b.distance(a, c) == -1:
        assert route == []
        return
    assert route[0] == a and route[-1] == c
    for here, nxt in zip(route, route[1:], strict=False):
        assert nxt in b.neighbors(here)
    if full_rectangle(b) is not None or b.kind == "boxes":
        assert len(route) == b.distance(a, c) + 1


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data(), n=st.integers(min_value=0, max_value=7))
def test_within_is_cells_at_distance_at_most_n(game: str, data: st.DataObject, n: int) -> None:
    b = board(game)
    lbl = draw_label(data, game)
    got = b.within(lbl, n)
    assert lbl in got
    assert got <= b.labels()
    assert all(0 <= b.distance(lbl, x) <= n for x in got)
    if len(b) <= 400:  # the exhaustive converse is cheap on small boards
        assert got == {x for x in b.labels() if 0 <= b.distance(lbl, x) <= n}


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data(), n=st.integers(min_value=0, max_value=7))
def test_within_equals_breadth_first_search(game: str, data: st.DataObject, n: int) -> None:
    """On full rectangles (and box layouts) range by distance equals steps along neighbours."""
    b = board(game)
    lbl = draw_label(data, game)
    if b.kind != "boxes" and full_rectangle(b) is None:
        assert b.within(lbl, n) >= bfs(b, lbl, n)  # holes can only make walking longer
        return
    assert b.within(lbl, n) == bfs(b, lbl, n)


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data(), n=st.integers(min_value=0, max_value=5))
def test_within_grows_with_n(game: str, data: st.DataObject, n: int) -> None:
    b = board(game)
    lbl = draw_label(data, game)
    assert b.within(lbl, n) <= b.within(lbl, n + 1)
    assert b.within(lbl, 1) == {lbl} | b.neighbors(lbl)
    assert b.within(lbl, -1) == set()


# -- drawing shapes ------------------------------------------------------------------------
@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_cell_at_centre_is_the_cell(game: str, data: st.DataObject) -> None:
    b = board(game)
    lbl = draw_label(data, game)
    assert b.cell_at(*b.centre(lbl)) == lbl


@pytest.mark.parametrize("game", BOARD_GAMES)
@PROPS
@given(data=st.data())
def test_polygon_contains_centre(game: str, data: st.DataObject) -> None:
    b = board(game)
    lbl = draw_label(data, game)
    poly = polygon(b, lbl)
    assert poly.is_valid and poly.area > 0
    assert poly.contains(Point(*b.centre(lbl)))


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_cells_lie_inside_the_board_bounds_and_do_not_overlap(game: str) -> None:
    b = board(game)
    x0, y0, x1, y1 = b.bounds
    assert x0 < x1 and y0 < y1
    total = 0.0
    for lbl in b:
        px0, py0, px1, py1 = polygon(b, lbl).bounds
        assert x0 - 1e-9 <= px0 and px1 <= x1 + 1e-9
        assert y0 - 1e-9 <= py0 and py1 <= y1 + 1e-9
        total += polygon(b, lbl).area
    assert shape(b.outline).area == pytest.approx(total, rel=1e-6)


@pytest.mark.parametrize("game", GRID_GAMES)
@PROPS
@given(data=st.data())
def test_neighbouring_grid_cells_share_an_edge(game: str, data: st.DataObject) -> None:
    b = board(game)
    lbl = draw_label(data, game)
    poly = polygon(b, lbl)
    for n in b.neighbors(lbl):
        other = polygon(b, n)
        assert poly.intersection(other).area == pytest.approx(0.0, abs=1e-9)
        assert poly.distance(other) == pytest.approx(0.0, abs=1e-9)


# -- regions -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", REGION_GAMES)
def test_region_cells_are_on_the_board(game: str) -> None:
    b = board(game)
    for region in b.regions():
        assert region, f"region {region.name} is empty"
        assert set(region) <= b.labels(), region.name
        assert b.region(region.name) is region
        assert region.name in b.region_names()


@pytest.mark.parametrize("game", REGION_GAMES)
def test_region_geometry_covers_its_cells(game: str) -> None:
    b = board(game)
    for region in b.regions():
        area = shape(region.geometry)
        for lbl in region:
            assert area.covers(Point(*b.centre(lbl))), (region.name, lbl)
        assert area.area == pytest.approx(sum(polygon(b, lbl).area for lbl in region), rel=1e-6)


@pytest.mark.parametrize("game", REGION_GAMES)
def test_regions_of_agrees_with_region(game: str) -> None:
    b = board(game)
    for lbl in b:
        names = b.regions_of(lbl)
        assert len(names) == len(set(names))
        for name in names:
            assert lbl in b.region(name)
        for region in b.regions():
            assert (region.name in names) == (lbl in region)


@pytest.mark.parametrize("game", REGION_GAMES)
def test_regions_by_kind_partition_the_region_list(game: str) -> None:
    b = board(game)
    kinds = {r.kind for r in b.regions()}
    assert sum(len(b.regions(k)) for k in kinds) == len(b.regions())
    for k in kinds:
        assert all(r.kind == k for r in b.regions(k))


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_provenance_is_one_of_the_four_sources(game: str) -> None:
    b = board(game)
    sources = {"rulebook", "derived", "historical", "provisional"}
    assert b.provenance.source in sources
    for s in b.sheets:
        assert s.provenance.source in sources
    for r in b.regions():
        assert r.provenance.source in sources
        if not r.provenance.provisional:
            assert r.provenance.ref.strip(), r.name
    listed = b.provisional_values()
    for r in b.regions():
        assert (f"region {r.name}" in listed) == r.provenance.provisional
