"""Switching games over and over in one window, and what it leaves alive: for the memory tests.

Memory only, never time: the presenters still alive (by weak reference, after a garbage
collection and Qt's deferred deletions), the widgets and menus the application holds, and
the resident set of the process.
"""

from __future__ import annotations

import gc
import os
import weakref
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QPoint
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox


def settle() -> None:
    """What the event loop does between two of the player's clicks: posted events run and
    objects given up with ``deleteLater`` are deleted (twice: a deletion may post more)."""
    for _ in range(2):
        QApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()


def resident_mb() -> float | None:
    """The process's resident set now, in MB (None where the system does not tell)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def every_switch(games: list[str]) -> list[str]:
    """A round trip through ``games`` that switches from each game to each other game once
    (an Euler circuit of the switches): ``games[0]``, then one game after another, back to
    ``games[0]``."""
    left = {g: [h for h in games if h != g] for g in games}
    stack, walk = [games[0]], []
    while stack:
        here = stack[-1]
        if left[here]:
            stack.append(left[here].pop(0))
        else:
            walk.append(stack.pop())
    walk.reverse()
    return walk


def widget_census() -> dict[str, int]:
    """How many widgets the application holds, and of them menus and message boxes."""
    widgets = QApplication.allWidgets()
    return {
        "widgets": len(widgets),
        "menus": sum(isinstance(w, QMenu) for w in widgets),
        "boxes": sum(isinstance(w, QMessageBox) for w in widgets),
    }


@dataclass(frozen=True)
class Switched:
    """What a run of switches left behind."""

    switches: int
    presenters_made: int
    others_alive: int  # presenters alive besides the window's own
    census_before: dict[str, int]
    census_after: dict[str, int]
    resident_before: float | None
    resident_after: float | None

    @property
    def growth_mb(self) -> float | None:
        if self.resident_before is None or self.resident_after is None:
            return None
        return self.resident_after - self.resident_before


def open_a_counter_menu(window) -> None:  # type: ignore[no-untyped-def]
    """Right-click the first counter on the map, as a player would before moving on."""
    if window.scene.counters:
        piece = sorted(window.scene.counters)[0]
        window.scene.counterContext.emit(piece, QPoint(10, 10))


def switch_around(window, switches: int) -> Switched:  # type: ignore[no-untyped-def]
    """After one warm-up round trip (caches filled, every game's docks made once), switch at
    least ``switches`` times in whole round trips through every game, right-clicking a
    counter in each, settling after each switch as the event loop would; then count what is
    still alive. Every trip ends on the game it began with, so the same docks are on show."""
    games = [window.game_id] + [g for g in _game_ids() if g != window.game_id]
    trip = every_switch(games)[1:]
    made: list[weakref.ref[object]] = []

    def switch(game: str) -> None:
        window.switch_game(game)
        made.append(weakref.ref(window.presenter))
        open_a_counter_menu(window)
        open_a_counter_menu(window)  # (the second in place of the first)
        settle()

    for game in trip:
        switch(game)
    settle()
    census_before, resident_before = widget_census(), resident_mb()
    trips = -(-switches // len(trip))
    for game in trip * trips:
        switch(game)
    settle()
    return Switched(
        switches=trips * len(trip),
        presenters_made=len(made),
        others_alive=sum(1 for ref in made if ref() is not None and ref() is not window.presenter),
        census_before=census_before,
        census_after=widget_census(),
        resident_before=resident_before,
        resident_after=resident_mb(),
    )


def _game_ids() -> list[str]:
    from midway_desktop.games import GAMES

    return [g.id for g in GAMES]
