"""Procedural sea-chart art for any Board, painted into whatever part of the scene is asked for.

Nothing here is a scanned image: sea, grid, islands, regions and labels all come from the
board data. :class:`MapArt` prepares the shapes once per board; :meth:`MapArt.paint` draws a
rectangle of the scene at a given device scale, choosing level of detail from that scale (labels
only where they would be legible, fine hatching only up close). The tile cache in
``tiles.py`` calls it, so the work is done once per tile and zoom, not once per repaint.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import zlib

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from midway_desktop.geometry import Board, Region, coasts
from midway_desktop.geometry.outlines import outlines
from midway_desktop.ui import palette as pal
from midway_desktop.ui.shapes import path_from_figure, polygon_f
from midway_desktop.values import frozen_value

FAN = 0.4  # how far each counter of a stack is set off the one below, in counter widths
UNIT = 40.0  # scene pixels per board unit at 100 % zoom
MARGIN = 1.6  # board units of chart margin around the grid (room for edge labels)
_BUCKET = 4.0  # board units per spatial bucket

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


MIN_LABEL_PX = 7.0  # device pixels: the smallest coordinate or caption printed
CAPTION_PX = 9.0  # device pixels: a caption's preferred least size
_LINE = 1.2  # a line of type's height, in type sizes


@frozen_value
class Caption:
    """A printed name (island, objective) laid out at one scale."""

    name: str
    lines: tuple[str, ...]
    rect: QRectF  # scene units, halo included
    px: float
    bold: bool
    stretch: int = 100  # condensed type when the name would not fit otherwise
    baselines: tuple[float, ...] = ()  # each line's, in scene units
    clears: int = 1  # how many counters fanned in its cell it stands clear of
    cell: str = ""  # the cell it is printed under

    def font(self) -> QFont:
        return _font(self.px, bold=self.bold, serif=True, stretch=self.stretch)


@functools.lru_cache(maxsize=256)
def _measure(lines: tuple[str, ...], bold: bool, stretch: int) -> tuple[float, float, float, float]:
    """A caption's widest line, its ink's rise above the first baseline and drop below the
    last (capitals to descenders, not the font's line box: what a counter would hide), and
    the line spacing, in 100 px serif type (unhinted type scales in proportion)."""
    fm = QFontMetricsF(_font(100, bold=bold, serif=True, stretch=stretch))
    inks = [fm.tightBoundingRect(line) for line in lines]
    advance = max(fm.horizontalAdvance(line) for line in lines)
    return advance, -min(ink.top() for ink in inks), max(ink.bottom() for ink in inks), fm.lineSpacing()


def _wrappings(title: str) -> list[list[str]]:
    """A title on one line, then broken into two at each space, most even break first."""
    words = title.split()
    out = [[title]]
    splits = sorted(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    out += [[" ".join(words[:i]), " ".join(words[i:])] for i in splits]
    return out


@frozen_value
class CellShape:
    """A cell's outline on the map, with its centre, bounds and size."""

    label: str
    polygon: QPolygonF
    centre: QPointF
    bbox: QRectF
    radius: float  # scene units from centre to corner (hex) or half side (square/box)


def _font(px: float, bold: bool = False, serif: bool = False, stretch: int = 100) -> QFont:
    font = QFont(pal.SERIF_FAMILY if serif else pal.FONT_FAMILY)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    font.setStretch(stretch)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def _blob(c: QPointF, rx: float, ry: float, seed: int, n: int, least: float) -> QPolygonF:
    """An irregular closed outline round ``c``: the same one every time for the same seed."""
    pts = []
    turn = (seed % 100) / 100.0
    for i in range(n):
        a = 2 * math.pi * i / n + turn
        wobble = least + (1 - least) * (((seed >> (i * 3 % 29)) & 7) / 7.0)
        pts.append(QPointF(c.x() + math.cos(a) * rx * wobble, c.y() + math.sin(a) * ry * wobble))
    return QPolygonF(pts)


def _over(base: QColor, tint: QColor) -> QColor:
    """``tint`` (with its alpha) laid over opaque ``base``."""
    a = tint.alphaF()
    return QColor.fromRgbF(*(b * (1 - a) + t * a for b, t in zip(base.getRgbF()[:3], tint.getRgbF()[:3])))


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
        x0, y0, x1, y1 = board.bounds
        m = MARGIN if board.kind != "boxes" else 0.4
        self.grid_rect = QRectF(x0 * UNIT, y0 * UNIT, (x1 - x0) * UNIT, (y1 - y0) * UNIT)
        self.scene_rect = QRectF((x0 - m) * UNIT, (y0 - m) * UNIT, (x1 - x0 + 2 * m) * UNIT, (y1 - y0 + 2 * m) * UNIT)

    # The shapes are made when first painted or asked for: a start whose tiles are kept
    # (``tile_store.py``) shows the board without them (CV's: 200 M instructions, 6 % of its start).
    @functools.cached_property
    def cells(self) -> dict[str, CellShape]:
        return {label: self._cell_shape(label) for label in self.board}

    @functools.cached_property
    def title_rects(self) -> dict[str, QRectF]:
        """Where each box's title goes (an L-shaped box's widest part)."""
        out = {}
        if self.board.kind == "boxes":
            for label in self.board:
                tx0, ty0, tx1, ty1 = self.board.title_box(label)
                out[label] = QRectF(tx0 * UNIT, ty0 * UNIT, (tx1 - tx0) * UNIT, (ty1 - ty0) * UNIT)
        return out

    @functools.cached_property
    def _buckets(self) -> dict[tuple[int, int], list[CellShape]]:
        buckets: dict[tuple[int, int], list[CellShape]] = {}
        size = _BUCKET * UNIT
        for shape in self.cells.values():
            left, top, right, bottom = shape.bbox.getCoords()
            for bx in range(math.floor(left / size), math.floor(right / size) + 1):
                for by in range(math.floor(top / size), math.floor(bottom / size) + 1):
                    buckets.setdefault((bx, by), []).append(shape)
        return buckets

    @functools.cached_property
    def outline(self) -> QPainterPath:
        return path_from_figure(outlines(self.board).board, UNIT)  # outlines: kept in the user's cache

    @functools.cached_property
    def region_paths(self) -> dict[str, QPainterPath]:
        return {name: path_from_figure(figure, UNIT) for name, figure in outlines(self.board).regions.items()}

    @functools.cached_property
    def _limit_lines(self) -> dict[str, QPainterPath]:
        """A search limit's or a sector's line is drawn where it runs through the sea only."""
        edges = outlines(self.board).edges
        return {
            r.name: path_from_figure(edges[r.name], UNIT) for r in self.board.regions() if r.kind in ("limit", "sector")
        }

    @functools.cached_property
    def cell_size(self) -> float:
        return min((s.radius for s in self.cells.values()), default=UNIT)

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

    def _label_px(self) -> float:
        return self.cell_size * (0.30 if self.board.kind == "hex" else 0.26)

    # -- painting -------------------------------------------------------------------------
    def paint(self, p: QPainter, rect: QRectF, scale: float, dpr: float = 1.0) -> None:
        """Paint the scene area ``rect``; ``scale`` is device pixels per scene unit, ``dpr``
        device pixels per logical pixel: what reads is judged in logical pixels (a HiDPI
        screen's pixels are smaller), lines are drawn to the device's."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        lod = scale / dpr
        if self.board.kind == "boxes":
            self._paint_display(p, rect, lod)
            return
        self._paint_sea(p, rect)
        shapes = self.cells_in(rect.adjusted(-UNIT, -UNIT, UNIT, UNIT))
        self._paint_region_fills(p, rect, scale)
        self._paint_grid(p, shapes, scale)
        self._paint_region_marks(p, rect, scale, lod)
        self._paint_labels(p, rect, lod)
        self._paint_edge_labels(p, rect, lod)
        self._paint_captions(p, rect, lod)

    def _paint_sea(self, p: QPainter, rect: QRectF) -> None:
        """Chart paper round the grid; inside it, open sea that deepens away from the islands,
        and pale shallows round every island and reef (drawn once per tile, like all the art)."""
        # (named here: naming a gradient class makes PySide6 build QGradient's enums, 170
        # presets among them, which a start whose tiles are kept never needs)
        from PySide6.QtGui import QRadialGradient

        p.fillRect(rect.intersected(self.scene_rect), pal.PAPER)
        # One radial fill (a second pass would double the sea's cost): the open sea pales
        # towards the middle of the chart and deepens towards its far edges and corners.
        g = self.grid_rect
        grad = QRadialGradient(g.center(), math.hypot(g.width(), g.height()) / 2)
        grad.setColorAt(0.0, pal.SEA_TOP)
        grad.setColorAt(0.55, pal.SEA_BOTTOM)
        grad.setColorAt(1.0, _over(pal.SEA_BOTTOM, pal.SEA_DEEP))
        p.fillPath(self.outline, QBrush(grad))
        for centre, reach in self._shallows:
            box = QRectF(centre.x() - reach, centre.y() - reach, 2 * reach, 2 * reach)
            if not box.intersects(rect):
                continue
            shoal = QRadialGradient(centre, reach)
            edge = QColor(pal.SHALLOWS)
            edge.setAlpha(0)
            shoal.setColorAt(0.0, pal.SHALLOWS)
            shoal.setColorAt(0.45, QColor(pal.SHALLOWS.red(), pal.SHALLOWS.green(), pal.SHALLOWS.blue(), 90))
            shoal.setColorAt(1.0, edge)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(shoal))
            p.drawEllipse(centre, reach, reach)

    @functools.cached_property
    def _shallows(self) -> tuple[tuple[QPointF, float], ...]:
        """Where the sea shoals: round each island, atoll and reef cell."""
        out = []
        for region in self.board.regions("island"):
            for label in region:
                s = self.cells[label]
                out.append((s.centre, s.radius * 1.15))
        return tuple(out)

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

    def _paint_region_marks(self, p: QPainter, rect: QRectF, scale: float, lod: float) -> None:
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
                    self._paint_air_entry(p, self.cells[label], region, lod)
            elif kind in ("reference", "hex"):
                for label in region:
                    self._paint_reference(p, self.cells[label], scale)

    def _paint_island(self, p: QPainter, s: CellShape, region: Region) -> None:
        """Land as coast (sand-coloured land inside a white line of surf), an atoll as a ring
        of reef round a lagoon with islets on it, a reef as breakers over a shoal: which one
        is the region's ``coast`` (island when the board does not say)."""
        seed = zlib.crc32(f"{region.name}{s.label}".encode())
        coast = str(region.data.get("coast", coasts.DEFAULT))
        big = region.name in ("midway", "hawaiian-islands")
        r = s.radius * (0.34 if big else 0.24)
        c = s.centre
        if coast in ("atoll", "reef"):
            ring = _blob(c, r * 1.25, r * 0.95, seed, 14, 0.85)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(pal.LAGOON)
            p.drawPolygon(ring)
            surf = QPen(pal.SURF, s.radius * 0.07)
            surf.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(surf)
            p.drawPolygon(ring)
            reef = QPen(pal.REEF, s.radius * 0.045)
            reef.setCapStyle(Qt.PenCapStyle.RoundCap)
            if coast == "reef":  # a broken reef: breakers with gaps, no land above the sea
                reef.setDashPattern([1.6, 1.2])
            p.setPen(reef)
            p.drawPolygon(ring)
            if coast == "atoll":  # islets on the rim, the largest to the south as at Midway
                for k, (fx, fy, size) in enumerate(((0.25, 0.75, 0.42), (-0.55, 0.55, 0.3), (0.8, -0.1, 0.22))):
                    islet = _blob(
                        QPointF(c.x() + fx * r * 1.05, c.y() + fy * r * 0.85),
                        r * size,
                        r * size * 0.7,
                        seed >> k,
                        8,
                        0.7,
                    )
                    self._paint_land(p, islet, s.radius)
            return
        self._paint_land(p, _blob(c, r, r * 0.7, seed, 11, 0.72), s.radius)

    def _paint_land(self, p: QPainter, land: QPolygonF, cell: float) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        surf = QPen(pal.SURF, cell * 0.09)
        surf.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(surf)
        p.drawPolygon(land)
        p.setPen(QPen(pal.LAND_EDGE, cell * 0.028))
        p.setBrush(pal.LAND)
        p.drawPolygon(land)

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

    def _paint_labels(self, p: QPainter, rect: QRectF, scale: float) -> None:
        px, placed = self.coordinate_labels(scale, rect.adjusted(-UNIT, -UNIT, UNIT, UNIT))
        p.setFont(_font(px))
        p.setPen(pal.LABEL)
        for label, box in placed:
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

    # -- layout: where coordinates and captions go at a scale -----------------------------
    @functools.cached_property
    def _advances(self) -> dict[str, float]:
        """Each label's width at 100 px type (unhinted type scales in proportion)."""
        fm = QFontMetricsF(_font(100))
        return {label: fm.horizontalAdvance(label) for label in self.cells}

    @functools.cached_property
    def _pitch(self) -> tuple[float, float]:
        """Scene distance between neighbouring columns and between rows of the grid."""
        if self.board.kind == "hex":
            r = UNIT  # circumradius
            if self.board.orientation == "flat":
                return 1.5 * r, math.sqrt(3) * r
            return math.sqrt(3) * r, 1.5 * r
        return UNIT, UNIT

    def label_step(self, scale: float) -> tuple[float, int]:
        """The coordinates' type size (scene units) and which of them are printed at ``scale``:
        every ``step``-th column and row. Never smaller than ``MIN_LABEL_PX`` on screen; when
        that size no longer fits between neighbours, every other label (then every third,
        fourth...) rather than labels over each other."""
        px = max(self._label_px(), MIN_LABEL_PX / scale)
        widest = max(self._advances.values(), default=0.0) * px / 100.0
        # Room between neighbours, more across than down: thinned coordinates must read as
        # labels of cells, not run together into lines of text.
        across, down = (px * 0.3, px * 0.3) if widest <= self._pitch[0] * 0.8 else (px * 1.5, px * 0.8)
        px_x, px_y = self._pitch
        for step in (1, 2, 3, 4, 6, 8, 12, 16, 24, 32):
            if widest + across <= step * px_x and px * _LINE + down <= step * px_y:
                return px, step
        return px, 32

    def _label_box(self, s: CellShape, px: float, where: str) -> QRectF:
        """A coordinate's box in its cell: ``top`` (as printed) or ``bottom`` (out of a
        caption's way); centred on the cell when the type is too big for either edge."""
        w = self._advances[s.label] * px / 100.0 + px * 0.2
        h = px * _LINE
        c, r = s.centre, s.radius
        if self.board.kind == "hex":
            half = r * (0.866 if self.board.orientation == "flat" else 1.0)
            if h > half - counter_size("hex") / 2 + px:  # too big to sit by the edge
                return QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
            y = c.y() - half + r * 0.02 if where == "top" else c.y() + half - h - r * 0.02
            return QRectF(c.x() - w / 2, y, w, h)
        b = s.bbox
        if h > b.height() / 2:
            return QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
        x = b.left() + r * 0.08
        y = b.top() + r * 0.04 if where == "top" else b.bottom() - h - r * 0.04
        return QRectF(x, y, w, h)

    def coordinate_labels(self, scale: float, rect: QRectF | None = None) -> tuple[float, list[tuple[str, QRectF]]]:
        """The coordinates printed at ``scale`` (within ``rect`` if given) and their boxes.

        A caption has the right of way: a coordinate its caption would cover moves to the
        foot of its cell, and is left out only if the caption covers that too."""
        px, step = self.label_step(scale)
        captions = [c.rect for c in self.captions(scale)]
        out = []
        shapes = self.cells.values() if rect is None else self.cells_in(rect)
        for s in shapes:
            cell = self.board.cell(s.label)
            if step > 1 and (cell.col % step or cell.row % step):
                continue
            for where in ("top", "bottom"):
                box = self._label_box(s, px, where)
                if not any(box.intersects(c) for c in captions):
                    out.append((s.label, box))
                    break
        return px, out

    def captions(self, scale: float) -> tuple[Caption, ...]:
        """Islands' and objectives' names as printed at ``scale`` (worked out once per scale)."""
        key = round(scale, 6)
        found = self._captions.get(key)
        if found is None:
            if len(self._captions) > 64:
                self._captions.clear()
            found = self._captions[key] = self._lay_out_captions(scale)
        return found

    @functools.cached_property
    def _captions(self) -> dict[float, tuple[Caption, ...]]:
        return {}

    def _lay_out_captions(self, scale: float) -> tuple[Caption, ...]:
        """Each name under its (topmost) cell's counter, in the sea between that counter and
        the counters of the cells round it, so no counter standing in any cell hides it; in
        one line or two, as large as fits, and left out at a zoom where it would not read."""
        half = counter_size(self.board.kind) / 2
        # Clear of two counters fanned in the cell (a base and a visitor) when there is room,
        # else of one.
        fan = counter_size(self.board.kind) * FAN / 2
        placed: list[Caption] = []
        for region in self.board.regions():
            if region.kind not in ("island", "objective"):
                continue
            anchor = self.cells[min(region, key=lambda lb: self.cells[lb].centre.y())]
            counters = [
                QRectF(self.cells[lb].centre.x() - half, self.cells[lb].centre.y() - half, 2 * half, 2 * half)
                for lb in self.board.within(anchor.label, 2)
            ]
            c = anchor.centre
            fits = {}
            for clears, spread in ((2, fan), (1, 0.0)):
                own = QRectF(c.x() - half - spread, c.y() - half - spread, 2 * (half + spread), 2 * (half + spread))
                found = self._fit_caption(region, c, own, [*counters, own], placed, scale)
                if found is not None:
                    fits[clears] = dataclasses.replace(found, clears=clears, cell=anchor.label)
            pair, one = fits.get(2), fits.get(1)
            # Clear of a pair if that still prints it at the preferred size (or as large).
            if pair is not None and (one is None or pair.px * scale >= min(CAPTION_PX, one.px * scale)):
                placed.append(pair)
            elif one is not None:
                placed.append(one)
        return tuple(placed)

    def _fit_caption(
        self, region: Region, c: QPointF, own: QRectF, counters: list[QRectF], placed: list[Caption], scale: float
    ) -> Caption | None:
        """The largest legible caption just below ``own`` (the counters of its cell) that meets
        none of ``counters`` nor a caption ``placed`` before, or ``None``."""
        bold = region.kind == "objective"
        px = max(self.cell_size * (0.28 if self.board.kind == "hex" else 0.34), CAPTION_PX / scale)
        least = (MIN_LABEL_PX - 0.5) / scale  # type is set in whole pixels: half a pixel's grace
        top = own.bottom() + UNIT * 0.01
        while round(px) >= least:
            k = max(1, round(px)) / 100.0  # the type is set in whole pixels
            for stretch, lines in ((st, ln) for st in (100, 80) for ln in _wrappings(region.title)):
                advance, rise, drop, spacing = (v * k for v in _measure(tuple(lines), bold, stretch))
                pad = px * 0.05
                w = advance + px * 0.4
                h = rise + drop + spacing * (len(lines) - 1) + 2 * pad
                box = QRectF(c.x() - w / 2, top, w, h)
                if (
                    self.scene_rect.contains(box)
                    and not any(box.intersects(r) for r in counters)
                    and not any(box.intersects(other.rect) for other in placed)
                ):
                    first = box.top() + pad + rise
                    baselines = tuple(first + i * spacing for i in range(len(lines)))
                    return Caption(region.name, tuple(lines), box, px, bold, stretch, baselines)
            px *= 0.92
        return None

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
                continue  # below, from the caption layout
            elif kind == "entry":
                letter = str(region.data.get("letter", ""))
                if not letter or not br.intersects(rect):
                    continue
                px = max(self.cell_size * 0.6, 12.0 / scale)
                p.setFont(_font(px, bold=True, serif=True))
                p.setPen(pal.ENTRY_EDGE)
                p.drawText(br, Qt.AlignmentFlag.AlignCenter, letter)

        for caption in self.captions(scale):
            if not caption.rect.intersects(rect):
                continue
            p.setFont(caption.font())
            p.setPen(pal.OBJECTIVE_TEXT if caption.bold else pal.ISLAND_TEXT)
            p.setBrush(pal.HALO)
            p.save()
            p.setPen(Qt.PenStyle.NoPen)
            p.drawRoundedRect(caption.rect, caption.px * 0.3, caption.px * 0.3)
            p.restore()
            fm = QFontMetricsF(caption.font())
            for line, baseline in zip(caption.lines, caption.baselines):
                p.drawText(QPointF(caption.rect.center().x() - fm.horizontalAdvance(line) / 2, baseline), line)

    def caption_box(self, name: str, scale: float) -> tuple[QRectF, QFont] | None:
        """Where an island's or objective's name is printed at ``scale``, and in what type
        (``None`` at a zoom too small for it to read)."""
        for caption in self.captions(scale):
            if caption.name == name:
                return caption.rect, caption.font()
        return None

    # -- box displays (Kido Butai) --------------------------------------------------------
    def _paint_display(self, p: QPainter, rect: QRectF, scale: float) -> None:
        from PySide6.QtGui import QLinearGradient  # (named when painted: see _paint_sea)

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
            found = self.box_title(shape.label)
            if found is None:
                continue
            box, font = found
            if font.pixelSize() * scale < 5:
                continue
            p.setFont(font)
            outside = self.board.title_outside(shape.label)
            p.setPen(pal.TRACK_TEXT if outside else pal.BOX_TEXT)
            lines = (cell.title,) if outside else self._box_lines(shape.label)
            align = Qt.AlignmentFlag.AlignCenter if outside else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
            p.drawText(box, align, "\n".join(lines))
        self._paint_compass(p, rect)

    def box_title(self, label: str) -> tuple[QRectF, QFont] | None:
        """Where a box's title is printed and in what type (see ``_box_title``): worked out
        once per box, as every tile the box touches asks."""
        if label not in self._box_titles:
            self._box_titles[label] = self._box_title(label)
        return self._box_titles[label]

    @functools.cached_property
    def _box_titles(self) -> dict[str, tuple[QRectF, QFont] | None]:
        return {}

    def _box_title(self, label: str) -> tuple[QRectF, QFont] | None:
        """Where a box's title is printed (the text's own rectangle, scene units) and in what
        type: a box's in its top-left corner, clear of the rows its counters stand in
        (``Board.counter_slots``); a track's just above its box, on the display's sea."""
        cell = self.board.cell(label)
        if not cell.title:
            return None
        b = self.title_rects[label]
        if self.board.title_outside(label):
            px = UNIT * 0.3
            font = _font(px, bold=True)
            fm = QFontMetricsF(font)
            w = min(b.width(), fm.horizontalAdvance(cell.title) + px * 0.3)
            return QRectF(b.center().x() - w / 2, b.top() - fm.height() - UNIT * 0.04, w, fm.height()), font
        lines = self._box_lines(label)
        px = self._box_title_px(label, lines)
        font = _font(px, bold=True, serif=True)
        fm = QFontMetricsF(font)
        pad = UNIT * 0.15
        width = max(fm.horizontalAdvance(line) for line in lines) + 1
        return QRectF(b.left() + pad, b.top() + pad, width, fm.height() + fm.lineSpacing() * (len(lines) - 1)), font

    def _box_lines(self, label: str) -> tuple[str, ...]:
        if label not in self._box_line_cache:
            self._box_line_cache[label] = self.box_title_lines(label)
        return self._box_line_cache[label]

    @functools.cached_property
    def _box_line_cache(self) -> dict[str, tuple[str, ...]]:
        return {}

    def box_title_lines(self, label: str) -> tuple[str, ...]:
        """A box's title in one line, or in two where one would have to shrink to fit."""
        title = self.board.cell(label).title
        one = (title,)
        best, size = one, self._box_title_px(label, one)
        for lines in _wrappings(title)[1:]:
            px = self._box_title_px(label, tuple(lines))
            if px > size * 1.15:
                best, size = tuple(lines), px
        return best

    def _box_title_px(self, label: str, lines: tuple[str, ...]) -> float:
        """The largest type (up to the display's own) that sets ``lines`` within the box's
        width and its title room (``Board.title_room``)."""
        b = self.title_rects[label]
        pad = UNIT * 0.15
        advance, _rise, _drop, spacing = _measure(lines, True, 100)
        fm = QFontMetricsF(_font(100, bold=True, serif=True))
        height = fm.height() + spacing * (len(lines) - 1)
        room_w = b.width() - 2 * pad
        room_h = self.board.title_room(label) * UNIT - pad
        # Whole pixels, rounded down: type set a pixel larger would overrun the room.
        return float(math.floor(min(UNIT * 0.34, 100 * room_w / advance, 100 * room_h / height)))

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
