"""The Victory at Midway map against every statement the rulebook makes about hexes.

Source: ``victory-at-midway.txt``; each test names its section. The text fixes Midway (H6),
Kure (G6), a handful of other hexes and many distances in its examples; the map's extent
and the fog area are provisional in ``rulesets/victory-at-midway/board.yaml`` and are held
here only to what the text says about them.
"""

from __future__ import annotations

import pytest

from midway_desktop.geometry import Board, load_board
from tests.geometry.shapes import shape

COLUMNS = "ABCDEFGHIJKLMN"


@pytest.fixture(scope="module")
def b() -> Board:
    return load_board("victory-at-midway")


def col(label: str) -> str:
    return label[0]


def row(label: str) -> int:
    return int(label[1:])


def air_search(b: Board, hexes: list[str]) -> set[str]:
    """Hexes an air search locates: the assigned hex and every adjacent hex (Search Operations › Air Searches)."""
    found: set[str] = set()
    for h in hexes:
        found |= b.within(h, 1)
    return found


def edge_cells(b: Board) -> set[str]:
    """Map-edge hexes: those with fewer than six hexes around them."""
    return {lbl for lbl in b if len(b.neighbors(lbl)) < 6}


def test_is_a_flat_topped_hex_map(b: Board) -> None:
    """The Maps › Separate Maps: a hex grid coded alpha-numerically, movement hex to adjacent hex."""
    assert b.kind == "hex"
    assert b.game == "victory-at-midway"
    assert b.orientation == "flat"


def test_midway_is_h6(b: Board) -> None:
    """Components › Holding Boxes example: the Midway hex is H6."""
    assert set(b.region("midway")) == {"H6"}
    assert b.region("midway").kind == "island"
    assert "midway" in b.regions_of("H6")


def test_range_two_from_midway_is_exactly_the_design_note_list(b: Board) -> None:
    """Air Operations › Other Air Strike Missions, design note: the 19 hexes a range-2 aircraft at H6 can reach."""
    listed = {
        "H6", "H5", "I6", "I7", "H7", "G7", "G6", "G5", "H4", "I5",
        "J5", "J6", "J7", "I8", "H8", "G8", "F7", "F6", "F5",
    }  # fmt: skip
    assert len(listed) == 19
    assert b.within("H6", 2) == listed
    assert {lbl for lbl in b if b.distance("H6", lbl) <= 2} == listed


def test_midway_neighbours(b: Board) -> None:
    """Design note list (Air Operations): the six hexes at range 1 around H6 — derived from the 19."""
    assert b.neighbors("H6") == {"H5", "H7", "G6", "G7", "I6", "I7"}


def test_us_setup_example(b: Board) -> None:
    """Setup › US Setup: surface ships set up within five hexes of N5; I4 is allowed, H4 is not."""
    area = b.within("N5", 5)
    assert "I4" in area
    assert "H4" not in area
    assert b.distance("N5", "I4") == 5
    assert b.distance("N5", "H4") == 6
    region = b.region("us-setup-centre")
    assert set(region) == {"N5"}
    assert region.data["radius"] == 5


def test_submarines_within_two_of_midway_and_ss4_at_l5(b: Board) -> None:
    """Setup › US Setup: SS1–SS3 within two hexes of Midway; SS4 always starts in L5."""
    assert len(b.within("H6", 2)) == 19  # room for the three subs, all on the map
    assert "L5" in b
    assert set(b.region("ss4-station")) == {"L5"}


def test_solitaire_us_setup_obeys_the_setup_rules(b: Board) -> None:
    """Solitaire Play › US Setup: surface ships I4; SS F6, SS2 G6, SS3 H5; SS4 L5.

    The historical set-up must satisfy the two-player rules (Setup › US Setup): I4 within
    five of N5, the three subs within two of Midway.
    """
    assert b.distance("N5", "I4") <= 5
    for sub in ("F6", "G6", "H5"):
        assert sub in b
        assert b.distance("H6", sub) <= 2
    assert "L5" in b


def test_solitaire_japanese_setup_and_entry_hexes(b: Board) -> None:
    """Solitaire Play › Japanese Set Up and Entry: SS168 in H6; entry at A1, A9, A8, A2 (column A)."""
    assert "H6" in b
    entry = b.region("japanese-entry")
    for h in ("A1", "A9", "A8", "A2"):
        assert h in entry


def test_japanese_entry_is_all_of_column_a(b: Board) -> None:
    """Setup › Entry of Japanese Units: Japanese units enter through any hex of column A."""
    column_a = {lbl for lbl in b if col(lbl) == "A"}
    assert column_a
    assert set(b.region("japanese-entry")) == column_a
    # Column A is the western edge of the map.
    assert all(b.cell(lbl).col == 0 for lbl in column_a)


def test_midway_strike_example_distances(b: Board) -> None:
    """Air Operations › Assigning Air Strikes Example: F5 is within two hexes of Midway; I4 is three from F5."""
    assert b.distance("F5", "H6") <= 2
    assert "F5" in b.within("H6", 2)
    assert b.distance("F5", "I4") == 3
    assert "I4" not in b.within("F5", 2)


def test_search_example_japanese_bonus_searches(b: Board) -> None:
    """Search Operations › Search Example: bonus air searches H4 and H6 lie within two of the carriers in F5."""
    for h in ("H4", "H6"):
        assert b.distance("F5", h) <= 2
    assert {"H4", "H6"} <= b.within("F5", 2)


def test_search_example_us_searches_within_six_of_midway(b: Board) -> None:
    """Search Example with Air Search Limits: the US searches E6, F5, G4 lie within six hexes of Midway."""
    for h in ("E6", "F5", "G4"):
        assert b.distance("H6", h) <= 6
    assert {"E6", "F5", "G4"} <= b.within("H6", 6)


def test_search_example_results(b: Board) -> None:
    """Search Example: US searches (E6, F5, G4, Midway) find F5 but not the Second Fleet in D7;
    Japanese searches (F5, H4, Midway) find the US carriers in I4.

    An air search locates its hex and every adjacent hex (Search Operations › Air Searches).
    """
    us_found = air_search(b, ["E6", "F5", "G4", "H6"])
    assert "F5" in us_found
    assert "D7" not in us_found
    jp_found = air_search(b, ["F5", "H4", "H6"])
    assert "I4" in jp_found


def test_air_search_covers_seven_hexes_inside_the_map(b: Board) -> None:
    """Search Operations › Air Searches: the assigned hex and every adjacent hex."""
    assert len(b.within("H4", 1)) == 7
    assert b.within("H4", 1) == {"H4"} | b.neighbors("H4")


def test_finding_the_enemy_example(b: Board) -> None:
    """Air Operations › Finding the Enemy Example of Play: carriers in I5 strike G5, distance 2."""
    assert b.distance("I5", "G5") == 2
    assert b.distance("G5", "I5") == 2


def test_finding_the_enemy_distance_examples(b: Board) -> None:
    """Finding the Enemy › Examples: same hex is distance 0, adjacent hex 1, two hexes away 2."""
    assert b.distance("H6", "H6") == 0
    for n in b.neighbors("H6"):
        assert b.distance("H6", n) == 1
    ring2 = b.within("H6", 2) - b.within("H6", 1)
    assert len(ring2) == 12
    assert all(b.distance("H6", h) == 2 for h in ring2)


def test_named_hexes_are_on_the_map(b: Board) -> None:
    """Hexes the text names: L5 (US Setup), N5 (US Setup), A11 and K12 (Wake and Johnston Islands),
    A1, A2, A8, A9 (Solitaire Japanese Entry), I6 (Surface Combat Example), D7, E6, G4, I5, G5 (examples)."""
    for h in ("L5", "N5", "A11", "K12", "A1", "A2", "A8", "A9", "I6", "D7", "E6", "G4", "I5", "G5", "F6", "H5"):
        assert h in b, h


def test_kure_is_g6_next_to_midway(b: Board) -> None:
    """Optional Rules › Seaplane Tenders: Kure Atoll is G6; it touches Midway (H6)."""
    assert set(b.region("kure")) == {"G6"}
    assert b.region("kure").kind == "island"
    assert "G6" in b.neighbors("H6")
    assert b.distance("G6", "H6") == 1
    # The seaplane base's two extra searches go within two hexes of Kure; Midway is among them.
    assert "H6" in b.within("G6", 2)


def test_six_land_masses(b: Board) -> None:
    """Ship Movement › Land Effects: the map has six land masses (Midway and Kure named by the text)."""
    islands = b.regions("island")
    assert len(islands) == 6
    assert {"midway", "kure"} <= {r.name for r in islands}
    occupied = [lbl for r in islands for lbl in r]
    assert len(occupied) == len(set(occupied)) == 6


def test_wake_and_johnston_search_references(b: Board) -> None:
    """Optional Rules › Wake and Johnston Islands: one extra search within two hexes of A11
    (Wake is off the map to the south-west) or of K12 (Johnston is off the map to the south)."""
    wake = b.region("wake-search")
    johnston = b.region("johnston-search")
    assert set(wake) == {"A11"} and wake.data["radius"] == 2
    assert set(johnston) == {"K12"} and johnston.data["radius"] == 2
    last_row = max(c.row for c in b.cells)
    # A11 sits on the western edge near the south; K12 near the southern edge.
    assert b.cell("A11").col == 0
    assert last_row - b.cell("A11").row <= 2
    assert last_row - b.cell("K12").row <= 2
    assert b.cell("A11").row > last_row / 2 and b.cell("K12").row > last_row / 2


def test_exit_edges(b: Board) -> None:
    """Exiting the Map: Japanese ships leave off map edges west of F (inclusive), US ships east of G (inclusive)."""
    edges = edge_cells(b)
    jp = set(b.region("japanese-exit"))
    us = set(b.region("us-exit"))
    assert jp == {h for h in edges if col(h) <= "F"}
    assert us == {h for h in edges if col(h) >= "G"}
    assert not jp & us
    assert jp | us == edges
    assert b.region("japanese-exit").kind == b.region("us-exit").kind == "exit"
    # The western edge belongs to Japan, the eastern edge to the US.
    assert {lbl for lbl in b if col(lbl) == "A"} <= jp
    assert {lbl for lbl in b if col(lbl) == "N"} <= us


def test_fog_is_in_the_northwest(b: Board) -> None:
    """Optional Rules › Fog: fog starts in the gray-tinted section in the north-west of the map."""
    fog = b.region("fog")
    assert fog.kind == "fog"
    assert "A1" in fog  # the north-west corner
    max_col = max(c.col for c in b.cells)
    max_row = max(c.row for c in b.cells)
    for lbl in fog:
        cell = b.cell(lbl)
        assert cell.col < max_col / 2, lbl
        assert cell.row < max_row / 2, lbl
    # Fog is one area, and it keeps clear of the places the text names for play.
    assert shape(fog.geometry).geom_type == "Polygon"
    for h in ("H6", "G6", "N5", "L5", "F5", "I4", "A11", "K12"):
        assert h not in fog


def test_us_setup_area_is_east_of_the_japanese_entry(b: Board) -> None:
    """Setup: US ships start around N5, Japanese ships enter in column A — opposite sides of the map."""
    us_area = b.within("N5", 5)
    assert not us_area & set(b.region("japanese-entry"))
    assert min(b.distance("N5", a) for a in b.region("japanese-entry")) > 5
