"""The app shell: window opens on a playable default, games switch, zoom works, counters drag."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.games import DEFAULT_GAME, GAME_IDS
from midway_desktop.ui.main_window import MainWindow
from midway_desktop.ui.map_art import UNIT
from tests.ui.helpers import cell_point, drag


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    w = MainWindow(DEFAULT_GAME, persist=False)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    # Shown is not yet settled: the window's own first fit and column widths come at the event
    # loop's next turns, and a fit then would end a zoom a test has started.
    qtbot.waitUntil(lambda: w._settled)
    QApplication.processEvents()
    w.view.fit()
    return w


def test_opens_on_the_default_game_with_counters(window: MainWindow) -> None:
    assert window.game_id == DEFAULT_GAME
    assert window.windowTitle().startswith("Midway Solitaire")
    assert len(window.scene.counters) >= 3
    assert window.key_view is None  # the map key starts behind the log's tab, its tree not yet made
    window.key_dock.raise_()
    assert window.key_model is not None and window.key_model.rowCount() > 0
    assert window.key_dock.widget() is window.key_view


@pytest.fixture
def stand_ins(window: MainWindow) -> MainWindow:
    """The stand-in counters that drag by reach, on CV's board (every game is played now; the
    stand-ins are what a board shows before its game has a presenter)."""
    from midway_desktop.ui.placeholders import StandInPresenter

    window.switch_game("cv")
    assert window.presenter is not None
    window.presenter.detach()
    window.curtain.lift()  # (CV's hot-seat game is put away with its presenter)
    window._columns = None  # the game's dock columns went with it
    window.presenter = StandInPresenter(window, window.controller)
    window.presenter.attach()
    return window


def test_every_game_switches_in_and_draws(window: MainWindow) -> None:
    for gid in GAME_IDS:
        window.switch_game(gid)
        assert window.game_id == gid
        assert window.board.game == gid
        assert window.view.scene() is window.scene
        image = window.view.grab().toImage()
        # Map art is on screen: the centre pixel is not the bare view background.
        centre = image.pixelColor(image.width() // 2, image.height() // 2)
        assert centre.name() != window.view.backgroundBrush().color().name()
        assert window.game_actions[gid].isChecked()


def test_zoom_in_out_and_fit(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    fitted = window.view.zoom()
    window.view.set_zoom(fitted * 2)
    assert window.view.zoom() == pytest.approx(fitted * 2)
    window.view.set_zoom(1000)
    assert window.view.zoom() <= 6.0
    window.view.fit()
    assert window.view.zoom() == pytest.approx(fitted, rel=1e-3)
    window.view.zoom_in()
    qtbot.waitUntil(lambda: window.view.zoom() > fitted * 1.2, timeout=10000)
    assert "Zoom" in window.zoom_label.text()
    # The docks settling (the window resized) while the board glides from fitted leave the glide be.
    window.view.fit()
    fitted = window.view.zoom()
    window.view.zoom_in()
    window.resize(window.width() - 40, window.height() - 20)
    qtbot.waitUntil(lambda: window.view.zoom() > fitted * 1.2, timeout=10000)


def test_status_bar_names_the_cell_under_the_cursor(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    pos = cell_point(window.view, window.board, "L5") + QPoint(0, window.view.zoom() * 12)
    labels: list[str] = []
    window.view.hovered.connect(labels.append)
    qtbot.mouseMove(window.view.viewport(), pos)
    qtbot.waitUntil(lambda: bool(labels), timeout=2000)
    assert labels[-1] == "L5"
    assert window.cell_label.text().startswith("L5")
    assert "Midway" in window.cell_label.text()


def test_drag_a_counter_onto_a_legal_cell_snaps_to_it(stand_ins: MainWindow) -> None:
    window = stand_ins
    tf = window.scene.counters["tf16"]
    start = tf.label
    target = sorted(window.board.neighbors(start))[0]
    dropped: list[tuple[str, str, str]] = []
    window.scene.counterDropped.connect(lambda *a: dropped.append(a))
    drag(window.view, window.view.mapFromScene(tf.pos()), cell_point(window.view, window.board, target))
    assert dropped == [("tf16", start, target)]
    assert tf.label == target
    cx, cy = window.board.centre(target)
    assert abs(tf.pos().x() - cx * UNIT) < UNIT * 0.3 and abs(tf.pos().y() - cy * UNIT) < UNIT * 0.3


def test_illegal_drop_snaps_back_with_the_reason(stand_ins: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = stand_ins
    tf = window.scene.counters["tf16"]
    start = tf.label
    far = max(window.board.within(start, 6), key=lambda lb: window.board.distance(start, lb))
    assert window.board.distance(start, far) > 2
    refused: list[str] = []
    window.scene.moveRefused.connect(lambda _p, reason: refused.append(reason))
    drag(window.view, window.view.mapFromScene(tf.pos()), cell_point(window.view, window.board, far))
    assert tf.label == start
    assert refused and far in refused[0]
    assert far in window.statusBar().currentMessage()
    cx, cy = window.board.centre(start)
    qtbot.waitUntil(lambda: abs(tf.pos().x() - cx * UNIT) < UNIT * 0.3, timeout=2000)


def test_legal_cells_highlight_while_dragging(stand_ins: MainWindow) -> None:
    window = stand_ins
    scene = window.scene
    tf = scene.counters["tf16"]
    scene.begin_drag(tf)
    assert scene.highlighted_cells() == frozenset(window.board.within(tf.label, 2))
    tf.setPos(QPointF(tf.pos().x() + 3, tf.pos().y()))
    scene.end_drag(tf)
    assert scene.highlighted_cells() == frozenset()


def test_keyboard_zoom_shortcuts(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.view.setFocus()
    fitted = window.view.zoom()
    qtbot.keyClick(window.view, Qt.Key.Key_Plus)
    qtbot.waitUntil(lambda: window.view.zoom() > fitted * 1.2, timeout=2000)
    qtbot.keyClick(window.view, Qt.Key.Key_0)
    assert window.view.zoom() == pytest.approx(fitted, rel=1e-3)


def test_each_game_remembers_its_own_dock_layout(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = MainWindow("midway-solitaire", persist=True)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.log_dock.setFloating(True)
    w.switch_game("kido-butai")
    assert not w.log_dock.isFloating() or w.settings.value("window/state/kido-butai") is None
    w.log_dock.setFloating(False)
    w.switch_game("midway-solitaire")
    assert w.log_dock.isFloating()  # the Solitaire layout came back with its floating log
    w.log_dock.setFloating(False)
    w.close()


def test_the_game_being_played_is_on_disk_at_once_for_a_start_after_a_crash(qtbot, fresh_profile) -> None:  # type: ignore[no-untyped-def]
    """A start without a game named opens on the game last played; a crash leaves no close to
    write it then, so it is written (to the settings file itself) as the game is chosen."""
    from pathlib import Path

    from PySide6.QtCore import QSettings

    file = Path(QSettings().fileName())
    w = MainWindow("cv", persist=True)  # (as a start with the game named)
    qtbot.addWidget(w)
    assert file.is_file() and "game=cv" in file.read_text().split("[session]", 1)[-1].split("[", 1)[0]
    w.switch_game("kido-butai")
    assert "game=kido-butai" in file.read_text().split("[session]", 1)[-1].split("[", 1)[0]
    again = MainWindow(None, persist=True)  # (the next start, the first window never closed)
    qtbot.addWidget(again)
    assert again.game_id == "kido-butai"


# -- opening a saved game: all or nothing ------------------------------------------------------
def _shown(window: MainWindow) -> tuple[object, ...]:
    """Everything that says which game the window is on and what Save would write."""
    c = window.controller
    return (window.game_id, window.board, window.scene, c.session, window.presenter, window.windowTitle())


def _bad_records(tmp_path):  # type: ignore[no-untyped-def]
    """One record of each kind of damage, each of another game than the window shows."""
    import json
    import os

    from midway_desktop.engine import new_game, records

    good = json.loads(records.dumps(new_game("kido-butai", seed=2)))
    variants = {
        "no-final": {k: v for k, v in good.items() if k != "final"},
        "tampered": {**good, "final": {**good["final"], "fingerprint": "0" * 32}},
        "bad-humans": {**good, "humans": ["umpire"]},
        "bad-option": {**good, "options": {"no_us_fiasco": 1}},
        "bad-game": {**good, "game": "../../etc"},
        "bad-action": {**good, "actions": [{"type": "nonsense", "side": "japan"}]},
    }
    out = []
    for name, data in variants.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        out.append(path)
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\x00\xff" * 10)
    out.append(junk)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.json")
        out.append(tmp_path / "pipe.json")
    return out


def test_a_bad_record_of_another_game_changes_nothing(window: MainWindow, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: shown.append(text))
    before = _shown(window)
    for path in _bad_records(tmp_path):
        assert not window.open_game(str(path))
        assert _shown(window) == before, path.name
        assert len(shown) == 1 and "\n" not in shown[0] and path.name in shown[0], (path.name, shown)
        shown.clear()


def test_an_unexpected_failure_is_shown_and_changes_nothing(window: MainWindow, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    from midway_desktop.engine import new_game, records
    from midway_desktop.ui import main_window

    path = records.save(new_game("kido-butai", seed=2), tmp_path / "kb.json")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: shown.append(text))

    def broken(_game: str) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(main_window, "load_board", broken)
    before = _shown(window)
    assert not window.open_game(str(path))
    assert _shown(window) == before and len(shown) == 1 and "\n" not in shown[0]


@pytest.mark.parametrize("game", ["kido-butai", "victory-at-midway", "midway-solitaire"])
def test_a_good_record_of_any_game_opens_whole(window: MainWindow, tmp_path, game: str) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.engine import new_game, records

    saved = new_game(game, seed=9)
    path = records.save(saved, tmp_path / "game.json")
    assert window.open_game(str(path))
    assert window.game_id == game and window.board.game == game
    assert window.controller.session is not None and window.controller.session.state == saved.state
    again = records.save(window.controller.session, tmp_path / "again.json")
    assert records.read(again)["game"] == game  # Save writes the game that was opened


def test_a_cv_record_opens_in_the_window_and_the_set_up_preview_is_still_there(window: MainWindow, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """CV is played in the window: a CV record opens like any other (behind the hot-seat
    curtain), and each scenario's set-up can still be looked at, both sides at once."""
    from midway_desktop.engine import new_game, records
    from midway_desktop.ui.games.cv import CvPresenter
    from midway_desktop.ui.games.cv.setup import CvSetupPresenter

    assert window.plays("cv")
    saved = new_game("cv", seed=4)
    path = records.save(saved, tmp_path / "cv.json")
    assert window.open_game(str(path))
    assert isinstance(window.presenter, CvPresenter) and window.controller.session.state == saved.state
    assert window.curtain.down and window.curtain.side == "american"
    window.show_set_up_preview("II")
    assert isinstance(window.presenter, CvSetupPresenter) and window.controller.session is None
    assert not window.curtain.down and window.presenter.choice == "II"
