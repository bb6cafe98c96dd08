"""Reading the app's settings so that a bad value is ignored, never fatal.

The settings file is the player's (or an editor's, or a newer app version's): any key may hold
anything. Every value the app reads goes through these functions, which return None for a value
of the wrong kind, and every restore tolerates one that Qt turns down.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QSettings


def read_bytes(settings: QSettings, key: str) -> QByteArray | None:
    """A window geometry or dock layout as Qt saved it, or None for anything else."""
    try:
        value = settings.value(key)
    except Exception:  # a value Qt itself cannot decode: as good as absent  # noqa: BLE001
        return None
    if isinstance(value, QByteArray):
        return value
    if isinstance(value, bytes):
        return QByteArray(value)
    return None


def read_text(settings: QSettings, key: str) -> str | None:
    try:
        value = settings.value(key)
    except Exception:  # noqa: BLE001
        return None
    return value if isinstance(value, str) else None


def read_bool(settings: QSettings, key: str) -> bool | None:
    """An on/off option as Qt stores it (a bool, or "true"/"false" in an ini file)."""
    try:
        value = settings.value(key)
    except Exception:  # noqa: BLE001
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return None


def restore(apply: Callable[[QByteArray], bool], settings: QSettings, key: str) -> bool:
    """Hand the saved bytes at ``key`` to ``apply`` (``restoreGeometry``, ``restoreState``);
    False when there are none, they are not bytes, or Qt refuses them."""
    value = read_bytes(settings, key)
    if value is None or value.isEmpty():
        return False
    try:
        return bool(apply(value))
    except (TypeError, ValueError, RuntimeError):
        return False
