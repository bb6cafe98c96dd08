"""The geometry layer: hex grids, square grids and box layouts behind one ``Board``. No Qt here."""

from midway_desktop.geometry.board import Board, Cell, Provenance, Region, Sheet
from midway_desktop.geometry.loader import load_board, parse_board

__all__ = ["Board", "Cell", "Provenance", "Region", "Sheet", "load_board", "parse_board"]
