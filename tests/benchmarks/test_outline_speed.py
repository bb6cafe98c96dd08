"""Working out the CV board's outlines (run on demand: ``pytest -m benchmark tests/benchmarks -s``):
the plain-Python cell unions (``geometry/figure.py``) against shapely's, which the app used
before. Figures are printed, not asserted."""

from __future__ import annotations

import statistics
import time

import pytest
from shapely.geometry import Polygon

from midway_desktop.geometry import load_board, outlines
from tests.geometry.shapes import shapely_union

pytestmark = pytest.mark.benchmark


def _median(work, runs: int = 5) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def test_cv_outlines_plain_against_shapely() -> None:
    board = load_board("cv")

    def plain() -> None:
        for kept in ("net", "outline"):  # what the board keeps once worked out
            board.__dict__.pop(kept, None)
        outlines.build(board)

    def with_shapely() -> None:
        polygon = {label: Polygon(board.corners(label)) for label in board}
        whole = shapely_union(list(polygon.values()))
        sea = whole.boundary.buffer(1e-6)
        for region in board.regions():
            area = shapely_union([polygon[label] for label in region])
            area.boundary.difference(sea)

    ours, theirs = _median(plain), _median(with_shapely)
    print(f"\nCV outlines ({len(board)} hexes): plain {ours * 1000:.0f} ms, shapely {theirs * 1000:.0f} ms")
    assert ours > 0 and theirs > 0
