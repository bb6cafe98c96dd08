"""Every game's window, docks and dialogs read whole at common window sizes: no text cut short,
no controls over one another or outside their panel, no panel cut with no way to scroll, every
tab title whole, and the board keeps a fair share of the width. Walked at 1024×700, 1400×900
and 1920×1080 at the start of each game, and at the narrowest after some play."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from midway_desktop.engine import get_rules
from midway_desktop.games import GAMES
from midway_desktop.ui.games import desktop_games
from tests.ui.helpers import open_window, play_by_bots
from tests.ui.layout_checks import hidden_tabs, problems

SIZES = ((1024, 700), (1400, 900), (1920, 1080))


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_the_window_reads_whole(qtbot, game: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(game, persist=False)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    if w.curtain.down:
        w.curtain.lift()
    _settle()
    assert problems(w) == []
    assert w.view.width() >= 0.35 * w.width(), f"the board has {w.view.width()} px of {w.width()}"
    if game in desktop_games() and size == SIZES[0]:  # the narrowest is where play crowds the docks
        play_by_bots(w, 20, seed=2)
        _settle()
        assert problems(w) == []


@pytest.mark.parametrize("game", desktop_games())
def test_the_new_game_dialog_reads_whole(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.new_game import NewGameDialog

    dialog = NewGameDialog(get_rules(game))
    qtbot.addWidget(dialog)
    dialog.show()
    _settle()
    assert problems(dialog) == []


def test_how_to_play_and_the_keys_read_whole(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.how_to_play import HowToPlay
    from midway_desktop.ui.main_window import MainWindow

    for info in GAMES:
        dialog = HowToPlay(info.id)
        qtbot.addWidget(dialog)
        dialog.show()
        _settle()
        assert problems(dialog) == []
    w = MainWindow("kido-butai", persist=False)
    qtbot.addWidget(w)
    w.show()
    w._shortcuts()
    _settle()
    assert problems(w.shortcuts_box) == []


# CV in play, each side at a step that fills its docks: the longest step titles, a full Air Box,
# a Battle on the combat board (the Doctrine plays to it: seed 1).
CV_STEPS = (("form-air-units", "japanese", None), ("ship-plotting", "american", None), ("interception", "american", 1))


@pytest.mark.parametrize("before", [None, *(g for g in desktop_games() if g != "cv")])
@pytest.mark.parametrize("size", SIZES[:2], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cv_in_play_reads_whole(qtbot, size: tuple[int, int], before: str | None) -> None:  # type: ignore[no-untyped-def]
    """Also after another game's window was open in the process (that once left the charts'
    stack narrower than its tabs, when its hidden charts were first made lazily)."""
    from midway_desktop.ui.screenshot import _new_game_window

    if before is not None:
        open_window(qtbot, before, size=size)
        _settle()
    for step, side, seed in CV_STEPS:
        with _new_game_window("cv", *size, until=step, side=side, seed=seed) as w:
            _settle()
            assert problems(w) + hidden_tabs(w) == [], step


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_every_dock_panel_that_scrolls_only_up_and_down_keeps_its_width(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    # Docks are searched for such panels only where they were not made kept whole as they were
    # built (``dock_fit.KEPT_WHOLE``): whichever way, every one of them is, in every dock.
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget, QScrollArea

    from midway_desktop.ui.dock_fit import KEPT_WHOLE

    w = open_window(qtbot, game)
    if w.curtain.down:
        w.curtain.lift()
    _settle()
    vertical_only = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    loose = [
        f"{dock.objectName()}: {type(scroll.widget()).__name__}"
        for dock in w.findChildren(QDockWidget)
        for scroll in dock.findChildren(QScrollArea)
        if scroll.horizontalScrollBarPolicy() == vertical_only and not scroll.property(KEPT_WHOLE)
    ]
    assert loose == []


def test_a_window_larger_than_its_screen_is_brought_within_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A first start (1400×900) or a size remembered from a larger screen would leave the
    window's edges, docks and status line off a small screen: the app fits it to the screen's
    free area as it shows it (how it reads at such sizes: the walks above)."""
    from midway_desktop.ui.main_window import MainWindow, fit_to_screen

    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    room = w.screen().availableGeometry()
    w.resize(room.width() + 600, room.height() + 300)
    w.move(room.left() + 200, room.top() + 100)
    w.show()
    qtbot.waitExposed(w)
    fit_to_screen(w)
    QApplication.processEvents()
    assert room.contains(w.frameGeometry()), (room, w.frameGeometry())
    small = w.size()
    fit_to_screen(w)  # (a window that fits is left as it is)
    assert w.size() == small
