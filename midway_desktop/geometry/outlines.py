"""A board's drawn outlines as plain coordinates, worked out once per ruleset and kept.

The map art draws the whole playing area, every region's area, and where each region's edge
runs through the sea (a sector's or a search limit's line, not the board's own edge). They
come from joining cells (``figure.py``). They depend only on the bytes of ``board.yaml`` and
on this code, so they are kept in the user's cache (``ruleset/cache.py``) under a hash of
both; the next start reads them back as JSON, exactly as worked out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import chain
from typing import Any

from midway_desktop.geometry.board import Board
from midway_desktop.geometry.figure import Figure, Point
from midway_desktop.ruleset import cache
from midway_desktop.values import frozen_value

__all__ = ["Figure", "Outlines", "build", "outlines"]

# Bump when what is worked out below, or how it is written, changes.
VERSION = "outlines 2"


@frozen_value
class Outlines:
    """Everything drawn of a board's shape: the playing area, each region's area (by region
    name) and each region's edge where it does not run along the board's own edge."""

    board: Figure
    regions: Mapping[str, Figure]
    edges: Mapping[str, Figure]


def outlines(board: Board) -> Outlines:
    """The board's outlines: from the cache if kept for this very ``board.yaml``, else worked
    out (and then kept)."""
    found = board.__dict__.get("_outlines")
    if isinstance(found, Outlines):
        return found
    key = cache.digest(VERSION, board.digest) if board.source is not None and board.digest else None
    result = None
    if key is not None:
        result = _decode(cache.load("outlines", board.source, key), board)  # type: ignore[arg-type]
    if result is None:
        result = build(board)
        if key is not None:
            cache.store("outlines", board.source, key, _encode(result))  # type: ignore[arg-type]
    board.__dict__["_outlines"] = result
    return result


def build(board: Board) -> Outlines:
    """Work the outlines out (what the cache keeps). A region's edge through the sea is its
    boundary less the board's own: the sides of its cells that another board cell lies across."""
    net = board.net
    sea_edge = net.boundary(board.labels())
    regions: dict[str, Figure] = {}
    edges: dict[str, Figure] = {}
    for region in board.regions():
        boundary = net.boundary(board.canonical(lbl) for lbl in region)
        regions[region.name] = Figure(areas=net.areas(boundary))
        edges[region.name] = Figure(lines=net.lines(boundary - sea_edge))
    return Outlines(board.outline, regions, edges)


# -- the cache's form ---------------------------------------------------------------------
def _encode_figure(f: Figure) -> dict[str, Any]:
    return {
        "areas": [[[list(p) for p in ring] for ring in area] for area in f.areas],
        "lines": [[list(p) for p in line] for line in f.lines],
    }


def _encode(o: Outlines) -> dict[str, Any]:
    return {
        "board": _encode_figure(o.board),
        "regions": {name: _encode_figure(f) for name, f in o.regions.items()},
        "edges": {name: _encode_figure(f) for name, f in o.edges.items()},
    }


_NUMBERS = frozenset({float, int})  # (not bool: ``type`` tells them apart)


def _points(data: Any, least: int) -> tuple[Point, ...]:
    """A list of at least ``least`` [x, y] pairs of finite numbers, as points. Checked a whole
    list at a time (``map`` over builtins): checked point by point, reading CV's 14,000 points
    took twice as long: 41 M instructions of its start, now 20 M."""
    if type(data) is not list or len(data) < least:
        raise ValueError
    if set(map(type, data)) != {list} or set(map(len, data)) != {2}:
        raise ValueError
    flat = list(chain.from_iterable(data))
    if not set(map(type, flat)) <= _NUMBERS or not all(map(math.isfinite, flat)):
        raise ValueError
    values = list(map(float, flat))
    return tuple(zip(values[0::2], values[1::2], strict=True))


def _decode_figure(data: Any) -> Figure:
    if not isinstance(data, dict) or set(data) != {"areas", "lines"}:
        raise ValueError
    areas, lines = data["areas"], data["lines"]
    if not isinstance(areas, list) or not isinstance(lines, list):
        raise ValueError
    decoded_areas = []
    for area in areas:
        if not isinstance(area, list) or not area:
            raise ValueError
        decoded_areas.append(tuple(_points(ring, 4) for ring in area))
    return Figure(tuple(decoded_areas), tuple(_points(line, 2) for line in lines))


def _decode(data: Any, board: Board) -> Outlines | None:
    """What ``_encode`` wrote for this board's regions, or None for anything else."""
    if not isinstance(data, dict) or set(data) != {"board", "regions", "edges"}:
        return None
    names = board.region_names()
    try:
        regions, edges = data["regions"], data["edges"]
        if not isinstance(regions, dict) or not isinstance(edges, dict):
            return None
        if list(regions) != names or list(edges) != names:
            return None
        return Outlines(
            _decode_figure(data["board"]),
            {name: _decode_figure(regions[name]) for name in names},
            {name: _decode_figure(edges[name]) for name in names},
        )
    except ValueError:
        return None
