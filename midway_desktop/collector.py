"""Python's cycle collector, held off while a window opens.

Opening a game makes a few hundred thousand objects (modules, classes, rule tables, the window's
widgets) and next to no garbage, yet the collector, woken every 700 new objects, walks them
again and again: about 6 % of the processor time of opening CV, measured. So the commands that
open a window hold it until the window is up; then everything alive is set aside for good
(``gc.freeze``: the collections of play walk only what play makes, never the start-up's tables)
and it runs as usual. Commands without a window (simulate, replay, validate) never hold it.
"""

from __future__ import annotations

import gc


def hold() -> None:
    """No cycle collection until ``release``."""
    gc.disable()


def release() -> None:
    """Collect as usual again, everything alive now set aside (once: later calls do nothing)."""
    if gc.isenabled():
        return
    gc.freeze()
    gc.enable()
