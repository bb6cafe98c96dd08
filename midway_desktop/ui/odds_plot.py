"""The odds plot, drawn with Qt's own painter: the same picture in the dock and in a PNG.

Two panels: the share of each way the game can end with its 95 % interval (for Midway
Solitaire, the ways the mission can end; for Kido Butai, its result bands), and the
distribution of victory points, one colour a side (none for Midway Solitaire, which has none).

Why no plotting library: matplotlib (with NumPy and Pillow) or pyqtgraph (with NumPy) would add
80 to 140 MB to a bundle capped at 120 MB that already takes 114, and QtCharts lives in
PySide6-Addons, a 167 MB wheel that must match PySide6-Essentials' exact version. Bars,
whiskers and a histogram are a page of QPainter (docs/odds.md has the measurements).
"""

from __future__ import annotations

import math
from collections import Counter

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen

from midway_desktop.engine.odds import Odds
from midway_desktop.games import side_title

INK = QColor("#1d2733")
FAINT = QColor("#8a96a3")
PAPER = QColor("#fbfaf6")
BAR = QColor("#3f6f9f")
WHISKER = QColor("#16324f")
# By side, whatever a game calls it: the same colours for the same navies in every game.
SIDE_COLOURS = {"American": QColor("#2f6db5"), "Japanese": QColor("#c0392b")}
OTHER_SIDE = QColor("#2e7d32")


def side_colour(side: str) -> QColor:
    return SIDE_COLOURS.get(side_title(side), OTHER_SIDE)


MAX_BINS = 24
PLOT_POINTS = 9.5  # the plot's text size


def result_order(odds: Odds) -> list[str]:
    """The game's own order of results when it names them (a mission's endings, KB's bands
    from best to worst), every one shown even at 0 %; else commonest first."""
    named = [r for r in odds.result_titles]
    if named:
        return named + [r for r in odds.ordered() if r not in odds.result_titles]
    return odds.ordered()


def heading(odds: Odds) -> str:
    where = odds.position or "this position"
    if not odds.side:
        return f"{odds.title}: {odds.games} bot games from {where}, seed {odds.seed}"
    if odds.full_state:
        knows = "the whole position, as the umpire sees it"
    else:
        knows = f"as the {side_title(odds.side)} player knows it; what is hidden re-drawn each game"
    return f"{odds.title}: {odds.games} bot games from {where} ({knows}), seed {odds.seed}"


def bins(values: tuple[float, ...]) -> tuple[float, float, int]:
    """``(low, width, count)``: whole-number bins over ``values``, at most MAX_BINS of them."""
    lo, hi = math.floor(min(values)), math.floor(max(values))
    width = max(1, math.ceil((hi - lo + 1) / MAX_BINS))
    return lo, width, (hi - lo) // width + 1


def least_height(odds: Odds, line: float) -> float:
    """The height below which the plot's rows would overlap (``line``: the text's line height)."""
    rows = len(result_order(odds))
    outcomes = line * (1.3 + 1.2 + 1.35 * rows)
    points = line * 10 if any(odds.scores.get(s) for s in odds.vp_sides) else 0.0
    return line * 4.4 + outcomes + points


def paint_odds(p: QPainter, rect: QRectF, odds: Odds) -> None:
    """Draw the plot of ``odds`` into ``rect``."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.fillRect(rect, PAPER)
    font = QFont(p.font())
    font.setPointSizeF(PLOT_POINTS)
    p.setFont(font)
    fm = QFontMetricsF(font)
    line = fm.height()
    pad = line * 0.8
    inner = rect.adjusted(pad, pad, -pad, -pad)
    p.setPen(INK)
    head = QRectF(inner.left(), inner.top(), inner.width(), line * 2.4)
    p.drawText(head, Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft, heading(odds))
    body = inner.adjusted(0, head.height() + line * 0.4, 0, 0)
    vp = [s for s in odds.vp_sides if odds.scores.get(s)]
    if vp:
        need = line * (1.3 + 1.2 + 1.35 * len(result_order(odds)))
        split = body.top() + max(need, body.height() * 0.45)
        _outcomes(p, QRectF(body.left(), body.top(), body.width(), split - body.top() - line * 0.5), odds, fm)
        _points(
            p, QRectF(body.left(), split + line * 0.5, body.width(), body.bottom() - split - line * 0.5), odds, vp, fm
        )
    else:
        _outcomes(p, body, odds, fm)
    p.restore()


def _title(p: QPainter, r: QRectF, text: str, fm: QFontMetricsF) -> QRectF:
    bold = QFont(p.font())
    bold.setBold(True)
    p.save()
    p.setFont(bold)
    p.setPen(INK)
    shown = QFontMetricsF(bold).elidedText(text, Qt.TextElideMode.ElideRight, r.width())
    p.drawText(QRectF(r.left(), r.top(), r.width(), fm.height()), Qt.AlignmentFlag.AlignLeft, shown)
    p.restore()
    return r.adjusted(0, fm.height() * 1.3, 0, 0)


def _outcomes(p: QPainter, r: QRectF, odds: Odds, fm: QFontMetricsF) -> None:
    """Horizontal bars: each result's share, its 95 % Wilson interval as a whisker."""
    what = "How the mission can end" if odds.game == "midway-solitaire" else "How the game ends"
    r = _title(p, r, f"{what} (share of games, 95 % interval)", fm)
    results = result_order(odds)
    if not results:
        return
    labels = [odds.result_title(k) for k in results]
    label_w = min(r.width() * 0.42, max(fm.horizontalAdvance(t) for t in labels) + fm.height() * 0.6)
    value_w = fm.horizontalAdvance("100 % (100–100)") + fm.height() * 0.6
    axis = fm.height() * 1.2
    plot = QRectF(r.left() + label_w, r.top(), max(10.0, r.width() - label_w - value_w), r.height() - axis)
    row = plot.height() / len(results)
    _grid(p, plot, fm)
    for i, (key, label) in enumerate(zip(results, labels)):
        share, lo, hi = odds.interval(key)
        top = plot.top() + i * row
        mid = top + row / 2
        p.setPen(INK)
        text_rect = QRectF(r.left(), top, label_w - fm.height() * 0.4, row)
        elided = fm.elidedText(label, Qt.TextElideMode.ElideRight, text_rect.width())
        p.drawText(text_rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, elided)
        bar_h = min(row * 0.62, fm.height() * 1.6)
        p.fillRect(QRectF(plot.left(), mid - bar_h / 2, plot.width() * share, bar_h), BAR)
        x0, x1 = plot.left() + plot.width() * lo, plot.left() + plot.width() * hi
        p.setPen(QPen(WHISKER, 1.6))
        p.drawLine(QPointF(x0, mid), QPointF(x1, mid))
        for x in (x0, x1):
            p.drawLine(QPointF(x, mid - bar_h * 0.35), QPointF(x, mid + bar_h * 0.35))
        p.setPen(INK)
        p.drawText(
            QRectF(plot.right() + fm.height() * 0.4, top, value_w, row),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            f"{share * 100:.0f} % ({lo * 100:.0f}–{hi * 100:.0f})",
        )
    p.setPen(FAINT)
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        x = plot.left() + plot.width() * frac
        p.drawText(QRectF(x - 30, plot.bottom() + 2, 60, axis), Qt.AlignmentFlag.AlignHCenter, f"{frac * 100:.0f} %")


def _grid(p: QPainter, plot: QRectF, fm: QFontMetricsF) -> None:
    p.setPen(QPen(QColor(FAINT.red(), FAINT.green(), FAINT.blue(), 90), 1, Qt.PenStyle.DashLine))
    for frac in (0.25, 0.5, 0.75, 1.0):
        x = plot.left() + plot.width() * frac
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
    p.setPen(QPen(FAINT, 1))
    p.drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.left(), plot.bottom()))


def _points(p: QPainter, r: QRectF, odds: Odds, sides: list[str], fm: QFontMetricsF) -> None:
    """A histogram of each side's victory points at the end, the sides' bars side by side."""
    r = _title(p, r, "Victory points at the end (number of games)", fm)
    values = tuple(v for s in sides for v in odds.scores[s])
    lo, width, count = bins(values)
    tallies = [Counter((math.floor(v) - lo) // width for v in odds.scores[s]) for s in sides]
    most = max(max(t.values()) for t in tallies)
    axis_h = fm.height() * 1.3
    axis_w = fm.horizontalAdvance(str(most)) + fm.height() * 0.5
    legend_h = fm.height() * 1.3
    plot = QRectF(r.left() + axis_w, r.top(), r.width() - axis_w, r.height() - axis_h - legend_h)
    if plot.height() < 10 or plot.width() < 10:
        return
    p.setPen(QPen(FAINT, 1))
    p.drawLine(plot.bottomLeft(), plot.bottomRight())
    p.drawLine(plot.bottomLeft(), plot.topLeft())
    p.drawText(
        QRectF(r.left(), plot.top() - fm.height() / 2, axis_w - 4, fm.height()), Qt.AlignmentFlag.AlignRight, str(most)
    )
    p.drawText(QRectF(r.left(), plot.bottom() - fm.height(), axis_w - 4, fm.height()), Qt.AlignmentFlag.AlignRight, "0")
    slot = plot.width() / count
    bar = slot * 0.8 / len(sides)
    widest = fm.horizontalAdvance(str(lo + (count - 1) * width) if width == 1 else f"{lo + (count - 1) * width}–00")
    label_every = max(1, math.ceil((widest + fm.height()) / slot))
    for b in range(count):
        x = plot.left() + b * slot + slot * 0.1
        for k, tally in enumerate(tallies):
            h = plot.height() * tally.get(b, 0) / most
            p.fillRect(QRectF(x + k * bar, plot.bottom() - h, bar, h), side_colour(sides[k]))
        if b % label_every == 0:
            start = lo + b * width
            text = str(start) if width == 1 else f"{start}–{start + width - 1}"
            p.setPen(FAINT)
            p.drawText(
                QRectF(plot.left() + b * slot - slot, plot.bottom() + 2, slot * 3, axis_h),
                Qt.AlignmentFlag.AlignHCenter,
                text,
            )
    x = plot.left()
    y = plot.bottom() + axis_h
    for side in sides:
        p.fillRect(QRectF(x, y + fm.height() * 0.25, fm.height() * 0.7, fm.height() * 0.7), side_colour(side))
        p.setPen(INK)
        points = odds.scores[side]
        label = f"{side_title(side)} (average {sum(points) / len(points):.1f})"
        p.drawText(QPointF(x + fm.height(), y + fm.ascent()), label)
        x += fm.height() * 2 + fm.horizontalAdvance(label)


def render_odds(odds: Odds, width: int = 900, height: int = 620, scale: float = 1.0) -> QImage:
    """The plot as an image (``scale``: device pixels per logical pixel, for a sharp PNG)."""
    image = QImage(round(width * scale), round(height * scale), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(scale)
    image.fill(PAPER)
    p = QPainter(image)
    try:
        paint_odds(p, QRectF(0, 0, width, height), odds)
    finally:
        p.end()
    return image
