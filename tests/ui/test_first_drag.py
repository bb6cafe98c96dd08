"""No first-drag stall (issue 40): once the window has shown and the event loop has been idle,
the first drag of a session builds nothing of the board; what a highlight is made from (the
CV board's net of 3,072 cells' sides) was built at idle, before it is needed."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from midway_desktop.geometry import figure
from midway_desktop.ui.main_window import MainWindow


def _idle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def _first_drag_builds(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> tuple[set[str], int]:
    """What the first drag of a counter built: the board's attributes it added, and the cell
    nets made."""
    made = [0]
    real = figure.CellNet.__init__

    def counted(net: figure.CellNet, *args: object, **kwargs: object) -> None:
        made[0] += 1
        real(net, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(figure.CellNet, "__init__", counted)
    scene = window.scene
    board = scene.board
    before = set(board.__dict__) | {f"art.{k}" for k in scene.art.__dict__}
    item = next(iter(scene.counters.values()))
    scene.begin_drag(item)
    assert scene.highlighted_cells()
    scene.drag_over(item)  # (the cell under the counter outlined)
    scene.unlight()
    after = set(board.__dict__) | {f"art.{k}" for k in scene.art.__dict__}
    return after - before, made[0]


def test_the_first_drag_after_the_window_shows_builds_nothing(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.board.__dict__.pop("net", None)  # (a board another test drew from: built afresh here)
    w.board._regions_of = None
    assert "net" not in w.scene.board.__dict__
    w.resize(1600, 900)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w._settled)
    _idle()
    indexed = w.board._regions_of
    built, nets = _first_drag_builds(w, monkeypatch)
    assert built == set() and nets == 0
    assert indexed is not None and w.board._regions_of is indexed  # (the status line's regions)


def test_after_a_switch_of_game_the_first_drag_builds_nothing(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.geometry import load_board

    w = MainWindow("victory-at-midway", persist=False)
    qtbot.addWidget(w)
    w.resize(1600, 900)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w._settled)
    _idle()
    board = load_board("cv")
    board.__dict__.pop("net", None)
    w.switch_game("cv", board=board)
    _idle()
    built, nets = _first_drag_builds(w, monkeypatch)
    assert built == set() and nets == 0


def test_preparing_a_drag_makes_the_cell_shapes_a_stored_start_left_unmade(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A start whose tiles come from the store paints the board without making its cells'
    shapes; the first drag outlines the cell under the counter with one (40 ms to make them all
    on the CV board): ``prepare_drag`` makes them at idle."""
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.scene.art.__dict__.pop("cells", None)  # (as a stored start leaves them)
    w.scene.board._regions_of = None
    w.scene.prepare_drag()
    assert "cells" in w.scene.art.__dict__ and w.scene.board._regions_of is not None
