"""What every game presenter does: build from the controller's view, turn gestures into actions."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDockWidget, QTabBar

from midway_desktop.ui.board_scene import MoveOptions
from midway_desktop.ui.controller import GameController
from midway_desktop.ui.counters import CounterItem
from midway_desktop.ui.dock_fit import keep_whole_width

if TYPE_CHECKING:
    from midway_desktop.ui.main_window import MainWindow


class Presenter(QObject):
    """Lives as long as one game is shown; owns that game's docks and counter bindings."""

    def __init__(self, window: MainWindow, controller: GameController) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.docks: list[QDockWidget] = []
        self._links: list[tuple[Any, Any]] = []

    def link(self, signal: Any, slot: Any) -> None:
        """Connect, and remember to disconnect on detach."""
        signal.connect(slot)
        self._links.append((signal, slot))

    def attach(self) -> None:
        scene = self.scene = self.window.scene
        scene.legal_moves = self.legal_moves
        self.link(scene.counterDropped, self.dropped)
        self.link(self.controller.changed, self.refresh)
        self.link(self.controller.happened, self.happened)
        self.build_docks()
        # Every dock of the game can be closed and brought back from the View menu.
        menu = self.window.view_menu
        for dock in self.docks:
            if dock.toggleViewAction() not in menu.actions():
                menu.addAction(dock.toggleViewAction())
            keep_whole_width(dock)
        self.refresh()

    def detach(self) -> None:
        for signal, slot in self._links:
            # The scene may already be gone, and its connections with it.
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)
        self._links.clear()
        for dock in self.docks:
            self.window.view_menu.removeAction(dock.toggleViewAction())
            self.window.removeDockWidget(dock)
            # Out of the window at once: a restored layout must never find the old docks by name.
            dock.setParent(None)
            dock.deleteLater()
        self.docks.clear()
        # The window keeps the tab bars of the docks just removed, still showing their titles
        # (one can peek out from under the next game's bar): hidden, and shown again by the
        # window only when it hands one to a new group of tabbed docks.
        for bar in self.window.findChildren(QTabBar):
            if bar.parent() is self.window:
                bar.hide()

    # -- for subclasses -------------------------------------------------------------------
    def build_docks(self) -> None:
        """Create the game's docks and add them to ``self.docks``."""

    def refresh(self) -> None:
        """Redraw everything from ``self.controller.view()``."""

    def happened(self, events: list) -> None:  # type: ignore[type-arg]
        """New events for the viewing side (dice, card flips) to animate or show."""

    def legal_moves(self, item: CounterItem) -> MoveOptions:
        return MoveOptions(frozenset(), lambda label: "That counter does not move by hand.")

    def dropped(self, piece: str, origin: str, target: str) -> None:
        """A legal drop: submit the matching action (the scene already moved the counter)."""

    def log_shown(self, events: list) -> list:  # type: ignore[type-arg]
        """The part of the log already shown to the player (all of it, unless a presenter
        is playing events out one at a time)."""
        return events

    def key_pressed(self, key: int) -> bool:
        """Keyboard play; return True when the key was used."""
        return False

    def shortcuts(self) -> list[tuple[str, str]]:
        """The game's own keys (what ``key_pressed`` does), as (keys, what they do) for the
        window's list of keyboard shortcuts."""
        return []
