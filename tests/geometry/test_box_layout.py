"""Where a box's title and counters go: inside the box, clear of each other and of the title,
for plain rectangles and for right-angled boxes of other shapes (a player may draw an L)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import box

from midway_desktop.geometry import load_board
from tests.geometry.shapes import polygon

L_BOARD = """\
schema: 1
game: layout-test
title: Two boxes
grid:
  kind: boxes
  size: [6, 3]
  provenance: {source: provisional}
  boxes:
    - name: corner
      title: A corner that wraps round its neighbour
      polygon: [[0, 0], [2, 0], [2, 2], [6, 2], [6, 3], [0, 3]]
      adjacent: [nook]
      provenance: {source: provisional}
    - name: nook
      title: Nook
      rect: [2, 0, 4, 2]
      provenance: {source: provisional}
"""


@pytest.fixture(scope="module")
def l_board(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = Path(tmp_path_factory.mktemp("layout")) / "layout-test"
    folder.mkdir()
    (folder / "board.yaml").write_text(L_BOARD, encoding="utf-8")
    return load_board(folder / "board.yaml")


def test_a_rectangles_title_box_is_the_rectangle(l_board) -> None:  # type: ignore[no-untyped-def]
    assert l_board.title_box("nook") == (2, 0, 6, 2)


def test_an_l_shaped_boxs_title_goes_in_its_widest_part(l_board) -> None:  # type: ignore[no-untyped-def]
    x0, y0, x1, y1 = l_board.title_box("corner")
    assert (x0, y0, x1, y1) == (0, 2, 6, 3)
    assert polygon(l_board, "corner").covers(box(x0, y0, x1, y1))
    assert not box(x0, y0, x1, y1).intersection(polygon(l_board, "nook")).area


def _clear(board, label: str, size: float, slots: list[tuple[float, float]]) -> None:  # type: ignore[no-untyped-def]
    shape = polygon(board, label).buffer(1e-9)
    tx0, ty0, tx1, ty1 = board.title_box(label)
    title = box(tx0, ty0, tx1, ty0 + min((ty1 - ty0) * 0.3, 0.8))
    squares = [box(x - size / 2, y - size / 2, x + size / 2, y + size / 2) for x, y in slots]
    for i, sq in enumerate(squares):
        assert shape.covers(sq), slots[i]
        assert not sq.intersects(title), slots[i]
        for other in squares[i + 1 :]:
            assert sq.intersection(other).area == pytest.approx(0)


def test_counters_in_an_l_shaped_box_stay_out_of_its_neighbour_and_title(l_board) -> None:  # type: ignore[no-untyped-def]
    slots = l_board.counter_slots("corner", 0.8, 0.1, 4)
    assert len(slots) == 4
    _clear(l_board, "corner", 0.8, slots)


def test_counters_in_a_rectangle_sit_in_rows_below_the_title() -> None:
    board = load_board("kido-butai")
    size, gap = 0.8, 0.096
    slots = board.counter_slots("ne-corner", size, gap, 10)
    _clear(board, "ne-corner", size, slots)
    # Rows from the top-left: five across the 5-unit corner, the first below the title's line.
    assert [round(x, 3) for x, _ in slots[:5]] == [round(gap + size / 2 + k * (size + gap), 3) for k in range(5)]
    assert slots[0][1] == pytest.approx(0.8 + gap + size / 2)
    assert slots[5][1] == pytest.approx(slots[0][1] + size + gap)


def test_more_counters_than_fit_fan_out_over_the_places_taken(l_board) -> None:  # type: ignore[no-untyped-def]
    fit = l_board.counter_slots("corner", 0.8, 0.1, 4)  # its arm holds two rows of two
    many = l_board.counter_slots("corner", 0.8, 0.1, 9)
    assert many[:4] == fit
    assert len(set(many)) == 9  # each counter still shows a corner to grab
    fan = 0.8 * 0.22
    assert many[4] == pytest.approx((fit[0][0] + fan, fit[0][1] + fan))
    assert many[8] == pytest.approx((fit[0][0] + 2 * fan, fit[0][1] + 2 * fan))
