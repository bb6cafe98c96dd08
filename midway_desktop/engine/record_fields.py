"""What a game record's fields must be before anything is done with them.

The game must be one this app plays (its name is never used as a path before that), the
scenario one of its scenarios, each option one the rules declare with a value of the declared
kind (``true`` is not a mission, ``1`` is not "on"), the seed a 64-bit number, ``humans`` a
non-empty list of sides people play in that scenario (never the umpire, who sees everything),
``seats`` (when given: records before it have none) every side's person or computer player,
agreeing with ``humans`` (see ``seats``), ``rules_revision`` (when given: records before it
have none, revision 0) a whole number, and the actions a list no longer than
:data:`~.record_limits.MAX_ACTIONS`. The ``final`` block is what verification compares
against; without it a record cannot be verified.
"""

from __future__ import annotations

import re
from typing import Any

from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.record_limits import MAX_ACTIONS, LimitError, one_line, quote
from midway_desktop.engine.registry import get_rules, is_registered
from midway_desktop.engine.rules import Rules
from midway_desktop.values import frozen_value

SEED_LIMIT = 1 << 64
REVISION_LIMIT = 1 << 31
_FINGERPRINT = re.compile(r"[0-9a-f]{32}")


@frozen_value
class Final:
    """The saved end of the game: the position's fingerprint, the number of steps and how the
    game came out (``outcome``: the result's key, None while it goes on; ``told``: whether the
    record says at all, as every record since outcomes were saved does)."""

    fingerprint: str
    steps: int
    outcome: str | None = None
    told: bool = False


@frozen_value
class Header:
    """A record's fields, each checked against the game it names."""

    rules: Rules[Any]
    scenario: str
    options: dict[str, Any]
    seed: int
    humans: tuple[str, ...] | None
    computers: dict[str, str] | None  # None: the record says nothing of seats (before they were saved)
    actions: list[Any]
    final: Final | None
    revision: int  # the rules revision that made the record (0: saved before revisions were)
    app_version: str  # the build that saved it, as it said (cut short), or "" if it did not


def check_header(data: dict[str, Any]) -> Header:
    """The record's fields, or :class:`LimitError` naming the first that is wrong."""
    game = data.get("game")
    if not isinstance(game, str):
        raise LimitError("record field 'game' is missing or not text")
    if not is_registered(game):
        raise LimitError(f"unknown game {quote(game)}")
    rules = get_rules(game)
    scenario = data.get("scenario")
    names = [s.name for s in rules.scenarios]
    if not isinstance(scenario, str) or scenario not in names:
        raise LimitError(f"{rules.title} has no scenario {quote(scenario)} ({', '.join(names)})")
    options = _options(rules, data.get("options"))
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise LimitError("record field 'seed' is missing or not a whole number from 0 to 2^64 - 1")
    humans = _humans(rules, rules.scenario(scenario), data.get("humans"))
    computers = None
    if data.get("seats") is not None:
        from midway_desktop.engine.seats import SeatError, from_json

        try:
            humans, computers = from_json(rules, rules.scenario(scenario), data["seats"], humans)
        except SeatError as exc:
            raise LimitError(str(exc)) from None
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise LimitError("record field 'actions' is missing or not a list")
    if len(actions) > MAX_ACTIONS:
        raise LimitError(f"record holds {len(actions)} actions; no game runs to more than {MAX_ACTIONS}")
    revision = data.get("rules_revision", 0)
    if isinstance(revision, bool) or not isinstance(revision, int) or not 0 <= revision < REVISION_LIMIT:
        raise LimitError("record field 'rules_revision' is not a whole number from 0")
    version = data.get("app_version")
    shown = one_line(version, 24) if isinstance(version, str) else ""
    return Header(
        rules, scenario, options, seed, humans, computers, actions, _final(data.get("final")), revision, shown
    )


def _options(rules: Rules[Any], given: object) -> dict[str, Any]:
    if not isinstance(given, dict):
        raise LimitError("record field 'options' is missing or not a mapping")
    declared = {o.name: o for o in rules.options}
    for name, value in given.items():
        option = declared.get(name)
        if option is None:
            known = ", ".join(declared) or "none"
            raise LimitError(f"{rules.title} has no option {quote(name)} (options: {known})")
        if not option.accepts(value):
            shown = ", ".join(rules.option_label(name, c) for c in option.choices)
            raise LimitError(f"option {name} cannot be {quote(value)} (it takes {shown})")
    return dict(given)


def _humans(rules: Rules[Any], scenario: Any, given: object) -> tuple[str, ...] | None:
    if given is None:  # records written before sides were saved: the scenario's own
        return None
    playable = rules.human_sides(scenario)
    if (
        not isinstance(given, list)
        or not given
        or len(set(map(str, given))) != len(given)
        or not all(isinstance(s, str) and s in playable and s != UMPIRE for s in given)
    ):
        raise LimitError(f"record field 'humans' must list sides people play here ({', '.join(playable)})")
    return tuple(given)


def final_of(data: dict[str, Any]) -> Final | None:
    """The record's end block as checked (None when it has none, or one this app never writes)."""
    return _final(data.get("final"))


def _final(given: object) -> Final | None:
    if not isinstance(given, dict):
        return None
    fingerprint, steps = given.get("fingerprint"), given.get("steps")
    if not isinstance(fingerprint, str) or not _FINGERPRINT.fullmatch(fingerprint):
        return None
    if isinstance(steps, bool) or not isinstance(steps, int):
        return None
    if "outcome" not in given:
        return Final(fingerprint, steps)
    outcome = given["outcome"]
    if outcome is not None and not isinstance(outcome, str):
        return None  # (not a result this app writes: as good as no final block, so unverifiable)
    return Final(fingerprint, steps, outcome, True)
