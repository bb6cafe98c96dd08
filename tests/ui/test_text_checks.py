"""The player-text checker catches what testers met, and lets good English through."""

from __future__ import annotations

import pytest

from tests.ui.text_checks import check_texts, text_problems


@pytest.mark.parametrize(
    "text",
    [
        "Arm akagi-b1 with torpedos",
        "akagi-b2 fly to the southeast corner.",
        "Move kaga-b2 to the se corner",
        "Attack fleet-1",
        "Strike on midway_base.",
        "Launch(squadrons=('a',))",
        "Turn {}.",
        "The strike is over. it turns home.",
        "Land on akagi",
        "2 squadron(s) lost.",
    ],
)
def test_bad_player_text_is_caught(text: str) -> None:
    assert text_problems(text, ids=("akagi", "se corner"))


@pytest.mark.parametrize(
    "text",
    [
        "Arm Akagi bomber 1 with torpedoes",
        "Akagi bomber 2 flies to the southeast corner.",
        "Anti-aircraft fire: d6 3 5. The set-up is over.",
        "<b>0430</b> — Set-up<br><small>KB › 1 Setup</small>",
        "Night landings (5-6 destroyed): d6 2.",
    ],
)
def test_good_player_text_passes(text: str) -> None:
    assert text_problems(text, ids=("akagi", "se-corner")) == []


def test_fragments_need_no_capital_and_each_text_is_reported_once() -> None:
    assert text_problems("bomb", sentence=False) == []
    assert text_problems("bomb") != []
    assert len(check_texts([("menu", "go akagi-b1"), ("menu", "go akagi-b1")])) == 2  # two faults, one text
