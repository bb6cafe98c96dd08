"""KB › 4 The Mutual Reconnaissance Phase."""

from __future__ import annotations

import pytest

from .helpers import END, position, session


@pytest.mark.parametrize(("die", "found"), [(1, False), (4, False), (5, True), (6, True)])
def test_the_americans_find_kido_butai_on_five_or_six(die: int, found: bool) -> None:
    s = session(position(turn=0), dice=[die, 1])
    s.play(END)
    assert s.state.found is found


@pytest.mark.parametrize(("die", "reported"), [(1, False), (5, False), (6, True)])
def test_a_us_fleet_is_reported_to_the_japanese_on_a_six(die: int, reported: bool) -> None:
    s = session(position(turn=0), dice=[1, die])
    s.play(END)
    assert s.state.reported[0] is reported


def test_found_stays_found_and_its_die_is_no_longer_rolled() -> None:
    s = session(position(turn=0, found=True), dice=[2])  # only the Japanese die
    s.play(END)
    assert s.state.found and s.rng.remaining == 0  # type: ignore[attr-defined]


def test_the_phase_is_suspended_once_both_fleets_are_found() -> None:
    s = session(position(turn=0, found=True, reported=(True, False)))  # no dice at all
    s.play(END)
    assert s.state.turn == 1
    assert "reconnaissance" not in [e.kind for e in s.log("japan")]


def test_japanese_reconnaissance_resumes_for_a_second_fleet() -> None:
    state = position(turn=0, found=True, reported=(True, False), us_fleet=(1, 2, 2))
    s = session(state, dice=[5])
    s.play(END)
    assert s.state.reported == (True, False)
    s = session(s.state, dice=[6])
    s.play(END)
    assert s.state.reported == (True, True)
    from .helpers import FORCES

    s = session(s.state, picks=[FORCES.bomber_pool.squadrons])  # suspended again: no dice, no attack drawn
    s.play(END)
    assert s.state.turn == 3
