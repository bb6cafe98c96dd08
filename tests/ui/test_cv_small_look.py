"""CV's first look in a map viewport too small for its margins: a CV record opened as a second CV
session of the window, the map squeezed, looks round the first Task Force and raises nothing
(it took ``min`` of no Task Force at all)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from midway_desktop.ui.main_window import MainWindow
from midway_desktop.ui.map_art import UNIT

RECORD = Path(__file__).resolve().parent.parent / "records" / "revision-1" / "cv.json"


@pytest.mark.parametrize("size", [(60, 40), (200, 120), (20, 600)])
def test_a_cv_record_opened_again_in_a_small_viewport_looks_round_its_first_task_force(
    qtbot, monkeypatch, size
) -> None:  # type: ignore[no-untyped-def]
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: said.append(str(a[2])))
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_game(str(RECORD)), said
    w.view.setFixedSize(*size)  # the map squeezed by the docks of the session before
    QApplication.processEvents()
    assert w.open_game(str(RECORD)), said  # a second CV session, in the same window
    QApplication.processEvents()
    p = w.presenter
    for side in ("american", "japanese"):
        view = w.controller.session.view(side)
        p.first_look(view, side)  # raised ValueError (min() of an empty sequence) before
        first = next(t["hex"] or (t["entry"] or {}).get("hex") for t in view[side]["task_forces"] if not t["exited"])
        x, y = w.scene.board.centre(first)
        seen = w.view.mapToScene(w.view.contentsRect()).boundingRect()
        m = 3 * UNIT  # (the look's margin: the map's edge may hold the centre off the hex itself)
        assert seen.adjusted(-m, -m, m, m).contains(x * UNIT, y * UNIT), (side, first, seen)
    assert said == []
    w.close()
