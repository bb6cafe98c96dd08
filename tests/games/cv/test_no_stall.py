"""No CV game stalls: every scenario, played by every computer player CV offers (and the plain
bot ``simulate`` plays), ends after its last Turn under the engine's watchdog, which names any
side that gives ``STEP_ACTIONS`` orders in one step without ending it (CV › Basic IV: a step
ends when both sides seal). Seeds 169 and 194 of the free set-up Midway Campaign once held the
Plot Ship Movement Step for ever (carriers bound to a wind that led off the mapboard, VI.E).

One seed of each runs with the suite (the doctrine's Short Scenario only); ``pytest -m
whole_game`` runs the doctrine's others and ``MANY`` seeds of each (``MIDWAY_STALL_SEEDS``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from midway_desktop.engine import Rng, Session, get_rules
from midway_desktop.engine.bots import Bot, play_out
from midway_desktop.games.cv.bots import PlainBot
from midway_desktop.games.cv.rules import SCENARIO_IDS

MANY = int(os.environ.get("MIDWAY_STALL_SEEDS", "20"))  # seeds of each scenario and bot on demand


def _plain(rules: Any) -> Mapping[str, Bot]:
    return {side: PlainBot() for side in rules.sides}


def _doctrine(rules: Any) -> Mapping[str, Bot]:
    return {side: rules.computer_bot(side, "doctrine") for side in rules.sides}


BOTS: dict[str, Callable[[Any], Mapping[str, Bot]]] = {"plain": _plain, "doctrine": _doctrine}


def _ends(scenario: str, bots: str, seed: int) -> None:
    """The game the ``simulate`` runner would play for ``seed``: it ends, with an outcome."""
    rules = get_rules("cv")
    session = Session.start(rules, scenario=scenario, seed=seed)
    outcome = play_out(session, BOTS[bots](rules), Rng(seed * 7919), record=False)
    assert session.state.step == "over" and outcome.result in ("american", "japanese", "draw")


@pytest.mark.parametrize("seed", [169, 194])
def test_the_seeds_that_stalled_end(seed: int) -> None:
    rules = get_rules("cv")
    session = Session.start(rules, scenario="free-set-up-midway-campaign", seed=seed)
    play_out(session, _plain(rules), Rng(seed * 7919), record=False)  # (simulate --seed N --games 1)
    assert session.state.step == "over"


# The doctrine weighs each order: its longer scenarios take minutes, so they run on demand.
ONE_SEED = [
    pytest.param(scenario, bots, marks=[] if bots == "plain" or scenario == "short" else [pytest.mark.whole_game])
    for scenario in SCENARIO_IDS
    for bots in sorted(BOTS)
]


@pytest.mark.parametrize("scenario, bots", ONE_SEED)
def test_every_scenario_ends_with_every_bot(scenario: str, bots: str) -> None:
    _ends(scenario, bots, 1)


@pytest.mark.whole_game
@pytest.mark.parametrize("bots", sorted(BOTS))
@pytest.mark.parametrize("scenario", list(SCENARIO_IDS))
def test_many_seeds_of_every_scenario_end_with_every_bot(scenario: str, bots: str) -> None:
    for seed in range(2, 2 + MANY):
        _ends(scenario, bots, seed)
