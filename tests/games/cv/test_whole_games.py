"""Whole CV games: every scenario played to its last Turn, saved, loaded and replayed the same;
and each side kept blind at every step of whole games that go through Battles (CV › Basic III,
IX; Scenarios II-V).

The scenarios are played by the plain bot sealing more often than ``simulate``'s (a game of the
Midway Campaign takes seconds, not minutes); ``simulate`` and the bot tests play the Short
Scenario with the usual bot. The blindness scan is ``test_views``'s, run after every order.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import pytest

from midway_desktop.engine import UMPIRE, Rng, Session, get_rules
from midway_desktop.engine import records as rec
from midway_desktop.engine.actions import Action
from midway_desktop.engine.bots import play_out
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.actions import Arrange, Attack, Bomb, Done, Eliminate, Fire, Intercept
from midway_desktop.games.cv.bots import PlainBot
from midway_desktop.games.cv.rules import SCENARIO_IDS, CvRules
from midway_desktop.games.cv.setup import initial_state
from midway_desktop.games.cv.state import SIDES, AirRecord, AirUnit
from tests.games.cv.play import GAME, JP, combat_session, tf
from tests.games.cv.test_views import _check_log, _check_position

SEALING = 0.6  # the bot's chance of sealing a step when it may


@pytest.mark.parametrize("scenario", list(SCENARIO_IDS))
def test_every_scenario_is_played_to_its_last_turn_and_replays_the_same(scenario: str, tmp_path: Path) -> None:
    """Scenarios II-V (V with the Information of II, III and IV): random legal orders from the
    set-up to the end of the last Turn (Basic XII.C) with no exception; the finished game saved,
    loaded (every order checked again) and replayed to the very same position, log and outcome."""
    rules = get_rules("cv")
    live = Session.start(rules, scenario=scenario, seed=3)
    bot = PlainBot(SEALING)
    outcome = play_out(live, dict.fromkeys(SIDES, bot), Rng(3))
    sc = GAME.data.scenarios.played(*SCENARIO_IDS[scenario])
    assert live.state.step == "over" and live.state.time == sc.end
    assert outcome.result in ("american", "japanese", "draw") and set(outcome.scores) == set(SIDES)
    kinds = Counter(e.kind for e in live.events())
    assert kinds["turn"] == sc.turns + 1 and kinds["order"] > 0  # (the game's first Turn is announced too)
    path = rec.save(live, tmp_path / f"{scenario}.midway.json", backup=False)
    back = rec.load(path)
    assert back.state == live.state and back.outcome() == outcome
    assert rec.fingerprint(back) == rec.fingerprint(live) and back.rng.state == live.rng.state
    assert [e.text for e in back.events()] == [e.text for e in live.events()]
    for side in (*SIDES, UMPIRE):
        assert back.view(side) == live.view(side)


# Orders of the Combat Phase, taken first when offered, so that random games fight their Battles.
FIGHTING = (Bomb, Fire, Eliminate, Intercept, Attack)


def _choose(legal: list[Action], side: str, rnd: random.Random, sealing: float) -> Action:
    fight = [a for a in legal if isinstance(a, FIGHTING) or (isinstance(a, Arrange) and a.role == "bombard")]
    if fight and rnd.random() < 0.8:
        return rnd.choice(fight)
    if Done(side) in legal and rnd.random() < sealing:
        return Done(side)
    return rnd.choice(legal)


def _blind_to_the_end(session: Session, rnd: random.Random, sealing: float, every: int = 1) -> set[str]:
    """Random legal orders to the end of the game, the blindness scan after every one in the
    Combat Phase and after every ``every``-th one elsewhere; the steps the game went through."""
    steps = {session.state.step}
    n = 0
    while not session.over:
        side = session.to_act()[0]
        session.play(_choose(session.legal_actions(side), side, rnd, sealing))
        steps.add(session.state.step)
        n += 1
        if session.state.step in combat.BY_NAME or n % every == 0:
            _check_position(session, rnd)
    _check_log(session)
    return steps


SEEDS = (1, 3, 5)


def _midway_under_attack(seed: int) -> Session:
    """``combat_session``'s Battles (air strikes over an American Task Force, over Midway and
    over the Japanese carriers) with Vals diving on Midway too (their side picks the Air Factors
    Midway loses in daylight) and a Japanese cruiser force in the Midway hex to bombard it."""
    base = combat_session(seed).state
    cruisers = initial_state(GAME, [tf(JP, 2, ["Atago", "Aoba"], GAME.midway)], base.time, base.last)
    (force,) = cruisers.task_forces
    vals = AirRecord("val", 8, "he", True, "tf1", base.time.plus(-1), base.time.plus(4))
    state = dataclasses.replace(base, task_forces=(*base.task_forces, force))
    state = state.with_air_unit(AirUnit(JP, 4, "map", (vals,), hex=GAME.midway))
    return Session.start(CvRules(GAME, lambda g, _name: state), seed=seed)


def test_each_side_is_blind_at_every_step_through_battles_to_the_end() -> None:
    """The blindness scan (``test_views``) after every order of games that fight their Battles:
    Air-to-Air, AA and Bombing over a Task Force and over Midway, the Air Factors Midway loses
    picked, the Surface Combat set-up and Bombardment of Midway with its losses, to the end of
    the game; the views, the orders offered and the logs tell nothing the enemy hides. The
    seeds are those whose games reach every one of those steps (else the scan proves less)."""
    fought: set[str] = set()
    for seed in SEEDS:
        steps = _blind_to_the_end(_midway_under_attack(seed), random.Random(seed), sealing=0.5)
        assert "over" in steps
        fought |= steps
    # (the Bombing Combat Step is fought within the AA step's resolving: no one is asked in it)
    assert {"aa", "air-losses", "surface-set-up", "bombardment", "bombardment-losses"} <= fought


def test_a_whole_short_scenario_keeps_each_side_blind() -> None:
    """The Short Scenario from the secret set-up to its last Turn: the scan after every order
    of its Battles and after every tenth order elsewhere (the scan asks for every view and
    order list twice: after every order, a whole game takes a quarter of an hour)."""
    session = Session.start(get_rules("cv"), scenario="short", seed=11)
    steps = _blind_to_the_end(session, random.Random(11), sealing=SEALING, every=10)
    assert {"set-up", "ship-plotting", "landing", "air-move", "take-off", "over"} <= steps
