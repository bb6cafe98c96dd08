"""Dice of combat, common to both phases: air combat pairings, anti-aircraft fire, bombing.

These functions know nothing of the display: they take who fights and the Rng, and return
who fell, who was warded off, and the dice for the log. Dice are rolled Americans first,
then Japanese (as in the Example Game, 0630), each side in the order its squadrons are given.
"""

from __future__ import annotations

from typing import NamedTuple

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.luck import roll

US_FIGHTER_KILLS = 6  # KB › 6.a: an American fighter destroys a Japanese one on a six
JAPANESE_FIGHTER_KILLS = 5  # KB › 6.a: conversely on a five or six
BOMBER_DESTROYED = 5  # KB › 6.a: a bomber of either nationality is destroyed on 5-6 ...
BOMBER_WARDED = 3  # ... and warded off on 3-4
AA_JAPANESE_PHASE = 5  # KB › 6.b: American anti-aircraft fire wards off a bomber on 5-6
AA_AMERICAN_PHASE = 6  # KB › 7: Japanese anti-aircraft fire hits only on a six
HIT_CARRIER = 5  # KB › 6.c: a carrier is hit on a five or six ...
HIT_MIDWAY = 6  # ... Midway only on a six
TORPEDO_ATTACK = 3  # KB › 7: on one to three the attackers are torpedo bombers


class FighterFight(NamedTuple):
    """Outcome of an air combat. Indices refer to the lists the caller gave."""

    japanese_lost: tuple[int, ...]  # positions in the Japanese list
    bombers_lost: tuple[int, ...]  # positions in the bomber list (Japanese or American)
    bombers_warded: tuple[int, ...]
    us_fighters_lost: int
    us_dice: tuple[int, ...]
    japanese_dice: tuple[int, ...]


_fight = tuple.__new__  # FighterFight without its Python-level __new__: fields in declared order


def _fates(best: dict[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Bombers destroyed (a 5-6 among the dice against them) and warded off (else a 3-4),
    by position, from each bomber's best die."""
    lost: list[int] = []
    warded: list[int] = []
    for b in sorted(best):
        top = best[b]
        if top >= BOMBER_DESTROYED:
            lost.append(b)
        elif top >= BOMBER_WARDED:
            warded.append(b)
    return tuple(lost), tuple(warded)


def air_combat_over_target(zeros: int, bombers: int, us_fighters: int, rng: Rng) -> FighterFight:
    """KB › 6.a Air Combat, Japanese phase: the US CAP meets a Japanese strike.

    Each American fighter attacks one Japanese squadron, fighters first; bombers only once
    every Zero is engaged; a surplus goes round again the same way. Zeros share out the
    American fighters so that none faces three before all face two. Japanese bombers do not
    fight aircraft. ``japanese_lost`` are Zero positions; bomber positions are separate.
    """
    targets = zeros + bombers
    us_dice = tuple(roll(rng, us_fighters)) if targets else ()
    jp_dice = tuple(roll(rng, zeros)) if us_fighters else ()
    zero_lost: set[int] = set()
    best: dict[int, int] = {}  # bomber position -> its best die against it
    for k, die in enumerate(us_dice):
        target = k % targets
        if target < zeros:
            if die >= US_FIGHTER_KILLS:
                zero_lost.add(target)
        else:
            target -= zeros
            if die > best.get(target, 0):
                best[target] = die
    us_lost = {j % us_fighters for j, die in enumerate(jp_dice) if die >= JAPANESE_FIGHTER_KILLS}
    lost, warded = _fates(best)
    return _fight(FighterFight, (tuple(sorted(zero_lost)), lost, warded, len(us_lost), us_dice, jp_dice))


def air_combat_over_fleet(low: tuple[bool, ...], escorts: int, bombers: int, rng: Rng) -> FighterFight:
    """KB › 7 and its Clarifications: the Japanese CAP meets an American attack.

    ``low`` says, for each intercepting CAP squadron, whether it shows its low-CAP side.
    Escorts each attack one interceptor, spread evenly. A CAP squadron at full height first
    engages the escorts, one each; every other shot goes at the bombers, spread evenly (the
    bombers are what threatens the carriers, so spare fighters go after them). A low-CAP
    squadron cannot fire at escorts, and one engaged by an escort cannot reach the torpedo
    bombers either; it can still be shot down.
    """
    n = len(low)
    us_dice = tuple(roll(rng, escorts)) if n else ()
    if us_dice and True in low:
        engaged = {k % n for k in range(len(us_dice))}
        shooters = [i for i in range(n) if not (low[i] and i in engaged)]
    else:
        shooters = list(range(n))
    jp_dice = tuple(roll(rng, len(shooters)))
    jp_lost = tuple(sorted({k % n for k, die in enumerate(us_dice) if die >= US_FIGHTER_KILLS}))
    escort_lost = 0
    best: dict[int, int] = {}  # bomber position -> its best die against it
    escorts_taken = 0
    next_bomber = 0
    for i, die in zip(shooters, jp_dice):
        if not low[i] and escorts_taken < escorts:
            if die >= JAPANESE_FIGHTER_KILLS:
                escort_lost += 1
            escorts_taken += 1
        elif bombers:
            target = next_bomber % bombers
            if die > best.get(target, 0):
                best[target] = die
            next_bomber += 1
    lost, warded = _fates(best)
    return _fight(FighterFight, (jp_lost, lost, warded, escort_lost, us_dice, jp_dice))


def sink_in_order(needed: list[int], hits: int) -> list[int]:
    """Spread ``hits`` over ships taking them one ship at a time until it sinks.

    ``needed`` is, for each ship in order, how many hits it takes to sink. Returns the hits
    each ship receives. KB › 9 (0830): one dive bomber's six pips sink Akagi, Kaga and Soryu
    in turn, so the hits of a special attack fall ship by ship, not round the fleet.
    """
    out = [0] * len(needed)
    for i, need in enumerate(needed):
        if hits <= 0:
            break
        take = min(need, hits)
        out[i] = take
        hits -= take
    return out
