"""A plain CV bot: any legal order, sealing each step now and then. It plays the rules, not to
win: the baseline for ``simulate`` and the tests' player until a CV doctrine exists.

Sealing may be refused: carrier Task Forces past their Minimum Launch Factor must be plotted
into the wind (CV › Basic VI.E), Air units must leave the enemy hex they fought over (VIII.H.3).
Random orders alone rarely clear that: in the Ship Plotting step most orders on offer are ship
Transfers, and each one voids the plots of both its Task Forces and may make one more Task
Force bound to the wind. So a refused seal starts the bot closing the step, as a player would:
from then on in that step it gives only orders that clear what stands in the way (each clears
one and makes no new one), then seals. Until a seal is first refused its choices are as random
as ever.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Rules
from midway_desktop.engine.session import Session
from midway_desktop.games.cv import engaged, movement
from midway_desktop.games.cv.actions import Done, LetPass, MoveAir, Plot
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.legal import legal_orders, legal_sequence
from midway_desktop.games.cv.sequence import as_played_by, to_act
from midway_desktop.games.cv.state import State


def clearing_orders(game: Game, state: State, side: str) -> list[Action]:
    """The legal orders that each clear one thing refusing the side's Done, making no new one:
    a plot of a carrier Task Force that must move into the wind (any plot of it accepted goes
    there: Basic VI.E), a move of an Air unit out of the enemy hex it fought over (VIII.H.3)."""
    if state.step == "ship-plotting":
        bound = {tf.number for tf in movement.wind_bound(game, state, side)}
        if bound:
            plots = legal_orders(game, state, side, (Plot,))
            return [a for a in plots if isinstance(a, Plot) and a.task_force in bound]
    elif state.step == "air-move":
        stuck = set(engaged.stuck(game, state, side))
        if stuck:
            moves = legal_orders(game, state, side, (MoveAir,))
            return [a for a in moves if isinstance(a, MoveAir) and a.air_unit in stuck]
    return []


CLOSE_AFTER = 200  # orders a side gives in one step before the bot closes it, luck or not


class PlainBot:
    """Picks a legal order at random; seals (or ends its part of a step) with chance ``done``,
    and once a seal is refused, closes that step (``clearing_orders``, then Done)."""

    # It lists the legal orders itself, and only when it does not seal: the list is long (every
    # plot, every move) and the unchecked runner need not build it for a Done. Same choices; it
    # reads them as ``legal_sequence``'s parts, making only the order it picks.
    uses_legal = False

    def __init__(self, done: float = 0.3) -> None:
        self.done = done
        # Each side's step and the orders it has given there: past ``CLOSE_AFTER`` the bot
        # closes the step whatever its luck (a step ends when both sides seal: Basic IV).
        self._given: dict[str, tuple[tuple[object, str], int]] = {}
        # Each side's step (Turn and step) in which its seal was refused: it is closing it. One
        # bot may play both sides, and many games one after another: a game begins at set-up,
        # where sealing is never refused, so no game meets another's mark.
        self._closing: dict[str, tuple[object, str]] = {}

    def choose(self, session: Session, side: str, legal: Sequence[Action], rng: Rng) -> Action:
        state = as_played_by(session.state, side)  # (at the side's own step)
        here = (state.time, state.step)
        kept = self._given.get(side)
        given = kept[1] + 1 if kept is not None and kept[0] == here else 1
        self._given[side] = (here, given)
        # Past the bound it closes the step as a player would: the seal, which leaves what it has
        # not ordered to the rules' default (an unplotted Task Force stays put, VI.A.1; planes
        # not ordered stay where they are), or else an order clearing what refuses it.
        closing = self._closing.get(side) == here or given > CLOSE_AFTER
        sealing = rng.below(1000) < self.done * 1000
        if sealing or closing:
            if session.rules.check(session.state, Done(side)) is None:  # (may be refused: VI.E, VIII.H.3)
                self._closing.pop(side, None)
                return Done(side)
            game: Game = session.rules.game  # type: ignore[attr-defined]  # (the CV rules)
            clearing = clearing_orders(game, state, side)
            if clearing:
                self._closing[side] = here
                return rng.choice(clearing)
        if not legal:  # (the orders the session offers, its long runs made only if chosen: the same choice)
            rules_game: Game = session.rules.game  # type: ignore[attr-defined]  # (the CV rules)
            legal = legal_sequence(rules_game, state, side) if side in to_act(session.state) else []
        # Asked mid-move (VIII.I.2): only then is a LetPass offered (the list is not read through else).
        let_pass = next((a for a in legal if isinstance(a, LetPass)), None) if state.passing is not None else None
        if let_pass is not None and rng.below(1000) < self.done * 1000:
            return let_pass
        return rng.choice(legal)


def default_bots(rules: Rules[Any]) -> dict[str, PlainBot]:
    return {side: PlainBot() for side in rules.sides}
