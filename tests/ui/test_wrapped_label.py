"""A wrapped label that keeps its heights answers as a plain wrapped QLabel does, however its
text, format, font or margins change between asks."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from midway_desktop.ui.wrapped_label import WrappedLabel

TEXTS = [
    "",
    "B (Refueling and Rearming)",
    "Task Force 1 · 15 ships · at B0101 · Movement 2 · capacity 72",
    "<b>Set-up</b>: x " * 9,
]
WIDTHS = [1, 20, 45, 80, 120, 200, 400, 45, 20]


def _plain(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


def _agree(kept: WrappedLabel, plain: QLabel) -> None:
    for _ in range(2):  # (asked again: the kept answer)
        assert [kept.heightForWidth(w) for w in WIDTHS] == [plain.heightForWidth(w) for w in WIDTHS]


def test_heights_follow_every_change(qtbot) -> None:  # type: ignore[no-untyped-def]
    kept, plain = WrappedLabel(TEXTS[1]), _plain(TEXTS[1])
    qtbot.addWidget(kept)
    qtbot.addWidget(plain)
    assert kept.wordWrap()
    _agree(kept, plain)
    for text in TEXTS:
        kept.setText(text)
        plain.setText(text)
        _agree(kept, plain)
    for label in (kept, plain):
        label.setTextFormat(Qt.TextFormat.RichText)
    _agree(kept, plain)
    for label in (kept, plain):
        font = label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.6)
        label.setFont(font)
    _agree(kept, plain)
    for label in (kept, plain):
        label.setMargin(7)
    _agree(kept, plain)
    for label in (kept, plain):
        label.setIndent(12)
    _agree(kept, plain)
    for label in (kept, plain):
        label.setWordWrap(False)
    _agree(kept, plain)
