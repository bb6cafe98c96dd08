"""Issue 37: fewer hot-seat handovers. Whole games played through the controller by two people at
one screen (``handover_walk``): the screen changes hands only when the side at it has nothing
left to do before the other side acts, a CV Turn without combat takes at most three handovers
(it took six to eight when the screen changed hands after every simultaneous step), and the
games are the very games played step by step with no screen at all: playing on at one sitting
changes nothing of what happens."""

from __future__ import annotations

import statistics

import pytest

from midway_desktop.engine import records
from tests.ui.handover_walk import step_by_step, walk


@pytest.fixture(scope="module")
def cv_walk(qapp):  # type: ignore[no-untyped-def]
    return walk("cv", "short", seed=2)


def test_cv_hands_over_only_when_the_side_at_the_screen_is_done(cv_walk) -> None:  # type: ignore[no-untyped-def]
    """Every handover comes when the side at the screen is no longer asked (and the walk checks
    that the side at the screen is always one that is asked)."""
    assert cv_walk.made and not [side for side, still_asked in cv_walk.made if still_asked]
    assert cv_walk.session.outcome() is not None and len(cv_walk.turns) == 19  # set-up and 18 Turns


def test_a_cv_turn_without_combat_takes_at_most_three_handovers(cv_walk) -> None:  # type: ignore[no-untyped-def]
    """Each side plays its Plane Ready, Form Air Units and Plot Ship Movement Steps at one sitting
    (one handover between the two), then the Air Unit Movement Phase's two portions (one handover,
    two when the side that plotted last does not move first)."""
    quiet = cv_walk.counts(combat=False)
    assert quiet and max(quiet) <= 3 and statistics.mean(quiet) <= 3
    for turn in cv_walk.turns:
        if turn.name != "set-up" and not turn.combat:
            steps = [step for _side, step in turn.handovers]
            assert steps.count("plane-ready") + steps.count("form-air-units") + steps.count("ship-plotting") == 1
    fought = cv_walk.counts(combat=True)
    assert fought and statistics.mean(fought) < 8  # (fourteen or so before)


def test_the_cv_game_at_one_screen_is_the_game_played_step_by_step(cv_walk) -> None:  # type: ignore[no-untyped-def]
    """A side going on to its next secret step before the other has sealed the last changes
    nothing: the same final position, step for step, as the sides sealing each step in turn."""
    alone = step_by_step("cv", "short", seed=2)
    assert len(alone.history) == len(cv_walk.session.history)
    assert records.fingerprint(alone) == records.fingerprint(cv_walk.session)
    for side in alone.humans:
        assert alone.view(side) == cv_walk.session.view(side)
        assert sorted(e.text for e in alone.log(side)) == sorted(e.text for e in cv_walk.session.log(side))


@pytest.mark.parametrize("seed", [1, 2])
def test_victory_at_midway_hands_over_only_when_the_side_at_the_screen_is_done(qapp, seed: int) -> None:  # type: ignore[no-untyped-def]
    """The same in Victory at Midway: a side still asked keeps the screen (a quiet Turn: its
    sealed steps two at a sitting, then its runs of them: Ship Movement to Search Assignment, Air
    Preparation to Air Return; twelve handovers at most at first, eight, five now), and the game
    is the one played step by step."""
    played = walk("victory-at-midway", None, seed=seed)
    assert played.made and not [side for side, still_asked in played.made if still_asked]
    quiet = played.counts(combat=False)
    assert quiet and max(quiet) <= 5 and statistics.mean(quiet) <= 4
    alone = step_by_step("victory-at-midway", None, seed=seed)
    assert records.fingerprint(alone) == records.fingerprint(played.session)
