"""The Sequence of Play as data, and the steps that run by themselves (CV › Basic IV).

A Turn: A. Plane Readiness and Air Unit Organization Phase (Plane Ready Step, Form Air Units
Step; simultaneous), B. Ship Plotting and Movement Phase (Plot Ship Movement Step, simultaneous;
Ship Unit Movement and Shadowing Step; Ground Unit Unloading Step), C. Air Unit Initiative Roll
Phase, D. Air Unit Movement Phase (each side in turn, the initiative winner first: Landing,
Normal Air Unit Movement and Take Off Steps), E. Combat Phase, F. Midway Base Repair Phase,
G. Victory Points Counting Phase, H. Time Record Phase.

Simultaneous steps are sealed: each side's orders are its own until both have sealed (VaM's way
on the engine). Who is asked never depends on hidden things: both sides are asked in every
simultaneous step, whether or not they have anything to order. The one exception is VIII.I.2
(``passing``): in the middle of a move, the side not moving is asked only when its Interceptors
may attack the Air unit flying through, as a player across the table would speak up.

The Plane Ready, Form Air Units and Plot Ship Movement Steps (:data:`PRIVATE`) follow one another
with nothing done or told between them, so a side that has sealed one goes on to the next at
once, as players behind their screens would, without waiting for the other side to seal: hot-seat
players each play the three at one sitting. Safe because (a test holds each point): leaving the
first two steps only begins the next (no work, no event); and each order of the three steps reads
and changes only its own side's part of the position (its boxes, Air units being formed, plots,
Transfers, Shadowing orders and announcements) besides what does not change in them (the enemy
ships' hexes it may shadow), so a side's orders of a later step and the other side's of an earlier
one come to the same position and the same words in either order. Each side gives its orders in
the position as it stands at its own step (:func:`as_played_by`), and is shown the enemy's ships
as they stood when the three steps began until the moves reveal them (:func:`on_table`: a side's
reorganizations stay behind its screen; so, in the set-up, does all of it).

The Combat Phase runs its Battles and their Combat Steps from ``combat.STEPS``.
"""

from __future__ import annotations

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Phase
from midway_desktop.games.cv import air, combat
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.movement import resolve_movement, unload_troops
from midway_desktop.games.cv.state import (
    SIDES,
    AirUnit,
    BaseBox,
    State,
    TaskForce,
    evolve,
    other,
    side_name,
)
from midway_desktop.games.cv.victory import count_points, final_points

_P = (
    Phase("set-up", "Set-up: Plot Map and Holding Box Charts", SIDES, "CV › Set Up III-IV", secret=True),
    Phase("plane-ready", "Plane Readiness and Air Unit Organization Phase: Plane Ready Step", SIDES,
          "CV › Basic IV.A.1, IV.B", secret=True),
    Phase("form-air-units", "Plane Readiness and Air Unit Organization Phase: Form Air Units Step", SIDES,
          "CV › Basic IV.A.2", secret=True),
    Phase("ship-plotting", "Ship Plotting and Movement Phase: Plot Ship Movement Step", SIDES,
          "CV › Basic VI.A.1", secret=True),
    Phase("ship-movement", "Ship Plotting and Movement Phase: Ship Unit Movement and Shadowing Step", (),
          "CV › Basic VI.A.2"),
    Phase("ground-unloading", "Ship Plotting and Movement Phase: Ground Unit Unloading Step", (),
          "CV › Basic VI.A.3"),
    Phase("initiative", "Air Unit Initiative Roll Phase", (), "CV › Basic VII"),
    Phase("landing", "Air Unit Movement Phase: Landing Step", SIDES, "CV › Basic VIII.A.1"),
    Phase("air-move", "Air Unit Movement Phase: Normal Air Unit Movement Step", SIDES, "CV › Basic VIII.A.2"),
    Phase("take-off", "Air Unit Movement Phase: Take Off Step", SIDES, "CV › Basic VIII.A.3"),
    Phase("combat", "Combat Phase", (), "CV › Basic IX"),
    *(Phase(c.name, c.title, SIDES if c.sealed else (), c.rule, secret=c.sealed) for c in combat.STEPS),
    Phase("midway-repair", "Midway Base Repair Phase", (), "CV › Basic X"),
    Phase("victory-points", "Victory Points Counting Phase", (), "CV › Basic XI"),
    Phase("time-record", "Time Record Phase", (), "CV › Basic XII"),
    Phase("over", "Game over", (), "CV › Basic XII.C"),
)  # fmt: skip
PHASES: dict[str, Phase] = {p.name: p for p in _P}
SECRET = frozenset(p.name for p in _P if p.secret)
# Sealed steps a side plays one after the other without waiting for the other side (see above).
PRIVATE = ("plane-ready", "form-air-units", "ship-plotting")
AIR_STEPS = ("landing", "air-move", "take-off")
TURN = (
    "plane-ready",
    "form-air-units",
    "ship-plotting",
    "ship-movement",
    "ground-unloading",
    "initiative",
    "landing",
    "air-move",
    "take-off",
    "combat",
    "midway-repair",
    "victory-points",
    "time-record",
)


def to_act(state: State) -> tuple[str, ...]:
    """Who must act now: in a sealed step each side that has not sealed its own step (a side
    gone on to a later :data:`PRIVATE` step after the sides still in this one); in the Air Unit
    Movement Phase the side moving, or the other side while one of the mover's Air units is
    stopped flying through a hex of its Interceptors (VIII.I.2)."""
    if state.passing is not None:
        return (other(state.passing.side),)
    if state.step in SECRET:
        if state.ahead:
            gone = {s for s, _ in state.ahead}
            here = tuple(s for s in SIDES if s not in gone and s not in state.sealed)
            return here + tuple(s for s in SIDES if s in gone and s not in state.sealed)
        return tuple(s for s in SIDES if s not in state.sealed)
    if state.step in AIR_STEPS:
        return (state.initiative[state.mover],)
    return ()


def phase(state: State) -> Phase:
    return evolve(PHASES[state.step], actors=to_act(state))


def own_step(state: State, side: str) -> str:
    """The step ``side`` gives its orders in: the current one, or a later :data:`PRIVATE` step it
    has gone on to."""
    for s, step in state.ahead:
        if s == side:
            return step
    return state.step


def as_known(state: State) -> State:
    """The position at the current step, a side gone on to a later step counted as having sealed
    this one (as it has): what the umpire sees, and the side still in the step plays in."""
    if not state.ahead:
        return state
    return evolve(state, sealed=state.sealed | {s for s, _ in state.ahead}, ahead=())


def as_played_by(state: State, side: str) -> State:
    """The position as ``side`` gives its orders in it: at its own step. A side gone on to a later
    :data:`PRIVATE` step plays it as if the step had begun (the other side, still in an earlier
    one, has sealed nothing of it); a side still in the current step sees the other as sealed.
    The same position whenever no side is ahead."""
    if not state.ahead:
        return state
    mine = own_step(state, side)
    if mine == state.step or side not in SIDES:
        return as_known(state)
    return evolve(state, step=mine, sealed=state.sealed & {side}, ahead=())


def seal_private(state: State, side: str) -> State:
    """``side`` seals its own :data:`PRIVATE` step: it goes on to the next (the last it seals and
    waits in); the current step ends as soon as no side is left in it, and so on, nothing done
    between (leaving these steps only begins the next: see ``leave``)."""
    mine = own_step(state, side)
    i = PRIVATE.index(mine)
    rest = tuple((s, t) for s, t in state.ahead if s != side)
    if i + 1 == len(PRIVATE):
        state = evolve(state, sealed=state.sealed | {side})
    else:
        state = evolve(state, ahead=(*rest, (side, PRIVATE[i + 1])))
    while state.step in PRIVATE[:-1] and all(own_step(state, s) != state.step for s in SIDES):
        step = PRIVATE[PRIVATE.index(state.step) + 1]
        state = evolve(state, step=step, ahead=tuple((s, t) for s, t in state.ahead if t != step))
    return state


def settle(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Run every step that needs no decision until a side must act or the game ends."""
    while state.step != "over" and not to_act(state):
        state = leave(game, state, rng, events)
    return state


def _next(state: State, step: str) -> State:
    """Begin ``step``; the private steps begin with the Task Forces as they stand on the table."""
    table = state.task_forces if step == PRIVATE[0] else state.table if step in PRIVATE else None
    return evolve(state, step=step, sealed=frozenset(), ahead=(), table=table)


def on_table(state: State, viewer: str) -> State:
    """The position as ``viewer`` may know the enemy's ships while sealed steps are under way:
    against the enemy's Task Forces as revealed so far, never its unrevealed placements or
    orders. In the set-up nothing of the enemy is on the mapboard yet (Set Up IV: the Plot Maps
    are marked in secret; Basic IV: play begins when all set up is completed). In the private
    steps its Task Forces stand as they did when the Plane Ready Step began (its
    reorganizations, Basic VI.C, are revealed with its moves in the Ship Unit Movement Step,
    VI.A.2), but for its Unorganized Ship units: counters on the mapboard, always observed, put
    there or taken off in sight of both (VI.D). Elsewhere the position itself. The viewer's own
    part is always as it stands."""
    enemy = other(viewer)
    if state.step == "set-up":
        shown: tuple[TaskForce, ...] = ()
    elif state.step in PRIVATE and state.table is not None:
        loose = tuple(t for t in state.task_forces if t.side == enemy and t.unorganized)
        out = {s for t in loose for s in t.ships}
        boxed = (t for t in state.table if t.side == enemy and not t.unorganized)
        kept = (evolve(t, ships=tuple(s for s in t.ships if s not in out)) for t in boxed)
        shown = (*(t for t in kept if t.ships), *loose)
    else:
        return state
    mine = tuple(t for t in state.task_forces if t.side != enemy)
    return evolve(state, task_forces=tuple(sorted((*mine, *shown), key=lambda t: (t.side, t.number))))


def leave(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Finish the current step (its own work, if it has any) and begin the next."""
    step = state.step
    if step == "combat" or step in combat.BY_NAME:
        return combat.advance(game, state, rng, events)
    if step == "set-up":
        events.append(Event("turn", f"Both sides have set up. The game begins at {state.time}.", data=_when(state)))
        return _next(state, TURN[0])
    if step == "ship-movement":
        state = resolve_movement(game, state, events, rng)
    elif step == "ground-unloading":
        state = unload_troops(game, state, events)
    elif step == "initiative":
        state = roll_initiative(state, rng, events)
        return _next(air.land_returning(game, state, events), "landing")
    elif step == "take-off":
        return finish_air_portion(game, state, events)
    elif step == "midway-repair":
        state = repair_midway(game, state, events)
    elif step == "victory-points":
        state = count_points(game, state, events)
    elif step == "time-record":
        return advance_time(game, state, events)
    return _next(state, TURN[TURN.index(step) + 1])


def finish_air_portion(game: Game, state: State, events: list[Event]) -> State:
    """The moving side ends its Take Off Step: waiting Air units take off; then the other side
    moves, or (both done) the phase ends and planes out of endurance are lost (VIII.E.2)."""
    side = state.initiative[state.mover]
    state = air.take_off_waiting(game, state, side, events)
    if state.mover + 1 < len(state.initiative):
        return evolve(state, step="landing", mover=state.mover + 1, sealed=frozenset())
    state = air.out_of_endurance(game, state, events)
    return _next(state, "combat")


def roll_initiative(state: State, rng: Rng, events: list[Event]) -> State:
    """Basic VII: each side rolls one die, ties rolled again; the high roll moves first."""
    while True:
        rolls = {side: rng.die(6) for side in SIDES}
        for side in SIDES:
            events.append(roll_event(f"Air Unit Initiative ({side_name(side)})", [rolls[side]], side=side))
        a, b = SIDES
        if rolls[a] != rolls[b]:
            first = a if rolls[a] > rolls[b] else b
            text = f"The {side_name(first)} side moves first in the Air Unit Movement Phase."
            events.append(Event("initiative", text, data={"first": first}))
            return evolve(state, initiative=(first, other(first)), mover=0)
        events.append(Event("initiative", "The initiative rolls tie: both roll again.", data={}))


def repair_midway(game: Game, state: State, events: list[Event]) -> State:
    """Basic X: a Base unit on the mapboard not bombed, bombarded or fought over this Turn
    repairs one Hit, if it has any."""
    for base in state.bases:
        if base.hex is None or base.hex != game.midway:
            continue
        # (``attacked``: Bombing, Bombardment or Ground Combat this Turn)
        left = game.data.bases.repaired(base.hits, bombed=base.attacked, bombarded=False, ground_combat=False)
        if left != base.hits:
            state = state.with_box(evolve(base, hits=left))
            events.append(Event("repair", f"{game.bases[base.id].title} repairs one Hit ({left} left).",
                                (base.side,), {"side": base.side}))  # fmt: skip
    return state


def advance_time(game: Game, state: State, events: list[Event]) -> State:
    """Basic XII: the Turn unit moves one box (after 2400, the Day unit one box and the Turn
    unit to 0100); the game ends after the scenario's last Turn. Sunrise and Sunset are told
    (III.F)."""
    if state.time >= state.last:
        events.append(Event("turn", f"The {state.time} Turn was the last: the game ends.", data=_when(state)))
        return evolve(final_points(game, state, events), step="over", sealed=frozenset())
    record = game.data.charts.time_record
    was_night = record.is_night(state.time)
    state = new_turn(evolve(state, time=state.time.plus(1)))
    night = record.is_night(state.time)
    change = " Sunrise." if was_night and not night else " Sunset." if night and not was_night else ""
    events.append(Event("turn", f"The {state.time} Turn begins.{change}", data=_when(state)))
    return _next(state, TURN[0])


def new_turn(state: State) -> State:
    """What lasts one Turn only is cleared: sections entered, factors readied and launched,
    Air units moved or carried, Task Forces entered, bases attacked, the initiative."""

    def box(b: TaskForce | BaseBox) -> TaskForce | BaseBox:
        if isinstance(b, TaskForce):
            return evolve(b, planes=b.planes.settled(), readied=0, launched=0)
        return evolve(b, planes=b.planes.settled(), readied=0, launched=0, attacked=False)

    def unit(u: AirUnit) -> AirUnit:
        return evolve(u, moved=False, carried=0)

    return evolve(
        state,
        task_forces=tuple(box(t) for t in state.task_forces),  # type: ignore[misc]
        bases=tuple(box(b) for b in state.bases),  # type: ignore[misc]
        air_units=tuple(unit(u) for u in state.air_units),
        initiative=(),
        mover=0,
        plots=(),
        sightings=(),
        contacts=(),
    )


def _when(state: State) -> dict[str, int]:
    return {"day": state.time.day, "hour": state.time.hour}
