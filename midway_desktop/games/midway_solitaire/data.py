"""The game's data in one place: search board tables, status boards and the action deck.

Also the look-ups the rules ask every turn (a card's moves from a square, its log line),
worked out once per ruleset: bot simulations play thousands of turns a second.
"""

from __future__ import annotations

from pathlib import Path

from midway_desktop.games.midway_solitaire.cards import Card, Deck, load_cards
from midway_desktop.games.midway_solitaire.forces import StatusBoards, load_forces
from midway_desktop.games.midway_solitaire.movement import SearchGrid, japanese_path
from midway_desktop.geometry import load_board

HAZARD_NAMES = {"sub-sighted": "Sub Sighted", "danger": "Danger", "all-clear": "All Clear"}


class Ruleset:
    """Board tables, status boards and deck, with per-card look-ups."""

    def __init__(self, grid: SearchGrid, forces: StatusBoards, deck: Deck) -> None:
        self.grid = grid
        self.forces = forces
        self.deck = deck
        self.cards = dict(deck.cards)  # a plain dict: read every turn
        self.firepower = {u: f.firepower for u, f in forces.forces.items()}
        self.limit = {u: f.damage for u, f in forces.forces.items()}
        self.card_line = {n: card_line(deck[n]) for n in deck.numbers}
        self._paths: dict[tuple[int, int, str], tuple[str, ...]] = {}

    def path(self, number: int, unit: int, square: str, tf_squares: list[str]) -> tuple[str, ...]:
        """Where card ``number`` moves Japanese force ``unit`` (0 AIF, 1 CSF, 2 MIF) from ``square``."""
        key = (number, unit, square)
        found = self._paths.get(key)
        if found is not None:
            return found
        move = self.cards[number].moves[unit]
        if move.toward == "nearest-tf":  # depends on where the TFs are: never kept
            return japanese_path(self.grid, square, move, tf_squares)
        found = self._paths[key] = japanese_path(self.grid, square, move)
        return found


def card_line(card: Card) -> str:
    """The log line for a flipped card (MS › Action Card Play: title, event, hazard)."""
    event = f" Event: {card.event}" if card.event else ""
    return f"card {card.number}: {card.title}.{event} Hazard: {HAZARD_NAMES[card.hazard]}."


def load_ruleset(folder: Path | None = None) -> Ruleset:
    """The bundled ruleset, or the one in ``folder`` (an edited copy)."""
    board = load_board(folder if folder is not None else "midway-solitaire")
    return Ruleset(SearchGrid(board), load_forces(folder), load_cards(folder))
