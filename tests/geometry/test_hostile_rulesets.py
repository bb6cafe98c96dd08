"""Hostile rulesets: ``validate`` runs the loading the game runs, every number is bounded, and
whatever the edit the answer is one line per problem or "sound" for a ruleset the game plays."""

from __future__ import annotations

import os
import random
import re
import shutil
from pathlib import Path

import pytest

from midway_desktop.cli import main
from midway_desktop.ruleset import Node, RulesetError, load_yaml, ruleset_dir
from midway_desktop.ruleset.validate import GAME_FILES, validate_ruleset

GAMES = sorted(g for g in GAME_FILES if (ruleset_dir(g) / "board.yaml").is_file())
NUMBER = re.compile(r"(?<=[:\[,\s])-?\d+(\.\d+)?(?=[\],\s}])")


def copy(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / game
    shutil.copytree(ruleset_dir(game), folder)
    return folder


def one_problem_saying(folder: Path, *words: str) -> RulesetError:
    """``validate`` finds exactly one problem, on one line, naming the folder's file and ``words``."""
    problems = validate_ruleset(folder)
    assert len(problems) == 1, [str(p) for p in problems]
    message = str(problems[0])
    assert "\n" not in message and message.startswith(str(folder)), message
    for word in words:
        assert word in message, message
    return problems[0]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test set-up: {old!r} is no longer in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# -- the tester's findings, each refused in one line -----------------------------------------
def test_a_search_limit_of_a_billion_is_out_of_range(tmp_path: Path) -> None:
    folder = copy(tmp_path, "victory-at-midway")
    edit(folder / "units.yaml", "air_searches_within_six: 3", "air_searches_within_six: 1000000000")
    one_problem_saying(folder, "units.yaml:", "air_searches_within_six", "out of range")


@pytest.mark.parametrize("value", ["1" + "0" * 30, "9" * 5000, "-3", "1e400", ".nan"])
def test_a_huge_or_strange_firepower_is_out_of_range(tmp_path: Path, value: str) -> None:
    folder = copy(tmp_path, "midway-solitaire")
    edit(folder / "forces.yaml", "firepower: 4", f"firepower: {value}")
    one_problem_saying(folder, "forces.yaml:", "firepower")


@pytest.mark.parametrize(
    "game, region",
    [("midway-solitaire", "submarines"), ("midway-solitaire", "csf-start"), ("victory-at-midway", "japanese-entry")],
)
def test_a_region_the_rules_need_is_required(tmp_path: Path, game: str, region: str) -> None:
    folder = copy(tmp_path, game)
    edit(folder / "board.yaml", f"name: {region}\n", f"name: {region}-renamed\n")
    one_problem_saying(folder, "board.yaml", f"region named '{region}'")


def test_a_cards_file_in_the_boards_slot_is_read_as_a_board(tmp_path: Path) -> None:
    folder = copy(tmp_path, "midway-solitaire")
    shutil.copy(folder / "cards.yaml", folder / "board.yaml")
    one_problem_saying(folder, "board.yaml:", "unknown key")


def test_a_file_the_game_does_not_read_is_reported(tmp_path: Path) -> None:
    folder = copy(tmp_path, "kido-butai")
    shutil.copy(ruleset_dir("midway-solitaire") / "cards.yaml", folder / "cards.yaml")
    one_problem_saying(folder, "cards.yaml", "not a file the kido-butai rules read")


@pytest.mark.parametrize("depth", [60, 1_500])
def test_deep_nesting_is_one_line(tmp_path: Path, depth: int) -> None:
    folder = copy(tmp_path, "cv")
    (folder / "board.yaml").write_text("schema: 1\nnotes: " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    one_problem_saying(folder, "board.yaml", "nested too deeply")


def test_forty_sheets_cannot_make_two_million_cells(tmp_path: Path) -> None:
    folder = copy(tmp_path, "cv")
    sheet = (
        "    - {{id: S{n}, label: 'S{n}-{{col}}-{{row}}', columns: [1, 250], rows: [1, 200], at: [0, {at}],"
        " provenance: {{source: provisional}}}}\n"
    )
    sheets = "".join(sheet.format(n=n, at=n * 200) for n in range(40))
    text = (
        "schema: 1\ngame: cv\ntitle: Many sheets\ngrid:\n  kind: square\n  provenance: {source: provisional}\n"
        f"  sheets:\n{sheets}"
    )
    (folder / "board.yaml").write_text(text, encoding="utf-8")
    assert len(text) < 10_000
    one_problem_saying(folder, "board.yaml:", "more than 50000 cells")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_not_read(tmp_path: Path) -> None:
    folder = copy(tmp_path, "cv")
    (folder / "board.yaml").unlink()
    os.mkfifo(folder / "board.yaml")
    one_problem_saying(folder, "board.yaml", "not a regular file")


def test_a_file_of_gigabytes_is_refused_before_reading(tmp_path: Path) -> None:
    folder = copy(tmp_path, "cv")
    with open(folder / "board.yaml", "r+b") as fh:
        fh.truncate(3 * 1024**3)  # sparse: no disk is used, and none of it must be read
    one_problem_saying(folder, "board.yaml", "too large")


# -- every number of every bundled file, made enormous -----------------------------------------
def _leaves(node: Node) -> list[Node]:
    if node.is_map:
        return [leaf for child in node.map().values() for leaf in _leaves(child)]
    if node.is_list:
        return [leaf for child in node.list() for leaf in _leaves(child)]
    return [node]


def _numbers(game: str) -> list[tuple[str, int, int]]:
    """(file, start, end) of every number a game's files give as a value."""
    out = []
    for name in GAME_FILES[game]:
        path = ruleset_dir(game) / name
        text = path.read_text(encoding="utf-8")
        starts = [0, *(i + 1 for i, ch in enumerate(text) if ch == "\n")]
        for leaf in _leaves(load_yaml(path)):
            if isinstance(leaf.value, int | float) and not isinstance(leaf.value, bool):
                line_start, line_end = starts[leaf.line - 1], text.find("\n", starts[leaf.line - 1])
                found = re.compile(rf"(?<![\w.]){re.escape(str(leaf.value))}(?![\w.])").search(
                    text, line_start, line_end
                )
                if found:
                    out.append((name, found.start(), found.end()))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_number_is_bounded(tmp_path: Path, game: str) -> None:
    """A sample of every game's numbers, each set to a billion: the file is refused in one line
    by the parser the game reads it with."""
    numbers = _numbers(game)
    picked = random.Random(game).sample(numbers, min(16, len(numbers)))
    folder = copy(tmp_path, game)
    for name, start, end in picked:
        original = (ruleset_dir(game) / name).read_text(encoding="utf-8")
        path = folder / name
        path.write_text(original[:start] + "1000000000" + original[end:], encoding="utf-8")
        line = original.count("\n", 0, start) + 1
        with pytest.raises(RulesetError) as info:
            GAME_FILES[game][name](load_yaml(path), game)
            pytest.fail(f"{name}:{line}: a billion was accepted")
        assert "\n" not in str(info.value) and str(info.value).startswith(str(path))


# -- a seeded mutator over whole folders -------------------------------------------------------
def _mutate(folder: Path, game: str, rnd: random.Random) -> None:
    name = rnd.choice(sorted(GAME_FILES[game]))
    path = folder / name
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    op = rnd.randrange(6)
    if op == 0:  # another file (of this game or another) in this file's slot
        donors = [p for g in GAMES for p in sorted(ruleset_dir(g).glob("*.yaml"))]
        shutil.copy(rnd.choice(donors), path)
        return
    if op == 1 and len(lines) > 1:  # a line dropped
        del lines[rnd.randrange(len(lines))]
    elif op == 2:  # a line doubled
        i = rnd.randrange(len(lines))
        lines.insert(i, lines[i])
    elif op == 3:  # a number changed
        spots = list(NUMBER.finditer(text))
        if spots:
            m = rnd.choice(spots)
            value = str(rnd.choice([-1, 0, 1, 2, 7, 99, 100, 999, 1000, 10**9, 10**40]))
            lines = [text[: m.start()] + value + text[m.end() :]]
    elif op == 4:  # a name changed to another name of the game
        words = re.findall(r"(?<=: )[a-z][a-z0-9-]+(?=\s)", text)
        if words:
            old, new = rnd.choice(words), rnd.choice(words)
            lines = [text.replace(old, new, 1)]
    else:  # a value nested
        i = rnd.randrange(len(lines))
        lines[i] = lines[i].replace(": ", ": [" * 3, 1).rstrip("\n") + "]" * 3 + "\n"
    path.write_text("".join(lines), encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_mutated_rulesets_are_refused_in_one_line_or_play(tmp_path: Path, game: str) -> None:
    """Sound means the game was set up and played on it (``validate`` does that)."""
    for seed in range(10):
        rnd = random.Random(f"{game}-{seed}")
        folder = copy(tmp_path / str(seed), game)
        for _ in range(rnd.randint(1, 3)):
            _mutate(folder, game, rnd)
        problems = validate_ruleset(folder)
        for problem in problems:
            assert isinstance(problem, RulesetError) and "\n" not in str(problem)
            assert str(problem).startswith(str(folder))


def test_the_validate_command_says_sound_only_for_what_the_game_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy(tmp_path, "midway-solitaire")
    assert main(["validate", str(folder)]) == 0
    edit(folder / "board.yaml", "name: danger-zone\n", "name: danger\n")
    assert main(["validate", str(folder)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "danger-zone" in err[0]
    load_yaml(folder / "board.yaml")  # the file itself is fine YAML: the game's needs refused it
