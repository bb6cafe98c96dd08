"""The counter mix, holding boxes and turn track, read from ``rulesets/victory-at-midway/units.yaml``.

VaM › Components: ships (AA-surface-speed), aircraft (air, range, strike by home base and
type), ground units (AA-combat) and markers. The text prints no counter sheet; the file says
where each value comes from, and every parse problem is one ``RulesetError`` line.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import field
from functools import lru_cache
from pathlib import Path

from midway_desktop.games import GAME_IDS
from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance as read_provenance
from midway_desktop.ruleset import Node, RulesetError, cache, kept_values, ruleset_dir
from midway_desktop.ruleset.yamlio import parse_yaml, read_ruleset_file
from midway_desktop.values import frozen_value

GAME = "victory-at-midway"
SIDES = ("us", "japan")
SHIP_TYPES = ("CV", "CVL", "BB", "CA", "DD", "TT", "ST", "SFT", "SS")
CARRIER_TYPES = frozenset({"CV", "CVL"})
TRANSPORT_TYPES = frozenset({"TT", "ST", "SFT"})  # the text's "transports" in surface fire order
AIR_TYPES = ("F", "D", "T", "H")
BOMBER_TYPES = frozenset({"D", "T", "H"})
SIZES = ("half_inch", "five_eighths_inch")
MIDWAY_BASE = "Midway"

Prov = Mapping[str, Provenance]


@frozen_value
class ShipSpec:
    """One ship counter: a named ship, a two-ship section or a destroyer division."""

    id: str
    side: str
    type: str
    group: str  # entry group id (Japanese) or the task force / patrol group (US)
    ships: tuple[str, ...]
    aa: int
    surface: int
    speed: float  # 1 or 0.5
    reduced_speed: float
    steps: int
    provenance: Prov

    @property
    def carrier(self) -> bool:
        return self.type in CARRIER_TYPES

    @property
    def sub(self) -> bool:
        return self.type == "SS"

    @property
    def vp_class(self) -> str:
        return "Yamato" if self.id == "Yamato" else self.type


@frozen_value
class AircraftSpec:
    """One air unit: a squadron of 6-12 planes based on a carrier or on Midway."""

    id: str
    side: str
    home: str  # carrier ship id or "Midway"
    letter: str  # the home-base letter printed on the counter
    type: str  # F, D, T, H
    model: str
    air: int
    range: int
    strike: int
    provenance: Prov
    steps: int = 2  # VaM › Game Concepts: printed on one side only, a unit has one step

    @property
    def bomber(self) -> bool:
        return self.type in BOMBER_TYPES

    @property
    def fighter(self) -> bool:
        return self.type == "F"


@frozen_value
class GroundSpec:
    """A ground unit as printed: its factors, steps and where it starts."""

    id: str
    side: str
    title: str
    aa: int
    combat: int
    steps: int
    start: str  # "Midway" or a transport id
    provenance: Prov


@frozen_value
class Group:
    """A Japanese entry group (or the US task force a ship starts in)."""

    id: str
    side: str
    title: str
    entry: int | None
    after_carrier_sighting: int | None
    fleet: str
    solitaire_entry: tuple[str, int] | None
    ships: tuple[str, ...]
    provenance: Prov


@frozen_value
class HoldingBox:
    """A holding box of the box sheets: whose it is, its kind and what it holds."""

    id: str
    side: str
    kind: str
    capacity: int | None
    compartments: tuple[str, ...]
    provenance: Provenance


@frozen_value
class TurnTrack:
    """The Turn Record Track: the last turn, the night turns, the submarine turns and the dates."""

    last: int
    night: frozenset[int]
    submarine_moves: frozenset[int]
    days: Mapping[int, str]
    provenance: Prov

    def is_night(self, turn: int) -> bool:
        return turn in self.night

    def date(self, turn: int) -> str:
        starts = [t for t in self.days if t <= turn]
        return self.days[max(starts)] if starts else ""


@frozen_value
class Marker:
    """A marker of the counter sheet: how many each side has, and its size."""

    id: str
    title: str
    per_side: Mapping[str, int]
    size: str


@frozen_value
class Victory:
    """The victory points: per hit by ship type, for holding Midway, and the margins at which each side concedes."""

    per_hit: Mapping[str, float]
    midway_control: float
    japan_concedes: float
    us_concedes: float
    provenance: Prov


@frozen_value
class MidwayField:
    """Midway's airfield: its capacity and the air searches it may fly."""

    capacity: int
    air_searches_in_hex: int
    air_searches_within_six: int
    provenance: Prov


@frozen_value
class Catalogue:
    """Everything the rules need to know about the pieces."""

    ships: tuple[ShipSpec, ...]
    aircraft: tuple[AircraftSpec, ...]
    ground: tuple[GroundSpec, ...]
    groups: tuple[Group, ...]
    boxes: tuple[HoldingBox, ...]
    markers: tuple[Marker, ...]
    turns: TurnTrack
    victory: Victory
    midway: MidwayField
    counter_sheet: Mapping[str, int]
    unit_sizes: Mapping[str, str]
    profiles: Mapping[str, Prov]  # provenance of each ship, aircraft and ground profile
    _ships: Mapping[str, ShipSpec] = field(init=False, repr=False, compare=False)
    _aircraft: Mapping[str, AircraftSpec] = field(init=False, repr=False, compare=False)
    _ground: Mapping[str, GroundSpec] = field(init=False, repr=False, compare=False)
    _groups: Mapping[str, Group] = field(init=False, repr=False, compare=False)
    _boxes: Mapping[tuple[str, str], HoldingBox] = field(init=False, repr=False, compare=False)
    _formations: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Lookup tables, built once; not part of the value (compare=False fields).
        object.__setattr__(self, "_ships", {s.id: s for s in self.ships})
        object.__setattr__(self, "_aircraft", {a.id: a for a in self.aircraft})
        object.__setattr__(self, "_ground", {g.id: g for g in self.ground})
        object.__setattr__(self, "_groups", {g.id: g for g in self.groups})
        object.__setattr__(self, "_boxes", {(b.side, b.id): b for b in self.boxes})
        object.__setattr__(self, "_formations", {})

    def ship(self, unit_id: str) -> ShipSpec:
        return self._ships[unit_id]

    def plane(self, unit_id: str) -> AircraftSpec:
        return self._aircraft[unit_id]

    def troop(self, unit_id: str) -> GroundSpec:
        return self._ground[unit_id]

    def group(self, group_id: str) -> Group:
        return self._groups[group_id]

    def box(self, side: str, box_id: str) -> HoldingBox:
        return self._boxes[(side, box_id)]

    def is_ship(self, unit_id: str) -> bool:
        return unit_id in self._ships

    def is_aircraft(self, unit_id: str) -> bool:
        return unit_id in self._aircraft

    def is_ground(self, unit_id: str) -> bool:
        return unit_id in self._ground

    def unit_ids(self) -> tuple[str, ...]:
        """Every combat unit, ships then aircraft then ground units (the state's order)."""
        return (*(s.id for s in self.ships), *(a.id for a in self.aircraft), *(g.id for g in self.ground))

    def side_of(self, unit_id: str) -> str:
        for table in (self._ships, self._aircraft, self._ground):
            if unit_id in table:
                return table[unit_id].side
        raise KeyError(unit_id)

    def capacity(self, base: str) -> int:
        """The printed capacity of a carrier's or Midway's display (VaM › Carrier and Airfield Capacities)."""
        for b in self.boxes:
            if b.id == base and b.kind in ("carrier", "airfield"):
                return b.capacity or 0
        return 0

    def formations(self, side: str) -> tuple[str, ...]:
        """Task force (US) or Fleet (Japanese) holding boxes."""
        found = self._formations.get(side)
        if found is None:
            found = self._formations[side] = tuple(
                b.id for b in self.boxes if b.side == side and b.kind in ("task-force", "fleet")
            )
        return found

    def counters(self) -> dict[str, int]:
        """Pieces by size: units by their category's size plus markers."""
        out = {s: 0 for s in SIZES}
        out[self.unit_sizes["ships"]] += len(self.ships)
        out[self.unit_sizes["aircraft"]] += len(self.aircraft)
        out[self.unit_sizes["ground"]] += len(self.ground)
        for m in self.markers:
            out[m.size] += sum(m.per_side.values())
        return out


# -- reading ----------------------------------------------------------------------------------
def field_provenance(owner: Node, fields: tuple[str, ...], key: str = "provenance") -> dict[str, Provenance]:
    """Provenance by field: one ``{source, ref}`` for all, or ``default`` plus named overrides."""
    node = owner.get(key)
    if node is None:
        raise owner.error(f"missing '{key}' (say where the values come from)")
    if node.is_map and "source" in node.map():
        whole = read_provenance(node, owner)
        return {name: whole for name in ("default", *fields)}
    node.only("default", *fields)
    default_node = node.get("default")
    if default_node is None:
        raise node.error("missing 'default' (the source of every value not named here)")
    default = read_provenance(default_node, node)
    out = {"default": default}
    for name in fields:
        given = node.get(name)
        out[name] = read_provenance(given, node) if given is not None else default
    return out


def _speed(node: Node) -> float:
    value = node.number(0, 1)
    if value not in (0.5, 1.0):
        raise node.error(f"speed {node.value} is not 1 or 0.5 (the text's 1/2)")
    return value


MAX_COUNT = 999
MAX_SEARCHES = 20
MAX_POINTS = 10_000.0


def _count(node: Node, low: int = 0, high: int = MAX_COUNT) -> int:
    """A count from the counters or the charts: the printed ones stay below 200 (turns, steps,
    factors, searches); bounded well above that so no edit makes a loop run for ever."""
    return node.int(low, high)


def _side(node: Node) -> str:
    return node.choice(*SIDES)


_SHIP_FIELDS = ("type", "aa", "surface", "speed", "reduced_speed", "steps")


def _ship_profiles(root: Node) -> dict[str, tuple[dict[str, object], Prov]]:
    out: dict[str, tuple[dict[str, object], Prov]] = {}
    for name, node in root.req("ship_profiles").map().items():
        node.only(*_SHIP_FIELDS, "provenance")
        speed = _speed(node.req("speed"))
        reduced = node.get("reduced_speed")
        values = {
            "type": node.req("type").choice(*SHIP_TYPES),
            "aa": _count(node.req("aa")),
            "surface": _count(node.req("surface")),
            "speed": speed,
            "reduced_speed": _speed(reduced) if reduced is not None else speed,
            "steps": _count(node.req("steps"), 1),
        }
        if values["steps"] not in (1, 2):  # type: ignore[operator]
            raise node.req("steps").error("a counter has one or two steps (printed on one or both sides)")
        out[name] = (values, field_provenance(node, _SHIP_FIELDS))
    return out


_AIR_FIELDS = ("type", "model", "air", "range", "strike")


def _aircraft_profiles(root: Node) -> dict[str, tuple[dict[str, object], Prov]]:
    out: dict[str, tuple[dict[str, object], Prov]] = {}
    for name, node in root.req("aircraft_profiles").map().items():
        node.only(*_AIR_FIELDS, "steps", "provenance")
        values = {
            "type": node.req("type").choice(*AIR_TYPES),
            "model": node.req("model").str(),
            "air": _count(node.req("air")),
            "range": _count(node.req("range")),
            "strike": _count(node.req("strike")),
        }
        if values["type"] == "F" and values["strike"] != 0:
            raise node.req("strike").error("fighters never bomb (VaM › Other Air Strike Missions): strike must be 0")
        steps = node.get("steps")  # optional: air units are printed on both sides unless it says 1
        if steps is not None:
            values["steps"] = _count(steps, 1)
            if values["steps"] not in (1, 2):
                raise steps.error("a counter has one or two steps (printed on one or both sides)")
        out[name] = (values, field_provenance(node, _AIR_FIELDS))
    return out


def parse_units(root: Node, expected_game: str | None = None) -> Catalogue:
    """Read ``units.yaml`` into a :class:`Catalogue`; one ``RulesetError`` line per problem."""
    root.only(
        "schema", "game", "title", "counter_sheet", "turns", "victory", "midway", "ship_profiles", "groups",
        "aircraft_profiles", "air_groups", "ground_profiles", "ground", "ground_provenance", "holding_boxes",
        "holding_box_provenance", "unit_sizes", "markers", "marker_provenance", "notes",
    )  # fmt: skip
    schema = root.req("schema")
    if schema.int(0, 999) != 1:
        raise schema.error(f"schema {schema.value} is not supported (this version reads schema 1)")
    game = root.req("game")
    if game.str() != GAME:
        raise game.error(f"these units are for {GAME}, not '{game.str()}'")
    if expected_game in GAME_IDS and expected_game != GAME:
        raise game.error(f"game '{GAME}' does not match its folder '{expected_game}'")

    sheet = root.req("counter_sheet")
    sheet.only(*SIZES, "provenance")
    read_provenance(sheet.get("provenance"), sheet)
    counter_sheet = {s: _count(sheet.req(s)) for s in SIZES}

    turns = _turns(root.req("turns"))
    victory = _victory(root.req("victory"))
    midway = _midway(root.req("midway"))
    ship_profiles = _ship_profiles(root)
    ships, groups = _groups(root.req("groups"), ship_profiles, turns)
    air_profiles = _aircraft_profiles(root)
    ship_ids = {s.id: s for s in ships}
    aircraft = _air_groups(root.req("air_groups"), air_profiles, ship_ids)
    ground = _ground(root, ship_ids)
    boxes = _boxes(root, ship_ids)
    markers = _markers(root)
    sizes_node = root.req("unit_sizes")
    sizes_node.only("ships", "aircraft", "ground")
    unit_sizes = {k: sizes_node.req(k).choice(*SIZES) for k in ("ships", "aircraft", "ground")}

    seen: dict[str, str] = {}
    for kind, ids in (("ship", [s.id for s in ships]), ("air unit", [a.id for a in aircraft]),
                      ("ground unit", [g.id for g in ground])):  # fmt: skip
        for uid in ids:
            if uid in seen:
                raise root.error(f"unit id '{uid}' is used by a {seen[uid]} and a {kind}")
            seen[uid] = kind
    profiles: dict[str, Prov] = {}
    for name, (_, prov) in ship_profiles.items():
        profiles[f"ship:{name}"] = prov
    for name, (_, prov) in air_profiles.items():
        profiles[f"aircraft:{name}"] = prov
    cat = Catalogue(
        ships=tuple(ships),
        aircraft=tuple(aircraft),
        ground=tuple(ground),
        groups=tuple(groups),
        boxes=tuple(boxes),
        markers=tuple(markers),
        turns=turns,
        victory=victory,
        midway=midway,
        counter_sheet=counter_sheet,
        unit_sizes=unit_sizes,
        profiles=profiles,
    )
    counted = cat.counters()
    if counted != counter_sheet:
        shown = ", ".join(f"{counted[s]} {s.replace('_', ' ')}" for s in SIZES)
        raise sheet.error(f"the units and markers make {shown}, not the counter sheet's {counter_sheet}")
    return cat


def _turns(node: Node) -> TurnTrack:
    node.only("last", "night", "submarine_moves", "days", "provenance")
    last = _count(node.req("last"), 1)

    def turn_list(key: str) -> frozenset[int]:
        items = node.req(key).list()
        out = []
        for item in items:
            t = item.int(1, MAX_COUNT)
            if t > last:
                raise item.error(f"turn {t} is not on the track (1-{last})")
            out.append(t)
        return frozenset(out)

    days: dict[int, str] = {}
    for key, value in node.req("days").map().items():
        t = int(key) if key.isdigit() and len(key) <= 3 else 0
        if not 1 <= t <= last:
            raise value.error(f"'{key[:20]}' is not a turn of the track (1-{last})")
        days[t] = value.str()
    return TurnTrack(last, turn_list("night"), turn_list("submarine_moves"), days,
                     field_provenance(node, ("last", "night", "submarine_moves", "days")))  # fmt: skip


def _victory(node: Node) -> Victory:
    node.only("per_hit", "midway_control", "concession", "provenance")
    per_hit = {k: v.number(0, MAX_POINTS) for k, v in node.req("per_hit").map().items()}
    needed = {*SHIP_TYPES, "Yamato", "aircraft", "ground"}
    missing = sorted(needed - set(per_hit))
    if missing:
        raise node.req("per_hit").error(f"missing {', '.join(missing)}")
    conc = node.req("concession")
    conc.only("japan_concedes", "us_concedes")
    return Victory(
        per_hit,
        node.req("midway_control").number(0, MAX_POINTS),
        conc.req("japan_concedes").number(0, MAX_POINTS),
        conc.req("us_concedes").number(0, MAX_POINTS),
        field_provenance(node, ("per_hit", "midway_control", "concession")),
    )


def _midway(node: Node) -> MidwayField:
    fields = ("capacity", "air_searches_in_hex", "air_searches_within_six")
    node.only(*fields, "provenance")
    # Each search is a choice the players (and the bots) weigh one by one: a handful is the game.
    return MidwayField(*(_count(node.req(f), 0, MAX_SEARCHES) for f in fields), field_provenance(node, fields))  # type: ignore[arg-type]


def _groups(
    node: Node, profiles: dict[str, tuple[dict[str, object], Prov]], turns: TurnTrack
) -> tuple[list[ShipSpec], list[Group]]:
    ships: list[ShipSpec] = []
    groups: list[Group] = []
    for g in node.list():
        g.only("id", "side", "title", "entry", "after_carrier_sighting", "fleet", "solitaire_entry", "provenance",
               "ships")  # fmt: skip
        gid = g.req("id").str()
        side = _side(g.req("side"))
        entry_node = g.get("entry")
        entry = entry_node.int(1, turns.last) if entry_node is not None else None
        if entry is not None and side == "us":
            raise entry_node.error("only Japanese units have an entry turn (VaM › Sample Ship Unit)")  # type: ignore[union-attr]
        after = g.get("after_carrier_sighting")
        sol = g.get("solitaire_entry")
        sol_entry = None
        if sol is not None:
            sol.only("hex", "turn")
            sol_entry = (sol.req("hex").str(), sol.req("turn").int(1, turns.last))
        prov = field_provenance(g, ("entry", "after_carrier_sighting", "fleet", "solitaire_entry"))
        members = []
        for s in g.req("ships").list():
            s.only("id", "profile", "ships")
            profile_node = s.req("profile")
            found = profiles.get(profile_node.str())
            if found is None:
                raise profile_node.error(f"no ship profile '{profile_node.str()}'")
            values, vprov = found
            sid = s.req("id").str()
            if sid in {x.id for x in ships}:
                raise s.req("id").error(f"ship unit '{sid}' is listed twice")
            names = tuple(n.str() for n in s.req("ships").list())
            if not names:
                raise s.req("ships").error("a ship unit stands for at least one ship")
            ship = ShipSpec(
                id=sid,
                side=side,
                group=gid,
                ships=names,
                provenance={**vprov, "ships": prov["default"], "group": prov["entry"]},
                **values,  # type: ignore[arg-type]
            )
            members.append(ship.id)
            ships.append(ship)
        groups.append(
            Group(
                gid,
                side,
                g.req("title").str(),
                entry,
                after.int(0, turns.last) if after is not None else None,
                g.req("fleet").str(),
                sol_entry,
                tuple(members),
                prov,
            )  # fmt: skip
        )
    return ships, groups


def _air_groups(
    node: Node, profiles: dict[str, tuple[dict[str, object], Prov]], ships: Mapping[str, ShipSpec]
) -> list[AircraftSpec]:
    out: list[AircraftSpec] = []
    for g in node.list():
        g.only("base", "letter", "units", "provenance")
        base_node = g.req("base")
        base = base_node.str()
        if base == MIDWAY_BASE:
            side = "us"
        elif base in ships and ships[base].carrier:
            side = ships[base].side
        else:
            raise base_node.error(f"'{base}' is neither Midway nor a carrier")
        letter = g.req("letter").str()
        units = g.req("units").map()
        prov = field_provenance(g, tuple(units))
        numbers: dict[str, int] = {}
        for profile_name, count_node in units.items():
            found = profiles.get(profile_name)
            if found is None:
                raise count_node.error(f"no aircraft profile '{profile_name}'")
            values, vprov = found
            for _ in range(_count(count_node, 1)):
                t = str(values["type"])
                numbers[t] = numbers.get(t, 0) + 1
                out.append(
                    AircraftSpec(
                        id=f"{base}-{t}{numbers[t]}",
                        side=side,
                        home=base,
                        letter=letter,
                        provenance={**vprov, "unit": prov[profile_name]},
                        **values,  # type: ignore[arg-type]
                    )
                )
    return out


def _ground(root: Node, ships: Mapping[str, ShipSpec]) -> list[GroundSpec]:
    profiles: dict[str, tuple[dict[str, int], Prov]] = {}
    for name, node in root.req("ground_profiles").map().items():
        node.only("aa", "combat", "steps", "provenance")
        values = {
            "aa": _count(node.req("aa")),
            "combat": _count(node.req("combat")),
            "steps": _count(node.req("steps"), 1),
        }
        profiles[name] = (values, field_provenance(node, ("aa", "combat", "steps")))
    placed = field_provenance(root, ("title",), key="ground_provenance")
    out = []
    for g in root.req("ground").list():
        g.only("id", "side", "profile", "start", "title")
        side = _side(g.req("side"))
        start_node = g.req("start")
        start = start_node.str()
        if side == "us" and start != MIDWAY_BASE:
            raise start_node.error("US ground units start in the Midway Ground Defense box (VaM › US Setup)")
        if side == "japan" and (start not in ships or ships[start].type != "TT"):
            raise start_node.error(f"'{start}' is not a transport (Japanese ground units start in TT1-TT4)")
        profile_node = g.req("profile")
        found = profiles.get(profile_node.str())
        if found is None:
            raise profile_node.error(f"no ground profile '{profile_node.str()}'")
        values, vprov = found
        out.append(GroundSpec(g.req("id").str(), side, g.req("title").str(), start=start,
                              provenance={**vprov, "start": placed["default"], "title": placed["title"]},
                              **values))  # fmt: skip
    taken = [g.start for g in out if g.side == "japan"]
    if len(taken) != len(set(taken)):
        raise root.req("ground").error("one Japanese ground unit per transport (VaM › Japanese Setup)")
    return out


def _boxes(root: Node, ships: Mapping[str, ShipSpec]) -> list[HoldingBox]:
    prov = field_provenance(root, ("fleets", "capacity", "midway"), key="holding_box_provenance")
    out = []
    seen = set()
    for b in root.req("holding_boxes").list():
        b.only("id", "side", "kind", "capacity", "compartments")
        bid, side = b.req("id").str(), _side(b.req("side"))
        kind = b.req("kind").choice(
            "task-force", "fleet", "carrier", "airfield", "air-strike", "midway-strike", "ground", "withdrawn",
            "destroyed", "transport",
        )  # fmt: skip
        if (side, bid) in seen:
            raise b.req("id").error(f"the {side} holding box '{bid}' is listed twice")
        seen.add((side, bid))
        cap_node = b.get("capacity")
        capacity = _count(cap_node) if cap_node is not None else None
        if kind in ("carrier", "airfield") and capacity is None:
            raise b.error(f"the {bid} display needs its capacity number (VaM › Carrier and Airfield Capacities)")
        if kind == "carrier" and (bid not in ships or not ships[bid].carrier or ships[bid].side != side):
            raise b.req("id").error(f"'{bid}' is not a {side} carrier")
        comp = b.get("compartments")
        default_comp = ("ready", "not-ready", "trapped") if kind == "carrier" else ()
        compartments = tuple(c.str() for c in comp.list()) if comp is not None else default_comp
        source = prov["default"]
        if kind == "fleet":
            source = prov["fleets"]
        elif kind == "carrier":
            source = prov["capacity"]
        elif kind == "airfield":
            source = prov["midway"]
        out.append(HoldingBox(bid, side, kind, capacity, compartments, source))
    carriers = {s.id for s in ships.values() if s.carrier}
    missing = sorted(carriers - {b.id for b in out if b.kind == "carrier"})
    if missing:
        raise root.req("holding_boxes").error(f"no holding box for carrier(s) {', '.join(missing)}")
    return out


def _markers(root: Node) -> list[Marker]:
    field_provenance(root, ("counts", "sizes"), key="marker_provenance")
    out = []
    for m in root.req("markers").list():
        m.only("id", "title", "per_side", "size")
        per_side = {}
        for side, count in m.req("per_side").map().items():
            if side not in SIDES:
                raise count.error(f"'{side}' is not a side (us, japan)")
            per_side[side] = _count(count)
        out.append(Marker(m.req("id").str(), m.req("title").str(), per_side, m.req("size").choice(*SIZES)))
    return out


# -- loading ----------------------------------------------------------------------------------
def load_units(path: str | Path | None = None) -> Catalogue:
    """The bundled (or given) ``units.yaml``; cached by path and modification time."""
    file = Path(path) if path is not None else ruleset_dir(GAME) / "units.yaml"
    file = file.resolve()
    try:
        mtime = file.stat().st_mtime_ns
    except OSError as exc:
        raise RulesetError(file, None, f"cannot read file ({exc.strerror or exc})") from None
    return _load_cached(file, mtime)


# The catalogue is kept in the user's cache (``ruleset/kept_values.py``) under a hash of the
# file, its folder's name and the reading code: a warm start makes it without nodes or parsing.
_KEPT = "vam units 1"
_READERS = ("games/victory_at_midway/units.py", "geometry/board.py", "geometry/loader.py", "ruleset/yamlio.py")
_READERS += ("ruleset/compose.py", "ruleset/kept_values.py", "values.py")


@lru_cache(maxsize=4)
def _load_cached(file: Path, mtime_ns: int) -> Catalogue:
    raw = read_ruleset_file(file)
    game = file.parent.name
    key = cache.digest(_KEPT, cache.sources_digest(*_READERS), game, raw)
    classes = [*kept_values.classes_of(sys.modules[__name__]), Provenance]
    kept = kept_values.load("vam-units", file, key, classes)
    if type(kept) is Catalogue:
        return kept
    catalogue = parse_units(parse_yaml(raw, file), expected_game=game)
    kept_values.store("vam-units", file, key, catalogue, classes)
    return catalogue
