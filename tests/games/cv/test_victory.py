"""Victory Points and the end of the game (CV › Basic XI, XII.C; the scenarios' ends)."""

from __future__ import annotations

import dataclasses

from hypothesis import example, given, settings
from hypothesis import strategies as st

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import damage, victory
from midway_desktop.games.cv.actions import Done
from midway_desktop.games.cv.rules import SCENARIO_IDS, CvRules
from midway_desktop.games.cv.setup import scenario_state
from midway_desktop.games.cv.state import AirRecord, AirUnit
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, NAVAL, START, US, position, session, tf

FORCES = [tf(US, 1, ["Enterprise", "DD1"], "B3010"), tf(JP, 1, ["Akagi", "DD1"], "A3001")]
POINTS = GAME.data.charts.victory


def test_point_record_chart_example_426() -> None:
    """XI.B: a score of 426 is one Victory Point unit in the 400, one in the 20 and one in the 6 box."""
    assert victory.point_record(426) == (400, 20, 6)
    assert victory.point_record(0) == (0, 0, 0)
    s = session(FORCES)
    assert s.view(US)["point_record"] == {US: [0, 0, 0], JP: [0, 0, 0]}


def test_hit_ship_units_example_a_cv_with_three_hits_is_worth_45_at_the_end() -> None:
    """XI.C.2: Hits on ships still afloat count only at the end: "a CV with three Hits would be
    worth 45 Victory Points" (15 a Hit)."""
    s = session(FORCES, game=NAVAL, last=START.plus(1))
    s.state = dataclasses.replace(s.state, ship_hits=(((US, "Enterprise"), 3),))  # type: ignore[misc]
    while s.state.time == START:
        s.play(Done(s.to_act()[0]))
    assert s.state.score(JP) == 0  # not yet: the game goes on
    while not s.over:
        s.play(Done(s.to_act()[0]))
    assert victory.hit_points(GAME, s.state) == {US: 0, JP: 45}
    assert s.state.score(JP) == 45 and s.state.score(US) == 0


def test_eliminated_ships_ground_and_air_factors_count_in_their_turn() -> None:
    """XI.C.1: two points an Air or Ground Factor, a ship's points by its type; XI.C.4: eight more
    an Air Factor lost unnecessarily. The Phase counts the Turn's losses and clears them."""
    state = position(FORCES, game=NAVAL)
    events: list[Event] = []
    state = damage.record_ship_hits(GAME, state, US, "DD1", 2, events)  # sunk (Hit Factor 2)
    state = state.with_loss(JP, 3, unnecessary=1, ships=("AP1",), ground=4)
    gains = victory.turn_points(GAME, state)
    assert gains[JP] == POINTS.ship(US, "DD").eliminated
    assert gains[US] == 3 * 2 + 8 + POINTS.ship(JP, "AP").eliminated + 4 * 2
    counted = victory.count_points(GAME, state, events)
    assert counted.score(JP) == gains[JP] and counted.score(US) == gains[US] and counted.losses == ()


def test_planes_that_could_reach_no_landing_hex_at_the_end_are_unnecessary_losses() -> None:
    """XI.C.4: Plane units on the mapboard at the end that could not reach a possible landing
    hex were the game to go on: two and eight points each to the enemy."""
    state = position(FORCES, game=NAVAL)
    now = state.time
    lost = AirRecord("zero", 4, "", False, "tf1", now, now)  # no Turn of Endurance left
    home = AirRecord("zero", 2, "", False, "tf1", now, now.plus(2))
    state = state.with_air_unit(AirUnit(JP, 1, "map", (lost,), hex="B3810"))
    state = state.with_air_unit(AirUnit(JP, 2, "map", (home,), hex="A3003"))  # two hexes from the Akagi
    assert victory.stranded(GAME, state) == {US: 0, JP: 4}
    events: list[Event] = []
    assert victory.final_points(GAME, state, events).score(US) == 4 * 10


@settings(max_examples=40, deadline=None)
@given(us=st.integers(0, 600), jp=st.integers(0, 600))
@example(us=300, jp=200)  # exactly 100 more wins
@example(us=200, jp=300)
@example(us=299, jp=200)  # 99 more is a draw
@example(us=100, jp=0)
def test_a_side_wins_by_100_or_more_else_a_draw(us: int, jp: int) -> None:
    """XI.A: at least 100 Victory Points more than the other side at the game's end wins."""
    rules = CvRules(GAME)
    state = dataclasses.replace(position(FORCES), step="over", points=((US, us), (JP, jp)))
    outcome = rules.outcome(state)
    assert outcome is not None
    expected = US if us - jp >= 100 else JP if jp - us >= 100 else None
    assert outcome.winner == expected and outcome.scores == {US: float(us), JP: float(jp)}


def test_each_scenario_ends_after_its_last_turn_midway_points_but_in_the_short() -> None:
    """XII.C and Scenarios II-IV.A.1: the game ends after the last Turn listed; XI.C.3: the 200
    Midway points are not counted in the Short Scenario."""
    ends = {"short": (Time(4, 18), True), "battle-of-midway": (Time(5, 18), False)}
    ends["midway-campaign"] = (Time(6, 18), False)
    for name, (last, short) in ends.items():
        state = scenario_state(GAME, *SCENARIO_IDS[name])
        assert state.last == last and state.short == short
