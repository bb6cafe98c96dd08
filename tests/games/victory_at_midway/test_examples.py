"""The rulebook's examples of play, replayed die for die (victory-at-midway.txt).

Search Example (Search Operations); Assigning Air Strikes Example, Example of Play: Air Strike,
Midway Base Strike Example and Air Unit Retrieval Example (Air Operations, one continuing
Turn 8); Finding the Enemy examples; the range design note; the Midway Airfield Damage example.

Two notes on order. The text puts the US first in declaring searches, announcing results and
resolving strikes, while the examples happen to show the Japanese first; the rule is followed
here (the outcome is the same, the two battles of Turn 8 being independent). And the US strike
on F5 flies 2 hexes, so with Finding the Enemy it rolls first (a 7: it finds the fleet) — the
example does not mention that roll.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from midway_desktop.engine import ScriptedRng
from midway_desktop.games.victory_at_midway.actions import (
    AATarget,
    AirTarget,
    AssignSearch,
    BombTarget,
    Cap,
    Ditch,
    Done,
    Land,
    MidwayStrike,
    Strike,
)
from midway_desktop.games.victory_at_midway.air import aboard, capacity, landable
from midway_desktop.games.victory_at_midway.search import air_allowances, midway_searches
from midway_desktop.games.victory_at_midway.state import JAPAN, US
from tests.games.victory_at_midway.helpers import (
    FIRST_FLEET,
    MIDWAY_BOMBERS,
    MIDWAY_FIGHTERS,
    TF16,
    TF17,
    G,
    day_position,
    pass_until,
    place,
    says,
    session_at,
    texts,
)

SECOND_FLEET = ("TT1", "TT2", "TT3", "TT4", "ST11", "DD15", "DD16", "DD18", "CA7.1", "CA7.2", "DD8", "BB3.1", "CA4",
                "CA5", "Zuiho", "DD2", "DD9")  # fmt: skip


# -- Search Example ---------------------------------------------------------------------------
def search_example_position():
    """Turn 5: the Turn 1 units (First Fleet) in F5, the Turn 2-4 units (Second Fleet) in D7; the
    US carriers in I4."""
    state = day_position(5, "search")
    state = place(state, "F5", FIRST_FLEET, "First Fleet", moved=5)
    state = place(state, "D7", SECOND_FLEET, "Second Fleet", moved=5)
    state = place(state, "I4", TF16 + TF17, moved=5)
    return state


def test_search_example_announcements_and_results() -> None:
    """Search Operations › Search Example: the declarations and the results, word for word."""
    s = session_at(search_example_position())
    # Japan: F5 (its carriers' hex) and the two bonus searches H4 and Midway; not D7.
    for h in ("F5", "H4", "H6"):
        s.play(AssignSearch(JAPAN, "air", h))
    for h in ("E6", "F5", "G4", "H6"):
        s.play(AssignSearch(US, "air", h))
    s.play(Done(US))
    events = s.play(Done(JAPAN))
    assert says(events, "search-declared") == [
        "Air searches in E6, F5, G4, and Midway.",  # the US declares first (the rule)
        "Air searches in F5, H4, and Midway.",
    ]
    results = [e for e in events if e.kind == "search-result"]
    assert [(e.data["by"], e.data["says"]) for e in results] == [
        (US, "Carriers in I4."),  # the US announces what the Japanese searches found, first
        (JAPAN, "Carriers in F5."),
    ]
    assert all(e.audience == ("all",) for e in results)  # said aloud across the table
    assert [e.data["to"] for e in results] == [JAPAN, US]
    # The Second Fleet in D7 is not sighted; markers go on each side's own map.
    jp = s.view(JAPAN)[JAPAN]["sightings"]
    us = s.view(US)[US]["sightings"]
    assert jp == [{"turn": 5, "hex": "I4", "carriers": True, "current": True}]
    assert us == [{"turn": 5, "hex": "F5", "carriers": True, "current": True}]
    assert s.view(JAPAN)[JAPAN]["enemy_searches"] == [["air", h] for h in ("E6", "F5", "G4", "H6")]
    # Sighting the US carriers starts the Turn 13 group's clock.
    assert s.state.carrier_sighted == 5


def test_search_example_bonus_searches_are_two_in_all() -> None:
    """Air Search Limits: two bonus searches per turn in total, not two per carrier."""
    s = session_at(search_example_position())
    s.play(AssignSearch(JAPAN, "air", "H4"))
    s.play(AssignSearch(JAPAN, "air", "H6"))
    refusal = s.check(AssignSearch(JAPAN, "air", "G4"))
    assert refusal is not None and "already assigned" in refusal
    # The carrier-hex searches remain: F5 and D7 (Zuiho).
    assert s.check(AssignSearch(JAPAN, "air", "F5")) is None
    assert s.check(AssignSearch(JAPAN, "air", "D7")) is None


# -- Turn 8: assigning strikes, the strike on F5, the base strike, retrieval -----------------------
JP_BASE_STRIKE = (
    "Akagi-F1", "Kaga-F1", "Hiryu-F1", "Soryu-F1",  # four F
    "Akagi-D1", "Akagi-D2", "Kaga-D1", "Kaga-D2",  # four D
    "Hiryu-T1", "Hiryu-T2", "Soryu-T1", "Soryu-T2",  # four T
)  # fmt: skip
JP_CAP = ("Akagi-F2", "Kaga-F2", "Hiryu-F2", "Soryu-F2")

STRIKE_ON_F5_DICE = [
    7,  # finding the enemy, 2 hexes: found
    3, 5,  # Akagi-F2 at the T: two hits, eliminated
    1, 7,  # Kaga-F2 at Midway-D1: eliminated
    2, 9, 5,  # Hiryu-F2 at Midway-D2: reduced; it returns fire (one die) and misses
    8, 6, 4,  # Soryu-F2 at Midway-D3: reduced; misses in return
    5, 8,  # DD4's AA: miss
    3, 9,  # DD10's AA: miss
    6, 9,  # the H at Kaga: both miss
    6,  # reduced Midway-D3 at Akagi: miss
    1,  # reduced Midway-D2 at Akagi: a hit
]  # fmt: skip
BASE_STRIKE_DICE = [
    2, 8,  # position: the US rolls lower and fires first
    3, 10, 6,  # Midway-F1 (3) at Hiryu-T1: one hit; its return fire (one die) misses
    5, 9, 4, 8,  # Midway-F2 (3) at Soryu-T1: misses; return fire misses with both
    4, 6, 5,  # Midway-F3 (4) at Akagi-F1: one hit; the reduced Zeke's 5 hits back
    3, 9,  # Kaga-F1 at the reduced F4F: eliminated
    1, 2,  # Hiryu-F1 at Midway-F2: eliminated
    2, 9, 4,  # Soryu-F1 and the reduced Akagi-F1 at Midway-F1: eliminated
    1, 5, 2, 3, 4, 6, 7, 8, 9, 10, 2, 4,  # six Marine units' AA, needing a 1: one hit on a D
    5, 2, 7, 9, 4, 3, 8, 6, 1, 10, 5, 5, 4, 9,  # bombing: two hits
]  # fmt: skip


def turn8_position():
    state = day_position(8, "midway-strike")
    state = place(state, "F5", FIRST_FLEET, "First Fleet", moved=8)
    state = place(state, "I4", TF16 + TF17, moved=8)
    return state


def play_turn8_to_strikes(s) -> None:  # type: ignore[no-untyped-def]
    """Assigning Air Strikes Example: the Japanese base strike, the searches, the US strike."""
    for unit in JP_BASE_STRIKE:
        s.play(MidwayStrike(JAPAN, unit))
    s.play(Done(JAPAN))
    s.play(AssignSearch(US, "air", "F5"))
    s.play(Done(US))
    for h in ("F5", "H4", "H6"):
        s.play(AssignSearch(JAPAN, "air", h))
    s.play(Done(JAPAN))
    for unit in MIDWAY_BOMBERS:
        s.play(Strike(US, unit, "F5", 1))
    s.play(Done(US))


def test_assigning_air_strikes_example() -> None:
    """Air Operations › Assigning Air Strikes Example (Turn 8)."""
    s = session_at(turn8_position(), STRIKE_ON_F5_DICE)
    for unit in JP_BASE_STRIKE:
        s.play(MidwayStrike(JAPAN, unit))
    committed = [a for a, st in G.aircraft(s.state, JAPAN) if st.loc == "aloft"]
    types = sorted(G.cat.plane(a).type for a in committed)
    assert types == ["D"] * 4 + ["F"] * 4 + ["T"] * 4
    s.play(Done(JAPAN))
    s.play(AssignSearch(US, "air", "F5"))
    s.play(Done(US))
    for h in ("F5", "H4", "H6"):
        s.play(AssignSearch(JAPAN, "air", h))
    events = s.play(Done(JAPAN))
    assert "Carriers in I4." in says(events, "search-result")
    # The US carriers in I4 are out of range of F5: three hexes.
    refusal = s.check(Strike(JAPAN, "Kaga-T1", "I4", 1))
    assert refusal is not None and "out of range" in refusal and "3 hexes" in refusal
    assert not [a for a in s.legal_actions(JAPAN) if isinstance(a, Strike) and a.hex == "I4"]
    # The five Midway bombers go to F5; the three fighters stay in the Ready box.
    for unit in MIDWAY_BOMBERS:
        s.play(Strike(US, unit, "F5", 1))
    assert all(G.u(s.state, f).loc == "ready" for f in MIDWAY_FIGHTERS)
    s.play(Done(US))
    s.play(Done(JAPAN))
    # The lone US strike resolves first; the Japanese fleet is deployed and may fly CAP.
    battle = s.state.battle
    assert battle is not None and battle.attacker == US and battle.hex == "F5"
    assert battle.defenders == FIRST_FLEET
    assert sorted(battle.strike) == sorted(MIDWAY_BOMBERS)


def test_air_strike_example_of_play() -> None:
    """Air Operations › Example of Play: Air Strike (US strike on F5)."""
    s = session_at(turn8_position(), STRIKE_ON_F5_DICE)
    play_turn8_to_strikes(s)
    s.play(Done(JAPAN))
    # Nine ship units and four Ready fighters as CAP.
    assert len(s.state.battle.defenders) == 9
    assert sorted(a.unit for a in s.legal_actions(JAPAN) if isinstance(a, Cap)) == sorted(JP_CAP)
    for f in JP_CAP:
        s.play(Cap(JAPAN, f))
    battle = s.state.battle
    assert battle.stage == "air-targets" and battle.rounds == (JAPAN,)  # no escorts: one round, CAP only
    # CAP may not engage the H unit.
    refusal = s.check(AirTarget(JAPAN, "Akagi-F2", "Midway-H1"))
    assert refusal is not None and "H unit" in refusal
    s.play(AirTarget(JAPAN, "Akagi-F2", "Midway-T1"))
    s.play(AirTarget(JAPAN, "Kaga-F2", "Midway-D1"))
    s.play(AirTarget(JAPAN, "Hiryu-F2", "Midway-D2"))
    s.play(AirTarget(JAPAN, "Soryu-F2", "Midway-D3"))
    # One T and one D eliminated, the other two D reduced; return fires missed.
    assert G.u(s.state, "Midway-T1").loc == "lost"
    assert G.u(s.state, "Midway-D1").loc == "lost"
    assert G.u(s.state, "Midway-D2").reduced and G.u(s.state, "Midway-D3").reduced
    assert not any(G.u(s.state, f).reduced for f in JP_CAP)
    # Only two of the nine ships may fire AA: two targets, the H excluded.
    assert s.state.battle.stage == "aa-targets"
    refusal = s.check(AATarget(JAPAN, "DD4", "Midway-H1"))
    assert refusal is not None and "H unit" in refusal
    s.play(AATarget(JAPAN, "DD4", "Midway-D2"))
    refusal = s.check(AATarget(JAPAN, "DD17", "Midway-D2"))
    assert refusal is not None and "one ship" in refusal
    events = s.play(AATarget(JAPAN, "DD10", "Midway-D3"))
    aa_rolls = [e for e in events if e.kind == "roll" and "AA" in e.text]
    assert len(aa_rolls) == 2 and all("needs 2 or less" in e.text for e in aa_rolls)
    # The bombers, all with values of 1: H at Kaga, the two reduced D at Akagi.
    assert s.state.battle.stage == "bomb-targets"
    assert all(G.cat.plane(b).strike == 1 for b in MIDWAY_BOMBERS)
    s.play(BombTarget(US, "Midway-H1", "Kaga"))
    s.play(BombTarget(US, "Midway-D3", "Akagi"))
    events = s.play(BombTarget(US, "Midway-D2", "Akagi"))
    # Two bomber units in Akagi's Ready box: they and the Akagi are lost (damage control).
    assert G.u(s.state, "Akagi").loc == "sunk"
    assert G.u(s.state, "Akagi-T1").loc == G.u(s.state, "Akagi-T2").loc == "lost"
    assert any("inferior Japanese damage control" in t for t in texts(events, "sunk"))
    # Three surviving US air units back over F5; the CAP back over F5 too.
    aloft_us = sorted(f.unit for f in s.state.flights if G.side_of(f.unit) == US)
    assert aloft_us == ["Midway-D2", "Midway-D3", "Midway-H1"]
    assert sorted(f.unit for f in s.state.flights if f.kind == "cap") == sorted(JP_CAP)
    assert s.state.resolved[0] == "strike:F5"


def play_strike_on_f5(s) -> None:  # type: ignore[no-untyped-def]
    play_turn8_to_strikes(s)
    s.play(Done(JAPAN))
    for f in JP_CAP:
        s.play(Cap(JAPAN, f))
    s.play(AirTarget(JAPAN, "Akagi-F2", "Midway-T1"))
    s.play(AirTarget(JAPAN, "Kaga-F2", "Midway-D1"))
    s.play(AirTarget(JAPAN, "Hiryu-F2", "Midway-D2"))
    s.play(AirTarget(JAPAN, "Soryu-F2", "Midway-D3"))
    s.play(AATarget(JAPAN, "DD4", "Midway-D2"))
    s.play(AATarget(JAPAN, "DD10", "Midway-D3"))
    s.play(BombTarget(US, "Midway-H1", "Kaga"))
    s.play(BombTarget(US, "Midway-D3", "Akagi"))
    s.play(BombTarget(US, "Midway-D2", "Akagi"))


def play_base_strike(s) -> None:  # type: ignore[no-untyped-def]
    for f in MIDWAY_FIGHTERS:
        s.play(Cap(US, f))
    s.play(AirTarget(US, "Midway-F1", "Hiryu-T1"))
    s.play(AirTarget(US, "Midway-F2", "Soryu-T1"))
    s.play(AirTarget(US, "Midway-F3", "Akagi-F1"))
    s.play(AirTarget(JAPAN, "Kaga-F1", "Midway-F3"))
    s.play(AirTarget(JAPAN, "Hiryu-F1", "Midway-F2"))
    s.play(AirTarget(JAPAN, "Soryu-F1", "Midway-F1"))
    s.play(AirTarget(JAPAN, "Akagi-F1", "Midway-F1"))
    for marine, bomber in zip(
        ("6D.1", "6D.2", "6D.3", "6D.4", "6D.5", "6D.6"),
        ("Akagi-D1", "Akagi-D2", "Kaga-D1", "Kaga-D2", "Hiryu-T2", "Soryu-T1"),
    ):
        s.play(AATarget(US, marine, bomber))
    for bomber, marine in (
        ("Akagi-D1", "6D.1"), ("Akagi-D2", "6D.2"), ("Kaga-D1", "6D.3"), ("Kaga-D2", "6D.4"),
        ("Hiryu-T1", "6D.5"), ("Hiryu-T2", "6D.6"), ("Soryu-T1", "6D.1"), ("Soryu-T2", "6D.2"),
    ):  # fmt: skip
        s.play(BombTarget(JAPAN, bomber, marine))


def test_midway_base_strike_example() -> None:
    """Air Operations › Midway Base Strike Example (Turn 8)."""
    s = session_at(turn8_position(), STRIKE_ON_F5_DICE + BASE_STRIKE_DICE)
    play_strike_on_f5(s)
    battle = s.state.battle
    assert battle is not None and battle.attacker == JAPAN and battle.base
    assert len(battle.strike) == 12
    # Six ground units deployed; Midway's three Ready fighters may fly CAP (carrier fighters and
    # US ships in the hex may not join a base strike).
    assert battle.defenders == ("6D.1", "6D.2", "6D.3", "6D.4", "6D.5", "6D.6")
    assert sorted(a.unit for a in s.legal_actions(US) if isinstance(a, Cap)) == list(MIDWAY_FIGHTERS)
    assert sorted(G.cat.plane(f).air for f in MIDWAY_FIGHTERS) == [3, 3, 4]
    for f in MIDWAY_FIGHTERS:
        s.play(Cap(US, f))
    # Both sides have fighters: the US rolled lower and fires first, then the Japanese escorts.
    assert s.state.battle.rounds == (US, JAPAN)
    s.play(AirTarget(US, "Midway-F1", "Hiryu-T1"))
    s.play(AirTarget(US, "Midway-F2", "Soryu-T1"))
    s.play(AirTarget(US, "Midway-F3", "Akagi-F1"))
    assert G.u(s.state, "Hiryu-T1").reduced and not G.u(s.state, "Soryu-T1").reduced
    assert G.u(s.state, "Akagi-F1").reduced  # the 4 and 6: one hit
    assert G.u(s.state, "Midway-F3").reduced  # the reduced Zeke's single 5 hits (value 7)
    assert s.state.battle.rounds == (JAPAN,)
    s.play(AirTarget(JAPAN, "Kaga-F1", "Midway-F3"))
    s.play(AirTarget(JAPAN, "Hiryu-F1", "Midway-F2"))
    s.play(AirTarget(JAPAN, "Soryu-F1", "Midway-F1"))
    events = s.play(AirTarget(JAPAN, "Akagi-F1", "Midway-F1"))
    assert all(G.u(s.state, f).loc == "lost" for f in MIDWAY_FIGHTERS)
    assert not [e for e in events if "returns fire" in e.text]  # no refiring from them
    # Ground AA at the bombers, needing a 1: one hit on a D.
    assert s.state.battle.stage == "aa-targets"
    for marine, bomber in zip(
        ("6D.1", "6D.2", "6D.3", "6D.4", "6D.5", "6D.6"),
        ("Akagi-D1", "Akagi-D2", "Kaga-D1", "Kaga-D2", "Hiryu-T2", "Soryu-T1"),
    ):
        s.play(AATarget(US, marine, bomber))
    assert G.u(s.state, "Akagi-D1").reduced
    assert sum(G.u(s.state, b).reduced for b in JP_BASE_STRIKE) == 3  # the T, the Zeke, the D
    # The surviving bombers attack the ground units: two hits reduce two units.
    for bomber, marine in (
        ("Akagi-D1", "6D.1"), ("Akagi-D2", "6D.2"), ("Kaga-D1", "6D.3"), ("Kaga-D2", "6D.4"),
        ("Hiryu-T1", "6D.5"), ("Hiryu-T2", "6D.6"), ("Soryu-T1", "6D.1"),
    ):  # fmt: skip
        s.play(BombTarget(JAPAN, bomber, marine))
    events = s.play(BombTarget(JAPAN, "Soryu-T2", "6D.2"))
    reduced = [g for g in ("6D.1", "6D.2", "6D.3", "6D.4", "6D.5", "6D.6") if G.u(s.state, g).reduced]
    assert reduced == ["6D.2", "6D.6"]
    assert all(G.u(s.state, g).loc == "Midway" for g in reduced)  # never eliminated from the air
    # Midway Airfield Damage: two hits, capacity 6; no air unit was left on the field to lose.
    assert s.state.airfield_hits == 2
    assert capacity(G, s.state, "Midway") == 6
    assert s.state.battle is None
    assert "Midway's airfield takes 2 hits: capacity now 6." in texts(events, "airfield")
    # Next is the Air Preparation Phase; as the retrieval example says, nobody has Not Ready units
    # to make Ready: both sides are asked all the same, and seal with no orders.
    assert s.state.step == "air-preparation" and s.to_act() == (US, JAPAN)
    assert s.legal_actions(US) == [Done(US)] and s.legal_actions(JAPAN) == [Done(JAPAN)]
    assert pass_until(s, "air-return") == ["air-preparation", "air-preparation"]


def test_air_unit_retrieval_example() -> None:
    """Air Operations › Air Unit Retrieval Example (Turn 8's Air Preparation and Air Return)."""
    s = session_at(turn8_position(), STRIKE_ON_F5_DICE + BASE_STRIKE_DICE)
    play_strike_on_f5(s)
    play_base_strike(s)
    assert pass_until(s, "air-return") == ["air-preparation", "air-preparation"]
    # Nothing is Not Ready: all aircraft are in the air, eliminated or Ready; both sides sealed
    # the Air Preparation Phase with no orders (and are told so as for any orders).
    assert not [a for a, st in G.aircraft(s.state) if st.loc in ("notready", "notready2")]
    sealed = [e.text for e in s.log(US) if e.kind == "sealed" and "Air Preparation" in e.text]
    assert sealed == ["US has sealed its orders (Air Preparation Phase).",
                      "Japan has sealed its orders (Air Preparation Phase)."]  # fmt: skip
    assert s.state.step == "air-return"
    # The three US bombers land in Midway's Not Ready box (the H in its Not Ready 2 part).
    for unit in ("Midway-D2", "Midway-D3", "Midway-H1"):
        s.play(Land(US, unit, "Midway"))
    assert G.u(s.state, "Midway-D2").loc == G.u(s.state, "Midway-D3").loc == "notready"
    assert G.u(s.state, "Midway-H1").loc == "notready2"
    # Japan: 16 units flying, 7 aboard the three carriers, capacity 20: three must ditch.
    flying = [f.unit for f in s.state.flights if G.side_of(f.unit) == JAPAN]
    assert len(flying) == 16
    carriers = ("Kaga", "Hiryu", "Soryu")
    assert sum(aboard(G, s.state, c) for c in carriers) == 7
    assert sum(capacity(G, s.state, c) for c in carriers) == 20
    assert landable(G, s.state, JAPAN) == 13
    reduced = sorted(u for u in flying if G.u(s.state, u).reduced)
    assert reduced == ["Akagi-D1", "Akagi-F1", "Hiryu-T1"]  # the reduced ones from the base strike
    assert {a.unit for a in s.legal_actions(JAPAN) if isinstance(a, Ditch)} == set(flying)
    for unit in reduced:
        s.play(Ditch(JAPAN, unit))
    # Now every remaining unit has room: ditching is no longer allowed.
    assert not [a for a in s.legal_actions(JAPAN) if isinstance(a, Ditch)]
    refusal = s.check(Ditch(JAPAN, "Kaga-F2"))
    assert refusal is not None and "place to land" in refusal
    # CAP lands in Ready boxes, strike units in Not Ready boxes.
    remaining = [f for f in s.state.flights if G.side_of(f.unit) == JAPAN]
    for f in remaining:
        base = next(c for c in carriers if aboard(G, s.state, c) < capacity(G, s.state, c))
        s.play(Land(JAPAN, f.unit, base))
    for f in JP_CAP:
        assert G.u(s.state, f).loc == "ready"
    for unit in JP_BASE_STRIKE:
        if unit not in reduced:
            assert G.u(s.state, unit).loc == "notready"
    assert sum(aboard(G, s.state, c) for c in carriers) == 20
    assert all(G.u(s.state, u).loc == "ditched" for u in reduced)
    # Both seal their landings; the turn goes on (nobody has anything to announce): Turn 9.
    s.play(Done(US))
    s.play(Done(JAPAN))
    pass_until(s, "ship-movement")
    assert s.state.turn == 9 and s.state.step == "ship-movement"


# -- Finding the Enemy ----------------------------------------------------------------------------
def finding_position():
    state = day_position(10, "air-strikes")
    state = place(state, "G5", FIRST_FLEET, "First Fleet", moved=10)
    state = place(state, "I5", TF16, moved=10)
    return state


def twelve_units() -> list[str]:
    units = [a.id for a in G.cat.aircraft if a.home in ("Enterprise", "Hornet") and a.type != "F"]
    return units[:12]


def test_finding_the_enemy_example_of_play() -> None:
    """Finding the Enemy Example of Play: 12 units from I5 to G5 (distance 2) in waves of 5, 5
    and 2; a 2 for one large wave misses; only the other seven units fight."""
    s = session_at(finding_position(), [2, 7, 4])
    units = twelve_units()
    for i, unit in enumerate(units):
        wave = 1 if i < 5 else 2 if i < 10 else 3
        s.play(Strike(US, unit, "G5", wave))
    s.play(Done(US))
    events = s.play(Done(JAPAN))
    battle = s.state.battle
    assert battle is not None and battle.hex == "G5"
    assert list(battle.strike) == units[5:]
    assert len(battle.strike) == 7
    failed = [f for f in s.state.flights if f.found is False]
    assert sorted(f.unit for f in failed) == sorted(units[:5])
    rolls = [e for e in events if e.kind == "roll" and "Wave" in e.text]
    assert [e.data["dice"] for e in rolls] == [[2], [7], [4]]
    assert all(e.audience == (US,) for e in rolls)  # the distance flown stays the attacker's


def test_waves_take_off_from_one_hex() -> None:
    """Finding the Enemy: had the Hornet been in another hex, its units would need their own wave."""
    state = finding_position()
    state = place(state, "I4", ["Hornet"], "", moved=10)
    s = session_at(state)
    s.play(Strike(US, "Enterprise-D1", "G5", 1))
    refusal = s.check(Strike(US, "Hornet-D1", "G5", 1))
    assert refusal is not None and "same hex" in refusal
    assert s.check(Strike(US, "Hornet-D1", "G5", 2)) is None
    assert s.check(Strike(US, "Hornet-D1", "G5", 3)) is not None  # numbers may not skip


@pytest.mark.parametrize(
    ("target", "dice", "found"),
    [
        ("I5", [], True),  # distance 0: always finds (no roll)
        ("H5", [1], False),  # adjacent: fails on a 1
        ("H5", [2], True),
        ("G5", [2], False),  # two hexes: fails on a 1 or 2
        ("G5", [3], True),
    ],
)
def test_finding_the_enemy_distances(target: str, dice: list[int], found: bool) -> None:
    """Finding the Enemy › Examples: distance 0 always finds; 1 misses on a 1; 2 on a 1 or 2."""
    state = finding_position()
    state = place(state, target, ["DD4"], "", moved=10)
    s = session_at(state, dice)
    s.play(Strike(US, "Enterprise-D1", target, 1))
    s.play(Done(US))
    s.play(Done(JAPAN))
    assert G.flight(s.state, "Enterprise-D1").found is found  # type: ignore[union-attr]
    assert isinstance(s.rng, ScriptedRng) and s.rng.remaining == 0


def test_strikes_on_the_midway_hex_always_find() -> None:
    """Finding the Enemy: base strikes, and strikes on enemy ships in the Midway hex, always find."""
    state = replace(finding_position(), step="air-strikes")
    state = place(state, "H6", ["DD4"], "", moved=10)
    s = session_at(state, [])
    s.play(Strike(US, "Enterprise-D1", "H6", 1))
    s.play(Done(US))
    s.play(Done(JAPAN))
    assert G.flight(s.state, "Enterprise-D1").found is True  # type: ignore[union-attr]


# -- the range design note and airfield damage ---------------------------------------------------
def test_range_design_note() -> None:
    """Other Air Strike Missions, design note: a range-2 unit at Midway reaches exactly 19 hexes."""
    listed = {"H6", "H5", "I6", "I7", "H7", "G7", "G6", "G5", "H4", "I5",
              "J5", "J6", "J7", "I8", "H8", "G8", "F7", "F6", "F5"}  # fmt: skip
    s = session_at(day_position(9, "air-strikes"))
    unit = "Midway-D1"
    assert G.cat.plane(unit).range == 2
    reach = {a.hex for a in s.legal_actions(US) if isinstance(a, Strike) and a.unit == unit}
    assert reach == listed
    assert "Midway-H1" in {a.unit for a in s.legal_actions(US) if isinstance(a, Strike) and a.hex == "D6"}


def test_midway_airfield_damage_example() -> None:
    """Midway Airfield Damage example: after two hits capacity 6 and one search within six hexes
    (plus the Midway hex); after four, Midway may only ship search."""
    state = day_position(9, "search")
    assert midway_searches(G, state) == (1, 3)
    assert capacity(G, state, "Midway") == 8
    two = replace(state, airfield_hits=2)
    assert capacity(G, two, "Midway") == 6
    assert midway_searches(G, two) == (1, 1)
    names = {a.name: a.count for a in air_allowances(G, two, US)}
    assert names["within six hexes of Midway"] == 1 and names["the Midway hex"] == 1
    four = replace(state, airfield_hits=4)
    assert midway_searches(G, four) == (0, 0)
    s = session_at(place(four, "N12", TF16 + TF17, moved=9))  # no carrier searches in reach of Midway
    assert s.check(AssignSearch(US, "air", "H6")) is not None
    assert s.check(AssignSearch(US, "ship", "H6")) is None
