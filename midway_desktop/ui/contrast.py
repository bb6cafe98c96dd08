"""The high-contrast option (View › High Contrast): counters in strong nation colours with black
or white print and a heavy edge, a darker grid and labels; remembered between sessions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from midway_desktop.ui import palette as pal
from midway_desktop.ui.stored_settings import read_bool

if TYPE_CHECKING:
    from midway_desktop.ui.main_window import MainWindow

SETTINGS_HIGH_CONTRAST = "view/high-contrast"


def apply(window: MainWindow, on: bool) -> None:
    """Switch the scheme and redraw what was drawn in the other: map tiles, counters, the
    holding boxes' counter icons."""
    if on == pal.high_contrast():
        return
    pal.set_high_contrast(on)
    scene = window.scene
    scene.tiles.clear()
    for item in scene.counters.values():
        item.update()  # drops the item's device cache: its face is fetched anew
    window.view.viewport().update()
    if window.presenter is not None:
        window.presenter.refresh()


def install(window: MainWindow) -> QAction:
    """The checkable View menu entry, set from the player's settings (a test or screenshot
    window, which keeps no settings, leaves the scheme as it is)."""
    action = QAction("&High Contrast", window)
    action.setCheckable(True)
    if window.persist:
        remembered = read_bool(window.settings, SETTINGS_HIGH_CONTRAST)
        if remembered is not None:
            apply(window, remembered)
    action.setChecked(pal.high_contrast())

    def toggled(on: bool) -> None:
        apply(window, on)
        if window.persist:
            window.settings.setValue(SETTINGS_HIGH_CONTRAST, on)

    action.toggled.connect(toggled)
    window.view_menu.addAction(action)
    return action
