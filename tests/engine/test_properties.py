"""Property tests over every game the engine can play: random legal play keeps every promise.

For each game: every applied action was legal; save → load → replay gives the same state;
undo then redo gives the same state; a side's log holds only what that side may see; views
are plain JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import UMPIRE, Session
from midway_desktop.engine import records as rec
from midway_desktop.engine.bots import RandomBot
from midway_desktop.engine.events import visible
from midway_desktop.engine.registry import get_rules, playable_games, register
from midway_desktop.engine.rng import Rng
from tests.engine import toy

register(toy.RULES, "tests.engine.toy")
# CV's hour-long Turns make hundreds of random orders cost minutes here; its own tests hold the
# same properties with smaller budgets (tests/games/cv: test_records, test_views, test_legal).
GAMES = sorted(set(playable_games()) - {"cv"} | {"toy"})


def _random_walk(game: str, seed: int, steps: int) -> Session:
    rules = get_rules(game)
    session = Session.start(rules, seed=seed)
    bot, rng = RandomBot(), Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if session.outcome() is not None:
            break
        side = session.to_act()[0]
        legal = session.legal_actions(side)
        assert legal, f"{side} must act but has no legal action"
        action = bot.choose(session, side, legal, rng)
        assert session.check(action) is None, f"legal_actions offered an illegal {action}"
        session.play(action)
    return session


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**40), steps=st.integers(min_value=1, max_value=400))
def test_random_play_replays_exactly(game: str, seed: int, steps: int, tmp_path: Path) -> None:
    session = _random_walk(game, seed, steps)
    path = rec.save(session, tmp_path / f"{game}-{seed}.json")
    back = rec.load(path)
    assert back.state == session.state
    assert rec.fingerprint(back) == rec.fingerprint(session)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40), steps=st.integers(min_value=1, max_value=300))
def test_undo_then_redo_is_the_same_state(game: str, seed: int, steps: int) -> None:
    session = _random_walk(game, seed, steps)
    if not session.history:
        return
    side = session.history[-1].action.side
    if session.undoable(side) == 0:
        assert session.undo(side, consent_from="umpire") is not None
        return
    after = session.state
    if session.needs_consent():
        session.request_undo(side)
        other = next(s for s in session.rules.sides if s != side)
        assert session.undo(side, consent_from=other) is None
    else:
        assert session.undo(side) is None
    assert session.redo() is None
    assert session.state == after


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40), steps=st.integers(min_value=1, max_value=300))
def test_logs_and_views_are_filtered_and_plain(game: str, seed: int, steps: int) -> None:
    session = _random_walk(game, seed, steps)
    everything = session.log(UMPIRE)
    for side in session.rules.sides:
        mine = session.log(side)
        assert all(e.visible_to(side) for e in mine)
        hidden = [e for e in everything if not e.visible_to(side)]
        assert not (set(map(id, hidden)) & set(map(id, mine)))
        json.dumps(session.view(side))  # views are plain data: nothing else can leak through
    json.dumps(session.view(UMPIRE))


@pytest.mark.parametrize("game", ["toy", "kido-butai"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40), moves=st.lists(st.integers(0, 9), min_size=1, max_size=150))
def test_the_log_read_on_is_the_log_read_afresh(game: str, seed: int, moves: list[int]) -> None:
    """``Session.log`` reads on from where it was last read; through play, undo and redo it is
    always the whole history's events the side may see, read afresh."""
    rules = get_rules(game)
    session = Session.start(rules, seed=seed, humans=(rules.sides[0],))
    bot, rng = RandomBot(), Rng(seed)
    readers = (*rules.sides, UMPIRE)
    for move in moves:
        if move == 0 and session.history:
            session.undo(session.history[-1].action.side)
        elif move == 1:
            session.redo()
        elif session.outcome() is None:
            side = session.to_act()[0]
            session.play(bot.choose(session, side, session.legal_actions(side), rng))
        for reader in readers[: 1 + move % len(readers)]:  # (not every side reads after every step)
            assert session.log(reader) == visible(session.events(), reader)
