"""Victory at Midway's docks stay where the player had them (issue 37: the Fleets dock jumped to
its bottom after a drop). A hot-seat game is played through the window's own gestures; before
every order the player scrolls every dock on show somewhere down, picks a counter in a holding
box and an order in the Orders list. After the order each dock is as far down as it was (as far
as its new contents let it), the counter and the order still picked where they still are; and
at each handover every dock comes back as far down as that player left it."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QScrollArea

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import Done, Orders, read_item
from tests.ui.test_docks_after_the_curtain import lift, seen
from tests.ui.vam_driver import give


def _window(qtbot, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("victory-at-midway", persist=False)
    qtbot.addWidget(w)
    w.resize(*size)  # (small windows: the docks scroll)
    w.show()
    qtbot.waitExposed(w)
    w.start_new({}, 5, None)
    QApplication.processEvents()
    return w


def bars(w):  # type: ignore[no-untyped-def]
    """Every scroll bar of the game's docks on show, by name: each dock's own, the Orders list's
    and the Turns track's."""
    p = w.presenter
    out = {}
    for dock in p.docks:
        area = dock.widget()
        if seen(dock) and isinstance(area, QScrollArea):
            out[dock.objectName()] = area.verticalScrollBar()
    if seen(p.orders_dock):
        out["orders list"] = p.order_list.verticalScrollBar()
    if seen(p.track_dock):
        out["turns"] = p.track_view.verticalScrollBar()
    return out


def scroll_about(w, pick: random.Random) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """The player drags the handle of each dock on show that scrolls somewhere down it."""
    QApplication.processEvents()
    down = {}
    for name, bar in bars(w).items():
        if bar.maximum() > 0:
            bar.setSliderDown(True)  # (what a press on the handle, a drag and a release do)
            bar.setSliderPosition(pick.randint(1, bar.maximum()))
            bar.setSliderDown(False)
            down[name] = bar.value()
    return down


def pick_a_counter(w, qtbot, pick: random.Random) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The player clicks a counter in a holding box on show: (the box, the counter)."""
    p = w.presenter
    boxes = [(k, v) for k, v in p.box_views.items() if v.box_model.rowCount() and not v.visibleRegion().isEmpty()]
    if not boxes:
        return "", ""
    key, view = pick.choice(boxes)
    row = pick.randrange(view.box_model.rowCount())
    ix = view.box_model.index(row)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(ix).center())
    return key, view.box_model.pieces()[row]


def pick_an_order(w, qtbot, pick: random.Random) -> str:  # type: ignore[no-untyped-def]
    """The player clicks an order in sight in the Orders list (a click picks; Enter gives)."""
    p = w.presenter
    listed = p.order_list
    rows = [
        i
        for i in range(listed.count())
        if listed.viewport().rect().contains(listed.visualItemRect(listed.item(i)).center())
    ]
    if not seen(p.orders_dock) or not rows:
        return ""
    item = listed.item(pick.choice(rows))
    qtbot.mouseClick(listed.viewport(), Qt.MouseButton.LeftButton, pos=listed.visualItemRect(item).center())
    return item.text()


def assert_in_place(w, down: dict[str, int], picked: tuple[str, str], order: str) -> None:  # type: ignore[no-untyped-def]
    QApplication.processEvents()
    p = w.presenter
    now = bars(w)
    for name, value in down.items():
        if name in now:
            bar = now[name]
            assert bar.value() == min(value, bar.maximum()), (
                f"{name} was at {value}, is at {bar.value()} of {bar.maximum()}"
            )
    key, piece = picked
    view = p.box_views.get(key)
    if view is not None and piece in view.box_model.pieces():
        assert view.picked_piece() == piece, f"{piece} no longer picked in {key}"
    texts = [p.order_list.item(i).text() for i in range(p.order_list.count())]
    if order and order in texts:
        assert p.order_list.currentItem() is not None and p.order_list.currentItem().text() == order


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_every_vam_dock_keeps_its_place_and_its_pick_across_orders_and_handovers(qtbot, size) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, size)
    c, p = w.controller, w.presenter
    session = c.session
    bots = default_bots("victory-at-midway")(session.rules)
    luck, pick = Rng(5), random.Random(5)
    left: dict[str, dict[str, int]] = {}  # by side: where its player left each dock
    kept = checked = 0
    scrolled: set[str] = set()
    while session.outcome() is None and session.state.turn <= 6:
        p.playback.skip()
        if w.curtain.down:
            side = w.curtain.side
            lift(w, qtbot)
            for name, bar in bars(w).items():  # every dock as far down as this player left it
                if name in left.get(side, {}) and name not in ("turns", "orders list"):  # (new lists: at the top)
                    assert bar.value() == min(left[side][name], bar.maximum()), f"{side}'s {name}"
                    kept += 1
        side = c.viewer
        choice = bots[side].choose(session, side, session.legal_actions(side), luck)
        orders = [read_item(side, tuple(raw)) for raw in choice.items] if isinstance(choice, Orders) else [choice]
        if isinstance(choice, Orders):
            orders.append(Done(side))
        for order in orders:
            if side not in session.to_act() or c.viewer != side:
                break
            down = scroll_about(w, pick)
            picked = pick_a_counter(w, qtbot, pick)
            listed = pick_an_order(w, qtbot, pick)
            left[side] = {**left.get(side, {}), **{n: b.value() for n, b in bars(w).items()}}
            give(w, qtbot, order)
            QApplication.processEvents()
            if c.viewer == side and not w.curtain.down:
                assert_in_place(w, down, picked, listed)
                checked += 1
                scrolled |= set(down)
                left[side] = {**left.get(side, {}), **{n: b.value() for n, b in bars(w).items()}}
    assert checked > 50 and kept > 50, (checked, kept)
    assert {"vam-formations", "vam-air", "vam-orders", "orders list"} <= scrolled, scrolled
