"""CV's charts and record sheets behind a tab are made when the player first turns to them (a
start pays only for what is on show), and are there, whole and right, the moment the tab comes
forward: each box with the side's counters, each heading, the sheet's lines; for each player of
a hot-seat game, with nothing of the other side's."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QHeaderView, QTabBar

from midway_desktop.engine import Session, get_rules
from midway_desktop.games.cv.actions import Done, Stow
from midway_desktop.games.cv.gestures import weapon_piece
from midway_desktop.ui.games.base import window_tab_bars
from midway_desktop.ui.games.cv import CvPresenter
from midway_desktop.ui.games.cv.boxes import air_groups, base_groups, mine, task_force_groups
from midway_desktop.ui.main_window import MainWindow
from tests.ui.cv_driver import leaks, lift, new_short_window, seal, window_on

CHARTS = {"task-forces": "Task Forces", "bases": "Bases", "air": "Air Boxes"}


def presenter(w: MainWindow) -> CvPresenter:
    p = w.presenter
    assert isinstance(p, CvPresenter)
    return p


def tab_of(w: MainWindow, title: str) -> tuple[QTabBar, int]:
    """The tab bar on show that holds the dock titled ``title``, and its tab."""
    for bar in window_tab_bars(w):
        if bar.isVisible():
            for i in range(bar.count()):
                if bar.tabText(i) == title:
                    return bar, i
    raise AssertionError(f"no tab {title}")


def turn_to(w: MainWindow, title: str) -> None:
    """The player clicks the dock's tab (a spring tab under a carried counter does the same)."""
    bar, i = tab_of(w, title)
    bar.setCurrentIndex(i)


def expected_groups(w: MainWindow, name: str):  # type: ignore[no-untyped-def]
    p = presenter(w)
    view = w.controller.view()
    if name == "task-forces":
        return task_force_groups(p.game, view)
    if name == "bases":
        return base_groups(p.game, view)
    return air_groups(p.game, view, view["step"] == "form-air-units" and view["viewer"] in view["to_act"])


def check_chart(w: MainWindow, name: str) -> None:
    """The chart shows every box of the side's view with its counters, under its heading."""
    p = presenter(w)
    view = w.controller.view()
    groups = expected_groups(w, name)
    assert name != "bases" or groups  # (every side has its bases: a chart with boxes to show)
    for g in groups:
        label, _g = p.headings[g.key]
        assert label.text() == g.heading(view) and label.isVisible()
        for spec in g.boxes:
            box = p.box_views[spec.key]
            assert box.isVisible() and box.box_model is p.box_models[spec.key]
            assert box.box_model.pieces() == [r.piece for r in spec.select(view)], spec.key


def check_ship_sheet(w: MainWindow) -> None:
    p = presenter(w)
    table = p.sheet_views["ship-record"]
    side = w.controller.viewer
    ships = [s for t in mine(w.controller.view())["task_forces"] for s in t["ships"]]
    assert table.isVisible() and table.model() is p.ship_sheet
    assert [table.model().index(r, 1).data() for r in range(table.model().rowCount())] == ships, side
    header = table.horizontalHeader()
    assert header.sectionResizeMode(1) == QHeaderView.ResizeMode.ResizeToContents
    assert header.sectionSize(1) >= table.sizeHintForColumn(1) > 0  # the ships' names read whole


def test_every_chart_and_record_is_there_the_moment_its_tab_is_turned_to(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = new_short_window(qtbot, 11)
    for side in ("american", "japanese"):
        assert lift(w, qtbot) == side
        p = presenter(w)
        for name, title in CHARTS.items():
            turn_to(w, title)
            # Made as the tab comes forward, before the window draws it.
            assert all(spec.key in p.box_views for g in expected_groups(w, name) for spec in g.boxes)
            QApplication.processEvents()
            check_chart(w, name)
        turn_to(w, "Time Record")
        QApplication.processEvents()
        turns = p.time_view.model()
        assert p.time_view.isVisible() and turns is p.time_model and turns.rowCount() > 1
        assert turns.index(0).data().startswith(w.controller.view()["time"]) and "now" in turns.index(0).data()
        turn_to(w, "Ship Record Sheet")
        assert p.sheet_views["ship-record"].model() is p.ship_sheet
        QApplication.processEvents()
        check_ship_sheet(w)
        assert not leaks(w, side)
        turn_to(w, "Task Forces")
        seal(w, qtbot)


def test_a_new_window_makes_only_the_charts_on_show_and_the_rest_as_they_are_looked_at(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = new_short_window(qtbot, 11)
    lift(w, qtbot)
    p = presenter(w)
    bases = {spec.key for g in expected_groups(w, "bases") for spec in g.boxes}
    # The Task Forces and the Air Record Sheet are on show; the Bases and the Ship Record Sheet
    # wait behind their tabs (the Bases' boxes not even as models: made with the chart).
    check_chart(w, "task-forces")
    assert not bases & set(p.box_views) and p.sheet_views["ship-record"].model() is None
    assert not bases & set(p.box_models)
    turn_to(w, "Bases")
    QApplication.processEvents()
    check_chart(w, "bases")
    assert p.box_models["midway:c"].pieces()  # (its counters, read from the view of the moment)
    turn_to(w, "Task Forces")  # and once made, kept up to date behind its tab
    QApplication.processEvents()
    assert bases <= set(p.box_views)


def test_boxes_made_under_a_carried_counter_light_up_where_it_may_be_dropped(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A Weapon unit carried from the Task Forces chart over the Bases tab (which springs open):
    Midway's B section, holding planes it may arm, is lit as the chart is first made."""
    session = Session.start(get_rules("cv"), scenario="short", seed=1)
    session.play(Stow("american", "midway", "avenger", 2, "c", "b", ""))  # planes of Midway's in B
    while not (session.state.time.hour == 5 and session.state.step == "plane-ready"):
        session.play(Done(session.to_act()[0]))
    w = window_on(qtbot, session, side="american")
    lift(w, qtbot)
    p = presenter(w)
    assert "midway:b" not in p.box_views  # (behind its tab: not made yet)
    piece = weapon_piece("he")
    assert piece in p.box_models["tf-weapons"].pieces()
    p.drag_started(piece)  # as the Weapon units' box does as the counter is picked up
    turn_to(w, "Bases")
    lit = {key for key, view in p.box_views.items() if view.property("lit")}
    assert lit == {"midway:b"}  # (no Task Force has planes in B)
    p.drag_ended()
    assert not any(view.property("lit") for view in p.box_views.values())


def test_after_a_restart_the_charts_the_player_left_on_show_are_there(qtbot, fresh_profile, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A floating chart (held behind the curtain, out when it lifts) and a sheet left on top of
    its stack are whole when the app opens again on the game."""
    monkeypatch.setattr(MainWindow, "_ask_resume", lambda self, path: True)  # yes, the game left open
    w = new_short_window(qtbot, 11, persist=True)
    assert lift(w, qtbot) == "american"
    presenter(w).charts["bases"][0].setFloating(True)  # the American floats the Bases
    turn_to(w, "Ship Record Sheet")
    QApplication.processEvents()
    check_chart(w, "bases")
    w.close()
    QApplication.processEvents()
    again = new_short_window(qtbot, 11, persist=True, resume=True)
    assert lift(again, qtbot) == "american"
    QApplication.processEvents()
    assert presenter(again).charts["bases"][0].isFloating()
    check_chart(again, "bases")
    check_ship_sheet(again)
    assert not leaks(again, "american")
    again.close()


def test_a_chart_first_looked_at_by_the_second_player_shows_that_player_only(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The first player never turns to the Bases or the Air Boxes: the second player's first look
    at them makes them from that player's view alone (nothing was made of the first player's)."""
    w = new_short_window(qtbot, 11)
    first = lift(w, qtbot)
    p = presenter(w)
    assert not {spec.key for n in ("bases", "air") for g in expected_groups(w, n) for spec in g.boxes} & set(
        p.box_models
    )
    seal(w, qtbot)
    second = lift(w, qtbot)
    assert second != first
    for name in ("bases", "air"):
        turn_to(w, CHARTS[name])
        QApplication.processEvents()
        check_chart(w, name)
    assert not leaks(w, second)
