"""CV's forces: which ships, sea-based Air Factors and Ground Factors make up each force.

Read from ``rulesets/cv/forces.yaml``. The historical Forces IA, IB (American) and IA-IE
(Japanese) are the scenarios' (Scenarios II-IV); the What-If Forces II, III and IV are Optional
XVI.C.1. Ships are written as the rulebook writes them: names, or numbered runs ("DD1-5").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field

from midway_desktop.games.cv.common import (
    MAX_FACTOR,
    SIDES,
    check_header,
    count,
    nonempty,
    unique,
)
from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value

FORCE_IDS = ("IA", "IB", "IC", "ID", "IE", "II", "III", "IV")
_RUN = re.compile(r"([A-Z]{2,3})(\d{1,2})-(\d{1,2})")


@frozen_value
class Force:
    """One force of a side's order of battle (IA ... IV): its ships, Air and Ground Factors."""

    side: str
    id: str  # IA ... IV
    ships: tuple[str, ...]  # ship titles: Enterprise, DD1
    air: Mapping[str, int]  # plane type -> sea-based Air Factors
    ground: Mapping[str, int]  # transport title -> Ground Factors aboard
    provenance: Provenance
    where: Node | None = field(default=None, compare=False, repr=False)

    @property
    def title(self) -> str:
        return f"{self.side.title()} Force {self.id}"


def ship_titles(node: Node) -> tuple[str, ...]:
    """``[Enterprise, DD1-5, DD7]`` -> Enterprise, DD1, ..., DD5, DD7."""
    out: list[str] = []
    for item in node.list():
        text = item.str().strip()
        run = _RUN.fullmatch(text)
        if run:
            first, last = int(run.group(2)), int(run.group(3))
            if last < first:
                raise item.error(f"'{text}' runs backwards")
            out += [f"{run.group(1)}{n}" for n in range(first, last + 1)]
        elif text and len(text) <= 40:
            out.append(text)
        else:
            raise item.error("a ship is a name or a numbered run such as 'DD1-5'")
    return tuple(out)


def parse_air(node: Node | None) -> dict[str, int]:
    if node is None or node.value is None:
        return {}
    return {name_of_key(k, v): count(v, 1, MAX_FACTOR) for k, v in node.map().items()}


def name_of_key(key: str, where: Node) -> str:
    if not key or not all(ch.islower() or ch.isdigit() or ch == "-" for ch in key):
        raise where.error(f"'{key}' is not a plane type name")
    return key


def parse_forces(root: Node, expected_game: str | None = None) -> tuple[Force, ...]:
    check_header(root, expected_game, "forces")
    items = nonempty(root.req("forces"))
    forces = tuple(_force(n) for n in items)
    unique([(f"{f.side} {f.id}", n) for f, n in zip(forces, items, strict=True)], "force")
    return forces


def _force(node: Node) -> Force:
    node.only("side", "id", "ships", "air", "ground", "provenance")
    ground_node = node.get("ground")
    ground: dict[str, int] = {}
    if ground_node is not None and ground_node.value is not None:
        ground_node.only("ships", "each")
        each = count(ground_node.req("each"), 1)
        ground = {title: each for title in ship_titles(ground_node.req("ships"))}
    return Force(
        side=node.req("side").choice(*SIDES),
        id=node.req("id").choice(*FORCE_IDS),
        ships=ship_titles(node.req("ships")),
        air=parse_air(node.get("air")),
        ground=ground,
        provenance=provenance(node.get("provenance"), node),
        where=node,
    )
