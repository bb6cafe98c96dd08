"""The cycle collector during a batch of bot games: off while they run, swept between them,
and left exactly as it was."""

from __future__ import annotations

import gc
import weakref
from typing import Any

from midway_desktop.engine.bots import RandomBot, simulate
from midway_desktop.engine.rules import Rules
from tests.engine.toy import RULES


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


class _LeakyBot(RandomBot):
    """A random player that leaves a reference cycle behind at every choice."""

    made: list[weakref.ref[_Node]] = []

    def choose(self, session: Any, side: str, legal: list[Any], rng: Any) -> Any:
        node = _Node()
        self.made.append(weakref.ref(node))
        return super().choose(session, side, legal, rng)


def _leaky(rules: Rules[Any]) -> dict[str, RandomBot]:
    return {side: _LeakyBot() for side in rules.sides}


def test_the_collector_is_put_back_as_it_was() -> None:
    before = (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count())
    simulate(RULES, _leaky, 20, 3)
    assert (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()) == before


def test_cycles_games_leave_are_freed_between_games() -> None:
    _LeakyBot.made.clear()
    simulate(RULES, _leaky, 16, 3)  # sweeps after every eighth game
    assert _LeakyBot.made
    assert all(ref() is None for ref in _LeakyBot.made)


def test_a_disabled_collector_stays_disabled() -> None:
    gc.disable()
    try:
        simulate(RULES, _leaky, 3, 3)
        assert not gc.isenabled()
    finally:
        gc.enable()
