"""The Orders dock's list: the orders (or choices of orders) open to the chosen counter, as a
list view over them.

A CV counter's orders come as choices (``games.cv.choices``), a dozen lines at most, so each
line is wrapped whole at the dock's width rather than cut off. The rows are counted in C++ (a
string list of blanks), and a line is put in words only when the view asks for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, QStringListModel, Qt, Signal
from PySide6.QtWidgets import QListView

Index = QModelIndex | QPersistentModelIndex


class OrderListModel(QStringListModel):
    """Orders as lines: ``words`` puts one in words (asked only for the lines on show). The
    string list holds a blank a line, for the count; the lines read are the orders'."""

    def __init__(self, words: Callable[[Any], str], parent: Any = None) -> None:
        super().__init__(parent)
        self.words = words
        self._orders: Sequence[Any] = ()

    def set_orders(self, orders: Sequence[Any]) -> None:
        self._orders = orders  # (not copied: a CV Task Force's set-up orders are made as they are read)
        self.setStringList([""] * len(orders))  # (resets the model: read again from the orders)

    def orders(self) -> Sequence[Any]:
        return self._orders

    def flags(self, index: Index) -> Qt.ItemFlag:
        """A list model's: neither edited nor dragged, as a string list's lines are."""
        return QAbstractListModel.flags(self, index)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._orders):
            return None
        order = self._orders[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.words(order)  # (as a tip too: the dock may be narrower than the order)
        if role == Qt.ItemDataRole.UserRole:
            return order
        return None


class OrderList(QListView):
    """The list of orders; Enter or a double-click gives the one under the cursor
    (``order_activated``)."""

    order_activated = Signal(object)

    def __init__(self, words: Callable[[Any], str], parent: Any = None) -> None:
        super().__init__(parent)
        self.orders = OrderListModel(words, self)
        self.setModel(self.orders)
        self.setWordWrap(True)  # (a narrow dock shows the whole line, over two or three rows)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.activated.connect(self._activated)

    def set_orders(self, orders: Sequence[Any]) -> None:
        self.orders.set_orders(orders)

    def count(self) -> int:
        return self.orders.rowCount()

    def text(self, row: int) -> str:
        """The words of line ``row``, as shown."""
        return str(self.orders.data(self.orders.index(row), Qt.ItemDataRole.DisplayRole))

    def order(self, row: int) -> Any:
        return self.orders.orders()[row]

    def setCurrentRow(self, row: int) -> None:  # noqa: N802 (as a list widget's)
        self.setCurrentIndex(self.orders.index(row))

    def _activated(self, index: QModelIndex) -> None:
        order = self.orders.data(index, Qt.ItemDataRole.UserRole)
        if order is not None:
            self.order_activated.emit(order)
