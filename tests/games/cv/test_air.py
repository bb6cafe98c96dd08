"""The Air Unit Movement Phase (CV › Basic VIII): take-off, movement, altitude, CAP, landing,
endurance and the off-board bases, with the examples of VIII.G."""

from __future__ import annotations

from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv.actions import Altitude, Done, EnterMap, Form, Land, MoveAir, Plot, Regroup, TakeOff
from midway_desktop.games.cv.state import AirRecord, AirUnit, Planes
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, done_until, next_turn, session, tf

US_FIRST = [6, 1] * 20  # the Americans win every initiative roll
JP_FIRST = [1, 6] * 20
ENTERPRISE = tf(US, 1, ["Enterprise", "DD1"], "B3010", {"c": {"wildcat": 10, "dauntless": 10}})


def refused(s, action, *words: str) -> None:  # type: ignore[no-untyped-def]
    why = s.check(action)
    assert why is not None, f"{action} was accepted"
    for w in words:
        assert w in why, why


def launched(dice: list[int], forces=None, **kw):  # type: ignore[no-untyped-def]
    """A session at the Take Off Step with Air unit 1 (6 Wildcats) and 2 (5 Dauntless) formed:
    past the Minimum Launch Factor, Task Force 1 steams a hex into the wind (Basic VI.E), from
    B3010 to B3110."""
    s = session(forces or [ENTERPRISE], rng=ScriptedRng(dice=dice), **kw)
    done_until(s, "form-air-units")
    s.play(Form(US, "tf1", 1, "wildcat", 6))
    s.play(Form(US, "tf1", 2, "dauntless", 5))
    done_until(s, "ship-plotting")
    s.play(Plot(US, 1, ("B3110",)))
    done_until(s, "take-off")
    if s.to_act() != (US,):  # the Japanese moved first
        s.play(Done(JP))
        done_until(s, "take-off")
    return s


def test_take_off_and_fly_within_the_slowest_movement_factor() -> None:
    """Basic VIII.A.3, VIII.B.2."""
    s = launched(US_FIRST)
    reach = GAME.plane("wildcat").movement
    far = "B3010"
    for _ in range(reach + 1):
        far = GAME.board.step(far, "N") or far
    assert GAME.board.distance("B3010", far) == reach + 1
    refused(s, TakeOff(US, 1, far), f"at most {reach} hex", "VIII.B.2")
    s.play(TakeOff(US, 1, "B3008"))
    unit = s.state.air_unit(US, 1)
    assert unit is not None and unit.where == "map" and unit.hex == "B3008" and unit.moved


def test_altitude_on_the_turn_of_take_off() -> None:
    """Basic VIII.D.4: Bombers and Escorts stay Low on the take-off Turn; Interceptors climb High
    only if their side moves first."""
    s = launched(US_FIRST)
    s.play(TakeOff(US, 1, "B3008"))
    s.play(TakeOff(US, 2, "B3008"))
    refused(s, Altitude(US, 2, "dauntless", True), "stay at Low Altitude", "VIII.D.4")
    s.play(Altitude(US, 1, "wildcat", True))
    assert s.state.air_unit(US, 1).records[0].high  # type: ignore[union-attr]
    second = launched(JP_FIRST)
    assert second.to_act() == (US,) and second.state.initiative == (JP, US)
    second.play(TakeOff(US, 1, "B3008"))
    refused(second, Altitude(US, 1, "wildcat", True), "only if their side moves first")


def test_landing_in_the_a_section_within_launch_factors() -> None:
    """Basic VIII.A.1: planes land in the A section of a box in the hex they reach; the Launch
    Factors count take-offs and landings (VIII.A.1.c); Plane Types (IV.B.3)."""
    s = launched(US_FIRST)
    s.play(TakeOff(US, 1, "B3008"))
    s.play(TakeOff(US, 2, "B3009"))
    next_turn(s)
    done_until(s, "ship-plotting")
    s.play(Plot(US, 1, ("B3211",)))  # into the wind again, to land more than the Minimum (VI.E)
    done_until(s, "landing")
    told = s.play(Land(US, 1, "tf1"))
    assert any(e.text.startswith("Air unit 1 lands at Task Force 1: ") for e in told)  # (never its id, tf1)
    box = s.state.task_force(US, 1)
    assert box is not None and box.planes.a == (Planes("wildcat", 6),) and box.launched == 6
    assert s.state.air_unit(US, 1) is None
    refused(s, Land(US, 2, "midway"), "cannot reach")
    s.play(Land(US, 2, "tf1"))
    assert s.state.task_force(US, 1).launched == 11  # type: ignore[union-attr]


def test_landing_past_the_minimum_launch_factor_needs_the_wind() -> None:
    """Basic VI.E, VI.E.4: a carrier Task Force that did not move into the wind this Turn takes
    off and lands no more than its Minimum Launch Factor (Enterprise: 6)."""
    s = launched(US_FIRST)
    s.play(TakeOff(US, 1, "B3008"))
    s.play(TakeOff(US, 2, "B3009"))
    next_turn(s)
    done_until(s, "ship-plotting")
    s.play(Plot(US, 1, ("B3109",)))  # north: downwind of the arrow, not into it
    done_until(s, "landing")
    s.play(Land(US, 1, "tf1"))  # 6: the Minimum Launch Factor
    refused(s, Land(US, 2, "tf1"), "did not move into the Wind Direction", "Minimum Launch Factor 6", "VI.E")


def test_planes_land_only_where_a_ship_handles_them() -> None:
    s = session([ENTERPRISE], rng=ScriptedRng(dice=US_FIRST))
    rec = AirRecord("fortress", 2, "he", True, "midway", Time(4, 4), Time(4, 16))
    s.state = s.state.with_air_unit(AirUnit(US, 9, "map", (rec,), hex="B3010"))
    done_until(s, "landing")
    refused(s, Land(US, 9, "tf1"), "handles Fortresss", "IV.B.3")


def test_cap_moves_with_its_task_force() -> None:
    """Basic VIII.H.2: an Air unit in a CAP Box moves with its Task Force, then flies that many
    hexes less in the Air Unit Movement Phase."""
    s = launched(US_FIRST)
    s.play(TakeOff(US, 1, "B3110", "tf1"))
    unit = s.state.air_unit(US, 1)
    assert unit is not None and unit.where == "cap" and unit.box == "tf1"
    refused(s, TakeOff(US, 2, "B3008", "tf1"), "CAP Box only of a friendly box in the hex")
    next_turn(s)
    done_until(s, "ship-plotting")
    s.play(Plot(US, 1, ("B3109", "B3108")))
    done_until(s, "air-move")
    unit = s.state.air_unit(US, 1)
    assert unit is not None and unit.carried == 2
    reach = GAME.plane("wildcat").movement - 2
    assert s.check(MoveAir(US, 1, GAME.board.step("B3108", "N") or "")) is None
    far = "B3108"
    for _ in range(reach + 1):
        far = GAME.board.step(far, "S") or far
    refused(s, MoveAir(US, 1, far), f"at most {reach} hex", "VIII.H.2")


def test_out_of_endurance_and_victory_points() -> None:
    """Basic VIII.E.2: planes not landed by their last landing Turn are eliminated at the end of
    the Air Unit Movement Phase; XI.C.1.a: two Victory Points an Air Factor to the enemy; XI.C.4:
    eight more each if they could not reach a hex where landing was possible."""
    s = session([ENTERPRISE], rng=ScriptedRng(dice=US_FIRST))
    over_carrier = AirRecord("wildcat", 3, "", False, "tf1", Time(4, 2), Time(4, 5))
    at_sea = AirRecord("dauntless", 2, "", False, "tf1", Time(4, 1), Time(4, 5))
    later = AirRecord("dauntless", 1, "", False, "tf1", Time(4, 3), Time(4, 8))
    s.state = s.state.with_air_unit(AirUnit(US, 1, "map", (over_carrier,), hex="B3010"))
    s.state = s.state.with_air_unit(AirUnit(US, 2, "map", (at_sea, later), hex="B2010"))
    next_turn(s)
    assert s.state.air_unit(US, 1) is None
    assert s.state.air_unit(US, 2).records == (later,)  # type: ignore[union-attr]
    assert s.state.score(JP) == 2 * 5 + 8 * 2
    lost = [e.text for e in s.log(US) if e.kind == "air-lost"]
    assert lost == [
        "American Air unit 1 runs out of fuel: 3 Wildcat eliminated.",
        "American Air unit 2 runs out of fuel: 2 Dauntless eliminated.",
    ]
    assert [e.text for e in s.log(JP) if e.kind == "air-lost"] == []
    assert "The Japanese side gains 26 Victory Points (26 in all)." in [e.text for e in s.log(JP)]


def test_hawaii_air_entry_example() -> None:
    """Basic VIII.G.1: an Air unit that took off from Hawaii at 0700 may be placed in a "6H" Air
    Entry Hex at 1200 (six Turns, the take-off Turn included), and moves no further that Turn."""
    s = session(
        [ENTERPRISE],
        start=Time(4, 7),
        last=Time(4, 14),
        base_planes={"hawaii": {"c": {"fortress": 4}}},
        rng=ScriptedRng(dice=US_FIRST),
    )
    done_until(s, "form-air-units")
    s.play(Form(US, "hawaii", 5, "fortress", 4, ""))
    done_until(s, "take-off")
    refused(s, TakeOff(US, 5, "B4823"), "fly off the mapboard first")
    s.play(TakeOff(US, 5, ""))
    unit = s.state.air_unit(US, 5)
    assert unit is not None and unit.where == "in-flight" and unit.due == Time(4, 12)
    entry = sorted(GAME.air_entry_hexes("hawaii"))[0]
    assert GAME.board.region("air-entry-h1").data["turns"] == 6
    while s.state.time < Time(4, 11):
        next_turn(s)
    done_until(s, "air-move")
    refused(s, EnterMap(US, 5, entry), "1200 June 4 at the earliest", "VIII.G.1")
    next_turn(s)
    done_until(s, "air-move")
    refused(s, EnterMap(US, 5, "B3010"), "'H' Air Entry Hexes")
    for base in ("johnston", "wake", "marshalls"):  # the Air Entry Hexes of another Base's letter
        assert GAME.air_entry_hexes(base)
        for other in sorted(GAME.air_entry_hexes(base)):
            refused(s, EnterMap(US, 5, other), "'H' Air Entry Hexes")
    offered = {a.hex for a in s.legal_actions(US) if isinstance(a, EnterMap) and a.air_unit == 5}
    assert offered == GAME.air_entry_hexes("hawaii")
    s.play(EnterMap(US, 5, entry))
    refused(s, MoveAir(US, 5, GAME.board.step(entry, "NW") or ""), "has moved this Turn")
    assert s.view(JP)["enemy_air"] == [{"number": 5, "hex": entry, "all_low": True}]


def test_johnston_landing_example() -> None:
    """Basic VIII.G.2: an Air unit that reached a "3J" Air Entry Hex on the 1300 Turn leaves the
    mapboard on the next Turn and lands at Johnston on the 1500 Turn."""
    s = session([ENTERPRISE], start=Time(4, 13), last=Time(4, 16), rng=ScriptedRng(dice=US_FIRST))
    entry = sorted(GAME.air_entry_hexes("johnston"))[0]
    rec = AirRecord("catalina", 2, "", False, "midway", Time(4, 8), Time(4, 22))
    near = GAME.board.step(GAME.board.step(entry, "N") or "", "N") or ""
    s.state = s.state.with_air_unit(AirUnit(US, 6, "map", (rec,), hex=near))
    done_until(s, "air-move")
    s.play(MoveAir(US, 6, entry))  # reaches the 3J hex on the 1300 Turn
    next_turn(s)
    done_until(s, "landing")
    refused(s, Land(US, 6, "hawaii"), "from one of its Air Entry Hexes")
    s.play(Land(US, 6, "johnston"))
    unit = s.state.air_unit(US, 6)
    assert unit is not None and unit.where == "returning" and unit.due == Time(4, 15)
    assert s.view(JP)["enemy_air"] == []
    next_turn(s)
    done_until(s, "landing")
    assert s.state.time == Time(4, 15)
    assert s.state.air_unit(US, 6) is None
    assert s.state.base("johnston").planes.a == (Planes("catalina", 2),)  # type: ignore[union-attr]
    assert s.state.score(JP) == 0


def test_night_landings() -> None:
    """Basic VIII.H.5: landings on a night Turn roll on the Night Landings Chart (provisional
    values: a 1 loses half, rounded up); the losses count two Victory Points each, not eight."""
    s = session([ENTERPRISE], start=Time(4, 2), last=Time(4, 4), rng=ScriptedRng(dice=[6, 1, 1, 6, 1]))
    rec = AirRecord("wildcat", 5, "", False, "tf1", Time(4, 1), Time(4, 4))
    s.state = s.state.with_air_unit(AirUnit(US, 3, "map", (rec,), hex="B3011"))
    done_until(s, "landing")
    assert GAME.data.charts.night_landings.row(1).effect == {"lost_half": 1}
    s.play(Land(US, 3, "tf1"))
    assert s.state.task_force(US, 1).planes.a == (Planes("wildcat", 2),)  # type: ignore[union-attr]
    assert s.state.task_force(US, 1).launched == 5  # type: ignore[union-attr]
    rolls = [e.text for e in s.log(US) if e.kind == "roll" and "Night" in e.text]
    assert rolls == ["Night landing: Half the landing Air Factors are lost (round up): d6 1"]
    assert not [e for e in s.log(JP) if "Night" in e.text]
    next_turn(s)
    assert s.state.score(JP) == 2 * 3


def test_air_unit_reorganization() -> None:
    """Basic VIII.F: Air units reorganize in their side's part of the Air Unit Movement Phase;
    every kind over a friendly Base, CV or CVL (VIII.F.2.a); over enemy ships only dividing
    (VIII.F.2.c); nowhere else. The Air Record lines keep their landing Turns."""
    s = session(
        [ENTERPRISE, tf(US, 2, ["DD3"], "B3020"), tf(JP, 1, ["Kaga"], "B3030")],
        rng=ScriptedRng(dice=US_FIRST),
    )
    early = AirRecord("dauntless", 4, "he", False, "tf1", Time(4, 3), Time(4, 8))
    late = AirRecord("dauntless", 3, "he", False, "tf1", Time(4, 4), Time(4, 9))
    fighters = AirRecord("wildcat", 2, "", True, "tf1", Time(4, 4), Time(4, 7))
    for n, recs, at in ((1, (early, late), "B3010"), (2, (fighters,), "B3010"), (3, (early,), "B3020"),
                        (4, (early,), "B3030"), (5, (fighters,), "B3030")):  # fmt: skip
        s.state = s.state.with_air_unit(AirUnit(US, n, "map", recs, hex=at))
    done_until(s, "air-move")
    s.play(Regroup(US, 1, 9, "dauntless", 5, "he"))
    assert s.state.air_unit(US, 1).records == (AirRecord("dauntless", 2, "he", False, "tf1", Time(4, 4), Time(4, 9)),)  # type: ignore[union-attr]
    assert s.state.air_unit(US, 9).records == (
        early,
        AirRecord("dauntless", 1, "he", False, "tf1", Time(4, 4), Time(4, 9)),
    )  # type: ignore[union-attr]
    s.play(Regroup(US, 2, 1, "wildcat", 2, "", True))
    assert s.state.air_unit(US, 2) is None and s.state.air_unit(US, 1).total == 4  # type: ignore[union-attr]
    refused(s, Regroup(US, 3, 10, "dauntless", 1, "he"), "only in a hex with a friendly Base, CV or CVL", "VIII.F.2")
    refused(s, Regroup(US, 1, 3, "dauntless", 1, "he"), "same hex")
    refused(s, Regroup(US, 1, 9, "dauntless", 9, "he"), "has 2 such")
    # Over the observed Kaga: dividing only.
    assert s.view(US)["observed"]["ships"][0]["hex"] == "B3030"
    s.play(Regroup(US, 4, 11, "dauntless", 2, "he"))
    refused(s, Regroup(US, 5, 4, "wildcat", 1, "", True), "may only divide")
