"""The game's data in one place: search board tables, status boards and the action deck.

Also the look-ups the rules ask every turn (a card's moves from a square, its log line),
worked out once per ruleset: bot simulations play thousands of turns a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from midway_desktop.games.midway_solitaire.cards import Card, Deck, load_cards
from midway_desktop.games.midway_solitaire.forces import JAPANESE, StatusBoards, load_forces
from midway_desktop.games.midway_solitaire.movement import OBJECTIVES, SearchGrid, japanese_path
from midway_desktop.geometry import load_board
from midway_desktop.geometry.needs import require
from midway_desktop.ruleset import ruleset_dir

T = TypeVar("T")
KEPT_LIMIT = 250_000  # shared values kept at most (a few tens of megabytes)

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
        # Card -> per force (AIF, CSF, MIF) -> square -> path, filled as asked. Moves toward the
        # nearest TF depend on where the TFs are: never kept.
        self.paths: dict[int, tuple[dict[str, tuple[str, ...]], ...]] = {n: ({}, {}, {}) for n in deck.numbers}
        # The same per card, force and square, as the rules use it: (end square, log text,
        # objective entered or ""), see ``japanese_move``.
        self.moves: dict[int, tuple[dict[str, tuple[str, str, str]], ...]] = {n: ({}, {}, {}) for n in deck.numbers}
        # Values that recur from game to game (log lines of moves, units on squares), built once
        # and shared: they are immutable, and bot simulations make the same ones by the million.
        self.kept: dict[Any, Any] = {}
        # Per Japanese force (AIF, CSF, MIF) and damage: square -> the force afloat there, filled
        # as forces move (a small table per force, read every turn: see ``turn.move_japanese``).
        self.afloat_at: tuple[list[dict[str, Any]], ...] = tuple(
            [{} for _ in range(forces.forces[u].damage + 1)] for u in JAPANESE
        )
        # The squares a card's hazard attacks (MS › Action Card Play: Hazards); empty for All Clear.
        self.hazard_zone = {
            n: grid.submarines if c.hazard == "sub-sighted" else grid.danger if c.hazard == "danger" else frozenset()
            for n, c in self.cards.items()
        }

        # The American bot's tables for this ruleset (see ``bot._tables``), made on first use.
        self.bot_tables: dict[str, Any] | None = None

    def keep(self, key: Any, value: T) -> T:
        """Remember ``value`` under ``key`` in ``kept`` (forgetting all once it grows large)."""
        kept = self.kept
        if len(kept) >= KEPT_LIMIT:
            kept.clear()
        kept[key] = value
        return value

    def path(self, number: int, unit: int, square: str, tf_squares: Sequence[str]) -> tuple[str, ...]:
        """Where card ``number`` moves Japanese force ``unit`` (0 AIF, 1 CSF, 2 MIF) from ``square``."""
        kept = self.paths[number][unit]
        found = kept.get(square)
        if found is not None:
            return found
        move = self.cards[number].moves[unit]
        if move.toward == "nearest-tf":
            return japanese_path(self.grid, square, move, tf_squares)
        found = kept[square] = japanese_path(self.grid, square, move)
        return found

    def japanese_move(self, number: int, unit: int, square: str, tf_squares: Sequence[str]) -> tuple[str, str, str]:
        """Card ``number``'s move of force ``unit`` from ``square``: where it ends, the move as the
        log tells it, and the objective it enters on the way ("" for none; it stops there)."""
        kept = self.moves[number][unit]
        found = kept.get(square)
        if found is not None:
            return found
        name = JAPANESE[unit]
        path = self.path(number, unit, square, tf_squares)
        objectives = self.grid.objective
        entered = next((sq for sq in path if sq in objectives), None)
        if entered is not None:
            found = (entered, f"{name} {square}→{entered}", objectives[entered])
        elif path:
            found = (path[-1], f"{name} {square}→{'→'.join(path)}", "")
        else:
            found = (square, f"{name} stays on {square}", "")
        if self.cards[number].moves[unit].toward != "nearest-tf":
            kept[square] = found
        return found


def card_line(card: Card) -> str:
    """The log line for a flipped card (MS › Action Card Play: title, event, hazard)."""
    event = f" Event: {card.event}" if card.event else ""
    return f"card {card.number}: {card.title}.{event} Hazard: {HAZARD_NAMES[card.hazard]}."


# The board's regions the rules read (MS › Set-up, Unit Movement, Hazards, Victory Conditions):
# each objective and each Japanese start is one square.
NEEDED_REGIONS: dict[str, int | None] = {
    "submarines": None,
    "danger-zone": None,
    "midway-aircraft-area": None,
    "american-setup": None,
    **{name: 1 for name in OBJECTIVES},
    **{f"{unit.lower()}-start": 1 for unit in JAPANESE},
}


def load_ruleset(folder: Path | None = None) -> Ruleset:
    """The bundled ruleset, or the one in ``folder`` (an edited copy)."""
    base = folder if folder is not None else ruleset_dir("midway-solitaire")
    board = load_board(base)
    require(board, base / "board.yaml", NEEDED_REGIONS)
    return Ruleset(SearchGrid(board), load_forces(folder), load_cards(folder))
