"""Speed work must not change the games: the bot's choices, the dice and the results of a
fixed batch, pinned from before the hot paths were optimised (a deliberate change to the bot
or the rules updates these figures, and says why)."""

from __future__ import annotations

import pytest

from midway_desktop.engine.bots import simulate
from midway_desktop.engine.session import Step
from midway_desktop.games.midway_solitaire.actions import US, EndTurn
from midway_desktop.games.midway_solitaire.rules import RULES, default_bots

# mission -> (results of 40 games from seed 5, total actions over them)
PINNED = {
    1: ({"american-victory": 40}, 486),
    2: ({"american-victory": 26, "japan-losses": 1, "japan-objective": 13}, 817),
    3: ({"american-victory": 20, "japan-objective": 19, "japan-time": 1}, 866),
    4: ({"american-victory": 17, "japan-objective": 22, "japan-time": 1}, 983),
    5: ({"american-victory": 12, "japan-objective": 28}, 976),
    6: ({"american-victory": 6, "japan-fleet-sunk": 1, "japan-objective": 31, "japan-time": 2}, 1087),
}


@pytest.mark.parametrize("mission", sorted(PINNED))
def test_a_fixed_batch_of_bot_games_comes_out_as_before(mission: int) -> None:
    results, actions = PINNED[mission]
    summary = simulate(RULES, default_bots, 40, 5, options={"mission": mission})
    assert summary.results == results
    assert round(summary.average_steps * 40) == actions


def test_a_step_made_fast_is_the_same_value() -> None:
    end = EndTurn(US)
    assert Step.made(end, (), True, "before", 7) == Step(end, (), True, "before", 7)
