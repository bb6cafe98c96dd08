"""Ship movement and the Task Force / Fleet boxes (victory-at-midway.txt › Ship Movement)."""

from __future__ import annotations

from midway_desktop.games.victory_at_midway.actions import Done, Exit, Form, Move
from midway_desktop.games.victory_at_midway.state import JAPAN, US
from midway_desktop.games.victory_at_midway.victory import scores
from tests.games.victory_at_midway.helpers import TF16, G, day_position, place, put, session_at


def test_one_adjacent_hex_a_turn() -> None:
    """Ship Movement › In General: hex to adjacent hex, no skipping; one move a turn."""
    s = session_at(day_position(2))
    refusal = s.check(Move(US, "TF16", "L2"))
    assert refusal is not None and "adjacent" in refusal
    s.play(Move(US, "TF16", "K4"))
    assert all(G.u(s.state, x).loc == "K4" for x in TF16)
    refusal = s.check(Move(US, "TF16", "J4"))
    assert refusal is not None and "already moved" in refusal


def test_a_refused_move_names_what_stops_the_piece() -> None:
    """Ship Movement: a Task Force that moved is told so wherever it is dropped (never "K4 is
    not next to K4"); a ship or group still off the map is told it has not entered, and when it
    may; a group is named as the rules name it ("the Turn 2 group"), never by its bare number."""
    s = session_at(day_position(1))
    s.play(Move(US, "TF16", "K4"))
    for to in ("K4", "J4", "A1"):
        refusal = s.check(Move(US, "TF16", to))
        assert refusal == "TF16 has already moved this turn (one hex a turn)."
    still = s.check(Move(US, "TF17", "L5"))
    assert still is not None and "L5 already" in still and "not next to" not in still
    for piece in ("2", "TT1"):
        refusal = s.check(Move(JAPAN, piece, "A7"))
        assert refusal is not None and "has not entered the map" in refusal and "Turn 2" in refusal
        assert not refusal.startswith("2 ")
    assert "Turn 2 group" in (s.check(Move(JAPAN, "2", "A7")) or "")


def test_moving_is_never_forced() -> None:
    s = session_at(day_position(2))
    s.play(Done(US))
    assert G.u(s.state, "Enterprise").loc == "L4"


def test_submarines_move_every_third_turn() -> None:
    """Ship Movement: subs move one hex on the S turns only."""
    s = session_at(day_position(2))
    refusal = s.check(Move(US, "SS1", "F5"))
    assert refusal is not None and "every third turn" in refusal
    assert session_at(day_position(3)).check(Move(US, "SS1", "F5")) is None


def test_stack_moves_at_the_slowest() -> None:
    """Stack Movement example: three speed-1 ships with a speed-1/2 ship move only on its turns;
    the faster ones may be left behind."""
    state = day_position(3)
    state = place(state, "C9", ["DD15", "DD16", "DD18", "TT1"], "Second Fleet", moved=2)
    s = session_at(state)
    refusal = s.check(Move(JAPAN, "Second Fleet", "D9"))
    assert refusal is not None and "slowest" in refusal
    s.play(Form(JAPAN, "TT1", ""))
    s.play(Move(JAPAN, "Second Fleet", "D9"))
    assert G.u(s.state, "TT1").loc == "C9" and G.u(s.state, "DD15").loc == "D9"


def test_joining_a_box_needs_the_same_hex() -> None:
    """Stacking: ships in a Task Force box share its marker's hex."""
    state = place(day_position(2), "K4", ["Yorktown"], "")
    s = session_at(state)
    refusal = s.check(Form(US, "Yorktown", "TF16"))
    assert refusal is not None and "same hex" in refusal
    s.play(Move(US, "Yorktown", "L4"))
    s.play(Form(US, "Yorktown", "TF16"))
    assert G.u(s.state, "Yorktown").formation == "TF16"
    # The marker now carries a ship that has moved: the whole box waits.
    refusal = s.check(Move(US, "TF16", "K4"))
    assert refusal is not None and "Yorktown" in refusal


def test_moving_a_boxed_ship_alone_needs_it_taken_out() -> None:
    s = session_at(day_position(2))
    refusal = s.check(Move(US, "Enterprise", "K4"))
    assert refusal is not None and "not one of your ships or markers" in refusal


def test_exits_by_side() -> None:
    """Exiting the Map: Japanese ships leave west of row F inclusive, US ships east of G
    inclusive; withdrawn ships never return and give no VPs even if damaged."""
    state = day_position(2)
    state = place(state, "N4", TF16)
    state = put(state, "Hornet", reduced=True)
    state = place(state, "B1", ["DD4"], "")
    state = place(state, "H1", ["DD10"], "")
    s = session_at(state)
    japan_before = scores(G, s.state)[JAPAN]
    s.play(Exit(US, "TF16"))
    assert all(G.u(s.state, x).loc == "withdrawn" for x in TF16)
    assert G.u(s.state, "Hornet-F1").loc == "withdrawn"  # aircraft aboard go with their carrier
    assert scores(G, s.state)[JAPAN] == japan_before - 5  # the damaged Hornet no longer counts
    assert s.check(Exit(JAPAN, "DD4")) is None
    refusal = s.check(Exit(JAPAN, "DD10"))
    assert refusal is not None and "west of F" in refusal
    refusal = s.check(Exit(US, "TF17"))
    assert refusal is not None and "east of G" in refusal


def test_orders_stay_secret() -> None:
    """Ship Movement: both move secretly; only the mover hears of it."""
    s = session_at(day_position(2))
    events = s.play(Move(US, "TF16", "K4"))
    assert all(e.audience == (US,) for e in events)
    assert "K4" not in str(s.view(JAPAN))
    sealed = s.play(Done(US))
    assert [e.audience for e in sealed] == [("all",)]
