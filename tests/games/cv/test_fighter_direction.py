"""Where Air-to-Air Combat may be fought (CV › Basic IX.D.1.a with III.B.3.b): a hex with a Base
or Ship units, or one observed by a Base or an AV, CAV, CV or CVL by sight, or by the radar of
the American Base or an American carrier; never under a battleship's radar alone. Radar sees
only High Altitude (III.B.3.a)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.games.cv import air_combat
from midway_desktop.games.cv.actions import Intercept
from midway_desktop.games.cv.observation import Observer, condition, fighter_directors, observers
from midway_desktop.games.cv.state import evolve
from tests.games.cv.play import GAME, JP, US, tf
from tests.games.cv.test_combat import battle, rec, step, unit

BOARD = GAME.board
CARRIER_AT = "B3010"


def away(start: str, n: int, way: str = "N") -> str:
    here = start
    for _ in range(n):
        here = BOARD.step(here, way) or here
    return here


def raid(ships: list[str], distance: int, high: bool):  # type: ignore[no-untyped-def]
    """Wildcats and Vals, both at ``high`` altitude or both Low, ``distance`` hexes from an
    American Task Force of ``ships``; no ships or Base in their hex."""
    sky = away(CARRIER_AT, distance)
    assert BOARD.distance(CARRIER_AT, sky) == distance
    return sky, battle(
        [unit(US, 1, sky, rec("wildcat", 6, high=high)), unit(JP, 1, sky, rec("val", 6, "he", high))],
        [tf(US, 1, ships, CARRIER_AT), tf(JP, 9, ["DD9"], "A0105")],
    )


def test_a_carriers_radar_lets_wildcats_fight_three_hexes_off() -> None:
    """III.B.3.b: the Enterprise's radar observes High Altitude planes 3 hexes away (condition 1;
    its lookouts see nothing there): Wildcats may intercept High Vals there."""
    sky, state = raid(["Enterprise"], 3, high=True)
    assert condition(GAME, state, [Observer("surface", CARRIER_AT)], sky, flying=True, high=True) == 0
    assert air_combat.can_fight(GAME, state, sky, True)
    state = evolve(state, battle=sky)
    assert air_combat.intercept_refusal(GAME, state, Intercept(US, True, 0, 6)) is None
    state = step(evolve(state, battle=""))
    assert (state.battle, state.step) == (sky, "air-to-air")  # the Battle stops for the Interceptors


def test_a_battleships_radar_alone_allows_no_air_to_air_combat() -> None:
    """III.B.3.b: a battleship's radar observes as far, but without fighter director teams the
    Wildcats may not fight under it alone."""
    sky, state = raid(["Colorado"], 3, high=True)
    assert condition(GAME, state, observers(GAME, state, US), sky, flying=True, high=True) > 0  # it observes
    assert not air_combat.can_fight(GAME, state, sky, True)
    why = air_combat.intercept_refusal(GAME, evolve(state, battle=sky), Intercept(US, True, 0, 6))
    assert why is not None and "IX.D.1.a" in why and "III.B.3.b" in why, why


def test_radar_sees_no_low_altitude_planes() -> None:
    """III.B.3.a: radar's condition for Low Altitude planes is always 0: Low Wildcats and Vals 3
    hexes from the Enterprise are beyond its lookouts, so there is no Air-to-Air Combat."""
    sky, state = raid(["Enterprise"], 3, high=False)
    assert not air_combat.can_fight(GAME, state, sky, False)


def test_midways_radar_directs_fighters() -> None:
    """III.B.3.b: the American Midway Base's radar counts, three hexes off at High Altitude."""
    sky = away(GAME.midway, 3)
    assert BOARD.distance(GAME.midway, sky) == 3
    state = battle(
        [unit(US, 1, sky, rec("buffalo", 6, high=True)), unit(JP, 1, sky, rec("val", 6, "he", True))],
    )
    assert air_combat.can_fight(GAME, state, sky, True)
    assert not air_combat.can_fight(GAME, state, sky, False)  # Midway's lookouts: not three hexes off


@pytest.mark.parametrize("ships", [["Enterprise"], ["Colorado"], ["DD1"], ["Astoria"]])
@pytest.mark.parametrize("high", [False, True])
def test_a_hex_with_ships_may_always_have_air_to_air_combat(ships: list[str], high: bool) -> None:
    """IX.D.1.a: a Battle hex holding Ship units needs no observer."""
    state = battle(
        [unit(US, 1, CARRIER_AT, rec("wildcat", 6, high=high)), unit(JP, 1, CARRIER_AT, rec("val", 6, "he", high))],
        [tf(US, 1, ships, CARRIER_AT), tf(JP, 9, ["DD9"], "A0105")],
    )
    assert air_combat.can_fight(GAME, state, CARRIER_AT, high)


@settings(max_examples=40, deadline=None)
@given(
    ships=st.sampled_from([["Enterprise"], ["Colorado"], ["Astoria"], ["DD1"], ["Colorado", "DD1"]]),
    distance=st.integers(1, 5),
    high=st.booleans(),
)
def test_fighter_direction_is_sight_of_the_named_types_or_fighter_directing_radar(
    ships: list[str], distance: int, high: bool
) -> None:
    """IX.D.1.a with III.B.3, for any American Task Force at any distance and altitude: Air-to-Air
    Combat is possible exactly when a CV (or AV, CAV, CVL) sees the planes, or a CV's radar does
    (High Altitude only); a cruiser's or destroyer's sight and a battleship's radar never."""
    sky, state = raid(ships, distance, high)
    types = {GAME.ship(US, t).type for t in ships}
    table = GAME.data.charts.observation
    sight = table.sight("surface", distance).air or 0
    radar = (table.sight("radar", distance).air or 0) if high else 0
    expected = "CV" in types and (sight > 0 or radar > 0)
    assert air_combat.can_fight(GAME, state, sky, high) == expected
    assert set(fighter_directors(GAME, state)) <= set(observers(GAME, state, US)) | set(observers(GAME, state, JP))
