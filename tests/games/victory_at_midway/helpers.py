"""Building Victory at Midway positions for tests: place units, pick the step, script the dice."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from midway_desktop.engine import ScriptedRng, Session
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.setup import initial_state
from midway_desktop.games.victory_at_midway.state import State, evolve, set_units

G = RULES.game
CAT = G.cat
FIRST_FLEET = ("Akagi", "Kaga", "Hiryu", "Soryu", "BB3.2", "CA8", "DD4", "DD10", "DD17")
TF16 = ("Enterprise", "Hornet", "CA16.1", "CA16.2", "CA16.3", "DD16.1", "DD16.2")
TF17 = ("Yorktown", "CA17.1", "DD17.1")
MIDWAY_BOMBERS = ("Midway-D1", "Midway-D2", "Midway-D3", "Midway-T1", "Midway-H1")
MIDWAY_FIGHTERS = ("Midway-F1", "Midway-F2", "Midway-F3")


def fresh(*options: str, defaults: bool = True) -> State:
    """The opening position (set-up step): the default optional rules plus those named."""
    on = {k for k, v in RULES.resolve_options({}).items() if v is True} if defaults else set()
    return initial_state(G, frozenset(on | set(options)))


def place(state: State, hex_: str, ships: Iterable[str], formation: str | None = None, moved: int = 0) -> State:
    changes = {}
    for s in ships:
        st = G.u(state, s)
        changes[s] = evolve(st, loc=hex_, formation=st.formation if formation is None else formation, moved=moved)
    return set_units(G, state, changes)


def put(state: State, unit: str, **fields: object) -> State:
    return set_units(G, state, {unit: evolve(G.u(state, unit), **fields)})


def day_position(turn: int, step: str = "ship-movement", *options: str, defaults: bool = True) -> State:
    """Both sides set up: US task forces at L4 and L5, subs near Midway, SS168 in A12; no Japanese
    group entered yet."""
    state = fresh(*options, defaults=defaults)
    state = place(state, "L4", TF16)
    state = place(state, "L5", TF17)
    state = place(state, "F6", ["SS1"])
    state = place(state, "G6", ["SS2"])
    state = place(state, "H5", ["SS3"])
    state = place(state, "A12", ["SS168"])
    return replace(state, turn=turn, step=step)


def session_at(state: State, dice: Iterable[int] = (), rng: Rng | None = None) -> Session:
    """A session in ``state`` whose luck comes from the scripted dice (or ``rng``)."""
    luck = rng if rng is not None else ScriptedRng(dice=list(dice))
    return Session(rules=RULES, scenario="standard", options={}, seed=0, state=state, rng=luck)


def pass_until(session: Session, step: str | None = None) -> list[str]:
    """Every side asked seals with no orders (VaM › The Turn Sequence: a side is asked in each
    step whatever it has to order) until the step is ``step`` (None: until a battle, a side with
    something to order, or the end). Returns the steps passed through."""
    from midway_desktop.games.victory_at_midway.actions import Done

    seen = []
    while session.outcome() is None and session.state.battle is None and session.state.step != step:
        side = session.to_act()[0]
        if step is None and session.rules.pass_only(session.state, side) is None:
            break
        seen.append(session.state.step)
        session.play(Done(side))
    return seen


def texts(events: Iterable[object], kind: str | None = None) -> list[str]:
    return [e.text for e in events if kind is None or e.kind == kind]  # type: ignore[attr-defined]


def says(events: Iterable[object], kind: str) -> list[str]:
    return [e.data["says"] for e in events if e.kind == kind]  # type: ignore[attr-defined]
