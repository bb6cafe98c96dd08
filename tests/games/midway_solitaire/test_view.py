"""What the player may know: the whole board is open, the face-down deck's order is not."""

from __future__ import annotations

import json

from midway_desktop.engine import Session
from midway_desktop.engine.events import UMPIRE
from midway_desktop.games.midway_solitaire.actions import US, PlaceTaskForce
from midway_desktop.games.midway_solitaire.rules import RULES
from midway_desktop.games.midway_solitaire.state import but
from tests.games.midway_solitaire.helpers import SBD, flip, position


def test_player_view_shows_the_board_and_status_boards() -> None:
    """MS › Game Components: all units, status boards, the card in play and cards played."""
    after, _ = flip(position(top=[SBD]))
    v = RULES.view(after, US)
    json.dumps(v)  # plain data
    assert [t["name"] for t in v["task_forces"]] == ["TF-16", "TF-17"]
    assert v["task_forces"][1]["damage_limit"] == 4 and v["task_forces"][1]["firepower"] == 3
    assert [j["name"] for j in v["japanese"]] == ["AIF", "CSF", "MIF"]
    assert v["played"] == [SBD] and v["cards_left"] == len(RULES.rs.deck) - 1
    assert v["mission"]["number"] == 3 and v["mission"]["difficulty"] == "More Difficult"
    assert "deck" not in v


def test_card_in_play_is_shown() -> None:
    st = but(position(top=[SBD]), card=SBD)
    card = RULES.view(st, US)["card"]
    assert card["title"] == "SBD Dauntless Dive Bomber"
    assert card["moves"] == {"AIF": "West", "CSF": "East then South", "MIF": "West"}
    assert card["hazard"] in ("sub-sighted", "danger", "all-clear") and card["history"]


def test_umpire_sees_the_deck_order() -> None:
    st = position(top=[SBD])
    assert RULES.view(st, UMPIRE)["deck"] == list(st.deck)


def test_player_view_does_not_depend_on_the_deck_order() -> None:
    """Never leak upcoming cards: any order of the face-down deck reads the same."""
    st = position(top=[SBD])
    reordered = but(st, deck=tuple(reversed(st.deck)))
    assert RULES.view(st, US) == RULES.view(reordered, US)
    assert RULES.view(st, UMPIRE) != RULES.view(reordered, UMPIRE)


def test_setup_log_does_not_leak_the_order() -> None:
    """Every way out is filtered: the set-up events name no card and list no order."""
    s = Session.start(RULES, options={"mission": 2}, seed=11)
    dumped = json.dumps([e.to_json() for e in s.log(US)])
    assert json.dumps(list(s.state.deck)) not in dumped
    assert not any(f"card {n}:" in dumped for n in s.state.deck)
    s.play(PlaceTaskForce(US, "TF-16", "L2"))
    assert "deck" not in s.view(US)
