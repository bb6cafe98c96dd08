"""CV's Random Arrival Chart and what its X and D mean for each force and scenario.

CV › Optional XVI ("What If?" - Random Entry): each side draws one gray and one red Chance unit
(1-16 each); the chart line matching the draw says, for the force columns I-IV, whether the
force is used and on time ("X") or delayed ("D"), how many Submarine units the side has (SS;
a circled number: the Americans use twice it) and how many Ground Factors hold Midway (GD).
The text prints only some lines of the chart; the rest are provisional.
"""

from __future__ import annotations

from collections.abc import Mapping

from midway_desktop.games.cv.common import SIDES, count, nonempty
from midway_desktop.games.cv.placement import Placement, parse_placement
from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value

COLUMNS = ("I", "II", "III", "IV")
# X: used, on time; D: delayed; "-": not used; "*" and "#": the American notes on Force I.
# "DDD" is printed as it stands in the text's line 13 (read as delayed; provisional).
CELLS = ("X", "D", "DDD", "-", "*", "#")
CHANCE = 16  # each set of Chance units is numbered 1-16 (Intro III.B.9)


@frozen_value
class ArrivalLine:
    """One line of the Random Arrival Table (CV › Optional XVI): the forces' columns for a roll."""

    gray: tuple[int, int]
    red: tuple[int, int]
    forces: Mapping[str, str]  # column -> cell
    submarines: int
    circled: bool  # "the Americans use twice the listed number"
    ground: int
    provenance: Provenance

    def holds(self, gray: int, red: int) -> bool:
        return self.gray[0] <= gray <= self.gray[1] and self.red[0] <= red <= self.red[1]

    def american_submarines(self) -> int:
        return self.submarines * 2 if self.circled else self.submarines


@frozen_value
class Arrival:
    """Where a force arrives when drawn X or D, in Scenario III and IV."""

    side: str
    forces: tuple[str, ...]
    result: str  # X or D
    scenario: str  # III or IV
    placement: Placement
    provenance: Provenance


@frozen_value
class RandomArrival:
    """The Random Arrival Table and its Arrival Lines (CV › Optional XVI)."""

    lines: tuple[ArrivalLine, ...]
    arrivals: tuple[Arrival, ...]
    japanese_sixteen: frozenset[int]  # SS numbers that give the Japanese 16 Submarines
    notes: Mapping[str, str]

    def line(self, gray: int, red: int) -> ArrivalLine:
        for line in self.lines:
            if line.holds(gray, red):
                return line
        raise ValueError(f"no chart line for gray {gray}, red {red}")

    def provisional_values(self) -> list[str]:
        out = [
            f"Random Arrival Chart line gray {_span(x.gray)}, red {_span(x.red)}"
            for x in self.lines
            if x.provenance.provisional
        ]
        out += [
            f"Random Arrival: {x.side.title()} Force {'/'.join(x.forces)} {x.result} in Scenario {x.scenario}"
            for x in self.arrivals
            if x.provenance.provisional
        ]
        return out


def _span(pair: tuple[int, int]) -> str:
    return str(pair[0]) if pair[0] == pair[1] else f"{pair[0]}-{pair[1]}"


def parse_random_arrival(node: Node) -> RandomArrival:
    node.only("lines", "arrivals", "japanese_sixteen", "notes")
    lines_node = nonempty(node.req("lines"))
    lines = tuple(_line(n) for n in lines_node)
    covered: dict[tuple[int, int], Node] = {}
    for line, where in zip(lines, lines_node, strict=True):
        for gray in range(line.gray[0], line.gray[1] + 1):
            for red in range(line.red[0], line.red[1] + 1):
                if (gray, red) in covered:
                    raise where.error(f"gray {gray}, red {red} is on two lines of the chart")
                covered[(gray, red)] = where
    missing = [(g, r) for g in range(1, CHANCE + 1) for r in range(1, CHANCE + 1) if (g, r) not in covered]
    if missing:
        raise node.req("lines").error(f"no line for gray {missing[0][0]}, red {missing[0][1]} (every draw needs one)")
    sixteen = frozenset(n.int(0, 99) for n in node.req("japanese_sixteen").list())
    notes = {k: v.str() for k, v in node.req("notes").map().items()}
    return RandomArrival(lines, tuple(_arrival(n) for n in nonempty(node.req("arrivals"))), sixteen, notes)


def _pair(node: Node) -> tuple[int, int]:
    items = node.list()
    if len(items) != 2:
        raise node.error("expected [first, last]")
    first, last = items[0].int(1, CHANCE), items[1].int(1, CHANCE)
    if last < first:
        raise node.error(f"[{first}, {last}] runs backwards")
    return first, last


def _line(node: Node) -> ArrivalLine:
    node.only("gray", "red", "forces", "ss", "circled", "gd", "provenance")
    forces_node = node.req("forces").only(*COLUMNS)
    forces = {c: forces_node.req(c).choice(*CELLS) for c in COLUMNS}
    return ArrivalLine(
        _pair(node.req("gray")),
        _pair(node.req("red")),
        forces,
        count(node.req("ss"), 0, 40),
        node.req("circled").bool(),
        count(node.req("gd"), 0, 999),
        provenance(node.get("provenance"), node),
    )


def _arrival(node: Node) -> Arrival:
    node.only("side", "forces", "result", "scenario", "at", "provenance")
    forces = tuple(f.choice("IA", "IB", "IC", "ID", "IE", "II", "III", "IV") for f in nonempty(node.req("forces")))
    return Arrival(
        node.req("side").choice(*SIDES),
        forces,
        node.req("result").choice("X", "D"),
        node.req("scenario").choice("III", "IV"),
        parse_placement(node.req("at")),
        provenance(node.get("provenance"), node),
    )
