"""The four games. Each is a package named after its game id (hyphens as underscores)."""

from __future__ import annotations

from midway_desktop.values import frozen_value


@frozen_value
class GameInfo:
    """A game as the app names it: its id, titles and one-line description."""

    id: str
    title: str
    short: str
    blurb: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "midway-solitaire",
        "Midway Solitaire",
        "Solitaire",
        "Command TF-16, TF-17 and Midway's aircraft against three card-driven Japanese forces.",
    ),
    GameInfo(
        "kido-butai",
        "Kido Butai",
        "Kido Butai",
        "Be Nagumo: four carriers, sixteen hours, and American attacks drawn from pools.",
    ),
    GameInfo(
        "victory-at-midway",
        "Victory at Midway",
        "VaM",
        "Double-blind carrier battle on 100-mile hexes, two players or solitaire.",
    ),
    GameInfo(
        "cv",
        "CV",
        "CV",
        "The big one: hour-long turns on twenty-mile hexes, plot maps and air records.",
    ),
)

GAME_IDS: tuple[str, ...] = tuple(g.id for g in GAMES)
DEFAULT_GAME = "midway-solitaire"


def game_info(game_id: str) -> GameInfo:
    for info in GAMES:
        if info.id == game_id:
            return info
    raise KeyError(f"unknown game {game_id!r} (choose from {', '.join(GAME_IDS)})")


# The players' sides as the games name them to the player (the rules know them by id).
SIDE_TITLES = {"us": "American", "usa": "American", "japan": "Japanese"}


def side_title(side: str) -> str:
    return SIDE_TITLES.get(side, side.title())
