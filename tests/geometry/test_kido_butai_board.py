"""The Kido Butai display against every statement the rulebook makes about the map.

Source: ``kido-butai.txt`` (sections named in each docstring). The text names the spaces and
says east is at the top; the rectangles in ``rulesets/kido-butai/board.yaml`` are a
provisional layout, so these tests check only relations the text implies.
"""

from __future__ import annotations

import pytest

from midway_desktop.geometry import load_board
from tests.geometry.shapes import polygon

CARRIERS = ("akagi", "kaga", "soryu", "hiryu")
TURNS = tuple(f"{h:02d}30" for h in range(4, 20))
TRACK = tuple(f"turn-{t}" for t in TURNS)


@pytest.fixture(scope="module")
def b():
    return load_board("kido-butai")


def centre_of(b, label: str) -> tuple[float, float]:
    c = polygon(b, label).centroid
    return c.x, c.y


def track_in_order(b) -> list[str]:
    """Follow the turn-track chain from its first box."""
    order = ["turn-0430"]
    while True:
        ahead = b.neighbors(order[-1]) - set(order)
        if not ahead:
            return order
        assert len(ahead) == 1, f"track branches at {order[-1]}"
        order.append(ahead.pop())


# -- spaces -------------------------------------------------------------------------------


def test_four_carrier_spaces(b):
    """§1 Setup: Akagi, Kaga, Soryu and Hiryu are placed on the spaces provided for them."""
    assert set(CARRIERS) <= b.labels()
    carriers = b.region("carriers")
    assert set(carriers) == set(CARRIERS)
    assert carriers.provenance.source == "rulebook"


def test_midway_space(b):
    """§1 Setup: the Midway counter is placed on its own space on the map."""
    assert "midway" in b.labels()
    assert "midway" not in b.region("carriers")


def test_cap_box(b):
    """§3: fighters flying combat air patrol are placed on the CAP box."""
    assert "cap" in b.labels()


def test_centre_space(b):
    """§3: attacking squadrons are launched to the centre of the map."""
    assert "centre" in b.labels()


def test_target_corners(b):
    """§6: Midway is attacked in the southeast corner, an American fleet in the northeast corner."""
    assert {"ne-corner", "se-corner"} <= b.labels()
    assert set(b.region("corners")) == {"ne-corner", "se-corner"}


def test_us_pools_are_not_on_the_map(b):
    """§1 Setup: the US fleet, bomber and fighter pools are opaque containers, not map spaces."""
    assert not any("pool" in label for label in b.labels())
    assert not any("pool" in name for name in b.region_names())


# -- orientation --------------------------------------------------------------------------


def test_east_is_at_the_top(b):
    """§1 Setup: the map shows the area from the Japanese perspective, east at the top."""
    assert b.north == "left"
    corners_y = max(centre_of(b, c)[1] for c in ("ne-corner", "se-corner"))
    carriers_y = min(centre_of(b, c)[1] for c in CARRIERS)
    assert corners_y < centre_of(b, "centre")[1] < carriers_y


def test_north_is_left_so_ne_corner_is_top_left(b):
    """§1 and §6: with east up, north is left: the NE corner is top-left, the SE corner top-right."""
    width, _ = b.size
    ne, se = polygon(b, "ne-corner").bounds, polygon(b, "se-corner").bounds
    assert ne[0] == pytest.approx(0) and ne[1] == pytest.approx(0)
    assert se[2] == pytest.approx(width) and se[1] == pytest.approx(0)
    assert centre_of(b, "ne-corner")[0] < centre_of(b, "se-corner")[0]


def test_midway_sits_in_the_southeast_corner(b):
    """§1 and §6: Midway's base, attacked from the SE corner, lies in the top-right of the display."""
    width, height = b.size
    x, y = centre_of(b, "midway")
    assert x > width / 2 and y < height / 2
    assert "se-corner" in b.neighbors("midway")


def test_carriers_on_the_west_side(b):
    """§1 and §3: Kido Butai launches east toward the centre, so its carriers lie at the bottom (west)."""
    _, height = b.size
    assert all(centre_of(b, c)[1] > height / 2 for c in CARRIERS)


def test_spaces_lie_on_the_display_and_do_not_overlap(b):
    """§1: each counter goes on one space; a point of the display belongs to one space at most."""
    width, height = b.size
    labels = sorted(b.labels())
    for label in labels:
        x0, y0, x1, y1 = polygon(b, label).bounds
        assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height, label
        x, y = centre_of(b, label)
        assert b.cell_at(x, y) == label
    for i, first in enumerate(labels):
        for second in labels[i + 1 :]:
            overlap = polygon(b, first).intersection(polygon(b, second)).area
            assert overlap == pytest.approx(0), (first, second)


# -- connections --------------------------------------------------------------------------


def test_cap_launches_and_lands_on_every_carrier(b):
    """§3: fighters go from a carrier deck to the CAP box and land from it on a carrier."""
    for carrier in CARRIERS:
        assert "cap" in b.neighbors(carrier)
        assert carrier in b.neighbors("cap")


def test_centre_launches_and_lands_on_every_carrier(b):
    """§3: attack squadrons launch to the centre and land from it on a carrier."""
    for carrier in CARRIERS:
        assert "centre" in b.neighbors(carrier)
        assert b.distance(carrier, "centre") == 1


def test_cap_and_centre_connect(b):
    """§3 (layout choice): the CAP box and the centre are both airborne spaces and touch."""
    assert "centre" in b.neighbors("cap")


def test_targets_are_reached_through_the_centre(b):
    """§3 and §6: squadrons move from the centre to their target and back to the centre."""
    assert b.neighbors("ne-corner") == {"centre"}
    assert {"centre", "midway"} == b.neighbors("se-corner")
    for carrier in CARRIERS:
        assert "ne-corner" not in b.neighbors(carrier)
        assert "se-corner" not in b.neighbors(carrier)
        assert b.distance(carrier, "ne-corner") == 2
        assert b.distance(carrier, "se-corner") == 2


def test_carrier_neighbours_are_exactly_cap_and_centre(b):
    """§3: a carrier launches to or lands from the CAP box or the centre, nothing else."""
    for carrier in CARRIERS:
        assert b.neighbors(carrier) == {"cap", "centre"}


def test_example_midway_strike_timing(b):
    """§9 Example: launch 0430 to the centre, 0530 at Midway, 0630 attack and back, 0730 land."""
    route = ["akagi", "centre", "se-corner", "centre", "akagi"]
    for here, there in zip(route, route[1:]):
        assert there in b.neighbors(here)
    turns_used = TURNS.index("0730") - TURNS.index("0430") + 1  # one move each turn
    assert len(route) - 1 == turns_used


def test_squadrons_in_the_air(b):
    """§3 and Clarification to 8: CAP, centre and target corners are the airborne spaces."""
    air = b.region("in-the-air")
    assert set(air) == {"cap", "centre", "ne-corner", "se-corner"}
    assert air.isdisjoint(b.region("carriers"))


# -- turn track ---------------------------------------------------------------------------


def test_turn_track_has_sixteen_boxes(b):
    """§2: up to 16 turns of one hour each; §1: the turn marker starts at 0430."""
    track = b.region("turn-track")
    assert set(track) == set(TRACK)
    assert len(track) == 16


def test_turn_track_runs_0430_to_1930_in_order(b):
    """§1 and §2: the track starts at 0430 and advances one hour per turn to 1930."""
    assert track_in_order(b) == list(TRACK)
    assert b.distance("turn-0430", "turn-1930") == 15
    xs = [centre_of(b, box)[0] for box in TRACK]
    assert xs == sorted(xs)


def test_turn_track_is_a_chain(b):
    """§6a and §7: counters are placed a number of turns ahead, so the boxes form one chain."""
    assert b.neighbors("turn-0430") == {"turn-0530"}
    assert b.neighbors("turn-1930") == {"turn-1830"}
    for before, box, after in zip(TRACK, TRACK[1:], TRACK[2:]):
        assert b.neighbors(box) == {before, after}


def test_turn_track_is_apart_from_the_air_spaces(b):
    """§1: the turn marker and returning US counters stay on the track, not among the squadrons."""
    assert b.within("turn-0430", 100) == set(TRACK)


def test_three_and_five_turns_ahead(b):
    """§6a / §7 and §9 example: US counters go three or five turns ahead (0630 + 5 = 1130)."""
    assert b.distance("turn-0630", "turn-1130") == 5
    assert b.distance("turn-0630", "turn-0930") == 3
    assert "turn-1130" in b.within("turn-0630", 5)


def test_american_phase_from_the_third_turn(b):
    """§5 and §9: the Americans may attack from the third turn on, which is 0630."""
    assert track_in_order(b)[2] == "turn-0630"


# -- provenance ---------------------------------------------------------------------------


def test_every_region_has_provenance(b):
    """rulesets/README: every authored value says where it comes from."""
    allowed = {"rulebook", "derived", "historical", "provisional"}
    for name in b.region_names():
        prov = b.region(name).provenance
        assert prov.source in allowed, name
        assert prov.ref, name
