"""CV against the computer: after every step the person did not take (the computer's orders,
the steps that run by themselves, the passes that seal themselves), what the window shows is
what the view says: drawing it all again from the view changes nothing on the Orders dock, the
charts, the map, the turn line or the Combat Board. A stale window that says "Waiting for the
other side" while it is the player's step cannot get through."""

from __future__ import annotations

import pytest

from tests.ui.cv_driver import against_the_computer, on_screen


@pytest.mark.parametrize("person", ["american", "japanese"])
def test_the_window_is_never_stale_after_the_computers_steps(qtbot, person: str) -> None:  # type: ignore[no-untyped-def]
    checked = 0
    for w in against_the_computer(qtbot, person, (4, 8)):
        s = w.controller.session
        shown = on_screen(w)
        w.presenter.refresh()
        assert on_screen(w) == shown, f"stale at {s.state.time} {s.state.step}"
        if person in s.to_act():
            assert "Waiting for the other side" not in w.presenter.heading.text()
            assert w.turn_label.text().endswith("· Your move")
            checked += 1
    assert checked > 50


def test_while_the_computer_gives_its_orders_the_window_says_so(qtbot) -> None:  # type: ignore[no-untyped-def]
    """At a slow pace the computer is seen to be at work: the Orders dock and the turn line name
    it, and once it has acted the window says it is the person's move again."""
    from midway_desktop.games.cv.state import JAPANESE
    from tests.ui.cv_driver import new_short_window, seal

    w = new_short_window(qtbot, 5, seats={"american": None, JAPANESE: "doctrine"})
    c = w.controller
    c.set_pace(60_000)
    assert w.turn_label.text().endswith("· Your move")
    seal(w, qtbot)  # the American's set-up sealed; the computer's Japanese still to seal its own
    assert tuple(c.session.to_act()) == (JAPANESE,)
    assert "The computer (Japanese) is giving its orders" in w.presenter.heading.text()
    assert w.turn_label.text().endswith("· The computer's move (Japanese)")
    c.set_pace(0)
    qtbot.waitUntil(lambda: "american" in c.session.to_act(), timeout=60_000)
    qtbot.waitUntil(lambda: w.turn_label.text().endswith("· Your move"), timeout=5_000)
