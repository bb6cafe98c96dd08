"""Playing Victory at Midway through the desktop as a person would: drags, drops, clicks, keys.

Each order is given by the gesture the window offers for it (a counter dragged on the map, a
counter dragged from a holding box onto a hex or another box, a click on the battle board, a
button, Enter), never by calling the engine.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from midway_desktop.engine import Action
from midway_desktop.games.victory_at_midway.actions import Done
from midway_desktop.games.victory_at_midway.gestures import gesture
from midway_desktop.ui.games.base import window_tab_bars
from midway_desktop.ui.games.victory_at_midway.layout import is_hex
from tests.ui.helpers import cell_point, drag, drop_events, grip
from tests.ui.vam_checks import every_box


def _source_has(presenter, piece: str) -> bool:  # type: ignore[no-untyped-def]
    """The piece is on show somewhere it can be dragged from (a box or the map)."""
    if piece in presenter.scene.counters:
        return True
    models = [presenter.waiting_model, *every_box(presenter.window).values(), *presenter.battle_models.values()]
    return any(piece in m.pieces() for m in models)


def _turn_to(presenter, bview: QWidget) -> None:  # type: ignore[no-untyped-def]
    """Bring the dock holding ``bview`` to the front, as a player clicks a box's tab."""
    dock = next((d for d, _layout in presenter.box_docks.values() if d.isAncestorOf(bview)), None)
    for bar in window_tab_bars(presenter.window):
        for i in range(bar.count() if dock is not None and bar.isVisible() else 0):
            if bar.tabText(i) == dock.windowTitle():
                bar.setCurrentIndex(i)
    QApplication.processEvents()


def _item_point(view: QAbstractItemView, piece: str) -> QPoint:
    model = view.model()
    for row in range(model.rowCount()):
        ix = model.index(row, 0)
        if ix.data(Qt.ItemDataRole.UserRole) == piece:
            view.scrollTo(ix)
            return view.visualRect(ix).center()
    raise AssertionError(f"{piece} is not on the battle board")


def give(window, qtbot, action: Action) -> None:  # type: ignore[no-untyped-def]
    """Give ``action`` the way a player would at the window."""
    presenter = window.presenter
    g = gesture(action)
    if g is None:
        if isinstance(action, Done):
            qtbot.keyClick(window.view, Qt.Key.Key_Return)  # Enter seals the step
            return
        for button in presenter.buttons:
            if button.text().lower() == action.describe().lower():
                qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
                return
        raise AssertionError(f"no button for {action.describe()}")
    piece, dest = g
    assert _source_has(presenter, piece), f"{piece} is nowhere on screen to be dragged"
    view = window.view
    if dest.startswith("unit:"):
        target = dest[5:]
        for bview, _panel in presenter.battle_views.values():
            if piece in bview.box_model.pieces():
                qtbot.mouseClick(bview.viewport(), Qt.MouseButton.LeftButton, pos=_item_point(bview, piece))
        for bview, _panel in presenter.battle_views.values():
            if target in bview.box_model.pieces():
                qtbot.mouseClick(bview.viewport(), Qt.MouseButton.LeftButton, pos=_item_point(bview, target))
                return
        raise AssertionError(f"{target} is not on the battle board")
    if is_hex(dest):
        item = presenter.scene.counters.get(piece)
        if item is not None and item.draggable:
            view.centre_on_cell(item.label)
            QApplication.processEvents()
            drag(view, grip(view, item), cell_point(view, window.board, dest))
            return
        view.centre_on_cell(dest)
        QApplication.processEvents()
        drop_events(view.viewport(), cell_point(view, window.board, dest), piece)
        return
    every_box(window)  # the player looks through the tabs for the box
    battle = [v for v, _panel in presenter.battle_views.values()]
    for bview in [*presenter.box_views.values(), *battle]:
        if dest in bview.destinations:
            _turn_to(presenter, bview)
            drop_events(bview.viewport(), QPoint(10, 10), piece)
            return
    raise AssertionError(f"no holding box takes {dest}")
