"""Hot-seat games of Victory at Midway and CV played for a while, the curtain lifted at every
handover by its own button: the moment it lifts, every dock the player can see already shows
what the side's view says, without a tab turned or an order given (issue 37: the Fleets dock
was blank after a handover until the player turned a tab). Before each order the player turns
to a tab at random, so that over the game every dock is on show as some curtain lifts.

A dock's contents are read as the player finds them, never by turning to its tab (which fills a
dock made when first looked at, and so would hide a blank one)."""

from __future__ import annotations

import random

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QTabBar

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.ui.games.base import window_tab_bars
from midway_desktop.ui.games.victory_at_midway.boxes import BoxPanel
from midway_desktop.ui.games.victory_at_midway.layout import DOCKS, sides_shown


def seen(dock: QDockWidget) -> bool:
    """The player can see ``dock`` (its tab on top, nothing over it)."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def _bar_in_use(w, docks: list[QDockWidget]) -> QTabBar | None:  # type: ignore[no-untyped-def]
    """The tab bar on show over ``docks`` (Qt names each tab's dock by its address in its data)."""
    ours = {shiboken6.getCppPointer(d)[0]: d for d in docks}
    for bar in window_tab_bars(w):
        front = bar.tabData(bar.currentIndex()) if bar.isVisible() and bar.count() else None
        if front in ours and seen(ours[front]):
            return bar
    return None


def turn_to_a_tab(w, qtbot, docks: list[QDockWidget], pick: random.Random) -> None:  # type: ignore[no-untyped-def]
    """The player clicks another of the tabs over ``docks``, chosen at random."""
    QApplication.processEvents()
    bar = _bar_in_use(w, docks)
    if bar is not None and bar.count() > 1:
        i = pick.choice([i for i in range(bar.count()) if i != bar.currentIndex()])
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
        QApplication.processEvents()


def click_tab(w, qtbot, dock: QDockWidget) -> None:  # type: ignore[no-untyped-def]
    """The player clicks ``dock``'s tab (in the bar on show that has it)."""
    QApplication.processEvents()
    address = shiboken6.getCppPointer(dock)[0]
    for bar in window_tab_bars(w):
        for i in range(bar.count() if bar.isVisible() else 0):
            if bar.tabData(i) == address:
                qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
                QApplication.processEvents()
                if seen(dock):
                    return
    assert seen(dock), f"no tab on show turns to {dock.windowTitle()}"


def float_out(w, qtbot, dock: QDockWidget) -> None:  # type: ignore[no-untyped-def]
    """The player turns to ``dock``'s tab and clicks its float button: a window of its own,
    held back while the curtain is down, on show at every lift after."""
    from PySide6.QtWidgets import QAbstractButton

    click_tab(w, qtbot, dock)
    button = dock.findChild(QAbstractButton, "qt_dockwidget_floatbutton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert dock.isFloating() and seen(dock)


def lift(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    side = w.curtain.side
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()  # (as the window is drawn: nothing more happens before the player looks)
    assert not w.curtain.down and w.controller.viewer == side


# -- Victory at Midway --------------------------------------------------------------------------------
def _vam_window(qtbot, seed: int):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("victory-at-midway", persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.start_new({}, seed, None)
    QApplication.processEvents()
    return w


def vam_docks_on_show_match_the_view(w) -> set[str]:  # type: ignore[no-untyped-def]
    """Every VaM dock the player sees shows the side's view; the names of those seen."""
    p, c = w.presenter, w.controller
    view = c.view()
    checked = set()
    for name, _title, make in DOCKS:
        dock, layout = p.box_docks[name]
        if not seen(dock):
            continue
        specs = [spec for side in sides_shown(view) for spec in make(view, side)]
        want = []
        for spec in specs:
            pieces = [r.piece for r in spec.select(view)]
            want.append((spec.title, pieces, not (spec.hide_empty and not pieces)))
        panels = [layout.itemAt(i).widget() for i in range(layout.count())]
        panels = [x for x in panels if isinstance(x, BoxPanel)]
        shown = [(x.title.text(), x.view.box_model.pieces(), x.isVisibleTo(dock)) for x in panels]
        assert shown == want, f"{dock.windowTitle()} shows {shown}, the view {want}"
        if any(pieces for _t, pieces, _v in want):
            assert any(x.isVisible() and x.view.box_model.rowCount() for x in panels), f"{name} is blank"
        checked.add(name)
    if seen(p.track_dock):
        assert p.track_model.rowCount() == int(view.get("last_turn") or 0) > 0
        checked.add("turns")
    if seen(p.orders_dock):
        legal = list(c.legal())
        assert [p.order_list.item(i).text() for i in range(p.order_list.count())] == [a.describe() for a in legal]
        assert p.heading.text()
        checked.add("orders")
    battle = view.get("battle")
    assert seen(p.battle_dock) == bool(battle) or not battle
    if battle and seen(p.battle_dock):
        units = [*battle.get("strike", ()), *battle.get("attackers", ())]
        alive = [u if isinstance(u, str) else u["id"] for u in units if isinstance(u, str) or u.get("alive", True)]
        assert p.battle_models["attacker"].pieces() == alive
        checked.add("battle")
    if seen(w.log_dock) and not p.playback.active:
        assert w.log_dock.list.model().rowCount() == len(c.log())
        checked.add("log")
    return checked


def test_every_vam_dock_on_show_is_whole_as_the_curtain_lifts(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _vam_window(qtbot, 3)
    c, p = w.controller, w.presenter
    session = c.session
    bots = default_bots("victory-at-midway")(session.rules)
    luck, pick = Rng(3), random.Random(3)
    stack = [d for d, _l in p.box_docks.values()] + [p.track_dock]
    lifts, seen_after_lift = 0, set()
    while session.outcome() is None:
        p.playback.skip()
        if w.curtain.down:
            lift(w, qtbot)
            lifts += 1
            seen_after_lift |= vam_docks_on_show_match_the_view(w)
            if lifts == 2:  # the second player floats the Losses out of the stack, which the curtain holds back
                float_out(w, qtbot, p.box_docks["losses"][0])
                stack.remove(p.box_docks["losses"][0])
        turn_to_a_tab(w, qtbot, stack, pick)
        side = c.viewer
        action = bots[side].choose(session, side, session.legal_actions(side), luck)
        assert c.submit(action), action.describe()
        QApplication.processEvents()
    assert lifts > 20
    assert {name for name, _t, _m in DOCKS} | {"turns", "orders"} <= seen_after_lift, seen_after_lift


# -- CV -----------------------------------------------------------------------------------------------
def cv_docks_on_show_match_the_view(w) -> set[str]:  # type: ignore[no-untyped-def]
    """Every CV dock the player sees shows the side's view; the names of those seen."""
    from midway_desktop.ui.games.cv.combat_board import board_model
    from tests.ui.test_cv_charts_on_show import CHARTS, check_chart, expected_groups

    p, c = w.presenter, w.controller
    view = c.view()
    checked = set()
    for name in CHARTS:
        if seen(p.charts[name][0]):
            check_chart(w, name)
            if any(spec.select(view) for g in expected_groups(w, name) for spec in g.boxes):
                assert any(v.isVisible() and v.box_model.rowCount() for v in p.box_views.values()), f"{name} is blank"
            checked.add(name)
    if seen(p.time_dock):
        turns = p.time_view.model()
        assert turns is p.time_model and turns.rowCount() > 1  # (from now to the last Turn)
        assert turns.index(0).data().startswith(view["time"]) and "now" in turns.index(0).data()
        checked.add("time")
    for (name, table), dock in zip(p.sheet_views.items(), p.sheet_docks, strict=True):
        if seen(dock):
            model = p.sheet_models[name]
            assert table.model() is model and model.lines() == model.select(view), name  # (blank only if the view is)
            checked.add(name)
    if seen(p.combat_dock):
        assert p.combat_board is not None, "the Combat Board is blank"
        assert p.combat_board.board == board_model(p.game, view, c.log(), list(c.legal()), p.combat_board.review)
        checked.add("combat")
    if seen(p.orders_dock):
        assert p.heading.text()
        checked.add("orders")
    return checked


def test_every_cv_dock_on_show_is_whole_as_the_curtain_lifts(qtbot) -> None:  # type: ignore[no-untyped-def]
    from tests.ui.cv_driver import new_short_window

    w = new_short_window(qtbot, 11)
    c, p = w.controller, w.presenter
    session = c.session
    bots = default_bots("cv")(session.rules)
    luck, pick = Rng(11), random.Random(11)
    right = [p.charts[n][0] for n in ("task-forces", "bases", "air")] + [p.time_dock]
    bottom = [*p.sheet_docks, p.combat_dock]
    lifts, seen_after_lift = 0, set()
    while session.outcome() is None and (session.state.time.day, session.state.time.hour) < (4, 9):
        if w.curtain.down:
            lift(w, qtbot)
            lifts += 1
            seen_after_lift |= cv_docks_on_show_match_the_view(w)
            if lifts <= 2:  # each player floats a chart out of its stack, which the curtain holds back
                dock = p.charts["bases"][0] if lifts == 1 else p.time_dock
                float_out(w, qtbot, dock)
                right.remove(dock)
        turn_to_a_tab(w, qtbot, right, pick)
        turn_to_a_tab(w, qtbot, bottom, pick)
        side = c.viewer
        assert side in session.to_act()
        assert c.submit(bots[side].choose(session, side, session.legal_actions(side), luck))
        QApplication.processEvents()
    assert lifts > 20
    wanted = {"task-forces", "bases", "air", "time", "air-record", "ship-record", "orders"}
    assert wanted <= seen_after_lift, seen_after_lift
