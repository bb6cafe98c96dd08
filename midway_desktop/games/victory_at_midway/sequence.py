"""The turn sequence as data, and the steps that run by themselves (VaM › The Turn Sequence).

Sealed steps (``secret``) collect both sides' orders before anything is revealed. The search
announcement and results, the rolls for finding the enemy and the end phase (fog roll, next
turn) need no decisions and run as soon as the step before them is complete. Night turns
(6, 7, 13, 14, 20, 21) have no air operations and no air searches.
"""

from __future__ import annotations

from dataclasses import replace

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Phase
from midway_desktop.games.victory_at_midway import battle as battles
from midway_desktop.games.victory_at_midway.search import resolve_searches
from midway_desktop.games.victory_at_midway.state import JAPAN, SIDES, US, Game, State, side_name
from midway_desktop.games.victory_at_midway.victory import side_gone

FOG_CLEARS = 1  # VaM › Fog: on a 1 fair weather returns for the rest of the game

_P = (
    Phase("setup", "Set-up", SIDES, "VaM › Setup", secret=True),
    Phase("ship-movement", "Ship Movement Phase", SIDES, "VaM › Ship Movement", secret=True),
    Phase("midway-strike", "Midway Air Strike Assignment", (JAPAN,), "VaM › Midway Base Strikes", secret=True),
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
    Phase("ship-combat", "Ship-to-Ship Combat Phase (not yet implemented)", (), "VaM › Naval Combat"),
    Phase("end", "End Phase", (), "VaM › The Turn Sequence › End Phase; Optional Rules › Fog"),
    Phase("over", "Game over", (), "VaM › How to Win › Ending a Game"),
)
PHASES: dict[str, Phase] = {p.name: p for p in _P}
SECRET = frozenset(p.name for p in _P if p.secret)
BATTLE_STAGES = ("cap", "air-targets", "return-fire", "aa-targets", "bomb-targets", "airfield-losses")

# One turn, in order. Steps without actors run by themselves.
TURN = (
    "ship-movement",
    "midway-strike",
    "search",
    "air-strikes",
    "strike-resolution",
    "air-preparation",
    "air-return",
    "ship-combat",
    "end",
)


def applies(game: Game, state: State, step: str) -> bool:
    """Whether a step of the sequence happens this turn (decided on public facts only)."""
    day = not game.night(state)
    if step in ("midway-strike", "air-strikes", "strike-resolution"):
        return day  # VaM › Air Operations: aircraft fly only on daylight turns
    if step == "air-preparation":
        return state.turn > 1  # "every turn after the first"
    if step == "air-return":
        return bool(state.flights)
    # Ship-to-ship combat (subs, surface, bombardment, invasion) is not yet implemented.
    return step != "ship-combat"


def to_act(game: Game, state: State) -> tuple[str, ...]:
    """VaM › The Turn Sequence: who must act now (sealed steps: whoever has not sealed)."""
    if state.step == "over":
        return ()
    if state.battle is not None:
        return (state.battle.actor,)
    if state.step == "strike-resolution":
        side = resolving_side(game, state)
        return (side,) if side else ()
    if state.step == "air-return":
        return tuple(s for s in SIDES if any(game.side_of(f.unit) == s for f in state.flights))
    if state.step in SECRET:
        return tuple(s for s in PHASES[state.step].actors if s not in state.sealed)
    return ()


def phase(game: Game, state: State) -> Phase:
    """VaM › The Turn Sequence: the current step (or battle segment) with its actors."""
    name = state.battle.stage if state.battle is not None else state.step
    return replace(PHASES[name], actors=to_act(game, state))


def resolving_side(game: Game, state: State) -> str | None:
    """VaM › Air Strike Resolution Phase: the US resolves its strikes first, then Japan."""
    for side in SIDES:
        if battles.strike_keys(game, state, side):
            return side
    return None


def begin(game: Game, state: State, step: str) -> State:
    """VaM › The Turn Sequence: start a step with no orders sealed yet."""
    state = replace(state, step=step, sealed=frozenset())
    if step == "search":
        state = replace(state, searches=(), announced=False)
    elif step == "strike-resolution":
        state = replace(state, resolved=())
    return state


def settle(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Run every step that needs no decision until a side must act or the game ends."""
    while True:
        if state.conceded:
            return replace(state, step="over", battle=None)
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
        state = leave(game, state, rng, events)


def leave(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Finish the current step and start the next one that applies."""
    step = state.step
    if step == "setup":
        events.append(Event("turn", "Both sides have set up. Turn 1 begins.", data={"turn": 1}))
        return begin(game, replace(state, turn=1), "ship-movement")
    if step == "search" and not state.announced:
        state = resolve_searches(game, state, rng, events)
    if step == "end":
        return end_of_turn(game, state, rng, events)
    i = TURN.index(step) + 1
    while not applies(game, state, TURN[i]):
        i += 1
    return begin(game, state, TURN[i])


def end_of_turn(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › End Phase: the optional fog roll, then the next turn; the game ends after Turn 25,
    or when a new turn starts with one side having no units left in play."""
    if state.fog:
        die = rng.die(10)
        clears = die == FOG_CLEARS
        events.append(roll_event(f"Fog roll ({'fair weather returns' if clears else 'the fog stays'})", [die], 10))
        if clears:
            state = replace(state, fog=False)
    if state.turn >= game.cat.turns.last:
        return replace(state, step="over", ended=f"end of Turn {state.turn}")
    state = replace(state, turn=state.turn + 1, searches=(), announced=False)
    for side in SIDES:
        if side_gone(game, state, side):
            events.append(Event("turn", f"{side_name(side)} has no units left in play: the game ends."))
            return replace(state, step="over", ended=f"{side_name(side)} has no units left")
    night = " (night)" if game.night(state) else ""
    events.append(
        Event("turn", f"Turn {state.turn}{night}, {game.cat.turns.date(state.turn)}.", data={"turn": state.turn})
    )
    return begin(game, state, "ship-movement")
