"""The turn sequence as data, and the steps that run by themselves (VaM › The Turn Sequence).

Sealed steps (``secret``) collect both sides' orders before anything is revealed. Who is asked
in a step is worked out only from what both players know (the turn, day or night, the optional
rules, announced facts such as Japanese troops ashore or this turn's search results), never
from one side's hidden units: a side with nothing it could order is asked all the same and
seals with no orders, so neither the handovers nor the "sealed" lines tell the other side
anything. The search announcement and results, the rolls for finding the enemy and the end
phase (fog roll, airfield shut-down, next turn) need no decisions and run as soon as the step
before them is complete. The Ship-to-Ship Combat Phase is four steps (submarine attacks, surface
battles, bombardment, invasion), announced US first. Night turns (6, 7, 13, 14, 20, 21) have no
air operations, no air searches, no bombardment and no invasion combat.

Two runs of sealed steps follow one another with nothing done or told between them (:data:`RUNS`):
the Ship Movement Phase, the Midway Air Strike Assignment and the Search Assignment Segment; and
the Air Preparation and Air Return Phases. A side that seals one step of a run goes on at once to
the next step of the run it is asked in (as players behind their screens would), without waiting
for the other side to seal: hot-seat players each play a run at one sitting. Safe because (tests
hold each point): ending the Ship Movement Phase only closes the Kure base if ST11 has left it (a
Japanese fact, told to Japan alone, that changes no order of the run: the Kure searches look at
ST11 itself, and a base once begun is not begun again); ending the Midway Air Strike Assignment
and the Air Preparation Phase only begins the next step; and each order of these steps reads and
changes only its own side's part of the position (its ships and boxes, its aircraft and their
flights, its searches, its bases' room), so a side's orders of a later step and the other side's
of an earlier one come to the same position and the same words in either order. A side skips a
step of the run it is not asked in, as the sequence would (the US the Midway Air Strike
Assignment until Japanese troops are ashore, see :func:`actors`). Two orders are told aloud to
both sides, and a side never goes on to a step where it could give one (:func:`told_aloud`,
decided on what both players know): Japan's announcement that ST11 begins the Kure base (Search
Assignment Segment, optional Seaplane Tenders) and its Reserve Zekes (Air Return Phase,
optional). The solitaire game keeps the plain sequence (the doctrine gives Japan's orders the
moment Japan is asked, and there is no handover to save). Each side gives its orders in the
position as it stands at its own step (:func:`as_played_by`).
"""

from __future__ import annotations

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Phase
from midway_desktop.games.victory_at_midway import air, naval
from midway_desktop.games.victory_at_midway import battle as battles
from midway_desktop.games.victory_at_midway.search import KURE, ST11, resolve_searches
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    SHIP_OFF_MAP,
    SIDES,
    TO_ACT,
    US,
    Game,
    State,
    evolve,
    side_name,
)
from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE
from midway_desktop.games.victory_at_midway.victory import midway_controller, side_gone, solitaire_end

FOG_CLEARS = 1  # VaM › Fog: on a 1 fair weather returns for the rest of the game

_P = (
    Phase("setup", "Set-up", SIDES, "VaM › Setup", secret=True),
    Phase("ship-movement", "Ship Movement Phase", SIDES, "VaM › Ship Movement", secret=True),
    Phase("midway-strike", "Midway Air Strike Assignment", SIDES, "VaM › Midway Base Strikes", secret=True),
    Phase("search", "Search Phase: Search Assignment Segment", SIDES, "VaM › Assigning Searches", secret=True),
    Phase("search-announcement", "Search Announcement Segment (US first)", (), "VaM › Declaring Searches"),
    Phase("search-results", "Search Results Segment (US first)", (), "VaM › Announcing Search Results"),
    Phase("air-strikes", "Air Strike Assignment Phase", SIDES, "VaM › Other Air Strike Missions", secret=True),
    Phase("strike-resolution", "Air Strike Resolution Phase (US first)", SIDES, "VaM › Resolving Air Strikes"),
    Phase("cap", "Air Strike: Combat Air Patrol", SIDES, "VaM › Resolving Air Strikes"),
    Phase("air-targets", "Air-to-Air Combat Segment", SIDES, "VaM › Air-to-Air Combat"),
    Phase("return-fire", "Air-to-Air Combat: Return Fire", SIDES, "VaM › Return Fire"),
    Phase("aa-targets", "Anti-Aircraft Fire Segment", SIDES, "VaM › Anti-Aircraft Fire"),
    Phase("bomb-targets", "Air-to-Surface Combat Segment", SIDES, "VaM › Bombing"),
    Phase("airfield-losses", "Midway Airfield Damage", (US,), "VaM › Midway Airfield Damage"),
    Phase("air-preparation", "Air Preparation Phase", SIDES, "VaM › Ready/Not Ready", secret=True),
    Phase("air-return", "Air Return Phase", SIDES, "VaM › Strike and Escort Aircraft Retrieval", secret=True),
    Phase("sub-attacks", "Submarine Attack Segment (US announces first)", SIDES, "VaM › Optional Rules › Submarines"),
    Phase("screen-targets", "Submarine Attack: destroyer screening", SIDES, "VaM › Optional Rules › Submarines"),
    Phase("sub-targets", "Submarine Attack: submarine fire", SIDES, "VaM › Optional Rules › Submarines"),
    Phase("surface-combat", "Surface Battle Segment (US announces first)", SIDES,
          "VaM › Naval Combat › Surface Combat"),
    Phase("surface-targets", "Surface Battle: defensive, then offensive fire", SIDES,
          "VaM › Naval Combat › Defensive Fire, Offensive Fire"),
    Phase("bombardment", "Midway Bombardment Segment (US announces first)", SIDES,
          "VaM › Optional Rules › Midway Bombardment"),
    Phase("bombard-targets", "Midway Bombardment: ship fire", SIDES, "VaM › Optional Rules › Midway Bombardment"),
    Phase("invasion", "Midway Invasion Combat Segment: landings", (JAPAN,), "VaM › Invasion Combat"),
    Phase("ground-targets", "Invasion Combat (US defenders fire first)", SIDES,
          "VaM › Invasion Combat › Invasion Combat (Resolution)"),
    Phase("end", "End Phase", (), "VaM › The Turn Sequence › End Phase; Optional Rules › Fog"),
    Phase("over", "Game over", (), "VaM › How to Win › Ending a Game"),
)  # fmt: skip
PHASES: dict[str, Phase] = {p.name: p for p in _P}
SECRET = frozenset(p.name for p in _P if p.secret)
BATTLE_STAGES = (
    "cap", "air-targets", "return-fire", "aa-targets", "bomb-targets", "airfield-losses", "screen-targets",
    "sub-targets", "surface-targets", "bombard-targets", "ground-targets",
)  # fmt: skip

# One turn, in order. Steps without actors run by themselves.
TURN = (
    "ship-movement",
    "midway-strike",
    "search",
    "air-strikes",
    "strike-resolution",
    "air-preparation",
    "air-return",
    "sub-attacks",
    "surface-combat",
    "bombardment",
    "invasion",
    "end",
)


# Runs of sealed steps a side plays one after another without waiting for the other side (see above).
RUNS: tuple[tuple[str, ...], ...] = (("ship-movement", "midway-strike", "search"), ("air-preparation", "air-return"))
RUN_STEPS = frozenset(step for run in RUNS for step in run)
_RUN_OF = {step: run for run in RUNS for step in run}


def applies(game: Game, state: State, step: str) -> bool:
    """VaM › The Turn Sequence: whether a step of the sequence happens this turn (air steps by day,
    air preparation after the first turn, optional segments only with their rule). Decided only
    on what both players know."""
    day = not game.night(state)
    if step in ("midway-strike", "air-strikes", "strike-resolution"):
        return day  # VaM › Air Operations: aircraft fly only on daylight turns
    if step == "air-preparation":
        return state.turn > 1  # "every turn after the first"
    if step == "air-return":
        return bool(actors(game, state, step))
    if step == "sub-attacks":
        return state.opt("submarines")  # VaM › Submarines (optional)
    if step == "surface-combat":
        return not state.solitaire  # VaM › Solitaire Play › No Surface Combat
    if step == "bombardment":
        return day and state.opt("midway-bombardment")  # daylight only
    if step == "invasion":
        return day  # invasion combat never takes place at night
    return True


def actors(game: Game, state: State, step: str) -> tuple[str, ...]:
    """VaM › The Turn Sequence: the sides asked in ``step``, in order (announcements US first).
    Only facts both players know decide it: a side that might have something to order is asked
    whether or not it has, so being asked (or the other side being asked) tells nothing.

    - Midway Air Strike Assignment: Japan; the US too once Japanese troops are ashore on Midway
      (announced when they land), the only target of US base strikes.
    - Air Return Phase: both by day; at night nobody flies, so only Japan, for its reserve Zekes
      (optional, each of the two used once a game, announced).
    - Surface Battle Segment: a side with a hex where this turn's announced search results showed
      ships of both sides (not yet fought, not in fog); whether its own ships are there is its secret.
    - Midway Bombardment Segment: a side with the enemy's ground units on the atoll, not in fog,
      not yet announced this turn; whether it has BB or CA units there is its secret.
    """
    if step == "midway-strike":
        return SIDES if game.ground_on_midway(state, JAPAN) else (JAPAN,)
    if step == "air-return":
        if not game.night(state):
            return SIDES
        return (JAPAN,) if air.reserves_left(state) else ()
    if step == "surface-combat":
        return tuple(s for s in SIDES if naval.surface_candidates(game, state, s))
    if step == "bombardment":
        return tuple(s for s in SIDES if naval.may_bombard(game, state, s))
    return PHASES[step].actors


def to_act(game: Game, state: State) -> tuple[str, ...]:
    """VaM › The Turn Sequence: who must act now (sealed steps: each side asked in the step that
    has not sealed; announcements: US first, then Japan). Kept with the position (which never
    changes; ``evolve`` leaves it behind)."""
    d = state.__dict__
    found = d.get(TO_ACT)
    if found is None:
        found = d[TO_ACT] = _to_act(game, state)
    return found  # type: ignore[no-any-return]


def _to_act(game: Game, state: State) -> tuple[str, ...]:
    if state.step == "over":
        return ()
    if state.battle is not None:
        return (state.battle.actor,)
    step = state.step
    if step == "strike-resolution":
        side = resolving_side(game, state)
        return (side,) if side else ()
    if step in naval.NAVAL_STEPS:
        for s in actors(game, state, step):
            if s not in state.sealed:
                return (s,)
        return ()
    if state.ahead and step in SECRET:
        # Sides still in the step first, then those gone on to a later step of its run.
        gone = {s for s, _t in state.ahead}
        here = tuple(s for s in actors(game, state, step) if s not in gone and s not in state.sealed)
        return here + tuple(s for s in SIDES if s in gone and s not in state.sealed)
    if step in SECRET:
        if step in _FIXED:
            k = (step, state.sealed)
            found = _LEFT.get(k)
            if found is None:
                found = _LEFT[k] = tuple(s for s in PHASES[step].actors if s not in state.sealed)
            return found
        return tuple(s for s in actors(game, state, step) if s not in state.sealed)
    return ()


# Sealed steps whose actors never change (the others: see ``actors``), and the actors still to
# seal in them, by step and the sides that have sealed (a handful of keys).
_FIXED = frozenset({"setup", "ship-movement", "search", "air-strikes", "air-preparation"})
_LEFT: dict[tuple[str, frozenset[str]], tuple[str, ...]] = {}


def phase(game: Game, state: State) -> Phase:
    """VaM › The Turn Sequence: the current step (or battle segment) with its actors."""
    name = state.battle.stage if state.battle is not None else state.step
    return evolve(PHASES[name], actors=to_act(game, state))


def resolving_side(game: Game, state: State) -> str | None:
    """VaM › Air Strike Resolution Phase: the US resolves its strikes first, then Japan."""
    for side in SIDES:
        if battles.strike_keys(game, state, side):
            return side
    return None


def told_aloud(state: State, side: str, step: str) -> bool:
    """Whether ``side`` may give an order in ``step`` that is told to both sides (so it does not go
    on to that step before the other side has sealed the steps before it): Japan's announcement
    that ST11 begins the Kure base (VaM › Seaplane Tenders) and its Reserve Zekes (VaM › Reserve
    Zekes). Decided only on what both players know (the options, the announcements made)."""
    if side != JAPAN:
        return False
    if step == "search":
        return state.opt("seaplane-tenders") and not state.kure
    if step == "air-return":
        return air.reserves_left(state)
    return False


def next_own(game: Game, state: State, side: str, step: str) -> str | None:
    """The step ``side`` goes on to when it seals ``step``: the next step of the run (see
    :data:`RUNS`) that takes place this turn and asks it, skipping those that do not ask it;
    ``None`` if there is none (or it is one where the side could speak aloud, or the game is
    solitaire): the side then waits for the other to seal."""
    run = _RUN_OF.get(step)
    if run is None or state.solitaire:
        return None
    for later in run[run.index(step) + 1 :]:
        if applies(game, state, later) and side in actors(game, state, later):
            return None if told_aloud(state, side, later) else later
    return None


def own_step(state: State, side: str) -> str:
    """The step ``side`` gives its orders in: the current one, or a later step of its run it has
    gone on to (see :data:`RUNS`)."""
    for s, step in state.ahead:
        if s == side:
            return step
    return state.step


def as_known(game: Game, state: State) -> State:
    """The position at the current step, a side gone on to a later step counted as having sealed
    this one if it was asked in it (it has; a step it was not asked in it passed by): what the
    umpire sees, and what a side still in the step plays in. The same position as the plain
    sequence gives after the same orders."""
    if not state.ahead:
        return state
    asked = actors(game, state, state.step)
    gone = {s for s, _t in state.ahead if s in asked}
    return evolve(state, sealed=state.sealed | gone, ahead=())


def as_played_by(game: Game, state: State, side: str) -> State:
    """The position as ``side`` knows it and gives its orders in it: at its own step. A side gone
    on to a later step of a run plays it as if the step had begun (the other side, still in an
    earlier one, has sealed nothing of it); a side still in the current step sees the other as
    sealed (:func:`as_known`). Each side's orders given so far are in it, the other side's hidden
    as in any view. The same position whenever no side is ahead (so, always outside :data:`RUNS`)."""
    if not state.ahead:
        return state
    mine = own_step(state, side)
    if mine == state.step or side not in SIDES:
        return as_known(game, state)
    return evolve(state, step=mine, sealed=state.sealed & {side}, ahead=())


def seal_own(game: Game, state: State, side: str, events: list[Event]) -> State:
    """``side`` seals its own step of a run: it goes on to the next it is asked in (see
    :func:`next_own`), or else waits, sealed. The current step ends as soon as no side is left
    in it, and so on (see :func:`_catch_up`)."""
    later = next_own(game, state, side, own_step(state, side))
    if later is None:
        state = evolve(state, sealed=state.sealed | {side})
    else:
        state = evolve(state, ahead=(*((s, t) for s, t in state.ahead if s != side), (side, later)))
    return _catch_up(game, state, events)


def _catch_up(game: Game, state: State, events: list[Event]) -> State:
    """While some side is ahead and every side the current step asks has gone on or sealed, the
    step ends as ``leave`` would end it (the Ship Movement Phase closes the Kure base if ST11 has
    left it; the others do nothing), and the next that takes place begins, keeping the orders
    already given in it (``begin`` would clear this turn's searches: there are none but those
    of a side ahead). Once no side is ahead, the plain sequence goes on (``settle``)."""
    while state.ahead:
        step = state.step
        gone = {s for s, _t in state.ahead}
        if any(s not in gone and s not in state.sealed for s in actors(game, state, step)):
            return state
        if step == "ship-movement":
            state = kure_check(game, state, events)
        i = TURN.index(step) + 1
        while not applies(game, state, TURN[i]):
            i += 1
        nxt = TURN[i]
        state = evolve(
            state, step=nxt, sealed=state.sealed & gone, ahead=tuple((s, t) for s, t in state.ahead if t != nxt)
        )
    return state


def begin(game: Game, state: State, step: str) -> State:
    """VaM › The Turn Sequence: start a step with no orders sealed yet."""
    if step == "search":
        return opened(evolve(state, step=step, sealed=frozenset(), searches=(), announced=False))
    return opened(evolve(state, step=step, sealed=frozenset()))


def opened(state: State) -> State:
    """``state`` keeping itself as its step's start if the step is sealed (VaM › The Turn
    Sequence: its orders are secret until all are given), so the odds can take the other side's
    unrevealed orders back out (``hidden.before_the_reveal``); outside sealed steps, nothing."""
    if state.step not in SECRET or state.battle is not None:
        return state if state.step_start is None else evolve(state, step_start=None)
    start = evolve(state, step_start=None)
    return evolve(start, step_start=start)


def settle(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Run every step that needs no decision until a side must act or the game ends."""
    while True:
        if state.conceded:
            return evolve(state, step="over", battle=None, ahead=())
        if state.step == "over" or state.battle is not None:
            return state
        if to_act(game, state):
            if state.step == "strike-resolution":
                side = resolving_side(game, state)
                keys = battles.strike_keys(game, state, side) if side else []
                if len(keys) == 1:  # only one strike left: no order to choose
                    state = battles.start(game, state, side, keys[0][0], keys[0][1], rng, events)  # type: ignore[arg-type]
                    continue
            return state
        if state.step in naval.NAVAL_STEPS and naval.pending(game, state):
            state = naval.next_battle(game, state, rng, events)
            continue
        state = leave(game, state, rng, events)


def leave(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Finish the current step and start the next one that applies."""
    step = state.step
    if step == "setup":
        events.append(Event("turn", "Both sides have set up. Turn 1 begins.", data={"turn": 1}))
        return begin(game, evolve(state, turn=1), "ship-movement")
    if step == "ship-movement":
        state = kure_check(game, state, events)
    if step == "search" and not state.announced:
        state = resolve_searches(game, state, rng, events)
    if step == "invasion" and state.solitaire and midway_controller(game, state) == JAPAN:
        events.append(Event("turn", "Midway is in Japanese hands: the solitaire game ends."))
        return evolve(state, step="over", ended="Midway captured")
    if step == "end":
        return end_of_turn(game, state, rng, events)
    i = TURN.index(step) + 1
    while not applies(game, state, TURN[i]):
        i += 1
    return begin(game, state, TURN[i])


def kure_check(game: Game, state: State, events: list[Event]) -> State:
    """VaM › Seaplane Tenders: once ST11 leaves Kure or is eliminated, the base is closed for good."""
    if state.kure and not state.kure_closed and game.u(state, ST11).loc != KURE:
        events.append(Event("kure", "The Kure seaplane base is closed for good.", (JAPAN,)))
        return evolve(state, kure_closed=True)
    return state


def shut_airfield(game: Game, state: State, events: list[Event]) -> State:
    """VaM › Airfield Shut Down: at the end of the first turn Japanese ground units land, the
    airfield's capacity drops to zero for good and every plane there is destroyed."""
    if state.airfield_closed or not state.landed or state.landed > state.turn:
        return state
    units = list(state.units)
    lost = []
    for a, i in game._planes[US]:
        st = units[i]
        if st.base == MIDWAY_BASE and st.loc in ("ready", "notready", "notready2"):
            units[i] = evolve(st, loc="lost")
            lost.append(a)
    events.append(Event("airfield", "Midway's airfield is shut down for good.", data={"capacity": 0}))
    if lost:
        events.append(Event("aircraft-lost", f"{', '.join(lost)} are destroyed on Midway's field.", (US,),
                            {"units": lost}))  # fmt: skip
    return evolve(state, units=tuple(units), airfield_closed=True)


def end_of_turn(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › End Phase: the airfield shut-down, the optional fog roll, then the next turn; the
    game ends after Turn 25, when a new turn starts with one side having no units left in play,
    or (solitaire) when two US or five Japanese carriers are gone."""
    state = shut_airfield(game, state, events)
    state = kure_check(game, state, events)
    if state.fog:
        die = rng.die(10)
        clears = die == FOG_CLEARS
        events.append(roll_event(f"Fog roll ({'fair weather returns' if clears else 'the fog stays'})", [die], 10))
        if clears:
            state = evolve(state, fog=False)
    if state.solitaire:
        why = solitaire_end(game, state)
        if why:
            events.append(Event("turn", f"The turn ends with {why}: the solitaire game ends."))
            return evolve(state, step="over", ended=why)
    if state.turn >= game.cat.turns.last:
        return evolve(state, step="over", ended=f"end of Turn {state.turn}")
    state = evolve(
        state, turn=state.turn + 1, searches=(), announced=False, declared=(), resolved=(), engaged=frozenset()
    )
    for side in SIDES:
        if side_gone(game, state, side):
            events.append(Event("turn", f"{side_name(side)} has no units left in play: the game ends."))
            return evolve(state, step="over", ended=f"{side_name(side)} has no units left")
    night = " (night)" if game.night(state) else ""
    events.append(
        Event("turn", f"Turn {state.turn}{night}, {game.cat.turns.date(state.turn)}.", data={"turn": state.turn})
    )
    return begin(game, state, "ship-movement")


__all__ = [
    "BATTLE_STAGES",
    "PHASES",
    "SECRET",
    "SHIP_OFF_MAP",
    "TURN",
    "actors",
    "RUNS",
    "RUN_STEPS",
    "applies",
    "opened",
    "as_known",
    "as_played_by",
    "next_own",
    "own_step",
    "phase",
    "seal_own",
    "settle",
    "to_act",
    "told_aloud",
]
