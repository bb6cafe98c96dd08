"""What keeps a side from sealing is said before it tries (``CvRules.seal_blockers``): each
carrier Task Force still to plot into the wind (CV › Basic VI.E), each Air unit still to leave
the enemy hex it fought over (VIII.H.3), and whatever else refuses its Done; and nothing while
its Done would be accepted."""

from __future__ import annotations

import random

from midway_desktop.engine import Session, get_rules
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.actions import Bomb, Done, Form, MoveAir, Plot
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.state import evolve
from tests.games.cv.play import JP, US, bound_into_the_wind
from tests.games.cv.test_combat import JAPANESE_MIDWAY, MIDWAY, NOON, _fortresses_over_japanese_midway, step


def test_a_carrier_bound_into_the_wind_is_named_with_its_rule() -> None:
    """VI.E: Enterprise's Task Force formed 11 Air Factors, past its Minimum Launch Factor 6: until
    its plot goes into the wind the side cannot seal, and the blocker names it, its hex and rule."""
    s = bound_into_the_wind()
    assert s.state.step == "ship-plotting"
    [blocker] = s.rules.seal_blockers(s.state, US)
    assert (blocker.piece, blocker.cell) == ("tf1", "B3010")
    assert "Task Force 1" in blocker.reason and "Wind Direction" in blocker.reason and "VI.E" in blocker.reason
    assert blocker.reason == s.rules.check(s.state, Done(US))
    assert s.rules.seal_blockers(s.state, JP) == []
    s.play(Plot(US, 1, ("B3110",)))  # into the wind
    assert s.rules.seal_blockers(s.state, US) == [] and s.rules.check(s.state, Done(US)) is None


def test_an_air_unit_that_must_leave_an_enemy_hex_is_named() -> None:
    """VIII.H.3: the Fortresses that bombed Japanese Midway must leave it before the American
    side ends its Normal Air Unit Movement Step."""
    state = step(_fortresses_over_japanese_midway(NOON), game=JAPANESE_MIDWAY)
    state = step(state, orders=[Bomb(US, 1, "fortress", "he", True, "high", "base", 10)], game=JAPANESE_MIDWAY)
    state = combat.advance(JAPANESE_MIDWAY, state, ScriptedRng(dice=[2]), [])
    state = evolve(state, time=NOON.plus(1), step="air-move", initiative=(US, JP), mover=0)
    s = Session.start(CvRules(JAPANESE_MIDWAY, lambda g, _name: state), seed=1)
    [blocker] = s.rules.seal_blockers(s.state, US)
    assert (blocker.piece, blocker.cell) == ("air1", MIDWAY) and "VIII.H.3" in blocker.reason
    s.play(MoveAir(US, 1, "B2118"))
    assert s.rules.seal_blockers(s.state, US) == []


def test_blockers_agree_with_the_seal_at_every_step_of_random_games() -> None:
    """For every side asked at every position of random Short Scenario games: blockers are
    given exactly when its Done is refused, each with a reason, and a counter named is its own
    and on the mapboard where the blocker says."""
    rules = get_rules("cv")
    rnd = random.Random(11)
    refused = 0
    for seed in (1, 2):
        s = Session.start(rules, scenario="short", seed=seed)
        for _ in range(1500):
            if s.over:
                break
            for side in s.to_act():
                found = s.rules.seal_blockers(s.state, side)
                why = s.rules.check(s.state, Done(side))
                if s.state.passing is None:
                    assert bool(found) == (why is not None), (s.state.step, found, why)
                for b in found:
                    refused += 1
                    assert b.reason
                    if b.piece.startswith("tf"):
                        t = s.state.task_force(side, int(b.piece[2:]))
                        assert t is not None and t.hex == b.cell
                    elif b.piece.startswith("air"):
                        assert s.state.air_unit(side, int(b.piece[3:])) is not None
            side = s.to_act()[0]
            legal = s.legal_actions(side)
            forms = [a for a in legal if isinstance(a, Form)]
            pick = rnd.choice(forms) if forms and rnd.random() < 0.5 else None
            if pick is None:
                pick = Done(side) if Done(side) in legal and rnd.random() < 0.6 else rnd.choice(legal)
            s.play(pick)
    assert refused > 0  # the walk met a refused seal
