"""KB › 1 Setup and KB › 3 The Japanese Phase: each rule, and each refusal in the rule's words."""

from __future__ import annotations

import pytest

from midway_desktop.engine.session import IllegalAction, Session
from midway_desktop.games.kido_butai.actions import (
    JAPAN,
    Arm,
    Attack,
    Destroy,
    EndPhase,
    Land,
    Launch,
    Move,
    Ready,
)
from midway_desktop.games.kido_butai.display import JAPANESE, OVER, SETUP
from midway_desktop.games.kido_butai.rules import RULES
from midway_desktop.games.kido_butai.squadrons import (
    BOMB,
    CAP,
    CENTRE,
    EAST,
    GONE,
    LOST,
    NE_CORNER,
    NORTH,
    SE_CORNER,
    SOUTH,
    TORPEDO,
    WEST,
    Squadron,
    facing,
    must_land,
)
from midway_desktop.games.kido_butai.victory import score

from .helpers import END, FORCES, decks, in_centre, index, on_cap, orders, position, seeded, session, where


def refusal(s: Session, action) -> str:  # type: ignore[no-untyped-def]
    why = s.check(action)
    assert why is not None, f"{action} should be refused"
    return why


# -- KB › 1 Setup -------------------------------------------------------------------------------
def test_setup_puts_every_squadron_aboard_its_carrier_pointing_east() -> None:
    s = Session.start(RULES, seed=1)
    assert s.state.stage == SETUP and s.state.time == "0430"
    for spec, sq in zip(FORCES.squadrons, s.state.squadrons):
        assert sq.where == spec.home and sq.facing == EAST
    assert all(d.hits == 0 for d in s.state.decks) and s.state.midway_hits == 0
    assert s.state.pools.dauntless == FORCES.bomber_pool.squadrons
    assert s.state.pools.no_fighter == FORCES.fighter_pool.placeholders
    assert s.state.us_fleet == (0, 0, 0)  # the three carriers in the fleet pool, placeholder aside
    assert s.view(JAPAN)["fleet_pool"] == {
        "carriers": ["yorktown", "enterprise", "hornet"],
        "carrier_placeholder": "set aside",
    }


def test_bombers_take_either_side_at_set_up_fighters_do_not() -> None:
    s = Session.start(RULES, seed=1)
    s.play(Arm(JAPAN, ("kaga-b1", "hiryu-b2"), TORPEDO))
    assert s.state.squadrons[index("kaga-b1")].arm == TORPEDO
    s.play(Arm(JAPAN, ("kaga-b1",), BOMB))
    assert s.state.squadrons[index("kaga-b1")].arm == BOMB
    assert "only bombers" in refusal(s, Arm(JAPAN, ("kaga-zero",), TORPEDO))
    assert "not possible now" in refusal(s, Launch(JAPAN, ("kaga-b1",), CENTRE))
    s.play(END)
    assert s.state.stage == JAPANESE
    assert "not possible now" in refusal(s, Arm(JAPAN, ("kaga-b1",), TORPEDO))


# -- launching -----------------------------------------------------------------------------------
def test_ready_squadrons_launch_fighters_alone_to_cap() -> None:
    s = seeded(position())
    s.play(Launch(JAPAN, ("akagi-zero",), CAP))
    s.play(Launch(JAPAN, ("akagi-b1",), CENTRE))
    assert where(s.state, "akagi-zero") == CAP and where(s.state, "akagi-b1") == CENTRE
    assert "only fighter squadrons may fly combat air patrol" in refusal(s, Launch(JAPAN, ("kaga-b1",), CAP))
    assert "CAP box or to the centre" in refusal(s, Launch(JAPAN, ("kaga-b1",), SE_CORNER))


def test_only_squadrons_made_ready_launch() -> None:
    s = seeded(position(squadrons={"kaga-b1": Squadron("kaga", NORTH, BOMB, -1)}))
    assert "only squadrons made ready (oriented east) may launch" in refusal(s, Launch(JAPAN, ("kaga-b1",), CENTRE))


def test_torpedo_bombers_wait_for_a_sighting() -> None:
    """Clarifications to 6: torpedo bombers may not launch before a US fleet is sighted."""
    torpedo = Squadron("hiryu", EAST, TORPEDO)
    s = seeded(position(squadrons={"hiryu-b1": torpedo}))
    assert "before an American fleet has been sighted" in refusal(s, Launch(JAPAN, ("hiryu-b1",), CENTRE))
    s = seeded(position(squadrons={"hiryu-b1": torpedo}, reported=(True, False)))
    s.play(Launch(JAPAN, ("hiryu-b1",), CENTRE))


def test_one_action_per_squadron_per_turn() -> None:
    s = seeded(position())
    s.play(Launch(JAPAN, ("akagi-b1",), CENTRE))
    assert "one action per turn" in refusal(s, Move(JAPAN, ("akagi-b1",), SE_CORNER))
    assert "one action per turn" in refusal(s, Land(JAPAN, ("akagi-b1",), "kaga"))


def test_a_carrier_launches_or_lands_not_both() -> None:
    state = position(turn=3, squadrons={"kaga-b1": in_centre(WEST, BOMB, 2)})
    s = seeded(state)
    s.play(Launch(JAPAN, ("kaga-zero",), CAP))
    assert "launched squadrons this turn" in refusal(s, Land(JAPAN, ("kaga-b1",), "kaga"))
    s = seeded(state)
    s.play(Land(JAPAN, ("kaga-b1",), "kaga"))
    assert "took squadrons aboard this turn" in refusal(s, Launch(JAPAN, ("kaga-zero",), CAP))


# -- moving and attacking ----------------------------------------------------------------------
def test_move_from_the_centre_to_a_target_corner() -> None:
    state = position(
        turn=1,
        squadrons={
            "akagi-b1": in_centre(EAST, BOMB, 0),
            "hiryu-b1": in_centre(EAST, TORPEDO, 0),
            "kaga-b1": in_centre(WEST, BOMB, 0),
            "kaga-zero": in_centre(EAST, "", 0),
        },
    )
    s = seeded(state)
    assert "only bombers on their torpedo side can attack an aircraft carrier" in refusal(
        s, Move(JAPAN, ("akagi-b1",), NE_CORNER)
    ) or "once it has been reported" in refusal(s, Move(JAPAN, ("akagi-b1",), NE_CORNER))
    assert "once it has been reported" in refusal(s, Move(JAPAN, ("kaga-zero",), NE_CORNER))
    assert "only bombers on their bomb side can attack the Midway base" in refusal(
        s, Move(JAPAN, ("hiryu-b1",), SE_CORNER)
    )
    assert "must land" in refusal(s, Move(JAPAN, ("kaga-b1",), SE_CORNER))
    assert "not in the centre" in refusal(s, Move(JAPAN, ("soryu-b1",), SE_CORNER))
    s.play(Move(JAPAN, ("akagi-b1", "kaga-zero"), SE_CORNER))
    assert facing(s.state.squadrons[index("akagi-b1")], 1) == SOUTH
    s = seeded(state._replace(reported=(True, False)))
    assert "only bombers on their torpedo side" in refusal(s, Move(JAPAN, ("akagi-b1",), NE_CORNER))
    s.play(Move(JAPAN, ("hiryu-b1", "kaga-zero"), NE_CORNER))


def test_squadrons_attack_the_turn_after_they_reach_the_target() -> None:
    state = position(turn=1, squadrons={"akagi-b1": in_centre(EAST, BOMB, 0)})
    s = seeded(state)
    s.play(Move(JAPAN, ("akagi-b1",), SE_CORNER))
    assert "can attack this turn" in refusal(s, Attack(JAPAN, "midway"))
    assert "Attack Midway, the first US fleet" in refusal(s, Attack(JAPAN, "pearl-harbor"))
    arrived = Squadron(SE_CORNER, SOUTH, BOMB, 1)
    s = session(
        position(turn=2, squadrons={"akagi-b1": arrived}), dice=[1, 1], picks=[0 + FORCES.fighter_pool.squadrons]
    )
    s.play(Attack(JAPAN, "midway"))  # no US CAP; AA 1; bomb 1
    sq = s.state.squadrons[index("akagi-b1")]
    assert (sq.where, sq.facing) == (CENTRE, WEST)


def test_a_fleet_is_attacked_only_once_reported() -> None:
    arrived = Squadron(NE_CORNER, SOUTH, TORPEDO, 1)
    s = seeded(position(turn=2, squadrons={"hiryu-b1": arrived}))
    assert "once it has been reported" in refusal(s, Attack(JAPAN, "fleet-1"))
    s = seeded(position(turn=2, squadrons={"hiryu-b1": arrived}, reported=(True, False), us_fleet=(1, 2, 2)))
    assert "second US fleet has not been found" in refusal(s, Attack(JAPAN, "fleet-2"))


# -- landing ----------------------------------------------------------------------------------
def test_land_from_the_centre_or_cap_within_capacity() -> None:
    state = position(
        turn=4,
        squadrons={
            "akagi-b1": in_centre(WEST, BOMB, 3),
            "akagi-b2": in_centre(WEST, BOMB, 3),
            "akagi-zero": on_cap(1),
        },
    )
    s = seeded(state)
    assert "Kaga has no room left" in refusal(s, Land(JAPAN, ("akagi-b1",), "kaga"))
    s.play(Land(JAPAN, ("akagi-b1", "akagi-b2", "akagi-zero"), "akagi"))
    assert all(s.state.squadrons[index(n)].facing == NORTH for n in ("akagi-b1", "akagi-b2", "akagi-zero"))
    assert "only from the centre of the map or the CAP box" in refusal(s, Land(JAPAN, ("kaga-b1",), "soryu"))


def test_capacity_comes_from_the_counters_side_up() -> None:
    state = position(
        turn=4,
        decks=decks(kaga=1),
        squadrons={"kaga-b1": in_centre(WEST, BOMB, 3), "kaga-b2": in_centre(WEST, BOMB, 3), "kaga-b3": GONE},
    )
    s = seeded(state)  # aboard: kaga-zero; reduced side holds two
    assert "reduced side" in refusal(s, Land(JAPAN, ("kaga-b1", "kaga-b2"), "kaga"))
    s.play(Land(JAPAN, ("kaga-b1",), "kaga"))
    s = seeded(state._replace(decks=decks(kaga=2)))
    assert "has been sunk" in refusal(s, Land(JAPAN, ("kaga-b1",), "kaga"))


# -- readying ---------------------------------------------------------------------------------
def test_ready_turns_squadrons_east_and_may_flip_bombers() -> None:
    state = position(
        turn=4, squadrons={"kaga-b1": Squadron("kaga", NORTH, BOMB, 3), "kaga-zero": Squadron("kaga", NORTH, "", 3)}
    )
    s = seeded(state)
    s.play(Ready(JAPAN, ("kaga-b1", "kaga-zero"), TORPEDO))
    assert s.state.squadrons[index("kaga-b1")][:3] == ("kaga", EAST, TORPEDO)
    assert s.state.squadrons[index("kaga-zero")][:3] == ("kaga", EAST, "")  # fighters carry neither
    assert "already ready" in refusal(s, Ready(JAPAN, ("soryu-zero",)))
    s.play(Ready(JAPAN, ("soryu-b1",), TORPEDO))  # a ready bomber may be re-armed ...
    assert "one action per turn" in refusal(s, Launch(JAPAN, ("soryu-b1",), CENTRE))  # ... and waits
    on_patrol = seeded(position(turn=2, squadrons={"akagi-zero": on_cap(0)}))
    assert "not aboard a carrier" in refusal(on_patrol, Ready(JAPAN, ("akagi-zero",)))


# -- the CAP turns, west-facing squadrons must land ------------------------------------------------
def test_cap_turns_clockwise_each_turn_and_must_land_in_its_fourth() -> None:
    sq = on_cap(2)
    assert [facing(sq, t) for t in (2, 3, 4, 5)] == [EAST, SOUTH, WEST, WEST]
    assert [must_land(sq, t) for t in (2, 3, 4, 5)] == [False, False, False, True]


def test_squadrons_pointing_west_must_land_if_they_can() -> None:
    state = position(
        turn=5,
        squadrons={"akagi-zero": on_cap(2), "kaga-b1": in_centre(WEST, BOMB, 4), "kaga-b2": in_centre(WEST, BOMB, 5)},
    )
    s = seeded(state)
    assert "must land" in refusal(s, END)
    s.play(Land(JAPAN, ("akagi-zero",), "akagi"))
    assert "Kaga bomber 1 was oriented west at the start of the turn and must land" in refusal(s, END)
    s.play(Land(JAPAN, ("kaga-b1",), "kaga"))
    s.play(END)  # kaga-b2 attacked this turn: it lands next turn
    assert where(s.state, "kaga-b2") == CENTRE


def test_squadrons_that_cannot_land_are_destroyed() -> None:
    # Every carrier launched this turn: the west-facing squadron has nowhere to land.
    state = position(turn=5, found=False, squadrons={"kaga-b1": in_centre(WEST, BOMB, 4)})
    s = session(state, dice=[1, 1])
    s.play(orders(("launch", "cap", "akagi-zero", "kaga-zero", "soryu-zero", "hiryu-zero"), ("end", "")))
    assert where(s.state, "kaga-b1") == LOST
    assert "could not land" in " ".join(e.text for e in s.log(JAPAN))


# -- destroying your own units (Clarifications) -------------------------------------------------
def test_you_may_destroy_your_own_squadrons_and_carriers() -> None:
    s = seeded(position())
    s.play(Destroy(JAPAN, ("hiryu-zero",)))
    assert where(s.state, "hiryu-zero") == LOST
    s.play(Destroy(JAPAN, ("soryu",)))
    assert s.state.decks[2].hits == 2 and where(s.state, "soryu-b1") == LOST
    sc = score(FORCES, s.state)
    assert sc.usa == 2 + 1  # Soryu sunk, and four squadrons lost: two pairs, one point
    assert "already been destroyed" in refusal(s, Destroy(JAPAN, ("hiryu-zero",)))
    assert "no Japanese squadron or carrier" in refusal(s, Destroy(JAPAN, ("yorktown",)))


# -- orders: several steps, all or none --------------------------------------------------------
def test_orders_are_checked_as_a_whole() -> None:
    s = seeded(position())
    bad = orders(("launch", "centre", "akagi-b1"), ("move", "se-corner", "akagi-b1"))
    assert "Order 2 (Fly Akagi bomber 1 to the southeast corner)" in refusal(s, bad)
    before = s.state
    assert s.submit(bad).refusal and s.state is before
    good = orders(("launch", "centre", "akagi-b1"), ("launch", "cap", "kaga-zero"))
    s.play(good)
    assert where(s.state, "akagi-b1") == CENTRE and where(s.state, "kaga-zero") == CAP


def test_luck_that_decides_what_follows_must_come_last() -> None:
    s = seeded(position(turn=3, found=False))
    assert "must be the last order" in refusal(s, orders(("end", ""), ("launch", "cap", "akagi-zero")))
    arrived = Squadron(NE_CORNER, SOUTH, TORPEDO, 2)
    s = seeded(position(turn=3, reported=(True, False), squadrons={"hiryu-b1": arrived}))
    assert "must be the last order" in refusal(s, orders(("attack", "fleet-1"), ("launch", "cap", "akagi-zero")))
    assert s.check(orders(("launch", "cap", "akagi-zero"), ("attack", "fleet-1"))) is None


def test_set_up_and_first_orders_in_one_go() -> None:
    s = seeded(position(stage=SETUP))
    s.play(orders(("arm", "torpedo", "hiryu-b1"), ("end", ""), ("launch", "centre", "akagi-b1"), ("end", "")))
    assert s.state.turn == 1 and where(s.state, "akagi-b1") == CENTRE


def test_each_refusal_is_a_plain_sentence_citing_its_rule() -> None:
    s = seeded(position())
    for action in (
        Launch(JAPAN, ("kaga-b1",), CAP),
        Launch(JAPAN, ("kaga-b1",), SE_CORNER),
        Move(JAPAN, ("kaga-b1",), SE_CORNER),
        Move(JAPAN, ("kaga-b1",), NE_CORNER),
        Ready(JAPAN, ("kaga-b1",)),
    ):
        why = refusal(s, action)
        assert why.endswith(").") and "(KB › " in why
    for action in (Launch(JAPAN, ("nagato",), CENTRE), Land(JAPAN, ("kaga-b1",), "zuikaku"), orders()):
        assert refusal(s, action).endswith(".")


def test_the_game_lasts_sixteen_turns() -> None:
    s = seeded(position(turn=15, found=False), seed=3)
    s.play(END)
    assert s.state.stage == OVER and s.outcome() is not None
    assert "The game is over." in refusal(s, END) or s.check(END) == "The game is over."


def test_unknown_names_are_refused() -> None:
    s = seeded(position())
    assert "no squadron called 'nagato'" in refusal(s, Launch(JAPAN, ("nagato",), CENTRE))
    assert "named twice" in refusal(s, Launch(JAPAN, ("akagi-b1", "akagi-b1"), CENTRE))
    assert "verb, an argument" in refusal(s, orders(("end",)))
    with pytest.raises(IllegalAction):
        s.play(EndPhase("usa"))
