"""The cache of what is worked out from a ruleset (composed YAML, board outlines): a hit gives
exactly what a fresh build gives, an edited ruleset misses, and a damaged or foreign entry is
worked out again without a word."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from midway_desktop.games import GAME_IDS
from midway_desktop.geometry import load_board, loader, outlines
from midway_desktop.ruleset import cache, load_yaml, ruleset_dir, yamlio
from midway_desktop.ruleset.compose import compose
from midway_desktop.ruleset.yamlio import MAX_DEPTH, Node


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(folder))
    loader._load_cached.cache_clear()  # boards are also kept in memory, by file and time
    yield folder
    loader._load_cached.cache_clear()


def reload(game_or_path: str | Path):  # type: ignore[no-untyped-def]
    loader._load_cached.cache_clear()
    return load_board(game_or_path)


def same_nodes(a: Node, b: Node) -> None:
    assert (a.line, a.key_line, a.path, a.file) == (b.line, b.key_line, b.path, b.file)
    if isinstance(a.value, dict):
        assert list(a.value) == list(b.value)
        for key in a.value:
            same_nodes(a.value[key], b.value[key])
    elif isinstance(a.value, list):
        assert len(a.value) == len(b.value)
        for x, y in zip(a.value, b.value):
            same_nodes(x, y)
    else:
        assert type(a.value) is type(b.value) and a.value == b.value


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_cached_board_has_exactly_the_outlines_of_a_fresh_build(game: str, fresh_cache: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    first = outlines.outlines(reload(game))  # worked out, then kept
    assert list((fresh_cache / "outlines").glob("*.json"))
    board = reload(game)

    def no_build(_board):  # type: ignore[no-untyped-def]
        raise AssertionError("the outlines were worked out again")

    monkeypatch.setattr(outlines, "build", no_build)
    kept = outlines.outlines(board)
    monkeypatch.undo()
    assert kept == first == outlines.build(reload(game))


@pytest.mark.parametrize("path", sorted(Path(ruleset_dir("cv")).parent.glob("*/*.yaml")), ids=lambda p: p.name)
def test_cached_yaml_is_exactly_what_composing_gives(path: Path, fresh_cache: Path) -> None:
    load_yaml(path)  # composed, then kept
    kept = load_yaml(path)
    same_nodes(kept, compose(path.read_bytes(), path))


def edited_copy(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / "rulesets" / game
    shutil.copytree(ruleset_dir(game), folder)
    return folder / "board.yaml"


def test_an_edited_ruleset_misses_and_is_worked_out_anew(tmp_path: Path, fresh_cache: Path) -> None:
    path = edited_copy(tmp_path, "victory-at-midway")
    before = outlines.outlines(reload(path))
    text = path.read_text(encoding="utf-8")
    board = reload(path)
    fog = next(r for r in board.regions() if r.kind == "fog")
    extra = next(label for label in board if label not in fog)
    # The fog region gains a cell: its outline must change, and nothing else of the file.
    marker = f"- name: {fog.name}\n"
    assert marker in text
    path.write_text(text.replace(marker, marker + f"    cells: [{extra}]\n", 1), encoding="utf-8")
    edited = reload(path)
    assert extra in edited.region(fog.name)
    after = outlines.outlines(edited)
    assert after.regions[fog.name] != before.regions[fog.name]
    assert after == outlines.build(reload(path))


DAMAGE = {
    "empty": b"",
    "not json": b"\x00\x01 not a cache entry",
    "truncated": None,  # the entry cut in half
    "foreign key": None,  # a sound entry made for other bytes
    "wrong shape": None,  # the right key, data of the wrong form
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("kind", ["outlines", "yaml", "board"])
def test_a_damaged_entry_is_worked_out_again_silently(
    damage: str, kind: str, tmp_path: Path, fresh_cache: Path
) -> None:
    path = edited_copy(tmp_path, "cv")
    fresh = outlines.outlines(reload(path))
    entry = cache.entry_path(kind, path)
    sound = entry.read_bytes()
    raw = DAMAGE[damage]
    if damage == "truncated":
        raw = sound[: len(sound) // 2]
    elif damage == "foreign key":
        data = json.loads(sound)
        data["key"] = "0" * 64
        raw = json.dumps(data).encode()
    elif damage == "wrong shape":
        data = json.loads(sound)
        data["data"] = {
            "outlines": {"board": [[["x", 1]]]},
            "yaml": [1, 1, {"schema": ["not", "a", "node", 4]}],
            "board": {"cells": [["x", 1]]},
        }[kind]
        raw = json.dumps(data).encode()
    entry.write_bytes(raw)
    if kind == "yaml":  # (the board kept whole would be taken without reading its YAML)
        cache.entry_path("board", path).unlink()
    assert outlines.outlines(reload(path)) == fresh
    assert json.loads(entry.read_bytes()) == json.loads(sound)  # rewritten whole
    assert [p.name for p in entry.parent.iterdir() if p.suffix != ".json"] == []  # no temporary files left


def test_an_unwritable_cache_costs_only_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(blocker / "cache"))
    path = edited_copy(tmp_path, "midway-solitaire")
    assert outlines.outlines(reload(path)) == outlines.build(reload(path))
    loader._load_cached.cache_clear()


FIRST_SCREEN = """
import sys
from midway_desktop.ui.app import ensure_app
from midway_desktop.ui.main_window import MainWindow
ensure_app()
for game in sys.argv[1:]:
    window = MainWindow(game, persist=False)
    window.show()
    window.grab()
    window.close()
heavy = ("shapely", "numpy", "yaml", "cryptography")
print(sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in heavy}))
"""


def test_the_first_screen_of_every_game_loads_no_geometry_yaml_or_crypto_library(fresh_cache: Path) -> None:
    """Start-up: with the cache made (by the first start), opening any game's board imports
    neither shapely (with NumPy), PyYAML nor cryptography; they load when first needed."""
    for game in GAME_IDS:  # the first start works everything out and keeps it
        outlines.outlines(reload(game))
        for path in ruleset_dir(game).glob("*.yaml"):
            load_yaml(path)
    run = subprocess.run(
        [sys.executable, "-c", FIRST_SCREEN, *GAME_IDS], capture_output=True, text=True, timeout=600, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip().splitlines()[-1] == "[]", run.stdout


KEPT_YAML_DAMAGE = {
    "a line too few": lambda tree, lines: [tree, lines[:-1]],
    "a line too many": lambda tree, lines: [tree, [*lines, 1]],
    "a line of zero": lambda tree, lines: [tree, [0, *lines[1:]]],
    "a line that is true": lambda tree, lines: [tree, [True, *lines[1:]]],
    "a line that is text": lambda tree, lines: [tree, ["1", *lines[1:]]],
    "no lines": lambda tree, lines: [tree, []],
    "lines not a list": lambda tree, lines: [tree, {"1": 1}],
    "a value nested too deeply": lambda tree, lines: [
        functools.reduce(lambda inner, _: [inner], range(MAX_DEPTH + 1), tree),
        [1, 1] * (MAX_DEPTH + 1) + lines,
    ],
}


@pytest.mark.parametrize("damage", KEPT_YAML_DAMAGE)
def test_kept_yaml_whose_lines_do_not_fit_its_values_is_composed_again(damage: str, fresh_cache: Path) -> None:
    path = ruleset_dir("cv") / "forces.yaml"
    composed = load_yaml(path)
    entry = cache.entry_path("yaml", path)
    sound = json.loads(entry.read_bytes())
    assert yamlio._decode(sound["data"], path) is not None
    sound["data"] = KEPT_YAML_DAMAGE[damage](*sound["data"])
    entry.write_text(json.dumps(sound), encoding="utf-8")
    assert yamlio._decode(sound["data"], path) is None
    same_nodes(load_yaml(path), composed)
