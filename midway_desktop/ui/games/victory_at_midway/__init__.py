"""Victory at Midway at the desktop, laid out as its engine (``games/victory_at_midway``) is.

``presenter`` binds a side's view to its map, holding-box docks and battle board; ``layout``
says what each counter looks like and which holding box it stands in; ``boxes`` gives the shared
box models and views (``ui.box_views``) under VaM's names.

The presenter is imported when first asked for (``from midway_desktop.ui.games.victory_at_midway
import VictoryAtMidwayPresenter``), so that ``layout`` or ``boxes`` loads only its own module, not
the whole presenter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from midway_desktop.ui.games.victory_at_midway.presenter import VictoryAtMidwayPresenter

__all__ = ["VictoryAtMidwayPresenter"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from midway_desktop.ui.games.victory_at_midway import presenter

        return getattr(presenter, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
