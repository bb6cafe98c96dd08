"""A grid board kept in the user's cache (``kept_board``) is the very board a fresh read gives;
a damaged or stale entry is read afresh, and a broken ruleset is still reported with its line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from midway_desktop.games import GAME_IDS
from midway_desktop.geometry import load_board, loader
from midway_desktop.geometry.board import Board
from midway_desktop.ruleset import RulesetError, ruleset_dir
from midway_desktop.ruleset.yamlio import parse_yaml

FIELDS = ("game", "title", "kind", "cells", "orientation", "shifted_parity", "north", "sheets", "provenance")
FIELDS += ("aliases", "boxes", "box_provenance", "adjacency", "size", "source", "digest")


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(folder))
    loader._load_cached.cache_clear()
    yield folder
    loader._load_cached.cache_clear()


def reload(path: str | Path) -> Board:
    loader._load_cached.cache_clear()
    return load_board(path)


def fresh(path: Path) -> Board:
    """Read from the file, no cache of any kind."""
    raw = path.read_bytes()
    return loader.parse_board(parse_yaml(raw, path), expected_game=path.parent.name)


def same(a: Board, b: Board) -> None:
    for name in FIELDS:
        if name not in ("source", "digest"):
            assert getattr(a, name) == getattr(b, name), name
            assert type(getattr(a, name)) is type(getattr(b, name)), name
    assert [c.key for c in a.cells] == [c.key for c in b.cells]
    assert [type(c.key) for c in a.cells] == [type(c.key) for c in b.cells]
    regions = [(r.name, r.title, r.kind, r.data, r.provenance, frozenset(r)) for r in a.regions()]
    assert regions == [(r.name, r.title, r.kind, r.data, r.provenance, frozenset(r)) for r in b.regions()]
    for label in list(a)[::97]:
        assert a.regions_of(label) == b.regions_of(label)
        assert a.neighbors(label) == b.neighbors(label)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_kept_board_is_the_board_a_fresh_read_gives(game: str, fresh_cache: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = (ruleset_dir(game) / "board.yaml").resolve()
    first = reload(path)  # read, then kept (grids only)
    grid = first.kind in ("hex", "square")
    assert bool(list((fresh_cache / "board").glob("*.json"))) == grid

    def no_parse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the board was read again")

    if grid:
        monkeypatch.setattr(loader, "parse_board", no_parse)
    kept = reload(path)
    monkeypatch.undo()
    assert kept is not first
    same(kept, fresh(path))
    assert (kept.source, kept.digest) == (first.source, first.digest)


def test_a_damaged_entry_is_read_afresh(fresh_cache: Path) -> None:
    path = (ruleset_dir("cv") / "board.yaml").resolve()
    reload(path)
    (entry,) = (fresh_cache / "board").glob("*.json")
    data = json.loads(entry.read_text())
    data["data"]["cells"][3] = ["A0104", 1]  # a row of the wrong length
    entry.write_text(json.dumps(data))
    same(reload(path), fresh(path))
    entry.write_text("{not json")
    same(reload(path), fresh(path))


def test_an_edited_board_misses_and_its_problems_are_still_reported(tmp_path: Path, fresh_cache: Path) -> None:
    folder = tmp_path / "cv"
    shutil.copytree(ruleset_dir("cv"), folder)
    path = folder / "board.yaml"
    before = reload(path)
    text = path.read_text()
    path.write_text(text.replace("title: Mapboard half A", "title: West half"))
    after = reload(path)
    assert after.region("half-a").title == "West half" != before.region("half-a").title
    same(after, fresh(path))
    path.write_text(text.replace("title: Mapboard half A", "title: [West half]"))
    with pytest.raises(RulesetError, match="expected text"):
        reload(path)
