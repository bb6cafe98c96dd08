"""What lies on and beside the Kido Butai display: the whole game state, kept small.

:class:`State` is the immutable position the engine stores. :class:`Table` is a scratch copy
that one ``apply`` works on and freezes again, so a whole turn of steps costs one copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from midway_desktop.engine.events import ALL, Event
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.squadrons import EAST, Squadron

TURNS = 16
TIMES = tuple(f"{h:02d}30" for h in range(4, 4 + TURNS))  # 0430 .. 1930 (KB › 2)
TRACK_BOXES = TURNS + 5  # counters placed five turns ahead of 1930 never come back

# Stages: where the sequence of play waits for the Japanese player (the rest runs itself).
SETUP, JAPANESE, STRIKE, INTERCEPT, OVER = "setup", "japanese", "strike", "intercept", "over"


class Deck(NamedTuple):
    """A Japanese carrier: hits taken (1 = reduced side, 2 = sunk) and this turn's flight ops."""

    hits: int = 0
    launched: int = -1  # turn it last launched squadrons
    landed: int = -1  # turn it last took squadrons aboard


class Counters(NamedTuple):
    """US counters in a cup, on a turn-track box, drawn for an attack, or out of the game."""

    dauntless: int = 0
    no_bomber: int = 0
    buffalo: int = 0
    no_fighter: int = 0

    def plus(self, other: Counters) -> Counters:
        return Counters(
            self.dauntless + other.dauntless,
            self.no_bomber + other.no_bomber,
            self.buffalo + other.buffalo,
            self.no_fighter + other.no_fighter,
        )

    @property
    def squadrons(self) -> int:
        return self.dauntless + self.buffalo

    def __format__(self, spec: str) -> str:
        """How the log names them: ``2 Dauntless, 1 Buffalo, 2 placeholders``."""
        parts = []
        for n, one, many in (
            (self.dauntless, "Dauntless", "Dauntless"),
            (self.buffalo, "Buffalo", "Buffalos"),
            (self.no_bomber + self.no_fighter, "placeholder", "placeholders"),
        ):
            if n:
                parts.append(f"{n} {one if n == 1 else many}")
        return ", ".join(parts) or "nothing"

    @property
    def total(self) -> int:
        return self.dauntless + self.no_bomber + self.buffalo + self.no_fighter


NO_COUNTERS = Counters()


@dataclass(frozen=True, slots=True)
class Variant:
    """The optional rules in force (KB › 10)."""

    superior_damage_control: bool = False
    no_us_fiasco: bool = False
    random_targets: bool = False

    @property
    def hits_to_sink_us(self) -> int:
        """KB › 10.a: with superior damage control US carriers sink only with the third hit."""
        return 3 if self.superior_damage_control else 2


@dataclass(frozen=True, slots=True)
class Strike:
    """A Japanese attack on a US fleet waiting for its bombers to be assigned (KB › 6.b)."""

    fleet: int
    bombers: tuple[int, ...]  # squadrons that got through and may bomb


@dataclass(frozen=True, slots=True)
class Raid:
    """An American torpedo attack waiting for the Japanese to choose interceptors (KB › 7)."""

    drawn: Counters  # bombers, escorts and the placeholders that ended the draws


class State(NamedTuple):
    """The whole position: an immutable record of tuples (cheap to copy, compare and hash)."""

    stage: str
    turn: int  # 0 = 0430 ... 15 = 1930
    squadrons: tuple[Squadron, ...]  # in the order of Forces.squadrons
    decks: tuple[Deck, ...]  # in the order of Forces.japanese
    midway_hits: int
    us_hits: tuple[int, ...]  # in the order of Forces.american
    us_fleet: tuple[int, ...]  # 0 still in the fleet pool, else the fleet (1 or 2) it formed
    pools: Counters
    track: tuple[Counters, ...]  # index = turn the counters come back
    removed: Counters  # out of the game: squadrons destroyed, placeholders removed
    found: bool  # Kido Butai found by the Americans (KB › 4)
    reported: tuple[bool, bool]  # first and second US fleet reported to the Japanese
    pending: Strike | Raid | None
    variant: Variant

    @property
    def time(self) -> str:
        return TIMES[min(self.turn, TURNS - 1)]


def opening(forces: Forces, variant: Variant) -> State:
    """KB › 1 Setup: carriers full side up, squadrons aboard pointing east, pools filled."""
    squadrons = tuple(Squadron(s.home, EAST, "" if s.is_fighter else "bomb") for s in forces.squadrons)
    b, f = forces.bomber_pool, forces.fighter_pool
    return State(
        stage=SETUP,
        turn=0,
        squadrons=squadrons,
        decks=tuple(Deck() for _ in forces.japanese),
        midway_hits=0,
        us_hits=tuple(0 for _ in forces.american),
        us_fleet=tuple(0 for _ in forces.american),
        pools=Counters(b.squadrons, b.placeholders, f.squadrons, f.placeholders),
        track=(NO_COUNTERS,) * TRACK_BOXES,
        removed=NO_COUNTERS,
        found=False,
        reported=(False, False),
        pending=None,
        variant=variant,
    )


class Table:
    """A scratch copy of :class:`State` for one ``apply``: lists where the state has tuples.

    Rule functions read a ``State`` or a ``Table`` alike (same names); only code running
    inside one ``apply`` writes to a ``Table``. What happens is written as lines of a
    *chapter* (the orders given, a strike, reconnaissance, an American attack, a new turn);
    each chapter becomes one event whose data holds its dice and facts.
    """

    __slots__ = (*State._fields, "events", "lines", "rolls", "facts")

    def __init__(self, state: State) -> None:
        (
            self.stage,
            self.turn,
            squadrons,
            decks,
            self.midway_hits,
            us_hits,
            us_fleet,
            self.pools,
            track,
            self.removed,
            self.found,
            self.reported,
            self.pending,
            self.variant,
        ) = state
        self.squadrons = list(squadrons)
        self.decks = list(decks)
        self.us_hits = list(us_hits)
        self.us_fleet = list(us_fleet)
        self.track = list(track)
        self.events: list[Event] = []
        self.lines: list[tuple[str, tuple[object, ...]]] = []
        self.rolls: list[dict[str, object]] = []
        self.facts: dict[str, object] = {}

    def freeze(self) -> State:
        return tuple.__new__(
            State,
            (
                self.stage,
                self.turn,
                tuple(self.squadrons),
                tuple(self.decks),
                self.midway_hits,
                tuple(self.us_hits),
                tuple(self.us_fleet),
                self.pools,
                tuple(self.track),
                self.removed,
                self.found,
                self.reported,
                self.pending,
                self.variant,
            ),
        )

    def note(self, text: str, *args: object) -> None:
        """One sentence of the chapter being written: ``text`` formatted with ``args`` when
        first read (a tuple of names reads as a list)."""
        self.lines.append((text, args))

    def roll(self, purpose: str, dice: tuple[int, ...] | list[int]) -> None:
        """A die roll with its purpose, told in the chapter and kept in its data."""
        self.lines.append((_ROLL, (purpose, " ".join(map(str, dice)))))
        self.rolls.append({"purpose": purpose, "dice": list(dice), "sides": 6})

    def fact(self, key: str, value: object) -> None:
        """Something the UI or a test may react to without reading prose (``sunk: akagi``)."""
        if key in self.facts:
            self.facts[key].append(value)
        else:
            self.facts[key] = [value]

    def chapter(self, kind: str) -> None:
        """Close the chapter being written as one event of ``kind``."""
        if self.lines:
            data: dict[str, object] = self.facts
            if self.rolls:
                data["rolls"] = self.rolls
                self.rolls = []
            self.events.append(Chapter(kind, self.lines, data))
            self.lines, self.facts = [], {}


_ROLL = "{}: d6 {}."


class Chapter(Event):
    """An event whose prose is put together when first read: bot games never read it.

    It is an ordinary :class:`Event` to everything that reads one (``text``, ``kind``,
    ``audience``, ``data``, equality, JSON); only the joining of its sentences waits.
    """

    def __init__(self, kind: str, lines: list[tuple[str, tuple[object, ...]]], data: dict[str, object]) -> None:
        # Frozen like every Event: the fields are written once, here, and never again.
        self.__dict__.update(kind=kind, audience=(ALL,), data=data, _lines=lines, _text=None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.text, self.audience, self.data) == (other.kind, other.text, other.audience, other.data)

    __hash__ = None  # type: ignore[assignment]  # like Event: its data is a dict

    @property  # type: ignore[override]
    def text(self) -> str:
        text = self.__dict__["_text"]
        if text is None:
            text = " ".join(_sentence(fmt, args) for fmt, args in self.__dict__["_lines"])
            self.__dict__["_text"] = text
        return text


def _sentence(fmt: str, args: tuple[object, ...]) -> str:
    if not args:
        return fmt
    return fmt.format(*(", ".join(a) if type(a) is tuple or type(a) is list else a for a in args))


# -- questions asked everywhere ---------------------------------------------------------------
def capacity(forces: Forces, state: State | Table, carrier: int) -> int:
    """KB › 3: no more squadrons aboard than the number on the counter's side up."""
    hits = state.decks[carrier].hits
    if hits >= 2:
        return 0
    cap = forces.japanese[carrier].capacity
    return cap.reduced if hits else cap.full


def aboard(state: State | Table, carrier_name: str) -> list[int]:
    """The squadrons on a carrier's deck (KB › 3: within the number on its counter)."""
    return [i for i, sq in enumerate(state.squadrons) if sq.where == carrier_name]


def afloat(state: State | Table, carrier: int) -> bool:
    """KB › 6.c: a second hit sinks a carrier."""
    return state.decks[carrier].hits < 2


def us_afloat(state: State | Table, carrier: int) -> bool:
    """KB › 6.c: a second hit sinks a carrier (a third with KB › 10.a)."""
    return state.us_hits[carrier] < state.variant.hits_to_sink_us


def fleet_members(state: State | Table, fleet: int) -> list[int]:
    """US carriers of fleet 1 or 2 (KB › 6: the fleet pool draw forms them)."""
    return [i for i, f in enumerate(state.us_fleet) if f == fleet]


def second_fleet_exists(state: State | Table) -> bool:
    """KB › 6: carriers left in the fleet pool after the first attack form a second fleet."""
    return 2 in state.us_fleet


def fleet_split(state: State | Table) -> bool:
    """Whether the first attack on an American fleet has drawn the fleet pool yet."""
    return any(state.us_fleet)


def midway_capacity(forces: Forces, state: State | Table) -> int:
    """KB › 6.c: a first hit damages Midway (reduced side), a second destroys the base."""
    if state.midway_hits >= 2:
        return 0
    return forces.midway.reduced if state.midway_hits else forces.midway.full


def us_carrier_capacity(forces: Forces, state: State | Table, carrier: int) -> int:
    """KB › 6.c, 10.a: full side, reduced once hit, nothing once sunk."""
    hits = state.us_hits[carrier]
    if hits >= state.variant.hits_to_sink_us:
        return 0
    cap = forces.american[carrier].capacity
    return cap.reduced if hits else cap.full


def us_capacity(forces: Forces, state: State | Table) -> int:
    """All US deck space left: carriers afloat and Midway (KB › 6.c)."""
    sink = 3 if state.variant.superior_damage_control else 2
    total = midway_capacity(forces, state)
    for spec, hits in zip(forces.american, state.us_hits):
        if not hits:
            total += spec.capacity.full
        elif hits < sink:
            total += spec.capacity.reduced
    return total


def us_squadrons_left(forces: Forces, state: State | Table) -> int:
    """US squadrons not yet out of the game (KB › 6.c weighs them against deck space)."""
    return forces.bomber_pool.squadrons + forces.fighter_pool.squadrons - state.removed.squadrons
