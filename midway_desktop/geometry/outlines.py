"""A board's drawn outlines as plain coordinates, worked out once per ruleset and kept.

The map art draws the whole playing area, every region's area, and where each region's edge
runs through the sea (a sector's or a search limit's line, not the board's own edge). They
come from joining cells with shapely: most of a second for CV's 3,000 hexes and 38 regions.
They depend only on the bytes of ``board.yaml`` and on this code, so they are kept in the
user's cache (``ruleset/cache.py``) under a hash of both; the next start reads them back as
JSON, exactly as worked out, and shapely is not imported at all.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from midway_desktop.geometry.board import Board
from midway_desktop.ruleset import cache

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

# Bump when what is worked out below, or how it is written, changes.
VERSION = "outlines 1"

Point = tuple[float, float]


@dataclass(frozen=True)
class Figure:
    """A shape as coordinates in board units: areas, each its outer ring then its holes (rings
    not repeating their first point), and open lines."""

    areas: tuple[tuple[tuple[Point, ...], ...], ...] = ()
    lines: tuple[tuple[Point, ...], ...] = ()


@dataclass(frozen=True)
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
    """Work the outlines out with shapely (what the cache keeps)."""
    whole = board.outline
    sea_edge = whole.boundary.buffer(1e-6)
    regions: dict[str, Figure] = {}
    edges: dict[str, Figure] = {}
    for region in board.regions():
        area = region.geometry
        regions[region.name] = figure(area)
        edges[region.name] = figure(area.boundary.difference(sea_edge))
    return Outlines(figure(whole), regions, edges)


def figure(geom: BaseGeometry) -> Figure:
    """Areas and lines of a shapely geometry, parts in shapely's order (points are dropped)."""
    areas: list[tuple[tuple[Point, ...], ...]] = []
    lines: list[tuple[Point, ...]] = []
    for part in _parts(geom):
        if part.geom_type == "Polygon":
            rings = [part.exterior, *part.interiors]
            areas.append(tuple(tuple((float(x), float(y)) for x, y in ring.coords) for ring in rings))
        elif part.geom_type in ("LineString", "LinearRing"):
            coords = tuple((float(x), float(y)) for x, y in part.coords)
            if len(coords) >= 2:
                lines.append(coords)
    return Figure(tuple(areas), tuple(lines))


def _parts(geom: BaseGeometry) -> list[BaseGeometry]:
    if geom.is_empty:
        return []
    if hasattr(geom, "geoms"):
        out: list[BaseGeometry] = []
        for g in geom.geoms:
            out += _parts(g)
        return out
    return [geom]


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


def _points(data: Any, least: int) -> tuple[Point, ...]:
    if not isinstance(data, list) or len(data) < least:
        raise ValueError
    out = []
    for p in data:
        if not isinstance(p, list) or len(p) != 2:
            raise ValueError
        x, y = p
        if not all(isinstance(v, float | int) and not isinstance(v, bool) and math.isfinite(v) for v in (x, y)):
            raise ValueError
        out.append((float(x), float(y)))
    return tuple(out)


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
