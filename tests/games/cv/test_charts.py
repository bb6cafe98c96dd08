"""CV › the Game Card charts: every number the text states, every worked example die for die."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from midway_desktop.games.cv.crt import STAR
from midway_desktop.games.cv.data import load_data
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.helpers import cv_copy, edit, one_problem

DATA = load_data()
CHARTS = DATA.charts
CRT = CHARTS.combat_results
PLANE = {p.name: p for p in DATA.planes}


# -- the Combat Results Table -----------------------------------------------------------------
def test_the_factor_lines_the_text_prints() -> None:
    """IX.C.4-5: 14 Factors are read on the "13-15" line; more than 50 on "51+"."""
    assert CRT.row_title(14) == "13-15"
    assert CRT.row_title(51) == CRT.row_title(500) == "51+"


def test_hit_table_4_with_14_factors_is_base_number_2() -> None:
    assert CRT.base_number(4, 14) == "2"  # IX.C.5


def test_the_die_changes_the_base_number() -> None:
    """IX.C.6: Base Number 4 and a roll of 2 is 3 Hits; "*" needs a 6."""
    assert CRT.hits("4", 2) == 3
    assert [CRT.hits("4", r) for r in range(1, 7)] == [3, 3, 4, 4, 5, 5]
    assert [CRT.hits(STAR, r) for r in range(1, 7)] == [0, 0, 0, 0, 0, 1]


def test_hit_tables_past_16_read_16_and_zero_or_less_fails() -> None:
    """IX.C.2: above 16 use 16; 0 or less, no Hits can be scored (also IX.I)."""
    assert CRT.base_number(23, 20) == CRT.base_number(16, 20)
    assert CRT.base_number(0, 20) is None and CRT.base_number(-4, 20) is None
    assert all(CRT.hits(None, r) == 0 for r in range(1, 7))


def _a2a(attacker: str, defender: str) -> int:
    """Hit Table of ``attacker`` against ``defender``: BHT plus the defender's Air Modifier (d)."""
    return PLANE[attacker].air_to_air + PLANE[defender].air_modifier


def test_interceptor_versus_interceptor_example() -> None:
    """IX.L.1.a: 9 Zeros and 7 Buffaloes; Zeros roll 5 (4 Hits), Buffaloes roll 1 (1 Hit)."""
    zero_table, buffalo_table = _a2a("zero", "buffalo"), _a2a("buffalo", "zero")
    assert (zero_table, buffalo_table) == (11, 7)
    zero_base, buffalo_base = CRT.base_number(zero_table, 9), CRT.base_number(buffalo_table, 7)
    assert (zero_base, buffalo_base) == ("3", "2")
    assert CRT.hits(zero_base, 5) == 4 and CRT.hits(buffalo_base, 1) == 1


def test_interceptor_to_escort_example() -> None:
    """IX.L.1.b(1): 5 Zero Escorts (Hit Table 10) and 7 Wildcats (9); rolls 2 and 6: 1 and 3
    Hits; 6 Wildcats to 2 Zeros then meet the 2:1 ratio."""
    zero_table, wildcat_table = _a2a("zero", "wildcat"), _a2a("wildcat", "zero")
    assert (zero_table, wildcat_table) == (10, 9)
    zero_base, wildcat_base = CRT.base_number(zero_table, 5), CRT.base_number(wildcat_table, 7)
    assert (zero_base, wildcat_base) == ("2", "2")
    wildcats_lost, zeros_lost = CRT.hits(zero_base, 2), CRT.hits(wildcat_base, 6)
    assert (wildcats_lost, zeros_lost) == (1, 3)
    assert 7 - wildcats_lost >= 2 * (5 - zeros_lost)


def test_interceptor_to_bomber_example() -> None:
    """IX.L.1.b(2): 9 Wildcats (6 + 3) against 4 Vals: Hit Tables 9 and 2, Base Numbers 2 and
    "*"; rolls 3 and 5: 2 Vals and no Wildcats lost."""
    wildcat_table, val_table = _a2a("wildcat", "val"), _a2a("val", "wildcat")
    assert (wildcat_table, val_table) == (9, 2)
    wildcat_base, val_base = CRT.base_number(wildcat_table, 9), CRT.base_number(val_table, 4)
    assert (wildcat_base, val_base) == ("2", STAR)
    assert CRT.hits(wildcat_base, 3) == 2 and CRT.hits(val_base, 5) == 0


def test_every_pinned_example_is_a_cell_of_the_table() -> None:
    assert len(CRT.examples) == 7
    for example in CRT.examples:
        assert CRT.base_number(example.hit_table, example.factors) == example.base, example.ref


@given(st.integers(1, 16), st.integers(1, 80), st.integers(1, 80))
def test_more_factors_or_a_higher_table_never_lowers_the_base_number(table: int, a: int, b: int) -> None:
    order = {STAR: -2, "0": -1}

    def rank(base: str | None) -> int:
        return order[base] if base in order else int(base)  # type: ignore[arg-type]

    low, high = sorted((a, b))
    assert rank(CRT.base_number(table, low)) <= rank(CRT.base_number(table, high))
    if table < 16:
        assert rank(CRT.base_number(table, low)) <= rank(CRT.base_number(table + 1, low))


def test_maximum_luck() -> None:
    """Optional VIII.A: 6 adds two, 5 one, 3-4 nothing, 2 subtracts one, 1 two; "*" still needs 6."""
    assert [CRT.hits("3", r, maximum_luck=True) for r in range(1, 7)] == [1, 2, 3, 3, 4, 5]
    assert CRT.hits(STAR, 6, maximum_luck=True) == 1 and CRT.hits(STAR, 5, maximum_luck=True) == 0


# -- Hit Tables -------------------------------------------------------------------------------
def test_air_hit_table_modifiers() -> None:
    """IX.I.1: (a) -6, (b) +2, (c) -6, (e) +1; (c) and (b) together -4, so BHT 7 is Hit Table 3."""
    assert [CHARTS.air_modifier(x) for x in "abce"] == [-6, 2, -6, 1]
    assert CHARTS.air_modifiers["d"].value is None  # the enemy plane's own Air Modifier
    assert 7 + CHARTS.air_modifier("c") + CHARTS.air_modifier("b") == 3


def test_surface_hit_table_values() -> None:
    """AA always 5 (IX.E.4); (a) -3 (IX.I.2.a); (g) -4 (Opt. III); (i) -1, (j) +1, (k) -1
    (Opt. XI.D.3.b); Ground Combat 9 American, 3 Japanese (IX.H.3); Ship-to-Ship by the dice."""
    assert CHARTS.surface_bht["aa"] == 5
    assert CHARTS.surface_bht["ship_to_ship"] is None
    assert (CHARTS.surface_bht["ground_american"], CHARTS.surface_bht["ground_japanese"]) == (9, 3)
    assert [CHARTS.surface_modifier(x) for x in "agijk"] == [-3, -4, -1, 1, -1]


def test_ship_sizes_of_the_condition_4_example() -> None:
    """III.C.4.a: 2 BB, 1 CV, 1 CA, 1 AV, 1 CL and 4 DD are 3 Capital, 3 Major, 4 Small Ships."""
    force = ["BB", "BB", "CV", "CA", "AV", "CL", "DD", "DD", "DD", "DD"]
    sizes = [CHARTS.sizes[t].size for t in force]
    assert (sizes.count("capital"), sizes.count("major"), sizes.count("small")) == (3, 3, 4)


# -- Victory Points -----------------------------------------------------------------------------
def test_victory_point_schedule() -> None:
    """XI.A: win by 100; XI.C: 2 an Air or Ground Factor, 200 Midway, 8 more for an unnecessary
    loss; XI.C.2: a CV with three Hits is worth 45; Opt. VI.B.5: 2 a rescued Survivor Factor."""
    v = CHARTS.victory
    assert (v.margin, v.air_factor, v.ground_factor, v.midway_base, v.unnecessary_loss) == (100, 2, 2, 200, 8)
    assert v.survivor_factor == 2
    for side in ("american", "japanese"):
        assert 3 * v.ship(side, "CV").per_hit == 45


# -- Observation --------------------------------------------------------------------------------
def test_observation_values_the_text_states() -> None:
    """III.B.1: a Ship at one hex distance 3/2; III.B example: a High Altitude Plane 5/5, 2/-,
    1/-, American radar (4/3), (3/2), (-/2), (-/1); radar never sees Low Altitude (III.B.3.a)."""
    obs = CHARTS.observation
    assert (obs.sight("surface", 1).surface, obs.sight("surface", 1).air) == (3, 2)
    assert [(s.surface, s.air) for s in obs.lines["high"]] == [(5, 5), (2, None), (1, None)]
    assert [(s.surface, s.air) for s in obs.lines["radar"]] == [(4, 3), (3, 2), (None, 2), (None, 1)]
    assert obs.sight("high", 9).surface is None


def test_a_low_plane_sees_a_periscope_sub_in_its_hex_at_condition_3() -> None:
    """Optional XI.C.1: a Low Altitude Plane has -2 against periscope depth: Condition 3."""
    obs = CHARTS.observation
    assert obs.modifiers["periscope"]["low"].surface == -2
    assert obs.sight("low", 0).surface + obs.modifiers["periscope"]["low"].surface == 3


# -- Critical Hits, Time Record, Random Arrival ------------------------------------------------
def test_critical_hit_table_one_three_is_a() -> None:
    """Optional V.C: 'if a "3" is rolled on Table One, an "A" is written'; codes A-D."""
    assert CHARTS.critical_one.row(3).code == "A"
    assert {r.code for r in CHARTS.critical_one.rows} - {""} == set("ABCD")
    assert CHARTS.critical_two.dice == 2


def test_time_record() -> None:
    """XII.B: after 2400 the day advances and the Turn unit goes to 0100; the scenarios run
    0100 June 3 to 1800 June 6."""
    tr = CHARTS.time_record
    assert Time(4, 24).plus(1) == Time(5, 1)
    assert tr.holds(Time(3, 1)) and tr.holds(Time(6, 18))
    assert tr.is_night(Time(4, tr.sunset)) and not tr.is_night(Time(4, tr.sunrise))
    assert tr.is_night(Time(4, tr.sunrise).plus(-1))


def test_random_arrival_lines_the_text_prints() -> None:
    ra = CHARTS.random_arrival
    first = ra.line(2, 9)
    assert first.forces["I"] == "X" and first.submarines == 4 and first.circled and first.ground == 50
    assert first.american_submarines() == 8  # circled: the Americans use twice the number
    assert (ra.line(5, 1).submarines, ra.line(7, 16).submarines) == (8, 10)
    assert [ra.line(13, r).submarines for r in (11, 14, 16)] == [8, 10, 16]
    assert ra.line(13, 12).forces["III"] == "DDD" and ra.line(13, 12).provenance.source == "rulebook"
    assert ra.japanese_sixteen == {16, 18, 20}
    jp_ib = [a for a in ra.arrivals if a.side == "japanese" and a.forces == ("IB",) and a.scenario == "IV"]
    assert jp_ib and all(str(a.placement.time) == "0400 June 4" and a.placement.regions == ("entry-a",) for a in jp_ib)


# -- validate ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "old, new, words",
    [
        ("divisor: 32.5", "divisor: 30", ["charts.yaml:", "Base Number 3", "Hit Table 9 and 9", "example gives 2"]),
        ("[13, 15], [16, 18]", "[13, 15], [17, 18]", ["charts.yaml:", "should start at 16"]),
        ("aa: {bht: 5,", "aa: {bht: 500,", ["charts.yaml:", "out of range"]),
        ("{gray: [5, 5]", "{gray: [5, 6]", ["charts.yaml:", "on two lines"]),
        (
            'regions: [entry-c], time: "1600',
            'regions: [entry-z], time: "1600',
            ["charts.yaml:", "no region named 'entry-z'"],
        ),
        ('time: "1200 June 3"', 'time: "1200 June 9"', ["charts.yaml:", "not on the Time Record"]),
        ("- {roll: [4, 4], code: B", "- {roll: [5, 5], code: B", ["charts.yaml:", "cover rolls from 4"]),
    ],
)
def test_a_broken_charts_file_is_one_line(tmp_path: Path, old: str, new: str, words: list[str]) -> None:
    folder = cv_copy(tmp_path)
    edit(folder / "charts.yaml", old, new)
    one_problem(folder, *words)
