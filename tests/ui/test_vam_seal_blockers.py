"""Victory at Midway's set-up: what is still to place is on the Orders dock before the player
seals (VaM › Setup), and Enter says it instead of doing nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.test_vam_ui import _window


def test_the_pieces_still_to_place_are_named_before_sealing(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    if w.curtain.down:
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
    c = w.controller
    blockers = c.seal_blockers()
    assert blockers and all("Still to set up" in b.reason and "VaM › Setup" in b.reason for b in blockers)
    heading = w.presenter.heading.text()
    assert "Before you can seal" in heading and blockers[0].piece in heading
    greyed = [b for b in w.presenter.buttons if b.text().startswith("Seal these orders")]
    assert greyed and not greyed[0].isEnabled()
    w.statusBar().clearMessage()
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert "Still to set up" in w.statusBar().currentMessage()
    assert c.seal_blockers() == blockers  # nothing was sealed
