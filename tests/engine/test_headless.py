"""Headless runs (bot simulations): the same games as recorded ones, with nothing kept."""

from __future__ import annotations

import pytest

from midway_desktop.engine.bots import play_out
from midway_desktop.engine.registry import default_bots, get_rules
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from tests.engine.toy import RULES as TOY
from tests.engine.toy import default_bots as toy_bots

GAMES = [
    ("kido-butai", {}, 6),
    ("kido-butai", {"superior_damage_control": True, "random_targets": True}, 4),
    ("midway-solitaire", {"mission": 6}, 6),
    ("victory-at-midway", {}, 1),
]


def _both(rules, bots_for, options, seed):  # type: ignore[no-untyped-def]
    bots = bots_for(rules)
    recorded = Session.start(rules, options=options, seed=seed)
    headless = Session.start(rules, options=options, seed=seed)
    first = play_out(recorded, bots, Rng(seed))
    second = play_out(headless, bots, Rng(seed), record=False)
    return recorded, headless, first, second


@pytest.mark.parametrize(("game", "options", "games"), GAMES)
def test_a_headless_game_is_the_recorded_game(game: str, options: dict, games: int) -> None:
    rules = get_rules(game)
    for seed in range(games):
        recorded, headless, first, second = _both(rules, lambda r, g=game: default_bots(g)(r), options, 100 + seed)
        assert headless.state == recorded.state
        assert headless.rng.state == recorded.rng.state
        assert second == first
        assert headless.unrecorded == len(recorded.history) > 0
        assert headless.history == [] and headless.events() == list(headless.setup_events)


def test_the_default_advance_is_applys_state() -> None:
    recorded, headless, first, second = _both(TOY, toy_bots, {}, 7)
    assert headless.state == recorded.state and second == first
    assert headless.unrecorded == len(recorded.history)
