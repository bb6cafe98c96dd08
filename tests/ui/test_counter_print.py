"""Counter faces stay readable at every size a window can give them: the name is always printed
and fits; a type or values line is printed only at a size that can be read, never squeezed.
Walked over every face every game puts on its board, from 14 to 120 pixels."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetricsF

from midway_desktop.engine import playable_games
from midway_desktop.ui import palette as pal
from midway_desktop.ui.counters import LEGIBLE_PX, TITLE_PX, face_lines


def _faces(qtbot, game: str) -> set:  # type: ignore[type-arg, no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(game, persist=False)
    qtbot.addWidget(w)
    return {item.face for item in w.scene.counters.values()}


@pytest.mark.parametrize("game", [*playable_games(), "cv"])
def test_every_face_prints_what_fits_and_can_be_read(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    faces = _faces(qtbot, game)
    assert faces
    for face in faces:
        for px in (14, 16, 18, 24, 30, 36, 44, 60, 80, 120):
            lines = face_lines(face, px)
            assert lines, f"{face.title} is a blank square at {px} px"
            title = lines[0]
            shown = title.text.rstrip(".")
            assert title.bold and (face.title.startswith(shown) or face.title.endswith(shown))
            assert title.size >= TITLE_PX
            for line in lines:
                font = QFont(pal.FONT_FAMILY)
                font.setBold(line.bold)
                font.setPixelSize(line.size)
                width = QFontMetricsF(font).horizontalAdvance(line.text)
                assert width <= px * 0.9, f"{line.text!r} is {width:.0f} px wide on a {px} px counter"
                assert line is title or line.size >= LEGIBLE_PX
                assert line.rect.top() >= 0 and line.rect.bottom() <= px + 0.01
            if px >= 60 and (face.kind or face.values):
                assert len(lines) > 1, f"{face.title}: its type and values are missing at {px} px"
