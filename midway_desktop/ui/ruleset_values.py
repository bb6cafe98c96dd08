"""The "Ruleset values" window: every value of the game's ruleset that says where it comes from.

Rows come from the Qt-free walker (``ruleset/provenance.py``): where the value is, what it
holds, its source (rulebook, derived, historical, provisional) and the reference or reason.
Provisional values, chosen where the rulebook is silent, are listed first and shown by
default, so a player with a printed copy can check them.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.games import game_info
from midway_desktop.ruleset import ruleset_dir
from midway_desktop.ruleset.provenance import SOURCES, SourcedValue, count_by_source, ruleset_values

COLUMNS = ("Place", "Value", "Source", "Reference or reason")
PLACE, VALUE, SOURCE, REF = range(4)
SOURCE_TITLES = {
    "provisional": "Provisional",
    "derived": "Derived",
    "historical": "Historical",
    "rulebook": "Rulebook",
    "unknown": "Not said",
}
SOURCE_TIPS = {
    "provisional": "Chosen to make the game playable where the rulebook is silent: check it against a printed copy.",
    "derived": "Follows from the rulebook's text; the reference says how.",
    "historical": "From the historical order of battle, scaled to the game's units.",
    "rulebook": "Stated in the rulebook.",
    "unknown": "The file does not say where this value comes from.",
}
_TINT = {"provisional": QColor(250, 226, 150), "derived": QColor(205, 225, 245), "historical": QColor(220, 235, 210)}
_ORDER = {s: i for i, s in enumerate((*SOURCES, "unknown"))}
NO_REFERENCE = "No reference given."
ALL = ""  # the filter's "every source"


class RulesetValuesModel(QAbstractTableModel):
    """The sourced values of one ruleset, one row each."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values: list[SourcedValue] = []

    def set_values(self, values: list[SourcedValue]) -> None:
        self.beginResetModel()
        self.values = list(values)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.values)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        v = self.values[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (v.place, v.value, SOURCE_TITLES.get(v.source, v.source), v.ref or NO_REFERENCE)[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == SOURCE:
                return SOURCE_TIPS.get(v.source, "")
            source = SOURCE_TITLES.get(v.source, v.source)
            return f"{v.place} (line {v.line})\n{v.value}\n\n{source}: {v.ref or NO_REFERENCE}"
        if role == Qt.ItemDataRole.BackgroundRole and col == SOURCE and v.source in _TINT:
            return QBrush(_TINT[v.source])
        if role == Qt.ItemDataRole.ForegroundRole and col == SOURCE and v.source in _TINT:
            return QBrush(QColor(30, 30, 30))
        if role == Qt.ItemDataRole.UserRole:  # sorting: sources in the view's order, the rest as read
            if col == SOURCE:
                return (_ORDER.get(v.source, len(_ORDER)), index.row())
            if col == PLACE:
                return index.row()  # the files' own order: a file's values as they are written
            return (v.value if col == VALUE else v.ref).casefold()
        return None


class RulesetValuesFilter(QSortFilterProxyModel):
    """Rows of one source (or all) whose place, value or reference holds the search text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source_kind = "provisional"
        self.words: list[str] = []
        self.setSortRole(Qt.ItemDataRole.UserRole)

    def set_source(self, source: str) -> None:
        self.beginFilterChange()
        self.source_kind = source
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self.words = text.casefold().split()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:  # noqa: N802
        model = self.sourceModel()
        assert isinstance(model, RulesetValuesModel)
        v = model.values[row]
        if self.source_kind and v.source != self.source_kind:
            return False
        if not self.words:
            return True
        text = f"{v.place} {v.value} {v.ref}".casefold()
        return all(w in text for w in self.words)

    def lessThan(self, left: QModelIndex | QPersistentModelIndex, right: QModelIndex | QPersistentModelIndex) -> bool:  # noqa: N802
        a, b = left.data(Qt.ItemDataRole.UserRole), right.data(Qt.ItemDataRole.UserRole)
        return bool(a < b)


class RulesetValuesDialog(QDialog):
    """A window beside the board (not modal): the current game's ruleset values."""

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ruleset-values")
        self.resize(1000, 560)
        self.model = RulesetValuesModel(self)
        self.proxy = RulesetValuesFilter(self)
        self.proxy.setSourceModel(self.model)

        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.source_box = QComboBox(self)
        self.source_box.setToolTip("Show the values of one source, or of every source")
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search places, values and references")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Show only the values whose place, value or reference holds every word typed here")
        self.shown = QLabel(self)

        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        rows = self.table.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)  # one line a value
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)  # the whole text is in the tooltip
        for col, width in ((PLACE, 330), (VALUE, 190), (SOURCE, 95)):
            self.table.setColumnWidth(col, width)

        filters = QHBoxLayout()
        filters.addWidget(QLabel("Source:", self))
        filters.addWidget(self.source_box)
        filters.addWidget(self.search, 1)
        filters.addWidget(self.shown)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)

        self.source_box.currentIndexChanged.connect(self._source_chosen)
        self.search.textChanged.connect(self._search_changed)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.activated.connect(self.search.setFocus)
        self.game_id = ""
        self.show_game(game_id)

    def show_game(self, game_id: str) -> None:
        """Fill the table with ``game_id``'s ruleset, keeping the chosen source and search."""
        if game_id == self.game_id:
            return
        self.game_id = game_id
        title = game_info(game_id).title
        self.setWindowTitle(f"Ruleset values — {title}")
        values = ruleset_values(ruleset_dir(game_id))
        self.model.set_values(values)
        counts = count_by_source(values)
        chosen = self.source_box.currentData() if self.source_box.count() else "provisional"
        self.source_box.blockSignals(True)
        self.source_box.clear()
        self.source_box.addItem(f"Every source ({len(values)})", ALL)
        for source, n in counts.items():
            self.source_box.addItem(f"{SOURCE_TITLES.get(source, source)} ({n})", source)
            tip = SOURCE_TIPS.get(source, "")
            self.source_box.setItemData(self.source_box.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        found = self.source_box.findData(chosen)
        self.source_box.setCurrentIndex(found if found >= 0 else 0)
        self.source_box.blockSignals(False)
        self.proxy.set_source(self.source_box.currentData())
        provisional = counts.get("provisional", 0)
        self.intro.setText(
            f"Every value of the {title} ruleset that says where it comes from. "
            f"{provisional} of {len(values)} are provisional: chosen where the rulebook is silent, "
            "to be checked against a printed copy."
        )
        # Provisional first, each file's values in the order they are written.
        self.table.sortByColumn(SOURCE, Qt.SortOrder.AscendingOrder)
        self._count_shown()

    def choose_source(self, source: str) -> None:
        """Show only ``source``'s values ("" for every source)."""
        self.source_box.setCurrentIndex(max(0, self.source_box.findData(source)))

    def _source_chosen(self, _index: int) -> None:
        self.proxy.set_source(self.source_box.currentData() or ALL)
        self._count_shown()

    def _search_changed(self, text: str) -> None:
        self.proxy.set_search(text)
        self._count_shown()

    def _count_shown(self) -> None:
        self.shown.setText(f"{self.proxy.rowCount()} of {self.model.rowCount()} shown")

    def shown_rows(self) -> list[SourcedValue]:
        """The values the table shows, in the order it shows them."""
        out = []
        for row in range(self.proxy.rowCount()):
            source_row = self.proxy.mapToSource(self.proxy.index(row, 0)).row()
            out.append(self.model.values[source_row])
        return out
