"""Each rule of Midway Solitaire, and each refusal with its reason (MS = midway-solitaire.txt)."""

from __future__ import annotations

import pytest

from midway_desktop.engine import SYSTEM, IllegalAction, Rng, ScriptedRng, Session
from midway_desktop.games.midway_solitaire.actions import (
    US,
    AssignHits,
    EndTurn,
    LongRangeAttack,
    MoveTaskForce,
    PlaceAircraft,
    PlaceTaskForce,
)
from midway_desktop.games.midway_solitaire.cards import Move
from midway_desktop.games.midway_solitaire.movement import japanese_path
from midway_desktop.games.midway_solitaire.rules import RULES
from midway_desktop.games.midway_solitaire.state import but
from tests.games.midway_solitaire.helpers import (
    BATTLESHIPS,
    SBD,
    deck_order,
    first_card,
    flip,
    play,
    position,
    rolls,
    start_for,
)

GRID = RULES.rs.grid
DECK = RULES.rs.deck


def new_session(mission: int | str = 3, top: tuple[int, ...] = (), dice: tuple[int, ...] = ()) -> Session:
    rng = ScriptedRng(dice=dice, orders=[list(deck_order(top))])
    return Session.start(RULES, options={"mission": mission}, rng=rng)


def card_where(pred) -> int:  # type: ignore[no-untyped-def]
    return next(n for n in DECK.numbers if pred(DECK[n]))


# -- set-up ----------------------------------------------------------------------------------


def test_setup_positions() -> None:
    """MS › Game Setup: AIF A2, CSF A4, MIF A7; the MA on Midway; extra fuel at the top of the
    track (3) and two long range attacks per TF; card 1 out, the rest shuffled."""
    s = Session.start(RULES, options={"mission": 3}, seed=5)
    st = s.state
    assert st.phase == "setup" and s.to_act() == (US,)
    assert [(j.name, j.square) for j in st.japanese] == [("AIF", "A2"), ("CSF", "A4"), ("MIF", "A7")]
    assert st.ma == "L5" == GRID.midway
    assert all(t.fuel == 3 and t.long_range == 2 and t.damage == 0 for t in st.task_forces)
    assert sorted(st.deck) == list(DECK.numbers) and 1 not in st.deck
    assert list(st.deck) != sorted(st.deck)  # shuffled by the game's luck
    other = Session.start(RULES, options={"mission": 3}, seed=5)
    assert other.state.deck == st.deck  # the same seed, the same deck


def test_task_forces_set_up_in_columns_l_and_m_together_or_apart() -> None:
    """MS › Game Setup 1: any square of column L or M; together or separately."""
    s = new_session()
    squares = {a.square for a in s.legal_actions(US) if a.tf == "TF-16"}
    assert squares == {f"{c}{r}" for c in "LM" for r in range(1, 10)}
    s.play(PlaceTaskForce(US, "TF-16", "L3"))
    assert s.check(PlaceTaskForce(US, "TF-16", "L4")) == "TF-16 is already set up."
    s.play(PlaceTaskForce(US, "TF-17", "L3"))  # together
    assert s.state.phase == "us-movement" and s.state.turn == 1
    apart = new_session()
    apart.play(PlaceTaskForce(US, "TF-17", "M9"))
    apart.play(PlaceTaskForce(US, "TF-16", "L1"))
    assert (apart.state.tf("TF-16").square, apart.state.tf("TF-17").square) == ("L1", "M9")


def test_setup_outside_columns_l_and_m_is_refused() -> None:
    """MS › Game Setup 1: the refusal gives the rule."""
    s = new_session()
    assert s.check(PlaceTaskForce(US, "TF-16", "H3")) == "Task forces set up in column L or M."
    assert s.check(PlaceTaskForce(US, "TF-16", "Z9")) == "Z9 is not a square of the search board."
    assert "not an American task force" in (s.check(PlaceTaskForce(US, "CSF", "L3")) or "")


def test_mission_chosen_or_rolled() -> None:
    """MS › Victory Conditions / Game Setup: choose a mission, or (optional) roll a die for it."""
    assert new_session(mission=5).state.mission == 5
    rolled = new_session(mission="random", dice=(4,))
    assert rolled.state.mission == 4
    assert any(e.kind == "roll" and e.data["dice"] == [4] for e in rolled.setup_events)
    assert RULES.resolve_options({"mission": "6"})["mission"] == 6
    assert RULES.resolve_options({"mission": "random"})["mission"] == "random"
    with pytest.raises(ValueError):
        RULES.resolve_options({"mission": 7})
    assert "Easy" in RULES.option_label("mission", 1)


# -- the sequence of play --------------------------------------------------------------------


def test_sequence_of_play_as_data() -> None:
    """MS › Sequence of Play: American TF movement, MA, card and events, Japanese movement,
    combat, then (Long Range Attacks) strikes and the player's hit assignments, new turn."""
    names = [p.name for p in RULES.phases]
    assert names == [
        "setup",
        "us-movement",
        "ma-placement",
        "card",
        "japanese-movement",
        "combat",
        "long-range",
        "assign-hits",
        "end-turn",
        "over",
    ]
    for p in RULES.phases:
        assert p.rule.startswith("MS ›")
        if p.name in ("card", "japanese-movement", "combat", "end-turn"):
            assert p.actors == (SYSTEM,)


def test_a_whole_turn() -> None:
    """MS › Sequence of Play: both TFs move, the MA is placed, the card flips and the Japanese
    move by it; then a new turn begins with the MA back on Midway."""
    card = first_card("all-clear")
    s = new_session(top=(card,))
    s.play(PlaceTaskForce(US, "TF-16", "M2"))
    s.play(PlaceTaskForce(US, "TF-17", "M9"))
    s.play(MoveTaskForce(US, "TF-16", "L2"))
    assert s.state.phase == "us-movement"
    s.play(MoveTaskForce(US, "TF-17", "M9"))
    assert s.state.phase == "ma-placement"
    s.play(PlaceAircraft(US, "H5"))
    st = s.state
    assert st.phase == "us-movement" and st.turn == 2
    assert st.played == (card,) and len(st.deck) == len(DECK) - 1
    assert st.ma == "L5"
    assert st.jp("AIF").square == (RULES.rs.path(card, 0, "A2", []) or ("A2",))[-1]


def test_actions_out_of_turn_are_refused_with_the_step() -> None:
    """MS › Sequence of Play: each step in its order."""
    st = position(phase="us-movement")
    refusal = RULES.check(st, PlaceAircraft(US, "L5"))
    assert refusal is not None and "Move the American task forces" in refusal
    assert RULES.check(st, EndTurn(US)) is not None
    assert (
        RULES.check(st, PlaceAircraft("japan", "L5"))
        == "Only the American player acts; the Japanese move by the action deck."
    )


# -- American movement -----------------------------------------------------------------------


def test_task_force_moves_one_square_or_stays() -> None:
    """MS › Unit Movement: one square a turn, no diagonal; the player may choose not to move."""
    st = position(tf16="J5", phase="us-movement", fuel={"TF-16": 0})
    dests = {a.to for a in RULES.legal_actions(st, US) if a.tf == "TF-16"}
    assert dests == {"J5", "J4", "J6", "I5", "K5"}
    assert RULES.check(st, MoveTaskForce(US, "TF-16", "K6")) == "No extra fuel is left to move a second square."
    assert "one square" in RULES.check(st, MoveTaskForce(US, "TF-16", "J8"))


def test_extra_fuel_buys_a_second_square_once_a_turn() -> None:
    """MS › Unit Movement / American Units: spend one extra fuel to move one more square; only
    one extra fuel per TF per turn; the fuel track runs down from 3."""
    st = position(tf16="J5", phase="us-movement")
    after, events = play(st, MoveTaskForce(US, "TF-16", "H5"))
    assert after.tf("TF-16").fuel == 2 and after.tf("TF-16").square == "H5"
    assert "extra fuel" in events[0].text
    assert RULES.check(after, MoveTaskForce(US, "TF-16", "F5")) == "TF-16 has already moved this turn."
    diagonal, _ = play(st, MoveTaskForce(US, "TF-16", "K6"))  # two orthogonal squares
    assert diagonal.tf("TF-16").fuel == 2
    stay, _ = play(st, MoveTaskForce(US, "TF-16", "J5"))
    assert stay.tf("TF-16").fuel == 3


def test_a_sunk_task_force_does_not_move() -> None:
    """MS › Ship Status Boards: a sunk unit is removed from play."""
    st = position(tf16="J5", phase="us-movement", sunk=["TF-17"], damage={"TF-17": 4})
    assert {a.tf for a in RULES.legal_actions(st, US)} == {"TF-16"}
    assert RULES.check(st, MoveTaskForce(US, "TF-17", "M8")) == "TF-17 has been sunk."
    after, _ = play(st, MoveTaskForce(US, "TF-16", "J5"))
    assert after.phase == "ma-placement"


def test_moving_onto_a_japanese_unit_is_not_combat() -> None:
    """MS › Japanese Edge of Board Movement (last lines): Americans moving into or through a
    Japanese unit's square cause no combat; only Japanese movement ending there does."""
    card = card_where(lambda c: not c.modifiers and c.hazard == "all-clear" and c.moves[1].steps == ("e",))
    st = position(tf16="F4", tf17="F4", csf="E4", phase="us-movement", top=[card])
    st, _ = play(st, MoveTaskForce(US, "TF-16", "E4"))  # onto the CSF
    st, _ = play(st, MoveTaskForce(US, "TF-17", "E4"))
    after, events = flip(st)  # the CSF moves east, off the TFs
    assert after.jp("CSF").square == "F4"
    assert not any(e.kind == "battle" for e in events)


def test_midway_aircraft_placed_east_of_the_dashed_line() -> None:
    """MS › American Units / Unit Movement: anywhere east of the blue dashed line, from Midway."""
    st = position()
    squares = {a.square for a in RULES.legal_actions(st, US)}
    assert squares == set(GRID.ma_area) and "L5" in squares
    assert (
        RULES.check(st, PlaceAircraft(US, "G5")) == "The Midway aircraft must be placed east of the blue dashed line."
    )


# -- the deck ----------------------------------------------------------------------------------


def test_card_flipped_from_the_top() -> None:
    """MS › Action Card Play: each turn flip the top card of the action deck."""
    st = position(top=[SBD, BATTLESHIPS])
    after, events = flip(st)
    assert after.played == (SBD,) and after.deck[0] == BATTLESHIPS
    assert events[1].kind == "card" and "SBD Dauntless Dive Bomber" in events[1].text


def test_deck_run_out_is_a_japanese_win_on_time() -> None:
    """Provisional (the rulebook does not say): when the last card has been played without the
    mission achieved, the Japanese win on time."""
    st = but(position(aif="B2", csf="B4", mif="B7"), deck=(BATTLESHIPS,))
    after, events = flip(st)
    assert after.result == "japan-time" and after.phase == "over"
    assert RULES.outcome(after).winner == "japan"


# -- Japanese movement -----------------------------------------------------------------------


def test_two_square_moves_all_stop_and_toward() -> None:
    """MS › Unit Movement: one or two squares, none on All Stop, or one square toward a place."""
    assert japanese_path(GRID, "C4", Move(("e", "s"))) == ("D4", "D5")
    assert japanese_path(GRID, "C4", Move(())) == ()
    assert japanese_path(GRID, "H3", Move((), "midway")) == ("I3",)
    assert japanese_path(GRID, "K5", Move((), "midway")) == ("L5",)
    assert japanese_path(GRID, "J2", Move((), "alaska")) == ("J1",)


def test_toward_the_nearest_task_force() -> None:
    """MS › Unit Movement: "towards an American TF" - the nearest afloat one (TF-16 on a tie,
    provisional); a unit already on a TF stays there."""
    toward = Move((), "nearest-tf")
    assert japanese_path(GRID, "E4", toward, ["J4", "E7"]) == ("E5",)
    assert japanese_path(GRID, "E4", toward, ["E6", "E2"]) == ("E5",)  # tie: the first (TF-16)
    assert japanese_path(GRID, "E4", toward, ["E4"]) == ()


def test_edge_reversal_on_every_edge() -> None:
    """MS › Japanese Edge of Board Movement: a step off the board is reversed."""
    assert japanese_path(GRID, "A4", Move(("w",))) == ("B4",)
    assert japanese_path(GRID, "E1", Move(("n",))) == ("E2",)
    assert japanese_path(GRID, "E9", Move(("s",))) == ("E8",)
    assert japanese_path(GRID, "L1", Move(("e", "n"))) == ("M1", "M2")


def test_passing_through_a_task_force_is_not_combat() -> None:
    """MS › Unit Movement: Japanese movement through a TF's square causes no combat; movement
    that ENDS there does."""
    card = card_where(lambda c: not c.modifiers and c.hazard == "all-clear" and c.moves[2].steps == ("e", "e"))
    st = position(tf16="D7", tf17="D7", mif="C7", top=[card])
    after, events = flip(st)
    assert after.jp("MIF").square == "E7"
    assert not any(e.kind == "battle" for e in events)
    st = position(tf16="E7", tf17="E7", mif="C7", top=[card])
    _, events = flip(st, dice=[1] * 20)
    assert any(e.kind == "battle" for e in events)


def test_entering_an_objective_wins_at_once_even_with_a_tf_there() -> None:
    """MS › Victory Conditions / Game Concepts 8: a Japanese unit moving into Alaska, Midway or
    the Hawaiian Islands wins at once, even with American units in the square."""
    card = card_where(lambda c: c.moves[2].steps == ("e",) and c.hazard == "all-clear")
    st = position(tf16="L5", tf17="L5", mif="K5", top=[card])
    after, events = flip(st)
    assert after.result == "japan-objective" and after.jp("MIF").square == "L5"
    assert not any(e.kind in ("battle", "roll") for e in events)
    assert RULES.outcome(after).winner == "japan"


def test_entering_an_objective_in_the_middle_of_a_two_square_move() -> None:
    """MS › Game Concepts 8: "Any time Japanese units move into" an objective square."""
    card = card_where(lambda c: c.moves[2].steps == ("e", "e"))
    after, _ = flip(position(mif="K5", top=[card]))
    assert after.result == "japan-objective" and after.jp("MIF").square == "L5"


# -- combat --------------------------------------------------------------------------------------


def _meeting(card: int, unit: str, square: str) -> dict[str, str]:
    return {unit.lower(): start_for(card, unit, square)}


def test_a_unit_sunk_in_round_one_does_not_fire_in_round_two() -> None:
    """MS › Ship Attacks / Game Concepts 5: ships sunk in the first round do not fire in the
    second; a fight with one side gone ends."""
    card = first_card("all-clear")
    where = _meeting(card, "MIF", "H6")
    st = position(tf16="H6", tf17="H6", top=[card], damage={"MIF": 2}, **where)
    # MIF 6 6 6 (3 hits on the TFs); TF-16 6 6 1 1, TF-17 1 1 1: the MIF sinks in round 1.
    mid, _ = flip(st, dice=[6, 6, 6, 6, 6, 1, 1, 1, 1, 1])
    assert mid.phase == "assign-hits"
    after, events = play(mid, AssignHits(US, (("TF-16", 3), ("TF-17", 0)), (("MIF", 2),)))
    assert after.jp("MIF").sunk and after.battle is None
    assert not any(e.kind == "roll" for e in events)  # no round 2
    assert after.tf("TF-16").damage == 3


def test_a_task_force_sunk_in_round_one_does_not_fire_in_round_two() -> None:
    """MS › Ship Attacks: TF-17 sunk in round 1 stays silent in round 2."""
    card = first_card("all-clear")
    st = position(tf17="H6", tf16="M9", top=[card], damage={"TF-17": 3}, mission=3, **_meeting(card, "MIF", "H6"))
    # Round 1: MIF 6 1 1 sinks TF-17; TF-17 fires 1 1 1 (it started the round afloat).
    after, events = flip(st, dice=[6, 1, 1, 1, 1, 1])
    assert after.tf("TF-17").sunk and after.battle is None
    assert [u for u, _ in rolls(events)] == ["MIF", "TF-17"]


def test_hazard_hits_each_tf_in_the_square_with_one_roll() -> None:
    """MS › Japanese Danger Zone Attacks: one die; 5-6 puts 1 hit on each TF in the square; one
    round, no return fire."""
    square = sorted(GRID.danger)[0]
    after, events = flip(position(tf16=square, tf17=square, top=[first_card("danger")]), dice=[5])
    assert rolls(events) == [("danger", [5])]
    assert after.tf("TF-16").damage == after.tf("TF-17").damage == 1
    after, _ = flip(position(tf16=square, tf17=square, top=[first_card("danger")]), dice=[4])
    assert after.tf("TF-16").damage == after.tf("TF-17").damage == 0


def test_midway_aircraft_hit_each_unit_in_the_square_with_one_roll() -> None:
    """MS › Midway Aircraft (MA) Attacks: one die, 5-6 after DRMs: one hit on each Japanese unit
    in the square; the SBD card's +1 to American attacks makes a 4 hit."""
    st = position(top=[SBD], **_meeting(SBD, "CSF", "I5"), **_meeting(SBD, "AIF", "I5"))
    after, events = flip(st, ma="I5", dice=[4])
    assert rolls(events) == [("ma", [4])]
    assert after.jp("CSF").damage == 1 and after.jp("AIF").damage == 1


def test_hits_are_assigned_by_the_player_only_with_a_choice() -> None:
    """MS › Ship Attacks: with several units the American player assigns hits; one unit a side
    takes them without asking."""
    card = first_card("all-clear")
    st = position(tf17="H6", tf16="M9", top=[card], **_meeting(card, "MIF", "H6"))
    after, _ = flip(st, dice=[5, 1, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1])
    assert after.phase == "us-movement" and after.tf("TF-17").damage == 1 and after.jp("MIF").damage == 1


def test_assign_hits_refusals_and_choices() -> None:
    """MS › Ship Attacks: every hit is placed, only on units in the fight."""
    card = first_card("all-clear")
    st = position(tf16="H6", tf17="H6", top=[card], **_meeting(card, "MIF", "H6"))
    mid, _ = flip(st, dice=[5, 5, 1, 1, 1, 1, 1, 1, 1, 1])
    assert mid.phase == "assign-hits" and mid.battle.on_american == 2
    offers = RULES.legal_actions(mid, US)
    assert {a.on_american for a in offers} == {
        (("TF-16", 2), ("TF-17", 0)),
        (("TF-16", 1), ("TF-17", 1)),
        (("TF-16", 0), ("TF-17", 2)),
    }
    assert "Assign all 2 hits" in RULES.check(mid, AssignHits(US, (("TF-16", 1), ("TF-17", 0)), (("MIF", 0),)))
    assert "List each American unit" in RULES.check(mid, AssignHits(US, (("TF-16", 2),), (("MIF", 0),)))
    assert "negative" in RULES.check(mid, AssignHits(US, (("TF-16", 3), ("TF-17", -1)), (("MIF", 0),)))
    assert "List each Japanese unit" in RULES.check(mid, AssignHits(US, (("TF-16", 2), ("TF-17", 0)), (("CSF", 0),)))


# -- long range attacks --------------------------------------------------------------------------


def _beside(card: int) -> dict[str, str]:
    """The CSF ends on H4 by ``card``; TF-16 waits on I4 next to it."""
    return {"tf16": "I4", "tf17": "M9", **_meeting(card, "CSF", "H4")}


def test_long_range_attack_is_offered_next_to_not_in() -> None:
    """MS › Long Range Attacks: a TF adjacent to (not in) a Japanese unit's square after
    Japanese movement may strike; with none the turn simply ends."""
    card = first_card("all-clear")
    after, _ = flip(position(top=[card], **_beside(card)))
    assert after.phase == "long-range"
    assert set(RULES.legal_actions(after, US)) == {LongRangeAttack(US, "TF-16", "H4"), EndTurn(US)}
    assert RULES.check(after, LongRangeAttack(US, "TF-17", "H4")) == (
        "A long range attack needs a Japanese unit in a square next to the TF's (not in it)."
    )
    ended, _ = play(after, EndTurn(US))
    assert ended.phase == "us-movement" and ended.tf("TF-16").long_range == 2


def test_long_range_attack_success_is_one_round_of_ship_attacks() -> None:
    """MS › Long Range Attacks: 1-4, one round of simultaneous ship attacks with the adjacent
    unit(s); the counter is used."""
    card = first_card("all-clear")
    after, _ = flip(position(top=[card], **_beside(card)))
    # Long range die 3; CSF 5 5 1 1 1 (2 hits); TF-16 6 6 6 1 (3 hits); no second round.
    done, events = play(after, LongRangeAttack(US, "TF-16", "H4"), dice=[3, 5, 5, 1, 1, 1, 6, 6, 6, 1])
    assert done.tf("TF-16").damage == 2 and done.jp("CSF").damage == 3
    assert done.tf("TF-16").long_range == 1
    assert done.phase == "us-movement"


def test_long_range_attack_failure_costs_one_damage() -> None:
    """MS › Long Range Attacks: 5-6, the attack fails and the TF takes 1 damage."""
    card = first_card("all-clear")
    after, _ = flip(position(top=[card], **_beside(card)))
    done, events = play(after, LongRangeAttack(US, "TF-16", "H4"), dice=[5])
    assert done.tf("TF-16").damage == 1 and done.jp("CSF").damage == 0 and done.tf("TF-16").long_range == 1


def test_long_range_limits() -> None:
    """MS › Long Range Attacks: at most 1 per TF per turn and 2 per TF per game."""
    card = first_card("all-clear")
    after, _ = flip(position(top=[card], tf17="I4", tf16="I4", **_meeting(card, "CSF", "H4")))
    one, _ = play(after, LongRangeAttack(US, "TF-16", "H4"), dice=[6])
    assert one.phase == "long-range"  # TF-17 may still strike
    assert RULES.check(one, LongRangeAttack(US, "TF-16", "H4")) == (
        "TF-16 has already made a long range attack this turn (one per turn)."
    )
    spent = position(top=[card], long_range={"TF-16": 0}, **_beside(card))
    after, _ = flip(spent)
    assert after.phase == "us-movement"  # nothing to offer
    assert "used both" in RULES.check(but(after, phase="long-range"), LongRangeAttack(US, "TF-16", "H4"))


def test_long_range_attack_on_two_units_asks_for_hits() -> None:
    """MS › Long Range Attacks: "the adjacent Japanese unit(s)"; with two there the player
    assigns the TF's hits."""
    card = first_card("all-clear")
    st = position(top=[card], tf16="I4", tf17="M9", **_meeting(card, "CSF", "H4"), **_meeting(card, "AIF", "H4"))
    after, _ = flip(st)
    mid, _ = play(after, LongRangeAttack(US, "TF-16", "H4"), dice=[1] + [1] * 8 + [6, 6, 1, 1])
    assert mid.phase == "assign-hits" and mid.battle.kind == "long-range" and mid.battle.on_japanese == 2
    done, _ = play(mid, AssignHits(US, (("TF-16", 0),), (("AIF", 2), ("CSF", 0))))
    assert done.jp("AIF").damage == 2 and done.phase == "us-movement"


def test_session_refuses_with_reason() -> None:
    """The checked path: an illegal action raises with the rule's reason; nothing changes."""
    s = new_session()
    before = s.state
    with pytest.raises(IllegalAction, match="column L or M"):
        s.play(PlaceTaskForce(US, "TF-16", "A1"))
    assert s.state is before


def test_undo_a_move_but_not_a_card() -> None:
    """Engine: undo takes back a TF move; the card flip consulted luck and is a wall."""
    s = Session.start(RULES, options={"mission": 1}, seed=3)
    s.play(PlaceTaskForce(US, "TF-16", "L3"))
    s.play(PlaceTaskForce(US, "TF-17", "L3"))
    before = s.state
    s.play(MoveTaskForce(US, "TF-16", "K3"))
    assert s.undo(US) is None and s.state == before
    assert s.redo() is None and s.state.tf("TF-16").square == "K3"
    s.play(MoveTaskForce(US, "TF-17", "K3"))
    s.play(PlaceAircraft(US, "L5"))
    assert s.state.played
    assert s.undo(US) == "Cannot undo past a die roll or a draw: luck is never rolled again."


def test_random_bot_games_finish() -> None:
    """Engine: whole games by the random player end with an outcome."""
    from midway_desktop.engine.bots import RandomBot, play_out

    for seed in range(20):
        s = Session.start(RULES, options={"mission": 1 + seed % 6}, seed=seed)
        outcome = play_out(s, {US: RandomBot()}, Rng(seed), checked=True)
        assert outcome.winner in ("us", "japan")
