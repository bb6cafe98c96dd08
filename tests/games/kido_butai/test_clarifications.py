"""One test for each paragraph of the rulebook's Clarifications."""

from __future__ import annotations

from midway_desktop.games.kido_butai.actions import JAPAN, AssignBombers, Attack, Destroy, Intercept, Launch
from midway_desktop.games.kido_butai.display import INTERCEPT, STRIKE
from midway_desktop.games.kido_butai.squadrons import CENTRE, EAST, LOST, NE_CORNER, SOUTH, TORPEDO, Squadron, low_cap

from .helpers import END, FORCES, index, on_cap, position, seeded, session, where

D = FORCES.bomber_pool.squadrons
B = FORCES.fighter_pool.squadrons
T = 4


def test_to_6_torpedo_bombers_may_not_launch_before_a_us_fleet_is_sighted() -> None:
    state = position(squadrons={"hiryu-b1": Squadron("hiryu", EAST, TORPEDO)})
    why = seeded(state).check(Launch(JAPAN, ("hiryu-b1",), CENTRE))
    assert why is not None and "sighted" in why
    assert seeded(state._replace(reported=(True, False))).check(Launch(JAPAN, ("hiryu-b1",), CENTRE)) is None


def test_to_6c_no_cap_at_all_means_every_ship_fires_and_all_pips_hit() -> None:
    """The Japanese strike meets no US CAP: a special attack on the fleet."""
    arrived = {n: Squadron(NE_CORNER, SOUTH, TORPEDO, T - 1) for n in ("hiryu-b1", "hiryu-b2")}
    state = position(turn=T, reported=(True, False), us_fleet=(1, 1, 1), squadrons=arrived)
    s = session(state, dice=[1, 1, 5, 3], picks=[B])  # three ships fire (a five: one bomber off); pips 3
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_hits == (2, 1, 0)  # three hits: one carrier sunk, the next damaged
    rolls = [r for e in s.log(JAPAN) for r in e.data.get("rolls", [])]
    assert len(next(r for r in rolls if "every ship" in r["purpose"])["dice"]) == 3


def test_to_6c_low_cap_against_dive_bombers_is_no_cap_at_all() -> None:
    state = position(turn=T, found=True, reported=(True, False), squadrons={"akagi-zero": on_cap(T - 1, low=T - 1)})
    s = session(state, dice=[5, 1, 1, 1, 1, 2], picks=[0, D - 1, B])  # dive; four carriers fire; pips 2
    s.play(END)
    assert s.state.decks[0].hits == 2  # Akagi sunk by one unopposed dive bomber's two pips


def test_to_6c_low_cap_still_fights_torpedo_bombers_a_regular_attack() -> None:
    state = position(turn=T, found=True, reported=(True, False), squadrons={"akagi-zero": on_cap(T - 1, low=T - 1)})
    s = session(state, dice=[1, 1, 1, 5], picks=[0, D - 1, B])  # torpedo; Zero misses; AA Akagi; bomb 5
    s.play(END)
    assert s.state.stage == INTERCEPT
    s.play(Intercept(JAPAN, ("akagi-zero",)))
    assert [d.hits for d in s.state.decks] == [1, 0, 0, 0]  # one regular hit, not a special attack


def test_to_6c_in_a_regular_attack_only_the_ships_attacked_fire() -> None:
    arrived = {n: Squadron(NE_CORNER, SOUTH, TORPEDO, T - 1) for n in ("hiryu-b1", "hiryu-b2")}
    arrived["hiryu-zero"] = Squadron(NE_CORNER, SOUTH, "", T - 1)
    state = position(turn=T, reported=(True, False), us_fleet=(1, 1, 1), squadrons=arrived)
    s = session(state, dice=[1, 1], picks=[0, B - 1])  # one Buffalo: a CAP, so a regular attack
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.stage == STRIKE
    s.rng._dice.extend([1, 1, 1])  # type: ignore[attr-defined]  # one AA die (Yorktown), two bombs
    s.play(AssignBombers(JAPAN, (2, 0, 0)))
    assert s.rng.remaining == 0  # type: ignore[attr-defined]


def test_to_7_fighting_the_escort_of_torpedo_bombers_also_makes_the_cap_low() -> None:
    # One CAP squadron, two escorts and a torpedo bomber: the Zero takes an escort, never the bomber.
    state = position(turn=T, found=True, reported=(True, False), squadrons={"akagi-zero": on_cap(T)})
    s = session(state, dice=[1, 1, 1, 1, 1, 1], picks=[0, D - 1, 0, 0, B - 2])
    s.play(END)
    s.play(Intercept(JAPAN, ("akagi-zero",)))
    assert low_cap(s.state.squadrons[index("akagi-zero")], T)


def test_to_7_low_cap_cannot_fight_escorts_but_can_be_shot_down_and_is_kept_from_the_bombers() -> None:
    state = position(turn=T, found=True, reported=(True, False), squadrons={"akagi-zero": on_cap(T - 1, low=T - 1)})
    # torpedo (1); the escort rolls a six; the low Zero rolls nothing; AA Akagi (1); bomb (1).
    s = session(state, dice=[1, 6, 1, 1], picks=[0, D - 1, 0, B - 1])
    s.play(END)
    s.play(Intercept(JAPAN, ("akagi-zero",)))
    assert where(s.state, "akagi-zero") == LOST
    assert s.state.removed.buffalo == 0 and s.rng.remaining == 0  # type: ignore[attr-defined]


def test_to_8_night_landings_are_for_the_japanese_only() -> None:
    state = position(turn=15, squadrons={"akagi-zero": on_cap(14)})
    s = session(state, dice=[1, 1, 6])
    s.play(END)
    assert where(s.state, "akagi-zero") == LOST
    assert s.state.removed.squadrons == 0


def test_you_may_destroy_your_own_units_at_any_time() -> None:
    s = seeded(position(turn=3))
    s.play(Destroy(JAPAN, ("kaga", "hiryu-zero")))
    assert s.state.decks[1].hits == 2 and where(s.state, "kaga-b2") == LOST and where(s.state, "hiryu-zero") == LOST
