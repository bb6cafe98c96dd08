"""Where the bundled rulesets are: next to the package in a checkout, inside it once installed."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def rulesets_root() -> Path:
    """The folder holding one ruleset folder per game id.

    ``MIDWAY_RULESETS`` overrides it, so a player can point the app at edited copies.
    """
    override = os.environ.get("MIDWAY_RULESETS")
    if override:
        return Path(override)
    for candidate in (_PACKAGE / "_rulesets", _PACKAGE.parent / "rulesets"):
        if candidate.is_dir():
            return candidate
    return _PACKAGE.parent / "rulesets"


def ruleset_dir(game_id: str) -> Path:
    return rulesets_root() / game_id


def resources_root() -> Path:
    for candidate in (_PACKAGE / "_resources", _PACKAGE.parent / "resources"):
        if candidate.is_dir():
            return candidate
    return _PACKAGE.parent / "resources"
