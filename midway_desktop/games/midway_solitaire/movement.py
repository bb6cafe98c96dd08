"""Movement on the search board: American task forces, the Midway aircraft, Japanese forces.

MS › Unit Movement: square to square, no diagonals; Americans first, Japanese second.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from midway_desktop.games.midway_solitaire.cards import Move
from midway_desktop.geometry.board import Board

OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
OBJECTIVES = ("alaska", "midway", "hawaiian-islands")


class SearchGrid:
    """The search board's answers the rules need every turn, worked out once.

    Wraps a :class:`Board` (``load_board("midway-solitaire")``): squares, orthogonal steps,
    distances, the marked regions and each square's reach for a task force.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        cells = sorted((board.cell(lbl) for lbl in board.labels()), key=lambda c: (c.key[1], c.key[0]))
        self.squares: tuple[str, ...] = tuple(c.label for c in cells)
        self.xy: dict[str, tuple[int, int]] = {c.label: c.key for c in cells}
        self.at: dict[tuple[int, int], str] = {c.key: c.label for c in cells}
        # Orthogonal distances between all squares (a table: the rules and the bot ask a lot).
        self.dist: dict[str, dict[str, int]] = {
            a: {b: abs(xa - xb) + abs(ya - yb) for b, (xb, yb) in self.xy.items()} for a, (xa, ya) in self.xy.items()
        }
        self.step: dict[tuple[str, str], str | None] = {
            (sq, d): board.step(sq, d) for sq in self.squares for d in OPPOSITE
        }
        self.neighbours: dict[str, tuple[str, ...]] = {
            sq: tuple(n for d in "nesw" if (n := self.step[(sq, d)]) is not None) for sq in self.squares
        }
        self.neighbour_set = {sq: frozenset(n) for sq, n in self.neighbours.items()}
        self.submarines = frozenset(board.region("submarines"))
        self.danger = frozenset(board.region("danger-zone"))
        self.ma_area: tuple[str, ...] = tuple(s for s in self.squares if s in board.region("midway-aircraft-area"))
        self.ma_area_set = frozenset(self.ma_area)
        self.setup: tuple[str, ...] = tuple(s for s in self.squares if s in board.region("american-setup"))
        self.objective: dict[str, str] = {}  # square -> objective name
        self.objective_square: dict[str, str] = {}  # objective name -> its square
        for name in OBJECTIVES:
            (square,) = board.region(name)
            self.objective[square] = name
            self.objective_square[name] = square
        self.midway = self.objective_square["midway"]
        self.start = {unit: next(iter(board.region(f"{unit.lower()}-start"))) for unit in ("AIF", "CSF", "MIF")}
        # Destinations within two squares, nearest first: a TF's whole reach in one turn.
        self.reach: dict[str, tuple[tuple[str, int], ...]] = {
            sq: tuple(sorted(((t, self.distance(sq, t)) for t in board.within(sq, 2)), key=lambda p: (p[1], p[0])))
            for sq in self.squares
        }
        # (square, target) -> the next square toward it, filled as asked (see toward).
        self.steps_toward: dict[tuple[str, str], str] = {}

    def __contains__(self, square: object) -> bool:
        return square in self.xy

    def distance(self, a: str, b: str) -> int:
        """Squares between ``a`` and ``b`` moving orthogonally (MS › Unit Movement: no diagonals)."""
        return self.dist[a][b]

    def toward(self, square: str, target: str) -> str:
        """The next square on the straightest orthogonal course (the board's own rule)."""
        key = (square, target)
        found = self.steps_toward.get(key)
        if found is None:
            found = self.steps_toward[key] = self.board.toward(square, target)
        return found

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1


# -- American movement ----------------------------------------------------------------------


def tf_move_refusal(grid: SearchGrid, here: str, to: str, fuel: int) -> str | None:
    """Why a task force may not move from ``here`` to ``to``, or ``None`` if it may.

    MS › Unit Movement: 1 square per turn, or one more by spending one extra fuel (at most one
    per turn); diagonal movement is not allowed; the player may choose not to move.
    """
    if to not in grid:
        return f"{to} is not a square of the search board."
    d = grid.distance(here, to)
    if d > 2:
        return "A task force moves one square a turn, or two by spending one extra fuel (no diagonals)."
    if d == 2 and fuel <= 0:
        return "No extra fuel is left to move a second square."
    return None


def tf_destinations(grid: SearchGrid, here: str, fuel: int) -> tuple[str, ...]:
    """Every square a task force may end its move on (MS › Unit Movement)."""
    return tuple(sq for sq, d in grid.reach[here] if d < 2 or fuel > 0)


def fuel_needed(grid: SearchGrid, here: str, to: str) -> int:
    """Extra fuel spent: one for a second square (MS › Unit Movement)."""
    return 1 if grid.distance(here, to) == 2 else 0


def ma_refusal(grid: SearchGrid, square: str) -> str | None:
    """MS › American Units / Unit Movement: the MA starts each turn from Midway and is placed
    anywhere east of the blue dashed line."""
    if square not in grid:
        return f"{square} is not a square of the search board."
    if square not in grid.ma_area:
        return "The Midway aircraft must be placed east of the blue dashed line."
    return None


def setup_refusal(grid: SearchGrid, square: str) -> str | None:
    """MS › Game Setup 1: TF-16 and TF-17 start on any square of column L or M."""
    if square not in grid:
        return f"{square} is not a square of the search board."
    if square not in grid.setup:
        return "Task forces set up in column L or M."
    return None


# -- Japanese movement ----------------------------------------------------------------------


def japanese_path(grid: SearchGrid, square: str, move: Move, tf_squares: Iterable[str] = ()) -> tuple[str, ...]:
    """The squares a Japanese force enters, in order (none for All Stop).

    MS › Unit Movement: one or two squares as the card shows, none on All Stop, or one square
    toward a location or toward an American TF (the nearest afloat TF; TF-16 on a tie,
    provisional). MS › Japanese Edge of Board Movement: a step off the board is reversed.
    """
    if move.toward is not None:
        if move.toward == "nearest-tf":
            targets = list(tf_squares)
            if not targets:
                return ()
            target = min(targets, key=lambda t: grid.distance(square, t))  # min keeps the first on a tie
        else:
            target = grid.objective_square[move.toward]
        nxt = grid.toward(square, target)
        return () if nxt == square else (nxt,)
    path = []
    for d in move.steps:
        step = grid.step[(square, d)]
        if step is None:
            step = grid.step[(square, OPPOSITE[d])]
        assert step is not None  # the board is wider and taller than one square
        path.append(step)
        square = step
    return tuple(path)


def objective_entered(grid: SearchGrid, path: Iterable[str]) -> str | None:
    """The first objective square on ``path``, if any.

    MS › Victory Conditions / Game Concepts 8: any time a Japanese unit moves into Alaska,
    Midway or the Hawaiian Islands the game ends at once with a Japanese victory, even with
    American units in the square (entering in the middle of a two-square move counts).
    """
    for sq in path:
        if sq in grid.objective:
            return sq
    return None


def squares_of(forces: Iterable[object]) -> Mapping[str, list[str]]:
    """Afloat units by square: ``{square: [names]}``."""
    out: dict[str, list[str]] = {}
    for f in forces:
        if not f.sunk:  # type: ignore[attr-defined]
            out.setdefault(f.square, []).append(f.name)  # type: ignore[attr-defined]
    return out
