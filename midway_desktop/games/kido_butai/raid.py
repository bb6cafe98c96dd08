"""KB › 5 The American Phase and KB › 7 Combat in the American Phase."""

from __future__ import annotations

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.combat import (
    AA_AMERICAN_PHASE,
    TORPEDO_ATTACK,
    air_combat_over_fleet,
    roll,
    sink_in_order,
)
from midway_desktop.games.kido_butai.display import (
    INTERCEPT,
    ROLL,
    Counters,
    Deck,
    Raid,
    Table,
    aboard,
    afloat,
    capacity,
    places,
    positions,
)
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.luck import die as one_die
from midway_desktop.games.kido_butai.pools import (
    BOMBERS,
    FIGHTERS,
    TRACK_AHEAD_AMERICAN_PHASE,
    draw_until_placeholder,
    pay_capacity_debt,
    place_on_track,
    remove_placeholders,
    shoot_down,
)
from midway_desktop.games.kido_butai.squadrons import CAP, GONE, Squadron, low_cap, new
from midway_desktop.games.kido_butai.wording import plural

FIRST_ATTACK_TURN = 2  # KB › 5: "from the third turn on" (0630)
# KB › 10.c: die faces for Akagi (1-2), Kaga (3-4), Soryu (5), Hiryu (6)
RANDOM_TARGET = (0, 0, 0, 1, 1, 2, 3)


def american_phase(forces: Forces, t: Table, rng: Rng) -> bool:
    """KB › 5: from the third turn, once Kido Butai is found, the US bomber pool is drawn.

    Returns True when the Japanese must choose interceptors before the attack goes on.
    """
    if t.turn < FIRST_ATTACK_TURN or not t.found:
        return False
    bombers, no_bomber = draw_until_placeholder(t, BOMBERS, rng)
    if not bombers:
        t.tell(("American phase: a placeholder is drawn from the bomber pool, no attack.", ()))
        place_on_track(t, new(Counters, (0, no_bomber, 0, 0)), TRACK_AHEAD_AMERICAN_PHASE)
        return False
    escorts, no_fighter = draw_until_placeholder(t, FIGHTERS, rng)
    drawn = new(Counters, (bombers, no_bomber, escorts, no_fighter))
    t.tell((_attack, (bombers, escorts)))
    t.fact("raid", {"bombers": bombers, "escorts": escorts})
    cap = positions(places(t), CAP)
    if not cap:
        resolve_raid(forces, t, drawn, [], False, rng)
        return False
    die = one_die(rng)
    torpedo = die <= TORPEDO_ATTACK
    t.tell((ROLL, ("Torpedo or dive bombers? (torpedo)" if torpedo else "Torpedo or dive bombers? (dive)", (die,))))
    if torpedo:
        t.pending = Raid(drawn)
        t.stage = INTERCEPT
        return True
    turn = t.turn
    squadrons = t.squadrons
    resolve_raid(forces, t, drawn, [i for i in cap if turn - squadrons[i].low > 1], False, rng)
    return False


def intercept(forces: Forces, t: Table, chosen: list[int], rng: Rng) -> None:
    """KB › 7: not every CAP squadron has to intercept torpedo bombers; the chosen ones do."""
    pending = t.pending
    assert isinstance(pending, Raid)
    t.pending = None
    resolve_raid(forces, t, pending.drawn, chosen, True, rng)


def resolve_raid(forces: Forces, t: Table, drawn: Counters, interceptors: list[int], torpedo: bool, rng: Rng) -> None:
    """KB › 7 Combat in the American Phase, once it is known who intercepts.

    Without interceptors the attackers met no CAP at all (for dive bombers this includes a
    CAP on its low side): a special attack (KB › Clarifications to 6.c). Otherwise air combat,
    then a regular attack on the carriers in the order Akagi, Kaga, Soryu, Hiryu.
    """
    bombers, no_bomber, escorts, no_fighter = drawn
    passing = bombers
    if interceptors:
        turn = t.turn
        squadrons = t.squadrons
        lows = tuple([low_cap(squadrons[i], turn) for i in interceptors])
        fight = air_combat_over_fleet(lows, escorts, bombers, rng)
        jp_lost, b_lost, b_warded, lost_e, us_dice, jp_dice = fight
        if us_dice:
            t.tell((ROLL, ("US escorts attack the CAP", us_dice)))
        if jp_dice:
            t.tell((ROLL, ("Japanese CAP fires", jp_dice)))
        for k in jp_lost:
            squadrons[interceptors[k]] = GONE
        if torpedo:  # KB › Clarifications to 7: fighting the escort counts as well
            for i in interceptors:
                sq = squadrons[i]
                if sq.where == CAP:
                    squadrons[i] = new(Squadron, (CAP, sq.facing, sq.arm, sq.acted, turn))
        lost_b = len(b_lost)
        passing = bombers - lost_b - len(b_warded)
        drawn = new(Counters, (bombers - lost_b, no_bomber, escorts - lost_e, no_fighter))
        if lost_b:
            shoot_down(t, BOMBERS, lost_b)
            drawn = remove_placeholders(t, BOMBERS, lost_b, drawn)
        if lost_e:
            shoot_down(t, FIGHTERS, lost_e)
            drawn = remove_placeholders(t, FIGHTERS, lost_e, drawn)
        t.tell((_cap_combat, (len(jp_lost), lost_b, lost_e, len(b_warded))))
        if passing:
            _regular_attack(forces, t, passing, rng)
    elif passing:
        _special_attack(forces, t, passing, rng)
    place_on_track(t, drawn, TRACK_AHEAD_AMERICAN_PHASE)
    pay_capacity_debt(forces, t, rng)


def _targets(forces: Forces, t: Table) -> list[int]:
    """KB › 7: the carriers the Americans can attack, in the order Akagi, Kaga, Soryu, Hiryu."""
    return [c for c, deck in enumerate(t.decks) if deck[0] < 2]


def _random_target(t: Table, rng: Rng) -> tuple[int, list[int]]:
    """KB › 10.c: a die picks the carrier; a sunk one is rolled again (provisional)."""
    rolls = []
    while True:
        die = one_die(rng)
        rolls.append(die)
        carrier = RANDOM_TARGET[die]
        if afloat(t, carrier):
            return carrier, rolls


def _regular_attack(forces: Forces, t: Table, bombers: int, rng: Rng) -> None:
    """KB › 7: bombers past the CAP attack Akagi, Kaga, Soryu, Hiryu, Akagi ... in turn.

    Sunk carriers are skipped (derived). One AA die per carrier attacked, hitting only on a
    six (KB › 7); each bomber left hits on 5–6.
    """
    ships = _targets(forces, t)
    if not ships:
        return
    per_ship = [0] * len(forces.japanese)
    if t.variant.random_targets:
        rolls: list[int] = []
        for _ in range(bombers):
            carrier, dice = _random_target(t, rng)
            rolls += dice
            per_ship[carrier] += 1
        t.tell((ROLL, ("Random target assignment", rolls)))
    else:
        for k in range(bombers):
            per_ship[ships[k % len(ships)]] += 1
    attacked = [c for c in ships if per_ship[c]]
    aa = roll(rng, len(attacked))
    t.tell((ROLL, ("Japanese anti-aircraft fire (hits on a six)", aa)))
    for c, die in zip(attacked, aa):
        if die >= AA_AMERICAN_PHASE:
            per_ship[c] -= 1
    for c in attacked:
        dice = roll(rng, per_ship[c])
        if dice:
            t.tell((ROLL, ("Dauntless attack " + forces.japanese[c].title, dice)))
            hits = len(dice) - dice.count(1) - dice.count(2) - dice.count(3) - dice.count(4)  # 5-6 hit
            if hits:
                hit_carrier(forces, t, c, hits, rng)


def _special_attack(forces: Forces, t: Table, bombers: int, rng: Rng) -> None:
    """Clarifications to 6.c: no CAP met. Every carrier fires (hits on a six, KB › 7); each
    bomber left rolls and all pips are hits, falling ship by ship in the target order
    (KB › 9, 0830: a six sinks Akagi, Kaga and Soryu).

    With random targets (KB › 10.c) each bomber's pips start at the carrier its own die
    picks and carry on along the order (provisional: the option does not say).
    """
    ships = _targets(forces, t)
    if not ships:
        return
    aa = roll(rng, len(ships))
    t.tell((ROLL, ("No CAP met: every carrier fires (hits on a six)", aa)))
    bombers -= min(bombers, sum(1 for d in aa if d >= AA_AMERICAN_PHASE))
    if not bombers:
        return
    if not t.variant.random_targets:
        dice = roll(rng, bombers)
        t.tell((ROLL, ("Unopposed bombers: all pips count as hits", dice)))
        for c, hits in zip(ships, sink_in_order([2 - t.decks[c].hits for c in ships], sum(dice))):
            hit_carrier(forces, t, c, hits, rng)
        return
    for _ in range(bombers):
        carrier, rolls = _random_target(t, rng)
        t.tell((ROLL, ("Random target assignment", rolls)))
        start = ships.index(carrier)
        pips = one_die(rng)
        t.tell((ROLL, ("Unopposed bombers: all pips count as hits", [pips])))
        order = [c for c in ships[start:] + ships[:start] if afloat(t, c)]
        for c, hits in zip(order, sink_in_order([2 - t.decks[c].hits for c in order], pips)):
            hit_carrier(forces, t, c, hits, rng)
        ships = _targets(forces, t)
        if not ships:
            return


def hit_carrier(forces: Forces, t: Table, carrier: int, hits: int, rng: Rng) -> None:
    """KB › 6.c, 7: the first hit turns a carrier to its reduced side, the second sinks it.

    Squadrons aboard a sunk carrier are lost; a damaged one loses only those above its
    reduced capacity, from the more numerous category, a die breaking a tie (1–3 a bomber).
    """
    if not hits:
        return
    deck = t.decks[carrier]
    after = min(2, deck.hits + hits)
    t.decks[carrier] = new(Deck, (after, deck.launched, deck.landed))
    spec = forces.japanese[carrier]
    name = spec.name
    title = spec.title
    here = aboard(t, name)
    if after >= 2:
        for i in here:
            t.squadrons[i] = GONE
        t.tell((_sunk_with, (title, len(here))))
        t.fact("sunk", name)
        return
    t.tell(("{} is damaged and turned to its reduced side.", (title,)))
    t.fact("damaged", name)
    excess = len(here) - capacity(forces, t, carrier)
    while excess > 0:
        fighters = [i for i in here if forces.fighter[i]]
        bombers = [i for i in here if not forces.fighter[i]]
        if fighters and bombers and len(fighters) == len(bombers):
            die = one_die(rng)
            t.tell((ROLL, (f"{title}: tie, which squadron is lost (1-3 a bomber)", [die])))
            pick = bombers[-1] if die <= 3 else fighters[-1]
        else:
            pick = (bombers if len(bombers) > len(fighters) else fighters)[-1]
        t.squadrons[pick] = GONE
        here.remove(pick)
        t.tell((f"{forces.squadrons[pick].title} is lost: no room aboard the damaged {title} (KB › 6.c).", ()))
        t.fact("lost", forces.squadrons[pick].id)
        excess -= 1


# Sentences with counts, written when the log is read (see display.Chapter).
def _attack(bombers: int, escorts: int) -> str:
    return f"American attack: {plural(bombers, 'Dauntless squadron')} with {plural(escorts, 'Buffalo escort')}."


def _cap_combat(zeros: int, dauntless: int, buffalos: int, warded: int) -> str:
    return (
        f"CAP combat: {plural(zeros, 'Zero')} lost, {dauntless} Dauntless and {plural(buffalos, 'Buffalo')} shot down, "
        f"{plural(warded, 'bomber')} warded off."
    )


def _sunk_with(title: str, n: int) -> str:
    return f"{title} is sunk with {plural(n, 'squadron')} aboard."
