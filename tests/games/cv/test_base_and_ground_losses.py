"""Hits on the Midway Base and its Ground units, and Air Factors eliminated from boxes and Air
units: what is recorded and what each side is told (CV › Basic IX.J.1-3, IX.K.1-3)."""

from __future__ import annotations

import pytest

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import damage
from midway_desktop.games.cv.state import AirRecord, AirUnit, State, evolve
from tests.games.cv.play import GAME, JP, US, position


def _midway(ground: int = 0, ashore: int = 0) -> State:
    state = position([], base_planes={"midway": {"c": {"buffalo": 5, "dauntless": 4}}})
    return evolve(state.with_box(evolve(state.base("midway"), ground=ground)), ashore=ashore)  # type: ignore[arg-type]


def test_every_hit_on_the_base_is_recorded_and_told_to_both() -> None:
    """IX.J.3: each Hit on a Base goes in its Base Box as a Hit unit, one Hit as well as many;
    both sides see the Base hit (IX.K.3). A Combat with no Hits records nothing."""
    state = _midway()
    events: list[Event] = []
    assert damage.record_base_hits(GAME, state, "midway", 0, events) == state and events == []
    state = damage.record_base_hits(GAME, state, "midway", 1, events)
    state = damage.record_base_hits(GAME, state, "midway", 2, events)
    assert state.base("midway").hits == 3  # type: ignore[union-attr]
    assert [(e.kind, e.audience) for e in events] == [("base-hit", ("all",))] * 2
    assert [e.data for e in events] == [
        {"base": "midway", "side": US, "hits": 1, "total": 1},
        {"base": "midway", "side": US, "hits": 2, "total": 3},
    ]
    assert events[-1].text == "Midway takes 2 Hit(s) (3 in all)."


def test_the_attacker_picks_the_planes_lost_to_daylight_low_bombing() -> None:
    """IX.K.3.b: the side making the Hits picks the Air Factors lost for daylight Low or Dive
    Bombing; the side taking them for any Bombing at night, and for High Bombing."""
    assert damage.base_loss_chooser("low", night=False, owner=US, attacker=JP) == JP
    assert damage.base_loss_chooser("low", night=True, owner=US, attacker=JP) == US
    assert damage.base_loss_chooser("bombardment", night=False, owner=US, attacker=JP) == US


def test_a_combat_with_no_base_hit_effect_is_refused() -> None:
    """IX.K.3.b names the Combats whose Hits cost a Base Air Factors: Low, Dive and High Bombing
    and Bombardment; any other is an error, said as such."""
    assert [damage.base_air_losses(5, k) for k in ("low", "dive", "high", "bombardment")] == [5, 5, 2, 2]
    with pytest.raises(ValueError, match="no Base Hit effect for a 'ground' Combat"):
        damage.base_air_losses(2, "ground")


def test_every_hit_on_ground_units_is_recorded_and_told_to_both() -> None:
    """IX.J.2: Hits from Bombing or Bombardment on Ground units are Hit units placed with them,
    American ones in the Midway Base Box, Japanese ones ashore; both sides see them. No Hits,
    nothing recorded."""
    state = _midway(ground=10, ashore=6)
    events: list[Event] = []
    assert damage.record_ground_hits(state, US, 0, events) == state and events == []
    state = damage.record_ground_hits(state, US, 1, events)
    state = damage.record_ground_hits(state, US, 2, events)
    state = damage.record_ground_hits(state, JP, 1, events)
    state = damage.record_ground_hits(state, JP, 1, events)
    assert (state.base("midway").ground_hits, state.ashore_hits) == (3, 2)  # type: ignore[union-attr]
    assert [(e.kind, e.audience) for e in events] == [("ground-hit", ("all",))] * 4
    assert [e.data for e in events] == [
        {"side": US, "hits": 1, "total": 1},
        {"side": US, "hits": 2, "total": 3},
        {"side": JP, "hits": 1, "total": 1},
        {"side": JP, "hits": 1, "total": 2},
    ]
    assert events[1].text == "The American Ground units on Midway take 2 Hit(s) (3 in all)."
    assert events[3].text == "The Japanese Ground units on Midway take 1 Hit(s) (2 in all)."


def test_a_single_ground_factor_eliminated_counts() -> None:
    """IX.K.2, XI.C.1.b: a Ground Combat Hit eliminates a Ground Factor, one as well as many;
    it counts for Victory Points and both sides see it."""
    state = _midway(ground=10, ashore=6)
    events: list[Event] = []
    state = damage.eliminate_ground_factors(state, US, 1, events)
    state = damage.eliminate_ground_factors(state, JP, 1, events)
    assert (state.base("midway").ground, state.ashore) == (9, 5)  # type: ignore[union-attr]
    assert (state.lost(US).ground, state.lost(JP).ground) == (1, 1)
    assert [(e.kind, e.audience, e.data) for e in events] == [
        ("ground-lost", ("all",), {"side": US, "factors": 1}),
        ("ground-lost", ("all",), {"side": JP, "factors": 1}),
    ]
    assert events[0].text == "The American side loses 1 Ground Factor(s) on Midway."


def test_planes_eliminated_from_a_box_are_of_the_type_hit_and_no_more_than_there_are() -> None:
    """IX.J.1, IX.K.1: Air Factors eliminated from a section are taken from the plane type named,
    never from another, and no more than the section holds; only the owner is told which."""
    state = _midway()
    events: list[Event] = []
    state = damage.eliminate_from_box(state, US, "midway", "c", "buffalo", 2, events)
    midway = state.base("midway")
    assert midway is not None
    assert sorted((p.plane, p.factors) for p in midway.planes.of("c")) == [("buffalo", 3), ("dauntless", 4)]
    state = damage.eliminate_from_box(state, US, "midway", "c", "buffalo", 7, events)
    assert state.lost(US).air_factors == 5
    assert [(e.kind, e.audience) for e in events] == [("air-lost", (US,))] * 2
    assert [e.data for e in events] == [
        {"side": US, "box": "midway", "plane": "buffalo", "factors": 2},
        {"side": US, "box": "midway", "plane": "buffalo", "factors": 3},
    ]
    assert events[-1].text == "3 buffalo Air Factor(s) eliminated in MIDWAY section C."


def test_nothing_is_eliminated_from_a_box_or_air_unit_that_is_not_there() -> None:
    """IX.J.1: Hits on planes take them from the box or Air unit named; a side's box that does
    not exist (the Japanese have no Midway Base Box before its capture) or an empty Air Box
    loses nothing."""
    state = _midway()
    events: list[Event] = []
    assert damage.eliminate_from_box(state, JP, "midway", "c", "buffalo", 2, events) == state
    assert damage.eliminate_from_air_unit(state, JP, 7, "zero", 2, events) == state
    assert events == []


def test_both_sides_see_air_factors_shot_down_and_an_air_unit_gone() -> None:
    """IX.J.1, VIII.A: Air Factors shot down on the mapboard are seen by both; an Air unit left
    with none leaves the mapboard, and that is told."""
    now = position([]).time
    records = (
        AirRecord("zero", 3, "", True, "tf1", now, now.plus(3)),
        AirRecord("kate", 2, "t", False, "tf1", now, now.plus(3)),
    )
    state = position([]).with_air_unit(AirUnit(JP, 4, "map", records, hex="A3001"))
    events: list[Event] = []
    state = damage.eliminate_from_air_unit(state, JP, 4, "zero", 3, events)
    state = damage.eliminate_from_air_unit(state, JP, 4, "kate", 2, events)
    assert state.air_unit(JP, 4) is None and state.lost(JP).air_factors == 5
    assert [(e.kind, e.audience) for e in events] == [("air-lost", ("all",))] * 2
    assert [e.data for e in events] == [
        {"side": JP, "air_unit": 4, "plane": "zero", "factors": 3},
        {"side": JP, "air_unit": 4, "plane": "kate", "factors": 2},
    ]
    assert [e.text for e in events] == [
        "Air unit 4 loses 3 zero Air Factor(s).",
        "Air unit 4 loses 2 kate Air Factor(s). The Air unit is gone.",
    ]
