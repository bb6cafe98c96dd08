"""Midway Solitaire's table pieces beside the board: the action card and the status boards."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QResizeEvent
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
    """The action card in play, large enough to read across the table. Its print is laid out
    for the width it is given and the card grows to hold it (the dock scrolls): nothing is
    shrunk past reading or drawn over something else."""

    MIN_TITLE_PX = 13

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card: dict[str, Any] | None = None
        self.cards_left = 0
        self.setMinimumWidth(260)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

    def show_card(self, card: dict[str, Any] | None, cards_left: int) -> None:
        self.card = card
        self.cards_left = cards_left
        self.setToolTip(self._tooltip())
        self._fit_height()
        self.update()

    def _tooltip(self) -> str:
        if not self.card:
            return "No card in play yet: the first card is flipped after the Midway aircraft is placed."
        c = self.card
        return f"Card {c['number']}: {c['title']}\n{c.get('event') or 'No event'}\n{c.get('history', '')}"

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(300, max(380, self.needed_height(300)))

    def needed_height(self, width: int) -> int:
        """The height the card's print takes at ``width`` (a dry run of the drawing)."""
        return int(self._draw(None, QRectF(0, 0, width, 10_000).adjusted(8, 8, -8, -8)) + 8)

    def _fit_height(self) -> None:
        self.setMinimumHeight(max(300, self.needed_height(max(self.width(), 260))))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_height()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        r = QRectF(self.rect()).adjusted(8, 8, -8, -8)
        p.setPen(QPen(QColor("#5a4a2a"), 2))
        p.setBrush(QColor("#f6f0dc"))
        p.drawRoundedRect(r, 12, 12)
        self._draw(p, r)
        p.end()

    def print_areas(self, width: int) -> list[QRectF]:
        """Where each piece of text lands at ``width`` (for checking that none overlaps)."""
        self._areas: list[QRectF] | None = []
        self._draw(None, QRectF(0, 0, width, 10_000).adjusted(8, 8, -8, -8))
        areas, self._areas = self._areas, None
        return areas

    _areas: list[QRectF] | None = None

    def _text(self, p: QPainter | None, rect: QRectF, flags: int, text: str, font: QFont, pen: QColor) -> float:
        """Draw (or, without a painter, only measure) wrapped text; the height it takes."""
        used = QFontMetricsF(font).boundingRect(rect, flags | Qt.TextFlag.TextWordWrap, text)
        if self._areas is not None and text:
            self._areas.append(used)
        if p is not None:
            p.setFont(font)
            p.setPen(pen)
            p.drawText(rect, flags | Qt.TextFlag.TextWordWrap, text)
        return used.height()

    def _draw(self, p: QPainter | None, r: QRectF) -> float:
        """Lay the card out in ``r`` and draw it when given a painter; returns the bottom."""
        left = Qt.AlignmentFlag.AlignLeft
        if not self.card:
            if p is not None:
                self._text(
                    p,
                    r.adjusted(16, 16, -16, -16),
                    Qt.AlignmentFlag.AlignCenter,
                    f"Midway Action Deck\n\n{self.cards_left} cards face down",
                    _font(15, italic=True, serif=True),
                    QColor("#6b5b3a"),
                )
            return r.top() + 300
        c = self.card
        pad = 14.0
        x, w = r.left() + pad, r.width() - 2 * pad
        y = r.top() + pad
        # Title banner: the title shrinks to fit, but not past reading; then it takes two lines.
        title = str(c["title"])
        room = r.width() - 8 - 50
        size = 18.0
        width = QFontMetricsF(_font(size, bold=True, serif=True)).horizontalAdvance(title)
        if width > room:
            size = max(self.MIN_TITLE_PX, size * room / width)
        title_font = _font(size, bold=True, serif=True)
        text_rect = QRectF(r.left() + 14, y - 6, room, 10_000)
        lines_h = QFontMetricsF(title_font).boundingRect(text_rect, Qt.TextFlag.TextWordWrap, title).height()
        banner = QRectF(r.left() + 4, y - 6, r.width() - 8, max(44.0, lines_h + 14))
        if p is not None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#2f5673"))
            p.drawRoundedRect(banner, 8, 8)
        vcentre = Qt.AlignmentFlag.AlignVCenter
        title_box = QRectF(banner.left() + 10, banner.top(), room, banner.height())
        self._text(p, title_box, vcentre | left, title, title_font, QColor("white"))
        number = f"#{c['number']}"
        self._text(
            p,
            banner.adjusted(0, 0, -10, 0),
            vcentre | Qt.AlignmentFlag.AlignRight,
            number,
            _font(12, True),
            QColor("white"),
        )
        y = banner.bottom() + 12
        # Japanese movement.
        y += self._text(p, QRectF(x, y, w, 18), left, "Japanese movement", _font(12, bold=True), QColor("#2b1d0e")) + 4
        for unit in ("AIF", "CSF", "MIF"):
            chip = QRectF(x, y, 48, 24)
            move = str(c["moves"].get(unit, ""))
            spot = QRectF(x + 58, y + 2, w - 58, 10_000)
            row = max(24.0, QFontMetricsF(_font(14)).boundingRect(spot, Qt.TextFlag.TextWordWrap, move).height() + 4)
            if p is not None:
                p.setPen(QPen(QColor(0, 0, 0, 120), 1))
                p.setBrush(pal.JP_FACE)
                p.drawRoundedRect(chip, 5, 5)
            self._text(p, chip, Qt.AlignmentFlag.AlignCenter, unit, _font(12, bold=True), pal.JP_TEXT)
            self._text(p, spot, left, move, _font(14), QColor("#222"))
            y += row + 6
        y += 4
        # Event.
        y += self._text(p, QRectF(x, y, w, 18), left, "Event", _font(12, bold=True), QColor("#2b1d0e")) + 2
        event_text = c.get("event") or "No event this turn."
        y += self._text(p, QRectF(x, y, w, 10_000), left, event_text, _font(14), QColor("#1f3f58")) + 10
        # Hazard.
        hazard = str(c.get("hazard", "all-clear"))
        badge = QRectF(x, y, w, 30)
        if p is not None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(HAZARD_COLOURS.get(hazard, QColor("#555")))
            p.drawRoundedRect(badge, 6, 6)
        warning = HAZARD_TEXT.get(hazard, hazard.upper())
        self._text(p, badge, Qt.AlignmentFlag.AlignCenter, warning, _font(15, bold=True), QColor("white"))
        y = badge.bottom() + 10
        # History, in small italics, then the deck's count on a line of its own.
        y += self._text(
            p, QRectF(x, y, w, 10_000), left, str(c.get("history", "")), _font(12, italic=True, serif=True),
            QColor("#5b4a32"),
        )  # fmt: skip
        y += 6
        y += self._text(
            p, QRectF(x, y, w, 18), Qt.AlignmentFlag.AlignRight, f"{self.cards_left} cards left", _font(11),
            QColor("#6b5b3a"),
        )  # fmt: skip
        return y + pad


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
