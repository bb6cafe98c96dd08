"""The ``midway-desktop`` command: play, validate rulesets, take screenshots."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from midway_desktop import __version__, startup
from midway_desktop.games import DEFAULT_GAME, GAME_IDS


def _play_arguments(play: argparse.ArgumentParser) -> None:
    play.add_argument("game", nargs="?", choices=GAME_IDS, default=None)


def _validate_arguments(val: argparse.ArgumentParser) -> None:
    val.add_argument("path", type=Path)


def _screenshot_arguments(shot: argparse.ArgumentParser) -> None:
    shot.add_argument("game", choices=GAME_IDS)
    shot.add_argument("--out", type=Path, required=True)
    shot.add_argument("--width", type=int, default=1600)
    shot.add_argument("--height", type=int, default=1000)
    shot.add_argument("--zoom", type=float, default=None, help="zoom factor instead of fit to window")
    shot.add_argument("--center", default=None, help="cell label to centre on")
    shot.add_argument(
        "--scenario",
        default=None,
        help="scenario of the new game; for CV also a set-up preview: II, III, IV, or V-II, V-III, V-IV (V from II-IV)",
    )
    shot.add_argument("--until", default=None, help="CV: play a short game to this step (e.g. ship-plotting)")
    shot.add_argument("--side", default=None, help="CV, with --until: the side to act and be shown")
    shot.add_argument(
        "--seed",
        type=int,
        default=None,
        help="CV, with --until: a game of this seed played by the computer's Doctrine at both sides "
        "(to a Battle, say, or to the end: over)",
    )
    shot.add_argument("--turn", type=int, default=None, help="CV, with --until: the step in the game's N-th Turn")
    shot.add_argument("--scale", type=float, default=None, help="device pixel ratio, e.g. 2 for a 200 %% screen")
    shot.add_argument("--high-contrast", action="store_true", help="draw with the high-contrast option on")


def _replay_arguments(rep: argparse.ArgumentParser) -> None:
    rep.add_argument("file", type=Path)


def _simulate_arguments(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("game", choices=GAME_IDS)
    sim.add_argument("--scenario", default=None, help="the game's scenario (default: its first; CV: short)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="[SIDE=]NAME",
        help="the bot at one side (SIDE=NAME, e.g. japanese=doctrine) or at every side that offers it (NAME): "
        "random (legal-random play), the game's own, or a computer player New Game offers; repeatable",
    )
    sim.add_argument("--json", action="store_true", help="end with one JSON object on the last line")
    sim.add_argument("--plot", type=Path, default=None, metavar="FILE.png", help="also draw the odds plot to a PNG")


# Each command: its help line and what adds its arguments.
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "play": ("open the app (the default command)", _play_arguments),
    "validate": ("check a ruleset folder; exit 1 on any problem", _validate_arguments),
    "screenshot": ("render the main window for a new game to a PNG (a BMP if named .bmp)", _screenshot_arguments),
    "replay": ("replay a saved game headless, verify it and print the outcome", _replay_arguments),
    "simulate": ("play bot games and summarise the results", _simulate_arguments),
}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. Given the arguments to parse, only the command they name gets
    its sub-parser (argparse makes a help formatter for every argument it adds and looks for its
    translations each time: some milliseconds of every start); every command's when they name
    none, ask for help or might be misspelt, so that help and errors are whole."""
    parser = argparse.ArgumentParser(
        prog="midway-desktop",
        description="Battle of Midway board wargames: Victory at Midway, CV, Kido Butai, Midway Solitaire.",
    )
    parser.add_argument("--version", action="version", version=f"midway-desktop {__version__}")
    parser.add_argument("--game", choices=GAME_IDS, default=None, help="game to open (default: last played)")
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="check this installation (rulesets, boards drawn offscreen, a bot game of each game) and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    named = _command_named(argv)
    for name, (help_line, add_arguments) in COMMANDS.items():
        if named is None or name == named:
            add_arguments(sub.add_parser(name, help=help_line))
    return parser


def _command_named(argv: Sequence[str] | None) -> str | None:
    """The command ``argv`` names before any option of the main parser, if that is all it asks."""
    if not argv or argv[0] not in COMMANDS:
        return None  # (no command, an option first, or a misspelt command: the whole parser)
    return argv[0]


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    args = build_parser(argv).parse_args(argv)
    if args.command in (None, "play", "screenshot") and not args.selftest:
        startup.begin()  # until the window is up
    if args.selftest:
        from midway_desktop.selftest import run as run_selftest

        return run_selftest()
    if args.command == "validate":
        return _validate(args.path)
    if args.command == "screenshot":
        return _screenshot(args)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "simulate":
        return _simulate(args)
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


def _replay(path: Path) -> int:
    from midway_desktop.engine.records import RecordError, SealedRecord, open_record, restore, ruleset_warnings

    try:
        try:
            data = open_record(path).data
        except SealedRecord as sealed:
            passwords = _ask_passwords(sealed.envelope.guarded)
            if passwords is None:
                them = "them" if len(sealed.envelope.guarded) > 1 else "it"
                print(f"{sealed}; run 'midway-desktop replay' at a terminal to type {them}", file=sys.stderr)
                return 1
            data = open_record(path, passwords).data
        for warning in ruleset_warnings(data):
            print(f"warning: {warning}", file=sys.stderr)
        restored = restore(data, path)
    except RecordError as exc:
        print(exc, file=sys.stderr)
        return 1
    if restored.note:  # saved under an older rules revision: what of it today's rules verify
        print(f"{path}: {restored.note}", file=sys.stderr)
    if not restored.verified:
        return 1
    session = restored.session
    outcome = session.outcome()
    title = session.rules.title
    steps = len(session.history)
    if outcome is None:
        phase = session.rules.phase(session.state).title
        print(f"{path}: {title}, {steps} actions replayed and verified; game in progress ({phase})")
    else:
        print(f"{path}: {title}, {steps} actions replayed and verified; {outcome.text}")
    if session.computers:  # (a table of people only says nothing more)
        from midway_desktop.engine.seats import describe

        scenario = session.rules.scenario(session.scenario)
        print(f"seats: {describe(session.rules, scenario, session.humans, session.computers)}")
    return 0


def _ask_passwords(sides: tuple[str, ...]) -> dict[str, str] | None:
    """Each guarded side's password for a sealed record, typed unseen at the terminal (None
    when there is no terminal to type them at)."""
    import getpass

    from midway_desktop.games import side_title

    if not sys.stdin.isatty():
        return None
    try:
        return {side: getpass.getpass(f"{side_title(side)} player's password: ") for side in sides}
    except (EOFError, KeyboardInterrupt):
        print(file=sys.stderr)
        return None


def _chosen_bots(game_id: str, scenario: Any, picks: list[str]) -> dict[str, str]:
    """Each side's bot by name, from the ``--bot`` flags: ``SIDE=NAME`` seats one side, ``NAME``
    every side that offers it (a side named outright keeps its own); every other side keeps the
    game's own bot, and a side the rules play themselves their player. ValueError in one line
    for a side or name the game does not have."""
    from midway_desktop.engine.registry import bot_names, built_in_player, default_bot_name, get_rules

    rules = get_rules(game_id)
    offered = {side: bot_names(game_id, scenario, side) for side in rules.sides}
    everywhere: str | None = None
    own: dict[str, str] = {}
    for pick in picks:
        side, sep, name = (part.strip() for part in pick.rpartition("="))
        if not name or (sep and not side):
            raise ValueError(f"--bot needs NAME or SIDE=NAME, not {pick!r}")
        if not sep:
            if everywhere not in (None, name):
                raise ValueError(f"--bot names {everywhere!r} and {name!r} for every side: name one, or give SIDE=NAME")
            if not any(name in names for names in offered.values()):
                every = sorted({n for names in offered.values() for n in names})
                raise ValueError(f"{rules.title} offers no bot {name!r} (offered: {', '.join(every) or 'none'})")
            everywhere = name
            continue
        if side not in rules.sides:
            raise ValueError(f"{rules.title} has no side {side!r} (sides: {', '.join(rules.sides)})")
        if side in own and own[side] != name:
            raise ValueError(f"--bot names {own[side]!r} and {name!r} for the {side} side: name one")
        if name not in offered[side]:
            fixed = built_in_player(rules, scenario, side)
            if fixed is not None:
                raise ValueError(
                    f"{rules.title}'s {scenario.name} scenario plays the {side} side by its rules ({fixed.name}), "
                    "not by a bot"
                )
            raise ValueError(
                f"{rules.title} offers no bot {name!r} for the {side} side (offered: {', '.join(offered[side])})"
            )
        own[side] = name
    default = default_bot_name(game_id)
    out: dict[str, str] = {}
    for side in rules.sides:
        fixed = built_in_player(rules, scenario, side)
        if fixed is not None:
            out[side] = fixed.name
        elif side in own:
            out[side] = own[side]
        else:
            out[side] = everywhere if everywhere in offered[side] else default
    return out


def _bots_named(game_id: str, scenario: Any, names: dict[str, str]) -> Any:
    """What ``simulate`` calls for the bots: the game's own at every side, then each side's named
    one in its place (a side the rules play themselves is never asked)."""
    from midway_desktop.engine.registry import bot_names, default_bot_name, default_bots, make_bot

    default = default_bots(game_id)
    chosen = {
        side: name
        for side, name in names.items()
        if name in bot_names(game_id, scenario, side) and name != default_bot_name(game_id)
    }
    return lambda r: {**default(r), **{side: make_bot(game_id, side, name) for side, name in chosen.items()}}


def _parse_options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"--option needs NAME=VALUE, not {pair!r}")
        out[name.strip()] = value.strip()
    return out


def _simulate(args: argparse.Namespace) -> int:
    import json

    from midway_desktop.engine.bots import GameTooLong, simulate
    from midway_desktop.engine.registry import get_rules
    from midway_desktop.engine.rules import Outcome

    try:
        rules = get_rules(args.game)
        options = _parse_options(args.option)
        rules.resolve_options(options)
        scenario = rules.scenario(args.scenario)
        names = _chosen_bots(args.game, scenario, args.bot)
        bots = _bots_named(args.game, scenario, names)
    except (KeyError, ValueError) as exc:
        print(f"simulate: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("simulate: --games must be at least 1", file=sys.stderr)
        return 2
    progress = _progress_bar(args.games) if sys.stderr.isatty() else None
    kept: list[Outcome] | None = [] if args.plot is not None else None
    try:
        summary = simulate(
            rules,
            bots,
            args.games,
            args.seed,
            args.scenario,
            options,
            progress,
            outcomes=kept.append if kept is not None else None,
            bot_names=names,
        )
    except GameTooLong as exc:  # the watchdog: a computer player that would spin for ever
        if progress is not None:
            print(file=sys.stderr)
        print(f"simulate: {exc}", file=sys.stderr)
        return 1
    if progress is not None:
        print(file=sys.stderr)
    print(f"{rules.title}: {summary.games} games, seed {summary.seed}, scenario {summary.scenario}")
    if summary.options:
        print("options: " + ", ".join(f"{k}={v}" for k, v in summary.options.items()))
    print("bots: " + ", ".join(f"{side}={name}" for side, name in summary.bots.items()))
    for result in sorted(summary.results, key=lambda r: -summary.results[r]):
        p, lo, hi = summary.interval(result)
        print(
            f"  {result:<28} {summary.results[result]:>7}  {p * 100:5.1f} %  (95 % CI {lo * 100:.1f}–{hi * 100:.1f} %)"
        )
    for key, value in sorted(summary.scores.items()):
        print(f"  average {key}: {value:.2f}")
    print(
        f"average length {summary.average_steps:.1f} actions; {_rate(summary.games_per_second)} games/s "
        f"({_rate(summary.games_per_cpu_second)} per CPU second)"
    )
    if args.plot is not None and kept is not None:
        from midway_desktop.engine.odds import tally

        if not _write_plot(tally(rules, kept, args.seed), args.plot):
            return 1
        print(f"wrote {args.plot}")
    if args.json:
        print(json.dumps(summary.to_json(), sort_keys=True))
    return 0


def _write_plot(odds, path: Path) -> bool:  # type: ignore[no-untyped-def]
    """Draw ``odds`` to a PNG with Qt's painter (offscreen: no window, no display needed)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from midway_desktop.ui.odds_plot import render_odds

    _app = QGuiApplication.instance() or QGuiApplication([])  # fonts need an application
    if not render_odds(odds, scale=2.0).save(str(path), "PNG"):
        print(f"{path}: cannot write the plot", file=sys.stderr)
        return False
    return True


def _rate(per_second: float) -> str:
    """Whole games a second, or two figures for a slow game (a CV game takes seconds, not 0)."""
    return f"{per_second:.0f}" if per_second >= 10 else f"{per_second:.2g}"


def _progress_bar(total: int):  # type: ignore[no-untyped-def]
    width = 30
    step = max(1, total // 200)

    def show(done: int, _total: int) -> None:
        if done % step and done != total:
            return
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        sys.stderr.flush()

    return show


def _screenshot(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.scale is not None:
        os.environ["QT_SCALE_FACTOR"] = f"{args.scale:g}"  # read when the app starts, below
    from midway_desktop.ruleset import RulesetError
    from midway_desktop.ui.screenshot import take_screenshot

    try:
        take_screenshot(
            args.game,
            args.out,
            args.width,
            args.height,
            zoom=args.zoom,
            center=args.center,
            scenario=args.scenario,
            high_contrast=args.high_contrast,
            until=args.until,
            side=args.side,
            seed=args.seed,
            turn=args.turn,
        )
    except (RulesetError, ValueError) as exc:
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
