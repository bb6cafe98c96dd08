"""The Qt user interface: the only package that imports PySide6.

The board view reads its viewport's size and pixel ratio from itself, not from
``viewport()``: the first time a run is handed a widget that Qt made, PySide6 loads every
widget class to find its type, 34 M instructions of CV's start (VaM's holding boxes open
their viewports to drops without asking for them; a game whose docks need a viewport pays it).
"""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6  # noqa: F401 (its import hook is in place once it is loaded: see below)

APP = "midway_desktop"
QT_PACKAGE = __name__  # (the layering: no other package of the app imports Qt)


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def spare_source_reading() -> None:
    """PySide6 reads the whole source file of every module imported after it (at every import
    statement naming a module it has not yet read, Python's own ``re`` or ``typing`` too) for
    the word "PySide6", to give a module that uses Qt the default of PySide6's ``__feature__``
    options, which this app never takes up: 30-50 M instructions of every start. The answer is
    known without reading for the app's modules (its ``ui`` package is the one that uses Qt)
    and for Python's standard library (which never does); any other module is still read as
    PySide6 reads it. A PySide6 without that check is left as it is."""
    feature = sys.modules.get("shibokensupport.feature")
    reads = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or reads is None or getattr(reads, "spared", False):
        return
    standard = sys.stdlib_module_names

    def uses_pyside(module: ModuleType) -> bool:
        name = getattr(module, "__name__", "")
        if _within(name, APP):
            return _within(name, QT_PACKAGE)
        if name.partition(".")[0] in standard:
            return False
        return bool(reads(module))

    uses_pyside.spared = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]


spare_source_reading()
