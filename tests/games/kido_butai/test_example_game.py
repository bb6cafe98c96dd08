"""KB › 9 Example Game, 0430 to 0830, replayed move for move with the rulebook's dice.

Where the text gives a die it is used as given; where it only says what happened ("again
not told of a US fleet", "the attacker is a torpedo bomber") a die that does that is
chosen. Draws from the cups pick a squadron (index 0) or a placeholder (index = squadrons
left in the cup, since a cup lists its squadrons first).
"""

from __future__ import annotations

from midway_desktop.engine.session import Session
from midway_desktop.games.kido_butai.actions import JAPAN, Arm, Attack, Intercept, Land, Launch, Move, Ready
from midway_desktop.games.kido_butai.display import INTERCEPT, JAPANESE, Counters
from midway_desktop.games.kido_butai.rules import RULES
from midway_desktop.games.kido_butai.squadrons import (
    BOMB,
    CAP,
    CENTRE,
    LOST,
    NORTH,
    SE_CORNER,
    TORPEDO,
    facing,
    low_cap,
)

from .helpers import END, FORCES, IDS, index, placeholder_pick

BOMB_STRIKE = ("akagi-b1", "akagi-b2", "kaga-b1", "kaga-b2", "soryu-b1")
ESCORTS = ("soryu-zero", "hiryu-zero")
TORPEDO_RESERVE = ("akagi-b3", "kaga-b3", "soryu-b2", "hiryu-b1", "hiryu-b2")
ATTACK_GROUP = BOMB_STRIKE + ESCORTS

D = FORCES.bomber_pool.squadrons  # Dauntless in the bomber pool at the start
B = FORCES.fighter_pool.squadrons  # Buffalos in the fighter pool at the start

DICE = [
    3, 5,  # 0430 reconnaissance: a three for the Americans, a five for the Japanese
    6, 2,  # 0530: a six finds Kido Butai; Chuichi is again not told of a US fleet
    3, 2, 5,  # 0630 air combat over Midway: three for the Buffalo, two and five for the Zeros
    6,  # Midway's anti-aircraft fire wards off one bomber
    1, 1, 4, 6,  # the four others bomb: Midway is damaged
    6,  # 0630 reconnaissance (Japanese only): an American fleet is reported
    2,  # torpedo or dive bombers? two: torpedo bombers
    4,  # the CAP fires: four, the bomber is warded off
    1,  # 0730: torpedo bombers again
    5,  # the CAP shoots the bomber down
    5,  # 0830: five, dive bombers
    3, 6, 2, 1,  # anti-aircraft fire of all four carriers: one six
    6,  # the last dive bomber: all pips count as hits
]  # fmt: skip

PICKS = [
    0, placeholder_pick(B - 1),  # 0630 US CAP over Midway: one Buffalo, then a placeholder
    0, placeholder_pick(D - 1),  # 0630 American phase: one Dauntless, then a placeholder
    placeholder_pick(B - 1),  # no escort
    0, placeholder_pick(D - 2),  # 0730: one Dauntless, then a placeholder
    placeholder_pick(B - 1),  # no escort
    0, 0, placeholder_pick(D - 4),  # 0830: two Dauntless, then a placeholder
    placeholder_pick(B - 1),  # no escort
]  # fmt: skip


def sq(session: Session, name: str):  # type: ignore[no-untyped-def]
    return session.state.squadrons[index(name)]


def test_the_pools_hold_what_the_example_draws() -> None:
    assert D >= 4 and FORCES.bomber_pool.placeholders >= 3
    assert B >= 1 and FORCES.fighter_pool.placeholders >= 4


def test_example_game_0430_to_0830() -> None:
    from midway_desktop.engine.rng import ScriptedRng

    rng = ScriptedRng(dice=DICE, picks=PICKS)
    s = Session.start(RULES, rng=rng)
    s.play(Arm(JAPAN, TORPEDO_RESERVE, TORPEDO))
    s.play(END)  # set-up done

    # 0430: five bomb-armed bombers and two fighters launch from all four carriers.
    assert s.state.time == "0430"
    s.play(Launch(JAPAN, ATTACK_GROUP, CENTRE))
    for name in ATTACK_GROUP:
        assert sq(s, name).where == CENTRE and facing(sq(s, name), 0) == "east"
    aboard = [n for n in IDS if sq(s, n).where in FORCES.carrier_index]
    assert sorted(aboard) == sorted(TORPEDO_RESERVE + ("akagi-zero", "kaga-zero"))
    assert all(s.state.decks[c].launched == 0 for c in range(4))  # all four carriers launched
    s.play(END)
    assert not s.state.found and not s.state.reported[0]  # a three and a five

    # 0530: the attack group reaches Midway; a six finds Kido Butai.
    assert s.state.time == "0530"
    s.play(Move(JAPAN, ATTACK_GROUP, SE_CORNER))
    assert all(facing(sq(s, n), 1) == "south" for n in ATTACK_GROUP)
    s.play(END)
    assert s.state.found and not s.state.reported[0]
    assert s.state.stage == JAPANESE  # no American phase before the third turn

    # 0630: one reserve Zero goes up as CAP; the attack group attacks Midway.
    assert s.state.time == "0630"
    s.play(Launch(JAPAN, ("akagi-zero",), CAP))
    assert facing(sq(s, "akagi-zero"), 2) == "east"
    s.play(Attack(JAPAN, "midway"))
    state = s.state
    assert state.midway_hits == 1  # damaged, turned to its reduced side
    assert state.removed == Counters(0, 0, 1, 1)  # the Buffalo shot down, with the placeholder drawn
    assert not any(c.total for c in state.track)  # nothing survived to go on the track
    assert all(sq(s, n).where == CENTRE and sq(s, n).facing == "west" for n in ATTACK_GROUP)
    s.play(END)  # reconnaissance: one die (a six, a US fleet); then the American attack
    assert s.state.reported[0]
    assert s.state.stage == INTERCEPT  # a torpedo bomber comes in, unescorted
    s.play(Intercept(JAPAN, ("akagi-zero",)))
    state = s.state
    assert low_cap(sq(s, "akagi-zero"), 2)
    assert state.track[7] == Counters(1, 1, 0, 1)  # 1130: the bomber and both placeholders

    # 0730: the attack group lands, pointing north; the CAP points south, still low.
    assert state.time == "0730"
    assert facing(sq(s, "akagi-zero"), 3) == "south" and low_cap(sq(s, "akagi-zero"), 3)
    s.play(Land(JAPAN, ("akagi-b1", "akagi-b2"), "akagi"))
    s.play(Land(JAPAN, ("kaga-b1", "kaga-b2"), "kaga"))
    s.play(Land(JAPAN, ("soryu-b1", "soryu-zero"), "soryu"))
    s.play(Land(JAPAN, ("hiryu-zero",), "hiryu"))
    assert all(sq(s, n).facing == NORTH for n in ATTACK_GROUP)
    s.play(END)  # reconnaissance is skipped: both sides have found each other
    assert s.state.stage == INTERCEPT
    s.play(Intercept(JAPAN, ("akagi-zero",)))
    state = s.state
    assert state.removed == Counters(1, 1, 1, 1)  # the Dauntless shot down, with its placeholder
    assert state.track[8] == Counters(0, 0, 0, 1)  # 1230: the fighter placeholder

    # 0830: the returned squadrons are readied, the bombers turned to torpedoes.
    assert state.time == "0830"
    assert facing(sq(s, "akagi-zero"), 4) == "west" and low_cap(sq(s, "akagi-zero"), 4)
    s.play(Ready(JAPAN, BOMB_STRIKE, TORPEDO))
    s.play(Ready(JAPAN, ESCORTS))
    assert all(sq(s, n).arm == TORPEDO and sq(s, n).facing == "east" for n in BOMB_STRIKE)
    s.play(END)  # two dive bombers, no escort; the low CAP cannot intercept them

    state = s.state
    assert rng.remaining == 0
    sunk = [c.name for c, deck in zip(FORCES.japanese, state.decks) if deck.hits >= 2]
    assert sunk == ["akagi", "kaga", "soryu"]
    assert state.decks[3].hits == 0  # Hiryu untouched
    lost = {n for n in IDS if sq(s, n).where == LOST}
    aboard_sunk = {n for n in IDS if FORCES.squadrons[index(n)].home in sunk} - {"akagi-zero"}
    assert lost == aboard_sunk  # all squadrons aboard the three carriers, and only those
    assert sq(s, "akagi-zero").where == CAP  # the CAP survives the catastrophe
    assert [n for n in IDS if sq(s, n).where == "hiryu"] == ["hiryu-zero", "hiryu-b1", "hiryu-b2"]
    assert state.track[9] == Counters(2, 1, 0, 1)  # 1330: both Dauntless and both placeholders
    log = " ".join(e.text for e in s.log(JAPAN))
    assert "Akagi is sunk" in log and "Kaga is sunk" in log and "Soryu is sunk" in log


def test_bomb_side_is_the_default_for_the_midway_strike() -> None:
    s = Session.start(RULES, seed=1)
    assert all(sq(s, n).arm == BOMB for n in BOMB_STRIKE + TORPEDO_RESERVE)
