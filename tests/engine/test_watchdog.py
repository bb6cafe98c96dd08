"""The watchdog: a computer player that never ends its step is stopped and named in one line
(``simulate`` and ``validate`` alike), counted in actions so that the same game stops at the
same order."""

from __future__ import annotations

from pathlib import Path

import pytest

from midway_desktop.cli import main
from midway_desktop.engine import Rng, Session, get_rules
from midway_desktop.engine.actions import Action
from midway_desktop.engine.bots import GameTooLong, Stalled, Watchdog, play_out
from midway_desktop.games.cv.actions import Done, Transfer
from midway_desktop.games.cv.legal import legal_orders
from midway_desktop.games.cv.sequence import as_played_by


class NeverSeals:
    """Shuffles ships between Task Forces in the Plot Ship Movement Step for ever (CV), and
    otherwise seals: a bot that never ends one step."""

    uses_legal = False  # (it asks for the transfers alone: thousands of orders stay quick)

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        if session.state.step != "ship-plotting":
            return Done(side)
        moves = legal_orders(session.rules.game, as_played_by(session.state, side), side, (Transfer,))  # type: ignore[attr-defined]
        return moves[0] if moves else Done(side)


def test_a_bot_that_never_ends_its_step_is_named_in_one_line() -> None:
    rules = get_rules("cv")
    session = Session.start(rules, scenario="short", seed=1)
    with pytest.raises(Stalled) as caught:
        play_out(session, dict.fromkeys(rules.sides, NeverSeals()), Rng(1), step_limit=40)
    message = str(caught.value)
    assert "\n" not in message and "40 orders" in message and "Plot Ship Movement Step" in message
    assert session.state.step == "ship-plotting"
    again = Session.start(rules, scenario="short", seed=1)  # (counted, not timed: the same order)
    with pytest.raises(Stalled):
        play_out(again, dict.fromkeys(rules.sides, NeverSeals()), Rng(1), step_limit=40)
    assert len(again.history) == len(session.history)


def test_the_watchdog_counts_steps_apart_and_the_whole_game() -> None:
    rules = get_rules("cv")
    session = Session.start(rules, scenario="short", seed=1)
    dog = Watchdog(step_limit=3, game_limit=5)
    for _ in range(3):
        dog.count(rules, session.state, "american")
    with pytest.raises(Stalled):
        dog.count(rules, session.state, "american")
    dog = Watchdog(step_limit=3, game_limit=5)
    for _ in range(5):
        dog.step = "elsewhere"  # (a new step starts the step's count afresh; the game's goes on)
        dog.count(rules, session.state, "american")
    dog.step = "elsewhere"
    with pytest.raises(GameTooLong) as caught:
        dog.count(rules, session.state, "american")
    assert not isinstance(caught.value, Stalled) and "5 actions" in str(caught.value)


def test_simulate_reports_a_stalled_game_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from midway_desktop.engine import registry

    monkeypatch.setattr(registry, "default_bots", lambda game: lambda r: dict.fromkeys(r.sides, NeverSeals()))
    code = main(["simulate", "cv", "--scenario", "short", "--games", "2", "--seed", "7"])
    err = capsys.readouterr().err.strip()
    assert code == 1 and len(err.splitlines()) == 1
    assert err.startswith("simulate: game of seed 7, scenario short: CV: the computer player for the")
    assert "2000 orders in the Ship Plotting and Movement Phase: Plot Ship Movement Step" in err


def test_validate_plays_a_cv_trial_game_and_says_a_stall_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CV's folder is played too (its first scenario, to the end), under the watchdog."""
    import shutil

    import midway_desktop.games.cv.rules as cv_rules
    from midway_desktop.ruleset import ruleset_dir
    from midway_desktop.ruleset.validate import validate_ruleset

    folder = tmp_path / "cv"
    shutil.copytree(ruleset_dir("cv"), folder)
    played: list[int] = []

    def counting(rules: object) -> dict[str, object]:
        played.append(1)
        return cv_rules.plain_bots(rules)  # type: ignore[arg-type]

    monkeypatch.setattr(cv_rules, "default_bots", counting)
    assert validate_ruleset(folder) == [] and played == [1]
    monkeypatch.setattr(cv_rules, "default_bots", lambda r: dict.fromkeys(r.sides, NeverSeals()))
    problems = validate_ruleset(folder)
    assert len(problems) == 1 and "\n" not in str(problems[0])
    message = str(problems[0])
    assert message.startswith(f"{folder}: the trial game of The Short Scenario stalled: CV: the computer player")
    assert "2000 orders in the Ship Plotting and Movement Phase: Plot Ship Movement Step" in message
