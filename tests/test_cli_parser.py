"""The command line reads the same when only the named command's sub-parser is built."""

from __future__ import annotations

import contextlib
import io

import pytest

from midway_desktop.cli import COMMANDS, build_parser

SAMPLES = [
    [],
    ["--game", "cv"],
    ["--selftest"],
    ["play"],
    ["play", "kido-butai"],
    ["validate", "rulesets/cv"],
    ["screenshot", "cv", "--out", "x.png"],
    ["screenshot", "victory-at-midway", "--out", "x.bmp", "--width", "1024", "--zoom", "1.5", "--high-contrast"],
    ["screenshot", "cv", "--out", "x.png", "--until", "over", "--seed", "3", "--side", "japanese", "--turn", "2"],
    ["replay", "game.midway"],
    ["simulate", "midway-solitaire", "--games", "5", "--option", "a=b", "--option", "c=d", "--json"],
    ["simulate", "cv", "--bot", "american=strong", "--bot", "japanese=doctrine", "--bot", "random"],
]


def _outcome(argv: list[str], whole: bool) -> tuple[object, str, str]:
    """What parsing ``argv`` gives: the namespace or the exit code, and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    parser = build_parser(None if whole else argv)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: object = vars(parser.parse_args(argv))
        except SystemExit as stop:
            result = ("exit", stop.code)
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", SAMPLES, ids=" ".join)
def test_each_command_reads_as_with_the_whole_parser(argv: list[str]) -> None:
    assert _outcome(argv, whole=False) == _outcome(argv, whole=True)
    assert isinstance(_outcome(argv, whole=False)[0], dict)


BAD = [
    ["-h"],
    ["screenshot", "-h"],
    ["simulate", "-h"],
    ["screenshot", "cv"],  # --out missing
    ["screenshot", "chess", "--out", "x.png"],
    ["screenshots", "cv"],  # a misspelt command: the error lists every command
    ["play", "--nonsense"],
    ["--version"],
]


@pytest.mark.parametrize("argv", BAD, ids=" ".join)
def test_help_and_errors_are_as_the_whole_parser_gives_them(argv: list[str]) -> None:
    assert _outcome(argv, whole=False) == _outcome(argv, whole=True)


def test_the_main_help_names_every_command() -> None:
    _, out, _ = _outcome(["-h"], whole=False)
    for name, (help_line, _add) in COMMANDS.items():
        assert name in out and help_line.split()[0] in out
