"""The Dice dock after a hot-seat handover shows the last dice the player now at the screen saw,
never a roll only the other side saw, and never "no dice" after dice both saw. Walked through
the double-blind games with each side's orders given as the computer would give them."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from tests.ui.helpers import open_window


@pytest.mark.parametrize("game", ["victory-at-midway", "cv"])
def test_the_dice_shown_at_each_handover_are_the_last_the_side_saw(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    w = open_window(qtbot, game)
    c = w.controller
    session = c.session
    bots = default_bots(game)(session.rules)
    luck = Rng(3)
    handovers = shown = 0
    for _ in range(90 if game == "cv" else 60):
        if w.curtain.down:
            w.curtain.lift()
            QApplication.processEvents()
            handovers += 1
            side = c.viewer
            rolls = [e for e in c.last_rolls_seen() if e.kind == "roll" and e.data.get("dice")][-8:]
            assert w.dice_dock.dice.rolls == rolls
            assert all(r.visible_to(side) for r in w.dice_dock.dice.rolls)
            shown += bool(rolls)
        if session.outcome() is not None:
            break
        side = session.to_act()[0]
        if side != c.viewer:  # (a handover the window has not made: none in hot-seat play)
            c.pass_to(side)
        assert c.submit(bots[side].choose(session, side, session.legal_actions(side), luck))
    assert handovers >= 5 and shown >= 1
