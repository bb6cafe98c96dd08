"""Every game's action types are made with ``engine.actions.action`` and stay faithful to it."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from midway_desktop.engine.actions import Action

GAMES = ("victory_at_midway", "cv", "kido_butai", "midway_solitaire")


@pytest.mark.parametrize("game", GAMES)
def test_action_types_share_the_base_equality_hash_and_repr(game: str) -> None:
    """``action`` compares, hashes and shows every field, so no field may opt out of that (as
    ``field(compare=False)`` would in a dataclass); and no type writes its own equality."""
    types = importlib.import_module(f"midway_desktop.games.{game}.actions").ACTION_TYPES
    assert types
    for kind in types:
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]
        for name in ("__eq__", "__hash__", "__repr__"):
            assert getattr(kind, name) is getattr(Action, name), (kind, name)
        for f in dataclasses.fields(kind):
            assert f.compare and f.repr and f.hash is None, (kind, f.name)
