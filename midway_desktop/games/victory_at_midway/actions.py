"""What a player can do in Victory at Midway, step by step of the turn sequence.

Sealed orders (set-up, ship movement, searches, strikes, air preparation, landing) are given
one at a time and closed with :class:`Done`; the other side sees only that they are sealed.
:class:`Orders` carries a whole batch of them in one action (how the bots play, and how a
player's orders for a step can be sent at once).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from typing import Any, ClassVar

from midway_desktop.engine.actions import Action, action


def piece_words(piece: str) -> str:
    """A piece as a player names it: the Japanese entry groups are the piles of VaM › Japanese
    Setup, named by their entry turn ("the Turn 13 group"); ships and markers by their own name."""
    return f"the Turn {piece} group" if piece.isdigit() else piece


@action
class Done(Action):
    """Seal this step's orders (or, in a battle, end a choice such as CAP)."""

    type_name: ClassVar[str] = "done"

    def describe(self) -> str:
        return "done"


@action
class Concede(Action):
    """VaM › Ending a Game: a player may concede when winning has become impossible."""

    type_name: ClassVar[str] = "concede"

    def describe(self) -> str:
        return "concede the game"


@action
class Place(Action):
    """Set-up: put a ship, or a Task Force marker with its ships, in a hex."""

    piece: str
    hex: str
    type_name: ClassVar[str] = "place"

    def describe(self) -> str:
        return f"set up {self.piece} in {self.hex}"


@action
class Form(Action):
    """Put a ship in a Task Force / Fleet holding box (``formation`` "" takes it out)."""

    ship: str
    formation: str
    type_name: ClassVar[str] = "form"

    def describe(self) -> str:
        return f"{self.ship} joins {self.formation}" if self.formation else f"{self.ship} leaves its box"


@action
class Move(Action):
    """Move a ship or a Task Force / Fleet marker to an adjacent hex."""

    piece: str
    to: str
    type_name: ClassVar[str] = "move"

    def describe(self) -> str:
        return f"{self.piece} to {self.to}"


@action
class Enter(Action):
    """Japanese entry: a group or a ship comes on in a hex of column A (into a Fleet box if named)."""

    piece: str
    hex: str
    fleet: str = ""
    type_name: ClassVar[str] = "enter"

    def describe(self) -> str:
        into = f" as {self.fleet}" if self.fleet else ""
        return f"{piece_words(self.piece)} enters at {self.hex}{into}"


@action
class Forgo(Action):
    """Japanese: forgo the entry of a group or ship (it counts as withdrawn)."""

    piece: str
    type_name: ClassVar[str] = "forgo"

    def describe(self) -> str:
        return f"forgo the entry of {piece_words(self.piece)}"


@action
class Exit(Action):
    """Move a ship or Task Force / Fleet off its side's map edge (withdrawn for good)."""

    piece: str
    type_name: ClassVar[str] = "exit"

    def describe(self) -> str:
        return f"{self.piece} leaves the map"


@action
class MidwayStrike(Action):
    """Japanese: put a Ready air unit in the Midway Airstrike Holding Box."""

    unit: str
    type_name: ClassVar[str] = "midway-strike"

    def describe(self) -> str:
        return f"{self.unit} to the Midway base strike"


@action
class AssignSearch(Action):
    """Assign an air or ship search to a hex."""

    kind: str
    hex: str
    type_name: ClassVar[str] = "search"

    def describe(self) -> str:
        return f"{self.kind} search in {self.hex}"


@action
class Strike(Action):
    """Send a Ready air unit to strike a hex, in wave ``wave`` of that target."""

    unit: str
    hex: str
    wave: int = 1
    type_name: ClassVar[str] = "strike"

    def describe(self) -> str:
        return f"{self.unit} strikes {self.hex} (wave {self.wave})"


@action
class Resolve(Action):
    """Announce which of your air strikes is resolved next (``base``: the Midway base strike)."""

    hex: str
    base: bool = False
    type_name: ClassVar[str] = "resolve"

    def describe(self) -> str:
        return "resolve the Midway base strike" if self.base else f"resolve the strike on {self.hex}"


@action
class Cap(Action):
    """Fly a Ready fighter as Combat Air Patrol over the battle hex."""

    unit: str
    type_name: ClassVar[str] = "cap"

    def describe(self) -> str:
        return f"{self.unit} flies CAP"


@action
class AirTarget(Action):
    """Give a fighter its target in air-to-air combat."""

    unit: str
    target: str
    type_name: ClassVar[str] = "air-target"

    def describe(self) -> str:
        return f"{self.unit} attacks {self.target}"


@action
class ReturnFire(Action):
    """A surviving air unit attacked by several fighters chooses which one it fires back at."""

    unit: str
    at: str
    type_name: ClassVar[str] = "return-fire"

    def describe(self) -> str:
        return f"{self.unit} returns fire at {self.at}"


@action
class AATarget(Action):
    """Give a ship (or ground unit) its bomber target for AA fire."""

    unit: str
    target: str
    type_name: ClassVar[str] = "aa-target"

    def describe(self) -> str:
        return f"{self.unit} fires AA at {self.target}"


@action
class BombTarget(Action):
    """Give a bomber its target ship (or ground unit)."""

    unit: str
    target: str
    type_name: ClassVar[str] = "bomb-target"

    def describe(self) -> str:
        return f"{self.unit} bombs {self.target}"


@action
class LoseAircraft(Action):
    """US: choose the air unit on Midway's field a hit on the Marines destroys."""

    unit: str
    type_name: ClassVar[str] = "lose-aircraft"

    def describe(self) -> str:
        return f"{self.unit} is destroyed on the field"


@action
class Prepare(Action):
    """Move one air unit from Not Ready to Ready (the H unit: Not Ready 2 to Not Ready)."""

    unit: str
    type_name: ClassVar[str] = "prepare"

    def describe(self) -> str:
        return f"prepare {self.unit}"


@action
class PrepareAll(Action):
    """Prepare every Not Ready air unit (and advance the H unit), then seal."""

    type_name: ClassVar[str] = "prepare-all"

    def describe(self) -> str:
        return "prepare all aircraft"


@action
class Land(Action):
    """Land an air unit on a carrier or on Midway."""

    unit: str
    base: str
    type_name: ClassVar[str] = "land"

    def describe(self) -> str:
        return f"{self.unit} lands on {self.base}"


@action
class Ditch(Action):
    """Ditch an air unit with no place to land."""

    unit: str
    type_name: ClassVar[str] = "ditch"

    def describe(self) -> str:
        return f"{self.unit} ditches"


@action
class Scout(Action):
    """Extra Scouts (optional): a Ready bomber flies an extra air search over a hex in range."""

    unit: str
    hex: str
    type_name: ClassVar[str] = "scout"

    def describe(self) -> str:
        return f"{self.unit} scouts {self.hex}"


@action
class BuildBase(Action):
    """Seaplane Tenders (optional): Japan announces that ST11 has begun building the Kure base."""

    type_name: ClassVar[str] = "build-base"

    def describe(self) -> str:
        return "begin building the seaplane base on Kure Atoll"


@action
class ReserveZeke(Action):
    """Reserve Zekes (optional): an eliminated 7-0-2 fighter returns Ready aboard Akagi or Kaga."""

    unit: str
    carrier: str
    type_name: ClassVar[str] = "reserve-zeke"

    def describe(self) -> str:
        return f"{self.unit} returns from the reserve aboard {self.carrier}"


@action
class SubAttack(Action):
    """Submarines (optional): announce a submarine attack in a hex holding your subs."""

    hex: str
    type_name: ClassVar[str] = "sub-attack"

    def describe(self) -> str:
        return f"submarine attack in {self.hex}"


@action
class SurfaceAttack(Action):
    """Announce a surface attack in a hex where your ships and enemy ships were found together."""

    hex: str
    type_name: ClassVar[str] = "surface-attack"

    def describe(self) -> str:
        return f"surface attack in {self.hex}"


@action
class Bombard(Action):
    """Midway Bombardment (optional): your BB and CA units in the Midway hex bombard the atoll."""

    type_name: ClassVar[str] = "bombard"

    def describe(self) -> str:
        return "bombard Midway"


@action
class GoAshore(Action):
    """Japanese: land a ground unit from its transport in the Midway hex (Declaring an Invasion)."""

    unit: str
    type_name: ClassVar[str] = "go-ashore"

    def describe(self) -> str:
        return f"{self.unit} goes ashore on Midway"


@action
class Screen(Action):
    """Submarine attack: give a defending destroyer unit the submarine it screens against."""

    unit: str
    target: str
    type_name: ClassVar[str] = "screen"

    def describe(self) -> str:
        return f"{self.unit} screens against {self.target}"


@action
class Fire(Action):
    """Give a firing unit its target in naval or invasion combat (subs, surface, bombardment,
    ground units)."""

    unit: str
    target: str
    type_name: ClassVar[str] = "fire"

    def describe(self) -> str:
        return f"{self.unit} fires at {self.target}"


@action
class Orders(Action):
    """A batch of this step's orders, each written ``(type, field, ...)`` as in a record, e.g.
    ``("strike", "Kaga-D1", "I5", "1")``; a sealed step is sealed after the last one (as by
    :class:`Done`). Each order must be legal when its turn comes; only the last may roll dice."""

    items: tuple[tuple[str, ...], ...] = ()
    type_name: ClassVar[str] = "orders"

    def describe(self) -> str:
        return f"{len(self.items)} order{'s' if len(self.items) != 1 else ''}"


ACTION_TYPES: tuple[type[Action], ...] = (
    Done,
    Concede,
    Place,
    Form,
    Move,
    Enter,
    Forgo,
    Exit,
    MidwayStrike,
    AssignSearch,
    Strike,
    Resolve,
    Cap,
    AirTarget,
    ReturnFire,
    AATarget,
    BombTarget,
    LoseAircraft,
    Prepare,
    PrepareAll,
    Land,
    Ditch,
    Scout,
    BuildBase,
    ReserveZeke,
    SubAttack,
    SurfaceAttack,
    Bombard,
    GoAshore,
    Screen,
    Fire,
    Orders,
)

BY_NAME: dict[str, type[Action]] = {t.type_name: t for t in ACTION_TYPES}
_READERS: dict[str, tuple[type[Action], tuple[tuple[str, Any], ...]]] = {}


def _reader(name: str) -> tuple[type[Action], tuple[tuple[str, Any], ...]]:
    found = _READERS.get(name)
    if found is None:
        cls = BY_NAME[name]
        kinds = tuple((f.name, f.type) for f in dataclasses.fields(cls) if f.name != "side")
        found = _READERS[name] = (cls, kinds)
    return found


_NAMES: dict[type, tuple[str, ...]] = {}
_ITEM = "_item"  # where an action keeps its item once written (actions are immutable values)
_DECODED = "_decoded"  # where a batch built from actions keeps them (see ``orders_of``)
_TEXT = "_text"  # where an action keeps its description once told
_new = object.__new__


def item(action: Action) -> tuple[str, ...]:
    """An order as one item of :class:`Orders`: its type and its fields as text."""
    d = action.__dict__
    found = d.get(_ITEM)
    if found is not None:
        return found  # type: ignore[no-any-return]
    # Written once per action: the shared orders (``make_*``) come back every turn.
    found = d[_ITEM] = _write(action)
    return found


def described(action: Action) -> str:
    """``action.describe()`` as the log tells it, a sentence with its capital ("Set up SS168 in
    H6"), remembered with the action (the log tells every order given)."""
    d = action.__dict__
    found = d.get(_TEXT)
    if found is None:
        text = action.describe()
        found = d[_TEXT] = text[:1].upper() + text[1:]
    return found  # type: ignore[no-any-return]


def _write(action: Action) -> tuple[str, ...]:
    cls = action.__class__
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.name != "side")
    out = [action.type_name]
    d = action.__dict__
    for name in names:
        value = d[name]
        out.append(value if value.__class__ is str else ("true" if value else "false") if isinstance(value, bool)
                   else str(value))  # fmt: skip
    return tuple(out)


# Shared instances of the orders listed most often (actions are immutable values): building the
# legal lists then costs a dictionary look-up per order instead of a new object.
make_strike = functools.cache(Strike)
make_air_target = functools.cache(AirTarget)
make_aa_target = functools.cache(AATarget)
make_bomb_target = functools.cache(BombTarget)
make_fire = functools.cache(Fire)
make_screen = functools.cache(Screen)
make_form = functools.cache(Form)
make_move = functools.cache(Move)
make_enter = functools.cache(Enter)
make_land = functools.cache(Land)
make_search = functools.cache(AssignSearch)
make_scout = functools.cache(Scout)
make_midway_strike = functools.cache(MidwayStrike)
make_prepare = functools.cache(Prepare)
make_done = functools.cache(Done)
make_cap = functools.cache(Cap)
make_place = functools.cache(Place)


def orders_of(side: str, orders: Iterable[Action]) -> Orders:
    """The batch of ``side``'s orders, as written in a record (items of text); the batch also
    keeps the orders themselves, so applying it needs not read its items back (``decoded``)."""
    actions = tuple(orders)
    # ``Orders(side, items)`` without the frozen ``__init__``'s per-field setattr (one a bot step).
    batch = _new(Orders)
    # (``_decoded`` is no field: equality, records and JSON never see it)
    batch.__dict__.update(side=side, items=tuple([item(a) for a in actions]), _decoded=actions)
    return batch


def decoded(batch: Orders) -> tuple[Action, ...] | None:
    """The orders a batch was built from by ``orders_of`` (``None`` for one read from a record or
    given by a player: its items are read one by one, with their checks)."""
    return batch.__dict__.get(_DECODED)


_READ: dict[tuple[str, tuple[str, ...]], Action] = {}


def read_item(side: str, raw: tuple[str, ...]) -> Action:
    """The order an :class:`Orders` item stands for (``ValueError`` if it is not one)."""
    found = _READ.get((side, raw))
    if found is not None:
        return found
    action = _read_item(side, raw)
    if len(_READ) < 100_000:
        _READ[(side, raw)] = action
    return action


def _read_item(side: str, raw: tuple[str, ...]) -> Action:
    if not raw or raw[0] not in BY_NAME or raw[0] in ("orders", "concede"):
        raise ValueError(f"{raw[0] if raw else 'an empty item'!r} is not an order")
    cls, kinds = _reader(raw[0])
    values = raw[1:]
    if len(values) > len(kinds):
        raise ValueError(f"{raw[0]} takes {len(kinds)} values")
    kwargs: dict[str, Any] = {}
    for (name, kind), value in zip(kinds, values):
        if kind in ("int", int):
            kwargs[name] = int(value)
        elif kind in ("bool", bool):
            if value not in ("true", "false"):
                raise ValueError(f"{raw[0]}.{name} is true or false")
            kwargs[name] = value == "true"
        else:
            kwargs[name] = value
    try:
        return cls(side, **kwargs)
    except TypeError:
        raise ValueError(f"{raw[0]} needs {', '.join(n for n, _k in kinds)}") from None
