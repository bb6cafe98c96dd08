"""What lies on and beside the Kido Butai display: the whole game state, kept small.

:class:`State` is the immutable position the engine stores. :class:`Table` is a scratch copy
that one ``apply`` works on and freezes again, so a whole turn of steps costs one copy.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from operator import itemgetter
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
        a, b, c, d = self
        e, f, g, h = other
        return tuple.__new__(Counters, (a + e, b + f, c + g, d + h))

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
        return sum(self)


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
    inside one ``apply`` writes to a ``Table``. The squadrons, decks and turn track are
    lists, written in place; the few others are replaced whole, ``us_hits`` and
    ``us_fleet`` included (they stay tuples: a turn seldom changes them).

    What happens is written as lines of a *chapter* (the orders given, a strike,
    reconnaissance, an American attack, a new turn); each chapter becomes one event whose
    data holds its dice and facts. ``tell((text, args))`` adds a sentence: ``text``
    formatted with ``args`` when first read (a tuple of names reads as a list), or a roll as
    ``(ROLL, (purpose, dice))``. It is the lines list's own ``append``, so the hot paths
    pay no Python call for it; :meth:`note` and :meth:`roll` say the same more readably.
    """

    __slots__ = (*State._fields, "events", "lines", "tell", "facts")

    def __init__(self, state: State) -> None:
        (
            self.stage,
            self.turn,
            squadrons,
            decks,
            self.midway_hits,
            self.us_hits,
            self.us_fleet,
            self.pools,
            track,
            self.removed,
            self.found,
            self.reported,
            self.pending,
            self.variant,
        ) = state
        self.squadrons = [*squadrons]
        self.decks = [*decks]
        self.track = [*track]
        self.events: list[Event] = []
        self.lines: list[tuple[object, tuple[object, ...]]] = []
        self.tell = self.lines.append
        self.facts: dict[str, list[object]] | None = None

    def freeze(self) -> State:
        return tuple.__new__(
            State,
            (
                self.stage,
                self.turn,
                tuple(self.squadrons),
                tuple(self.decks),
                self.midway_hits,
                self.us_hits,
                self.us_fleet,
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
        """A die roll with its purpose, told in the chapter and kept in its data.

        The dice are kept as given (callers hand over a list or tuple they no longer touch);
        the sentence and the data entry are made when the chapter is first read.
        """
        self.lines.append((ROLL, (purpose, dice)))

    def fact(self, key: str, value: object) -> None:
        """Something the UI or a test may react to without reading prose (``sunk: akagi``)."""
        facts = self.facts
        if facts is None:
            self.facts = {key: [value]}
        elif key in facts:
            facts[key].append(value)
        else:
            facts[key] = [value]

    def chapter(self, kind: str) -> None:
        """Close the chapter being written as one event of ``kind``."""
        lines = self.lines
        if lines:
            event = _blank(Chapter)
            fields = event.__dict__
            fields["kind"] = kind
            fields["audience"] = _PUBLIC
            fields["_lines"] = lines
            fields["_facts"] = self.facts
            self.events.append(event)
            self.lines = lines = []
            self.tell = lines.append
            self.facts = None


_DISCARD = deque(maxlen=0).append  # takes one thing and keeps nothing, at the cost of a C call


class QuietTable(Table):
    """A :class:`Table` that keeps no narrative: for runs nobody reads (bot simulations).

    The rules tell it everything as usual; it lets every sentence, roll and fact go."""

    __slots__ = ()

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.tell = _DISCARD

    def note(self, text: str, *args: object) -> None:
        pass

    def roll(self, purpose: str, dice: tuple[int, ...] | list[int]) -> None:
        pass

    def fact(self, key: str, value: object) -> None:
        pass

    def chapter(self, kind: str) -> None:
        pass


_open_table = Table.__init__
_blank = object.__new__


def table(state: State, quiet: bool = False) -> Table:
    """``Table(state)`` (or a :class:`QuietTable`), without the cost of calling a class."""
    t = _blank(QuietTable if quiet else Table)
    _open_table(t, state)
    if quiet:
        t.tell = _DISCARD  # as QuietTable.__init__ does, without its extra call
    return t


ROLL = object()  # marks a roll among a chapter's lines: (ROLL, (purpose, dice))
_PUBLIC = (ALL,)


class Chapter(Event):
    """An event whose prose and data are put together when first read: bot games never read them.

    It is an ordinary :class:`Event` to everything that reads one (``text``, ``kind``,
    ``audience``, ``data``, equality, JSON); only the joining of its sentences and the
    listing of its dice wait. The data holds the facts of the chapter in the order they
    were told, then ``rolls``: each die roll's purpose, dice and sides, in order.
    """

    def __init__(
        self, kind: str, lines: list[tuple[object, tuple[object, ...]]], facts: dict[str, object] | None = None
    ) -> None:
        # Frozen like every Event: the fields are written once, here, and never again
        # (Table.chapter fills a blank instance the same way, without this call).
        self.__dict__.update(kind=kind, audience=_PUBLIC, _lines=lines, _facts=facts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.text, self.audience, self.data) == (other.kind, other.text, other.audience, other.data)

    __hash__ = None  # type: ignore[assignment]  # like Event: its data is a dict

    @property  # type: ignore[override]
    def text(self) -> str:
        fields = self.__dict__
        text = fields.get("_text")
        if text is None:
            text = fields["_text"] = " ".join([_sentence(fmt, args) for fmt, args in fields["_lines"]])
        return text

    @property  # type: ignore[override]
    def data(self) -> dict[str, object]:
        fields = self.__dict__
        data = fields.get("_data")
        if data is None:
            data = fields["_facts"]
            if data is None:
                data = {}
            rolls = [
                {"purpose": args[0], "dice": list(args[1]), "sides": 6} for fmt, args in fields["_lines"] if fmt is ROLL
            ]
            if rolls:
                data["rolls"] = rolls
            fields["_data"] = data
        return data


def _sentence(fmt: object, args: tuple[object, ...]) -> str:
    if fmt is ROLL:
        return f"{args[0]}: d6 {' '.join(map(str, args[1]))}."  # type: ignore[call-overload]
    if type(fmt) is not str:
        return fmt(*args)  # type: ignore[operator]  # a wording.Agreeing sentence
    if not args:
        return fmt
    return fmt.format(*(", ".join(a) if type(a) is tuple or type(a) is list else a for a in args))  # type: ignore[attr-defined]


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
    return positions(list(map(_WHERE, state.squadrons)), carrier_name)


_WHERE = itemgetter(0)  # a squadron's place: Squadron.where


def places(state: State | Table) -> list[str]:
    """Where each squadron is, in squadron order."""
    return list(map(_WHERE, state.squadrons))


def positions(items: list[str], value: str) -> list[int]:
    """The positions of ``value`` in ``items``, in order: ``[i for i, x in enumerate(items)
    if x == value]``, but scanned by the list's own methods (a few hits are expected)."""
    out: list[int] = []
    count = items.count(value)
    if count:
        find = items.index
        i = -1
        for _ in range(count):
            i = find(value, i + 1)
            out.append(i)
    return out


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
    midway = state.midway_hits
    total = 0 if midway >= 2 else forces.midway.reduced if midway else forces.midway.full
    for full, reduced, hits in zip(forces.us_full, forces.us_reduced, state.us_hits):
        if not hits:
            total += full
        elif hits < sink:
            total += reduced
    return total


def us_squadrons_left(forces: Forces, state: State | Table) -> int:
    """US squadrons not yet out of the game (KB › 6.c weighs them against deck space)."""
    return forces.bomber_pool.squadrons + forces.fighter_pool.squadrons - state.removed.squadrons
