"""The orders a side is offered and the refusals it meets agree (the engine's contract, as
``tests/games/test_check_agrees_with_legal.py`` holds it for the registered games): every listed
order passes ``check``; an order made by changing one field of a listed one to a value seen in
the game passes only if it is listed (when it is of a listed form); and every refusal names the
rule (CV › ...)."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Session
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv.actions import Announce, Done, Form, Land, MoveAir, Place, Plot, Ready, Stow, TakeOff
from midway_desktop.games.cv.legal import _stows, legal_orders
from midway_desktop.games.cv.readiness import apply_stow, stow_refusal
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.state import SECTIONS, State, evolve
from tests.games.cv.play import GAME, JP, US, combat_session, done_until, session, tf

LISTED = 10
MUTANTS = 25


def _check_position(session: Session, pool: dict[tuple[str, str], set[Any]], rnd: random.Random) -> None:
    rules = session.rules
    for side in session.to_act():
        legal = session.legal_actions(side)
        listed = set(legal)
        for action in rnd.sample(legal, min(LISTED, len(legal))):
            assert rules.check(session.state, action) is None, action
            for f in dataclasses.fields(action):
                pool[(action.type_name, f.name)].add(getattr(action, f.name))
        for action in rnd.sample(legal, min(MUTANTS, len(legal))):
            for f in dataclasses.fields(action):
                if f.name == "side":
                    continue
                seen = sorted(pool[(action.type_name, f.name)], key=repr)
                for value in rnd.sample(seen, min(3, len(seen))):
                    mutant = dataclasses.replace(action, **{f.name: value})
                    why = rules.check(session.state, mutant)
                    if rules.listable(mutant):
                        assert (why is None) == (mutant in listed), (mutant, why)
                    if why is not None:
                        assert "CV › " in why, why


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_check_agrees_with_legal(seed: int) -> None:
    _agree(Session.start(CvRules(GAME), scenario="short", seed=seed), seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_check_agrees_with_legal_through_combat(seed: int) -> None:
    """The Combat Phase's orders (Basic IX: Intercept, Conserve, Attack, Bomb) and the VIII.H
    limits after it, the same way."""
    _agree(combat_session(seed), seed)


def _agree(session: Session, seed: int) -> None:
    rnd = random.Random(seed)
    pool: dict[tuple[str, str], set[Any]] = defaultdict(set)
    for _ in range(rnd.randrange(30, 120)):
        if session.over:
            break
        side = session.to_act()[0]
        legal = session.legal_actions(side)
        if rnd.random() < 0.35:
            _check_position(session, pool, rnd)
        session.play(Done(side) if rnd.random() < 0.3 and Done(side) in legal else rnd.choice(legal))


def test_orders_out_of_turn_name_the_sequence() -> None:
    session = Session.start(CvRules(GAME), scenario="short", seed=1)
    session.play(Done("american"))
    why = session.rules.check(session.state, Done("american"))
    assert why is not None and "not the American side's turn" in why and "CV › Basic IV" in why


def test_check_agrees_with_legal_in_surface_combat() -> None:
    """The same agreement through a Surface Combat's set-up and segments (Basic IX.G)."""
    forces = [tf(US, 1, ["Colorado", "DD1", "Enterprise"], "B3010"), tf(JP, 1, ["Atago", "Kitakami", "Akagi"], "B3010")]
    s = session(forces, rng=ScriptedRng(dice=[5, 2, *[3] * 40]))
    done_until(s, "surface-set-up")
    rnd = random.Random(7)
    pool: dict[tuple[str, str], set[Any]] = defaultdict(set)
    steps = set()
    while s.state.step in ("surface-set-up", "surface-gunnery", "surface-torpedo", "breakthrough", "bombardment"):
        steps.add(s.state.step)
        _check_position(s, pool, rnd)
        side = s.to_act()[0]
        legal = [a for a in s.legal_actions(side) if not isinstance(a, Done)]
        s.play(rnd.choice(legal) if legal and rnd.random() < 0.7 else Done(side))
    assert {"surface-set-up", "surface-gunnery"} <= steps


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_check_agrees_with_legal_while_an_air_unit_flies_through(seed: int) -> None:
    """Basic VIII.I.2: the side asked mid-move is offered its answers and nothing else, and the
    mover's orders wait; the same agreement, then random play on from there."""
    from midway_desktop.games.cv.actions import MoveAir
    from tests.games.cv.test_passing import END, moving, started, strike, wildcats

    low = dataclasses.replace(wildcats(high=False, n=3), number=21)
    s = started(moving([strike(), wildcats(), low]))
    s.play(MoveAir(JP, 5, END))
    assert s.state.passing is not None
    rnd = random.Random(seed)
    pool: dict[tuple[str, str], set[Any]] = defaultdict(set)
    for _ in range(3):
        _check_position(s, pool, rnd)
    _agree(s, seed)


def test_orders_listed_by_kind_are_the_full_lists_orders_of_those_kinds() -> None:
    """``legal_orders(..., kinds)`` (what a computer player asks for) lists exactly the orders of
    those types that the full list holds, in the same order, at each step of a Turn."""
    s = Session.start(CvRules(GAME), scenario="short", seed=2)
    kinds_of = {
        "set-up": ((Place,), (Stow, Done)),
        "plane-ready": ((Ready,), (Announce,)),
        "form-air-units": ((Form,),),
        "ship-plotting": ((Plot,),),
        "landing": ((Land,),),
        "air-move": ((MoveAir,),),
        "take-off": ((TakeOff,),),
    }
    seen = set()
    while s.state.step != "combat" and len(seen) < len(kinds_of) and s.outcome() is None:
        side = s.to_act()[0]
        step = s.state.step
        if step in kinds_of and step not in seen:
            seen.add(step)
            full = legal_orders(GAME, s.state, side)
            for kinds in kinds_of[step]:
                assert legal_orders(GAME, s.state, side, kinds) == [a for a in full if isinstance(a, kinds)]
        s.play(Done(side))
    assert {"set-up", "plane-ready", "form-air-units", "ship-plotting"} <= seen


def _stow_candidates(state: State, side: str) -> list[Stow]:
    """Stows of every shape near the listed ones: each box of the side and one it lacks, each
    plane type aboard, one not aboard and one unknown, 0 to one more Air Factor than there are,
    any sections (and one that is none), unarmed or with any Weapon unit there is."""
    weapons = ("", *sorted({w for p in GAME.data.planes for w in p.weapons}))
    out = []
    for box in [*state.boxes(side), None]:
        box_id = box.id if box is not None else "tf99"
        aboard = sorted({s.plane for sec in SECTIONS for s in (box.planes.of(sec) if box else ())})
        planes = [*aboard, next(p.name for p in GAME.data.planes if p.name not in aboard), "no-such-plane"]
        most = max((sum(s.factors for s in box.planes.all() if s.plane == p) for p in aboard), default=0) if box else 1
        for plane in planes:
            for n in range(most + 2):
                for source in (*SECTIONS, "d"):
                    for target in SECTIONS:
                        out += [Stow(side, box_id, plane, n, source, target, w) for w in weapons]
    return out


def _set_up_positions() -> list[tuple[State, str]]:
    """Both sides at the set-up of each scenario, as dealt and after some planes were stowed and
    armed at random (stacks in every section, some armed in C), and with a Task Force exited."""
    out = []
    rnd = random.Random(7)
    rules = CvRules(GAME)
    for scenario in rules.scenarios:
        s = Session.start(rules, scenario=scenario.name, seed=3)
        for side in (US, JP):
            out.append((s.state, side))
            state = s.state
            for _ in range(12):
                stows = list(_stows(GAME, state, side))
                if not stows:
                    break
                state = apply_stow(GAME, state, rnd.choice(stows))
            out.append((state, side))
            first = next(t for t in state.task_forces if t.side == side)
            out.append((state.with_box(evolve(first, exited=True)), side))
    return out


def test_stows_are_built_to_the_stow_refusal() -> None:
    """Set Up III.C.2.d: ``_stows`` lists exactly the Stow orders ``stow_refusal`` lets through
    (it is trusted without asking it, as ``legal_orders`` does), in every set-up position."""
    positions = _set_up_positions()
    assert any(s.planes.c and any(p.weapon for p in s.planes.c) for st_, side in positions for s in st_.boxes(side))
    for state, side in positions:
        listed = list(_stows(GAME, state, side))
        assert len(listed) == len(set(listed))
        passed = {a for a in _stow_candidates(state, side) if stow_refusal(GAME, state, a) is None}
        assert set(listed) == passed, (side, set(listed) ^ passed)
