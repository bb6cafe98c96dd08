"""Opening a window fast: Python's cycle collector, held off while it opens.

Opening a game makes a few hundred thousand objects (modules, classes, rule tables, the window's
widgets) and next to no garbage, yet the collector, woken every 700 new objects, walks them
again and again: about 4 % of the instructions of opening CV. So the commands that open a
window (play, screenshot) hold it until the window is up; then everything alive is set aside
for good (``gc.freeze``: the collections of play walk only what play makes, never the
start-up's tables) and it runs as usual. Commands without a window never hold it.
"""

from __future__ import annotations

import gc


def begin() -> None:
    """Before a window opens: no cycle collection until ``window_up``."""
    gc.disable()


def window_up() -> None:
    """The window shows: collect as usual again, everything alive now set aside (once: later
    calls do nothing)."""
    if gc.isenabled():
        return
    gc.freeze()
    gc.enable()
