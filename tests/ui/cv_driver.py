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
from tests.ui.helpers import cell_point, drag, drop_events, grip, lift

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole)


def seal(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Enter: seal the step's orders (or end this step of the side's Air Unit Movement)."""
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Return)
    QApplication.processEvents()


def drag_counter(w, piece: str, hex_: str) -> None:  # type: ignore[no-untyped-def]
    """Drag a counter on the map onto ``hex_`` at actual size (one buried in a big stack brought
    up first by clicks on the stack's top counter, as a player goes through a stack)."""
    view = w.view
    view.set_zoom(1.0)
    item = w.scene.counters[piece]
    view.centre_on_cell(item.label)
    QApplication.processEvents()
    bring_up(w, piece)
    drag(view, grip(view, item), cell_point(view, w.board, hex_))


def bring_up(w, piece: str) -> int:  # type: ignore[no-untyped-def]
    """Click the top counter of ``piece``'s stack until ``piece`` is on top; the clicks made."""
    view, scene = w.view, w.scene
    item = scene.counters[piece]
    for clicks in range(len(scene.in_cell(item.label)) + 1):
        top = max(scene.in_cell(item.label), key=lambda it: it.zValue())
        if top is item:
            return clicks
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=grip(view, top))
        QApplication.processEvents()
    raise AssertionError(f"clicks on its stack never bring {piece} up")


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
    for chart in (None, *w.presenter.charts):  # (the box shown, else its chart's tab turned to)
        if chart is not None:
            dock = w.presenter.charts[chart][0]
            dock.show()
            dock.raise_()
            QApplication.processEvents()
        found = w.presenter._dests(piece)
        for view in w.presenter.box_views.values():
            # (a box may stand for a place: "A new Air unit" for the first free Air Box)
            takes = {w.presenter._place(d, found) for d in view.destinations} | set(view.destinations)
            if place in takes and view.isVisible():
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
    if option.isascii():
        QTest.keyClicks(picker.filter, option)
    else:  # (the test's keyboard types no dashes or ellipses: the text goes in as pasted)
        picker.filter.insert(option)
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
    from midway_desktop.ui.games.cv.combat_board import board_model

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


# -- any order given as a player gives it -----------------------------------------------------
def _box_piece(w, wanted: str) -> str | None:  # type: ignore[no-untyped-def]
    """The counter in a box the gesture's piece names (a stack's piece names its weapon; the
    gesture of a Ready or Stow names none)."""
    from midway_desktop.games.cv.gestures import _piece_matches

    for model in w.presenter.box_models.values():
        for piece in model.pieces():
            if _piece_matches(piece, wanted):
                return piece
    return None


def _by_gesture(w, action) -> str | None:  # type: ignore[no-untyped-def]
    """Give ``action`` by its drag, if the drop would give it (any count asked and answered):
    "drag" (a counter on the map), "drop" (a box's counter onto a box or the map), else None."""
    from dataclasses import replace

    from midway_desktop.games.cv.gestures import gesture, is_hex

    p = w.presenter
    g = gesture(action, p.plots, p._plot_starts)
    if g is None:
        return None
    piece, place = g
    on_map = piece in w.scene.counters and w.scene.counters[piece].draggable
    if not on_map:
        piece = _box_piece(w, piece) or ""
        if not piece:
            return None
    found = p._dests(piece)
    meant = found.get(p._place(place, found))
    count = getattr(action, "factors", None)
    if meant is None or (replace(meant, factors=count) if count is not None else meant) != action:
        return None
    if on_map and is_hex(place):
        if w.scene.counters[piece].label == place:
            return None  # (a plot back to the hex the counter stands in: no drag, the Orders dock)
        drag_counter(w, piece, place)
        answer_count(w, count)
        return "drag"
    if is_hex(place):
        drop_on_map(w, piece, place, how=count)
    else:
        drop_in_box(w, piece, place, how=count)
    return "drop"


def _by_orders_dock(w, qtbot, action) -> str | None:  # type: ignore[no-untyped-def]
    """Give ``action`` from the Orders dock: its counter chosen, its line given with Enter, and
    the count or the option asked for answered."""
    from midway_desktop.games.cv.gestures import order_group

    p = w.presenter
    index = p.group_box.findData(order_group(action))
    if index < 0:
        return None
    p.group_box.setCurrentIndex(index)
    lines = [p.order_list.order(r) for r in range(p.order_list.count())]
    row = next((r for r, c in enumerate(lines) if action in c.orders), None)
    if row is None:
        return None
    line = lines[row]
    p.order_list.setFocus()
    p.order_list.setCurrentRow(row)
    qtbot.keyClick(p.order_list, Qt.Key.Key_Return)
    QApplication.processEvents()
    if line.pick == "count":
        answer_count(w, action.factors)
    elif line.pick == "pick":
        if line.subs:
            sub = next(s for s in line.subs if action in s.orders)
            answer_option(w, sub.label)
            if sub.pick == "count":
                answer_count(w, action.factors)
        else:
            answer_option(w, line.options[list(line.orders).index(action)])
    return "dock"


def _by_combat_board(w, action) -> str | None:  # type: ignore[no-untyped-def]
    """Give ``action`` from the Combat Board: its row's settings set, its Give button clicked."""
    from PySide6.QtWidgets import QFrame, QSpinBox

    board = w.presenter.combat_board
    if board is None:
        return None
    rows = [r for r in board.findChildren(QFrame) if hasattr(r, "editors")]
    buttons = board.buttons
    for row, button in zip(rows, buttons):
        choice = next((c for c in board.board.choices if c.key == button.property("choice")), None)
        if choice is None or action not in choice.options:
            continue
        for name, editor in row.editors.items():
            value = getattr(action, name)
            if isinstance(editor, QSpinBox):
                editor.setValue(value)
            else:
                editor.setCurrentIndex(editor.findData(value))
        button.click()
        QApplication.processEvents()
        return "board"
    return None


def give_in_window(w, qtbot, action) -> str:  # type: ignore[no-untyped-def]
    """Give ``action`` through the window as a player would: Enter (or the button) to seal or
    let a flight pass, a drag (with the count asked answered), the Combat Board's row, or the
    Orders dock's line (with its count or option). How it went; it is the order given."""
    from midway_desktop.games.cv.actions import Done, LetPass

    c = w.controller
    before = len(c.session.history)
    if isinstance(action, LetPass):
        click(qtbot, next(b for b in w.presenter.buttons if b.text().startswith("Let enemy Air unit")))
        how = "button"
    elif isinstance(action, Done):
        seal(w, qtbot)
        how = "key"
    else:
        how = _by_combat_board(w, action) or _by_gesture(w, action) or _by_orders_dock(w, qtbot, action) or ""
    assert how, f"no gesture, line or board row gives {action}"
    assert len(c.session.history) > before, f"{how} gave nothing for {action}: {w.statusBar().currentMessage()}"
    given = next(s.action for s in c.session.history[before:] if s.action.side == action.side)
    assert given == action, f"{how} gave {given}, not {action}"
    return how


def on_screen(w: Any) -> tuple[Any, ...]:
    """What the window shows of the game, read from its widgets: the Orders dock, the boxes, the
    map's counters, the turn line and the Combat Board (drawn again from the view, the same)."""
    p = w.presenter
    orders = p.order_list
    boxes = tuple(sorted((key, tuple(v.box_model.pieces())) for key, v in p.box_views.items()))
    counters = tuple(sorted((piece, item.label) for piece, item in p.scene.counters.items()))
    board = p.combat_board
    combat = (board.heading.text(), board.strip.text()) if board is not None else ()
    return (
        p.heading.text(),
        tuple((b.text(), b.isEnabled()) for b in p.buttons),
        tuple(p.group_box.itemText(i) for i in range(p.group_box.count())),
        tuple(orders.text(i) for i in range(orders.count())),
        boxes,
        counters,
        w.turn_label.text(),
        combat,
    )
