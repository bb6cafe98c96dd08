"""Render the main window for a new game into a PNG, without a screen."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QWidget

from midway_desktop import startup
from midway_desktop.ui.app import ensure_app

if TYPE_CHECKING:
    from midway_desktop.ui.main_window import MainWindow


@contextmanager
def _new_game_window(
    game: str,
    width: int,
    height: int,
    zoom: float | None = None,
    center: str | None = None,
    scenario: str | None = None,
    high_contrast: bool = False,
    until: str | None = None,
    side: str | None = None,
    seed: int | None = None,
    turn: int | None = None,
) -> Iterator[MainWindow]:
    ensure_app()
    from midway_desktop.ui import palette
    from midway_desktop.ui.main_window import MainWindow

    palette.set_high_contrast(high_contrast)
    window = MainWindow(game, persist=False)
    try:
        window.resize(width, height)
        window.show()
        QApplication.processEvents()
        startup.window_up()  # (a game played --until makes garbage)
        # Again once shown: before its first layout a window can't shrink below its docks' sizes.
        window.resize(width, height)
        if scenario is not None:
            _show_scenario(window, scenario)
        if until is not None:
            _play_until(window, until, side, seed, turn)
        # A hot-seat game opens behind the curtain; the picture is of the first player's side.
        window.curtain.lift()
        QApplication.processEvents()
        first_look = getattr(window.presenter, "first_look", None)
        if first_look is not None and zoom is None and center is None:
            first_look()  # the game's own first look at the board (CV: the side's forces, readable)
        else:
            # As the player's Fit: a game's own first look then lets go of the map (CV keeps it
            # up as the docks resize the map, a Battle's board coming forward, say).
            window.act_fit.trigger()
        if zoom is not None:
            window.view.set_zoom(zoom)
        if center is not None:
            window.view.centre_on_cell(center)
        QApplication.processEvents()
        if center is not None:
            window.view.centre_on_cell(center)  # again, once the docks have settled
            QApplication.processEvents()
        window.view.keep_settled_tiles()  # (``drawn`` does not draw them a second time)
        yield window
    finally:
        window.close()
        window.deleteLater()


def _show_scenario(window: MainWindow, scenario: str) -> None:
    """A new game of ``scenario``; for a scenario named as CV's set-up preview names them (II,
    V-III, ...), that scenario's set-up, both sides at once."""
    from midway_desktop.engine import get_rules

    if scenario in {s.name for s in get_rules(window.game_id).scenarios}:
        window.start_new(scenario=scenario)
        return
    window.show_set_up_preview(scenario)


def _play_until(
    window: MainWindow, step: str, side: str | None, seed: int | None = None, turn: int | None = None
) -> None:
    """A CV game played to ``step`` with ``side`` to act, shown to that side: by the demo's
    orders (``games.cv.demo``, that side's orders for the step given), or with a ``seed`` by the
    computer's Doctrine at both sides (a new game of that seed). ``turn``: the step in the
    game's ``turn``-th Turn; ``over``: the finished game, as ``side`` sees it."""
    if window.game_id != "cv":
        raise ValueError("--until draws a CV game in play; the other games start at their first step")
    from midway_desktop.games.cv.demo import play_by_doctrine, play_until

    session = window.controller.session
    if seed is not None or session is None or window.controller.reviewing is not None:
        window.start_new(scenario=session.scenario if session is not None else "short", seed=seed)
        session = window.controller.session
    assert session is not None
    if seed is not None:
        at = play_by_doctrine(session, step, side, turn, seed)
    else:
        at = play_until(session, step, side, turn if turn is not None else 1)
    window.controller.adopt(session, viewer=at)
    # The dice as a player against the computer has them: the last step's rolls the side saw.
    window.dice_dock.dice.show_rolls(window.controller.last_rolls_seen())
    window.show_log()


def grab_window(
    game: str,
    width: int = 1600,
    height: int = 1000,
    zoom: float | None = None,
    center: str | None = None,
    scenario: str | None = None,
    high_contrast: bool = False,
    until: str | None = None,
    side: str | None = None,
    seed: int | None = None,
    turn: int | None = None,
) -> QImage:
    """The main window for a new game of ``game`` (of ``scenario``), drawn offscreen (or on
    whatever screen Qt has); ``until``: a CV game played to that step, as ``side`` sees it (by the
    Doctrine from ``seed``, in Turn ``turn``: see ``_play_until``)."""
    shown = _new_game_window(game, width, height, zoom, center, scenario, high_contrast, until, side, seed, turn)
    with shown as window:
        return drawn(window)


def drawn(window: QWidget) -> QImage:
    """The picture ``window`` has drawn. Offscreen, at one pixel a point, that is the offscreen
    screen's copy of it, read as it is (the same pixels as ``grab``, which draws the whole window
    a second time: some 46 M instructions of CV's 1.7 G start). On a real screen the screen's copy
    may hold other windows over it, and at another scale it is not the window's own pixels:
    there the window is drawn again."""
    if QGuiApplication.platformName() == "offscreen" and window.devicePixelRatioF() == 1.0:
        screen = window.screen()
        image = screen.grabWindow(window.winId()).toImage() if screen is not None else QImage()
        if image.size() == window.size():
            return image
    return window.grab().toImage()


def grab_board(game: str, width: int = 800, height: int = 600) -> QImage:
    """Only the map area of a new game's main window, fitted to the view."""
    with _new_game_window(game, width, height) as window:
        return window.view.viewport().grab().toImage()


def take_screenshot(
    game: str,
    out: Path,
    width: int = 1600,
    height: int = 1000,
    zoom: float | None = None,
    center: str | None = None,
    scenario: str | None = None,
    high_contrast: bool = False,
    until: str | None = None,
    side: str | None = None,
    seed: int | None = None,
    turn: int | None = None,
) -> Path:
    image = grab_window(
        game, width, height, zoom=zoom, center=center, scenario=scenario, high_contrast=high_contrast,
        until=until, side=side, seed=seed, turn=turn,
    )  # fmt: skip
    out.parent.mkdir(parents=True, exist_ok=True)
    # A name ending .bmp asks for an uncompressed picture: the start-up benchmark's, so that
    # packing the picture into a PNG (a quarter of CV's run) does not count as opening.
    if not image.save(str(out), "BMP" if out.suffix.lower() == ".bmp" else "PNG"):
        raise OSError(f"could not write {out}")
    return out
