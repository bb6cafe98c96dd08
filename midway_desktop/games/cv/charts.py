"""CV's Game Card charts, read from ``rulesets/cv/charts.yaml``.

The Combat Results Table (:mod:`crt`), the Air and Surface Hit Table BHTs and lettered
modifiers, the Observation Tables, the Ship Sizes and Functions chart, the Victory Point
schedule and the die charts (Critical Hits, Night Landings, Wind Direction Changes); the Random
Arrival Chart is :mod:`arrival`, the Time Record :mod:`time_record`.
"""

from __future__ import annotations

from collections.abc import Mapping

from midway_desktop.games.cv.arrival import RandomArrival, parse_random_arrival
from midway_desktop.games.cv.common import (
    MAX_BHT,
    MAX_MODIFIER,
    MAX_POINTS,
    SIDES,
    check_header,
    count,
    nonempty,
    title_of,
)
from midway_desktop.games.cv.crt import CombatResults, parse_crt
from midway_desktop.games.cv.time_record import TimeRecord, parse_time_record
from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value

# CV › Intro III.B.2: the ship types.
SHIP_TYPES = ("AP", "AS", "AV", "BB", "CA", "CAV", "CL", "CV", "CVL", "DD", "MS", "PG", "SS")
SIZES = ("capital", "major", "small")  # Basic III.C.4.a
FUNCTIONS = ("core", "heavy", "support", "screen")  # Optional IV.A
OBSERVERS = ("high", "low", "surface", "radar")  # the Observation Tables' lines (Basic III.B.3)


@frozen_value
class Modifier:
    """A lettered Hit Table Modifier: added to the BHT when it applies (Basic IX.I)."""

    letter: str
    value: int | None  # None: the Air Modifier of the plane (air modifier d) or per Hit (h)
    per: str  # "" or what the value is counted per ("hit")
    title: str
    provenance: Provenance


@frozen_value
class SizeFunction:
    """One line of the Ship Sizes and Functions chart."""

    ship_type: str
    size: str
    function: str
    provenance: Provenance


@frozen_value
class ShipPoints:
    """Victory Points for one ship type of one side: per Hit, and when eliminated."""

    side: str
    ship_type: str
    per_hit: int
    eliminated: int
    provenance: Provenance


@frozen_value
class Victory:
    """CV › Basic XI and Optional VI.B.5."""

    margin: int  # "at least 100 Victory Points more than the other side"
    air_factor: int
    ground_factor: int
    midway_base: int
    unnecessary_loss: int
    survivor_factor: int
    ships: tuple[ShipPoints, ...]
    provenance: Provenance

    def ship(self, side: str, ship_type: str) -> ShipPoints:
        for points in self.ships:
            if points.side == side and points.ship_type == ship_type:
                return points
        raise KeyError(f"no Victory Points for a {side} {ship_type}")


@frozen_value
class Sight:
    """One cell of an Observation Table: condition numbers for surface and flying units."""

    surface: int | None  # None: "-", no observation
    air: int | None


@frozen_value
class Observation:
    """The Observation Chart: what each observer sees at each distance, and its modifiers (CV › Basic III.B)."""

    lines: Mapping[str, tuple[Sight, ...]]  # observer -> by distance 0, 1, 2, ...
    modifiers: Mapping[str, Mapping[str, Sight]]  # condition -> observer -> modifiers
    provenance: Mapping[str, Provenance]

    def sight(self, observer: str, distance: int) -> Sight:
        line = self.lines[observer]
        return line[distance] if 0 <= distance < len(line) else Sight(None, None)


@frozen_value
class DieRow:
    """One row of a die table: the rolls it covers, its Record code and what it does."""

    low: int
    high: int
    code: str  # the letter written on the Ship Record ("A") or ""
    result: str  # what happens, in the players' words
    effect: Mapping[str, int]  # the numbers the rules apply (e.g. {"lost": 1})


@frozen_value
class DieTable:
    """A table read with one or two dice (Damage, Hits and the like), row by roll."""

    title: str
    dice: int  # 1 or 2
    rows: tuple[DieRow, ...]
    provenance: Provenance

    def row(self, roll: int) -> DieRow:
        for row in self.rows:
            if row.low <= roll <= row.high:
                return row
        raise ValueError(f"{self.title}: no line for a roll of {roll}")


@frozen_value
class Charts:
    """CV's charts and tables: combat results, modifiers, sizes, victory and observation."""

    combat_results: CombatResults
    air_modifiers: Mapping[str, Modifier]
    surface_modifiers: Mapping[str, Modifier]
    surface_bht: Mapping[str, int | None]  # combat -> BHT (None: the dice decide, IX.G.1.b)
    surface_bht_provenance: Mapping[str, Provenance]
    sizes: Mapping[str, SizeFunction]
    victory: Victory
    observation: Observation
    critical_one: DieTable
    critical_two: DieTable
    night_landings: DieTable
    wind_changes: DieTable
    random_arrival: RandomArrival
    time_record: TimeRecord

    def air_modifier(self, letter: str) -> int:
        value = self.air_modifiers[letter].value
        if value is None:
            raise KeyError(f"air modifier ({letter}) is the plane's own Air Modifier")
        return value

    def surface_modifier(self, letter: str) -> int:
        value = self.surface_modifiers[letter].value
        if value is None:
            raise KeyError(f"surface modifier ({letter}) has no single value")
        return value

    def provisional_values(self) -> list[str]:
        out: list[str] = []
        if self.combat_results.provenance.provisional:
            out.append("Combat Results Table (cells other than the worked examples)")
        out += [f"Air Hit Table modifier ({m.letter})" for m in self.air_modifiers.values() if m.provenance.provisional]
        out += [
            f"Surface Hit Table modifier ({m.letter})"
            for m in self.surface_modifiers.values()
            if m.provenance.provisional
        ]
        out += [
            f"Surface Hit Table BHT: {k.replace('_', ' ')}"
            for k, p in self.surface_bht_provenance.items()
            if p.provisional
        ]
        out += [f"Ship Sizes and Functions: {s.ship_type}" for s in self.sizes.values() if s.provenance.provisional]
        out += [
            f"Victory Points: {p.side.title()} {p.ship_type}" for p in self.victory.ships if p.provenance.provisional
        ]
        out += [
            f"Observation Tables: {k.replace('_', ' ')}"
            for k, p in self.observation.provenance.items()
            if p.provisional
        ]
        for table in (self.critical_one, self.critical_two, self.night_landings, self.wind_changes):
            if table.provenance.provisional:
                out.append(table.title)
        out += self.random_arrival.provisional_values()
        out += self.time_record.provisional_values()
        return out


def parse_charts(root: Node, expected_game: str | None = None) -> Charts:
    """Read a parsed ``charts.yaml``; any inconsistency is one :class:`RulesetError` line."""
    keys = (
        "combat_results",
        "air_modifiers",
        "surface_modifiers",
        "surface_bht",
        "ship_sizes_and_functions",
        "victory_points",
        "observation",
        "critical_hits",
        "night_landings",
        "wind_direction_changes",
        "random_arrival",
        "time_record",
    )
    check_header(root, expected_game, *keys)
    critical = root.req("critical_hits").only("table_one", "table_two")
    return Charts(
        combat_results=parse_crt(root.req("combat_results")),
        air_modifiers=_modifiers(root.req("air_modifiers"), "abcde"),
        surface_modifiers=_modifiers(root.req("surface_modifiers"), "abcdefghijk"),
        surface_bht=_surface_bht(root.req("surface_bht")),
        surface_bht_provenance={
            k: provenance(v.get("provenance"), v) for k, v in root.req("surface_bht").map().items()
        },
        sizes=_sizes(root.req("ship_sizes_and_functions")),
        victory=_victory(root.req("victory_points")),
        observation=_observation(root.req("observation")),
        critical_one=_die_table(critical.req("table_one")),
        critical_two=_die_table(critical.req("table_two")),
        night_landings=_die_table(root.req("night_landings")),
        wind_changes=_die_table(root.req("wind_direction_changes")),
        random_arrival=parse_random_arrival(root.req("random_arrival")),
        time_record=parse_time_record(root.req("time_record")),
    )


def _modifiers(node: Node, letters: str) -> dict[str, Modifier]:
    out: dict[str, Modifier] = {}
    for letter in letters:
        item = node.req(letter).only("value", "per", "title", "provenance")
        value_node = item.req("value")
        value = None if value_node.value is None else value_node.int(-MAX_MODIFIER, MAX_MODIFIER)
        per = item.get("per")
        out[letter] = Modifier(
            letter,
            value,
            per.choice("hit") if per is not None else "",
            title_of(item.req("title")),
            provenance(item.get("provenance"), item),
        )
    node.only(*letters)
    return out


_SURFACE_COMBATS = (
    "aa",
    "ship_to_ship",
    "surface_torpedo",
    "breakthrough",
    "bombardment",
    "anti_submarine",
    "submarine_torpedo",
    "ground_american",
    "ground_japanese",
)


def _surface_bht(node: Node) -> dict[str, int | None]:
    node.only(*_SURFACE_COMBATS)
    out: dict[str, int | None] = {}
    for name in _SURFACE_COMBATS:
        item = node.req(name).only("bht", "provenance")
        bht = item.req("bht")
        out[name] = None if bht.value is None else bht.int(1, MAX_BHT)
    return out


def _sizes(node: Node) -> dict[str, SizeFunction]:
    node.only(*SHIP_TYPES)
    out = {}
    for ship_type in SHIP_TYPES:
        item = node.req(ship_type).only("size", "function", "provenance")
        out[ship_type] = SizeFunction(
            ship_type,
            item.req("size").choice(*SIZES),
            item.req("function").choice(*FUNCTIONS),
            provenance(item.get("provenance"), item),
        )
    return out


def _victory(node: Node) -> Victory:
    node.only(
        "margin",
        "air_factor",
        "ground_factor",
        "midway_base",
        "unnecessary_loss",
        "survivor_factor",
        "ships",
        "provenance",
    )
    ships: list[ShipPoints] = []
    ships_node = node.req("ships")
    for side in SIDES:
        side_node = ships_node.req(side).only(*SHIP_TYPES)
        for ship_type, item in side_node.map().items():
            item.only("per_hit", "eliminated", "provenance")
            per_hit = count(item.req("per_hit"), 0, MAX_POINTS)
            eliminated = count(item.req("eliminated"), 0, MAX_POINTS)
            ships.append(ShipPoints(side, ship_type, per_hit, eliminated, provenance(item.get("provenance"), item)))
    ships_node.only(*SIDES)
    return Victory(
        margin=count(node.req("margin"), 1, MAX_POINTS),
        air_factor=count(node.req("air_factor"), 0, MAX_POINTS),
        ground_factor=count(node.req("ground_factor"), 0, MAX_POINTS),
        midway_base=count(node.req("midway_base"), 0, MAX_POINTS),
        unnecessary_loss=count(node.req("unnecessary_loss"), 0, MAX_POINTS),
        survivor_factor=count(node.req("survivor_factor"), 0, MAX_POINTS),
        ships=tuple(ships),
        provenance=provenance(node.get("provenance"), node),
    )


def _sight(node: Node) -> Sight:
    """``[3, 2]`` (surface / air), a ``null`` for a printed "-"."""
    pair = node.list()
    if len(pair) != 2:
        raise node.error("expected [surface, air] condition numbers")
    values = [None if n.value is None else n.int(-5, 5) for n in pair]
    return Sight(values[0], values[1])


def _observation(node: Node) -> Observation:
    node.only("lines", "modifiers", "provenance")
    lines_node = node.req("lines").only(*OBSERVERS)
    lines = {}
    for observer in OBSERVERS:
        cells = nonempty(lines_node.req(observer))
        if len(cells) > 20:
            raise lines_node.req(observer).error("at most 20 distances")
        sights = tuple(_sight(c) for c in cells)
        for sight, cell in zip(sights, cells, strict=True):
            if any(v is not None and v < 0 for v in (sight.surface, sight.air)):
                raise cell.error("a condition number is 0 to 5")
        lines[observer] = sights
    modifiers: dict[str, dict[str, Sight]] = {}
    mods_node = node.req("modifiers").only("night", "clouds", "storms", "periscope", "deep")
    for condition, cnode in mods_node.map().items():
        cnode.only(*OBSERVERS)
        modifiers[condition] = {observer: _sight(o) for observer, o in cnode.map().items()}
    prov_node = node.get("provenance")
    if prov_node is None:
        raise node.error("missing 'provenance' (say where the values come from)")
    prov_node.only(*OBSERVERS, *mods_node.map())
    prov = {name: provenance(p, prov_node) for name, p in prov_node.map().items()}
    for name in (*OBSERVERS, *mods_node.map()):
        if name not in prov:
            raise prov_node.error(f"missing '{name}' (say where its values come from)")
    return Observation(lines, modifiers, prov)


def _die_table(node: Node) -> DieTable:
    node.only("title", "dice", "rows", "provenance")
    dice = node.req("dice").int(1, 2)
    rows: list[DieRow] = []
    expected = dice
    for item in nonempty(node.req("rows")):
        item.only("roll", "code", "result", "effect")
        roll = item.req("roll").list()
        if len(roll) != 2:
            raise item.req("roll").error("a roll is [low, high]")
        low, high = roll[0].int(dice, 6 * dice), roll[1].int(dice, 6 * dice)
        if low != expected or high < low:
            raise item.error(f"this line should cover rolls from {expected} (the lines run on without gaps)")
        effect_node = item.get("effect")
        effect = {k: v.int(-MAX_MODIFIER, MAX_MODIFIER) for k, v in effect_node.map().items()} if effect_node else {}
        code = item.get("code")
        rows.append(DieRow(low, high, code.str() if code else "", item.req("result").str(), effect))
        expected = high + 1
    if expected != 6 * dice + 1:
        raise node.req("rows").error(f"the lines must cover every roll up to {6 * dice}")
    return DieTable(title_of(node.req("title")), dice, tuple(rows), provenance(node.get("provenance"), node))
