"""The position: a small immutable value the rules turn into the next one.

Everything is a frozen dataclass of strings, numbers and tuples, so a state compares by value
(undo and redo return an equal state). They keep a ``__dict__`` (no slots) so that
:func:`but` can copy one in a fraction of the time the generated ``__init__`` takes: bot
simulations build hundreds of thousands of states.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from midway_desktop.engine.events import ALL, Event

T = TypeVar("T")


_new = object.__new__
_set = object.__setattr__
_PUBLIC = (ALL,)


UNREAD: list[Event] = []
"""The log of a game nobody reads (bot simulations, see ``rules.advance``): cleared at every
step, and where writing a line costs more than the rules' own work, the line is not written."""


def event(kind: str, text: str, data: dict[str, Any] | None = None) -> Event:
    """``Event(kind, text, data=data)`` for everyone, built as :func:`but` builds states.

    The engine's ``Event`` is a frozen dataclass with a ``__dict__``; filling that directly is
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


def but(value: T, **changes: Any) -> T:
    """``value`` with ``changes``: ``dataclasses.replace`` without re-running ``__init__``.

    Only for the frozen dataclasses of this module, whose fields are plain values.

    The copy gets a plain dict of its own (not one made from the class's shared keys, as
    ``new.__dict__`` would make): CPython 3.11 reads the attributes of an object holding such a
    dict three to four times faster, and states, task forces and forces are read all the time.
    """
    new = _new(type(value))
    fields = dict(value.__dict__)
    fields.update(changes)
    _set(new, "__dict__", fields)
    return new


@dataclass(frozen=True)
class TaskForce:
    """An American task force with what its status board tracks (MS › American Units)."""

    name: str
    square: str  # where it is; kept once sunk, for the record
    damage: int = 0
    fuel: int = 0  # extra fuel left
    long_range: int = 0  # long range attacks left
    sunk: bool = False

    @property
    def afloat(self) -> bool:
        return not self.sunk


@dataclass(frozen=True)
class JapaneseForce:
    """A Japanese force with its hits (MS › Japanese Units; Ship Status Boards)."""

    name: str
    square: str
    damage: int = 0
    sunk: bool = False

    @property
    def afloat(self) -> bool:
        return not self.sunk


@dataclass(frozen=True)
class Battle:
    """A ship fight in progress: who is in it, which round, and hits waiting to be assigned.

    ``kind`` is ``ship`` (two rounds, MS › Ship Attacks) or ``long-range`` (one round between
    one TF and the Japanese units of the square it attacks, MS › Long Range Attacks).
    """

    kind: str
    square: str  # the Japanese units' square
    americans: tuple[str, ...]
    japanese: tuple[str, ...]
    round: int = 1
    rounds: int = 2
    on_american: int = 0  # hits the Japanese scored this round, to be assigned
    on_japanese: int = 0  # hits the Americans scored this round, to be assigned


@dataclass(frozen=True)
class State:
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
    played: tuple[int, ...] = ()
    card: int | None = None
    battle: Battle | None = None
    pending: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    struck: tuple[str, ...] = ()
    result: str | None = None
    result_text: str = ""

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

    def with_tf(self, tf: TaskForce, **changes: Any) -> State:
        name = tf.name
        return but(self, task_forces=tuple([tf if t.name == name else t for t in self.task_forces]), **changes)


_TF_INDEX = {"TF-16": 0, "TF-17": 1}
_JP_INDEX = {"AIF": 0, "CSF": 1, "MIF": 2}
