"""CV's Ship units: the values on each counter and its line of the Ship Record and Plane
Handling Tables, read from ``rulesets/cv/ships.yaml``.

Ships of one class share their values (a ``class`` entry); each ship names its class. Numbered
ships (DD1-58, AP1-23, SS1-20 ...) are given as ranges. CV › Intro III.B.2 (the counter: type,
name or number, AA, gunnery, torpedo and movement factors); Basic V.B (Plane Capacity, Ready
Factor, Launch Factors, Plane Types); IX.J.4 (Hit Factor); Optional VI.A (Survivor Factor).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from midway_desktop.games.cv.charts import SHIP_TYPES
from midway_desktop.games.cv.common import (
    SIDES,
    count,
    field_provenance,
    name_of,
    nonempty,
    provisional_fields,
    title_of,
    unique,
)
from midway_desktop.games.cv.common import check_header as _check_header
from midway_desktop.geometry.board import Provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value

MAX_NUMBER = 99  # DD58 is the highest numbered ship the text names
_FIELDS = (
    "aa",
    "gunnery",
    "torpedo",
    "movement",
    "hits",
    "survivor",
    "capacity",
    "ready",
    "launch",
    "planes",
    "radar",
    "reloads",
)


@frozen_value
class ShipClass:
    """A class of Ship units: type, AA, Gunnery, Torpedo, Movement and what it carries (CV › Intro III)."""

    name: str
    title: str
    side: str
    type: str  # a CV ship type (Intro III.B.2)
    aa: int
    gunnery: int
    torpedo: int
    movement: int  # 1 or 2; a Midget Submarine 0 (Basic VI.B.1)
    hits: int  # Hit Factor
    survivor: int  # Survivor Factor (Optional VI.A), 0 for small ships
    capacity: int  # Plane Capacity, Air Factors aboard at once
    ready: int  # Ready Factor
    launch: tuple[int, int, int]  # Minimum, Normal, Maximum Launch Factors
    planes: tuple[str, ...]  # plane types it can take
    radar: bool  # Basic III.B.3: American BB and CV only
    reloads: bool  # Optional XII: a torpedo reload aboard
    provenance: Mapping[str, Provenance]


@frozen_value
class Ship:
    """One Ship unit: ``american-enterprise``, ``japanese-dd12``."""

    id: str
    title: str  # Enterprise, DD12
    ship_class: ShipClass

    @property
    def side(self) -> str:
        return self.ship_class.side

    @property
    def type(self) -> str:
        return self.ship_class.type


@frozen_value
class Ships:
    """Every ship class and Ship unit, found by side and title."""

    classes: tuple[ShipClass, ...]
    ships: tuple[Ship, ...]

    def get(self, side: str, title: str) -> Ship | None:
        return self._index.get((side, title))

    @cached_property
    def _index(self) -> dict[tuple[str, str], Ship]:
        # Made once (a frozen value's cache: it lives in the instance's __dict__): made anew on
        # every look-up, the set-up's 484 look-ups were 175 M instructions (5 %) of CV's start.
        return {(s.side, s.title): s for s in self.ships}

    def provisional_values(self) -> list[str]:
        return [v for c in self.classes for v in provisional_fields(c.title, c.provenance)]


def parse_ships(root: Node, expected_game: str | None = None) -> Ships:
    _check_header(root, expected_game, "classes", "ships")
    class_nodes = nonempty(root.req("classes"))
    classes = tuple(_class(n) for n in class_nodes)
    unique([(c.name, n.req("name")) for c, n in zip(classes, class_nodes, strict=True)], "class")
    by_name = {c.name: c for c in classes}
    ships: list[Ship] = []
    where: list[tuple[str, Node]] = []
    for item in nonempty(root.req("ships")):
        item.only("class", "names", "numbers")
        class_node = item.req("class")
        ship_class = by_name.get(class_node.str())
        if ship_class is None:
            raise class_node.error(f"no class named '{class_node.str()}'")
        titles = _titles(item, ship_class)
        for title in titles:
            ships.append(Ship(f"{ship_class.side}-{title.lower().replace(' ', '-')}", title, ship_class))
            where.append((f"{ship_class.side} {title}", item))
    unique(where, "ship")
    return Ships(classes, tuple(ships))


def _titles(item: Node, ship_class: ShipClass) -> list[str]:
    names, numbers = item.get("names"), item.get("numbers")
    if (names is None) == (numbers is None):
        raise item.error("give either 'names' or 'numbers' ([first, last])")
    if names is not None:
        return [title_of(n) for n in nonempty(names)]
    assert numbers is not None
    pair = numbers.list()
    if len(pair) != 2:
        raise numbers.error("numbers are [first, last]")
    first, last = pair[0].int(1, MAX_NUMBER), pair[1].int(1, MAX_NUMBER)
    if last < first:
        raise numbers.error(f"[{first}, {last}] runs backwards")
    return [f"{ship_class.type}{n}" for n in range(first, last + 1)]


def _class(node: Node) -> ShipClass:
    node.only("name", "title", "side", "type", *_FIELDS, "provenance")
    prov = field_provenance(node, _FIELDS)
    ship_type = node.req("type").choice(*SHIP_TYPES)
    low_move = 0 if ship_type == "MS" else 1
    movement = count(node.req("movement"), low_move, 0 if ship_type == "MS" else 2)
    launch_node = node.req("launch")
    launch = tuple(n.int(0, 99) for n in launch_node.list())
    if len(launch) != 3 or not launch[0] <= launch[1] <= launch[2]:
        raise launch_node.error("Launch Factors are [minimum, normal, maximum], each at least the one before")
    capacity = count(node.req("capacity"))
    planes = tuple(name_of(p) for p in node.req("planes").list())
    if bool(capacity) != bool(planes):
        raise node.req("planes").error("a ship with Plane Capacity names the plane types it takes, and only then")
    if capacity and launch[2] == 0:
        raise launch_node.error("a ship with Plane Capacity launches at least one Air Factor")
    return ShipClass(
        name=name_of(node.req("name")),
        title=title_of(node.req("title")),
        side=node.req("side").choice(*SIDES),
        type=ship_type,
        aa=count(node.req("aa")),
        gunnery=count(node.req("gunnery")),
        torpedo=count(node.req("torpedo")),
        movement=movement,
        hits=count(node.req("hits"), 1),
        survivor=count(node.req("survivor")),
        capacity=capacity,
        ready=count(node.req("ready")),
        launch=(launch[0], launch[1], launch[2]),
        planes=planes,
        radar=node.req("radar").bool(),
        reloads=node.req("reloads").bool(),
        provenance=prov,
    )
