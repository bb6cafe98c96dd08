"""Shared by the CV data tests: the bundled ruleset folder, and broken copies of it."""

from __future__ import annotations

import shutil
from pathlib import Path

from midway_desktop.ruleset import RulesetError, ruleset_dir
from midway_desktop.ruleset.validate import validate_ruleset

RULES_TEXT = "cv.txt"


def cv_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "cv"
    shutil.copytree(ruleset_dir("cv"), folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test set-up: {old!r} is no longer in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def one_problem(folder: Path, *words: str) -> RulesetError:
    """``validate`` finds exactly one problem, on one line, naming the folder's file and ``words``."""
    problems = validate_ruleset(folder)
    assert len(problems) == 1, [str(p) for p in problems]
    message = str(problems[0])
    assert "\n" not in message and message.startswith(str(folder)), message
    for word in words:
        assert word in message, message
    return problems[0]
