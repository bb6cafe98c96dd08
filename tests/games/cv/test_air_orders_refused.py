"""Air orders the rules turn down, each with the reason and rule the player is shown, and the
Air units' landings as told (CV › Basic VIII)."""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import air
from midway_desktop.games.cv.actions import Altitude, Land, MoveAir, Regroup, TakeOff
from midway_desktop.games.cv.state import AirRecord, AirUnit, Planes, State, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, position, tf

NOON = Time(4, 12)
SEA = "B3010"
NEXT = GAME.board.step(SEA, "N") or ""
EARLIER = NOON.plus(-1)


def _rec(plane: str, n: int, weapon: str = "", high: bool = False, took_off: Time = EARLIER) -> AirRecord:
    return AirRecord(plane, n, weapon, high, "tf1", took_off, NOON.plus(4))


def _sea(*forces: object) -> State:
    state = position([tf(US, 1, ["Enterprise", "DD1"], SEA), *forces], start=NOON, last=NOON.plus(3))  # type: ignore[list-item]
    box = state.task_force(US, 1)
    assert box is not None
    return state.with_box(evolve(box, into_wind=True))


def test_altitude_orders_refused_say_why() -> None:
    """VIII.D.2: planes already at an altitude cannot go there; VIII.D.4: on the Turn of take-off
    Bombers and Escorts stay Low, and Interceptors climb only if their side moves first."""
    state = _sea().with_air_unit(
        AirUnit(US, 1, "map", (_rec("wildcat", 2, high=True), _rec("dauntless", 2, "he")), hex=SEA)
    )
    assert air.altitude_refusal(GAME, state, Altitude(US, 1, "wildcat", True)) == (
        "Those planes are at High Altitude already (CV › Basic VIII.D.2)."
    )
    assert air.altitude_refusal(GAME, state, Altitude(US, 1, "dauntless", False)) == (
        "Those planes are at Low Altitude already (CV › Basic VIII.D.2)."
    )
    fresh = _sea().with_air_unit(
        AirUnit(US, 2, "map", (_rec("wildcat", 2, took_off=NOON), _rec("dauntless", 2, "he", took_off=NOON)), hex=SEA)
    )
    fresh = evolve(fresh, initiative=(JP, US))
    assert air.altitude_refusal(GAME, fresh, Altitude(US, 2, "dauntless", True)) == (
        "Bombers and Escorts stay at Low Altitude on the Turn they take off (CV › Basic VIII.D.4)."
    )
    assert air.altitude_refusal(GAME, fresh, Altitude(US, 2, "wildcat", True)) == (
        "Interceptors climb to High Altitude on the Turn they take off only if their side moves first "
        "(CV › Basic VIII.D.4)."
    )


def test_an_order_for_an_air_unit_not_there_for_it_says_where_it_is() -> None:
    """VIII.A: each order is for an Air unit where the order applies: a take-off for one still
    forming, not one on the mapboard."""
    state = _sea().with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=SEA))
    assert air.take_off_refusal(GAME, state, TakeOff(US, 1, NEXT)) == (
        "Air unit 1 is on the mapboard: not for that order (CV › Basic VIII.A)."
    )


def test_no_take_off_from_a_task_force_that_has_left_the_mapboard() -> None:
    """VI.F.2: ships that exit the mapboard are out of the game, and their planes with them: an
    Air unit formed in such a Task Force's box cannot take off."""
    state = _sea(tf(US, 2, ["Yorktown", "DD2"], "B3020"))
    gone = state.task_force(US, 2)
    assert gone is not None
    state = state.with_box(evolve(gone, hex=None, exited=True))
    state = state.with_air_unit(AirUnit(US, 3, "forming", (_rec("wildcat", 2),), box="tf2"))
    for order in (TakeOff(US, 3, ""), TakeOff(US, 3, SEA)):
        assert air.take_off_refusal(GAME, state, order) == "tf2 has left the mapboard (CV › Basic VI.F.2)."


def test_flights_refused_say_why() -> None:
    """VIII.B.2: no further than the Movement Factor (the message names it, and no CAP Box
    carrying when there was none); VIII.H.2: only the CAP Box of a friendly box in the hex the
    Air unit ends in; an Unorganized Ship unit has none (VI.D)."""
    far = next(h for h in sorted(GAME.board) if GAME.board.distance(SEA, h) == 9)
    state = _sea(tf(US, 2, ["DD3"], "B3014")).with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=SEA))
    lone = state.task_force(US, 2)
    assert lone is not None
    state = state.with_box(evolve(lone, unorganized=True))
    assert air.move_refusal(GAME, state, MoveAir(US, 1, far)) == (
        "Air unit 1 flies at most 8 hex(es) this Turn (Movement Factor 8, its slowest plane's; "
        "CV › Basic VIII.B.2, VIII.H.2)."
    )
    assert air.move_refusal(GAME, state, MoveAir(US, 1, NEXT, "tf1")) == (
        "An Air unit joins the CAP Box only of a friendly box in the hex it ends in (CV › Basic VIII.H.2)."
    )
    assert air.move_refusal(GAME, state, MoveAir(US, 1, "B3014", "tf2")) == (
        "An Unorganized Ship unit has no Task Force Box, so no CAP Box (CV › Basic VI.D, VIII.H.2)."
    )


def test_landings_refused_say_why() -> None:
    """VIII.B.2: out of reach (naming the Movement Factor, and the move made if it has moved);
    VIII.G.2: an off-board Base is landed at from one of its Air Entry Hexes; VI.D: not on an
    Unorganized Ship unit."""
    far = next(h for h in sorted(GAME.board) if GAME.board.distance(SEA, h) == 9)
    state = _sea(tf(US, 2, ["DD3"], "B3020")).with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=far))
    assert air.land_refusal(GAME, state, Land(US, 1, "tf1")) == (
        f"Air unit 1 at {far} cannot reach {SEA} this Turn (Movement Factor 8; CV › Basic VIII.B.2)."
    )
    assert air.land_refusal(GAME, state, Land(US, 1, "johnston")) == (
        "Planes land at Johnston Island from one of its Air Entry Hexes, reached on an earlier Turn "
        "(CV › Basic VIII.G.2)."
    )
    lone = state.task_force(US, 2)
    assert lone is not None
    state = state.with_box(evolve(lone, unorganized=True))
    assert air.land_refusal(GAME, state, Land(US, 1, "tf2")) == (
        "Planes land only in a Task Force Box: an Unorganized Ship unit carries none (CV › Basic VI.D)."
    )


def test_reorganizing_refused_says_why() -> None:
    """VIII.F: at least one Air Factor moves; into an Air unit flying in the same hex (never
    itself) or an empty Air Box; VIII.F.2: only over a friendly Base, CV or CVL, and over enemy
    Base or Ship units only dividing."""
    state = _sea().with_air_unit(AirUnit(US, 1, "map", (_rec("dauntless", 3, "he"),), hex=SEA))
    state = state.with_air_unit(AirUnit(US, 2, "map", (_rec("dauntless", 3, "he"),), hex=NEXT))
    assert air.regroup_refusal(GAME, state, Regroup(US, 1, 5, "dauntless", 0, "he")) == (
        "Move at least one Air Factor (CV › Basic VIII.F)."
    )
    same_hex = "Air Factors join an Air unit flying in the same hex, or an empty Air Box (CV › Basic VIII.F)."
    assert air.regroup_refusal(GAME, state, Regroup(US, 1, 1, "dauntless", 1, "he")) == same_hex
    assert air.regroup_refusal(GAME, state, Regroup(US, 1, 2, "dauntless", 1, "he")) == same_hex
    assert air.regroup_refusal(GAME, state, Regroup(US, 2, 5, "dauntless", 1, "he")) == (
        "Air units reorganize only in a hex with a friendly Base, CV or CVL; over enemy Base or Ship units they "
        "may only divide (CV › Basic VIII.F.2)."
    )


def test_over_the_enemy_base_air_units_may_only_divide() -> None:
    """VIII.F.2.c: over an enemy Base unit (on the mapboard for all to see) an Air unit may
    divide, into an empty Air Box, but not join another."""
    assert air.regroup_room(GAME, _sea(), JP, GAME.midway) == "divide"


def test_a_landing_is_told_with_the_planes_by_type_and_the_base_by_name() -> None:
    """VIII.A.1: the owner is told where his planes landed and how many of each type."""
    state = position([], start=NOON, last=NOON.plus(3))
    unit = AirUnit(US, 1, "map", (_rec("buffalo", 2), _rec("dauntless", 1, "he"), _rec("buffalo", 3)), hex=GAME.midway)
    events: list[Event] = []
    state = air.apply_land(GAME, state.with_air_unit(unit), Land(US, 1, "midway"), events)
    assert [e.text for e in events] == ["Air unit 1 lands at Midway: 5 Buffalo, 1 Dauntless."]
    assert sorted(state.base("midway").planes.a) == sorted(  # type: ignore[union-attr]
        [Planes("buffalo", 5), Planes("dauntless", 1, "he")]
    )


def test_an_air_unit_that_waited_in_an_air_entry_hex_lands_as_it_leaves() -> None:
    """VIII.G.2: an Air unit that reached a "3J" Air Entry Hex at 1100 and waited there lands
    at Johnston as it leaves the mapboard at 1400, its Turn having come; the owner is told."""
    state = position([tf(US, 1, ["Enterprise", "DD1"], SEA)], start=Time(4, 14), last=Time(4, 16))
    entry = sorted(GAME.air_entry_hexes("johnston"))[0]
    record = AirRecord("catalina", 2, "", False, "midway", Time(4, 8), Time(4, 22))
    state = state.with_air_unit(AirUnit(US, 6, "map", (record,), hex=entry, arrived=Time(4, 11)))
    events: list[Event] = []
    state = air.apply_land(GAME, state, Land(US, 6, "johnston"), events)
    assert state.air_unit(US, 6) is None
    assert state.base("johnston").planes.a == (Planes("catalina", 2),)  # type: ignore[union-attr]
    assert [e.text for e in events] == [
        "Air unit 6 leaves the mapboard for Johnston Island, landing at 1400 June 4.",
        "Air unit 6 lands at Johnston Island.",
    ]
