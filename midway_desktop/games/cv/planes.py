"""CV's plane types: the Plane Data Chart (movement and endurance) and the Air Hit Tables.

Read from ``rulesets/cv/planes.yaml``. CV › Basic Game › IX.B.1: "The Air Hit Tables display
all the BHTs for the Plane units on each line ... If there is no BHT, that Plane unit may not
engage in that type of Combat, and/or use that type of Weapon unit for that type of Combat."
So a missing BHT is ``None`` (cannot), never zero.
"""

from __future__ import annotations

from collections.abc import Mapping

from midway_desktop.games.cv.common import (
    MAX_BHT,
    MAX_MODIFIER,
    MAX_TURNS,
    SIDES,
    check_header,
    count,
    field_provenance,
    name_of,
    nonempty,
    optional_int,
    provisional_fields,
    title_of,
    unique,
)
from midway_desktop.geometry.board import Provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value

# CV › Intro III.B.1: the function printed on a plane counter.
FUNCTIONS = {
    "DB": "Dive Bomber",
    "F": "Fighter",
    "FB": "Flying Boat",
    "FP": "Floatplane",
    "HB": "Heavy Bomber",
    "MB": "Medium Bomber",
    "TB": "Torpedo Bomber",
}
# CV › Intro III.B.7: Armor Piercing and High Explosive Bomb units, and Torpedo (T) units.
WEAPONS = ("he", "ap", "t")
BOMB_WEAPONS = ("he", "ap")
TARGETS = ("midway", "ship")  # the Air versus Midway and Air versus Ship columns
METHODS = ("high", "low", "dive")  # High Bombing and Low/DB Bombing columns (IX.B.1.g, h)
MAX_MOVEMENT = 40  # hexes a Turn

_FIELDS = (
    "function",
    "land_based",
    "movement",
    "endurance",
    "air_to_air",
    "air_modifier",
    "weapons",
    "special_interceptor",
    "bombing",
)


@frozen_value
class PlaneType:
    """One line of the Plane Data Chart and of the Air Hit Tables."""

    name: str
    title: str
    side: str
    function: str  # a key of FUNCTIONS
    land_based: bool  # the "bar" under the name (Intro III.B.1; Basic V.B.3.a)
    movement: int  # MF, hexes a Turn (Basic VIII.B.1)
    endurance: int  # EF, Turns in the air (Basic VIII.E)
    air_to_air: int | None  # Air-to-Air BHT
    air_modifier: int  # added to the BHT of enemies in Air-to-Air or AA Combat against it
    weapons: tuple[str, ...]  # Possible Armaments column
    special_interceptor: bool  # Basic VIII.C.4
    # (target, method, weapon) -> BHT, for the Air versus Midway / Ship columns; torpedo
    # bombing is ("ship", "torpedo", "t").
    bombing: Mapping[tuple[str, str, str], int]
    versus_sub: int | None  # Air versus Sub column (Optional XI.D.2: Low Bombing, HE only)
    provenance: Mapping[str, Provenance]

    @property
    def is_fighter(self) -> bool:
        return self.function == "F"

    @property
    def is_floatplane(self) -> bool:
        return self.function == "FP"

    def bht(self, target: str, method: str, weapon: str) -> int | None:
        """The BHT for one kind of Bombing Combat, or None where the table has none."""
        return self.bombing.get((target, method, weapon))

    def provisional_values(self) -> list[str]:
        return provisional_fields(self.title, self.provenance)


def parse_planes(root: Node, expected_game: str | None = None) -> tuple[PlaneType, ...]:
    """Read a parsed ``planes.yaml``; any inconsistency is one :class:`RulesetError` line."""
    check_header(root, expected_game, "planes")
    items = nonempty(root.req("planes"))
    planes = tuple(_plane(item) for item in items)
    unique([(p.name, item.req("name")) for p, item in zip(planes, items, strict=True)], "plane type")
    return planes


def _plane(node: Node) -> PlaneType:
    node.only("name", "title", "side", *_FIELDS, "versus_sub", "provenance")
    prov = field_provenance(node, _FIELDS)
    function = node.req("function").choice(*FUNCTIONS)
    weapons_node = node.req("weapons")
    weapons = tuple(w.choice(*WEAPONS) for w in weapons_node.list())
    if len(set(weapons)) != len(weapons):
        raise weapons_node.error("a weapon is listed twice")
    bombing = _bombing(node.req("bombing"), weapons)
    versus_sub = optional_int(node.get("versus_sub"), 1, MAX_BHT)
    if versus_sub is not None and "he" not in weapons:
        raise node.req("versus_sub").error("Air versus Sub is Low Bombing with HE Bombs (Optional XI.D.2): no HE here")
    special = node.req("special_interceptor").bool()
    if special and function == "F":
        raise node.req("special_interceptor").error("a fighter is an Interceptor already (Basic VIII.C.4)")
    return PlaneType(
        name=name_of(node.req("name")),
        title=title_of(node.req("title")),
        side=node.req("side").choice(*SIDES),
        function=function,
        land_based=node.req("land_based").bool(),
        movement=count(node.req("movement"), 1, MAX_MOVEMENT),
        endurance=count(node.req("endurance"), 1, MAX_TURNS),
        air_to_air=optional_int(node.req("air_to_air"), 1, MAX_BHT),
        air_modifier=node.req("air_modifier").int(-MAX_MODIFIER, MAX_MODIFIER),
        weapons=weapons,
        special_interceptor=special,
        bombing=bombing,
        versus_sub=versus_sub,
        provenance=prov,
    )


def _bombing(node: Node, weapons: tuple[str, ...]) -> dict[tuple[str, str, str], int]:
    """``{midway: {high: {he: 13, ap: 10}, low: {...}, dive: {...}}, ship: {..., torpedo: 8}}``."""
    if node.value is None:
        return {}
    node.only(*TARGETS)
    out: dict[tuple[str, str, str], int] = {}
    for target, tnode in node.map().items():
        allowed = (*METHODS, "torpedo") if target == "ship" else METHODS
        tnode.only(*allowed)
        for method, mnode in tnode.map().items():
            if method == "torpedo":
                value = optional_int(mnode, 1, MAX_BHT)
                if value is not None:
                    if "t" not in weapons:
                        raise mnode.error("a Torpedo Bombing BHT needs 't' among the weapons")
                    out[(target, method, "t")] = value
                continue
            mnode.only(*BOMB_WEAPONS)
            for weapon, wnode in mnode.map().items():
                value = optional_int(wnode, 1, MAX_BHT)
                if value is None:
                    continue
                if weapon not in weapons:
                    raise wnode.error(f"a BHT with '{weapon}' bombs needs '{weapon}' among the weapons")
                out[(target, method, weapon)] = value
    return out
