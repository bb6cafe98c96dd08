"""A short CV game in play, for pictures of the window (``midway-desktop screenshot cv --until``).

Each side gives a few plain orders in each step, always among the rules' own legal orders: its
Task Forces set up in the middle of their areas, one C section's planes of the first type form
an Air unit, each Task Force plots a full move, and the new Air unit takes off to the farthest
hex the rules allow. Not a player: a way to reach a step with something on each side's sheets.
"""

from __future__ import annotations

from midway_desktop.engine.actions import Action
from midway_desktop.engine.session import Session
from midway_desktop.games.cv.actions import Done, Form, Place, Plot, TakeOff
from midway_desktop.games.cv.sequence import PHASES


def demo_orders(session: Session, side: str) -> list[Action]:
    """The orders ``side`` gives in the current step before it seals (or ends its step)."""
    step = session.state.step
    legal = session.legal_actions(side)
    if step == "set-up":
        places = [a for a in legal if isinstance(a, Place)]
        out: list[Action] = []
        for n in sorted({a.task_force for a in places}):
            mine = [a for a in places if a.task_force == n]
            out.append(mine[len(mine) // 2])  # somewhere in the middle of its area
        return out
    if step == "form-air-units":
        forms = [a for a in legal if isinstance(a, Form)]
        if not forms:
            return []
        first = forms[0]
        same = [
            a
            for a in forms
            if (a.box, a.air_unit, a.plane, a.weapon) == (first.box, first.air_unit, first.plane, first.weapon)
        ]
        return [max(same, key=lambda a: a.factors)]
    if step == "ship-plotting":
        plots = [a for a in legal if isinstance(a, Plot) and not (a.anchor or a.exit or a.unload)]
        out = []
        for n in sorted({a.task_force for a in plots}):
            mine = [a for a in plots if a.task_force == n]
            out.append(max(mine, key=lambda a: (len(a.path), a.path)))
        return out
    if step == "take-off":
        offs = [a for a in legal if isinstance(a, TakeOff) and a.to and not a.cap]
        return [offs[len(offs) // 2]] if offs else []
    return []


def play_until(session: Session, step: str, side: str | None = None, turn: int = 1, orders: bool = True) -> str:
    """Play the demo orders until ``step`` of the game's ``turn``-th Turn with ``side`` (or
    anyone) to act; that side then gives its orders for the step (unless not ``orders``) but
    does not seal. The side at the step; ValueError if the game never gets there."""
    if step not in PHASES:
        raise ValueError(f"no CV step {step!r} (choose from {', '.join(PHASES)})")
    start = session.state.time
    while session.outcome() is None and session.state.time.index - start.index < turn:
        acting = [s for s in session.to_act() if side in (None, s)]
        if session.state.step == step and acting and session.state.time.index - start.index == turn - 1:
            for action in demo_orders(session, acting[0]) if orders else ():
                session.submit(action)
            return acting[0]
        mover = session.to_act()[0]
        for action in demo_orders(session, mover):
            session.submit(action)
        session.submit(Done(mover))
    raise ValueError(f"the game did not reach the {PHASES[step].title} with {side or 'a side'} to act")
