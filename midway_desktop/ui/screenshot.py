"""Render the main window for a new game into a PNG, without a screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from midway_desktop.ui.app import ensure_app


def take_screenshot(
    game: str,
    out: Path,
    width: int = 1600,
    height: int = 1000,
    zoom: float | None = None,
    center: str | None = None,
) -> Path:
    ensure_app()
    from midway_desktop.ui.main_window import MainWindow

    window = MainWindow(game, persist=False)
    window.resize(width, height)
    window.show()
    QApplication.processEvents()
    window.view.fit()
    if zoom is not None:
        window.view.set_zoom(zoom)
    if center is not None:
        window.view.centre_on_cell(center)
    QApplication.processEvents()
    image = window.grab()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(out), "PNG"):
        raise OSError(f"could not write {out}")
    window.close()
    window.deleteLater()
    return out
