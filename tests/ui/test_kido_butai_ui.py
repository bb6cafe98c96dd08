"""Kido Butai played on the carrier display: drags, orientation, re-arming, the American phase."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.actions import Arm, EndPhase, Launch
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


def test_a_whole_game_ends_with_the_result(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.engine.registry import default_bots

    bot = default_bots("kido-butai")(window.controller.session.rules)["japan"]
    rng = Rng(5)
    for _ in range(3000):
        if window.controller.outcome() is not None:
            break
        window.controller.submit(bot.choose(window.controller.session, "japan", window.controller.legal(), rng))
    outcome = window.controller.outcome()
    assert outcome is not None
    if window.presenter.playback.active:  # the box waits for the last phase to be shown
        assert window.game_over_box is None
        window.presenter.playback.skip()
    qtbot.waitUntil(lambda: window.game_over_box is not None, timeout=5_000)
    assert outcome.text in window.game_over_box.text()


# -- what the tester met, each as a test ------------------------------------------------------
@pytest.fixture
def answers(monkeypatch):  # type: ignore[no-untyped-def]
    """The questions the presenter asks, answered from a list (True when it runs out)."""
    asked: list[tuple[str, str]] = []
    replies: list[bool] = []

    def ask(_parent, title: str, text: str, yes_by_default: bool = True) -> bool:  # type: ignore[no-untyped-def]
        asked.append((title, text))
        assert not yes_by_default, "a question about losing units must default to No"
        return replies.pop(0) if replies else True

    monkeypatch.setattr("midway_desktop.ui.games.kido_butai.presenter.ask", ask)
    return asked, replies


def adopt(w: MainWindow, state) -> None:  # type: ignore[no-untyped-def]
    from tests.games.kido_butai.helpers import seeded

    session = seeded(state)
    session.humans = ("japan",)
    w.controller.adopt(session)
    QApplication.processEvents()


def test_squadrons_read_as_their_counters_everywhere(window: MainWindow) -> None:
    menu = window.presenter._menu("akagi-b1")
    assert [a.text() for a in menu.actions()] == ["Arm Akagi bomber 1 with torpedoes"]
    item = window.scene.counters["akagi-b1"]
    assert (item.face.title, item.face.kind) == ("Val", "Akagi 1")
    assert "in Akagi" in item.toolTip() and "akagi" not in item.toolTip()
    finish_setup(window)
    window.controller.submit(Launch("japan", ("akagi-b2",), "centre"))
    assert "Akagi bomber 2 is launched to the centre of the map." in window.controller.log()[-1].text


def test_a_just_launched_squadron_is_refused_with_the_real_reason(window: MainWindow) -> None:
    finish_setup(window)
    assert window.controller.submit(Launch("japan", ("akagi-b2",), "centre"))
    item = window.scene.counters["akagi-b2"]
    assert not item.draggable
    expected = (
        "Akagi bomber 2 has already acted this turn. Each squadron may perform only one action per turn (KB › 3)."
    )
    options = window.presenter.legal_moves(item)
    assert options.refusal("se-corner") == expected  # the drop on the corner
    assert options.refusal("centre") == expected  # a click on the counter itself
    window.scene.refuse_pick(item)
    assert window.statusBar().currentMessage() == expected


def test_a_blocked_phase_says_why_and_e_says_it_too(window: MainWindow) -> None:
    from tests.games.kido_butai.helpers import in_centre, position

    adopt(window, position(turn=5, squadrons={"kaga-b1": in_centre("west", "bomb", 4)}))
    p = window.presenter
    assert not any(b.text().startswith("End the phase") for b in p.buttons)
    [label] = p.body.findChildren(QLabel, "blocked")
    assert "Kaga bomber 1 was oriented west at the start of the turn and must land" in label.text()
    assert "Room aboard:" in label.text() and label.isVisibleTo(p.body)
    window.view.setFocus()
    assert p.key_pressed(Qt.Key.Key_E)
    assert window.statusBar().currentMessage() == label.text()


def test_ending_the_phase_asks_before_it_loses_a_cap_zero(window: MainWindow, answers) -> None:  # type: ignore[no-untyped-def]
    from tests.games.kido_butai.helpers import decks, on_cap, position

    asked, replies = answers
    adopt(window, position(turn=5, squadrons={"akagi-zero": on_cap(2)}, decks=decks(akagi=2, kaga=2, soryu=2, hiryu=2)))
    replies.append(False)
    assert window.presenter.key_pressed(Qt.Key.Key_E) is False
    assert "Akagi Zero" in asked[-1][1] and "destroyed when the phase ends" in asked[-1][1]
    assert squadron(window, "akagi-zero")["where"] == "cap"  # nothing was done
    replies.append(True)
    window.presenter.key_pressed(Qt.Key.Key_E)
    window.presenter.playback.skip()
    assert squadron(window, "akagi-zero")["where"] == "lost"


def test_destroy_comes_last_apart_and_asks_first(window: MainWindow, answers) -> None:  # type: ignore[no-untyped-def]
    asked, replies = answers
    finish_setup(window)
    menu = window.presenter._menu("akagi-b1")
    actions = menu.actions()
    assert not actions[0].text().startswith("Destroy")
    assert actions[-2].isSeparator() and actions[-1].text() == "Destroy Akagi bomber 1…"
    replies.append(False)
    actions[-1].trigger()
    assert squadron(window, "akagi-b1")["where"] == "akagi" and "Akagi bomber 1" in asked[-1][1]
    window.presenter._menu("akagi-b1").actions()[-1].trigger()
    assert squadron(window, "akagi-b1")["where"] == "lost"
    scuttle = window.presenter._menu("cv-kaga").actions()[-1]
    assert scuttle.text() == "Scuttle Kaga…"
    replies.append(False)
    scuttle.trigger()
    assert "Kaga Zero" in asked[-1][1] and view(window)["carriers"][1]["side"] == "full"


def test_the_american_phase_waits_for_the_player_and_tells_what_it_cost(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    finish_setup(window)
    p = window.presenter
    playback = p.playback
    for _ in range(12):
        window.controller.submit(EndPhase("japan"))
        if playback.active:
            break
    assert playback.active, "no American phase to show in twelve turns"
    assert playback.paused and not playback.timer.isActive() and len(playback.shown) == 1
    assert p.report.pause.text() == "Play (Space)" and "more step" in p.report.status.text()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert playback.timer.isActive() and p.report.pause.text() == "Pause (Space)"
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert not playback.timer.isActive()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not playback.active and p.report.status.text().startswith("Done")
    for line in p.summary:
        assert line in p.report.status.text()
    if p.summary:
        [said] = p.body.findChildren(QLabel, "summary")
        assert all(line in said.text() for line in p.summary)


def test_the_strike_asks_where_the_bombers_go_by_carrier_name(window: MainWindow) -> None:
    from midway_desktop.games.kido_butai.display import Strike
    from tests.games.kido_butai.helpers import index, position

    bombers = (index("akagi-b3"), index("kaga-b3"))
    adopt(
        window, position(turn=4, stage="strike", pending=Strike(1, bombers), us_fleet=(1, 1, 2), reported=(True, False))
    )
    texts = [b.text() for b in window.presenter.buttons]
    assert "Bombers at Yorktown: 2, Enterprise: 0" in texts and len(texts) == 3
    [label] = window.presenter.body.findChildren(QLabel, "blocked")
    assert "assigned" in label.text()


def test_f1_lists_the_keys_of_every_game(window: MainWindow) -> None:
    from midway_desktop.ui.games import PRESENTED

    rows = dict(window.shortcut_rows())
    assert "E" in rows and "end the phase" in rows["E"]
    for game in PRESENTED:
        window.switch_game(game)
        own = window.presenter.shortcuts()
        assert own, f"{game} lists no keys of its own"
        assert all(row in window.shortcut_rows() for row in own)
    window._shortcuts()
    assert "Seal these orders".lower() in window.shortcuts_box.text().lower()
    window.shortcuts_box.close()


def test_the_orders_keep_the_height_their_wrapped_lines_need(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The orders' wrapped lines take more height in a narrower dock: the orders always have it
    (and scroll in a short dock), never squeezed; a wider dock gives the height back."""
    p = window.presenter
    orders = p.orders
    dock = p.orders_scroll.parentWidget()
    needed = orders.layout().totalHeightForWidth
    assert orders.minimumHeight() == needed(orders.width()) > 0
    narrow = orders.minimumHeight()
    window.resizeDocks([dock], [600], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: orders.minimumHeight() == needed(orders.width()) < narrow)
    window.resizeDocks([dock], [300], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: orders.minimumHeight() == needed(orders.width()) == narrow)
