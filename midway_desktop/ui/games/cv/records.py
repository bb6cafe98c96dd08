"""CV's record sheets and charts as table and list views over one side's view.

CV › Basic IV.A.2.d: the Air Record Sheet has a line for each type of plane in each Air unit:
its Air Factors, Weapon unit, where it took off, when, and the last Turn it may land (Basic
VIII.E.1, an Endurance Factor spent in combat bringing it a Turn nearer, VIII.E.4). A line whose
last landing Turn is now, or past, stands out. The Ship Record Sheet lists the side's Ship units
by Task Force with their printed factors. The Time Record and Point Record Chart are on the
mapboard for both sides (Basic XI, XII).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractListModel, QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from midway_desktop.games.cv.actions import WEAPON_TITLES
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.time_record import Time
from midway_desktop.ui.games.cv.boxes import SIDE_NAMES, as_side, box_title, mine, plane_title, sides_shown
from midway_desktop.values import frozen_value

Index = QModelIndex | QPersistentModelIndex
URGENT = QColor(214, 72, 60, 150)  # must land this Turn (or is past it)
SOON = QColor(240, 190, 90, 140)  # must land next Turn


@frozen_value
class Line:
    """One line of a record sheet: its cells, its tooltip and how much it should stand out
    (0 not at all, 1 soon, 2 now)."""

    cells: tuple[str, ...]
    tip: str = ""
    urgency: int = 0


def parse(text: str) -> Time:
    """``"0300 June 4"`` as a Time."""
    hour, _june, day = text.split()
    return Time(int(day), int(hour) // 100)


class SheetModel(QAbstractTableModel):
    """A record sheet: its lines read out of the current view by ``select``."""

    def __init__(self, headers: tuple[str, ...], select: Callable[[dict[str, Any]], list[Line]], parent: Any = None):
        super().__init__(parent)
        self.headers = headers
        self.select = select
        self._lines: list[Line] = []

    def set_view(self, view: dict[str, Any]) -> None:
        self.beginResetModel()
        self._lines = self.select(view)
        self.endResetModel()

    def lines(self) -> list[Line]:
        return list(self._lines)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._lines):
            return None
        line = self._lines[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return line.cells[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return line.tip or None
        if role == Qt.ItemDataRole.BackgroundRole and line.urgency:
            return QBrush(URGENT if line.urgency > 1 else SOON)
        if role == Qt.ItemDataRole.FontRole and line.urgency > 1:
            font = QFont()
            font.setBold(True)
            return font
        return None


AIR_HEADERS = ("Air unit", "Planes", "Factors", "Weapon", "Altitude", "Took off from", "Took off", "Must land by")


def both_sides(lines: Callable[[dict[str, Any]], list[Line]]) -> Callable[[dict[str, Any]], list[Line]]:
    """A sheet of one side's lines; in the umpire's view (the review), both sides' sheets one
    after the other, each line's first cell naming its side."""

    def read(view: dict[str, Any]) -> list[Line]:
        sides = sides_shown(view)
        if view.get("viewer") in sides or len(sides) < 2:
            return lines(view)
        return [
            Line((f"{SIDE_NAMES[side]} {line.cells[0]}", *line.cells[1:]), line.tip, line.urgency)
            for side in sides
            for line in lines(as_side(view, side))
        ]

    return read


def air_record(game: Game) -> Callable[[dict[str, Any]], list[Line]]:
    return both_sides(_air_record(game))


def _air_record(game: Game) -> Callable[[dict[str, Any]], list[Line]]:
    def lines(view: dict[str, Any]) -> list[Line]:
        now = parse(view["time"])
        out = []
        for u in mine(view).get("air_units", ()):
            for r in u["records"]:
                last = parse(r["must_land"])
                urgency = 2 if last <= now else 1 if last == now.plus(1) else 0
                spent = f"; {r['spent']} Endurance Factor(s) spent" if r["spent"] else ""
                say = "must land this Turn" if last == now else "is past its last landing Turn"
                tip = f"Air unit {u['number']}: {r['factors']} {plane_title(game, r['plane'])}{spent}"
                tip += f" — {say}" if urgency == 2 else ""
                cells = (
                    str(u["number"]),
                    plane_title(game, r["plane"]),
                    str(r["factors"]),
                    WEAPON_TITLES.get(r["weapon"], r["weapon"]) if r["weapon"] else "—",
                    "High" if r["high"] else "Low",
                    box_title(game, r["origin"]),
                    r["took_off"],
                    r["must_land"],
                )
                out.append(Line(cells, tip, urgency))
        return out

    return lines


SHIP_HEADERS = ("Task Force", "Ship", "Type", "AA", "Gunnery", "Torpedo", "Movement", "Hit Factor", "Where")


def ship_record(game: Game) -> Callable[[dict[str, Any]], list[Line]]:
    return both_sides(_ship_record(game))


def _ship_record(game: Game) -> Callable[[dict[str, Any]], list[Line]]:
    def lines(view: dict[str, Any]) -> list[Line]:
        side = str(view.get("viewer", ""))
        out = []
        for t in mine(view).get("task_forces", ()):
            where = "left the mapboard" if t["exited"] else t["hex"] or (t["entry"] or {}).get("hex", "")
            for title in t["ships"]:
                ship = game.ship(side, title)
                c = ship.ship_class
                cells = (str(t["number"]), title, c.type, str(c.aa), str(c.gunnery), str(c.torpedo), str(c.movement),
                         str(c.hits), where)  # fmt: skip
                out.append(Line(cells, f"{title} ({c.title}) in Task Force {t['number']}"))
        return out

    return lines


class TimeRecordModel(QAbstractListModel):
    """CV › Basic XII: the Turns from now to the scenario's last, night Turns shaded; the
    current Turn marked."""

    def __init__(self, game: Game, parent: Any = None) -> None:
        super().__init__(parent)
        self.game = game
        self._turns: list[Time] = []
        self._now: Time | None = None

    def set_view(self, view: dict[str, Any]) -> None:
        self.beginResetModel()
        now, last = parse(view["time"]), parse(view["last"])
        self._now = now
        self._turns = [now.plus(i) for i in range(last.index - now.index + 1)]
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._turns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._turns):
            return None
        t = self._turns[index.row()]
        night = self.game.data.charts.time_record.is_night(t)
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{t}{' · night' if night else ''}{' · now' if t == self._now else ''}"
        if role == Qt.ItemDataRole.FontRole and t == self._now:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and night:
            return QBrush(QColor(60, 70, 100, 90))
        return None
