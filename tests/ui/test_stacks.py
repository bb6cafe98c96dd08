"""A stack of counters in one cell shows every counter, as a fanned stack on the table does:
each counter of a small stack shows its name, and the pieces the player can move lie above the
ones they cannot (an enemy counter never buries a task force). Walked over whole games of every
game with a map of cells."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF, QRegion
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.ui import palette as pal
from midway_desktop.ui.counters import face_layout


def _face(item) -> QRectF:  # type: ignore[no-untyped-def]
    half = item.size / 2
    return item.mapToScene(QRectF(-half, -half, item.size, item.size)).boundingRect()


def _name_box(item, zoom: float) -> QRectF:  # type: ignore[no-untyped-def]
    """Where the counter's name is printed (or, too small for a name, its symbol), in scene
    units, at the view's zoom."""
    px = max(8, round(item.size * zoom))
    k = item.size / px
    layout = face_layout(item.face, px)
    line = layout.title
    if line is None:
        s = layout.symbol
        return item.mapToScene(
            QRectF(s.x() * k, s.y() * k, s.width() * k, s.height() * k).translated(-item.size / 2, -item.size / 2)
        ).boundingRect()
    font = QFont(pal.FONT_FAMILY)
    font.setBold(True)
    font.setPixelSize(line.size)
    fm = QFontMetricsF(font)
    w, h = fm.horizontalAdvance(line.text) * k, fm.ascent() * k
    top = (line.rect.center().y() - fm.ascent() / 2) * k - item.size / 2
    return item.mapToScene(QRectF(-w / 2, top, w, h)).boundingRect()


def _check_stacks(w) -> int:  # type: ignore[no-untyped-def]
    scene = w.scene
    seen = 0
    cells = {item.label for item in scene.counters.values()}
    for label in cells:
        stack = sorted(scene.in_cell(label), key=lambda item: item.zValue())
        if len(stack) < 2:
            continue
        seen += 1
        movable = [i for i, item in enumerate(stack) if item.draggable]
        fixed = [i for i, item in enumerate(stack) if not item.draggable]
        assert not movable or not fixed or min(movable) > max(fixed), f"{label}: a piece to move lies under another"
        if len(stack) > 3:
            continue
        for n, item in enumerate(stack):
            name = _name_box(item, w.view.transform().m11()).toRect()
            shown = QRegion(name)
            for above in stack[n + 1 :]:
                shown = shown.subtracted(QRegion(_face(above).toRect()))
            area = sum(r.width() * r.height() for r in shown)
            assert area >= 0.8 * name.width() * name.height(), f"{label}: the name of {item.piece} is covered"
    return seen


@pytest.mark.parametrize("game", ["midway-solitaire", "victory-at-midway"])
def test_every_stack_shows_every_counter(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(game, persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    c = w.controller
    stacks = 0
    for seed in (1, 2):
        w.start_new({}, seed, "solitaire" if game == "victory-at-midway" else None)
        session = c.session
        bots = default_bots(game)(session.rules)
        luck = Rng(seed)
        for _ in range(120):
            due = [s for s in session.to_act() if s in bots]
            if session.outcome() is not None or not due:
                break
            if c.viewer != due[0]:
                c.pass_to(due[0])
            c.submit(bots[due[0]].choose(session, due[0], session.legal_actions(due[0]), luck))
            if w.curtain.down:
                w.curtain.lift()
            QApplication.processEvents()
            stacks += _check_stacks(w)
    assert stacks > 0  # the walk met stacks to judge


def test_a_click_on_a_counter_in_a_stack_brings_it_up(qtbot) -> None:  # type: ignore[no-untyped-def]
    """CV's three American Task Forces stacked in one hex at set-up: a click on the one at the
    bottom brings it on top, whole under the pointer, to read and to pick; the next click on
    another brings that one up."""
    from PySide6.QtCore import Qt

    from tests.ui.cv_driver import new_short_window
    from tests.ui.helpers import grip

    w = new_short_window(qtbot, 5, seats={"american": None, "japanese": "doctrine"})
    view, scene = w.view, w.scene
    view.set_zoom(1.0)
    stack = sorted(scene.in_cell(scene.counters["tf1"].label), key=lambda it: it.zValue())
    assert len(stack) >= 3
    bottom, top = stack[0], stack[-1]
    view.centre_on_cell(bottom.label)
    QApplication.processEvents()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=grip(view, bottom))
    QApplication.processEvents()
    assert max(scene.in_cell(bottom.label), key=lambda it: it.zValue()) is bottom
    assert view.itemAt(view.mapFromScene(bottom.pos())) is bottom  # its middle shows now
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=grip(view, top))
    QApplication.processEvents()
    assert max(scene.in_cell(top.label), key=lambda it: it.zValue()) is top
    assert all(it.label == bottom.label for it in stack)  # clicks move nothing


def test_clicks_on_the_top_counter_go_through_the_stack(qtbot) -> None:  # type: ignore[no-untyped-def]
    """However many counters share a hex, each comes on top in turn as the player clicks the one
    on top (it goes to the bottom): a counter buried in a big stack can always be picked."""
    from PySide6.QtCore import Qt

    from tests.ui.cv_driver import new_short_window
    from tests.ui.helpers import grip

    w = new_short_window(qtbot, 5, seats={"american": None, "japanese": "doctrine"})
    view, scene = w.view, w.scene
    view.set_zoom(1.0)
    label = scene.counters["tf1"].label
    stack = scene.in_cell(label)
    view.centre_on_cell(label)
    QApplication.processEvents()
    came_up = []
    for _ in range(len(stack)):
        top = max(scene.in_cell(label), key=lambda it: it.zValue())
        came_up.append(top.piece)
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=grip(view, top))
        QApplication.processEvents()
    assert sorted(came_up) == sorted(it.piece for it in stack)  # every one, once
    assert max(scene.in_cell(label), key=lambda it: it.zValue()).piece == came_up[0]  # round again
