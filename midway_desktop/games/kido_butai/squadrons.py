"""A Japanese squadron counter: where it lies, which way it points, bomb or torpedo side.

Orientation is the game's clock (KB › 3): launched squadrons point east, squadrons at a
target south, squadrons flying home west, squadrons landed north. A squadron on the CAP box
turns 90° clockwise every turn, so its facing follows from the turn it was launched; keeping
that turn instead of the facing spares rewriting every CAP counter at each turn.
"""

from __future__ import annotations

from typing import NamedTuple

EAST, SOUTH, WEST, NORTH = "east", "south", "west", "north"
CLOCKWISE = (EAST, SOUTH, WEST, NORTH)

CAP = "cap"
CENTRE = "centre"
NE_CORNER = "ne-corner"  # an American fleet is attacked here (KB › 6)
SE_CORNER = "se-corner"  # the Midway base is attacked here (KB › 6)
LOST = "lost"
IN_THE_AIR = frozenset({CAP, CENTRE, NE_CORNER, SE_CORNER})
CORNERS = (NE_CORNER, SE_CORNER)

BOMB = "bomb"
TORPEDO = "torpedo"
NEVER = -9  # a turn long past: "has not acted", "never fought torpedo bombers"


class Squadron(NamedTuple):
    """One Japanese squadron: an immutable record (a tuple, since a turn rewrites many).

    ``where`` is a carrier name, a box of the display, or LOST. ``acted`` is the turn of
    the squadron's last action (KB › 3: one action per turn); for a squadron on CAP it is
    the turn it was launched, from which its facing follows. ``low`` is the turn it last
    fought torpedo bombers or their escort, which puts it on its low-CAP side for the rest
    of that turn and the next (KB › 7, Example Game 0730 and 0830).
    """

    where: str
    facing: str = EAST
    arm: str = ""  # BOMB or TORPEDO for bombers, "" for fighters
    acted: int = NEVER
    low: int = NEVER


GONE = Squadron(LOST)  # every lost squadron is this one record

# Building a record by tuple.__new__ skips the NamedTuple's Python-level __new__: about
# three times faster, which the hot paths of a bot game notice. Fields in declared order.
new = tuple.__new__


def facing(sq: Squadron, turn: int) -> str:
    """The way the counter points now. KB › 3: CAP squadrons turn 90° clockwise each turn."""
    if sq.where == CAP:
        return CLOCKWISE[min(turn - sq.acted, 2)]  # east, south, then west until it lands
    return sq.facing


def must_land(sq: Squadron, turn: int) -> bool:
    """KB › 3: squadrons oriented west at the start of a turn must land (or are destroyed).

    A CAP squadron points west from its third turn aloft, so it must land in its fourth; a
    squadron in the centre points west once it has attacked, so it must land the next turn.
    """
    if sq.where == CAP:
        return turn - sq.acted >= 3
    return sq.where == CENTRE and sq.facing == WEST and sq.acted < turn


def low_cap(sq: Squadron, turn: int) -> bool:
    """KB › 7: after fighting torpedo bombers the CAP shows its low side for one more turn."""
    return sq.where == CAP and turn - sq.low <= 1


def fly(squadrons: list[Squadron], which: list[int], where: str, facing: str, turn: int) -> None:
    """Squadrons ``which`` go to ``where`` pointing ``facing``, having acted on ``turn`` (KB › 3),
    each keeping its side up and its low-CAP turn. Those alike share one record: records are
    immutable, and a strike moves several at once."""
    made: dict[str, Squadron] = {}
    for i in which:
        sq = squadrons[i]
        arm = sq[2]
        record = made.get(arm)
        if record is None or record[4] != sq[4]:
            record = made[arm] = new(Squadron, (where, facing, arm, turn, sq[4]))
        squadrons[i] = record
