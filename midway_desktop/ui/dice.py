"""Dice as they roll: the latest rolls of the game, drawn as real die faces."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QDockWidget, QScrollArea, QSizePolicy, QWidget

from midway_desktop.engine import Event
from midway_desktop.ui import palette as pal

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def paint_die(p: QPainter, rect: QRectF, value: int, sides: int = 6, hot: bool = False) -> None:
    """One die face: pips for a d6, the number for anything else; ``hot`` marks a hit."""
    p.setPen(QPen(QColor("#8b0000") if hot else QColor("#333"), max(1.0, rect.width() / 16)))
    p.setBrush(QColor("#fff4f0") if hot else QColor("#fdfdf8"))
    p.drawRoundedRect(rect, rect.width() * 0.18, rect.width() * 0.18)
    ink = QColor("#8b0000") if hot else QColor("#222")
    if sides == 6 and value in _PIPS:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
        r = rect.width() * 0.09
        for fx, fy in _PIPS[value]:
            p.drawEllipse(QPointF(rect.left() + fx * rect.width(), rect.top() + fy * rect.height()), r, r)
    else:
        font = QFont(pal.FONT_FAMILY)
        font.setBold(True)
        font.setPixelSize(max(6, round(rect.height() * 0.5)))
        p.setFont(font)
        p.setPen(ink)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(value))


class DiceWidget(QWidget):
    """The rolls of the last step, newest first, each with its purpose."""

    DIE = 30

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rolls: list[Event] = []
        self.hit_threshold: int | None = None  # a game where a modified 5+ hits sets 5
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.setToolTip("Dice rolled in the last step. A 5 or 6 (after modifiers) usually hits.")

    def show_rolls(self, events: list[Event], keep: bool = True) -> None:
        """Show the rolls among ``events``; with ``keep``, a step without dice leaves the last ones."""
        rolls = [e for e in events if e.kind == "roll" and e.data.get("dice")][-8:]
        if not rolls and keep:
            return
        self.rolls = rolls
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(280, max(40, len(self.rolls) * (self.DIE + 26) + 8))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = 6.0
        if not self.rolls:
            p.setPen(QColor("#666"))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No dice rolled yet")
            return
        label_font = QFont(pal.FONT_FAMILY)
        label_font.setPixelSize(12)
        for roll in reversed(self.rolls):
            p.setFont(label_font)
            p.setPen(QColor("#333"))
            p.drawText(
                QRectF(6, y, self.width() - 12, 16), Qt.AlignmentFlag.AlignLeft, str(roll.data.get("purpose", ""))
            )
            y += 18
            sides = int(roll.data.get("sides", 6))
            drm = int(roll.data.get("drm", 0) or 0)
            # Only attack rolls (they carry a modifier) are marked as hits.
            need = roll.data.get("hits_on", self.hit_threshold if "drm" in roll.data else None)
            x = 6.0
            for value in roll.data["dice"]:
                hot = need is not None and value + drm >= int(need)
                paint_die(p, QRectF(x, y, self.DIE, self.DIE), int(value), sides, hot)
                x += self.DIE + 6
            if drm:
                p.setPen(QColor("#1f5fbf"))
                p.drawText(QRectF(x, y, 60, self.DIE), Qt.AlignmentFlag.AlignVCenter, f"{drm:+d} DRM")
            y += self.DIE + 8
        p.end()


class DiceDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Dice", parent)
        self.setObjectName("dice")
        self.dice = DiceWidget(self)
        area = QScrollArea(self)
        area.setWidgetResizable(True)
        area.setWidget(self.dice)
        self.setWidget(area)
