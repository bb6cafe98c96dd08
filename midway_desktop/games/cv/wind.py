"""The Wind Direction and carriers moving into it (CV › Basic VI.E).

Each mapboard sector's Directional Hexagon prints a white Wind Direction Arrow (VI.E.1); the
board data holds it as the hexside it points to (``board.yaml``, each sector's ``wind``). A
carrier moves *into* the wind against the arrow: arrow SE, the carrier moves NW (VI.E.2). A hex
split by a cut or fold of the mapboard may move into the wind of any sector it crosses
(VI.E.3). The Basic Game's arrows never turn (Optional XIII.A changes them: not yet).

Readings (the text leaves them open):

- **Split hexes**: each half is cut at mid-width and folded at mid-height (board.yaml); the cut
  or fold is the straight line halfway between the last hex centres of one sector and the first
  of the next, and a hex is split when that line crosses its inside. The halves meet edge to
  edge, so no hex is split between them.
- **Which step counts**: a move goes into the wind when any hex of it is entered from the
  neighbouring hex against the arrow of a sector the hex left lies in.
- **Which Task Forces**: a Task Force with a CV or CVL must go into the wind on a Turn when more
  Air Factors took off from it or landed on it than its Minimum Launch Factor (VI.E: "equals
  the Normal or Maximum"; VI.E.4: "not required ... not exceed the Minimum"). Its Launch Factors
  are its ships' summed, as for capacity (IV.B.1); a Task Force of floatplane ships only, and a
  Base, never has to (VI.E.4).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import TaskForce
from midway_desktop.geometry.board import Board, Region

DIRECTIONS = ("n", "ne", "se", "s", "sw", "nw")  # flat-topped hexes (Intro III.A.2)
CARRIERS = ("CV", "CVL")
SECTOR = "sector"


def against(arrow: str) -> str:
    """The hexside opposite the arrow: the way a carrier moves into the wind (VI.E.2)."""
    return DIRECTIONS[(DIRECTIONS.index(arrow) + 3) % 6]


def arrows(game: Game, hex_: str) -> frozenset[str]:
    """The Wind Direction Arrows of every sector ``hex_`` lies in or is split into (VI.E.1, 3)."""
    return _arrows(game.board)[hex_]


@cache
def _arrows(board: Board) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    halves: dict[str, list[Region]] = {}
    for region in board.regions(SECTOR):
        halves.setdefault(str(region.data.get("half", "")), []).append(region)
    for sectors in halves.values():
        box = {r.name: _span(board, r) for r in sectors}
        cut = _line([b[0] for b in box.values()])
        fold = _line([b[1] for b in box.values()])

        def quarter(x: float, y: float, cut: float | None = cut, fold: float | None = fold) -> tuple[bool, bool]:
            return (cut is not None and x > cut, fold is not None and y > fold)

        by_quarter = {}
        for r in sectors:
            (x0, x1), (y0, y1) = box[r.name]
            by_quarter[quarter((x0 + x1) / 2, (y0 + y1) / 2)] = str(r.data["wind"])
        for r in sectors:
            for label in r:
                xs = [c[0] for c in board.corners(label)]
                ys = [c[1] for c in board.corners(label)]
                quarters = {quarter(x, y) for x in (min(xs), max(xs)) for y in (min(ys), max(ys))}
                out[label] = frozenset(by_quarter[q] for q in quarters if q in by_quarter) | {str(r.data["wind"])}
    return out


def _span(board: Board, region: Region) -> tuple[tuple[float, float], tuple[float, float]]:
    """The extent of a sector's hex centres, across and down."""
    centres = [board.centre(label) for label in region]
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    return (min(xs), max(xs)), (min(ys), max(ys))


def _line(spans: list[tuple[float, float]]) -> float | None:
    """The cut (or fold) between the sectors of a half: halfway between the last hex centres of
    the first and the first of the second (``None``: the half is not divided that way)."""
    lows = sorted({s[0] for s in spans})
    if len(lows) < 2:
        return None
    first_end = max(s[1] for s in spans if s[0] == lows[0])
    return (first_end + lows[1]) / 2


def windward(game: Game, hex_: str) -> frozenset[str]:
    """The hexes one step into the wind from ``hex_`` (on the mapboard)."""
    board = game.board
    steps = {board.step(hex_, against(a)) for a in arrows(game, hex_)}
    return frozenset(h for h in steps if h is not None)


def into_wind(game: Game, start: str, path: Iterable[str]) -> bool:
    """Basic VI.E: the move enters at least one hex into the Wind Direction."""
    here = start
    for h in path:
        if h in windward(game, here):
            return True
        here = h
    return False


def carries_carriers(game: Game, tf: TaskForce) -> bool:
    """The Task Force holds a CV or CVL (VI.E; VI.E.4: other plane-carrying ships need not)."""
    return any(game.ship(tf.side, t).type in CARRIERS for t in tf.ships)


def wind_limit(game: Game, tf: TaskForce) -> int:
    """The Air Factors that may land and take off this Turn without moving into the wind: the
    Minimum Launch Factor for a Task Force with a carrier, else no limit below the Maximum."""
    classes = [game.ship(tf.side, t).ship_class for t in tf.ships]  # (an Unorganized CV's own, VI.D)
    low, top = sum(c.launch[0] for c in classes), sum(c.launch[2] for c in classes)
    return low if carries_carriers(game, tf) else top


def must_go_into_wind(game: Game, tf: TaskForce) -> bool:
    """Basic VI.E: this Turn's take-offs and landings so far pass the Minimum Launch Factor of a
    Task Force with a carrier."""
    return tf.launched > 0 and carries_carriers(game, tf) and tf.launched > wind_limit(game, tf)
