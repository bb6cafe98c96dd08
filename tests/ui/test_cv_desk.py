"""CV at the desktop: what each player keeps of the window as their own (the docks as they
arranged them, at every one of their turns and after the app is closed and opened again), and
the orders given by drag that the first Turn's walk-through does not reach: Air unit
reorganization and the Condition 2 strengths announced."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.games.cv.gestures import NEW_AIR_UNIT
from midway_desktop.ui.games.cv import CvPresenter
from midway_desktop.ui.main_window import MainWindow
from tests.ui.cv_driver import box_with, drop_in_box, lift, new_short_window, seal

SEED = 11


def _presenter(w: MainWindow) -> CvPresenter:
    assert isinstance(w.presenter, CvPresenter)
    return w.presenter


def _arrangement(w: MainWindow) -> dict[str, tuple[bool, bool]]:
    """Each of the game's docks: (closed, floating), as the player left it."""
    return {d.objectName(): (d.isHidden(), d.isFloating()) for d in _presenter(w).docks}


def test_each_side_has_its_own_dock_arrangement_at_every_turn_and_after_a_restart(
    qtbot, fresh_profile, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(MainWindow, "_ask_resume", lambda self, path: True)  # yes, the game left open
    w = new_short_window(qtbot, SEED, persist=True)
    assert lift(w, qtbot) == "american"
    p = _presenter(w)
    p.time_dock.setFloating(True)  # the American floats the Time Record
    p.sheet_docks[0].close()  # and closes the Air Record Sheet
    QApplication.processEvents()
    american = _arrangement(w)
    assert american["cv-time"] == (False, True) and american["cv-air-record"][0]
    seal(w, qtbot)  # set up: the Japanese next
    assert w.curtain.down and not p.time_dock.isVisible()  # the floating dock waits behind the curtain
    assert lift(w, qtbot) == "japanese"
    p.time_dock.setFloating(False)
    p.sheet_docks[0].show()
    p.orders_dock.close()  # the Japanese gives orders by drag alone
    QApplication.processEvents()
    japanese = _arrangement(w)
    assert japanese["cv-orders"][0] and not japanese["cv-time"][1]
    seal(w, qtbot)  # both set up: the Japanese, asked in the Plane Ready Step, stays at the screen
    assert not w.curtain.down and _arrangement(w) == japanese
    seal(w, qtbot)  # its Plane Ready and Form Air Units Steps, at the same sitting
    seal(w, qtbot)
    assert not w.curtain.down and _arrangement(w) == japanese
    seal(w, qtbot)  # its plots: the American next
    assert w.curtain.down and w.curtain.side == "american"
    assert lift(w, qtbot) == "american"
    assert _arrangement(w) == american
    assert p.time_dock.isVisible() and p.time_dock.isFloating()  # out again from behind the curtain
    seal(w, qtbot)  # the American readies and goes on to form its Air units
    assert not w.curtain.down and _arrangement(w) == american
    p.sheet_docks[1].setFloating(True)  # one more change, kept as the app closes
    QApplication.processEvents()
    american = _arrangement(w)
    # The app closes with the American at the screen, and opens again on the same game.
    w.close()
    QApplication.processEvents()
    again = new_short_window(qtbot, SEED, persist=True, resume=True)
    assert again.controller.session is not None and again.controller.viewer == "american"
    assert lift(again, qtbot) == "american"
    assert _arrangement(again) == american
    seal(again, qtbot)  # the American forms its Air units and goes on to plot its ships
    assert not again.curtain.down and _arrangement(again) == american
    seal(again, qtbot)  # its plots sealed: the ships move
    if not again.curtain.down:  # (the American moves first in the Air Unit Movement Phase)
        for _ in range(3):
            seal(again, qtbot)
    assert lift(again, qtbot) == "japanese"  # the Japanese's arrangement, kept from before
    assert _arrangement(again) == japanese
    again.close()


def _opened_at_take_off(qtbot, tmp_path) -> MainWindow:  # type: ignore[no-untyped-def]
    """A window on a Short Scenario game at the first Take-Off Step, the American to act."""
    from midway_desktop.engine import new_game, records
    from midway_desktop.games.cv.demo import play_until

    session = new_game("cv", scenario="short", seed=3)
    play_until(session, "take-off", "american", orders=False)
    path = records.save(session, tmp_path / "take-off.json")
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_game(str(path))
    assert lift(w, qtbot) == "american"
    return w


def test_planes_dragged_out_of_an_air_unit_fly_on_as_a_new_one_or_snap_back_with_the_rule(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Air unit reorganization (CV › Basic VIII.F) by drag: an Air unit flying CAP over its own
    carriers may divide; its planes dropped on the box for a new Air unit form it; dropped on a
    Task Force's section they snap back, and the status bar says the rule."""
    w = _opened_at_take_off(qtbot, tmp_path)
    p = _presenter(w)
    drop_in_box(w, "air1", "cap:tf1")  # Air unit 1 takes off into Task Force 1's CAP Box
    unit = next(u for u in w.controller.view()["american"]["air_units"] if u["number"] == 1)
    assert unit["where"] == "cap"
    assert "air:new" in p.box_views  # a box for planes to fly on in as a new Air unit
    stack = next(pc for key in ("air1:high", "air1:low") for pc in p.box_models[key].pieces())
    before = w.controller.session.state
    drop_in_box(w, stack, "sec:tf1:b")  # planes in flight do not go into a section
    assert w.controller.session.state == before and stack in box_with(w, stack).box_model.pieces()
    assert w.statusBar().currentMessage()
    assert p.box_accepts(stack, (NEW_AIR_UNIT,)) and not p.box_accepts(stack, ("sec:tf1:b",))
    planes = sum(r["factors"] for r in unit["records"] if r["plane"] == stack.split(":")[3])
    drop_in_box(w, stack, NEW_AIR_UNIT)
    units = {u["number"]: u for u in w.controller.view()["american"]["air_units"]}
    new = 2  # the first empty Air Box
    assert new in units and units[new]["where"] == "cap"
    # Air unit 1 keeps its other planes, or is gone when these were all it had.
    assert 1 in units or {r["plane"] for r in unit["records"]} == {stack.split(":")[3]}
    assert sum(r["factors"] for r in units[new]["records"]) == planes  # the whole stack flew on
    assert f"air{new}" in p.box_views and f"air{new}" in p.box_models[f"air{new}"].pieces()


def test_a_strength_chip_dropped_on_a_unit_is_its_condition_2_announcement(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """CV › Basic III.C.2: a side announces from one-half to double its true number. A chip
    outside that range snaps back with the rule; one within it shows in the unit's box, and the
    enemy's Condition 2 sighting will read it."""
    from midway_desktop.games.cv.actions import Announce
    from midway_desktop.games.cv.observation import strength_range

    w = _opened_at_take_off(qtbot, tmp_path)
    p = _presenter(w)
    tf = w.controller.view()["american"]["task_forces"][0]
    low, high = strength_range(len(tf["ships"]))
    chips = p.box_models["strengths"].pieces()
    assert chips[0] == "strength:1" and f"strength:{high}" in chips
    place = f"announce:tf{tf['number']}"
    lit = {k for k in chips if p.box_accepts(k, (place,))}
    assert lit == {f"strength:{k}" for k in range(low, high + 1)}  # the box takes just these
    p.drag_started(f"strength:{high}")  # a chip picked up: the unit boxes that take it light up
    shown = {key for key, view in p.box_views.items() if view.property("lit")}
    assert f"tf{tf['number']}:announce" in shown and shown <= {k for k in p.box_views if k.endswith(":announce")}
    p.drag_ended()
    assert not any(view.property("lit") for view in p.box_views.values())
    before = w.controller.session.state
    if low > 1:
        drop_in_box(w, "strength:1", place)
        assert w.controller.session.state == before
        assert w.statusBar().currentMessage() == w.controller.check(Announce("american", "tf", tf["number"], 1))
        assert "CV › Basic III.C.2" in w.statusBar().currentMessage()
    drop_in_box(w, f"strength:{high}", place)
    assert w.controller.session.state.announcement("american", "tf", tf["number"]) == high
    assert p.box_models[f"tf{tf['number']}:announce"].pieces() == [f"announced:tf{tf['number']}"]
    assert p.box_models[f"tf{tf['number']}:announce"].rows()[0].label == str(high)


# -- hot-seat undo ------------------------------------------------------------------------------
def _new_short(qtbot) -> MainWindow:  # type: ignore[no-untyped-def]
    return new_short_window(qtbot, SEED)  # type: ignore[no-any-return]


def _nothing_of(w: MainWindow, side: str) -> None:
    """The screen is the viewing side's and holds nothing hidden of ``side``."""
    from tests.ui.cv_driver import leaks

    viewer = w.controller.viewer
    assert viewer != side and side not in w.controller.view()
    assert not leaks(w, viewer)
    assert not [t for t in _presenter(w).plots.values() if t]  # no plotted path of anyone else's


def test_an_undo_is_asked_of_the_other_player_behind_the_curtain_who_sees_nothing_of_it(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.games.cv.actions import Place

    asked: list[str] = []

    def ask(_parent, _title, text, *_a) -> bool:  # type: ignore[no-untyped-def]
        # Asked at the other player's own screen, which shows nothing of the order in question.
        assert not w.curtain.down and w.controller.viewer == "japanese"
        _nothing_of(w, "american")
        asked.append(text)
        return True

    monkeypatch.setattr("midway_desktop.ui.main_window.ask", ask)
    w = _new_short(qtbot)
    c = w.controller
    assert lift(w, qtbot) == "american"
    start = w.scene.counters["tf1"].label
    place = next(a for a in c.legal() if isinstance(a, Place) and a.task_force == 1 and a.hex != start)
    assert c.submit(place) and len(c.session.history) == 1
    assert w.act_undo.isEnabled()
    w._undo()
    # The Japanese is asked at its own screen: the American's board went with the curtain.
    assert w.curtain.down and c.viewer == "japanese" and not asked
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert asked and "American" in asked[0]
    assert len(c.session.history) == 0  # taken back
    # Back to the American (behind the curtain again); the Japanese saw only its own side.
    assert w.curtain.down and w.curtain.side == "american"
    assert lift(w, qtbot) == "american"
    assert w.scene.counters["tf1"].label == start


def test_an_undo_within_a_sitting_of_several_steps_is_asked_and_given_back(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The Japanese, sealing its Plane Ready Step, goes on to form its Air units while the
    American has not yet readied: its Form order, and then the seal before it, are taken back
    each with the American's yes, asked behind the curtain at the American's own screen; the
    Japanese is back at its Plane Ready Step, the American never shown any of it."""
    from midway_desktop.games.cv.actions import Form

    asked: list[str] = []

    def ask(*_a) -> bool:  # type: ignore[no-untyped-def]
        assert not w.curtain.down and w.controller.viewer == "american"
        _nothing_of(w, "japanese")
        asked.append("american")
        return True

    monkeypatch.setattr("midway_desktop.ui.main_window.ask", ask)
    w = _new_short(qtbot)
    c = w.controller
    assert lift(w, qtbot) == "american"
    seal(w, qtbot)
    assert lift(w, qtbot) == "japanese"
    seal(w, qtbot)  # its set-up; still asked, it readies (nothing) and goes on to form
    seal(w, qtbot)
    assert not w.curtain.down and c.view()["step"] == "form-air-units" and c.session.state.step == "plane-ready"
    form = next(a for a in c.legal() if isinstance(a, Form))
    assert c.submit(form)
    for back_at in ("form-air-units", "plane-ready"):
        w._undo()
        assert w.curtain.down and w.curtain.side == "american"
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)  # the American is asked, and allows it
        assert w.curtain.down and w.curtain.side == "japanese"
        assert lift(w, qtbot) == "japanese"
        assert c.view()["step"] == back_at and not c.view()["japanese"]["air_units"]
    assert asked == ["american", "american"] and c.session.state.ahead == ()
    assert c.session.to_act() == ("american", "japanese")


def test_an_undo_never_crosses_a_handover(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Once the American has sealed and the Japanese is at the screen, neither may take anything
    back: the Japanese has nothing of its own to undo, and the American's orders are not shown."""
    monkeypatch.setattr("midway_desktop.ui.main_window.ask", lambda *a: True)
    w = _new_short(qtbot)
    c = w.controller
    assert lift(w, qtbot) == "american"
    seal(w, qtbot)
    assert lift(w, qtbot) == "japanese"
    history = len(c.session.history)
    assert not w.act_undo.isEnabled() and not c.can_undo()
    w._undo()  # (the menu item is off; the shortcut would come here)
    assert len(c.session.history) == history and not w.curtain.down and c.viewer == "japanese"
    assert w.statusBar().currentMessage()  # says why
    _nothing_of(w, "american")


def test_an_undo_never_rolls_the_dice_again(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The initiative is rolled as the last side seals its ship plots (CV › Basic VII): at the
    Landing Step nobody may take back the step that rolled it, and an undo of a later step
    gives back the same initiative, not a new roll."""
    from midway_desktop.engine import new_game, records
    from midway_desktop.games.cv.demo import play_until

    asked: list[str] = []

    def ask(*_a) -> bool:  # type: ignore[no-untyped-def]
        asker = w.controller.session.undo_requested_by
        assert asker and not w.curtain.down and w.controller.viewer != asker
        _nothing_of(w, asker)
        asked.append(asker)
        return True

    monkeypatch.setattr("midway_desktop.ui.main_window.ask", ask)
    session = new_game("cv", scenario="short", seed=SEED)
    play_until(session, "landing", orders=False)
    path = records.save(session, tmp_path / "landing.json")
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_game(str(path))
    c = w.controller
    first = lift(w, qtbot)
    state = c.session.state
    initiative, uses = state.initiative, c.session.rng.uses
    assert c.session.history[-1].lucky  # the roll of the initiative
    assert not c.can_undo()
    w._undo()
    assert c.session.state == state and "luck" in w.statusBar().currentMessage()
    seal(w, qtbot)  # the first mover ends its Landing Step
    assert c.session.state.step == "air-move" and c.can_undo()
    w._undo()  # asked of the other player, who agrees
    assert w.curtain.down and w.curtain.side != first
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert asked == [first]
    assert lift(w, qtbot) == first
    assert c.session.state == state  # back at the Landing Step, the same roll
    assert c.session.state.initiative == initiative and c.session.rng.uses == uses
    assert not c.can_undo()


# -- the first look at the map ------------------------------------------------------------------
def _in_sight(w: MainWindow, piece: str) -> bool:
    view = w.view
    return view.mapToScene(view.viewport().rect()).boundingRect().contains(w.scene.counters[piece].pos())


def test_each_side_first_sees_its_own_forces_at_a_readable_scale_and_fit_shows_the_whole_board(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.games.cv.presenter import READABLE_COUNTER_PX

    w = _new_short(qtbot)
    for side in ("american", "japanese"):
        assert lift(w, qtbot) == side
        qtbot.wait(10)  # (the look is taken again once the window has its size)
        counter_px = w.scene.counter_size() * w.view.zoom()
        assert counter_px >= READABLE_COUNTER_PX - 1e-6  # not the 13 % of the fitted board
        assert w.view.zoom() <= 1.0
        assert _in_sight(w, "tf1"), f"{side}'s Task Force 1 is out of sight at the first look"
        first = w.view.zoom()
        w.view.setFocus()
        qtbot.keyClick(w.view, Qt.Key.Key_0)  # Fit to Window: the whole board
        qtbot.waitUntil(lambda z=first: w.view.zoom() < z, timeout=2000)
        board = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
        assert board.contains(w.scene.sceneRect().adjusted(2, 2, -2, -2))
        seal(w, qtbot)


def test_a_turn_of_the_wheel_ends_the_first_look(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The first look follows the window's size until the player zooms: after a turn of the
    wheel on the map, a resized window keeps the player's zoom."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent

    w = _new_short(qtbot)
    assert lift(w, qtbot) == "american"
    qtbot.wait(10)
    look = w.view.zoom()
    vp = w.view.viewport()
    centre = QPointF(vp.rect().center())
    at = QPointF(vp.mapToGlobal(centre.toPoint()))
    none, phase = Qt.MouseButton.NoButton, Qt.ScrollPhase.NoScrollPhase
    wheel = QWheelEvent(centre, at, QPoint(), QPoint(0, 120), none, Qt.KeyboardModifier.NoModifier, phase, False)
    QApplication.sendEvent(vp, wheel)
    zoomed = w.view.zoom()
    assert zoomed > look * 1.1
    w.resize(1200, 800)
    qtbot.wait(20)
    assert abs(w.view.zoom() - zoomed) < 1e-9  # not the first look again


def test_the_first_look_is_painted_once_and_read_back_at_the_next_start(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Start-up: the map's tiles at the first look are kept in the user's cache, so the next
    start paints none; the fitted board a new window fits to is never painted on the way."""
    from midway_desktop.ui.screenshot import _new_game_window

    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(tmp_path))
    with _new_game_window("cv", 1400, 900) as w:
        w.grab()  # (a tile is kept once drawn twice at the same scale: the start draws it again)
        zoom, painted = w.view.zoom(), w.scene.tiles.rendered
        scales = {key[0] for key in w.scene.tiles._tiles}
    assert painted > 0 and scales == {round(zoom, 6)}  # only the look's tiles, none of the fitted board
    with _new_game_window("cv", 1400, 900) as again:
        again.grab()
        assert again.view.zoom() == zoom
        assert again.scene.tiles.rendered == 0


def test_each_side_s_zoom_and_centre_come_back_after_a_restart(qtbot, fresh_profile, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(MainWindow, "_ask_resume", lambda self, path: True)
    w = new_short_window(qtbot, SEED, persist=True)
    assert lift(w, qtbot) == "american"
    w.view.set_zoom(0.8)
    w.view.centre_on_cell("B2117")  # the American looks at Midway
    american = (w.view.zoom(), _presenter(w)._map_centre())
    seal(w, qtbot)
    assert lift(w, qtbot) == "japanese"
    w.close()
    QApplication.processEvents()
    again = new_short_window(qtbot, SEED, persist=True, resume=True)
    assert lift(again, qtbot) == "japanese"
    for _ in range(3):  # its set-up, Plane Ready and Form Air Units Steps: still asked, it stays
        seal(again, qtbot)
        assert not again.curtain.down
    seal(again, qtbot)  # its plots
    assert lift(again, qtbot) == "american"
    zoom, centre = again.view.zoom(), _presenter(again)._map_centre()
    assert abs(zoom - american[0]) < 1e-6
    assert abs(centre.x() - american[1].x()) <= 3 and abs(centre.y() - american[1].y()) <= 3
    again.close()


def test_both_sides_ready_planes_by_drag_with_the_curtain_between(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The Plane Ready Step (CV › Basic IV.A.1) through the window: each side drags Air Factors
    from one section of a box to the next, sees them there, and seals; the other side's screen
    shows none of it."""
    from midway_desktop.engine import new_game, records
    from midway_desktop.games.cv.actions import Ready
    from midway_desktop.games.cv.demo import play_until
    from midway_desktop.games.cv.gestures import gesture
    from tests.ui.cv_driver import leaks

    session = new_game("cv", scenario="short", seed=SEED)
    play_until(session, "plane-ready", orders=False)
    path = records.save(session, tmp_path / "ready.json")
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_game(str(path))
    c = w.controller
    done: dict[str, tuple[str, str, int]] = {}
    for _ in range(2):
        side = lift(w, qtbot)
        assert c.session.state.step == c.view()["step"] == "plane-ready" and side not in done
        p = _presenter(w)
        ready = next(a for a in c.legal() if isinstance(a, Ready) and gesture(a) is not None)
        piece, place = gesture(ready)  # type: ignore[misc]
        stack = next(pc for pc in p.box_models[f"{ready.box}:{ready.source}"].pieces() if pc.startswith(piece))
        drop_in_box(w, stack, place)
        box = next(b for b in (*c.view()[side]["task_forces"], *c.view()[side]["bases"])
                   if (b.get("id") or f"tf{b['number']}") == ready.box)  # fmt: skip
        moved = [s for s in box["planes"][ready.target] if s["plane"] == ready.plane and s["fresh"]]
        assert moved, f"{side}'s planes are not in section {ready.target.upper()}"
        shown = p.box_models[f"{ready.box}:{ready.target}"].pieces()
        assert any(pc.split(":")[3] == ready.plane for pc in shown)  # the box shows them
        assert not leaks(w, side)
        done[side] = (ready.box, ready.plane, len(moved))
        seal(w, qtbot)  # its Plane Ready Step: it goes on at once to its Form Air Units Step
        assert not w.curtain.down and c.view()["step"] == "form-air-units"
        if len(done) == 1:  # the first at the screen seals that and its plots at the same sitting
            seal(w, qtbot)
            seal(w, qtbot)
    assert set(done) == {"american", "japanese"}
    assert c.session.state.step == "form-air-units"  # both have sealed the Plane Ready Step


def test_on_a_small_screen_the_first_look_is_at_task_force_1_and_those_near_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """At 1024×700 neither side's Task Forces fit at a readable scale: the look was at the middle
    of their span, open sea between two groups cut at the edges; now Task Force 1 and those
    near it."""
    from PySide6.QtWidgets import QApplication

    from midway_desktop.ui.screenshot import _new_game_window

    for side in ("american", "japanese"):
        with _new_game_window("cv", 1024, 700, until="form-air-units", side=side) as w:
            QApplication.processEvents()
            assert _in_sight(w, "tf1"), f"{side}'s Task Force 1 is out of sight at the first look"


@pytest.mark.parametrize("game", ["cv", "victory-at-midway"])
@pytest.mark.parametrize("switched", [True, False], ids=["switched-to", "opened"])
def test_after_a_crash_the_next_start_shows_each_side_its_docks(
    qtbot, fresh_profile, monkeypatch, game: str, switched: bool
) -> None:  # type: ignore[no-untyped-def]
    """A window that opened a hot-seat game (fresh, or switched to it from another game), lifted
    the curtain and then went down without closing: the next start, on the same profile, shows
    each side the game's docks (the arrangement kept at the game's start had them all closed:
    they were not yet shown when it was read)."""
    from midway_desktop.engine.registry import default_bots
    from midway_desktop.engine.rng import Rng
    from tests.ui.helpers import open_window

    def shown(window) -> set[str]:  # type: ignore[no-untyped-def]
        return {d.objectName() for d in window.presenter.docks if d.isVisible()}

    monkeypatch.setattr(MainWindow, "_ask_resume", lambda self, path: True)
    w = open_window(qtbot, "midway-solitaire" if switched else game, persist=True)
    w.switch_game(game)
    QApplication.processEvents()
    lift(w, qtbot)
    docks = shown(w)
    assert len(docks) >= 4
    monkeypatch.setattr(w, "closeEvent", lambda event: event.accept())  # (it never closes: a crash)
    again = open_window(qtbot, game, persist=True)
    for _ in range(2):  # the side at the screen, then the next after a handover
        side = lift(again, qtbot)
        assert shown(again) == docks, side
        session = again.controller.session
        bots, luck = default_bots(game)(session.rules), Rng(1)
        for _ in range(300):  # the side's orders, as the computer would give them, to the handover
            if again.curtain.down:
                break
            actor = session.to_act()[0]
            assert again.controller.submit(bots[actor].choose(session, actor, session.legal_actions(actor), luck))
        QApplication.processEvents()
        assert again.curtain.down
