"""Landing, night landings, altitude and reorganization as the rules resolve them, and what the
owner is told of his Air units' moves (CV › Basic VIII)."""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import air
from midway_desktop.games.cv.actions import Altitude, EnterMap, Land, Regroup, TakeOff
from midway_desktop.games.cv.state import AirRecord, AirUnit, Planes, State, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, US, position, tf

NOON = Time(4, 12)
NIGHT = Time(4, 22)
SEA = "B3010"
NEXT = GAME.board.step(SEA, "N") or ""  # one hex from the Enterprise


def _rec(plane: str, n: int, weapon: str = "", high: bool = False, when: Time = NOON) -> AirRecord:
    return AirRecord(plane, n, weapon, high, "tf1", when.plus(-1), when.plus(4))


def _at(when: Time = NOON, launched: int = 0) -> State:
    """The Enterprise's Task Force at sea, turned into the wind, ``launched`` Air Factors
    having taken off or landed this Turn."""
    state = position([tf(US, 1, ["Enterprise", "DD1"], SEA)], start=when, last=when.plus(3))
    box = state.task_force(US, 1)
    assert box is not None
    return state.with_box(evolve(box, into_wind=True, launched=launched))


def _flying(state: State, number: int, hex_: str, *records: AirRecord, **kw: object) -> State:
    return state.with_air_unit(AirUnit(US, number, "map", records, hex=hex_, **kw))  # type: ignore[arg-type]


def test_landings_may_reach_the_maximum_launch_factor_and_no_more() -> None:
    """VIII.A.1.c: the Air Factors landing in a box, with those that took off or landed there this
    Turn, may reach its Maximum Launch Factor (the Enterprise's 18) but not pass it."""
    top = GAME.handling(_at().task_force(US, 1)).launch_limit  # type: ignore[arg-type]
    assert top == 18
    state = _flying(_at(launched=10), 1, SEA, _rec("wildcat", 8))
    assert air.land_refusal(GAME, state, Land(US, 1, "tf1")) is None
    state = _flying(_at(launched=10), 1, SEA, _rec("wildcat", 9))
    assert air.land_refusal(GAME, state, Land(US, 1, "tf1")) == (
        "Task Force 1's Maximum Launch Factor is 18 and 10 Air Factor(s) have taken off or landed this Turn: "
        "landings may not exceed it nor prevent take-offs (CV › Basic VIII.A.1.c)."
    )


def test_planes_landing_keep_their_weapons_and_daylight_rolls_no_die() -> None:
    """VIII.A.1: planes land in the A section; armed planes keep their Weapon units with them
    (IV.B.4.c removes them only on the way from C to B); no die is rolled for a daylight landing
    (VIII.H.5: the Night Landings Chart is for night Turns)."""
    state = _flying(_at(), 1, SEA, _rec("dauntless", 4, "he"))
    state = air.apply_land(GAME, state, Land(US, 1, "tf1"), [], ScriptedRng(dice=[]))
    assert state.task_force(US, 1).planes.a == (Planes("dauntless", 4, "he"),)  # type: ignore[union-attr]
    assert state.air_unit(US, 1) is None


def test_the_planes_not_landing_stay_flying_over_the_box() -> None:
    """VIII.A.1 with VIII.F: some planes of an Air unit may land while the rest fly on: they are
    left on the mapboard in the box's hex, moved for the Turn; they arrived in that hex this Turn
    if they flew there, or keep the Turn they got there if they were already in it."""
    earlier = NOON.plus(-1)
    state = _flying(_at(), 1, SEA, _rec("wildcat", 3), _rec("dauntless", 4, "he"), arrived=earlier)
    state = air.apply_land(GAME, state, Land(US, 1, "tf1", "wildcat"), [])
    assert state.task_force(US, 1).planes.a == (Planes("wildcat", 3),)  # type: ignore[union-attr]
    assert state.air_unit(US, 1) == AirUnit(
        US, 1, "map", (_rec("dauntless", 4, "he"),), hex=SEA, box="", moved=True, arrived=earlier
    )
    state = _flying(_at(), 2, NEXT, _rec("wildcat", 3), _rec("dauntless", 4, "he"), arrived=earlier)
    state = air.apply_land(GAME, state, Land(US, 2, "tf1", "wildcat"), [])
    assert state.air_unit(US, 2) == AirUnit(
        US, 2, "map", (_rec("dauntless", 4, "he"),), hex=SEA, box="", moved=True, arrived=NOON
    )


class _SixSided:
    """Scripted dice that must be six-sided (wrapping the engine's: its classes may be compiled,
    and a compiled class takes no subclass written in Python)."""

    def __init__(self, dice: list[int]) -> None:
        self.script = ScriptedRng(dice=dice)

    def die(self, sides: int = 6) -> int:
        assert sides == 6, f"a d{sides}"
        return self.script.die(sides)


def test_the_night_landings_chart_row_by_row() -> None:
    """VIII.H.5: a night landing rolls one die on the Night Landings Chart (provisional values: a
    1 loses half, rounded up, a 2 or 3 one Air Factor, 4 to 6 none); losses come off the largest
    stacks first, and only the owner is told."""
    landing = (_rec("wildcat", 2, when=NIGHT), _rec("dauntless", 5, "he", when=NIGHT))
    kept = {}
    for die in (1, 2, 5):
        events: list[Event] = []
        safe, state = air.night_landing(GAME, _at(NIGHT), US, landing, _SixSided(dice=[die]), events)
        kept[die] = sorted((r.plane, r.factors) for r in safe)
        lost = 7 - sum(r.factors for r in safe)
        assert state.lost(US).air_factors == lost
        roll = events[0]
        assert (roll.kind, roll.audience, roll.data["side"], roll.data["dice"]) == ("roll", (US,), US, [die])
        if lost:
            assert [(e.kind, e.audience, e.data, e.text) for e in events[1:]] == [
                ("air-lost", (US,), {"side": US, "factors": lost}, f"{lost} Air Factor(s) lost landing at night.")
            ]
        else:
            assert events[1:] == []
    assert kept == {
        1: [("dauntless", 1), ("wildcat", 2)],
        2: [("dauntless", 4), ("wildcat", 2)],
        5: [("dauntless", 5), ("wildcat", 2)],
    }


def test_an_altitude_order_moves_only_the_planes_named() -> None:
    """VIII.D.2: an Air unit's planes change altitude by type: the others stay where they are."""
    state = _flying(_at(), 1, SEA, _rec("wildcat", 3), _rec("dauntless", 4, "he"))
    state = air.apply_altitude(GAME, state, Altitude(US, 1, "wildcat", True), [])
    unit = state.air_unit(US, 1)
    assert unit is not None and [(r.plane, r.high) for r in unit.records] == [("wildcat", True), ("dauntless", False)]


def test_reorganizing_moves_only_the_line_named_and_joins_its_movement() -> None:
    """VIII.F.1: Air Factors move between Air units by line (plane, weapon, altitude), the other
    lines untouched; an Air unit joined by one that has moved has moved too, and was carried in a
    CAP Box as far as the farther carried of the two (VIII.B.2, VIII.H.2)."""
    state = _flying(_at(), 1, SEA, _rec("dauntless", 2), _rec("dauntless", 3, "he"), _rec("wildcat", 2))
    state = _flying(state, 2, SEA, _rec("wildcat", 1), moved=True, carried=2)
    state = air.apply_regroup(GAME, state, Regroup(US, 1, 2, "dauntless", 3, "he"), [])
    source, joined = state.air_unit(US, 1), state.air_unit(US, 2)
    assert source is not None and source.records == (_rec("dauntless", 2), _rec("wildcat", 2))
    assert joined is not None and joined.records == (_rec("wildcat", 1), _rec("dauntless", 3, "he"))
    assert (joined.moved, joined.carried) == (True, 2)
    state = _flying(state, 3, SEA, _rec("wildcat", 1), moved=False, carried=0)
    state = air.apply_regroup(GAME, state, Regroup(US, 2, 3, "wildcat", 1), [])
    joined = state.air_unit(US, 3)
    assert joined is not None and (joined.moved, joined.carried) == (True, 2)


def test_an_air_unit_leaving_for_an_off_board_base_lands_by_the_turns_printed() -> None:
    """VIII.G.2: an Air unit standing in a "3J" Air Entry Hex leaves the mapboard and lands at
    Johnston three Turns after the Turn it reached the hex, counting both: one that got there
    last Turn (1300) lands at 1500. It is off the mapboard, In Flight, and has moved."""
    entry = sorted(GAME.air_entry_hexes("johnston"))[0]
    state = _flying(_at(Time(4, 14)), 6, entry, AirRecord("catalina", 2, "", False, "midway", Time(4, 8), Time(4, 22)))
    events: list[Event] = []
    state = air.apply_land(GAME, state, Land(US, 6, "johnston"), events)
    unit = state.air_unit(US, 6)
    assert unit is not None
    assert (unit.where, unit.hex, unit.box, unit.due, unit.moved) == ("returning", None, "johnston", Time(4, 15), True)
    assert [(e.kind, e.audience, e.text) for e in events] == [
        (
            "air-movement",
            (US,),
            "Air unit 6 leaves the mapboard for Johnston Island, landing at 1500 June 4.",
        )
    ]


def test_the_owner_alone_is_told_of_his_air_units_moves() -> None:
    """VIII (each side's Air Unit Movement is its own): the owner is told each take-off, landing,
    altitude change and reorganization of his Air units; the enemy learns of them only by
    observation (III)."""
    events: list[Event] = []
    state = _flying(_at(), 1, SEA, _rec("wildcat", 3), _rec("dauntless", 4, "he"))
    state = air.apply_altitude(GAME, state, Altitude(US, 1, "wildcat", True), events)
    state = air.apply_regroup(GAME, state, Regroup(US, 1, 2, "dauntless", 1, "he"), events)
    state = air.apply_land(GAME, state, Land(US, 2, "tf1"), events)
    forming = AirUnit(US, 4, "forming", (_rec("wildcat", 2),), box="tf1")
    state = air.apply_take_off(GAME, state.with_air_unit(forming), TakeOff(US, 4, NEXT), events)
    assert [(e.kind, e.audience, e.data) for e in events] == [("air-movement", (US,), {"side": US})] * 4
    assert [e.text for e in events] == [
        f"{Altitude(US, 1, 'wildcat', True).describe()}.",
        f"{Regroup(US, 1, 2, 'dauntless', 1, 'he').describe()}.",
        "Air unit 2 lands at Task Force 1: 1 Dauntless.",
        f"{TakeOff(US, 4, NEXT).describe()}.",
    ]


def test_the_owner_alone_is_told_of_take_offs_from_and_arrivals_at_off_board_bases() -> None:
    """VIII.G.1: an Air unit taking off from an off-board Base is In Flight until it reaches the
    mapboard; the owner is told when it is due, and of its entry."""
    state = position([tf(US, 1, ["Enterprise", "DD1"], SEA)], start=Time(4, 7), last=Time(4, 14))
    forming = AirUnit(US, 5, "forming", (AirRecord("fortress", 4, "", False, "hawaii", Time(4, 7), Time(4, 20)),))
    events: list[Event] = []
    state = air.apply_take_off(GAME, state.with_air_unit(evolve(forming, box="hawaii")), TakeOff(US, 5, ""), events)
    unit = state.air_unit(US, 5)
    assert unit is not None and (unit.where, unit.hex, unit.due, unit.moved) == ("in-flight", None, Time(4, 12), True)
    entry = sorted(GAME.air_entry_hexes("hawaii"))[0]
    state = evolve(state, time=Time(4, 12))
    state = air.apply_enter(GAME, state, EnterMap(US, 5, entry), events)
    unit = state.air_unit(US, 5)
    assert unit is not None and (unit.where, unit.hex, unit.box, unit.due, unit.arrived) == (
        "map",
        entry,
        "",
        None,
        Time(4, 12),
    )
    assert [(e.kind, e.audience) for e in events if e.kind == "air-movement"] == [("air-movement", (US,))] * 2
    assert events[0].text == "Air unit 5 takes off from Hawaii, due at the mapboard at 1200 June 4."
    assert events[-1].text == f"{EnterMap(US, 5, entry).describe()}."
