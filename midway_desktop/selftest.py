"""``midway-desktop --selftest``: prove an installation works, from source or from an installer.

Checks, one line each:

- ``ruleset GAME``: every bundled ruleset folder validates (and every game the app knows has one);
- ``icon``: the app icon is found and Qt can draw it (the SVG plugins are there);
- ``board GAME``: each game's main window draws its map offscreen, and the map is not blank;
- ``game GAME``: one complete bot game of each playable game, every action checked, and its
  saved record replayed to the same end;
- ``sealed record``: a hot-seat record sealed with a password opens with it and not without
  (the cipher library and its native code are there).

Then a summary line. The exit status is 0 only if every check passed. Qt is imported only
by the checks that draw, so the command stays cheap to import (the CLI loads no Qt).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from midway_desktop import __version__

MIN_COLOURS = 8  # distinct colours on a sampling grid: a drawn map has far more, a blank view one
SAMPLE_STEP = 17
BOARD_SIZE = (1280, 800)
GAME_SEED = 1
MAX_STEPS = 20_000
ICON_SIZE = 64


@dataclass(frozen=True)
class Check:
    """One self-test check: a name and the call that runs it."""

    name: str
    run: Callable[[], str]  # returns a short detail; raises on failure


@dataclass(frozen=True)
class Result:
    """How one self-test check went, with its detail and time."""

    name: str
    ok: bool
    detail: str
    seconds: float


# -- the checks ---------------------------------------------------------------------------
def _ruleset_checks() -> list[Check]:
    from midway_desktop.games import GAME_IDS
    from midway_desktop.ruleset.locate import rulesets_root

    root = rulesets_root()
    folders = []
    if root.is_dir():
        folders = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    names = list(GAME_IDS) + [f for f in folders if f not in GAME_IDS]
    return [Check(f"ruleset {name}", _check_ruleset(name)) for name in names]


def _check_ruleset(game: str) -> Callable[[], str]:
    def run() -> str:
        from midway_desktop.ruleset.locate import ruleset_dir
        from midway_desktop.ruleset.validate import validate_ruleset

        folder = ruleset_dir(game)
        if not folder.is_dir():
            raise CheckFailed(f"{folder}: missing ruleset folder")
        problems = validate_ruleset(folder)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise CheckFailed(f"{problems[0]}{more}")
        files = sorted(p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
        return f"{len(files)} file(s) sound: {', '.join(files)}"

    return run


def _check_icon() -> str:
    from PySide6.QtGui import QIcon

    from midway_desktop.ruleset.locate import resources_root

    path = resources_root() / "icons" / "midway-desktop.svg"
    if not path.is_file():
        raise CheckFailed(f"{path}: missing")
    _ensure_qt()
    icon = QIcon(str(path))
    image = icon.pixmap(ICON_SIZE, ICON_SIZE).toImage()
    if image.isNull():
        raise CheckFailed(f"{path}: Qt cannot draw it (SVG support missing?)")
    colours = _distinct_colours(image, step=4)
    if colours < MIN_COLOURS:
        raise CheckFailed(f"{path}: drawn blank ({colours} colours)")
    return f"drawn at {ICON_SIZE} px, {colours} colours"


def _check_board(game: str) -> Callable[[], str]:
    def run() -> str:
        _ensure_qt()
        from midway_desktop.ui.screenshot import grab_board

        image = grab_board(game, *BOARD_SIZE)
        if image.isNull() or image.width() == 0 or image.height() == 0:
            raise CheckFailed("nothing was drawn")
        colours = _distinct_colours(image, SAMPLE_STEP)
        if colours < MIN_COLOURS:
            raise CheckFailed(f"the map is blank ({colours} colour(s) in the view)")
        return f"{image.width()}x{image.height()} px, {colours} colours"

    return run


def _check_game(game: str) -> Callable[[], str]:
    def run() -> str:
        from midway_desktop.engine import records
        from midway_desktop.engine.bots import play_out
        from midway_desktop.engine.registry import default_bots, get_rules
        from midway_desktop.engine.rng import Rng
        from midway_desktop.engine.session import Session

        rules = get_rules(game)
        bots = default_bots(game)(rules)
        session = Session.start(rules, seed=GAME_SEED)
        outcome = play_out(session, bots, Rng(GAME_SEED), max_steps=MAX_STEPS, checked=True)
        # The record of the game must replay to the same end (JSON, hashing, file writing).
        with tempfile.TemporaryDirectory(prefix="midway-selftest-") as folder:
            path = records.save(session, Path(folder) / f"{game}.json", backup=False)
            replayed = records.load(path)
        again = replayed.outcome()
        if again is None or again.result != outcome.result:
            raise CheckFailed(f"the saved game replays to {again.result if again else 'an unfinished game'}")
        winner = f"{outcome.winner} wins" if outcome.winner else "no winner"
        return f"{len(session.history)} actions, {outcome.result} ({winner}); record replays"

    return run


def _check_sealing() -> str:
    from midway_desktop.engine import sealing

    cheap = sealing.KdfCost(n=2**10, r=8, p=1)  # the real cost takes 128 MiB: a check need not
    seal = sealing.Seal.of("selftest", ["us", "japan"], {"us": sealing.side_key("check", cheap)})
    if seal is None:
        raise CheckFailed("no seal for a side with a password")
    plain = b'{"selftest": true}'
    env = sealing.envelope(json.loads(sealing.seal(plain, seal, over=False)))
    opened, _seal = sealing.unseal(env, {"us": "check"})
    if opened.rstrip() != plain:
        raise CheckFailed("the sealed record opened to other bytes")
    try:
        sealing.unseal(env, {"us": "wrong"})
    except sealing.SealError:
        return "AES-GCM and scrypt: opens with its password, refuses another"
    raise CheckFailed("the sealed record opened with a wrong password")


def checks() -> list[Check]:
    """Every check, in the order they run."""
    from midway_desktop.engine.registry import playable_games
    from midway_desktop.games import GAME_IDS

    out = _ruleset_checks()
    out.append(Check("icon", _check_icon))
    out += [Check(f"board {game}", _check_board(game)) for game in GAME_IDS]
    out += [Check(f"game {game}", _check_game(game)) for game in playable_games()]
    out.append(Check("sealed record", _check_sealing))
    return out


# -- running ------------------------------------------------------------------------------
class CheckFailed(Exception):
    """A check found a problem; the message says what, naming the file where there is one."""


def _ensure_qt() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from midway_desktop.ui.app import ensure_app

    ensure_app()


def _distinct_colours(image, step: int) -> int:  # type: ignore[no-untyped-def]
    return len({image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)})


def _one_line(exc: BaseException) -> str:
    """A failure as one line: a check's or ruleset's own message, else the error and where it rose."""
    from midway_desktop.ruleset.errors import RulesetError

    if isinstance(exc, CheckFailed | RulesetError):
        return str(exc)
    lines = str(exc).strip().splitlines()
    message = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        frame = frames[-1]
        message += f" (at {os.path.basename(frame.filename)}:{frame.lineno})"
    return message


def run_check(check: Check) -> Result:
    start = time.perf_counter()
    try:
        detail = check.run()
        ok = True
    except Exception as exc:  # noqa: BLE001 - a self-test reports every failure and goes on
        detail = _one_line(exc)
        ok = False
    return Result(check.name, ok, detail, time.perf_counter() - start)


def describe() -> str:
    from midway_desktop.ruleset.locate import frozen, resources_root, rulesets_root

    how = "installed bundle" if frozen() else "Python package"
    platform = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    return (
        f"midway-desktop {__version__} self-test ({how}, Python {sys.version.split()[0]}, "
        f"Qt platform {platform}); rulesets: {rulesets_root()}; resources: {resources_root()}"
    )


def run(out: TextIO | None = None) -> int:
    """Run every check, print a line for each and a summary; 0 if all passed, else 1."""
    stream = out if out is not None else sys.stdout

    def say(line: str) -> None:
        if stream is not None:
            print(line, file=stream, flush=True)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    say(describe())
    try:
        todo = checks()
    except Exception as exc:  # noqa: BLE001
        say(f"FAIL setup: {_one_line(exc)}")
        say("self-test FAILED: could not list the checks")
        return 1
    results = []
    for check in todo:
        result = run_check(check)
        results.append(result)
        mark = "PASS" if result.ok else "FAIL"
        say(f"{mark} {result.name}: {result.detail} [{result.seconds:.2f} s]")
    failed = [r.name for r in results if not r.ok]
    total = sum(r.seconds for r in results)
    if failed:
        say(f"self-test FAILED: {len(failed)} of {len(results)} checks failed ({', '.join(failed)})")
        return 1
    say(f"self-test passed: {len(results)} of {len(results)} checks in {total:.1f} s")
    return 0
