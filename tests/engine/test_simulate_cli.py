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
    assert summary["bots"] == {"american": "random", "japanese": "random"}  # the plain bot, by default
    assert "bots: american=random, japanese=random" in lines


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
    assert summary["bots"] == {"american": "doctrine", "japanese": "doctrine"}


@pytest.mark.parametrize("game", ["cv", "midway-solitaire"])
def test_an_unknown_computer_player_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, _, err = _run(capsys, game, "--games", "1", "--bot", "nobody")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith("simulate: ") and "'nobody'" in err


# -- a bot for each side -------------------------------------------------------------------------
def _summary(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_each_side_gets_the_bot_named_for_it(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bot SIDE=NAME`` seats one side; the text says who played in one line, the JSON by name."""
    args = ("victory-at-midway", "--games", "1", "--seed", "4", "--bot", "us=random", "--bot", "japan=doctrine")
    code, out, _ = _run(capsys, *args, "--json")
    assert code == 0
    assert "bots: us=random, japan=doctrine" in out.splitlines()
    summary = _summary(out)
    assert summary["bots"] == {"us": "random", "japan": "doctrine"} and sum(summary["results"].values()) == 1
    assert summary["average_steps"] > 1000  # (random play: far longer than the doctrine's some 300 actions)


def test_a_side_named_outright_keeps_its_bot_whatever_the_order(capsys: pytest.CaptureFixture[str]) -> None:
    for picks in (("--bot", "japan=random", "--bot", "doctrine"), ("--bot", "doctrine", "--bot", "japan=random")):
        code, out, _ = _run(capsys, "victory-at-midway", "--games", "1", *picks, "--json")
        assert code == 0 and _summary(out)["bots"] == {"us": "doctrine", "japan": "random"}


def test_sides_not_named_keep_the_games_own_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "midway-solitaire", "--games", "3", "--json")
    assert code == 0 and _summary(out)["bots"] == {"us": "american"}
    code, out, _ = _run(capsys, "kido-butai", "--games", "3", "--json")
    assert code == 0 and _summary(out)["bots"] == {"japan": "nagumo"}


def test_the_side_the_rules_play_is_named_and_left_to_them(capsys: pytest.CaptureFixture[str]) -> None:
    """VaM › Solitaire Play: the Japanese are the rules' own doctrine; ``--bot random`` seats
    the Americans only, and seating a bot at the Japanese is refused."""
    code, out, _ = _run(
        capsys, "victory-at-midway", "--scenario", "solitaire", "--games", "1", "--bot", "random", "--json"
    )
    assert code == 0 and _summary(out)["bots"] == {"us": "random", "japan": "solitaire-doctrine"}
    code, _, err = _run(capsys, "victory-at-midway", "--scenario", "solitaire", "--bot", "japan=random")
    assert code == 2 and err.strip() == (
        "simulate: Victory at Midway's solitaire scenario plays the japan side by its rules (solitaire-doctrine), "
        "not by a bot"
    )


@pytest.mark.parametrize(
    "picks, problem",
    [
        (("--bot", "americans=doctrine"), "CV has no side 'americans' (sides: american, japanese)"),
        (("--bot", "american=nobody"), "CV offers no bot 'nobody' for the american side (offered: random, doctrine"),
        (("--bot", "nobody"), "CV offers no bot 'nobody' (offered: doctrine, random"),
        (("--bot", "american="), "--bot needs NAME or SIDE=NAME, not 'american='"),
        (("--bot", "=doctrine"), "--bot needs NAME or SIDE=NAME, not '=doctrine'"),
        (("--bot", "random", "--bot", "doctrine"), "--bot names 'random' and 'doctrine' for every side"),
        (
            ("--bot", "japanese=random", "--bot", "japanese=doctrine"),
            "--bot names 'random' and 'doctrine' for the japanese",
        ),
    ],
)
def test_a_bad_bot_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], picks: tuple, problem: str) -> None:
    code, out, err = _run(capsys, "cv", "--games", "1", *picks)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith(f"simulate: {problem}")


def test_the_same_bot_named_twice_for_a_side_is_no_conflict(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("midway-solitaire", "--games", "2", "--bot", "us=random", "--bot", "us=random", "--bot", "random")
    code, out, _ = _run(capsys, *args, "--json")
    assert code == 0 and _summary(out)["bots"] == {"us": "random"}


@pytest.mark.parametrize(
    "game, scenario",
    [("cv", "short"), ("victory-at-midway", "standard"), ("victory-at-midway", "solitaire"),
     ("midway-solitaire", "standard"), ("kido-butai", "standard")],
)  # fmt: skip
def test_random_plays_every_game_to_its_end(capsys: pytest.CaptureFixture[str], game: str, scenario: str) -> None:
    """``random``, the plain legal-random player, is at every side a bot plays in every game."""
    code, out, _ = _run(
        capsys, game, "--scenario", scenario, "--games", "2", "--seed", "7", "--bot", "random", "--json"
    )
    assert code == 0
    summary = _summary(out)
    assert sum(summary["results"].values()) == 2
    assert {side for side, name in summary["bots"].items() if name != "random"} <= {"japan"}  # (solitaire VaM's)


@pytest.mark.parametrize("game", ["cv", "victory-at-midway", "midway-solitaire", "kido-butai"])
def test_the_bots_a_simulation_may_seat(game: str) -> None:
    """At every side a bot plays: the game's own (named for what it is), ``random``, and every
    computer player New Game offers there (a new one joins by being listed in the rules)."""
    from midway_desktop.engine.bots import RandomBot
    from midway_desktop.engine.registry import RANDOM, bot_names, default_bot_name, default_bots, get_rules, make_bot
    from midway_desktop.games.cv.bots import PlainBot

    rules = get_rules(game)
    own = default_bot_name(game)
    assert own != "default"  # every game's module names its own bots
    for scenario in rules.scenarios:
        for side in rules.sides:
            offered = [p for p in rules.computer_players(scenario, side)]
            names = bot_names(game, scenario, side)
            if any(p.built_in for p in offered):
                assert names == ()
                continue
            first = tuple(dict.fromkeys((own, RANDOM)))  # (CV's own is its random one)
            assert names[: len(first)] == first
            assert {p.name for p in offered} <= set(names)
            for name in names:
                assert callable(make_bot(game, side, name).choose)
            assert type(make_bot(game, side, own)) is type(default_bots(game)(rules)[side])
            # CV's plain bot is its legal-random player (it seals a step by chance, as picking
            # among hundreds of orders alone would all but never).
            assert isinstance(make_bot(game, side, RANDOM), PlainBot if game == "cv" else RandomBot)
