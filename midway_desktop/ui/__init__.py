"""The Qt user interface: the only package that imports PySide6.

Once imported, PySide6 asks of every module imported after it whether it uses PySide6 (for its
optional ``__feature__`` switches), by fetching the module's source through ``inspect``, which
also keeps every line of it in memory. Here, before any window module is imported, the same
question is answered from the file's bytes: the hundred-odd modules a game's first screen
imports made the ``inspect`` way 52 M instructions (2 %) of a start-up. Anything that is not a
plain ``.py`` file is still asked the original way, and if PySide6 no longer has the hook
nothing is changed.

The board view reads its viewport's size and pixel ratio from itself, not from
``viewport()``: the first time a run is handed a widget that Qt made, PySide6 loads every
widget class to find its type, 34 M instructions of CV's start (a game whose docks need a
viewport, as VaM's holding boxes do to take drops, pays it there instead).
"""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6.QtCore  # noqa: F401  (installs PySide6's import hook, answered faster below)

_feature = sys.modules.get("shibokensupport.feature")
pyside_own_check = getattr(_feature, "_mod_uses_pyside", None)


def uses_pyside(module: ModuleType) -> bool:
    """Whether ``module``'s source names PySide6 (what PySide6's own check answers)."""
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path.endswith(".py"):
        return bool(pyside_own_check(module)) if pyside_own_check is not None else False
    try:
        with open(path, "rb") as source:
            return b"PySide6" in source.read()
    except OSError:
        return False


if _feature is not None and callable(pyside_own_check):
    _feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
