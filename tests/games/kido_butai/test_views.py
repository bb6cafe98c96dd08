"""What the Japanese player and the umpire see."""

from __future__ import annotations

import json

from midway_desktop.engine.events import Event
from midway_desktop.engine.session import Session
from midway_desktop.games.kido_butai.display import Counters, Raid
from midway_desktop.games.kido_butai.rules import RULES
from midway_desktop.games.kido_butai.squadrons import SOUTH, TORPEDO

from .helpers import END, FORCES, on_cap, position, seeded, session


def test_the_japanese_view_is_plain_data_with_counts_for_the_cups() -> None:
    view = Session.start(RULES, seed=1).view("japan")
    json.dumps(view)
    assert view["pools"] == {
        "bomber": {"Dauntless": FORCES.bomber_pool.squadrons, "no bomber": FORCES.bomber_pool.placeholders},
        "fighter": {"Buffalo": FORCES.fighter_pool.squadrons, "no fighter": FORCES.fighter_pool.placeholders},
    }
    assert view["time"] == "0430" and view["stage"] == "setup"
    assert [c["capacity"] for c in view["carriers"]] == [c.capacity.full for c in FORCES.japanese]
    assert view["score"] == {"japan": 0, "usa": 0, "margin": 0, "band": "draw", "band_title": "Draw"}
    assert "us_capacity" not in view


def test_the_umpire_also_sees_the_bookkeeping() -> None:
    view = Session.start(RULES, seed=1).view("umpire")
    assert view["us_capacity"] == view["us_squadrons_left"] == 16


def test_facings_follow_the_clock() -> None:
    state = position(turn=5, squadrons={"akagi-zero": on_cap(3)})
    view = seeded(state).view("japan")
    zero = next(s for s in view["squadrons"] if s["id"] == "akagi-zero")
    assert zero["facing"] == "west" and not zero["must_land"]


def test_a_pending_attack_shows_what_is_coming() -> None:
    state = position(turn=4, stage="intercept", pending=Raid(Counters(2, 1, 1, 1)), squadrons={"akagi-zero": on_cap(4)})
    view = seeded(state).view("japan")
    assert view["pending"] == {"kind": "intercept", "torpedo_bombers": 2, "escorts": 1}


def test_the_track_shows_when_counters_come_back() -> None:
    track = tuple(Counters(1, 1, 0, 0) if i == 7 else Counters() for i in range(21))
    view = seeded(position(turn=3, track=track)).view("japan")
    assert view["track"] == {"1130": {"Dauntless": 1, "no bomber": 1, "Buffalo": 0, "no fighter": 0}}


def test_events_are_ordinary_events_for_every_reader() -> None:
    s = session(position(turn=0), dice=[5, 6])
    s.play(END)
    events = s.log("japan")
    assert [e.kind for e in events] == ["reconnaissance", "turn"]
    first = events[0]
    assert isinstance(first, Event) and first.visible_to("japan")
    assert "Kido Butai has been found" in first.text and "An American fleet is reported" in first.text
    assert first.data["rolls"][0] == {
        "purpose": "American reconnaissance (5-6 finds Kido Butai)",
        "dice": [5],
        "sides": 6,
    }
    assert Event.from_json(json.loads(json.dumps(first.to_json()))) == first


def test_squadron_arms_show_in_the_view() -> None:
    from midway_desktop.games.kido_butai.squadrons import NE_CORNER, Squadron

    state = position(turn=3, reported=(True, False), squadrons={"hiryu-b1": Squadron(NE_CORNER, SOUTH, TORPEDO, 2)})
    sq = next(s for s in seeded(state).view("japan")["squadrons"] if s["id"] == "hiryu-b1")
    assert (sq["where"], sq["facing"], sq["arm"]) == ("ne-corner", "south", "torpedo")
