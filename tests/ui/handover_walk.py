"""A hot-seat game played through headless, to count the curtain's handovers (issue 37).

Both sides are people at one screen (``GameController`` with every side human); each side's
orders are the computer's Doctrine for that side, given only while that side is at the screen.
Every ``handover`` signal is answered at once by passing the screen to the side it names, as
the curtain's click would. The walk checks as it goes that the side at the screen is always one
that must act (nobody gives orders for a side that is not at the screen), and records, Turn by
Turn, the handovers made and whether the Turn had combat (a Battle, or Interceptors asked to
attack an Air unit flying through): what ``test_handover_count`` asserts and what
``python -m tests.ui.handover_walk`` prints.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from midway_desktop.engine import Session
from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.rng import Rng, seed_state
from midway_desktop.ui.controller import GameController

# A Turn with any of these (as the umpire reads the log) had combat: a Battle, an Air-to-Air
# Combat, Interceptors stopping an Air unit (CV); an air strike flown, a naval battle or an
# invasion declared, a hit (VaM).
COMBAT_KINDS = frozenset(
    {"battle", "combat", "passing", "strike", "strike-missed", "strike-empty", "naval-declared", "invasion", "hit"}
)


@dataclass
class Turn:
    """One Turn of the walk: its name, the handovers made in it (each the side handed the screen,
    with the step it was handed over in) and whether it had combat."""

    name: str
    handovers: list[tuple[str, str]] = field(default_factory=list)
    combat: bool = False


@dataclass
class Walk:
    turns: list[Turn]
    session: Session
    steps: int
    # Every handover: (the side that was at the screen, whether it was still asked to act).
    made: list[tuple[str, bool]] = field(default_factory=list)

    def counts(self, combat: bool) -> list[int]:
        """The handovers of each Turn with (or without) combat; set-up is no Turn."""
        return [len(t.handovers) for t in self.turns if t.combat == combat and t.name != "set-up"]

    def summary(self) -> str:
        lines = []
        for label, combat in (("without combat", False), ("with combat", True)):
            n = self.counts(combat)
            if n:
                lines.append(f"{label}: {len(n)} Turns, mean {statistics.mean(n):.2f}, max {max(n)}, min {min(n)}")
        return "; ".join(lines)


def _turn_name(session: Session) -> str:
    """The Turn the position is in: CV's time, VaM's turn number; set-up is a Turn of its own."""
    state: Any = session.state
    if str(getattr(state, "step", "")) in ("set-up", "setup"):
        return "set-up"
    time = getattr(state, "time", None)
    return str(time) if time is not None else f"turn {getattr(state, 'turn', '?')}"


def _bots(session: Session) -> dict[str, Any]:
    rules = session.rules
    scenario = rules.scenario(session.scenario)
    out: dict[str, Any] = {}
    for side in session.humans:
        players = rules.computer_players(scenario, side)
        if players and not players[0].built_in:
            out[side] = rules.computer_bot(side, players[0].name)
        else:  # (a side no computer player is offered for: the game's plain bot)
            from midway_desktop.engine.registry import default_bots

            out[side] = default_bots(rules.id)(rules)[side]
    return out


def walk(
    game_id: str,
    scenario: str | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    max_steps: int = 60_000,
    until: Callable[[Session], bool] | None = None,
) -> Walk:
    """Play ``game_id`` hot-seat to its end (or ``until`` says stop), every side a person given
    its orders by the computer's player for it; count the handovers Turn by Turn."""
    c = GameController(autosave=False)
    asked: list[str] = []
    c.handover.connect(asked.append)
    session = c.new_game(game_id, scenario=scenario, options=options, seed=seed)
    assert len(session.humans) > 1, "a hot-seat walk needs two people"
    bots = _bots(session)
    luck = {side: Rng(seed_state(f"{seed}/{side}")) for side in bots}
    turns: dict[str, Turn] = {}
    made: list[tuple[str, bool]] = []
    if asked:  # the game opens for a side that is not the first: the window's opening curtain
        c.pass_to(asked.pop())
    steps = 0
    while session.outcome() is None and steps < max_steps and not (until and until(session)):
        side = c.viewer
        acting = session.to_act()
        assert side in acting, (
            f"{side} is at the screen but {acting} must act ({session.rules.phase(session.state).name})"
        )
        turn = turns.setdefault(_turn_name(session), Turn(_turn_name(session)))
        bot = bots[side]
        legal = session.legal_actions(side) if getattr(bot, "uses_legal", True) else []
        action = bot.choose(session, side, legal, luck[side])
        before = len(session.history)
        assert c.submit(action), f"{side}'s order {action} was refused"
        steps += 1
        for step in session.history[before:]:
            if any(e.kind in COMBAT_KINDS for e in step.events if e.visible_to(UMPIRE)):
                turn.combat = True
        if asked:
            to = asked.pop()
            assert not asked, "one handover at a time"
            now = turns.setdefault(_turn_name(session), Turn(_turn_name(session)))
            now.handovers.append((to, session.rules.phase(session.state).name))
            made.append((side, side in session.to_act()))
            c.pass_to(to)
    return Walk(list(turns.values()), session, steps, made)


def step_by_step(
    game_id: str, scenario: str | None = None, seed: int = 1, options: dict[str, Any] | None = None
) -> Session:
    """The same game with no screen: the same players and luck as :func:`walk`, the first side
    asked always giving the next order (each simultaneous step sealed by both sides before either
    gives an order of the next)."""
    from midway_desktop.engine import new_game

    session = new_game(game_id, scenario=scenario, options=options, seed=seed)
    bots = _bots(session)
    luck = {side: Rng(seed_state(f"{seed}/{side}")) for side in bots}
    while session.outcome() is None:
        side = session.to_act()[0]
        bot = bots[side]
        legal = session.legal_actions(side) if getattr(bot, "uses_legal", True) else []
        session.play(bot.choose(session, side, legal, luck[side]))
    return session


def main() -> None:  # pragma: no cover - a measuring tool, run by hand
    import argparse
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    parser = argparse.ArgumentParser(description="Count a hot-seat game's handovers per Turn.")
    parser.add_argument("game", nargs="?", default="cv")
    parser.add_argument("--scenario", default=None)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--turns", action="store_true", help="print every Turn")
    args = parser.parse_args()
    _app = QApplication.instance() or QApplication([])
    every: dict[bool, list[int]] = {False: [], True: []}
    for seed in args.seeds:
        w = walk(args.game, args.scenario, seed)
        print(f"seed {seed}: {len(w.turns)} Turns, {w.steps} orders; {w.summary()}")
        if args.turns:
            for t in w.turns:
                steps = ", ".join(f"{s}@{p}" for s, p in t.handovers)
                print(f"  {t.name:>16} {'combat' if t.combat else '      '} {len(t.handovers):2}  {steps}")
        for combat in (False, True):
            every[combat] += w.counts(combat)
    for combat, n in every.items():
        if n:
            label = "with combat" if combat else "without combat"
            print(f"all seeds, {label}: {len(n)} Turns, mean {statistics.mean(n):.2f}, max {max(n)}")


if __name__ == "__main__":  # pragma: no cover
    main()
