"""The game log: a model over the viewing side's filtered events, newest at the bottom."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QDockWidget, QListView, QWidget

from midway_desktop.engine import Event

_COLOURS = {"roll": QColor("#6a3d9a"), "combat": QColor("#a33"), "hit": QColor("#a33"), "victory": QColor("#1b5e20")}

Index = QModelIndex | QPersistentModelIndex


class EventLogModel(QAbstractListModel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._events: list[Event] = []

    def reset(self, events: list[Event]) -> None:
        """Show ``events``. A log that only grew gets its new rows added: laying every row of a
        long word-wrapped log out again at each event was most of the time a game against the
        computer spent (80 of 120 s of a whole VaM game, offscreen)."""
        n = len(self._events)
        if n and len(events) >= n and all(a is b for a, b in zip(self._events, events, strict=False)):
            if len(events) > n:
                self.beginInsertRows(QModelIndex(), n, len(events) - 1)
                self._events.extend(events[n:])
                self.endInsertRows()
            return
        self.beginResetModel()
        self._events = list(events)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._events)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        event = self._events[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return event.text
        if role == Qt.ItemDataRole.ForegroundRole:
            return _COLOURS.get(event.kind)
        if role == Qt.ItemDataRole.FontRole and event.kind in ("turn", "victory", "phase"):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return event.text
        if role == Qt.ItemDataRole.UserRole:
            return event
        return None

    def events(self) -> list[Event]:
        return list(self._events)


class LogDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Log", parent)
        self.setObjectName("log")
        self.model = EventLogModel(self)
        self.list = QListView(self)
        self.list.setModel(self.model)
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setAlternatingRowColors(True)
        self.setWidget(self.list)

    def show_events(self, events: list[Event]) -> None:
        before = self.model.rowCount()
        self.model.reset(events)
        if self.model.rowCount() == before and before:
            return  # nothing new: the reader's scroll position stays where it is
        self.list.scrollToBottom()
        QTimer.singleShot(0, self.list, self.list.scrollToBottom)  # again once rows have their heights
