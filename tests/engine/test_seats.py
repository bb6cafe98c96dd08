"""Seats: who sits at each side (a person or the computer's player), written in every record,
checked when one is read, and refused in one line when they do not fit the game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.cli import main
from midway_desktop.engine import record_limits, seats
from midway_desktop.engine import records as rec
from midway_desktop.engine.bots import play_out
from midway_desktop.engine.registry import default_bots, get_rules
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session

VAM = "victory-at-midway"
COMPUTER = {"player": "computer", "bot": "doctrine"}


def _vam(humans: tuple[str, ...] | None = ("japan",), scenario: str = "standard", steps: int = 6) -> Session:
    """A Victory at Midway game a few steps in, every side played by its doctrine bot."""
    rules = get_rules(VAM)
    s = Session.start(rules, scenario=scenario, seed=11, humans=humans)
    bots = default_bots(VAM)(rules)
    luck = Rng(2)
    for _ in range(steps):
        if s.outcome() is not None:
            break
        side = s.to_act()[0]
        s.play(bots[side].choose(s, side, s.legal_actions(side), luck))
    return s


def _record(session: Session) -> dict[str, Any]:
    return json.loads(rec.dumps(session))


def _refusal(data: dict[str, Any], tmp_path: Path) -> str:
    path = tmp_path / "seats.midway.json"
    path.write_text(json.dumps(data))
    with pytest.raises(rec.RecordError) as info:
        rec.load(path)
    message = str(info.value)
    assert "\n" not in message and len(message) <= record_limits.MAX_LINE + len(str(path)) + 2
    assert main(["replay", str(path)]) == 1
    return message


def test_vam_seats_the_computer_at_either_side_of_the_two_player_game() -> None:
    rules = get_rules(VAM)
    standard, solitaire = rules.scenario("standard"), rules.scenario("solitaire")
    assert [p.name for p in rules.computer_players(standard, "us")] == ["doctrine"]
    assert [p.name for p in rules.computer_players(standard, "japan")] == ["doctrine"]
    # VaM › Solitaire Play: the Japanese are the rules' own doctrine; the US is a person's.
    assert rules.computer_players(solitaire, "us") == ()
    (doctrine,) = rules.computer_players(solitaire, "japan")
    assert doctrine.built_in and "Solitaire Play" in doctrine.about
    assert Session.start(rules, seed=1, humans=("japan",)).computers == {"us": "doctrine"}
    assert Session.start(rules, seed=1, humans=("us",)).computers == {"japan": "doctrine"}
    assert Session.start(rules, seed=1).computers == {}
    assert Session.start(rules, scenario="solitaire", seed=1).computers == {"japan": "solitaire-doctrine"}
    # The rules' own player is never handed out as a bot to ask.
    assert seats.bots_for(rules, solitaire, {"japan": "solitaire-doctrine"}) == {}
    assert set(seats.bots_for(rules, standard, {"us": "doctrine"})) == {"us"}


@pytest.mark.parametrize(
    ("humans", "computers", "words"),
    [
        (("us",), {"japan": "genius"}, "no computer player 'genius'"),
        (("us",), {"us": "doctrine"}, "a person's and the computer's"),
        (("us",), {"navy": "doctrine"}, "no side 'navy'"),
    ],
)
def test_seats_that_do_not_fit_are_refused(humans, computers, words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(seats.SeatError, match=words):
        Session.start(get_rules(VAM), seed=1, humans=humans, computers=computers)


@pytest.mark.parametrize("humans", [("japan",), ("us",), ("us", "japan")])
def test_a_record_says_who_sat_where_and_replays_with_the_same_seats(tmp_path: Path, humans, capsys) -> None:  # type: ignore[no-untyped-def]
    live = _vam(humans)
    data = _record(live)
    person = {"player": "person"}
    computer = {"player": "computer", "bot": "doctrine"}
    assert data["seats"] == {side: person if side in humans else computer for side in ("us", "japan")}
    path = rec.save(live, tmp_path / "game.midway.json", backup=False)
    back = rec.load(path)
    assert back.humans == live.humans and back.computers == live.computers and back.state == live.state
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    if len(humans) == 1:
        other = "American" if humans == ("japan",) else "Japanese"
        assert f"{other}: computer (Doctrine)" in out
    else:
        assert "seats" not in out  # two people: nothing more to say


def test_a_solitaire_record_seats_the_doctrine() -> None:
    data = _record(_vam(None, "solitaire", steps=3))
    assert data["seats"] == {
        "us": {"player": "person"},
        "japan": {"player": "computer", "bot": "solitaire-doctrine"},
    }


def test_a_record_from_before_seats_still_loads(tmp_path: Path) -> None:
    for humans in (("japan",), ("us", "japan")):
        live = _vam(humans)
        data = _record(live)
        del data["seats"]
        path = tmp_path / "old.midway.json"
        path.write_text(json.dumps(data))
        back = rec.load(path)
        assert back.humans == live.humans and back.computers == live.computers


@pytest.mark.parametrize(
    ("seats_field", "words"),
    [
        ("person", "not a mapping"),
        ({"us": {"player": "person"}}, "nobody sat at the Japanese side"),
        ({"us": {"player": "person"}, "japan": {"player": "person"}, "navy": {"player": "person"}}, "'navy'"),
        ({"us": {"player": "computer", "bot": "doctrine"}, "japan": {"player": "person"}}, "disagree"),
        ({"us": {"player": "person"}, "japan": {"player": "computer", "bot": "oracle"}}, "'oracle'"),
        ({"us": {"player": "person"}, "japan": {"player": "computer"}}, "Japanese seat must be"),
        ({"us": {"player": "robot"}, "japan": {"player": "person"}}, "American seat must be"),
        ({"us": COMPUTER, "japan": COMPUTER}, "no person"),
    ],
)
def test_a_record_whose_seats_are_inconsistent_is_refused_in_one_line(tmp_path: Path, seats_field, words) -> None:  # type: ignore[no-untyped-def]
    data = _record(_vam(("us",)))
    data["seats"] = seats_field
    message = _refusal(data, tmp_path)
    assert words in message


def test_a_person_cannot_sit_where_the_rules_play(tmp_path: Path) -> None:
    data = _record(_vam(None, "solitaire", steps=2))
    data["seats"] = {"us": {"player": "person"}, "japan": {"player": "person"}}
    data["humans"] = ["us"]
    assert "cannot play the Japanese side" in _refusal(data, tmp_path)


@settings(max_examples=40, deadline=None)
@given(
    scenario=st.sampled_from(["standard", "solitaire"]),
    people=st.sets(st.sampled_from(["us", "japan"]), min_size=1),
)
def test_seats_round_trip_through_a_record(scenario: str, people: set[str]) -> None:
    """Whoever sits where, the record's seats read back as the same people and computer players;
    seats a scenario does not allow are refused before any game is made."""
    rules = get_rules(VAM)
    chosen = rules.scenario(scenario)
    humans = tuple(s for s in rules.sides if s in people)
    if not set(humans) <= set(rules.human_sides(chosen)):
        with pytest.raises(ValueError):
            Session.start(rules, scenario=scenario, seed=1, humans=humans)
        return
    computers = seats.resolve(rules, chosen, humans)
    assert set(computers) | set(humans) == set(rules.sides) and not set(computers) & set(humans)
    field = seats.to_json(rules, humans, computers)
    assert seats.from_json(rules, chosen, field, humans) == (humans, computers)
    assert seats.from_json(rules, chosen, field, None) == (humans, computers)


def test_a_whole_game_against_the_computer_replays(tmp_path: Path) -> None:
    """The person's and the computer's orders alike are in the record and replay to the end."""
    rules = get_rules(VAM)
    live = Session.start(rules, seed=4, humans=("us",))
    outcome = play_out(live, default_bots(VAM)(rules), Rng(4))
    path = rec.save(live, tmp_path / "whole.midway.json", backup=False)
    back = rec.load(path)
    assert back.outcome() == outcome and back.computers == {"japan": "doctrine"}
