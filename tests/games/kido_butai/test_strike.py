"""KB › 6 Combat in the Japanese Phase: US CAP, anti-aircraft fire, bombing, the fleet pool."""

from __future__ import annotations

from midway_desktop.games.kido_butai.actions import JAPAN, AssignBombers, Attack
from midway_desktop.games.kido_butai.display import JAPANESE, STRIKE, Counters
from midway_desktop.games.kido_butai.squadrons import (
    BOMB,
    CENTRE,
    LOST,
    NE_CORNER,
    SE_CORNER,
    SOUTH,
    TORPEDO,
    WEST,
    Squadron,
)

from .helpers import END, FORCES, index, position, session, where

F = FORCES.fighter_pool.squadrons
TURN = 3


def at(corner: str, arm: str) -> Squadron:
    return Squadron(corner, SOUTH, arm, TURN - 1)


def midway_strike(names: tuple[str, ...], **fields):  # type: ignore[no-untyped-def]
    squadrons = {n: at(SE_CORNER, "" if "zero" in n else BOMB) for n in names}
    return position(turn=TURN, squadrons=squadrons, **fields)


def fleet_strike(names: tuple[str, ...], **fields):  # type: ignore[no-untyped-def]
    squadrons = {n: at(NE_CORNER, "" if "zero" in n else TORPEDO) for n in names}
    fields.setdefault("reported", (True, False))
    return position(turn=TURN, squadrons=squadrons, **fields)


def test_no_us_cap_then_midway_fires_once_and_is_hit_only_on_a_six() -> None:
    s = session(midway_strike(("akagi-b1", "akagi-b2", "akagi-b3")), dice=[4, 5, 5, 5], picks=[F])
    s.play(Attack(JAPAN, "midway"))
    assert s.state.midway_hits == 0  # fives do not hit Midway
    assert s.state.track[TURN + 3] == Counters(0, 0, 0, 1)  # the placeholder drawn, 3 turns ahead
    for n in ("akagi-b1", "akagi-b2", "akagi-b3"):
        assert s.state.squadrons[index(n)][:2] == (CENTRE, WEST)


def test_midway_aa_wards_off_one_bomber_on_five_or_six() -> None:
    s = session(midway_strike(("akagi-b1", "akagi-b2")), dice=[5, 6], picks=[F])
    s.play(Attack(JAPAN, "midway"))  # one bomber warded off, the other hits
    assert s.state.midway_hits == 1


def test_second_hit_destroys_midway_and_then_there_is_nothing_to_attack() -> None:
    s = session(midway_strike(("akagi-b1", "akagi-b2"), midway_hits=1), dice=[1, 6, 1], picks=[F])
    s.play(Attack(JAPAN, "midway"))
    assert s.state.midway_hits == 2
    s = session(midway_strike(("kaga-b1",), midway_hits=2))
    s.play(Attack(JAPAN, "midway"))  # no draw, no die: the strike turns for home
    assert where(s.state, "kaga-b1") == CENTRE


def test_us_cap_survivors_go_three_turns_ahead_and_come_back_to_the_pool() -> None:
    state = midway_strike(("akagi-zero", "akagi-b1"))
    s = session(state, dice=[1, 1, 1, 1, 1], picks=[0, 0, F - 2])  # two Buffalos, placeholder
    s.play(Attack(JAPAN, "midway"))
    assert s.state.track[TURN + 3] == Counters(0, 0, 2, 1)
    assert s.state.pools.buffalo == F - 2
    # When the turn marker reaches them they go back into the cup.
    later = position(turn=TURN + 2, pools=s.state.pools, track=s.state.track)
    s = session(later, dice=[1, 1])  # reconnaissance: nothing found
    s.play(END)
    assert s.state.turn == TURN + 3 and s.state.pools.buffalo == F and s.state.track[TURN + 3].total == 0


def test_a_placeholder_leaves_with_each_buffalo_shot_down() -> None:
    """KB › 6.a: from those drawn, else the pool, else the turn track."""
    zeros = ("akagi-zero", "kaga-zero", "soryu-zero", "hiryu-zero")
    # Two Buffalos then a placeholder; all four Zeros hit: both Buffalos shot down.
    s = session(midway_strike(zeros), dice=[1, 1, 5, 5, 5, 5], picks=[0, 0, F - 2])
    s.play(Attack(JAPAN, "midway"))
    removed = s.state.removed
    assert (removed.buffalo, removed.no_fighter) == (2, 2)  # the drawn placeholder and one from the pool
    assert s.state.pools.no_fighter == FORCES.fighter_pool.placeholders - 2
    assert s.state.track[TURN + 3].total == 0
    # With the cup out of placeholders the track gives one up.
    state = midway_strike(
        zeros,
        pools=Counters(0, 0, 1, 0),
        track=tuple(Counters(0, 0, 0, 1) if i == 5 else Counters() for i in range(21)),
    )
    s = session(state, dice=[1, 5, 1, 1, 1], picks=[0])
    s.play(Attack(JAPAN, "midway"))
    assert s.state.track[5].no_fighter == 0 and s.state.removed.no_fighter == 1


def test_fleet_pool_draw_forms_the_fleet_attacked_and_a_second_fleet() -> None:
    """KB › 6: one carrier drawn, the placeholder thrown in, drawing until it appears."""
    state = fleet_strike(("hiryu-zero",))
    s = session(state, dice=[], picks=[1, 2, F])  # Enterprise; then the placeholder; no US CAP
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_fleet == (2, 1, 2)  # Enterprise attacked; Yorktown and Hornet a second fleet
    assert s.view(JAPAN)["fleet_pool"]["carrier_placeholder"] == "removed"
    s = session(state, dice=[], picks=[0, 0, 0, F])  # Yorktown, Enterprise, Hornet: no placeholder left to draw
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_fleet == (1, 1, 1)


def test_no_us_cap_is_a_special_attack_on_the_fleet() -> None:
    """Clarifications to 6.c: every ship fires, then each bomber's pips are all hits."""
    state = fleet_strike(("hiryu-b1", "hiryu-b2", "soryu-b2"), us_fleet=(1, 1, 2))
    # No US CAP; Yorktown and Enterprise fire (a six wards one bomber off); pips 3 and 1.
    s = session(state, dice=[6, 2, 3, 1], picks=[F])
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_hits == (2, 2, 0)  # four hits: both carriers of the fleet sunk
    assert s.state.stage == JAPANESE


def test_special_attack_hits_go_to_the_ship_nearest_sinking() -> None:
    state = fleet_strike(("hiryu-b1",), us_fleet=(1, 1, 2), us_hits=(0, 1, 0))
    s = session(state, dice=[1, 1, 1], picks=[F])
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_hits == (0, 2, 0)


def test_a_us_cap_makes_it_a_regular_attack_with_bombers_assigned() -> None:
    state = fleet_strike(("hiryu-zero", "hiryu-b1", "hiryu-b2", "soryu-b2"), us_fleet=(1, 1, 2))
    # One Buffalo: it attacks the Zero (1), the Zero misses it (1).
    s = session(state, dice=[1, 1], picks=[0, F - 1])
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.stage == STRIKE
    assert "one number of bombers for each carrier" in s.check(AssignBombers(JAPAN, (3,)))
    assert "Assign all 3 bomber" in s.check(AssignBombers(JAPAN, (1, 1)))
    assert s.check(AssignBombers(JAPAN, (2, 1))) is None
    # AA: Yorktown misses (1), Enterprise wards off its bomber (5); Yorktown's two bomb: 5, 6.
    s.rng._dice.extend([1, 5, 5, 6])  # type: ignore[attr-defined]
    s.play(AssignBombers(JAPAN, (2, 1)))
    assert s.state.us_hits == (2, 0, 0) and s.state.stage == JAPANESE


def test_one_carrier_needs_no_assignment() -> None:
    state = fleet_strike(("hiryu-zero", "hiryu-b1"), us_fleet=(1, 2, 2))
    s = session(state, dice=[1, 1, 1, 5], picks=[0, F - 1])  # air combat 1, 1; AA 1; bomb 5
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_hits == (1, 0, 0) and s.state.stage == JAPANESE


def test_sinking_a_carrier_costs_the_us_squadrons_from_the_turn_track() -> None:
    """KB › 6.c: deck space lost and not matched by squadrons lost comes off the track,
    from the more numerous category."""
    track = [Counters()] * 21
    track[8] = Counters(3, 0, 1, 0)
    cap = FORCES.american[0].capacity
    paid = Counters(cap.full - cap.reduced, 0, 0, 0)  # the damage was already matched by losses
    state = fleet_strike(("hiryu-b1",), us_fleet=(1, 2, 2), us_hits=(1, 0, 0), track=tuple(track), removed=paid)
    s = session(state, dice=[1, 6], picks=[F])  # special attack: AA 1; six pips
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.us_hits[0] == 2
    assert cap.reduced == 2  # so two squadrons come off: Dauntless (3 to 1), Dauntless (2 to 1)
    assert s.state.track[8] == Counters(1, 0, 1, 0)
    assert s.state.removed.squadrons == paid.squadrons + 2


def test_a_tie_between_categories_is_decided_by_a_die() -> None:
    track = [Counters()] * 21
    track[8] = Counters(1, 0, 1, 0)
    cap = FORCES.american[0].capacity
    paid = Counters(cap.full - cap.reduced, 0, 0, 0)
    state = fleet_strike(("hiryu-b1",), us_fleet=(1, 2, 2), us_hits=(1, 0, 0), track=tuple(track), removed=paid)
    s = session(state, dice=[1, 6, 5], picks=[F])  # ... and a five: a Buffalo goes first
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.track[8] == Counters()
    assert "Tie" in " ".join(e.text for e in s.log(JAPAN))


def test_debt_waits_for_counters_on_the_track() -> None:
    state = fleet_strike(("hiryu-b1",), us_fleet=(1, 2, 2), us_hits=(1, 0, 0))
    s = session(state, dice=[1, 6], picks=[F])
    s.play(Attack(JAPAN, "fleet-1"))
    assert s.state.removed.squadrons == 0  # nothing on the track yet
    view = s.view("umpire")
    assert view["us_squadrons_left"] > view["us_capacity"]


def test_a_fighter_sweep_meets_the_us_cap() -> None:
    s = session(midway_strike(("akagi-zero",)), dice=[6, 1], picks=[0, F - 1])
    s.play(Attack(JAPAN, "midway"))
    assert where(s.state, "akagi-zero") == LOST and s.state.midway_hits == 0
