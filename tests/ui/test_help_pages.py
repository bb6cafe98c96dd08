"""How to Play says what the rules play: CV's list of the Turn is made from its Sequence of Play,
so a step the rules add, drop or rename changes the page, and the page never says a part of the
game is missing that the rules play."""

from __future__ import annotations

import html
import re

import pytest

from midway_desktop.games import GAMES
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.sequence import PHASES, SECRET, TURN
from midway_desktop.ui.how_to_play import help_text


def _plain(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_every_page_has_its_rule_made_parts_filled_in(game: str) -> None:
    page = help_text(game)
    assert "<!--" not in page, f"{game}: a part left unfilled"
    assert "missing from the installation" not in page


def test_cvs_turn_lists_every_step_the_rules_play_in_their_order() -> None:
    text = " ".join(_plain(help_text("cv")).split())
    steps = [
        "set-up",
        *TURN[: TURN.index("combat") + 1],
        *(c.name for c in combat.STEPS),
        *TURN[TURN.index("combat") + 1 :],
    ]
    at = [text.find(PHASES[s].title) for s in steps]
    assert all(i >= 0 for i in at), [s for s, i in zip(steps, at, strict=True) if i < 0]
    assert at == sorted(at), "the steps in the Sequence of Play's order"
    for s in steps:  # who orders in it, as the rules say
        shown = text[text.find(PHASES[s].title) :].split(" — ", 1)[1][:40]
        assert shown.startswith("both sides, in secret (sealed)") == (s in SECRET), (s, shown)
        said = text[text.find(PHASES[s].title) :][:600].split(PHASES[s].rule, 1)[1].split(". ", 1)[1][:80]
        if shown.startswith("runs by itself"):  # a step nobody orders in asks for no orders
            assert "Give your orders" not in said and "Drag" not in said, (s, said)


def test_cvs_page_claims_nothing_is_missing() -> None:
    text = _plain(help_text("cv")).lower()
    for phrase in ("not played yet", "not yet", "nothing fights", "passes by itself"):
        assert phrase not in text, phrase
