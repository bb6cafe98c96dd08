"""Mouse gestures for pytest-qt tests: real press/move/release events through the viewport,
and the drag-and-drop events a drag from a box sends to what it is dropped on."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsView, QWidget


def _send(view: QGraphicsView, kind: QEvent.Type, pos: QPoint, buttons: Qt.MouseButton) -> None:
    local = QPointF(pos)
    glob = QPointF(view.viewport().mapToGlobal(pos))
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    event = QMouseEvent(kind, local, glob, button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def drag(view: QGraphicsView, start: QPoint, end: QPoint, steps: int = 8) -> None:
    """Press at ``start``, move in steps with the button held, release at ``end``."""
    left = Qt.MouseButton.LeftButton
    _send(view, QEvent.Type.MouseButtonPress, start, left)
    for i in range(1, steps + 1):
        p = start + (end - start) * (i / steps)
        _send(view, QEvent.Type.MouseMove, QPoint(round(p.x()), round(p.y())), left)
    _send(view, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
    QApplication.processEvents()


def piece_mime(piece: str) -> QMimeData:
    """What a counter dragged out of a box carries."""
    from midway_desktop.ui.board_view import PIECE_MIME

    data = QMimeData()
    data.setData(PIECE_MIME, piece.encode())
    return data


def drop_events(target: QWidget, pos: QPoint, piece: str, shift: bool = False) -> None:
    """The drag-enter, drag-move and drop a real drag sends to ``target`` (a viewport); ``shift``:
    with Shift held."""
    data = piece_mime(piece)
    move = Qt.DropAction.MoveAction
    left = Qt.MouseButton.LeftButton
    none = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(target, QDragEnterEvent(pos, move, data, left, none))
    QApplication.sendEvent(target, QDragMoveEvent(pos, move, data, left, none))
    QApplication.sendEvent(target, QDropEvent(QPointF(pos), move, data, left, none))
    QApplication.processEvents()


def _clicked(view: QGraphicsView, p: QPoint):  # type: ignore[no-untyped-def]
    """The item a left click at ``p`` reaches: the topmost that takes the button (drawings
    above the counters, such as CV's plotted moves, let clicks through to them)."""
    return next((i for i in view.items(p) if i.acceptedMouseButtons() & Qt.MouseButton.LeftButton), None)


def grip(view: QGraphicsView, item) -> QPoint:  # type: ignore[no-untyped-def]
    """A point where ``item`` (a counter on the map) is the topmost item, as a player's pointer
    would find it in a fanned stack, at whatever scale it is drawn."""
    half = item.size * item.scale() / 2
    spots = [i / 20 for i in range(-9, 10)]
    for fy in spots:
        for fx in spots:
            p = view.mapFromScene(item.pos() + QPointF(fx * 2 * half, fy * 2 * half))
            if _clicked(view, p) is item:
                return p
    raise AssertionError(f"{item.piece} is buried under other counters")


def cell_point(view: QGraphicsView, board, label: str) -> QPoint:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.map_art import UNIT

    x, y = board.centre(label)
    return view.mapFromScene(QPointF(x * UNIT, y * UNIT))


def play_by_bots(window, steps: int, seed: int = 5) -> int:  # type: ignore[no-untyped-def]
    """Orders as the computer would give them, through the window's controller, from whichever
    side is due (the screen passed to it); the curtain lifted after. How many were given."""
    from midway_desktop.engine.registry import default_bots
    from midway_desktop.engine.rng import Rng

    c = window.controller
    session = c.session
    if session is None:
        return 0
    bots = default_bots(window.game_id)(session.rules)
    luck = Rng(seed)
    given = 0
    for _ in range(steps):
        due = [s for s in session.to_act() if s in bots]
        if session.outcome() is not None or not due:
            break
        side = due[0]
        if c.viewer != side:
            c.pass_to(side)
        assert c.submit(bots[side].choose(session, side, session.legal_actions(side), luck))
        given += 1
    if window.curtain.down:
        window.curtain.lift()
    QApplication.processEvents()
    return given


def open_window(qtbot, game: str, persist: bool = False, size: tuple[int, int] = (1400, 900)):  # type: ignore[no-untyped-def]
    """A main window on ``game``, shown at ``size`` (``persist``: it keeps what a player's would)."""
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(game, persist=persist)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    return w


def lift(w, qtbot) -> str:  # type: ignore[no-untyped-def]
    """The named player clicks the hot-seat curtain's button; the side now at the screen."""
    assert w.curtain.down
    side = w.curtain.side
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert not w.curtain.down and w.controller.viewer == side
    return side
