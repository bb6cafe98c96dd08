"""Observation (CV › Basic III): the Observation Tables by distance and observer, night, radar,
the best condition, and what each condition reveals, with the text's examples."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv.actions import Announce, MoveAir, Plot
from midway_desktop.games.cv.observation import Observer, condition, observed, observers, told_in_full
from midway_desktop.games.cv.state import AirRecord, AirUnit, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, NAVAL, US, done_until, next_turn, position, session, tf

DAY, NIGHT = Time(4, 10), Time(4, 2)
# Basic III.C.4.a's example force: 2 BB, 1 CV, 1 CA, 1 AV, 1 CL and 4 DD.
EXAMPLE = ["Haruna", "Kirishima", "Akagi", "Atago", "Chitose", "Nagara", "DD1", "DD2", "DD3", "DD4"]


def at(hex_: str, steps: int, direction: str = "N") -> str:
    for _ in range(steps):
        hex_ = GAME.board.step(hex_, direction) or hex_
    return hex_


def seen(forces, time: Time = DAY, viewer: str = US, units=()) -> dict:  # type: ignore[no-untyped-def]
    state = position(forces, start=time, last=time.plus(1), game=NAVAL)
    for u in units:
        state = state.with_air_unit(u)
    return observed(NAVAL, state, viewer)


def test_a_ship_sees_the_next_hex_at_3_2() -> None:
    """Basic III.B.1-2: Ship units observing at one hex: "3/2"; 3 for Ship units, 2 for flying
    Air units. Condition 3: the exact number of ships and whether they are anchored (III.C.3)."""
    assert GAME.data.charts.observation.sight("surface", 1).surface == 3
    assert GAME.data.charts.observation.sight("surface", 1).air == 2
    here = "B3010"
    near = at(here, 1)
    kate = AirRecord("kate", 4, "t", False, "tf1", DAY, DAY.plus(6))
    out = seen(
        [tf(US, 1, ["DD1", "DD2"], here), tf(JP, 1, EXAMPLE, near)],
        units=[AirUnit(JP, 2, "map", (kate,), hex=near)],
    )
    assert out["ships"] == [{"hex": near, "condition": 3, "what": "ships", "ships": 10, "anchored": False}]
    assert out["air"] == [{"number": 2, "hex": near, "condition": 2, "what": "air", "strength": 4}]


def test_a_high_plane_sees_5_5_2_1() -> None:
    """Basic III.B: a High Altitude Plane unit shows "5/5", "2/-" and "1/-" at increasing distance."""
    zero = AirRecord("wildcat", 2, "", True, "tf1", DAY, DAY.plus(3))
    state = position([tf(US, 1, ["DD1"], "B3020")], start=DAY, game=NAVAL)
    state = state.with_air_unit(AirUnit(US, 1, "map", (zero,), hex="B3010"))
    eyes = observers(NAVAL, state, US)
    assert Observer("high", "B3010") in eyes and Observer("surface", "B3020") in eyes
    high = [Observer("high", "B3010")]
    assert [condition(NAVAL, state, high, at("B3010", d), False, False) for d in range(4)] == [5, 2, 1, 0]
    assert [condition(NAVAL, state, high, at("B3010", d), True, True) for d in range(3)] == [5, 0, 0]


def test_radar_of_an_american_carrier() -> None:
    """Basic III.B example: an American CV's radar gives (4/3), (3/2), (-/2), (-/1); III.B.3.a:
    radar sees only Air units at High Altitude."""
    state = position([tf(US, 1, ["Enterprise"], "B3010")], start=DAY, game=NAVAL)
    radar = [Observer("radar", "B3010")]
    assert Observer("radar", "B3010") in observers(NAVAL, state, US)
    assert [condition(NAVAL, state, radar, at("B3010", d), False, False) for d in range(4)] == [4, 3, 0, 0]
    assert [condition(NAVAL, state, radar, at("B3010", d), True, True) for d in range(5)] == [3, 2, 2, 1, 0]
    assert [condition(NAVAL, state, radar, at("B3010", d), True, False) for d in range(4)] == [0, 0, 0, 0]
    no_radar = position([tf(JP, 1, ["Akagi"], "A3010")], start=DAY, game=NAVAL)
    assert all(o.line != "radar" for o in observers(NAVAL, no_radar, JP))


def test_night_and_the_best_condition() -> None:
    """Basic III.D: at night "5/5" with "-2/-2" reads "3/3"; 0 or less is no observation;
    III.B.3.c: the best condition number counts, radar's if it is better."""
    night_visual = seen([tf(US, 1, ["DD1"], "B3010"), tf(JP, 1, ["DD1"], "B3010")], NIGHT)
    assert night_visual["ships"][0]["condition"] == 3
    adjacent = seen([tf(US, 1, ["DD1"], "B3010"), tf(JP, 1, ["DD1"], at("B3010", 1))], NIGHT)
    assert adjacent["ships"] == [{"hex": at("B3010", 1), "condition": 1, "what": "ships"}]
    two_away = seen([tf(US, 1, ["DD1"], "B3010"), tf(JP, 1, ["DD1"], at("B3010", 2))], NIGHT)
    assert two_away["ships"] == []
    radar = seen([tf(US, 1, ["Enterprise"], "B3010"), tf(JP, 1, ["DD1"], "B3010")], NIGHT)
    assert radar["ships"][0]["condition"] == 4


def test_condition_4_sizes_example() -> None:
    """Basic III.C.4.a: 2 BB, 1 CV, 1 CA, 1 AV, 1 CL and 4 DD are announced as 3 Capital, 3 Major
    and 4 Small Ships; with several Task Forces in the hex, their division is revealed."""
    out = seen(
        [tf(US, 1, ["Enterprise"], "B3010"), tf(JP, 1, EXAMPLE[:6], "B3010"), tf(JP, 2, EXAMPLE[6:], "B3010")],
        NIGHT,
    )
    (ships,) = out["ships"]
    assert ships["condition"] == 4 and ships["ships"] == 10
    assert ships["sizes"] == {"capital": 3, "major": 3, "small": 4}
    assert ships["task_forces"] == [
        {"number": 1, "sizes": {"capital": 3, "major": 3, "small": 0}},
        {"number": 2, "sizes": {"capital": 0, "major": 0, "small": 4}},
    ]


def test_condition_5_reveals_the_ships_and_planes_but_never_the_boxes() -> None:
    """In the same hex by day (5/5) the ships and flying planes are known; planes in the Task
    Force Boxes and their Weapon units are not (III.C)."""
    val = AirRecord("val", 3, "he", True, "tf1", DAY, DAY.plus(5))
    out = seen(
        [tf(US, 1, ["DD1"], "B3010"), tf(JP, 1, ["Akagi"], "B3010", {"c": {"kate": 9}})],
        units=[AirUnit(JP, 4, "cap", (val,), box="tf1")],
    )
    assert out["ships"][0]["task_forces"] == [{"number": 1, "sizes": {"capital": 1, "major": 0, "small": 0},
                                               "ships": ["Akagi"]}]  # fmt: skip
    assert out["air"] == [
        {"number": 4, "hex": "B3010", "condition": 5, "what": "air", "factors": 3, "high": 3, "low": 0,
         "planes": {"val": 3}}
    ]  # fmt: skip
    assert "kate" not in repr(out) and "'he'" not in repr(out)


def test_views_carry_what_is_observed() -> None:
    s = session([tf(US, 1, ["DD1"], "B3010"), tf(JP, 1, ["Akagi"], at("B3010", 1))], start=DAY)
    assert s.view(US)["observed"]["ships"][0]["ships"] == 1
    assert s.view(JP)["observed"]["ships"][0]["condition"] == 3


def test_observing_hex_by_hex_while_flying() -> None:
    """Basic III.A: as a moving unit enters each new hex, its player learns what can be observed
    from there, and a moving unit is revealed wherever the enemy observes it. A Catalina flies
    over the Akagi's hex and on: both sides keep what they saw this Turn."""
    start, over, end = "B3010", at("B3010", 3, "S"), at("B3010", 5, "S")
    forces = [tf(US, 1, ["DD1"], "B2010"), tf(JP, 1, ["Akagi"], over)]
    s = session(forces, start=DAY, last=DAY.plus(2), rng=ScriptedRng(dice=[6, 1] * 3))
    cat = AirRecord("catalina", 2, "", False, "midway", DAY.plus(-2), DAY.plus(12))
    s.state = s.state.with_air_unit(AirUnit(US, 4, "map", (cat,), hex=start))
    done_until(s, "air-move")
    assert s.view(US)["american"]["sightings"] == []
    s.play(MoveAir(US, 4, end))
    mine = s.view(US)["american"]["sightings"]
    assert mine == [
        {"by": "Air unit 4", "hex": over, "what": "ships", "condition": 5, "ships": 1, "anchored": False,
         "sizes": {"capital": 1, "major": 0, "small": 0},
         "task_forces": [{"number": 1, "sizes": {"capital": 1, "major": 0, "small": 0}, "ships": ["Akagi"]}]}
    ]  # fmt: skip
    theirs = s.view(JP)["japanese"]["sightings"]
    assert theirs == [
        {"by": "enemy Air unit 4", "hex": over, "what": "air", "condition": 5, "number": 4, "factors": 2, "high": 0,
         "low": 2, "planes": {"catalina": 2}}
    ]  # fmt: skip
    # Where it ends, two hexes past the Akagi, each side sees the other at condition 1 only.
    assert s.view(US)["observed"]["ships"] == [{"hex": over, "condition": 1, "what": "ships"}]
    assert s.view(JP)["observed"]["air"] == [{"number": 4, "hex": end, "condition": 1, "what": "air"}]
    assert [e.text for e in s.log(US) if e.kind == "sighting"] == [
        f"Air unit 4 observes ships at {over} (condition 5: 1 Ship units)."
    ]
    next_turn(s)
    assert s.view(US)["american"]["sightings"] == [] and s.view(JP)["japanese"]["sightings"] == []


def test_condition_2_strength_as_announced() -> None:
    """Basic III.C.2: at Condition 2 the observed side announces a strength from one-half (odd
    numbers rounded up) to double the true number of Ship units or Air Factors; types are not
    told. A side that announces nothing tells the truth."""
    # A Catalina at Low Altitude one hex off: Ship units at 3, flying Air units at 2 (III.B.1).
    near = at("B3010", 1)
    forces = [tf(US, 1, ["DD1"], "B2010"), tf(JP, 1, EXAMPLE[:5], near), tf(JP, 2, ["DD5", "DD6"], at("B3010", 4))]
    s = session(forces, start=DAY, last=DAY.plus(2))
    kate = AirRecord("kate", 5, "t", False, "tf1", DAY, DAY.plus(6))
    cat = AirRecord("catalina", 2, "", False, "midway", DAY.plus(-2), DAY.plus(12))
    s.state = s.state.with_air_unit(AirUnit(JP, 3, "map", (kate,), hex=near))
    s.state = s.state.with_air_unit(AirUnit(US, 4, "map", (cat,), hex="B3010"))
    (air,) = s.view(US)["observed"]["air"]
    assert air == {"number": 3, "hex": near, "condition": 2, "what": "air", "strength": 5}
    for refused_strength in (2, 11):
        why = s.check(Announce(JP, "air", 3, refused_strength))
        assert why is not None and "3 to 10" in why and "CV › Basic III.C.2" in why
    s.play(Announce(JP, "air", 3, 9))
    assert s.view(US)["observed"]["air"][0]["strength"] == 9
    assert s.check(Announce(JP, "tf", 2, 1)) is None and s.check(Announce(JP, "tf", 2, 5)) is not None
    assert [e.text for e in s.log(US) if "announced" in e.text] == []
    # The Air unit loses factors: the standing announcement stays within the new range.
    s.state = s.state.with_air_unit(AirUnit(JP, 3, "map", (dataclasses.replace(kate, factors=2),), hex=near))
    assert s.view(US)["observed"]["air"][0]["strength"] == 4


def test_observing_hex_by_hex_while_ships_move() -> None:
    """Basic III.A, VI.A.2: a destroyer sails past the Akagi, two hexes off, then one, then two:
    from the hex beside it (3/2) it sees the Akagi at Condition 3 and the Japanese see it there at
    Condition 3; where it ends both see only Condition 1. Both keep what they saw this Turn."""
    akagi = "B3011"
    board = GAME.board
    start = next(h for h in sorted(board.within(akagi, 2)) if board.distance(h, akagi) == 2)
    beside = next(h for h in sorted(board.neighbors(start)) if board.distance(h, akagi) == 1)
    end = next(h for h in sorted(board.neighbors(beside)) if board.distance(h, akagi) == 2 and h != start)
    forces = [tf(US, 1, ["DD1"], start), tf(JP, 1, ["Akagi"], akagi)]
    s = session(forces, start=DAY, last=DAY.plus(2), rng=ScriptedRng(dice=[6, 1] * 3))
    done_until(s, "ship-plotting")
    assert s.view(US)["observed"]["ships"] == [{"hex": akagi, "condition": 1, "what": "ships"}]
    s.play(Plot(US, 1, (beside, end)))
    done_until(s, "landing")
    told = {"what": "ships", "condition": 3, "ships": 1, "anchored": False}
    assert s.view(US)["american"]["sightings"] == [{"by": "ship movement", "hex": akagi, **told}]
    # the Japanese follow the moving ships hex by hex: Condition 3 beside the Akagi, 1 where they end
    theirs = s.view(JP)["japanese"]["sightings"]
    assert sorted(theirs, key=lambda x: x["hex"] != beside) == [
        {"by": "ship movement", "hex": beside, **told},
        {"by": "ship movement", "hex": end, "what": "ships", "condition": 1},
    ]
    assert s.view(US)["observed"]["ships"] == [{"hex": akagi, "condition": 1, "what": "ships"}]
    assert s.view(JP)["observed"]["ships"] == [{"hex": end, "condition": 1, "what": "ships"}]
    assert f"Observed as ships move: ships at {beside} (condition 3: 1 Ship units)." in [
        e.text for e in s.log(JP) if e.kind == "sighting"
    ]
    next_turn(s)
    assert s.view(US)["american"]["sightings"] == [] and s.view(JP)["japanese"]["sightings"] == []


HEXES = sorted(h for h in GAME.board.within("B3010", 4))


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(HEXES),
    st.sampled_from(HEXES),
    st.lists(st.integers(0, 5), max_size=2),
    st.lists(st.integers(0, 5), max_size=2),
)
def test_two_destroyers_moving_see_each_other_alike(us: str, jp: str, us_way: list[int], jp_way: list[int]) -> None:
    """Basic III.A: moving ships are seen as they are entering each hex, and see from it; two
    radarless Ship units at sea observe each other at the same best condition as they move."""
    from midway_desktop.games.cv.observation import sailing_by
    from midway_desktop.games.cv.state import PlottedMove

    if us == jp:
        return
    state = position([tf(US, 1, ["DD1"], us), tf(JP, 1, ["DD1"], jp)], start=DAY, last=DAY.plus(1), game=NAVAL)

    def walk(start: str, way: list[int]) -> tuple[str, ...]:
        out, here = [], start
        for d in way:
            here = GAME.board.step(here, ("n", "ne", "se", "s", "sw", "nw")[d]) or here
            out.append(here)
        return tuple(out)

    state = state.with_plots(US, (PlottedMove(1, walk(us, us_way)),))
    state = state.with_plots(JP, (PlottedMove(1, walk(jp, jp_way)),))
    after = sailing_by(NAVAL, state, [])
    best = {side: max((x.condition for x in after.sightings if x.side == side), default=0) for side in (US, JP)}
    assert best[US] == best[JP]
    if not us_way and not jp_way:
        assert after.sightings == ()


def test_what_each_condition_tells_is_told_in_full() -> None:
    """Basic III.C: the words a side reads of one observation grow with the Condition, and say
    nothing the Condition does not reveal."""
    one = told_in_full({"hex": "B1816", "condition": 1, "what": "ships"})
    assert one == ["Enemy ships at B1816, observed at Condition 1", "something is there (Condition 1)"]
    two = told_in_full({"hex": "B1816", "condition": 2, "what": "ships", "strength": 6})
    assert "announced as 6 strong" in two[1] and len(two) == 2
    three = told_in_full({"hex": "B1816", "condition": 3, "what": "ships", "ships": 4, "anchored": False})
    assert three[1] == "4 Ship units" and len(three) == 2
    tfs = [{"number": 3, "sizes": {"capital": 1, "major": 0, "small": 3}}]
    four = told_in_full({"hex": "B1816", "condition": 4, "what": "ships", "ships": 4, "sizes": {}, "task_forces": tfs})
    assert four[2] == "Task Force 3: 1 capital, 3 small"
    tfs[0]["ships"] = ["Akagi", "DD1", "DD2", "DD3"]
    five = told_in_full({"hex": "B1816", "condition": 5, "what": "ships", "ships": 4, "task_forces": tfs})
    assert five[2] == "Task Force 3: 1 capital, 3 small: Akagi, DD1, DD2, DD3"
    air = told_in_full({"hex": "B1414", "condition": 5, "what": "air", "number": 9, "factors": 7, "high": 3,
                        "low": 4, "planes": {"Kate": 4, "Zero": 3}})  # fmt: skip
    assert air == ["Enemy Air unit 9 at B1414, observed at Condition 5",
                   "7 Air Factors: 3 at High, 4 at Low Altitude", "4 Kate, 3 Zero"]  # fmt: skip


def test_every_observation_in_whole_games_is_told_within_what_it_reveals() -> None:
    """Over the observations of played games, the words name no more than the item holds."""
    from midway_desktop.engine import Rng, Session
    from midway_desktop.engine.bots import play_out
    from midway_desktop.games.cv.doctrine import Doctrine
    from midway_desktop.games.cv.rules import CvRules

    rules = CvRules(GAME)
    game = Session.start(rules, scenario="short", seed=2)
    game.state = evolve(game.state, last=Time(4, 9))
    play_out(game, {US: Doctrine(GAME), JP: Doctrine(GAME)}, Rng(2))
    told = 0
    for step in game.history[::5]:
        for side in (US, JP):
            for kind in ("ships", "air"):
                for item in rules.view(step.before, side)["observed"][kind]:
                    words = " ".join(told_in_full(item))
                    assert f"Condition {item['condition']}" in words
                    assert ("Ship units" in words) == ("ships" in item and kind == "ships")
                    assert ("Air Factors" in words) == ("factors" in item)
                    told += 1
    assert told > 20


def _chart_condition(line: str, distance: int, flying: bool, high: bool, night: bool) -> int:
    """The Observation Chart read directly (Basic III.B), as the text gives it."""
    table = GAME.data.charts.observation
    sight = table.sight(line, distance)
    n = sight.air if flying else sight.surface
    if n is None or (line == "radar" and flying and not high):
        return 0
    mod = table.modifiers.get("night", {}).get(line) if night else None
    change = (mod.air if flying else mod.surface) if mod is not None else None
    return max(0, n + (change or 0))


def test_each_sight_row_reads_the_chart_at_every_distance() -> None:
    """The kept rows ``condition`` reads give, for every observer line, altitude, night or day
    and distance (past the chart's reach too), what the chart gives there."""
    lines = GAME.data.charts.observation.lines
    assert set(lines) >= {"high", "low", "surface", "radar"}
    for line, sights in lines.items():
        for flying in (False, True):
            for high in (False, True):
                for night in (False, True):
                    row = GAME.sight_row(line, flying, high, night)
                    for d in range(len(sights) + 3):
                        got = row[d] if d < len(row) else 0
                        assert got == _chart_condition(line, d, flying, high, night), (line, flying, high, night, d)


def test_a_task_force_observes_by_radar_exactly_when_a_ship_of_it_has_radar() -> None:
    """Basic III.B.3.b: the kept answer is the Ship Record's, for every ship alone and all of a
    side's ships together."""
    for side in (US, JP):
        ships = [s for s in GAME.data.ships.ships if s.side == side]
        for s in ships:
            assert GAME.has_radar(side, (s.title,)) == bool(s.ship_class.radar)
        titles = tuple(s.title for s in ships)
        assert GAME.has_radar(side, titles) == any(s.ship_class.radar for s in ships)
    assert any(s.ship_class.radar for s in GAME.data.ships.ships)  # (the premise: some ship has radar)
