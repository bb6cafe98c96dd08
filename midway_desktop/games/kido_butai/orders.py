"""Checking the Japanese player's orders against the rules (KB › 1, 3, 6, 7, Clarifications).

``refusal`` checks one step against a state (or a scratch table part-way through a list of
steps) and says why it is not allowed, in the rule's words. ``check_steps`` walks a whole
list on a scratch table without rolling any dice, so a step whose luck decides what may
follow (an attack that may ask where its bombers go, the end of the phase, an intercept)
must come last.
"""

from __future__ import annotations

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
    step_action,
)
from midway_desktop.games.kido_butai.display import INTERCEPT as INTERCEPT_STAGE
from midway_desktop.games.kido_butai.display import (
    JAPANESE,
    OVER,
    SETUP,
    STRIKE,
    State,
    Strike,
    Table,
    aboard,
    afloat,
    capacity,
    fleet_members,
    fleet_split,
    us_afloat,
)
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.japanese_phase import attackers_of, carry_out
from midway_desktop.games.kido_butai.squadrons import (
    BOMB,
    CAP,
    CENTRE,
    CORNERS,
    EAST,
    IN_THE_AIR,
    LOST,
    NE_CORNER,
    SE_CORNER,
    TORPEDO,
    must_land,
)
from midway_desktop.games.kido_butai.strike import FLEETS, MIDWAY, TARGETS
from midway_desktop.games.kido_butai.wording import CORNER_TARGETS, PLACES, listed, plural

STAGE_VERBS = {
    SETUP: (ARM, END),
    JAPANESE: (LAUNCH, MOVE, ATTACK, LAND, READY, DESTROY, END),
    STRIKE: (ASSIGN,),
    INTERCEPT_STAGE: (INTERCEPT,),
    OVER: (),
}
ONE_ACTION = "Each squadron may perform only one action per turn (KB › 3)."
# What each verb does, as the subject of "... is not possible now".
DOING = {
    ARM: "Arming bombers",
    LAUNCH: "Launching",
    MOVE: "Flying on to a target",
    ATTACK: "Attacking",
    ASSIGN: "Assigning bombers",
    LAND: "Landing",
    READY: "Readying squadrons",
    DESTROY: "Destroying your own units",
    END: "Ending the phase",
    INTERCEPT: "Intercepting",
}


def check_steps(forces: Forces, state: State, steps: tuple[Step, ...]) -> str | None:
    """Why this list of steps may not be carried out, or ``None``. All or nothing."""
    if not steps:
        return "Give at least one order."
    t = Table(state)
    in_combat: set[int] = set()
    for n, step in enumerate(steps):
        why = refusal(forces, t, step, in_combat)
        if why is not None:
            named = f" ({_said(forces, step)})" if step else ""  # an empty order has no verb to name
            return why if len(steps) == 1 else f"Order {n + 1}{named}: {why}"
        last = n == len(steps) - 1
        if not last and _opens_decision(forces, t, step):
            return (
                f"Order {n + 1} ({_said(forces, step)}) needs luck that decides what comes next, "
                "so it must be the last order."
            )
        carry_out(forces, t, step, None, in_combat)
    return None


def _said(forces: Forces, step: Step) -> str:
    """One step as the player would give it ("Fly Akagi bomber 1 to the southeast corner")."""
    if step[0] not in DOING or any(n not in forces.titles for n in step[2:] if step[0] != ASSIGN):
        return f"'{' '.join(step)}'"
    return step_action(step).describe(forces.titles)


def _opens_decision(forces: Forces, t: Table, step: Step) -> bool:
    """Whether luck in this step decides what may follow: the end of a phase (KB › 2), an
    intercept (KB › 7), or a torpedo attack that may need its bombers assigned (KB › 6.b)."""
    verb = step[0]
    if verb == END:
        return t.stage != SETUP  # ending the set-up needs no luck
    if verb == INTERCEPT:
        return True
    if verb != ATTACK or step[1] == MIDWAY:
        return False
    attackers = attackers_of(forces, t, step)
    if all(forces.fighter[i] for i in attackers):
        return False
    fleet = FLEETS[step[1]]
    if not fleet_split(t):
        return True
    return sum(1 for i in fleet_members(t, fleet) if us_afloat(t, i)) > 1


def refusal(
    forces: Forces, t: State | Table, step: Step, in_combat: set[int] | frozenset[int] = frozenset()
) -> str | None:
    """Why one step is not allowed now, in the rule's words; ``None`` if it is."""
    if len(step) < 2:
        return "Each order is a verb, an argument ('' if none) and the names it applies to."
    if step[0] not in STAGE_VERBS.get(t.stage, ()):
        if step[0] not in DOING:
            return f"There is no order called '{step[0]}'."
        return f"{DOING[step[0]]} is not possible now: {_stage_text(t.stage)}."
    verb = step[0]
    arg = step[1]
    names = step[2:]
    if verb == ASSIGN:
        return _refuse_assign(forces, t, names)
    if len(set(names)) != len(names):
        return "A squadron is named twice."
    if verb == END:
        return refuse_end(forces, t)
    if verb == DESTROY:
        return _refuse_destroy(forces, t, names, in_combat)
    idx = []
    for name in names:
        i = forces.squadron_index.get(name)
        if i is None:
            return f"There is no squadron called '{name}'."
        if t.squadrons[i].where == LOST:
            return f"{forces.titles[name]} has been destroyed."
        idx.append(i)
    names = tuple(forces.titles[n] for n in names)  # from here on, as the player reads them
    if verb == INTERCEPT:
        for i, name in zip(idx, names):
            if t.squadrons[i].where != CAP:
                return f"{name} is not on the CAP box: only the CAP can intercept (KB › 7)."
        return None
    if verb == ATTACK:
        return _refuse_attack(forces, t, arg, idx)
    if not idx:
        return "Name at least one squadron."
    if verb == ARM:
        if arg not in (BOMB, TORPEDO):
            return "Bombers are turned to their bomb or their torpedo side."
        for i, name in zip(idx, names):
            if forces.fighter[i]:
                return f"{name} is a fighter squadron: only bombers carry bombs or torpedoes (KB › 1)."
            if t.squadrons[i].arm == arg:
                return f"{name} already shows its {arg} side (KB › 1)."
        return None
    turn = t.turn
    for i, name in zip(idx, names):
        if t.squadrons[i].acted == turn:
            return f"{name} has already acted this turn. {ONE_ACTION}"
    if verb == LAUNCH:
        return _refuse_launch(forces, t, arg, idx, names)
    if verb == MOVE:
        return _refuse_move(forces, t, arg, idx, names)
    if verb == LAND:
        return _refuse_land(forces, t, arg, idx, names)
    return _refuse_ready(forces, t, arg, idx, names)


def _stage_text(stage: str) -> str:
    return {
        SETUP: "the set-up is under way (arm the bombers, then finish the set-up)",
        JAPANESE: "it is the Japanese phase (KB › 3)",
        STRIKE: "the bombers of the strike must first be assigned to the US carriers (KB › 6.b)",
        INTERCEPT_STAGE: "American torpedo bombers are attacking; choose the CAP squadrons that intercept (KB › 7)",
        OVER: "the game is over",
    }.get(stage, stage)


def _refuse_launch(forces: Forces, t: State | Table, to: str, idx: list[int], names: tuple[str, ...]) -> str | None:
    """KB › 3: ready squadrons launch to the CAP box (fighters only) or the centre."""
    if to not in (CAP, CENTRE):
        return "Squadrons launch to the CAP box or to the centre of the map (KB › 3)."
    for i, name in zip(idx, names):
        sq = t.squadrons[i]
        c = forces.carrier_index.get(sq.where)
        if c is None:
            return f"{name} is not aboard a carrier."
        if sq.facing != EAST:
            return f"{name} is not ready: only squadrons made ready (oriented east) may launch (KB › 3)."
        if to == CAP and not forces.fighter[i]:
            return f"{name} is a bomber: only fighter squadrons may fly combat air patrol (KB › 3)."
        if sq.arm == TORPEDO and not t.reported[0]:
            return (
                f"{name} carries torpedoes: torpedo bombers may not launch before an American fleet "
                "has been sighted (KB › Clarifications to 6)."
            )
        if t.decks[c].landed == t.turn:
            title = forces.japanese[c].title
            return f"{title} took squadrons aboard this turn: a carrier may launch or land, not both (KB › 3)."
    return None


def _refuse_move(forces: Forces, t: State | Table, to: str, idx: list[int], names: tuple[str, ...]) -> str | None:
    """KB › 3, 6: from the centre to the SE corner (Midway) or the NE corner (a US fleet)."""
    if to not in CORNERS:
        return (
            "Squadrons fly from the centre of the map to the northeast corner (a US fleet) "
            "or the southeast corner (the Midway base) (KB › 6)."
        )
    if to == NE_CORNER and not t.reported[0]:
        return "An American fleet can only be attacked once it has been reported (KB › 6)."
    for i, name in zip(idx, names):
        sq = t.squadrons[i]
        if sq.where != CENTRE:
            return (
                f"{name} is not in the centre of the map: squadrons fly on to {CORNER_TARGETS[to]} from there (KB › 3)."
            )
        if sq.facing != EAST:
            return f"{name} is flying home (oriented west) and must land (KB › 3)."
        if to == SE_CORNER and sq.arm == TORPEDO:
            return f"{name} carries torpedoes: only bombers on their bomb side can attack the Midway base (KB › 6)."
        if to == NE_CORNER and sq.arm == BOMB:
            return f"{name} carries bombs: only bombers on their torpedo side can attack an aircraft carrier (KB › 6)."
    return None


def _refuse_attack(forces: Forces, t: State | Table, target: str, idx: list[int]) -> str | None:
    """KB › 3, 6: squadrons that have reached their target attack it."""
    if target not in TARGETS:
        return "Attack Midway, the first US fleet or the second US fleet."
    fleet = FLEETS.get(target, 0)
    if fleet == 1 and not t.reported[0]:
        return "An American fleet can only be attacked once it has been reported (KB › 6)."
    if fleet == 2 and not t.reported[1]:
        return "The second US fleet has not been found: it must be found before it can be attacked (KB › 6)."
    corner = NE_CORNER if fleet else SE_CORNER
    turn = t.turn
    if not idx:
        idx = [i for i, sq in enumerate(t.squadrons) if sq.where == corner and sq.acted != turn]
        if not idx:
            return (
                f"No squadron at {PLACES[corner]} can attack this turn "
                "(squadrons that arrive attack in a later turn, KB › 3)."
            )
    for i in idx:
        sq = t.squadrons[i]
        name = forces.squadrons[i].title
        if sq.where != corner:
            return f"{name} has not reached {PLACES[corner]} (KB › 6)."
        if sq.acted == turn:
            return f"{name} has already acted this turn. {ONE_ACTION}"
    return None


def _refuse_land(forces: Forces, t: State | Table, carrier: str, idx: list[int], names: tuple[str, ...]) -> str | None:
    """KB › 3: land from the centre or CAP on a carrier that has not launched this turn,
    within the number on its counter."""
    c = forces.carrier_index.get(carrier)
    if c is None:
        return f"There is no Japanese carrier called '{carrier}'."
    title = forces.japanese[c].title
    if not afloat(t, c):
        return f"{title} has been sunk."
    if t.decks[c].launched == t.turn:
        return f"{title} launched squadrons this turn: a carrier may launch or land, not both (KB › 3)."
    for i, name in zip(idx, names):
        if t.squadrons[i].where not in (CENTRE, CAP):
            return f"{name} can land only from the centre of the map or the CAP box (KB › 3)."
    room = capacity(forces, t, c) - len(aboard(t, carrier))
    if len(idx) > room:
        side = "reduced" if t.decks[c].hits else "full"
        more = f"room for {plural(room, 'more squadron')}" if room > 0 else "no room left"
        return (
            f"{title} has {more}: no more squadrons aboard than the number on its "
            f"{side} side, {capacity(forces, t, c)} (KB › 3)."
        )
    return None


def _refuse_ready(forces: Forces, t: State | Table, arm: str, idx: list[int], names: tuple[str, ...]) -> str | None:
    """KB › 3: squadrons aboard are made ready by orienting them east; bombers may flip."""
    if arm not in ("", BOMB, TORPEDO):
        return "Bombers are readied with bombs or torpedoes."
    for i, name in zip(idx, names):
        sq = t.squadrons[i]
        if sq.where not in forces.carrier_index:
            return f"{name} is not aboard a carrier: only squadrons on deck are made ready (KB › 3)."
        # Named alone, a squadron is readied as listed: a fighter as it is, a bomber with bombs or
        # torpedoes. In a group the armament is the bombers' (fighters ignore it; "" keeps it).
        if len(idx) == 1 and forces.fighter[i] and arm:
            return f"{name} is a fighter squadron: it carries neither bombs nor torpedoes (KB › 1)."
        if len(idx) == 1 and not forces.fighter[i] and not arm:
            return f"Say whether {name} is readied with bombs or torpedoes (KB › 3)."
        if sq.facing == EAST and (forces.fighter[i] or arm in ("", sq.arm)):
            return f"{name} is already ready: it points east with that armament (KB › 3)."
    return None


def _refuse_destroy(
    forces: Forces, t: State | Table, names: tuple[str, ...], in_combat: set[int] | frozenset[int]
) -> str | None:
    """KB › Clarifications: you may destroy your own units at any time."""
    if not names:
        return "Name the squadrons or carriers to destroy."
    for name in names:
        i = forces.squadron_index.get(name)
        if i is not None:
            if t.squadrons[i].where == LOST:
                return f"{forces.titles[name]} has already been destroyed."
            if i in in_combat:
                return f"{forces.titles[name]} attacks in these orders and cannot be named again in them."
            continue
        c = forces.carrier_index.get(name)
        if c is None:
            return f"There is no Japanese squadron or carrier called '{name}'."
        if not afloat(t, c):
            return f"{forces.japanese[c].title} has already been sunk."
    return None


def refuse_end(forces: Forces, t: State | Table) -> str | None:
    """KB › 3: squadrons oriented west at the start of the turn must land if they can."""
    if t.stage != JAPANESE:
        return None
    late = must_land_now(forces, t)
    if not late:
        return None
    decks = landing_room(forces, t)
    if not decks:
        return None
    who = listed(forces.squadrons[i].title for i in late)
    verb = "was" if len(late) == 1 else "were"
    where = listed(f"{forces.japanese[c].title} ({plural(n, 'place')})" for c, n in decks)
    return (
        f"The phase cannot end yet: {who} {verb} oriented west at the start of the turn and must land "
        f"while a carrier has room (KB › 3). Room aboard: {where}. Drag {'it' if len(late) == 1 else 'them'} "
        "onto a carrier."
    )


def must_land_now(forces: Forces, t: State | Table) -> list[int]:
    """KB › 3: the squadrons in the air that were oriented west at the start of the turn."""
    turn = t.turn
    return [i for i, sq in enumerate(t.squadrons) if sq.where in IN_THE_AIR and must_land(sq, turn)]


def landing_room(forces: Forces, t: State | Table) -> list[tuple[int, int]]:
    """KB › 3: the carriers that may still take squadrons aboard this turn (afloat, not
    launched from this turn), each with the places left on it."""
    out = []
    for c, carrier in enumerate(forces.japanese):
        deck = t.decks[c]
        room = capacity(forces, t, c) - len(aboard(t, carrier.name))
        if deck.hits < 2 and deck.launched != t.turn and room > 0:
            out.append((c, room))
    return out


def _refuse_assign(forces: Forces, t: State | Table, names: tuple[str, ...]) -> str | None:
    """KB › 6.b: every bomber of the strike is assigned to one US carrier afloat."""
    pending = t.pending
    if not isinstance(pending, Strike):
        return "No strike is waiting for its bombers to be assigned."
    ships = [i for i in fleet_members(t, pending.fleet) if us_afloat(t, i)]
    if len(names) != len(ships):
        titles = ", ".join(forces.american[i].title for i in ships)
        return f"Give one number of bombers for each carrier of the fleet: {titles}."
    if not all(n.isdigit() for n in names):
        return "Numbers of bombers are whole numbers, zero or more."
    if sum(int(n) for n in names) != len(pending.bombers):
        return f"Assign all {plural(len(pending.bombers), 'bomber')} that got through (KB › 6.b)."
    return None
