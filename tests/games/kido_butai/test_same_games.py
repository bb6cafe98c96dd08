"""Speed work must not change the games: a fixed batch of bot games per set of optional rules
comes out with the same results, action counts and victory points as when it was pinned (a
deliberate change to the bot or the rules updates these figures and says why)."""

from __future__ import annotations

from typing import Any

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.games.kido_butai.rules import RULES, default_bots

# options -> (results of 40 games from seed 5, total actions, total VP Japan / USA)
PINNED: list[tuple[dict[str, Any], dict[str, int], int, tuple[int, int]]] = [
    (
        {},
        {
            "decisive-japanese-victory": 12,
            "draw": 2,
            "major-japanese-defeat": 15,
            "minor-japanese-defeat": 4,
            "minor-japanese-victory": 7,
        },
        721,
        (326, 347),
    ),
    (
        {"superior_damage_control": True},
        {
            "decisive-japanese-victory": 12,
            "draw": 2,
            "major-japanese-defeat": 17,
            "minor-japanese-defeat": 3,
            "minor-japanese-victory": 6,
        },
        725,
        (312, 347),
    ),
    (
        {"no_us_fiasco": True},
        {
            "decisive-japanese-victory": 4,
            "draw": 2,
            "major-japanese-defeat": 23,
            "minor-japanese-defeat": 5,
            "minor-japanese-victory": 6,
        },
        814,
        (202, 393),
    ),
    (
        {"random_targets": True},
        {
            "decisive-japanese-victory": 11,
            "draw": 1,
            "major-japanese-defeat": 16,
            "minor-japanese-defeat": 7,
            "minor-japanese-victory": 5,
        },
        685,
        (346, 395),
    ),
]


@pytest.mark.parametrize(("options", "results", "actions", "points"), PINNED, ids=lambda v: str(v))
def test_a_fixed_batch_of_bot_games_comes_out_as_before(
    options: dict[str, Any], results: dict[str, int], actions: int, points: tuple[int, int]
) -> None:
    summary = simulate(RULES, default_bots, 40, 5, options=options)
    assert summary.results == results
    assert round(summary.average_steps * 40) == actions
    assert (round(summary.scores["japan"] * 40), round(summary.scores["usa"] * 40)) == points
