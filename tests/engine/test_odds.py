"""Odds from a position never depend on what the side asking may not know.

For each game: a re-drawn position agrees with everything the side sees, and two positions the
side cannot tell apart (the same view, different hidden parts) give the same odds for the same
seeds. The live game's own luck (its Rng) is as hidden as its deck, and is never read.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine.bots import play_out
from midway_desktop.engine.odds import Cancelled, OddsUnavailable, has_odds, odds_from, sampler, tally
from midway_desktop.engine.registry import default_bots, get_rules, new_game
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session

SLOW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def played(game: str, steps: int, seed: int, scenario: str | None = None) -> Session:
    """A game ``steps`` bot actions in (fewer if it ends first: then one step short of its end)."""
    session = new_game(game, scenario=scenario, seed=seed)
    bots = default_bots(game)(session.rules)
    luck = Rng(seed)
    before = session.state
    for _ in range(steps):
        if session.outcome() is not None:
            break
        side = session.to_act()[0]
        before = session.state
        session.apply_unchecked(bots[side].choose(session, side, session.legal_actions(side), luck))
    if session.outcome() is not None:
        session.state = before
    return session


def odds(session: Session, state: Any, side: str, games: int, seed: int) -> tuple[dict[str, int], dict]:
    rules = session.rules
    got = odds_from(
        rules, state, side, default_bots(rules.id), games, seed, scenario=session.scenario, options=session.options
    )
    return dict(got.results), {k: list(v) for k, v in got.scores.items()}


# -- Midway Solitaire: the deck's order ----------------------------------------------------


@SLOW
@given(
    seed=st.integers(0, 10_000), steps=st.integers(0, 12), shuffle=st.integers(0, 2**32), odds_seed=st.integers(0, 99)
)
def test_midway_solitaire_odds_never_read_the_deck_order(seed: int, steps: int, shuffle: int, odds_seed: int) -> None:
    session = played("midway-solitaire", steps, seed)
    state = session.state
    other = state.but(deck=tuple(Rng(shuffle).shuffled(state.deck)))
    rules = session.rules
    assert rules.view(other, "us") == rules.view(state, "us")  # the player cannot tell them apart
    assert odds(session, state, "us", 8, odds_seed) == odds(session, other, "us", 8, odds_seed)


@SLOW
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 12), draw=st.integers(0, 2**32))
def test_midway_solitaire_sample_agrees_with_the_players_view(seed: int, steps: int, draw: int) -> None:
    session = played("midway-solitaire", steps, seed)
    rules = session.rules
    sample = sampler(rules.id)(rules, session.state, "us", Rng(draw))
    assert rules.view(sample, "us") == rules.view(session.state, "us")
    assert sorted(sample.deck) == sorted(session.state.deck)


@SLOW
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 12), shuffle=st.integers(0, 2**32), live=st.integers(0, 2**32))
def test_midway_solitaire_odds_never_read_the_live_games_luck(seed: int, steps: int, shuffle: int, live: int) -> None:
    """The deck's order and the game's dice to come, both changed at once: the same odds."""
    session = played("midway-solitaire", steps, seed)
    first = odds(session, session.state, "us", 6, 2)
    session.state = session.state.but(deck=tuple(Rng(shuffle).shuffled(session.state.deck)))
    session.rng = Rng(live)
    assert odds(session, session.state, "us", 6, 2) == first


def test_midway_solitaire_draws_differ_between_continuations() -> None:
    """The deck is really re-drawn (a sampler that kept it would pass the tests above too)."""
    session = played("midway-solitaire", 2, 3)
    rules = session.rules
    decks = {sampler(rules.id)(rules, session.state, "us", Rng(i)).deck for i in range(10)}
    assert len(decks) > 5


# -- Kido Butai: nothing hidden but the luck -----------------------------------------------


@SLOW
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30), live=st.integers(0, 2**32))
def test_kido_butai_odds_never_read_the_live_games_luck(seed: int, steps: int, live: int) -> None:
    session = played("kido-butai", steps, seed)
    rules = session.rules
    sample = sampler(rules.id)(rules, session.state, "japan", Rng(live))
    assert rules.view(sample, "japan") == rules.view(session.state, "japan")
    first = odds(session, session.state, "japan", 6, 4)
    session.rng = Rng(live)  # the game's dice to come, which nobody may know, are others now
    assert odds(session, session.state, "japan", 6, 4) == first


# -- Victory at Midway: the enemy's pieces out of sight -------------------------------------


def _hidden_piece(session: Session) -> tuple[Any, Any]:
    """The position, and the same with one Japanese piece out of the US player's sight moved
    to another hex out of sight: or ``None`` when no piece is out of sight."""
    from midway_desktop.games.victory_at_midway import hidden
    from midway_desktop.games.victory_at_midway.movement import pieces
    from midway_desktop.games.victory_at_midway.state import JAPAN, US, evolve

    rules = session.rules
    game, state = rules.game, session.state
    seen = hidden.seen_hexes(game, state, US) | hidden.searched_in_vain(game, state, US)
    for _piece, ships in sorted(pieces(game, state, JAPAN).items()):
        here = game.u(state, ships[0]).loc
        if here in seen:
            continue
        elsewhere = sorted(game.within(here, 2) - seen - {here})
        if not elsewhere:
            continue
        units = list(state.units)
        for ship in ships:
            i = game.index[ship]
            units[i] = units[i]._replace(loc=elsewhere[0])
        return state, evolve(state, units=tuple(units))
    return None, None


@SLOW
@given(seed=st.integers(0, 1000), steps=st.integers(8, 60), odds_seed=st.integers(0, 99))
def test_victory_at_midway_odds_never_read_unsighted_enemy_pieces(seed: int, steps: int, odds_seed: int) -> None:
    session = played("victory-at-midway", steps, seed, scenario="solitaire")
    state, moved = _hidden_piece(session)
    if state is None:
        return  # every Japanese piece is in sight (or not yet entered): nothing to move
    rules = session.rules
    assert rules.view(moved, "us") == rules.view(state, "us")
    assert state != moved
    assert odds(session, state, "us", 2, odds_seed) == odds(session, moved, "us", 2, odds_seed)


@SLOW
@given(seed=st.integers(0, 1000), steps=st.integers(0, 60), draw=st.integers(0, 2**32))
def test_victory_at_midway_sample_agrees_with_the_players_view(seed: int, steps: int, draw: int) -> None:
    session = played("victory-at-midway", steps, seed, scenario="solitaire")
    rules = session.rules
    sample = sampler(rules.id)(rules, session.state, "us", Rng(draw))
    # All but Japan's seal on a sealed step: its orders are taken back, to be given afresh
    # (tests/games/victory_at_midway/test_odds_orders.py).
    unsealed = {"sealed": sorted(sample.sealed), "to_act": list(rules.to_act(sample))}
    assert rules.view(sample, "us") == {**rules.view(session.state, "us"), **unsealed}
    assert "us" not in session.state.sealed or "us" in sample.sealed


def test_victory_at_midway_moves_pieces_out_of_sight() -> None:
    """The enemy really is re-drawn: some unsighted Japanese piece lands elsewhere."""
    session = played("victory-at-midway", 40, 2, scenario="solitaire")
    state, _ = _hidden_piece(session)
    assert state is not None
    rules = session.rules
    draws = {sampler(rules.id)(rules, state, "us", Rng(i)).units for i in range(6)}
    assert len(draws) > 1


# -- the runner -------------------------------------------------------------------------------


def test_odds_repeat_for_the_same_seed_and_leave_the_position_alone() -> None:
    session = played("midway-solitaire", 3, 11)
    state = session.state
    first = odds_from(session.rules, state, "us", default_bots("midway-solitaire"), 30, 5, scenario=session.scenario)
    again = odds_from(session.rules, state, "us", default_bots("midway-solitaire"), 30, 5, scenario=session.scenario)
    assert first == again
    assert session.state is state and sum(first.results.values()) == 30 == first.games
    assert first.scores["us"] and len(first.scores["us"]) == 30


def test_the_umpires_odds_play_on_from_the_whole_position() -> None:
    """``full_state``: the deck's true order is played, so every game draws the same cards."""
    session = played("midway-solitaire", 3, 11)
    rules = session.rules
    seen: list[tuple[int, ...]] = []
    module = __import__("midway_desktop.games.midway_solitaire.hidden", fromlist=["x"])
    original = module.sample_hidden
    try:
        module.sample_hidden = lambda r, s, side, rng: seen.append(s.deck) or original(r, s, side, rng)  # type: ignore[assignment]
        odds_from(rules, session.state, "us", default_bots(rules.id), 4, 1, full_state=True)
        assert seen == []  # nothing re-drawn
        odds_from(rules, session.state, "us", default_bots(rules.id), 4, 1)
        assert len(seen) == 4
    finally:
        module.sample_hidden = original


def test_cancel_stops_between_games_and_progress_counts_them() -> None:
    session = played("midway-solitaire", 1, 4)
    calls: list[int] = []
    with pytest.raises(Cancelled):
        odds_from(
            session.rules,
            session.state,
            "us",
            default_bots("midway-solitaire"),
            50,
            1,
            progress=lambda done, total: calls.append(done),
            cancelled=lambda: len(calls) >= 3,
        )
    assert calls == [1, 2, 3]


def test_a_game_without_a_sampler_has_no_odds_and_a_finished_game_none() -> None:
    assert not has_odds("toy") and all(has_odds(g) for g in ("midway-solitaire", "kido-butai", "cv"))
    with pytest.raises(OddsUnavailable):
        sampler("toy")
    session = new_game("midway-solitaire", seed=1)
    bots = default_bots("midway-solitaire")(session.rules)
    play_out(session, bots, Rng(1))
    with pytest.raises(ValueError, match="over"):
        odds_from(session.rules, session.state, "us", default_bots("midway-solitaire"), 5, 1)


def test_tally_counts_outcomes_and_names_the_missions_endings() -> None:
    rules = get_rules("midway-solitaire")
    outcomes = []
    for i in range(12):
        s = new_game("midway-solitaire", seed=i)
        outcomes.append(play_out(s, default_bots("midway-solitaire")(rules), Rng(i)))
    odds = tally(rules, outcomes, 0)
    assert odds.games == 12 and sum(odds.results.values()) == 12
    assert odds.result_title("american-victory") == "Mission accomplished"
    share, lo, hi = odds.interval("american-victory")
    assert lo <= share <= hi
