"""Kido Butai: Japan's Carriers at Midway — the rules on the shared engine.

A solitaire game: you are Nagumo (side ``japan``); the Americans are cups of counters the
rules draw from. The sequence of play waits for you in the set-up, the Japanese phase and
two decisions inside combat; reconnaissance, the American phase and the night landings run
by themselves after you end a phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.bots import Bot
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import SYSTEM, Option, Outcome, Phase, Rules, Scenario
from midway_desktop.games.kido_butai.actions import ACTION_TYPES, JAPAN, Attack, Intercept, KidoButaiAction, Orders
from midway_desktop.games.kido_butai.display import (
    INTERCEPT,
    JAPANESE,
    OVER,
    SETUP,
    STRIKE,
    State,
    Table,
    Variant,
    opening,
    table,
)
from midway_desktop.games.kido_butai.forces import Forces, load_forces
from midway_desktop.games.kido_butai.japanese_phase import carry_out
from midway_desktop.games.kido_butai.legal import Catalogue
from midway_desktop.games.kido_butai.orders import check_steps
from midway_desktop.games.kido_butai.victory import score
from midway_desktop.games.kido_butai.views import build_view

# The sequence of play (KB › 2) as data. Phases run by SYSTEM never wait for anyone.
PHASES: tuple[Phase, ...] = (
    Phase(SETUP, "Set-up: turn each bomber to its bomb or torpedo side", (JAPAN,), "KB › 1 Setup"),
    Phase(JAPANESE, "Japanese phase", (JAPAN,), "KB › 3 The Japanese Phase"),
    Phase(STRIKE, "Japanese phase: assign the bombers to the US carriers", (JAPAN,), "KB › 6.b Anti-Aircraft Fire"),
    Phase("reconnaissance", "Mutual reconnaissance phase", (SYSTEM,), "KB › 4 The Mutual Reconnaissance Phase"),
    Phase("american", "American phase", (SYSTEM,), "KB › 5 The American Phase"),
    Phase(
        INTERCEPT,
        "American phase: choose the CAP squadrons that intercept",
        (JAPAN,),
        "KB › 7 Combat in the American Phase",
    ),
    Phase("night", "Night landings", (SYSTEM,), "KB › Clarifications to 8"),
    Phase(OVER, "Game over", (), "KB › 8 Victory"),
)
_BY_NAME = {p.name: p for p in PHASES}

OPTIONS: tuple[Option, ...] = (
    Option("superior_damage_control", "Superior US damage control", False, rule="KB › 10.a"),
    Option("no_us_fiasco", "No US fiasco possible", False, rule="KB › 10.b"),
    Option("random_targets", "Random target assignment", False, rule="KB › 10.c"),
)


class KidoButaiRules(Rules[State]):
    id = "kido-butai"
    title = "Kido Butai"
    # Raise it with any change that changes a record's replay; tests/records keeps a record
    # of each revision (see engine.rules.Rules.revision).
    revision = 1
    sides = (JAPAN,)
    scenarios = (Scenario("standard", "4 June 1942, 0430 to 1930", "Sixteen hours as Admiral Nagumo."),)
    options = OPTIONS
    phases = PHASES
    action_types = ACTION_TYPES
    solitaire = True

    def __init__(self, forces: Forces | None = None) -> None:
        super().__init__()
        self.forces = forces if forces is not None else load_forces()
        self.catalogue = Catalogue(self.forces)
        self._openings: dict[Variant, State] = {}  # states are immutable, so one per variant will do

    def setup(self, scenario: Scenario, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        """KB › 1 Setup. No luck: the cups are only drawn from when needed."""
        variant = Variant(
            bool(options.get("superior_damage_control", False)),
            bool(options.get("no_us_fiasco", False)),
            bool(options.get("random_targets", False)),
        )
        state = self._openings.get(variant)
        if state is None:
            state = self._openings[variant] = opening(self.forces, variant)
        return state, [Event("setup", "Kido Butai steams towards Midway: turn each bomber to its bomb or torpedo side")]

    def to_act(self, state: State) -> tuple[str, ...]:
        return () if state.stage == OVER else (JAPAN,)

    def phase(self, state: State) -> Phase:
        return _BY_NAME[state.stage]

    def legal_actions(self, state: State, side: str) -> Sequence[Action]:
        if side != JAPAN:
            return ()
        return self.catalogue.legal(state)

    def listable(self, action: Action) -> bool:
        """One squadron at a time (KB › 3, a player's drag); interceptions as every set of CAP
        squadrons; attacks by every squadron at the corner. Several squadrons in one action,
        or an :class:`Orders` list, are legal when their steps are, but not listed."""
        if isinstance(action, Orders):
            return False
        if isinstance(action, Intercept):
            return True
        if isinstance(action, Attack):
            return not action.squadrons
        many = getattr(action, "squadrons", None) or getattr(action, "units", None)
        return many is None or len(many) == 1

    def check(self, state: State, action: Action) -> str | None:
        if action.side != JAPAN:
            return f"Only the Japanese player acts in {self.title}."
        if not isinstance(action, KidoButaiAction):
            return f"{action.type_name} is not a Kido Butai action."
        return check_steps(self.forces, state, action.as_steps())

    def apply(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        assert isinstance(action, KidoButaiAction)
        t = self._carried_out(table(state), action, rng)
        t.chapter("orders")
        return t.freeze(), t.events

    def advance(self, state: State, action: Action, rng: Rng) -> State:
        """``apply`` with its chapters left unwritten (see ``display.QuietTable``)."""
        return self._carried_out(table(state, quiet=True), action, rng).freeze()

    def _carried_out(self, t: Table, action: Action, rng: Rng) -> Table:
        for step in action.as_steps():  # type: ignore[attr-defined]
            carry_out(self.forces, t, step, rng)
        return t

    def outcome(self, state: State) -> Outcome | None:
        if state.stage != OVER:
            return None
        s = score(self.forces, state)
        winner = JAPAN if s.margin > 0 else ("usa" if s.margin < 0 else None)
        text = f"{s.band.title}: Japan {s.japan}, United States {s.usa} ({s.margin:+d})"
        return Outcome(s.band.name, winner, text, {"japan": float(s.japan), "usa": float(s.usa)})

    def view(self, state: State, side: str) -> dict[str, Any]:
        return build_view(self.forces, state, side)


RULES = KidoButaiRules()


def rules_for(folder: Path) -> KidoButaiRules:
    """The rules as they run on the ruleset in ``folder`` (what ``validate`` checks)."""
    return KidoButaiRules(load_forces(folder / "forces.yaml"))


def default_bots(rules: Rules[Any]) -> dict[str, Bot]:
    """The Japanese bot (see :mod:`.bot`)."""
    from midway_desktop.games.kido_butai.bot import NagumoBot

    assert isinstance(rules, KidoButaiRules)
    return {JAPAN: NagumoBot(rules.forces)}


DEFAULT_BOT = "nagumo"  # ``simulate``'s name for it (see ``engine.registry``)
