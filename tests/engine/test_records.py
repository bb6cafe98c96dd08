"""Records: atomic save, faithful replay, and one clear line for every bad file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from midway_desktop.cli import main
from midway_desktop.engine import Session
from midway_desktop.engine import records as rec
from midway_desktop.engine.bots import RandomBot, play_out
from midway_desktop.engine.registry import register
from midway_desktop.engine.rng import Rng
from tests.engine import toy

register(toy.RULES, "tests.engine.toy")


def played(seed: int = 11, finish: bool = True) -> Session:
    s = Session.start(toy.RULES, seed=seed)
    if finish:
        play_out(s, {"us": RandomBot(), "japan": RandomBot()}, Rng(seed), checked=True)
    else:
        s.play(toy.Order("us", 1, 2))
    return s


def test_save_load_replay_equals_the_live_state(tmp_path: Path) -> None:
    s = played()
    path = rec.save(s, tmp_path / "game.json")
    back = rec.load(path)
    assert back.state == s.state
    assert back.outcome() == s.outcome()
    assert [a.to_json() for a in back.actions()] == [a.to_json() for a in s.actions()]


def test_save_is_atomic_and_keeps_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    rec.save(played(1, finish=False), path)
    first = path.read_text()
    rec.save(played(2), path)
    assert (tmp_path / "game.json.bak").read_text() == first
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def _write(tmp_path: Path, text: str | bytes) -> Path:
    p = tmp_path / "bad.json"
    p.write_bytes(text.encode() if isinstance(text, str) else text)
    return p


@pytest.mark.parametrize(
    "content, problem",
    [
        ("", "empty"),
        ('{"format": "midway-desktop-record", "schema": 1, "game": "toy"', "not valid JSON"),
        (b"\xff\xfe\x00", "not a text file"),
        ('{"hello": 1}', "not a Midway Desktop game record"),
        ('{"format": "midway-desktop-record", "schema": 99}', "newer than this app reads"),
        ('{"format": "midway-desktop-record", "schema": "1"}', "schema version"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ],
)
def test_bad_files_get_one_clear_line(tmp_path: Path, content: str, problem: str) -> None:
    path = _write(tmp_path, content)
    with pytest.raises(rec.RecordError) as info:
        rec.load(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message and problem in message


def _record(tmp_path: Path) -> dict:
    return json.loads(rec.save(played(), tmp_path / "ok.json").read_text())


def test_an_edited_action_is_caught(tmp_path: Path) -> None:
    data = _record(tmp_path)
    data["actions"][0]["move"] = 5
    with pytest.raises(rec.RecordError, match="action 1 .* illegal on replay"):
        rec.replay(data, "edited.json")


def test_a_hostile_action_type_is_refused(tmp_path: Path) -> None:
    data = _record(tmp_path)
    data["actions"][0] = {"type": "__import__('os').system('true')", "side": "us"}
    with pytest.raises(rec.RecordError, match="unknown action type"):
        rec.replay(data, "hostile.json")


def test_a_changed_outcome_fails_verification(tmp_path: Path) -> None:
    data = _record(tmp_path)
    data["final"]["fingerprint"] = "0" * 32
    with pytest.raises(rec.RecordError, match="does not reproduce"):
        rec.replay(data, "x.json")


def test_unknown_game_is_refused(tmp_path: Path) -> None:
    data = _record(tmp_path)
    data["game"] = "tic-tac-toe"
    with pytest.raises(rec.RecordError, match="unknown game"):
        rec.replay(data, "x.json")


def test_cli_replay_verifies_and_prints_the_outcome(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = played()
    path = rec.save(s, tmp_path / "game.json")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "replayed and verified" in out and s.outcome().text in out


def test_cli_replay_refuses_a_bad_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, '{"format": "midway-desktop-record"')
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "not valid JSON" in err
