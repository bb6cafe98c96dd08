"""CV: a read-only look at each scenario's set-up, both sides at once (``MainWindow.show_set_up_preview``).

The places come from ``games/cv/setup_preview.py``; this module only draws them: a counter for
each force at its hex (those still to come on a paler face at their entry area), Midway's Base
with its land-based air, each off-board Base at its Air Entry Hexes, and a dock listing every
force with its ships, air, and when and where it comes on.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.games.cv.setup_preview import BasePreview, ForcePreview, SetupPreview, kept_setup_preview
from midway_desktop.ui.board_scene import MoveOptions
from midway_desktop.ui.counters import CounterFace, CounterItem
from midway_desktop.ui.games.base import Presenter

if TYPE_CHECKING:
    from midway_desktop.games.cv.data import CvData
    from midway_desktop.ui.controller import GameController
    from midway_desktop.ui.main_window import MainWindow

# (key, what the chooser says): Scenario V is shown from the scenario it borrows from.
CHOICES = (
    ("II", "Scenario II: The Short Scenario"),
    ("III", "Scenario III: The Battle of Midway"),
    ("IV", "Scenario IV: The Midway Campaign"),
    ("V-II", "Scenario V: Japanese Free Set Up, from Scenario II"),
    ("V-III", "Scenario V: Japanese Free Set Up, from Scenario III"),
    ("V-IV", "Scenario V: Japanese Free Set Up, from Scenario IV"),
)
DEFAULT_CHOICE = "III"
SIDE_FACES = {"american": "us", "japanese": "japan"}
SIDE_NAMES = {"american": "American", "japanese": "Japanese"}
PREVIEW_NOTE = "A look at the set-up only: both sides are shown, and nothing moves. Game › New Game plays CV."
STILL = "This is a look at the set-up: nothing moves here yet."
# CV's mapboard is 96 hexes across: fitted to a window a counter would be a few pixels wide.
# Preview counters are drawn at least this many screen pixels across (they cover a few hexes
# then, marking the place rather than filling one hex).
LEGIBLE_COUNTER_PX = 30


def parse_choice(key: str) -> tuple[str, str | None]:
    """``"V-III"`` -> ("V", "III"); ``"II"`` -> ("II", None)."""
    scenario, _, source = key.partition("-")
    return scenario, source or None


class CvSetupPresenter(Presenter):
    """The CV set-up preview: a scenario chooser and list in a dock, the set-up on the map."""

    status_note = "CV: a look at each scenario's set-up, both sides shown. Game › New Game plays CV."

    def __init__(self, window: MainWindow, controller: GameController) -> None:
        super().__init__(window, controller)
        self.choice = ""
        self.preview: SetupPreview | None = None

    @cached_property
    def data(self) -> CvData:
        """All of CV's data: read when asked for (the previews shown are kept between runs)."""
        from midway_desktop.games.cv.data import load_data

        return load_data()

    # -- docks ----------------------------------------------------------------------------
    def build_docks(self) -> None:
        dock = QDockWidget("Scenario set-up", self.window)
        dock.setObjectName("cv-set-up")
        body = QWidget(dock)
        layout = QVBoxLayout(body)
        note = QLabel(f"<b>Set-up preview.</b> {PREVIEW_NOTE}", body)
        note.setWordWrap(True)
        self.chooser = QComboBox(body)
        self.chooser.setToolTip("The scenario whose set-up the map shows")
        for key, text in CHOICES:
            self.chooser.addItem(text, key)
        self.summary = QLabel(body)
        self.summary.setWordWrap(True)
        self.tree = QTreeWidget(body)
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels(["Force or Base", "When"])
        self.tree.setAlternatingRowColors(True)
        layout.addWidget(note)
        layout.addWidget(self.chooser)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)
        dock.setWidget(body)
        self.window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.docks.append(dock)
        self.dock = dock
        self.link(self.chooser.currentIndexChanged, self._chosen)
        self.link(self.tree.currentItemChanged, self._picked)
        self.link(self.tree.itemDoubleClicked, self._find)
        self.link(self.window.view.zoomChanged, self._scale_counters)
        self.window.prefer_dock_columns(dock, 380, self.window.key_dock, 260)

    def attach(self) -> None:
        super().attach()
        self.show_scenario(DEFAULT_CHOICE)

    def detach(self) -> None:
        scene = self.scene
        super().detach()
        scene.unlight()
        scene.clear_counters()

    # -- choosing -------------------------------------------------------------------------
    def show_scenario(self, key: str) -> None:
        """Show the set-up of ``key`` (``"II"`` ... ``"IV"``, or ``"V-III"``: V from III)."""
        keys = [k for k, _ in CHOICES]
        if key not in keys:
            raise ValueError(f"no CV scenario {key!r} to show (choose from {', '.join(keys)})")
        if self.chooser.currentData() != key:
            self.chooser.setCurrentIndex(keys.index(key))  # shows it through _chosen
            return
        self._show(key)

    def _chosen(self, index: int) -> None:
        self._show(str(self.chooser.itemData(index)))

    def _show(self, key: str) -> None:
        self.choice = key
        scenario, source = parse_choice(key)
        self.preview = preview = kept_setup_preview(scenario, source)
        self.scene.unlight()
        self.scene.clear_counters()
        for force in preview.forces:
            self._counter(f"{force.side}-force-{force.force}", _force_face(force), force.label, _force_tip(force))
        for base in preview.bases:
            self._counter(f"{base.side}-base-{base.name}", _base_face(base), base.label, _base_tip(base))
        self.summary.setText(_summary(preview))
        self._fill_tree(preview)
        self._scale_counters(self.window.view.zoom())

    def _counter(self, piece: str, face: CounterFace, label: str, tip: str) -> None:
        item = self.scene.add_counter(piece, face, label)
        item.draggable = False
        item.setToolTip(tip)

    def _scale_counters(self, zoom: float) -> None:
        """Counters at least ``LEGIBLE_COUNTER_PX`` across on screen, at any zoom."""
        size = self.scene.counter_size() * max(zoom, 1e-6)
        scale = max(1.0, LEGIBLE_COUNTER_PX / size)
        for item in self.scene.counters.values():
            item.setScale(scale)

    def _fill_tree(self, preview: SetupPreview) -> None:
        self.tree.clear()
        groups = (
            ("On the mapboard at the start", preview.on_board),
            ("Still to come", preview.to_come),
        )
        for title, forces in groups:
            top = QTreeWidgetItem([f"{title} ({len(forces)})", ""])
            self.tree.addTopLevelItem(top)
            for force in forces:
                row = QTreeWidgetItem([force.title, force.time or "At the start"])
                row.setData(0, Qt.ItemDataRole.UserRole, force.label)
                row.setData(1, Qt.ItemDataRole.UserRole, force.regions)
                row.setToolTip(0, _plain(_force_tip(force)))
                top.addChild(row)
                _add_lines(row, [force.where, *_force_lines(force)])
                row.setExpanded(True)
        bases = QTreeWidgetItem([f"Bases and land-based air ({len(preview.bases)})", ""])
        self.tree.addTopLevelItem(bases)
        for base in preview.bases:
            row = QTreeWidgetItem([f"{base.title} ({SIDE_NAMES[base.side]})", "At the start"])
            row.setData(0, Qt.ItemDataRole.UserRole, base.label)
            row.setToolTip(0, _plain(_base_tip(base)))
            bases.addChild(row)
            _add_lines(row, [_base_where(base), *_base_lines(base)])
        for i in range(self.tree.topLevelItemCount()):
            self.tree.topLevelItem(i).setExpanded(True)
            self.tree.topLevelItem(i).setFirstColumnSpanned(True)
        self.tree.resizeColumnToContents(0)
        self.tree.resizeColumnToContents(1)

    def _picked(self, item: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        """Light the area the chosen force may start or enter in."""
        regions = item.data(1, Qt.ItemDataRole.UserRole) if item is not None else None
        if not regions:
            self.scene.unlight()
            return
        board = self.scene.board
        cells = frozenset(c for r in regions for c in board.region(str(r)))
        self.scene.light_cells(MoveOptions(cells, lambda _label: STILL))

    def _find(self, item: QTreeWidgetItem, _column: int) -> None:
        label = item.data(0, Qt.ItemDataRole.UserRole)
        if label:
            self.window.view.centre_on_cell(str(label))

    # -- the scene asks ---------------------------------------------------------------------
    def legal_moves(self, item: CounterItem) -> MoveOptions:
        return MoveOptions(frozenset(), lambda _label: STILL)

    def refresh(self) -> None:
        """Nothing to redraw from a game: the preview changes only with the chosen scenario."""


def _add_lines(row: QTreeWidgetItem, lines: list[str]) -> None:
    """Lines under a row of the list, each across both columns (the full text as its tooltip)."""
    for line in lines:
        child = QTreeWidgetItem([line, ""])
        child.setToolTip(0, line)
        row.addChild(child)
        child.setFirstColumnSpanned(True)


# -- what the counters and the list say ---------------------------------------------------------
def _force_face(force: ForcePreview) -> CounterFace:
    values = f"{force.air_factors} air" if force.air_factors else f"{len(force.ships)} ships"
    kind = force.time if not force.at_start else "Force"
    return CounterFace(
        SIDE_FACES[force.side], force.force, kind, values, reduced=not force.at_start, symbol="task-force"
    )


def _base_face(base: BasePreview) -> CounterFace:
    """Midway by name; an off-board Base by the letter its Air Entry Hexes carry ("3W": Wake),
    its name on the type line."""
    values = f"{base.air_factors} air"
    if base.on_board or not base.letter:
        kind = f"{base.ground} ground" if base.ground else "Base"  # the type line: short enough to print
        return CounterFace(SIDE_FACES[base.side], base.title.split()[0], kind, values, symbol="base")
    return CounterFace(SIDE_FACES[base.side], base.letter, base.title, values, symbol="base")


def _factors(counts: dict[str, int] | object) -> str:
    assert isinstance(counts, dict)
    return ", ".join(f"{n} {title}" for title, n in counts.items())


def _force_lines(force: ForcePreview) -> list[str]:
    lines = [f"Ships ({len(force.ships)}): {', '.join(force.ships)}"]
    if force.air:
        lines.append(f"Air Factors ({force.air_factors}): {_factors(dict(force.air))}")
    if force.ground:
        lines.append(f"Ground Factors aboard its transports: {force.ground}")
    return lines


def _base_lines(base: BasePreview) -> list[str]:
    lines = [f"Air Factors ({base.air_factors}): {_factors(dict(base.air))}" if base.air else "No Air Factors"]
    if base.ground:
        lines.append(f"Ground Factors: {base.ground}")
    return lines


def _force_tip(force: ForcePreview) -> str:
    when = f"Enters {force.time}." if force.time else "On the mapboard at the start."
    lines = [f"<b>{force.title}</b>", force.where, when, *_force_lines(force)]
    if len(force.regions) > 1 or force.where.startswith("Anywhere"):
        lines.append("Shown at one hex of its area; it may start anywhere the scenario allows.")
    lines.append("Set-up preview: nothing moves here yet.")
    return "<br>".join(lines)


def _base_where(base: BasePreview) -> str:
    if base.on_board:
        return "In the Midway hex."
    return "Off the mapboard; shown at its Air Entry Hexes, where its planes come on."


def _base_tip(base: BasePreview) -> str:
    return "<br>".join([f"<b>{base.title}</b> ({SIDE_NAMES[base.side]} Base)", _base_where(base), *_base_lines(base)])


def _plain(html: str) -> str:
    return html.replace("<br>", "\n").replace("<b>", "").replace("</b>", "")


def _summary(preview: SetupPreview) -> str:
    parts = [f"<b>{preview.title}</b>", f"From {preview.start} to {preview.end}, {preview.turns} Turns."]
    if preview.free_set_up:
        parts.append(
            "The Japanese set up in any of the Free Set Up areas and bring on the rest by its entry "
            "areas; the map shows them where the borrowed scenario puts them."
        )
    subs = [f"{len(titles)} {SIDE_NAMES[side]}" for side, titles in preview.submarines.items()]
    if subs:
        parts.append(f"Submarines (Optional XI): {' and '.join(subs)}, not shown on the map.")
    return "<br>".join(parts)
