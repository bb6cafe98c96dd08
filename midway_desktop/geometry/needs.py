"""What a game's rules need of its board: named regions (some of one cell) and named cells.

A player may edit ``board.yaml``; an edit that drops a region or a cell the rules read must be
refused when the ruleset is loaded, in one line naming the file, not found later as a crash
in the middle of a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from midway_desktop.geometry.board import Board
from midway_desktop.ruleset import RulesetError


def require(
    board: Board,
    file: Path,
    regions: Mapping[str, int | None],
    cells: Iterable[str] = (),
    region_data: Mapping[str, Iterable[str]] | None = None,
) -> None:
    """Refuse ``board`` unless it has each region of ``regions`` (of exactly that many cells
    when a number is given, else of at least one), each label of ``cells``, and each key of
    ``region_data`` in the named region's ``data``."""
    names = set(board.region_names())
    for name, size in regions.items():
        if name not in names:
            raise RulesetError(file, None, f"regions: the {board.title} rules need a region named '{name}'")
        found = len(board.region(name))
        if size is not None and found != size:
            raise RulesetError(file, None, f"regions: '{name}' must have {size} cell(s), not {found}")
    for label in cells:
        if label not in board:
            raise RulesetError(file, None, f"grid: the {board.title} rules need the cell {label}")
    for name, keys in (region_data or {}).items():
        data = board.region(name).data
        for key in keys:
            if not isinstance(data.get(key), str) or not data[key].strip():
                raise RulesetError(file, None, f"regions: '{name}' needs a 'data' entry '{key}' (text)")
