"""VaM's holding boxes: the shared box models and views (``ui.box_views``), under VaM's names."""

from __future__ import annotations

from midway_desktop.ui.box_views import (
    ICON,
    BoxHost,
    BoxPanel,
    BoxView,
    PieceListModel,
    Row,
    Selector,
    SpringTabs,
    piece_of,
)

__all__ = ["ICON", "BoxHost", "BoxPanel", "BoxView", "PieceListModel", "Row", "Selector", "SpringTabs", "piece_of"]
