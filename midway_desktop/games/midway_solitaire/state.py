"""The position: a small immutable value the rules turn into the next one.

Everything is a frozen value of strings, numbers and tuples, so a state compares by value
(undo and redo return an equal state). The classes are written out (an ``__init__`` each, and
from ``_Value`` equality, hash, repr and a ``__setattr__`` that refuses) rather than made by
``dataclass``, so that mypyc can compile them as native classes (see hatch_build.py); each has a
typed ``but`` method that builds the changed copy through its constructor (bot simulations
build hundreds of thousands). Interpreted, ``but`` copies the instance dict instead (``COMPILED``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import FrozenInstanceError
from enum import Enum
from typing import Any, Final, TypeVar

from midway_desktop.engine.events import ALL, Event

T = TypeVar("T")


_new = object.__new__
_set = object.__setattr__
_PUBLIC = (ALL,)


UNREAD: list[Event] = []
"""The log of a game nobody reads (bot simulations, see ``rules.advance``): cleared at every
step, and where writing a line costs more than the rules' own work, the line is not written."""


def event(kind: str, text: str, data: dict[str, Any] | None = None) -> Event:
    """``Event(kind, text, data=data)`` for everyone, built by filling its ``__dict__``.

    The engine's ``Event`` is a frozen dataclass (not compiled); filling its dict directly is
    the same value (tests compare the two) at a third of the cost, and a game logs ~100 events.
    """
    e = _new(Event)
    d = e.__dict__
    d["kind"] = kind
    d["text"] = text
    d["audience"] = _PUBLIC
    d["data"] = {} if data is None else data
    return e


def roll(purpose: str, dice: Iterable[int], sides: int = 6, **extra: Any) -> Event:
    """The engine's ``roll_event`` for everyone (e.g. ``CSF fires (round 1): d6 1 3 4``)."""
    values = tuple(dice)
    return event(
        "roll",
        f"{purpose}: d{sides} {' '.join(map(str, values))}",
        {"purpose": purpose, "dice": list(values), "sides": sides, **extra},
    )


class _Keep(Enum):
    """The default of the ``but`` methods' arguments: keep the field as it is."""

    KEEP = 0


KEEP: Final = _Keep.KEEP


def but(value: T, **changes: Any) -> T:
    """``value`` with ``changes`` (like ``dataclasses.replace``), for the classes of this module.

    The rules' hot paths call each class's own typed ``but`` method instead (keyword arguments
    resolved when compiled); this one is for tests and cold paths.
    """
    v: Any = value
    fields = {f: getattr(v, f) for f in _FIELDS[type(v)]}
    unknown = changes.keys() - fields.keys()
    if unknown:
        raise TypeError(f"{type(v).__name__} has no field {sorted(unknown)}")
    fields.update(changes)
    new: T = type(v)(**fields)
    return new


class _Value:
    """What the classes below share, as a frozen dataclass would give it: equal when of one
    class with equal fields (``_key``), hashable by them, shown with them, and never changed."""

    def _key(self) -> tuple[Any, ...]:
        """The fields' values, in the order ``_FIELDS`` names them."""
        return tuple([getattr(self, f) for f in _FIELDS[type(self)]])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Value)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = _FIELDS[type(self)]
        return f"{type(self).__name__}({', '.join(f'{f}={v!r}' for f, v in zip(fields, self._key()))})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


_TF_FIELDS: Final = ("name", "square", "damage", "fuel", "long_range", "sunk")
_JF_FIELDS: Final = ("name", "square", "damage", "sunk")
_BATTLE_FIELDS: Final = ("kind", "square", "americans", "japanese", "round", "rounds", "on_american", "on_japanese")
_STATE_FIELDS: Final = (
    "mission",
    "phase",
    "turn",
    "task_forces",
    "japanese",
    "ma",
    "deck",
    "played",
    "card",
    "battle",
    "pending",
    "moved",
    "struck",
    "result",
    "result_text",
)


class TaskForce(_Value):
    """An American task force with what its status board tracks (MS › American Units)."""

    name: str
    square: str  # where it is; kept once sunk, for the record
    damage: int
    fuel: int  # extra fuel left
    long_range: int  # long range attacks left
    sunk: bool

    def __init__(
        self, name: str, square: str, damage: int = 0, fuel: int = 0, long_range: int = 0, sunk: bool = False
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "fuel", fuel)
        object.__setattr__(self, "long_range", long_range)
        object.__setattr__(self, "sunk", sunk)

    def but(
        self,
        *,
        square: str | _Keep = KEEP,
        damage: int | _Keep = KEEP,
        fuel: int | _Keep = KEEP,
        long_range: int | _Keep = KEEP,
        sunk: bool | _Keep = KEEP,
    ) -> TaskForce:
        return TaskForce(
            self.name,
            self.square if square is KEEP else square,
            self.damage if damage is KEEP else damage,
            self.fuel if fuel is KEEP else fuel,
            self.long_range if long_range is KEEP else long_range,
            self.sunk if sunk is KEEP else sunk,
        )

    @property
    def afloat(self) -> bool:
        return not self.sunk


class JapaneseForce(_Value):
    """A Japanese force with its hits (MS › Japanese Units; Ship Status Boards)."""

    name: str
    square: str
    damage: int
    sunk: bool

    def __init__(self, name: str, square: str, damage: int = 0, sunk: bool = False) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "sunk", sunk)

    def but(
        self, *, square: str | _Keep = KEEP, damage: int | _Keep = KEEP, sunk: bool | _Keep = KEEP
    ) -> JapaneseForce:
        return JapaneseForce(
            self.name,
            self.square if square is KEEP else square,
            self.damage if damage is KEEP else damage,
            self.sunk if sunk is KEEP else sunk,
        )

    @property
    def afloat(self) -> bool:
        return not self.sunk


class Battle(_Value):
    """A ship fight in progress: who is in it, which round, and hits waiting to be assigned.

    ``kind`` is ``ship`` (two rounds, MS › Ship Attacks) or ``long-range`` (one round between
    one TF and the Japanese units of the square it attacks, MS › Long Range Attacks).
    """

    kind: str
    square: str  # the Japanese units' square
    americans: tuple[str, ...]
    japanese: tuple[str, ...]
    round: int
    rounds: int
    on_american: int  # hits the Japanese scored this round, to be assigned
    on_japanese: int  # hits the Americans scored this round, to be assigned

    def __init__(
        self,
        kind: str,
        square: str,
        americans: tuple[str, ...],
        japanese: tuple[str, ...],
        round: int = 1,
        rounds: int = 2,
        on_american: int = 0,
        on_japanese: int = 0,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "americans", americans)
        object.__setattr__(self, "japanese", japanese)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "on_american", on_american)
        object.__setattr__(self, "on_japanese", on_japanese)

    def but(
        self, *, round: int | _Keep = KEEP, on_american: int | _Keep = KEEP, on_japanese: int | _Keep = KEEP
    ) -> Battle:
        return Battle(
            self.kind,
            self.square,
            self.americans,
            self.japanese,
            self.round if round is KEEP else round,
            self.rounds,
            self.on_american if on_american is KEEP else on_american,
            self.on_japanese if on_japanese is KEEP else on_japanese,
        )


class State(_Value):
    """One moment of a game of Midway Solitaire.

    ``deck`` holds the face-down cards in draw order (only the umpire may see it); ``played``
    the face-up cards in the order drawn; ``card`` the card in play this turn. ``pending``
    lists squares whose ship combat is still to be fought this turn. ``result`` is set once
    the game is over (see ``victory.RESULTS``). ``moved`` and ``struck`` name the TFs that
    have moved, and that have made a long range attack, this turn (or, in set-up, been placed).
    """

    mission: int
    phase: str
    turn: int
    task_forces: tuple[TaskForce, ...]
    japanese: tuple[JapaneseForce, ...]
    ma: str
    deck: tuple[int, ...]
    played: tuple[int, ...]
    card: int | None
    battle: Battle | None
    pending: tuple[str, ...]
    moved: tuple[str, ...]
    struck: tuple[str, ...]
    result: str | None
    result_text: str

    def __init__(
        self,
        mission: int,
        phase: str,
        turn: int,
        task_forces: tuple[TaskForce, ...],
        japanese: tuple[JapaneseForce, ...],
        ma: str,
        deck: tuple[int, ...],
        played: tuple[int, ...] = (),
        card: int | None = None,
        battle: Battle | None = None,
        pending: tuple[str, ...] = (),
        moved: tuple[str, ...] = (),
        struck: tuple[str, ...] = (),
        result: str | None = None,
        result_text: str = "",
    ) -> None:
        object.__setattr__(self, "mission", mission)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "task_forces", task_forces)
        object.__setattr__(self, "japanese", japanese)
        object.__setattr__(self, "ma", ma)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "played", played)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "battle", battle)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "moved", moved)
        object.__setattr__(self, "struck", struck)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "result_text", result_text)

    def but(
        self,
        *,
        phase: str | _Keep = KEEP,
        turn: int | _Keep = KEEP,
        task_forces: tuple[TaskForce, ...] | _Keep = KEEP,
        japanese: tuple[JapaneseForce, ...] | _Keep = KEEP,
        ma: str | _Keep = KEEP,
        deck: tuple[int, ...] | _Keep = KEEP,
        played: tuple[int, ...] | _Keep = KEEP,
        card: int | None | _Keep = KEEP,
        battle: Battle | None | _Keep = KEEP,
        pending: tuple[str, ...] | _Keep = KEEP,
        moved: tuple[str, ...] | _Keep = KEEP,
        struck: tuple[str, ...] | _Keep = KEEP,
        result: str | None | _Keep = KEEP,
        result_text: str | _Keep = KEEP,
    ) -> State:
        """This state with the fields given changed (``mission`` never changes)."""
        return State(
            self.mission,
            self.phase if phase is KEEP else phase,
            self.turn if turn is KEEP else turn,
            self.task_forces if task_forces is KEEP else task_forces,
            self.japanese if japanese is KEEP else japanese,
            self.ma if ma is KEEP else ma,
            self.deck if deck is KEEP else deck,
            self.played if played is KEEP else played,
            self.card if card is KEEP else card,
            self.battle if battle is KEEP else battle,
            self.pending if pending is KEEP else pending,
            self.moved if moved is KEEP else moved,
            self.struck if struck is KEEP else struck,
            self.result if result is KEEP else result,
            self.result_text if result_text is KEEP else result_text,
        )

    def tf(self, name: str) -> TaskForce:
        i = _TF_INDEX.get(name, 0)
        tfs = self.task_forces
        if i < len(tfs) and tfs[i].name == name:  # kept in status board order: TF-16, TF-17
            return tfs[i]
        for t in tfs:
            if t.name == name:
                return t
        raise KeyError(f"no task force {name!r}")

    def jp(self, name: str) -> JapaneseForce:
        i = _JP_INDEX.get(name, 0)
        japanese = self.japanese
        if i < len(japanese) and japanese[i].name == name:  # kept in order: AIF, CSF, MIF
            return japanese[i]
        for j in japanese:
            if j.name == name:
                return j
        raise KeyError(f"no Japanese force {name!r}")

    def with_tf(
        self, tf: TaskForce, *, moved: tuple[str, ...] | _Keep = KEEP, struck: tuple[str, ...] | _Keep = KEEP
    ) -> State:
        name = tf.name
        return self.but(  # KEEP never goes on: interpreted, ``but`` copies what it is given
            task_forces=tuple([tf if t.name == name else t for t in self.task_forces]),
            moved=self.moved if moved is KEEP else moved,
            struck=self.struck if struck is KEEP else struck,
        )


def _copied(value: Any, **changes: Any) -> Any:
    """``value.but(**changes)`` when interpreted: a copy of the instance's dict, updated, made
    the new instance's own plain dict (no ``__init__``; CPython 3.11 reads the attributes of an
    object holding such a dict fastest)."""
    new = _new(type(value))
    fields = dict(value.__dict__)
    fields.update(changes)
    _set(new, "__dict__", fields)
    return new


# Compiled by mypyc these are native classes (no __dict__): their ``but`` methods call the
# constructor, whose ``object.__setattr__`` calls compile to plain stores. Interpreted, those
# calls are slow, so ``but`` copies the instance dict instead.
COMPILED: Final = not hasattr(JapaneseForce("", ""), "__dict__")
if not COMPILED:
    for _cls in (TaskForce, JapaneseForce, Battle, State):
        setattr(_cls, "but", _copied)  # noqa: B010 (a method: the type checker refuses plain assignment)

_FIELDS: dict[type, tuple[str, ...]] = {
    TaskForce: _TF_FIELDS,
    JapaneseForce: _JF_FIELDS,
    Battle: _BATTLE_FIELDS,
    State: _STATE_FIELDS,
}
_TF_INDEX = {"TF-16": 0, "TF-17": 1}
_JP_INDEX = {"AIF": 0, "CSF": 1, "MIF": 2}
