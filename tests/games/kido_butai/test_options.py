"""KB › 10 Optional Rules, as Option toggles."""

from __future__ import annotations

import pytest

from midway_desktop.engine.registry import get_rules, new_game
from midway_desktop.games.kido_butai.actions import JAPAN, Attack
from midway_desktop.games.kido_butai.display import STRIKE, Variant
from midway_desktop.games.kido_butai.squadrons import GONE, NE_CORNER, SOUTH, TORPEDO, Squadron

from .helpers import END, FORCES, decks, on_cap, position, session

B = FORCES.fighter_pool.squadrons
D = FORCES.bomber_pool.squadrons
T = 4


def test_the_three_options_are_toggles_off_by_default() -> None:
    rules = get_rules("kido-butai")
    assert [(o.name, o.default, o.choices, o.rule) for o in rules.options] == [
        ("superior_damage_control", False, (False, True), "KB › 10.a"),
        ("no_us_fiasco", False, (False, True), "KB › 10.b"),
        ("random_targets", False, (False, True), "KB › 10.c"),
    ]
    s = new_game("kido-butai", options={"random_targets": "on"}, seed=1)
    assert s.state.variant == Variant(random_targets=True)
    with pytest.raises(ValueError):
        new_game("kido-butai", options={"fog": True})


def strike(variant: Variant, **fields):  # type: ignore[no-untyped-def]
    arrived = {n: Squadron(NE_CORNER, SOUTH, TORPEDO, T - 1) for n in ("hiryu-b1", "hiryu-b2", "soryu-b2")}
    return position(turn=T, reported=(True, False), variant=variant, squadrons=arrived, **fields)


def test_a_superior_damage_control_carrier_sinks_only_with_the_third_hit() -> None:
    """KB › 10.a: reduced side after the first hit, turned 90° after the second, sunk by the third."""
    state = strike(Variant(superior_damage_control=True), us_fleet=(1, 2, 2))
    s = session(state, dice=[5, 1, 1], picks=[B])  # special attack: AA wards one off; pips 1 and 1
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_hits[0] == 2 and s.view(JAPAN)["us_carriers"][0]["side"] == "turned"
    assert s.view(JAPAN)["us_carriers"][0]["capacity"] == FORCES.american[0].capacity.reduced
    s = session(state, dice=[5, 1, 2], picks=[B])
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.view(JAPAN)["us_carriers"][0]["side"] == "sunk"


def test_standard_damage_control_sinks_with_the_second_hit() -> None:
    s = session(strike(Variant(), us_fleet=(1, 2, 2)), dice=[5, 1, 1], picks=[B])
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.view(JAPAN)["us_carriers"][0]["side"] == "sunk"


def test_no_us_fiasco_makes_every_attack_on_a_us_fleet_regular() -> None:
    """KB › 10.b: without a US CAP the bombers are still assigned and only those ships fire."""
    state = strike(Variant(no_us_fiasco=True), us_fleet=(1, 1, 2))
    s = session(state, picks=[B])
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.stage == STRIKE
    state = strike(Variant(no_us_fiasco=True), us_fleet=(1, 2, 2))
    s = session(state, dice=[1, 6, 6, 6], picks=[B])  # one AA die, then 5-6 hits as usual
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_hits[0] == 2 and s.rng.remaining == 0  # type: ignore[attr-defined]


def test_no_us_fiasco_leaves_kido_butai_open_to_special_attacks() -> None:
    state = position(turn=T, found=True, reported=(True, False), variant=Variant(no_us_fiasco=True))
    s = session(state, dice=[1, 1, 1, 1, 4], picks=[0, D - 1, B])
    s.play(END)
    assert [d.hits for d in s.state.decks] == [2, 2, 0, 0]


@pytest.mark.parametrize(("die", "carrier"), [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 3)])
def test_random_targets_akagi_1_2_kaga_3_4_soryu_5_hiryu_6(die: int, carrier: int) -> None:
    """KB › 10.c."""
    state = position(
        turn=T,
        found=True,
        reported=(True, False),
        variant=Variant(random_targets=True),
        squadrons={"akagi-zero": on_cap(T)},
    )
    s = session(state, dice=[4, 1, die, 1, 1], picks=[0, D - 1, B])  # dive; miss; target; AA; bomb
    s.play(END)
    assert f"Dauntless attack {FORCES.japanese[carrier].title}" in _purposes(s)


def _purposes(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [r["purpose"] for e in s.log(JAPAN) for r in e.data.get("rolls", [])]


def test_random_targets_roll_again_for_a_sunk_carrier() -> None:
    gone = {n: GONE for n in ("akagi-zero", "akagi-b1", "akagi-b2", "akagi-b3")}
    state = position(
        turn=T,
        found=True,
        reported=(True, False),
        variant=Variant(random_targets=True),
        decks=decks(akagi=2),
        squadrons={"kaga-zero": on_cap(T), **gone},
    )
    s = session(state, dice=[4, 1, 2, 6, 1, 1], picks=[0, D - 1, B])  # target 2 (Akagi, sunk), then 6
    s.play(END)
    assert "Dauntless attack Hiryu" in _purposes(s)


def test_random_targets_in_a_special_attack_start_the_pips_at_the_rolled_carrier() -> None:
    state = position(turn=T, found=True, reported=(True, False), variant=Variant(random_targets=True))
    s = session(state, dice=[1, 1, 1, 1, 5, 2], picks=[0, D - 1, B])  # AA; target Soryu; two pips
    s.play(END)
    assert [d.hits for d in s.state.decks] == [0, 0, 2, 0]
