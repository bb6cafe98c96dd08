"""Procedural sea-chart art for any Board, painted into whatever part of the scene is asked for.

Nothing here is a scanned image: sea, grid, islands, regions and labels all come from the
board data. :class:`MapArt` prepares the shapes once per board; :meth:`MapArt.paint` draws a
rectangle of the scene at a given device scale, choosing level of detail from that scale (labels
only where they would be legible, fine hatching only up close). The tile cache in
``tiles.py`` calls it, so the work is done once per tile and zoom, not once per repaint.
"""

from __future__ import annotations

import functools
import math
import zlib
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from midway_desktop.geometry import Board, Region
from midway_desktop.geometry.outlines import outlines
from midway_desktop.ui import palette as pal
from midway_desktop.ui.shapes import path_from_figure, polygon_f

UNIT = 40.0  # scene pixels per board unit at 100 % zoom
MARGIN = 1.6  # board units of chart margin around the grid (room for edge labels)
_BUCKET = 4.0  # board units per spatial bucket

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


@dataclass(frozen=True)
class CellShape:
    label: str
    polygon: QPolygonF
    centre: QPointF
    bbox: QRectF
    radius: float  # scene units from centre to corner (hex) or half side (square/box)


def _font(px: float, bold: bool = False, serif: bool = False) -> QFont:
    font = QFont(pal.SERIF_FAMILY if serif else pal.FONT_FAMILY)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def counter_size(kind: str) -> float:
    """A counter's width in scene units on a board of ``kind`` (hex, square or boxes)."""
    if kind == "hex":
        return UNIT * 1.05
    if kind == "square":
        return UNIT * 0.72
    return UNIT * 0.8


class MapArt:
    """Everything static about a board, ready to paint at any scale."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.cells: dict[str, CellShape] = {label: self._cell_shape(label) for label in board}
        # Where each box's title goes (an L-shaped box's widest part): worked out once.
        self.title_rects: dict[str, QRectF] = {}
        if board.kind == "boxes":
            for label in board:
                tx0, ty0, tx1, ty1 = board.title_box(label)
                self.title_rects[label] = QRectF(tx0 * UNIT, ty0 * UNIT, (tx1 - tx0) * UNIT, (ty1 - ty0) * UNIT)
        x0, y0, x1, y1 = board.bounds
        m = MARGIN if board.kind != "boxes" else 0.4
        self.grid_rect = QRectF(x0 * UNIT, y0 * UNIT, (x1 - x0) * UNIT, (y1 - y0) * UNIT)
        self.scene_rect = QRectF((x0 - m) * UNIT, (y0 - m) * UNIT, (x1 - x0 + 2 * m) * UNIT, (y1 - y0 + 2 * m) * UNIT)
        self._buckets: dict[tuple[int, int], list[CellShape]] = {}
        size = _BUCKET * UNIT
        for shape in self.cells.values():
            left, top, right, bottom = shape.bbox.getCoords()
            for bx in range(math.floor(left / size), math.floor(right / size) + 1):
                for by in range(math.floor(top / size), math.floor(bottom / size) + 1):
                    self._buckets.setdefault((bx, by), []).append(shape)
        shape = outlines(board)  # kept in the user's cache: no unions at start-up
        self.outline = path_from_figure(shape.board, UNIT)
        self.region_paths: dict[str, QPainterPath] = {
            name: path_from_figure(figure, UNIT) for name, figure in shape.regions.items()
        }
        # A search limit's or a sector's line is drawn where it runs through the sea only.
        self._limit_lines: dict[str, QPainterPath] = {
            r.name: path_from_figure(shape.edges[r.name], UNIT)
            for r in board.regions()
            if r.kind in ("limit", "sector")
        }
        self.cell_size = min((s.radius for s in self.cells.values()), default=UNIT)

    def _cell_shape(self, label: str) -> CellShape:
        cx, cy = self.board.centre(label)
        centre = QPointF(cx * UNIT, cy * UNIT)
        if self.board.kind != "boxes":
            # Every cell of a grid is the same shape: one cell moved to each centre instead of
            # placing every corner makes CV's map art (3,000 hexes) in two thirds of the time.
            cell = self._grid_cell
            return CellShape(label, cell.polygon.translated(centre), centre, cell.bbox.translated(centre), cell.radius)
        poly = polygon_f(self.board.corners(label), UNIT)
        bbox = poly.boundingRect()
        return CellShape(label, poly, centre, bbox, max(bbox.width(), bbox.height()) / 2.0)

    @functools.cached_property
    def _grid_cell(self) -> CellShape:
        """A grid cell around the scene origin (hex and square cells are congruent)."""
        first = next(iter(self.board))
        cx, cy = self.board.centre(first)
        poly = polygon_f(((x - cx, y - cy) for x, y in self.board.corners(first)), UNIT)
        bbox = poly.boundingRect()
        return CellShape(first, poly, QPointF(), bbox, max(bbox.width(), bbox.height()) / 2.0)

    # -- queries --------------------------------------------------------------------------
    def cells_in(self, rect: QRectF) -> list[CellShape]:
        size = _BUCKET * UNIT
        seen: set[str] = set()
        out = []
        for bx in range(math.floor(rect.left() / size), math.floor(rect.right() / size) + 1):
            for by in range(math.floor(rect.top() / size), math.floor(rect.bottom() / size) + 1):
                for shape in self._buckets.get((bx, by), ()):
                    if shape.label not in seen and shape.bbox.intersects(rect):
                        seen.add(shape.label)
                        out.append(shape)
        return out

    def label_legible(self, scale: float) -> bool:
        return self._label_px() * scale >= 6.5

    def _label_px(self) -> float:
        return self.cell_size * (0.30 if self.board.kind == "hex" else 0.26)

    # -- painting -------------------------------------------------------------------------
    def paint(self, p: QPainter, rect: QRectF, scale: float) -> None:
        """Paint the scene area ``rect``; ``scale`` is device pixels per scene unit."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        if self.board.kind == "boxes":
            self._paint_display(p, rect, scale)
            return
        self._paint_sea(p, rect)
        shapes = self.cells_in(rect.adjusted(-UNIT, -UNIT, UNIT, UNIT))
        self._paint_region_fills(p, rect, scale)
        self._paint_grid(p, shapes, scale)
        self._paint_region_marks(p, rect, scale)
        if self.label_legible(scale):
            self._paint_labels(p, shapes)
        self._paint_edge_labels(p, rect, scale)
        self._paint_captions(p, rect, scale)

    def _paint_sea(self, p: QPainter, rect: QRectF) -> None:
        p.fillRect(rect.intersected(self.scene_rect), QColor("#e9e4d4"))  # chart paper around the grid
        grad = QLinearGradient(self.grid_rect.topLeft(), self.grid_rect.bottomRight())
        grad.setColorAt(0.0, pal.SEA_TOP)
        grad.setColorAt(1.0, pal.SEA_BOTTOM)
        p.fillPath(self.outline, QBrush(grad))

    def _paint_grid(self, p: QPainter, shapes: list[CellShape], scale: float) -> None:
        width = 1.0 / scale if scale * self.cell_size < 14 else 1.2 / scale
        pen = QPen(pal.GRID if scale * self.cell_size >= 10 else pal.GRID_FAINT, width)
        pen.setCosmetic(False)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for s in shapes:
            p.drawPolygon(s.polygon)
        p.setPen(QPen(pal.GRID, 2.2 / scale))
        p.drawPath(self.outline)

    def _paint_region_fills(self, p: QPainter, rect: QRectF, scale: float) -> None:
        for region in self.board.regions():
            path = self.region_paths[region.name]
            if not path.boundingRect().intersects(rect):
                continue
            kind = region.kind
            if kind == "fog":
                p.fillPath(path, pal.FOG)
                hatch = QBrush(pal.FOG_HATCH, Qt.BrushStyle.BDiagPattern)
                hatch.setTransform(hatch.transform().scale(1 / scale * 2, 1 / scale * 2))
                p.fillPath(path, hatch)
            elif kind == "entry":
                p.fillPath(path, pal.ENTRY)
            elif kind == "danger":
                p.fillPath(path, QColor(236, 150, 130, 110))
            elif kind == "objective":
                p.fillPath(path, QColor(240, 200, 90, 90))
            elif kind == "limit":
                p.fillPath(path, QColor(31, 95, 191, 18))

    def _paint_region_marks(self, p: QPainter, rect: QRectF, scale: float) -> None:
        for region in self.board.regions():
            path = self.region_paths[region.name]
            if not path.boundingRect().adjusted(-UNIT, -UNIT, UNIT, UNIT).intersects(rect):
                continue
            kind = region.kind
            if kind == "danger":
                pen = QPen(pal.DANGER, max(2.0 / scale, self.cell_size * 0.05))
                pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                for label in region:
                    s = self.cells[label]
                    inset = s.radius * 0.08
                    p.drawRect(s.bbox.adjusted(inset, inset, -inset, -inset))
            elif kind == "objective":
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.setPen(QPen(pal.OBJECTIVE, max(2.0 / scale, self.cell_size * 0.06)))
                p.drawPath(path)
                p.setPen(QPen(pal.OBJECTIVE, max(1.0 / scale, self.cell_size * 0.025)))
                for label in region:
                    s = self.cells[label]
                    inset = s.radius * 0.16
                    p.drawRect(s.bbox.adjusted(inset, inset, -inset, -inset))
            elif kind == "limit":
                pen = QPen(pal.LIMIT, max(2.0 / scale, self.cell_size * 0.07))
                pen.setStyle(Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(self._limit_lines.get(region.name, path))
            elif kind == "sector":
                p.setPen(QPen(pal.SECTOR, max(2.0 / scale, self.cell_size * 0.06)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(self._limit_lines.get(region.name, path))
            elif kind == "entry":
                pen = QPen(pal.ENTRY_EDGE, max(1.5 / scale, self.cell_size * 0.04))
                pen.setStyle(Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(path)
            elif kind == "island":
                for label in region:
                    self._paint_island(p, self.cells[label], region)
            elif kind == "submarine":
                for label in region:
                    self._paint_sub(p, self.cells[label])
            elif kind == "air-entry":
                for label in region:
                    self._paint_air_entry(p, self.cells[label], region, scale)
            elif kind in ("reference", "hex"):
                for label in region:
                    self._paint_reference(p, self.cells[label], scale)

    def _paint_island(self, p: QPainter, s: CellShape, region: Region) -> None:
        seed = zlib.crc32(f"{region.name}{s.label}".encode())
        r = s.radius * (0.34 if region.name in ("midway", "hawaiian-islands") else 0.22)
        c = s.centre
        pts = []
        for i in range(9):
            a = 2 * math.pi * i / 9 + (seed % 100) / 100.0
            wobble = 0.72 + 0.28 * (((seed >> (i * 3)) & 7) / 7.0)
            pts.append(QPointF(c.x() + math.cos(a) * r * wobble, c.y() + math.sin(a) * r * wobble * 0.7))
        reef = QPen(pal.REEF, s.radius * 0.05)
        reef.setStyle(Qt.PenStyle.DotLine)
        p.setPen(reef)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(c, r * 1.35, r * 1.0)
        p.setPen(QPen(pal.LAND_EDGE, s.radius * 0.03))
        p.setBrush(pal.LAND)
        p.drawPolygon(QPolygonF(pts))

    def _paint_sub(self, p: QPainter, s: CellShape) -> None:
        c, r = s.centre, s.radius
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(pal.SUB)
        hull = QRectF(c.x() - r * 0.42, c.y() + r * 0.18, r * 0.84, r * 0.2)
        p.drawRoundedRect(hull, r * 0.1, r * 0.1)
        p.drawRect(QRectF(c.x() - r * 0.08, c.y() + r * 0.06, r * 0.18, r * 0.14))
        p.drawRect(QRectF(c.x() + r * 0.0, c.y() - r * 0.02, r * 0.03, r * 0.1))

    def _paint_air_entry(self, p: QPainter, s: CellShape, region: Region, scale: float) -> None:
        base = str(region.data.get("base", ""))
        turns = region.data.get("turns", "")
        text = f"{turns}{base}"
        p.setPen(QPen(pal.AIR_ENTRY, s.radius * 0.06))
        p.setBrush(QColor(255, 255, 255, 170))
        p.drawEllipse(s.centre, s.radius * 0.45, s.radius * 0.45)
        if self._label_px() * scale >= 5:
            p.setFont(_font(s.radius * 0.38, bold=True))
            p.drawText(
                QRectF(s.centre.x() - s.radius, s.centre.y() - s.radius * 0.5, 2 * s.radius, s.radius),
                Qt.AlignmentFlag.AlignCenter,
                text,
            )

    def _paint_reference(self, p: QPainter, s: CellShape, scale: float) -> None:
        p.setPen(QPen(pal.REFERENCE, max(1.2 / scale, s.radius * 0.04)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        r = s.radius * 0.18
        p.drawEllipse(s.centre, r, r)
        p.drawLine(QPointF(s.centre.x() - r * 1.6, s.centre.y()), QPointF(s.centre.x() + r * 1.6, s.centre.y()))
        p.drawLine(QPointF(s.centre.x(), s.centre.y() - r * 1.6), QPointF(s.centre.x(), s.centre.y() + r * 1.6))

    def _paint_labels(self, p: QPainter, shapes: list[CellShape]) -> None:
        px = self._label_px()
        p.setFont(_font(px))
        p.setPen(pal.LABEL)
        hexes = self.board.kind == "hex"
        for s in shapes:
            c, r = s.centre, s.radius
            if hexes:
                box = QRectF(c.x() - r, c.y() - r * 0.86, 2 * r, px * 1.3)
                p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, s.label)
            else:
                box = s.bbox.adjusted(r * 0.08, r * 0.04, 0, 0)
                p.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, s.label)

    def _paint_edge_labels(self, p: QPainter, rect: QRectF, scale: float) -> None:
        """Column and row names around the grid, sized to stay legible when cells are small."""
        board = self.board
        if board.kind == "boxes" or len(board.sheets) != 1:
            return
        sheet = board.sheets[0]
        px = max(self._label_px() * 1.4, 11.0 / scale)
        p.setFont(_font(px, bold=True, serif=True))
        p.setPen(pal.LABEL)
        g = self.grid_rect
        step = max(1, math.ceil((px * 1.6) / (self.cell_size * 1.5)))
        for i, name in enumerate(sheet.columns):
            if i % step:
                continue
            col = sheet.at[0] + i
            top = board.at(col, sheet.at[1])
            if top is None:
                continue
            x = self.cells[top].centre.x()
            for y, align in (
                (g.top() - px * 1.5, Qt.AlignmentFlag.AlignBottom),
                (g.bottom() + px * 0.3, Qt.AlignmentFlag.AlignTop),
            ):
                box = QRectF(x - UNIT, y, 2 * UNIT, px * 1.2)
                if box.intersects(rect):
                    p.drawText(box, Qt.AlignmentFlag.AlignHCenter | align, name)
        rstep = max(1, math.ceil((px * 1.4) / (self.cell_size * 1.7)))
        for j, name in enumerate(sheet.rows):
            if j % rstep:
                continue
            first = board.at(sheet.at[0], sheet.at[1] + j)
            if first is None:
                continue
            y = self.cells[first].centre.y()
            for x, align in (
                (g.left() - px * 2.6, Qt.AlignmentFlag.AlignRight),
                (g.right() + px * 0.4, Qt.AlignmentFlag.AlignLeft),
            ):
                box = QRectF(x, y - px * 0.7, px * 2.2, px * 1.4)
                if box.intersects(rect):
                    p.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, name)

    def _paint_captions(self, p: QPainter, rect: QRectF, scale: float) -> None:
        """Names of islands, objectives, sectors and entry areas, legible at any zoom.

        Each caption is tested by its own box, so a caption that spans two tiles is drawn
        into both halves.
        """
        for region in self.board.regions():
            br = self.region_paths[region.name].boundingRect()
            kind = region.kind
            if kind == "sector":
                numeral = str(region.data.get("numeral", region.title))
                if not br.intersects(rect):
                    continue
                px = min(br.width(), br.height()) * 0.22
                p.setFont(_font(px, bold=True, serif=True))
                p.setPen(pal.SECTOR_TEXT)
                p.drawText(br, Qt.AlignmentFlag.AlignCenter, numeral)
            elif kind in ("island", "objective"):
                box, font = self.caption_box(region.name, scale)
                if not box.intersects(rect):
                    continue
                p.setFont(font)
                p.setPen(QColor("#5b3a12") if kind == "objective" else QColor("#3d4a1e"))
                self._halo_text(p, box, region.title, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            elif kind == "entry":
                letter = str(region.data.get("letter", ""))
                if not letter or not br.intersects(rect):
                    continue
                px = max(self.cell_size * 0.6, 12.0 / scale)
                p.setFont(_font(px, bold=True, serif=True))
                p.setPen(pal.ENTRY_EDGE)
                p.drawText(br, Qt.AlignmentFlag.AlignCenter, letter)

    def caption_box(self, name: str, scale: float) -> tuple[QRectF, QFont]:
        """Where an island's or objective's name is printed, and in what type: under its
        (topmost) cell's counter, so a counter standing there never hides it."""
        region = self.board.region(name)
        # On a hex map, small enough to end above the next hex's coordinates.
        px = max(self.cell_size * (0.28 if self.board.kind == "hex" else 0.34), 9.0 / scale)
        font = _font(px, bold=region.kind == "objective", serif=True)
        anchor = self.cells[min(region, key=lambda lb: self.cells[lb].centre.y())].centre
        width = QFontMetricsF(font).horizontalAdvance(region.title) + px
        below = max(self.cell_size * 0.42, counter_size(self.board.kind) / 2 + UNIT * 0.04)
        return QRectF(anchor.x() - width / 2, anchor.y() + below, width, px * 1.3), font

    def _halo_text(self, p: QPainter, box: QRectF, text: str, align: Qt.AlignmentFlag) -> None:
        pen = p.pen()
        fm = QFontMetricsF(p.font())
        w = fm.horizontalAdvance(text) + fm.height() * 0.4
        if align & Qt.AlignmentFlag.AlignHCenter:
            bg = QRectF(box.center().x() - w / 2, box.top(), w, fm.height())
        else:
            bg = QRectF(box.left(), box.top(), w, fm.height())
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 150))
        p.drawRoundedRect(bg, fm.height() * 0.25, fm.height() * 0.25)
        p.setPen(pen)
        p.drawText(box, align, text)

    # -- box displays (Kido Butai) --------------------------------------------------------
    def _paint_display(self, p: QPainter, rect: QRectF, scale: float) -> None:
        grad = QLinearGradient(self.scene_rect.topLeft(), self.scene_rect.bottomLeft())
        grad.setColorAt(0.0, QColor("#3b6a8a"))
        grad.setColorAt(1.0, pal.DISPLAY_SEA)
        p.fillRect(rect.intersected(self.scene_rect), QBrush(grad))
        for shape in self.cells_in(rect.adjusted(-UNIT, -UNIT, UNIT, UNIT)):
            cell = self.board.cell(shape.label)
            fill = {
                "carrier": pal.CARRIER_FILL,
                "cap": pal.CAP_FILL,
                "track": pal.TRACK_FILL,
                "corner": QColor("#e7d3c0"),
                "midway": QColor("#d9e7c8"),
            }.get(cell.kind, pal.BOX_FILL)
            path = QPainterPath()
            path.addPolygon(shape.polygon)
            path.closeSubpath()
            p.setPen(QPen(pal.BOX_EDGE, max(1.5 / scale, 2.0)))
            p.setBrush(fill)
            p.drawPath(path)
            if cell.kind == "carrier":
                self._paint_deck(p, shape)
            b = self.title_rects[shape.label]
            track = cell.kind == "track"
            px = min(b.height() * 0.3, UNIT * 0.3) if track else UNIT * 0.34
            font = _font(px, bold=True, serif=not track)
            width = QFontMetricsF(font).horizontalAdvance(cell.title)
            room = b.width() - UNIT * 0.3
            if width > room:
                px *= room / width
                font = _font(px, bold=True, serif=not track)
            if px * scale < 5:
                continue
            p.setFont(font)
            p.setPen(QColor("#2b2416"))
            if track:
                p.drawText(b, Qt.AlignmentFlag.AlignCenter, cell.title)
            else:
                pad = UNIT * 0.15
                p.drawText(
                    b.adjusted(pad, pad, -pad, -pad), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, cell.title
                )
        self._paint_compass(p, rect)

    def _paint_compass(self, p: QPainter, rect: QRectF) -> None:
        """A north arrow, since a display may be drawn from a player's own perspective."""
        angle = {"up": 0.0, "right": 90.0, "down": 180.0, "left": 270.0}[self.board.north]
        r = UNIT * 0.45
        centre = QPointF(self.scene_rect.center().x(), self.scene_rect.top() + UNIT * 1.6)
        if not QRectF(centre.x() - 2 * r, centre.y() - 2 * r, 4 * r, 4 * r).intersects(rect):
            return
        p.save()
        p.translate(centre)
        p.rotate(angle)
        p.setPen(QPen(QColor(255, 255, 255, 200), UNIT * 0.03))
        p.setBrush(QColor(255, 255, 255, 160))
        p.drawPolygon(
            QPolygonF([QPointF(0, -r), QPointF(r * 0.35, r * 0.5), QPointF(0, r * 0.2), QPointF(-r * 0.35, r * 0.5)])
        )
        p.restore()
        a = math.radians(angle)
        tip = QPointF(centre.x() + math.sin(a) * r * 1.6, centre.y() - math.cos(a) * r * 1.6)
        p.setFont(_font(UNIT * 0.3, bold=True, serif=True))
        p.setPen(QColor(255, 255, 255, 220))
        p.drawText(QRectF(tip.x() - r, tip.y() - r / 2, 2 * r, r), Qt.AlignmentFlag.AlignCenter, "N")

    def _paint_deck(self, p: QPainter, shape: CellShape) -> None:
        b = shape.bbox
        deck = QRectF(b.left() + b.width() * 0.08, b.bottom() - b.height() * 0.22, b.width() * 0.84, b.height() * 0.12)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(90, 80, 60, 90))
        p.drawRoundedRect(deck, deck.height() / 2, deck.height() / 2)
        p.setBrush(QColor(90, 80, 60, 120))
        island = QRectF(
            deck.right() - deck.width() * 0.3,
            deck.top() - deck.height() * 0.6,
            deck.width() * 0.07,
            deck.height() * 0.6,
        )
        p.drawRect(island)
