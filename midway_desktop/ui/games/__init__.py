"""Per-game presenters: each binds one game's view to the board scene and its docks."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from midway_desktop.ui.games.base import Presenter

PRESENTED = ("midway-solitaire", "kido-butai", "victory-at-midway", "cv")


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
    if game_id == "cv":
        from midway_desktop.ui.games.cv import CvPresenter

        return CvPresenter
    return None


def desktop_plays(game_id: str) -> bool:
    """Whether the window plays ``game_id``: its rules are registered and it has a presenter."""
    from midway_desktop.engine.registry import is_playable

    return is_playable(game_id) and presenter_class(game_id) is not None


def desktop_games() -> tuple[str, ...]:
    """The games the window plays, in the registry's order."""
    from midway_desktop.engine.registry import playable_games

    return tuple(g for g in playable_games() if presenter_class(g) is not None)


def preview_class(game_id: str) -> type[Presenter] | None:
    """A read-only look at a game's scenario set-ups (CV's), shown on request."""
    if game_id == "cv":
        from midway_desktop.ui.games.cv.setup import CvSetupPresenter

        return CvSetupPresenter
    return None
