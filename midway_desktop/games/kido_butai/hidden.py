"""What the player cannot see, re-drawn for the odds (see ``engine.odds``).

KB › 1, 5: the cups are opaque, but the player fills them and takes counters out, so how many
of each kind each holds is known; which comes out next is luck, and the state keeps no order
of undrawn counters to hide (``pools``). Everything else lies open on the display. So the
position is the player's to know whole: a continuation re-draws the pools by drawing from
them with its own fresh luck, and the state is handed on as it is.
"""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.display import State

VP_SIDES: tuple[str, ...] = ("japan", "usa")  # KB › 8 Victory: both sides' points


def result_titles(rules: Any) -> dict[str, str]:
    """KB › 8: the result bands, as the victory table names them."""
    return {band.name: band.title for band in rules.forces.victory.bands}


def sample_hidden(rules: Any, state: State, side: str, rng: Rng) -> State:
    """``state`` itself: nothing in it is hidden from the player (the draws are the luck's)."""
    return state
