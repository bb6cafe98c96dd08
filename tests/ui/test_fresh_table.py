"""Nothing of one game lingers into the next: after a new game, a switch, an open or a resume
the dice, log, turn line, status prompts, game-over box, title and game chooser belong to the
game now shown, and the resume question is asked over a window that already names its game.
Walked over every game and every switch between two games."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDockWidget

from midway_desktop.games import GAMES, game_info
from midway_desktop.ui.games import desktop_games
from tests.ui.helpers import open_window, play_by_bots

GAME_IDS = [g.id for g in GAMES]


@pytest.fixture(autouse=True)
def _fresh(fresh_profile):  # type: ignore[no-untyped-def]
    return fresh_profile


def _window(qtbot, game: str, persist: bool = False):  # type: ignore[no-untyped-def]
    return open_window(qtbot, game, persist)


def _play(w, steps: int, seed: int = 5) -> None:  # type: ignore[no-untyped-def]
    play_by_bots(w, steps, seed)


def assert_fresh(w) -> None:  # type: ignore[no-untyped-def]
    """The table shows the current game and nothing older."""
    QApplication.processEvents()
    title = game_info(w.game_id).title
    assert w.windowTitle().startswith(title)
    assert w.game_combo.currentData() == w.game_id
    assert w.game_actions[w.game_id].isChecked()
    assert w.game_over_box is None
    c = w.controller
    shown = w.log_dock.model.events()
    if c.session is None:
        assert shown == [] and w.dice_dock.dice.rolls == []
    else:
        live = c.log()
        assert all(any(e is f for f in live) for e in shown), "the log shows events of another game"
        assert all(any(r is e for e in live) for r in w.dice_dock.dice.rolls), "the dice are another game's"
    message = w.statusBar().currentMessage()
    others = [g.title for g in GAMES if g.id != w.game_id and g.title not in title]
    assert not any(o in message for o in others), f"the status bar speaks of another game: {message!r}"


@pytest.mark.parametrize("game", desktop_games())
def test_a_new_game_starts_on_a_clear_table(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, game)
    _play(w, 12)
    assert w.log_dock.model.events()
    w.start_new({}, 99, None)
    assert_fresh(w)
    assert w.dice_dock.dice.rolls == [] or w.controller.session.history == []


@pytest.mark.parametrize(("old", "new"), list(itertools.permutations(GAME_IDS, 2)))
def test_every_switch_leaves_nothing_behind(qtbot, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, old)
    _play(w, 8)
    w.switch_game(new)
    assert_fresh(w)
    fresh = _window(qtbot, new)
    assert arrangement(w) == arrangement(fresh), f"{old}'s dock places or sizes stay in {new}"


def arrangement(w) -> dict[str, tuple[object, ...]]:  # type: ignore[no-untyped-def]
    """Where each dock of the window stands once the curtain (if any) is lifted: its side of the
    board, its place in line along that side, the docks it shares tabs with, shown, floating, and
    the size of those in sight."""
    if w.curtain.down:
        w.curtain.lift()
    for _ in range(4):
        QApplication.processEvents()
    docks = [d for d in w.findChildren(QDockWidget) if d.objectName()]
    vertical = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
    along = {}
    for d in docks:
        # A tab group stands where its face is (the tabs behind are laid out off the window).
        places = [t.mapTo(w, QPoint(0, 0)) for t in (d, *w.tabifiedDockWidgets(d))]
        pos = next((p for p in places if p.x() >= 0 and p.y() >= 0), places[0])
        along[d] = (w.dockWidgetArea(d), pos.y() if w.dockWidgetArea(d) in vertical else pos.x())
    line = {area: sorted({a for ar, a in along.values() if ar == area}) for area, _ in along.values()}
    in_sight = {d: d.isVisible() and d.mapTo(w, QPoint(0, 0)).x() >= 0 for d in docks}  # (not a tab behind)
    return {
        d.objectName(): (
            area,
            line[area].index(a),
            sorted(t.objectName() for t in w.tabifiedDockWidgets(d)),
            d.isHidden(),
            d.isFloating(),
            d.size().toTuple() if in_sight[d] else None,
        )
        for d, (area, a) in along.items()
    }
