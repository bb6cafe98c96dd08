"""Victory at Midway at the desktop: hot-seat play by drag and drop with the screen blanked
between the players, nothing of one side on the other's screen, solitaire play from set-up to
the end, and the umpire's review afterwards."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import Done, Orders, read_item
from midway_desktop.ui import palette as pal
from midway_desktop.ui.games.victory_at_midway.presenter import STEP_HINTS, VictoryAtMidwayPresenter
from tests.ui.vam_checks import every_box
from tests.ui.vam_driver import give


def _window(qtbot, scenario: str | None = None, seed: int = 7):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("victory-at-midway", persist=False)
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    w.start_new({}, seed, scenario)
    QApplication.processEvents()
    assert isinstance(w.presenter, VictoryAtMidwayPresenter)
    return w


def _point(session) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    """Where the sequence stands; a batch of orders that ends where it began is sealed by Done."""
    st = session.state
    b = st.battle
    return (st.turn, st.step, b.stage if b else "", b.hex if b else "", len(st.resolved))


def _play_bot_choice_by_hand(w, qtbot, bots, luck) -> None:  # type: ignore[no-untyped-def]
    """Ask the side's doctrine what to do, then do it through the window, one order at a time."""
    c = w.controller
    session = c.session
    side = c.viewer
    choice = bots[side].choose(session, side, session.legal_actions(side), luck)
    orders = [read_item(side, tuple(raw)) for raw in choice.items] if isinstance(choice, Orders) else [choice]
    start = _point(session)
    for order in orders:
        before = len(session.history)
        give(w, qtbot, order)
        said = w.statusBar().currentMessage()
        # (one step, and any the window then sealed for the lone player, who had nothing to order)
        assert len(session.history) >= before + 1, f"the window did not give: {order.describe()} ({said})"
        given = session.history[before].action
        assert given == order, f"the window gave {given}, not {order}"
        assert all(s.action == Done(side) for s in session.history[before + 1 :])
    if isinstance(choice, Orders) and side in session.to_act() and _point(session) == start:
        assert Done(side) in c.legal()
        give(w, qtbot, Done(side))


def _pieces_of(view: dict, side: str) -> set[str]:  # type: ignore[type-arg]
    sv = view[side]
    out = {s["id"] for s in sv["ships"]} | {a["id"] for a in sv["aircraft"]} | {g["id"] for g in sv["ground"]}
    return out | set(sv["formations"])


def _assert_nothing_of(w, hidden: set[str]) -> None:  # type: ignore[no-untyped-def]
    """No counter on the map, in any box or on the battle board, and no order line, names a
    unit the viewing side may not see."""
    p = w.presenter
    assert not hidden & set(p.scene.counters)
    for model in [*every_box(w).values(), p.waiting_model, *p.battle_models.values()]:
        assert not hidden & set(model.pieces())
    for i in range(p.order_list.count()):
        words = set(p.order_list.item(i).text().replace(",", " ").split())
        assert not hidden & words


def _us_face_pixels(w) -> int:  # type: ignore[no-untyped-def]
    image = w.view.viewport().grab().toImage()
    target = pal.US_FACE.rgb()
    step = 2
    return sum(
        1 for y in range(0, image.height(), step) for x in range(0, image.width(), step) if image.pixel(x, y) == target
    )


def test_hot_seat_turn_by_drag_and_drop_with_the_screen_blanked_between(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    c = w.controller
    session = c.session
    umpire = session.view("umpire")
    us_units, japan_units = _pieces_of(umpire, "us"), _pieces_of(umpire, "japan")
    bots = default_bots("victory-at-midway")(session.rules)
    luck = Rng(3)
    handovers: list[str] = []
    c.handover.connect(handovers.append)
    while session.state.turn < 2 and session.outcome() is None:
        side = c.viewer
        if w.curtain.down:
            # The blanking screen hides the whole window until the named player clicks.
            image = w.grab().toImage()
            centre = image.pixelColor(image.width() // 4, image.height() // 4)
            assert centre == w.curtain.palette().window().color() or centre.value() < 60
            qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
            assert not w.curtain.down
        assert side in session.to_act()
        _assert_nothing_of(w, japan_units if side == "us" else us_units)
        if side == "japan":
            assert _us_face_pixels(w) == 0 or any(s["current"] for s in c.view()["japan"]["sightings"])
        _play_bot_choice_by_hand(w, qtbot, bots, luck)
    assert session.state.turn == 2
    assert "japan" in handovers and "us" in handovers
    # The US screen showed its own counters in its colours; Japan's never did.
    if w.curtain.down:
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    if c.viewer == "us":
        assert _us_face_pixels(w) > 0


def test_the_japanese_screen_is_rebuilt_not_covered(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    c = w.controller
    session = c.session
    bots = default_bots("victory-at-midway")(session.rules)
    luck = Rng(3)
    us_view = c.view()
    assert c.viewer == "us"
    _play_bot_choice_by_hand(w, qtbot, bots, luck)  # the US sets up and seals
    assert w.curtain.down and c.viewer == "japan"
    # Before the curtain lifts, everything already comes from Japan's view.
    assert "us" not in c.view()
    assert not {s["id"] for s in us_view["us"]["ships"]} & set(w.presenter.scene.counters)
    assert all(e.visible_to("japan") for e in c.log())
    assert "Fleets" in w.presenter.box_docks["formations"][0].windowTitle()


def test_an_illegal_drop_snaps_back_with_the_rule(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    p = w.presenter
    messages: list[str] = []
    w.statusBar().messageChanged.connect(messages.append)
    before = len(w.controller.session.history)
    p.dropped_on_map("TF16", "A1")  # the far side of the map
    assert len(w.controller.session.history) == before
    assert messages and "TF16" in messages[-1] or "set up" in messages[-1].lower()


def test_a_solitaire_game_played_through_the_window_from_set_up_to_the_end(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, scenario="solitaire", seed=5)
    c = w.controller
    session = c.session
    assert session.humans == ("us",)
    bots = default_bots("victory-at-midway")(session.rules)
    luck = Rng(9)
    finished: list[object] = []
    c.finished.connect(finished.append)
    p = w.presenter
    steps = 0
    while session.outcome() is None:
        p.playback.skip()  # the player may watch the doctrine step by step; here it is skipped
        _play_bot_choice_by_hand(w, qtbot, bots, luck)
        steps += 1
        assert steps < 2000
        assert not w.curtain.down  # nobody to hand over to in solitaire
    assert finished and session.outcome() is not None
    # After the game: the umpire's view and a replay of every step.
    p.playback.skip()
    p.start_review()
    assert c.reviewing == 0
    assert {"us", "japan"} <= set(c.view())
    assert any(k.startswith("fm:") for k in every_box(w))
    p._review_step(5)
    assert c.reviewing == 5
    assert p.review_slider.value() == 5
    assert not c.submit(Done("us"))  # a review changes nothing
    p._review_step(10**6)
    assert c.reviewing == len(session.history)


def test_the_umpire_review_waits_for_the_end_of_the_game(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    assert w.controller.review(0) is not None
    assert w.controller.reviewing is None
    assert not w.presenter.review_button.isEnabled()


def test_hot_seat_undo_asks_the_other_player_behind_the_curtain(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    w = _window(qtbot)
    c = w.controller
    session = c.session
    p = w.presenter
    tf16 = next(a for a in c.legal() if a.describe().startswith("set up TF16"))
    give(w, qtbot, tf16)
    assert len(session.history) == 1 and c.viewer == "us"
    w._undo()
    # The Japanese player is asked, and only after the curtain: the US screen is gone already.
    assert w.curtain.down and c.viewer == "japan"
    assert "TF16" not in p.scene.counters
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert len(session.history) == 0
    # Back to the US player, whose order is gone; Japan may not redo it for them.
    assert w.curtain.down and c.viewer == "us"
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert c.redo() and len(session.history) == 1


def test_hot_seat_undo_can_be_refused(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    w = _window(qtbot)
    c = w.controller
    give(w, qtbot, next(a for a in c.legal() if a.describe().startswith("set up TF16")))
    w._undo()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert len(c.session.history) == 1
    assert c.session.undo_requested_by is None
    assert w.curtain.down and c.viewer == "us"


def test_passwords_guard_each_side(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QInputDialog

    w = _window(qtbot)
    answers = iter([("midway", True), ("tora", True)])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: next(answers))
    w._set_passwords()
    assert set(w.curtain.passwords) == {"us", "japan"}
    assert all(isinstance(v.key, bytes) and b"tora" not in v.key for v in w.curtain.passwords.values())


def test_each_side_keeps_its_own_dock_layout(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("victory-at-midway", persist=True)
    qtbot.addWidget(w)
    w.show()
    w.start_new({}, 7, None)
    qtbot.wait(20)
    p, c = w.presenter, w.controller
    p.track_dock.hide()  # the US player closes the turn track
    qtbot.wait(20)
    c.pass_to("japan")
    qtbot.wait(20)
    p.track_dock.show()  # the Japanese player wants it, and no orders dock
    p.orders_dock.hide()
    qtbot.wait(20)
    c.pass_to("us")
    qtbot.wait(20)
    assert not p.track_dock.isVisible() and p.orders_dock.isVisible()
    c.pass_to("japan")
    qtbot.wait(20)
    assert p.track_dock.isVisible() and not p.orders_dock.isVisible()


def test_floating_docks_wait_behind_the_curtain(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    p = w.presenter
    p.track_dock.setFloating(True)
    w.hand_over("japan")
    # A floating dock is a window of its own: it must not show Japan's side to the US player.
    assert w.curtain.down and not p.track_dock.isVisible()
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert not w.curtain.down


def _on_show(w):  # type: ignore[no-untyped-def]
    """The game's docks the player can see (a dock behind another's tab cannot be seen)."""
    return [d for d in w.presenter.docks if d.isVisible() and not d.visibleRegion().isEmpty()]


def _game_tab_bars(w):  # type: ignore[no-untyped-def]
    """The window's tab bars for this game's docks, the one in use last. Qt names each tab's dock
    by its address in the tab's data; a restored layout gets new bars, and the bars left from
    before may still read as visible: the bar in use has its current tab's dock on show."""
    import shiboken6

    from midway_desktop.ui.games.base import window_tab_bars

    shown = {shiboken6.getCppPointer(d)[0] for d in _on_show(w)}
    ours = {shiboken6.getCppPointer(d)[0] for d in w.presenter.docks}
    bars = [bar for bar in window_tab_bars(w) if any(bar.tabData(i) in ours for i in range(bar.count()))]
    return sorted(bars, key=lambda bar: bar.tabData(bar.currentIndex()) in shown)


def _turn_to_tab(w, title: str) -> None:  # type: ignore[no-untyped-def]
    """Click the tab called ``title`` (in whichever of the game's tab bars shows it)."""
    QApplication.processEvents()  # as between a player's clicks: the window has laid out its docks
    for bar in reversed(_game_tab_bars(w)):
        for i in range(bar.count()):
            if bar.tabText(i) == title:
                bar.setCurrentIndex(i)  # what a click on the tab does
                QApplication.processEvents()
                assert title in [d.windowTitle() for d in _on_show(w)], f"tab {title} turned to, not on show"
                return
    raise AssertionError(f"no tab {title}")


def test_a_box_tab_is_filled_when_turned_to_and_keeps_nothing_of_a_side_that_left(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A box tab turned to shows the current view; after a handover the boxes of every tab hold
    nothing of the side that has left the screen."""
    w = _window(qtbot)
    c, p = w.controller, w.presenter
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    _turn_to_tab(w, "Turns")
    _turn_to_tab(w, "Air bases")
    qtbot.waitUntil(lambda: "air:Enterprise:ready" in p.box_models)  # once the dock has come on show
    us = c.view()["us"]
    ready = sorted(a["id"] for a in us["aircraft"] if a["base"] == "Enterprise" and a["where"] == "ready")
    assert ready and sorted(p.box_models["air:Enterprise:ready"].pieces()) == ready
    _turn_to_tab(w, "Turns")
    bots = default_bots("victory-at-midway")(c.session.rules)
    _play_bot_choice_by_hand(w, qtbot, bots, Rng(3))  # the US sets up and seals
    assert w.curtain.down and c.viewer == "japan"
    us_pieces = _pieces_of(c.session.view("umpire"), "us")
    assert all(not us_pieces & set(m.pieces()) for m in p.box_models.values())
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    _turn_to_tab(w, "Air bases")
    qtbot.waitUntil(lambda: "air:Akagi:ready" in p.box_models)
    japan = c.view()["japan"]
    ready = sorted(a["id"] for a in japan["aircraft"] if a["base"] == "Akagi" and a["where"] == "ready")
    assert ready and sorted(p.box_models["air:Akagi:ready"].pieces()) == ready
    assert all(not us_pieces & set(m.pieces()) for m in p.box_models.values())


def test_a_dragged_counter_opens_the_dock_tab_it_hovers(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
    from PySide6.QtWidgets import QTabBar

    from midway_desktop.ui.board_view import PIECE_MIME

    w = _window(qtbot)
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    p = w.presenter
    bar = next(
        b
        for b in w.findChildren(QTabBar)
        if b.parent() is w and any(b.tabText(i) == "Losses" for i in range(b.count()))
    )
    tab = next(i for i in range(bar.count()) if bar.tabText(i) == "Losses")
    assert bar.currentIndex() != tab
    data = QMimeData()
    data.setData(PIECE_MIME, b"Hornet-F1")
    pos = bar.tabRect(tab).center()
    move, left, none = Qt.DropAction.MoveAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(bar, QDragEnterEvent(pos, move, data, left, none))
    QApplication.sendEvent(bar, QDragMoveEvent(pos, move, data, left, none))
    qtbot.wait(20)
    assert bar.currentIndex() == tab
    assert p.box_docks["losses"][0].visibleRegion().isEmpty() is False


def test_a_hot_seat_game_opens_behind_the_curtain(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    assert w.curtain.down and w.controller.viewer == "us"
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    c = w.controller
    give(w, qtbot, next(a for a in c.legal() if a.describe().startswith("set up TF16")))
    path = tmp_path / "game.json"
    c.save(path)
    assert w.open_game(str(path))
    assert w.curtain.down  # whoever sits down to a loaded game sees nothing until they say who they are


def test_every_order_by_keyboard_alone(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    qtbot.keyClick(w.curtain.button, Qt.Key.Key_Space)  # the curtain's button has the focus
    assert not w.curtain.down
    c, p = w.controller, w.presenter
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_O)
    assert p.order_list.hasFocus() and p.order_list.currentRow() == 0
    qtbot.keyClick(p.order_list, Qt.Key.Key_Down)
    wanted = p.order_at(p.order_list.currentRow())
    assert wanted is not None and p.order_list.currentItem().text() == wanted.describe()
    qtbot.keyClick(p.order_list, Qt.Key.Key_Return)
    assert c.session.history[-1].action == wanted
    # Tab walks the counters that may move; M opens the picked one's orders.
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Tab)
    assert p._tab_piece in p.scene.counters and p.scene.counters[p._tab_piece].draggable


def test_the_log_tells_the_doctrine_s_moves_only_as_they_are_shown(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, scenario="solitaire", seed=5)
    c, p = w.controller, w.presenter
    session = c.session
    bots = default_bots("victory-at-midway")(session.rules)
    luck = Rng(9)
    while not p.playback.active:
        p.playback.skip()
        c.submit(bots["us"].choose(session, "us", session.legal_actions("us"), luck))
    p.playback.toggle_pause()
    log_rows = w.log_dock.list.model().rowCount
    full = len(c.log())
    shown = len(p.log_shown(c.log()))
    assert shown == full - len(p.playback.queue) < full
    assert log_rows() == shown  # the log dock shows no more than the board has
    p.playback.step()
    assert log_rows() == shown + 1
    p.playback.skip()
    assert log_rows() == full


def _position(japan_has_orders: bool, solitaire: bool = False):  # type: ignore[no-untyped-def]
    """Turn 10's Air Preparation Phase: the US with a Not Ready bomber; Japan with one or none."""
    from dataclasses import replace

    from midway_desktop.games.victory_at_midway.setup import solitaire_state
    from tests.games.victory_at_midway.helpers import G, day_position, put

    state = replace(solitaire_state(G, frozenset()), turn=10) if solitaire else day_position(10)
    state = replace(put(state, "Midway-D1", loc="notready"), step="air-preparation", sealed=frozenset())
    return put(state, "Akagi-D1", loc="notready") if japan_has_orders else state


def _session(state, humans):  # type: ignore[no-untyped-def]
    from midway_desktop.engine import Session
    from midway_desktop.engine.rng import Rng as Luck
    from midway_desktop.games.victory_at_midway.rules import RULES

    return Session(rules=RULES, scenario="standard", options={}, seed=0, state=state, rng=Luck(1), humans=humans)


def test_hot_seat_hands_over_whether_or_not_a_side_has_anything_to_order(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Double blind: Japan is handed the screen in the Air Preparation Phase with or without Not
    Ready aircraft (the US player must not learn which), once the US has sealed its Air
    Preparation and gone on to seal its Air Return at the same sitting; with none, its Orders
    dock says there is nothing to order and offers to seal, and the seal reads as any other."""
    from midway_desktop.games.victory_at_midway.actions import PrepareAll
    from midway_desktop.ui.controller import GameController

    seen = []
    for has in (True, False):
        c = GameController(autosave=False)
        c.adopt(_session(_position(has), ("us", "japan")), viewer="us")
        handovers: list[str] = []
        c.handover.connect(handovers.append)
        assert c.submit(PrepareAll("us"))
        assert not handovers and c.session.rules.step_of(c.session.state, "us") == "air-return"
        assert c.submit(Done("us"))  # (nothing in the air)
        seen.append((handovers, c.session.to_act(), [e.text for e in c.session.log("us")]))
    assert seen[0] == seen[1] and seen[0][0] == ["japan"]
    w = _window(qtbot)
    w.controller.adopt(_session(_position(False), ("us", "japan")), viewer="us")
    w.controller.submit(PrepareAll("us"))
    w.controller.submit(Done("us"))
    w.controller.pass_to("japan")
    p = w.presenter
    assert "nothing to order" in p.heading.text()
    assert [b.text() for b in p.buttons if "Seal" in b.text()] == ["Seal with no orders (Enter)"]
    assert w.controller.session.to_act() == ("japan",)  # two players: the pass is the player's own click
    give(w, qtbot, Done("japan"))
    assert "Japan has sealed its orders (Air Preparation Phase)." in [e.text for e in w.controller.log()]


def test_a_lone_player_s_empty_steps_seal_themselves(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Solitaire: with nobody else at the screen, a step in which the player is asked but has
    nothing to order seals itself (here the Air Return Phase, with nothing in the air), and the
    log says so; undo takes that seal back and leaves it to the player."""
    from midway_desktop.games.victory_at_midway.actions import PrepareAll
    from midway_desktop.ui.controller import GameController

    c = GameController(autosave=False)
    c.adopt(_session(_position(True, solitaire=True), ("us",)), viewer="us")
    assert c.submit(PrepareAll("us"))
    session = c.session
    assert session.state.turn == 11 and session.state.step == "ship-movement"
    assert [s.action for s in session.history] == [PrepareAll("us"), Done("us")]
    assert "US has sealed its orders (Air Return Phase)." in [e.text for e in c.log()]
    assert c.undo()
    assert session.state.step == "air-return" and c.legal() == [Done("us")]  # not sealed again


def test_the_umpire_sees_each_search_once() -> None:
    """The umpire's review shows both sides: a search is drawn by its own side's marker only,
    never again as the other side's word of it."""
    from midway_desktop.engine import Session, get_rules
    from midway_desktop.ui.games.victory_at_midway.layout import map_counters

    rules = get_rules("victory-at-midway")
    checked = 0
    for seed in (2, 5):
        session = Session.start(rules, seed=seed)
        bots = default_bots("victory-at-midway")(rules)
        luck = Rng(seed)
        while session.outcome() is None and session.state.turn < 6:
            side = session.to_act()[0]
            session.play(bots[side].choose(session, side, session.legal_actions(side), luck))
            view = session.view("umpire")
            searches = [
                (where, face.symbol, face.values)
                for where, face, _tip in map_counters(view).values()
                if face.symbol in ("air-search", "ship-search")
            ]
            mine = [s for s in searches if s[2] != "enemy"]
            assert not [s for s in searches if s[2] == "enemy"], "the umpire is shown a side's word of a search"
            assert len(mine) == len(set(mine))
            checked += len(mine)
    assert checked > 0


def test_the_us_midway_airstrike_holding_box_is_there_once_the_us_may_strike_midway() -> None:
    """VaM › Midway Base Strikes: once Japanese troops are ashore the US is asked to assign base
    strikes against Midway. Its Midway Airstrike Holding Box is there to drop them in while it is
    asked, and holds them after; a box of its own (the umpire's review shows both sides')."""
    from midway_desktop.ui.games.victory_at_midway.layout import strike_boxes

    flying = {"id": "VMF-221", "where": "aloft", "flight": {"kind": "midway", "target": "Midway"}}
    asked = {"step": "midway-strike", "to_act": ["us", "japan"], "us": {"aircraft": []}}
    after = {"step": "search", "to_act": ["us", "japan"], "us": {"aircraft": [flying]}}
    never = {"step": "midway-strike", "to_act": ["japan"], "us": {"aircraft": []}, "japan": {"aircraft": []}}
    assert [b.key for b in strike_boxes(asked, "us")] == ["strike:midway:us"]
    assert [b.key for b in strike_boxes(after, "us")] == ["strike:midway:us"]
    assert strike_boxes(never, "us") == []
    assert [b.key for b in strike_boxes(never, "japan")] == ["strike:midway"]


def _box_tab(w) -> str:  # type: ignore[no-untyped-def]
    """The tab on show in the stack of holding boxes."""
    QApplication.processEvents()
    p = w.presenter
    (dock,) = [d for d in _on_show(w) if d is p.track_dock or any(d is b for b, _l in p.box_docks.values())]
    return dock.windowTitle()


def test_each_side_opens_on_the_boxes_of_its_step_and_keeps_the_tab_it_turned_to(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A hot-seat game opens, behind the curtain, on the set-up's holding boxes (the side's Task
    Forces or Fleets), not on the turn track; a tab a player turns to is theirs until their next
    step, across handovers in between; a new step brings its own boxes forward."""
    w = _window(qtbot)
    c = w.controller
    assert w.curtain.down and c.viewer == "us"
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert _box_tab(w) == "Task Forces"
    _turn_to_tab(w, "Losses")
    w.hand_over("japan")  # both sides set up in the same step
    assert w.curtain.down
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert _box_tab(w) == "Fleets"
    _turn_to_tab(w, "Air bases")
    w.hand_over("us")
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert _box_tab(w) == "Losses"
    w.hand_over("us")
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    bots = default_bots("victory-at-midway")(c.session.rules)
    _play_bot_choice_by_hand(w, qtbot, bots, Rng(3))  # the US sets up and seals
    assert w.curtain.down and c.viewer == "japan"
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    assert _box_tab(w) == "Air bases"  # still the set-up: Japan's own choice
    _play_bot_choice_by_hand(w, qtbot, bots, Rng(3))  # Japan sets up and seals: the next step
    if w.curtain.down:
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    step = c.session.rules.phase(c.session.state).name
    assert step != "setup"
    dock = w.presenter.box_docks[STEP_HINTS[step][1]][0]
    assert _box_tab(w) == dock.windowTitle()


def test_every_box_takes_drops_and_keeps_its_counters_in_place(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Drops land on a box's viewport, which must be open to them (the box view opens it without
    asking Qt for it at the start); the counters do not move about inside a box."""
    from PySide6.QtWidgets import QListView

    w = _window(qtbot)
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    p = w.presenter
    every_box(w)
    views = [*p.box_views.values(), p.waiting_view, *(v for v, _panel in p.battle_views.values())]
    assert len(views) > 20
    for view in views:
        assert view.viewport().acceptDrops(), view.box_model.pieces()
        assert view.movement() == QListView.Movement.Static


def _walk_every_box_tab(w, hidden: set[str]) -> None:  # type: ignore[no-untyped-def]
    """Turn to each tab of the box stack, as a player clicks them: each dock shows the current
    view, box by box, and nothing of ``hidden`` (the side away from the screen)."""
    from midway_desktop.ui.games.victory_at_midway.layout import DOCKS, sides_shown

    p = w.presenter
    for name, _title, make in DOCKS:
        _turn_to_tab(w, p.box_docks[name][0].windowTitle())
        view = w.controller.view()
        specs = [spec for side in sides_shown(view) for spec in make(view, side)]
        for spec in specs:
            shown = p.box_models[spec.key].pieces()
            assert shown == [r.piece for r in spec.select(view)], f"{spec.key} is not up to date"
        assert all(not hidden & set(m.pieces()) for m in p.box_models.values())
    _turn_to_tab(w, "Turns")


def test_every_box_tab_is_up_to_date_when_turned_to_across_handovers_and_orders(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Box docks behind other tabs are filled when turned to: walked tab by tab after orders
    given, after handovers both ways, and after a tab was left on show across a handover."""
    w = _window(qtbot)
    c = w.controller
    umpire = c.session.view("umpire")
    us, japan = _pieces_of(umpire, "us"), _pieces_of(umpire, "japan")
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert not any(k.startswith("air:") for k in w.presenter.box_models)  # not on show yet: not built
    _walk_every_box_tab(w, japan)
    give(w, qtbot, next(a for a in c.legal() if a.describe().startswith("set up TF16")))
    _walk_every_box_tab(w, japan)
    _turn_to_tab(w, "Air bases")
    w.hand_over("japan")
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    _walk_every_box_tab(w, us)
    _turn_to_tab(w, "Losses")
    w.hand_over("us")
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    _walk_every_box_tab(w, japan)
    bots = default_bots("victory-at-midway")(c.session.rules)
    _play_bot_choice_by_hand(w, qtbot, bots, Rng(3))  # the US sets up and seals
    qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    _walk_every_box_tab(w, us)
