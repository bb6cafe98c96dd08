"""Solitaire play (victory-at-midway.txt › Solitaire Play): the historical set-up and entry, the
Japanese doctrine as the system side, the mutual-search roll, no surface combat and the
solitaire end of the game."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from midway_desktop.engine import Session
from midway_desktop.engine.bots import play_out
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway import air, doctrine, tactics
from midway_desktop.games.victory_at_midway.actions import (
    Done,
    Land,
    MidwayStrike,
    Move,
    Orders,
    PrepareAll,
    Strike,
    item,
)
from midway_desktop.games.victory_at_midway.rules import RULES, default_bots
from midway_desktop.games.victory_at_midway.setup import solitaire_state
from midway_desktop.games.victory_at_midway.state import JAPAN, US, Sighting
from tests.games.victory_at_midway.helpers import FIRST_FLEET, TF16, TF17, G, pass_until, place, put, session_at

GROUP_2 = ("TT1", "TT2", "TT3", "TT4", "ST11", "DD15", "DD16", "DD18")


@pytest.fixture(autouse=True)
def strict_doctrine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every order the doctrine gives must pass the rules' checks."""
    monkeypatch.setattr(RULES, "check_doctrine", True)


def start(*options: str, seed: int = 1) -> Session:
    return Session.start(RULES, scenario="solitaire", seed=seed, options={o: True for o in options})


def passive_us(s: Session) -> None:
    """The US player does nothing but what it must: battles (by the bots' tactics) and landings."""
    state = s.state
    if state.battle is not None:
        s.play(Orders(US, tuple(item(a) for a in tactics.orders(G, state, US))))
    elif state.step == "air-return":
        s.play(Orders(US, tuple(item(a) for a in air.landing_plan(G, state, US))))
    elif state.step == "air-preparation":
        s.play(PrepareAll(US))
    elif Done(US) in s.legal_actions(US):
        s.play(Done(US))
    else:
        s.play(s.legal_actions(US)[0])


def run_to(s: Session, turn: int, step: str = "ship-movement") -> None:
    while s.outcome() is None and (s.state.turn, s.state.step) != (turn, step):
        assert s.to_act() == (US,)  # Japan never waits to be asked
        passive_us(s)


def test_historical_set_up_and_japan_as_the_system() -> None:
    """Solitaire Play › US Setup and Japanese Set Up: all US surface ships in I4, subs in F6, G6,
    H5 and L5, SS168 in H6; play starts at Turn 1 with the Turn 1 group already entered at A1."""
    s = start()
    st = s.state
    assert st.solitaire and st.turn == 1 and st.step == "ship-movement"
    assert all(G.u(st, x).loc == "I4" for x in TF16 + TF17)
    assert {x: G.u(st, x).loc for x in ("SS1", "SS2", "SS3", "SS4", "SS168")} == {
        "SS1": "F6", "SS2": "G6", "SS3": "H5", "SS4": "L5", "SS168": "H6",
    }  # fmt: skip
    assert all(G.u(st, x).loc == "A1" and G.u(st, x).formation == "First Fleet" for x in FIRST_FLEET)
    assert s.to_act() == (US,)
    assert all(e.audience == (JAPAN,) for e in s.setup_events if e.kind == "order")
    assert '"A1"' not in json.dumps(s.view(US))  # the Japanese moves stay hidden


def test_entry_table() -> None:
    """Solitaire Play › Japanese Entry: each group on its turn at its hex (the Turn 13 group on
    Turn 14 at A1, whatever the sightings)."""
    s = start()
    entered: dict[str, tuple[int, str]] = {}
    groups = {g.id: g for g in G.cat.groups if g.side == JAPAN and g.entry is not None}
    while s.state.turn <= 14 and s.outcome() is None:
        for gid, g in groups.items():
            ship = g.ships[0]
            if gid not in entered and G.u(s.state, ship).loc not in ("entry",):
                entered[gid] = (s.state.turn, G.u(s.state, ship).moved and G.u(s.state, ship).loc)
        passive_us(s)
    assert {gid: t for gid, (t, _h) in entered.items()} == {"1": 1, "2": 2, "3": 3, "4": 4, "11": 11, "13": 14}


def test_straight_for_midway_with_the_transports_and_stragglers() -> None:
    """Japanese Movement and Doctrine Toward Midway: groups keep together and sail the straightest
    line to Midway; the Turn 2 group's DDs keep to the transports' half speed; the Yamato drops
    out with one DD; ST11 breaks off for Kure; once at Midway the ships stay."""
    s = start()
    run_to(s, 12)
    second = {G.u(s.state, x).loc for x in GROUP_2 if x != "ST11"}
    assert len(second) == 1  # destroyers with the transports
    path = [G.u(s.state, "Akagi").loc]
    assert path == ["H6"]  # the First Fleet has reached Midway
    fifth = {x: G.u(s.state, x) for x in ("Yamato", "BB1", "Hosho", "SFT", "DD11", "DD19")}
    assert fifth["Yamato"].formation == "" and fifth["DD19"].formation == ""
    assert fifth["Yamato"].loc == fifth["DD19"].loc
    assert fifth["BB1"].formation == "Fifth Fleet"
    run_to(s, 16)
    assert G.u(s.state, "Yamato").loc == G.u(s.state, "DD19").loc
    assert G.board.distance(G.u(s.state, "BB1").loc, "H6") < G.board.distance(G.u(s.state, "Yamato").loc, "H6")
    run_to(s, 24)
    assert G.u(s.state, "ST11").loc == "G6"  # Kure Atoll
    assert G.u(s.state, "TT1").loc == "H6" and G.u(s.state, "Akagi").loc in ("H6", "sunk")


def test_no_surface_combat() -> None:
    """Solitaire Play › No Surface Combat: US surface ships never enter a hex with Japanese
    surface ships (subs may), and there is no surface battle step. The player knows of Japanese
    ships only what his searches show: the rule holds him to the hexes of his latest search
    results, and refuses nothing that would tell him of ships he has not found."""
    state = replace(solitaire_state(G, frozenset()), turn=3)
    state = place(state, "H5", FIRST_FLEET, "First Fleet", moved=3)
    state = place(state, "I5", TF16, moved=0)
    unseen = session_at(state)
    assert unseen.check(Move(US, "TF16", "H5")) is None  # the First Fleet there is not known
    assert Move(US, "TF16", "H5") in unseen.legal_actions(US)
    state = replace(state, sightings=(Sighting(2, US, "H5", True),))  # last turn's search found it
    s = session_at(state)
    refusal = s.check(Move(US, "TF16", "H5"))
    assert refusal is not None and "No Surface Combat" in refusal and "search results show them in H5" in refusal
    assert Move(US, "TF16", "H5") not in s.legal_actions(US)
    gone = session_at(place(state, "G5", FIRST_FLEET, "First Fleet", moved=3))
    assert gone.check(Move(US, "TF16", "H5")) == refusal  # the same, wherever the fleet is now
    old = session_at(replace(state, sightings=(Sighting(1, US, "H5", True),)))
    assert old.check(Move(US, "TF16", "H5")) is None  # a marker from two turns ago is out of date
    state = place(state, "H4", ["SS3"], "")
    assert session_at(state).check(Move(US, "SS3", "H5")) is None
    from midway_desktop.games.victory_at_midway.sequence import applies

    assert not applies(G, state, "surface-combat")


@pytest.mark.parametrize(("die", "us_finds", "japan_finds"), [(1, True, False), (10, False, True), (5, True, True)])
def test_mutual_search_roll(die: int, us_finds: bool, japan_finds: bool) -> None:
    """Doctrine Toward US CVs: with US carriers within range of a Japanese carrier, one die: a 1,
    the US finds the Japanese carriers only; a 10, the Japanese find the US carriers only; 2-9,
    both find each other."""
    state = replace(solitaire_state(G, frozenset()), turn=9, step="search")
    state = place(state, "F5", FIRST_FLEET, "First Fleet", moved=9)
    state = place(state, "H5", TF16 + TF17, moved=9)
    s = session_at(state, [die])
    events = s.play(Done(US))
    rolls = [e for e in events if e.kind == "roll" and "mutual search" in e.text]
    assert len(rolls) == 1 and rolls[0].data["dice"] == [die]
    found = {(x.side, x.hex) for x in s.state.sightings if x.turn == 9}
    assert ((US, "F5") in found) is us_finds
    assert ((JAPAN, "H5") in found) is japan_finds


def test_no_roll_out_of_range() -> None:
    state = replace(solitaire_state(G, frozenset()), turn=9, step="search")
    state = place(state, "C5", FIRST_FLEET, "First Fleet", moved=9)
    s = session_at(state, [])
    events = s.play(Done(US))
    assert not [e for e in events if "mutual search" in e.text]


def midway_strike_position(us_hex: str):  # type: ignore[no-untyped-def]
    state = replace(solitaire_state(G, frozenset()), turn=9, step="ship-movement")
    state = place(state, "F5", FIRST_FLEET, "First Fleet", moved=9)
    return place(state, us_hex, TF16 + TF17, moved=9)


def strike_orders(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.unit for a in doctrine.orders(G, replace(state, step="midway-strike")) if isinstance(a, MidwayStrike)]


def test_midway_strikes() -> None:
    """Doctrine Toward Midway: within two hexes of Midway, with no US carrier in range everything
    but the single largest carrier's (Kaga's) planes strike Midway; with US carriers in range, four
    bombers and two fighter escorts; once a US carrier has been spotted, none."""
    far = strike_orders(midway_strike_position("N12"))
    assert far and all(G.u(midway_strike_position("N12"), a).base != "Kaga" for a in far)
    assert {G.u(midway_strike_position("N12"), a).base for a in far} == {"Akagi", "Hiryu", "Soryu"}
    near = strike_orders(midway_strike_position("H4"))
    types = sorted(G.cat.plane(a).type for a in near)
    assert len(near) == 6 and types.count("F") == 2 and len([t for t in types if t != "F"]) == 4
    spotted = midway_strike_position("H4")
    spotted = replace(spotted, sightings=(Sighting(8, JAPAN, "H4", True),))
    assert strike_orders(spotted) == []


def test_strikes_on_us_carriers_split_by_type() -> None:
    """Doctrine Toward US CVs: all available bombers and half the fighters go for the US carriers
    spotted this turn; with carriers in two hexes, each type is shared out as evenly as possible."""
    state = replace(midway_strike_position("N12"), step="air-strikes")
    state = place(state, "G4", ["Yorktown"], "", moved=9)
    state = place(state, "H5", ["Enterprise"], "", moved=9)
    state = replace(state, sightings=(Sighting(9, JAPAN, "G4", True), Sighting(9, JAPAN, "H5", True)))
    orders = [a for a in doctrine.orders(G, state) if isinstance(a, Strike)]
    by_hex: dict[str, list[str]] = {"G4": [], "H5": []}
    for a in orders:
        by_hex[a.hex].append(G.cat.plane(a.unit).type)
    bombers = [a for a, st in G.aircraft(state, JAPAN) if st.base in FIRST_FLEET and G.cat.plane(a).bomber]
    fighters = [a for a, st in G.aircraft(state, JAPAN) if st.base in FIRST_FLEET and G.cat.plane(a).fighter]
    assert sum(len(v) for v in by_hex.values()) == len(bombers) + len(fighters) // 2
    for t in ("D", "T", "F"):
        counts = [v.count(t) for v in by_hex.values()]
        assert abs(counts[0] - counts[1]) <= 1
    s = session_at(state)
    s.play(Done(US))  # the doctrine's orders are legal: the strikes resolve, US first
    assert s.state.step in ("strike-resolution", "air-preparation", "air-return") or s.state.battle is not None


def test_invasion_on_the_0430_turn_of_6_june() -> None:
    """Doctrine Toward Midway: every battalion goes ashore on the 0430 turn of 6 June (Turn 22)."""
    assert doctrine.invasion_turn(G) == 22
    state = replace(solitaire_state(G, frozenset()), step="invasion")
    state = place(state, "H6", GROUP_2, "Second Fleet", moved=16)
    assert doctrine.orders(G, replace(state, turn=18)) == []
    landing = doctrine.orders(G, replace(state, turn=22))
    assert sorted(a.unit for a in landing) == ["I.D.1", "I.D.2", "Kure", "Yoko"]


def test_end_conditions() -> None:
    """Ending a Solitaire Game: a turn ending with two US carriers (or five Japanese carriers)
    eliminated, or Midway in Japanese hands at once."""
    state = replace(solitaire_state(G, frozenset()), turn=10, step="air-preparation")
    state = put(put(state, "Hornet", loc="sunk"), "Yorktown", loc="sunk")
    state = put(state, "Midway-D1", loc="notready")
    s = session_at(state)
    s.play(PrepareAll(US))
    pass_until(s)  # the US seals the Air Return Phase with nothing in the air
    out = s.outcome()
    assert out is not None and "2 US carriers eliminated" in out.text
    state = replace(solitaire_state(G, frozenset()), turn=10, step="air-preparation")
    for c in ("Akagi", "Kaga", "Hiryu", "Soryu", "Zuiho"):
        state = put(state, c, loc="sunk")
    s = session_at(put(state, "Midway-D1", loc="notready"))
    s.play(PrepareAll(US))
    pass_until(s)
    assert "5 Japanese carriers eliminated" in s.outcome().text  # type: ignore[union-attr]
    one = put(put(solitaire_state(G, frozenset()), "Hornet", loc="sunk"), "Midway-D1", loc="notready")
    s = session_at(replace(one, turn=10, step="air-preparation"))
    s.play(PrepareAll(US))
    pass_until(s)
    assert s.outcome() is None and s.state.turn == 11


def test_capturing_midway_ends_it_at_once() -> None:
    """Ending a Solitaire Game: as soon as Midway is Japanese (all Marines gone, troops ashore)."""
    state = replace(solitaire_state(G, frozenset()), turn=23, step="air-preparation", landed=22,
                    airfield_closed=True)  # fmt: skip
    for g in G.cat.ground:
        state = put(state, g.id, loc="lost" if g.side == US else g.start)
    state = put(put(state, "Yoko", loc="Midway"), "Enterprise-D1", loc="notready")
    s = session_at(state)
    s.play(PrepareAll(US))
    pass_until(s)  # the US seals the Air Return Phase with nothing in the air
    out = s.outcome()
    assert out is not None and "Midway captured" in out.text and s.state.turn == 23
    assert out.winner == JAPAN or out.scores[JAPAN] >= 11


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bot_games_against_the_doctrine(seed: int) -> None:
    """Whole solitaire games: the US bot's orders and the doctrine's all pass the rules' checks."""
    s = start("submarines", "reserve-zekes", "seaplane-tenders", "midway-bombardment", seed=seed)
    outcome = play_out(s, default_bots(RULES), Rng(seed), checked=True)
    assert outcome.result in ("us-wins", "japan-wins", "draw")
    assert all(step.action.side == US for step in s.history)
    assert any(e.kind == "strike" for e in s.log(US))


def test_landing_refusals_in_solitaire_still_apply() -> None:
    s = start()
    refusal = s.check(Land(US, "Midway-D1", "Midway"))
    assert refusal is not None


def test_solitaire_undo_needs_nobodys_consent() -> None:
    """VaM › Solitaire Play: one player, so taking back a move is the player's own affair."""
    from midway_desktop.engine import new_game

    session = new_game("victory-at-midway", scenario="solitaire", seed=4)
    assert session.humans == ("us",)
    assert not session.needs_consent()
    two = new_game("victory-at-midway", seed=4)
    assert two.humans == ("us", "japan") and two.needs_consent()
