"""Double blind within sealed steps (victory-at-midway.txt › The Turn Sequence: a step's orders
are secret until all are given): nothing a side does inside a sealed step shows it anything of
the other side's orders of that step.

At random positions of whole games inside sealed steps (set-up, Ship Movement, Midway Air Strike
Assignment, Search Assignment, Air Strike Assignment, Air Preparation, Air Return), the game
branches on one side's orders: two different random sets of its legal orders, sealed in both
branches or in neither. The other side then gives the same orders in both branches until the
step's orders are revealed. At every point between, everything it is given must be the same in
both: who is asked, its view, its log, the orders it may give and the refusal of every order it
might try (``test_secrets.probes``: moves, searches, strikes and scouts at its own pieces and
wherever the other side's ships are in either branch).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from midway_desktop.engine import Session
from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import Done
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.sequence import SECRET, own_step
from midway_desktop.games.victory_at_midway.state import JAPAN, SIDES, State, other
from tests.games.victory_at_midway.test_secrets import ALL_OPTIONS, game_positions, heard, probes, session_at, shown

WALK = 20  # the viewing side's orders followed from each branch point (most end sooner)
PEEKS = 12  # of the viewing side's legal orders looked one ahead at each point


def sealed_point(state: State) -> bool:
    return state.step in SECRET and state.battle is None and state.step != "over"


def pick(orders: list[Action], rnd: random.Random) -> Action:
    """A random order, each kind as likely as another (moves would drown the rest)."""
    kind = rnd.choice(sorted({type(a).__name__ for a in orders}))
    return rnd.choice([a for a in orders if type(a).__name__ == kind])


def hidden_orders(session: Any, side: str, plan: tuple[int, bool], rnd: random.Random) -> bool:
    """``side`` gives ``plan[0]`` random legal orders, then seals if ``plan[1]``. False if the
    plan cannot be kept (its seal refused, or the other side's step left: a side that seals a
    step of a run played at one sitting goes on to its next, which reveals nothing)."""
    viewer, before = other(side), session.state
    step = own_step(before, side)
    for _ in range(plan[0]):
        legal = [a for a in session.legal_actions(side) if not isinstance(a, Done)]
        if not legal or own_step(session.state, side) != step:
            break
        session.play(pick(legal, rnd))
    if plan[1]:
        if session.check(Done(side)) is not None:
            return False
        session.play(Done(side))
    return unrevealed(before, session.state, viewer)


def unrevealed(before: State, now: State, viewer: str) -> bool:
    """Whether ``viewer`` is still at the step it was at in ``before`` (its own step: a run of
    sealed steps goes on as one), with no battle begun: nothing revealed yet."""
    return (now.turn, own_step(now, viewer), now.battle) == (before.turn, own_step(before, viewer), None)


def probe(state: State, scenario: str, seed: int, hidden: str, rnd: random.Random) -> Iterator[str]:
    """Branch on ``hidden``'s orders at ``state``; compare what the other side is given in both
    branches until the step's orders are revealed. Yields each point compared (or "skipped")."""
    viewer = other(hidden)
    # (a side sealing when the other has sealed ends the step: all is revealed)
    seal = rnd.random() < 0.5 and len(RULES.to_act(state)) > 1
    plans = [(rnd.randint(1, 6), seal), (rnd.randint(0, 6), seal)]
    a, b = session_at(state, scenario, seed), session_at(state, scenario, seed)
    if not (
        hidden_orders(a, hidden, plans[0], random.Random(seed))
        and hidden_orders(b, hidden, plans[1], random.Random(seed + 1))
        and a.to_act() == b.to_act()
    ):
        yield "skipped"
        return
    step = state.step
    for _ in range(WALK):
        tries = probes(a.state, b.state, viewer)
        seen_a, seen_b = shown(a, viewer, tries), shown(b, viewer, tries)
        for key in seen_a:
            assert seen_a[key] == seen_b[key], f"{viewer} is shown a different {key} at {state.turn}:{step}"
        told = [heard(tuple(e for s in x.history for e in s.events), viewer) for x in (a, b)]
        assert told[0] == told[1], f"{viewer} hears differently at {state.turn}:{step}"
        peek(a, b, viewer, [x for x in tries if a.check(x) is None], rnd)
        yield f"{state.turn}:{step}"
        if viewer not in a.to_act():
            return
        legal = a.legal_actions(viewer)
        done = Done(viewer) in legal and rnd.random() < 0.25
        order = Done(viewer) if done else pick([x for x in legal if not isinstance(x, Done)] or legal, rnd)
        assert b.check(order) is None, f"the viewer's {order} is refused in the other branch"
        a.play(order)
        b.play(order)
        if not (unrevealed(state, a.state, viewer) and unrevealed(state, b.state, viewer)):
            return  # the step's orders are revealed together


def peek(a: Session, b: Session, viewer: str, orders: list[Action], rnd: random.Random) -> None:
    """What the viewer would be shown after each of a few of ``orders`` (searches, strikes and
    moves at the hidden side's ships in either branch among them), given in both branches: its
    view and what it hears must be the same while the step lasts."""
    for order in rnd.sample(orders, min(PEEKS, len(orders))):
        after = []
        for x in (a, b):
            rng = Rng(0)
            rng.state = x.rng.state
            state, events = RULES.apply(x.state, order, rng)
            within = unrevealed(x.state, state, viewer)
            after.append((within, heard(tuple(events), viewer), RULES.view(state, viewer) if within else None))
        if after[0][0] and after[1][0]:  # (an order that ends the step reveals all its orders)
            assert after[0] == after[1], f"{viewer} is shown a different view after {order}"


def check_game(scenario: str | None, options: dict[str, bool], seed: int, points: int) -> tuple[int, int]:
    """Branch at ``points`` random sealed positions of a whole game (each side hidden in turn);
    the branch points probed and the points compared."""
    rnd = random.Random(seed)
    sealed = [s for s in game_positions(scenario, options, seed, "doctrine") if sealed_point(s)]
    sealed += [s for s in game_positions(scenario, options, seed, "random") if sealed_point(s)]
    chosen = rnd.sample(sealed, min(points, len(sealed)))
    # the set-up too (the walks' positions leave it out)
    chosen.append(Session.start(RULES, scenario=scenario, options=options, seed=seed).state)
    probed = compared = 0
    for i, state in enumerate(chosen):
        asked = RULES.to_act(state)
        if not asked:
            continue
        hidden = rnd.choice(asked)
        if scenario == "solitaire" and hidden != JAPAN:
            continue  # (in solitaire play the doctrine moving Japan knows everything)
        notes = list(probe(state, scenario or "standard", seed * 1000 + i, hidden, rnd))
        if notes != ["skipped"]:
            probed += 1
            compared += len(notes)
    return probed, compared


@pytest.mark.parametrize(("scenario", "options", "seed"), [(None, {}, 11), (None, ALL_OPTIONS, 12)])
def test_a_side_s_orders_in_a_sealed_step_show_the_other_side_nothing(
    scenario: str | None, options: dict[str, bool], seed: int
) -> None:
    probed, compared = check_game(scenario, options, seed, points=30)
    assert probed >= 25 and compared > probed  # the walks went on past the branch points


@pytest.mark.whole_game
@pytest.mark.parametrize("seed", range(20, 30))
def test_many_sealed_steps_show_the_other_side_nothing(seed: int) -> None:
    probed, _compared = check_game(None, ALL_OPTIONS if seed % 2 else {}, seed, points=60)
    assert probed >= 30


def test_the_probe_would_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: a view that shows a side where the enemy's units are now is caught."""
    from midway_desktop.games.victory_at_midway import rules

    public = rules.view

    def telling(game: Any, state: State, viewer: str) -> dict[str, Any]:
        out = public(game, state, viewer)
        if viewer in SIDES:
            out["leak"] = [u.loc for u in state.units]
        return out

    monkeypatch.setattr(rules, "view", telling)
    with pytest.raises(AssertionError, match="different view"):
        check_game(None, {}, 11, points=10)
