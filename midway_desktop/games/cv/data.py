"""All of CV's data files, read and checked against one another.

``PARSERS`` reads each file alone (``midway-desktop validate`` uses them, one line per
problem); :func:`load_data` reads a whole ruleset folder and checks what one file says of
another (a placement's board regions exist, ...), each problem one line naming file and line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from midway_desktop.games.cv.bases import Base, Bases, air_entry_hexes, parse_bases
from midway_desktop.games.cv.charts import Charts, parse_charts
from midway_desktop.games.cv.common import GAME
from midway_desktop.games.cv.forces import Force, parse_forces
from midway_desktop.games.cv.placement import Placement
from midway_desktop.games.cv.planes import PlaneType, parse_planes
from midway_desktop.games.cv.ships import Ships, parse_ships
from midway_desktop.geometry.board import Board
from midway_desktop.geometry.loader import parse_board
from midway_desktop.ruleset import Node, RulesetError, load_yaml, ruleset_dir

PARSERS: dict[str, Callable[[Node, str | None], object]] = {
    "planes.yaml": parse_planes,
    "charts.yaml": parse_charts,
    "ships.yaml": parse_ships,
    "forces.yaml": parse_forces,
    "bases.yaml": parse_bases,
}


@dataclass(frozen=True)
class CvData:
    """Everything CV reads from its ruleset folder."""

    board: Board
    planes: tuple[PlaneType, ...]
    charts: Charts
    ships: Ships
    forces: tuple[Force, ...]
    bases: Bases

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


@lru_cache(maxsize=4)
def _load_cached(root: Path, stamps: tuple[int, ...]) -> CvData:
    game = root.name
    board_node = load_yaml(root / "board.yaml")
    board = parse_board(board_node, expected_game=game)
    planes = parse_planes(load_yaml(root / "planes.yaml"), game)
    charts = parse_charts(load_yaml(root / "charts.yaml"), game)
    ships = parse_ships(load_yaml(root / "ships.yaml"), game)
    forces = parse_forces(load_yaml(root / "forces.yaml"), game)
    bases = parse_bases(load_yaml(root / "bases.yaml"), game)
    data = CvData(board, planes, charts, ships, forces, bases)
    check_data(data, board_node)
    return data


def check_data(data: CvData, board_node: Node | None = None) -> None:
    """What one file says of another: one :class:`RulesetError` for the first problem."""
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
    _check_bases(data, board_node)


def _check_bases(data: CvData, board_node: Node | None) -> None:
    """A Base stands in a board region or has Air Entry Hexes; its plane types are its side's."""
    names = {r.name for r in data.board.regions()}
    planes = {p.name: p for p in data.planes}
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
            raise _region_error(board_node, region.name, f"no off-board Base in bases.yaml has the letter '{letter}'")


def _region_error(board_node: Node | None, name: str, problem: str) -> RulesetError:
    """A problem with a board region, at its line of ``board.yaml``."""
    if board_node is not None:
        for item in board_node.req("regions").list():
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
