"""Stand-in counters for each board until its game plugs into the engine.

They let a player (and the tests) drag something real across every map; each moves up to
``reach`` cells from where it stands. Labels missing from a board are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass

from midway_desktop.geometry import Board
from midway_desktop.ui.counters import CounterFace


@dataclass(frozen=True)
class Placeholder:
    piece: str
    face: CounterFace
    label: str
    reach: int


def _p(piece: str, side: str, title: str, kind: str, values: str, label: str, reach: int) -> Placeholder:
    return Placeholder(piece, CounterFace(side, title, kind, values), label, reach)


PLACEHOLDERS: dict[str, tuple[Placeholder, ...]] = {
    "midway-solitaire": (
        _p("tf16", "us", "TF-16", "Enterprise", "Hornet", "L3", 1),
        _p("tf17", "us", "TF-17", "Yorktown", "", "M4", 1),
        _p("ma", "us", "MA", "Midway air", "", "L5", 12),
        _p("aif", "japan", "AIF", "Aleutians", "", "A2", 1),
        _p("csf", "japan", "CSF", "Kido Butai", "", "A4", 1),
        _p("mif", "japan", "MIF", "Invasion", "", "A7", 1),
    ),
    "victory-at-midway": (
        _p("tf16", "us", "TF 16", "Task Force", "", "I4", 2),
        _p("tf17", "us", "TF 17", "Task Force", "", "I4", 2),
        _p("ss4", "us", "SS4", "sub", "0-1-1", "L5", 1),
        _p("fleet1", "japan", "1st", "Fleet", "", "A1", 2),
        _p("ss168", "japan", "SS168", "sub", "0-1-1", "H6", 1),
    ),
    "cv": (
        _p("base", "us", "Midway", "Base", "", "B2117", 0),
        _p("tf16", "us", "TF 16", "Task Force", "", "B1107", 2),
        _p("tf17", "us", "TF 17", "Task Force", "", "B1304", 2),
        _p("tf1", "japan", "TF 1", "Task Force", "", "A2617", 2),
        _p("tf2", "japan", "TF 2", "Task Force", "", "A3112", 2),
    ),
    "kido-butai": (
        _p("akagi-zero", "japan", "Zero", "Akagi", "fighter", "akagi", 2),
        _p("akagi-val", "japan", "Val", "Akagi", "bomb", "akagi", 2),
        _p("kaga-kate", "japan", "Kate", "Kaga", "torpedo", "kaga", 2),
        _p("soryu-zero", "japan", "Zero", "Soryu", "fighter", "soryu", 2),
        _p("hiryu-val", "japan", "Val", "Hiryu", "bomb", "hiryu", 2),
        _p("midway", "us", "Midway", "base", "", "midway", 0),
        _p("turn", "neutral", "Turn", "", "", "turn-0430", 1),
    ),
}


def placeholders_for(board: Board) -> list[Placeholder]:
    return [p for p in PLACEHOLDERS.get(board.game, ()) if p.label in board]
