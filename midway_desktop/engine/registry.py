"""Which games exist, loaded on first use, and how to start one."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from midway_desktop.engine.rules import Rules, Scenario
from midway_desktop.engine.session import Session

if TYPE_CHECKING:
    from midway_desktop.engine.bots import Bot
    from midway_desktop.engine.seats import ComputerPlayer

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


# The plain legal-random player's name: every side a bot may play in every game offers it.
RANDOM = "random"


def default_bot_name(game_id: str) -> str:
    """What the game's own bots (``default_bots``) are called in a simulation's summary and on
    its command line: its module's ``DEFAULT_BOT``."""
    get_rules(game_id)
    return str(getattr(importlib.import_module(MODULES[game_id]), "DEFAULT_BOT", "default"))


def random_bots(game_id: str) -> Callable[[Rules[Any]], dict[str, Bot]]:
    """The plain legal-random player at every side: the module's ``random_bots`` where a pick
    among all legal actions alone would never end a step (CV's plain bot also seals by chance),
    else :class:`~midway_desktop.engine.bots.RandomBot`."""
    get_rules(game_id)
    own = getattr(importlib.import_module(MODULES[game_id]), "random_bots", None)
    if own is not None:
        return own  # type: ignore[no-any-return]
    from midway_desktop.engine.bots import RandomBot

    return lambda rules: {side: RandomBot() for side in rules.sides}


def built_in_player(rules: Rules[Any], scenario: Scenario, side: str) -> ComputerPlayer | None:
    """The player the rules themselves play ``side`` with in ``scenario`` (Victory at Midway's
    solitaire Japanese), if any: nobody else is ever asked for that side's orders."""
    return next((p for p in rules.computer_players(scenario, side) if p.built_in), None)


def bot_names(game_id: str, scenario: Scenario, side: str) -> tuple[str, ...]:
    """The bots ``simulate`` may seat at ``side`` in ``scenario``, by name: the game's own (its
    default), ``random``, then every computer player the New Game dialog offers there (a
    stronger one joins by being listed in ``Rules.computer_players``). None at a side the rules
    play themselves."""
    rules = get_rules(game_id)
    if built_in_player(rules, scenario, side) is not None:
        return ()
    names = [default_bot_name(game_id), RANDOM, *(p.name for p in rules.computer_players(scenario, side))]
    return tuple(dict.fromkeys(names))  # (in order, each once: CV's own bot is its random one)


def make_bot(game_id: str, side: str, name: str) -> Bot:
    """A fresh bot of the name ``bot_names`` gives, for ``side`` (raises KeyError for another)."""
    rules = get_rules(game_id)
    if name == default_bot_name(game_id):
        return default_bots(game_id)(rules)[side]  # type: ignore[no-any-return]
    if name == RANDOM:
        return random_bots(game_id)(rules)[side]
    return rules.computer_bot(side, name)


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
