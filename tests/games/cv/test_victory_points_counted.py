"""Victory Points as counted and told: the Point Record Chart, Hits afloat, and Air Factors that
could land nowhere at the end (CV › Basic XI)."""

from __future__ import annotations

import dataclasses

import pytest

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import victory
from midway_desktop.games.cv.state import AirRecord, AirUnit, State, evolve
from tests.games.cv.play import GAME, JP, NAVAL, US, position, tf

POINTS = GAME.data.charts.victory
BOARD = GAME.board
FORCES = [tf(US, 1, ["Enterprise", "DD1"], "B3010"), tf(JP, 1, ["Akagi", "DD1"], "A3001")]


def _nearest(h: str, targets: set[str] | frozenset[str]) -> int:
    return min(BOARD.distance(h, t) for t in targets)


def _hex_at(distance: int, targets: set[str] | frozenset[str]) -> str:
    """A hex exactly ``distance`` hexes from the nearest of ``targets``."""
    return next(h for h in sorted(BOARD) if _nearest(h, targets) == distance)


def _planes(side: str, plane: str, factors: int, hex_: str, state: State, turns_left: int) -> State:
    """An Air unit of ``factors`` planes on the mapboard whose last landing Turn is
    ``turns_left`` Turns after now."""
    now = state.time
    record = AirRecord(plane, factors, "", False, "tf1", now, now.plus(turns_left))
    return state.with_air_unit(AirUnit(side, 1, "map", (record,), hex=hex_))


def test_the_point_record_chart_reads_back_every_score() -> None:
    """XI.B: the three Victory Point units stand in a hundreds, a tens and a units box that add
    up to the score ("426": the 400, 20 and 6 boxes)."""
    for points in range(1000):
        hundreds, tens, units = victory.point_record(points)
        assert hundreds + tens + units == points
        assert hundreds % 100 == 0 and tens in range(0, 100, 10) and units in range(10)
    assert victory.point_record(100) == (100, 0, 0)
    assert victory.point_record(10) == (0, 10, 0)
    assert victory.point_record(199) == (100, 90, 9)
    with pytest.raises(ValueError, match="^Victory Points are never negative$"):
        victory.point_record(-1)


def test_hits_on_every_ship_afloat_count_at_the_end() -> None:
    """XI.C.2: the Hits on each enemy Ship unit still afloat count at the end, every ship's
    Hits at its own value a Hit (a CV 15 a Hit)."""
    state = position(FORCES, game=NAVAL)
    hits = (((US, "Enterprise"), 3), ((US, "DD1"), 1))
    state = dataclasses.replace(state, ship_hits=hits)  # type: ignore[misc]
    expected = 3 * POINTS.ship(US, "CV").per_hit + POINTS.ship(US, "DD").per_hit
    assert victory.hit_points(GAME, state) == {US: 0, JP: expected}
    events: list[Event] = []
    assert victory.final_points(GAME, state, events).score(JP) == expected
    assert [e.text for e in events] == [
        f"The Japanese side gains {expected} Victory Points for the Hits on enemy ships afloat ({expected} in all)."
    ]


def test_american_planes_that_could_land_nowhere_give_the_japanese_ten_points_a_factor() -> None:
    """XI.C.4 (with XI.C.1.a): American Air Factors on the mapboard at the end that could not
    reach a possible landing hex are two and eight Victory Points each to the Japanese."""
    state = position(FORCES, game=NAVAL)
    far = next(h for h in sorted(BOARD) if BOARD.distance(h, "B3010") > 40)
    state = _planes(US, "wildcat", 3, far, state, 0)
    assert victory.stranded(GAME, state) == {US: 3, JP: 0}
    events: list[Event] = []
    after = victory.final_points(GAME, state, events)
    assert after.score(JP) == 3 * (POINTS.air_factor + POINTS.unnecessary_loss) == 30 and after.score(US) == 0
    assert [e.text for e in events] == [
        "The Japanese side gains 30 Victory Points for 3 enemy Air Factor(s) that could land nowhere (30 in all)."
    ]


def test_planes_land_from_exactly_their_reach_and_no_further() -> None:
    """XI.C.4: planes at the end could land were the game to go on if their carrier lies
    within their Movement Factor for each Turn left before their last landing Turn: with one
    Turn left, Zeros (Movement Factor 10) ten hexes from the Akagi could land, eleven could not."""
    movement = GAME.plane("zero").movement
    carrier = {"A3001"}
    start = position(FORCES, game=NAVAL)
    for turns in (1, 2, 3):
        reach = movement * turns
        home = _planes(JP, "zero", 2, _hex_at(reach, carrier), start, turns)
        assert victory.stranded(GAME, home) == {US: 0, JP: 0}, turns
        lost = _planes(JP, "zero", 2, _hex_at(reach + 1, carrier), start, turns)
        assert victory.stranded(GAME, lost) == {US: 0, JP: 2}, turns


def test_planes_with_no_turn_left_cannot_fly_to_a_carrier_one_hex_away() -> None:
    """XI.C.4: at the end, planes whose last landing Turn is the one just played could reach
    no landing hex were the game to go on, even one hex from their carrier."""
    state = position(FORCES, game=NAVAL)
    state = _planes(JP, "zero", 2, _hex_at(1, {"A3001"}), state, 0)
    assert victory.stranded(GAME, state) == {US: 0, JP: 2}


def test_a_task_force_without_a_ship_for_the_planes_is_passed_over_for_the_next() -> None:
    """XI.C.4 (IV.B.3: planes land only where a ship takes their type): a Task Force of
    cruisers and destroyers is no landing place for Zeros, but the carrier's Task Force behind
    it on the Force list is."""
    forces = [
        tf(US, 1, ["Enterprise", "DD1"], "B3010"),
        tf(JP, 1, ["Jintsu", "DD1"], "A3020"),
        tf(JP, 2, ["Akagi", "DD2"], "A3001"),
    ]
    state = position(forces, game=NAVAL)
    state = _planes(JP, "zero", 2, _hex_at(1, {"A3001"}), state, 1)
    assert victory.stranded(GAME, state) == {US: 0, JP: 0}


def test_planes_of_a_carrier_that_left_the_mapboard_could_land_nowhere() -> None:
    """XI.C.4 with VI.F.2 (ships that exit the mapboard are out of the game for good): planes
    whose only carrier has left the mapboard could reach no landing hex."""
    state = position(FORCES, game=NAVAL)
    akagi = state.task_force(JP, 1)
    assert akagi is not None
    state = state.with_box(evolve(akagi, hex=None, exited=True))
    state = _planes(JP, "zero", 2, _hex_at(1, {"A3001"}), state, 1)
    assert victory.stranded(GAME, state) == {US: 0, JP: 2}


def test_planes_in_reach_of_an_off_board_bases_air_entry_hex_could_land() -> None:
    """XI.C.4 with VIII.G.5: an off-board Base is landed at by way of its Air Entry Hexes, so
    Fortresses (land-based: Bases only) within reach of a Hawaii Air Entry Hex could land; one
    hex further, and out of reach of Midway and every other Base, they could not."""
    american_landing = set(GAME.air_entry_hexes("hawaii") | GAME.air_entry_hexes("johnston")) | {GAME.midway}
    movement = GAME.plane("fortress").movement
    start = position(FORCES)
    hawaii = GAME.air_entry_hexes("hawaii")

    def beyond_all_but_hawaii(distance: int) -> str:
        return next(
            h for h in sorted(BOARD) if _nearest(h, hawaii) == distance and _nearest(h, american_landing) == distance
        )

    home = _planes(US, "fortress", 2, beyond_all_but_hawaii(movement), start, 1)
    assert victory.stranded(GAME, home) == {US: 0, JP: 0}
    lost = _planes(US, "fortress", 2, beyond_all_but_hawaii(movement + 1), start, 1)
    assert victory.stranded(GAME, lost) == {US: 2, JP: 0}


def _told(events: list[Event]) -> list[tuple[str, int]]:
    out = []
    for e in events:
        assert e.kind == "victory-points" and e.visible_to(US) and e.visible_to(JP), e
        out.append((e.data["side"], e.data["gained"]))
    return out


def test_both_sides_are_told_who_gained_how_many_points() -> None:
    """XI (the Point Record Chart is in sight of both): each gain of Victory Points is told to
    both sides, naming the side and the points."""
    state = position(FORCES, game=NAVAL).with_loss(JP, 3).with_loss(US, 1)
    events: list[Event] = []
    victory.count_points(GAME, state, events)
    assert sorted(_told(events)) == [(US, 6), (JP, 2)]
    text = {e.data["side"]: e.text for e in events}
    assert "American" in text[US] and "6 Victory Points" in text[US]
    assert "Japanese" in text[JP] and "2 Victory Points" in text[JP]


def test_both_sides_are_told_of_the_200_points_for_holding_midway() -> None:
    """XI.C.3: at the end the side whose Base unit is in the Midway hex gains 200 Victory
    Points, told to both sides."""
    state = position(FORCES)
    events: list[Event] = []
    after = victory.final_points(GAME, state, events)
    assert after.score(US) == POINTS.midway_base == 200
    assert _told(events) == [(US, 200)]
