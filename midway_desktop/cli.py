"""The ``midway-desktop`` command: play, validate rulesets, take screenshots."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from midway_desktop import __version__
from midway_desktop.games import DEFAULT_GAME, GAME_IDS


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="midway-desktop",
        description="Battle of Midway board wargames: Victory at Midway, CV, Kido Butai, Midway Solitaire.",
    )
    parser.add_argument("--version", action="version", version=f"midway-desktop {__version__}")
    parser.add_argument("--game", choices=GAME_IDS, default=None, help="game to open (default: last played)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the app (the default command)")
    play.add_argument("game", nargs="?", choices=GAME_IDS, default=None)

    val = sub.add_parser("validate", help="check a ruleset folder; exit 1 on any problem")
    val.add_argument("path", type=Path)

    shot = sub.add_parser("screenshot", help="render the main window for a new game to a PNG")
    shot.add_argument("game", choices=GAME_IDS)
    shot.add_argument("--out", type=Path, required=True)
    shot.add_argument("--width", type=int, default=1600)
    shot.add_argument("--height", type=int, default=1000)
    shot.add_argument("--zoom", type=float, default=None, help="zoom factor instead of fit to window")
    shot.add_argument("--center", default=None, help="cell label to centre on")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "validate":
        return _validate(args.path)
    if args.command == "screenshot":
        return _screenshot(args)
    game = getattr(args, "game", None) or args.game
    return _play(game)


def gui_main() -> int:
    return main(sys.argv[1:])


def _validate(path: Path) -> int:
    from midway_desktop.ruleset.validate import validate_path

    problems = validate_path(path)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) found", file=sys.stderr)
        return 1
    print(f"{path}: ruleset is sound")
    return 0


def _screenshot(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from midway_desktop.ruleset import RulesetError
    from midway_desktop.ui.screenshot import take_screenshot

    try:
        take_screenshot(args.game, args.out, args.width, args.height, zoom=args.zoom, center=args.center)
    except RulesetError as exc:
        print(exc, file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"{args.out}: cannot write ({exc.strerror or exc})", file=sys.stderr)
        return 1
    print(f"wrote {args.out}")
    return 0


def _play(game: str | None) -> int:
    from midway_desktop.ruleset import RulesetError
    from midway_desktop.ui.app import run_app

    try:
        return run_app(game)
    except RulesetError as exc:
        print(exc, file=sys.stderr)
        return 1


__all__ = ["DEFAULT_GAME", "main"]
