"""The ship status boards: each force's firepower (dice per round) and damage limit.

MS › Game Components › Ship Status Boards: "Firepower is how many dice each unit rolls in
combat"; a unit is sunk once its hits reach its damage number. The values are data
(``rulesets/midway-solitaire/forces.yaml``); see that file for which are provisional.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from midway_desktop.games.midway_solitaire.provenance import field_provenance
from midway_desktop.geometry.board import Provenance
from midway_desktop.ruleset import Node, load_yaml, ruleset_dir
from midway_desktop.values import frozen_value

AMERICAN = ("TF-16", "TF-17")
JAPANESE = ("AIF", "CSF", "MIF")
_FIELDS = ("title", "ships", "firepower", "damage", "extra_fuel", "long_range_attacks")

# Dice a round, hits, fuel and attacks: the printed boards stay below ten; far above, bounded.
MAX_VALUE = 99


@frozen_value
class Force:
    """One unit's line on a ship status board."""

    id: str
    side: str  # "us" or "japan"
    title: str
    ships: tuple[str, ...]
    firepower: int
    damage: int
    extra_fuel: int = 0
    long_range_attacks: int = 0
    provenance: Mapping[str, Provenance] | None = None

    @property
    def strength(self) -> int:
        """Firepower x damage: the ratio of two strengths is the ratio of the shares of each
        other the two forces destroy per round (every die hits on 5-6 alike)."""
        return self.firepower * self.damage


@frozen_value
class StatusBoards:
    """All five forces by id."""

    forces: Mapping[str, Force]

    def __getitem__(self, unit: str) -> Force:
        return self.forces[unit]

    def firepower(self, unit: str) -> int:
        return self.forces[unit].firepower

    def damage(self, unit: str) -> int:
        return self.forces[unit].damage


def parse_forces(root: Node, game: str | None = None) -> StatusBoards:
    """Read ``forces.yaml``; any problem is one ``RulesetError`` naming file, line and problem."""
    root.only("schema", "game", "title", "forces", "notes")
    schema = root.req("schema")
    if schema.int(0, 999) != 1:
        raise schema.error(f"schema {schema.value} is not supported (this version reads schema 1)")
    game_node = root.req("game")
    if game_node.str() != "midway-solitaire":
        raise game_node.error(f"these status boards are for midway-solitaire, not '{game_node.str()}'")
    forces: dict[str, Force] = {}
    for item in root.req("forces").list():
        force = _parse_force(item)
        if force.id in forces:
            raise item.req("id").error(f"'{force.id}' is listed twice")
        forces[force.id] = force
    missing = [u for u in (*AMERICAN, *JAPANESE) if u not in forces]
    if missing:
        raise root.req("forces").error(f"missing {', '.join(missing)} (the game has TF-16, TF-17, AIF, CSF and MIF)")
    return StatusBoards(forces)


def _parse_force(item: Node) -> Force:
    item.only("id", *_FIELDS, "side", "provenance")
    fid = item.req("id").choice(*AMERICAN, *JAPANESE)
    side_node = item.req("side")
    side = side_node.choice("us", "japan")
    if side != ("us" if fid in AMERICAN else "japan"):
        raise side_node.error(f"{fid} is on the {'us' if fid in AMERICAN else 'japan'} side")
    ships = tuple(s.str() for s in item.req("ships").list())
    if not ships:
        raise item.req("ships").error("a force needs at least one ship")
    firepower = _positive(item.req("firepower"))
    damage = _positive(item.req("damage"))
    fuel = lras = 0
    if side == "us":
        fuel = _count(item.req("extra_fuel"))
        lras = _count(item.req("long_range_attacks"))
    else:
        for key in ("extra_fuel", "long_range_attacks"):
            if item.get(key) is not None:
                raise item.req(key).error("only American task forces have extra fuel and long range attacks")
    title = item.req("title").str()
    prov = field_provenance(item, "entry", _FIELDS)
    return Force(fid, side, title, ships, firepower, damage, fuel, lras, prov)


def _positive(node: Node) -> int:
    return node.int(1, MAX_VALUE)


def _count(node: Node) -> int:
    return node.int(0, MAX_VALUE)


def load_forces(folder: Path | None = None) -> StatusBoards:
    """The bundled (or ``folder``'s) status boards."""
    base = folder if folder is not None else ruleset_dir("midway-solitaire")
    return parse_forces(load_yaml(base / "forces.yaml"))
