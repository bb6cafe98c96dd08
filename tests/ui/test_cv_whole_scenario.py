"""The Short Scenario played through the window's own gestures against the computer, as the
American and as the Japanese: every order of the person given as a player gives it (a drag with
the count asked answered, a box's counter dropped, Enter, the Combat Board's row, the Orders
dock's line with its count or hex), and after every step, the person's or the computer's, the
docks, map and turn line are what the view says (drawn again from it, nothing changes).

The default run plays the first Turns of each side; ``pytest -m whole_game`` plays the whole
scenario to its end."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv.actions import Form, Regroup
from midway_desktop.games.cv.choices import count_choice
from midway_desktop.games.cv.state import other
from midway_desktop.ui.pickers import half_of
from tests.games.cv.strike import Striker
from tests.ui.cv_driver import give_in_window, new_short_window, on_screen


def play_in_window(qtbot, person: str, until: tuple[int, int] | None) -> Counter[str]:  # type: ignore[no-untyped-def]
    """Play ``person``'s side through the window to ``until`` (day, hour; None: the end) against
    the computer's Doctrine; the ways the orders were given, counted."""
    computer = other(person)
    w = new_short_window(qtbot, 5, seats={person: None, computer: "doctrine"})
    c = w.controller
    c.set_pace(0)
    s = c.session
    striker, rng = Striker(), Rng(5)
    ways: Counter[str] = Counter()
    while s.outcome() is None and (until is None or (s.state.time.day, s.state.time.hour) < until):
        qtbot.waitUntil(lambda: computer not in s.to_act() or s.outcome() is not None, timeout=300_000)
        QApplication.processEvents()
        shown = on_screen(w)
        w.presenter.refresh()
        assert on_screen(w) == shown, f"the window was stale at {s.state.time} {s.state.step}"
        if s.outcome() is not None or person not in s.to_act():
            continue
        legal = c.legal(person)
        action = striker.choose(s, person, legal, rng)
        action = _into_the_next_box(action, c.view(), legal)
        counted = count_choice(legal, action)
        if counted is not None and rng.die(2) == 1:  # (half the stack now and then, as counted off)
            action = replace(action, factors=half_of(counted.counts()))  # type: ignore[type-var]
        ways[give_in_window(w, qtbot, action)] += 1
    if until is None:
        assert s.outcome() is not None
    return ways


def _into_the_next_box(action, view, legal):  # type: ignore[no-untyped-def]
    """Planes put into an empty Air Box go into the first one free, as on the table (the window
    offers that box as "a new Air unit"): the driver's order for another empty box is that."""
    used = {u["number"] for u in view[view["viewer"]]["air_units"]}
    field = "air_unit" if isinstance(action, Form) else "target" if isinstance(action, Regroup) else ""
    if not field or getattr(action, field) in used:
        return action
    free = sorted(getattr(a, field) for a in legal if type(a) is type(action) and getattr(a, field) not in used)
    return replace(action, **{field: free[0]})


@pytest.mark.parametrize("person", ["american", "japanese"])
def test_the_first_turns_against_the_computer_through_the_windows_gestures(qtbot, person: str) -> None:  # type: ignore[no-untyped-def]
    ways = play_in_window(qtbot, person, (4, 4))
    assert ways["key"] > 5 and ways["drag"] + ways["drop"] > 0 and ways["dock"] + ways["drop"] > 0, ways


@pytest.mark.whole_game
@pytest.mark.parametrize("person", ["american", "japanese"])
def test_the_whole_short_scenario_against_the_computer_through_the_windows_gestures(qtbot, person: str) -> None:  # type: ignore[no-untyped-def]
    ways = play_in_window(qtbot, person, None)
    assert ways["board"] > 0 and ways["drag"] > 0 and ways["key"] > 50, ways
