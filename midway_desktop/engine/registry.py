"""Which games exist, loaded on first use, and how to start one."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any

from midway_desktop.engine.rules import Rules
from midway_desktop.engine.session import Session

# Game id -> module that defines ``RULES``. Games join as their rules are implemented; the
# desktop plays those of them that also have a presenter (``ui.games.presenter_class``).
MODULES: dict[str, str] = {
    "midway-solitaire": "midway_desktop.games.midway_solitaire.rules",
    "kido-butai": "midway_desktop.games.kido_butai.rules",
    "victory-at-midway": "midway_desktop.games.victory_at_midway.rules",
    "cv": "midway_desktop.games.cv.rules",
}

_loaded: dict[str, Rules[Any]] = {}


def register(rules: Rules[Any], module: str | None = None) -> None:
    """Make a rules object available by id (tests and add-on games)."""
    _loaded[rules.id] = rules
    if module is not None:
        MODULES[rules.id] = module


def playable_games() -> tuple[str, ...]:
    """Games whose rules module is present (a game joins by adding its line to MODULES)."""
    return tuple(gid for gid in MODULES if is_playable(gid))


def is_playable(game_id: str) -> bool:
    """Whether ``game_id``'s rules module is present; looks at that game only, so starting one
    game imports nothing of the others."""
    module = MODULES.get(game_id)
    return module is not None and _present(module)


def _present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def is_registered(game_id: object) -> bool:
    """Whether ``game_id`` names a game with rules here (anything else is never looked up)."""
    return isinstance(game_id, str) and (game_id in _loaded or game_id in MODULES)


def get_rules(game_id: str) -> Rules[Any]:
    found = _loaded.get(game_id)
    if found is not None:
        return found
    module = MODULES.get(game_id)
    if module is None:
        raise KeyError(f"{game_id!r} has no rules yet (playable: {', '.join(MODULES)})")
    rules = importlib.import_module(module).RULES
    _loaded[game_id] = rules
    return rules


def default_bots(game_id: str):  # type: ignore[no-untyped-def]
    """The game's own bots for every side, as its module provides them."""
    get_rules(game_id)
    return importlib.import_module(MODULES[game_id]).default_bots


def new_game(
    game_id: str,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | str | None = None,
    humans: tuple[str, ...] | None = None,
    computers: Mapping[str, str] | None = None,
) -> Session:
    """Start a game: ``new_game("midway-solitaire", options={"mission": 3}, seed=7)``; ``humans``
    and ``computers`` seat the sides (see ``seats``; by default the scenario's people)."""
    return Session.start(
        get_rules(game_id), scenario=scenario, options=options, seed=seed, humans=humans, computers=computers
    )
