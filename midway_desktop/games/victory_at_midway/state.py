"""The position: an immutable snapshot of every unit, order and marker.

Units are kept in the catalogue's order (ships, aircraft, ground units) as small
:class:`UnitState` values; where a unit is reads as one word or a hex label:

- ships: ``"unplaced"`` (set-up), ``"entry"`` (Japanese, not yet entered), a hex, ``"withdrawn"``
  or ``"sunk"``;
- aircraft: ``"ready"``, ``"notready"``, ``"notready2"`` (the H unit's second turn),
  ``"trapped"``, ``"aloft"`` (with a :class:`Flight`), ``"lost"``, ``"ditched"`` or ``"withdrawn"``;
- ground units: ``"Midway"``, a transport id, or ``"lost"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE, Catalogue
from midway_desktop.geometry import Board, load_board

US = "us"
JAPAN = "japan"
SIDES = (US, JAPAN)
MIDWAY = "H6"

SHIP_OFF_MAP = frozenset({"unplaced", "entry", "withdrawn", "sunk"})
AIR_ON_BASE = frozenset({"ready", "notready", "notready2", "trapped"})


def other(side: str) -> str:
    return JAPAN if side == US else US


def side_name(side: str) -> str:
    return "US" if side == US else "Japan"


@dataclass(frozen=True)
class UnitState:
    loc: str
    reduced: bool = False
    base: str = ""  # aircraft: the carrier or "Midway" it is based on now
    formation: str = ""  # ships: the Task Force / Fleet holding box it is in
    moved: int = 0  # ships: the turn it last moved, entered or exited


@dataclass(frozen=True)
class Flight:
    """An air unit in the air this turn: what it flies and from where."""

    unit: str
    kind: str  # "strike" (incl. escorts), "midway" (base strike), "cap"
    target: str  # the hex it flies to (CAP: the hex it patrols)
    launch: str  # the hex it took off from
    wave: int = 0
    found: bool | None = None  # finding the enemy: None until rolled


@dataclass(frozen=True)
class Search:
    side: str
    kind: str  # "air" or "ship"
    hex: str


@dataclass(frozen=True)
class Sighting:
    """An Enemy Carrier(s)/Ships Sighted marker: ``side`` saw enemy ships in ``hex``."""

    turn: int
    side: str
    hex: str
    carriers: bool


@dataclass(frozen=True)
class Battle:
    """An air strike being resolved in sight of both players."""

    attacker: str
    hex: str
    base: bool  # a Midway base strike (ground units and Midway's fighters defend)
    stage: str  # cap, air-targets, return-fire, aa-targets, bomb-targets, airfield-losses
    defenders: tuple[str, ...] = ()  # ships (or ground units) deployed
    strike: tuple[str, ...] = ()  # attacking air units that found the enemy
    cap: tuple[str, ...] = ()
    rounds: tuple[str, ...] = ()  # sides whose fighters still fire, current first
    orders: tuple[tuple[str, str], ...] = ()  # (firer, target) chosen this segment
    pending: tuple[tuple[str, tuple[str, ...]], ...] = ()  # air-to-air: (target, firers) still to fire
    returning: str = ""  # the unit choosing whom to return fire at
    losses: int = 0  # Midway air units still to be eliminated (US choice)

    @property
    def defender(self) -> str:
        return other(self.attacker)

    @property
    def actor(self) -> str:
        if self.stage == "cap" or self.stage == "aa-targets":
            return self.defender
        if self.stage == "air-targets":
            return self.rounds[0]
        if self.stage == "return-fire":
            return other(self.rounds[0])
        if self.stage == "airfield-losses":
            return US
        return self.attacker


@dataclass(frozen=True)
class State:
    turn: int
    step: str
    units: tuple[UnitState, ...]
    options: frozenset[str] = frozenset()
    sealed: frozenset[str] = frozenset()
    flights: tuple[Flight, ...] = ()
    searches: tuple[Search, ...] = ()
    announced: bool = False
    sightings: tuple[Sighting, ...] = ()
    fog: bool = False  # fog still lies on its area (optional rule)
    carrier_sighted: int = 0  # turn Japan first sighted a US carrier or carrier air unit
    airfield_hits: int = 0
    resolved: tuple[str, ...] = ()  # strike keys resolved this turn
    battle: Battle | None = None
    revealed: frozenset[str] = frozenset()  # units the enemy has seen deployed in battle
    conceded: str = ""
    ended: str = ""  # why the game ended ("" while it goes on)

    def opt(self, name: str) -> bool:
        return name in self.options


@dataclass(frozen=True)
class Game:
    """The fixed context: counters, map and index (shared, never changed)."""

    cat: Catalogue
    board: Board
    ids: tuple[str, ...] = field(init=False)
    index: Mapping[str, int] = field(init=False)
    _ships: dict[str | None, tuple[tuple[str, int], ...]] = field(init=False, repr=False, compare=False)
    _planes: dict[str | None, tuple[tuple[str, int], ...]] = field(init=False, repr=False, compare=False)
    _within: dict[tuple[str, int], frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids = self.cat.unit_ids()
        index = {u: i for i, u in enumerate(ids)}
        object.__setattr__(self, "ids", ids)
        object.__setattr__(self, "index", index)
        # (id, position) lists by side, so the hot loops skip the catalogue lookups.
        ships: dict[str | None, tuple[tuple[str, int], ...]] = {
            s: tuple((x.id, index[x.id]) for x in self.cat.ships if x.side == s) for s in SIDES
        }
        planes: dict[str | None, tuple[tuple[str, int], ...]] = {
            s: tuple((x.id, index[x.id]) for x in self.cat.aircraft if x.side == s) for s in SIDES
        }
        ships[None] = ships[US] + ships[JAPAN]
        planes[None] = planes[US] + planes[JAPAN]
        object.__setattr__(self, "_ships", ships)
        object.__setattr__(self, "_planes", planes)
        object.__setattr__(self, "_within", {})

    def within(self, hex_: str, n: int) -> frozenset[str]:
        """``board.within``, remembered (the map never changes)."""
        found = self._within.get((hex_, n))
        if found is None:
            found = self._within[(hex_, n)] = frozenset(self.board.within(hex_, n))
        return found

    @staticmethod
    def load(cat: Catalogue) -> Game:
        return Game(cat, load_board("victory-at-midway"))

    # -- reading units ---------------------------------------------------------------------
    def u(self, state: State, unit: str) -> UnitState:
        return state.units[self.index[unit]]

    def side_of(self, unit: str) -> str:
        return self.cat.side_of(unit)

    def ships(self, state: State, side: str | None = None) -> Iterable[tuple[str, UnitState]]:
        units = state.units
        return [(sid, units[i]) for sid, i in self._ships[side]]

    def ships_at(self, state: State, hex_: str, side: str | None = None, subs: bool = True) -> list[str]:
        return [sid for sid, st in self.ships(state, side) if st.loc == hex_ and (subs or not self.cat.ship(sid).sub)]

    def aircraft(self, state: State, side: str | None = None) -> Iterable[tuple[str, UnitState]]:
        units = state.units
        return [(aid, units[i]) for aid, i in self._planes[side]]

    def based_at(self, state: State, base: str, locs: frozenset[str] = AIR_ON_BASE) -> list[str]:
        return [a for a, st in self.aircraft(state) if st.base == base and st.loc in locs]

    def ground_on_midway(self, state: State, side: str) -> list[str]:
        return [g.id for g in self.cat.ground if g.side == side and self.u(state, g.id).loc == MIDWAY_BASE]

    def flight(self, state: State, unit: str) -> Flight | None:
        for f in state.flights:
            if f.unit == unit:
                return f
        return None

    def base_hex(self, state: State, base: str) -> str | None:
        """Where a base is: Midway's hex, or its carrier's hex while on the map."""
        if base == MIDWAY_BASE:
            return MIDWAY
        loc = self.u(state, base).loc
        return None if loc in SHIP_OFF_MAP else loc

    def formation_hex(self, state: State, side: str, name: str) -> str | None:
        for _sid, st in self.ships(state, side):
            if st.formation == name and st.loc not in SHIP_OFF_MAP:
                return st.loc
        return None

    def members(self, state: State, side: str, name: str) -> list[str]:
        return [sid for sid, st in self.ships(state, side) if st.formation == name and st.loc not in SHIP_OFF_MAP]

    def in_fog(self, state: State, hex_: str) -> bool:
        return state.fog and hex_ in self.board.region("fog")

    def night(self, state: State) -> bool:
        return self.cat.turns.is_night(state.turn)


def set_units(game: Game, state: State, changes: Mapping[str, UnitState]) -> State:
    """The state with some units' conditions replaced."""
    if not changes:
        return state
    units = list(state.units)
    for unit, value in changes.items():
        units[game.index[unit]] = value
    return replace(state, units=tuple(units))


def change(game: Game, state: State, unit: str, **fields: Any) -> State:
    return set_units(game, state, {unit: replace(game.u(state, unit), **fields)})
