"""The names printed on the maps (islands, objectives) stand clear of a counter in their own
cell, at every zoom they are printed at: a counter standing on Midway never hides the word
"Midway" (tests/ui/test_board_art.py checks them against every counter and coordinate)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from midway_desktop.geometry import load_board
from midway_desktop.ui.map_art import MapArt, counter_size


@pytest.mark.parametrize("game", ["victory-at-midway", "midway-solitaire", "cv"])
def test_captions_clear_the_counter_of_their_cell(qapp, game: str) -> None:  # type: ignore[no-untyped-def]
    board = load_board(game)
    art = MapArt(board)
    named = [r for r in board.regions() if r.kind in ("island", "objective")]
    assert named
    half = counter_size(board.kind) / 2
    for region in named:
        top = min(region, key=lambda lb: art.cells[lb].centre.y())
        c = art.cells[top].centre
        footprint = QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half)
        printed = 0
        for scale in (0.3, 0.6, 1.0, 2.0, 4.0):
            found = art.caption_box(region.name, scale)
            if found is None:  # too long to print between the counters at this zoom
                assert scale < 1.0, f"{region.title} is not printed at {scale:g}"
                continue
            box, font = found
            printed += 1
            assert not box.intersects(footprint), f"{region.title} lies under a counter in {top} at {scale:g}"
            assert font.pixelSize() * scale >= 6.5, f"{region.title} is too small to read at {scale:g}"
        assert printed >= 3
