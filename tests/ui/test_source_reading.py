"""PySide6 reads the source of every module imported after it, to find out whether the module
uses Qt (``midway_desktop.ui.spare_source_reading``): the app answers for its own modules and
Python's standard library without the reading, and leaves every other module to PySide6."""

from __future__ import annotations

import colorsys
import dataclasses
import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType

import pytest

import midway_desktop.engine.session
import midway_desktop.ui  # (puts the answer in place)
import midway_desktop.ui.log_dock
from midway_desktop.ui.log_dock import LogDock


@pytest.fixture
def uses_pyside():  # type: ignore[no-untyped-def]
    return sys.modules["shibokensupport.feature"]._mod_uses_pyside


@pytest.fixture
def reading(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The modules whose source is read, by name."""
    read: list[str] = []
    getsource = inspect.getsource

    def record(module: ModuleType) -> str:
        read.append(module.__name__)
        return getsource(module)

    monkeypatch.setattr(inspect, "getsource", record)
    return read


def test_the_apps_modules_are_answered_from_their_package(uses_pyside, reading: list[str]) -> None:  # type: ignore[no-untyped-def]
    assert uses_pyside(midway_desktop.ui.log_dock) is True
    assert uses_pyside(sys.modules["midway_desktop.ui"]) is True
    assert uses_pyside(midway_desktop.engine.session) is False
    assert uses_pyside(sys.modules["midway_desktop"]) is False
    assert uses_pyside(colorsys) is False
    assert uses_pyside(dataclasses) is False
    assert reading == []


def test_any_other_module_is_still_read_as_pyside6_reads_it(uses_pyside, reading: list[str], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    def load(name: str, text: str) -> ModuleType:
        path = tmp_path / f"{name}.py"
        path.write_text(text)
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    qt_user = load("a_qt_plugin", "from PySide6 import QtCore\n")
    plain = load("a_plain_library", "VALUE = 1\n")
    assert uses_pyside(qt_user) is True
    assert uses_pyside(plain) is False
    assert reading == ["a_qt_plugin", "a_plain_library"]


def test_pyside6_knows_every_app_module_imported_after_it() -> None:
    """The import hook still records the app's modules (as using Qt or not), unread."""
    assert LogDock  # (imported from its module, as the app's modules import each other)
    known = sys.modules["shibokensupport.feature"].pyside_feature_dict
    assert known.get("midway_desktop.ui.log_dock") == 0  # uses Qt: PySide6's default options
