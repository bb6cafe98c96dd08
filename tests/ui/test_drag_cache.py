"""The pixmap cache is sized from the screen (issue 40): the drag highlight over a big window is
drawn once and then reused at every mouse move, never drawn again for want of room."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QMouseEvent, QPainter, QPixmapCache
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem, QWidget

from midway_desktop.geometry import load_board
from midway_desktop.ui import app as app_module
from midway_desktop.ui.board_scene import BoardScene, HighlightItem
from midway_desktop.ui.board_view import BoardView
from midway_desktop.ui.counters import CounterFace

BIG = (3840, 2160)


@pytest.fixture
def kept_limit() -> Iterator[None]:
    before = QPixmapCache.cacheLimit()
    yield
    QPixmapCache.setCacheLimit(before)
    QPixmapCache.clear()


def test_the_limit_holds_two_pictures_of_a_4k_screen_at_ratio_2(qapp: QApplication) -> None:
    picture_kb = 3840 * 2 * 2160 * 2 * 4 // 1024
    limit = app_module.cache_limit_kb([(1920, 1080, 1.0), (3840, 2160, 2.0)])
    assert limit >= 2 * picture_kb + app_module.QT_DEFAULT_CACHE_KB
    assert app_module.cache_limit_kb([]) == app_module.QT_DEFAULT_CACHE_KB


def test_the_app_sets_the_limit_from_its_screens(qapp: QApplication, kept_limit: None) -> None:
    screens = [(s.size().width(), s.size().height(), s.devicePixelRatio()) for s in QGuiApplication.screens()]
    QPixmapCache.setCacheLimit(1024)
    assert app_module.size_pixmap_cache() == app_module.cache_limit_kb(screens)
    assert QPixmapCache.cacheLimit() == app_module.cache_limit_kb(screens)
    assert QPixmapCache.cacheLimit() > app_module.QT_DEFAULT_CACHE_KB


def _drag_paints(qtbot, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """How many times the drag highlight is painted over 12 mouse moves of a drag across a
    3840x2160 view of the CV board, every cell lit; and the moves made."""
    painted = [0]
    real = HighlightItem.paint

    def paint(item: HighlightItem, p: QPainter, o: QStyleOptionGraphicsItem, w: QWidget | None = None) -> None:
        painted[0] += 1
        real(item, p, o, w)

    monkeypatch.setattr(HighlightItem, "paint", paint)
    board = load_board("cv")
    scene = BoardScene(board)
    face = CounterFace("us", "TF 16", "Task Force", "", symbol="task-force")
    item = scene.add_counter("tf", face, sorted(board.labels())[40])
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(*BIG)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    QApplication.processEvents()
    vp = view.viewport()
    vp.repaint()
    start = view.mapFromScene(item.pos())

    def send(kind: QEvent.Type, pos: QPoint, buttons: Qt.MouseButton, button: Qt.MouseButton) -> None:
        at, where = QPointF(pos), QPointF(vp.mapToGlobal(pos))
        ev = QMouseEvent(kind, at, where, button, buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(vp, ev)

    left = Qt.MouseButton.LeftButton
    send(QEvent.Type.MouseButtonPress, start, left, left)
    moves = 12
    for i in range(1, moves + 1):
        send(QEvent.Type.MouseMove, start + QPoint(4 * i, 3 * i), left, Qt.MouseButton.NoButton)
        vp.repaint()  # the whole view, highlight included, as a scroll or a big window's update
    assert scene.highlighted_cells(), "the drag lit no cells"
    send(QEvent.Type.MouseButtonRelease, start, Qt.MouseButton.NoButton, left)
    return painted[0], moves


def test_a_drag_over_a_big_view_reuses_the_highlight_picture(qtbot, monkeypatch, kept_limit) -> None:  # type: ignore[no-untyped-def]
    QPixmapCache.setCacheLimit(app_module.cache_limit_kb([(*BIG, 2.0)]))  # as the app sets it on such a screen
    painted, moves = _drag_paints(qtbot, monkeypatch)
    assert 1 <= painted <= 2, f"the highlight was drawn {painted} times over {moves} moves"


def test_with_qt_default_cache_the_big_highlight_is_drawn_at_every_move(qtbot, monkeypatch, kept_limit) -> None:  # type: ignore[no-untyped-def]
    """The fault the limit mends, shown: the picture does not fit Qt's default 10 MB."""
    QPixmapCache.setCacheLimit(app_module.QT_DEFAULT_CACHE_KB)
    painted, moves = _drag_paints(qtbot, monkeypatch)
    assert painted >= moves


@settings(max_examples=200, deadline=None)
@given(
    r=st.tuples(*(st.integers(-50, 50) for _ in range(2)), *(st.integers(1, 80) for _ in range(2))),
    h=st.tuples(*(st.integers(-50, 50) for _ in range(2)), *(st.integers(1, 80) for _ in range(2))),
)
def test_the_background_strips_cover_the_exposed_rect_less_the_chart_once(r, h) -> None:  # type: ignore[no-untyped-def]
    """The view fills its own background only around the chart's opaque tiles: the strips lie in
    the exposed rect, miss the chart, and with its part of the rect cover the rect exactly."""
    from midway_desktop.ui.board_view import _around

    rect, hole = QRectF(*r), QRectF(*h)
    strips = _around(rect, hole)
    inner = rect.intersected(hole)
    area = sum(s.width() * s.height() for s in strips) + (0 if inner.isEmpty() else inner.width() * inner.height())
    assert area == rect.width() * rect.height()
    for s in strips:
        assert rect.contains(s) and s.intersected(hole).isEmpty()
    for a in range(len(strips)):
        for b in range(a + 1, len(strips)):
            assert strips[a].intersected(strips[b]).isEmpty()
