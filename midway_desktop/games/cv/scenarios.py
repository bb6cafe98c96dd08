"""CV's scenarios: time, weather, and each side's forces, bases, ground units and submarines.

Read from ``rulesets/cv/scenarios.yaml``. CV › Scenarios I: each scenario gives its General
Information (time: first and last Turns and the length; weather: the Cloud hexes), then the
American and the Japanese Information (forces and where they start, land-based air by Base,
Ground units). Scenario V (Japanese Free Set Up) borrows the General and American Information
from another scenario and lets the Japanese choose where to set up: :meth:`Scenarios.played`
builds the scenario as played, with those choices as placements.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace

from midway_desktop.games.cv.common import (
    MAX_TURNS,
    check_header,
    count,
    field_provenance,
    name_of,
    nonempty,
    provisional_fields,
    title_of,
    unique,
)
from midway_desktop.games.cv.forces import FORCE_IDS, parse_air, ship_titles
from midway_desktop.games.cv.placement import Placement, parse_placement
from midway_desktop.games.cv.time_record import Time, parse_time
from midway_desktop.geometry.board import Provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value

SCENARIO_IDS = ("II", "III", "IV", "V")
FREE_SET_UP = "V"
WIND = ("sector-arrows",)  # Optional XIII.A.1: each sector's printed Wind Direction Arrow
MAX_GROUND = 999  # Ground Factors in one place (the text's largest is 120)
_KEYS = (
    "start",
    "end",
    "turns",
    "optional_rules",
    "random_arrival",
    "weather",
    "midway_points",
    "american",
    "japanese",
    "free_set_up",
)
_FIELDS = (*_KEYS, "wind")  # provenance may also name the wind (a part of the weather)


@frozen_value
class ForceEntry:
    """One force of a scenario and where and when it comes onto the mapboard."""

    force: str  # a Force id of forces.yaml (IA ... IV)
    at: Placement
    air: Mapping[str, int] | None  # replaces the force's sea-based Air Factors; None: as forces.yaml
    where: Node | None = field(default=None, compare=False, repr=False)


@frozen_value
class Aboard:
    """Ground Factors carried on transports (Scenarios III.C.2.b: '120 ... aboard AP1-15')."""

    ships: tuple[str, ...]
    factors: int
    where: Node | None = field(default=None, compare=False, repr=False)


@frozen_value
class SideSetUp:
    """A side's Information in a scenario (Scenarios I.B, I.C)."""

    side: str
    forces: tuple[ForceEntry, ...]
    submarines: tuple[str, ...]  # SS titles (used with Optional XI)
    land_air: Mapping[str, Mapping[str, int]]  # Base name -> plane type -> Air Factors
    ground: Mapping[str, int]  # Base name -> Ground Factors there
    aboard: Aboard | None
    where: Node | None = field(default=None, compare=False, repr=False)

    def entry(self, force_id: str) -> ForceEntry:
        for entry in self.forces:
            if entry.force == force_id:
                return entry
        raise KeyError(f"no {self.side} Force {force_id} in this scenario")

    def land_air_factors(self) -> int:
        return sum(sum(planes.values()) for planes in self.land_air.values())


@frozen_value
class Weather:
    """How a scenario sets up Clouds and the Wind (CV › Optional XIII)."""

    clouds: str  # the board's `weather` region of Cloud hexes (Optional XIII.B)
    wind: str  # how the Wind Direction units set up (Optional XIII.A.1)


@frozen_value
class FreeSetUp:
    """Scenario V: the scenarios it borrows from and the Japanese player's choices."""

    sources: tuple[str, ...]  # scenarios whose General and American Information may be used
    set_up: tuple[str, ...]  # board regions the Japanese set up in, in any manner
    enter: tuple[str, ...]  # board regions the off-board Japanese units enter by
    secret_arrival: bool  # the Random Arrival result need not be told (V.C)
    where: Node | None = field(default=None, compare=False, repr=False)


@frozen_value
class Scenario:
    """One CV scenario (II ... V): its Turns, rules used and forces (CV › Set Up)."""

    id: str  # II ... V
    name: str
    title: str
    start: Time | None  # the first Turn; None for Scenario V (borrowed)
    end: Time | None  # the last Turn (Basic XII.C: the game ends after it)
    turns: int  # the length the text states; 0 for Scenario V
    optional_rules: bool  # False: the Basic Game Rules only
    random_arrival: bool  # Optional XVI may be used
    weather: Weather | None  # None: the Mapboard Weather option is not used
    midway_points: bool  # Basic XI.C.3: the 200 Points for holding Midway count
    american: SideSetUp | None
    japanese: SideSetUp | None
    free_set_up: FreeSetUp | None
    provenance: Mapping[str, Provenance]
    where: Node | None = field(default=None, compare=False, repr=False)

    def side(self, side: str) -> SideSetUp:
        found = self.american if side == "american" else self.japanese
        if found is None:
            raise KeyError(f"Scenario {self.id} borrows its {side} Information (play it from another)")
        return found

    @property
    def sides(self) -> tuple[SideSetUp, ...]:
        return tuple(s for s in (self.american, self.japanese) if s is not None)

    def provisional_values(self) -> list[str]:
        return provisional_fields(f"Scenario {self.id}", self.provenance)


@frozen_value
class Scenarios:
    """Every CV scenario, found by id."""

    scenarios: tuple[Scenario, ...]

    def get(self, scenario_id: str) -> Scenario:
        for scenario in self.scenarios:
            if scenario.id == scenario_id:
                return scenario
        raise KeyError(f"no Scenario {scenario_id}")

    def played(self, scenario_id: str, source: str | None = None) -> Scenario:
        """The scenario as set up. For Scenario V (CV › Scenarios V), ``source`` names the
        scenario whose General and American Information is used; the Japanese keep that
        scenario's forces, air and Ground units, but each force that starts on the mapboard may
        set up in any of V's set-up areas, and each that enters later enters at that Turn by any
        of V's entry areas."""
        scenario = self.get(scenario_id)
        free = scenario.free_set_up
        if free is None:
            if source is not None:
                raise ValueError(f"Scenario {scenario_id} borrows from no other")
            return scenario
        if source not in free.sources:
            raise ValueError(f"Scenario {scenario_id} is played with the Information of {' or '.join(free.sources)}")
        base = self.get(source)
        japanese = base.side("japanese")
        forces = tuple(replace(e, at=_free_placement(e.at, free)) for e in japanese.forces)
        return replace(
            base,
            id=scenario.id,
            name=scenario.name,
            title=f"{scenario.title} ({base.title})",
            japanese=replace(japanese, forces=forces),
            free_set_up=free,
        )

    def provisional_values(self) -> list[str]:
        return [v for s in self.scenarios for v in s.provisional_values()]


def _free_placement(at: Placement, free: FreeSetUp) -> Placement:
    if at.time is None:
        return Placement(free.set_up, None, "Set up in any of the Free Set Up areas.", at.where)
    return Placement(free.enter, at.time, f"Enters by any Free Set Up entry area, {at.time}.", at.where)


def midway_ground(scenario: Scenario, drawn_gd: int | None = None) -> int:
    """American Ground Factors on Midway at the start: the scenario's, or with the Random
    Arrival Chart the GD column of the American draw in its place (CV › Optional XVI.C.3)."""
    american = scenario.side("american")
    if drawn_gd is not None and scenario.random_arrival and "midway" in american.ground:
        return drawn_gd
    return american.ground.get("midway", 0)


def scenario_length(start: Time, end: Time) -> int:
    """Turns from the first to the last, both played (Scenarios I.A.1; Basic XII.C)."""
    return end.index - start.index + 1


# -- reading scenarios.yaml ------------------------------------------------------------------
def parse_scenarios(root: Node, expected_game: str | None = None) -> Scenarios:
    """Read a parsed ``scenarios.yaml``; any inconsistency is one :class:`RulesetError` line."""
    check_header(root, expected_game, "scenarios")
    items = nonempty(root.req("scenarios"))
    scenarios = tuple(_scenario(n) for n in items)
    unique([(s.id, n.req("id")) for s, n in zip(scenarios, items, strict=True)], "scenario")
    unique([(s.name, n.req("name")) for s, n in zip(scenarios, items, strict=True)], "scenario name")
    ids = {s.id for s in scenarios}
    for scenario, node in zip(scenarios, items, strict=True):
        free = scenario.free_set_up
        for source in free.sources if free else ():
            if source not in ids or source == FREE_SET_UP:
                raise (
                    node.req("free_set_up")
                    .req("from")
                    .error(f"Scenario {source} is not a scenario this file gives in full")
                )
    return Scenarios(scenarios)


def _scenario(node: Node) -> Scenario:
    node.only("id", "name", "title", *_KEYS, "provenance")
    prov = field_provenance(node, _FIELDS)
    scenario_id = node.req("id").choice(*SCENARIO_IDS)
    name, title = name_of(node.req("name")), title_of(node.req("title"))
    if scenario_id == FREE_SET_UP:
        for key in _KEYS:
            if key != "free_set_up" and node.get(key) is not None:
                raise node.req(key).error("Scenario V borrows this from the scenario it is played with (V.A-B)")
        # Optional rules, random arrival and the Midway points are those of the scenario played.
        return Scenario(
            id=scenario_id,
            name=name,
            title=title,
            start=None,
            end=None,
            turns=0,
            optional_rules=True,
            random_arrival=True,
            weather=None,
            midway_points=True,
            american=None,
            japanese=None,
            free_set_up=_free_set_up(node.req("free_set_up")),
            provenance=prov,
            where=node,
        )
    if node.get("free_set_up") is not None:
        raise node.req("free_set_up").error("only Scenario V is a free set-up")
    start, end = parse_time(node.req("start")), parse_time(node.req("end"))
    turns_node = node.req("turns")
    turns = count(turns_node, 1, MAX_TURNS)
    if end < start:
        raise node.req("end").error(f"the last Turn {end} comes before the first {start}")
    if scenario_length(start, end) != turns:
        raise turns_node.error(f"{start} to {end} is {scenario_length(start, end)} Turns, not {turns}")
    american = _side(node.req("american"), "american", start, end)
    japanese = _side(node.req("japanese"), "japanese", start, end)
    return Scenario(
        id=scenario_id,
        name=name,
        title=title,
        start=start,
        end=end,
        turns=turns,
        optional_rules=node.req("optional_rules").bool(),
        random_arrival=node.req("random_arrival").bool(),
        weather=_weather(node.req("weather")),
        midway_points=node.req("midway_points").bool(),
        american=american,
        japanese=japanese,
        free_set_up=None,
        provenance=prov,
        where=node,
    )


def _weather(node: Node) -> Weather | None:
    if node.value is None:
        return None
    node.only("clouds", "wind")
    return Weather(name_of(node.req("clouds")), node.req("wind").choice(*WIND))


def _side(node: Node, side: str, start: Time, end: Time) -> SideSetUp:
    node.only("forces", "submarines", "land_air", "ground", "aboard")
    items = nonempty(node.req("forces"))
    forces = tuple(_entry(n, start, end) for n in items)
    unique([(e.force, n.req("force")) for e, n in zip(forces, items, strict=True)], f"{side} force")
    land_air: dict[str, dict[str, int]] = {}
    for base, planes in node.req("land_air").map().items():
        land_air[_key(base, planes)] = parse_air(planes)
        if not land_air[base]:
            raise planes.error(f"no Air Factors at {base} (leave the Base out instead)")
    ground = {_key(base, n): count(n, 1, MAX_GROUND) for base, n in node.req("ground").map().items()}
    aboard_node = node.get("aboard")
    aboard = None
    if aboard_node is not None and aboard_node.value is not None:
        aboard_node.only("ships", "factors")
        factors = count(aboard_node.req("factors"), 1, MAX_GROUND)
        aboard = Aboard(ship_titles(aboard_node.req("ships")), factors, aboard_node)
    return SideSetUp(side, forces, ship_titles(node.req("submarines")), land_air, ground, aboard, node)


def _key(key: str, where: Node) -> str:
    if not key or len(key) > 40 or not all(ch.islower() or ch.isdigit() or ch == "-" for ch in key):
        raise where.error(f"'{key[:40]}' is not a Base name")
    return key


def _entry(node: Node, start: Time, end: Time) -> ForceEntry:
    node.only("force", "at", "air")
    at = parse_placement(node.req("at"))
    if at.time is not None and not start <= at.time <= end:
        raise node.req("at").req("time").error(f"{at.time} is outside the scenario ({start} to {end})")
    air_node = node.get("air")
    air = parse_air(air_node) if air_node is not None else None
    return ForceEntry(node.req("force").choice(*FORCE_IDS), at, air, node)


def _free_set_up(node: Node) -> FreeSetUp:
    node.only("from", "set_up", "enter", "secret_arrival")
    sources = tuple(n.choice(*SCENARIO_IDS) for n in nonempty(node.req("from")))
    return FreeSetUp(
        sources,
        tuple(name_of(n) for n in nonempty(node.req("set_up"))),
        tuple(name_of(n) for n in nonempty(node.req("enter"))),
        node.req("secret_arrival").bool(),
        node,
    )
