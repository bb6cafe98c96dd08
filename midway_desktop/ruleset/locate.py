"""Where the bundled rulesets and resources are.

Looked for, in order:

- inside a frozen (PyInstaller) app: in its bundle folder (``sys._MEIPASS``), in a macOS app's
  ``Contents/Resources``, and next to the executable;
- inside the installed package (``midway_desktop/_rulesets``, ``_resources``: the wheel puts
  them there);
- next to the package in a source checkout (``rulesets/``, ``resources/``).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from midway_desktop.ruleset.errors import RulesetError

_PACKAGE = Path(__file__).resolve().parent.parent
_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


def frozen() -> bool:
    """True inside a PyInstaller (or similar) bundle."""
    return bool(getattr(sys, "frozen", False))


def _frozen_bases() -> list[Path]:
    if not frozen():
        return []
    bases: list[Path] = []
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        bases.append(Path(meipass))
    exe_dir = Path(sys.executable).resolve().parent
    if exe_dir.name == "MacOS" and exe_dir.parent.name == "Contents":
        bases.append(exe_dir.parent / "Resources")
    bases += [exe_dir, exe_dir / "_internal"]
    return bases


def _candidates(name: str) -> list[Path]:
    """Folders that may hold ``rulesets`` or ``resources``, best first."""
    out = [base / name for base in _frozen_bases()]
    out += [_PACKAGE / f"_{name}", _PACKAGE.parent / name]
    return out


def _find(name: str) -> Path:
    candidates = _candidates(name)
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    return candidates[-1]


def rulesets_root() -> Path:
    """The folder holding one ruleset folder per game id.

    ``MIDWAY_RULESETS`` overrides it, so a player can point the app at edited copies.
    """
    override = os.environ.get("MIDWAY_RULESETS")
    if override:
        return Path(override)
    return _find("rulesets")


def ruleset_dir(game_id: str) -> Path:
    """The ruleset folder of ``game_id``; a name that is not a game id (a path, a very long
    name) is refused rather than looked up."""
    if not _GAME_ID.fullmatch(game_id):
        shown = game_id[:40] + ("…" if len(game_id) > 40 else "")
        raise RulesetError(rulesets_root(), None, f"{shown!r} is not a game id")
    return rulesets_root() / game_id


def resources_root() -> Path:
    return _find("resources")
