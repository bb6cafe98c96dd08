"""On a display of boxes every counter lies inside its box (the Kido Butai turn track's hour
boxes included), over whole games played through the window."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.geometry import plane
from midway_desktop.ui.map_art import UNIT


def _outside(w) -> list[str]:  # type: ignore[no-untyped-def]
    scene = w.scene
    out = []
    for piece, item in scene.counters.items():
        left, top, right, bottom = plane.bounds(scene.board.corners(item.label))
        box = QRectF(left * UNIT, top * UNIT, (right - left) * UNIT, (bottom - top) * UNIT).adjusted(-1, -1, 1, 1)
        half = item.size / 2
        face = QRectF(item.pos().x() - half, item.pos().y() - half, item.size, item.size)
        if not box.contains(face):
            out.append(f"{piece} spills out of {item.label}")
    return out


def test_every_counter_stays_in_its_box(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("kido-butai", persist=False)
    qtbot.addWidget(w)
    w.show()
    c = w.controller
    on_track = 0
    for seed in (3, 8):
        w.start_new({}, seed, None)
        session = c.session
        bots = default_bots("kido-butai")(session.rules)
        luck = Rng(seed)
        for _ in range(400):
            due = [s for s in session.to_act() if s in bots]
            if session.outcome() is not None or not due:
                break
            c.submit(bots[due[0]].choose(session, due[0], session.legal_actions(due[0]), luck))
            w.presenter.playback.skip()
            QApplication.processEvents()
            assert _outside(w) == []
            on_track += sum(1 for p in w.scene.counters if p.startswith("track-"))
    assert on_track > 0  # the walk saw American squadrons waiting on the turn track
