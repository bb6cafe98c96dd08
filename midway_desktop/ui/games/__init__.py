"""Per-game presenters: each binds one game's view to the board scene and its docks."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from midway_desktop.ui.games.base import Presenter

PRESENTED = ("midway-solitaire", "kido-butai", "victory-at-midway")


def presenter_class(game_id: str) -> type[Presenter] | None:
    if game_id == "midway-solitaire":
        from midway_desktop.ui.games.midway_solitaire import SolitairePresenter

        return SolitairePresenter
    if game_id == "kido-butai":
        from midway_desktop.ui.games.kido_butai import KidoButaiPresenter

        return KidoButaiPresenter
    if game_id == "victory-at-midway":
        from midway_desktop.ui.games.victory_at_midway import VictoryAtMidwayPresenter

        return VictoryAtMidwayPresenter
    return None


def preview_class(game_id: str) -> type[Presenter] | None:
    """A read-only look at a game whose rules are not played yet (CV's scenario set-ups)."""
    if game_id == "cv":
        from midway_desktop.ui.games.cv_setup import CvSetupPresenter

        return CvSetupPresenter
    return None
