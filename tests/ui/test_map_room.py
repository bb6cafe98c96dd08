"""The map keeps its room beside the docks (issue 37: at 1024x700, CV's map became a strip a
hundred pixels wide once the Orders dock was widened).

In every game's window at 1024x700, 1280x800 and 1920x1080, the player drags the edge of every
dock beside the map as far across the map as it goes: the map keeps at least 40 % of the
window's width and height (what the docks' least sizes leave it, if that is less). A window
whose docks were dragged wide, made smaller, gives the map its share again; and a window opens,
and is made, at the size it is asked for."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QDockWidget

from midway_desktop.games import GAME_IDS
from midway_desktop.ui.map_room import MAP_SHARE

SIZES = [(1024, 700), (1280, 800), (1920, 1080)]
LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
TOP, BOTTOM = Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea


def _window(qtbot, game: str, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(game, persist=False)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    if w.curtain.down:
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    _settle()
    return w


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def docked(w) -> list[QDockWidget]:  # type: ignore[no-untyped-def]
    """The docks on show beside the map (Qt keeps those behind a tab visible, off the window)."""
    return [
        d
        for d in w.children()
        if isinstance(d, QDockWidget) and d.isVisible() and not d.isFloating() and not d.visibleRegion().isEmpty()
    ]


def _send(w, kind: QEvent.Type, pos: QPoint, buttons: Qt.MouseButton) -> None:  # type: ignore[no-untyped-def]
    button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else Qt.MouseButton.LeftButton
    event = QMouseEvent(
        kind, QPointF(pos), QPointF(w.mapToGlobal(pos)), button, buttons, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(w, event)


def drag_edge(w, area: Qt.DockWidgetArea) -> bool:  # type: ignore[no-untyped-def]
    """The player takes the edge between ``area``'s docks and the map and drags it right across
    the map (a window's dock edges are the window's own, between its parts); False if the area
    has no docks."""
    here = [d.geometry() for d in docked(w) if w.dockWidgetArea(d) == area]
    if not here:
        return False
    span = here[0]
    for g in here[1:]:
        span = span.united(g)
    m = w.view.geometry()
    if area == LEFT:
        start, end = QPoint((span.right() + m.left()) // 2, m.center().y()), QPoint(w.width() - 2, m.center().y())
    elif area == RIGHT:
        start, end = QPoint((m.right() + span.left()) // 2 + 1, m.center().y()), QPoint(2, m.center().y())
    elif area == BOTTOM:
        start, end = QPoint(m.center().x(), (m.bottom() + span.top()) // 2 + 1), QPoint(m.center().x(), 2)
    else:
        start, end = QPoint(m.center().x(), (span.bottom() + m.top()) // 2), QPoint(m.center().x(), w.height() - 2)
    assert w.childAt(start) is None, f"no dock edge at {start} ({area})"
    left = Qt.MouseButton.LeftButton
    _send(w, QEvent.Type.MouseButtonPress, start, left)
    for i in range(1, 11):
        _send(w, QEvent.Type.MouseMove, start + (end - start) * (i / 10), left)
        QApplication.processEvents()  # (the window moves the edge as the event loop comes round)
    _send(w, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
    _settle()
    return True


def least_beside(w, areas: tuple[Qt.DockWidgetArea, ...], horizontal: bool) -> int:  # type: ignore[no-untyped-def]
    """How deep the docks of ``areas`` are at least (each area a column or row of docks)."""
    total = 0
    for area in areas:
        here = [d for d in docked(w) if w.dockWidgetArea(d) == area]
        if here:
            sizes = [d.minimumSizeHint().expandedTo(d.minimumSize()) for d in here]
            total += max(s.width() if horizontal else s.height() for s in sizes)
    return total


def assert_map_keeps_its_room(w, what: str) -> None:  # type: ignore[no-untyped-def]
    m, size = w.view.geometry(), w.size()
    frame = 40  # (dock edges, toolbar, menu and status bars besides the docks)
    wide = min(MAP_SHARE * size.width(), size.width() - least_beside(w, (LEFT, RIGHT), True) - frame)
    high = min(MAP_SHARE * size.height(), size.height() - least_beside(w, (TOP, BOTTOM), False) - 3 * frame)
    assert m.width() >= wide - 1, f"{what}: the map has {m.width()} px of {size.width()}"
    assert m.height() >= high - 1, f"{what}: the map has {m.height()} px of {size.height()} high"
    assert QRect(QPoint(0, 0), size).contains(m)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAME_IDS)
def test_no_dock_dragged_wider_crowds_out_the_map(qtbot, game: str, size) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, game, size)
    assert w.size().toTuple() == size  # (Victory at Midway's opened 853 px tall at 1024x700)
    assert_map_keeps_its_room(w, "as opened")
    dragged = []
    for area in (LEFT, RIGHT, BOTTOM, TOP):
        if drag_edge(w, area):
            dragged.append(area)
            assert_map_keeps_its_room(w, f"{area.name} dragged across")
            assert w.size().toTuple() == size  # (the window itself stays as it is)
    assert LEFT in dragged and RIGHT in dragged
    # Every dock on show, each the front one of its stack in turn, dragged again.
    for dock in docked(w):
        dock.raise_()
        _settle()
        drag_edge(w, w.dockWidgetArea(dock))
        assert_map_keeps_its_room(w, f"{dock.windowTitle()} dragged across")


@pytest.mark.parametrize("game", ["cv", "victory-at-midway"])
def test_a_window_made_smaller_gives_the_map_its_room_again(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, game, (1920, 1080))
    for area in (LEFT, RIGHT):
        drag_edge(w, area)  # the docks as wide as they go at 1920
    for size in [(1280, 800), (1024, 700), (1920, 1080), (1024, 700)]:
        w.resize(*size)
        _settle()
        assert w.size().toTuple() == size  # made as small as it is asked
        assert_map_keeps_its_room(w, f"made {size}")
