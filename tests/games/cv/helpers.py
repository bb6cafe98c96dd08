"""Shared by the CV data tests: the bundled ruleset folder, and broken copies of it."""

from __future__ import annotations

import shutil
from pathlib import Path

from midway_desktop.ruleset import ruleset_dir
from tests.geometry.test_hostile_rulesets import one_problem_saying

RULES_TEXT = "cv.txt"


def cv_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "cv"
    shutil.copytree(ruleset_dir("cv"), folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test set-up: {old!r} is no longer in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


one_problem = one_problem_saying  # the hostile-ruleset tests' check: one line, naming file and words
