"""Stand-in counters for each board until its game plugs into the engine.

They let a player (and the tests) drag something real across every map; each moves up to
``reach`` cells from where it stands. Labels missing from a board are skipped.
"""

from __future__ import annotations

from typing import Any

from midway_desktop.geometry import Board
from midway_desktop.ui.board_scene import MoveOptions
from midway_desktop.ui.counters import CounterFace, CounterItem
from midway_desktop.ui.games.base import Presenter
from midway_desktop.values import frozen_value


@frozen_value
class Placeholder:
    """A stand-in counter of a game whose rules are not here yet: its face, cell and reach."""

    piece: str
    face: CounterFace
    label: str
    reach: int


def _p(piece: str, side: str, title: str, kind: str, values: str, label: str, reach: int, symbol: str) -> Placeholder:
    return Placeholder(piece, CounterFace(side, title, kind, values, symbol=symbol), label, reach)


PLACEHOLDERS: dict[str, tuple[Placeholder, ...]] = {
    "midway-solitaire": (
        _p("tf16", "us", "TF-16", "Enterprise", "Hornet", "L3", 1, "cv"),
        _p("tf17", "us", "TF-17", "Yorktown", "", "M4", 1, "cv"),
        _p("ma", "us", "MA", "Midway air", "", "L5", 12, "base"),
        _p("aif", "japan", "AIF", "Aleutians", "", "A2", 1, "cvl"),
        _p("csf", "japan", "CSF", "Kido Butai", "", "A4", 1, "cv"),
        _p("mif", "japan", "MIF", "Invasion", "", "A7", 1, "ap"),
    ),
    "victory-at-midway": (
        _p("tf16", "us", "TF 16", "Task Force", "", "I4", 2, "task-force"),
        _p("tf17", "us", "TF 17", "Task Force", "", "I4", 2, "task-force"),
        _p("ss4", "us", "SS4", "sub", "0-1-1", "L5", 1, "ss"),
        _p("fleet1", "japan", "1st", "Fleet", "", "A1", 2, "task-force"),
        _p("ss168", "japan", "SS168", "sub", "0-1-1", "H6", 1, "ss"),
    ),
    "cv": (
        _p("base", "us", "Midway", "Base", "", "B2117", 0, "base"),
        _p("tf16", "us", "TF 16", "Task Force", "", "B1107", 2, "task-force"),
        _p("tf17", "us", "TF 17", "Task Force", "", "B1304", 2, "task-force"),
        _p("tf1", "japan", "TF 1", "Task Force", "", "A2617", 2, "task-force"),
        _p("tf2", "japan", "TF 2", "Task Force", "", "A3112", 2, "task-force"),
    ),
    "kido-butai": (
        _p("akagi-zero", "japan", "Zero", "Akagi", "fighter", "akagi", 2, "fighter"),
        _p("akagi-val", "japan", "Val", "Akagi", "bomb", "akagi", 2, "dive-bomber"),
        _p("kaga-kate", "japan", "Kate", "Kaga", "torpedo", "kaga", 2, "torpedo-bomber"),
        _p("soryu-zero", "japan", "Zero", "Soryu", "fighter", "soryu", 2, "fighter"),
        _p("hiryu-val", "japan", "Val", "Hiryu", "bomb", "hiryu", 2, "dive-bomber"),
        _p("midway", "us", "Midway", "base", "", "midway", 0, "base"),
        _p("turn", "neutral", "Turn", "", "", "turn-0430", 1, "turn"),
    ),
}


def placeholders_for(board: Board) -> list[Placeholder]:
    return [p for p in PLACEHOLDERS.get(board.game, ()) if p.label in board]


class StandInPresenter(Presenter):
    """A board whose rules are not playable yet: stand-ins that move up to their reach."""

    def __init__(self, window: Any, controller: Any) -> None:
        super().__init__(window, controller)
        self.reach: dict[str, int] = {}

    def attach(self) -> None:
        scene = self.scene = self.window.scene
        self._rules_before = scene.legal_moves
        scene.legal_moves = self.legal_moves
        self.link(scene.counterDropped, self.dropped)
        for ph in placeholders_for(scene.board):
            scene.add_counter(ph.piece, ph.face, ph.label)
            self.reach[ph.piece] = ph.reach

    def detach(self) -> None:
        super().detach()
        self.scene.clear_counters()

    def legal_moves(self, item: CounterItem) -> MoveOptions:
        board = self.scene.board
        reach = self.reach.get(item.piece, 1)
        noun = {"square": "square", "hex": "hex"}.get(board.kind, "space")
        plural = "" if reach == 1 else ("es" if noun == "hex" else "s")

        def refusal(label: str) -> str:
            if reach == 0:
                return f"{item.face.title} stays where it is."
            return f"{item.face.title} can reach {reach} {noun}{plural} from {item.label}; {label} is too far."

        return MoveOptions(frozenset(board.within(item.label, reach)), refusal)

    def dropped(self, piece: str, origin: str, target: str) -> None:
        title = self.scene.counters[piece].face.title
        self.window.statusBar().showMessage(f"{title}: {origin} → {self.window.describe(target)}", 6000)
