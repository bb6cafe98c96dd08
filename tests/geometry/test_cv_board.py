"""The CV mapboard against every statement ``cv.txt`` makes about hexes, distances and places.

Source: ``cv.txt`` (sections named in each docstring). The text prints only two kinds of hex
number: Midway's (B2117) and the Cloud set-up hexes of the Battle of Midway and Campaign
scenarios. It has no worked movement, search or air-entry example with hex numbers, so most
areas in ``rulesets/cv/board.yaml`` are provisional and the tests below check only what the
text states or what follows from it (each docstring says which).
"""

from __future__ import annotations

import math
import re
from itertools import combinations

import pytest

from midway_desktop.geometry import load_board
from tests.geometry.shapes import shape

MIDWAY = "B2117"


def _hexes(*rows: str) -> list[str]:
    return " ".join(rows).split()


# Scenario III (Battle of Midway, starts 0100 June 4) and IV (Campaign, starts 0100 June 3),
# General Information, Weather: the Cloud hexes, in the order printed.
CLOUDS_BATTLE = _hexes(
    "A2825 A2921 A3223 A3220 A3418 A3521 A3515 A3717 A3820 A3814 A3911",
    "A4016 A4118 A4113 A4210 A4315 A4412 A4407 A4614 A4609 A4705 A4811",
    "B1107 B1309 B1304 B1407 B1706 B1902 B2005 B2304 B2202 B2703",
)
CLOUDS_CAMPAIGN = _hexes(
    "A1622 A1718 A2020 A2017 A2215 A2318 A2312 A2514 A2617 A2611 A2708",
    "A2813 A2915 A2910 A3007 A3112 A3209 A3204 A3411 A3406 A3502 A3608",
    "B1107 B1309 B1304 B1407 B1706 B1902 B2005 B2304 B2202 B2703",
)
EVERY_HEX_IN_TEXT = {MIDWAY, *CLOUDS_BATTLE, *CLOUDS_CAMPAIGN}

SECTORS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii")
TOP_ROW, BOTTOM_ROW = SECTORS[:4], SECTORS[4:]
ENTRY_LETTERS = "abcdefghi"
BASES = {"H": "Hawaii", "J": "Johnston Island", "M": "Marshalls", "W": "Wake"}


@pytest.fixture(scope="module")
def b():
    return load_board("cv")


# -- helpers ------------------------------------------------------------------------------


def sector(b, numeral: str):
    return b.region(f"sector-{numeral}")


def on_edge(b, label: str) -> bool:
    """An edge hex has fewer than six neighbours on the board."""
    return len(b.neighbors(label)) < 6


def connected(b, cells) -> bool:
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for nxt in b.neighbors(here) & cells:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen == cells


def bearing(b, a: str, c: str) -> float:
    """Compass bearing from the centre of ``a`` to that of ``c`` (north up, y grows down)."""
    (xa, ya), (xc, yc) = b.centre(a), b.centre(c)
    return math.degrees(math.atan2(xc - xa, ya - yc)) % 360


COMPASS = {"N": 0, "NE": 60, "SE": 120, "S": 180, "SW": 240, "NW": 300}


def step(b, label: str, direction: str) -> str | None:
    """The neighbour across the named hexside (Directional Hexagon names), if on the board."""
    want = COMPASS[direction]
    for n in b.neighbors(label):
        if abs((bearing(b, label, n) - want + 180) % 360 - 180) < 1:
            return n
    return None


def x_of(b, label: str) -> float:
    return b.centre(label)[0]


def y_of(b, label: str) -> float:
    return b.centre(label)[1]


# -- labels -------------------------------------------------------------------------------


def test_every_hex_number_in_the_text_is_on_the_board(b):
    """Every hex number cv.txt prints (Midway, Scenario III and IV Weather lists) is a label."""
    missing = EVERY_HEX_IN_TEXT - b.labels()
    assert not missing, sorted(missing)


def test_labels_are_half_letter_and_four_digit_number(b):
    """Intro III.A: each hex carries a four-digit code; halves are lettered A and B."""
    pattern = re.compile(r"^[AB]\d{4}$")
    bad = [lbl for lbl in b.labels() if not pattern.match(lbl)]
    assert not bad, bad[:10]
    assert {lbl[0] for lbl in b.labels()} == {"A", "B"}


def test_both_halves_have_the_same_extent(b):
    """Intro III.A.1: both halves are 21 x 27.5 inches, so both hold the same grid
    (48 columns x 32 rows each is the provisional extent)."""
    a, bb = b.region("half-a"), b.region("half-b")
    assert len(a) == len(bb) == 48 * 32
    assert a | bb == b.labels()
    assert not a & bb


def test_first_digit_pair_is_the_column(b):
    """Scenarios III/IV Weather + Optional XIII.B.2: the Campaign's A-half clouds are the Battle
    of Midway's shifted by +12 in the first pair and +3 in the second. Hexes sharing the first
    pair stand in one north-south column (same x, y growing with the second pair)."""
    column = [f"A28{r:02}" for r in range(1, 33)]
    xs = {round(x_of(b, lbl), 6) for lbl in column}
    assert len(xs) == 1
    ys = [y_of(b, lbl) for lbl in column]
    assert ys == sorted(ys)


# -- Midway and islands -------------------------------------------------------------------


def test_midway_is_hex_b2117(b):
    """Intro III.A.7, Set Up II.B, Basic VI.A.3 and VI.I: Midway Island is hex B2117 (the
    Midway hex, where the American Base starts, ships anchor and troops unload)."""
    midway = b.region("midway")
    assert set(midway) == {MIDWAY}
    assert midway.kind == "island"
    assert midway.provenance.source == "rulebook"
    assert "midway" in b.regions_of(MIDWAY)


def test_all_islands_are_on_half_b(b):
    """Intro III.A.7: the few islands are all on mapboard half B."""
    islands = b.regions("island")
    assert islands
    for island in islands:
        assert set(island) <= b.region("half-b"), island.name


def test_islands_are_separate_hexes(b):
    """Intro III.A.7: Midway is one island hex; no other island shares it (provisional
    atolls are placed in their own hexes)."""
    hexes = [next(iter(i)) for i in b.regions("island")]
    assert all(len(i) == 1 for i in b.regions("island"))
    assert len(hexes) == len(set(hexes))


# -- halves and sectors -------------------------------------------------------------------


def test_half_a_is_west_of_half_b(b):
    """Intro III.A.1: half A is laid on the left and half B on the right, north up."""
    assert b.north == "up"
    a_max = max(x_of(b, lbl) for lbl in b.region("half-a"))
    b_min = min(x_of(b, lbl) for lbl in b.region("half-b"))
    assert a_max < b_min


def test_halves_join_into_one_grid(b):
    """Intro III.A.1: the halves are laid together into one mapboard; units cross the join
    hex by hex (Basic VI.B.3, VIII.B.3: movement is from hex to adjacent hex)."""
    assert b.neighbors("A4817") >= {"B0116", "B0117"}
    assert b.distance("A4817", "B0117") == 1
    assert b.distance("A0117", "B4817") == 95
    assert b.path("A0101", "B4832")


def test_sectors_partition_the_board(b):
    """Intro III.A.1: the mapboard is divided into sectors I–VIII; every hex belongs to
    exactly one (a hex split by a fold is assigned by its centre)."""
    regions = [sector(b, s) for s in SECTORS]
    assert all(r.kind == "sector" for r in regions)
    for r1, r2 in combinations(regions, 2):
        assert not r1 & r2, (r1.name, r2.name)
    assert frozenset().union(*regions) == b.labels()


def test_each_half_holds_four_sectors(b):
    """Intro III.A.1: each half is cut and creased into four sectors; A (left) holds I, II,
    V, VI and B (right) holds III, IV, VII, VIII."""
    assert b.region("half-a") == frozenset().union(*(sector(b, s) for s in ("i", "ii", "v", "vi")))
    assert b.region("half-b") == frozenset().union(*(sector(b, s) for s in ("iii", "iv", "vii", "viii")))


def test_sector_layout(b):
    """Intro III.A.1 diagram: I, II, III, IV along the top (north) row, west to east, and
    V, VI, VII, VIII along the bottom (south) row."""

    def centroid(numeral):
        c = shape(sector(b, numeral).geometry).centroid
        return c.x, c.y

    for row in (TOP_ROW, BOTTOM_ROW):
        xs = [centroid(s)[0] for s in row]
        assert xs == sorted(xs)
    for top, bottom in zip(TOP_ROW, BOTTOM_ROW):
        assert centroid(top)[1] < centroid(bottom)[1]
        assert math.isclose(centroid(top)[0], centroid(bottom)[0], abs_tol=1.0)


def test_campaign_us_start_lies_east_of_midway(b):
    """Scenario IV: US Forces IA and IB start anywhere in sectors IV and/or VIII; Hints on
    Play: the Americans may keep to the eastern end. Those sectors lie east of Midway."""
    zone = sector(b, "iv") | sector(b, "viii")
    assert MIDWAY not in zone
    assert min(x_of(b, lbl) for lbl in zone) > x_of(b, MIDWAY)


def test_half_b_offers_the_hinted_us_placements(b):
    """Scenarios II/III (US start anywhere on half B) and Hints on Play (fleet north of Midway,
    south of it, or at the eastern end): half B has room north, south and east of Midway."""
    half_b = b.region("half-b")
    mx, my = b.centre(MIDWAY)
    north = [lbl for lbl in half_b if y_of(b, lbl) < my - 10]
    south = [lbl for lbl in half_b if y_of(b, lbl) > my + 10]
    east = [lbl for lbl in half_b if x_of(b, lbl) > mx + 30]
    assert north and south and east


# -- hexes, hexsides, distance ------------------------------------------------------------


def test_hexsides_face_the_six_directions(b):
    """Intro III.A.2: hexsides are named N, S, NE, SE, NW, SW, so hexes are flat-topped and
    each neighbour lies straight across one of those six sides."""
    assert b.orientation == "flat"
    for lbl in (MIDWAY, "B2217", "A1010", "A1111"):
        found = {d: step(b, lbl, d) for d in COMPASS}
        assert all(found.values()), (lbl, found)
        assert set(found.values()) == b.neighbors(lbl)


def test_midway_neighbours(b):
    """Intro III.A.2 with the derived shift (odd columns half a hex lower): the six hexes
    around Midway, by hexside."""
    assert {d: step(b, MIDWAY, d) for d in COMPASS} == {
        "N": "B2116",
        "S": "B2118",
        "NE": "B2217",
        "SE": "B2218",
        "NW": "B2017",
        "SW": "B2018",
    }


def test_into_the_wind_is_the_opposite_hexside(b):
    """Basic VI.E.2: with the Wind Direction Arrow pointing SE a carrier moves a hex NW; the
    NW and SE hexsides are opposite, on odd and even columns alike."""
    for lbl in ("A1010", "A1110", "B2117", "B2217", "A4817", "B0117"):
        nw = step(b, lbl, "NW")
        assert step(b, nw, "SE") == lbl
        assert b.distance(nw, step(b, lbl, "SE")) == 2


def test_adjacent_hex_is_one_hex_distant(b):
    """Basic III.B.1: an adjacent hex is at one hex distance; distances leave out the
    observer's hex and count the observed unit's hex."""
    for lbl in (MIDWAY, "A0101", "A4817", "B4832"):
        assert b.distance(lbl, lbl) == 0
        for n in b.neighbors(lbl):
            assert b.distance(lbl, n) == 1
    assert b.distance(MIDWAY, "B2115") == 2


def test_observation_rings(b):
    """Basic III.B.1 diagram and the CV radar example (four ranges): around a unit lie 6
    adjacent hexes, then a ring of 12, then 18."""
    within = [b.within(MIDWAY, n) for n in range(4)]
    assert [len(w) for w in within] == [1, 7, 19, 37]
    assert within[1] == b.neighbors(MIDWAY) | {MIDWAY}
    for n in range(1, 4):
        assert all(b.distance(MIDWAY, lbl) == n for lbl in within[n] - within[n - 1])


# -- clouds (Optional XIII.B) -------------------------------------------------------------


def test_scenario_cloud_hexes(b):
    """Scenarios III.A.2 and IV.A.2: the Cloud hexes are held as reference regions."""
    assert set(b.region("weather-battle-of-midway")) == set(CLOUDS_BATTLE)
    assert set(b.region("weather-midway-campaign")) == set(CLOUDS_CAMPAIGN)
    for name in ("weather-battle-of-midway", "weather-midway-campaign"):
        assert b.region(name).provenance.source == "rulebook"


def test_cloud_covers_its_hex_and_all_adjacent_hexes(b):
    """Optional XIII.B.1: a Cloud occupies its hex and all six adjacent hexes; every set-up
    Cloud lies whole on the board (clouds in column A48 need the B half beside them)."""
    for lbl in EVERY_HEX_IN_TEXT - {MIDWAY}:
        assert len(b.within(lbl, 1)) == 7, lbl


@pytest.mark.parametrize("clouds", [CLOUDS_BATTLE, CLOUDS_CAMPAIGN], ids=["battle", "campaign"])
def test_no_storm_at_set_up(b, clouds):
    """Optional XIII.B.3: a Storm is a hex where two Clouds overlap. The set-up Clouds form
    bands that touch but never overlap: no two are closer than 3 hexes and each has another
    within 4 (with even columns set lower instead, some lie 2 apart: this is the evidence for
    the shift parity)."""
    for c1, c2 in combinations(clouds, 2):
        assert not b.within(c1, 1) & b.within(c2, 1), (c1, c2)
    nearest = {c: min(b.distance(c, o) for o in clouds if o != c) for c in clouds}
    assert set(nearest.values()) <= {3, 4}, nearest
    assert sum(d == 3 for d in nearest.values()) >= len(clouds) - 2


def test_overlapping_clouds_make_storms(b):
    """Optional XIII.B.3: Clouds two hexes apart share hexes (a Storm); three apart they don't."""
    assert b.within(MIDWAY, 1) & b.within("B2115", 1)
    assert not b.within(MIDWAY, 1) & b.within("B2114", 1)


def test_campaign_clouds_drift_twelve_hexes_in_a_day(b):
    """Optional XIII.B.2: Clouds move one hex every even-numbered Turn, 12 moves from 0100
    June 3 (Campaign) to 0100 June 4 (Battle of Midway). Each A-half Campaign Cloud is exactly
    12 hexes from its Battle of Midway counterpart (same printed order)."""
    for start, later in zip(CLOUDS_CAMPAIGN[:22], CLOUDS_BATTLE[:22]):
        assert b.distance(start, later) == 12, (start, later)


# -- ship entry areas (Intro III.A.6) -----------------------------------------------------


def test_ship_entry_areas_a_to_i(b):
    """Intro III.A.6: Ship Entry Areas are connected groups of hexes lettered a through i."""
    for letter in ENTRY_LETTERS:
        area = b.region(f"entry-{letter}")
        assert area.kind == "entry"
        assert area.data["letter"] == letter
        assert connected(b, area), letter


def test_ship_entry_areas_are_separate(b):
    """Intro III.A.6: each lettered area is its own group of hexes."""
    areas = [b.region(f"entry-{x}") for x in ENTRY_LETTERS]
    for a1, a2 in combinations(areas, 2):
        assert not a1 & a2, (a1.name, a2.name)
    assert not any(MIDWAY in a for a in areas)


def test_off_board_arrivals_enter_at_the_edge(b):
    """Scenario V.C: off-board Japanese units enter at (a) and/or (f); Optional XVI: late US
    forces enter at (c) and/or (i); Basic VI.F: ships enter from the edge hexes."""
    for letter in "acfi":
        assert any(on_edge(b, lbl) for lbl in b.region(f"entry-{letter}")), letter


def test_american_entry_areas_lie_at_the_eastern_end(b):
    """Optional XVI (Random Arrival): delayed US forces enter at (c) and/or (i) where, when not
    delayed, they would set up in sectors IV and/or VIII (derived: the American end)."""
    east = sector(b, "iv") | sector(b, "viii")
    for letter in "ci":
        assert b.region(f"entry-{letter}").data["side"] == "american"
        assert b.region(f"entry-{letter}") <= east, letter


def test_three_player_split_north_and_south(b):
    """Optional XIV.A.1: one Japanese player takes the forces starting in the northern half,
    the other those in the centre and south: (a) and (b) are northern, (d), (e), (f), (h)
    reach the centre or south."""
    north = frozenset().union(*(sector(b, s) for s in TOP_ROW))
    south = frozenset().union(*(sector(b, s) for s in BOTTOM_ROW))
    for letter in "ab":
        assert b.region(f"entry-{letter}") <= north, letter
    for letter in "defh":
        assert b.region(f"entry-{letter}") & south, letter


@pytest.mark.parametrize(
    ("force", "campaign_area", "battle_area", "turns"),
    [
        ("IA", "a", "b", 10),  # enters 1500 June 3, starts Scenario III at 0100 June 4
        ("IC", "f", "d", 20),  # 0500 June 3
        ("ID", "f", "e", 21),  # 0400 June 3
        ("IE", "f", "h", 10),  # 1500 June 3
    ],
)
def test_campaign_entries_reach_battle_of_midway_starts(b, force, campaign_area, battle_area, turns):
    """Scenarios III and IV: a force entering in the Campaign can be where the Battle of Midway
    scenario starts it at 0100 June 4, moving from the Turn after entry (VI.F.1) at most two
    hexes a Turn (VI.B.1: Movement Factors are 1 or 2). A consistency check on the layout."""
    gap = min(b.distance(x, y) for x in b.region(f"entry-{campaign_area}") for y in b.region(f"entry-{battle_area}"))
    assert gap <= 2 * turns, (force, gap)


# -- air entry hexes (Intro III.A.5, Basic VIII.G) ----------------------------------------


def test_air_entry_hexes_are_single_edge_hexes(b):
    """Intro III.A.5 and Basic VIII.G.1: an Air Entry Hex lies along the mapboard edge and
    shows the turns needed from its off-board base and that base's letter."""
    hexes = b.regions("air-entry")
    assert hexes
    for region in hexes:
        assert len(region) == 1, region.name
        (lbl,) = region
        assert on_edge(b, lbl), region.name
        assert region.data["base"] in BASES, region.name
        assert isinstance(region.data["turns"], int) and region.data["turns"] >= 1, region.name


def test_every_off_board_base_has_air_entry_hexes(b):
    """Basic VIII.G.1: Johnston and Hawaii (US) and Wake and Marshalls (Japan) are off the
    mapboard; their Air units enter only at hexes carrying their letter."""
    assert {r.data["base"] for r in b.regions("air-entry")} == set(BASES)


def test_six_h_example(b):
    """Basic VIII.G.1: an Air unit taking off from Hawaii at 0700 can be placed in a "6H" hex
    on the 1200 Turn (six Turns counting the take-off Turn)."""
    six_h = [r for r in b.regions("air-entry") if r.data == {"base": "H", "turns": 6}]
    assert six_h
    assert 7 + six_h[0].data["turns"] - 1 == 12


def test_three_j_example(b):
    """Basic VIII.G.2: an Air unit reaching a "3J" hex on the 1300 Turn lands at Johnston on
    the 1500 Turn (three Turns counting both ends)."""
    three_j = [r for r in b.regions("air-entry") if r.data == {"base": "J", "turns": 3}]
    assert three_j
    assert 13 + three_j[0].data["turns"] - 1 == 15


def test_air_entry_hexes_are_not_ship_entry_hexes(b):
    """Intro III.A.5/6: air entry hexes and shaded ship entry areas are different features."""
    ships = frozenset().union(*(b.region(f"entry-{x}") for x in ENTRY_LETTERS))
    for region in b.regions("air-entry"):
        assert not region & ships, region.name


# -- submarines (Optional XI.A) -----------------------------------------------------------


def test_submarine_set_up_is_possible(b):
    """Optional XI.A: no Submarine closer than five hexes to a Ship Entry Area hex, no Japanese
    Submarine closer than five to the Midway Base, at most three per side in a sector and two
    Japanese in half A. Every sector and half A keep hexes where a Japanese Submarine may go."""
    banned = set(b.within(MIDWAY, 4))
    for letter in ENTRY_LETTERS:
        for lbl in b.region(f"entry-{letter}"):
            banned |= b.within(lbl, 4)
    assert b.distance(MIDWAY, "B2112") == 5 and "B2112" not in b.within(MIDWAY, 4)
    for numeral in SECTORS:
        assert sector(b, numeral) - banned, numeral
    assert len(b.region("half-a") - banned) >= 2


# -- provenance ---------------------------------------------------------------------------


def test_every_region_says_where_it_comes_from(b):
    """rulesets/README.md: every authored value carries provenance; non-provisional ones
    say how they follow from the text."""
    for name in b.region_names():
        prov = b.region(name).provenance
        assert prov.source in ("rulebook", "derived", "historical", "provisional"), name
        if prov.source != "provisional":
            assert prov.ref.strip(), name
    assert b.provenance.source == "derived"
    assert all(s.provenance.ref for s in b.sheets)
