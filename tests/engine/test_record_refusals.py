"""Hostile records: every field checked against the game it names, bounds read before the work
they bound, verification required, and every refusal one short line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from midway_desktop.cli import main
from midway_desktop.engine import record_limits
from midway_desktop.engine import records as rec
from midway_desktop.engine.bots import RandomBot, play_out
from midway_desktop.engine.registry import get_rules, new_game, register
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from tests.engine import toy

register(toy.RULES, "tests.engine.toy")


def _toy_record() -> dict[str, Any]:
    s = Session.start(toy.RULES, seed=5)
    play_out(s, {"us": RandomBot(), "japan": RandomBot()}, Rng(5), checked=True)
    return json.loads(rec.dumps(s))


def _solitaire_record() -> dict[str, Any]:
    s = new_game("midway-solitaire", options={"mission": 2}, seed=3)
    return json.loads(rec.dumps(s))


def _refusal(data: dict[str, Any] | bytes, tmp_path: Path) -> str:
    """The one line a record is refused with, by ``load`` and by the replay command alike."""
    path = tmp_path / "hostile.json"
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    with pytest.raises(rec.RecordError) as info:
        rec.load(path)
    message = str(info.value)
    assert "\n" not in message and len(message) <= record_limits.MAX_LINE + len(str(path)) + 2
    assert main(["replay", str(path)]) == 1
    return message


@pytest.mark.parametrize("final", [None, {}, {"fingerprint": 7, "steps": 1}, {"fingerprint": "a" * 32}, "final"])
def test_a_record_that_cannot_be_verified_says_so(tmp_path: Path, final: object) -> None:
    data = _toy_record()
    if final is None:
        del data["final"]
    else:
        data["final"] = final
    assert "cannot be verified" in _refusal(data, tmp_path)
    assert rec.replay(data, verify=False).over  # replaying without verifying stays possible


def test_a_wrong_step_count_fails_verification(tmp_path: Path) -> None:
    data = _toy_record()
    data["final"]["steps"] += 1
    assert "does not reproduce" in _refusal(data, tmp_path)


@pytest.mark.parametrize(
    "game",
    ["tic-tac-toe", "../../etc", "x" * 5000, "", "third-reich", "midway-solitaire\n/etc", 7, None],
)
def test_a_game_that_is_not_registered_is_never_looked_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: object
) -> None:
    import midway_desktop.ruleset.locate as locate

    data = _toy_record()
    data["game"] = game
    looked: list[str] = []
    monkeypatch.setattr(locate, "rulesets_root", lambda: looked.append("root") or tmp_path)
    message = _refusal(data, tmp_path)
    assert "unknown game" in message or "'game'" in message
    assert looked == []


def test_a_game_id_is_never_a_path() -> None:
    from midway_desktop.ruleset import RulesetError, ruleset_dir

    for name in ("../../etc", "a/b", "x" * 100, "", "UPPER"):
        with pytest.raises(RulesetError, match="not a game id"):
            ruleset_dir(name)


@pytest.mark.parametrize("humans", [[], ["umpire"], ["us", "us"], ["navy"], "us", [1], [["us"]]])
def test_humans_must_be_sides_people_play(tmp_path: Path, humans: object) -> None:
    data = _toy_record()
    data["humans"] = humans
    assert "'humans'" in _refusal(data, tmp_path)


def test_humans_of_a_solitaire_scenario_are_its_one_side(tmp_path: Path) -> None:
    s = new_game("victory-at-midway", scenario="solitaire", seed=1)
    data = json.loads(rec.dumps(s))
    data["humans"] = ["japan"]
    assert "'humans'" in _refusal(data, tmp_path)
    with pytest.raises(ValueError, match="people's sides"):
        Session.start(get_rules("victory-at-midway"), scenario="solitaire", humans=("umpire",))


@pytest.mark.parametrize(
    "options, words",
    [
        ({"mission": True}, "cannot be"),
        ({"mission": 2.0}, "cannot be"),
        ({"mission": "2"}, "cannot be"),
        ({"mission": 7}, "cannot be"),
        ({"mission": [2]}, "cannot be"),
        ({"missions": 2}, "no option"),
        ({"x" * 10_000: 2}, "no option"),
    ],
)
def test_option_values_must_be_of_the_declared_kind(tmp_path: Path, options: dict[str, Any], words: str) -> None:
    data = _solitaire_record()
    data["options"] = options
    assert words in _refusal(data, tmp_path)


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_a_yes_no_option_takes_only_true_or_false(value: object) -> None:
    rules = get_rules("victory-at-midway")
    if isinstance(value, str):
        assert rules.resolve_options({"fog": value})["fog"] is True  # typed on a command line
        return
    with pytest.raises(ValueError, match="cannot be"):
        rules.resolve_options({"fog": value})


@pytest.mark.parametrize("field", ["seed", "schema", "game", "scenario"])
def test_integers_of_thousands_of_digits_are_refused_in_one_line(tmp_path: Path, field: str) -> None:
    text = json.dumps(_toy_record()).replace(f'"{field}": ', f'"{field}": {"9" * 5000}, "was_{field}": ', 1)
    assert "digits" in _refusal(text.encode(), tmp_path)


@pytest.mark.parametrize("seed", [-1, 1 << 64, 1.5, "7", True])
def test_a_seed_outside_64_bits_is_refused(tmp_path: Path, seed: object) -> None:
    data = _toy_record()
    data["seed"] = seed
    assert "'seed'" in _refusal(data, tmp_path)


@pytest.mark.parametrize("where", ["scenario", "action", "option"])
def test_a_newline_or_a_huge_value_is_never_echoed_whole(tmp_path: Path, where: str) -> None:
    huge = "line one\nline two\r\x1b[31m" + "z" * 1_000_000
    data = _toy_record()
    if where == "scenario":
        data["scenario"] = huge
    elif where == "action":
        data["actions"][0]["type"] = huge
    else:
        data["options"] = {huge: True}
    message = _refusal(data, tmp_path)
    assert "line one" in message and "line two" in message and "zzzz" in message


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + rec.dumps(new_game("midway-solitaire", seed=4)).encode())
    assert rec.load(path).seed == new_game("midway-solitaire", seed=4).seed


def test_size_is_checked_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rec, "MAX_BYTES", 1000)
    data = _toy_record()
    data["padding"] = " " * 2000
    assert "too large" in _refusal(data, tmp_path)


def test_the_number_of_actions_is_checked_before_replaying(tmp_path: Path) -> None:
    data = _toy_record()
    data["actions"] = [data["actions"][0]] * (record_limits.MAX_ACTIONS + 1)
    assert "actions" in _refusal(data, tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(rec.RecordError, match="not a regular file"):
        rec.load(fifo)


@pytest.mark.skipif(sys.platform.startswith("win"), reason="folders cannot be opened as files on Windows")
def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(rec.RecordError, match="not a regular file|cannot read"):
        rec.load(tmp_path)
