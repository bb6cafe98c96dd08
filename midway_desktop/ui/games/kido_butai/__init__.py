"""Kido Butai at the desktop, laid out as its engine (``games/kido_butai``) is.

``presenter`` binds the view to the carrier display and its docks. It is imported when first
asked for (``from midway_desktop.ui.games.kido_butai import KidoButaiPresenter``), as every
game's presenter is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from midway_desktop.ui.games.kido_butai.presenter import KidoButaiPresenter

__all__ = ["KidoButaiPresenter"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from midway_desktop.ui.games.kido_butai import presenter

        return getattr(presenter, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
