"""A plain CV bot: any legal order, sealing each step now and then. It plays the rules, not to
win: the baseline for ``simulate`` and the tests' player until a CV doctrine exists."""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Rules
from midway_desktop.engine.session import Session
from midway_desktop.games.cv.actions import Done, LetPass


class PlainBot:
    """Picks a legal order at random; seals (or ends its part of a step) with chance ``done``."""

    # It lists the legal orders itself, and only when it does not seal: the list is long (every
    # plot, every move) and the unchecked runner need not build it for a Done. Same choices.
    uses_legal = False

    def __init__(self, done: float = 0.3) -> None:
        self.done = done

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        sealing = rng.below(1000) < self.done * 1000
        if sealing and session.rules.check(session.state, Done(side)) is None:  # (may be refused: VI.E, VIII.H.3)
            return Done(side)
        legal = legal or list(session.legal_actions(side))
        let_pass = next((a for a in legal if isinstance(a, LetPass)), None)  # asked mid-move (VIII.I.2)
        if let_pass is not None and rng.below(1000) < self.done * 1000:
            return let_pass
        return rng.choice(legal)


def default_bots(rules: Rules[Any]) -> dict[str, PlainBot]:
    return {side: PlainBot() for side in rules.sides}
