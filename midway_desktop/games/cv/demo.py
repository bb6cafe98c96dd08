"""A short CV game in play, for pictures of the window (``midway-desktop screenshot cv --until``).

Each side gives a few plain orders in each step, always among the rules' own legal orders: its
Task Forces set up in the middle of their areas, one C section's planes of the first type form
an Air unit, each Task Force plots a full move, and the new Air unit takes off to the farthest
hex the rules allow. Not a player: a way to reach a step with something on each side's sheets.
Later steps (a Battle, the end of the game) the computer's Doctrine reaches, playing both sides
(``play_by_doctrine``).
"""

from __future__ import annotations

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.cv.actions import Done, Form, Place, Plot, TakeOff
from midway_desktop.games.cv.sequence import PHASES, own_step


def demo_orders(session: Session, side: str) -> list[Action]:
    """The orders ``side`` gives in its step before it seals (or ends its step)."""
    step = own_step(session.state, side)
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
        # (a side at the step itself: one gone on to a later step has already sealed it; the side
        # still in a step moves first, so nobody goes on past it here)
        acting = [s for s in session.to_act() if side in (None, s) and own_step(session.state, s) == step]
        if session.state.step == step and acting and session.state.time.index - start.index == turn - 1:
            for action in demo_orders(session, acting[0]) if orders else ():
                session.submit(action)
            return acting[0]
        mover = session.to_act()[0]
        for action in demo_orders(session, mover):
            session.submit(action)
        session.submit(Done(mover))
    raise ValueError(f"the game did not reach the {PHASES[step].title} with {side or 'a side'} to act")


def play_by_doctrine(
    session: Session, step: str, side: str | None = None, turn: int | None = None, seed: int = 1
) -> str:
    """The computer's Doctrine plays both sides (its own luck from ``seed``; the game's dice are
    the session's) until ``step`` comes with ``side`` (or anyone) to act, in the game's
    ``turn``-th Turn (None: the first time it comes), and stops before that side's orders.
    ``over``: the game played to its end. The side at the step (at the end: ``side``, else the
    first side); ValueError if the game never gets there."""
    from midway_desktop.games.cv.doctrine import Doctrine

    if step not in PHASES:
        raise ValueError(f"no CV step {step!r} (choose from {', '.join(PHASES)})")
    players = {s: Doctrine(session.rules.game) for s in session.rules.sides}
    luck = Rng(seed)
    start = session.state.time.index
    while session.outcome() is None:
        acting = [s for s in session.to_act() if side in (None, s) and own_step(session.state, s) == step]
        now = session.state.time.index - start + 1
        if session.state.step == step and acting and turn in (None, now):
            return acting[0]
        if turn is not None and now > turn:
            break
        mover = session.to_act()[0]
        result = session.submit(players[mover].choose(session, mover, [], luck))
        if not result.ok:  # (the Doctrine gives only orders the rules offer: a bug if not)
            raise ValueError(f"the Doctrine's order was refused: {result.refusal}")
    if step == "over" and session.outcome() is not None:
        return side if side in session.rules.sides else session.rules.sides[0]
    at = f" in Turn {turn}" if turn is not None else ""
    raise ValueError(f"the game did not reach the {PHASES[step].title}{at} with {side or 'a side'} to act")
