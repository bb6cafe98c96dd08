"""Playing CV through the desktop as two people at one screen would: drags, drops, keys, the
curtain's button; and a look through everything the window shows for the other side's secrets.

Orders are given by the gestures the window offers (a counter dragged on the map, a counter
dropped from a box onto the map or another box, Enter to seal), never by calling the engine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPoint,
    Qt,
)
from PySide6.QtTest import QTest
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
from midway_desktop.ui.games.base import window_tab_bars
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


def drop_in_box(w, piece: str, place: str, how: str | int | None = "a", shift: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Drag ``piece`` from its box and drop it on the box that names ``place`` (``shift``: Shift
    held); asked how many, answer ``how`` (``answer_count``)."""
    box_with(w, piece)  # it is on screen to be picked up
    for view in w.presenter.box_views.values():
        if place in view.destinations:
            drop_events(view.viewport(), QPoint(10, 10), piece, shift)
            answer_count(w, how)
            return
    raise AssertionError(f"no box takes {place}")


def drop_on_map(w, piece: str, hex_: str, how: str | int | None = "a") -> None:  # type: ignore[no-untyped-def]
    """Drag ``piece`` from its box onto ``hex_`` of the map (asked how many, ``how``)."""
    box_with(w, piece)
    w.view.set_zoom(1.0)
    w.view.centre_on_cell(hex_)
    QApplication.processEvents()
    drop_events(w.view.viewport(), cell_point(w.view, w.board, hex_), piece)
    answer_count(w, how)


def open_picker(w, name: str):  # type: ignore[no-untyped-def]
    """The count picker (``countPicker``) or option picker (``optionPicker``) open now, or None."""
    picker = getattr(w.presenter, "picker", None)
    if picker is None or not shiboken6.isValid(picker) or not picker.isVisible() or picker.objectName() != name:
        return None
    return picker


def answer_count(w, how: str | int | None = "a") -> bool:  # type: ignore[no-untyped-def]
    """If the window asks how many, answer as a player: a key (``"a"`` all, ``"h"`` half, ``"o"``
    one) or a number typed then Enter (None: leave the question open). Whether it asked."""
    picker = open_picker(w, "countPicker")
    if picker is None or how is None:
        return picker is not None
    edit = picker.spin.lineEdit()
    if isinstance(how, int):
        edit.selectAll()
        QTest.keyClicks(edit, str(how))
        QTest.keyClick(edit, Qt.Key.Key_Return)
    else:
        QTest.keyClick(edit, how)
    QApplication.processEvents()
    return True


def answer_option(w, option: str) -> bool:  # type: ignore[no-untyped-def]
    """If the window asks which (a hex, a path, an order), type ``option`` and press Enter."""
    picker = open_picker(w, "optionPicker")
    if picker is None:
        return False
    QTest.keyClicks(picker.filter, option)
    assert picker.shown(), f"{option} is not offered"
    exact = picker.shown().index(option) if option in picker.shown() else 0
    picker.list.setCurrentIndex(picker.proxy.index(exact, 0))
    QTest.keyClick(picker.list, Qt.Key.Key_Return)
    QApplication.processEvents()
    return True


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
        if len(p["path"]) > 1:  # (one hex's name is in many a text: the Plot Map is checked by its lines)
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


def new_short_window(qtbot, seed: int, persist: bool = False, resume: bool = False, **start: Any):  # type: ignore[no-untyped-def]
    """A shown window on a new Short Scenario game (``start``: more of ``start_new``'s choices);
    ``persist``: one that remembers, as a player's; ``resume``: on the game left open instead."""
    from PySide6.QtWidgets import QApplication

    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("cv", persist=persist)
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    qtbot.waitExposed(w)
    if not resume:
        w.start_new(scenario="short", seed=seed, **start)
    QApplication.processEvents()
    return w


# -- a Short Scenario game where both sides' carriers are in reach of each other -------------------
TF = {"american": 3, "japanese": 1}  # the Task Force each side fights with: Yorktown's, Kido Butai
FIRST_LIGHT = 5  # 0500 June 4: the first daylight Turn (Basic III.F; night Bombing fails at Hit Table 0)


def short_scenario_at_first_light(dice: Sequence[int], apart: int = 3):  # type: ignore[no-untyped-def]
    """The Short Scenario with luck from ``dice``: the American Task Force 3 set up ``apart``
    hexes from the Japanese Task Force 1 (in its Ship Entry Area (b)), each side's dive bombers
    armed in section C and a plane type stowed in B at set-up (Set Up III.C.2.d), then every step
    sealed with no orders up to the Plane Ready Step of 0500 June 4. (The game from there is
    played through the window.)"""
    from midway_desktop.engine import Session, get_rules
    from midway_desktop.engine.rng import ScriptedRng
    from midway_desktop.games.cv.actions import Done, Place, Stow

    s = Session.start(get_rules("cv"), scenario="short", seed=1, rng=ScriptedRng(dice=dice))
    board = s.rules.game.board
    japanese = "B0606"
    american = min(
        a.hex
        for a in s.legal_actions("american")
        if isinstance(a, Place) and a.task_force == TF["american"] and board.distance(a.hex, japanese) == apart
    )
    s.play(Place("american", TF["american"], american))
    s.play(Stow("american", "tf3", "dauntless", 12, "c", "c", "he"))
    s.play(Stow("american", "tf3", "wildcat", 8, "c", "b", ""))
    s.play(Done("american"))
    s.play(Place("japanese", TF["japanese"], japanese))
    s.play(Stow("japanese", "tf1", "val", 30, "c", "c", "he"))
    s.play(Stow("japanese", "tf1", "kate", 23, "c", "b", ""))
    s.play(Done("japanese"))
    while not (s.state.time.hour == FIRST_LIGHT and s.state.step == "plane-ready"):
        s.play(Done(s.to_act()[0]))
    return s


def window_on(qtbot, session, size: tuple[int, int] = (1500, 950), side: str = ""):  # type: ignore[no-untyped-def]
    """A shown window on ``session``, behind the curtain for ``side`` (by default the side to
    act, as a game opened from a file)."""
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    w.controller.adopt(session, viewer=side or session.to_act()[0])
    if side:
        w.hand_over(side, drawn=True)
    else:
        w._curtain_for_hot_seat()
    QApplication.processEvents()
    return w


def task_force_hex(w, side: str) -> str:  # type: ignore[no-untyped-def]
    """Where ``side``'s fighting Task Force is (the test knows; the other player need not)."""
    state = w.controller.session.state
    return next(t.hex for t in state.task_forces if t.side == side and t.number == TF[side])


def air_unit_hex(w, side: str) -> str | None:  # type: ignore[no-untyped-def]
    state = w.controller.session.state
    return next((u.hex for u in state.air_units if u.side == side and u.where == "map"), None)


# -- what each side's screen may show ---------------------------------------------------------------
def check_own_screen(w) -> None:  # type: ignore[no-untyped-def]
    """The screen is the viewing side's, built from its view alone, with nothing hidden of the
    other side on it: the map's counters, the Plot Map's lines, the combat board, and every text
    of the window (every dock's every model, widget, tooltip and title: ``leaks``)."""
    from midway_desktop.games.cv.gestures import plotted
    from midway_desktop.ui.games.cv_combat import board_model

    side = w.controller.viewer
    p = w.presenter
    view = w.controller.view()
    assert view["viewer"] == side and p.view["viewer"] == side
    assert other(side) not in view  # the engine gave the window nothing of the other side's boxes
    assert set(w.scene.counters) == set(p.map_counters(view))
    own = {f"tf{t['number']}" for t in view[side]["task_forces"]}
    own |= {f"air{u['number']}" for u in view[side]["air_units"]}
    for piece in w.scene.counters:
        assert piece in own or piece.startswith(("enemy-air", "base:", "seen-ships")), piece
    # The Plot Map shows this side's plots, as its view has them, and nothing else.
    mine = plotted(view)
    assert {n: path for n, (path, _left) in p.plot.drawn.items() if path} == {n: pa for n, pa in mine.items() if pa}
    board = p.combat_board
    c = w.controller
    if board is None:  # (made when first wanted: there must be nothing for it to show yet)
        assert board_model(p.game, view, c.log(), list(c.legal())) is None
    else:
        assert board.board == board_model(board.game, view, c.log(), list(c.legal()), board.review)
        assert not [o for ch in (board.board.choices if board.board else ()) for o in ch.options if o.side != side]
    found = leaks(w, side)
    assert not found, f"{side}'s screen shows the other side's secrets: {found[:5]}"


def curtain_picture(w):  # type: ignore[no-untyped-def]
    """The window as the next player finds it: the curtain over everything."""
    assert w.curtain.down and w.curtain.isVisible() and w.curtain.geometry() == w.rect()
    return w.grab().toImage()


def map_picture(w, width: int = 900):  # type: ignore[no-untyped-def]
    """The whole mapboard as the scene draws it now (counters, Plot Map, lit hexes), at a size
    of its own: whatever the map view's zoom, scroll and size are."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QGraphicsItem

    rect = w.scene.sceneRect()
    image = QImage(width, round(width * rect.height() / rect.width()), QImage.Format.Format_ARGB32)
    image.fill(0)
    # Every item drawn afresh: a counter's cached picture is kept per view, and one kept for
    # an earlier render into an image is not renewed when the counter changes face.
    cached = [(item, item.cacheMode()) for item in w.scene.items()]
    for item, _mode in cached:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    painter = QPainter(image)
    w.scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    for item, mode in cached:
        item.setCacheMode(mode)
    return image


def look_through_the_tabs(w) -> None:  # type: ignore[no-untyped-def]
    """Turn each dock tab of the window to the front in turn, as a player looking through the
    charts does, and back to the one that was on top."""
    for bar in window_tab_bars(w):
        if not bar.isVisible():
            continue
        on_top = bar.currentIndex()
        for i in range(bar.count()):
            bar.setCurrentIndex(i)
            QApplication.processEvents()
        bar.setCurrentIndex(on_top)
    QApplication.processEvents()


def same_as_a_window_that_only_ever_showed(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The map and every text of the window are those of a new window that has only ever shown
    the side at the screen: nothing of the side that was here before lingers."""
    side = w.controller.viewer
    fresh = window_on(qtbot, w.controller.session, (w.width(), w.height()), side)
    assert lift(fresh, qtbot) == side
    fresh.view.set_zoom(w.view.zoom())  # (counters are drawn larger when the map is zoomed out)
    QApplication.processEvents()
    for window in (w, fresh):
        window.scene.unlight()
        window.scene.hide_cursor()
    a, b = map_picture(w), map_picture(fresh)
    assert a == b, f"{side}'s map differs from a fresh window's"
    for window in (w, fresh):  # (a chart is made when first looked at: the fresh one's too)
        look_through_the_tabs(window)
    assert sorted(set(window_texts(w)) - {w.statusBar().currentMessage()}) == sorted(
        set(window_texts(fresh)) - {fresh.statusBar().currentMessage()}
    )
    fresh.close()


# -- the combat board ----------------------------------------------------------------------------
def board_choice(w, kind: type):  # type: ignore[no-untyped-def]
    """(index, choice) of the first row of the combat board giving orders of ``kind``."""
    board = w.presenter.combat_board
    return next(((i, c) for i, c in enumerate(board.board.choices) if isinstance(c.options[0], kind)), (None, None))


def click(qtbot, button) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()


def against_the_computer(qtbot, person: str, until: tuple[int, int]) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    """A shown Short Scenario window, ``person`` a person and the other side the computer's
    Doctrine at pace 0, played to ``until`` (day, hour): yields the window each time the
    computer has taken its steps, then the person gives a striking order (``tests.games.cv.
    strike``) if it is their step."""
    from midway_desktop.engine.rng import Rng
    from tests.games.cv.strike import Striker

    computer = other(person)
    w = new_short_window(qtbot, 5, seats={person: None, computer: "doctrine"})
    c = w.controller
    c.set_pace(0)
    s = c.session
    striker, rng = Striker(), Rng(5)
    while s.outcome() is None and (s.state.time.day, s.state.time.hour) < until:
        qtbot.waitUntil(lambda: computer not in s.to_act() or s.outcome() is not None, timeout=120_000)
        QApplication.processEvents()
        yield w
        if s.outcome() is None and person in s.to_act():
            c.submit(striker.choose(s, person, c.legal(person), rng))
