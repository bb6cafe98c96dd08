"""Set-up and the entry of Japanese units (victory-at-midway.txt › Setup)."""

from __future__ import annotations

from dataclasses import replace

from midway_desktop.engine import Session
from midway_desktop.games.victory_at_midway import setup
from midway_desktop.games.victory_at_midway.actions import Done, Enter, Forgo, Form, Move, Place, Strike
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.state import JAPAN, US
from tests.games.victory_at_midway.helpers import CAT, TF16, TF17, G, day_position, fresh, place, put, session_at


def test_opening_position() -> None:
    """Setup: all units full strength; aircraft Ready on their carriers and Midway; the Marines on
    Midway; the four battalions one in each of TT1-TT4; SS4 in L5; Japanese ships in entry piles."""
    s = Session.start(RULES, seed=1)
    st = s.state
    assert st.step == "setup" and st.turn == 0
    assert all(not u.reduced for u in st.units)
    assert all(G.u(st, a.id).loc == "ready" and G.u(st, a.id).base == a.home for a in CAT.aircraft)
    assert all(G.u(st, g.id).loc == "Midway" for g in CAT.ground if g.side == US)
    assert {g.id: G.u(st, g.id).loc for g in CAT.ground if g.side == JAPAN} == {
        "I.D.1": "TT1", "I.D.2": "TT2", "Yoko": "TT3", "Kure": "TT4",
    }  # fmt: skip
    assert G.u(st, "SS4").loc == "L5"
    waiting = [s_ for s_, u in G.ships(st, JAPAN) if u.loc == "entry"]
    assert len(waiting) == len([x for x in CAT.ships if x.side == JAPAN]) - 1  # all but SS168
    assert G.u(st, "SS168").loc == "unplaced"
    assert {G.u(st, x).formation for x in TF16} == {"TF16"} and {G.u(st, x).formation for x in TF17} == {"TF17"}
    assert s.to_act() == (US, JAPAN)
    assert s.rules.phase(st).secret


def test_us_setup_within_five_of_n5() -> None:
    """US Setup: surface ships within five hexes of N5 — I4 allowed, H4 not."""
    s = session_at(fresh())
    assert s.check(Place(US, "TF16", "I4")) is None
    refusal = s.check(Place(US, "TF16", "H4"))
    assert refusal is not None and "five hexes of N5" in refusal


def test_us_submarines() -> None:
    """US Setup: SS1-SS3 within two hexes of Midway; SS4 always in L5."""
    s = session_at(fresh())
    assert s.check(Place(US, "SS1", "F6")) is None
    refusal = s.check(Place(US, "SS2", "E6"))
    assert refusal is not None and "two hexes of Midway" in refusal
    refusal = s.check(Place(US, "SS4", "L4"))
    assert refusal is not None and "L5" in refusal


def test_ss168_anywhere_and_secret() -> None:
    """Japanese Setup: SS168 in any hex; the US never learns where (double blind)."""
    s = session_at(fresh())
    events = s.play(Place(JAPAN, "SS168", "N12"))
    assert all(e.audience == (JAPAN,) for e in events)
    assert "SS168" not in str(s.view(US))
    assert s.check(Place(JAPAN, "TF16", "N12")) is not None


def test_done_needs_every_ship_placed() -> None:
    s = session_at(fresh())
    refusal = s.check(Done(US))
    assert refusal is not None and "Set up every ship" in refusal
    s.play(Place(US, "TF16", "L4"))
    s.play(Place(US, "TF17", "L5"))
    for sub, h in (("SS1", "F6"), ("SS2", "G6"), ("SS3", "H5")):
        s.play(Place(US, sub, h))
    s.play(Done(US))
    s.play(Place(JAPAN, "SS168", "H6"))
    events = s.play(Done(JAPAN))
    assert s.state.turn == 1 and s.state.step == "ship-movement"
    assert "Turn 1 begins" in " ".join(e.text for e in events)


def test_splitting_a_task_force_at_setup() -> None:
    """Stacking: a ship leaves its Task Force box to set up on its own."""
    s = session_at(fresh())
    s.play(Form(US, "Yorktown", ""))
    s.play(Place(US, "Yorktown", "N5"))
    s.play(Place(US, "TF17", "M5"))
    assert G.u(s.state, "Yorktown").loc == "N5" and G.u(s.state, "CA17.1").loc == "M5"


# -- entry --------------------------------------------------------------------------------------
def test_group_enters_through_column_a_on_its_turn() -> None:
    """Entry of Japanese Units: through any hex of column A, on the turn printed or later."""
    s = session_at(day_position(1))
    assert s.check(Enter(JAPAN, "1", "A1", "First Fleet")) is None
    refusal = s.check(Enter(JAPAN, "1", "B1"))
    assert refusal is not None and "column A" in refusal
    refusal = s.check(Enter(JAPAN, "2", "A9"))
    assert refusal is not None and "before Turn 2" in refusal and "never advanced" in refusal
    s.play(Enter(JAPAN, "1", "A1", "First Fleet"))
    assert all(G.u(s.state, x).loc == "A1" and G.u(s.state, x).formation == "First Fleet" for x in CAT.group("1").ships)
    # Entering is the move of the turn.
    refusal = s.check(Move(JAPAN, "First Fleet", "B1"))
    assert refusal is not None and "already moved" in refusal


def test_delayed_entry_of_single_ships() -> None:
    """Entry: the whole group or single ships may be delayed, and need not come on together."""
    s = session_at(day_position(4))
    s.play(Enter(JAPAN, "Akagi", "A3"))
    assert G.u(s.state, "Akagi").loc == "A3" and G.u(s.state, "Kaga").loc == "entry"
    s.play(Enter(JAPAN, "Kaga", "A5"))
    assert G.u(s.state, "Kaga").loc == "A5"


def test_slow_ships_enter_on_any_turn_then_keep_to_even_turns() -> None:
    """Entry and Ship Movement: a speed-1/2 ship enters with a one-time factor of 1 (on an odd
    turn too), then moves only on even turns."""
    s = session_at(day_position(3))
    s.play(Enter(JAPAN, "TT1", "A9"))
    assert G.u(s.state, "TT1").loc == "A9"
    later = session_at(replace(s.state, turn=5))
    refusal = later.check(Move(JAPAN, "TT1", "B9"))
    assert refusal is not None and "even-numbered" in refusal
    even = session_at(replace(s.state, turn=6))
    assert even.check(Move(JAPAN, "TT1", "B9")) is None


def test_turn_13_group() -> None:
    """Japanese Turn 13 Group: five turns after the first US carrier sighting, never before 13."""
    state = day_position(13)
    s = session_at(state)
    refusal = s.check(Enter(JAPAN, "13", "A1"))
    assert refusal is not None and "sighted" in refusal
    seen_early = session_at(replace(state, carrier_sighted=5))
    assert seen_early.check(Enter(JAPAN, "13", "A1")) is None  # 5 + 5 = 10, but not before 13
    seen_late = session_at(replace(state, carrier_sighted=10))
    refusal = seen_late.check(Enter(JAPAN, "13", "A1"))
    assert refusal is not None and "before Turn 15" in refusal
    assert session_at(replace(state, turn=15, carrier_sighted=10)).check(Enter(JAPAN, "13", "A1")) is None


def test_forgoing_entry() -> None:
    """Exiting the Map, play note: the Japanese may forgo a ship's or group's entry; it counts as
    withdrawn (no VPs) and never enters."""
    s = session_at(day_position(2))
    s.play(Forgo(JAPAN, "2"))
    assert all(G.u(s.state, x).loc == "withdrawn" for x in CAT.group("2").ships)
    assert G.u(s.state, "I.D.1").loc == "withdrawn"  # the battalion stays with its transport
    assert s.check(Enter(JAPAN, "2", "A9")) is not None
    assert s.check(Forgo(US, "TF16")) is not None


def test_fleet_box_must_share_a_hex() -> None:
    """Stacking: a Fleet marker stands for ships in one hex."""
    state = put(day_position(2), "Akagi", loc="A1", formation="First Fleet")
    s = session_at(state)
    refusal = s.check(Enter(JAPAN, "Kaga", "A3", "First Fleet"))
    assert refusal is not None and "share one hex" in refusal
    assert s.check(Enter(JAPAN, "Kaga", "A1", "First Fleet")) is None


def test_a_us_carrier_deployed_in_a_battle_is_sighted() -> None:
    """Japanese Turn 13 Group: the clock starts when the Japanese first sight a US carrier or
    carrier air unit; a carrier deployed in a battle (here: a blind strike on the Midway hex,
    which always finds its target) is in sight of both players, search or no search."""
    state = day_position(9, "air-strikes")
    state = place(state, "F5", ("Akagi", "Kaga", "Hiryu", "Soryu"), "First Fleet", moved=9)
    state = place(state, "H6", TF17, moved=9)
    s = session_at(state)
    assert s.state.carrier_sighted == 0
    s.play(Strike(JAPAN, "Kaga-D1", "H6", 1))
    s.play(Done(US))
    s.play(Done(JAPAN))
    battle = s.state.battle
    assert battle is not None and "Yorktown" in battle.defenders
    assert s.state.carrier_sighted == 9
    assert setup.entry_turn(G, s.state, "13") == 14  # 9 + 5, never before 13


def test_an_early_entry_is_refused_for_its_turn_wherever_it_is_dropped() -> None:
    """Entry of Japanese Units: never before the turn printed. That is the rule named, whatever
    the hex (a hex outside column A is the second thing wrong); groups are named by their pile,
    ships by their counter; a group that has entered is told so."""
    s = session_at(day_position(1))
    for hex_ in ("A7", "B7", "K4"):
        refusal = s.check(Enter(JAPAN, "2", hex_))
        assert refusal is not None and refusal.startswith("The Turn 2 group may not enter before Turn 2"), refusal
    assert (s.check(Enter(JAPAN, "TT1", "A7")) or "").startswith("TT1 may not enter before Turn 2")
    s.play(Enter(JAPAN, "1", "A5", "First Fleet"))
    again = s.check(Enter(JAPAN, "1", "A6"))
    assert again is not None and again.startswith("The Turn 1 group has entered")
    assert "is on the map already" in (s.check(Enter(JAPAN, "Akagi", "A6")) or "")
    assert Enter(JAPAN, "1", "A5", "First Fleet").describe() == "the Turn 1 group enters at A5 as First Fleet"
    assert Forgo(JAPAN, "13").describe() == "forgo the entry of the Turn 13 group"
