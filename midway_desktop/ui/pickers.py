"""Small pickers asked after a gesture or a menu line: how many of a stack go (the count picker)
and which of many places or orders (the option picker).

On the table a player picks up a stack and counts off planes, or puts a counter down on a hex;
the window asks the same two things, each in a small box the keyboard can answer: the count
picker's All, Half and One are A, H and O (or a number typed, then Enter; Enter alone takes
all), the option picker filters its list as the player types. Neither blocks the event loop
(they open with ``open``, not ``exec``), so a test answers them as a player does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QSortFilterProxyModel, QStringListModel, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


def half_of(counts: Sequence[int]) -> int:
    """The count nearest half the most (rounded up), among ``counts``."""
    most = max(counts)
    return min(counts, key=lambda n: (abs(n - (most + 1) // 2), n))


def nearest(counts: Sequence[int], n: int) -> int:
    """The allowed count nearest ``n`` (the smaller on a tie)."""
    return min(counts, key=lambda c: (abs(c - n), c))


class CountPicker(QDialog):
    """How many of a stack: ``chosen`` gets one of ``counts`` (all of them unless told)."""

    chosen = Signal(int)

    def __init__(self, question: str, counts: Sequence[int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.counts = tuple(sorted(counts))
        self.setWindowTitle("How many?")
        self.setObjectName("countPicker")
        lay = QVBoxLayout(self)
        label = QLabel(question)
        label.setWordWrap(True)
        lay.addWidget(label)
        row = QHBoxLayout()
        most, half, least = self.counts[-1], half_of(self.counts), self.counts[0]
        self.buttons: dict[str, QPushButton] = {}
        one = "&One" if least == 1 else f"&One ({least})"
        picks = (("a", f"&All ({most})", most), ("h", f"&Half ({half})", half), ("o", one, least))
        for key, text, n in picks:
            b = QPushButton(text)
            b.setAutoDefault(False)
            b.setToolTip(f"Key {key.upper()}")
            b.clicked.connect(lambda _c=False, n=n: self._choose(n))
            row.addWidget(b)
            self.buttons[key] = b
        lay.addLayout(row)
        spin_row = QHBoxLayout()
        spin_row.addWidget(QLabel("Or how many:"))
        self.spin = QSpinBox()
        self.spin.setRange(least, most)
        self.spin.setValue(most)
        self.spin.setToolTip("Type a number, then Enter (the nearest count the rules allow is taken)")
        self.spin.lineEdit().installEventFilter(self)
        spin_row.addWidget(self.spin, 1)
        lay.addLayout(spin_row)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(lambda: self._choose(self.spin.value()))
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.spin.setFocus()
        self.spin.selectAll()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.text().lower()
            if key in self.buttons:
                self.buttons[key].click()
                return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.text().lower()
        if key in self.buttons:
            self.buttons[key].click()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._choose(self.spin.value())
            return
        super().keyPressEvent(event)

    def _choose(self, n: int) -> None:
        self.chosen.emit(nearest(self.counts, n))
        self.accept()


class OptionPicker(QDialog):
    """One of many options (hexes, paths, orders): typing filters the list, Enter or a
    double-click takes the highlighted one (``chosen``); ``highlighted`` follows the cursor
    (the window shows that hex on the map)."""

    chosen = Signal(str)
    highlighted = Signal(str)

    def __init__(self, question: str, options: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Which?")
        self.setObjectName("optionPicker")
        lay = QVBoxLayout(self)
        label = QLabel(question)
        label.setWordWrap(True)
        lay.addWidget(label)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Type to narrow the list (a hex number, a name)")
        self.filter.setClearButtonEnabled(True)
        lay.addWidget(self.filter)
        self.model = QStringListModel(list(options), self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.list = QListView()
        self.list.setModel(self.proxy)
        self.list.setUniformItemSizes(True)
        self.list.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        lay.addWidget(self.list, 1)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self._take)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.filter.textChanged.connect(self._narrow)
        self.filter.returnPressed.connect(self._take)
        self.list.activated.connect(lambda _i: self._take())
        self.list.selectionModel().currentChanged.connect(lambda i, _p: self.highlighted.emit(str(i.data() or "")))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(420, 360)
        self._narrow("")
        self.filter.setFocus()

    def shown(self) -> list[str]:
        """The options the filter leaves, in order."""
        return [str(self.proxy.index(r, 0).data()) for r in range(self.proxy.rowCount())]

    def _narrow(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        if self.proxy.rowCount():
            self.list.setCurrentIndex(self.proxy.index(0, 0))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up) and self.filter.hasFocus():
            self.list.setFocus()
            self.list.keyPressEvent(event)  # (arrows from the filter move the highlight)
            return
        super().keyPressEvent(event)

    def _take(self) -> None:
        index = self.list.currentIndex()
        if not index.isValid():
            return
        self.chosen.emit(str(index.data()))
        self.accept()


def ask_count(parent: QWidget, question: str, counts: Sequence[int], then: Callable[[int], object]) -> CountPicker:
    picker = CountPicker(question, counts, parent)
    picker.chosen.connect(then)
    picker.open()
    return picker


def ask_option(parent: QWidget, question: str, options: Sequence[str], then: Callable[[str], object]) -> OptionPicker:
    picker = OptionPicker(question, options, parent)
    picker.chosen.connect(then)
    picker.open()
    return picker
