"""NagumoBot: plays legal, sensible orders."""

from __future__ import annotations

import itertools

import pytest

from midway_desktop.engine.bots import play_out, simulate
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.kido_butai.actions import Orders
from midway_desktop.games.kido_butai.rules import RULES, default_bots
from midway_desktop.games.kido_butai.squadrons import BOMB, CAP, CENTRE, TORPEDO

from .helpers import FORCES, index

OPTION_SETS = [
    dict(zip(("superior_damage_control", "no_us_fiasco", "random_targets"), flags))
    for flags in itertools.product((False, True), repeat=3)
]


def bot_game(seed: int, options: dict[str, bool] | None = None) -> Session:
    s = Session.start(RULES, seed=seed, options=options)
    play_out(s, default_bots(RULES), Rng(seed), checked=True)  # every order passes the checks
    return s


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(k for k, v in o.items() if v) or "standard")
def test_bot_orders_are_always_legal(options: dict[str, bool]) -> None:
    for seed in range(12):
        bot_game(seed, options)


def test_default_bots_play_the_japanese() -> None:
    bots = default_bots(RULES)
    assert list(bots) == ["japan"]
    assert type(bots["japan"]).__name__ == "NagumoBot"


def test_opening_strike_on_midway_with_bombs_and_two_zeros() -> None:
    s = Session.start(RULES, seed=5)
    bot = default_bots(RULES)["japan"]
    s.play(bot.choose(s, "japan", s.legal_actions("japan"), Rng(0)))
    sqs = s.state.squadrons
    launched = [n for n in FORCES.ids if sqs[index(n)].where == CENTRE]
    assert len(launched) == 7
    assert all(sqs[index(n)].arm == BOMB for n in launched if "zero" not in n)
    assert sum("zero" in n for n in launched) == 2
    aboard = [n for n in FORCES.ids if sqs[index(n)].where in FORCES.carrier_index]
    assert all(sqs[index(n)].arm == TORPEDO for n in aboard if "zero" not in n)  # the reserve


def test_the_bot_is_not_random() -> None:
    bot = default_bots(RULES)["japan"]
    s = Session.start(RULES, seed=5)
    a = bot.choose(s, "japan", s.legal_actions("japan"), Rng(1))
    b = bot.choose(s, "japan", s.legal_actions("japan"), Rng(2))
    assert a == b and isinstance(a, Orders)


def test_cap_stays_up_from_0630_while_fighters_last() -> None:
    """Play each Japanese phase's orders up to the end, and look at the CAP box then."""
    up = phases = 0
    bot = default_bots(RULES)["japan"]
    for seed in range(20):
        s = Session.start(RULES, seed=seed)
        rng = Rng(seed)
        while not s.over:
            action = bot.choose(s, "japan", s.legal_actions("japan"), rng)
            if isinstance(action, Orders) and action.steps[-1][0] == "end" and s.state.stage == "japanese":
                if len(action.steps) > 1:
                    s.play(Orders("japan", action.steps[:-1]))
                state = s.state
                fighters = [sq for i, sq in enumerate(state.squadrons) if FORCES.fighter[i] and sq.where != "lost"]
                if state.turn >= 2 and len(fighters) >= 2:
                    phases += 1
                    up += any(sq.where == CAP for sq in fighters)
                action = Orders("japan", action.steps[-1:])
            s.play(action)
    assert phases and up / phases > 0.8


def test_torpedoes_once_a_fleet_is_reported() -> None:
    """Once a fleet is reported (and Midway is no longer a worthwhile target) bombers are
    readied with torpedoes."""
    seen = 0
    for seed in range(40):
        s = bot_game(seed)
        for step in s.history:
            state = step.before
            if state.stage != "japanese" or not state.reported[0] or not isinstance(step.action, Orders):
                continue
            fleet_afloat = any(h < 2 for h, f in zip(state.us_hits, state.us_fleet) if f in (0, 1))
            for order in step.action.steps:
                if order[0] == "ready" and order[1] and fleet_afloat:
                    assert order[1] == TORPEDO
                    seen += 1
    assert seen


def test_returning_squadrons_land_in_time() -> None:
    for seed in range(40):
        s = bot_game(seed)
        text = " ".join(e.text for e in s.log("japan"))
        if all(d.hits == 0 for d in s.state.decks):
            assert "could not land" not in text


def test_simulate_runs_and_tallies_the_five_bands() -> None:
    summary = simulate(RULES, default_bots, 60, seed=3)
    assert sum(summary.results.values()) == 60
    assert set(summary.results) <= {b.name for b in FORCES.victory.bands}
    assert summary.scores.keys() == {"japan", "usa"}
