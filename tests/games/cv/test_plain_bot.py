"""The plain bot ends every step it is asked in (CV › Basic IV: each step ends when both sides
seal): a refused seal (carriers bound to the wind, Basic VI.E) closes the step with plots into the
wind, not with more random orders; whole games of every scenario take no step past a bound."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Rng, Session, get_rules
from midway_desktop.engine.actions import Action
from midway_desktop.engine.bots import play_out
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import combat, wind
from midway_desktop.games.cv.actions import Bomb, Done, Form, MoveAir, Plot, Transfer
from midway_desktop.games.cv.bots import PlainBot, clearing_orders
from midway_desktop.games.cv.movement import wind_bound
from midway_desktop.games.cv.rules import SCENARIO_IDS, CvRules
from midway_desktop.games.cv.state import SIDES, evolve
from tests.games.cv.play import GAME, JP, US, done_until, session, tf
from tests.games.cv.test_combat import JAPANESE_MIDWAY, MIDWAY, NOON, _fortresses_over_japanese_midway, step

# Orders a side gives in one step before it seals. A seal is tried with chance ``done`` every
# order and, once refused, the step closes in a few orders: past this, the bot wanders.
BOUND = 100


class StepCounter:
    """A bot that plays another's choices and counts each side's orders in each step."""

    def __init__(self, bot: PlainBot) -> None:
        self.bot = bot
        self.uses_legal = bot.uses_legal
        self.orders: Counter[tuple[object, str, str]] = Counter()

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        key = (session.state.time, session.state.step, side)
        self.orders[key] += 1
        assert self.orders[key] <= BOUND, f"{key}: the bot passed {BOUND} orders in one step"
        return self.bot.choose(session, side, legal, rng)


def _carriers_past_the_minimum() -> Session:
    """The Plot Ship Movement Step with two American carrier Task Forces in one hex, each past
    its Minimum Launch Factor 6 (so each must be plotted into the wind), and destroyers to
    transfer between them."""
    forces = [
        tf(US, 1, ["Enterprise", "DD1", "DD2"], "B3010", {"c": {"wildcat": 10}}),
        tf(US, 2, ["Hornet", "DD3"], "B3010", {"c": {"wildcat": 10}}),
    ]
    s = session(forces)
    done_until(s, "form-air-units")
    s.play(Form(US, "tf1", 1, "wildcat", 7))
    s.play(Form(US, "tf2", 2, "wildcat", 7))
    done_until(s, "ship-plotting")
    return s


def test_a_refused_seal_closes_the_step_with_plots_into_the_wind() -> None:
    """Sealing at once is refused (VI.E): the bot plots one bound Task Force into the wind, then
    the other, then seals; nothing else in between."""
    s = _carriers_past_the_minimum()
    assert [t.number for t in wind_bound(GAME, s.state, US)] == [1, 2]
    assert Transfer(US, 1, 2, ("DD1",)) in s.legal_actions(US)  # (the random orders it passes over)
    bot, rng = PlainBot(done=1.0), Rng(4)
    given_orders = []
    while s.state.step == "ship-plotting" and US in s.to_act():
        order = bot.choose(s, US, [], rng)
        s.play(order)
        given_orders.append(order)
    assert given_orders[-1] == Done(US) and len(given_orders) == 3
    plots = given_orders[:2]
    assert all(isinstance(p, Plot) for p in plots) and {p.task_force for p in plots} == {1, 2}  # type: ignore[attr-defined]
    assert all(wind.into_wind(GAME, "B3010", p.path) for p in plots)  # type: ignore[attr-defined]


def test_the_clearing_orders_are_the_bound_task_forces_plots() -> None:
    """What clears a refused seal: every legal plot of a bound Task Force (each goes into the
    wind) and nothing else; none once every bound Task Force is plotted."""
    s = _carriers_past_the_minimum()
    clearing = clearing_orders(GAME, s.state, US)
    plots = [a for a in s.legal_actions(US) if isinstance(a, Plot) and a.task_force in (1, 2)]
    assert clearing and sorted(map(repr, clearing)) == sorted(map(repr, plots))
    assert all(wind.into_wind(GAME, "B3010", a.path) for a in clearing)  # type: ignore[attr-defined]
    s.play(next(a for a in clearing if a.task_force == 1))  # type: ignore[attr-defined]
    assert {a.task_force for a in clearing_orders(GAME, s.state, US)} == {2}  # type: ignore[attr-defined]
    s.play(next(a for a in clearing_orders(GAME, s.state, US)))
    assert clearing_orders(GAME, s.state, US) == [] and s.check(Done(US)) is None


def test_a_refused_end_of_the_move_sends_the_bound_air_unit_away() -> None:
    """VIII.H.3: the Fortresses that Bombed Japanese Midway last Turn must leave it; the bot's
    refused seal moves them out (a move that stays is refused), then it ends its move."""
    state = step(_fortresses_over_japanese_midway(NOON), game=JAPANESE_MIDWAY)
    state = step(state, orders=[Bomb(US, 1, "fortress", "he", True, "high", "base", 10)], game=JAPANESE_MIDWAY)
    state = combat.advance(JAPANESE_MIDWAY, state, ScriptedRng(dice=[2]), [])
    state = evolve(state, time=NOON.plus(1), step="air-move", initiative=(US, JP), mover=0)
    s = Session.start(CvRules(JAPANESE_MIDWAY, lambda g, _name: state), seed=1)
    assert s.check(Done(US)) is not None
    bot, rng = PlainBot(done=1.0), Rng(2)
    order = bot.choose(s, US, [], rng)
    assert isinstance(order, MoveAir) and order.air_unit == 1 and order.to != MIDWAY
    assert order in clearing_orders(JAPANESE_MIDWAY, s.state, US)
    s.play(order)
    assert s.to_act() == (US,) and bot.choose(s, US, [], rng) == Done(US)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), done=st.floats(0.2, 0.95))
def test_the_plot_step_ends_for_any_bot_luck(seed: int, done: float) -> None:
    """Whatever its luck and sealing chance, the bot seals the plots within the bound, carriers
    plotted into the wind, ships transferred or not (a Transfer voids both plots: VI.C)."""
    s = _carriers_past_the_minimum()
    bot, rng = PlainBot(done), Rng(seed)
    for _ in range(BOUND):
        if US not in s.to_act() or s.state.step != "ship-plotting":
            break
        s.play(bot.choose(s, US, [], rng))
    else:
        raise AssertionError(f"the American plots were not sealed in {BOUND} orders")
    assert US in s.state.sealed or s.state.step != "ship-plotting"
    for t in s.state.task_forces:
        if t.side == US and wind.must_go_into_wind(GAME, t):
            plot = next(p for p in s.state.plots_of(US) if p.task_force == t.number)
            assert t.hex is not None and wind.into_wind(GAME, t.hex, plot.path)


# Every scenario, the default bot: the Free Set-Up Short Scenario's seed 2 once wandered for
# thousands of orders in a Plot Ship Movement Step (carriers bound to the wind, Transfers voiding
# plots). The longer scenarios seal more often (their games take seconds, not minutes).
WALKS = [
    ("short", 0.3, 2),
    ("free-set-up-short", 0.3, 2),
    ("free-set-up-short", 0.3, 7),
    ("battle-of-midway", 0.6, 2),
    ("midway-campaign", 0.6, 2),
    ("free-set-up-battle-of-midway", 0.6, 2),
    ("free-set-up-midway-campaign", 0.6, 2),
]


def test_the_walks_cover_every_scenario() -> None:
    assert {w[0] for w in WALKS} == set(SCENARIO_IDS)


@pytest.mark.parametrize(("scenario", "done", "seed"), WALKS)
def test_every_step_of_a_whole_game_ends_within_the_bound(scenario: str, done: float, seed: int) -> None:
    """From the set-up to the last Turn, no side gives more than ``BOUND`` orders in one step."""
    rules = get_rules("cv")
    live = Session.start(rules, scenario=scenario, seed=seed)
    counter = StepCounter(PlainBot(done))
    play_out(live, dict.fromkeys(SIDES, counter), Rng(seed), record=False)
    assert live.state.step == "over"
    assert max(counter.orders.values()) <= BOUND
    assert {step for _t, step, _s in counter.orders} >= {"ship-plotting", "landing", "air-move", "take-off"}


def test_carriers_that_cannot_move_into_the_wind_do_not_stop_the_seal() -> None:
    """Basic VI.E with nowhere to go: Task Force 1 took off past its Minimum with two carriers
    (no wind needed), then gave up Kaga and took Nagato (1 hex a Turn) at A2332, whose wind leads
    off the mapboard. No plot of it can go into the wind, so the obligation does not hold its
    plot (it moves as it may; VIII.A.3 then keeps its carriers to the Minimum), and the side
    seals once Kaga's Task Force, which can, is plotted into the wind. Before, the seal was
    refused for ever: the computer's step never ended (seeds 169 and 194 of ``simulate``)."""
    s = session(
        [
            tf(JP, 1, ["Akagi", "Kaga"], "A2332", {"c": {"zero": 21}}),
            tf(JP, 3, ["Nagato"], "A2332"),
            tf(US, 1, ["Enterprise"], "B3010", {"c": {"wildcat": 10}}),
        ]
    )
    done_until(s, "form-air-units")
    s.play(Form(JP, "tf1", 1, "zero", 8))
    done_until(s, "ship-plotting")
    s.play(Transfer(JP, 1, 2, ("Kaga",)))
    s.play(Transfer(JP, 3, 1, ("Nagato",)))
    one = s.state.task_force(JP, 1)
    assert one is not None and wind.must_go_into_wind(GAME, one) and not wind.windward(GAME, "A2332")
    assert [t.number for t in wind_bound(GAME, s.state, JP)] == [2]
    assert Plot(JP, 1, ()) in s.legal_actions(JP)  # (it may stay: no plot of it goes into the wind)
    refusal = s.check(Done(JP))
    assert refusal is not None and "Task Force 2" in refusal
    s.play(next(a for a in clearing_orders(GAME, s.state, JP) if isinstance(a, Plot) and a.task_force == 2))
    assert s.check(Done(JP)) is None


def test_a_bot_whose_luck_never_seals_closes_the_step_after_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never sealing by luck (``done=0``), the bot still ends the step: past ``CLOSE_AFTER``
    orders (5 here) it closes it as a player would, with plots into the wind, then the seal."""
    from midway_desktop.games.cv import bots

    monkeypatch.setattr(bots, "CLOSE_AFTER", 5)
    s = _carriers_past_the_minimum()
    bot, rng = PlainBot(done=0.0), Rng(2)
    given: list[Action] = []
    while s.state.step == "ship-plotting" and US in s.to_act():
        order = bot.choose(s, US, [], rng)
        s.play(order)
        given.append(order)
    assert Done(US) not in given[:5]  # (its luck: five orders, none the seal)
    assert given[-1] == Done(US) and 5 < len(given) <= 5 + 3  # (at most the two bound plots, then the seal)
    assert all(isinstance(a, Plot) for a in given[5:-1])


def test_the_doctrine_past_its_bound_closes_a_refused_seal_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The doctrine's guard (``MAX_ORDERS`` orders in one step, 0 here) seals; its seal refused
    (VI.E), it gives the orders that clear it, then seals, instead of going round again."""
    from midway_desktop.games.cv import doctrine

    monkeypatch.setattr(doctrine, "MAX_ORDERS", 0)
    s = _carriers_past_the_minimum()
    bot, rng = doctrine.Doctrine(GAME), Rng(2)
    given: list[Action] = []
    while s.state.step == "ship-plotting" and US in s.to_act():
        given.append(bot.choose(s, US, [], rng))
        s.play(given[-1])
    assert given[-1] == Done(US) and len(given) == 3
    assert {a.task_force for a in given[:2] if isinstance(a, Plot)} == {1, 2}
