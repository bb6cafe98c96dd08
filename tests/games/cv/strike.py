"""A test driver that takes a CV game into combat: it arms planes, forms and launches them, and
flies them at the enemy's Task Forces (read from the whole position: a test's scaffold, not a
player), and takes every Bombing or Interception offered. Where nothing of that is open it seals,
or gives any legal order when sealing is refused."""

from __future__ import annotations

from midway_desktop.engine import Rng, Session
from midway_desktop.engine.actions import Action
from midway_desktop.games.cv import actions as orders


class Striker:
    def __init__(self) -> None:
        self.armed: dict[str, set[str]] = {}

    def choose(self, s: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        board = s.rules.game.board  # type: ignore[attr-defined]
        targets = [t.hex for t in s.state.task_forces if t.side != side and t.on_map and t.hex]

        def near(h: str) -> int:
            if not h or h not in board:
                return 99
            return min((board.distance(h, t) for t in targets), default=99)

        by: dict[type, list[Action]] = {}
        for a in legal:
            by.setdefault(type(a), []).append(a)
        for kind in (orders.Bomb, orders.Intercept, orders.Attack, orders.Eliminate):
            if kind in by:
                return by[kind][0]
        launches = [a for a in by.get(orders.TakeOff, []) if not a.cap]  # type: ignore[attr-defined]
        if launches:
            return min(launches, key=lambda a: (near(a.to), a.to))  # type: ignore[attr-defined]
        moves: dict[int, list[Action]] = {}
        for a in by.get(orders.MoveAir, []):
            if not a.cap:  # type: ignore[attr-defined]
                moves.setdefault(a.air_unit, []).append(a)  # type: ignore[attr-defined]
        for number, options in sorted(moves.items()):
            unit = s.state.air_unit(side, number)
            best = min(options, key=lambda a: (near(a.to), a.to))  # type: ignore[attr-defined]
            if unit is not None and not unit.moved and (unit.hex is None or near(best.to) < near(unit.hex)):  # type: ignore[attr-defined]
                return best
        armed = self.armed.setdefault(side, set())
        for kind in (orders.Stow, orders.Ready):
            arming = [a for a in by.get(kind, []) if a.weapon and a.target == "c" and a.plane not in armed]  # type: ignore[attr-defined]
            if arming:
                pick = max(arming, key=lambda a: a.factors)  # type: ignore[attr-defined]
                armed.add(pick.plane)  # type: ignore[attr-defined]
                return pick
        if orders.Form in by:
            forms = [a for a in by[orders.Form] if a.weapon] or by[orders.Form]  # type: ignore[attr-defined]
            return max(forms, key=lambda a: a.factors)  # type: ignore[attr-defined]
        if orders.Done(side) in legal:
            return orders.Done(side)
        return rng.choice(legal)
