"""KB › 5 The American Phase and KB › 7 Combat in the American Phase."""

from __future__ import annotations

from midway_desktop.games.kido_butai.actions import JAPAN, Intercept
from midway_desktop.games.kido_butai.display import INTERCEPT, JAPANESE, Counters
from midway_desktop.games.kido_butai.squadrons import GONE, LOST, low_cap

from .helpers import END, FORCES, decks, index, on_cap, position, session, where

D = FORCES.bomber_pool.squadrons
B = FORCES.fighter_pool.squadrons
T = 4  # a turn late enough for American attacks; reconnaissance is over in these positions


def found(**fields):  # type: ignore[no-untyped-def]
    fields.setdefault("turn", T)
    return position(found=True, reported=(True, False), **fields)


def test_no_american_attack_before_the_third_turn_or_before_kido_butai_is_found() -> None:
    s = session(position(turn=1, found=True, reported=(True, False)))  # no draws asked for
    s.play(END)
    assert s.state.turn == 2
    s = session(position(turn=T, reported=(True, False)), dice=[1])  # not found: only the US search
    s.play(END)
    assert s.state.turn == T + 1


def test_a_placeholder_first_means_no_attack_and_goes_five_turns_ahead() -> None:
    s = session(found(), picks=[D])
    s.play(END)
    assert s.state.track[T + 5] == Counters(0, 1, 0, 0)
    assert s.state.pools == Counters(D, FORCES.bomber_pool.placeholders - 1, B, FORCES.fighter_pool.placeholders)


def test_bombers_are_drawn_until_a_placeholder_then_escorts_the_same_way() -> None:
    # Three Dauntless, placeholder; one Buffalo, placeholder. No CAP: a special attack.
    picks = [0, 0, 0, D - 3, 0, B - 1]
    s = session(found(), dice=[1, 1, 1, 1, 1, 1, 1], picks=picks)  # AA (4) and three bombers' pips: 1 each
    s.play(END)
    assert s.state.track[T + 5] == Counters(3, 1, 1, 1)
    assert [d.hits for d in s.state.decks] == [2, 1, 0, 0]  # 3 pips: Akagi sunk, Kaga damaged


def test_without_a_cap_there_is_no_torpedo_or_dive_roll() -> None:
    s = session(found(), dice=[1, 1, 1, 1, 2], picks=[0, D - 1, B])  # AA four dice, then pips
    s.play(END)
    assert s.state.stage == JAPANESE and [d.hits for d in s.state.decks] == [2, 0, 0, 0]


def test_torpedo_bombers_wait_for_the_cap_to_choose_interceptors() -> None:
    state = found(squadrons={"akagi-zero": on_cap(T), "kaga-zero": on_cap(T)})
    s = session(state, dice=[3], picks=[0, D - 1, B])
    s.play(END)
    assert s.state.stage == INTERCEPT
    legal = s.legal_actions(JAPAN)
    assert {a.squadrons for a in legal} == {(), ("akagi-zero",), ("kaga-zero",), ("akagi-zero", "kaga-zero")}
    assert "only the CAP can intercept" in s.check(Intercept(JAPAN, ("soryu-zero",)))


def test_not_every_cap_squadron_has_to_intercept_torpedo_bombers() -> None:
    state = found(squadrons={"akagi-zero": on_cap(T), "kaga-zero": on_cap(T)})
    s = session(state, dice=[3, 4], picks=[0, D - 1, B])  # torpedo; the Zero wards it off
    s.play(END)
    s.play(Intercept(JAPAN, ("akagi-zero",)))
    assert low_cap(s.state.squadrons[index("akagi-zero")], T)
    assert not low_cap(s.state.squadrons[index("kaga-zero")], T)


def test_low_cap_lasts_through_the_next_turn() -> None:
    sq = on_cap(T, low=T)
    assert [low_cap(sq, t) for t in (T, T + 1, T + 2)] == [True, True, False]


def test_dive_bombers_meet_the_full_height_cap_without_a_choice() -> None:
    state = found(squadrons={"akagi-zero": on_cap(T)})
    s = session(state, dice=[4, 5], picks=[0, D - 1, B])  # dive; the Zero shoots it down
    s.play(END)
    assert s.state.stage == JAPANESE and s.state.turn == T + 1
    assert s.state.removed.dauntless == 1 and s.state.removed.no_bomber == 1  # its placeholder too
    assert not low_cap(s.state.squadrons[index("akagi-zero")], T)  # dive bombers do not make it low


def test_declining_to_intercept_invites_a_special_attack() -> None:
    state = found(squadrons={"akagi-zero": on_cap(T)})
    s = session(state, dice=[1, 1, 1, 1, 1, 4], picks=[0, D - 1, B])
    s.play(END)
    s.play(Intercept(JAPAN, ()))
    assert [d.hits for d in s.state.decks] == [2, 2, 0, 0]  # four pips: Akagi and Kaga sunk


def test_regular_attack_targets_akagi_kaga_soryu_hiryu_in_turn() -> None:
    """KB › 7: the first bomber past the CAP attacks Akagi, the second Kaga ... the fifth Akagi."""
    state = found(squadrons={"akagi-zero": on_cap(T)})
    picks = [0, 0, 0, 0, 0, 0, D - 6, B]  # six Dauntless
    # dive (4); the Zero misses (1); AA for the four carriers attacked (1s); then the bombs:
    # Akagi 5 and 5 (sunk), Kaga 1 and 1, Soryu 6 (damaged: a tie aboard, a die), Hiryu 1.
    s = session(state, dice=[4, 1, 1, 1, 1, 1, 5, 5, 1, 1, 6, 1, 1], picks=picks)
    s.play(END)
    assert [d.hits for d in s.state.decks] == [2, 0, 1, 0]


def test_sunk_carriers_are_skipped_in_the_order() -> None:
    state = found(
        decks=decks(akagi=2),
        squadrons={"kaga-zero": on_cap(T), **{n: GONE for n in ("akagi-zero", "akagi-b1", "akagi-b2", "akagi-b3")}},
    )
    s = session(state, dice=[4, 1, 1, 5], picks=[0, D - 1, B])  # dive; miss; AA Kaga 1; bomb 5
    s.play(END)
    assert [d.hits for d in s.state.decks] == [2, 1, 0, 0]


def test_japanese_anti_aircraft_fire_hits_only_on_a_six() -> None:
    state = found(squadrons={"akagi-zero": on_cap(T)})
    s = session(state, dice=[4, 1, 5, 5], picks=[0, D - 1, B])  # a five does not ward off
    s.play(END)
    assert s.state.decks[0].hits == 1
    s = session(state, dice=[4, 1, 6], picks=[0, D - 1, B])  # a six does
    s.play(END)
    assert s.state.decks[0].hits == 0


def test_squadrons_aboard_a_sunk_carrier_are_lost() -> None:
    state = found(decks=decks(soryu=1), squadrons={"akagi-zero": on_cap(T)})
    picks = [0, 0, 0, D - 3, B]
    # dive; Zero misses; AA Akagi, Kaga, Soryu 1; bombs Akagi 1, Kaga 1, Soryu 5: sunk.
    s = session(state, dice=[4, 1, 1, 1, 1, 1, 1, 5], picks=picks)
    s.play(END)
    assert all(where(s.state, n) == LOST for n in ("soryu-zero", "soryu-b1", "soryu-b2"))


def test_damage_loses_only_the_squadrons_above_the_reduced_capacity() -> None:
    """KB › 7: from the more numerous category first."""
    state = found(squadrons={"hiryu-zero": on_cap(T)})
    reduced = FORCES.japanese[0].capacity.reduced
    s = session(state, dice=[4, 1, 1, 5], picks=[0, D - 1, B])  # Akagi damaged
    s.play(END)
    aboard = [n for n in ("akagi-zero", "akagi-b1", "akagi-b2", "akagi-b3") if where(s.state, n) == "akagi"]
    assert len(aboard) == reduced
    assert "akagi-zero" in aboard  # three bombers to one fighter: bombers go first


def test_a_tie_of_categories_aboard_is_decided_by_a_die() -> None:
    """KB › 7: a tie between bombers and fighters aboard is decided by a die (1-3 a bomber)."""
    assert FORCES.japanese[2].capacity.reduced == 1
    # Soryu with one Zero and one bomber left and a reduced side of one.
    state = found(squadrons={"hiryu-zero": on_cap(T), "soryu-b1": GONE})
    picks = [0, 0, 0, D - 3, B]
    s = session(state, dice=[4, 1, 1, 1, 1, 1, 1, 5, 2], picks=picks)  # Soryu hit; tie die 2: a bomber
    s.play(END)
    assert where(s.state, "soryu-b2") == LOST and where(s.state, "soryu-zero") == "soryu"


def test_survivors_go_five_turns_ahead() -> None:
    state = found(squadrons={"akagi-zero": on_cap(T)})
    s = session(state, dice=[4, 3, 1, 1, 1], picks=[0, D - 1, 0, B - 1])  # dive, escorted; all miss
    s.play(END)
    assert s.state.track[T + 5] == Counters(1, 1, 1, 1)
