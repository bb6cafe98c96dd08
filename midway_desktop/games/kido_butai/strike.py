"""KB › 6 Combat in the Japanese Phase: a Japanese strike on Midway or an American fleet."""

from __future__ import annotations

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.combat import (
    AA_JAPANESE_PHASE,
    HIT_CARRIER,
    HIT_MIDWAY,
    air_combat_over_target,
    roll,
    sink_in_order,
)
from midway_desktop.games.kido_butai.display import (
    JAPANESE,
    ROLL,
    STRIKE,
    Counters,
    Strike,
    Table,
    fleet_members,
    us_afloat,
)
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.luck import below
from midway_desktop.games.kido_butai.luck import die as one_die
from midway_desktop.games.kido_butai.pools import (
    FIGHTERS,
    TRACK_AHEAD_JAPANESE_PHASE,
    draw_until_placeholder,
    pay_capacity_debt,
    place_on_track,
    remove_placeholders,
    shoot_down,
)
from midway_desktop.games.kido_butai.squadrons import CENTRE, GONE, WEST, Squadron, fly, new
from midway_desktop.games.kido_butai.wording import plural

MIDWAY = "midway"
FLEETS = {"fleet-1": 1, "fleet-2": 2}
TARGETS = (MIDWAY, *FLEETS)


def draw_fleet(forces: Forces, t: Table, rng: Rng) -> None:
    """KB › 6: the first attack on an American fleet draws the US fleet pool.

    One carrier is drawn, the carrier placeholder is thrown in, and drawing goes on until
    the placeholder appears; carriers drawn form the fleet attacked, carriers left in the
    cup a second fleet that must be found separately. The placeholder then leaves the game.
    """
    cup = [i for i, f in enumerate(t.us_fleet) if f == 0]
    fleet = [cup.pop(below(rng, len(cup)))]
    while cup:
        pick = below(rng, len(cup) + 1)  # the placeholder is listed last
        if pick == len(cup):
            break
        fleet.append(cup.pop(pick))
    us_fleet = list(t.us_fleet)
    for i in fleet:
        us_fleet[i] = 1
    for i in cup:
        us_fleet[i] = 2
    t.us_fleet = tuple(us_fleet)
    names = ", ".join(forces.american[i].title for i in sorted(fleet))
    text = f"The US fleet pool gives the fleet attacked: {names}"
    if cup:
        text += f"; {', '.join(forces.american[i].title for i in cup)} form a second US fleet, still to be found"
    t.tell((text + ".", ()))
    t.fact("fleet", [forces.american[i].name for i in sorted(fleet)])


def strike(forces: Forces, t: Table, target: str, attackers: list[int], rng: Rng) -> None:
    """KB › 6 Combat in the Japanese Phase: attack Midway (SE corner) or a US fleet (NE corner).

    The US fighter pool is drawn for a CAP (KB › 6, 6.a); air combat; survivors of the US
    CAP and the placeholders go three turns ahead on the track; the attackers fly back to
    the centre pointing west. Bombers then face anti-aircraft fire and bomb (6.b, 6.c).
    """
    turn = t.turn
    squadrons = t.squadrons
    t.chapter("orders")
    where = _NAME[target]
    t.tell((_strike_on, (where, len(attackers))))
    fleet = FLEETS.get(target, 0)
    if fleet:
        if fleet == 1 and not any(t.us_fleet):
            draw_fleet(forces, t, rng)
        sink = t.variant.hits_to_sink_us
        us_hits = t.us_hits
        ships = [i for i, f in enumerate(t.us_fleet) if f == fleet and us_hits[i] < sink]
        gone = not ships
    else:
        ships = []
        gone = t.midway_hits >= 2
    if gone:
        turn_home(squadrons, attackers, turn)
        t.tell(("The strike finds nothing left to attack at {} and turns for home.", (where,)))
        t.chapter("strike")
        return
    fighter = forces.fighter
    zeros: list[int] = []
    bombers: list[int] = []
    for i in attackers:
        (zeros if fighter[i] else bombers).append(i)
    buffalos, placeholders = draw_until_placeholder(t, FIGHTERS, rng)
    if buffalos:
        fight = air_combat_over_target(len(zeros), len(bombers), buffalos, rng)
        jp_lost, b_lost, b_warded, down, us_dice, jp_dice = fight
        t.tell((ROLL, (f"US CAP of {plural(buffalos, 'Buffalo')} attacks", us_dice)))
        if jp_dice:
            t.tell((ROLL, ("Zeros fire at the US CAP", jp_dice)))
        lost = {zeros[k] for k in jp_lost}
        lost.update([bombers[k] for k in b_lost])
        warded = {bombers[k] for k in b_warded}
        drawn = new(Counters, (0, 0, buffalos - down, placeholders))
        if down:
            shoot_down(t, FIGHTERS, down)
            drawn = remove_placeholders(t, FIGHTERS, down, drawn)
        t.tell((_air_combat, (where, down, len(lost), len(warded))))
        turn_home(squadrons, [i for i in attackers if i not in lost], turn)
        for i in lost:
            squadrons[i] = GONE
        able = [i for i in bombers if i not in lost and i not in warded]
    else:
        drawn = new(Counters, (0, 0, 0, placeholders))
        t.tell(("No US CAP over {}.", (where,)))
        turn_home(squadrons, attackers, turn)
        able = bombers
    place_on_track(t, drawn, TRACK_AHEAD_JAPANESE_PHASE)
    if not able:
        t.tell(("No bomber is left to attack.", ()))
    elif not fleet:
        _bomb_midway(t, len(able), rng)
    elif not buffalos and not t.variant.no_us_fiasco:
        _special_attack(forces, t, ships, len(able), rng)
    elif len(ships) > 1:
        t.pending = Strike(fleet, tuple(able))
        t.stage = STRIKE
        t.tell((_got_through, (len(able),)))
        t.chapter("strike")
        return
    else:
        bomb_fleet(forces, t, [(ships[0], len(able))], rng)
    pay_capacity_debt(forces, t, rng)
    t.chapter("strike")


def turn_home(squadrons: list[Squadron], attackers: list[int], turn: int) -> None:
    """KB › 3, 6: after attacking, squadrons fly back to the centre pointing west."""
    fly(squadrons, attackers, CENTRE, WEST, turn)


def assign(forces: Forces, t: Table, counts: tuple[int, ...], rng: Rng) -> None:
    """KB › 6.b: bombers attacking more than one carrier are assigned as desired, after air combat."""
    pending = t.pending
    assert isinstance(pending, Strike)
    ships = [i for i in fleet_members(t, pending.fleet) if us_afloat(t, i)]
    t.pending = None
    t.stage = JAPANESE
    t.tell(
        (
            "Bombers assigned: " + ", ".join(f"{n} at {forces.american[s].title}" for s, n in zip(ships, counts)) + ".",
            (),
        )
    )
    bomb_fleet(forces, t, [(s, n) for s, n in zip(ships, counts) if n], rng)
    pay_capacity_debt(forces, t, rng)
    t.chapter("strike")


def _bomb_midway(t: Table, bombers: int, rng: Rng) -> None:
    """KB › 6.b, 6.c: one die of Midway's anti-aircraft fire, then Midway is hit only on a six."""
    if not bombers:
        return
    aa = one_die(rng)
    t.tell((ROLL, ("Midway's anti-aircraft fire", [aa])))
    if aa >= AA_JAPANESE_PHASE:
        bombers -= 1
    dice = roll(rng, bombers)
    if dice:
        t.tell((ROLL, ("Bombers attack Midway", dice)))
    hits = dice.count(HIT_MIDWAY)  # only a six
    if hits:
        before = t.midway_hits
        t.midway_hits = min(2, before + hits)
        if t.midway_hits >= 2:
            t.tell(("The Midway base is destroyed.", ()))
            t.fact("destroyed", "midway")
        elif t.midway_hits > before:
            t.tell(("Midway is damaged and turned to its reduced side.", ()))
            t.fact("damaged", "midway")


def bomb_fleet(forces: Forces, t: Table, assignment: list[tuple[int, int]], rng: Rng) -> None:
    """KB › 6.b, 6.c, a regular attack: one AA die per carrier attacked, then 5–6 hits."""
    aa = roll(rng, len(assignment))
    if aa:
        t.tell((ROLL, ("US anti-aircraft fire", aa)))
    left = [(ship, n - (1 if die >= AA_JAPANESE_PHASE else 0)) for (ship, n), die in zip(assignment, aa)]
    for ship, n in left:
        dice = roll(rng, n)
        if not dice:
            continue
        t.tell((ROLL, (f"Torpedo bombers attack {forces.american[ship].title}", dice)))
        hit_us_carrier(forces, t, ship, sum(1 for d in dice if d >= HIT_CARRIER))


def _special_attack(forces: Forces, t: Table, ships: list[int], bombers: int, rng: Rng) -> None:
    """KB › 6.c as amended in the Clarifications: an attack that met no CAP at all.

    Every ship of the fleet fires (each 5–6 wards off a bomber); each bomber left rolls and
    all its pips are hits. The text leaves the spread to the player; the hits go first to
    the ships nearest to sinking, then ship by ship, which sinks the most.
    """
    aa = roll(rng, len(ships))
    t.tell((ROLL, ("No US CAP: every ship of the fleet fires", aa)))
    bombers -= min(bombers, sum(1 for d in aa if d >= AA_JAPANESE_PHASE))
    dice = roll(rng, bombers)
    if not dice:
        return
    t.tell((ROLL, ("Unopposed torpedo bombers: all pips count as hits", dice)))
    sink = t.variant.hits_to_sink_us
    order = sorted(ships, key=lambda s: sink - t.us_hits[s])
    for ship, hits in zip(order, sink_in_order([sink - t.us_hits[s] for s in order], sum(dice))):
        hit_us_carrier(forces, t, ship, hits)


def hit_us_carrier(forces: Forces, t: Table, ship: int, hits: int) -> None:
    """KB › 6.c: the first hit turns a carrier to its reduced side, the second sinks it.

    KB › 10.a, superior damage control: the second hit turns it 90°, the third sinks it.
    """
    if not hits:
        return
    sink = t.variant.hits_to_sink_us
    before = t.us_hits[ship]
    after = min(sink, before + hits)
    us_hits = list(t.us_hits)
    us_hits[ship] = after
    t.us_hits = tuple(us_hits)
    title = forces.american[ship].title
    if after >= sink:
        t.tell((f"{title} is sunk.", ()))
        t.fact("sunk", forces.american[ship].name)
    elif after == 2:
        t.tell((f"{title} is hit again and turned 90° (superior damage control).", ()))
    elif after > before:
        t.tell((f"{title} is damaged and turned to its reduced side.", ()))
        t.fact("damaged", forces.american[ship].name)


_NAME = {MIDWAY: "Midway", "fleet-1": "the US fleet", "fleet-2": "the second US fleet"}


def _name(target: str) -> str:
    return _NAME[target]


# Sentences with counts, written when the log is read (see display.Chapter).
def _strike_on(where: str, n: int) -> str:
    return f"Strike on {where} by {plural(n, 'squadron')}."


def _air_combat(where: str, down: int, lost: int, warded: int) -> str:
    return (
        f"Air combat over {where}: {plural(down, 'Buffalo')} shot down, {plural(lost, 'Japanese squadron')} lost, "
        f"{plural(warded, 'bomber')} warded off."
    )


def _got_through(n: int) -> str:
    if n == 1:
        return "1 bomber got through: assign it to a carrier of the fleet."
    return f"{n} bombers got through: assign them to the carriers of the fleet."
