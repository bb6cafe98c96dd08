"""KB › 6.a Air Combat and KB › 7: who fights whom, and what each die does."""

from __future__ import annotations

from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.kido_butai.combat import (
    air_combat_over_fleet,
    air_combat_over_target,
    sink_in_order,
)


def over_target(zeros: int, bombers: int, buffalos: int, dice: list[int]):  # type: ignore[no-untyped-def]
    rng = ScriptedRng(dice=dice)
    fight = air_combat_over_target(zeros, bombers, buffalos, rng)
    assert rng.remaining == 0
    return fight


def test_american_fighters_kill_zeros_only_on_a_six() -> None:
    assert over_target(1, 0, 1, [5, 1]).japanese_lost == ()
    assert over_target(1, 0, 1, [6, 1]).japanese_lost == (0,)


def test_zeros_kill_american_fighters_on_five_or_six() -> None:
    assert over_target(1, 0, 1, [1, 4]).us_fighters_lost == 0
    assert over_target(1, 0, 1, [1, 5]).us_fighters_lost == 1


def test_bombers_destroyed_on_five_or_six_warded_off_on_three_or_four() -> None:
    for die, lost, warded in ((1, (), ()), (2, (), ()), (3, (), (0,)), (4, (), (0,)), (5, (0,), ()), (6, (0,), ())):
        fight = over_target(0, 1, 1, [die])
        assert (fight.bombers_lost, fight.bombers_warded) == (lost, warded)


def test_american_fighters_engage_every_zero_before_any_bomber() -> None:
    # Three Buffalos, two Zeros, two bombers: Zero 0, Zero 1, then bomber 0.
    fight = over_target(2, 2, 3, [6, 6, 6, 1, 1])
    assert fight.japanese_lost == (0, 1) and fight.bombers_lost == (0,)


def test_a_surplus_of_american_fighters_goes_round_again() -> None:
    # Four Buffalos against one Zero and one bomber: Zero, bomber, Zero, bomber.
    fight = over_target(1, 1, 4, [1, 1, 6, 5, 1])
    assert fight.japanese_lost == (0,) and fight.bombers_lost == (0,)
    fight = over_target(1, 1, 4, [1, 3, 1, 2, 1])
    assert fight.bombers_warded == (0,)


def test_zeros_spread_so_none_faces_three_before_all_face_two() -> None:
    # Five Zeros against two Buffalos: Buffalo 0 gets Zeros 0, 2, 4; Buffalo 1 gets 1, 3.
    fight = over_target(5, 0, 2, [1, 1, 5, 1, 1, 1, 1])
    assert fight.us_fighters_lost == 1  # Zero 0 hit Buffalo 0
    fight = over_target(5, 0, 2, [1, 1, 1, 5, 1, 5, 1])
    assert fight.us_fighters_lost == 1  # Zeros 1 and 3 both hit Buffalo 1: one squadron down
    fight = over_target(4, 0, 2, [1, 1, 5, 5, 1, 1])
    assert fight.us_fighters_lost == 2


def test_bombers_do_not_fight_aircraft() -> None:
    fight = over_target(0, 3, 1, [1])  # only the Buffalo rolls
    assert fight.japanese_dice == () and fight.us_fighters_lost == 0


def test_example_game_0630() -> None:
    """KB › 9: a three for the Buffalo, two and five for the two Zeros."""
    fight = over_target(2, 5, 1, [3, 2, 5])
    assert fight.japanese_lost == () and fight.us_fighters_lost == 1


def over_fleet(low: tuple[bool, ...], escorts: int, bombers: int, dice: list[int]):  # type: ignore[no-untyped-def]
    rng = ScriptedRng(dice=dice)
    fight = air_combat_over_fleet(low, escorts, bombers, rng)
    assert rng.remaining == 0
    return fight


def test_cap_engages_escorts_first_then_bombers() -> None:
    # Two full CAP squadrons, one escort, two bombers: CAP 0 takes the escort, CAP 1 a bomber.
    fight = over_fleet((False, False), 1, 2, [1, 5, 5])
    assert fight.us_fighters_lost == 1 and fight.bombers_lost == (0,)


def test_escorts_attack_the_cap_and_kill_on_a_six() -> None:
    fight = over_fleet((False,), 2, 1, [6, 1, 1])  # both escorts on the one CAP squadron
    assert fight.japanese_lost == (0,)


def test_low_cap_cannot_fire_at_escorts_but_can_be_fired_on() -> None:
    """Clarifications to 7: low CAP cannot fight escorts; an escort also keeps it from the
    torpedo bombers."""
    fight = over_fleet((True,), 1, 1, [6])  # only the escort rolls
    assert fight.japanese_lost == (0,) and fight.japanese_dice == ()
    # Two low CAP squadrons, one escort: the other may still go for the torpedo bomber.
    fight = over_fleet((True, True), 1, 1, [1, 5])
    assert fight.bombers_lost == (0,) and fight.us_fighters_lost == 0


def test_low_cap_fights_unescorted_torpedo_bombers() -> None:
    """KB › 9, 0630 and 0730: the low CAP wards off (a four), then shoots down (a five)."""
    assert over_fleet((True,), 0, 1, [4]).bombers_warded == (0,)
    assert over_fleet((True,), 0, 1, [5]).bombers_lost == (0,)


def test_hits_fall_ship_by_ship_in_order() -> None:
    """KB › 9, 0830: six pips sink three carriers that each take two hits."""
    assert sink_in_order([2, 2, 2, 2], 6) == [2, 2, 2, 0]
    assert sink_in_order([1, 2, 2], 2) == [1, 1, 0]
    assert sink_in_order([2, 2], 9) == [2, 2]
