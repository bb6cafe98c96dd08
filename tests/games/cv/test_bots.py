"""Whole CV games played by the plain bot on the engine: every order checked, the game ends
after its scenario's last Turn with an outcome, and the same seed plays the same game."""

from __future__ import annotations

import dataclasses

from midway_desktop.engine import Rng, Session
from midway_desktop.engine.bots import play_out, simulate
from midway_desktop.games.cv.actions import Done
from midway_desktop.games.cv.bots import default_bots
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, session, tf


def test_a_short_scenario_played_through_every_order_checked() -> None:
    rules = CvRules(GAME)
    session = Session.start(rules, scenario="short", seed=5)
    outcome = play_out(session, default_bots(rules), Rng(5), checked=True)
    assert session.state.step == "over" and session.state.time == Time(4, 18)
    assert outcome.result in ("american", "japanese", "draw")
    assert set(outcome.scores) == {"american", "japanese"}


def test_simulate_repeats_itself() -> None:
    rules = CvRules(GAME)
    a = simulate(rules, default_bots, 2, seed=11, scenario="short")
    b = simulate(rules, default_bots, 2, seed=11, scenario="short")
    assert a.results == b.results and a.average_steps == b.average_steps and a.games == 2


def test_a_side_with_nothing_to_order_is_still_asked() -> None:
    """Both sides are asked in every simultaneous step; with nothing to order, the pass is Done."""
    s = session([tf(US, 1, ["DD1"], "B3010"), tf(JP, 1, ["Akagi"], "A3010", {"c": {"zero": 4}})])
    assert s.to_act() == (US, JP)
    assert s.rules.pass_only(s.state, US) == Done(US)
    assert s.rules.pass_only(s.state, JP) is None


def test_the_plain_bot_fights_surface_and_ground_combat_to_the_end() -> None:
    """Surface Combat's set-up and segments and Ground Combat are ordered by the bot like any
    step: a Battle in the Midway hex (Combat Contact and the Base unit) played out, every order
    checked."""
    forces = [
        tf(US, 1, ["Colorado", "Atlanta", "DD1", "DD2"], "B2117"),
        tf(JP, 1, ["Atago", "Kitakami", "DD1", "DD2", "AP1"], "B2117"),
    ]
    s = session(forces, last=Time(4, 7))
    bases = tuple(dataclasses.replace(b, ground=10) if b.id == "midway" else b for b in s.state.bases)
    s.state = dataclasses.replace(s.state, bases=bases, ashore=6)  # type: ignore[misc]  # a landing made
    rules = s.rules
    outcome = play_out(s, default_bots(rules), Rng(3), checked=True)
    kinds = {e.kind for e in s.events()}
    assert {"surface-set-up", "surface-combat", "ground-combat"} <= kinds
    assert s.state.step == "over" and outcome.result in ("american", "japanese", "draw")
