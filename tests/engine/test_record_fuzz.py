"""Fuzzing game records: any edit of a saved game of any game is either refused in one line or
loads as the very game that was saved. Never a traceback, never a hang, never a verified tamper.

Each record is a short game of a real game, played by its bots; Hypothesis picks a handful of
edits (a value swapped for another of any kind, a key dropped, a field renamed, bytes cut or
inserted) and the edited file is loaded as Open Game and the replay command load it.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import UMPIRE, Rng, Session, get_rules, playable_games
from midway_desktop.engine import records as rec
from midway_desktop.engine.record_limits import MAX_LINE
from midway_desktop.engine.registry import default_bots

GAMES = sorted(playable_games())
ODD_VALUES = [
    None, True, False, 0, 1, -1, 2**64, 10**39, 1.5, "", "umpire", "us", "japan", "../../etc",
    "x\ny", "H6", "akagi", [], {}, [1], {"type": "done"}, "A" * 300,
]  # fmt: skip


@cache
def _saved(game: str) -> tuple[str, Any, int]:
    """A record of a game of ``game`` stopped part-way (the bots play 40 actions), its final
    umpire view and its number of steps."""
    rules = get_rules(game)
    session = Session.start(rules, seed=3)
    bots = default_bots(game)(rules)
    luck = Rng(3)
    for _ in range(40):
        acting = [s for s in session.to_act() if s in bots]
        if not acting:
            break
        session.play(bots[acting[0]].choose(session, acting[0], session.legal_actions(acting[0]), luck))
    return rec.dumps(session), session.view(UMPIRE), len(session.history)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*here, i))
    return out


def _edit(data: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    if not path:
        return json.loads(json.dumps(value)) if how == "set" else data
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "set":
        parent[last] = json.loads(json.dumps(value))  # a fresh copy: never a value inside itself
    elif how == "drop":
        del parent[last]
    elif how == "rename" and isinstance(parent, dict):
        parent[str(value)[:20]] = parent.pop(last)
    elif how == "copy" and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last])))
    return data


edits = st.lists(
    st.tuples(
        st.integers(0, 10**6), st.sampled_from(["set", "set", "drop", "rename", "copy"]), st.sampled_from(ODD_VALUES)
    ),
    min_size=1,
    max_size=3,
)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=edits, cut=st.one_of(st.none(), st.integers(0, 10**6)), bom=st.booleans())
def test_an_edited_record_is_refused_in_one_line_or_is_the_saved_game(
    tmp_path: Path, game: str, edits: list[tuple[int, str, Any]], cut: int | None, bom: bool
) -> None:
    text, final_view, steps = _saved(game)
    data = json.loads(text)
    for pick, how, value in edits:
        paths = _paths(data)
        data = _edit(data, paths[pick % len(paths)], how, value)
    raw = json.dumps(data).encode()
    if cut is not None:
        raw = raw[: cut % (len(raw) + 1)]
    if bom:
        raw = b"\xef\xbb\xbf" + raw
    path = tmp_path / "edited.json"
    path.write_bytes(raw)
    try:
        session = rec.load(path)
    except rec.RecordError as exc:
        message = str(exc)
        assert "\n" not in message and "\r" not in message
        assert len(message) <= MAX_LINE + len(str(path)) + 2
        return
    # It loaded and verified: it is the game that was saved, whatever was edited.
    assert session.view(UMPIRE) == final_view
    assert len(session.history) == steps
