"""A hex or square board as worked out from ``board.yaml``, kept in the user's cache.

Reading CV's ``board.yaml`` (3,072 hexes, each printed label with its place and key, and 38
regions) took about 124 M instructions of every start, 89 M when rebuilt from this cache
(most of that is making the cells themselves); all of it depends only on the bytes of
``board.yaml`` and on the code that reads it. So a board that read cleanly is
kept as plain JSON (``ruleset/cache.py``) under a hash of both, and the next start rebuilds
the very same :class:`Board` from it. A missing, stale or damaged entry is a miss: the file
is read as if there were no cache (and so any problem in it is still reported, with its
line). Box layouts are small and read directly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from midway_desktop.geometry.board import Board, Cell, Provenance, Region, Sheet
from midway_desktop.ruleset import cache

# Bump when what is kept, or how, changes (the reading code's own text is in the key too).
VERSION = "board 1"
_CODE = ("geometry/loader.py", "geometry/board.py", "geometry/kept_board.py")


def key(raw: bytes) -> str:
    return cache.digest(VERSION, cache.sources_digest(*_CODE), raw)


def load(source: Path, raw: bytes) -> Board | None:
    """The board kept for these very bytes of ``source``, or None."""
    try:
        return _decode(cache.load("board", source, key(raw)))
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # not what _encode wrote
        return None


def store(source: Path, raw: bytes, board: Board) -> None:
    """Keep ``board`` (read from ``raw``) if it is a grid whose every value has a JSON form."""
    if board.kind not in ("hex", "square"):
        return
    data = _encode(board)
    try:
        same = json.loads(json.dumps(data)) == data  # (a region's free-form data: a date has no JSON form)
    except (TypeError, ValueError):
        return
    if same:
        cache.store("board", source, key(raw), data)


def _provenance(p: Provenance) -> list[str]:
    return [p.source, p.ref]


def _encode(board: Board) -> dict[str, Any]:
    return {
        "game": board.game,
        "title": board.title,
        "kind": board.kind,
        "orientation": board.orientation,
        "parity": board.shifted_parity,
        "north": board.north,
        "provenance": _provenance(board.provenance),
        "sheets": [[s.id, list(s.columns), list(s.rows), list(s.at), _provenance(s.provenance)] for s in board.sheets],
        "cells": [[c.label, *c.key, c.col, c.row, c.sheet, c.printed_col, c.printed_row] for c in board.cells],
        "aliases": dict(board.aliases),
        "regions": [[r.name, r.title, r.kind, r.data, _provenance(r.provenance), sorted(r)] for r in board.regions()],
    }


def _decode(data: Any) -> Board | None:
    if not isinstance(data, dict):
        return None
    cells = tuple(
        Cell(label, (k0, k1), col, row, sheet, pcol, prow)
        for label, k0, k1, col, row, sheet, pcol, prow in data["cells"]
    )
    board = Board(
        game=data["game"],
        title=data["title"],
        kind=data["kind"],
        cells=cells,
        orientation=data["orientation"],
        shifted_parity=data["parity"],
        north=data["north"],
        sheets=tuple(Sheet(i, tuple(c), tuple(r), (at[0], at[1]), Provenance(*p)) for i, c, r, at, p in data["sheets"]),
        provenance=Provenance(*data["provenance"]),
        aliases=data["aliases"],
    )
    for name, title, kind, extra, prov, labels in data["regions"]:
        region = Region(
            labels, name=name, title=title, kind=kind, data=extra, provenance=Provenance(*prov), board=board
        )
        board.add_region(region)
    return board
