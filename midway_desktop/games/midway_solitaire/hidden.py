"""What the player cannot see, re-drawn for the odds (see ``engine.odds``).

MS › Game Components: the whole board is open; only the order of the face-down action deck is
hidden. Which cards are still in it is known (every card not played and not in play), so a
continuation shuffles those cards afresh: sorted first, so the draw depends on which cards
are left and never on the order they lie in.
"""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.rng import Rng
from midway_desktop.games.midway_solitaire.state import State

# The ways a mission can end (MS › Victory Conditions), as the odds plot names them.
RESULT_TITLES: dict[str, str] = {
    "american-victory": "Mission accomplished",
    "japan-objective": "A Japanese force reached its objective",
    "japan-fleet-sunk": "Both task forces sunk",
    "japan-losses": "An American unit lost (missions 1-2)",
    "japan-time": "The deck ran out",
}
VP_SIDES: tuple[str, ...] = ()  # no victory points: a mission is won or lost


def result_titles(rules: Any) -> dict[str, str]:
    return dict(RESULT_TITLES)


def sample_hidden(rules: Any, state: State, side: str, rng: Rng) -> State:
    """``state`` with the face-down deck shuffled from ``rng``."""
    return state.but(deck=tuple(rng.shuffled(sorted(state.deck))))
