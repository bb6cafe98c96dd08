"""Holding boxes as Qt models over one side's view (VaM's and CV's Holding Box charts).

A :class:`PieceListModel` does not keep its own copy of the game: it is handed the viewing
side's engine view and reads its rows out of it through a selector, so every box shows what
the engine says and nothing else. A :class:`BoxView` shows one box as a row of counters that
can be dragged out (to the map or another box) and dropped onto.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QGuiApplication, QIcon, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QLabel, QListView, QTabBar, QVBoxLayout, QWidget

from midway_desktop.ui.board_view import PIECE_MIME
from midway_desktop.ui.counters import CounterFace, face_pixmap, preview_html
from midway_desktop.ui.games.base import window_tab_bars
from midway_desktop.ui.wrapped_label import WrappedLabel
from midway_desktop.values import frozen_value

if TYPE_CHECKING:
    from PySide6.QtCore import QMimeData

ICON = 44


# The roles a box answers: its view asks for eight at every paint of every counter (font,
# colours, alignment...), the rest turned away before the index is looked at.
def role_numbers(*roles: Qt.ItemDataRole) -> frozenset[int]:
    """The roles a model answers, as the numbers its ``data`` is asked with."""
    return frozenset(int(r) for r in roles)


_ANSWERED = role_numbers(
    Qt.ItemDataRole.AccessibleTextRole,
    Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.UserRole,
)
Index = QModelIndex | QPersistentModelIndex


def _screen_ratio() -> float:
    screen = QGuiApplication.primaryScreen()
    return screen.devicePixelRatio() if screen is not None else 1.0


@frozen_value
class Row:
    """One counter in a box: the piece it is, what is printed on it, and its tooltip. A dim
    counter is shown greyed: it is there, but its time has not come (a group that enters later)."""

    piece: str
    label: str
    face: CounterFace
    tip: str = ""
    dim: bool = False


Selector = Callable[[dict[str, Any]], Sequence[Row]]


class PieceListModel(QAbstractListModel):
    """The counters of one holding box, read from the current view by ``select``."""

    def __init__(self, select: Selector, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.select = select
        self._view: dict[str, Any] = {}
        self._rows: Sequence[Row] = ()
        self.movable: frozenset[str] = frozenset()

    def set_view(self, view: dict[str, Any], movable: frozenset[str]) -> None:
        self.beginResetModel()
        self._view = view
        self._rows = self.select(view)
        self.movable = movable
        self.endResetModel()

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Show ``rows`` as they are (``()``: an empty box)."""
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def rows(self) -> Sequence[Row]:
        return self._rows

    def pieces(self) -> list[str]:
        return [r.piece for r in self._rows]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED:
            return None
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return row.label  # the face already shows the name; screen readers get it here
        if role == Qt.ItemDataRole.DecorationRole:
            dpr = _screen_ratio()
            pixmap = QPixmap(face_pixmap(row.face, round(ICON * dpr), dpr))  # sharp on a HiDPI screen
            pixmap.setDevicePixelRatio(dpr)
            if row.dim:
                pixmap = QIcon(pixmap).pixmap(QSize(ICON, ICON), dpr, QIcon.Mode.Disabled)
            return QIcon(pixmap)
        if role == Qt.ItemDataRole.ToolTipRole:
            # The counter drawn large beside its description, as on the map.
            return preview_html(row.face, row.tip or row.label, _screen_ratio())
        if role == Qt.ItemDataRole.UserRole:
            return row.piece
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.isValid() and self._rows[index.row()].piece in self.movable:
            base |= Qt.ItemFlag.ItemIsDragEnabled
        return base

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [PIECE_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:  # noqa: N802
        from PySide6.QtCore import QMimeData  # (named at the first drag: PySide6 makes a class when first named)

        data = QMimeData()
        if indexes:
            piece = self._rows[indexes[0].row()].piece
            data.setData(PIECE_MIME, piece.encode())
            data.setText(piece)
        return data

    def supportedDragActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.MoveAction


class BoxHost(Protocol):
    """Whoever turns drops on boxes into orders (the presenter)."""

    def box_accepts(self, piece: str, destinations: tuple[str, ...]) -> bool: ...
    def dropped_in_box(self, piece: str, destinations: tuple[str, ...], whole: bool = False) -> None: ...
    def piece_menu(self, piece: str, where: Any) -> None: ...


def piece_of(event: QDropEvent | QDragMoveEvent | QDragEnterEvent) -> str:
    data = event.mimeData()
    return bytes(data.data(PIECE_MIME).data()).decode() if data.hasFormat(PIECE_MIME) else ""


class BoxView(QListView):
    """One holding box: counters in a wrapping row; a drop target named by ``destinations``.

    A target box (the battle board) also names each counter as a destination ``unit:ID``, so
    dropping on a counter chooses it as the target."""

    picked = Signal(str)  # a counter was clicked
    activated_piece = Signal(str)  # double-click or Enter on a counter

    def __init__(
        self, model: PieceListModel, host: BoxHost, destinations: tuple[str, ...] = (), targets: bool = False
    ) -> None:
        super().__init__()
        self.setModel(model)
        self.box_model = model
        self.host = host
        self.destinations = destinations
        self.targets = targets
        # Counters stay where the box puts them: set before the icon mode, which would otherwise
        # let them be moved about (and, set after it, would close the viewport to drops).
        self.setMovement(QListView.Movement.Static)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setIconSize(QSize(ICON, ICON))
        self.setGridSize(QSize(ICON + 8, ICON + 8))
        self.setUniformItemSizes(True)
        self.setDragEnabled(True)
        # Drops arrive at the viewport, which this also opens to them (asking Qt for the
        # viewport itself would cost the start every widget class: see ``midway_desktop.ui``).
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(False)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu)
        self.clicked.connect(lambda ix: self.picked.emit(ix.data(Qt.ItemDataRole.UserRole)))
        self.activated.connect(lambda ix: self.activated_piece.emit(ix.data(Qt.ItemDataRole.UserRole)))
        model.modelReset.connect(self._fit_height)
        # A box is filled again from every new view: the counter the player picked stays picked.
        self._kept_pick = ""
        model.modelAboutToBeReset.connect(self._keep_pick)
        model.modelReset.connect(self._restore_pick)

    def picked_piece(self) -> str:
        """The counter picked in this box ("" if none)."""
        ix = self.currentIndex()
        model = self.selectionModel()
        if not ix.isValid() or model is None or not model.isSelected(ix):
            return ""
        return str(ix.data(Qt.ItemDataRole.UserRole) or "")

    def pick(self, piece: str) -> bool:
        """Pick ``piece``'s counter, if the box holds it (as a click on it does)."""
        if not piece:
            return False
        for row, held in enumerate(self.box_model.pieces()):
            if held == piece:
                self.setCurrentIndex(self.box_model.index(row))
                return True
        return False

    def pick_when_filled(self, piece: str) -> None:
        """Pick ``piece`` as the box is next filled (a box made anew for one the player had picked in)."""
        self._kept_pick = piece

    def _keep_pick(self) -> None:
        self._kept_pick = self.picked_piece() or self._kept_pick

    def _restore_pick(self) -> None:
        piece, self._kept_pick = self._kept_pick, ""
        self.pick(piece)

    def _fit_height(self) -> None:
        """Tall enough for every counter: a box never hides counters behind a scroll bar."""
        # The icon layout keeps room for a scroll bar when it wraps, so a row holds fewer
        # counters than the bare width suggests.
        # (The contents' width is the viewport's: a box sized to its counters has no scroll bar.)
        room = (self.contentsRect().width() or 300) - self.verticalScrollBar().sizeHint().width()
        per_row = max(1, room // self.gridSize().width())
        rows = max(1, -(-self.box_model.rowCount() // per_row))
        self.setFixedHeight(rows * self.gridSize().height() + 2 * self.frameWidth() + 4)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_height()

    def _menu(self, pos: Any) -> None:
        ix = self.indexAt(pos)
        if ix.isValid():
            self.host.piece_menu(ix.data(Qt.ItemDataRole.UserRole), self.viewport().mapToGlobal(pos))

    def startDrag(self, supported: Qt.DropAction) -> None:  # noqa: N802
        """While a counter is carried, the host may light the places that take it."""
        ix = self.currentIndex()
        piece = ix.data(Qt.ItemDataRole.UserRole) if ix.isValid() else ""
        started, ended = getattr(self.host, "drag_started", None), getattr(self.host, "drag_ended", None)
        if piece and started is not None:
            started(piece)
        try:
            super().startDrag(supported)
        finally:
            if piece and ended is not None:
                ended()

    def _dests_at(self, event: QDropEvent | QDragMoveEvent) -> tuple[str, ...]:
        if not self.targets:
            return self.destinations
        ix = self.indexAt(event.position().toPoint())
        on = (f"unit:{ix.data(Qt.ItemDataRole.UserRole)}",) if ix.isValid() else ()
        return on + self.destinations

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if piece_of(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        piece = piece_of(event)
        dests = self._dests_at(event)
        if piece and dests and self.host.box_accepts(piece, dests):
            event.acceptProposedAction()
        else:
            # Still let the drop happen, so the player hears the rule that refuses it.
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        piece = piece_of(event)
        dests = self._dests_at(event)
        if piece and dests:
            self.host.dropped_in_box(piece, dests, bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
        event.accept()


class SpringTabs(QObject):
    """Dock tabs that open when a counter is dragged over them, so a counter can go from a box
    in one tab to a box in another (as a hand moves between sheets on the table)."""

    def __init__(self, window: QWidget, owner: QObject) -> None:
        # Owned by the game's presenter, not the window: it goes when the game does.
        super().__init__(owner)
        self.window = window

    def watch(self) -> None:
        """Take on any dock tab bar the window has made since the last look."""
        direct = Qt.FindChildOption.FindDirectChildrenOnly  # docks are the window's own children
        docks = {d.windowTitle(): d for d in self.window.findChildren(QDockWidget, options=direct)}
        for bar in window_tab_bars(self.window):
            bar.setAcceptDrops(True)
            bar.installEventFilter(self)  # (once: Qt moves a filter installed again, never doubles it)
            for i in range(bar.count()):
                dock = docks.get(bar.tabText(i))
                if dock is not None and dock.toolTip():
                    bar.setTabToolTip(i, dock.toolTip())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if isinstance(watched, QTabBar) and event.type() in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            drag = event  # a QDragMoveEvent (QDragEnterEvent is one)
            if isinstance(drag, QDragMoveEvent) and drag.mimeData().hasFormat(PIECE_MIME):
                tab = watched.tabAt(drag.position().toPoint())
                if tab >= 0 and tab != watched.currentIndex():
                    watched.setCurrentIndex(tab)  # the window brings that tab's dock forward
                drag.acceptProposedAction()
                return True
        return False


class BoxPanel(QWidget):
    """A titled holding box."""

    def __init__(self, title: str, view: BoxView, tip: str = "", wrap: bool = False) -> None:
        """``wrap``: the title wraps in a narrow box ("B (Refueling and Rearming)")."""
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 4)
        layout.setSpacing(1)
        self.title = WrappedLabel(title) if wrap else QLabel(title)
        bold = self.title.font()
        bold.setBold(True)
        self.title.setFont(bold)  # (a style sheet would cost every box a restyling at the start)
        self.title.setToolTip(tip)
        layout.addWidget(self.title)
        layout.addWidget(view)
        self.view = view
