"""CV › plane types: every plane the text names, and every plane number it states."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from midway_desktop.games.cv.data import load_data
from tests.games.cv.helpers import cv_copy, edit, one_problem

DATA = load_data()
PLANES = {p.name: p for p in DATA.planes}
NAMED = [
    "Buffalo", "Wildcat", "Zero", "Avenger", "Devastator", "Dauntless", "Vindicator", "Val", "Kate", "Judy",
    "Dave", "Jake", "Pete", "Fortress", "Marauder", "Catalina", "Mavis", "Betty", "Nell", "Liberator",
]  # fmt: skip


def test_every_plane_the_text_names_is_a_plane_type() -> None:
    titles = {p.title for p in DATA.planes}
    assert set(NAMED) <= titles
    # The scenarios list land-based Wildcats and Dauntless apart (Scenarios II-IV, Land Forces).
    assert PLANES["land-wildcat"].land_based and PLANES["land-dauntless"].land_based
    assert not PLANES["wildcat"].land_based and not PLANES["dauntless"].land_based


def test_air_to_air_bhts_of_the_combat_examples() -> None:
    """Basic IX.L.1: Zeros 11, Buffaloes 7, Wildcats 9, Vals 3."""
    assert PLANES["zero"].air_to_air == 11
    assert PLANES["buffalo"].air_to_air == 7
    assert PLANES["wildcat"].air_to_air == 9
    assert PLANES["val"].air_to_air == 3


def test_air_modifiers_the_text_states_or_implies() -> None:
    """Wildcat -1 (IX.L.1.b), Fortress -2 (IX.I.1.d); Zero, Buffalo and Val 0: in the examples
    their opponents' Hit Tables equal their BHTs ('No Modifiers apply')."""
    assert PLANES["wildcat"].air_modifier == -1
    assert PLANES["land-wildcat"].air_modifier == -1
    assert PLANES["fortress"].air_modifier == -2
    for name in ("zero", "buffalo", "val"):
        assert PLANES[name].air_modifier == 0, name


def test_fortress_high_bombing_midway_and_the_night_example() -> None:
    """IX.C.1-2: BHT 13; at night (modifier c, -6) Hit Table 7."""
    bht = PLANES["fortress"].bht("midway", "high", "he")
    assert bht == 13
    assert bht + DATA.charts.air_modifier("c") == 7


def test_fighters_and_special_interceptors() -> None:
    """VIII.C.1: the fighters are Buffalo, Wildcat and Zero; VIII.C.4 the Special Interceptors."""
    assert {p.title.split(" (")[0] for p in DATA.planes if p.is_fighter} == {"Buffalo", "Wildcat", "Zero"}
    special = {p.title.split(" (")[0] for p in DATA.planes if p.special_interceptor}
    assert special == {"Avenger", "Dauntless", "Dave", "Jake", "Judy", "Pete", "Val"}


def test_armaments_the_reference_section_states() -> None:
    """Ref. I.G: Marauders carry only torpedoes; Catalina and Mavis can carry torpedoes."""
    assert PLANES["marauder"].weapons == ("t",)
    assert "t" in PLANES["catalina"].weapons and "t" in PLANES["mavis"].weapons
    assert PLANES["mavis"].land_based  # Basic VI.I.2.b: needs a (seaplane) base, never a carrier


def test_a_bht_needs_its_weapon_and_every_bht_is_a_table_number() -> None:
    for plane in DATA.planes:
        for (target, method, weapon), bht in plane.bombing.items():
            assert weapon in plane.weapons, (plane.name, target, method)
            assert 1 <= bht <= 16
        if plane.air_to_air is not None:
            assert 1 <= plane.air_to_air <= 16


def test_only_dive_bombers_dive() -> None:
    """IX.F.3.c: Dive Bombing needs a Dive Bombing BHT; the printed ones are the DB types'."""
    for plane in DATA.planes:
        dives = [k for k in plane.bombing if k[1] == "dive"]
        assert not dives or plane.function == "DB", plane.name


def test_provenance_names_each_stated_value() -> None:
    for name, field in [("zero", "air_to_air"), ("wildcat", "air_modifier"), ("fortress", "air_modifier")]:
        assert PLANES[name].provenance[field].source == "rulebook"
    assert "Zero: movement" in DATA.provisional_values()


# -- validate: a broken planes.yaml is one line naming file, line and problem -------------------
@pytest.mark.parametrize(
    "old, new, words",
    [
        ("air_to_air: 11", "air_to_air: 1000", ["planes.yaml:", "air_to_air", "out of range"]),
        ("function: F\n", "function: X\n", ["planes.yaml:", "'X' is not one of"]),
        ("    movement: 10\n", "", ["planes.yaml:", "missing 'movement'"]),
        ("weapons: [t]", "weapons: [he]", ["planes.yaml:", "needs 't'"]),
        ("name: zero\n", "name: val\n", ["planes.yaml:", "'val' is given twice"]),
        ("    endurance: 5\n", "    endurance: 5\n    range: 3\n", ["planes.yaml:", "unknown key"]),
    ],
)
def test_a_broken_planes_file_is_one_line(tmp_path: Path, old: str, new: str, words: list[str]) -> None:
    folder = cv_copy(tmp_path)
    edit(folder / "planes.yaml", old, new)
    problem = one_problem(folder, *words)
    assert re.search(r"planes\.yaml:\d+: ", str(problem))
