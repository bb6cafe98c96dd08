"""Table gestures for Victory at Midway: what dropping a piece somewhere means.

On paper a player moves a counter and the umpire reads the move. Here a drop is a pair
(piece, destination) and this module turns it into the order it stands for, or offers the
order the player most likely meant so the rules can say why it is refused. Destinations are
hex labels for the map, and named holding boxes for the rest (VaM › The Maps and Holding
Boxes):

``formation:TF16`` a Task Force / Fleet box (``formation:`` takes a ship out of its box),
``base:Kaga`` a carrier or Midway Airfield (landing, Zekes back from the reserve),
``ready`` the Ready box, ``midway-strike`` the Midway Airstrike Holding Box, ``cap`` the CAP
over a battle, ``ashore`` Midway's Ground Defense box, ``ditched``, ``withdrawn``, ``lost``,
and ``unit:ID`` an enemy or friendly unit chosen as a target on the battle board.

Search markers are the pieces ``search:air`` and ``search:ship``. No Qt here: the desktop
asks these functions, and so do the tests.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence

from midway_desktop.engine.actions import Action
from midway_desktop.games.victory_at_midway.actions import (
    AATarget,
    AirTarget,
    AssignSearch,
    BombTarget,
    Cap,
    Ditch,
    Enter,
    Exit,
    Fire,
    Forgo,
    Form,
    GoAshore,
    Land,
    LoseAircraft,
    MidwayStrike,
    Move,
    Place,
    Prepare,
    ReserveZeke,
    ReturnFire,
    Scout,
    Screen,
    Strike,
    piece_words,
)

SEARCH_PIECE = "search:"


def gesture(action: Action) -> tuple[str, str] | None:
    """The (piece, destination) drop that gives ``action``; None for orders given by button
    (Done, announcements, resolving a strike, concede)."""
    a = action
    if isinstance(a, Move | Place):
        return a.piece, a.hex if isinstance(a, Place) else a.to
    if isinstance(a, Enter):
        return a.piece, a.hex
    if isinstance(a, Strike | Scout):
        return a.unit, a.hex
    if isinstance(a, AssignSearch):
        return SEARCH_PIECE + a.kind, a.hex
    if isinstance(a, Form):
        return a.ship, f"formation:{a.formation}"
    if isinstance(a, MidwayStrike):
        return a.unit, "midway-strike"
    if isinstance(a, Land):
        return a.unit, f"base:{a.base}"
    if isinstance(a, ReserveZeke):
        return a.unit, f"base:{a.carrier}"
    if isinstance(a, Ditch):
        return a.unit, "ditched"
    if isinstance(a, Prepare):
        return a.unit, "ready"
    if isinstance(a, GoAshore):
        return a.unit, "ashore"
    if isinstance(a, Exit | Forgo):
        return a.piece, "withdrawn"
    if isinstance(a, Cap):
        return a.unit, "cap"
    if isinstance(a, LoseAircraft):
        return a.unit, "lost"
    if isinstance(a, ReturnFire):
        return a.unit, f"unit:{a.at}"
    if isinstance(a, AirTarget | AATarget | BombTarget | Screen | Fire):
        return a.unit, f"unit:{a.target}"
    return None


def destinations(legal: Iterable[Action], piece: str) -> dict[str, Action]:
    """Where ``piece`` may be dropped now, each with the order the drop gives. Where several
    orders share a destination (a strike's first or second wave) the first listed wins; the
    others stay reachable from the orders list. A group dropped on column A enters in its own
    Fleet box when it may, as the Fleet marker stands for its ships on the table (VaM › Stacking),
    rather than as a loose pile."""
    out: dict[str, Action] = {}
    for a in legal:
        g = gesture(a)
        if g is None or g[0] != piece:
            continue
        found = out.get(g[1])
        if found is None or (isinstance(a, Enter) and a.fleet and isinstance(found, Enter) and not found.fleet):
            out[g[1]] = a
    return out


def movable(legal: Iterable[Action]) -> set[str]:
    """Every piece some legal order moves by a drop."""
    return {g[0] for a in legal if (g := gesture(a)) is not None}


def button_orders(legal: Sequence[Action]) -> list[Action]:
    """Orders that are not drops (Done, announcements, resolving a strike, preparing all)."""
    return [a for a in legal if gesture(a) is None]


def candidate(step: str, side: str, piece: str, dest: str, entering: Container[str] = ()) -> Action | None:
    """The order a drop most likely meant in ``step``, legal or not, so that the rules can
    give their reason for refusing it. None when the drop means nothing in this step.
    ``entering`` names the pieces still off the map waiting to enter (a Japanese group or
    ship): dropped on a hex, they mean to enter; dropped on Withdrawn Ships, to forgo entry."""
    if dest.startswith("unit:"):
        return None
    hexed = not (":" in dest or dest in BOX_WORDS)
    if piece.startswith(SEARCH_PIECE):
        return AssignSearch(side, piece[len(SEARCH_PIECE) :], dest) if hexed else None
    if piece in entering:
        if hexed:
            return Enter(side, piece, dest)
        return Forgo(side, piece) if dest == "withdrawn" else None
    if hexed:
        if step == "setup":
            return Place(side, piece, dest)
        if step == "ship-movement":
            return Move(side, piece, dest)
        if step == "air-strikes":
            return Strike(side, piece, dest)
        if step == "search":
            return Scout(side, piece, dest)
        return None
    if dest.startswith("formation:"):
        return Form(side, piece, dest.split(":", 1)[1])
    if dest.startswith("base:"):
        return Land(side, piece, dest.split(":", 1)[1])
    simple = {
        "midway-strike": MidwayStrike,
        "ditched": Ditch,
        "ready": Prepare,
        "ashore": GoAshore,
        "cap": Cap,
        "lost": LoseAircraft,
    }
    if dest in simple:
        return simple[dest](side, piece)  # type: ignore[call-arg]
    if dest == "withdrawn":
        return Exit(side, piece)
    return None


BOX_WORDS = frozenset({"ready", "midway-strike", "cap", "ashore", "ditched", "withdrawn", "lost"})


# What each holding box is called on the table (VaM › The Maps and Holding Boxes).
BOX_NAMES = {
    "ready": "the Ready box",
    "midway-strike": "the Midway Airstrike Holding Box",
    "cap": "Combat Air Patrol",
    "ashore": "Ashore on Midway",
    "ditched": "Ditched Aircraft",
    "withdrawn": "Withdrawn Ships",
    "lost": "Destroyed Units",
}


def place_name(dest: str) -> str:
    """A drop's destination as a player names it: a hex, or a holding box by its printed name."""
    if dest in BOX_NAMES:
        return BOX_NAMES[dest]
    kind, _, name = dest.partition(":")
    if kind == "formation":
        return f"the {name} box" if name else "Ships on their own"
    if kind in ("base", "unit"):
        return name
    return dest


def piece_name(piece: str) -> str:
    """A dragged piece as a player names it: a search marker, a Japanese entry group, a counter."""
    if piece.startswith(SEARCH_PIECE):
        return f"the {piece[len(SEARCH_PIECE) :]} search marker"
    return piece_words(piece)
