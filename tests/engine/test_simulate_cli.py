"""``midway-desktop simulate``: complete bot games, a summary with intervals, repeatable results."""

from __future__ import annotations

import json

import pytest

from midway_desktop.cli import main
from midway_desktop.engine.bots import wilson


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_summary_has_the_promised_keys_and_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("midway-solitaire", "--games", "25", "--seed", "5", "--option", "mission=2", "--json")
    code, out, _ = _run(capsys, *args)
    assert code == 0
    summary = json.loads(out.strip().splitlines()[-1])
    assert {"game", "games", "seed", "results", "games_per_second", "games_per_cpu_second"} <= set(summary)
    assert summary["games_per_cpu_second"] > 0 and summary["games_per_second"] > 0
    assert summary["game"] == "midway-solitaire" and summary["games"] == 25 and summary["seed"] == 5
    assert sum(summary["results"].values()) == 25
    assert summary["options"] == {"mission": 2}
    _, again, _ = _run(capsys, *args)
    assert json.loads(again.strip().splitlines()[-1])["results"] == summary["results"]


def test_text_summary_shows_rates_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "midway-solitaire", "--games", "10", "--seed", "2")
    assert code == 0
    assert "95 % CI" in out and "games/s" in out and "average length" in out


@pytest.mark.parametrize(
    "args, problem",
    [
        (("midway-solitaire", "--option", "mission=9"), "mission"),
        (("midway-solitaire", "--option", "fog=on"), "no option"),
        (("midway-solitaire", "--option", "mission"), "NAME=VALUE"),
        (("midway-solitaire", "--games", "0"), "at least 1"),
        (("midway-solitaire", "--scenario", "pearl-harbor"), "no scenario"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: tuple, problem: str) -> None:
    code, _, err = _run(capsys, *args)
    assert code == 2
    assert problem in err and err.strip().count("\n") == 0


def test_wilson_interval_brackets_the_rate() -> None:
    p, lo, hi = wilson(30, 100)
    assert p == 0.3 and lo < 0.3 < hi and lo > 0.2 and hi < 0.4
    assert wilson(0, 0) == (0.0, 0.0, 0.0)


def test_cv_plays_the_short_scenario_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    """CV › Scenarios II: the Short Scenario's Turns played out by the plain bot; the result is
    by the Victory Points the rules count (Basic XI.A: at least 100 more wins, else a draw)."""
    code, out, _ = _run(capsys, "cv", "--scenario", "short", "--games", "1", "--seed", "3", "--json")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0] == "CV: 1 games, seed 3, scenario short"
    summary = json.loads(lines[-1])
    assert summary["game"] == "cv" and summary["scenario"] == "short" and summary["games"] == 1
    assert sum(summary["results"].values()) == 1 and set(summary["results"]) <= {"american", "japanese", "draw"}
    assert set(summary["average_scores"]) == {"american", "japanese"}
    assert summary["average_steps"] > 100  # 18 Turns of steps, each sealed by both sides


@pytest.mark.parametrize("scenario", ["pearl-harbor", "II", "free-set-up"])
def test_cv_refuses_an_unknown_scenario_in_one_line(capsys: pytest.CaptureFixture[str], scenario: str) -> None:
    code, _, err = _run(capsys, "cv", "--scenario", scenario)
    assert code == 2
    names = "short, battle-of-midway, midway-campaign, free-set-up-short, free-set-up-battle-of-midway, " + (
        "free-set-up-midway-campaign"
    )
    assert err.strip() == f"simulate: CV has no scenario {scenario!r} ({names})"


def test_cv_simulates_with_the_computer_player_named(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bot doctrine``: the computer player the New Game dialog offers, at every side."""
    code, out, _ = _run(
        capsys, "cv", "--scenario", "short", "--games", "1", "--seed", "3", "--bot", "doctrine", "--json"
    )
    assert code == 0
    summary = json.loads(out.strip().splitlines()[-1])
    assert sum(summary["results"].values()) == 1 and summary["average_steps"] > 500


@pytest.mark.parametrize("game", ["cv", "midway-solitaire"])
def test_an_unknown_computer_player_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, _, err = _run(capsys, game, "--games", "1", "--bot", "nobody")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith("simulate: ") and "'nobody'" in err
