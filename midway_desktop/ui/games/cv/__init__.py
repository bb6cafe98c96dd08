"""CV at the desktop, laid out as its engine (``games/cv``) is.

``presenter`` binds a side's view to the board and docks; ``boxes`` (Holding Box Charts),
``records`` (record sheets), ``plot`` (the Plot Map overlay), ``faces`` (the printed counters)
and ``combat_board`` (a Battle's dock) draw its parts; ``steps`` names each step for the screen
and How to Play; ``setup`` is the read-only look at each scenario's set-up.

The presenter is imported when first asked for (``from midway_desktop.ui.games.cv import
CvPresenter``), so that How to Play (``steps``) or the set-up look (``setup``) loads only its own
module, not the whole presenter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from midway_desktop.ui.games.cv.presenter import CvPresenter, sentence, step_name

__all__ = ["CvPresenter", "sentence", "step_name"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from midway_desktop.ui.games.cv import presenter

        return getattr(presenter, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
