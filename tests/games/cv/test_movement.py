"""Set-up and the Ship Plotting and Movement Phase (CV › Set Up IV; Basic VI): the plot is the
order, Movement Factors and the slowest ship, anchoring only at Midway, entering and exiting."""

from __future__ import annotations

import dataclasses

from midway_desktop.games.cv.actions import Done, Place, Plot, Stow, Transfer
from midway_desktop.games.cv.state import AirRecord, AirUnit, Planes
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, done_until, next_turn, session, tf


def refused(s, action, *words: str) -> None:  # type: ignore[no-untyped-def]
    why = s.check(action)
    assert why is not None, f"{action} was accepted"
    for w in words:
        assert w in why, why


def hex_of(s, number: int, side: str = JP) -> str | None:  # type: ignore[no-untyped-def]
    return s.state.task_force(side, number).hex  # type: ignore[no-any-return]


def test_set_up_in_the_scenarios_area() -> None:
    """Set Up IV: each side marks its Task Forces' starting hexes in secret, within the areas
    the scenario gives; a late arrival's entry hex too."""
    s = session(
        [
            tf(JP, 1, ["Akagi"], "A3601", area=("entry-a",)),
            tf(JP, 2, ["Hosho"], "A3601", area=("entry-a",), enters=Time(4, 7)),
        ],
        set_up=False,
    )
    assert s.state.step == "set-up"
    s.play(Place(JP, 1, "A4001"))
    s.play(Place(JP, 2, "A4201"))
    refused(s, Place(JP, 1, "A3002"), "sets up in entry-a")
    assert hex_of(s, 1) == "A4001" and s.state.task_force(JP, 2).entry.hex == "A4201"  # type: ignore[union-attr]
    assert s.view(US).get(JP) is None


def test_the_plot_is_the_order() -> None:
    """Basic VI.A: moves are plotted in secret and carried out exactly as plotted once both sides
    have sealed; a Task Force without a plot stays."""
    s = session([tf(JP, 1, ["Akagi", "DD1"], "A3010"), tf(JP, 2, ["Kaga"], "A3010"), tf(US, 1, ["DD1"], "B3010")])
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, ("A3009", "A3008")))
    s.play(Plot(JP, 1, ("A3011",)))  # plotted again: the last plot stands
    s.play(Done(JP))
    assert hex_of(s, 1) == "A3010"  # nothing moves before both sides have plotted
    s.play(Done(US))
    assert (hex_of(s, 1), hex_of(s, 2)) == ("A3011", "A3010")
    assert [e.text for e in s.log(JP) if e.kind == "ship-movement"] == ["Task Force 1 moves to A3011."]
    assert [e.text for e in s.log(US) if e.kind == "ship-movement"] == []


def test_movement_goes_hex_to_hex_at_the_slowest_ships_speed() -> None:
    """Basic VI.B.1-5: at most the Movement Factor, consecutive hexes, the slowest ship's speed."""
    s = session([tf(JP, 1, ["Akagi", "DD1"], "A3010"), tf(JP, 2, ["Hosho", "DD2"], "A3010")])
    done_until(s, "ship-plotting")
    assert GAME.movement(s.state.task_force(JP, 1), {}) == 2 and GAME.movement(s.state.task_force(JP, 2), {}) == 1  # type: ignore[arg-type]
    assert s.check(Plot(JP, 1, ("A3009", "A3008"))) is None
    refused(s, Plot(JP, 1, ("A3009", "A3008", "A3007")), "at most 2", "VI.B.1, VI.B.5")
    refused(s, Plot(JP, 2, ("A3009", "A3008")), "at most 1", "slowest")
    refused(s, Plot(JP, 1, ("A3008",)), "skipping none", "VI.B.3")
    refused(s, Plot(JP, 1, ("Z9999",)), "not a hex")
    refused(s, Plot(JP, 3, ()), "no Task Force 3")


def test_anchoring_only_in_the_midway_hex() -> None:
    """Basic VI.I, VI.I.1: ships anchor only in the Midway hex, on a Turn they stay there; they
    may weigh anchor and move in the same Turn."""
    midway = GAME.midway
    s = session([tf(JP, 1, ["Akagi"], midway), tf(JP, 2, ["Kaga"], "A3010")])
    done_until(s, "ship-plotting")
    refused(s, Plot(JP, 2, (), anchor=True), "only in the Midway hex", "VI.I.1")
    refused(s, Plot(JP, 1, ("B2116",), anchor=True), "stay there")
    s.play(Plot(JP, 1, (), anchor=True))
    done_until(s, "landing")
    assert s.state.task_force(JP, 1).anchored  # type: ignore[union-attr]
    next_turn(s)
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, ("B2116",)))
    done_until(s, "landing")
    tf1 = s.state.task_force(JP, 1)
    assert tf1 is not None and not tf1.anchored and tf1.hex == "B2116"


def test_a_late_arrival_reaches_its_hex_and_moves_the_next_turn() -> None:
    """Basic VI.F.1: it reaches the hex marked for it on its Turn, moves no further that Turn,
    and moves normally from the next."""
    s = session([tf(JP, 1, ["Hosho"], "A3801", enters=Time(4, 6))])
    done_until(s, "ship-plotting")
    refused(s, Plot(JP, 1, ()), "enters the mapboard at A3801 at 0600 June 4", "VI.F.1.b-c")
    next_turn(s)
    done_until(s, "ship-plotting")
    refused(s, Plot(JP, 1, ()), "enters the mapboard")
    done_until(s, "landing")
    assert hex_of(s, 1) == "A3801" and s.state.task_force(JP, 1).entered == Time(4, 6)  # type: ignore[union-attr]
    assert "Task Force 1 enters the mapboard at A3801." in [e.text for e in s.log(JP)]
    next_turn(s)
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, ("A3802",)))
    done_until(s, "landing")
    assert hex_of(s, 1) == "A3802"


def test_exiting_the_mapboard_is_for_good() -> None:
    """Basic VI.F.2: ships leave from an edge hex and never come back."""
    s = session([tf(JP, 1, ["Akagi"], "A3002"), tf(JP, 2, ["Kaga"], "A3010")])
    done_until(s, "ship-plotting")
    refused(s, Plot(JP, 2, (), exit=True), "edge hex", "VI.F")
    s.play(Plot(JP, 1, ("A3001",), exit=True))
    done_until(s, "landing")
    tf1 = s.state.task_force(JP, 1)
    assert tf1 is not None and tf1.exited and tf1.hex is None
    next_turn(s)
    done_until(s, "ship-plotting")
    refused(s, Plot(JP, 1, ()), "left the mapboard for good", "VI.F.2")


def test_a_cap_stays_over_the_mapboard_when_its_task_force_leaves() -> None:
    """Basic VI.F.2, VIII.H.2: the CAP Box moves with its Task Force on the mapboard; a Task Force
    leaving the mapboard leaves its CAP flying over the edge hex it left from."""
    s = session([tf(JP, 1, ["Akagi"], "A3002", {"c": {"zero": 5}})])
    rec = AirRecord("zero", 3, "", False, "tf1", Time(4, 4), Time(4, 9))
    s.state = s.state.with_air_unit(AirUnit(JP, 2, "cap", (rec,), box="tf1"))
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, ("A3001",), exit=True))
    done_until(s, "landing")
    unit = s.state.air_unit(JP, 2)
    assert unit is not None and (unit.where, unit.hex) == ("map", "A3001")


def test_transports_unload_at_midway_one_ground_factor_a_turn() -> None:
    """Basic VI.A.3: only in the Midway hex; one Japanese Ground Factor a Turn from each anchored
    transport, until all it carries are marked off."""
    midway = GAME.midway
    aps = tf(JP, 1, ["AP1", "AP2", "DD1"], midway)
    s = session([dataclasses.replace(aps, troops={"AP1": 8, "AP2": 1}), tf(JP, 2, ["DD2"], midway)])
    done_until(s, "ship-plotting")
    refused(s, Plot(JP, 1, (), unload=True), "only while anchored", "VI.A.3")
    refused(s, Plot(JP, 2, (), anchor=True, unload=True), "no Ground Factors aboard")
    s.play(Plot(JP, 1, (), anchor=True, unload=True))
    done_until(s, "landing")
    assert s.state.task_force(JP, 1).troops == (("AP1", 7), ("AP2", 0))  # type: ignore[union-attr]
    assert s.state.ashore == 2 and s.view(JP)["japanese"]["ashore"] == 2
    assert "Task Force 1 lands 2 Ground Factor(s) on Midway." in [e.text for e in s.log(JP)]
    assert not [e for e in s.log(US) if e.kind == "unloading"] and "ashore" not in repr(s.view(US))
    next_turn(s)
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, (), anchor=True, unload=True))
    done_until(s, "landing")
    assert s.state.task_force(JP, 1).troops == (("AP1", 6), ("AP2", 0)) and s.state.ashore == 3  # type: ignore[union-attr]


def test_combat_contact_stops_movement() -> None:
    """Basic VI.H: both sides entering the same hex as the first hex of their moves stop there;
    both ending in the same hex is Combat Contact too; it is told to both sides. Passing through
    each other's hexes later in a move is not."""
    s = session(
        [
            tf(US, 1, ["DD1"], "B3010"),
            tf(JP, 1, ["DD1"], "B3012"),
            tf(US, 2, ["DD2"], "B3020"),
            tf(JP, 2, ["DD2"], "B3023"),
            tf(US, 3, ["DD3"], "B1010"),
            tf(JP, 3, ["DD3"], "B1012"),
        ]
    )
    done_until(s, "ship-plotting")
    s.play(Plot(US, 1, ("B3011", "B3012")))  # first hex B3011 ...
    s.play(Plot(US, 2, ("B3021", "B3022")))  # ends where Japanese Task Force 2 ends
    s.play(Plot(US, 3, ("B1011", "B1012")))  # through B1012 ... after the Japanese left it
    s.play(Done(US))
    s.play(Plot(JP, 1, ("B3011", "B3010")))  # ... the Japanese enter it first too: both stop
    s.play(Plot(JP, 2, ("B3022",)))
    s.play(Plot(JP, 3, ("B1013", "B1014")))
    s.play(Done(JP))
    assert (hex_of(s, 1, US), hex_of(s, 1)) == ("B3011", "B3011")
    assert (hex_of(s, 2, US), hex_of(s, 2)) == ("B3022", "B3022")
    assert (hex_of(s, 3, US), hex_of(s, 3)) == ("B1012", "B1014")
    assert s.state.contacts == ("B3011", "B3022")
    told = [e.text for e in s.log(JP) if e.kind == "contact"]
    assert (
        told
        == [e.text for e in s.log(US) if e.kind == "contact"]
        == [
            "Combat Contact in B3011: both sides' ships end their moves there.",
            "Combat Contact in B3022: both sides' ships end their moves there.",
        ]
    )


def test_set_up_organizes_task_forces_and_places_planes() -> None:
    """Set Up III.C.1: Task Forces organized as desired among ships the scenario places in the same
    area at the same Turn; III.C.2.d: planes in the A, B or C sections, armed in C (III.E)."""
    s = session(
        [
            tf(JP, 1, ["Akagi", "Kaga", "DD1"], "A3601", {"c": {"kate": 40}}, area=("entry-a",)),
            tf(JP, 2, ["Hosho", "DD2"], "A3601", area=("entry-a",), enters=Time(4, 8)),
        ],
        set_up=False,
    )
    s.play(Transfer(JP, 1, 3, ("Kaga", "DD1"), (("c", "kate", "", 20),)))
    three = s.state.task_force(JP, 3)
    assert three is not None and three.area == ("entry-a",) and three.hex == "A3601" and three.entry is None
    refused(s, Transfer(JP, 2, 1, ("DD2",)), "same area at the same Turn", "Set Up III.C.1.a")
    s.play(Stow(JP, "tf3", "kate", 12, "c", "b"))
    s.play(Stow(JP, "tf3", "kate", 6, "b", "c", "t"))
    refused(s, Stow(JP, "tf3", "kate", 1, "c", "a", "t"), "only on planes in C")
    assert s.state.task_force(JP, 3).planes.c == (Planes("kate", 8), Planes("kate", 6, "t"))  # type: ignore[union-attr]
    assert s.state.task_force(JP, 3).planes.b == (Planes("kate", 6),)  # type: ignore[union-attr]
    # Planes set up in C are armed where they stand, without a trip through A or B.
    s.play(Stow(JP, "tf3", "kate", 3, "c", "c", "t"))
    assert s.state.task_force(JP, 3).planes.c == (Planes("kate", 5), Planes("kate", 9, "t"))  # type: ignore[union-attr]
    refused(s, Stow(JP, "tf3", "kate", 1, "c", "c"), "armed in C")
    s.play(Done(JP))
    s.play(Done(US))
    refused(s, Stow(JP, "tf3", "kate", 1, "b", "c"), "Set-up")
