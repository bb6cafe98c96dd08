"""Hidden information within sealed steps (CV › Set Up IV; Basic IV, VI.A.1, IX): nothing a side
does inside a sealed step shows it anything of the other side's orders of that step, until the
step's orders are revealed together.

At random points of games inside sealed steps (the set-up, the Plane Ready, Form Air Units and
Plot Ship Movement Steps a side plays at one sitting, the sealed Combat Steps), the game branches
on one side's orders: two different random sets of legal orders, sealed in both branches or in
neither. The other side then gives the same orders in both branches (its Task Forces placed,
plotted, shadowing, often at or near where the hidden side's ships are in either branch) until
the step's orders are revealed. At every point between, everything the other side is given must
be the same in both branches: who is asked, its view, the lines of its log, the orders it may give
and the refusal of each of a sample of orders it might try.

What the rules show on the table while a step is sealed is left out of the hidden side's
branching: its Condition 2 announcements (Basic III.C.2, standing orders the enemy hears of as
they are given) and its Unorganized Ship units put on the mapboard or taken off (VI.D: counters
on the mapboard, always observed).

Run as a script for a big probe: ``python -m tests.games.cv.secrets_probe --games 300``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from midway_desktop.engine import Session
from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.actions import Announce, Done, Place, Plot, Shadow, Transfer
from midway_desktop.games.cv.rules import RULES, CvRules, default_bots
from midway_desktop.games.cv.sequence import PRIVATE, SECRET, own_step
from midway_desktop.games.cv.state import UNORGANIZED, State, other

WALK = 12  # the viewing side's orders followed from each branch point (most end sooner)
SAMPLE = 40  # of the viewing side's legal orders whose refusals are compared
PEEKS = 8  # of the viewing side's orders (and as many near the hidden side's ships) looked one ahead


def sitting(state: State) -> tuple[Any, ...] | None:
    """The sealed stretch the position is in, whose orders are revealed together at its end: the
    set-up, a Turn's private steps (played at one sitting, ``sequence.PRIVATE``), or one sealed
    Combat Step of one Battle; ``None`` outside sealed steps."""
    if state.step == "over" or state.step not in SECRET:
        return None
    if state.step in PRIVATE:
        return (str(state.time), "private")
    return (str(state.time), state.step, state.battle, state.battles)


def rng_at(state: int) -> Rng:
    rng = Rng(0)
    rng.state = state
    return rng


@dataclass
class Branch:
    """One branch of the game: its position, luck and what the viewing side was told in it."""

    rules: CvRules
    state: State
    luck: int
    heard: list[str] = field(default_factory=list)

    def play(self, action: Action, viewer: str) -> None:
        rng = rng_at(self.luck)
        self.state, events = self.rules.apply(self.state, action, rng)
        self.luck = rng.state
        self.heard += heard(events, viewer)


def heard(events: list[Event] | tuple[Event, ...], viewer: str) -> list[str]:
    return [
        json.dumps([e.kind, e.text, list(e.audience), dict(e.data)], sort_keys=True, default=str)
        for e in events
        if e.visible_to(viewer)
    ]


def shown(rules: CvRules, state: State, viewer: str, tries: list[Action]) -> dict[str, Any]:
    """Everything ``viewer`` is given at this point, refusals included."""
    asked = rules.to_act(state)
    out: dict[str, Any] = {
        "asked": list(asked),
        "step": rules.step_of(state, viewer),
        "view": rules.view(state, viewer),
    }
    if viewer in asked:
        out["legal"] = [a.to_json() for a in rules.legal_actions(state, viewer)]
        out["pass"] = rules.pass_only(state, viewer)
        out["blockers"] = [(b.reason, b.piece, b.cell) for b in rules.seal_blockers(state, viewer)]
        out["refusals"] = [rules.check(state, a) for a in tries]
    return out


def _hexes_of(state: State, side: str) -> set[str]:
    out: set[str] = set()
    for t in state.task_forces:
        if t.side == side:
            out |= {h for h in (t.hex, t.entry.hex if t.entry else None) if h}
    return out


def lures(rules: CvRules, states: tuple[State, ...], viewer: str, legal: list[Action]) -> list[Action]:
    """The viewer's legal orders that go where the hidden side's ships are in either branch, or
    within three hexes: Task Forces set up or plotted there, Shadowing ordered there."""
    board = rules.game.board
    near: set[str] = set()
    for s in states:
        for h in _hexes_of(s, other(viewer)):
            near |= set(board.within(h, 3))
    out = []
    for a in legal:
        where = a.hex if isinstance(a, (Place, Shadow)) else a.path[-1] if isinstance(a, Plot) and a.path else None
        if where in near:
            out.append(a)
    return out


def tries_for(
    rules: CvRules, states: tuple[State, ...], viewer: str, legal: list[Action], rnd: random.Random
) -> list[Action]:
    """A sample of orders the viewer might try, legal or not: some of its legal orders, those
    near the hidden side's ships, and each of its Task Forces set up, plotted and shadowing at
    the hidden side's hexes in either branch."""
    picked = rnd.sample(legal, min(SAMPLE, len(legal)))
    near = lures(rules, states, viewer, legal)
    picked += rnd.sample(near, min(SAMPLE, len(near)))
    hexes = sorted(set().union(*(_hexes_of(s, other(viewer)) for s in states)))
    mine = [t for t in states[0].task_forces if t.side == viewer]
    for t in mine[:4]:
        for h in hexes[:6]:
            picked += [Place(viewer, t.number, h), Plot(viewer, t.number, (h,)), Shadow(viewer, f"tf{t.number}", h)]
    return picked


def on_the_table(action: Action) -> bool:
    """Orders whose effect the rules show the other side at once: Condition 2 announcements
    (Basic III.C.2) and Unorganized Ship units put on the mapboard or taken off it (VI.D)."""
    if isinstance(action, Announce):
        return True
    return isinstance(action, Transfer) and max(action.source, action.target) > UNORGANIZED


def _orders(rules: CvRules, state: State, side: str) -> list[Action]:
    return [a for a in rules.legal_actions(state, side) if not isinstance(a, Done) and not on_the_table(a)]


def hidden_orders(branch: Branch, side: str, plan: list[int], rnd: random.Random, viewer: str) -> bool:
    """``side`` gives random legal orders, ``plan[i]`` of them, sealing between (as many seals as
    ``plan`` has gaps). False if the plan cannot be kept (a seal refused, or the stretch left)."""
    start = sitting(branch.state)
    for i, n in enumerate(plan):
        if i:
            if branch.rules.check(branch.state, Done(side)) is not None:
                return False
            branch.play(Done(side), viewer)
        for _ in range(n):
            if sitting(branch.state) != start:
                return False
            if side not in branch.rules.to_act(branch.state):
                break  # sealed, and waiting for the other side
            legal = _orders(branch.rules, branch.state, side)
            if not legal:
                break
            branch.play(pick(legal, rnd), viewer)
    return sitting(branch.state) == start


def pick(orders: list[Action], rnd: random.Random) -> Action:
    """A random order, each kind of order as likely as another (thousands of set-up places
    would otherwise drown the rest, and a few Transfers every placement)."""
    kinds = sorted({type(a).__name__ for a in orders})
    kind = rnd.choice(kinds)
    return rnd.choice([a for a in orders if type(a).__name__ == kind])


@dataclass
class Tally:
    points: int = 0  # branch points probed
    compared: int = 0  # points at which the two branches were compared
    skipped: int = 0  # branch points whose two plans could not both be kept
    steps: dict[str, int] = field(default_factory=dict)  # branch points by the hidden side's step

    def add(self, other_: Tally) -> None:
        self.points += other_.points
        self.compared += other_.compared
        self.skipped += other_.skipped
        for k, v in other_.steps.items():
            self.steps[k] = self.steps.get(k, 0) + v


def probe(rules: CvRules, state: State, luck: int, hidden: str, rnd: random.Random) -> Iterator[str]:
    """Branch on ``hidden``'s orders at ``state`` and compare what the other side is given in
    the two branches until the stretch's orders are revealed. Yields each point compared (or
    ``"skipped"``); an AssertionError names the first difference."""
    viewer = other(hidden)
    seals = rnd.choice((0, 0, 1, 1, 2, 3))
    if viewer not in rules.to_act(state):  # (its last seal would end the stretch: all revealed)
        mine = own_step(state, hidden)
        seals = min(seals, len(PRIVATE) - 1 - PRIVATE.index(mine) if mine in PRIVATE else 0)
    plans = [[rnd.randint(0, 4) for _ in range(seals + 1)] for _ in range(2)]
    if plans[0] == plans[1]:
        plans[1][-1] += 1
    a, b = Branch(rules, state, luck), Branch(rules, state, luck)
    seed = rnd.randrange(2**32)
    ok_a = hidden_orders(a, hidden, plans[0], random.Random(seed), viewer)
    ok_b = hidden_orders(b, hidden, plans[1], random.Random(seed + 1), viewer)
    same_seat = rules.to_act(a.state) == rules.to_act(b.state)
    if not (ok_a and ok_b and same_seat) or rules.step_of(a.state, hidden) != rules.step_of(b.state, hidden):
        yield "skipped"
        return
    stretch = sitting(state)
    for _ in range(WALK):
        asked = rules.to_act(a.state)
        legal = list(rules.legal_actions(a.state, viewer)) if viewer in asked else []
        tries = tries_for(rules, (a.state, b.state), viewer, legal, rnd) if legal else []
        seen_a, seen_b = shown(rules, a.state, viewer, tries), shown(rules, b.state, viewer, tries)
        for key in seen_a:
            assert seen_a[key] == seen_b[key], _difference(key, seen_a[key], seen_b[key], viewer, a.state)
        assert a.heard == b.heard, f"the {viewer} side hears differently: {a.heard} / {b.heard}"
        near = lures(rules, (a.state, b.state), viewer, legal)
        peek(a, b, viewer, rnd.sample(near, min(PEEKS, len(near))) + rnd.sample(legal, min(PEEKS, len(legal))))
        yield f"{a.state.time}:{rules.step_of(a.state, viewer)}"
        if not legal:
            return
        done = Done(viewer) in legal and rnd.random() < 0.2
        order = Done(viewer) if done else pick(near, rnd) if near and rnd.random() < 0.7 else pick(legal, rnd)
        assert rules.check(b.state, order) is None, f"the viewer's {order} is refused in the other branch"
        a.play(order, viewer)
        b.play(order, viewer)
        if sitting(a.state) != stretch or sitting(b.state) != stretch:
            return  # the step's orders are revealed together (what follows is public)


def peek(a: Branch, b: Branch, viewer: str, orders: list[Action]) -> None:
    """What the viewer would be shown after each of ``orders`` (given in both branches): its view
    and what it hears must be the same (a look one order ahead, where the walk takes one)."""
    rules = a.rules
    for order in orders:
        after = []
        for branch in (a, b):
            rng = rng_at(branch.luck)
            state, events = rules.apply(branch.state, order, rng)
            stretch = sitting(state) == sitting(branch.state)
            after.append((stretch, heard(events, viewer), rules.view(state, viewer) if stretch else None))
        if after[0][0] and after[1][0]:
            assert after[0] == after[1], _difference(f"view after {order}", after[0][2], after[1][2], viewer, a.state)


def _difference(key: str, x: Any, y: Any, viewer: str, state: State) -> str:
    if isinstance(x, dict) and isinstance(y, dict):
        keys = [k for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)]
        detail = {k: (x.get(k), y.get(k)) for k in keys[:3]}
    else:
        detail = (str(x)[:300], str(y)[:300])
    return f"the {viewer} side is shown a different {key} at {state.time} {state.step}: {detail}"


def game_points(session: Session, rnd: random.Random, points: int) -> list[tuple[State, int, str]]:
    """Play the session out with the plain bots, keeping ``points`` random positions inside
    sealed steps (with the side to branch on: one asked there)."""
    bots = default_bots(session.rules)
    rng = Rng(rnd.randrange(2**32))
    found: list[tuple[State, int, str]] = []
    for _ in range(5000):
        if session.over:
            break
        asked = session.to_act()
        if sitting(session.state) is not None:
            found.append((session.state, session.rng.state, rnd.choice(asked)))
        side = asked[0]
        session.play(bots[side].choose(session, side, session.legal_actions(side), rng))
    if len(found) <= points:
        return found
    # the set-up always among them (the finding), the rest at random
    keep = [found[0]] + rnd.sample(found[1:], points - 1)
    return keep


SCENARIOS = ("short", "battle-of-midway", "free-set-up-short")


def run(games: int, points: int, seed: int = 0, combat_games: int = 0, progress: bool = False) -> Tally:
    """Probe ``games`` games of the scenarios in turn (and ``combat_games`` games played at random
    through a Combat Phase), ``points`` branch points of each."""
    from tests.games.cv.play import combat_session

    tally = Tally()
    for g in range(games + combat_games):
        rnd = random.Random(seed * 100_003 + g)
        if g < games:
            session = Session.start(RULES, scenario=SCENARIOS[g % len(SCENARIOS)], seed=seed * 100_003 + g)
            chosen = game_points(session, rnd, points)
        else:
            session = (combat_session if g % 2 else surface_session)(seed * 100_003 + g)
            chosen = combat_points(session, rnd, points)
        for state, luck, hidden in chosen:
            notes = list(probe(session.rules, state, luck, hidden, rnd))
            tally.points += 1
            if notes == ["skipped"]:
                tally.skipped += 1
                continue
            tally.compared += len(notes)
            step = own_step(state, hidden)
            tally.steps[step] = tally.steps.get(step, 0) + 1
        if progress:
            print(f"game {g + 1}: {tally.points} branch points, {tally.skipped} skipped, {tally.compared} compared; "
                  f"by step {json.dumps(dict(sorted(tally.steps.items())))}", flush=True)  # fmt: skip
    return tally


def surface_session(seed: int) -> Session:
    """American and Japanese ships in one hex with Midway's Base near (Surface Combat, Basic
    IX.G, and Bombardment): at the Combat Phase's sealed Surface Combat set-up."""
    from tests.games.cv.play import done_until, session, tf

    forces = [
        tf("american", 1, ["Colorado", "Minneapolis", "DD1", "DD2"], "B2117"),
        tf("japanese", 1, ["Atago", "Kitakami", "Haguro", "DD1"], "B2117"),
    ]
    s = session(forces)
    s.rng = Rng(seed)
    done_until(s, "surface-set-up")
    return s


def combat_points(session: Session, rnd: random.Random, points: int) -> list[tuple[State, int, str]]:
    """Random play through a Combat Phase (``play.combat_session``, :func:`surface_session`):
    positions in its sealed Combat Steps."""
    found: list[tuple[State, int, str]] = []
    for _ in range(300):
        if session.over:
            break
        asked = session.to_act()
        if session.state.step in combat.BY_NAME and sitting(session.state) is not None:
            found.append((session.state, session.rng.state, rnd.choice(asked)))
        side = rnd.choice(asked)
        legal = session.legal_actions(side)
        done = Done(side) in legal and rnd.random() < 0.3
        session.play(Done(side) if done else rnd.choice(legal))
    return rnd.sample(found, min(points, len(found)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="scenario games played by the plain bots")
    parser.add_argument("--combat-games", type=int, default=0, help="random games through a Combat Phase")
    parser.add_argument("--points", type=int, default=3, help="branch points probed in each game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", action="store_true", help="a running tally after each game")
    args = parser.parse_args(argv)
    tally = run(args.games, args.points, args.seed, args.combat_games, progress=args.progress)
    print(
        f"{args.games} scenario games and {args.combat_games} combat games: {tally.points} branch points "
        f"({tally.skipped} skipped: a plan that could not be kept in both branches), {tally.compared} points "
        "compared, no difference"
    )
    print("branch points by the hidden side's step:", json.dumps(dict(sorted(tally.steps.items()))))


if __name__ == "__main__":
    main()
