"""The high-contrast option: View › High Contrast redraws the counters (and the grid) in the
strong scheme at once, and a player's choice is remembered for the next session."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from midway_desktop.ui import palette as pal
from midway_desktop.ui.counters import face_pixmap

from .helpers import open_window


def _face_colour(w, item) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    """The colour of a counter's face near its lower-left corner (clear of print), on the board."""
    shot = w.view.viewport().grab().toImage()
    centre = w.view.mapFromScene(item.pos())
    half = round(item.size * w.view.zoom() * 0.38)
    c = shot.pixelColor(centre.x() - half, centre.y() + half)
    return c.red(), c.green(), c.blue()


def test_the_option_redraws_counters_and_is_remembered(qtbot, fresh_profile) -> None:  # type: ignore[no-untyped-def]
    try:
        w = open_window(qtbot, "kido-butai", persist=True)
        QApplication.processEvents()
        assert not w.act_contrast.isChecked() and not pal.high_contrast()
        item = next(i for i in w.scene.counters.values() if i.face.side == "japan")
        before = _face_colour(w, item)
        w.act_contrast.trigger()
        QApplication.processEvents()
        assert pal.high_contrast()
        after = _face_colour(w, item)
        assert after != before and after == (pal.JP_FACE.red(), pal.JP_FACE.green(), pal.JP_FACE.blue())
        # A face drawn now is the high-contrast one: black print on the strong yellow.
        img = face_pixmap(item.face, 64).toImage()
        assert img.pixelColor(32, 2).rgb() != 0 and pal.JP_TEXT.name() == "#000000"
        w.close()

        pal.set_high_contrast(False)  # as a fresh start of the app would have it
        again = open_window(qtbot, "kido-butai", persist=True)
        assert again.act_contrast.isChecked() and pal.high_contrast()
        again.act_contrast.trigger()
        assert not pal.high_contrast()
        again.close()
        pal.set_high_contrast(True)
        third = open_window(qtbot, "kido-butai", persist=True)
        assert not third.act_contrast.isChecked() and not pal.high_contrast()
    finally:
        pal.set_high_contrast(False)


def test_a_test_window_leaves_the_scheme_alone(qtbot, fresh_profile) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    QSettings().setValue("view/high-contrast", True)
    w = open_window(qtbot, "midway-solitaire")
    assert not pal.high_contrast() and not w.act_contrast.isChecked()
