"""Victory at Midway's unit catalogue kept in the user's cache (``ruleset/kept_values.py``) is
the very catalogue a fresh read gives; a damaged entry is read afresh, and an edited file's
problem is still reported with its file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from midway_desktop.games.victory_at_midway import units
from midway_desktop.games.victory_at_midway.units import Catalogue, load_units, parse_units
from midway_desktop.ruleset import Node, RulesetError, cache, ruleset_dir
from midway_desktop.ruleset.compose import compose
from tests.games.cv.test_kept_data import same


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(folder))
    units._load_cached.cache_clear()
    yield folder
    units._load_cached.cache_clear()


def reload(path: Path | None = None) -> Catalogue:
    units._load_cached.cache_clear()
    return load_units(path)


def fresh_read(path: Path) -> Catalogue:
    return parse_units(compose(path.read_bytes(), path), expected_game=path.parent.name)


def test_a_kept_catalogue_is_the_one_a_fresh_read_gives(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = reload()  # read, then kept
    assert list((fresh_cache / "vam-units").glob("*.json"))

    def refused(raw: bytes, file: Path) -> Node:
        raise AssertionError("units.yaml was read again")

    monkeypatch.setattr(units, "parse_yaml", refused)
    kept = reload()
    assert kept == first
    same(kept, fresh_read(ruleset_dir("victory-at-midway") / "units.yaml"), "catalogue")  # lookup tables too
    assert kept.ship("Akagi") == first.ship("Akagi")


def test_a_damaged_entry_is_read_afresh(fresh_cache: Path) -> None:
    first = reload()
    entry = cache.entry_path("vam-units", (ruleset_dir("victory-at-midway") / "units.yaml").resolve())
    sound = entry.read_bytes()
    entry.write_bytes(sound.replace(b"Akagi", b"Akago", 1))
    again = reload()
    same(again, first, "catalogue")
    assert entry.read_bytes() == sound  # kept again, whole


def test_an_edited_file_is_read_again_and_its_problem_has_its_line(tmp_path: Path, fresh_cache: Path) -> None:
    folder = tmp_path / "victory-at-midway"
    shutil.copytree(ruleset_dir("victory-at-midway"), folder)
    path = folder / "units.yaml"
    reload(path)  # kept
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  half_inch: 136", "  half_inch: 137", 1), encoding="utf-8")
    with pytest.raises(RulesetError) as raised:
        reload(path)
    assert str(raised.value).startswith(f"{path.resolve()}:") and raised.value.line is not None
    assert "not the counter sheet's" in str(raised.value)
