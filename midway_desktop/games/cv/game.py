"""What the CV rules read of the data, in the rules' own terms: a box's Plane Handling values
(Plane Capacity, Ready Factor, Launch Factors, Plane Types), a Task Force's speed, the board.

Everything comes from ``rulesets/cv`` (:mod:`data`); the bases (``bases.yaml``) are turned into
:class:`BaseSpec` values, the one shape the rules read a base in (tests may give their own).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from functools import cached_property
from itertools import combinations

from midway_desktop.games.cv.bases import air_entry_hexes, launch_after_hits, launch_limit
from midway_desktop.games.cv.data import CvData, load_data
from midway_desktop.games.cv.planes import PlaneType
from midway_desktop.games.cv.ships import Ship
from midway_desktop.games.cv.state import BaseBox, Planes, State, TaskForce
from midway_desktop.geometry.board import Board
from midway_desktop.values import frozen_value

MIDWAY_REGION = "midway"  # Intro III.A.7 / Set Up II.B: the Midway hex, B2117
SEAPLANE_TENDER, SEAPLANE = "AV", "mavis"  # Basic VI.I.2: Temporary Japanese Seaplane Bases


@frozen_value
class Handling:
    """One line of a Plane Handling Table (Basic IV.B), or a Task Force's sum of them."""

    capacity: int
    ready: int
    launch: tuple[int, int, int]  # Minimum, Normal, Maximum
    planes: frozenset[str]

    @property
    def launch_limit(self) -> int:
        """The Air Factors that may take off and land here this Turn (IV.B; IX.K.3.a)."""
        return launch_limit(self.launch)


@frozen_value
class BaseSpec:
    """A base as the rules need it: its side, hex (``None`` off the mapboard), handling and,
    off the mapboard, its Air Entry letter and Turns (Basic VIII.G)."""

    id: str
    title: str
    side: str
    hex: str | None
    handling: Handling
    letter: str = ""  # H, J, W, M: the Air Entry Hexes it uses
    turns: int = 0  # the number printed with its Air Entry Hexes
    radar: bool = False  # Basic III.B.3: the American Midway Base
    captured: bool = False  # the Japanese Midway line: on the mapboard only once captured (IX.H.5)


def base_specs(data: CvData) -> dict[str, BaseSpec]:
    """The Base units: Midway (American) and the off-board Bases, on the Holding Box Charts at
    the start, and the Japanese Midway line (``captured``), which applies only once the Japanese
    capture Midway (Basic IV.B; IX.H.5)."""
    out = {}
    for b in data.bases.bases:
        captured = b.region is not None and b.side != "american"
        hex_ = min(data.board.region(b.region)) if b.region is not None else None
        types = b.planes if b.planes is not None else tuple(p.name for p in data.planes if p.side == b.side)
        turns = next((e.turns for e in air_entry_hexes(data.board, b.letter)), 0) if b.letter else 0
        handling = Handling(b.capacity, b.ready, b.launch, frozenset(types))
        out[b.name] = BaseSpec(b.name, b.title, b.side, hex_, handling, b.letter or "", turns, b.radar, captured)
    return out


def reduced_speed(hit_factor: int, hits: int) -> bool:
    """Basic IX.K.4.b, IX.J.4.a: Hits of half the Hit Factor or more cut the speed in half."""
    return hits > 0 and 2 * hits >= hit_factor


def ship_movement(movement: int, hit_factor: int, hits: int) -> int:
    """A ship's Movement Factor after its Hits (Basic IX.K.4.b). Halves round up: Movement
    Factors are 1 or 2 and never carried over (VI.B.4), so a reduced ship still moves a hex."""
    return (movement + 1) // 2 if reduced_speed(hit_factor, hits) else movement


@frozen_value
class Game:
    """The data a CV game is played with."""

    data: CvData
    bases: Mapping[str, BaseSpec] = field(default_factory=dict)

    @classmethod
    def load(cls, bases: Iterable[BaseSpec] | None = None) -> Game:
        """The bundled data, with its bases (or ``bases`` in their place)."""
        data = load_data()
        return cls(data, base_specs(data) if bases is None else {b.id: b for b in bases})

    @property
    def board(self) -> Board:
        return self.data.board

    @cached_property
    def midway(self) -> str:
        return next(iter(sorted(self.board.region(MIDWAY_REGION))))

    @cached_property
    def _planes(self) -> dict[str, PlaneType]:
        return {p.name: p for p in self.data.planes}

    def plane(self, name: str) -> PlaneType:
        return self._planes[name]

    def has_plane(self, name: str) -> bool:
        return name in self._planes

    @cached_property
    def _ships(self) -> dict[tuple[str, str], Ship]:
        return {(s.side, s.title): s for s in self.data.ships.ships}

    def ship(self, side: str, title: str) -> Ship:
        found = self._ships.get((side, title))
        if found is None:
            raise KeyError(f"no {side} ship {title!r}")
        return found

    def area(self, regions: tuple[str, ...]) -> frozenset[str]:
        """The hexes of the named board regions together (a scenario's set-up or entry areas);
        kept, as every set-up order is checked against it."""
        regions = tuple(regions)
        found = self._areas.get(regions)
        if found is None:
            cells: set[str] = set()
            for name in regions:
                cells |= self.board.region(name)
            found = self._areas[regions] = frozenset(cells)
        return found

    @cached_property
    def _areas(self) -> dict[tuple[str, ...], frozenset[str]]:
        return {}

    def has_radar(self, side: str, ships: tuple[str, ...]) -> bool:
        """Basic III.B.3.b: a radar ship among ``ships`` (the Task Force observes on the radar
        line too). Kept by make-up: asked for every Task Force whenever observers are listed."""
        key = (side, ships)
        found = self._radar.get(key)
        if found is None:
            found = self._radar[key] = any(self.ship(side, t).ship_class.radar for t in ships)
        return found

    @cached_property
    def _radar(self) -> dict[tuple[str, tuple[str, ...]], bool]:
        return {}

    def sight_row(self, line: str, flying: bool, high: bool, night: bool) -> tuple[int, ...]:
        """Basic III.B: the condition number an observer on ``line`` of the Observation Chart
        gives a unit at each distance (0: none), night's modifier counted (a radar sees no
        Low Altitude plane, III.B.3.b). Kept: asked for every observer at every hex observed."""
        key = (line, flying, high, night)
        found = self._sight_rows.get(key)
        if found is None:
            table = self.data.charts.observation
            mod = table.modifiers.get("night", {}).get(line) if night else None
            change = ((mod.air if flying else mod.surface) or 0) if mod is not None else 0
            row = []
            for sight in table.lines.get(line, ()):
                n = sight.air if flying else sight.surface
                row.append(0 if n is None or (line == "radar" and flying and not high) else max(0, n + change))
            found = self._sight_rows[key] = tuple(row)
        return found

    @cached_property
    def _sight_rows(self) -> dict[tuple[str, bool, bool, bool], tuple[int, ...]]:
        return {}

    @cached_property
    def _holders(self) -> dict[tuple[str, tuple[str, ...], bool], tuple[tuple[int, frozenset[str]], ...]]:
        return {}

    @cached_property
    def _handling(self) -> dict[tuple[str, tuple[str, ...], bool], Handling]:
        return {}

    # -- Task Forces -----------------------------------------------------------------------------
    def movement(self, tf: TaskForce, hits: Mapping[str, int]) -> int:
        """Basic VI.B.5: a Task Force moves at the speed of its slowest Ship unit, each ship's
        Movement Factor after its Hits (``hits`` by title, ``State.hits_of``; IX.K.4.b). The
        Hits are asked for, never defaulted: a rule that forgot them would move damaged ships
        at full speed."""
        key = (tf.side, tf.ships, tuple(hits.get(t, 0) for t in tf.ships) if hits else ())
        found = self._movement.get(key)
        if found is None:  # (asked for every plot the legal orders list: kept by make-up and Hits)
            speeds = []
            for t in tf.ships:
                c = self.ship(tf.side, t).ship_class
                speeds.append(ship_movement(c.movement, c.hits, hits.get(t, 0)))
            found = self._movement[key] = min(speeds, default=0)
        return found

    @cached_property
    def _movement(self) -> dict[tuple[str, tuple[str, ...], tuple[int, ...]], int]:
        return {}

    def holders(self, box: TaskForce | BaseBox) -> tuple[tuple[int, frozenset[str]], ...]:
        """Every ship (or the base) that holds planes: its Plane Capacity and Plane Types."""
        if isinstance(box, BaseBox):
            h = self.bases[box.id].handling
            return ((h.capacity, h.planes),)
        if box.unorganized:  # Basic VI.D: no box, so no planes aboard
            return ()
        # Kept by make-up, as ``handling`` is: the legal Transfers at set-up ask for 500 boxes.
        key = (box.side, box.ships, box.seaplane_base)
        found = self._holders.get(key)
        if found is None:
            found = self._holders[key] = self._holders_of(box)
        return found

    def _holders_of(self, box: TaskForce) -> tuple[tuple[int, frozenset[str]], ...]:
        out = []
        for title in box.ships:
            c = self.ship(box.side, title).ship_class
            if c.capacity:
                if box.seaplane_base and c.type == SEAPLANE_TENDER:  # Basic VI.I.2.b
                    out.append((2 * c.capacity, frozenset((*c.planes, SEAPLANE))))
                else:
                    out.append((c.capacity, frozenset(c.planes)))
        return tuple(out)

    def handling(self, box: TaskForce | BaseBox) -> Handling:
        """Basic IV.B.1-2: a Task Force's Plane Capacity and Ready Factor are the sums of its
        ships'; so are its Launch Factors (read the same way). A Base's Launch Factors are those
        its Hits leave (IX.K.3.a): every rule that counts take-offs and landings reads them here.
        (Hits on Ship units cut only speed, IX.K.4: a Task Force's handling is its ships'.)"""
        if isinstance(box, BaseBox):
            printed = self.bases[box.id].handling
            if not box.hits:
                return printed
            launch = launch_after_hits(printed.launch, box.hits, self.data.bases.hit_effects)
            return Handling(printed.capacity, printed.ready, launch, printed.planes)
        if box.unorganized:  # Basic VI.D: its planes would need a Task Force Box
            return Handling(0, 0, (0, 0, 0), frozenset())
        key = (box.side, box.ships, box.seaplane_base)
        found = self._handling.get(key)
        if found is None:
            found = self._handling[key] = self._sum(box)
        return found

    def _sum(self, box: TaskForce) -> Handling:
        classes = [self.ship(box.side, t).ship_class for t in box.ships]
        # Basic VI.I.2.b: a Seaplane Tender that established a Temporary Seaplane Base has doubled
        # Plane Capacity and Launch Factors and handles Mavis seaplanes.
        twice = [2 if box.seaplane_base and c.type == SEAPLANE_TENDER else 1 for c in classes]
        extra = (SEAPLANE,) if box.seaplane_base and any(n == 2 for n in twice) else ()
        return Handling(
            capacity=sum(c.capacity * n for c, n in zip(classes, twice, strict=True)),
            ready=sum(c.ready for c in classes),
            launch=(
                sum(c.launch[0] * n for c, n in zip(classes, twice, strict=True)),
                sum(c.launch[1] * n for c, n in zip(classes, twice, strict=True)),
                sum(c.launch[2] * n for c, n in zip(classes, twice, strict=True)),
            ),
            planes=frozenset((*(p for c in classes for p in c.planes), *extra)),
        )

    def takes(self, box: TaskForce | BaseBox, plane: str) -> bool:
        """Basic IV.B.3: the box has a ship (or is a base) that may land and launch ``plane``."""
        return any(plane in types for _cap, types in self.holders(box))

    def fits(self, box: TaskForce | BaseBox, stacks: Iterable[Planes]) -> bool:
        """Basic IV.B.1 and II.B.1: the planes fit aboard, each ship holding no more than its
        Plane Capacity and only its Plane Types. By Hall's theorem they fit exactly when every
        set of plane types present has room enough on the ships that take any of them."""
        load: dict[str, int] = {}
        for s in stacks:
            load[s.plane] = load.get(s.plane, 0) + s.factors
        types = sorted(p for p, n in load.items() if n)
        if isinstance(box, BaseBox):
            key: tuple[object, ...] = (box.id,)
        else:
            key = (box.side, box.ships, box.seaplane_base, box.unorganized)
        key += tuple((p, load[p]) for p in types)
        found = self._fits.get(key)
        if found is None:  # (kept by make-up and load: asked for every reorganization the legal orders list)
            found = self._fits[key] = self._fit(self.holders(box), types, load)
        return found

    @cached_property
    def _fits(self) -> dict[tuple[object, ...], bool]:
        return {}

    @staticmethod
    def _fit(holders: list[tuple[int, frozenset[str]]], types: list[str], load: dict[str, int]) -> bool:
        for k in range(1, len(types) + 1):
            for group in combinations(types, k):
                need = sum(load[p] for p in group)
                room = sum(cap for cap, taken in holders if taken.intersection(group))
                if need > room:
                    return False
        return True

    # -- where things are ------------------------------------------------------------------------
    def box_hex(self, box: TaskForce | BaseBox) -> str | None:
        if isinstance(box, TaskForce):
            return box.hex if box.on_map else None
        return box.hex

    def air_entry_hexes(self, base_id: str) -> frozenset[str]:
        """Basic VIII.G.1: the Air Entry Hexes bearing the off-board base's letter."""
        letter = self.bases[base_id].letter
        cells: set[str] = set()
        for region in self.board.regions("air-entry"):
            if region.data.get("base") == letter:
                cells |= region
        return frozenset(cells)

    def edge(self, hex_: str) -> bool:
        """An edge hex of the mapboard (fewer than six neighbours): where ships enter and exit."""
        return len(self.board.neighbors(hex_)) < 6

    def friendly_boxes_at(self, state: State, side: str, hex_: str) -> list[TaskForce | BaseBox]:
        boxes = [b for b in state.boxes(side) if not (isinstance(b, TaskForce) and b.unorganized)]
        return [b for b in boxes if self.box_hex(b) == hex_]  # (an Unorganized Ship unit has no box: VI.D)
