"""CV's Combat Results Table: Base Number from Factors and Hit Table, Hits from the die.

CV › Basic IX.C.4-6: crossgrid the Hit Table number (1-16; above 16 use 16, 0 or less fails)
with the Number of Factors (rows such as "13-15", the last "51+") to find the Base Number,
"the average number of Hits that will be scored"; then a die: 1-2 subtract one, 3-4 leave it,
5-6 add one; a Base Number "*" needs a 6 for one Hit.

The printed table is not in the text, so it is derived: a row's Factors times the Hit Table,
divided by a constant, is the average Hits; the Base Number is that average rounded, with "0"
and "*" below one (their averages under the die are 1/3 and 1/6). The constant and the
thresholds in ``charts.yaml`` are fitted to the text's worked examples, which the loader checks
cell by cell: an edit that breaks one is refused.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from midway_desktop.games.cv.common import MAX_BHT, count, nonempty
from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value

STAR = "*"  # one Hit on a 6, else none
ZERO = "0"  # one Hit on a 5 or 6
TOP_TABLE = 16  # "If the Hit Table number is larger than 16, use Hit Table 16" (IX.C.2)
MAX_FACTORS = 9_999


@frozen_value
class Example:
    """A cell of the printed table the text gives: Hit Table and Factors -> Base Number."""

    hit_table: int
    factors: int
    base: str
    ref: str


@frozen_value
class CombatResults:
    """The Combat Results Table: rows of Factors, the die's change to the Base Number (CV › Basic IX.C)."""

    rows: tuple[tuple[int, int | None], ...]  # (first, last) Factors of each row; last None = "51+"
    open_row_factors: int  # what the open last row counts as
    divisor: float
    star_below: float  # an average below this (and above nothing) is "*"
    zero_below: float  # below this (not "*") is "0"
    die: Mapping[int, int]  # die roll -> change to the Base Number (Basic IX.C.6)
    maximum_luck: Mapping[int, int]  # Optional VIII.A
    star_roll: int  # the roll a "*" needs (6)
    examples: tuple[Example, ...]
    provenance: Provenance
    die_provenance: Provenance

    def row(self, factors: int) -> tuple[int, int | None]:
        """The Number of Factors line ``factors`` is read on ("13-15", "51+")."""
        if factors < 1:
            raise ValueError("a Combat needs at least one Factor")
        for first, last in self.rows:
            if first <= factors and (last is None or factors <= last):
                return first, last
        raise ValueError(f"no line of the table holds {factors} Factors")  # parse_crt forbids it

    def row_title(self, factors: int) -> str:
        first, last = self.row(factors)
        if last is None:
            return f"{first}+"
        return str(first) if first == last else f"{first}-{last}"

    def average(self, hit_table: int, factors: int) -> float:
        """Average Hits of a line: its middle Factors (the open line: ``open_row_factors``)."""
        first, last = self.row(factors)
        middle = self.open_row_factors if last is None else (first + last) / 2
        return middle * min(hit_table, TOP_TABLE) / self.divisor

    def base_number(self, hit_table: int, factors: int) -> str | None:
        """ "*", "0", "1", ... or None when the Combat fails (Hit Table 0 or less, IX.C.2)."""
        if hit_table <= 0:
            return None
        mean = self.average(hit_table, factors)
        if mean < self.star_below:
            return STAR
        if mean < self.zero_below:
            return ZERO
        return str(max(1, math.floor(mean + 0.5)))

    def hits(self, base: str | None, roll: int, maximum_luck: bool = False) -> int:
        """Hits scored by one die roll on a Base Number (never fewer than none)."""
        if base is None:
            return 0
        if base == STAR:
            return 1 if roll == self.star_roll else 0
        change = (self.maximum_luck if maximum_luck else self.die)[roll]
        return max(0, int(base) + change)


def parse_crt(node: Node) -> CombatResults:
    node.only("rows", "open_row_factors", "derivation", "die", "maximum_luck", "star_roll", "examples", "provenance")
    rows = _rows(node.req("rows"))
    derivation = node.req("derivation").only("divisor", "star_below", "zero_below")
    star_below = derivation.req("star_below").number(0, 10)
    zero_below = derivation.req("zero_below").number(0, 10)
    if zero_below < star_below:
        raise derivation.req("zero_below").error("'0' is a larger Base Number than '*': zero_below >= star_below")
    die_node = node.req("die")
    crt = CombatResults(
        rows=rows,
        open_row_factors=count(node.req("open_row_factors"), rows[-1][0], MAX_FACTORS),
        divisor=derivation.req("divisor").number(1, 1000),
        star_below=star_below,
        zero_below=zero_below,
        die=_die(die_node),
        maximum_luck=_die(node.req("maximum_luck")),
        star_roll=count(node.req("star_roll"), 1, 6),
        examples=tuple(_example(n) for n in nonempty(node.req("examples"))),
        provenance=provenance(node.get("provenance"), node),
        die_provenance=provenance(die_node.get("provenance"), die_node),
    )
    for example, where in zip(crt.examples, node.req("examples").list(), strict=True):
        got = crt.base_number(example.hit_table, example.factors)
        if got != example.base:
            raise where.error(
                f"the table gives Base Number {got} for Hit Table {example.hit_table} and {example.factors} "
                f"Factors, but the rulebook's example gives {example.base} ({example.ref})"
            )
    return crt


def _rows(node: Node) -> tuple[tuple[int, int | None], ...]:
    rows: list[tuple[int, int | None]] = []
    expected = 1
    items = nonempty(node)
    for i, item in enumerate(items):
        pair = item.list()
        if len(pair) != 2:
            raise item.error("a line is [first, last] Factors ([first, null] for the open last line)")
        first = pair[0].int(1, MAX_FACTORS)
        if first != expected:
            raise item.error(f"this line should start at {expected} Factors (the lines run on without gaps)")
        if pair[1].value is None:
            if i != len(items) - 1:
                raise item.error("only the last line is open ('51+')")
            rows.append((first, None))
            break
        last = pair[1].int(first, MAX_FACTORS)
        rows.append((first, last))
        expected = last + 1
    if rows[-1][1] is not None:
        raise node.error("the last line must be open, as the printed '51+' is")
    return tuple(rows)


def _die(node: Node) -> dict[int, int]:
    node.only("1", "2", "3", "4", "5", "6", "provenance")
    out = {}
    for face in range(1, 7):
        out[face] = node.req(str(face)).int(-6, 6)
    return out


def _example(node: Node) -> Example:
    node.only("hit_table", "factors", "base", "ref")
    base = node.req("base").str()
    if base not in (STAR, ZERO) and not base.isdigit():
        raise node.req("base").error(f"a Base Number is '*', '0' or a number, not '{base}'")
    ref = node.req("ref").str()
    return Example(node.req("hit_table").int(1, MAX_BHT), node.req("factors").int(1, MAX_FACTORS), base, ref)
