"""A zoomable, pannable view of a BoardScene whose map art comes from the tile cache."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from midway_desktop.ui.board_scene import BoardScene
from midway_desktop.ui.map_art import UNIT

if TYPE_CHECKING:
    from PySide6.QtCore import QVariantAnimation

MIN_COUNTER_PX = 12  # zoomed out no further than counters this wide: their symbols still read
MAX_ZOOM = 6.0
STEP = 1.25


PIECE_MIME = "application/x-midway-piece"


class DropHandler(Protocol):
    """What a presenter offers for pieces dragged onto the map from outside it."""

    def drag_entered(self, piece: str) -> bool: ...
    def drag_hover(self, piece: str, label: str | None) -> None: ...
    def drag_left(self) -> None: ...
    def dropped_on_map(self, piece: str, label: str | None, whole: bool = False) -> None: ...


class BoardView(QGraphicsView):
    hovered = Signal(str)  # cell label under the cursor, "" off the board
    zoomChanged = Signal(float)

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # The view paints every pixel of its viewport itself (the chart's opaque tiles and its
        # background around them), so the viewport's own fill of its background first is left
        # out: a whole pass over the window's picture (4 ms of a repaint at 3840x2160, ratio 2).
        # (A viewport of our own, not Qt's: PySide naming a widget Qt made loads every widget
        # class, see ``midway_desktop.ui``.)
        viewport = QWidget()
        self.setViewport(viewport)
        viewport.setAutoFillBackground(False)
        viewport.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        # Every item paint restores what it changes, so Qt need not save state around each.
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setBackgroundBrush(QColor("#4a5a66"))
        # A chart, not a document: pan by dragging or arrow keys, so fit-to-window is exact.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._last_label = ""
        # Keys a game presenter wants first (Tab, arrows, Enter for keyboard play).
        self.key_handler: Callable[[int], bool] | None = None
        # Pieces dragged in from a dock (a holding box): the presenter says where they may land.
        self.drop_handler: DropHandler | None = None
        self.setAcceptDrops(True)
        self._anim: QVariantAnimation | None = None
        self._fitted = True
        # A game's own opening picture (CV's first look at its forces): the same at every start
        # in the same window, so its tiles are kept between runs as the fitted board's are.
        self.keep_tiles = False

    # -- scene access ---------------------------------------------------------------------
    def board_scene(self) -> BoardScene:
        scene = self.scene()
        assert isinstance(scene, BoardScene)
        return scene

    def set_board_scene(self, scene: BoardScene) -> None:
        self.setScene(scene)
        self.fit()

    # -- painting -------------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        scene = self.scene()
        if not isinstance(scene, BoardScene):
            super().drawBackground(painter, rect)
            return
        t = self.viewportTransform()
        # The chart's tiles are opaque (paper under the sea): the view's own background is filled
        # only around them, with a device pixel's overlap for their rounded edges (filling all of
        # it first was a quarter of a repaint at 3840x2160, ratio 2).
        edge = 1.0 / max(t.m11() * self.devicePixelRatioF(), 1e-9)
        chart = scene.art.scene_rect.adjusted(edge, edge, -edge, -edge)
        # (Qt's own fill, strip by strip: PySide's fillRect overloads name QGradient, a start's cost)
        for strip in _around(rect, chart):
            super().drawBackground(painter, strip)
        exposed = t.mapRect(rect)
        painter.save()
        painter.resetTransform()
        dpr = self.devicePixelRatioF()  # the viewport's (see ``midway_desktop.ui``: not viewport())
        # The whole board fitted is what a start opens on: its tiles are kept between runs.
        origin = t.map(QPointF(0.0, 0.0))
        scene.tiles.draw(painter, exposed, t.m11(), origin, dpr, keep=self._kept_between_runs, veil=scene.veil)
        painter.restore()

    @property
    def _kept_between_runs(self) -> bool:
        """The picture on show is one whose tiles are kept between runs: the whole board
        fitted, or the game's own opening picture."""
        return self._fitted or self.keep_tiles

    def keep_settled_tiles(self) -> None:
        """Keep the tiles on show now, if they are kept between runs, without waiting for them
        to be drawn again: a picture taken of the window is its last look."""
        scene = self.scene()
        if isinstance(scene, BoardScene) and self._kept_between_runs:
            scene.tiles.keep_settled(self.viewportTransform().m11(), self.devicePixelRatioF())

    # -- zoom -----------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, factor: float, anchor: QPointF | None = None) -> None:
        factor = max(self.min_zoom(), min(MAX_ZOOM, factor))
        current = self.zoom()
        if abs(factor - current) < 1e-9:
            return
        if anchor is not None:
            before = self.mapToScene(anchor.toPoint())
        self.scale(factor / current, factor / current)
        if anchor is not None:
            after = self.mapToScene(anchor.toPoint())
            delta = after - before
            self.translate(delta.x(), delta.y())
        self._fitted = False
        self.zoomChanged.emit(self.zoom())

    def min_zoom(self) -> float:
        """The smallest zoom: counters stay ``MIN_COUNTER_PX`` wide, unless showing the whole
        board takes less (the board is always seen whole at its least)."""
        scene = self.scene()
        size = scene.counter_size() if isinstance(scene, BoardScene) else UNIT
        return min(self._fit_zoom(), MIN_COUNTER_PX / size)

    def _fit_zoom(self) -> float:
        scene = self.scene()
        if scene is None:
            return 1.0
        r = scene.sceneRect()
        vp = self.contentsRect()  # the viewport's size: no scroll bars (see ``midway_desktop.ui``)
        if r.width() <= 0 or r.height() <= 0 or vp.width() <= 0:
            return 1.0
        return min(vp.width() / r.width(), vp.height() / r.height())

    def animate_zoom(self, target: float) -> None:
        """Glide to a zoom level (keyboard and toolbar zoom), keeping the centre still."""
        self.stop_animation()
        # The player leaves the fitted board now, not at the glide's first frame: a resize in
        # between (docks settling) would fit the board again and cancel the glide.
        self._fitted = False
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        from PySide6.QtCore import QVariantAnimation  # (at first use: see board_scene._snap_back)

        anim = QVariantAnimation(self)
        anim.setStartValue(self.zoom())
        anim.setEndValue(max(self.min_zoom(), min(MAX_ZOOM, target)))
        anim.setDuration(140)
        anim.valueChanged.connect(lambda v: self.set_zoom(float(v)))
        anim.finished.connect(lambda: self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse))
        self._anim = anim
        anim.start()

    def zoom_in(self) -> None:
        self.animate_zoom(self.zoom() * STEP)

    def zoom_out(self) -> None:
        self.animate_zoom(self.zoom() / STEP)

    def actual_size(self) -> None:
        self.animate_zoom(1.0)

    def stop_animation(self) -> None:
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def fit(self) -> None:
        self.stop_animation()
        scene = self.scene()
        if scene is None:
            return
        self.resetTransform()
        self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True
        self.zoomChanged.emit(self.zoom())

    def centre_on_cell(self, label: str) -> None:
        board = self.board_scene().board
        x, y = board.centre(label)
        self.centerOn(x * UNIT, y * UNIT)

    def resizeEvent(self, event: object) -> None:  # noqa: N802
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self._fitted:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            steps = event.pixelDelta().y() / 60.0
        if steps == 0:
            return
        self.stop_animation()
        self.set_zoom(self.zoom() * (STEP**steps), event.position())
        event.accept()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002
        # Tab belongs to the game on the map (picking counters), not to focus changes.
        if self.key_handler is not None and self.key_handler(int(Qt.Key.Key_Tab if next else Qt.Key.Key_Backtab)):
            return True
        return super().focusNextPrevChild(next)

    def ensure_visible_cell(self, label: str) -> None:
        board = self.board_scene().board
        x, y = board.centre(label)
        self.ensureVisible(QRectF(x * UNIT - UNIT, y * UNIT - UNIT, 2 * UNIT, 2 * UNIT), 20, 20)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        if self.key_handler is not None and self.key_handler(key):
            event.accept()
            return
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif key == Qt.Key.Key_0:
            self.fit()
        elif key == Qt.Key.Key_1:
            self.actual_size()
        else:
            super().keyPressEvent(event)

    # -- drops from docks ----------------------------------------------------------------
    @staticmethod
    def _piece(event: QDropEvent | QDragMoveEvent | QDragEnterEvent) -> str:
        data = event.mimeData()
        return bytes(data.data(PIECE_MIME).data()).decode() if data.hasFormat(PIECE_MIME) else ""

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        piece = self._piece(event)
        if piece and self.drop_handler is not None and self.drop_handler.drag_entered(piece):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        piece = self._piece(event)
        if not piece or self.drop_handler is None:
            event.ignore()
            return
        self.drop_handler.drag_hover(piece, self.cell_at_view(event.position()))
        event.acceptProposedAction()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:  # noqa: N802
        if self.drop_handler is not None:
            self.drop_handler.drag_left()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        piece = self._piece(event)
        if not piece or self.drop_handler is None:
            event.ignore()
            return
        whole = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)  # (Shift: the whole stack)
        self.drop_handler.dropped_on_map(piece, self.cell_at_view(event.position()), whole)
        event.acceptProposedAction()

    # -- readout --------------------------------------------------------------------------
    def cell_at_view(self, pos: QPointF) -> str | None:
        p = self.mapToScene(pos.toPoint())
        return self.board_scene().board.cell_at(p.x() / UNIT, p.y() / UNIT)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        label = self.cell_at_view(event.position()) or ""
        if label != self._last_label:
            self._last_label = label
            self.hovered.emit(label)
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: object) -> None:  # noqa: N802
        if self._last_label:
            self._last_label = ""
            self.hovered.emit("")
        super().leaveEvent(event)  # type: ignore[arg-type]


def _around(rect: QRectF, hole: QRectF) -> list[QRectF]:
    """``rect`` less ``hole``, as at most four strips (above, below, left and right of it)."""
    inner = rect.intersected(hole)
    if inner.isEmpty():
        return [rect]
    out = [
        QRectF(rect.left(), rect.top(), rect.width(), inner.top() - rect.top()),
        QRectF(rect.left(), inner.bottom(), rect.width(), rect.bottom() - inner.bottom()),
        QRectF(rect.left(), inner.top(), inner.left() - rect.left(), inner.height()),
        QRectF(inner.right(), inner.top(), rect.right() - inner.right(), inner.height()),
    ]
    return [r for r in out if r.width() > 0 and r.height() > 0]
