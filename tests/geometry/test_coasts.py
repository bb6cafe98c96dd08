"""An island's ``coast`` (how the map art draws it) is checked by ``validate``: one line naming
the file, the line and the problem, for a value that is not a kind of coast or is given to a
region that is not an island."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from midway_desktop.geometry import load_board
from midway_desktop.geometry.coasts import COASTS
from midway_desktop.ruleset.locate import ruleset_dir
from midway_desktop.ruleset.validate import validate_path


@pytest.mark.parametrize("game", ["victory-at-midway", "cv"])
def test_every_island_of_the_bundled_maps_has_a_known_coast(game: str) -> None:
    board = load_board(game)
    islands = board.regions("island")
    assert islands and all(r.data.get("coast") in COASTS for r in islands)
    assert {r.data["coast"] for r in islands} >= {"atoll", "island"}


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("data: {coast: reef}", "data: {coast: lagoon}", "coast 'lagoon' is not one of island, atoll, reef"),
        ("kind: fog\n", "kind: fog\n    data: {coast: reef}\n", "'coast' is for island regions"),
    ],
)
def test_a_wrong_coast_is_one_problem_with_its_line(tmp_path: Path, old: str, new: str, problem: str) -> None:
    folder = tmp_path / "victory-at-midway"
    shutil.copytree(ruleset_dir("victory-at-midway"), folder)
    board = folder / "board.yaml"
    text = board.read_text(encoding="utf-8")
    assert old in text
    board.write_text(text.replace(old, new, 1), encoding="utf-8")
    before, after = text.split("\n"), text.replace(old, new, 1).split("\n")
    line = next(i for i, (a, b) in enumerate(zip(before, after)) if a != b) + 1  # the edited line
    problems = validate_path(folder)
    assert len(problems) == 1
    assert problems[0].path == board and problems[0].line == line and problem in problems[0].problem
