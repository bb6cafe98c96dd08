"""Whole games of random legal play (engine.bots.RandomBot) keep every invariant.

Checked after every step: the action was legal; the state is valid (damage within the status
boards' limits, fuel 0-3, long range attacks 0-2, every unit on the board, every card in
exactly one place); undo then redo returns the same state; the player's view does not depend
on the order of the face-down deck.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Rng, Session
from midway_desktop.engine.actions import ActionError
from midway_desktop.engine.bots import RandomBot
from midway_desktop.games.midway_solitaire.actions import US
from midway_desktop.games.midway_solitaire.rules import RULES
from midway_desktop.games.midway_solitaire.state import State, but

GRID = RULES.rs.grid
LIMIT = RULES.rs.limit
RESTING = {"setup", "us-movement", "ma-placement", "assign-hits", "long-range", "over"}


def check_valid(state: State) -> None:
    assert state.phase in RESTING
    assert (state.phase == "over") == (state.result is not None)
    assert 1 <= state.mission <= 6
    for t in state.task_forces:
        assert 0 <= t.damage <= LIMIT[t.name]
        assert t.sunk == (t.damage >= LIMIT[t.name])
        assert 0 <= t.fuel <= 3 and 0 <= t.long_range <= 2
        assert t.square in GRID or (state.phase == "setup" and t.square == "")
    for j in state.japanese:
        assert 0 <= j.damage <= LIMIT[j.name]
        assert j.sunk == (j.damage >= LIMIT[j.name])
        assert j.square in GRID
    assert state.ma in GRID.ma_area
    assert sorted((*state.deck, *state.played)) == list(RULES.rs.deck.numbers)
    assert state.card is None or state.card == state.played[-1]
    assert (state.phase == "assign-hits") == (state.battle is not None and state.phase != "over")
    if state.phase not in ("setup", "over"):
        assert any(not t.sunk for t in state.task_forces)


def check_view(state: State) -> None:
    shuffled = but(state, deck=tuple(reversed(state.deck)))
    assert RULES.view(state, US) == RULES.view(shuffled, US)
    assert "deck" not in RULES.view(state, US)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**48),
    bot_seed=st.integers(0, 2**32),
    mission=st.sampled_from([1, 2, 3, 4, 5, 6, "random"]),
)
def test_random_legal_play_keeps_every_invariant(seed: int, bot_seed: int, mission: int | str) -> None:
    session = Session.start(RULES, options={"mission": mission}, seed=seed)
    bot, rng = RandomBot(), Rng(bot_seed)
    check_valid(session.state)
    for _ in range(2000):
        if session.over:
            break
        legal = session.legal_actions(US)
        assert legal, f"no legal action in {session.state.phase}"
        action = bot.choose(session, US, legal, rng)
        assert action in legal and RULES.check(session.state, action) is None
        assert RULES.codec.decode(action.to_json()) == action
        before = session.state
        session.play(action)
        after = session.state
        check_valid(after)
        check_view(after)
        if session.undoable(US):
            assert session.undo(US) is None and session.state == before
            assert session.redo() is None and session.state == after
    assert session.over
    outcome = session.outcome()
    assert outcome is not None and outcome.winner in ("us", "japan")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**48), square=st.sampled_from(sorted(GRID.squares) + ["N1", "A0", ""]))
def test_illegal_squares_are_refused_with_a_reason(seed: int, square: str) -> None:
    """Any action not in the legal list is refused with a reason, and nothing changes."""
    from midway_desktop.games.midway_solitaire.actions import MoveTaskForce, PlaceAircraft, PlaceTaskForce

    session = Session.start(RULES, options={"mission": 1}, seed=seed)
    for action in (PlaceTaskForce(US, "TF-16", square), PlaceAircraft(US, square), MoveTaskForce(US, "TF-16", square)):
        legal = action in session.legal_actions(US)
        refusal = session.check(action)
        assert (refusal is None) == legal
        if refusal is not None:
            assert refusal.endswith(".") or refusal.endswith(")")


def test_codec_refuses_unknown_actions() -> None:
    try:
        RULES.codec.decode({"type": "launch-zeros", "side": US})
    except ActionError as exc:
        assert "unknown action type" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("decoded an unknown action")
