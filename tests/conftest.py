"""Shared test set-up: Qt offscreen, settings and cache kept out of the user's profile."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# One cache folder for the whole run (and the programs tests start), never the user's: set
# before any test module is imported, as some read rulesets while being collected.
_CACHE = tempfile.mkdtemp(prefix="midway-test-cache-")
os.environ["MIDWAY_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def qapp(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The app's own QApplication (names, HiDPI policy), with settings in a temp folder."""
    from PySide6.QtCore import QSettings, QStandardPaths

    from midway_desktop.ui.app import ensure_app

    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path_factory.mktemp("settings")))
    return ensure_app()


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Autosaves and saved games of a test go to its own folder, never the user's."""
    monkeypatch.setenv("MIDWAY_DATA_DIR", str(tmp_path / "data"))  # type: ignore[operator]
