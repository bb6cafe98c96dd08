"""CV › Base units: Midway, the off-board Bases and their Air Entry Hexes, Hits and repair."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from midway_desktop.games.cv.bases import air_entry_hexes, entry_turn, landing_turn
from midway_desktop.games.cv.data import load_data
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.helpers import cv_copy, edit, one_problem

DATA = load_data()
BASES = DATA.bases
MIDWAY = BASES.base("midway")


# -- off-board Bases: Basic VIII.G --------------------------------------------------------------
def test_off_hawaii_at_0700_a_6h_hex_on_the_1200_turn() -> None:
    """VIII.G.1: 'If take off was on the 0700 Turn, it could be placed in a "6H" Air Entry Hex
    on the 1200 Turn.'"""
    hexes = air_entry_hexes(DATA.board, "H")
    assert hexes and {h.turns for h in hexes} == {6}
    assert entry_turn(Time(4, 7), 6) == Time(4, 12)
    assert all(entry_turn(Time(4, 7), h.turns) == Time(4, 12) for h in hexes)


def test_a_3j_hex_at_1300_lands_at_johnston_on_the_1500_turn() -> None:
    """VIII.G.2: 'an Air unit that reached a "3J" Air Entry Hex on the 1300 Turn, would land at
    the Johnston Base on the 1500 Turn.'"""
    hexes = air_entry_hexes(DATA.board, "J")
    assert hexes and {h.turns for h in hexes} == {3}
    assert landing_turn(Time(4, 13), 3) == Time(4, 15)


def test_the_flight_runs_on_through_midnight() -> None:
    """XII.B: after the 2400 Turn the Day unit advances and the Turn unit goes to 0100."""
    assert entry_turn(Time(3, 22), 6) == Time(4, 3)
    assert landing_turn(Time(5, 24), 3) == Time(6, 2)
    assert entry_turn(Time(4, 7), 1) == Time(4, 7)  # a "1" hex: placed the take-off Turn


@given(
    st.integers(min_value=0, max_value=4 * 24 - 1),
    st.integers(min_value=1, max_value=12),
)
def test_entry_and_landing_count_the_turns_of_the_time_record(start: int, turns: int) -> None:
    """VIII.G.1-2: N Turns counting both ends is N-1 steps of the Time Record, night or day."""
    took_off = Time.of_index(start)
    placed = entry_turn(took_off, turns)
    assert placed.index - took_off.index == turns - 1
    step, now = 0, took_off
    while now != placed:  # advance the Turn unit box by box (Basic XII.B)
        now = Time(now.day + 1, 1) if now.hour == 24 else Time(now.day, now.hour + 1)
        step += 1
    assert step == turns - 1
    assert landing_turn(placed, turns).index == took_off.index + 2 * (turns - 1)


def test_each_off_board_base_has_its_letter_and_side() -> None:
    """Intro III.A.5; VIII.G.1: Johnston and Hawaii American, Wake and Marshalls Japanese."""
    sides = {b.letter: (b.name, b.side) for b in BASES.bases if b.off_board}
    assert sides == {
        "H": ("hawaii", "american"),
        "J": ("johnston", "american"),
        "W": ("wake", "japanese"),
        "M": ("marshalls", "japanese"),
    }
    for letter in sides:
        assert air_entry_hexes(DATA.board, letter), letter


def test_off_board_bases_cannot_be_attacked() -> None:
    """VIII.G.3: no AA or Gunnery, no Ground units; Dispersal is Midway's alone (Opt. IX.A)."""
    for base in BASES.bases:
        if base.off_board:
            assert (base.aa, base.gunnery, base.ground, base.dispersal) == (0, 0, False, False), base.name
    assert [b.name for b in BASES.bases if b.dispersal] == ["midway"]


def test_what_a_base_takes() -> None:
    """V.B.3.a: every plane may operate from a Base (of its side); a captured Midway takes no
    Mavis without a seaplane tender (VI.I.2.b)."""
    assert MIDWAY.takes("buffalo", "american") and MIDWAY.takes("avenger", "american")
    assert not MIDWAY.takes("zero", "japanese")
    captured = BASES.base("midway-captured")
    assert captured.takes("zero", "japanese") and not captured.takes("mavis", "japanese")
    assert BASES.base("marshalls").takes("mavis", "japanese")


# -- Midway -----------------------------------------------------------------------------------
def test_midway_stands_in_b2117_with_radar() -> None:
    """Intro III.A.7, Set Up II.B: the Base unit in B2117; III.B.3: Midway has radar."""
    assert MIDWAY.region == "midway" and DATA.board.region("midway") == {"B2117"}
    assert MIDWAY.radar and not BASES.base("midway-captured").radar
    assert [b.name for b in BASES.bases if b.radar] == ["midway"]


def test_each_hit_on_midway() -> None:
    """IX.K.3.a, c, d: a Hit takes 2 Maximum, 1 Normal and 1 Minimum Launch Factor, 1 Gunnery
    and 2 AA Factors."""
    low, normal, high = MIDWAY.launch
    for hits in range(4):
        f = BASES.factors(MIDWAY, hits)
        assert f.launch == (low - hits, normal - hits, high - 2 * hits)
        assert f.gunnery == MIDWAY.gunnery - hits
        assert f.aa == MIDWAY.aa - 2 * hits
    assert BASES.hit_effects.provenance.source == "rulebook"


def test_launching_ends_when_every_launch_factor_is_gone() -> None:
    """IX.K.3.a: no landing or take off once all Launch Factors are 0 or less."""
    cuts = BASES.hit_effects.launch
    enough = max(-(-f // c) for f, c in zip(MIDWAY.launch, cuts, strict=True))  # Hits to silence each
    assert BASES.factors(MIDWAY, enough - 1).can_launch
    assert not BASES.factors(MIDWAY, enough).can_launch
    assert BASES.factors(MIDWAY, 99).aa == BASES.factors(MIDWAY, 99).gunnery == 0


def test_air_factors_lost_to_hits_on_a_base() -> None:
    """IX.K.3.b: one Air Factor a Low or Dive Hit, one for every two High or Bombardment Hits,
    'for three Hits, one Air Factor is eliminated'."""
    assert BASES.air_factors_lost({"high": 3}) == 1
    assert BASES.air_factors_lost({"low": 3}) == 3
    assert BASES.air_factors_lost({"dive": 2, "low": 1}) == 3
    assert BASES.air_factors_lost({"high": 1, "bombardment": 1}) == 1
    with pytest.raises(ValueError):
        BASES.air_factors_lost({"torpedo": 1})


def test_dispersal_halves_the_losses_after_the_planes_in_the_open() -> None:
    """Opt. IX.C-D: Hits count first against planes not in Dispersal; dispersed planes suffer
    half the rest, rounded down. Opt. IX.B: one Ready Factor an Air Factor."""
    assert BASES.dispersed_losses(3, 5, 10) == (3, 0)
    assert BASES.dispersed_losses(9, 4, 10) == (4, 2)
    assert BASES.dispersed_losses(9, 0, 2) == (0, 2)
    assert BASES.dispersal_ready == 1


def test_midway_base_repair() -> None:
    """X.B-D: one less Hit in a quiet Turn; none after Bombing, Bombardment or Ground Combat,
    even without Hits; none to a Base with no Hits."""
    assert BASES.repaired(3, bombed=False, bombarded=False, ground_combat=False) == 2
    assert BASES.repaired(3, bombed=True, bombarded=False, ground_combat=False) == 3
    assert BASES.repaired(3, bombed=False, bombarded=True, ground_combat=False) == 3
    assert BASES.repaired(3, bombed=False, bombarded=False, ground_combat=True) == 3
    assert BASES.repaired(0, bombed=False, bombarded=False, ground_combat=False) == 0


@given(st.integers(min_value=0, max_value=40))
def test_a_repair_undoes_exactly_one_hit(hits: int) -> None:
    """X.C: a repair 'completely removes the effects of that Hit on the Launch, AA, and Gunnery
    Factors of the Base'."""
    after = BASES.repaired(hits + 1, bombed=False, bombarded=False, ground_combat=False)
    assert BASES.factors(MIDWAY, after) == BASES.factors(MIDWAY, hits)


def test_provisional_base_values_are_listed() -> None:
    assert "Midway: capacity" in DATA.provisional_values()
    assert "Hawaii: letter" not in DATA.provisional_values()


# -- a broken bases.yaml is one line ----------------------------------------------------------
@pytest.mark.parametrize(
    "file, old, new, words",
    [
        ("bases.yaml", "    letter: W\n", "    letter: Q\n", ["bases.yaml:", "'Q' is not one of"]),
        ("bases.yaml", "  aa: 2 ", "  ab: 2 ", ["bases.yaml:", "unknown key"]),
        ("bases.yaml", "    capacity: 40\n", "", ["bases.yaml:", "missing 'capacity'"]),
        ("bases.yaml", "launch: [7, 14, 21]", "launch: [7, 14, 2]", ["bases.yaml:", "each at least"]),
        ("bases.yaml", "    region: midway\n", "    region: midway-atoll\n", ["no region named 'midway-atoll'"]),
        ("bases.yaml", "planes: [zero, val,", "planes: [zero, wildcat,", ["bases.yaml:", "not a japanese plane"]),
        ("bases.yaml", "planes: [zero, val,", "planes: [zero, hellcat,", ["no plane type 'hellcat'"]),
        ("bases.yaml", "    letter: M\n", "    letter: M\n    region: midway\n", ["either a 'region'"]),
        (
            "bases.yaml",
            "    letter: J\n    capacity: 10\n    ready: 4\n    launch: [2, 4, 6]\n    aa: 0",
            "    letter: J\n    capacity: 10\n    ready: 4\n    launch: [2, 4, 6]\n    aa: 3",
            ["never attacked"],
        ),
        ("board.yaml", "data: {base: M, turns: 7}", "data: {base: X, turns: 7}", ["board.yaml:", "letter 'X'"]),
    ],
)
def test_a_broken_base_is_one_line(tmp_path: Path, file: str, old: str, new: str, words: list[str]) -> None:
    folder = cv_copy(tmp_path)
    edit(folder / file, old, new)
    one_problem(folder, *words)


def test_an_off_board_base_without_air_entry_hexes_is_one_line(tmp_path: Path) -> None:
    """VIII.G.1: Air units from an off-board Base enter only at hexes with its letter."""
    folder = cv_copy(tmp_path)
    board = folder / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("{base: W,", "{base: M,"), encoding="utf-8")
    one_problem(folder, "bases.yaml:", "Wake: the board has no 'W' Air Entry Hex")
