"""Positions and sessions for Kido Butai tests: start anywhere, script every die and draw."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng, ScriptedRng
from midway_desktop.engine.session import Session
from midway_desktop.games.kido_butai.actions import JAPAN, EndPhase, Orders
from midway_desktop.games.kido_butai.display import JAPANESE, Counters, Deck, State, Variant, opening
from midway_desktop.games.kido_butai.rules import RULES
from midway_desktop.games.kido_butai.squadrons import CAP, CENTRE, EAST, NEVER, Squadron

FORCES = RULES.forces
IDS = FORCES.ids
END = EndPhase(JAPAN)


def index(name: str) -> int:
    return FORCES.squadron_index[name]


def carrier(name: str) -> int:
    return FORCES.carrier_index[name]


def position(
    turn: int = 0,
    stage: str = JAPANESE,
    squadrons: Mapping[str, Squadron] | None = None,
    variant: Variant | None = None,
    **fields: Any,
) -> State:
    """The opening position, moved to ``turn`` and changed as asked.

    ``squadrons`` maps ids to their new records; other keyword arguments replace State
    fields (``found=True``, ``pools=Counters(...)``, ``decks=...``).
    """
    state = opening(FORCES, variant or Variant())
    sqs = list(state.squadrons)
    for name, sq in (squadrons or {}).items():
        sqs[index(name)] = sq
    return state._replace(turn=turn, stage=stage, squadrons=tuple(sqs), **fields)


def decks(**hits: int) -> tuple[Deck, ...]:
    """Decks with hits by carrier name (``kaga=1``), nothing launched or landed yet."""
    return tuple(Deck(hits.get(c, 0)) for c in FORCES.carrier_names)


def session(state: State, dice: Iterable[int] = (), picks: Iterable[int] = ()) -> Session:
    """A session at ``state`` whose luck is scripted (it raises if it runs out)."""
    return Session(
        rules=RULES,
        scenario="standard",
        options={},
        seed=0,
        state=state,
        rng=ScriptedRng(dice=dice, picks=picks),
    )


def seeded(state: State, seed: int = 1) -> Session:
    return Session(rules=RULES, scenario="standard", options={}, seed=seed, state=state, rng=Rng(seed))


def orders(*steps: tuple[str, ...]) -> Action:
    return Orders(JAPAN, tuple(steps))


def on_cap(turn_launched: int, low: int = NEVER) -> Squadron:
    return Squadron(CAP, EAST, "", turn_launched, low)


def in_centre(facing: str, arm: str, acted: int) -> Squadron:
    return Squadron(CENTRE, facing, arm, acted)


def where(state: State, name: str) -> str:
    return state.squadrons[index(name)].where


def no_counters() -> Counters:
    return Counters(0, 0, 0, 0)


def placeholder_pick(squadrons_left: int) -> int:
    """The pick that draws a placeholder from a cup holding ``squadrons_left`` squadrons
    (cups list their squadrons first, then their placeholders)."""
    return squadrons_left
