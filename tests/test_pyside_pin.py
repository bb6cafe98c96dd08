"""Guard against the PySide6 6.12.0 / Python 3.11 reference leak.

PySide6 6.12.0 under Python 3.11 drops one reference to ``None`` each time a wrapped C++
method returning nothing is called, so a long-running scene eventually frees ``None`` and
aborts. Python 3.12 made ``None`` immortal, which hides the bug there. The project therefore
excludes 6.12.0 on Python < 3.12 (pyproject.toml), and this module checks both the pin and
the behaviour of whatever PySide6 is installed.
"""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement

from packaging.version import Version

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
BAD = Version("6.12.0")
CALLS = 20_000


def pyside_requirements() -> list[Requirement]:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    reqs = [Requirement(r) for r in data["project"]["dependencies"]]
    return [r for r in reqs if r.name.lower().replace("_", "-").startswith("pyside6")]


def applicable(python: str) -> list[Requirement]:
    env = default_environment()
    env.update(python_version=python, python_full_version=f"{python}.0")
    return [r for r in pyside_requirements() if r.marker is None or r.marker.evaluate(env)]


def test_pyproject_declares_pyside6() -> None:
    assert pyside_requirements(), "pyproject.toml has no PySide6 dependency"


@pytest.mark.parametrize("python", ["3.11"])
def test_pin_excludes_6_12_0_before_python_3_12(python: str) -> None:
    reqs = applicable(python)
    assert reqs, f"no PySide6 requirement applies to Python {python}"
    for r in reqs:
        assert not r.specifier.contains(BAD, prereleases=True), f"{r} allows {BAD} on Python {python}"
        # The known-good release just before it stays allowed.
        assert r.specifier.contains("6.11.3"), f"{r} refuses the known-good 6.11.3"


@pytest.mark.parametrize("python", ["3.12", "3.13"])
def test_pin_still_allows_6_12_0_where_none_is_immortal(python: str) -> None:
    reqs = applicable(python)
    assert reqs, f"no PySide6 requirement applies to Python {python}"
    assert all(r.specifier.contains(BAD) for r in reqs)


def test_installed_pyside6_is_not_the_leaking_release() -> None:
    try:
        installed = Version(metadata.version("PySide6-Essentials"))
    except metadata.PackageNotFoundError:
        import PySide6

        installed = Version(PySide6.__version__)
    if sys.version_info < (3, 12):
        assert installed != BAD, "PySide6 6.12.0 leaks references to None on Python 3.11"
    assert installed >= Version("6.6")


def restore_none_references(count: int) -> None:
    """Undo a detected leak so a failing run still exits cleanly."""
    import ctypes

    incref = ctypes.pythonapi.Py_IncRef
    incref.argtypes = [ctypes.py_object]
    for _ in range(count):
        incref(None)


def test_void_calls_do_not_leak_none(qapp) -> None:  # type: ignore[no-untyped-def]
    """20,000 ``setPos``/``setBrush`` calls (both return nothing) leave None's count alone.

    Checked every 100 calls; a leaking build fails here, and the lost references are put
    back first so the interpreter does not free ``None`` while shutting down.
    """
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QBrush, QColor
    from PySide6.QtWidgets import QGraphicsRectItem

    assert qapp is not None
    item = QGraphicsRectItem(0.0, 0.0, 10.0, 10.0)
    brushes = (QBrush(QColor(200, 30, 30)), QBrush(QColor(30, 30, 200)))
    immortal = sys.version_info >= (3, 12)
    start = sys.getrefcount(None)
    margin = 200
    for i in range(CALLS):
        item.setPos(QPointF(float(i % 97), float(i % 89)))
        item.setBrush(brushes[i & 1])
        if not immortal and i % 100 == 99:
            drop = start - sys.getrefcount(None)
            if drop > margin:
                restore_none_references(drop)
                pytest.fail(f"None lost {drop} references after {i + 1} void calls")
    # The loop ran to the end and the item took the last values.
    last = CALLS - 1
    assert item.pos() == QPointF(float(last % 97), float(last % 89))
    assert item.brush().color() == brushes[last & 1].color()
    if not immortal:
        assert start - sys.getrefcount(None) <= margin
