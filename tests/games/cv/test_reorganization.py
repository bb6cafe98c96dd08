"""Task Force reorganization (CV › Basic VI.C-D): ships exchanged between Task Forces in one hex,
splits and merges, planes going only where they fit, the Task Force Box limits."""

from __future__ import annotations

import dataclasses

from midway_desktop.games.cv.actions import Done, Plot, Transfer
from midway_desktop.games.cv.state import AirRecord, AirUnit, Planes
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import JP, US, done_until, session, tf


def refused(s, action, *words: str) -> None:  # type: ignore[no-untyped-def]
    why = s.check(action)
    assert why is not None, f"{action} was accepted"
    for w in words:
        assert w in why, why
    assert "CV › " in why, why


def test_a_task_force_splits_with_its_planes() -> None:
    """Basic VI.C: one Task Force split in two; the Kaga takes ten Kates and the six Zeros with
    her (the Akagi holds 30)."""
    s = session([tf(JP, 1, ["Akagi", "Kaga", "DD1", "DD2"], "A3010", {"c": {"kate": 40}, "a": {"zero": 6}})])
    done_until(s, "ship-plotting")
    refused(s, Transfer(JP, 1, 5, ("Kaga", "DD2"), (("c", "kate", "", 10),)), "would not fit")
    s.play(Transfer(JP, 1, 5, ("Kaga", "DD2"), (("c", "kate", "", 10), ("a", "zero", "", 6))))
    one, five = s.state.task_force(JP, 1), s.state.task_force(JP, 5)
    assert one is not None and five is not None
    assert one.ships == ("Akagi", "DD1") and five.ships == ("Kaga", "DD2") and five.hex == "A3010"
    assert one.planes.c == (Planes("kate", 30),) and one.planes.a == ()
    assert five.planes.c == (Planes("kate", 10),) and five.planes.a == (Planes("zero", 6),)
    assert s.view(US).get(JP) is None and "Kaga" not in repr(s.view(US))


def test_planes_stay_where_they_fit() -> None:
    """Basic IV.B.1, VI.D: planes fit aboard after the change; a box left with no ships keeps none."""
    s = session([tf(JP, 1, ["Akagi", "DD1"], "A3010", {"c": {"zero": 30}}), tf(JP, 2, ["Kaga"], "A3010")])
    done_until(s, "ship-plotting")
    refused(s, Transfer(JP, 1, 2, ("Akagi", "DD1")), "stay in a Task Force Box", "VI.D")
    refused(s, Transfer(JP, 1, 2, ("Akagi",)), "Task Force 1's planes would not fit", "IV.B.1")
    refused(s, Transfer(JP, 1, 3, ("DD1",), (("c", "zero", "", 1),)), "would not fit", "IV.B.1")
    refused(s, Transfer(JP, 1, 2, ("Akagi",), (("c", "zero", "", 31),)), "has 30 such zero")
    s.play(Transfer(JP, 1, 2, ("Akagi",), (("c", "zero", "", 30),)))
    assert s.state.task_force(JP, 2).planes.c == (Planes("zero", 30),)  # type: ignore[union-attr]


def test_only_in_one_hex_within_the_box_limits() -> None:
    """Basic VI.C: between Task Forces in the same hex; Set Up III.C.1.c: ten Japanese ships a box."""
    s = session(
        [
            tf(JP, 1, [f"DD{n}" for n in range(1, 11)], "A3010"),
            tf(JP, 2, ["DD11"], "A3010"),
            tf(JP, 3, ["DD12"], "A3012"),
            tf(JP, 4, ["DD13"], "A3010", enters=Time(4, 9)),
        ]
    )
    done_until(s, "ship-plotting")
    refused(s, Transfer(JP, 2, 1, ("DD11",)), "11 Ship units, more than 10", "III.C.1.b-c")
    refused(s, Transfer(JP, 2, 3, ("DD11",)), "same hex", "VI.C")
    refused(s, Transfer(JP, 4, 2, ("DD13",)), "not on the mapboard")
    refused(s, Transfer(JP, 2, 15, ("DD11",)), "Boxes 1-14")
    refused(s, Transfer(JP, 2, 5, ("DD1",)), "Ship units of Task Force 2")
    assert Transfer(JP, 2, 5, ("DD11",)) in s.legal_actions(JP)
    assert Transfer(JP, 2, 1, ("DD11",)) not in s.legal_actions(JP)


def test_an_emptied_box_is_free_and_its_cap_goes_with_the_ships() -> None:
    """Basic VI.C, VIII.H.2: Task Force 2 joins Task Force 1; its CAP Air unit is then over Task
    Force 1, and box 2 may be used again. Both plots are void."""
    s = session([tf(JP, 1, ["Akagi"], "A3010", {"c": {"zero": 10}}), tf(JP, 2, ["Kaga", "DD1"], "A3010")])
    zero = AirRecord("zero", 3, "", False, "tf2", Time(4, 4), Time(4, 9))
    s.state = s.state.with_air_unit(AirUnit(JP, 6, "cap", (zero,), box="tf2"))
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, ("A3009",)))
    s.play(Transfer(JP, 2, 1, ("Kaga", "DD1")))
    assert s.state.task_force(JP, 2) is None
    assert s.state.task_force(JP, 1).ships == ("Akagi", "Kaga", "DD1")  # type: ignore[union-attr]
    assert s.state.air_unit(JP, 6).box == "tf1"  # type: ignore[union-attr]
    assert s.state.plots_of(JP) == ()
    s.play(Transfer(JP, 1, 2, ("DD1",)))
    assert s.state.task_force(JP, 2).ships == ("DD1",)  # type: ignore[union-attr]


def test_reorganization_only_in_the_ship_plotting_and_movement_phase() -> None:
    s = session([tf(JP, 1, ["Akagi", "DD1"], "A3010")])
    refused(s, Transfer(JP, 1, 2, ("DD1",)), "Ship Plotting and Movement Phase")
    s.play(Done(JP))


def test_troops_go_with_their_transports() -> None:
    """Ground Factors ride on their transports (Basic VI.A.3.b) whatever Task Force they join."""
    aps = tf(JP, 1, ["Jintsu", "AP1", "AP2"], "A3010")
    s = session([dataclasses.replace(aps, troops={"AP1": 8, "AP2": 8})])
    done_until(s, "ship-plotting")
    s.play(Transfer(JP, 1, 2, ("AP2",)))
    assert s.state.task_force(JP, 1).troops == (("AP1", 8),)  # type: ignore[union-attr]
    assert s.state.task_force(JP, 2).troops == (("AP2", 8),)  # type: ignore[union-attr]


def test_unorganized_ship_units_on_the_mapboard() -> None:
    """Basic VI.D: a Ship unit taken out of its Task Force Box stands on the mapboard unorganized
    (numbered above 100, one ship a counter), is plotted and moves by itself (VI.A.1.b), is always
    observed by the enemy, carries no planes, and goes back into a box in its hex when its side
    likes. At set-up every ship is in a box (Set Up III.C.1.d)."""
    s = session(
        [
            tf(US, 1, ["Enterprise", "DD1", "DD2"], "B3010", {"c": {"wildcat": 10}}),
            tf(JP, 1, ["Akagi"], "A1010"),  # far out of sight of everything
        ],
        set_up=False,
    )
    refused(s, Transfer(US, 1, 101, ("DD1",)), "Task Force Box", "III.C.1.d")
    s.play(Done(US))
    s.play(Done(JP))
    done_until(s, "ship-plotting")
    refused(s, Transfer(US, 1, 102, ("DD1",)), "numbered 101")
    refused(s, Transfer(US, 1, 101, ("DD1", "DD2")), "one at a time", "VI.D")
    refused(s, Transfer(US, 1, 101, ("Enterprise",), (("c", "wildcat", "", 10),)), "carry planes", "VI.D")
    refused(s, Transfer(US, 1, 101, ("Enterprise",)), "planes would not fit")  # they cannot stay behind either
    s.play(Transfer(US, 1, 101, ("DD1",)))
    loose = s.state.task_force(US, 101)
    assert loose is not None and loose.unorganized and loose.ships == ("DD1",) and loose.hex == "B3010"
    assert Transfer(US, 1, 102, ("DD2",)) in s.legal_actions(US)
    # the Japanese see it wherever it is, as its counter shows it, and nothing of Task Force 1
    seen = s.view(JP)["observed"]["ships"]
    assert seen == [
        {"hex": "B3010", "condition": 5, "what": "ships", "ships": 1, "anchored": False, "unorganized": True,
         "sizes": {"capital": 0, "major": 0, "small": 1},
         "task_forces": [{"number": 101, "sizes": {"capital": 0, "major": 0, "small": 1}, "ships": ["DD1"]}]}
    ]  # fmt: skip
    s.play(Plot(US, 101, ("B3009",)))
    done_until(s, "landing")
    assert s.state.task_force(US, 101).hex == "B3009"  # type: ignore[union-attr]
    assert s.view(JP)["observed"]["ships"][0]["hex"] == "B3009"
    next_turn_plotting(s)
    refused(s, Transfer(US, 101, 1, ("DD1",)), "same hex")
    s.play(Plot(US, 1, ("B3009",)))
    s.play(Done(US))
    s.play(Done(JP))
    done_until(s, "ship-plotting")
    s.play(Transfer(US, 101, 1, ("DD1",)))  # back into its box: the counter leaves the mapboard
    assert s.state.task_force(US, 101) is None and "DD1" in s.state.task_force(US, 1).ships  # type: ignore[union-attr]
    assert s.view(JP)["observed"]["ships"] == []


def next_turn_plotting(s) -> None:  # type: ignore[no-untyped-def]
    now = s.state.time
    for _ in range(200):
        if s.state.time != now and s.state.step == "ship-plotting":
            return
        s.play(Done(s.to_act()[0]))
    raise AssertionError("no next Turn")


def test_an_unorganized_ship_takes_no_planes() -> None:
    """Basic VI.D: an Unorganized Ship unit has no box: planes neither land on it nor fly CAP
    over it."""
    from midway_desktop.games.cv.actions import Land, MoveAir

    s = session([tf(US, 1, ["Enterprise", "Hornet", "DD1"], "B3010", {"c": {"wildcat": 10}})])
    done_until(s, "ship-plotting")
    s.play(Transfer(US, 1, 101, ("Hornet",)))
    rec = AirRecord("wildcat", 2, "", False, "tf1", Time(4, 5), Time(4, 9))
    s.state = s.state.with_air_unit(AirUnit(US, 3, "map", (rec,), hex="B3010"))
    done_until(s, "landing")
    if s.to_act() != (US,):
        s.play(Done(JP))
        done_until(s, "landing")
    refused(s, Land(US, 3, "tf101"), "Unorganized Ship unit carries none", "VI.D")
    s.play(Done(US))
    refused(s, MoveAir(US, 3, "B3010", "tf101"), "no CAP Box", "VI.D")
    hornet = s.state.task_force(US, 101)
    assert hornet is not None and s.view(US)["american"]["task_forces"][-1]["capacity"] == 0
