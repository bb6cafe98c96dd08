"""The main window: board view, game chooser, zoom controls, map key and status readout."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QTreeView,
    QWidget,
)

from midway_desktop import __version__
from midway_desktop.engine import Outcome, playable_games, records
from midway_desktop.games import DEFAULT_GAME, GAMES, game_info
from midway_desktop.geometry import Board, load_board
from midway_desktop.ui.ask import ask
from midway_desktop.ui.board_scene import BoardScene
from midway_desktop.ui.board_view import BoardView
from midway_desktop.ui.controller import GameController
from midway_desktop.ui.dice import DiceDock
from midway_desktop.ui.games import presenter_class
from midway_desktop.ui.games.base import Presenter
from midway_desktop.ui.handover import HandoverCurtain
from midway_desktop.ui.log_dock import LogDock
from midway_desktop.ui.new_game import NewGameDialog
from midway_desktop.ui.placeholders import StandInPresenter

SIDE_TITLES = {"us": "American", "usa": "American", "japan": "Japanese"}
SETTINGS_GAME = "session/game"
SETTINGS_GEOMETRY = "window/geometry"
SETTINGS_STATE = "window/state"


class MainWindow(QMainWindow):
    def __init__(self, game: str | None = None, parent: QWidget | None = None, persist: bool = True) -> None:
        super().__init__(parent)
        self.settings = QSettings()
        # A screenshot or test window neither reads nor overwrites the player's layout.
        self.persist = persist
        remembered = self.settings.value(SETTINGS_GAME, DEFAULT_GAME) if persist else DEFAULT_GAME
        chosen = game or str(remembered)
        if chosen not in {g.id for g in GAMES}:
            chosen = DEFAULT_GAME
        self.game_id = chosen
        self.board: Board = load_board(chosen)
        self.scene = BoardScene(self.board, self)
        self.view = BoardView(self.scene, self)
        self.setCentralWidget(self.view)
        self.controller = GameController(self, autosave=persist)
        self.presenter: Presenter | None = None
        self.game_over_box: QMessageBox | None = None

        self._build_actions()
        self._build_toolbar()
        self._build_menus()
        self._build_status()
        self._build_key_dock()
        self._build_play_docks()
        self._wire_scene()
        self._wire_controller()
        self._start(resume=persist)
        self._refresh_title()
        geometry = self.settings.value(SETTINGS_GEOMETRY) if persist else None
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1400, 900)
        self._restore_layout()
        QTimer.singleShot(0, self.view, self.view.fit)

    # -- construction ---------------------------------------------------------------------
    def _build_actions(self) -> None:
        def act(text: str, shortcut: QKeySequence | str | None, slot: object, tip: str = "") -> QAction:
            a = QAction(text, self)
            if shortcut is not None:
                a.setShortcut(QKeySequence(shortcut))
            a.setStatusTip(tip or text)
            a.triggered.connect(slot)
            self.addAction(a)
            return a

        self.act_zoom_in = act("Zoom &In", QKeySequence.StandardKey.ZoomIn, self.view.zoom_in, "Zoom in (+ or wheel)")
        self.act_zoom_out = act(
            "Zoom &Out", QKeySequence.StandardKey.ZoomOut, self.view.zoom_out, "Zoom out (- or wheel)"
        )
        self.act_fit = act("&Fit to Window", "Ctrl+0", self.view.fit, "Show the whole board (0)")
        self.act_actual = act("&Actual Size", "Ctrl+1", self.view.actual_size, "Zoom to 100 % (1)")
        self.act_quit = act("&Quit", QKeySequence.StandardKey.Quit, self.close)
        self.act_new = act("&New Game…", QKeySequence.StandardKey.New, self.new_game_dialog, "Start a new game")
        self.act_open = act("&Open Game…", QKeySequence.StandardKey.Open, self.open_dialog, "Open a saved game")
        self.act_save = act("&Save Game As…", QKeySequence.StandardKey.Save, self.save_dialog, "Save this game")
        self.act_undo = act(
            "&Undo", QKeySequence.StandardKey.Undo, self._undo, "Take back your last step (never a roll)"
        )
        self.act_redo = act("&Redo", QKeySequence.StandardKey.Redo, self._redo, "Replay the step you took back")
        self.act_passwords = act(
            "Hot-seat &Passwords…", None, self._set_passwords, "Guard each side's screen with its own password"
        )
        self.act_about = act("&About Midway Desktop", None, self._about)
        self.act_keys = act("&Keyboard Shortcuts", "F1", self._shortcuts)
        self.game_group = QActionGroup(self)
        self.game_actions: dict[str, QAction] = {}
        for i, info in enumerate(GAMES, start=1):
            a = QAction(info.title, self, checkable=True)
            a.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            a.setStatusTip(info.blurb)
            a.triggered.connect(lambda _=False, gid=info.id: self.switch_game(gid))
            self.game_group.addAction(a)
            self.game_actions[info.id] = a
        self.game_actions[self.game_id].setChecked(True)

    def _build_toolbar(self) -> None:
        bar = QToolBar("Main toolbar", self)
        bar.setObjectName("main-toolbar")
        bar.setMovable(False)
        bar.addWidget(QLabel(" Game: "))
        self.game_combo = QComboBox(self)
        self.game_combo.setToolTip("Choose the game to play")
        for info in GAMES:
            self.game_combo.addItem(info.title, info.id)
            self.game_combo.setItemData(self.game_combo.count() - 1, info.blurb, Qt.ItemDataRole.ToolTipRole)
        self.game_combo.setCurrentIndex(self.game_combo.findData(self.game_id))
        self.game_combo.activated.connect(lambda i: self.switch_game(self.game_combo.itemData(i)))
        bar.addWidget(self.game_combo)
        bar.addSeparator()
        for a in (self.act_zoom_out, self.act_fit, self.act_actual, self.act_zoom_in):
            bar.addAction(a)
        self.addToolBar(bar)

    def _build_menus(self) -> None:
        game_menu = self.menuBar().addMenu("&Game")
        game_menu.addAction(self.act_new)
        new_menu = game_menu.addMenu("&Switch Game")
        for a in self.game_actions.values():
            new_menu.addAction(a)
        game_menu.addSeparator()
        game_menu.addAction(self.act_open)
        game_menu.addAction(self.act_save)
        game_menu.addAction(self.act_passwords)
        game_menu.addSeparator()
        game_menu.addAction(self.act_quit)
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        view_menu = self.menuBar().addMenu("&View")
        for a in (self.act_zoom_in, self.act_zoom_out, self.act_fit, self.act_actual):
            view_menu.addAction(a)
        view_menu.addSeparator()
        self.view_menu = view_menu
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self.act_keys)
        help_menu.addAction(self.act_about)

    def _build_status(self) -> None:
        self.cell_label = QLabel("")
        self.cell_label.setMinimumWidth(320)
        self.zoom_label = QLabel("")
        self.turn_label = QLabel("")
        self.statusBar().addWidget(self.cell_label, 1)
        self.statusBar().addPermanentWidget(self.turn_label)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.hovered.connect(self._show_cell)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"Zoom {z * 100:.0f} %"))

    def _build_key_dock(self) -> None:
        self.key_model = QStandardItemModel(self)
        self.key_model.setHorizontalHeaderLabels(["Map feature", "Cells", "Source"])
        self.key_view = QTreeView(self)
        self.key_view.setModel(self.key_model)
        self.key_view.setRootIsDecorated(True)
        self.key_view.setAlternatingRowColors(True)
        self.key_view.doubleClicked.connect(self._key_activated)
        self.key_view.setMinimumWidth(340)
        dock = QDockWidget("Map key", self)
        dock.setObjectName("map-key")
        dock.setWidget(self.key_view)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.key_dock = dock
        self.view_menu.addAction(dock.toggleViewAction())

    def _build_play_docks(self) -> None:
        self.log_dock = LogDock(self)
        self.dice_dock = DiceDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dice_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.view_menu.addAction(self.dice_dock.toggleViewAction())
        self.view_menu.addAction(self.log_dock.toggleViewAction())
        # The map key matters less once a game is on; it shares a tab with the log.
        self.tabifyDockWidget(self.key_dock, self.log_dock)
        self.log_dock.raise_()

    def _wire_scene(self) -> None:
        self.scene.moveRefused.connect(lambda _p, reason: self.statusBar().showMessage(reason, 8000))

    def _wire_controller(self) -> None:
        c = self.controller
        c.refused.connect(lambda reason: self.statusBar().showMessage(reason, 8000))
        c.saveFailed.connect(lambda reason: self.statusBar().showMessage(reason, 8000))
        c.changed.connect(self._after_change)
        c.finished.connect(self._game_over)
        c.handover.connect(self.hand_over)
        self.curtain = HandoverCurtain(self)
        self.curtain.revealed.connect(self._curtain_lifted)
        self._undo_asker = ""

    def hand_over(self, side: str) -> None:
        """Hot-seat: curtain down first, then rebuild everything from the next side's view."""
        self.curtain.lower_for(side, SIDE_TITLES.get(side, side.title()))
        self.statusBar().clearMessage()
        self.dice_dock.dice.show_rolls([], keep=False)
        self.controller.pass_to(side)
        self.curtain.cover()  # the rebuild may have added or restacked docks

    def plays(self, game_id: str) -> bool:
        """Whether the rules of ``game_id`` run here (otherwise the board shows stand-ins)."""
        return game_id in playable_games() and presenter_class(game_id) is not None

    def _start(
        self,
        resume: bool,
        options: dict | None = None,  # type: ignore[type-arg]
        seed: int | str | None = None,
        scenario: str | None = None,
    ) -> None:
        """Show the current game: a rules-driven game if it is playable, else stand-ins."""
        if self.presenter is not None:
            self.presenter.detach()
            self.presenter = None
        self.view.key_handler = None
        self.scene.clear_counters()
        self._fill_key()
        if not self.plays(self.game_id):
            self.key_dock.raise_()
            self.controller.session = None
            self.log_dock.show_events([])
            self.dice_dock.dice.show_rolls([], keep=False)
            self.turn_label.setText("")
            self.presenter = StandInPresenter(self, self.controller)
            self.presenter.attach()
            self.statusBar().showMessage(
                f"{game_info(self.game_id).title}: the rules are not playable yet; drag the stand-in counters.", 8000
            )
            self._after_change()
            return
        path = records.resumable(self.game_id) if resume else None
        loaded = False
        if path is not None and self._ask_resume(path):
            try:
                self.controller.load(path)
                loaded = True
            except records.RecordError as exc:
                self.statusBar().showMessage(f"Could not resume: {exc}", 10000)
        if not loaded:
            self.controller.new_game(self.game_id, scenario=scenario, options=options, seed=seed)
        cls = presenter_class(self.game_id)
        assert cls is not None
        self.presenter = cls(self, self.controller)
        self.presenter.attach()
        self.view.key_handler = self.presenter.key_pressed
        self.show_log()
        self._after_change()
        self._curtain_for_hot_seat()

    def _curtain_for_hot_seat(self) -> None:
        """Two players at one screen: a game that opens (new, resumed or loaded) opens behind
        the curtain, for the side that must act, whoever happens to be at the screen."""
        c = self.controller
        session = c.session
        if self.curtain.down:  # left from the game before: this one decides for itself
            self.curtain.lift()
            self._undo_asker = ""
        if session is None or len(session.humans) < 2 or session.outcome() is not None:
            return
        side = next((s for s in session.to_act() if s in session.humans), session.humans[0])
        self.hand_over(side)

    def _ask_resume(self, path: object) -> bool:
        title = game_info(self.game_id).title
        return ask(self, "Resume game?", f"An unfinished game of {title} was saved automatically. Resume it?")

    def _after_change(self) -> None:
        live = self.controller.session is not None
        # Behind the curtain nobody has said who they are: an undo asked there would be asked
        # in the name of a side whose player may not be at the screen.
        open_ = live and not self.curtain.down
        self.act_undo.setEnabled(open_ and self.controller.can_undo())
        self.act_redo.setEnabled(open_ and self.controller.can_redo())
        self.act_save.setEnabled(live)
        if live:
            self.show_log()

    def show_log(self) -> None:
        """The viewing side's log, up to what the presenter has shown (a phase being played
        out step by step is not told in the log before it is shown on the board)."""
        if self.controller.session is None:
            return
        events = self.controller.log()
        if self.presenter is not None:
            events = self.presenter.log_shown(events)
        self.log_dock.show_events(events)

    def set_turn_text(self, text: str) -> None:
        self.turn_label.setText(text)

    def _undo(self) -> None:
        c = self.controller
        if c.session is None:
            return
        if c.needs_consent():
            # Hot-seat: the other player must agree, at their own screen, behind the curtain.
            reason = c.ask_undo()
            if reason is not None:
                self.statusBar().showMessage(reason, 8000)
                return
            self._undo_asker = c.viewer
            self.hand_over(next(s for s in c.session.humans if s != c.viewer))
            return
        if c.undo():
            self.statusBar().showMessage("Undone.", 3000)

    def _curtain_lifted(self, side: str) -> None:
        self._after_change()
        self.view.setFocus()
        asker = self._undo_asker
        if not asker or side == asker:
            return
        self._undo_asker = ""
        title = SIDE_TITLES.get(asker, asker.title())
        allow = ask(self, "Allow an undo?", f"The {title} player asks to take back their last order. Allow it?")
        self.controller.answer_undo(asker, allow)
        if self.controller.viewer != asker and self.controller.outcome() is None and not self.curtain.down:
            self.hand_over(asker)

    def _set_passwords(self) -> None:
        session = self.controller.session
        if session is None or len(session.humans) < 2:
            self.statusBar().showMessage("Passwords are for two players at one screen.", 6000)
            return
        for side in session.humans:
            title = SIDE_TITLES.get(side, side.title())
            text, ok = QInputDialog.getText(
                self,
                "Hot-seat password",
                f"Password for the {title} player (empty for none):",
                QLineEdit.EchoMode.Password,
            )
            if ok:
                self.curtain.set_password(side, text or None)

    def _redo(self) -> None:
        if self.controller.session is not None and self.controller.redo():
            self.statusBar().showMessage("Redone.", 3000)

    def _game_over(self, outcome: Outcome) -> None:
        box = QMessageBox(self)
        box.setWindowTitle("Game over")
        session = self.controller.session
        if session is not None and len(session.humans) > 1:
            # Two players at one screen: neither side's word for it.
            winner = SIDE_TITLES.get(outcome.winner or "", "")
            heading = f"{winner} victory" if winner else "The game is over"
            box.setIcon(QMessageBox.Icon.Information)
        else:
            won = outcome.winner in (self.controller.viewer,)
            heading = "Victory" if won else "Defeat"
            box.setIcon(QMessageBox.Icon.Information if won else QMessageBox.Icon.Warning)
        box.setText(f"<h3>{heading}</h3><p>{outcome.text}</p>")
        box.setStandardButtons(QMessageBox.StandardButton.Close)
        again = box.addButton("New game…", QMessageBox.ButtonRole.AcceptRole)
        again.clicked.connect(self.new_game_dialog)
        self.game_over_box = box
        box.open()  # not exec(): the board stays usable for a last look

    # -- dialogs for games ----------------------------------------------------------------
    def new_game_dialog(self) -> None:
        if not self.plays(self.game_id):
            self._start(resume=False)
            return
        from midway_desktop.engine import get_rules

        dialog = NewGameDialog(get_rules(self.game_id), self)
        if dialog.exec() == NewGameDialog.DialogCode.Accepted:
            self.start_new(dialog.options(), dialog.seed_value(), dialog.scenario_name())

    def start_new(
        self,
        options: dict | None = None,  # type: ignore[type-arg]
        seed: int | str | None = None,
        scenario: str | None = None,
    ) -> None:
        """A fresh game of the current game with ``options`` (no dialog)."""
        self._start(resume=False, options=options, seed=seed, scenario=scenario)

    def save_dialog(self) -> None:
        if self.controller.session is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save game", "", "Midway Desktop games (*.midway.json)")
        if path:
            if not path.endswith(".json"):
                path += ".midway.json"
            try:
                self.controller.save(path)
                self.statusBar().showMessage(f"Saved {path}", 5000)
            except OSError as exc:
                QMessageBox.warning(self, "Save failed", f"{path}: {exc.strerror or exc}")

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open game", "", "Midway Desktop games (*.json)")
        if path:
            self.open_game(path)

    def open_game(self, path: str) -> bool:
        try:
            data = records.read(path)
        except records.RecordError as exc:
            QMessageBox.warning(self, "Cannot open game", str(exc))
            return False
        game = str(data["game"])
        if game != self.game_id:
            self.switch_game(game, start=False)
        try:
            session = records.replay(data, path)
        except records.RecordError as exc:
            QMessageBox.warning(self, "Cannot open game", str(exc))
            return False
        self._start(resume=False)
        self.controller.adopt(session)
        self.show_log()
        self._curtain_for_hot_seat()
        self.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    # -- content --------------------------------------------------------------------------
    def _fill_key(self) -> None:
        self.key_model.removeRows(0, self.key_model.rowCount())
        groups: dict[str, QStandardItem] = {}
        for region in self.board.regions():
            parent = groups.get(region.kind)
            if parent is None:
                parent = QStandardItem(region.kind.replace("-", " ").capitalize())
                parent.setEditable(False)
                groups[region.kind] = parent
                self.key_model.appendRow([parent, QStandardItem(""), QStandardItem("")])
            name = QStandardItem(region.title)
            name.setData(region.name, Qt.ItemDataRole.UserRole)
            name.setToolTip(region.provenance.ref or region.provenance.source)
            cells = QStandardItem(", ".join(sorted(region)) if len(region) <= 4 else f"{len(region)} cells")
            source = QStandardItem(region.provenance.source)
            source.setToolTip(region.provenance.ref)
            for it in (name, cells, source):
                it.setEditable(False)
            parent.appendRow([name, cells, source])
        self.key_view.expandAll()
        for col in range(3):
            self.key_view.resizeColumnToContents(col)

    def _key_activated(self, index: object) -> None:
        name = self.key_model.itemFromIndex(index.siblingAtColumn(0)).data(Qt.ItemDataRole.UserRole)  # type: ignore[attr-defined]
        if not name:
            return
        region = self.board.region(str(name))
        first = min(region, key=lambda lb: self.board.centre(lb))
        self.view.centre_on_cell(first)

    def describe(self, label: str) -> str:
        if not label:
            return ""
        cell = self.board.cell(label)
        text = cell.title if self.board.kind == "boxes" else label
        names = [self.board.region(n).title for n in self.board.regions_of(label)]
        if self.board.kind == "boxes":
            names = [n for n in names if n != text]
        return f"{text} — {', '.join(names)}" if names else text

    def _show_cell(self, label: str) -> None:
        self.cell_label.setText(self.describe(label))

    # -- game switching -------------------------------------------------------------------
    def _layout_key(self) -> str:
        # Each game has its own docks, so each keeps its own arrangement.
        return f"{SETTINGS_STATE}/{self.game_id}"

    def _save_layout(self) -> None:
        if self.persist:
            self.settings.setValue(self._layout_key(), self.saveState())

    def _restore_layout(self) -> None:
        state = self.settings.value(self._layout_key()) if self.persist else None
        if state is not None:
            self.restoreState(state)

    def switch_game(self, game_id: str, start: bool = True) -> None:
        if game_id == self.game_id:
            return
        self._save_layout()
        board = load_board(game_id)
        self.game_id = game_id
        self.board = board
        old = self.scene
        self.scene = BoardScene(board, self)
        self._wire_scene()
        if self.presenter is not None:
            self.presenter.detach()
            self.presenter = None
        self.view.set_board_scene(self.scene)
        old.deleteLater()
        if start:
            self._start(resume=self.persist)
            self._restore_layout()
        self.game_actions[game_id].setChecked(True)
        self.game_combo.setCurrentIndex(self.game_combo.findData(game_id))
        if self.persist:
            self.settings.setValue(SETTINGS_GAME, game_id)
        self._refresh_title()
        self.statusBar().showMessage(f"New game: {game_info(game_id).title}", 4000)

    def _refresh_title(self) -> None:
        self.setWindowTitle(f"{game_info(self.game_id).title} — Midway Desktop")

    # -- dialogs --------------------------------------------------------------------------
    def _about(self) -> None:
        QMessageBox.about(
            self,
            "About Midway Desktop",
            f"<h3>Midway Desktop {__version__}</h3>"
            "<p>Victory at Midway, CV, Kido Butai and Midway Solitaire on one rules engine.</p>"
            "<p>Map art is drawn from each game's ruleset; values marked provisional in the "
            "map key are authored where the rulebook is silent.</p>",
        )

    def _shortcuts(self) -> None:
        QMessageBox.information(
            self,
            "Keyboard shortcuts",
            "<table>"
            "<tr><td><b>+ / −</b>, Ctrl+wheel or wheel</td><td>zoom in / out</td></tr>"
            "<tr><td><b>0</b> or Ctrl+0</td><td>fit the board to the window</td></tr>"
            "<tr><td><b>1</b> or Ctrl+1</td><td>actual size</td></tr>"
            "<tr><td>Arrow keys, drag the sea</td><td>pan</td></tr>"
            "<tr><td>Ctrl+2 … Ctrl+5</td><td>switch game: Solitaire, Kido Butai, VaM, CV</td></tr>"
            "<tr><td>Ctrl+N, Ctrl+O, Ctrl+S</td><td>new game, open a saved game, save this game</td></tr>"
            "<tr><td>Ctrl+Z, Ctrl+Shift+Z</td><td>undo (never past a roll or a card), redo</td></tr>"
            "<tr><td>Tab / Shift+Tab</td><td>pick the next counter you may move</td></tr>"
            "<tr><td>Arrow keys, then Enter</td><td>move its target square, order it there</td></tr>"
            "<tr><td>Enter</td><td>confirm the step (set-up, end turn, assign the chosen hits)</td></tr>"
            "<tr><td>S · 1–9 · Esc</td><td>let a task force stay · pick a numbered choice · let go</td></tr>"
            "<tr><td>O · M</td><td>Victory at Midway: go to the orders list · orders for the picked counter</td></tr>"
            "<tr><td>Space · N · Esc</td><td>pause, step or skip what is being played out</td></tr>"
            "<tr><td>F1</td><td>this list</td></tr>"
            "</table>",
        )

    def closeEvent(self, event: object) -> None:  # noqa: N802
        if self.persist:
            self.settings.setValue(SETTINGS_GAME, self.game_id)
            self.settings.setValue(SETTINGS_GEOMETRY, self.saveGeometry())
            self._save_layout()
        super().closeEvent(event)  # type: ignore[arg-type]
