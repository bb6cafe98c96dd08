"""Check a ruleset folder (or a folder of them) and report every problem found, one line each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from midway_desktop.ruleset.errors import RulesetError
from midway_desktop.ruleset.yamlio import Node, load_yaml

Parser = Callable[[Node, str], object]


def _board_parser(node: Node, game: str) -> object:
    from midway_desktop.geometry.loader import parse_board

    return parse_board(node, expected_game=game)


def _kido_butai_forces(node: Node, game: str) -> object:
    from midway_desktop.games.kido_butai.forces import parse_forces

    return parse_forces(node, expected_game=game)


def _midway_solitaire_cards(node: Node, game: str) -> object:
    from midway_desktop.games.midway_solitaire.cards import parse_cards

    return parse_cards(node, game)


def _midway_solitaire_forces(node: Node, game: str) -> object:
    from midway_desktop.games.midway_solitaire.forces import parse_forces

    return parse_forces(node, game)


def _victory_at_midway_units(node: Node, game: str) -> object:
    from midway_desktop.games.victory_at_midway.units import parse_units

    return parse_units(node, expected_game=game)


# File name -> parser. Games add their own files (cards, units, tables) here as they arrive;
# "game-id/file name" keys (the game a file declares) win over plain file names.
PARSERS: dict[str, Parser] = {
    "board.yaml": _board_parser,
    "forces.yaml": _kido_butai_forces,
    "midway-solitaire/cards.yaml": _midway_solitaire_cards,
    "midway-solitaire/forces.yaml": _midway_solitaire_forces,
    "victory-at-midway/units.yaml": _victory_at_midway_units,
}


def _declared_game(node: Node, folder: str) -> str:
    """The game a file says it belongs to (its ``game:`` key), else its folder's name."""
    game = node.value.get("game") if isinstance(node.value, dict) else None
    return game.value if game is not None and isinstance(game.value, str) else folder


def validate_ruleset(folder: Path | str) -> list[RulesetError]:
    """Every problem in one game's ruleset folder; an empty list means it is sound."""
    root = Path(folder)
    if not root.is_dir():
        return [RulesetError(root, None, "not a folder")]
    problems: list[RulesetError] = []
    files = sorted(p for p in root.iterdir() if p.suffix in (".yaml", ".yml"))
    if not files:
        problems.append(RulesetError(root, None, "no YAML files in this folder"))
    if not (root / "board.yaml").exists():
        problems.append(RulesetError(root / "board.yaml", None, "missing (every game needs a board)"))
    for path in files:
        try:
            node = load_yaml(path)
            parser = PARSERS.get(f"{_declared_game(node, root.name)}/{path.name}") or PARSERS.get(path.name)
            if parser is not None:
                parser(node, root.name)
        except RulesetError as exc:
            problems.append(exc)
    return problems


def validate_path(path: Path | str) -> list[RulesetError]:
    """Validate one ruleset folder, or each game folder below a rulesets root."""
    root = Path(path)
    if root.is_dir() and not any(root.glob("*.yaml")):
        subs = [p for p in sorted(root.iterdir()) if p.is_dir() and not p.name.startswith((".", "_"))]
        if subs:
            return [e for sub in subs for e in validate_ruleset(sub)]
    return validate_ruleset(root)
