"""Check a ruleset folder (or a folder of them) and report every problem found, one line each.

"Sound" means the game runs on it: each file the game reads is parsed by the parser the game
uses for that file (chosen by the folder's game and the file's name, never by what the file
says of itself), the rules are built from the folder exactly as the game builds them (so
cross-file needs — regions the rules name, hexes the units start in — are met), and then a
game of each scenario is set up and played by the bots for a bounded number of actions.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from midway_desktop.ruleset.errors import RulesetError
from midway_desktop.ruleset.yamlio import Node, load_yaml

Parser = Callable[[Node, str], object]
PLAY_STEPS = 3_000  # actions of each trial game: a few bot games' worth
# CV's trial: its first (shortest) scenario to the end, unchecked (a few seconds, not minutes),
# with the watchdog's bound on each step; its whole game bound is a Short Scenario's many times.
CV_PLAY_STEPS = 20_000


def _board_parser(node: Node, game: str) -> object:
    from midway_desktop.geometry.coasts import check_coasts
    from midway_desktop.geometry.loader import parse_board

    board = parse_board(node, expected_game=game)
    check_coasts(node)  # how the art draws an island: not read by the rules, checked here
    return board


def _kido_butai_forces(node: Node, game: str) -> object:
    from midway_desktop.games.kido_butai.forces import parse_forces

    return parse_forces(node, expected_game=game)


def _midway_solitaire_cards(node: Node, game: str) -> object:
    from midway_desktop.games.midway_solitaire.cards import parse_cards

    return parse_cards(node, game)


def _midway_solitaire_forces(node: Node, game: str) -> object:
    from midway_desktop.games.midway_solitaire.forces import parse_forces

    return parse_forces(node, game)


def _cv(name: str) -> Parser:
    """The parser CV reads ``name`` with (its loaders live in ``games/cv``)."""

    def parse(node: Node, game: str) -> object:
        from midway_desktop.games.cv.data import PARSERS

        return PARSERS[name](node, game)

    return parse


def _victory_at_midway_units(node: Node, game: str) -> object:
    from midway_desktop.games.victory_at_midway.units import parse_units

    return parse_units(node, expected_game=game)


CV_FILES = ("planes.yaml", "charts.yaml", "ships.yaml", "forces.yaml", "bases.yaml", "scenarios.yaml")

# Game id -> the files its rules read, each with the parser the game reads it with.
GAME_FILES: dict[str, dict[str, Parser]] = {
    "cv": {"board.yaml": _board_parser, **{name: _cv(name) for name in CV_FILES}},
    "kido-butai": {"board.yaml": _board_parser, "forces.yaml": _kido_butai_forces},
    "midway-solitaire": {
        "board.yaml": _board_parser,
        "cards.yaml": _midway_solitaire_cards,
        "forces.yaml": _midway_solitaire_forces,
    },
    "victory-at-midway": {"board.yaml": _board_parser, "units.yaml": _victory_at_midway_units},
}


def _game_of(root: Path) -> str | None:
    """The game whose ruleset ``root`` is: its folder name, as the app looks rulesets up."""
    return root.name if root.name in GAME_FILES else None


def validate_ruleset(folder: Path | str) -> list[RulesetError]:
    """Every problem in one game's ruleset folder; an empty list means the game runs on it."""
    root = Path(folder)
    if not root.is_dir():
        return [RulesetError(root, None, "not a folder")]
    problems: list[RulesetError] = []
    files = sorted(p for p in root.iterdir() if p.suffix in (".yaml", ".yml"))
    if not files:
        problems.append(RulesetError(root, None, "no YAML files in this folder"))
    game = _game_of(root)
    expected = GAME_FILES.get(game or "", {"board.yaml": _board_parser})
    for name in expected:
        if not (root / name).exists():
            what = "every game needs a board" if name == "board.yaml" else f"the {game} rules read it"
            problems.append(RulesetError(root / name, None, f"missing ({what})"))
    for path in files:
        parser = expected.get(path.name)
        try:
            node = load_yaml(path)
            if parser is not None:
                parser(node, root.name)
            elif game is not None:
                raise RulesetError(path, None, f"not a file the {game} rules read ({', '.join(expected)})")
        except RulesetError as exc:
            problems.append(exc)
        except RecursionError:
            problems.append(RulesetError(path, None, "values nested too deeply"))
    if not problems and game is not None:
        problems += _runs(game, root)
    return problems


# Games whose folder is checked by its cross-file data checks before its trial game.
DATA_CHECKED = frozenset({"cv"})


def _runs(game: str, root: Path) -> list[RulesetError]:
    """Build the rules from ``root`` as the game does, then set up and play each scenario."""
    from midway_desktop.engine.registry import MODULES

    module_name = MODULES.get(game)
    if module_name is None:
        return []
    if game in DATA_CHECKED:  # what its files say of each other, before any game on them
        problems = _data_checks(game, root)
        if problems:
            return problems
    try:
        # (Importing a game's rules builds them from the rulesets folder the app reads, which
        # may be this very folder: its problem is this folder's, said in one line.)
        module = importlib.import_module(module_name)
        rules = module.rules_for(root)
    except RulesetError as exc:
        return [exc]
    return _trial_games(rules, module.default_bots, root)


def _data_checks(game: str, root: Path) -> list[RulesetError]:
    if game == "cv":
        from midway_desktop.games.cv.data import check_folder

        return check_folder(root)
    return []


def _trial_games(rules, make_bots, root: Path) -> list[RulesetError]:  # type: ignore[no-untyped-def]
    """A bot game of every scenario with the options off, then on (a ruleset value that breaks
    play shows up as a failure here rather than in a player's game)."""
    from midway_desktop.engine.bots import Stalled, play_out
    from midway_desktop.engine.rng import Rng
    from midway_desktop.engine.session import Session

    variants = [{}, {o.name: True for o in rules.options if all(isinstance(c, bool) for c in o.choices)}]
    # A CV game is 18 to 90 hour-long Turns: one game of its first scenario, orders trusted.
    long = rules.id == "cv"
    scenarios = rules.scenarios[:1] if long else rules.scenarios
    for scenario in scenarios:
        for options in variants[:1] if long else variants:
            try:
                session = Session.start(rules, scenario=scenario.name, options=options, seed=1)
                if long:
                    play_out(session, make_bots(rules), Rng(1), max_steps=CV_PLAY_STEPS, record=False)
                else:
                    play_out(session, make_bots(rules), Rng(1), max_steps=PLAY_STEPS, checked=True)
            except RulesetError as exc:
                return [exc]
            except Stalled as exc:  # the watchdog: a step no bot could end, said in one line
                return [RulesetError(root, None, f"the trial game of {scenario.title} stalled: {exc}")]
            except Exception as exc:  # noqa: BLE001 - any failure of play is this ruleset's problem
                detail = " ".join(str(exc).split())[:200] or type(exc).__name__
                return [RulesetError(root, None, f"{rules.title} ({scenario.title}) cannot be played: {detail}")]
    return []


def validate_path(path: Path | str) -> list[RulesetError]:
    """Validate one ruleset folder, or each game folder below a rulesets root."""
    root = Path(path)
    if root.is_dir() and not any(root.glob("*.yaml")):
        subs = [p for p in sorted(root.iterdir()) if p.is_dir() and not p.name.startswith((".", "_"))]
        if subs:
            return [e for sub in subs for e in validate_ruleset(sub)]
    return validate_ruleset(root)
