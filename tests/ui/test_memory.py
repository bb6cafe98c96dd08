"""Nothing of a game put away stays alive in the window: switching games, new games and
finished games leave no presenter, dock, menu, message box or dialog behind, and the memory
of the process stays flat. Every switch between two games is walked (a round trip through
all of them); the long run of 200 switches is in ``tests/benchmarks/test_memory_switches.py``.

Memory only, never time. The resident set may still grow a little as Qt's own caches fill:
its shared pixmap cache keeps the icons of every dock's title buttons up to its 10 MB limit.
"""

from __future__ import annotations

import time
import weakref

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.games import GAMES
from midway_desktop.games.cv.actions import Done as CvDone
from midway_desktop.games.victory_at_midway.actions import Concede
from midway_desktop.ui.games import desktop_games
from midway_desktop.ui.new_game import NewGameDialog
from tests.ui.switching import settle, switch_around, widget_census

SWITCHES = 48  # four round trips of the 12 switches between four games
GROWTH_MB = 20  # before the fix a switch cost 3.5 to 8 MB: 48 of them, 170 MB or more


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(GAMES[0].id, persist=False)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    return w


def test_switching_games_frees_every_game_put_away(window) -> None:  # type: ignore[no-untyped-def]
    run = switch_around(window, SWITCHES)
    assert run.presenters_made >= SWITCHES
    assert run.others_alive == 0
    # The same game is on show as when the count began: the same widgets, one menu per
    # window menu plus the last context menu, and no message box.
    assert run.census_after == run.census_before
    growth = run.growth_mb
    if growth is not None:
        assert growth < GROWTH_MB, f"{run.switches} switches grew the process by {growth:.1f} MB"


# Games whose whole course the computer plays slowly end sooner: a side concedes, or (CV, which
# has no concession) every side seals each step at once, and the Turns run to the last.
CONCEDES = {"victory-at-midway": Concede, "cv": CvDone}


def _finish(w) -> None:  # type: ignore[no-untyped-def]
    """End the game as quickly as its rules allow: a side concedes where it may, otherwise
    the computer plays every side to the end."""
    c = w.controller
    session = c.session
    bots = default_bots(w.game_id)(session.rules)
    luck = Rng(5)
    if w.game_id == "cv":
        # Up to its last Turn straight on the engine (a redraw at each of some 200 seals would
        # be most of this test's time); the last Turn's seals through the window.
        while session.state.time < session.state.last:
            assert session.submit(CvDone(session.to_act()[0])).ok
        c.pass_to(session.to_act()[0])
    for _ in range(5000):
        if session.outcome() is not None:
            break
        side = next(s for s in session.to_act() if s in bots)
        if c.viewer != side:
            c.pass_to(side)
        concede = CONCEDES.get(w.game_id)
        assert c.submit(
            concede(side) if concede else bots[side].choose(session, side, session.legal_actions(side), luck)
        )
    assert session.outcome() is not None
    playback = getattr(w.presenter, "playback", None)
    if playback is not None and playback.active:  # watched to the end: then the game-over box
        playback.skip()
    deadline = time.monotonic() + 5
    while w.game_over_box is None and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


def _new_game_from_the_box(w) -> None:  # type: ignore[no-untyped-def]
    """The player's way on from a finished game: New game… in the game-over box, then OK."""

    def accept() -> None:
        for top in QApplication.topLevelWidgets():
            if isinstance(top, NewGameDialog) and top.isVisible():
                top.accept()

    box = w.game_over_box
    assert box is not None and box.isVisible()
    again = next(b for b in box.buttons() if b.text().startswith("New game"))
    QTimer.singleShot(0, accept)  # runs in the dialog's own event loop, once it is open
    again.click()


def test_finished_and_new_games_leave_no_box_dialog_or_presenter(window) -> None:  # type: ignore[no-untyped-def]
    played = [g.id for g in GAMES if g.id in desktop_games()]
    made: list[weakref.ref[object]] = []
    settle()
    before = widget_census()
    for _round in range(3):
        for game in played:
            window.switch_game(game)
            made.append(weakref.ref(window.presenter))
            for _game in range(2):
                _finish(window)
                if window.curtain.down:
                    window.curtain.lift()
                window._shortcuts()  # and the list of keys, asked for each time
                for _failure in range(2):  # autosaving fails, and fails again, then works
                    window.controller.savingStopped.emit("No space left on the disk")
                window.controller.savingResumed.emit()
                settle()
                assert widget_census()["boxes"] <= before["boxes"] + 2  # the game over, the keys
                _new_game_from_the_box(window)
                made.append(weakref.ref(window.presenter))
                settle()
                assert window.game_over_box is None
    settle()
    assert [r() for r in made if r() is not None] == [window.presenter]
    census = widget_census()
    assert census["boxes"] <= before["boxes"] + 1  # the last list of keys
    assert not any(isinstance(w, NewGameDialog) for w in QApplication.allWidgets())
    assert sum(isinstance(w, QMessageBox) and w.isVisible() for w in QApplication.allWidgets()) <= 1


def test_counter_faces_stay_within_their_budget_at_every_size(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Zooming draws each face at size after size: the shared faces keep to their budget in
    bytes, the least recently drawn going first, and a face drawn again is drawn right."""
    from midway_desktop.ui import counters
    from midway_desktop.ui.main_window import MainWindow

    faces = set()
    for game in [g.id for g in GAMES]:
        w = MainWindow(game, persist=False)
        qtbot.addWidget(w)
        faces |= set(sorted((item.face for item in w.scene.counters.values()), key=repr)[:12])
    cache = counters.FaceCache(budget=4 * 2**20)
    monkeypatch.setattr(counters, "_FACES", cache)
    sizes = range(8, 1025, 37)
    for px in sizes:
        for face in faces:
            pm = counters.face_pixmap(face, px)
            assert (pm.width(), pm.height()) == (px, px)
            assert counters.face_pixmap(face, px) is pm  # drawn once, then shared
            assert cache.bytes <= cache.budget or len(cache) == 1
    assert len(cache) < len(faces) * len(sizes)
    again = counters.face_pixmap(sorted(faces, key=repr)[0], sizes[0])  # long since let go: drawn anew
    assert (again.width(), again.height()) == (sizes[0], sizes[0])
