"""Who sits at each side of the table: a person, or the computer (and which of its players).

Every side of a game is taken by someone. A side a person plays is one of the session's
``humans``; every other side is the computer's, named by one of the players the rules offer
for it (:meth:`Rules.computer_players`). A side the scenario gives to no person at all (Victory
at Midway's solitaire Japanese) is played by the rules themselves: its one computer player is
``built_in``, and nobody outside the rules asks it for orders.

A game record says who sat where (``seats``); loading one checks that the seats agree with the
game, the scenario and the sides people play, and refuses the record in one line if not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.rules import Rules, Scenario
from midway_desktop.values import frozen_value

if TYPE_CHECKING:
    from midway_desktop.engine.bots import Bot

PERSON = "person"
COMPUTER = "computer"


@frozen_value
class ComputerPlayer:
    """One of the computer's players for a side: its name in records, its title in the New Game
    dialog, and what it does (with the rule it follows). ``built_in``: the rules play it."""

    name: str
    title: str
    about: str = ""
    built_in: bool = False


class SeatError(ValueError):
    """The seats do not fit the game: one line saying which side and why."""


def resolve(
    rules: Rules[Any], scenario: Scenario, humans: tuple[str, ...], computers: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The computer's player at each side no person plays, checked: ``computers`` may name
    some (or all) of them; every other one is the side's first (usual) computer player. A side
    the rules offer no computer player for stays unseated: whoever submits its actions plays it
    (a script or a test; the desktop and the command line always seat every side)."""
    given = dict(computers or {})
    people = set(humans)
    out: dict[str, str] = {}
    for side, name in given.items():
        if side not in rules.sides:
            raise SeatError(f"{rules.title} has no side {side!r} to seat the computer at")
        if side in people:
            raise SeatError(f"the {_title(side)} side cannot be a person's and the computer's at once")
        if not isinstance(name, str) or name not in _names(rules, scenario, side):
            names = ", ".join(_names(rules, scenario, side)) or "none"
            raise SeatError(f"no computer player {str(name)[:40]!r} for the {_title(side)} side (offered: {names})")
    for side in rules.sides:
        if side in people:
            continue
        offered = rules.computer_players(scenario, side)
        if not offered:
            continue
        out[side] = given.get(side, offered[0].name)
    return out


def player(rules: Rules[Any], scenario: Scenario, side: str, name: str) -> ComputerPlayer:
    """The computer player named ``name`` at ``side``."""
    for found in rules.computer_players(scenario, side):
        if found.name == name:
            return found
    raise SeatError(f"no computer player {name!r} for the {_title(side)} side")


def bots_for(rules: Rules[Any], scenario: Scenario, computers: Mapping[str, str]) -> dict[str, Bot]:
    """The bots to ask for orders at the computer's sides (the rules' own players are not asked)."""
    out: dict[str, Bot] = {}
    for side, name in computers.items():
        if not player(rules, scenario, side, name).built_in:
            out[side] = rules.computer_bot(side, name)
    return out


def to_json(rules: Rules[Any], humans: tuple[str, ...], computers: Mapping[str, str]) -> dict[str, Any]:
    """The record's ``seats``: every side, in the rules' order."""
    out: dict[str, Any] = {}
    for side in rules.sides:
        if side in humans:
            out[side] = {"player": PERSON}
        elif side in computers:
            out[side] = {"player": COMPUTER, "bot": computers[side]}
    return out


def from_json(
    rules: Rules[Any], scenario: Scenario, given: object, humans: tuple[str, ...] | None
) -> tuple[tuple[str, ...], dict[str, str]]:
    """The people's sides and the computer's players from a record's ``seats``, checked against
    the game, the scenario and the record's ``humans`` (raises :class:`SeatError`)."""
    if not isinstance(given, dict):
        raise SeatError("record field 'seats' is not a mapping of sides")
    extra = [str(s)[:20] for s in given if s not in rules.sides]
    if extra:
        raise SeatError(f"record field 'seats' names {extra[0]!r}, not a side of {rules.title}")
    missing = [s for s in rules.sides if s not in given and rules.computer_players(scenario, s)]
    if missing:
        raise SeatError(f"record field 'seats' says nobody sat at the {_title(missing[0])} side")
    people: list[str] = []
    computers: dict[str, str] = {}
    for side in rules.sides:
        if side not in given:
            continue  # (no computer player is offered there: see ``resolve``)
        seat = given[side]
        kind = seat.get("player") if isinstance(seat, dict) else None
        if kind == PERSON and set(seat) == {"player"}:
            people.append(side)
        elif kind == COMPUTER and set(seat) == {"player", "bot"} and isinstance(seat["bot"], str):
            computers[side] = seat["bot"]
        else:
            raise SeatError(f"the {_title(side)} seat must be a person or the computer with its bot's name")
    playable = rules.human_sides(scenario)
    for side in people:
        if side not in playable or side == UMPIRE:
            raise SeatError(f"a person cannot play the {_title(side)} side in {scenario.title}")
    if not people:
        raise SeatError("record field 'seats' has no person at the table")
    if humans is not None and set(humans) != set(people):
        raise SeatError("record fields 'seats' and 'humans' disagree about who is a person")
    resolve(rules, scenario, tuple(people), computers)  # each computer player is one offered there
    return (humans if humans is not None else tuple(people)), computers


def describe(rules: Rules[Any], scenario: Scenario, humans: tuple[str, ...], computers: Mapping[str, str]) -> str:
    """Who sat where, in one line: "American: person; Japanese: computer (Doctrine)"."""
    parts = []
    for side in rules.sides:
        if side in humans:
            parts.append(f"{_title(side)}: person")
        elif side in computers:
            parts.append(f"{_title(side)}: computer ({player(rules, scenario, side, computers[side]).title})")
    return "; ".join(parts)


def _names(rules: Rules[Any], scenario: Scenario, side: str) -> list[str]:
    return [p.name for p in rules.computer_players(scenario, side)]


def _title(side: str) -> str:
    from midway_desktop.games import side_title

    return side_title(side)
