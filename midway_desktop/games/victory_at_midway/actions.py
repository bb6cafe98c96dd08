"""What a player can do in Victory at Midway, step by step of the turn sequence.

Sealed orders (set-up, ship movement, searches, strikes, air preparation, landing) are given
one at a time and closed with :class:`Done`; the other side sees only that they are sealed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from midway_desktop.engine.actions import Action


@dataclass(frozen=True)
class Done(Action):
    """Seal this step's orders (or, in a battle, end a choice such as CAP)."""

    type_name: ClassVar[str] = "done"

    def describe(self) -> str:
        return "done"


@dataclass(frozen=True)
class Concede(Action):
    """VaM › Ending a Game: a player may concede when winning has become impossible."""

    type_name: ClassVar[str] = "concede"

    def describe(self) -> str:
        return "concede the game"


@dataclass(frozen=True)
class Place(Action):
    """Set-up: put a ship, or a Task Force marker with its ships, in a hex."""

    piece: str
    hex: str
    type_name: ClassVar[str] = "place"

    def describe(self) -> str:
        return f"set up {self.piece} in {self.hex}"


@dataclass(frozen=True)
class Form(Action):
    """Put a ship in a Task Force / Fleet holding box (``formation`` "" takes it out)."""

    ship: str
    formation: str
    type_name: ClassVar[str] = "form"

    def describe(self) -> str:
        return f"{self.ship} joins {self.formation}" if self.formation else f"{self.ship} leaves its box"


@dataclass(frozen=True)
class Move(Action):
    """Move a ship or a Task Force / Fleet marker to an adjacent hex."""

    piece: str
    to: str
    type_name: ClassVar[str] = "move"

    def describe(self) -> str:
        return f"{self.piece} to {self.to}"


@dataclass(frozen=True)
class Enter(Action):
    """Japanese entry: a group or a ship comes on in a hex of column A (into a Fleet box if named)."""

    piece: str
    hex: str
    fleet: str = ""
    type_name: ClassVar[str] = "enter"

    def describe(self) -> str:
        into = f" as {self.fleet}" if self.fleet else ""
        return f"{self.piece} enters at {self.hex}{into}"


@dataclass(frozen=True)
class Forgo(Action):
    """Japanese: forgo the entry of a group or ship (it counts as withdrawn)."""

    piece: str
    type_name: ClassVar[str] = "forgo"

    def describe(self) -> str:
        return f"forgo the entry of {self.piece}"


@dataclass(frozen=True)
class Exit(Action):
    """Move a ship or Task Force / Fleet off its side's map edge (withdrawn for good)."""

    piece: str
    type_name: ClassVar[str] = "exit"

    def describe(self) -> str:
        return f"{self.piece} leaves the map"


@dataclass(frozen=True)
class MidwayStrike(Action):
    """Japanese: put a Ready air unit in the Midway Airstrike Holding Box."""

    unit: str
    type_name: ClassVar[str] = "midway-strike"

    def describe(self) -> str:
        return f"{self.unit} to the Midway base strike"


@dataclass(frozen=True)
class AssignSearch(Action):
    """Assign an air or ship search to a hex."""

    kind: str
    hex: str
    type_name: ClassVar[str] = "search"

    def describe(self) -> str:
        return f"{self.kind} search in {self.hex}"


@dataclass(frozen=True)
class Strike(Action):
    """Send a Ready air unit to strike a hex, in wave ``wave`` of that target."""

    unit: str
    hex: str
    wave: int = 1
    type_name: ClassVar[str] = "strike"

    def describe(self) -> str:
        return f"{self.unit} strikes {self.hex} (wave {self.wave})"


@dataclass(frozen=True)
class Resolve(Action):
    """Announce which of your air strikes is resolved next (``base``: the Midway base strike)."""

    hex: str
    base: bool = False
    type_name: ClassVar[str] = "resolve"

    def describe(self) -> str:
        return "resolve the Midway base strike" if self.base else f"resolve the strike on {self.hex}"


@dataclass(frozen=True)
class Cap(Action):
    """Fly a Ready fighter as Combat Air Patrol over the battle hex."""

    unit: str
    type_name: ClassVar[str] = "cap"

    def describe(self) -> str:
        return f"{self.unit} flies CAP"


@dataclass(frozen=True)
class AirTarget(Action):
    """Give a fighter its target in air-to-air combat."""

    unit: str
    target: str
    type_name: ClassVar[str] = "air-target"

    def describe(self) -> str:
        return f"{self.unit} attacks {self.target}"


@dataclass(frozen=True)
class ReturnFire(Action):
    """A surviving air unit attacked by several fighters chooses which one it fires back at."""

    unit: str
    at: str
    type_name: ClassVar[str] = "return-fire"

    def describe(self) -> str:
        return f"{self.unit} returns fire at {self.at}"


@dataclass(frozen=True)
class AATarget(Action):
    """Give a ship (or ground unit) its bomber target for AA fire."""

    unit: str
    target: str
    type_name: ClassVar[str] = "aa-target"

    def describe(self) -> str:
        return f"{self.unit} fires AA at {self.target}"


@dataclass(frozen=True)
class BombTarget(Action):
    """Give a bomber its target ship (or ground unit)."""

    unit: str
    target: str
    type_name: ClassVar[str] = "bomb-target"

    def describe(self) -> str:
        return f"{self.unit} bombs {self.target}"


@dataclass(frozen=True)
class LoseAircraft(Action):
    """US: choose the air unit on Midway's field a hit on the Marines destroys."""

    unit: str
    type_name: ClassVar[str] = "lose-aircraft"

    def describe(self) -> str:
        return f"{self.unit} is destroyed on the field"


@dataclass(frozen=True)
class Prepare(Action):
    """Move one air unit from Not Ready to Ready (the H unit: Not Ready 2 to Not Ready)."""

    unit: str
    type_name: ClassVar[str] = "prepare"

    def describe(self) -> str:
        return f"prepare {self.unit}"


@dataclass(frozen=True)
class PrepareAll(Action):
    """Prepare every Not Ready air unit (and advance the H unit), then seal."""

    type_name: ClassVar[str] = "prepare-all"

    def describe(self) -> str:
        return "prepare all aircraft"


@dataclass(frozen=True)
class Land(Action):
    """Land an air unit on a carrier or on Midway."""

    unit: str
    base: str
    type_name: ClassVar[str] = "land"

    def describe(self) -> str:
        return f"{self.unit} lands on {self.base}"


@dataclass(frozen=True)
class Ditch(Action):
    """Ditch an air unit with no place to land."""

    unit: str
    type_name: ClassVar[str] = "ditch"

    def describe(self) -> str:
        return f"{self.unit} ditches"


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
)
