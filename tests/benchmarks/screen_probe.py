"""Repaint and drag of the CV board on one screen, in a process of its own (the screen's size and
device pixel ratio are fixed when Qt starts): run by ``test_screen_speed``.

``python -m tests.benchmarks.screen_probe WIDTH HEIGHT``, under ``QT_QPA_PLATFORM`` naming an
offscreen screen of that size: a window filling the screen on a Midway Campaign game at the
first Ship Plotting Step, as the American side sees it (its Plot Map over the board), the
Japanese side's Task Forces and 27 Air units a side added, the whole board fitted. Prints one
JSON line: full repaint median (wall and CPU ms), whole and its paint alone; the game's first
drag: its first move and the median of its later ones; then a drag with every cell lit: the
median and p90 of its moves.

A whole repaint is what a player waits for: the view's own painting into the window's picture
and the window system's part around it (on the offscreen platform, a picture in memory; a real
screen's compositor does its part differently). The paint alone is the viewport's own painting
(its background and its paint event, what this app's code decides), timed by rendering the
viewport into a picture of the same device size. CPU is the whole process's: Qt's raster
engine hands parts of large fills and blits to threads of its own.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QMouseEvent, QRegion
from PySide6.QtWidgets import QApplication, QWidget

AIR_BOXES = 27


def crowd_the_board(w: Any) -> None:
    """The busiest board a CV game shows: to the American side's own (its Plot Map with its
    plotted moves) the Japanese side's Task Forces as that side's view draws them, and every Air
    unit both sides can have (27 each) flying over the board."""
    from midway_desktop.ui.games.cv.boxes import air_unit_face

    p = w.presenter
    session = w.controller.session
    for piece, (where, face, _tip) in p.map_counters(session.view("japanese")).items():
        w.scene.add_counter(f"japanese:{piece}", face, where)
    rng = random.Random(1942)
    labels = sorted(w.scene.board.labels())
    for side in ("us", "japan"):
        for n in range(1, AIR_BOXES + 1):
            w.scene.add_counter(f"{side}:air{n}", air_unit_face(side, n, str(rng.randint(1, 40))), rng.choice(labels))


def _ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 2)


def _timed(run: Callable[[], object], times: int = 40) -> tuple[float, float]:
    """Median wall and CPU ms of ``run`` (after one untimed run)."""
    run()
    wall, cpu = [], []
    for _ in range(times):
        t0, c0 = time.perf_counter(), time.process_time()
        run()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return _ms(wall), _ms(cpu)


def main() -> int:
    width, height = int(sys.argv[1]), int(sys.argv[2])
    from midway_desktop.ui.board_scene import _anywhere
    from midway_desktop.ui.screenshot import _new_game_window

    with _new_game_window("cv", width, height, scenario="midway-campaign", until="ship-plotting", side="american") as w:
        crowd_the_board(w)
        w.view.fit()
        for _ in range(5):  # idle: whatever the window does once it shows
            QApplication.processEvents()
        vp = w.view.viewport()
        counters = len(w.scene.counters)  # (a drop redraws the game's own: counted before the drags)
        repaint_wall, repaint_cpu = _timed(vp.repaint)
        # The viewport alone painted into a picture of the window's own size and format (the
        # offscreen screen's, 32-bit RGB): its own background fill, if it has one, and its paint
        # event; nothing of the windows under it.
        ratio = vp.devicePixelRatioF()
        picture = QImage(round(vp.width() * ratio), round(vp.height() * ratio), QImage.Format.Format_RGB32)
        picture.setDevicePixelRatio(ratio)
        paint_wall, paint_cpu = _timed(lambda: vp.render(picture, QPoint(), QRegion(), QWidget.RenderFlag(0)))
        movable = [i for i in w.scene.counters.values() if i.draggable and w.scene.legal_moves(i).cells]
        item = movable[0]
        start = w.view.mapFromScene(item.pos())

        def send(kind: QEvent.Type, pos: QPoint, buttons: Qt.MouseButton, button: Qt.MouseButton) -> None:
            at, where = QPointF(pos), QPointF(vp.mapToGlobal(pos))
            QApplication.sendEvent(vp, QMouseEvent(kind, at, where, button, buttons, Qt.KeyboardModifier.NoModifier))

        left = Qt.MouseButton.LeftButton

        def drag() -> tuple[list[float], int]:
            send(QEvent.Type.MouseButtonPress, start, left, left)
            steps = []
            for i in range(1, 62):
                t0 = time.perf_counter()
                send(QEvent.Type.MouseMove, start + QPoint(2 * i, i), left, Qt.MouseButton.NoButton)
                QApplication.processEvents()  # the repaint of what the move dirtied
                steps.append(time.perf_counter() - t0)
            lit = len(w.scene.highlighted_cells())
            send(QEvent.Type.MouseButtonRelease, start, Qt.MouseButton.NoButton, left)
            QApplication.processEvents()
            return steps, lit

        first, _ = drag()  # the game's own first drag: few cells lit
        # The worst case after it: every cell of the board lit, a highlight as big as the map.
        w.scene.legal_moves = _anywhere(w.scene.board)
        steps, lit = drag()
        later = sorted(steps[1:])
        first_later = sorted(first[1:])
        print(
            json.dumps(
                {
                    "map": [vp.width(), vp.height()],
                    "ratio": ratio,
                    "counters": counters,
                    "repaint_ms": repaint_wall,
                    "repaint_cpu_ms": repaint_cpu,
                    "paint_ms": paint_wall,
                    "paint_cpu_ms": paint_cpu,
                    "first_drag_move_ms": round(first[0] * 1000, 1),
                    "game_drag_step_ms": _ms(first_later),
                    "drag_step_ms": _ms(later),
                    "drag_step_p90_ms": round(later[int(len(later) * 0.9)] * 1000, 2),
                    "lit_cells": lit,
                }
            ),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
