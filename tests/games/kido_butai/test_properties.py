"""Random legal play (engine.bots.RandomBot and a variant that never self-destructs):
every action offered is legal, the position stays sound, undo and redo agree, and the
Japanese view holds no order of undrawn counters."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine.actions import Action
from midway_desktop.engine.bots import RandomBot
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.kido_butai.actions import Destroy
from midway_desktop.games.kido_butai.display import (
    INTERCEPT,
    OVER,
    STRIKE,
    Counters,
    Raid,
    State,
    Strike,
    capacity,
    us_capacity,
    us_squadrons_left,
)
from midway_desktop.games.kido_butai.rules import RULES
from midway_desktop.games.kido_butai.squadrons import IN_THE_AIR, LOST

from .helpers import FORCES

PLACES = set(FORCES.carrier_names) | IN_THE_AIR | {LOST}
START = Counters(
    FORCES.bomber_pool.squadrons,
    FORCES.bomber_pool.placeholders,
    FORCES.fighter_pool.squadrons,
    FORCES.fighter_pool.placeholders,
)


class KeepYourUnits(RandomBot):
    """Random, but never destroys its own units (so games reach the late turns)."""

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        kept = [a for a in legal if not isinstance(a, Destroy)]
        return rng.choice(kept or legal)


def assert_sound(state: State) -> None:
    assert len(state.squadrons) == len(FORCES.squadrons)
    for c, name in enumerate(FORCES.carrier_names):
        aboard = sum(1 for sq in state.squadrons if sq.where == name)
        assert aboard <= capacity(FORCES, state, c), f"{name} over capacity"
        assert 0 <= state.decks[c].hits <= 2
    for sq in state.squadrons:
        assert sq.where in PLACES
    # Every US counter is somewhere: a cup, the track, drawn for a pending attack, or out.
    total = [sum(x) for x in zip(state.pools, state.removed, *state.track)]
    if isinstance(state.pending, Raid):
        total = [a + b for a, b in zip(total, state.pending.drawn)]
    assert tuple(total) == tuple(START)
    assert all(n >= 0 for c in (state.pools, state.removed, *state.track) for n in c)
    # Squadrons beyond the deck space left only while the track has none to give up.
    if us_squadrons_left(FORCES, state) > us_capacity(FORCES, state):
        assert sum(c.dauntless + c.buffalo for c in state.track) == 0
    assert (state.stage == STRIKE) == isinstance(state.pending, Strike)
    assert (state.stage == INTERCEPT) == isinstance(state.pending, Raid)
    assert 0 <= state.turn < 16


def assert_view_hides_order(view: dict[str, Any]) -> None:
    text = json.dumps(view)  # plain data, nothing else
    for cup in view["pools"].values():
        assert all(isinstance(n, int) for n in cup.values())
    for word in ("order", "sequence", "next_draw", "rng", "seed"):
        assert word not in text


def play(seed: int, bot: RandomBot, options: dict[str, bool], check_all: bool = False) -> Session:
    s = Session.start(RULES, seed=seed, options=options)
    bot_rng = Rng(seed + 1)
    steps = 0
    while not s.over:
        legal = s.legal_actions("japan")
        assert legal, f"no legal action in {s.rules.phase(s.state).name}"
        if check_all:
            for action in legal:
                assert s.check(action) is None, (action, s.check(action))
        action = bot.choose(s, "japan", legal, bot_rng)
        assert s.check(action) is None
        before = s.state
        s.play(action)
        assert_sound(s.state)
        if s.undoable("japan"):
            after = s.state
            assert s.undo("japan") is None and s.state == before
            assert s.redo() is None and s.state == after
        if steps % 7 == 0:
            assert_view_hides_order(s.view("japan"))
        steps += 1
        assert steps < 5000
    assert s.state.stage == OVER and s.outcome() is not None
    return s


OPTIONS = st.fixed_dictionaries(
    {"superior_damage_control": st.booleans(), "no_us_fiasco": st.booleans(), "random_targets": st.booleans()}
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_random_play_keeps_the_rules(seed: int, options: dict[str, bool]) -> None:
    play(seed, KeepYourUnits(), options)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_engine_random_bot_keeps_the_rules(seed: int) -> None:
    play(seed, RandomBot(), {})


def test_every_offered_action_is_legal_throughout_a_game() -> None:
    play(20260604, KeepYourUnits(), {}, check_all=True)


def test_records_replay_exactly() -> None:
    s = play(7, KeepYourUnits(), {"random_targets": True})
    actions = [RULES.codec.decode(json.loads(json.dumps(a.to_json()))) for a in s.actions()]
    assert actions == s.actions()
    again = Session.start(RULES, seed=7, options={"random_targets": True})
    for a in actions:
        again.play(a)
    assert again.state == s.state and [e.to_json() for e in again.events()] == [e.to_json() for e in s.events()]


def test_the_japanese_view_does_not_change_with_the_luck_to_come() -> None:
    """Two sessions in the same position with different seeds: the same Japanese view."""
    a = Session.start(RULES, seed=1)
    b = Session.start(RULES, seed=999)
    assert a.view("japan") == b.view("japan")
    assert a.rng.state != b.rng.state
