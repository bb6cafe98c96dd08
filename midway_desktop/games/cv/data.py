"""All of CV's data files, read and checked against one another.

``PARSERS`` reads each file alone (``midway-desktop validate`` uses them, one line per
problem); :func:`load_data` reads a whole ruleset folder and checks what one file says of
another (a placement's board regions exist, ...), each problem one line naming file and line.

Data that read and checked cleanly is kept in the user's cache (``ruleset/kept_values.py``)
under a hash of the folder's files and of the code that reads them: the next start makes the
same values from it, without the files' nodes, the parsers or the checks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from midway_desktop.games.cv import arrival as _arrival
from midway_desktop.games.cv import bases as _bases
from midway_desktop.games.cv import charts as _charts
from midway_desktop.games.cv import crt as _crt
from midway_desktop.games.cv import forces as _forces
from midway_desktop.games.cv import placement as _placement
from midway_desktop.games.cv import planes as _planes
from midway_desktop.games.cv import scenarios as _scenarios
from midway_desktop.games.cv import ships as _ships
from midway_desktop.games.cv import time_record as _time_record
from midway_desktop.games.cv.bases import Base, Bases, air_entry_hexes, parse_bases
from midway_desktop.games.cv.charts import Charts, parse_charts
from midway_desktop.games.cv.common import GAME
from midway_desktop.games.cv.forces import Force, parse_forces
from midway_desktop.games.cv.placement import Placement
from midway_desktop.games.cv.planes import PlaneType, parse_planes
from midway_desktop.games.cv.scenarios import Scenario, Scenarios, SideSetUp, parse_scenarios
from midway_desktop.games.cv.ships import Ships, parse_ships
from midway_desktop.geometry.board import Board, Provenance
from midway_desktop.geometry.loader import load_board
from midway_desktop.ruleset import Node, RulesetError, cache, kept_values, load_yaml, ruleset_dir
from midway_desktop.ruleset.yamlio import parse_yaml, read_ruleset_file
from midway_desktop.values import frozen_value

PARSERS: dict[str, Callable[[Node, str | None], object]] = {
    "planes.yaml": parse_planes,
    "charts.yaml": parse_charts,
    "ships.yaml": parse_ships,
    "forces.yaml": parse_forces,
    "bases.yaml": parse_bases,
    "scenarios.yaml": parse_scenarios,
}


@frozen_value
class CvData:
    """Everything CV reads from its ruleset folder."""

    board: Board
    planes: tuple[PlaneType, ...]
    charts: Charts
    ships: Ships
    forces: tuple[Force, ...]
    bases: Bases
    scenarios: Scenarios

    def force(self, side: str, force_id: str) -> Force:
        for force in self.forces:
            if force.side == side and force.id == force_id:
                return force
        raise KeyError(f"no {side} Force {force_id}")

    def plane(self, name: str) -> PlaneType:
        for plane in self.planes:
            if plane.name == name:
                return plane
        raise KeyError(f"no plane type '{name}'")

    def provisional_values(self) -> list[str]:
        """What a player should check against a printed copy, file by file."""
        out = [v for p in self.planes for v in p.provisional_values()]
        out += self.charts.provisional_values()
        out += self.ships.provisional_values()
        out += [f"{f.title}" for f in self.forces if f.provenance.provisional]
        out += self.bases.provisional_values()
        out += self.scenarios.provisional_values()
        return out


def load_data(folder: Path | str | None = None) -> CvData:
    """The bundled CV data (or that of ``folder``, a CV ruleset folder)."""
    root = Path(folder) if folder is not None else ruleset_dir(GAME)
    stamps = tuple(_mtime(root / name) for name in ("board.yaml", *PARSERS))
    return _load_cached(root.resolve(), stamps)


def _mtime(file: Path) -> int:
    try:
        return file.stat().st_mtime_ns
    except OSError as exc:
        raise RulesetError(file, None, f"cannot read file ({exc.strerror or exc})") from None


# Bump when what is kept changes; the reading code's own text is in the key too.
_KEPT = "cv data 1"
_READERS = (
    *(f"games/cv/{name}.py" for name in ("data", "common", "arrival", "bases", "charts", "crt", "forces")),
    *(f"games/cv/{name}.py" for name in ("placement", "planes", "scenarios", "ships", "time_record")),
    *("geometry/board.py", "geometry/loader.py", "ruleset/yamlio.py", "ruleset/compose.py"),
    *("ruleset/kept_values.py", "values.py"),
)


def _kept_classes() -> list[type]:
    """The classes CV's data is made of: every dataclass of the modules that read it."""
    modules = (_arrival, _bases, _charts, _crt, _forces, _placement, _planes, _scenarios, _ships, _time_record)
    return [*kept_values.classes_of(*modules), Provenance]


@lru_cache(maxsize=4)
def _load_cached(root: Path, stamps: tuple[int, ...]) -> CvData:
    game = root.name
    # The board as the window loads it (the same object, kept by file and time): reading and
    # parsing it a second time here was 126 M instructions (4 %) of CV's start.
    board = load_board(root / "board.yaml")
    raw = {name: read_ruleset_file(root / name) for name in PARSERS}
    # (the board's bytes by the digest its loader took of them: the checks read the board too)
    key = cache.digest(_KEPT, cache.sources_digest(*_READERS), game, board.digest, *raw.values())
    kept = kept_values.load("cv-data", root, key, _kept_classes())
    if type(kept) is tuple and [type(v) for v in kept] == [tuple, Charts, Ships, tuple, Bases, Scenarios]:
        return CvData(board, *kept)

    def read(name: str) -> Node:
        return parse_yaml(raw[name], root / name)

    data = CvData(
        board,
        parse_planes(read("planes.yaml"), game),
        parse_charts(read("charts.yaml"), game),
        parse_ships(read("ships.yaml"), game),
        parse_forces(read("forces.yaml"), game),
        parse_bases(read("bases.yaml"), game),
        parse_scenarios(read("scenarios.yaml"), game),
    )
    check_data(data, root / "board.yaml")
    values = (data.planes, data.charts, data.ships, data.forces, data.bases, data.scenarios)
    kept_values.store("cv-data", root, key, values, _kept_classes())
    return data


def check_data(data: CvData, board_file: Path | None = None) -> None:
    """What one file says of another: one :class:`RulesetError` for the first problem (one of
    the board's regions at its line of ``board_file``)."""
    for arrival in data.charts.random_arrival.arrivals:
        _check_placement(data.board, arrival.placement)
        if arrival.placement.time is not None and not data.charts.time_record.holds(arrival.placement.time):
            raise _at(arrival.placement, f"{arrival.placement.time} is not on the Time Record")

    in_force: dict[tuple[str, str], str] = {}
    for force in data.forces:
        for title in force.ships:
            if data.ships.get(force.side, title) is None:
                raise _in(force, f"{force.title}: no {force.side} ship '{title}' in ships.yaml")
            if (force.side, title) in in_force:
                raise _in(force, f"{force.title}: {title} is in {in_force[(force.side, title)]} too")
            in_force[(force.side, title)] = force.title
        _check_air(data, force)
        for title in force.ground:
            ship = data.ships.get(force.side, title)
            if title not in force.ships or ship is None or ship.type != "AP":
                raise _in(force, f"{force.title}: Ground Factors ride on the force's own transports, not '{title}'")
    _check_bases(data, board_file)
    _check_wind(data, board_file)
    for scenario in data.scenarios.scenarios:
        _check_scenario(data, scenario)


def _check_bases(data: CvData, board_file: Path | None) -> None:
    """A Base stands in a board region or has Air Entry Hexes; its plane types are its side's."""
    names = {r.name for r in data.board.regions()}
    planes = {p.name: p for p in data.planes}
    for region in data.board.regions("air-entry"):  # (read as numbers below: checked first)
        turns = region.data.get("turns")
        if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_ENTRY_TURNS:
            problem = f"turns {turns!r} is not a whole number of Turns from 1 to {MAX_ENTRY_TURNS} (Basic VIII.G.1)"
            raise _region_error(board_file, region.name, problem)
    for base in data.bases.bases:
        if base.region is not None and base.region not in names:
            raise _on(base, f"{base.title}: the board has no region named '{base.region}'")
        if base.letter is not None and not air_entry_hexes(data.board, base.letter):
            raise _on(base, f"{base.title}: the board has no '{base.letter}' Air Entry Hex (Basic VIII.G.1)")
        for name in base.planes or ():
            plane = planes.get(name)
            if plane is None:
                raise _on(base, f"{base.title}: no plane type '{name}' in planes.yaml")
            if plane.side != base.side:
                raise _on(base, f"{base.title}: {plane.title} is not a {base.side} plane")
    for region in data.board.regions("air-entry"):
        letter = str(region.data.get("base", ""))
        if data.bases.by_letter(letter) is None:
            raise _region_error(board_file, region.name, f"no off-board Base in bases.yaml has the letter '{letter}'")


MAX_ENTRY_TURNS = 24  # an Air Entry Hex's Turns to its off-board Base: the rulebook's are a few

WIND_ARROWS = ("n", "ne", "se", "s", "sw", "nw")  # flat-topped hexsides (Intro III.A.2)


def _check_wind(data: CvData, board_file: Path | None) -> None:
    """Basic VI.E.1: every sector prints a Wind Direction Arrow pointing to a hexside."""
    sectors = data.board.regions("sector")
    if not sectors:
        raise _region_error(board_file, "sector", "the board has no sectors to print Wind Direction Arrows in")
    for region in sectors:
        arrow = region.data.get("wind")
        if arrow is None:
            raise _region_error(board_file, region.name, "no Wind Direction Arrow ('wind', Basic VI.E.1)")
        if str(arrow) not in WIND_ARROWS:
            raise _region_error(
                board_file, region.name, f"wind '{arrow}' is not a hexside: one of {', '.join(WIND_ARROWS)}"
            )


def _check_scenario(data: CvData, scenario: Scenario) -> None:
    """What a scenario names exists: forces, Bases, planes, ships, board regions, Turns."""
    record = data.charts.time_record
    for time, key in ((scenario.start, "start"), (scenario.end, "end")):
        if time is not None and not record.holds(time) and scenario.where is not None:
            raise scenario.where.req(key).error(f"{time} is not on the Time Record")
    if scenario.weather is not None and scenario.where is not None:
        _check_clouds(data, scenario)
    free = scenario.free_set_up
    if free is not None:
        for regions in (free.set_up, free.enter):
            for region in regions:
                if not any(r.name == region and r.kind == "entry" for r in data.board.regions()):
                    raise _node_error(free.where, f"the board has no Ship Entry Area named '{region}'")
    for side in scenario.sides:
        _check_side(data, scenario, side)
    _check_arrivals(data, scenario)


def _check_arrivals(data: CvData, scenario: Scenario) -> None:
    """Optional XVI.C.1: a force drawn "X" (on time) comes on where the scenario puts it."""
    for arrival in data.charts.random_arrival.arrivals:
        if arrival.scenario != scenario.id or arrival.result != "X":
            continue
        side = scenario.side(arrival.side)
        for force_id in arrival.forces:
            entry = next((e for e in side.forces if e.force == force_id), None)
            if entry is None:
                continue
            if set(entry.at.regions) != set(arrival.placement.regions) or entry.at.time != arrival.placement.time:
                raise _at(
                    entry.at,
                    f"{arrival.side.title()} Force {force_id} on time comes on at {arrival.placement.text!r} "
                    "by the Random Arrival table (charts.yaml), not here",
                )


def _check_clouds(data: CvData, scenario: Scenario) -> None:
    assert scenario.weather is not None and scenario.where is not None
    where = scenario.where.req("weather").req("clouds")
    region = next((r for r in data.board.regions("weather") if r.name == scenario.weather.clouds), None)
    if region is None:
        raise where.error(f"the board has no Cloud hexes named '{scenario.weather.clouds}'")
    if str(region.data.get("start")) != str(scenario.start):
        raise where.error(f"{region.name} sets up at {region.data.get('start')}; the scenario starts {scenario.start}")


def _check_side(data: CvData, scenario: Scenario, side: SideSetUp) -> None:
    record = data.charts.time_record
    carried: dict[str, int] = {}
    for entry in side.forces:
        force = next((f for f in data.forces if f.side == side.side and f.id == entry.force), None)
        if force is None:
            raise _node_error(entry.where, f"no {side.side} Force {entry.force} in forces.yaml")
        _check_placement(data.board, entry.at)
        if entry.at.time is not None and not record.holds(entry.at.time):
            raise _at(entry.at, f"{entry.at.time} is not on the Time Record")
        if entry.air is not None:  # the scenario's own air for the force must fit its ships too
            _check_air(data, replace(force, air=entry.air, where=entry.where))
        carried.update(force.ground)
    for title in side.submarines:
        ship = data.ships.get(side.side, title)
        if ship is None or ship.type != "SS":
            raise _node_error(side.where, f"no {side.side} submarine '{title}' in ships.yaml")
    _check_land_air(data, side)
    for base_name in side.ground:
        base = data.bases.get(base_name)
        if base is None or base.side != side.side or not base.ground:
            where = _part(side, "ground", base_name)
            raise _node_error(where, f"Ground Factors at '{base_name}': not a {side.side} Base that holds them")
    if side.aboard is not None:
        missing = [t for t in side.aboard.ships if t not in carried]
        if missing:
            raise _node_error(side.aboard.where, f"{missing[0]} carries no Ground Factors in this scenario's forces")
        total = sum(carried[t] for t in side.aboard.ships)
        if total != side.aboard.factors:
            raise _node_error(
                side.aboard.where, f"{side.aboard.factors} Ground Factors, but forces.yaml puts {total} aboard"
            )


def _check_land_air(data: CvData, side: SideSetUp) -> None:
    """Set Up III.C.2.a-b: land-based planes in their side's Base Boxes, within Plane Capacity."""
    planes = {p.name: p for p in data.planes}
    for base_name, factors in side.land_air.items():
        where = _part(side, "land_air", base_name)
        base = data.bases.get(base_name)
        if base is None:
            raise _node_error(where, f"no Base '{base_name}' in bases.yaml")
        if base.side != side.side:
            raise _node_error(where, f"{base.title} is a {base.side} Base, not {side.side}")
        for name in factors:
            plane = planes.get(name)
            if plane is None:
                raise _node_error(where, f"no plane type '{name}' in planes.yaml")
            if not base.takes(plane.name, plane.side):
                raise _node_error(where, f"{base.title} does not take {plane.side} {plane.title} planes")
        total = sum(factors.values())
        if total > base.capacity:
            raise _node_error(where, f"{total} Air Factors at {base.title}, a Plane Capacity of {base.capacity}")


def _part(side: SideSetUp, key: str, base_name: str) -> Node | None:
    """The line of ``key: {base_name: ...}`` in a side's Information, for errors."""
    if side.where is None:
        return None  # pragma: no cover - every parsed side has its node
    return side.where.req(key).get(base_name) or side.where


def _node_error(node: Node | None, problem: str) -> RulesetError:
    if node is not None:
        return node.error(problem)
    return RulesetError("", None, problem)  # pragma: no cover - every parsed value has its node


def _region_error(board_file: Path | None, name: str, problem: str) -> RulesetError:
    """A problem with a board region, at its line of ``board.yaml`` (read again to find it)."""
    if board_file is not None:
        for item in load_yaml(board_file).req("regions").list():
            if item.is_map and item.get("name") is not None and item.req("name").value == name:
                return item.error(f"region {name}: {problem}")
    return RulesetError("board.yaml", None, f"region {name}: {problem}")


def _check_air(data: CvData, force: Force) -> None:
    """Sea-based planes fit aboard the force's ships that take them (Set Up III.C.2)."""
    ships = [s for t in force.ships if (s := data.ships.get(force.side, t)) is not None]
    names = {p.name: p for p in data.planes}
    for plane_name, factors in force.air.items():
        plane = names.get(plane_name)
        if plane is None:
            raise _in(force, f"{force.title}: no plane type '{plane_name}' in planes.yaml")
        if plane.side != force.side or plane.land_based:
            raise _in(force, f"{force.title}: {plane.title} is not a {force.side} sea-based plane")
        room = sum(s.ship_class.capacity for s in ships if plane_name in s.ship_class.planes)
        if factors > room:
            raise _in(force, f"{force.title}: {factors} {plane.title} Air Factors, room for {room} aboard its ships")
    total = sum(force.air.values())
    capacity = sum(s.ship_class.capacity for s in ships)
    if total > capacity:
        raise _in(force, f"{force.title}: {total} Air Factors but a Plane Capacity of {capacity}")


def _in(force: Force, problem: str) -> RulesetError:
    if force.where is not None:
        return force.where.error(problem)
    return RulesetError("", None, problem)  # pragma: no cover - every parsed force has its node


def _on(base: Base, problem: str) -> RulesetError:
    if base.where is not None:
        return base.where.error(problem)
    return RulesetError("", None, problem)  # pragma: no cover - every parsed base has its node


def _check_placement(board: Board, placement: Placement) -> None:
    names = {r.name for r in board.regions()}
    for region in placement.regions:
        if region not in names:
            raise _at(placement, f"the board has no region named '{region}'")


def _at(placement: Placement, problem: str) -> RulesetError:
    if placement.where is not None:
        return placement.where.error(problem)
    return RulesetError("", None, problem)  # pragma: no cover - every parsed placement has its node


def check_folder(root: Path) -> list[RulesetError]:
    """For ``validate``: the cross-file checks of a CV folder whose files each read soundly."""
    try:
        load_data(root)
    except RulesetError as exc:
        return [exc]
    return []
