"""The doctrine bots play whole games through the engine's runner and the CLI."""

from __future__ import annotations

import json

from midway_desktop.cli import main
from midway_desktop.engine import Session
from midway_desktop.engine.bots import play_out, simulate
from midway_desktop.engine.registry import default_bots as registered_bots
from midway_desktop.engine.registry import get_rules
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.bots import DoctrineBot
from midway_desktop.games.victory_at_midway.rules import RULES, default_bots
from midway_desktop.games.victory_at_midway.state import JAPAN, US


def test_registered() -> None:
    assert get_rules("victory-at-midway") is RULES or get_rules("victory-at-midway").id == RULES.id
    bots = registered_bots("victory-at-midway")(RULES)
    assert set(bots) == {US, JAPAN} and all(isinstance(b, DoctrineBot) for b in bots.values())


def test_bots_play_legal_whole_games() -> None:
    """Every bot choice passes the rules' check; games end by Turn 25 (or earlier)."""
    for seed in (11, 12):
        session = Session.start(RULES, seed=seed)
        outcome = play_out(session, default_bots(RULES), Rng(seed), checked=True)
        assert outcome.result in ("us-wins", "japan-wins", "draw")
        assert session.state.turn <= 25
        fights = [e for e in session.log("umpire") if e.kind == "strike"]
        assert fights, "the bots should find and strike each other"


def test_bots_strike_the_carriers() -> None:
    """Sensible play: over a few games carriers are hit on both sides."""
    summary = simulate(RULES, default_bots, games=4, seed=21)
    assert sum(summary.results.values()) == 4
    assert summary.scores["us"] > 11 and summary.scores["japan"] > 0


def test_simulate_command(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "victory-at-midway", "--games", "2", "--seed", "3", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert data["game"] == "victory-at-midway" and data["games"] == 2
