"""Playing CV through the desktop as two people at one screen would: drags, drops, keys, the
curtain's button; and a look through everything the window shows for the other side's secrets.

Orders are given by the gestures the window offers (a counter dragged on the map, a counter
dropped from a box onto the map or another box, Enter to seal), never by calling the engine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPoint,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDockWidget,
    QGraphicsSimpleTextItem,
    QLabel,
    QListWidget,
    QTabBar,
    QWidget,
)

from midway_desktop.engine.events import UMPIRE
from midway_desktop.games.cv.state import other
from midway_desktop.ui.counters import CounterItem
from tests.ui.helpers import cell_point, drag, drop_events, grip

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole)


def lift(w, qtbot) -> str:  # type: ignore[no-untyped-def]
    """The named player clicks the curtain's button; the side now at the screen."""
    assert w.curtain.down
    side = w.curtain.side
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert not w.curtain.down and w.controller.viewer == side
    return side


def seal(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Enter: seal the step's orders (or end this step of the side's Air Unit Movement)."""
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Return)
    QApplication.processEvents()


def drag_counter(w, piece: str, hex_: str) -> None:  # type: ignore[no-untyped-def]
    """Drag a counter on the map onto ``hex_`` at actual size."""
    view = w.view
    view.set_zoom(1.0)
    item = w.scene.counters[piece]
    view.centre_on_cell(item.label)
    QApplication.processEvents()
    drag(view, grip(view, item), cell_point(view, w.board, hex_))


def box_with(w, piece: str):  # type: ignore[no-untyped-def]
    """The box view a piece is shown in (the player finds it in the charts)."""
    for view in w.presenter.box_views.values():
        if piece in view.box_model.pieces():
            return view
    raise AssertionError(f"{piece} is in no box on screen")


def drop_in_box(w, piece: str, place: str) -> None:  # type: ignore[no-untyped-def]
    """Drag ``piece`` from its box and drop it on the box that names ``place``."""
    box_with(w, piece)  # it is on screen to be picked up
    for view in w.presenter.box_views.values():
        if place in view.destinations:
            drop_events(view.viewport(), QPoint(10, 10), piece)
            return
    raise AssertionError(f"no box takes {place}")


def drop_on_map(w, piece: str, hex_: str) -> None:  # type: ignore[no-untyped-def]
    """Drag ``piece`` from its box onto ``hex_`` of the map."""
    box_with(w, piece)
    w.view.set_zoom(1.0)
    w.view.centre_on_cell(hex_)
    QApplication.processEvents()
    drop_events(w.view.viewport(), cell_point(w.view, w.board, hex_), piece)


# -- what is on screen ------------------------------------------------------------------------
def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    if isinstance(model, QAbstractListModel):  # (its column count is private in Qt's bindings)
        return 1
    return int(model.columnCount(parent))


def model_texts(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[str]:
    parent = parent or QModelIndex()
    columns = _columns(model, parent)
    for row in range(model.rowCount(parent)):
        for col in range(max(1, columns)):
            ix = model.index(row, col, parent)
            for role in ROLES:
                value = ix.data(role)
                if isinstance(value, str):
                    yield value
            flat = isinstance(model, (QAbstractListModel, QAbstractTableModel))  # (private hasChildren)
            if col == 0 and not flat and model.hasChildren(ix):
                yield from model_texts(model, ix)
    for col in range(columns if not parent.isValid() else 0):
        value = model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        if isinstance(value, str):
            yield value


def window_texts(w) -> list[str]:  # type: ignore[no-untyped-def]
    """Every piece of text the window holds for the player to see: its title, every widget's
    text and tooltip, every item of every model (every dock, every box, both record sheets, the
    log), every counter's face and tooltip and every other item on the map, the status bar."""
    out = [w.windowTitle(), w.statusBar().currentMessage(), w.turn_label.text()]
    for widget in w.findChildren(QWidget):
        if widget is w.curtain or w.curtain.isAncestorOf(widget):
            continue
        out.append(widget.toolTip())
        if isinstance(widget, (QLabel, QAbstractButton)):
            out.append(widget.text())
        if isinstance(widget, QDockWidget):
            out.append(widget.windowTitle())
        if isinstance(widget, QTabBar):
            out += [widget.tabText(i) for i in range(widget.count())]
            out += [widget.tabToolTip(i) for i in range(widget.count())]
        if isinstance(widget, QComboBox):
            out += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QListWidget):
            out += [widget.item(i).text() for i in range(widget.count())]
    for model in w.findChildren(QAbstractItemModel):
        out += list(model_texts(model))
    for item in w.scene.items():
        out.append(item.toolTip())
        if isinstance(item, CounterItem):
            f = item.face
            out += [f.title, f.kind, f.values, item.tooltip(), item.description()]
        if isinstance(item, QGraphicsSimpleTextItem):
            out.append(item.text())
    for action in w.findChildren(type(w.act_undo)):
        out += [action.text(), action.statusTip(), action.toolTip()]
    return [t for t in out if isinstance(t, str) and t]


def secrets(w, side: str) -> set[str]:  # type: ignore[no-untyped-def]
    """What the other side holds that ``side`` must not see, as text that would give it away:
    the names of its ships and plane types, and the hexes of its plotted moves, less whatever
    ``side``'s own view carries (its own ships of the same name, what it observed)."""
    session = w.controller.session
    game = session.rules.game
    umpire = session.rules.view(session.state, UMPIRE)
    theirs = umpire[other(side)]
    mine = json.dumps(session.view(side))
    names: set[str] = set()
    for t in theirs["task_forces"]:
        names |= set(t["ships"])
    planes = {s["plane"] for b in (*theirs["task_forces"], *theirs["bases"]) for sec in "abc" for s in b["planes"][sec]}
    planes |= {r["plane"] for u in theirs["air_units"] for r in u["records"]}
    names |= {game.plane(p).title for p in planes if f'"{p}"' not in mine}  # (an observed type is named)
    for p in theirs["plots"]:
        if p["path"]:
            names.add(" - ".join(p["path"]))
    return {n for n in names if n not in mine and len(n) > 3}


# A counter's picture in a tooltip: its base64 letters are no text a player reads (and by
# chance spell a ship's name now and then); what the picture shows is checked from its pixels.
PICTURE = re.compile(r"data:image/[a-z]+;base64,[A-Za-z0-9+/=]+")


def leaks(w, side: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(secret, the text it shows in) for every secret of the other side on ``side``'s screen."""
    hidden = secrets(w, side)
    texts = [PICTURE.sub("data:image", t) for t in window_texts(w)]
    return [(s, t[:120]) for t in texts for s in hidden if s in t]


def view_of(w) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return w.controller.view()


def new_short_window(qtbot, seed: int, **start: Any):  # type: ignore[no-untyped-def]
    """A shown window on a new Short Scenario game (``start``: more of ``start_new``'s choices)."""
    from PySide6.QtWidgets import QApplication

    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    qtbot.waitExposed(w)
    w.start_new(scenario="short", seed=seed, **start)
    QApplication.processEvents()
    return w
