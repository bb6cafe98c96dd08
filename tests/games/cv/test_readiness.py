"""The Plane Readiness and Air Unit Organization Phase (CV › Basic IV.A-B): the Plane Ready
Step's segments within the Ready Factor, arming as planes enter C, and forming Air units."""

from __future__ import annotations

import pytest

from midway_desktop.engine import IllegalAction
from midway_desktop.games.cv.actions import Done, Form, Ready
from midway_desktop.games.cv.state import AirRecord, Planes, TaskForce
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, done_until, next_turn, session, tf

AKAGI = tf(JP, 1, ["Akagi", "DD1"], "A3001", {"a": {"val": 6}, "b": {"kate": 8}, "c": {"zero": 10}})


def box(s, number: int = 1, side: str = JP) -> TaskForce:  # type: ignore[no-untyped-def]
    found = s.state.task_force(side, number)
    assert found is not None
    return found


def refused(s, action, *words: str) -> str:  # type: ignore[no-untyped-def]
    why = s.check(action)
    assert why is not None, f"{action} was accepted"
    for w in words:
        assert w in why, why
    assert "CV › " in why or why.startswith(("You have", "Air Box", "There is")), why
    return why


def test_the_akagi_ready_factor_limits_a_turn() -> None:
    """Basic IV.A.1, IV.B.2: the Ready Factor (the Akagi's, with a destroyer's 0) is the most Air
    Factors moved between sections a Turn, in all three segments together."""
    s = session([AKAGI])
    ready = GAME.handling(box(s)).ready
    assert ready == GAME.ship(JP, "Akagi").ship_class.ready == 10
    s.play(Ready(JP, "tf1", "kate", 8, "b", "c", "t"))  # Ready to Launch Segment, armed with torpedoes
    s.play(Ready(JP, "tf1", "val", 2, "a", "b"))  # Refueling and Rearming Segment
    refused(s, Ready(JP, "tf1", "zero", 1, "c", "b"), "Ready Factor is 10", "Basic IV.B.2")
    assert box(s).planes.c == (Planes("kate", 8, "t", True), Planes("zero", 10))
    assert box(s).planes.b == (Planes("val", 2, "", True),)
    assert box(s).readied == 10


def test_no_air_factor_moves_twice_in_a_turn() -> None:
    """Basic IV.B.2: no individual Air Factor moves into more than one section a Turn."""
    s = session([AKAGI])
    s.play(Ready(JP, "tf1", "val", 6, "a", "b"))
    refused(s, Ready(JP, "tf1", "val", 1, "b", "c", "he"), "more than one section", "Basic IV.B.2")
    next_turn(s)  # a new Turn: the Vals may go on
    assert s.state.time == Time(4, 6)
    s.play(Ready(JP, "tf1", "val", 6, "b", "c", "ap"))
    assert box(s).planes.c[-2:] == (Planes("val", 6, "ap", True), Planes("zero", 10))


def test_arming_follows_the_possible_armaments() -> None:
    """Basic IV.B.2.a: Weapon units from the plane's Possible Armaments column."""
    s = session([AKAGI])
    refused(s, Ready(JP, "tf1", "kate", 1, "b", "c", "x"), "cannot carry", "IV.B.2.a")
    s2 = session([tf(JP, 1, ["Akagi"], "A3001", {"b": {"val": 2, "zero": 2}})])
    refused(s2, Ready(JP, "tf1", "val", 1, "b", "c", "t"), "Vals cannot carry Torpedoes", "AP Bombs")
    refused(s2, Ready(JP, "tf1", "zero", 1, "b", "c", "he"), "Possible Armaments: none")
    s2.play(Ready(JP, "tf1", "zero", 2, "b", "c"))  # unarmed into C (IV.B.2.b)
    s2.play(Ready(JP, "tf1", "val", 2, "b", "c", "he"))


def test_changing_weapons_goes_back_through_b() -> None:
    """Basic IV.A.1.c, IV.B.2.b: to change Weapon units, planes go back from C to B (the Weapon
    units come off) and are armed again when they next enter C, on a later Turn."""
    s = session([tf(JP, 1, ["Akagi"], "A3001", {"c": {"kate": 6}}, weapons={"kate": "he"})])
    refused(s, Ready(JP, "tf1", "kate", 1, "c", "b", "t"), "Torpedoes in C")
    s.play(Ready(JP, "tf1", "kate", 6, "c", "b", "he"))
    assert box(s).planes.b == (Planes("kate", 6, "", True),) and box(s).planes.c == ()
    refused(s, Ready(JP, "tf1", "kate", 6, "b", "c", "t"), "more than one section")
    next_turn(s)
    s.play(Ready(JP, "tf1", "kate", 6, "b", "c", "t"))
    assert box(s).planes.c == (Planes("kate", 6, "t", True),)


def test_only_the_three_segments() -> None:
    s = session([AKAGI])
    refused(s, Ready(JP, "tf1", "val", 1, "a", "c", "he"), "B to C, from A to B, or from C back to B")
    refused(s, Ready(JP, "tf1", "zero", 1, "b", "a"), "B to C")
    refused(s, Ready(JP, "tf2", "zero", 1, "c", "b"), "no Task Force or Base Box")
    refused(s, Ready(JP, "tf1", "zero", 0, "c", "b"), "at least one")


def test_orders_in_the_wrong_step_are_refused() -> None:
    s = session([AKAGI])
    refused(s, Form(JP, "tf1", 1, "zero", 2), "Form Air Units Step", "this is the Plane Readiness")
    done_until(s, "form-air-units")
    refused(s, Ready(JP, "tf1", "zero", 1, "c", "b"), "Plane Ready Step")


def test_forming_an_air_unit_fills_in_its_air_record() -> None:
    """Basic IV.A.2: planes from C move into an Air Box; IV.A.2.b: planes that entered C this Turn
    may too; IV.A.2.d: the Air Record gets the planes, weapons, take-off box and Turn, and the
    last landing Turn (a Kate's Endurance Factor after the 0500 take-off)."""
    s = session([AKAGI])
    s.play(Ready(JP, "tf1", "kate", 8, "b", "c", "t"))
    s.play(Done(JP))
    s.play(Done(US))
    s.play(Form(JP, "tf1", 4, "kate", 8, "t"))
    s.play(Form(JP, "tf1", 4, "zero", 4))
    unit = s.state.air_unit(JP, 4)
    assert unit is not None and unit.where == "forming" and unit.hex == "A3001"
    kate, zero = GAME.plane("kate").endurance, GAME.plane("zero").endurance
    assert unit.records == (
        AirRecord("kate", 8, "t", False, "tf1", Time(4, 5), Time(4, 5 + kate)),
        AirRecord("zero", 4, "", False, "tf1", Time(4, 5), Time(4, 5 + zero)),
    )
    assert box(s).planes.c == (Planes("zero", 6),) and box(s).launched == 12


def test_take_offs_stay_within_the_launch_factor() -> None:
    """Basic IV.A.2.a, IV.B: take-offs (and landings) a Turn stay within the Launch Factors."""
    s = session([tf(JP, 1, ["Akagi"], "A3001", {"c": {"zero": 20}})])
    done_until(s, "form-air-units")
    top = GAME.ship(JP, "Akagi").ship_class.launch[2]
    s.play(Form(JP, "tf1", 1, "zero", top))
    refused(s, Form(JP, "tf1", 2, "zero", 1), f"Maximum Launch Factor is {top}", "IV.A.2.a")


def test_one_air_box_one_take_off_hex() -> None:
    """Basic IV.A.2.c: planes share an Air Box only if they take off from the same hex."""
    s = session(
        [
            tf(JP, 1, ["Akagi"], "A3001", {"c": {"zero": 5}}),
            tf(JP, 2, ["Kaga"], "A3001", {"c": {"zero": 5}}),
            tf(JP, 3, ["Hiryu"], "A3003", {"c": {"zero": 5}}),
        ]
    )
    done_until(s, "form-air-units")
    s.play(Form(JP, "tf1", 7, "zero", 5))
    s.play(Form(JP, "tf2", 7, "zero", 5))
    refused(s, Form(JP, "tf3", 7, "zero", 5), "same hex", "IV.A.2.c")
    refused(s, Form(JP, "tf3", 28, "zero", 5), "1-27")
    refused(s, Form(JP, "tf3", 8, "kate", 1), "0 unarmed Kate")
    assert s.state.air_unit(JP, 7).total == 10  # type: ignore[union-attr]


def test_a_task_force_not_yet_on_the_mapboard_launches_nothing() -> None:
    s = session([tf(JP, 1, ["Akagi"], "A3001", {"c": {"zero": 5}}, enters=Time(4, 8))])
    done_until(s, "form-air-units")
    refused(s, Form(JP, "tf1", 1, "zero", 5), "not on the mapboard yet")


def test_legal_orders_are_the_ones_checked() -> None:
    s = session([AKAGI])
    legal = s.legal_actions(JP)
    assert Ready(JP, "tf1", "kate", 8, "b", "c", "t") in legal
    assert Ready(JP, "tf1", "kate", 9, "b", "c", "t") not in legal
    assert all(s.check(a) is None for a in legal)
    with pytest.raises(IllegalAction):
        s.play(Ready(JP, "tf1", "kate", 9, "b", "c", "t"))
