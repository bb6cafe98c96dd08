"""Hits on Ship units and what goes down with them: the Ship Record, the planes that no longer
fit, the Task Force Box freed, and what each side is told (CV › Basic IX.J.4, IX.K.4, XI.C.1.c)."""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import damage, victory
from midway_desktop.games.cv.state import AirRecord, AirUnit, Planes, PlottedMove, Sections, State, evolve
from tests.games.cv.play import GAME, JP, US, position, tf

AKAGI_HITS = GAME.ship(JP, "Akagi").ship_class.hits  # 5
HOSHO_CAPACITY = GAME.ship(JP, "Hosho").ship_class.capacity  # 8


def _stacks(state: State, number: int, section: str) -> list[tuple[str, int, bool]]:
    box = state.task_force(JP, number)
    assert box is not None
    return sorted((p.plane, p.factors, p.fresh) for p in box.planes.of(section))


def test_no_hits_mark_nothing_and_tell_nothing() -> None:
    """IX.J.4: a Combat with no Hits leaves the Ship Record as it was, and nothing is told."""
    state = position([tf(JP, 1, ["Akagi", "DD1"], "A3001")])
    events: list[Event] = []
    assert damage.record_ship_hits(GAME, state, JP, "Akagi", 0, events) == state
    assert events == []


def test_the_hits_of_a_ship_sunk_leave_the_ship_record() -> None:
    """IX.J.4, XI.C.2: Hits marked on a ship are not counted again once it sinks: a ship hit
    twice and then sunk leaves no Hits on the Ship Record, so none count at the end."""
    state = position([tf(JP, 1, ["Akagi", "DD1"], "A3001")])
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", 2, [])
    assert state.hits_on(JP, "Akagi") == 2
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", AKAGI_HITS - 2, [])
    assert state.hits_on(JP, "Akagi") == 0 and state.ship_hits == ()
    assert state.lost(JP).ships == ("Akagi",)
    assert victory.hit_points(GAME, state) == {US: 0, JP: 0}


def test_a_ship_of_hit_factor_three_is_crippled_at_two_hits() -> None:
    """IX.J.4.b: a Cripple unit goes on a ship of Hit Factor 3 or more one Hit from sinking: the
    Zuiho (Hit Factor 3) with two Hits; never on a ship of Hit Factor 2."""
    assert damage.crippled(3, 2) and not damage.crippled(3, 1) and not damage.crippled(2, 1)
    state = position([tf(JP, 1, ["Zuiho", "DD1"], "A3001")])
    events: list[Event] = []
    state = damage.record_ship_hits(GAME, state, JP, "Zuiho", 2, events)
    assert events[-1].text == "Zuiho takes 2 Hit(s): 2 of 3 (Reduced Speed, Crippled)."


def test_the_owner_alone_is_told_the_hits_on_his_ship() -> None:
    """IX.J.4: Hits are marked on the owner's Ship Record Sheet: he is told which ship took how
    many and how many it has; Reduced Speed (IX.K.4.b) is told when the ship first slows."""
    state = position([tf(JP, 1, ["Akagi", "DD1"], "A3001")])
    events: list[Event] = []
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", 1, events)
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", 2, events)  # 3 of 5: Reduced Speed
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", 1, events)  # 4 of 5: Crippled, slowed already
    assert [(e.kind, e.audience) for e in events] == [("ship-hit", (JP,))] * 3
    assert [e.data for e in events] == [
        {"side": JP, "ship": "Akagi", "hits": 1, "total": 1},
        {"side": JP, "ship": "Akagi", "hits": 2, "total": 3},
        {"side": JP, "ship": "Akagi", "hits": 1, "total": 4},
    ]
    assert [e.text for e in events] == [
        "Akagi takes 1 Hit(s): 1 of 5.",
        "Akagi takes 2 Hit(s): 3 of 5 (Reduced Speed).",
        "Akagi takes 1 Hit(s): 4 of 5 (Crippled).",
    ]


def test_both_sides_are_told_a_ship_sinks_and_what_went_down_with_it() -> None:
    """IX.K.4.a, XI.C.1.c: a ship eliminated is told to both, with the Air or Ground Factors
    that went down with it."""
    state = position([tf(JP, 1, ["Akagi", "DD1"], "A3001", {"c": {"zero": 4}})])
    events: list[Event] = []
    damage.record_ship_hits(GAME, state, JP, "Akagi", AKAGI_HITS, events)
    sunk = events[-1]
    assert (sunk.kind, sunk.audience) == ("ship-sunk", ("all",))
    assert sunk.data == {"side": JP, "ship": "Akagi", "air_factors": 4, "ground_factors": 0}
    assert sunk.text == "The Japanese CV Akagi is sunk, with 4 Air Factor(s) aboard."
    state = position([tf(JP, 5, ["AP1", "AP2"], "A3001")])
    state = state.with_box(evolve(state.task_force(JP, 5), troops=(("AP1", 3),)))  # type: ignore[arg-type]
    events = []
    damage.record_ship_hits(GAME, state, JP, "AP1", 2, events)
    assert events[-1].data == {"side": JP, "ship": "AP1", "air_factors": 0, "ground_factors": 3}
    assert events[-1].text == "The Japanese AP AP1 is sunk, with 3 Ground Factor(s) aboard."
    events = []
    damage.record_ship_hits(GAME, position([tf(US, 1, ["Enterprise", "DD1"], "B3010")]), US, "DD1", 2, events)
    assert events[-1].text == "The American DD DD1 is sunk."


def test_an_empty_transport_sinks_with_no_ground_factors() -> None:
    """XI.C.1.c: an AP eliminated with no Ground Factors aboard loses none."""
    state = position([tf(JP, 5, ["AP1", "AP2"], "A3001")])
    state = state.with_box(evolve(state.task_force(JP, 5), troops=(("AP2", 8),)))  # type: ignore[arg-type]
    state = damage.record_ship_hits(GAME, state, JP, "AP1", 2, [])
    assert state.lost(JP).ground == 0 and state.task_force(JP, 5).troops == (("AP2", 8),)  # type: ignore[union-attr]


def test_planes_that_no_longer_fit_are_lost_from_c_then_b_largest_stack_first() -> None:
    """XI.C.1.c with IV.B.1 (the reading in docs/rules-status/cv.md): when the Akagi sinks, the
    Hosho (Plane Capacity 8) keeps only 8 of the Task Force's Air Factors; the rest go down with
    the Akagi, one at a time from the C section (on deck) first, then B, then A, each time from
    the largest stack."""
    state = position([tf(JP, 1, ["Akagi", "Hosho"], "A3001")])
    planes = Sections(
        a=(Planes("kate", 6),),
        b=(Planes("val", 6),),
        c=(Planes("zero", 6), Planes("zero", 3, fresh=True), Planes("kate", 2)),
    )
    state = state.with_box(evolve(state.task_force(JP, 1), planes=planes))  # type: ignore[arg-type]
    events: list[Event] = []
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", AKAGI_HITS, events)
    assert _stacks(state, 1, "c") == []
    assert _stacks(state, 1, "b") == [("val", 2, False)]
    assert _stacks(state, 1, "a") == [("kate", 6, False)]
    assert state.lost(JP).air_factors == 23 - HOSHO_CAPACITY == events[-1].data["air_factors"]


def test_planes_too_many_for_the_ships_left_go_from_the_largest_stack() -> None:
    """XI.C.1.c (the reading in docs/rules-status/cv.md): of two stacks of the same plane type
    in the C section, the Air Factors that no longer fit are taken from the larger."""
    state = position([tf(JP, 1, ["Akagi", "Hosho"], "A3001")])
    planes = Sections(b=(Planes("val", 4),), c=(Planes("zero", 4), Planes("zero", 2, fresh=True)))
    state = state.with_box(evolve(state.task_force(JP, 1), planes=planes))  # type: ignore[arg-type]
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", AKAGI_HITS, [])
    assert _stacks(state, 1, "c") == [("zero", 2, False), ("zero", 2, True)]
    assert state.lost(JP).air_factors == 2


def test_planes_that_no_longer_fit_go_one_at_a_time_from_the_largest_stack_of_any_type() -> None:
    """XI.C.1.c (the reading in docs/rules-status/cv.md): the Air Factors that no longer fit go
    one at a time, each from the largest stack then in the section, whatever its plane type, and
    no more than the excess: of Kates 6 and Zeros 4 in C with a Val in B, three go (the Hosho
    holds 8): two Kates and a Zero."""
    state = position([tf(JP, 1, ["Akagi", "Hosho"], "A3001")])
    planes = Sections(b=(Planes("val", 1),), c=(Planes("kate", 6), Planes("zero", 4)))
    state = state.with_box(evolve(state.task_force(JP, 1), planes=planes))  # type: ignore[arg-type]
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", AKAGI_HITS, [])
    assert _stacks(state, 1, "c") == [("kate", 4, False), ("zero", 3, False)]
    assert _stacks(state, 1, "b") == [("val", 1, False)]
    assert state.lost(JP).air_factors == 3


def test_the_last_ship_sunk_frees_only_its_own_box() -> None:
    """VIII.H.2 and VI: when the last ship of a Task Force sinks, its plot is void and its CAP
    is left flying where it was; another Task Force of the side keeps its plot, and Air units
    over it stay its CAP."""
    forces = [tf(US, 1, ["Enterprise", "DD1"], "B3010"), tf(US, 2, ["Yorktown"], "B2117")]
    state = position(forces)
    now = state.time
    for number, box in ((3, "tf2"), (4, "tf1")):
        record = AirRecord("wildcat", 2, "", True, box, now, now.plus(3))
        state = state.with_air_unit(AirUnit(US, number, "cap", (record,), box=box))
    state = state.with_plots(US, (PlottedMove(1, ("B3011",)), PlottedMove(2, ("B2118",))))
    state = damage.record_ship_hits(GAME, state, US, "Yorktown", GAME.ship(US, "Yorktown").ship_class.hits, [])
    assert state.task_force(US, 2) is None and state.task_force(US, 1) is not None
    assert state.plots_of(US) == (PlottedMove(1, ("B3011",)),)
    freed, kept = state.air_unit(US, 3), state.air_unit(US, 4)
    assert freed is not None and (freed.where, freed.hex) == ("map", "B2117")
    assert kept is not None and (kept.where, kept.box) == ("cap", "tf1")
