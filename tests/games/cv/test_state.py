"""The CV position and the Set Up rules (CV › Set Up III; Basic II.B, IV.B.1-2)."""

from __future__ import annotations

import dataclasses

import pytest

from midway_desktop.games.cv.setup import SetUpError, scenario_state, split_force
from midway_desktop.games.cv.state import JAPANESE, AirRecord, Planes, Sections, merged
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, position, tf


def test_plane_unit_substitution_example() -> None:
    """Basic II.B.2: one "5" Kate unit is the same as two "2" and one "1" Kate units."""
    five = merged([Planes("kate", 5)])
    split = merged([Planes("kate", 2), Planes("kate", 2), Planes("kate", 1)])
    assert five == split == (Planes("kate", 5),)
    assert merged([Planes("kate", 2), Planes("kate", 1, "t")]) == (Planes("kate", 2), Planes("kate", 1, "t"))


def test_the_position_is_frozen() -> None:
    state = position([tf(JP, 1, ["Akagi"], "A3001", {"c": {"zero": 10}})])
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.step = "over"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.task_forces[0].hex = "A3002"  # type: ignore[misc]


def test_akagi_holds_thirty_air_factors() -> None:
    """Basic IV.B.1: "the Plane Capacity of the Akagi is 30": no more than thirty aboard."""
    state = position([tf(JP, 1, ["Akagi"], "A3001", {"a": {"val": 10}, "b": {"kate": 10}, "c": {"zero": 10}})])
    assert state.task_force(JP, 1).planes.total() == 30  # type: ignore[union-attr]
    with pytest.raises(SetUpError, match="Plane Capacity"):
        position([tf(JP, 1, ["Akagi"], "A3001", {"c": {"zero": 31}})])


def test_a_task_force_sums_its_ships_handling() -> None:
    """Basic IV.B.1-2: a Task Force's Plane Capacity and Ready Factor are its ships' sums."""
    state = position([tf(JP, 1, ["Akagi", "Kaga", "Tone"], "A3001")])
    h = GAME.handling(state.task_force(JP, 1))  # type: ignore[arg-type]
    akagi, kaga, tone = (GAME.ship(JP, t).ship_class for t in ("Akagi", "Kaga", "Tone"))
    assert h.capacity == akagi.capacity + kaga.capacity + tone.capacity
    assert h.ready == akagi.ready + kaga.ready + tone.ready
    assert h.launch[2] == akagi.launch[2] + kaga.launch[2] + tone.launch[2]


def test_each_ship_holds_only_its_plane_types() -> None:
    """Basic IV.B.3 and II.B.1: the Akagi (30) and the Tone (2, floatplanes) hold 32 Air Factors
    between them, but no more than 30 Kates, and a Kate never goes aboard the Tone."""
    assert position([tf(JP, 1, ["Akagi", "Tone"], "A3001", {"c": {"kate": 30, "jake": 2}})])
    with pytest.raises(SetUpError, match="Plane Capacity"):
        position([tf(JP, 1, ["Akagi", "Tone"], "A3001", {"c": {"kate": 31, "jake": 1}})])
    with pytest.raises(SetUpError, match="handles"):
        position([tf(JP, 1, ["Tone"], "A3001", {"c": {"kate": 1}})])


def test_land_based_planes_stay_at_their_bases() -> None:
    """Set Up III.C.2.a: land-based planes are placed in their Base Boxes."""
    with pytest.raises(SetUpError, match="land-based"):
        position([tf(US, 1, ["Enterprise"], "B3010", {"c": {"fortress": 1}})])
    state = position([], base_planes={"midway": {"c": {"fortress": 3, "catalina": 6}}})
    assert state.base("midway").planes.c == (Planes("catalina", 6), Planes("fortress", 3))  # type: ignore[union-attr]


def test_task_force_box_limits() -> None:
    """Set Up III.B, III.C.1.b-c: 12 American and 14 Japanese Task Force Boxes; no more than 15
    American or 10 Japanese Ship units in one."""
    dds = [f"DD{n}" for n in range(1, 17)]
    assert position([tf(US, 12, dds[:15], "B3010")])
    with pytest.raises(SetUpError, match="more than 15"):
        position([tf(US, 1, dds, "B3010")])
    with pytest.raises(SetUpError, match="more than 10"):
        position([tf(JP, 1, [f"DD{n}" for n in range(1, 12)], "A3001")])
    with pytest.raises(SetUpError, match="Boxes 1-12"):
        position([tf(US, 13, ["DD1"], "B3010")])
    with pytest.raises(SetUpError, match="two Task Forces"):
        position([tf(US, 1, ["DD1"], "B3010"), tf(US, 2, ["DD1"], "B3010")])


def test_a_force_split_into_task_force_boxes() -> None:
    """Japanese Force IA's 21 ships need three Japanese Task Force Boxes; its planes go aboard."""
    boxes = split_force(GAME, JAPANESE, "IA", 1, ("entry-b",))
    assert [len(b.ships) for b in boxes] == [10, 10, 1]
    assert boxes[0].planes == {"c": {"zero": 28, "val": 30, "kate": 23, "judy": 1, "jake": 2, "pete": 3}}
    assert all(not b.planes for b in boxes[1:])


def test_the_short_scenario() -> None:
    """Scenarios II: 0100-1800 June 4; each force in its area; the Japanese Force IB enters at
    0400 June 4; the land-based air at Midway, the Marshalls and Wake; no Midway points."""
    state = scenario_state(GAME, "II")
    assert (state.time, state.last, state.short) == (Time(4, 1), Time(4, 18), True)
    american = [t for t in state.task_forces if t.side == US]
    japanese = [t for t in state.task_forces if t.side == JP]
    assert sum(len(t.ships) for t in american) == 19 + 9
    assert sum(len(t.ships) for t in japanese) == 21 + 16 + 16 + 29 + 9
    assert all(t.hex in GAME.board.region("half-b") for t in american)
    late = [t for t in japanese if t.entry is not None]
    assert {t.entry.time for t in late} == {Time(4, 4)}  # type: ignore[union-attr]
    assert all(t.entry.hex in GAME.board.region("entry-a") and t.hex is None for t in late)  # type: ignore[union-attr]
    assert sum(len(t.ships) for t in late) == 16
    midway = state.base("midway")
    assert midway is not None and midway.hex == "B2117"
    assert {p.plane: p.factors for p in midway.planes.c} == {
        "buffalo": 7, "land-wildcat": 2, "land-dauntless": 6, "vindicator": 5, "avenger": 2, "marauder": 1,
        "fortress": 3, "catalina": 6,
    }  # fmt: skip
    assert {p.plane: p.factors for p in state.base("marshalls").planes.c} == {"mavis": 3}  # type: ignore[union-attr]
    assert {p.plane: p.factors for p in state.base("wake").planes.c} == {"betty": 1, "nell": 1}  # type: ignore[union-attr]
    assert state.base("midway-captured") is None


def test_the_campaign_scenario() -> None:
    """Scenarios IV: 0100 June 3 - 1800 June 6; Force IA with 33 Vals enters at 1500 June 3."""
    state = scenario_state(GAME, "IV")
    assert (state.time, state.last, state.short) == (Time(3, 1), Time(6, 18), False)
    ia = [t for t in state.task_forces if t.side == JP and "Akagi" in t.ships]
    assert ia[0].entry is not None and ia[0].entry.time == Time(3, 15)
    assert sum(p.factors for p in ia[0].planes.c if p.plane == "val") == 33
    assert state.base("hawaii").planes.c == (Planes("fortress", 8), Planes("liberator", 1))  # type: ignore[union-attr]


def test_sections_after_a_turn_are_settled() -> None:
    sec = Sections(c=(Planes("zero", 3, fresh=True), Planes("zero", 2)))
    assert sec.settled().c == (Planes("zero", 5),)


def test_the_air_record_line_moves_up_for_endurance_spent() -> None:
    """Basic VIII.E.4.c: an Endurance Factor expended in combat erases the landing time and
    writes it a line up: one Turn earlier."""
    rec = AirRecord("zero", 4, "", True, "tf1", Time(4, 7), Time(4, 12))
    assert rec.spend() == AirRecord("zero", 4, "", True, "tf1", Time(4, 7), Time(4, 11), spent=1)
    assert rec.spend().spend().must_land == Time(4, 10)


def test_ground_factors_of_the_battle_of_midway_scenario() -> None:
    """Scenarios III.B.2.b, III.C.2.b: 50 Ground Factors on Midway; 120 aboard AP1-15. The Short
    Scenario has none aboard (II.C.2.b)."""
    state = scenario_state(GAME, "III")
    assert state.base("midway").ground == 50  # type: ignore[union-attr]
    aboard = [n for t in state.task_forces for _ap, n in t.troops]
    assert sum(aboard) == 120 and len(aboard) == 15
    assert all(not t.troops for t in scenario_state(GAME, "II").task_forces)


@pytest.mark.parametrize("source", ["II", "III", "IV"])
def test_the_japanese_free_set_up_starts_from_the_scenario_it_borrows(source: str) -> None:
    """Scenarios V: the time and the American side are the borrowed scenario's; the Japanese keep
    its forces but set up in any of (a), (b), (d)-(h) and bring off-board forces on by (a) or
    (f) at their Turn."""
    free = scenario_state(GAME, "V", source)
    borrowed = scenario_state(GAME, source)
    assert (free.time, free.last, free.short) == (borrowed.time, borrowed.last, borrowed.short)
    american = [t for t in free.task_forces if t.side == US]
    assert american == [t for t in borrowed.task_forces if t.side == US]
    japanese = [t for t in free.task_forces if t.side == JP]
    was = [t for t in borrowed.task_forces if t.side == JP]
    assert [t.ships for t in japanese] == [t.ships for t in was]
    at_start = {"entry-a", "entry-b", "entry-d", "entry-e", "entry-f", "entry-g", "entry-h"}
    for now, then in zip(japanese, was, strict=True):
        if then.entry is None:
            assert now.entry is None and set(now.area) == at_start
        else:
            assert now.entry is not None and now.entry.time == then.entry.time
            assert set(now.area) == {"entry-a", "entry-f"}
            assert now.entry.hex in GAME.board.region("entry-a") | GAME.board.region("entry-f")
    assert free.bases == borrowed.bases


def test_the_free_set_up_is_offered_to_simulate() -> None:
    """Scenario V with each source is a scenario of the rules, set up as above."""
    from midway_desktop.games.cv.rules import CvRules

    rules = CvRules(GAME)
    names = [s.name for s in rules.scenarios]
    assert names[3:] == ["free-set-up-short", "free-set-up-battle-of-midway", "free-set-up-midway-campaign"]
    state, _events = rules.setup(rules.scenario("free-set-up-battle-of-midway"), {}, None)  # type: ignore[arg-type]
    assert state == scenario_state(GAME, "V", "III")
