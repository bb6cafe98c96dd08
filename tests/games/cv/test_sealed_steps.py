"""Hidden information within sealed steps (CV › Set Up IV; Basic IV, VI.A.1, VI.C, IX): nothing a
side does inside a sealed step shows it the other side's placements or orders of that step
before they are revealed together (the probe: ``secrets_probe``)."""

from __future__ import annotations

import random

import pytest

from midway_desktop.engine import Session
from midway_desktop.games.cv import sequence, views
from midway_desktop.games.cv.actions import Done, Place, Transfer
from midway_desktop.games.cv.rules import RULES
from tests.games.cv import secrets_probe
from tests.games.cv.play import JP, US, done_until, session, tf


@pytest.mark.parametrize("seed", [1, 2])
def test_random_sealed_steps_show_the_other_side_nothing(seed: int) -> None:
    """Branch points in the set-up, the private steps and the sealed Combat Steps of scenario
    games and of random play through a Combat Phase: the other side is given the same."""
    tally = secrets_probe.run(games=2, points=3, seed=seed, combat_games=2)
    assert tally.points - tally.skipped >= 6 and tally.compared > tally.points


@pytest.mark.whole_game
def test_many_sealed_steps_show_the_other_side_nothing() -> None:
    tally = secrets_probe.run(games=30, points=4, seed=7, combat_games=20)
    assert tally.points - tally.skipped >= 120


def test_the_set_up_shows_nothing_of_the_enemy_wherever_a_side_sets_up() -> None:
    """Set Up IV: the Kido Butai's set-up is marked on the Japanese Plot Map in secret. An American
    Task Force set up a hex from it (B0605, next to the Japanese set-up hex B0504 in the Short
    Scenario) observes nothing until both have set up, wherever the Japanese put their ships; then
    both sides' observations are shown."""
    s = Session.start(RULES, scenario="short", seed=1)
    assert s.state.task_force(JP, 1).hex == "B0504"  # type: ignore[union-attr]
    moved = Session.start(RULES, scenario="short", seed=1)
    moved.play(Place(JP, 1, "B0505"))
    for game in (s, moved):
        game.play(Place(US, 3, "B0605"))
    assert s.view(US) == moved.view(US)
    assert s.view(US)["observed"] == {"ships": [], "air": []}
    assert [e.text for e in s.log(US)] == [e.text for e in moved.log(US)]
    for game in (s, moved):
        game.play(Done(US))
        game.play(Done(JP))
    seen = {x["hex"]: x["ships"] for x in moved.view(US)["observed"]["ships"]}
    assert seen == {"B0504": 11, "B0505": 10}  # revealed with both set-ups, at Condition 3


def test_a_reorganization_in_the_plot_step_is_revealed_with_the_moves() -> None:
    """Basic VI.C: Task Forces are reorganized behind the screen in the Plot Ship Movement Step.
    The American Task Force in the same hex (Condition 5: the division between Task Forces shown,
    III.C.4) is shown the Japanese Task Forces as they stood when the Turn's private steps began,
    whatever the Japanese have transferred, even while it plots; the new division shows once the
    ships move (VI.A.2)."""
    forces = [tf(US, 1, ["Enterprise", "DD1"], "B3010"), tf(JP, 1, ["Tone", "DD1"], "B3010"),
              tf(JP, 2, ["Jintsu", "DD2"], "B3010")]  # fmt: skip
    s = session(forces)
    done_until(s, "ship-plotting")
    before = s.view(US)
    s.play(Transfer(JP, 1, 2, ("DD1",)))
    assert s.view(US) == before
    assert s.rules.legal_actions(s.state, US) == s.rules.legal_actions(sequence.as_known(s.state), US)
    s.play(Done(JP))
    assert s.view(US)["observed"] == before["observed"]
    s.play(Done(US))
    (seen,) = s.view(US)["observed"]["ships"]
    assert [t["ships"] for t in seen["task_forces"]] == [["Tone"], ["Jintsu", "DD2", "DD1"]]


def test_a_side_gone_ahead_to_the_plot_step_reorganizes_unseen() -> None:
    """The private steps (``sequence.PRIVATE``): the Japanese, gone on to their Plot Ship Movement
    Step while the Americans are still readying planes, reorganize; the Americans are shown the
    Task Forces as they stood."""
    forces = [tf(US, 1, ["Enterprise", "DD1"], "B3010"), tf(JP, 1, ["Tone", "DD1"], "B3010"),
              tf(JP, 2, ["Jintsu", "DD2"], "B3010")]  # fmt: skip
    s = session(forces)
    done_until(s, "plane-ready")
    before = s.view(US)
    s.play(Done(JP))
    s.play(Done(JP))
    assert s.rules.step_of(s.state, JP) == "ship-plotting" and s.state.step == "plane-ready"
    s.play(Transfer(JP, 2, 1, ("DD2",)))
    assert s.view(US)["observed"] == before["observed"]


def test_the_probe_would_catch_the_set_up_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: with the enemy's ships shown as they stand (as before the fix), the probe finds a
    difference at the Short Scenario's set-up."""
    monkeypatch.setattr(views, "on_table", lambda state, viewer: state)
    s = Session.start(RULES, scenario="short", seed=1)
    caught = 0
    for k in range(60):
        try:
            list(secrets_probe.probe(RULES, s.state, s.rng.state, JP, random.Random(k)))
        except AssertionError as e:
            assert "different view" in str(e)
            caught += 1
    assert caught
