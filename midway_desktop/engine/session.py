"""A game in progress: the one place that changes state, keeps history, undoes and redoes.

Everything outside the engine talks to a :class:`Session`: it submits actions (refused with
the rule's reason, or applied), reads views and logs filtered for a side, and asks for undo.
Undo never rolls luck again: a step that consulted the dice or drew a card is a wall.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import UMPIRE, Event, visible
from midway_desktop.engine.rng import Rng, seed_state
from midway_desktop.engine.rules import Outcome, Rules, Scenario
from midway_desktop.values import frozen_value

_new = object.__new__


class IllegalAction(ValueError):
    """Raised by :meth:`Session.play` (the checked path) with the rule's reason."""


@frozen_value
class Step:
    """One applied action with what it caused and what it takes to undo it."""

    action: Action
    events: tuple[Event, ...]
    lucky: bool
    before: Any
    rng_before: int

    @classmethod
    def made(cls, action: Action, events: tuple[Event, ...], lucky: bool, before: Any, rng_before: int) -> Step:
        """``Step(...)`` without the frozen ``__init__``'s per-field ``object.__setattr__``: one is
        made per action, and bot simulations make millions. The same value."""
        step = _new(cls)
        step.__dict__.update(action=action, events=events, lucky=lucky, before=before, rng_before=rng_before)
        return step


@frozen_value
class Submitted:
    """The answer to a submission: ``refusal`` is ``None`` when the action was applied."""

    refusal: str | None
    events: tuple[Event, ...] = ()

    @property
    def ok(self) -> bool:
        return self.refusal is None


@dataclass
class Session:
    """One game being played: its rules, scenario, options, seed, dice and every step so far."""

    rules: Rules[Any]
    scenario: str
    options: dict[str, Any]
    seed: int
    state: Any
    rng: Rng
    setup_events: tuple[Event, ...] = ()
    history: list[Step] = field(default_factory=list)
    redo_stack: list[tuple[Action, int]] = field(default_factory=list)
    humans: tuple[str, ...] = ()
    # The computer's player at each side no person plays (see ``seats``).
    computers: dict[str, str] = field(default_factory=dict)
    undo_requested_by: str | None = None
    listeners: list[Callable[[Session, tuple[Event, ...]], None]] = field(default_factory=list)
    unrecorded: int = 0  # steps applied headless (see apply_headless): in no history, no log
    # Each side's log as last read, and the history it was read to (its length and last step):
    # the window reads the log after every step, and a campaign's runs to 30,000 events.
    _logs: dict[str, tuple[list[Event], int, Step | None, tuple[Event, ...]]] = field(
        default_factory=dict, repr=False, compare=False
    )

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        rules: Rules[Any],
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | str | None = None,
        rng: Rng | None = None,
        humans: tuple[str, ...] | None = None,
        computers: Mapping[str, str] | None = None,
    ) -> Session:
        """A new game; ``humans`` are the sides people play (by default the scenario's) and
        ``computers`` the computer's player at any other side (by default the usual one)."""
        from midway_desktop.engine.seats import resolve

        if seed is None:
            # The system's randomness, as ``secrets`` reads it (importing ``secrets`` loads
            # OpenSSL through ``hmac``: milliseconds of a start, for six bytes).
            seed = int.from_bytes(os.urandom(6), "big")
        state_seed = seed_state(seed)
        chosen = rules.scenario(scenario)
        opts = rules.resolve_options(options)
        luck = rng if rng is not None else Rng(state_seed)
        if humans is not None:
            _check_humans(rules, chosen, humans)
        people = tuple(humans) if humans is not None else tuple(rules.human_sides(chosen))
        seated = resolve(rules, chosen, people, computers)
        state, events = rules.setup(chosen, opts, luck)
        return cls(
            rules=rules,
            scenario=chosen.name,
            options=opts,
            seed=state_seed,
            state=state,
            rng=luck,
            setup_events=tuple(events),
            humans=people,
            computers=seated,
        )

    # -- playing --------------------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        return self.rules.to_act(self.state)

    def legal_actions(self, side: str) -> list[Action]:
        return list(self.rules.legal_actions(self.state, side))

    def check(self, action: Action) -> str | None:
        if self.outcome() is not None:
            return "The game is over."
        if action.side not in self.to_act():
            phase = self.rules.phase(self.state)
            return f"It is not {action.side}'s turn to act ({phase.title})."
        return self.rules.check(self.state, action)

    def submit(self, action: Action) -> Submitted:
        """Apply ``action`` if legal; otherwise say why and change nothing."""
        refusal = self.check(action)
        if refusal is not None:
            return Submitted(refusal)
        events = self._apply(action)
        self.redo_stack.clear()
        self._notify(events)
        return Submitted(None, events)

    def play(self, action: Action) -> tuple[Event, ...]:
        """The checked path for scripts and tests: raise :class:`IllegalAction` on refusal."""
        result = self.submit(action)
        if not result.ok:
            raise IllegalAction(result.refusal)
        return result.events

    def apply_unchecked(self, action: Action) -> tuple[Event, ...]:
        """The fast path for bots that only pick from :meth:`legal_actions`."""
        return self._apply(action)

    def apply_headless(self, action: Action) -> None:
        """The fast path of bot simulations: the action's state, with no history kept (so no
        undo), no narrative written and no listeners told. Only for games nobody watches."""
        self.state = self.rules.advance(self.state, action, self.rng)
        self.unrecorded += 1

    def _apply(self, action: Action) -> tuple[Event, ...]:
        rng = self.rng
        before, rng_before, uses = self.state, rng.state, rng.uses
        self.state, events = self.rules.apply(before, action, rng)
        frozen = tuple(events)
        self.history.append(Step.made(action, frozen, rng.uses != uses, before, rng_before))
        self.undo_requested_by = None
        return frozen

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    # -- information ----------------------------------------------------------------------
    def view(self, side: str) -> dict[str, Any]:
        return self.rules.view(self.state, side)

    def events(self) -> list[Event]:
        out = list(self.setup_events)
        for step in self.history:
            out.extend(step.events)
        return out

    def log(self, side: str) -> list[Event]:
        """The narrative ``side`` may read (``"umpire"`` reads all). Read on from where it was
        last read while the history only grew; read afresh after an undo or a new history."""
        history = self.history
        kept = self._logs.get(side)
        if kept is not None:
            events, read, last, setup = kept
            if setup is not self.setup_events or read > len(history) or (read and history[read - 1] is not last):
                kept = None
        if kept is None:
            events, read = visible(self.setup_events, side), 0
        for step in history[read:]:
            events.extend(e for e in step.events if e.visible_to(side))
        self._logs[side] = (events, len(history), history[-1] if history else None, self.setup_events)
        return list(events)

    def actions(self) -> list[Action]:
        return [s.action for s in self.history]

    # -- undo and redo --------------------------------------------------------------------
    def undoable(self, side: str) -> int:
        """How many of ``side``'s latest steps can be taken back without re-rolling luck."""
        n = 0
        for step in reversed(self.history):
            if step.lucky or step.action.side != side:
                break
            n += 1
        return n

    def needs_consent(self) -> bool:
        return len(self.humans) > 1 and not self.rules.solitaire

    def request_undo(self, side: str) -> str | None:
        """Two players: ask the other side. Returns a refusal, or ``None`` once asked."""
        if self.undoable(side) == 0:
            return self._no_undo_reason(side)
        self.undo_requested_by = side
        return None

    def undo(self, side: str, consent_from: str | None = None) -> str | None:
        """Take back ``side``'s last step. Returns a refusal, or ``None`` when done."""
        if self.undoable(side) == 0:
            return self._no_undo_reason(side)
        consented = self.undo_requested_by == side and consent_from not in (None, side)
        if self.needs_consent() and not consented:
            return "Undo needs the other player's consent."
        step = self.history.pop()
        self.state = step.before
        self.rng.state = step.rng_before
        self.redo_stack.append((step.action, self.rng.uses))
        self.undo_requested_by = None
        self._notify(())
        return None

    def _no_undo_reason(self, side: str) -> str:
        if not self.history:
            return "Nothing to undo."
        last = self.history[-1]
        if last.lucky:
            return "Cannot undo past a die roll or a draw: luck is never rolled again."
        return f"The last step was {last.action.side}'s, not {side}'s."

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> str | None:
        if not self.redo_stack:
            return "Nothing to redo."
        action, _ = self.redo_stack.pop()
        refusal = self.check(action)
        if refusal is not None:
            self.redo_stack.clear()
            return refusal
        events = self._apply(action)
        self._notify(events)
        return None

    def _notify(self, events: tuple[Event, ...]) -> None:
        for listener in list(self.listeners):
            listener(self, events)


def _check_humans(rules: Rules[Any], scenario: Scenario, humans: tuple[str, ...]) -> None:
    """People play one or more of the scenario's sides, each once, and never the umpire."""
    playable = rules.human_sides(scenario)
    if not humans or len(set(humans)) != len(humans) or not all(h in playable and h != UMPIRE for h in humans):
        raise ValueError(f"the people's sides must be one or more of {', '.join(playable)}")


def umpire_log(session: Session) -> list[str]:
    return [e.text for e in session.log(UMPIRE)]
