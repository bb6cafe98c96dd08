"""Midway Solitaire at the desktop, laid out as its engine (``games/midway_solitaire``) is.

``presenter`` binds the view to the board and docks; ``widgets`` draws the table pieces beside
the board (the action card and the status boards). The presenter is imported when first asked
for (``from midway_desktop.ui.games.midway_solitaire import SolitairePresenter``), so that
``widgets`` loads only its own module, not the whole presenter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from midway_desktop.ui.games.midway_solitaire.presenter import SolitairePresenter

__all__ = ["SolitairePresenter"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from midway_desktop.ui.games.midway_solitaire import presenter

        return getattr(presenter, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
