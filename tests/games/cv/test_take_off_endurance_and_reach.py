"""Air units taking off, flying, landing within reach, running out of Endurance and
reorganizing, resolved by the rules (CV › Basic VIII, XI.C.4)."""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import air
from midway_desktop.games.cv.actions import Land, MoveAir, Regroup, TakeOff
from midway_desktop.games.cv.state import AirRecord, AirUnit, Planes, State, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, position, tf

NOON = Time(4, 12)
SEA = "B3010"
BOARD = GAME.board
LAST_LANDING = NOON.plus(4)


def _rec(plane: str, n: int, weapon: str = "", *, must_land: Time = LAST_LANDING, origin: str = "tf1") -> AirRecord:
    return AirRecord(plane, n, weapon, False, origin, NOON.plus(-1), must_land)


def _sea(when: Time = NOON) -> State:
    state = position([tf(US, 1, ["Enterprise", "DD1"], SEA)], start=when, last=when.plus(3))
    box = state.task_force(US, 1)
    assert box is not None
    return state.with_box(evolve(box, into_wind=True))


def _hex_at(distance: int, origin: str = SEA) -> str:
    return next(h for h in sorted(BOARD) if BOARD.distance(origin, h) == distance)


def test_air_units_still_waiting_take_off_where_they_are_or_go_back_below() -> None:
    """VIII.A.3: new Air units must take off in the Take Off Step; those not ordered take off in
    place, over their box, or from an off-board Base into the In Flight section (VIII.G.1); if
    their Task Force has left the mapboard (VI.F.2), their planes go back to its C section."""
    state = position(
        [tf(US, 1, ["Enterprise", "DD1"], SEA), tf(US, 2, ["Yorktown", "DD2"], "B3020")],
        start=NOON,
        last=NOON.plus(3),
    )
    gone = state.task_force(US, 2)
    assert gone is not None
    state = state.with_box(evolve(gone, hex=None, exited=True))
    for number, box, record in (
        (1, "tf1", _rec("wildcat", 3)),
        (2, "hawaii", _rec("fortress", 2, origin="hawaii")),
        (3, "tf2", _rec("dauntless", 4, "he", origin="tf2")),
    ):
        state = state.with_air_unit(AirUnit(US, number, "forming", (record,), box=box))
    events: list[Event] = []
    state = air.take_off_waiting(GAME, state, US, events)
    over, flying, back = state.air_unit(US, 1), state.air_unit(US, 2), state.air_unit(US, 3)
    assert over is not None and (over.where, over.hex, over.moved, over.arrived) == ("map", SEA, True, NOON)
    assert flying is not None and (flying.where, flying.hex, flying.moved) == ("in-flight", None, True)
    assert flying.due == Time(4, 17)  # a "6H" hex, six Turns counting the take-off Turn
    assert back is None
    assert state.task_force(US, 2).planes.c == (Planes("dauntless", 4, "he"),)  # type: ignore[union-attr]
    assert [e.audience for e in events] == [(US,), (US,)]


def test_planes_past_their_last_landing_turn_are_eliminated_and_told_to_their_owner() -> None:
    """VIII.E.2: planes not landed by their last landing Turn are eliminated at the end of the
    phase, each Air unit's in turn (an Air unit still forming is not flying yet); XI.C.4: a loss
    where no friendly box could take them is unnecessary."""
    state = _sea()
    state = state.with_air_unit(AirUnit(US, 1, "forming", (_rec("wildcat", 2, must_land=NOON),), box="tf1"))
    far = _hex_at(5)
    state = state.with_air_unit(AirUnit(US, 2, "map", (_rec("dauntless", 3, must_land=NOON),), hex=far))
    events: list[Event] = []
    state = air.out_of_endurance(GAME, state, events)
    assert state.air_unit(US, 1) is not None and state.air_unit(US, 2) is None
    lost = state.lost(US)
    assert (lost.air_factors, lost.unnecessary) == (3, 3)
    assert [(e.kind, e.audience, e.data, e.text) for e in events] == [
        ("air-lost", (US,), {"side": US, "factors": 3}, "American Air unit 2 runs out of fuel: 3 Dauntless eliminated.")
    ]


def test_planes_in_flight_home_are_lost_if_their_endurance_ends_before_they_land() -> None:
    """VIII.E.2 with VIII.G.2: an Air unit In Flight to an off-board Base is eliminated if its
    last landing Turn comes before the Turn it is due to land there (a needless loss: no box
    could take it on the way, XI.C.4); one whose last landing Turn is that Turn lands."""
    state = _sea()
    due = NOON.plus(2)
    for number, must_land in ((1, due.plus(-1)), (2, due)):
        record = _rec("fortress", 2, must_land=must_land, origin="hawaii")
        state = state.with_air_unit(AirUnit(US, number, "returning", (record,), box="hawaii", due=due, moved=True))
    state = air.out_of_endurance(GAME, state, [])
    assert state.air_unit(US, 1) is None and state.air_unit(US, 2) is not None
    assert (state.lost(US).air_factors, state.lost(US).unnecessary) == (2, 2)


def test_an_air_unit_home_from_an_off_board_flight_lands_with_its_weapons() -> None:
    """VIII.G.2: an Air unit In Flight to an off-board Base lands there on its Turn, in the A
    section, with its Weapon units; only the owner is told."""
    state = _sea()
    record = _rec("fortress", 2, "he", origin="hawaii")
    state = state.with_air_unit(AirUnit(US, 1, "returning", (record,), box="hawaii", due=NOON, moved=True))
    events: list[Event] = []
    state = air.land_returning(GAME, state, events)
    assert state.air_unit(US, 1) is None
    assert state.base("hawaii").planes.a == (Planes("fortress", 2, "he"),)  # type: ignore[union-attr]
    assert [(e.kind, e.audience, e.text) for e in events] == [("air-movement", (US,), "Air unit 1 lands at Hawaii.")]


def test_an_air_unit_lands_from_its_movement_factor_away_unless_it_has_moved() -> None:
    """VIII.A.1, VIII.B.2: in the Landing Step an Air unit flies to the hex where it lands, up
    to its Movement Factor (Wildcats: 8); one that has moved this Turn lands only where it is."""
    reach = GAME.plane("wildcat").movement
    state = _sea().with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=_hex_at(reach)))
    assert air.land_refusal(GAME, state, Land(US, 1, "tf1")) is None
    state = _sea().with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=_hex_at(1), moved=True))
    assert air.land_refusal(GAME, state, Land(US, 1, "tf1")) == (
        f"Air unit 1 at {_hex_at(1)} cannot reach {SEA} this Turn (Movement Factor {reach}, moved already; "
        "CV › Basic VIII.B.2)."
    )


def test_some_planes_of_an_air_unit_may_land_on_the_mapboard_but_not_off_it() -> None:
    """VIII.A.1: the planes of one type may land, the rest flying on; VIII.G.2: an Air unit
    leaves the mapboard for an off-board Base whole."""
    state = _sea().with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2), _rec("dauntless", 3)), hex=SEA))
    assert air.land_refusal(GAME, state, Land(US, 1, "tf1", "dauntless")) is None
    assert "no avenger planes" in (air.land_refusal(GAME, state, Land(US, 1, "tf1", "avenger")) or "")
    entry = sorted(GAME.air_entry_hexes("hawaii"))[0]
    state = _sea().with_air_unit(
        AirUnit(US, 2, "map", (_rec("fortress", 2), _rec("catalina", 1)), hex=entry, arrived=NOON.plus(-1))
    )
    assert air.land_refusal(GAME, state, Land(US, 2, "hawaii", "fortress")) == (
        "An Air unit leaves the mapboard for an off-board base whole (CV › Basic VIII.G.2)."
    )
    assert air.land_refusal(GAME, state, Land(US, 2, "hawaii")) is None


def test_an_air_unit_carried_its_movement_factor_in_a_cap_box_flies_no_further() -> None:
    """VIII.H.2, VIII.B.2: the hexes an Air unit was carried in a CAP Box come off its Movement
    Factor; carried as far as its Movement Factor, it has no hex left to fly."""
    reach = GAME.plane("wildcat").movement
    state = _sea().with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=SEA, carried=reach))
    assert air.move_refusal(GAME, state, MoveAir(US, 1, _hex_at(1))) == (
        f"Air unit 1 flies at most 0 hex(es) this Turn (Movement Factor {reach}, its slowest plane's, less the "
        "hexes carried in a CAP Box; CV › Basic VIII.B.2, VIII.H.2)."
    )


def test_an_air_unit_flying_into_a_cap_box_is_over_its_task_force() -> None:
    """VIII.H.2: an Air unit ending its move in a friendly Task Force's hex may join its CAP Box:
    it is then off the mapboard, over the Task Force, having moved; it arrived this Turn."""
    state = _sea().with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=_hex_at(2)))
    events: list[Event] = []
    state = air.apply_move(GAME, state, MoveAir(US, 1, SEA, "tf1"), events)
    cap = state.air_unit(US, 1)
    assert cap is not None and (cap.where, cap.hex, cap.box, cap.moved, cap.arrived) == ("cap", None, "tf1", True, NOON)
    assert [(e.kind, e.audience, e.data, e.text) for e in events if e.kind == "air-movement"] == [
        ("air-movement", (US,), {"side": US}, f"{MoveAir(US, 1, SEA, 'tf1').describe()}.")
    ]
    state = evolve(state.with_air_unit(evolve(cap, moved=False)), time=NOON.plus(1))
    state = air.apply_move(GAME, state, MoveAir(US, 1, _hex_at(1)), [])
    moved = state.air_unit(US, 1)
    assert moved is not None and (moved.where, moved.hex, moved.box, moved.arrived) == (
        "map",
        _hex_at(1),
        "",
        NOON.plus(1),
    )


def test_a_forming_air_unit_taking_off_in_place_arrives_this_turn() -> None:
    """VIII.A.3: an Air unit takes off on the Turn it is formed, so it reached its hex this
    Turn, even when it stays over its own Task Force."""
    state = _sea().with_air_unit(AirUnit(US, 1, "forming", (_rec("wildcat", 2),), box="tf1", arrived=NOON.plus(-3)))
    state = air.apply_take_off(GAME, state, TakeOff(US, 1, SEA), [])
    unit = state.air_unit(US, 1)
    assert unit is not None and (unit.where, unit.hex, unit.arrived) == ("map", SEA, NOON)


def test_every_reorganization_is_allowed_over_a_friendly_base_or_light_carrier() -> None:
    """VIII.F.2.a: a hex with a friendly Base, or a friendly CV or CVL, allows every kind of
    reorganization."""
    state = position([tf(JP, 1, ["Zuiho", "DD1"], "A3001")], start=NOON, last=NOON.plus(3))
    assert air.regroup_room(GAME, state, JP, "A3001") == "all"
    assert air.regroup_room(GAME, state, US, GAME.midway) == "all"
    assert air.regroup_room(GAME, state, JP, "A3003") == ""


def test_an_air_unit_staying_in_its_hex_keeps_the_turn_it_got_there() -> None:
    """VIII.G.2: the Turn an Air unit reached its hex counts (an Air Entry Hex reached at 1100
    and waited in): one that stays in its hex, or leaves a CAP Box for the hex it is over,
    keeps that Turn."""
    state = _sea().with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=SEA, arrived=NOON.plus(-1)))
    state = air.apply_move(GAME, state, MoveAir(US, 1, SEA), [])
    unit = state.air_unit(US, 1)
    assert unit is not None and (unit.where, unit.hex, unit.arrived) == ("map", SEA, NOON.plus(-1))
    cap = AirUnit(US, 2, "cap", (_rec("wildcat", 2),), box="tf1", arrived=NOON.plus(-2))
    state = air.apply_move(GAME, state.with_air_unit(cap), MoveAir(US, 2, SEA), [])
    unit = state.air_unit(US, 2)
    assert unit is not None and (unit.where, unit.hex, unit.box, unit.arrived) == ("map", SEA, "", NOON.plus(-2))


def test_some_planes_of_a_cap_land_on_their_carrier_and_the_rest_fly_on_over_it() -> None:
    """VIII.A.1, VIII.H.2: planes in a CAP Box may land on the Task Force below, some of them
    only: the rest are left flying on the mapboard in its hex, having moved, keeping the Turn
    they got there."""
    cap = AirUnit(US, 1, "cap", (_rec("wildcat", 2), _rec("dauntless", 3)), box="tf1", arrived=NOON.plus(-1))
    state = air.apply_land(GAME, _sea().with_air_unit(cap), Land(US, 1, "tf1", "wildcat"), [])
    assert state.task_force(US, 1).planes.a == (Planes("wildcat", 2),)  # type: ignore[union-attr]
    assert state.air_unit(US, 1) == AirUnit(
        US, 1, "map", (_rec("dauntless", 3),), hex=SEA, box="", moved=True, arrived=NOON.plus(-1)
    )


def test_an_air_unit_leaving_for_an_off_board_base_may_name_its_only_plane_type() -> None:
    """VIII.G.2: an Air unit leaves the mapboard for an off-board Base whole; naming its one
    plane type is landing it whole."""
    entry = sorted(GAME.air_entry_hexes("hawaii"))[0]
    unit = AirUnit(US, 2, "map", (_rec("fortress", 2),), hex=entry, arrived=NOON.plus(-1))
    assert air.land_refusal(GAME, _sea().with_air_unit(unit), Land(US, 2, "hawaii", "fortress")) is None


def test_endurance_is_checked_for_every_air_unit_flying_over_a_box_or_not_yet_arrived() -> None:
    """VIII.E.2: every Air unit is checked at the end of the phase, one with time left before
    another that has none; CAP planes past their last landing Turn are eliminated too, but over
    a box that takes them it is no unnecessary loss (XI.C.4); planes In Flight from an off-board
    Base are lost only when their own last landing Turn has come."""
    state = _sea()
    state = state.with_air_unit(AirUnit(US, 1, "map", (_rec("wildcat", 2),), hex=_hex_at(5)))
    state = state.with_air_unit(AirUnit(US, 2, "map", (_rec("dauntless", 3, must_land=NOON),), hex=_hex_at(5)))
    state = state.with_air_unit(AirUnit(US, 3, "cap", (_rec("wildcat", 4, must_land=NOON),), box="tf1"))
    flying_in = _rec("fortress", 2, must_land=NOON.plus(1), origin="hawaii")
    state = state.with_air_unit(AirUnit(US, 4, "in-flight", (flying_in,), box="hawaii", due=NOON.plus(3)))
    state = air.out_of_endurance(GAME, state, [])
    assert [u.number for u in state.air_units] == [1, 4]
    assert (state.lost(US).air_factors, state.lost(US).unnecessary) == (7, 3)


def test_cap_air_units_over_a_carrier_may_reorganize() -> None:
    """VIII.F.2.a, VIII.H.2: Air units in the CAP Box of a Task Force with a CV are over it, a
    hex allowing every kind of reorganization: they may join one another."""
    state = _sea()
    for number in (1, 2):
        state = state.with_air_unit(AirUnit(US, number, "cap", (_rec("wildcat", 2),), box="tf1"))
    assert air.regroup_refusal(GAME, state, Regroup(US, 1, 2, "wildcat", 1)) is None
