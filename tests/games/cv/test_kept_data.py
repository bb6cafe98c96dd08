"""CV's data kept in the user's cache (``ruleset/kept_values.py``) is the very data a fresh read
of each file gives; a damaged or stale entry is read afresh, and an edited ruleset's problems
are still reported with their file and line."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from midway_desktop.games.cv import data as cv_data
from midway_desktop.games.cv.data import PARSERS, CvData, load_data
from midway_desktop.geometry import loader
from midway_desktop.ruleset import Node, RulesetError, cache, kept_values, ruleset_dir
from midway_desktop.ruleset.compose import compose
from tests.games.cv.helpers import cv_copy, edit

FIELD_OF = {
    "planes.yaml": "planes",
    "charts.yaml": "charts",
    "ships.yaml": "ships",
    "forces.yaml": "forces",
    "bases.yaml": "bases",
    "scenarios.yaml": "scenarios",
}


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(folder))
    cv_data._load_cached.cache_clear()
    loader._load_cached.cache_clear()
    yield folder
    cv_data._load_cached.cache_clear()
    loader._load_cached.cache_clear()


def reload(folder: Path | None = None) -> CvData:
    cv_data._load_cached.cache_clear()
    return load_data(folder)


def no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, reading any of CV's files (YAML nodes) fails the test."""

    def refused(raw: bytes, file: Path) -> Node:
        raise AssertionError(f"{file.name} was read again")

    monkeypatch.setattr(cv_data, "parse_yaml", refused)


def same(kept: Any, fresh: Any, where: str) -> None:
    """Equal, and of the very same types all the way down (a tuple stays a tuple, an int key
    an int); a node (a value's line) is kept as None."""
    if isinstance(fresh, Node):
        assert kept is None, where
        return
    assert type(kept) is type(fresh), where
    if dataclasses.is_dataclass(fresh):
        for f in dataclasses.fields(fresh):
            same(getattr(kept, f.name), getattr(fresh, f.name), f"{where}.{f.name}")
    elif isinstance(fresh, dict):
        assert list(kept) == list(fresh), where
        for (k1, v1), (k2, v2) in zip(kept.items(), fresh.items(), strict=True):
            same(k1, k2, f"{where} key")
            same(v1, v2, f"{where}[{k2!r}]")
    elif isinstance(fresh, tuple):
        assert len(kept) == len(fresh), where
        for i, (a, b) in enumerate(zip(kept, fresh, strict=True)):
            same(a, b, f"{where}[{i}]")
    else:
        assert kept == fresh, where
        if isinstance(fresh, frozenset):
            assert sorted(map(repr, kept)) == sorted(map(repr, fresh)), where


def fresh_read(name: str) -> Any:
    """The values of one CV file read with no cache of any kind."""
    path = ruleset_dir("cv") / name
    return PARSERS[name](compose(path.read_bytes(), path), "cv")


@pytest.mark.parametrize("name", list(PARSERS))
def test_kept_data_is_what_a_fresh_read_of_each_file_gives(
    name: str, fresh_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = reload()  # read, checked, then kept
    assert list((fresh_cache / "cv-data").glob("*.json"))
    no_reading(monkeypatch)
    kept = reload()
    assert kept == first
    assert kept.board is first.board  # the board is the window's own, kept by itself
    same(getattr(kept, FIELD_OF[name]), fresh_read(name), name)


def test_every_file_of_cv_is_read_by_a_parser_whose_values_are_kept() -> None:
    assert set(FIELD_OF) == set(PARSERS)
    assert [f.name for f in dataclasses.fields(CvData)] == ["board", *FIELD_OF.values()]


def test_kept_data_answers_as_fresh_data(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = reload()
    no_reading(monkeypatch)
    kept = reload()
    assert kept.provisional_values() == first.provisional_values()
    assert kept.force("japanese", "IA") == first.force("japanese", "IA")
    enterprise = kept.ships.get("american", "Enterprise")
    assert enterprise is not None and enterprise == first.ships.get("american", "Enterprise")
    assert [s.id for s in kept.scenarios.scenarios] == [s.id for s in first.scenarios.scenarios]


DAMAGE = {
    "empty": lambda sound: b"",
    "not json": lambda sound: b"\x00\x01 not a cache entry",
    "truncated": lambda sound: sound[: len(sound) // 2],
    "a byte of the values changed": lambda sound: sound.replace(b"Enterprise", b"Enterprize", 1),
    "foreign key": lambda sound: _rewritten(sound, key="0" * 64),
    "wrong shape": lambda sound: _rewritten(sound, data={"objects": [["t", [[5]]]], "root": [0]}),
    "values resealed, a class not allowed": lambda sound: _resealed(sound, "midway_desktop.values:frozen_value"),
}


def _rewritten(sound: bytes, **changes: Any) -> bytes:
    entry = json.loads(sound)
    entry.update(changes)
    return json.dumps(entry).encode()


def _resealed(sound: bytes, class_name: str) -> bytes:
    """An entry whose digest fits its text, naming a class CV's data is not made of."""
    entry = json.loads(sound)
    values = json.loads(entry["data"][0])
    values["classes"][0] = class_name
    text = json.dumps(values)
    entry["data"] = [text, cache.digest(text)]
    return json.dumps(entry).encode()


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_entry_is_read_afresh_and_kept_again(damage: str, fresh_cache: Path) -> None:
    first = reload()
    entry = cache.entry_path("cv-data", ruleset_dir("cv").resolve())
    sound = entry.read_bytes()
    entry.write_bytes(DAMAGE[damage](sound))
    again = reload()
    assert again == first
    same(again.ships, first.ships, "ships")
    assert json.loads(entry.read_bytes()) == json.loads(sound)  # rewritten whole


def test_an_edited_ruleset_is_read_again(tmp_path: Path, fresh_cache: Path) -> None:
    folder = cv_copy(tmp_path)
    before = reload(folder)
    edit(folder / "forces.yaml", "air: {kate: 3}", "air: {kate: 2}")
    after = reload(folder)
    assert after != before
    assert after.forces == fresh_read_folder(folder).forces


def fresh_read_folder(folder: Path) -> CvData:
    cv_data._load_cached.cache_clear()
    for entry in (cache.cache_dir() / "cv-data").glob("*.json"):
        entry.unlink()
    return load_data(folder)


def test_an_edited_ruleset_still_reports_its_problem_with_file_and_line(tmp_path: Path, fresh_cache: Path) -> None:
    folder = cv_copy(tmp_path)
    reload(folder)  # kept
    edit(folder / "forces.yaml", "ships: [Zuikaku,", "ships: [Shokaku, Zuikaku,")
    with pytest.raises(RulesetError) as raised:
        reload(folder)
    text = str(raised.value)
    assert "forces.yaml:" in text and raised.value.line is not None
    assert "no japanese ship 'Shokaku'" in text


def test_values_with_no_place_in_the_form_are_not_kept(fresh_cache: Path) -> None:
    source = fresh_cache / "some.yaml"
    kept_values.store("test", source, "k", ("a", ["a list"]), [])
    assert kept_values.load("test", source, "k", []) is None
    assert not cache.entry_path("test", source).exists()
    kept_values.store("test", source, "k", ("a", {1: frozenset({2})}, 1.5, None, True), [])
    assert kept_values.load("test", source, "k", []) == ("a", {1: frozenset({2})}, 1.5, None, True)


IMPORTS = """
import sys
import midway_desktop.games.cv.data
print(" ".join(m for m in sys.modules if m.startswith("midway_desktop.games.cv.")))
"""


def test_the_key_holds_the_text_of_every_cv_module_that_reads_the_data() -> None:
    run = subprocess.run([sys.executable, "-c", IMPORTS], capture_output=True, text=True, timeout=120, check=True)
    modules = run.stdout.split()
    assert modules
    for module in modules:
        assert f"games/cv/{module.rsplit('.', 1)[1]}.py" in cv_data._READERS, module


def test_equal_values_kept_once_keep_their_types(fresh_cache: Path) -> None:
    source = fresh_cache / "some.yaml"
    value = ((1,), (1.0,), (True,), (0.0,), (-0.0,), (1,), {"a": 1}, {"a": 1})
    kept_values.store("test", source, "k", value, [])
    back = kept_values.load("test", source, "k", [])
    assert back == value
    assert [repr(v) for v in back] == [repr(v) for v in value]
    assert back[0] is back[5]  # equal tuples come back as one
    assert back[6] is not back[7]  # a dict is never shared where it was not
