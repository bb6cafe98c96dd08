"""The scene of one board: map art behind, counters on top, drag highlights between.

A translucent veil may lie over the art (CV's Plot Map, see ``BoardScene.set_veil``).

The scene owns no rules. Whoever drives it (the controller) supplies ``legal_moves`` — for a
counter, the cells it may be dropped on and the reason it may not go elsewhere — and listens
to ``counterDropped`` to turn a drop into an action for the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from midway_desktop.geometry import Board
from midway_desktop.ui import palette as pal
from midway_desktop.ui.counters import CounterFace, CounterItem
from midway_desktop.ui.map_art import FAN, UNIT, MapArt, counter_size
from midway_desktop.ui.shapes import path_from_figure
from midway_desktop.ui.tile_store import TileStore
from midway_desktop.ui.tiles import TILE, TileCache
from midway_desktop.values import frozen_value

if TYPE_CHECKING:
    from PySide6.QtCore import QVariantAnimation


@frozen_value
class MoveOptions:
    """Where a counter may be dropped, and what to say about anywhere else."""

    cells: frozenset[str]
    refusal: Callable[[str], str]
    costly: frozenset[str] = frozenset()  # legal, but at a price (extra fuel): drawn in blue


def _anywhere(board: Board) -> Callable[[CounterItem], MoveOptions]:
    everything = frozenset(board.labels())
    return lambda _c: MoveOptions(everything, lambda label: f"{label} is not open to this counter")


class HighlightItem(QGraphicsItem):
    """Translucent fill over the cells a dragged counter may reach; cached as one pixmap.

    Cells that cost something to reach (extra fuel) get a blue fill of their own.
    """

    def __init__(self, path: QPainterPath, costly: QPainterPath | None = None) -> None:
        super().__init__()
        self._path = path
        self._costly = costly if costly is not None else QPainterPath()
        self._rect = path.boundingRect().united(self._costly.boundingRect()).adjusted(-2, -2, 2, 2)
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        scene = self.scene()
        veiled = scene.veiled if isinstance(scene, BoardScene) else _bare  # (under the veil: see set_veil)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(veiled(pal.HIGHLIGHT_EDGE), UNIT * 0.05))
        painter.setBrush(QBrush(veiled(pal.HIGHLIGHT)))
        painter.drawPath(self._path)
        if not self._costly.isEmpty():
            painter.setPen(QPen(veiled(pal.LIMIT), UNIT * 0.05))
            painter.setBrush(QBrush(veiled(pal.COSTLY)))
            painter.drawPath(self._costly)


def _bare(colour: QColor) -> QColor:
    return colour


class BoardScene(QGraphicsScene):
    counterDropped = Signal(str, str, str)  # piece, from label, to label
    moveRefused = Signal(str, str)  # piece, reason
    counterPicked = Signal(str)  # piece
    counterContext = Signal(str, QPoint)  # piece, screen position of a right-click

    def __init__(self, board: Board, parent: object | None = None) -> None:
        super().__init__(parent)
        self.board = board
        self.art = MapArt(board)
        self.tiles = TileCache(self.art, store=TileStore.for_board(board, TILE))
        self.setSceneRect(self.art.scene_rect)
        self.counters: dict[str, CounterItem] = {}
        self.legal_moves: Callable[[CounterItem], MoveOptions] = _anywhere(board)
        self._options: MoveOptions | None = None
        self._highlight: HighlightItem | None = None
        # A translucent colour over the chart's art, under every item (CV's Plot Map): see set_veil.
        self.veil: QColor | None = None
        self._target = QGraphicsPathItem()
        self._target_colour = pal.HIGHLIGHT_EDGE
        self._target.setPen(QPen(pal.HIGHLIGHT_EDGE, UNIT * 0.09))
        self._target.setZValue(6)
        self._target.setVisible(False)
        self.addItem(self._target)
        self._origin: dict[str, str] = {}
        self._animations: list[QVariantAnimation] = []

    # -- the veil -------------------------------------------------------------------------
    def set_veil(self, colour: QColor | None) -> None:
        """Lay a translucent ``colour`` over the chart's art (``None``: lift it). It is laid into
        the tiles the view draws, so a repaint blits the chart once rather than blending a sheet
        the size of the window over it as well (3 ms of a full repaint at 3840x2160, ratio 2).
        The items that lie under it, the drag's highlight and target, paint with ``veiled``
        colours, which is exactly the veil laid over what they paint."""
        if colour == self.veil:
            return
        self.veil = colour
        self._pen_target(self._target_colour)
        if self._highlight is not None:
            self._highlight.update()  # (its cached picture is made again)
        self.update()

    def veiled(self, colour: QColor) -> QColor:
        """``colour`` with the veil laid over it, at its own alpha: painted over the veiled art,
        it shows as ``colour`` under the veil would (a source-over blend is linear in both)."""
        veil = self.veil
        if veil is None:
            return colour
        a = veil.alphaF()

        def mix(over: int, under: int) -> int:
            return round(a * over + (1 - a) * under)

        r, g, b = mix(veil.red(), colour.red()), mix(veil.green(), colour.green()), mix(veil.blue(), colour.blue())
        return QColor(r, g, b, colour.alpha())

    def _pen_target(self, colour: QColor) -> None:
        self._target_colour = colour
        self._target.setPen(QPen(self.veiled(colour), UNIT * 0.09))

    # -- counters -------------------------------------------------------------------------
    def counter_size(self) -> float:
        return counter_size(self.board.kind)

    def add_counter(self, piece: str, face: CounterFace, label: str) -> CounterItem:
        if piece in self.counters:
            raise ValueError(f"counter {piece!r} is already on the map")
        item = CounterItem(piece, face, self.counter_size(), self.board.canonical(label))
        if self.board.kind == "boxes":  # a box is named by its title; hexes and squares by their labels
            item.place_title = self.place_title
            item.set_label(item.label)
        self.counters[piece] = item
        self.addItem(item)
        self.restack(item.label)
        return item

    def place_title(self, label: str) -> str:
        """A box's title as printed on the display (``Centre of the map``), else the label."""
        try:
            return self.board.cell(label).title or label
        except KeyError:
            return label

    def remove_counter(self, piece: str) -> None:
        item = self.counters.pop(piece)
        self.removeItem(item)
        self.restack(item.label)

    def clear_counters(self) -> None:
        for piece in list(self.counters):
            self.removeItem(self.counters.pop(piece))

    def place(self, piece: str, label: str) -> None:
        """Put a counter in a cell (the engine moved it); restack both cells."""
        item = self.counters[piece]
        old = item.label
        item.set_label(self.board.canonical(label))
        self.restack(old)
        self.restack(item.label)

    def show_counters(self, wanted: dict[str, tuple[str, CounterFace, str]], moving: frozenset[str]) -> None:
        """The map's counters made ``wanted`` (piece -> (cell, face, tooltip)): the others taken
        off, each shown where and as it is, those in ``moving`` draggable, the stacks that
        changed fanned again."""
        for piece in list(self.counters):
            if piece not in wanted:
                self.remove_counter(piece)
        touched: set[str] = set()
        for piece, (where, face, tip) in wanted.items():
            if piece not in self.counters:
                self.add_counter(piece, face, where)
            else:
                item = self.counters[piece]
                item.set_face(face)
                if item.label != where:
                    touched.add(item.label)
                    self.place(piece, where)
            item = self.counters[piece]
            item.setToolTip(tip)
            item.draggable = piece in moving
            touched.add(where)
        for label in touched:
            self.restack(label)

    def in_cell(self, label: str) -> list[CounterItem]:
        return [c for c in self.counters.values() if c.label == label]

    def restack(self, label: str) -> None:
        """Fan a cell's counters so each stays visible, like a stack on the table."""
        stack = self.in_cell(label)
        if not stack:
            return
        cx, cy = self.board.centre(label)
        # Fan wide enough that every counter shows its name line (a third of its height),
        # but keep a big stack inside its cell.
        step = self.counter_size() * min(FAN, 0.66 / max(1, len(stack) - 1))
        # What the player can move lies on top: an enemy counter never buries a piece of theirs.
        stack.sort(key=lambda item: item.draggable)
        if self.board.kind == "boxes":
            return self._lay_out_box(label, stack)
        offset = (len(stack) - 1) * step / 2
        for i, item in enumerate(stack):
            item.setPos(QPointF(cx * UNIT - offset + i * step, cy * UNIT - offset + i * step))
            item.setZValue(10 + i * 0.01)

    def raise_in_cell(self, item: CounterItem) -> None:
        """Put ``item`` on top of its cell's stack (a click on a counter half under others), the
        rest kept in their order under it; the fan stays as it is. A click on the counter already
        on top puts it at the bottom, so that clicks on a stack go through it counter by counter
        (one buried under a big stack comes up too)."""
        others = sorted((it for it in self.in_cell(item.label) if it is not item), key=lambda it: it.zValue())
        on_top = all(it.zValue() < item.zValue() for it in others)
        stack = [item, *others] if on_top and others else [*others, item]
        for i, it in enumerate(stack):
            it.setZValue(10 + i * 0.01)

    def _lay_out_box(self, label: str, stack: list[CounterItem]) -> None:
        """Counters in rows inside the box, clear of its edge and title (``Board.counter_slots``)."""
        size = self.counter_size()
        slots = self.board.counter_slots(label, size / UNIT, size * 0.12 / UNIT, len(stack))
        for i, (item, (x, y)) in enumerate(zip(stack, slots)):
            item.setPos(QPointF(x * UNIT, y * UNIT))
            item.setZValue(10 + i * 0.01)

    # -- dragging -------------------------------------------------------------------------
    def begin_drag(self, item: CounterItem) -> None:
        self._origin[item.piece] = item.label
        self.light_cells(self.legal_moves(item), item.label)
        self.counterPicked.emit(item.piece)

    def prepare_drag(self) -> None:
        """Build now what a drag is drawn from: the board's net of cell sides (3,072 cells on the
        CV board: 85-270 ms), what its highlight is made from, and the cells' shapes, what the
        target under the counter is outlined with (40 ms; made at the first paint, unless the
        board's tiles came from the store), and the board's regions by cell, what the status line
        names as the counter passes over a cell (25 ms). So the first drag of a session does not
        stall on them (issue 40). The window calls it at idle once it shows; later calls cost
        nothing."""
        _ = self.board.net
        _ = self.art.cells
        self.board.regions_of(next(iter(self.board), ""))  # (its index made by the first asking)

    def light_cells(self, options: MoveOptions, origin: str = "") -> None:
        """Light where a piece may land (dragged on the map, or in from a holding box)."""
        self._clear_highlight()
        self._options = options
        reach = [lb for lb in options.cells - options.costly if lb != origin]
        dear = [lb for lb in options.cells & options.costly if lb != origin]
        costly = path_from_figure(self.board.union(dear), UNIT) if dear else None
        self._highlight = HighlightItem(path_from_figure(self.board.union(reach), UNIT), costly)
        self.addItem(self._highlight)

    def unlight(self) -> None:
        self._options = None
        self._clear_highlight()
        self._target.setVisible(False)

    def _cell_path(self, label: str) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.art.cells[label].polygon)
        path.closeSubpath()
        return path

    def refuse_pick(self, item: CounterItem) -> None:
        """A click on a counter the player cannot move now: say why instead of dragging."""
        options = self.legal_moves(item)
        self.moveRefused.emit(item.piece, options.refusal(item.label))

    def show_cursor(self, label: str, ok: bool) -> None:
        """The keyboard's target square, outlined gold when legal and red when not."""
        self._target.setPath(self._cell_path(label))
        self._pen_target(pal.HIGHLIGHT_EDGE if ok else pal.DANGER)
        self._target.setVisible(True)

    def hide_cursor(self) -> None:
        self._target.setVisible(False)

    def drag_over(self, item: CounterItem) -> None:
        p = item.pos()
        label = self.board.cell_at(p.x() / UNIT, p.y() / UNIT)
        if label is None:
            self._target.setVisible(False)
            return
        path = self._cell_path(label)
        if self._target.path() != path:
            self._target.setPath(path)
            ok = self._options is not None and label in self._options.cells
            self._pen_target(pal.HIGHLIGHT_EDGE if ok else pal.DANGER)
        self._target.setVisible(True)

    def end_drag(self, item: CounterItem) -> None:
        origin = self._origin.pop(item.piece, item.label)
        options = self._options or self.legal_moves(item)
        self._options = None
        self._clear_highlight()
        self._target.setVisible(False)
        p = item.pos()
        label = self.board.cell_at(p.x() / UNIT, p.y() / UNIT)
        if label == origin:
            self.restack(origin)
            return
        if label is None:
            self._snap_back(item, origin)
            self.moveRefused.emit(item.piece, "That is off the map.")
            return
        if label not in options.cells:
            self._snap_back(item, origin)
            self.moveRefused.emit(item.piece, options.refusal(label))
            return
        item.set_label(label)
        self.restack(origin)
        self.restack(label)
        self.counterDropped.emit(item.piece, origin, label)

    def _snap_back(self, item: CounterItem, origin: str) -> None:
        item.set_label(origin)
        start = item.pos()
        self.restack(origin)
        end = item.pos()
        item.setPos(start)
        # Imported at first use: PySide6 builds a Qt class's enums when it is first named, and
        # the animation classes' cost every start 6 M instructions before anything moves.
        from PySide6.QtCore import QEasingCurve, QVariantAnimation

        anim = QVariantAnimation(self)
        anim.setStartValue(start)
        anim.setEndValue(end)
        anim.setDuration(160)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(item.setPos)
        anim.finished.connect(lambda: self._animations.remove(anim) if anim in self._animations else None)
        self._animations.append(anim)
        anim.start()

    def _clear_highlight(self) -> None:
        if self._highlight is not None:
            self.removeItem(self._highlight)
            self._highlight = None

    def highlighted_cells(self) -> frozenset[str]:
        """Cells lit during the current drag (empty when nothing is being dragged)."""
        return self._options.cells if self._options is not None else frozenset()
