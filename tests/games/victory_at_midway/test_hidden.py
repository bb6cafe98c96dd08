"""Double blind (victory-at-midway.txt › The Maps): random legal play never lets a side's view,
events or log show the other side's units before they are deployed in a battle in sight of
both players, nor its sealed orders, nor enemy positions beyond the announced search results."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import UMPIRE, Session
from midway_desktop.engine.bots import RandomBot
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.bots import default_bots
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.state import JAPAN, SIDES, US, other
from tests.games.victory_at_midway.helpers import CAT

SECRET_KINDS = {"order", "land", "ditch", "aircraft-lost"}


def id_pattern(side: str) -> re.Pattern[str]:
    ids = sorted(CAT.unit_ids(), key=len, reverse=True)
    mine = [u for u in ids if CAT.side_of(u) == side]
    # An id ends where no word character, hyphen or dot-and-word-character follows ("Akagi." ends
    # a sentence; "BB3.2" is one id).
    return re.compile(r"(?<![\w-])(?<!\w\.)(" + "|".join(re.escape(u) for u in mine) + r")(?![\w-])(?!\.\w)")


PATTERNS = {side: id_pattern(side) for side in SIDES}


def enemy_ids(text: str, viewer: str) -> set[str]:
    return set(PATTERNS[other(viewer)].findall(text))


def check_step(session: Session, new_events: list, sightings_said: dict[str, set[tuple[int, str]]]) -> None:  # type: ignore[type-arg]
    state = session.state
    for side in SIDES:
        seen = state.revealed
        view = session.view(side)
        text = json.dumps(view)
        leaked = enemy_ids(text, side) - seen
        assert not leaked, f"{side}'s view shows {sorted(leaked)}"
        assert other(side) not in view  # no block of enemy data at all
        if not state.announced:
            assert view[side]["enemy_searches"] == []
        for e in new_events:
            if not e.visible_to(side):
                continue
            leaked = enemy_ids(e.text + json.dumps(dict(e.data)), side) - seen
            assert not leaked, f"{side} hears of {sorted(leaked)}: {e.text}"
            if e.kind in SECRET_KINDS:
                assert e.audience == (side,), e.text
            if e.kind == "search-result" and e.data["to"] == side:
                sightings_said[side].add((e.data["turn"], e.data["hex"]))
        markers = {(s["turn"], s["hex"]) for s in view[side]["sightings"]}
        assert markers <= sightings_said[side], "a sighting marker no announcement put there"
    json.dumps(session.view(UMPIRE))


def walk(session: Session, bots: dict, rng: Rng, steps: int) -> None:  # type: ignore[type-arg]
    said: dict[str, set[tuple[int, str]]] = {s: set() for s in SIDES}
    check_step(session, list(session.setup_events), said)
    for _ in range(steps):
        if session.outcome() is not None:
            break
        side = session.to_act()[0]
        legal = session.legal_actions(side)
        assert legal, f"{side} must act but has no legal action"
        action = bots[side].choose(session, side, legal, rng)
        assert session.check(action) is None, f"legal_actions offered an illegal {action}"
        events = session.play(action)
        check_step(session, list(events), said)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40), steps=st.integers(min_value=50, max_value=700))
def test_random_play_keeps_each_side_blind(seed: int, steps: int) -> None:
    session = Session.start(RULES, seed=seed)
    bot = RandomBot()
    walk(session, {US: bot, JAPAN: bot}, Rng(seed ^ 0x5EED), steps)


ALL_OPTIONS = {o.name: True for o in RULES.options}


@pytest.mark.parametrize(
    ("seed", "scenario", "options"),
    [(1, None, {"fog": True}), (2, None, {"fog": True}), (3, None, ALL_OPTIONS), (4, "solitaire", ALL_OPTIONS),
     (5, "solitaire", {})],
)  # fmt: skip
def test_doctrine_games_keep_each_side_blind(seed: int, scenario: str | None, options: dict[str, bool]) -> None:
    """Whole bot games, with battles, deployments, base strikes and the ship-to-ship combat
    phase (submarines, surface battles, bombardment, invasion), two-player and solitaire."""
    session = Session.start(RULES, scenario=scenario, seed=seed, options=options)
    walk(session, default_bots(RULES), Rng(seed), 5000)
    assert session.outcome() is not None
    assert session.state.revealed  # battles happened and showed units to the enemy


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40), steps=st.integers(min_value=50, max_value=500))
def test_random_play_with_every_option_keeps_each_side_blind(seed: int, steps: int) -> None:
    session = Session.start(RULES, seed=seed, options=ALL_OPTIONS)
    bot = RandomBot()
    walk(session, {US: bot, JAPAN: bot}, Rng(seed ^ 0xB11D), steps)


def test_the_scan_would_catch_a_leak() -> None:
    """Control: an enemy id in a view or event is found, whatever the punctuation around it."""
    assert enemy_ids('{"x": "Akagi-F1 attacks"}', US) == {"Akagi-F1"}
    assert enemy_ids("DD4, Akagi.", US) == {"DD4", "Akagi"}
    assert enemy_ids("DD41 Akagi-F9x BB3.21", US) == set()
    assert enemy_ids("BB3.2 and CA7.1.", US) == {"BB3.2", "CA7.1"}
    assert enemy_ids("I.D.1 lands", US) == {"I.D.1"}
    assert enemy_ids("Enterprise", JAPAN) == {"Enterprise"}
