"""What a game must provide to run on the engine (after OpenSpiel's Game/State split).

A game's rules are pure functions of an immutable state: ``apply`` returns a new state and
the events it caused, drawing all luck from the ``Rng`` it is handed. The engine supplies
everything around that: sessions, undo, records, bots and views through one filter.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from midway_desktop.engine.actions import Action, ActionCodec
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.values import frozen_value

if TYPE_CHECKING:
    from midway_desktop.engine.bots import Bot
    from midway_desktop.engine.seats import ComputerPlayer

S = TypeVar("S")

SYSTEM = "system"


@frozen_value
class Phase:
    """One step of a sequence of play: its name, who acts in it, and the rule it follows.

    ``actors`` is a tuple of sides; ``secret`` marks a simultaneous phase where each side
    commits sealed orders before anything is revealed.
    """

    name: str
    title: str
    actors: tuple[str, ...]
    rule: str = ""
    secret: bool = False


@frozen_value
class Option:
    """An optional rule or setting, shown as a toggle or a choice."""

    name: str
    title: str
    default: Any
    choices: tuple[Any, ...] = (False, True)
    rule: str = ""

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is one of the choices, of the choice's own kind (``1`` is not
        ``True`` and ``True`` is not ``1``, though Python calls them equal)."""
        return any(type(value) is type(choice) and value == choice for choice in self.choices)

    def parse(self, text: str) -> Any:
        """Read a value given on a command line (``mission=3``, ``fog=off``)."""
        lowered = text.strip().lower()
        for choice in self.choices:
            if isinstance(choice, bool):
                if lowered in (("true", "on", "yes", "1") if choice else ("false", "off", "no", "0")):
                    return choice
            elif str(choice).lower() == lowered:
                return choice
        shown = ", ".join(str(c).lower() for c in self.choices)
        raise ValueError(f"option {self.name} takes {shown}, not {text!r}")


@frozen_value
class Scenario:
    """One scenario a game offers: its key, its title and a line about it."""

    name: str
    title: str
    description: str = ""


@frozen_value
class Outcome:
    """How a finished game came out. ``result`` is a short key used for statistics."""

    result: str
    winner: str | None
    text: str
    scores: Mapping[str, float] = field(default_factory=dict)


@frozen_value
class Blocker:
    """One thing that keeps a side from sealing (or ending) the step it is asked in, with the
    rule's reason, and the counter (``piece``) or cell (``cell``) to show the player, if any."""

    reason: str
    piece: str = ""
    cell: str = ""


class Rules(ABC, Generic[S]):
    """One game's rules. Subclasses are stateless; all state lives in ``S``."""

    id: str
    title: str
    sides: tuple[str, ...]
    scenarios: tuple[Scenario, ...] = (Scenario("standard", "Standard game"),)
    options: tuple[Option, ...] = ()
    phases: tuple[Phase, ...] = ()
    action_types: tuple[type[Action], ...] = ()
    solitaire: bool = False  # one human side; undo needs nobody's consent
    # The rules revision saved in every record: raised whenever a record's replay would
    # change (a rule fixed, a die read differently, a bot's choice that is part of the game),
    # so an older record is known as older (see ``records.restore``). 0 is the records saved
    # before revisions were written; tests/records holds a record of each revision.
    revision: int = 1

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)

    # -- set-up ---------------------------------------------------------------------------
    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options}
        for key, value in (given or {}).items():
            option = known.get(key)
            if option is None:
                raise ValueError(f"{self.title} has no option {key!r} (options: {', '.join(known) or 'none'})")
            if isinstance(value, str) and not all(isinstance(c, str) for c in option.choices):
                value = option.parse(value)
            if not option.accepts(value):
                shown = ", ".join(self.option_label(key, c) for c in option.choices)
                raise ValueError(f"option {key} cannot be {str(value)[:40]!r} (it takes {shown})")
            out[key] = value
        return out

    def human_sides(self, scenario: Scenario) -> tuple[str, ...]:
        """Sides played by people in ``scenario`` (a solitaire scenario leaves one)."""
        return self.sides

    def computer_players(self, scenario: Scenario, side: str) -> tuple[ComputerPlayer, ...]:
        """The computer's players that may take ``side`` in ``scenario``, the usual one first
        (none: only a person plays it). A side no person may play in the scenario lists the
        one player that always takes it (see ``seats``). A game's bots join the New Game
        dialog, the window's computer turns and the records by being listed here and made by
        :meth:`computer_bot`; nothing else needs to know of them."""
        return ()

    def computer_bot(self, side: str, name: str) -> Bot:
        """A fresh bot for the computer player ``name`` at ``side`` (one of
        :meth:`computer_players`, not built in)."""
        raise KeyError(f"{self.title} has no computer player {name!r} for {side}")

    def option_label(self, name: str, value: Any) -> str:
        """How a choice reads in the new-game dialog; games override for richer words."""
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def scenario(self, name: str | None) -> Scenario:
        if name is None:
            return self.scenarios[0]
        for s in self.scenarios:
            if s.name == name:
                return s
        raise ValueError(f"{self.title} has no scenario {name!r} ({', '.join(s.name for s in self.scenarios)})")

    @abstractmethod
    def setup(self, scenario: Scenario, options: Mapping[str, Any], rng: Rng) -> tuple[S, list[Event]]:
        """The opening position (luck allowed: shuffles, rolled missions)."""

    # -- play -----------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> tuple[str, ...]:
        """Sides that must act now; empty once the game is over."""

    @abstractmethod
    def phase(self, state: S) -> Phase:
        """The current step of the sequence of play."""

    @abstractmethod
    def legal_actions(self, state: S, side: str) -> Sequence[Action]:
        """Every action ``side`` may take now (for bots and for highlighting)."""

    def step_of(self, state: S, side: str) -> str:
        """The step ``side`` gives its orders in: the current step's name, unless the game lets a
        side go on to its next sealed step before the other side has sealed this one (CV)."""
        return self.phase(state).name

    def pass_only(self, state: S, side: str) -> Action | None:
        """The pass ``side`` must give when it is asked but has nothing to order (a double-blind
        game asks a side whether or not it has anything, so that being asked tells the other
        side nothing); ``None`` when the side has a real choice or the game has no such pass."""
        return None

    def seal_blockers(self, state: S, side: str) -> list[Blocker]:
        """What keeps ``side`` from sealing (or ending) the step it is asked in now, each with
        its rule: empty while it may, and while it is not asked. Shown to the player before
        they try, so that a seal is never refused out of the blue. A game whose seal can be
        refused says why here."""
        return []

    @abstractmethod
    def check(self, state: S, action: Action) -> str | None:
        """``None`` if the action is legal, else the refusal with the rule's reason.

        For every action of a :meth:`listable` form, ``check`` accepts it exactly when
        :meth:`legal_actions` lists it: the rules a player meets and the ones a bot, the
        highlighting and a replayed record meet are the same."""

    def listable(self, action: Action) -> bool:
        """Whether ``action`` has a form :meth:`legal_actions` lists. Bundles of listed
        actions (a turn's orders, several squadrons at once) are accepted but not listed."""
        return True

    @abstractmethod
    def apply(self, state: S, action: Action, rng: Rng) -> tuple[S, list[Event]]:
        """The state after a legal action, and what happened (system steps included)."""

    def advance(self, state: S, action: Action, rng: Rng) -> S:
        """``apply``'s state without its narrative, for runs nobody reads (bot simulations).

        The same state and the same luck consulted as ``apply``; a game whose narrative
        costs much to write may skip writing it here."""
        return self.apply(state, action, rng)[0]

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    # -- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, side: str) -> dict[str, Any]:
        """What ``side`` may know, as plain JSON-ready data (``"umpire"`` sees everything)."""
