"""The stronger CV computer player (``games.cv.strong``): a Short Scenario game played to its end
with every order it gives accepted by the rules, choices that depend on nothing its side cannot
see, and the worth it puts on a sighting."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from midway_desktop.engine import Rng, Session
from midway_desktop.engine.actions import Action
from midway_desktop.engine.bots import play_out
from midway_desktop.engine.seats import bots_for
from midway_desktop.games.cv.actions import Altitude, Form
from midway_desktop.games.cv.doctrine import Referee
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.state import State
from midway_desktop.games.cv.strong import CARRIER, SPARE, WORTHWHILE, Strong, sighting_worth
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US
from tests.games.cv.test_doctrine import _hidden_changes

RULES = CvRules(GAME)


class Checked:
    """The strong player, every order it gives checked by the rules before it is played, and a
    sample of its decisions kept with the memory they were made with."""

    uses_legal = False

    def __init__(self) -> None:
        self.bot = Strong(GAME, mended=(US, JP))  # (its mends at both sides, to test them at both)
        self.orders: list[Action] = []
        self.decisions: list[tuple[State, tuple[object, ...], Action]] = []

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        bot = self.bot
        kept = (bot.seen, bot.given, bot.last, bot.belief, bot.scenario, bot._searching)
        before = copy.deepcopy(kept, {id(GAME): GAME})  # (its memory, and its belief: not the game's data)
        action = self.bot.choose(session, side, legal, rng)
        why = session.rules.check(session.state, action)
        assert why is None, f"{action.describe()}: {why}"
        self.orders.append(action)
        if len(self.orders) % 7 == 0:
            self.decisions.append((session.state, before, action))
        return action


@pytest.fixture(scope="module")
def game() -> tuple[Session, dict[str, Checked]]:
    session = Session.start(RULES, scenario="short", seed=1)
    bots = {US: Checked(), JP: Checked()}
    play_out(session, bots, Rng(1))
    return session, bots


def test_a_short_scenario_played_to_the_end_every_order_accepted(game) -> None:  # type: ignore[no-untyped-def]
    session, bots = game
    assert session.state.step == "over" and session.state.time == Time(4, 18)
    assert session.outcome() is not None
    for side in (US, JP):
        kinds = Counter(type(a).__name__ for a in bots[side].orders)
        assert {"Place", "Ready", "Form", "Plot", "TakeOff", "Done"} <= set(kinds), (side, kinds)
    orders = [a for side in (US, JP) for a in bots[side].orders]
    assert any(isinstance(a, Form) and a.weapon for a in orders)  # strikes formed
    assert any(isinstance(a, Altitude) and a.high for a in orders)  # and climbed to dive (VIII.D.4)


def test_its_choices_depend_only_on_its_sides_view(game) -> None:  # type: ignore[no-untyped-def]
    """Given the same view (and memory, its belief of where the enemy's carriers are included),
    the same choice, whatever the enemy's hidden planes and unobserved Task Forces."""
    _session, bots = game
    compared = moved = 0
    for side in (US, JP):
        for state, memory, action in bots[side].decisions[::3]:
            other = _hidden_changes(state, side)
            assert other != state and RULES.view(other, side) == RULES.view(state, side)
            moved += [t.hex for t in other.task_forces] != [t.hex for t in state.task_forces]
            for position in (state, other):
                s = Session.start(RULES, scenario="short", seed=1)
                s.state = position
                bot = Strong(GAME, mended=(US, JP))
                memo = {id(GAME): GAME}
                bot.seen, bot.given, bot.last, bot.belief, bot.scenario, bot._searching = copy.deepcopy(memory, memo)
                assert bot.decide(s.view(side), side, Referee(s, side), Rng(0)) == action
            compared += 1
    assert compared >= 10 and moved >= 2


def test_a_sighting_is_worth_what_it_reveals_of_carriers_and_heavy_ships() -> None:
    named = {"hex": "B1010", "task_forces": [{"number": 1, "ships": ["Akagi", "Kaga", "Haruna", "DD1"]}]}
    assert sighting_worth(GAME, JP, named) == 2 * CARRIER + 10
    sized = {"hex": "B1010", "sizes": {"capital": 2, "major": 1, "small": 6}}
    assert sighting_worth(GAME, JP, sized) == 2 * 10 + 3 + 2
    destroyers = {"hex": "B1010", "sizes": {"capital": 0, "major": 0, "small": 10}}
    assert sighting_worth(GAME, JP, destroyers) < WORTHWHILE  # not worth a strike
    assert sighting_worth(GAME, JP, {"hex": "B1010", "ships": 9}) == 9  # condition 3: a count
    assert sighting_worth(GAME, JP, {"hex": "B1010", "strength": 4}) == 4  # condition 2: as announced
    assert sighting_worth(GAME, JP, {"hex": "B1010"}) >= WORTHWHILE  # condition 1: worth a look


def test_the_computer_offers_it_at_either_side() -> None:
    scenario = RULES.scenario("short")
    seats = {US: "strong", JP: "doctrine"}
    bots = bots_for(RULES, scenario, seats)
    assert isinstance(bots[US], Strong) and not isinstance(bots[JP], Strong)


def test_its_mends_change_its_play_at_either_side_and_its_fuel_reckoning_only_as_the_japanese() -> None:
    """Its mends apply at both sides (``strong.MENDED``), the spare Turn of fuel only as the
    Japanese (``strong.SPARE``: as the Americans it kept their strikes from reaching)."""
    from midway_desktop.games.cv.doctrine import Doctrine
    from midway_desktop.games.cv.state import evolve

    def orders(us: object, jp: object) -> list[str]:
        session = Session.start(RULES, scenario="short", seed=6)
        session.state = evolve(session.state, last=Time(4, 9))  # (nine Turns show the difference)
        play_out(session, {US: us, JP: jp}, Rng(6))  # type: ignore[dict-item]
        return [f"{s.action.side}: {s.action.describe()}" for s in session.history]

    doctrine = orders(Doctrine(GAME), Doctrine(GAME))
    assert orders(Strong(GAME), Doctrine(GAME)) != doctrine
    assert orders(Doctrine(GAME), Strong(GAME)) != doctrine
    assert SPARE[JP] == 1 and SPARE[US] == 0
