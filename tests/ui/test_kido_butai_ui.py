"""Kido Butai played on the carrier display: drags, orientation, re-arming, the American phase."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.actions import Arm, EndPhase
from midway_desktop.ui.main_window import MainWindow
from tests.ui.helpers import cell_point, drag


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    w = MainWindow("kido-butai", persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.start_new({}, seed=1942)
    w.view.fit()
    QApplication.processEvents()
    return w


def view(w: MainWindow) -> dict:
    return w.controller.view()


def squadron(w: MainWindow, sid: str) -> dict:
    return next(s for s in view(w)["squadrons"] if s["id"] == sid)


def finish_setup(w: MainWindow) -> None:
    w.controller.submit(EndPhase("japan"))
    w.presenter.playback.skip()
    QApplication.processEvents()
    assert view(w)["stage"] != "setup"


def test_the_display_shows_every_squadron_carrier_and_marker(window: MainWindow) -> None:
    counters = window.scene.counters
    ids = {s["id"] for s in view(window)["squadrons"]}
    assert ids <= set(counters)
    assert {"cv-akagi", "cv-kaga", "cv-soryu", "cv-hiryu", "midway", "turn"} <= set(counters)
    assert counters["akagi-zero"].label == "akagi"
    assert counters["turn"].label == "turn-0430"


def test_rearming_a_bomber_turns_its_counter_to_the_torpedo_side(window: MainWindow) -> None:
    choices = window.presenter.choices_for("akagi-b1")
    arm = next(a for a in choices if isinstance(a, Arm))
    assert window.controller.submit(arm)
    assert squadron(window, "akagi-b1")["arm"] == "torpedo"
    assert window.scene.counters["akagi-b1"].face.title == "Kate"


def test_launch_a_fighter_to_cap_by_dragging_it(window: MainWindow) -> None:
    finish_setup(window)
    item = window.scene.counters["akagi-zero"]
    assert item.draggable
    drag(window.view, window.view.mapFromScene(item.pos()), cell_point(window.view, window.board, "cap"))
    assert squadron(window, "akagi-zero")["where"] == "cap"
    assert window.scene.counters["akagi-zero"].label == "cap"
    assert window.scene.counters["akagi-zero"].rotation() == 0.0  # launched squadrons face east (up)


def test_a_bomber_cannot_fly_cap_and_the_rule_is_given(window: MainWindow) -> None:
    finish_setup(window)
    item = window.scene.counters["akagi-b1"]
    drag(window.view, window.view.mapFromScene(item.pos()), cell_point(window.view, window.board, "cap"))
    assert squadron(window, "akagi-b1")["where"] == "akagi"
    assert window.statusBar().currentMessage()


def test_the_american_phase_plays_step_by_step_under_the_players_control(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    finish_setup(window)
    playback = window.presenter.playback
    for _ in range(6):  # end Japanese phases until the Americans do something worth showing
        before = view(window)["time"]
        window.presenter.playback.paused = True
        window.controller.submit(EndPhase("japan"))
        if playback.active:
            break
        assert view(window)["time"] != before or window.controller.outcome() is not None
    if not playback.active:
        pytest.skip("no American phase events in these turns with this seed")
    shown = len(playback.shown)
    assert window.presenter.orders_layout is not None
    assert any("being shown" in b.text() for b in window.presenter.body.findChildren(type(window.turn_label)))
    playback.step()
    assert len(playback.shown) == shown + 1
    assert window.presenter.report.list.count() == len(playback.shown)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)  # skip to the end
    assert not playback.active
    assert window.scene.counters["turn"].label == f"turn-{view(window)['time']}"


def test_keyboard_tab_and_enter_open_a_squadrons_orders(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)
    picked = window.presenter.selected
    assert picked is not None and window.scene.counters[picked].isSelected()
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    menu = window.presenter.menu
    assert menu.isVisible() and menu.actions()
    menu.close()
    qtbot.keyClick(window.view, Qt.Key.Key_E)  # finish set-up
    window.presenter.playback.skip()
    assert view(window)["stage"] != "setup"


def test_a_whole_game_ends_with_the_result(window: MainWindow) -> None:
    from midway_desktop.engine.registry import default_bots

    bot = default_bots("kido-butai")(window.controller.session.rules)["japan"]
    rng = Rng(5)
    for _ in range(3000):
        if window.controller.outcome() is not None:
            break
        window.controller.submit(bot.choose(window.controller.session, "japan", window.controller.legal(), rng))
    window.presenter.playback.skip()
    outcome = window.controller.outcome()
    assert outcome is not None
    assert window.game_over_box is not None and outcome.text in window.game_over_box.text()
