"""CV › Scenarios II-V: the set-up preview puts each force, Base and air where the scenario says."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from midway_desktop.games.cv import data as data_module
from midway_desktop.games.cv.data import PARSERS, load_data
from midway_desktop.games.cv.setup_preview import (
    CLEAR,
    RULESET_FILES,
    SPREAD,
    SetupPreview,
    decode_preview,
    encode_preview,
    kept_setup_preview,
    setup_preview,
)
from midway_desktop.games.cv.time_record import Time
from midway_desktop.ruleset import ruleset_dir

DATA = load_data()
BOARD = DATA.board
PLAYED = [("II", None), ("III", None), ("IV", None), ("V", "II"), ("V", "III"), ("V", "IV")]


def _force(preview: SetupPreview, side: str, force: str):  # type: ignore[no-untyped-def]
    return next(f for f in preview.forces if f.side == side and f.force == force)


def _base(preview: SetupPreview, name: str):  # type: ignore[no-untyped-def]
    return next(b for b in preview.bases if b.name == name)


def test_short_scenario_both_sides_start_where_scenario_ii_puts_them() -> None:
    p = setup_preview(DATA, "II")
    assert (p.title, p.start, p.end, p.turns) == ("The Short Scenario", "0100 June 4", "1800 June 4", 18)
    # II.B.1: American Forces IA and IB anywhere on mapboard half B, at start.
    for force in ("IA", "IB"):
        f = _force(p, "american", force)
        assert f.at_start and f.label in BOARD.region("half-b")
    # II.C.1: Japanese IA in Ship Entry Area (b) at start; IB enters by (a) at 0400 June 4.
    ia = _force(p, "japanese", "IA")
    assert ia.at_start and ia.label in BOARD.region("entry-b")
    ib = _force(p, "japanese", "IB")
    assert ib.enters == Time(4, 4) and ib.label in BOARD.region("entry-a")
    assert [(f.side, f.force) for f in p.to_come] == [("japanese", "IB")]
    # Force IA's ships and sea-based air as forces.yaml gives them (Scenarios II.B.1.a).
    us_ia = _force(p, "american", "IA")
    assert us_ia.air == {"Wildcat": 18, "Dauntless": 25, "Devastator": 10} and "Enterprise" in us_ia.ships
    # "No Ground units"; none assumed aboard the AP Ship units.
    assert _base(p, "midway").ground == 0 and _force(p, "japanese", "ID").ground == 0
    assert not p.submarines and not p.aboard


def test_midway_base_holds_the_scenarios_land_based_air_in_its_hex() -> None:
    short, battle = setup_preview(DATA, "II"), setup_preview(DATA, "III")
    midway = _base(battle, "midway")
    assert midway.on_board and midway.label == "B2117"  # Intro III.A.7
    # Scenario III.B.2: 34 Air Factors (8 Catalinas), 50 Ground Factors; II has 6 Catalinas.
    assert (midway.air_factors, midway.ground, midway.air["Catalina"]) == (34, 50, 8)
    assert (_base(short, "midway").air_factors, _base(short, "midway").air["Catalina"]) == (32, 6)


def test_off_board_bases_are_shown_at_their_air_entry_hexes() -> None:
    battle = setup_preview(DATA, "III")
    hawaii = _base(battle, "hawaii")
    assert not hawaii.on_board and hawaii.air == {"Liberator": 1, "Fortress": 8}
    assert any(hawaii.label in r for r in BOARD.regions("air-entry") if r.data.get("base") == "H")
    names = {b.name for b in battle.bases}
    assert names == {"midway", "hawaii", "johnston", "wake", "marshalls"}
    # The Short Scenario puts no planes on Hawaii or Johnston: only the Bases it uses are shown.
    assert {b.name for b in setup_preview(DATA, "II").bases} == {"midway", "wake", "marshalls"}


def test_campaign_forces_come_on_in_time_order_with_the_campaigns_33_vals() -> None:
    p = setup_preview(DATA, "IV")
    assert [f.force for f in p.to_come] == ["ID", "IC", "IA", "IE", "IB"]
    assert [f.time for f in p.to_come] == ["0400 June 3", "0500 June 3", "1500 June 3", "1500 June 3", "0400 June 4"]
    assert _force(p, "japanese", "IA").air["Val"] == 33  # Scenarios IV.C.1.a
    assert _force(p, "japanese", "ID").ground == 120  # IV.C.2.b: aboard AP1-15
    assert p.aboard == {"japanese": 120}
    assert len(p.submarines["american"]) == 12 and len(p.submarines["japanese"]) == 4
    for force in ("IA", "IB"):
        label = _force(p, "american", force).label
        assert label in BOARD.region("sector-iv") | BOARD.region("sector-viii")


def test_free_set_up_borrows_a_scenario_and_lets_the_japanese_choose_their_areas() -> None:
    p = setup_preview(DATA, "V", "III")
    assert p.free_set_up and "Battle of Midway" in p.title and p.turns == 42
    free = DATA.scenarios.get("V").free_set_up
    assert free is not None
    for f in p.forces:
        if f.side == "japanese":
            allowed = free.set_up if f.at_start else free.enter
            assert set(f.regions) == set(allowed)
            assert any(f.label in BOARD.region(r) for r in allowed)
    # Shown where Scenario III would put them: Force IA still in (b).
    assert _force(p, "japanese", "IA").label in BOARD.region("entry-b")
    with pytest.raises(ValueError):
        setup_preview(DATA, "V")


@pytest.mark.parametrize(("scenario", "source"), PLAYED)
def test_every_force_is_shown_in_a_hex_of_its_area_and_apart_from_the_others(scenario: str, source: str | None) -> None:
    p = setup_preview(DATA, scenario, source)
    assert {(f.side, f.force) for f in p.forces} == {
        (s.side, e.force) for s in DATA.scenarios.played(scenario, source).sides for e in s.forces
    }
    for f in p.forces:
        assert f.area in f.regions and f.label in BOARD.region(f.area), f
    # Apart from Midway and each other; only two forces entering by one small area (seven
    # hexes) come closer, and then as far apart as the area allows.
    midway = "B2117"
    assert all(BOARD.distance(f.label, midway) >= CLEAR for f in p.forces)
    for i, a in enumerate(p.forces):
        for b in p.forces[i + 1 :]:
            near = BOARD.distance(a.label, b.label)
            if near < SPREAD:
                area = BOARD.region(a.area)
                assert a.area == b.area and len(area) <= 7, (a.title, b.title)
                assert near == max(BOARD.distance(a.label, c) for c in area), (a.title, b.title)
    assert len(p.on_board) + len(p.to_come) == len(p.forces)


# -- kept between runs ------------------------------------------------------------------------
@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_the_kept_previews_are_keyed_on_every_file_the_data_reads() -> None:
    assert set(RULESET_FILES) == {"board.yaml", *PARSERS}


@pytest.mark.parametrize(("scenario", "source"), PLAYED)
def test_a_preview_reads_back_equal_to_itself(scenario: str, source: str | None) -> None:
    p = setup_preview(DATA, scenario, source)
    assert decode_preview(json.loads(json.dumps(encode_preview(p)))) == p


def test_a_kept_preview_is_shown_without_reading_the_data(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = kept_setup_preview("V", "III")
    assert made == setup_preview(DATA, "V", "III")

    def refuse(*_args: object) -> None:
        raise AssertionError("the data was read again")

    monkeypatch.setattr(data_module, "load_data", refuse)
    assert kept_setup_preview("V", "III") == made
    with pytest.raises(AssertionError, match="read again"):  # another scenario is worked out
        kept_setup_preview("II")


def test_an_edited_ruleset_is_shown_as_edited(cache_dir: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cv"
    shutil.copytree(ruleset_dir("cv"), folder)
    assert kept_setup_preview("II", folder=folder).title == "The Short Scenario"
    scenarios = folder / "scenarios.yaml"
    scenarios.write_text(
        scenarios.read_text(encoding="utf-8").replace("The Short Scenario", "The Shorter Scenario"), encoding="utf-8"
    )
    assert kept_setup_preview("II", folder=folder).title == "The Shorter Scenario"


def test_a_damaged_entry_is_worked_out_again(cache_dir: Path) -> None:
    made = kept_setup_preview("III")
    (entry,) = (cache_dir / "cv-set-up").glob("*.json")
    damaged = json.loads(entry.read_text(encoding="utf-8"))
    damaged["data"]["III"]["forces"][0]["ships"] = "Enterprise"
    entry.write_text(json.dumps(damaged), encoding="utf-8")
    assert kept_setup_preview("III") == made
    assert json.loads(entry.read_text(encoding="utf-8"))["data"]["III"] == encode_preview(made)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("turns"),
        lambda d: d.update(turns="42"),
        lambda d: d.update(turns=True),
        lambda d: d.update(forces={}),
        lambda d: d["forces"][0].update(enters=[4]),
        lambda d: d["forces"][0].update(air={"Zero": 1.5}),
        lambda d: d["bases"][0].update(on_board=1),
        lambda d: d.update(submarines=[]),
    ],
)
def test_anything_but_a_preview_as_written_is_refused(damage) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(json.dumps(encode_preview(setup_preview(DATA, "IV"))))
    damage(data)
    assert decode_preview(data) is None
    assert decode_preview(None) is None and decode_preview([]) is None
