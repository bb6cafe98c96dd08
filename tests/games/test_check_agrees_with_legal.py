"""For every game: ``check`` accepts an action exactly when ``legal_actions`` lists it.

Positions come from the bots' play then random play; at each, a sample of the listed actions must pass ``check``,
and actions made by changing one field of a listed action to a value seen anywhere in the game
(a piece to another hex, a squadron to another carrier, the hex it already stands on) must
pass ``check`` only if they are listed. Bundles a game accepts but does not list (orders,
several squadrons at once, a concession) are left out by the rules' own ``listable``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Action, Rng, Session, get_rules, playable_games
from midway_desktop.engine.registry import default_bots

PREFIX = 400  # at most this many actions played by the bots before the walk
STEPS = 60  # positions visited per game
LISTED = 12  # listed actions checked per position
MUTANTS = 30  # changed actions checked per position


def _mutants(action: Action, pool: dict[tuple[str, str], list[Any]], rnd: random.Random) -> list[Action]:
    out = []
    for f in dataclasses.fields(action):
        if f.name == "side":
            continue
        seen = pool[(action.type_name, f.name)]
        for value in rnd.sample(seen, min(4, len(seen))):
            if value != getattr(action, f.name):
                out.append(dataclasses.replace(action, **{f.name: value}))
    return out


def _walk(game: str, scenario: str, seed: int) -> None:
    rules = get_rules(game)
    session = Session.start(rules, scenario=scenario, seed=seed)
    rnd = random.Random(seed)
    # The game's own bots play a random stretch first, so positions deep in the game come up.
    bots = default_bots(game)(rules)
    luck = Rng(seed)
    for _ in range(rnd.randrange(PREFIX)):
        acting = [s for s in session.to_act() if s in bots]
        if not acting:
            break
        side = acting[0]
        if session.submit(bots[side].choose(session, side, session.legal_actions(side), luck)).refusal:
            break
    pool: dict[tuple[str, str], list[Any]] = defaultdict(list)
    seen_values: dict[tuple[str, str], set[Any]] = defaultdict(set)
    for _ in range(STEPS):
        acting = session.to_act()
        if not acting:
            return
        side = rnd.choice(acting)
        listed = session.legal_actions(side)
        assert listed, f"{game}: {side} must act ({rules.phase(session.state).title}) but has nothing listed"
        for action in listed:
            for f in dataclasses.fields(action):
                key = (action.type_name, f.name)
                value = getattr(action, f.name)
                if value not in seen_values[key]:
                    seen_values[key].add(value)
                    pool[key].append(value)
        for action in rnd.sample(listed, min(LISTED, len(listed))):
            assert session.check(action) is None, f"{game}: listed but refused: {action}"
        as_set = set(listed)
        candidates = [m for a in rnd.sample(listed, min(8, len(listed))) for m in _mutants(a, pool, rnd)]
        for action in rnd.sample(candidates, min(MUTANTS, len(candidates))):
            if not rules.listable(action) or action in as_set:
                continue
            why = session.check(action)
            assert why is not None, f"{game} ({rules.phase(session.state).title}): accepted but never listed: {action}"
        session.submit(rnd.choice(listed))


# CV holds this property in tests/games/cv/test_legal.py::test_check_agrees_with_legal, with a
# budget its slow steps allow (here its three scenarios cost minutes).
CASES = [(g, s.name) for g in playable_games() if g != "cv" for s in get_rules(g).scenarios]


@pytest.mark.parametrize("game, scenario", CASES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_check_accepts_what_legal_actions_lists_and_nothing_else(game: str, scenario: str, seed: int) -> None:
    _walk(game, scenario, seed)
