"""Search operations and the fog (victory-at-midway.txt › Search Operations, Optional Rules)."""

from __future__ import annotations

from dataclasses import replace

from midway_desktop.games.victory_at_midway.actions import AssignSearch, Done, Strike
from midway_desktop.games.victory_at_midway.air import strike_refusal
from midway_desktop.games.victory_at_midway.state import JAPAN, US
from tests.games.victory_at_midway.helpers import FIRST_FLEET, TF16, TF17, G, day_position, place, put, says, session_at


def searched(s) -> list[str]:  # type: ignore[no-untyped-def]
    """Both sides seal; the result announcements."""
    events = []
    for side in s.to_act():
        events += s.play(Done(side))
    return says(events, "search-result")


def test_air_search_covers_the_hex_and_its_neighbours() -> None:
    """Air Searches: the assigned hex and every adjacent hex; not two hexes away."""
    state = place(day_position(9, "search"), "E6", ["DD4"], "")
    state = place(state, "D6", ["CA8"], "")
    s = session_at(state)
    s.play(AssignSearch(US, "air", "F5"))
    assert searched(s) == ["Ships in E6."]


def test_carriers_in_and_ships_in() -> None:
    """Announcing Search Results: 'Carriers in' when any carrier is in the hex."""
    state = place(day_position(9, "search"), "F5", FIRST_FLEET, "First Fleet")
    state = place(state, "E5", ["DD15"], "")
    s = session_at(state)
    s.play(AssignSearch(US, "air", "F5"))
    assert searched(s) == ["Ships in E5.", "Carriers in F5."]


def test_submarines_are_never_found() -> None:
    """Optional Rules › Submarines: subs are never spotted by enemy searches of either kind."""
    state = place(day_position(9, "search"), "H6", ["DD4"], "")
    s = session_at(state)
    s.play(AssignSearch(JAPAN, "ship", "H6"))
    state = place(s.state, "G6", ["Akagi"], "")  # SS2's hex, with a carrier to search from
    s = session_at(state)
    s.play(AssignSearch(JAPAN, "air", "G6"))
    s.play(AssignSearch(JAPAN, "ship", "G6"))
    assert searched(s) == []  # SS1-SS3 sit around Midway, unseen


def test_ship_searches() -> None:
    """Ship Searches: in hexes with the side's own ships (subs included), and Midway while the
    side has ground units there; a ship search finds the enemy in that hex only."""
    state = place(day_position(9, "search"), "H5", ["DD4"], "")
    s = session_at(state)
    assert s.check(AssignSearch(US, "ship", "H5")) is None  # SS3 is there
    assert s.check(AssignSearch(US, "ship", "H6")) is None  # the Marines
    refusal = s.check(AssignSearch(US, "ship", "E5"))
    assert refusal is not None and "holding one of your ships" in refusal
    refusal = s.check(AssignSearch(JAPAN, "ship", "H6"))
    assert refusal is not None
    s.play(AssignSearch(US, "ship", "H5"))
    assert searched(s) == ["Ships in H5."]


def test_air_searches_only_by_day() -> None:
    """Air Searches: only on day turns; ship searches go on at night."""
    state = place(day_position(6, "search"), "H6", ["DD4"], "")
    s = session_at(state)
    refusal = s.check(AssignSearch(US, "air", "H6"))
    assert refusal is not None and "day turns" in refusal
    s.play(AssignSearch(US, "ship", "H6"))
    assert searched(s) == ["Ships in Midway."]


def test_us_midway_and_carrier_searches() -> None:
    """Air Search Limits: one in the Midway hex, three more within six hexes of Midway, and one in
    each hex with an undamaged US carrier."""
    s = session_at(day_position(9, "search"))
    for h in ("H6", "E6", "F5", "G4"):
        s.play(AssignSearch(US, "air", h))
    refusal = s.check(AssignSearch(US, "air", "G8"))
    assert refusal is not None and "already assigned" in refusal
    refusal = s.check(AssignSearch(US, "air", "A1"))
    assert refusal is not None and "six hexes of Midway" in refusal
    assert s.check(AssignSearch(US, "air", "L4")) is None  # TF16's carriers
    assert s.check(AssignSearch(US, "air", "L5")) is None  # Yorktown
    assert s.check(AssignSearch(US, "air", "H6")) is not None  # no second search of one hex


def test_searches_are_matched_to_their_allowances() -> None:
    """A carrier-hex search inside Midway's six hexes uses the carrier's search, not Midway's."""
    state = place(day_position(9, "search"), "J5", TF16)
    s = session_at(state)
    s.play(AssignSearch(US, "air", "J5"))
    for h in ("H6", "E6", "F5", "G4"):
        assert s.check(AssignSearch(US, "air", h)) is None
        s.play(AssignSearch(US, "air", h))


def test_damaged_carriers_do_not_search() -> None:
    """Air Search Limits: carrier searches need an undamaged carrier."""
    state = place(day_position(9, "search"), "N12", TF16 + TF17)
    state = put(place(state, "N10", ["Enterprise"], ""), "Enterprise", reduced=True)
    s = session_at(state)
    assert s.check(AssignSearch(US, "air", "N12")) is None
    refusal = s.check(AssignSearch(US, "air", "N10"))
    assert refusal is not None and "No US air search" in refusal


def test_japanese_ground_units_on_midway_end_its_air_searches() -> None:
    """Air Search Limits: Midway's searches only while no Japanese ground unit is on the atoll."""
    state = put(day_position(9, "search"), "Kure", loc="Midway")
    s = session_at(place(state, "N12", TF16 + TF17))
    assert s.check(AssignSearch(US, "air", "H6")) is not None


def test_night_ship_searches_option() -> None:
    """Ship Searches at Night: a die for each; 1-5 ineffective, 6-10 effective; the enemy still
    hears of the search."""
    state = place(day_position(6, "search", "night-ship-searches"), "H6", ["DD4"], "")
    s = session_at(state, [5])
    s.play(AssignSearch(US, "ship", "H6"))
    events = s.play(Done(US)) + s.play(Done(JAPAN))
    assert says(events, "search-result") == []
    assert [(e.data["to"], e.data["says"]) for e in events if e.kind == "search-nothing"] == [(US, "Nothing found.")]
    assert says(events, "search-declared")[0] == "Ship search in Midway."
    s = session_at(state, [6])
    s.play(AssignSearch(US, "ship", "H6"))
    assert searched(s) == ["Ships in Midway."]


def test_wake_and_johnston_option() -> None:
    """Wake and Johnston Islands: one extra air search within two hexes of A11 (Japan) or K12 (US)."""
    state = place(day_position(9, "search", "wake-johnston"), "A1", FIRST_FLEET, "First Fleet")
    s = session_at(state)
    assert s.check(AssignSearch(JAPAN, "air", "B11")) is None
    assert s.check(AssignSearch(US, "air", "L12")) is None
    plain = session_at(place(day_position(9, "search"), "A1", FIRST_FLEET, "First Fleet"))
    assert plain.check(AssignSearch(JAPAN, "air", "B11")) is not None


# -- fog -----------------------------------------------------------------------------------------
def fog_position():
    state = day_position(9, "search", "fog")
    state = place(state, "B2", FIRST_FLEET, "First Fleet")  # in the fog area
    return place(state, "E4", ["DD15"], "")  # outside it


def test_fog_hides_ships_and_stops_their_searches() -> None:
    """Fog: units in the fog may not search, nor may air searches be traced from carriers there;
    ships in fog may not be located."""
    s = session_at(fog_position())
    assert s.check(AssignSearch(JAPAN, "air", "B2")) is not None
    refusal = s.check(AssignSearch(JAPAN, "ship", "B2"))
    assert refusal is not None and "fog" in refusal
    assert s.check(AssignSearch(JAPAN, "ship", "E4")) is None
    s = session_at(place(fog_position(), "C3", TF16))
    assert s.check(AssignSearch(US, "ship", "C3")) is not None  # TF16 in the fog: no search from there
    # A search from outside reaches into the fog but finds nothing there.
    s = session_at(place(fog_position(), "C3", ["DD4"], ""))
    s.play(AssignSearch(US, "air", "C3"))
    assert searched(s) == []


def test_fog_keeps_strikes_out() -> None:
    """Fog: carriers in fog may not launch; no strikes fly into the fog."""
    state = replace(fog_position(), step="air-strikes")
    s = session_at(state)
    refusal = strike_refusal(G, state, Strike(JAPAN, "Akagi-D1", "B3", 1))
    assert refusal is not None and "fog" in refusal
    # Nothing of Japan's can take off: Japan is asked all the same, and may only seal.
    assert JAPAN in s.to_act() and s.legal_actions(JAPAN) == [Done(JAPAN)]
    us = session_at(replace(place(state, "H3", TF16), step="air-strikes"))
    refusal = us.check(Strike(US, "Enterprise-D1", "D3", 1))
    assert refusal is not None and "into the fog" in refusal


def test_fog_roll_at_the_end_of_the_turn() -> None:
    """Fog: at the end of every turn one die; on a 1 fair weather returns for good."""
    state = replace(day_position(6, "air-preparation", "fog"), sealed=frozenset())
    state = put(put(state, "Midway-D1", loc="notready"), "Akagi-D1", loc="notready")
    s = session_at(state, [4])
    s.play(Done(US))
    events = s.play(Done(JAPAN))
    assert s.state.fog and s.state.turn == 7
    assert any("the fog stays" in e.text for e in events)
    s = session_at(state, [1])
    s.play(Done(US))
    s.play(Done(JAPAN))
    assert not s.state.fog


def test_a_search_that_finds_nothing_is_answered() -> None:
    """Announcing Search Results: every side that searched hears an answer. Where no searched hex
    holds an enemy ship the searcher is told nothing was found (silence would read as a step not
    yet played); a side that did not search hears nothing."""
    for us_hex, found in (("F5", True), ("L8", False)):
        state = place(day_position(9, "search"), "F5", FIRST_FLEET, "First Fleet")
        s = session_at(state)
        s.play(AssignSearch(US, "air", us_hex))
        events = s.play(Done(US)) + s.play(Done(JAPAN))
        nothing = [e for e in events if e.kind == "search-nothing"]
        assert bool(says(events, "search-result")) == found
        assert [e.data["to"] for e in nothing] == ([] if found else [US])
        assert all(e.visible_to(US) and e.visible_to(JAPAN) for e in nothing)  # said aloud, as results are
        assert all("nothing found" in e.text for e in nothing)
