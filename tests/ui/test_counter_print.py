"""Counter faces stay readable at every size a window can give them: what is printed can be
read and fits; what cannot fit goes in the planned order (the type line, then the factors, then
the designation) and the symbol stays to the last, never a blank square. Walked over every face
every game puts on its board, from 8 to 132 device pixels at 100 % and 200 %."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetricsF

from midway_desktop.ui import palette as pal
from midway_desktop.ui.counters import LEGIBLE_PX, ROOM, CounterFace, face_layout
from midway_desktop.ui.games import desktop_games

SIZES = (8, 10, 12, 14, 16, 18, 22, 24, 28, 30, 36, 44, 50, 60, 80, 100, 132)
# Which parts a level prints: each level down drops one, in the planned order.
PARTS = {"print": 4, "factors": 3, "named": 2, "symbol": 1}


def _faces(qtbot, game: str) -> set[CounterFace]:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(game, persist=False)
    qtbot.addWidget(w)
    return {item.face for item in w.scene.counters.values()}


def _width(text: str, size: int, bold: bool) -> float:
    font = QFont(pal.FONT_FAMILY)
    font.setBold(bold)
    font.setPixelSize(size)
    return QFontMetricsF(font).horizontalAdvance(text)


@pytest.mark.parametrize("game", desktop_games())
def test_every_face_prints_what_fits_and_can_be_read(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    faces = _faces(qtbot, game)
    assert faces
    for face in faces:
        assert face.symbol, f"{face.title} has no pictorial symbol"
        for dpr in (1.0, 2.0):
            richness = 0
            for px in (round(s * dpr) for s in SIZES):
                layout = face_layout(face, px, dpr)
                assert layout.symbol is not None, f"{face.title} at {px} px lost its symbol"
                s = layout.symbol
                assert s.width() >= px * 0.25 and s.left() >= 0 and s.right() <= px and s.bottom() <= px
                assert PARTS[layout.level] >= richness, f"{face.title} prints more at {px} px than larger"
                richness = PARTS[layout.level]
                for line in layout.lines:
                    assert line.size >= LEGIBLE_PX * dpr, f"{line.text!r} at {line.size} px cannot be read"
                    width = _width(line.text, line.size, line.bold)
                    assert width <= px * ROOM, f"{line.text!r} is {width:.0f} px wide on a {px} px counter"
                    assert line.rect.top() >= 0 and line.rect.bottom() <= px + 0.01
                    assert line.size <= line.rect.height(), f"{line.text!r} is taller than its band"
                title = layout.title
                if layout.level != "symbol":
                    assert title is not None
                    shown = title.text.rstrip(".")
                    assert face.title.startswith(shown) or face.title.endswith(shown)
                    if any(ch.isdigit() for ch in face.title):
                        assert not title.text.endswith("."), f"{face.title} is misnamed {title.text!r}"
                if px >= 60 * dpr and face.values:
                    assert face.values in [ln.text for ln in layout.lines], f"{face.title}: factors missing at {px}"
            assert richness >= PARTS["named"], f"{face.title} never prints its designation"


def test_the_planned_order_drops_type_line_then_factors_then_designation(qtbot) -> None:  # type: ignore[no-untyped-def]
    face = CounterFace("us", "Yorktown", "CV", "4-2", symbol="cv")
    seen = []
    for px in range(120, 7, -1):
        layout = face_layout(face, px)
        texts = [line.text for line in layout.lines]
        if not seen or seen[-1][0] != layout.level:
            seen.append((layout.level, texts))
    assert [level for level, _ in seen] == ["print", "factors", "named", "symbol"]
    assert seen[0][1] == ["Yorktown", "CV", "4-2"]
    assert seen[1][1] == ["Yorktown", "4-2"]
    assert len(seen[2][1]) == 1 and "Yorktown".startswith(seen[2][1][0].rstrip("."))  # shortened, perhaps
    assert seen[3][1] == []


def test_a_face_without_a_symbol_keeps_its_designation(qtbot) -> None:  # type: ignore[no-untyped-def]
    face = CounterFace("neutral", "Battle", "", "")
    for px in (8, 12, 20, 40):
        layout = face_layout(face, px)
        assert layout.symbol is None and layout.lines and "Battle".startswith(layout.lines[0].text.rstrip("."))
