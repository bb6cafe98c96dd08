"""Midway Solitaire's table pieces beside the board: the action card and the status boards."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from midway_desktop.ui import palette as pal
from midway_desktop.ui.dice import paint_die

HAZARD_COLOURS = {
    "sub-sighted": QColor("#b03024"),
    "danger": QColor("#c0392b"),
    "all-clear": QColor("#2e7d32"),
}
HAZARD_TEXT = {"sub-sighted": "SUB SIGHTED", "danger": "DANGER", "all-clear": "ALL CLEAR"}


def _font(px: float, bold: bool = False, italic: bool = False, serif: bool = False) -> QFont:
    f = QFont(pal.SERIF_FAMILY if serif else pal.FONT_FAMILY)
    f.setPixelSize(max(6, round(px)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


class CardWidget(QWidget):
    """The action card in play, large enough to read across the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card: dict[str, Any] | None = None
        self.cards_left = 0
        self.setMinimumSize(260, 300)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

    def show_card(self, card: dict[str, Any] | None, cards_left: int) -> None:
        self.card = card
        self.cards_left = cards_left
        self.setToolTip(self._tooltip())
        self.update()

    def _tooltip(self) -> str:
        if not self.card:
            return "No card in play yet: the first card is flipped after the Midway aircraft is placed."
        c = self.card
        return f"Card {c['number']}: {c['title']}\n{c.get('event') or 'No event'}\n{c.get('history', '')}"

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(300, 380)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        r = QRectF(self.rect()).adjusted(8, 8, -8, -8)
        p.setPen(QPen(QColor("#5a4a2a"), 2))
        p.setBrush(QColor("#f6f0dc"))
        p.drawRoundedRect(r, 12, 12)
        if not self.card:
            p.setPen(QColor("#6b5b3a"))
            p.setFont(_font(15, italic=True, serif=True))
            p.drawText(
                r.adjusted(16, 16, -16, -16),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                f"Midway Action Deck\n\n{self.cards_left} cards face down",
            )
            p.end()
            return
        c = self.card
        pad = 14.0
        x, w = r.left() + pad, r.width() - 2 * pad
        y = r.top() + pad
        # Title banner.
        banner = QRectF(r.left() + 4, y - 6, r.width() - 8, 44)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#2f5673"))
        p.drawRoundedRect(banner, 8, 8)
        p.setPen(QColor("white"))
        title_font = _font(18, bold=True, serif=True)
        fm = QFontMetricsF(title_font)
        if fm.horizontalAdvance(c["title"]) > banner.width() - 50:
            title_font = _font(18 * (banner.width() - 50) / fm.horizontalAdvance(c["title"]), bold=True, serif=True)
        p.setFont(title_font)
        p.drawText(
            banner.adjusted(10, 0, -40, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, c["title"]
        )
        p.setFont(_font(12, bold=True))
        p.drawText(
            banner.adjusted(0, 0, -10, 0),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
            f"#{c['number']}",
        )
        y = banner.bottom() + 12
        # Japanese movement.
        p.setPen(QColor("#2b1d0e"))
        p.setFont(_font(12, bold=True))
        p.drawText(QRectF(x, y, w, 18), Qt.AlignmentFlag.AlignLeft, "Japanese movement")
        y += 22
        for unit in ("AIF", "CSF", "MIF"):
            chip = QRectF(x, y, 48, 24)
            p.setPen(QPen(QColor(0, 0, 0, 120), 1))
            p.setBrush(pal.JP_FACE)
            p.drawRoundedRect(chip, 5, 5)
            p.setPen(pal.JP_TEXT)
            p.setFont(_font(12, bold=True))
            p.drawText(chip, Qt.AlignmentFlag.AlignCenter, unit)
            p.setFont(_font(14))
            p.setPen(QColor("#222"))
            p.drawText(
                QRectF(x + 58, y, w - 58, 24),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                str(c["moves"].get(unit, "")),
            )
            y += 30
        y += 4
        # Event.
        p.setFont(_font(12, bold=True))
        p.setPen(QColor("#2b1d0e"))
        p.drawText(QRectF(x, y, w, 18), Qt.AlignmentFlag.AlignLeft, "Event")
        y += 20
        p.setFont(_font(14))
        p.setPen(QColor("#1f3f58"))
        event_text = c.get("event") or "No event this turn."
        box = QRectF(x, y, w, 200)
        used = p.boundingRect(box, Qt.TextFlag.TextWordWrap, event_text)
        p.drawText(box, Qt.TextFlag.TextWordWrap, event_text)
        y += used.height() + 10
        # Hazard.
        hazard = str(c.get("hazard", "all-clear"))
        badge = QRectF(x, y, w, 30)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(HAZARD_COLOURS.get(hazard, QColor("#555")))
        p.drawRoundedRect(badge, 6, 6)
        p.setPen(QColor("white"))
        p.setFont(_font(15, bold=True))
        p.drawText(badge, Qt.AlignmentFlag.AlignCenter, HAZARD_TEXT.get(hazard, hazard.upper()))
        y = badge.bottom() + 10
        # History, in small italics.
        p.setPen(QColor("#5b4a32"))
        p.setFont(_font(12, italic=True, serif=True))
        p.drawText(QRectF(x, y, w, r.bottom() - y - 22), Qt.TextFlag.TextWordWrap, str(c.get("history", "")))
        p.setFont(_font(11))
        p.setPen(QColor("#6b5b3a"))
        p.drawText(QRectF(x, r.bottom() - 22, w, 18), Qt.AlignmentFlag.AlignRight, f"{self.cards_left} cards left")
        p.end()


class StatusBoardWidget(QWidget):
    """Both ship status boards: firepower dice, damage tracks with hit markers, fuel, strikes."""

    ROW = 62

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.american: list[dict[str, Any]] = []
        self.japanese: list[dict[str, Any]] = []
        self.setMinimumWidth(300)

    def show_boards(self, american: list[dict[str, Any]], japanese: list[dict[str, Any]]) -> None:
        self.american, self.japanese = american, japanese
        self.setMinimumHeight(self._height())
        tips = [self._tip(u) for u in american + japanese]
        self.setToolTip("\n".join(tips))
        self.update()

    @staticmethod
    def _tip(u: dict[str, Any]) -> str:
        state = "sunk" if u.get("sunk") else f"{u['damage']} of {u['damage_limit']} hits"
        extra = ""
        if "extra_fuel" in u:
            extra = f", {u['extra_fuel']} extra fuel, {u['long_range_attacks']} long range attacks"
        return f"{u['name']}: {u['firepower']} dice, {state}{extra}"

    def _height(self) -> int:
        return 2 * 30 + self.ROW * (len(self.american) + len(self.japanese)) + 20

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(320, self._height())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = 6.0
        y = self._board(p, y, "American ship status board", self.american, pal.US_FACE, pal.US_TEXT)
        y = self._board(p, y + 10, "Japanese ship status board", self.japanese, pal.JP_FACE, pal.JP_TEXT)
        p.end()

    def _board(
        self, p: QPainter, y: float, title: str, units: list[dict[str, Any]], face: QColor, ink: QColor
    ) -> float:
        w = self.width() - 12.0
        p.setPen(QColor("#2b2416"))
        p.setFont(_font(13, bold=True, serif=True))
        p.drawText(QRectF(6, y, w, 20), Qt.AlignmentFlag.AlignLeft, title)
        y += 24
        for u in units:
            row = QRectF(6, y, w, self.ROW - 6)
            p.setPen(QPen(QColor("#8a7a5a"), 1))
            p.setBrush(QColor("#efe8d4") if not u.get("sunk") else QColor("#d8d2c4"))
            p.drawRoundedRect(row, 6, 6)
            chip = QRectF(row.left() + 6, row.top() + 6, 58, row.height() - 12)
            p.setBrush(face if not u.get("sunk") else QColor("#999"))
            p.setPen(QPen(QColor(0, 0, 0, 120), 1))
            p.drawRoundedRect(chip, 5, 5)
            p.setPen(ink)
            p.setFont(_font(13, bold=True))
            p.drawText(chip, Qt.AlignmentFlag.AlignCenter, u["name"])
            left = chip.right() + 8
            # Firepower: one small die per die rolled.
            for i in range(int(u["firepower"])):
                paint_die(p, QRectF(left + i * 17, row.top() + 6, 14, 14), 6)
            p.setPen(QColor("#444"))
            p.setFont(_font(10))
            p.drawText(
                QRectF(left + max(1, u["firepower"]) * 17 + 2, row.top() + 5, 80, 16),
                Qt.AlignmentFlag.AlignLeft,
                "dice",
            )
            # Damage track: a box per hit it can take, a red marker per hit taken.
            for i in range(int(u["damage_limit"])):
                box = QRectF(left + i * 20, row.top() + 26, 17, 17)
                p.setPen(QPen(QColor("#5a4a2a"), 1))
                p.setBrush(QColor("#fffaf0"))
                p.drawRect(box)
                if i < int(u["damage"]):
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(QColor("#c0392b"))
                    p.drawEllipse(box.center(), 6.5, 6.5)
            if u.get("sunk"):
                p.setPen(QPen(QColor("#8b0000"), 2))
                p.setFont(_font(14, bold=True))
                p.drawText(
                    row.adjusted(0, 0, -10, 0), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "SUNK"
                )
            elif "extra_fuel" in u:
                self._markers(p, row, u)
            y += self.ROW
        return y

    def _markers(self, p: QPainter, row: QRectF, u: dict[str, Any]) -> None:
        right = row.right() - 8
        p.setFont(_font(10))
        p.setPen(QColor("#444"))
        p.drawText(QRectF(right - 110, row.top() + 4, 110, 14), Qt.AlignmentFlag.AlignRight, "fuel · long range")
        for i in range(3):
            c = QPointF(right - 104 + i * 16, row.top() + 32)
            p.setPen(QPen(QColor("#1f5fbf"), 1.5))
            p.setBrush(QColor("#1f5fbf") if i < int(u["extra_fuel"]) else Qt.GlobalColor.transparent)
            p.drawEllipse(c, 6, 6)
        for i in range(2):
            box = QRectF(right - 40 + i * 20, row.top() + 25, 15, 15)
            p.setPen(QPen(QColor("#6a3d9a"), 1.5))
            p.setBrush(QColor("#6a3d9a") if i < int(u["long_range_attacks"]) else Qt.GlobalColor.transparent)
            p.drawRect(box)
