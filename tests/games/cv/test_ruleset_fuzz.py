"""Fuzzing CV's seven ruleset files: a value made empty, of the wrong type, negative, huge, or a
key dropped, anywhere in any file, is either played (the rules are built and every scenario set
up on it) or refused with one :class:`RulesetError` line naming the file, the place and the
problem; never another exception (Intro: a ruleset is data the player may edit)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from midway_desktop.engine import Rng
from midway_desktop.ruleset import RulesetError, ruleset_dir
from midway_desktop.ruleset.validate import CV_FILES

FILES = ("board.yaml", *CV_FILES)
ODD_VALUES: tuple[Any, ...] = ("", "zz", -1, -999, 0, 10**12, 1.5, True, None, [], {}, [1, "a"], {"a": 1})
MUTANTS = 8  # mutants of each file a run tries (seeded: the same every run)

Path_ = tuple[Any, ...]


def _places(node: Any, here: Path_ = ()) -> list[Path_]:
    """Every place in a file's data: each mapping value and each list item, nested ones too."""
    out: list[Path_] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        out.append((*here, key))
        out += _places(value, (*here, key))
    return out


def _mutate(data: Any, rnd: random.Random) -> str:
    """One change at a random place of ``data``; what it was, for the failure's message."""
    place = rnd.choice(_places(data))
    parent = data
    for key in place[:-1]:
        parent = parent[key]
    if isinstance(parent, dict) and rnd.random() < 0.25:
        del parent[place[-1]]
        return f"{'.'.join(map(str, place))} dropped"
    value = rnd.choice(ODD_VALUES)
    parent[place[-1]] = value
    return f"{'.'.join(map(str, place))} = {value!r}"


def _read(folder: Path) -> None:
    """What the app does with a CV folder before play: the rules built on it, every scenario
    set up."""
    from midway_desktop.games.cv.rules import rules_for

    rules = rules_for(folder)
    for scenario in rules.scenarios:
        rules.setup(scenario, {}, Rng(1))


@pytest.mark.parametrize("name", FILES)
def test_mutated_cv_files_are_played_or_refused_in_one_line(tmp_path: Path, name: str) -> None:
    original = yaml.safe_load((ruleset_dir("cv") / name).read_text(encoding="utf-8"))
    for i in range(MUTANTS):
        rnd = random.Random(f"cv-{name}-{i}")
        folder = tmp_path / str(i) / "cv"
        shutil.copytree(ruleset_dir("cv"), folder)
        data = yaml.safe_load(yaml.safe_dump(original))
        changes = [_mutate(data, rnd) for _ in range(rnd.randint(1, 2))]
        (folder / name).write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        _played_or_refused(folder, name, changes)


def _played_or_refused(folder: Path, name: str, changes: list[str]) -> None:
    try:
        _read(folder)
    except RulesetError as exc:
        message = str(exc)
        assert "\n" not in message, (changes, message)
        assert message.startswith(str(folder)), (changes, message)
        assert len(message) > len(str(folder / name)) + 4, (changes, message)  # (a place and a problem)
    except Exception as exc:  # noqa: BLE001 - any other exception is the failure this test finds
        pytest.fail(f"{name} with {changes}: {type(exc).__name__}: {exc}")


@pytest.mark.parametrize("key", ["base", "turns"])
def test_odd_air_entry_values_are_refused_in_one_line(tmp_path: Path, key: str) -> None:
    """The board's Air Entry Hexes are read as numbers and letters by the rules (Basic VIII.G):
    each odd value in each of their data, at the first such region (``turns: ''`` was a
    ``ValueError`` traceback at start-up and in ``validate``)."""
    original = yaml.safe_load((ruleset_dir("cv") / "board.yaml").read_text(encoding="utf-8"))
    index = next(i for i, r in enumerate(original["regions"]) if r.get("kind") == "air-entry")
    for n, value in enumerate(ODD_VALUES):
        folder = tmp_path / str(n) / "cv"
        shutil.copytree(ruleset_dir("cv"), folder)
        data = yaml.safe_load(yaml.safe_dump(original))
        data["regions"][index].setdefault("data", {})[key] = value
        (folder / "board.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        _played_or_refused(folder, "board.yaml", [f"regions.{index}.data.{key} = {value!r}"])
