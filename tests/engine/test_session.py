"""Sessions: refusals with reasons, secret orders, filtered logs, undo walls and consent."""

from __future__ import annotations

import pytest

from midway_desktop.engine import IllegalAction, ScriptedRng, Session
from tests.engine.toy import RULES, Order


def start(**kw) -> Session:  # type: ignore[no-untyped-def]
    return Session.start(RULES, seed=7, **kw)


def test_wrong_side_is_refused_and_nothing_changes() -> None:
    s = start()
    s.play(Order("us", 1, 4))
    before = s.state
    result = s.submit(Order("us", 0, 0))
    assert not result.ok and "not us's turn" in result.refusal
    assert s.state is before


def test_illegal_action_gives_the_rules_reason() -> None:
    s = start()
    result = s.submit(Order("us", 2, 0))
    assert result.refusal == "Toy › Orders: move one place at most."
    with pytest.raises(IllegalAction, match="one place"):
        s.play(Order("us", 2, 0))


def test_sealed_orders_stay_secret_until_both_are_in() -> None:
    s = start()
    s.play(Order("us", 1, 3))
    assert s.view("japan") == {"turn": 1, "finds": [0, 0], "us_ordered": True, "japan_place": 4, "japan_order": None}
    assert all("search" not in e.data for e in s.log("japan"))
    assert any(e.data.get("search") == 3 for e in s.log("us"))
    s.play(Order("japan", -1, 1))
    assert s.view("japan")["turn"] == 2
    assert "us_place" not in s.view("japan")


def test_umpire_sees_everything() -> None:
    s = start()
    s.play(Order("us", 1, 3))
    s.play(Order("japan", 0, 0))
    umpire = s.view("umpire")
    assert {"us_place", "japan_place"} <= set(umpire)
    assert len(s.log("umpire")) == len(s.events())


def test_scripted_dice_resolve_a_find() -> None:
    s = Session.start(RULES, scenario="close", rng=ScriptedRng(dice=[5]))
    s.play(Order("us", 0, 3))  # japan stays on 3
    events = s.play(Order("japan", 0, 0))
    rolls = [e for e in events if e.kind == "roll"]
    assert [r.data["dice"] for r in rolls] == [[5]]
    assert s.state.finds == (1, 0)


def test_two_player_undo_needs_consent() -> None:
    s = start()
    s.play(Order("us", 1, 3))
    assert s.undo("us") == "Undo needs the other player's consent."
    assert s.request_undo("us") is None
    assert s.undo("us", consent_from="us") is not None
    assert s.undo("us", consent_from="japan") is None
    assert s.state.orders == (None, None)


def test_solitaire_undo_is_free_but_stops_at_luck() -> None:
    s = Session.start(RULES, scenario="close", rng=ScriptedRng(dice=[2]), humans=("us",))
    assert not s.needs_consent()
    s.play(Order("us", 0, 3))
    assert s.undoable("us") == 1
    s.play(Order("japan", 0, 0))  # resolves with a die
    assert s.undoable("japan") == 0
    assert "luck is never rolled again" in s.undo("japan")


def test_undo_then_redo_returns_the_same_state() -> None:
    s = Session.start(RULES, seed=3, humans=("us",))
    s.play(Order("us", 1, 2))
    after = s.state
    assert s.undo("us") is None
    assert s.can_redo()
    assert s.redo() is None
    assert s.state == after
    assert s.redo() == "Nothing to redo."


def test_a_new_action_clears_redo() -> None:
    s = Session.start(RULES, seed=3, humans=("us",))
    s.play(Order("us", 1, 2))
    s.undo("us")
    s.play(Order("us", 0, 0))
    assert not s.can_redo()


def test_listeners_hear_every_change() -> None:
    s = Session.start(RULES, seed=3, humans=("us",))
    heard: list[int] = []
    s.listeners.append(lambda sess, events: heard.append(len(events)))
    s.play(Order("us", 1, 2))
    s.undo("us")
    assert heard == [1, 0]


def test_the_game_ends_and_refuses_more() -> None:
    s = start()
    while s.outcome() is None:
        side = s.to_act()[0]
        s.play(Order(side, 0, 0))
    assert s.to_act() == ()
    assert s.submit(Order("us", 0, 0)).refusal == "The game is over."
    assert s.outcome().result in ("draw", "us-wins", "japan-wins")


def test_unknown_option_and_scenario_are_refused() -> None:
    with pytest.raises(ValueError, match="no option"):
        Session.start(RULES, options={"fog": True})
    with pytest.raises(ValueError, match="no scenario"):
        Session.start(RULES, scenario="midway")
