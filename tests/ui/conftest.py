"""UI test fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture
def fresh_profile(qapp):  # type: ignore[no-untyped-def]
    """A player's profile with nothing remembered, and nothing left for the next test: windows
    made with ``persist=True`` keep layouts, sizes and folders as a player's would."""
    from PySide6.QtCore import QSettings

    QSettings().clear()
    yield
    QSettings().clear()
