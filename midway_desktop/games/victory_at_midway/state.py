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

import functools
import operator
from collections.abc import Iterable, Mapping
from dataclasses import field
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from midway_desktop.games.victory_at_midway.units import GAME, MIDWAY_BASE, Catalogue
from midway_desktop.geometry import Board, load_board
from midway_desktop.geometry.needs import require
from midway_desktop.ruleset import ruleset_dir
from midway_desktop.values import frozen_value

US = "us"
JAPAN = "japan"
SIDES = (US, JAPAN)
MIDWAY = "H6"

# What the rules read of the board: the entry column, the exits, the islands' search references
# (VaM › Entry of Japanese Units, Exiting the Map, Wake and Johnston Islands), and the hexes the
# text names (Midway, Kure, N5 for the US set-up, the solitaire set-up and doctrine's hexes).
NEEDED_REGIONS: dict[str, int | None] = {
    "japanese-entry": None,
    "us-exit": None,
    "japanese-exit": None,
    "wake-search": 1,
    "johnston-search": 1,
}
NEEDED_HEXES = ("A5", "E4", "E5", "F5", "F6", "G6", "H5", "H6", "I4", "I5", "J4", "K4", "K5", "L4", "L5", "M4", "N5")

SHIP_OFF_MAP = frozenset({"unplaced", "entry", "withdrawn", "sunk"})
AIR_ON_BASE = frozenset({"ready", "notready", "notready2", "trapped"})


T = TypeVar("T")
# Who acts in a position is asked many times over (the runner, the rules, the sequence): worked
# out once, it is kept with the position itself, outside its fields (see ``sequence.to_act``).
TO_ACT = "_to_act"
_object_new = object.__new__
_object_setattr = object.__setattr__


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass value with some fields changed: ``dataclasses.replace``
    without re-running ``__init__`` (the rules make many of these; this is several times faster)."""
    cls = obj.__class__
    if cls is UnitState:
        # Built field by field: ``_replace`` goes through ``_make`` and a map, several times slower.
        loc, reduced, base, formation, moved = obj  # type: ignore[misc]
        pop = changes.pop  # (a fresh dict each call: what is left over names no field)
        new_unit = _tuple_new(
            UnitState,
            (pop("loc", loc), pop("reduced", reduced), pop("base", base), pop("formation", formation),
             pop("moved", moved)),
        )  # fmt: skip
        if changes:
            raise TypeError(f"UnitState has no field {set(changes)}")
        return new_unit  # type: ignore[no-any-return]
    # One copy of the old field dict, handed to the new object: filling an empty instance dict
    # field by field grows it several times (a position has some thirty fields).
    d = obj.__dict__.copy()
    d.pop(TO_ACT, None)  # a new position works out its own
    n = len(d)
    d.update(changes)
    if len(d) != n:  # a name that is no field grew the dict
        raise TypeError(f"{cls.__name__} has no field {set(changes) - set(obj.__dict__)}")
    new = _object_new(cls)
    _object_setattr(new, "__dict__", d)
    return new


def other(side: str) -> str:
    return JAPAN if side == US else US


def side_name(side: str) -> str:
    return "US" if side == US else "Japan"


class UnitState(NamedTuple):
    """Where a unit is and its condition (a small immutable tuple: the rules make many)."""

    loc: str
    reduced: bool = False
    base: str = ""  # aircraft: the carrier or "Midway" it is based on now
    formation: str = ""  # ships: the Task Force / Fleet holding box it is in
    moved: int = 0  # ships: the turn it last moved, entered or exited


_tuple_new = tuple.__new__
# A UnitState from its five values in order, without the NamedTuple's Python-level ``__new__``
# (the batch appliers move, launch and land many units at once).
make_unit = functools.partial(_tuple_new, UnitState)


@frozen_value
class Flight:
    """An air unit in the air this turn: what it flies and from where."""

    unit: str
    kind: str  # "strike" (incl. escorts), "midway" (base strike), "cap"
    target: str  # the hex it flies to (CAP: the hex it patrols)
    launch: str  # the hex it took off from
    wave: int = 0
    found: bool | None = None  # finding the enemy: None until rolled


@frozen_value
class Search:
    """A search marker put on a hex this turn: whose, by air or ship, and its scout."""

    side: str
    kind: str  # "air" or "ship"
    hex: str
    scout: str = ""  # Extra Scouts: the bomber flying this air search


@frozen_value
class Sighting:
    """An Enemy Carrier(s)/Ships Sighted marker: ``side`` saw enemy ships in ``hex``."""

    turn: int
    side: str
    hex: str
    carriers: bool


@frozen_value
class Battle:
    """A fight in sight of both players: an air strike (``kind`` "air") or a naval combat —
    a submarine attack ("sub"), a surface battle ("surface"), a bombardment of Midway
    ("bombard") or a round of invasion combat ("invasion")."""

    attacker: str
    hex: str
    base: bool  # a Midway base strike (ground units and Midway's fighters defend)
    stage: str  # cap, air-targets, return-fire, aa-targets, bomb-targets, airfield-losses; naval: see naval.py
    defenders: tuple[str, ...] = ()  # ships (or ground units) deployed
    strike: tuple[str, ...] = ()  # attacking air units that found the enemy (naval: the attacking units)
    cap: tuple[str, ...] = ()
    rounds: tuple[str, ...] = ()  # sides whose fighters still fire, current first
    orders: tuple[tuple[str, str], ...] = ()  # (firer, target) chosen this segment
    pending: tuple[tuple[str, tuple[str, ...]], ...] = ()  # air-to-air: (target, firers) still to fire
    returning: str = ""  # the unit choosing whom to return fire at
    losses: int = 0  # Midway air units still to be eliminated (US choice)
    kind: str = "air"
    out: tuple[str, ...] = ()  # submarines screened off by destroyers (they do not fire)
    needed: int = 0  # orders that complete the current segment (counted at its first order)

    @property
    def defender(self) -> str:
        return other(self.attacker)

    @property
    def actor(self) -> str:
        if self.kind != "air":
            if self.stage == "screen-targets":
                return self.defender
            if self.stage == "airfield-losses":
                return US
            return self.rounds[0]
        if self.stage == "cap" or self.stage == "aa-targets":
            return self.defender
        if self.stage == "air-targets":
            return self.rounds[0]
        if self.stage == "return-fire":
            return other(self.rounds[0])
        if self.stage == "airfield-losses":
            return US
        return self.attacker


@frozen_value
class State:
    """The whole game at one moment: the turn and step, every unit, and all that is in play."""

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
    solitaire: bool = False  # the solitaire scenario: the Japanese doctrine moves Japan
    declared: tuple[tuple[str, str, str], ...] = ()  # naval attacks this turn: (kind, side, hex)
    engaged: frozenset[str] = frozenset()  # ships that fought a surface action this turn
    kure: int = 0  # turn ST11 began building the Kure seaplane base (optional rule)
    kure_closed: bool = False  # the Kure base is permanently closed
    reserves: tuple[str, ...] = ()  # carriers whose Reserve Zekes have been used
    banked: tuple[tuple[str, float], ...] = ()  # VPs earned besides hits on units: (side, VPs)
    landed: int = 0  # the turn Japanese ground units first landed on Midway
    airfield_closed: bool = False  # Midway's airfield shut down for good (Invasion Combat)
    # In a sealed step, the position when it began: what the odds take a side's unrevealed orders
    # back out against (``hidden.before_the_reveal``). Not a part of the position itself.
    step_start: State | None = field(default=None, compare=False, repr=False)
    # A side that has sealed ``step`` and gone on to a later step of its run (``sequence.RUNS``)
    # before the other side has sealed it: (side, the step it gives orders in). ``sealed`` then
    # holds the sides that sealed their own step.
    ahead: tuple[tuple[str, str], ...] = ()

    def opt(self, name: str) -> bool:
        return name in self.options


@frozen_value
class Game:
    """The fixed context: counters, map and index (shared, never changed)."""

    cat: Catalogue
    board: Board
    ids: tuple[str, ...] = field(init=False)
    index: Mapping[str, int] = field(init=False)
    _ships: dict[str | None, tuple[tuple[str, int], ...]] = field(init=False, repr=False, compare=False)
    _planes: dict[str | None, tuple[tuple[str, int], ...]] = field(init=False, repr=False, compare=False)
    _within: dict[tuple[str, int], frozenset[str]] = field(init=False, repr=False, compare=False)
    _ship_pick: dict[str | None, tuple[tuple[str, ...], Any]] = field(init=False, repr=False, compare=False)
    _plane_pick: dict[str | None, tuple[tuple[str, ...], Any]] = field(init=False, repr=False, compare=False)
    side_by_unit: Mapping[str, str] = field(init=False, repr=False, compare=False)
    subs: frozenset[str] = field(init=False, repr=False, compare=False)
    carriers: frozenset[str] = field(init=False, repr=False, compare=False)
    bombers: frozenset[str] = field(init=False, repr=False, compare=False)  # air units of type H, D or T
    fighters: frozenset[str] = field(init=False, repr=False, compare=False)
    heavies: frozenset[str] = field(init=False, repr=False, compare=False)  # the US H unit(s)
    fog_hexes: frozenset[str] = field(init=False, repr=False, compare=False)
    carriers_of: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    speeds: Mapping[str, tuple[float, float]] = field(init=False, repr=False, compare=False)  # ship: (full, reduced)
    cargo: Mapping[str, str] = field(init=False, repr=False, compare=False)  # transport -> its battalion
    group_ships: Mapping[str, tuple[tuple[str, int], ...]] = field(init=False, repr=False, compare=False)
    form_of: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)  # ship -> box -> Form
    form_memo: dict[Any, Any] = field(init=False, repr=False, compare=False)
    ship_span: Mapping[str, tuple[int, int]] = field(init=False, repr=False, compare=False)
    memo: dict[Any, Any] = field(init=False, repr=False, compare=False)  # caches of derived values

    def __post_init__(self) -> None:
        ids = self.cat.unit_ids()
        index = {u: i for i, u in enumerate(ids)}
        object.__setattr__(self, "ids", ids)
        object.__setattr__(self, "index", index)
        sides = {s.id: s.side for s in self.cat.ships}
        sides.update({a.id: a.side for a in self.cat.aircraft})
        sides.update({g.id: g.side for g in self.cat.ground})
        object.__setattr__(self, "side_by_unit", sides)
        object.__setattr__(self, "subs", frozenset(s.id for s in self.cat.ships if s.sub))
        object.__setattr__(self, "carriers", frozenset(s.id for s in self.cat.ships if s.carrier))
        object.__setattr__(self, "bombers", frozenset(a.id for a in self.cat.aircraft if a.bomber))
        object.__setattr__(self, "fighters", frozenset(a.id for a in self.cat.aircraft if a.fighter))
        object.__setattr__(self, "heavies", frozenset(a.id for a in self.cat.aircraft if a.type == "H"))
        object.__setattr__(
            self, "carriers_of", {side: tuple(s.id for s in self.cat.ships if s.carrier and s.side == side)
                                  for side in SIDES}
        )  # fmt: skip
        object.__setattr__(self, "speeds", {x.id: (x.speed, x.reduced_speed) for x in self.cat.ships})
        object.__setattr__(self, "cargo", {g.start: g.id for g in self.cat.ground if self.cat.is_ship(g.start)})
        object.__setattr__(self, "group_ships", {g.id: tuple((x, index[x]) for x in g.ships) for g in self.cat.groups})
        fog = self.board.region("fog") if "fog" in self.board.region_names() else frozenset()
        object.__setattr__(self, "fog_hexes", frozenset(fog))
        object.__setattr__(self, "memo", {})
        object.__setattr__(self, "form_of", {})
        object.__setattr__(self, "form_memo", {})
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

        def pick(pairs: tuple[tuple[str, int], ...]) -> tuple[tuple[str, ...], Any]:
            return tuple(p[0] for p in pairs), operator.itemgetter(*(p[1] for p in pairs))

        object.__setattr__(self, "_ship_pick", {k: pick(v) for k, v in ships.items()})
        object.__setattr__(self, "_plane_pick", {k: pick(v) for k, v in planes.items()})
        spans = {}
        for side in SIDES:
            idx = [i for _sid, i in ships[side]]
            if idx != list(range(idx[0], idx[-1] + 1)):
                raise ValueError(f"the {side} ships must stand together in the catalogue")
            spans[side] = (idx[0], idx[-1] + 1)
        object.__setattr__(self, "ship_span", spans)
        object.__setattr__(self, "_within", {})

    def within(self, hex_: str, n: int) -> frozenset[str]:
        """``board.within``, remembered (the map never changes)."""
        found = self._within.get((hex_, n))
        if found is None:
            found = self._within[(hex_, n)] = frozenset(self.board.within(hex_, n))
        return found

    def toward(self, here: str, target: str) -> str:
        """``board.toward``, remembered: the next hex on the straightest line."""
        k = ("toward", here, target)
        found = self.memo.get(k)
        if found is None:
            found = self.memo[k] = self.board.toward(here, target)
        return found  # type: ignore[no-any-return]

    def distance(self, a: str, b: str) -> int:
        k = ("distance", a, b)
        found = self.memo.get(k)
        if found is None:
            found = self.memo[k] = self.board.distance(a, b)
        return found  # type: ignore[no-any-return]

    @staticmethod
    def load(cat: Catalogue, folder: Path | None = None) -> Game:
        """The game on the board of ``folder`` (the bundled ruleset's if ``None``), refused in one
        line if the board lacks a region or a hex the rules name."""
        base = folder if folder is not None else ruleset_dir(GAME)
        board = load_board(base)
        require(board, base / "board.yaml", NEEDED_REGIONS, NEEDED_HEXES, {"wake-search": ("island",),
                                                                          "johnston-search": ("island",)})  # fmt: skip
        return Game(cat, board)

    # -- reading units ---------------------------------------------------------------------
    def u(self, state: State, unit: str) -> UnitState:
        return state.units[self.index[unit]]

    def side_of(self, unit: str) -> str:
        return self.side_by_unit[unit]

    def ships(self, state: State, side: str | None = None) -> Iterable[tuple[str, UnitState]]:
        """(id, condition) of each of the side's ships (all ships for ``None``), to iterate once."""
        ids, get = self._ship_pick[side]
        return zip(ids, get(state.units))

    def ships_at(self, state: State, hex_: str, side: str | None = None, subs: bool = True) -> list[str]:
        units = state.units
        if subs:
            return [sid for sid, i in self._ships[side] if units[i].loc == hex_]
        no = self.subs
        return [sid for sid, i in self._ships[side] if units[i].loc == hex_ and sid not in no]

    def aircraft(self, state: State, side: str | None = None) -> Iterable[tuple[str, UnitState]]:
        """(id, condition) of each of the side's air units (all for ``None``), to iterate once."""
        ids, get = self._plane_pick[side]
        return zip(ids, get(state.units))

    def based_at(self, state: State, base: str, locs: frozenset[str] = AIR_ON_BASE) -> list[str]:
        units = state.units
        return [a for a, i in self._planes[None] if units[i].base == base and units[i].loc in locs]

    def ground_on_midway(self, state: State, side: str) -> list[str]:
        units, index = state.units, self.index
        return [g.id for g in self.cat.ground if g.side == side and units[index[g.id]].loc == MIDWAY_BASE]

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
        units = state.units
        for _sid, i in self._ships[side]:
            st = units[i]
            if st.formation == name and st.loc not in SHIP_OFF_MAP:
                return st.loc
        return None

    def members(self, state: State, side: str, name: str) -> list[str]:
        """The ships in a Task Force / Fleet holding box, on the map."""
        units = state.units
        return [sid for sid, i in self._ships[side] if units[i].formation == name and units[i].loc not in SHIP_OFF_MAP]

    def in_fog(self, state: State, hex_: str) -> bool:
        """VaM › Optional Rules › Fog: the hex is in the fog area and the fog has not lifted."""
        return state.fog and hex_ in self.fog_hexes

    def night(self, state: State) -> bool:
        """VaM › The Turn Sequence, design note: turns 6, 7, 13, 14, 20 and 21 are night turns."""
        return self.cat.turns.is_night(state.turn)


def carriers_seen(game: Game, state: State, units: Iterable[str]) -> State:
    """VaM › Setup › Japanese Turn 13 Group: the Japanese have sighted a US carrier or carrier air
    unit once one is deployed in a battle, in sight of both players (as the search results'
    "Carriers in X" does); the turn of the first such sighting is kept."""
    if state.carrier_sighted:
        return state
    cat = game.cat
    for u in units:
        if game.side_by_unit.get(u) != US:
            continue
        if u in game.carriers or (cat.is_aircraft(u) and cat.plane(u).home != MIDWAY_BASE):
            return evolve(state, carrier_sighted=state.turn)
    return state


def sightings_since(state: State, since: int) -> list[Sighting]:
    """The Enemy Ships/Carriers Sighted markers placed on turn ``since`` or later (markers are
    kept in the order they were placed, so only the newest are read)."""
    out = []
    for s in reversed(state.sightings):
        if s.turn < since:
            break
        out.append(s)
    out.reverse()
    return out


def set_units(game: Game, state: State, changes: Mapping[str, UnitState]) -> State:
    """The state with some units' conditions replaced."""
    if not changes:
        return state
    units = list(state.units)
    index = game.index
    for unit, value in changes.items():
        units[index[unit]] = value
    return evolve(state, units=tuple(units))


def change(game: Game, state: State, unit: str, **values: Any) -> State:
    return set_units(game, state, {unit: evolve(game.u(state, unit), **values)})
