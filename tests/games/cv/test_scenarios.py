"""CV › Scenarios II-V: every number and place the text gives, and scenarios that fit the data."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from midway_desktop.games.cv.data import load_data
from midway_desktop.games.cv.scenarios import midway_ground, scenario_length
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.helpers import cv_copy, edit, one_problem

DATA = load_data()
SCENARIOS = DATA.scenarios
SHORT, BATTLE, CAMPAIGN = (SCENARIOS.get(i) for i in ("II", "III", "IV"))
MIDWAY_AIR = {
    "buffalo": 7,
    "land-wildcat": 2,
    "land-dauntless": 6,
    "vindicator": 5,
    "avenger": 2,
    "marauder": 1,
    "fortress": 3,
    "catalina": 8,
}


def test_scenario_times_and_lengths() -> None:
    """II.A.1, III.A.1, IV.A.1: 18, 42 and 90 Turns, from the first Turn to the last."""
    assert (SHORT.start, SHORT.end, SHORT.turns) == (Time(4, 1), Time(4, 18), 18)
    assert (BATTLE.start, BATTLE.end, BATTLE.turns) == (Time(4, 1), Time(5, 18), 42)
    assert (CAMPAIGN.start, CAMPAIGN.end, CAMPAIGN.turns) == (Time(3, 1), Time(6, 18), 90)
    for s in (SHORT, BATTLE, CAMPAIGN):
        assert s.start is not None and s.end is not None
        assert scenario_length(s.start, s.end) == s.turns
        assert DATA.charts.time_record.holds(s.start) and DATA.charts.time_record.holds(s.end)


@given(st.integers(min_value=0, max_value=4 * 24 - 1), st.integers(min_value=1, max_value=96))
def test_a_scenario_of_n_turns_ends_n_minus_one_turns_after_it_starts(first: int, turns: int) -> None:
    """Scenarios I.A.1 and Basic XII.C: both the first and the last Turn are played."""
    start = Time.of_index(first)
    assert scenario_length(start, start.plus(turns - 1)) == turns


def test_the_short_scenario_is_the_basic_game() -> None:
    """II: 'played using only the Basic Game Rules'; weather not used; XI.C.3: no 200 Points
    for Midway; no Ground units on either side, none aboard the transports."""
    assert not SHORT.optional_rules and not SHORT.random_arrival and SHORT.weather is None
    assert not SHORT.midway_points
    assert SHORT.side("american").ground == {} and SHORT.side("japanese").aboard is None
    assert SHORT.side("american").submarines == () == SHORT.side("japanese").submarines
    assert all(s.midway_points and s.optional_rules and s.random_arrival for s in (BATTLE, CAMPAIGN))


def test_fifty_american_ground_factors_hold_midway() -> None:
    """III.B.2.b, IV.B.2.b: '50 Ground Factors on Midway'; III.C.2.b, IV.C.2.b: '120 Ground
    Factors aboard AP1-15'."""
    for s in (BATTLE, CAMPAIGN):
        assert s.side("american").ground == {"midway": 50}
        aboard = s.side("japanese").aboard
        assert aboard is not None and aboard.factors == 120
        assert aboard.ships == tuple(f"AP{n}" for n in range(1, 16))


def test_the_gd_column_replaces_the_scenarios_ground_factors() -> None:
    """Opt. XVI.C.3: the American draw's GD replaces the scenario's number; every line the text
    prints says 50, the number Scenarios III and IV give."""
    printed = [x for x in DATA.charts.random_arrival.lines if x.provenance.source == "rulebook"]
    assert printed and {x.ground for x in printed} == {50}
    assert midway_ground(BATTLE) == midway_ground(CAMPAIGN) == 50
    assert midway_ground(BATTLE, 60) == 60
    assert midway_ground(SHORT) == midway_ground(SHORT, 60) == 0  # Basic Game only, no Ground units


def test_land_based_air_by_base() -> None:
    """II.B.2.a-III.C.2.a-IV.C.2.a, Base by Base; the Short Scenario has 6 Catalina, not 8."""
    assert SHORT.side("american").land_air == {"midway": {**MIDWAY_AIR, "catalina": 6}}
    for s in (BATTLE, CAMPAIGN):
        assert s.side("american").land_air == {
            "midway": MIDWAY_AIR,
            "hawaii": {"liberator": 1, "fortress": 8},
            "johnston": {"catalina": 2},
        }
    assert SHORT.side("japanese").land_air == {"marshalls": {"mavis": 3}, "wake": {"betty": 1, "nell": 1}}
    assert BATTLE.side("japanese").land_air == {"marshalls": {"mavis": 5}, "wake": {"betty": 1, "nell": 1}}
    assert CAMPAIGN.side("japanese").land_air == {"marshalls": {"mavis": 6}, "wake": {"betty": 1, "nell": 2}}
    assert sum(MIDWAY_AIR.values()) == 34 <= DATA.bases.base("midway").capacity


def test_the_campaigns_33_vals() -> None:
    """IV.C.1.a: the Campaign's Force IA carries 33 Val; II and III take forces.yaml's 30."""
    campaign_ia = CAMPAIGN.side("japanese").entry("IA")
    assert campaign_ia.air == {"zero": 28, "val": 33, "kate": 23, "judy": 1, "jake": 2, "pete": 3}
    assert BATTLE.side("japanese").entry("IA").air is None and SHORT.side("japanese").entry("IA").air is None
    assert DATA.force("japanese", "IA").air["val"] == 30


def test_the_forces_of_each_scenario_and_where_they_come_on() -> None:
    """II-IV, B.1 and C.1: every force, its place and Turn ("at start" when no Turn is given)."""

    def places(scenario_id: str, side: str) -> dict[str, tuple[tuple[str, ...], Time | None]]:
        return {e.force: (e.at.regions, e.at.time) for e in SCENARIOS.get(scenario_id).side(side).forces}

    half_b = (("half-b",), None)
    assert places("II", "american") == places("III", "american") == {"IA": half_b, "IB": half_b}
    east = (("sector-iv", "sector-viii"), None)
    assert places("IV", "american") == {"IA": east, "IB": east}
    battle = {
        "IA": (("entry-b",), None),
        "IB": (("entry-a",), Time(4, 4)),
        "IC": (("entry-d",), None),
        "ID": (("entry-e",), None),
        "IE": (("entry-h",), None),
    }
    assert places("II", "japanese") == places("III", "japanese") == battle
    assert places("IV", "japanese") == {
        "IA": (("entry-a",), Time(3, 15)),
        "IB": (("entry-a",), Time(4, 4)),
        "IC": (("entry-f",), Time(3, 5)),
        "ID": (("entry-f",), Time(3, 4)),
        "IE": (("entry-f",), Time(3, 15)),
    }


def test_submarines_and_clouds() -> None:
    """III.B.1.c, IV.B.1.c: SS1-12; III.C.1.f, IV.C.1.f: SS1-4; III.A.2, IV.A.2: 32 Cloud hexes."""
    for s in (BATTLE, CAMPAIGN):
        assert s.side("american").submarines == tuple(f"SS{n}" for n in range(1, 13))
        assert s.side("japanese").submarines == tuple(f"SS{n}" for n in range(1, 5))
        assert s.weather is not None and s.weather.wind == "sector-arrows"
        assert len(DATA.board.region(s.weather.clouds)) == 32
    assert BATTLE.weather is not None and "A2825" in DATA.board.region(BATTLE.weather.clouds)
    assert CAMPAIGN.weather is not None and "A1622" in DATA.board.region(CAMPAIGN.weather.clouds)


@pytest.mark.parametrize("source", ["II", "III", "IV"])
def test_the_japanese_free_set_up(source: str) -> None:
    """V.A-C: time and American side from another scenario; the Japanese set up anywhere in
    (a), (b), (d), (e), (f), (g), (h); units that come on later enter by (a) and/or (f)."""
    played = SCENARIOS.played("V", source)
    base = SCENARIOS.get(source)
    assert (played.start, played.end, played.turns, played.weather) == (base.start, base.end, base.turns, base.weather)
    assert played.american == base.american and played.id == "V"
    free = SCENARIOS.get("V").free_set_up
    assert free is not None and free.secret_arrival
    assert free.set_up == tuple(f"entry-{x}" for x in "abdefgh") and free.enter == ("entry-a", "entry-f")
    for entry, was in zip(played.side("japanese").forces, base.side("japanese").forces, strict=True):
        assert entry.force == was.force and entry.air == was.air and entry.at.time == was.at.time
        assert entry.at.regions == (free.set_up if was.at.time is None else free.enter)
    assert played.side("japanese").land_air == base.side("japanese").land_air


def test_the_free_set_up_needs_a_scenario_to_borrow_from() -> None:
    with pytest.raises(ValueError, match="II or III or IV"):
        SCENARIOS.played("V")
    with pytest.raises(ValueError):
        SCENARIOS.played("III", "II")
    assert SCENARIOS.played("III") == BATTLE


def test_every_scenario_fits_the_data() -> None:
    """Set Up III.C.2: land-based planes fit their Bases; the forces and their air exist."""
    for s in (SHORT, BATTLE, CAMPAIGN):
        for side in s.sides:
            for base_name, planes in side.land_air.items():
                base = DATA.bases.base(base_name)
                assert base.side == side.side and sum(planes.values()) <= base.capacity
            for entry in side.forces:
                assert DATA.force(side.side, entry.force)


# -- a broken scenarios.yaml is one line ------------------------------------------------------
@pytest.mark.parametrize(
    "old, new, words",
    [
        ("    turns: 42\n", "    turns: 43\n", ["scenarios.yaml:", "is 42 Turns, not 43"]),
        (
            '    start: "0100 June 3"\n    end: "1800 June 6"\n    turns: 90',
            '    start: "0100 June 2"\n    end: "1800 June 6"\n    turns: 114',
            ["scenarios.yaml:", "0100 June 2 is not on the Time Record"],
        ),
        ('    end: "1800 June 4"\n', '    end: "18:00 June 4"\n', ["scenarios.yaml:", "is not a time like"]),
        ("    midway_points: false", "    midway_point: false", ["scenarios.yaml:", "unknown key"]),
        ("    random_arrival: false\n", "", ["scenarios.yaml:", "missing 'random_arrival'"]),
        (
            "        - {force: IB, at: {regions: [half-b]",
            "        - {force: IX, at: {regions: [half-b]",
            ["scenarios.yaml:", "'IX' is not one of"],
        ),
        (
            "        - {force: IB, at: {regions: [half-b]",
            "        - {force: IA, at: {regions: [half-b]",
            ["scenarios.yaml:", "american force 'IA' is given twice"],
        ),
        (
            '{force: IB, at: {regions: [entry-a], time: "0400 June 4"',
            '{force: IB, at: {regions: [entry-a], time: "0400 June 5"',
            ["scenarios.yaml:", "outside the scenario"],
        ),
        (
            "{force: IC, at: {regions: [entry-d]",
            "{force: IC, at: {regions: [entry-z]",
            ["scenarios.yaml:", "no region named 'entry-z'"],
        ),
        ("        midway: {buffalo: 7,", "        kure: {buffalo: 7,", ["scenarios.yaml:", "no Base 'kure'"]),
        ("        midway: {buffalo: 7,", "        wake: {buffalo: 7,", ["scenarios.yaml:", "Wake is a japanese Base"]),
        (
            "        midway: {buffalo: 7,",
            "        midway: {buffalo: 37,",
            ["scenarios.yaml:", "Air Factors at Midway, a Plane Capacity"],
        ),
        (
            "        marshalls: {mavis: 3}",
            "        marshalls: {zero: 3, buffalo: 1}",
            ["does not take american Buffalo"],
        ),
        ("        marshalls: {mavis: 3}", "        marshalls: {mavis: 3, hellcat: 1}", ["no plane type 'hellcat'"]),
        ("      ground: {midway: 50}", "      ground: {hawaii: 50}", ["not a american Base that holds them"]),
        (
            "      aboard: {ships: [AP1-15], factors: 120}",
            "      aboard: {ships: [AP1-15], factors: 150}",
            ["scenarios.yaml:", "150 Ground Factors, but forces.yaml puts 120 aboard"],
        ),
        (
            "      aboard: {ships: [AP1-15], factors: 120}",
            "      aboard: {ships: [AP1-16], factors: 120}",
            ["AP16 carries no Ground Factors"],
        ),
        ("      submarines: [SS1-12]", "      submarines: [SS1-30]", ["no american submarine 'SS25'"]),
        ("val: 33,", "val: 93,", ["scenarios.yaml:", "150 Air Factors but a Plane Capacity of"]),
        ("val: 33,", "fortress: 33,", ["scenarios.yaml:", "not a japanese sea-based plane"]),
        ("clouds: weather-battle-of-midway", "clouds: weather-midway-campaign", ["sets up at 0100 June 3"]),
        ("clouds: weather-battle-of-midway", "clouds: entry-a", ["no Cloud hexes named 'entry-a'"]),
        (
            '{force: IC, at: {regions: [entry-f], time: "0500 June 3"',
            '{force: IC, at: {regions: [entry-f], time: "0600 June 3"',
            ["scenarios.yaml:", "by the Random Arrival table"],
        ),
        ("      from: [II, III, IV]", "      from: [II, III, VI]", ["scenarios.yaml:", "'VI' is not one of"]),
        ("      from: [II, III, IV]", "      from: [II, V]", ["scenarios.yaml:", "Scenario V is not a scenario"]),
        ("      enter: [entry-a, entry-f]", "      enter: [entry-a, midway]", ["no Ship Entry Area named 'midway'"]),
        ("    free_set_up:\n", "    turns: 12\n    free_set_up:\n", ["Scenario V borrows this"]),
    ],
)
def test_a_broken_scenario_is_one_line(tmp_path: Path, old: str, new: str, words: list[str]) -> None:
    folder = cv_copy(tmp_path)
    edit(folder / "scenarios.yaml", old, new)
    one_problem(folder, *words)


def test_a_missing_scenarios_file_is_one_line(tmp_path: Path) -> None:
    folder = cv_copy(tmp_path)
    (folder / "scenarios.yaml").unlink()
    one_problem(folder, "scenarios.yaml", "missing")
