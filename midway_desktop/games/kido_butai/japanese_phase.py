"""KB › 3 The Japanese Phase: launch, move, attack, land, ready; and the turn that follows.

``carry_out`` performs one step already checked (see :mod:`.orders`). Without an Rng it is
a dry run for the checks: the steps that need luck only move the squadrons concerned.
"""

from __future__ import annotations

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.actions import (
    ARM,
    ASSIGN,
    ATTACK,
    DESTROY,
    END,
    INTERCEPT,
    LAND,
    LAUNCH,
    MOVE,
    READY,
    Step,
)
from midway_desktop.games.kido_butai.display import (
    JAPANESE,
    OVER,
    SETUP,
    TIMES,
    TURNS,
    Deck,
    State,
    Table,
    aboard,
    places,
    positions,
)
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.pools import return_from_track
from midway_desktop.games.kido_butai.raid import american_phase, intercept
from midway_desktop.games.kido_butai.recon import reconnaissance
from midway_desktop.games.kido_butai.squadrons import (
    BOMB,
    CAP,
    CENTRE,
    EAST,
    GONE,
    IN_THE_AIR,
    LOST,
    NE_CORNER,
    NEVER,
    NORTH,
    SE_CORNER,
    SOUTH,
    TORPEDO,
    WEST,
    Squadron,
    fly,
    new,
)
from midway_desktop.games.kido_butai.strike import MIDWAY, assign, strike, turn_home
from midway_desktop.games.kido_butai.victory import night_landings
from midway_desktop.games.kido_butai.wording import PLACES, Agreeing

_ARMED = {"": "", BOMB: " with bombs", TORPEDO: " with torpedoes"}
LAUNCHED = Agreeing("{} is launched to {}.", "{} are launched to {}.")
FLOWN = Agreeing("{} flies to {}.", "{} fly to {}.")
LANDED = Agreeing("{} lands on {}.", "{} land on {}.")
READIED = Agreeing("{} is made ready{}.", "{} are made ready{}.")
TURNED = Agreeing("{} is turned to its {} side.", "{} are turned to their {} side.")
DESTROYED = Agreeing("{} is destroyed by its own side.", "{} are destroyed by their own side.")
LOST_IN_THE_AIR = Agreeing(
    "{} could not land in time and is lost (KB › 3).", "{} could not land in time and are lost (KB › 3)."
)


def attackers_of(forces: Forces, t: State | Table, step: Step) -> list[int]:
    """The squadrons an attack step sends in: those named, or all that can attack from the
    target's corner this turn."""
    if len(step) > 2:
        return [forces.squadron_index[n] for n in step[2:]]
    turn = t.turn
    squadrons = t.squadrons
    at = positions(places(t), SE_CORNER if step[1] == MIDWAY else NE_CORNER)
    return [i for i in at if squadrons[i].acted != turn]


# -- carrying out -----------------------------------------------------------------------------
def carry_out(forces: Forces, t: Table, step: Step, rng: Rng | None, in_combat: set[int] | None = None) -> None:
    """Perform one (already checked) step. ``rng`` None is a dry run: no luck is used.

    KB › 3: launched squadrons point east (on the CAP box or in the centre), squadrons at a
    target south, back from it west, landed north, readied east (bombers may change side);
    a carrier that launches may not land and vice versa, each squadron acts once a turn.
    KB › 1: at set-up bombers take either side. KB › 6, 7: attacks and interceptions.
    """
    verb = step[0]
    if verb == END and t.stage != SETUP:  # every turn ends so: asked first
        if rng is not None:  # a dry run stops here: ending the phase comes last in any list
            end_japanese_phase(forces, t, rng)
        return
    arg = step[1]
    names = step[2:]
    turn = t.turn
    index = forces.squadron_index
    # Squadrons that do the same thing in one step end up alike: they share one record
    # (records are immutable), made once per armament, or per deck when readied.
    squadrons = t.squadrons
    if verb == LAUNCH:
        decks = t.decks
        cindex = forces.carrier_index
        made: dict[str, Squadron] = {}
        for name in names:
            i = index[name]
            sq = squadrons[i]
            c = cindex[sq[0]]
            deck = decks[c]
            if deck[1] != turn:
                decks[c] = new(Deck, (deck[0], turn, deck[2]))
            arm = sq[2]
            record = made.get(arm)
            if record is None:
                record = made[arm] = new(Squadron, (arg, EAST, arm, turn, NEVER))
            squadrons[i] = record
        t.tell((LAUNCHED, (forces.titles, names, PLACES[arg])))
    elif verb == MOVE:
        fly(squadrons, [index[name] for name in names], arg, SOUTH, turn)
        t.tell((FLOWN, (forces.titles, names, PLACES[arg])))
    elif verb == LAND:
        c = forces.carrier_index[arg]
        deck = t.decks[c]
        t.decks[c] = new(Deck, (deck[0], deck[1], turn))
        made = {}
        for name in names:
            i = index[name]
            arm = squadrons[i][2]
            record = made.get(arm)
            if record is None:
                record = made[arm] = new(Squadron, (arg, NORTH, arm, turn, NEVER))
            squadrons[i] = record
        t.tell((LANDED, (forces.titles, names, forces.japanese[c].title)))
    elif verb == READY:
        fighter = forces.fighter
        made = {}
        for name in names:
            i = index[name]
            sq = squadrons[i]
            where = sq[0]
            new_arm = sq[2] if fighter[i] or not arg else arg
            record = made.get(where)
            if record is None or record[2] != new_arm:
                record = made[where] = new(Squadron, (where, EAST, new_arm, turn, NEVER))
            squadrons[i] = record
        t.tell((READIED, (forces.titles, names, _ARMED[arg])))
    elif verb == ATTACK:
        attackers = attackers_of(forces, t, step)
        if rng is None:
            turn_home(squadrons, attackers, turn)
            if in_combat is not None:
                in_combat.update(attackers)
        else:
            strike(forces, t, arg, attackers, rng)
    elif verb == ASSIGN:
        if rng is None:
            t.pending, t.stage = None, JAPANESE
        else:
            assign(forces, t, tuple(int(n) for n in names), rng)
    elif verb == ARM:
        for name in names:
            i = index[name]
            sq = t.squadrons[i]
            t.squadrons[i] = Squadron(sq.where, sq.facing, arg, sq.acted, sq.low)
        t.tell((TURNED, (forces.titles, names, arg)))
    elif verb == DESTROY:
        _destroy(forces, t, names)
    elif verb == END and t.stage == SETUP:
        t.stage = JAPANESE
        t.chapter("orders")
        t.tell((f"Turn {TIMES[0]}: the Japanese phase begins.", ()))
        t.chapter("turn")
    elif rng is None:
        return  # intercepting comes last in any list: nothing follows to check
    elif verb == INTERCEPT:
        intercept(forces, t, [index[n] for n in names], rng)
        t.chapter("american-phase")
        next_turn(forces, t, rng)


def _destroy(forces: Forces, t: Table, names: tuple[str, ...]) -> None:
    """KB › Clarifications: you may destroy your own units. A carrier destroyed counts as sunk,
    with all aboard."""
    for name in names:
        i = forces.squadron_index.get(name)
        if i is not None:
            if t.squadrons[i].where != LOST:
                t.squadrons[i] = GONE
                t.tell((DESTROYED, (forces.titles, (name,))))
                t.fact("destroyed", name)
            continue
        c = forces.carrier_index[name]
        deck = t.decks[c]
        t.decks[c] = Deck(2, deck.launched, deck.landed)
        for k in aboard(t, name):
            t.squadrons[k] = GONE
        t.tell((f"{forces.japanese[c].title} is scuttled with all squadrons aboard.", ()))
        t.fact("sunk", name)


# -- the turn ---------------------------------------------------------------------------------
def end_japanese_phase(forces: Forces, t: Table, rng: Rng) -> None:
    """KB › 2: the Japanese phase, then mutual reconnaissance, then the American phase.

    KB › 3: squadrons that were oriented west at the start of the turn and did not land are
    destroyed.
    """
    turn = t.turn
    squadrons = t.squadrons
    for i, sq in enumerate(squadrons):  # must_land, inlined: it runs every turn
        where = sq[0]
        if (where == CAP and turn - sq[3] >= 3) or (where == CENTRE and sq[1] == WEST and sq[3] < turn):
            squadrons[i] = GONE
            t.tell((LOST_IN_THE_AIR, (forces.titles, (forces.ids[i],))))
            t.fact("lost", forces.ids[i])
    t.chapter("orders")
    reconnaissance(t, rng)
    t.chapter("reconnaissance")
    waiting = american_phase(forces, t, rng)
    t.chapter("american-phase")
    if not waiting:
        next_turn(forces, t, rng)


def _nothing_left(t: Table) -> bool:
    """No carrier afloat and no squadron in the air (see next_turn)."""
    for deck in t.decks:
        if deck.hits < 2:
            return False
    return not any(sq.where in IN_THE_AIR for sq in t.squadrons)


def next_turn(forces: Forces, t: Table, rng: Rng) -> None:
    """KB › 2: up to 16 turns. After 1930 come the night landings (KB › Clarifications to 8).

    The game also ends once Kido Butai has no carrier afloat and nothing in the air: the
    Japanese have nothing left to play with.
    """
    if t.turn >= TURNS - 1 or _nothing_left(t):
        night_landings(forces, t, rng)
        t.chapter("night")
        t.stage = OVER
        t.tell(("The game is over.", ()))
        t.chapter("over")
        return
    t.turn += 1
    t.stage = JAPANESE
    t.tell(("Turn {}.", (TIMES[t.turn],)))
    return_from_track(t)
    t.chapter("turn")
