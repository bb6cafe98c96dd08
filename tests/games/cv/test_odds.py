"""CV's odds from here never read what the side asking may not know (``games/cv/hidden.py``).

Two positions the side cannot tell apart re-draw to the same position for the same draw: one
with an enemy Task Force out of sight somewhere else, one with the enemy's planes otherwise
readied or armed, one with the enemy's orders of the private steps or of a sealed Combat Step
given otherwise. And a re-drawn position shows the side what the real one does.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine.odds import OddsUnavailable, odds_from, players, sampler
from midway_desktop.engine.registry import new_game
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.cv import combat, hidden
from midway_desktop.games.cv.actions import Announce, Done, Transfer
from midway_desktop.games.cv.sequence import PRIVATE
from midway_desktop.games.cv.state import SIDES, UNORGANIZED, Planes, Sections, State, evolve, other
from tests.engine.test_odds import played

SLOW = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _sample(session: Session, state: State, side: str, draw: int) -> State:
    return sampler("cv")(session.rules, state, side, Rng(draw))


def _shown(session: Session, state: State, side: str) -> dict:
    """The side's view, but for who has sealed and who is asked (the enemy's orders of a sealed
    step are taken back, to be given afresh)."""
    view = session.rules.view(state, side)
    view.pop("sealed"), view.pop("to_act")
    return view


@SLOW
@given(seed=st.integers(0, 1000), steps=st.integers(5, 400), draw=st.integers(0, 2**32))
def test_a_redrawn_position_shows_the_side_what_the_real_one_does(seed: int, steps: int, draw: int) -> None:
    session = played("cv", steps, seed)
    if session.state.step == "set-up":
        with pytest.raises(OddsUnavailable):
            _sample(session, session.state, "american", draw)
        return
    for side in SIDES:
        sample = _sample(session, session.state, side, draw)
        assert _shown(session, sample, side) == _shown(session, session.state, side)
        assert side not in session.state.sealed or side in sample.sealed


def test_out_of_sight_task_forces_are_drawn_afresh_and_never_from_where_they_are() -> None:
    session = played("cv", 200, 7)
    state = session.state
    for side in SIDES:
        enemy = other(side)
        cover = hidden.observed_hexes(session.rules.game, state, side) | hidden.ships_in_sight(
            session.rules.game, state, side
        )
        unseen = [t for t in state.task_forces if t.side == enemy and t.on_map and t.hex not in cover]
        assert unseen, "a position with an enemy Task Force out of sight"
        draws = {tuple(t.hex for t in _sample(session, state, side, i).task_forces) for i in range(6)}
        assert len(draws) > 1
        tf = unseen[0]
        elsewhere = sorted(session.rules.game.board.within(tf.hex, 2) - cover - {tf.hex})
        fleets = tuple(evolve(t, hex=elsewhere[0]) if t == tf else t for t in state.task_forces)
        moved = evolve(state, task_forces=fleets)
        assert _shown(session, moved, side) == _shown(session, state, side)
        for i in range(4):
            assert _sample(session, moved, side, i) == _sample(session, state, side, i)


def test_the_enemys_planes_are_taken_as_ready_whatever_their_sections() -> None:
    session = played("cv", 150, 3)
    state = session.state
    rules = session.rules
    for side in SIDES:
        enemy = other(side)
        box = next(b for b in state.boxes(enemy) if b.planes.total())
        stacks = box.planes.all()
        # The same Air Factors otherwise readied: all in B, unarmed.
        other_way = Sections(b=tuple(Planes(s.plane, s.factors) for s in stacks))
        changed = state.with_box(evolve(box, planes=other_way, readied=3))
        assert _shown(session, changed, side) == _shown(session, state, side)
        assert _sample(session, changed, side, 1) == _sample(session, state, side, 1)
        redrawn = _sample(session, state, side, 1)
        for b in redrawn.boxes(enemy):
            assert not b.planes.a and not b.planes.b and b.readied == 0
            for s in b.planes.c:
                weapons = rules.game.plane(s.plane).weapons
                assert s.weapon == (weapons[0] if weapons else "")


def _branch(session: Session, state: State) -> Session:
    return Session(rules=session.rules, scenario=session.scenario, options={}, seed=1, state=state, rng=Rng(1))


def _in_sitting(state: State, time: object) -> bool:
    return state.step in PRIVATE and state.time == time


def _seen_by_both(action: object) -> bool:
    """Orders the rules show on the table while a step is sealed: Condition 2 announcements, and
    Unorganized Ship units put on the mapboard or taken off (Basic III.C.2, VI.D)."""
    if isinstance(action, Announce):
        return True
    return isinstance(action, Transfer) and max(action.source, action.target) > UNORGANIZED


def _private_position(seed: int) -> Session | None:
    """A game stopped in the Turn's private steps after the first Turn, or None."""
    session = new_game("cv", seed=seed)
    rnd = random.Random(seed)
    for _ in range(3000):
        if session.over:
            return None
        state = session.state
        if state.step in PRIVATE and state.time.index > 3 * 24 + 2 and rnd.random() < 0.05:
            return session
        side = rnd.choice(session.to_act())
        legal = session.legal_actions(side)
        done = Done(side) in legal and rnd.random() < 0.3
        session.apply_unchecked(Done(side) if done else rnd.choice(legal))
    return None


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_enemys_orders_of_the_private_steps_never_show(seed: int) -> None:
    """Branch on the enemy's orders within the Turn's private steps (readied, formed, plotted,
    reorganized, sealed): the side asking gets the same re-drawn position."""
    session = _private_position(seed)
    assert session is not None
    rnd = random.Random(seed)
    for side in SIDES:
        enemy = other(side)
        state = session.state
        branch = _branch(session, state)
        given = 0
        for _ in range(30):
            if enemy not in branch.to_act():
                break
            legal = [a for a in branch.legal_actions(enemy) if not _seen_by_both(a)]
            action = rnd.choice(legal)
            before = branch.state
            branch.apply_unchecked(action)
            if not _in_sitting(branch.state, state.time):
                branch.state = before  # (its seal ended the steps: the orders are revealed)
                break
            given += 1
        assert given, "the enemy gave some order"
        assert branch.state != state
        for i in range(3):
            assert _sample(session, branch.state, side, i) == _sample(session, state, side, i)


def _combat_position() -> Session:
    from tests.games.cv.play import combat_session

    return combat_session(5)


def test_the_enemys_orders_of_a_sealed_combat_step_never_show() -> None:
    session = _combat_position()
    rnd = random.Random(5)
    checked = 0
    for _ in range(200):
        if session.over or checked >= 3:
            break
        state = session.state
        step = combat.BY_NAME.get(state.step)
        asked = session.to_act()
        if step is not None and step.sealed and len(asked) == 2:
            for side in SIDES:
                enemy = other(side)
                legal = [a for a in session.legal_actions(enemy) if not isinstance(a, (Done, Announce))]
                if not legal:
                    continue
                branch = _branch(session, state)
                branch.apply_unchecked(rnd.choice(legal))
                if branch.state.step != state.step:
                    continue
                assert _sample(session, branch.state, side, 2) == _sample(session, state, side, 2)
                checked += 1
        side = rnd.choice(asked)
        legal = session.legal_actions(side)
        session.apply_unchecked(Done(side) if Done(side) in legal and rnd.random() < 0.3 else rnd.choice(legal))
    assert checked


def test_no_odds_at_the_set_up_and_odds_after_it() -> None:
    session = new_game("cv", seed=2)
    with pytest.raises(OddsUnavailable, match="set up"):
        _sample(session, session.state, "american", 1)
    later = played("cv", 40, 2)
    got = odds_from(later.rules, later.state, "japanese", players("cv"), 2, 3, scenario=later.scenario)
    assert got.games == 2 and sum(got.results.values()) == 2
    assert set(got.results) <= {"american", "japanese", "draw"}
    moved = odds_from(later.rules, later.state, "japanese", players("cv"), 2, 3, scenario=later.scenario)
    assert moved == got  # (the same seeds, the same games)
