"""The main window: board view, game chooser, zoom controls, map key and status readout."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QChildEvent, QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QKeySequence,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTabBar,
    QToolBar,
    QWidget,
)

from midway_desktop import __version__
from midway_desktop.engine import Outcome, Session, autosaves, records
from midway_desktop.engine.record_limits import one_line
from midway_desktop.games import DEFAULT_GAME, GAMES, SIDE_TITLES, game_info
from midway_desktop.geometry import Board, load_board
from midway_desktop.ruleset import RulesetError
from midway_desktop.ui import contrast
from midway_desktop.ui.ask import ask
from midway_desktop.ui.board_scene import BoardScene
from midway_desktop.ui.board_view import BoardView
from midway_desktop.ui.controller import DEFAULT_PACE, PACES, GameController
from midway_desktop.ui.dice import DiceDock
from midway_desktop.ui.games import desktop_plays, presenter_class, preview_class
from midway_desktop.ui.games.base import Presenter, window_tab_bars
from midway_desktop.ui.handover import HandoverCurtain
from midway_desktop.ui.log_dock import LogDock
from midway_desktop.ui.map_room import MapRoom
from midway_desktop.ui.status_bar import StatusBar
from midway_desktop.ui.stored_settings import read_text, restore
from midway_desktop.values import frozen_value

# Message boxes and file dialogs are imported where they open: PySide6 makes a Qt class's Python
# enums when the class is first named (about 10 M instructions of every start for these three).
if TYPE_CHECKING:
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QMessageBox, QTreeView

    from midway_desktop.engine.sealing import Envelope, Seal
    from midway_desktop.ui.odds_dock import OddsDock
    from midway_desktop.ui.ruleset_values import RulesetValuesDialog

SETTINGS_GAME = "session/game"
SETTINGS_GEOMETRY = "window/geometry"
SETTINGS_STATE = "window/state"
SETTINGS_FOLDER = "dialogs/folder"
SETTINGS_PACE = "play/pace"
SETTINGS_SEATS = "play/seats"
DOCK_AREAS = (
    (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.Orientation.Vertical),
    (Qt.DockWidgetArea.RightDockWidgetArea, Qt.Orientation.Vertical),
    (Qt.DockWidgetArea.TopDockWidgetArea, Qt.Orientation.Horizontal),
    (Qt.DockWidgetArea.BottomDockWidgetArea, Qt.Orientation.Horizontal),
)  # each side of the board and the way its docks line up
DOCK_SHARE = 0.46  # at most this much of the window's width for the dock columns by default


def _seated(seats: dict[str, str | None] | None) -> tuple[tuple[str, ...] | None, dict[str, str] | None]:
    """The people's sides and the computer's players from the New Game dialog's seats."""
    if not seats:
        return None, None
    return tuple(s for s, who in seats.items() if who is None), {s: who for s, who in seats.items() if who}


def fit_to_screen(window: QWidget) -> None:
    """Shrink and move a shown ``window`` into its screen's free area (the first size, or one
    remembered from a larger screen, would put its edges and status line off a small screen)."""
    screen = window.screen()
    if screen is None:
        return
    room = screen.availableGeometry()
    frame = window.frameGeometry()  # (its title bar and edges, once shown)
    extra_w, extra_h = frame.width() - window.width(), frame.height() - window.height()
    width, height = min(window.width(), room.width() - extra_w), min(window.height(), room.height() - extra_h)
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    frame = window.frameGeometry()
    if not room.contains(frame):
        window.move(max(room.left(), min(frame.left(), room.right() - frame.width() + 1)),
                    max(room.top(), min(frame.top(), room.bottom() - frame.height() + 1)))  # fmt: skip


def dispose(dialog: QWidget | None) -> None:
    """Close a box or dialog the window made, and delete it: the window is its parent, and a
    parent keeps every child it is given until the child is deleted or the window closes."""
    if dialog is not None:
        dialog.close()
        dialog.deleteLater()


@frozen_value
class DockSizes:
    """One ``resizeDocks`` request of a game's presenter."""

    docks: tuple[QDockWidget, ...]
    sizes: tuple[int, ...]
    orientation: Qt.Orientation


class MainWindow(QMainWindow):
    def __init__(self, game: str | None = None, parent: QWidget | None = None, persist: bool = True) -> None:
        super().__init__(parent)
        self.settings = QSettings()
        # A screenshot or test window neither reads nor overwrites the player's layout.
        self.persist = persist
        remembered = read_text(self.settings, SETTINGS_GAME) if persist else None
        chosen = game or remembered or DEFAULT_GAME
        if chosen not in {g.id for g in GAMES}:
            chosen = DEFAULT_GAME
        self.game_id = chosen
        self._remember_game()
        self.board: Board = load_board(chosen)
        self.scene = BoardScene(self.board, self)
        self.view = BoardView(self.scene, self)
        self.setCentralWidget(self.view)
        self.map_room = MapRoom(self)  # the map keeps its share of the window beside the docks
        self.controller = GameController(self, autosave=persist)
        self.presenter: Presenter | None = None
        self.game_over_box: QMessageBox | None = None
        self.shortcuts_box: QMessageBox | None = None
        self._prompt = ""
        self._columns: tuple[QDockWidget, int, QDockWidget, int] | None = None
        self._settled = False
        self._asked_sizes: list[DockSizes] | None = None

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
        if not (persist and restore(self.restoreGeometry, self.settings, SETTINGS_GEOMETRY)):
            self.resize(1400, 900)
        self._restore_layout()
        self._least_size_afresh()
        QTimer.singleShot(0, self.view, self.view.fit)

    def _least_size_afresh(self) -> None:
        """The window's least size asked again of its parts as built. Laid out while a game's
        docks were still being made (Qt lays a window out as its first docks are tabbed), it
        kept the least size they had then until it is next laid out, as it shows: a window made
        smaller meanwhile was held at it (Victory at Midway's, sized 1024x700, opened 853 px tall)."""
        if not self.isVisible():
            self.layout().invalidate()
            self.layout().activate()

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
        self.act_help = act("&How to Play", "F1", self._how_to_play, "The turn, the gestures, keys and colours")
        self.act_keys = act("&Keyboard Shortcuts", "Shift+F1", self._shortcuts)
        self.act_values = act(
            "Ruleset &Values…", "Ctrl+Shift+V", self.show_ruleset_values, "Every value of the ruleset and its source"
        )
        self.values_dialog: RulesetValuesDialog | None = None
        self.act_odds = act(
            "&Odds from Here…", "Ctrl+Shift+O", self.show_odds, "Bots play on from this position: your chances"
        )
        self.odds_dock: OddsDock | None = None
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
        game_menu.addAction(self.act_odds)
        game_menu.addSeparator()
        game_menu.addAction(self.act_quit)
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        view_menu = self.menuBar().addMenu("&View")
        for a in (self.act_zoom_in, self.act_zoom_out, self.act_fit, self.act_actual):
            view_menu.addAction(a)
        self.view_menu = view_menu
        self.act_contrast = contrast.install(self)
        self._build_pace_menu(view_menu)
        view_menu.addSeparator()
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self.act_help)
        help_menu.addAction(self.act_keys)
        help_menu.addAction(self.act_values)
        help_menu.addAction(self.act_about)

    def _build_pace_menu(self, menu: QMenu) -> None:
        """View › Computer's Pace: how long each of the computer's steps, and each event shown
        one by one, stays before the next (remembered)."""
        pace_menu = menu.addMenu("Computer's &Pace")
        pace_menu.setToolTipsVisible(True)
        self.pace_group = QActionGroup(self)
        self.pace_actions: dict[str, QAction] = {}
        remembered = read_text(self.settings, SETTINGS_PACE) if self.persist else None
        chosen = remembered if remembered in PACES else DEFAULT_PACE
        for key, (title, ms) in PACES.items():
            a = QAction(f"{title} ({ms / 1000:g} s a step)", self, checkable=True)
            a.setStatusTip(f"The computer's steps and the events shown one by one, {ms / 1000:g} s apart")
            a.triggered.connect(lambda _=False, k=key: self.set_pace(k))
            self.pace_group.addAction(a)
            pace_menu.addAction(a)
            self.pace_actions[key] = a
        self.pace_actions[chosen].setChecked(True)
        self.controller.set_pace(PACES[chosen][1])

    def set_pace(self, key: str) -> None:
        """The pace of the computer's play and of events shown one by one (remembered)."""
        ms = PACES[key][1]
        self.pace_actions[key].setChecked(True)
        self.controller.set_pace(ms)
        if self.presenter is not None:
            self.presenter.set_pace(ms)
        if self.persist:
            self.settings.setValue(SETTINGS_PACE, key)

    def _remembered_seats(self) -> dict[str, str | None]:
        """The seats chosen for the last new game of this game (the dialog's defaults)."""
        if not self.persist:
            return {}
        raw = read_text(self.settings, f"{SETTINGS_SEATS}/{self.game_id}")
        out: dict[str, str | None] = {}
        for part in (raw or "").split(","):
            side, _, who = part.partition("=")
            if side:
                out[side] = None if who == "person" else who
        return out

    def _remember_seats(self, seats: dict[str, str | None]) -> None:
        if self.persist:
            text = ",".join(f"{side}={who or 'person'}" for side, who in seats.items())
            self.settings.setValue(f"{SETTINGS_SEATS}/{self.game_id}", text)

    def _build_status(self) -> None:
        # Its messages wrap instead of running under the turn line (``ui.status_bar``).
        self.setStatusBar(StatusBar(self))
        self.cell_label = QLabel("")
        self.cell_label.setMinimumWidth(320)
        self.zoom_label = QLabel("")
        self.turn_label = QLabel("")
        # Shown while this window's game is not being saved (failing, or left to another window).
        self.save_label = QLabel("")
        self.save_label.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.save_label.hide()
        self.statusBar().addWidget(self.cell_label, 1)
        self.statusBar().addPermanentWidget(self.save_label)
        self.statusBar().addPermanentWidget(self.turn_label)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.hovered.connect(self._show_cell)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"Zoom {z * 100:.0f} %"))

    def _build_key_dock(self) -> None:
        # The key's tree is made when its dock is first shown: a game opens with it behind the
        # log's tab, and the tree, its model and their filling are 20 M instructions of a start.
        self.key_model: QStandardItemModel | None = None
        self.key_view: QTreeView | None = None
        dock = QDockWidget("Map key", self)
        dock.setObjectName("map-key")
        stand_in = QWidget(dock)
        stand_in.setMinimumWidth(200)  # as the tree's
        dock.setWidget(stand_in)
        dock.visibilityChanged.connect(self._key_shown)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.key_dock = dock
        self.view_menu.addAction(dock.toggleViewAction())

    def _build_play_docks(self) -> None:
        self.log_dock = LogDock(self)
        self.dice_dock = DiceDock(self)
        self.view_menu.addAction(self.dice_dock.toggleViewAction())
        self.view_menu.addAction(self.log_dock.toggleViewAction())
        self._place_shared_docks()

    def _place_shared_docks(self) -> None:
        """The docks every game shares, where a game finds them before it arranges its own: a
        game that moves them (Midway Solitaire puts the dice on the left) must not leave them
        there for the next game switched to."""
        for dock in (self.key_dock, self.dice_dock, self.log_dock):
            dock.setFloating(False)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.show()
        # The map key matters less once a game is on; it shares a tab with the log.
        self.tabifyDockWidget(self.key_dock, self.log_dock)
        self.log_dock.raise_()

    def _wire_scene(self) -> None:
        self.scene.moveRefused.connect(lambda _p, reason: self.statusBar().showMessage(reason, 8000))

    def _wire_controller(self) -> None:
        c = self.controller
        c.refused.connect(lambda reason: self.statusBar().showMessage(reason, 8000))
        c.computerStalled.connect(lambda reason: self.statusBar().showMessage(reason, 20000))
        c.saveFailed.connect(self._save_failed)
        c.savingStopped.connect(self._saving_stopped)
        c.savingResumed.connect(self._saving_resumed)
        self.save_warning: QMessageBox | None = None
        self._tell_unsealed = False
        self._after_curtain = ""
        c.changed.connect(self._after_change)
        c.finished.connect(self._game_over)
        c.handover.connect(self.hand_over)
        self.curtain = HandoverCurtain(self)
        self.curtain.revealed.connect(self._curtain_lifted)
        self._undo_asker = ""

    def hand_over(self, side: str, drawn: bool = False) -> None:
        """Hot-seat: curtain down first, then rebuild everything from the next side's view;
        ``drawn``: the game has only just been drawn from that side's view (at its start)."""
        # The docks as the player leaving arranged them, floating ones out. (Not when the game has
        # only just been drawn: nobody has had the screen, and docks a game has just added to a
        # shown window read as closed until it lays them out.)
        if self.presenter is not None and not drawn:
            self.presenter.remember_layout()
        self.curtain.lower_for(side, SIDE_TITLES.get(side, side.title()))
        self.statusBar().clearMessage()
        self.cell_label.setText("")  # the hex the last player's pointer was on is theirs
        if drawn:
            self._after_change()  # all that the rebuild does but draw the same picture again
        else:
            self.controller.pass_to(side)
        self.dice_dock.dice.show_rolls(self.controller.last_rolls_seen(), keep=False)  # the dice this side saw last
        self.curtain.cover()  # the rebuild may have added or restacked docks

    def show_set_up_preview(self, key: str) -> None:
        """Put the game away and show the read-only look at its scenario ``key``'s set-up, both
        sides at once (CV's; pictures and the docs). Nothing is being played meanwhile: the
        game's autosave stays as it was, and New Game starts a game again."""
        cls = preview_class(self.game_id)
        if cls is None:
            raise ValueError(f"{game_info(self.game_id).title} has no set-up preview")
        if self.presenter is not None:
            self.presenter.detach()
        self.view.key_handler = None
        self.scene.clear_counters()
        self._clear_table()
        self.controller.session = None
        self.presenter = cls(self, self.controller)
        self.presenter.attach()
        self._curtain_for_hot_seat()  # no game, no secrets
        self._after_change()
        show = getattr(self.presenter, "show_scenario", None)
        if show is not None:
            show(key)
        self.statusBar().showMessage(getattr(self.presenter, "status_note", ""), 15000)

    def plays(self, game_id: str) -> bool:
        """Whether the rules of ``game_id`` run here (otherwise the board shows stand-ins)."""
        return desktop_plays(game_id)

    def _start(
        self,
        resume: bool,
        options: dict | None = None,  # type: ignore[type-arg]
        seed: int | str | None = None,
        scenario: str | None = None,
        session: Session | None = None,
        seal: Seal | None = None,
        seats: dict[str, str | None] | None = None,
    ) -> None:
        """Show the current game: a rules-driven game if it is playable, else stand-ins;
        ``session`` is a game already loaded (opened from a file, sealed with ``seal`` if it
        was) to show instead of a new one; else ``seal`` seals the new game from its start and
        ``seats`` says who sits at each side of it (None: a person; else the computer player's
        name; by default the scenario's people)."""
        if self.presenter is not None:
            self.presenter.detach()
            self.presenter = None
        self._columns = None  # the docks they named are gone
        self.view.key_handler = None
        self.scene.clear_counters()
        self._clear_table()
        self._fill_key()
        if not self.plays(self.game_id):
            # (Imported here: all four games play, and its table of stand-ins cost every start.)
            from midway_desktop.ui.placeholders import StandInPresenter

            self.key_dock.raise_()
            self.controller.session = None
            self.presenter = (preview_class(self.game_id) or StandInPresenter)(self, self.controller)
            self.presenter.attach()
            self._curtain_for_hot_seat()  # no game, no secrets: a curtain left from the last one lifts
            self.statusBar().showMessage(
                getattr(self.presenter, "status_note", "")
                or f"{game_info(self.game_id).title}: only the map is here yet (the rules are to come); "
                "drag the stand-in counters.",
                15000,
            )
            self._after_change()
            return
        c = self.controller
        busy = c.claim(self.game_id) if c.autosave_enabled else None
        resumed, note = (False, "") if session is not None or not resume or busy else self._resume()
        title = game_info(self.game_id).title
        said = "" if session is not None else f"Resumed {title}." if resumed else f"New game of {title}."
        notes = [busy or "", said, note]
        if session is not None:
            notes.append(self._keep_unfinished())
            c.adopt(session, seal=seal, save=True)
        elif not resumed:
            notes.append(self._keep_unfinished())
            if seal is not None:  # passwords given with the new game seal even its first autosave
                self.controller.seal = seal
            humans, computers = _seated(seats)
            self.controller.new_game(
                self.game_id, scenario=scenario, options=options, seed=seed, humans=humans, computers=computers
            )
        cls = presenter_class(self.game_id)
        assert cls is not None
        self.presenter = cls(self, self.controller)
        self.presenter.attach()
        self.presenter.set_pace(self.controller.pace_ms)
        self.view.key_handler = self.presenter.key_pressed
        self.show_log()
        self._after_change()
        self._sync_passwords()
        self._curtain_for_hot_seat()
        self._show_notes([*notes, self._seats_note()])

    def _seats_note(self) -> str:
        """Who the computer plays, when it plays a side of its own choosing (not a solitaire's)."""
        c = self.controller
        if not c.bots or c.session is None:
            return ""
        theirs = " and ".join(f"the {SIDE_TITLES.get(s, s.title())} side" for s in c.bots)
        return f"You play the {SIDE_TITLES.get(c.viewer, c.viewer.title())} side; the computer plays {theirs}."

    def _show_notes(self, notes: list[str]) -> None:
        """What became of the saved games, in the status bar (and the blocked autosave beside it)."""
        c = self.controller
        blocked = c.blocked == self.game_id
        self.save_label.setVisible(blocked or c.save_failing)
        if blocked:
            self.save_label.setText("Not autosaved")
            self.save_label.setToolTip(c.blocked_reason)
        said = " ".join(n for n in notes if n)
        if said and self.curtain.down:
            self._after_curtain = said  # the status bar is behind the curtain: say it when it lifts
        elif said:
            self.statusBar().showMessage(said, 20000)

    def _resume(self) -> tuple[bool, str]:
        """Offer the unfinished game waiting in the autosave: whether it was resumed, and what
        to tell the player (why it could not be)."""
        self.controller.flush_saves()  # (the autosave on disk is the last one asked for)
        try:
            found = autosaves.waiting(self.game_id)
        except OSError:
            found = None
        if found is None or not self._ask_resume(found.path):
            return False, ""
        opened = self._unlock(found.path, found.sealed)
        if isinstance(opened, str):
            return False, f"Could not resume: {opened}."
        try:
            restored = records.restore(opened.data, found.path)
        except records.RecordError as exc:
            return False, f"Could not resume: {exc}."
        note = restored.note
        if found.path != autosaves.autosave_path(self.game_id):
            # Resumed from the backup: an autosave this build cannot open (a later build's) is a
            # game all the same, and the autosaves from now on would replace it.
            try:
                unread = autosaves.keep_unread(self.game_id)
            except OSError as exc:
                return False, f"Could not resume: the autosave could not be kept aside ({exc.strerror or exc})."
            if unread is not None:
                note = f"{note} The autosave this build cannot open is kept as {unread}.".strip()
        if restored.migrated:
            # The game resumed is not the one saved: keep that one whole before the autosave
            # replaces it (it may open again, by a later build; nothing the player had is lost).
            try:
                kept = autosaves.keep_as_saved(self.game_id, found.path)
            except (OSError, records.RecordError) as exc:
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                return False, f"Could not resume: the game as saved could not be kept aside ({why}). {note}"
            note = f"{note} The game as saved is kept as {kept}."
        # Resumed from the backup or under today's rules: the autosave is whole and current at once.
        save = restored.note != "" or found.path != autosaves.autosave_path(self.game_id)
        self.controller.adopt(restored.session, seal=opened.seal, save=save)
        if restored.verified and found.path == autosaves.autosave_path(self.game_id):
            self.controller.sound = self.game_id  # replayed whole: its backup need not be kept
        return True, note

    def _keep_unfinished(self) -> str:
        """Before a new game takes the autosave's place: set the unfinished game there aside."""
        c = self.controller
        if not c.autosave_enabled or c.claim(self.game_id) is not None:
            return ""
        c.flush_saves()  # the game set aside is the last step asked for, and nothing lands after it
        try:
            kept = autosaves.keep_unfinished(self.game_id, sound=c.sound == self.game_id)
        except OSError as exc:
            # The new game must not autosave over it: it is deleted only on the player's word.
            said = (
                f"The unfinished game could not be set aside ({exc.strerror or exc}); it stays in the autosave, "
                "and this new game is not autosaved over it (Save Game As… keeps a copy)."
            )
            c.hold(self.game_id, said)
            return said
        c.unhold(self.game_id)
        c.sound = None
        if kept is None:
            return ""
        beside = f", and beside it {kept.other}" if kept.other is not None else ""
        return f"The unfinished game is kept as {kept.path}{beside} (Game › Open Game… opens it)."

    def _unlock(self, path: Path | str, sealed: Envelope | None) -> records.Opened | str:
        """The record at ``path``, opened with each guarded side's password if it is sealed
        (asked of each player in turn, masked); a one-line reason if it cannot be."""
        if sealed is None:
            try:
                return records.open_record(path)
            except records.RecordError as exc:
                return str(exc)
        while True:
            passwords = {}
            for side in sealed.guarded:
                password = self._ask_password(side, sealed.game)
                if password is None:
                    return f"{path}: sealed with hot-seat passwords, and no password was given"
                passwords[side] = password
            try:
                return records.open_record(path, passwords)
            except records.SealedRecord as exc:
                return str(exc)
            except records.RecordError as exc:
                if not ask(self, "Wrong password", f"{exc}.\n\nTry the passwords again?"):
                    return str(exc)

    def _ask_password(self, side: str, game_id: str) -> str | None:
        """One player's password for a sealed game, typed unseen; None if they cancel."""
        from PySide6.QtWidgets import QInputDialog

        title = SIDE_TITLES.get(side, side.title())
        game = next((f"This {g.title} game" for g in GAMES if g.id == game_id), "This game")
        text, ok = QInputDialog.getText(
            self,
            f"{title} player's password",
            f"{game} is sealed with hot-seat passwords.\n{title} player only: type your password.",
            QLineEdit.EchoMode.Password,
        )
        return text if ok else None

    def _sync_passwords(self) -> None:
        """The curtain guards exactly the sides that seal the game's record."""
        seal = self.controller.seal
        self.curtain.set_keys(dict(seal.keys) if seal else {})
        self._privacy_notice()
        self._forget_sides()

    def keeps_sides(self) -> bool:
        """Whether what each side arranges for itself (its docks, the map's zoom and centre) is
        kept in the settings for the next start. Not for a game sealed with hot-seat passwords:
        the settings file is anyone's at this computer, and where a side last looked tells where
        its forces are. Such a game keeps each side's arrangement in memory only."""
        return self.persist and self.controller.seal is None

    def _forget_sides(self, tiles: bool = False) -> None:
        """A sealed game on the board: nothing of a side stays in the settings (what an unsealed
        start of this game, or an older build, kept there), and no tile of a side's look is kept
        from now on (``tiles``: those kept already go too, as when passwords are set mid-game)."""
        if self.controller.seal is None:
            return
        self.view.keep_tiles = False
        if self.persist:
            group = f"{self._layout_key()}/"
            for key in self.settings.allKeys():
                if key.startswith(group):
                    self.settings.remove(key)
            self.settings.sync()
        store = self.scene.tiles.store
        if tiles and store is not None:
            store.forget()

    def _privacy_notice(self) -> None:
        session = self.controller.session
        two = session is not None and len(session.humans) > 1
        unsealed = two and self.controller.seal is None
        self.curtain.set_notice(
            "This game is saved unsealed: anyone at this computer can read its file, with both "
            "sides' orders and the coming dice. Game › Hot-seat Passwords… seals it."
            if unsealed
            else ""
        )
        self._tell_unsealed = unsealed

    def _clear_table(self) -> None:
        """Nothing of the game before lingers on a game about to be shown: its rolls, log,
        turn line, prompts and game-over box go; the title and chooser name the new game."""
        self.clear_prompt()
        self.statusBar().clearMessage()
        self.dice_dock.dice.show_rolls([], keep=False)
        self.log_dock.show_events([])
        self.turn_label.setText("")
        self._close_game_over()
        self._show_chosen_game()

    def _close_game_over(self) -> None:
        box, self.game_over_box = self.game_over_box, None
        dispose(box)

    def _show_chosen_game(self) -> None:
        self._refresh_title()
        self.game_actions[self.game_id].setChecked(True)
        self.game_combo.setCurrentIndex(self.game_combo.findData(self.game_id))

    def show_prompt(self, text: str) -> None:
        """A status line that stays while it applies (a keyboard target); the next change of
        the game takes it away unless the presenter shows it again."""
        self._prompt = text
        self.statusBar().showMessage(text)

    def clear_prompt(self) -> None:
        if self._prompt and self.statusBar().currentMessage() == self._prompt:
            self.statusBar().clearMessage()
        self._prompt = ""

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
        # The presenter has just drawn the side at the screen: when that side is the one to
        # act, a second rebuild would draw the same again (11 M instructions of VaM's start).
        self.hand_over(side, drawn=side == c.viewer)

    def _ask_resume(self, path: object) -> bool:
        title = game_info(self.game_id).title
        return ask(self, "Resume game?", f"An unfinished game of {title} was saved automatically. Resume it?")

    def _after_change(self) -> None:
        self.clear_prompt()
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
        said = [self._after_curtain]
        self._after_curtain = ""
        if self._tell_unsealed:  # once a game: the players hear it when they first see the board
            self._tell_unsealed = False
            said.append("No hot-seat passwords: this game's autosave can be read by anyone at this computer.")
        if any(said):
            self.statusBar().showMessage(" ".join(s for s in said if s), 20000)
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
        from PySide6.QtWidgets import QInputDialog

        session = self.controller.session
        if session is None or len(session.humans) < 2:
            self.statusBar().showMessage("Passwords are for two players at one screen.", 6000)
            return
        from midway_desktop.engine.sealing import Seal, SealError, side_key  # (where passwords are set: see records)

        keys = dict(self.curtain.passwords)
        for side in session.humans:
            title = SIDE_TITLES.get(side, side.title())
            text, ok = QInputDialog.getText(
                self,
                "Hot-seat password",
                f"Password for the {title} player (empty for none):\n\n"
                "With a password on a side, this game's saved files are sealed and open only with the "
                "passwords. Without passwords, anyone at this computer can read the saved game: both "
                "sides' orders and the coming dice.",
                QLineEdit.EchoMode.Password,
            )
            if ok:
                if not text:
                    keys.pop(side, None)
                    continue
                try:
                    keys[side] = side_key(text)
                except SealError as exc:  # (a NUL: scrypt would take it for a shorter password)
                    self.statusBar().showMessage(f"The {title} player's password is not changed: {exc}.", 8000)
                    return
        self.curtain.set_keys(keys)
        self.controller.set_seal(Seal.of(session.rules.id, session.humans, keys))
        self._privacy_notice()
        self._forget_sides(tiles=True)  # what each side kept before the passwords were set
        self._tell_unsealed = False
        if self.controller.seal is not None:
            self.statusBar().showMessage("Passwords set: this game's saved files open only with them.", 8000)
        else:
            self.statusBar().showMessage(
                "No passwords: this game's autosave can be read by anyone at this computer.", 8000
            )

    # -- saving trouble ---------------------------------------------------------------------
    def _save_failed(self, reason: str) -> None:
        self.save_label.setText("Not saving")
        self.save_label.setToolTip(f"The last autosave failed: {reason}")
        self.save_label.show()

    def _saving_stopped(self, reason: str) -> None:
        """The first failed autosave in a row: tell the player once, plainly."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("This game is not being saved")
        box.setText(
            "<p><b>This game is not being saved.</b></p>"
            "<p>The game goes on, but if the app closes, the moves from now on are lost. Free some "
            "space or make the folder writable: saving starts again by itself after the next move. "
            "<i>Save Game As…</i> can keep a copy somewhere else.</p>"
        )
        box.setDetailedText(reason)
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        dispose(self.save_warning)
        self.save_warning = box
        box.open()  # not exec(): the game goes on

    def _saving_resumed(self) -> None:
        self.save_label.hide()
        dispose(self.save_warning)
        self.save_warning = None
        self.statusBar().showMessage("Autosave works again: the game is saved.", 8000)

    def _redo(self) -> None:
        if self.controller.session is not None and self.controller.redo():
            self.statusBar().showMessage("Redone.", 3000)

    def _game_over(self, outcome: Outcome) -> None:
        """The game-over box, once the last events are on show: a phase played out step by step
        (Kido Butai's American phase, a doctrine's moves) is watched to its end first, so that the
        box neither gives away how it ends nor stands over the board while it plays."""
        if self.controller.showing():
            game = self.controller.session
            QTimer.singleShot(200, self, lambda: self._game_over(outcome) if self.controller.session is game else None)
            return
        from PySide6.QtWidgets import QMessageBox

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
        self._close_game_over()
        self.game_over_box = box
        box.open()  # not exec(): the board stays usable for a last look

    # -- dialogs for games ----------------------------------------------------------------
    def new_game_dialog(self) -> None:
        if not self.plays(self.game_id):
            self._start(resume=False)
            return
        from midway_desktop.engine import get_rules
        from midway_desktop.ui.new_game import NewGameDialog  # a dialog: made when asked for

        dialog = NewGameDialog(get_rules(self.game_id), self, seats=self._remembered_seats())
        accepted = dialog.exec() == NewGameDialog.DialogCode.Accepted
        chosen = (dialog.options(), dialog.seed_value(), dialog.scenario_name(), dialog.passwords())
        seats = dialog.seats()
        dispose(dialog)
        if accepted:
            self._remember_seats(seats)
            self.start_new(*chosen, seats=seats)

    def start_new(
        self,
        options: dict | None = None,  # type: ignore[type-arg]
        seed: int | str | None = None,
        scenario: str | None = None,
        passwords: dict[str, str] | None = None,
        seats: dict[str, str | None] | None = None,
    ) -> None:
        """A fresh game of the current game with ``options`` (no dialog); ``passwords`` (by
        side) seal it from its first autosave on; ``seats`` (by side: None for a person, else
        the computer player's name) say who sits where."""
        people = _seated(seats)[0]
        if passwords and people is not None and len(people) < 2:
            passwords = None  # one person at the screen: nobody to hide anything from
        if passwords:
            from midway_desktop.engine import get_rules
            from midway_desktop.engine.sealing import Seal, SealError, side_key

            rules = get_rules(self.game_id)
            chosen = next((s for s in rules.scenarios if s.name == scenario), rules.scenarios[0])
            try:
                keys = {side: side_key(text) for side, text in passwords.items() if text}
            except SealError as exc:
                self.statusBar().showMessage(f"No new game: {exc}.", 10000)
                return
            seal = Seal.of(rules.id, people or tuple(rules.human_sides(chosen)), keys)
        else:
            seal = None
        self._start(resume=False, options=options, seed=seed, scenario=scenario, seal=seal, seats=seats)

    def save_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        if self.controller.session is None:
            return
        suggested = str(self._games_folder() / self._suggested_name())
        path, _ = QFileDialog.getSaveFileName(self, "Save game", suggested, "Midway Desktop games (*.midway.json)")
        if path:
            if not path.endswith(".json"):
                path += ".midway.json"
            try:
                self.controller.save(path)
                self._remember_folder(path)
                sealed = " (sealed: it opens only with the hot-seat passwords)" if self.controller.seal else ""
                self.statusBar().showMessage(f"Saved {path}{sealed}", 5000)
            except OSError as exc:
                QMessageBox.warning(self, "Save failed", f"{path}: {exc.strerror or exc}")

    def open_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self, "Open game", str(self._games_folder(opening=True)), "Midway Desktop games (*.json)"
        )
        if path and self.open_game(path):
            self._remember_folder(path)

    def _games_folder(self, opening: bool = False) -> Path:
        """Where the Save and Open dialogs start: the folder last used, else (opening) the
        folder of kept unfinished games, else the player's documents (a "Midway Desktop"
        folder there once it exists)."""
        remembered = self.settings.value(SETTINGS_FOLDER) if self.persist else None
        if isinstance(remembered, str) and Path(remembered).is_dir():
            return Path(remembered)
        kept = autosaves.unfinished_dir()
        if opening and kept.is_dir():
            return kept
        from PySide6.QtCore import QStandardPaths  # (named when a file is first opened or saved)

        documents = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation))
        own = documents / "Midway Desktop"
        if own.is_dir():
            return own
        return documents if documents.is_dir() else Path.home()

    def _remember_folder(self, path: str) -> None:
        if self.persist:
            self.settings.setValue(SETTINGS_FOLDER, str(Path(path).parent))

    def _suggested_name(self) -> str:
        """The game and when, so that saved games sort by date: "kido-butai 2026-12-01 14.05"."""
        return f"{self.game_id} {datetime.now():%Y-%m-%d %H.%M}.midway.json"

    def open_game(self, path: str) -> bool:
        """Open a saved game, all or nothing: the record is read, replayed and verified, and
        its board loaded, before the window leaves the game it shows; any failure is one line
        in a message box and changes nothing."""
        from PySide6.QtWidgets import QMessageBox

        try:
            sealed = records.envelope_of(records.read_bytes(path), path)
        except records.RecordError as exc:
            QMessageBox.warning(self, "Cannot open game", one_line(str(exc)))
            return False
        opened = self._unlock(path, sealed)
        if isinstance(opened, str):
            QMessageBox.warning(self, "Cannot open game", one_line(opened))
            return False
        try:
            restored = records.restore(opened.data, path)
            session = restored.session
            board = load_board(session.rules.id)
        except (records.RecordError, RulesetError) as exc:
            QMessageBox.warning(self, "Cannot open game", one_line(str(exc)))
            return False
        except Exception as exc:  # noqa: BLE001 - a menu handler that raises shows the user nothing
            QMessageBox.warning(self, "Cannot open game", one_line(f"{path}: {type(exc).__name__}: {exc}"))
            return False
        if not self.plays(session.rules.id):  # its rules run, but the window shows only set-ups
            title = session.rules.title
            QMessageBox.warning(
                self,
                "Cannot open game",
                f"{path}: {title} games are not played in the window yet; 'midway-desktop replay' reads them.",
            )
            return False
        switched = session.rules.id != self.game_id
        if switched:  # only now: a refused file leaves the window as it was
            self.switch_game(session.rules.id, start=False, board=board)
        self._start(resume=False, session=session, seal=opened.seal)
        if switched:
            self._restore_layout()
        # An older rules revision's record: what of it was verified, in the same line.
        said = f"Opened {path}. {restored.note} {self.statusBar().currentMessage()}"
        self.statusBar().showMessage(" ".join(said.split()), 20000 if restored.note else 8000)
        return True

    # -- content --------------------------------------------------------------------------
    def _key_shown(self, shown: bool) -> None:
        if not shown or self.key_view is not None:
            return
        from PySide6.QtGui import QStandardItemModel
        from PySide6.QtWidgets import QTreeView

        self.key_model = QStandardItemModel(self)
        self.key_model.setHorizontalHeaderLabels(["Map feature", "Cells", "Source"])
        self.key_view = QTreeView(self)
        self.key_view.setModel(self.key_model)
        self.key_view.setRootIsDecorated(True)
        self.key_view.setAlternatingRowColors(True)
        self.key_view.doubleClicked.connect(self._key_activated)
        self.key_view.setMinimumWidth(200)
        stand_in = self.key_dock.widget()
        self.key_dock.setWidget(self.key_view)
        stand_in.deleteLater()
        self._fill_key()

    def _fill_key(self) -> None:
        if self.key_view is None or self.key_model is None:
            return  # (filled when first shown)
        from PySide6.QtGui import QStandardItem

        # Collapsed first: the tree keeps a record of every expanded row, and of rows removed
        # while expanded too, a few kilobytes more for every game shown.
        self.key_view.collapseAll()
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
        assert self.key_model is not None  # (made with the tree that was clicked)
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
        # The arrangement on show is the side at the screen's: not kept for a sealed game.
        if self.keeps_sides():
            self.settings.setValue(self._layout_key(), self.saveState())

    def _restore_layout(self) -> bool:
        """The player's own arrangement of this game's docks, if one was kept."""
        if self.persist and restore(self.restoreState, self.settings, self._layout_key()):
            self._columns = None  # the player's own arrangement wins over the game's defaults
            return True
        return False

    def prefer_dock_columns(self, left: QDockWidget, left_px: int, right: QDockWidget, right_px: int) -> None:
        """A game's preferred widths for the dock columns beside the board. On a window too
        narrow for them both columns shrink alike, so that the board keeps over half the
        width; the player's own arrangement (restored or dragged) is never overridden."""
        self._columns = (left, left_px, right, right_px)
        self._fit_columns()

    def _fit_columns(self) -> None:
        if self._columns is None:
            return
        left, lw, right, rw = self._columns
        scale = min(1.0, self.width() * DOCK_SHARE / (lw + rw))
        self.resizeDocks([left, right], [round(lw * scale), round(rw * scale)], Qt.Orientation.Horizontal)

    def resizeDocks(self, docks: Sequence[QDockWidget], sizes: Sequence[int], orientation: Qt.Orientation) -> None:  # noqa: N802
        if self._asked_sizes is not None:
            self._asked_sizes.append(DockSizes(tuple(docks), tuple(sizes), orientation))
        super().resizeDocks(docks, sizes, orientation)

    def _size_docks_afresh(self, game_id: str, asked: Sequence[DockSizes]) -> None:
        """After a switch, once the new game's docks are laid out: size them as a window opened on
        that game does, from each dock's own size, then as the game asked. (Sizes asked while
        they were still being laid out shared out what the last game's docks had.)"""
        if game_id != self.game_id:  # switched on again before this turn of the event loop
            return
        docks = [d for d in self.findChildren(QDockWidget) if d.isVisible() and not d.isFloating()]
        for area, orientation in DOCK_AREAS:
            line = [d for d in docks if self.dockWidgetArea(d) == area]
            if line:
                hints = [d.sizeHint() for d in line]
                along = [h.height() if orientation == Qt.Orientation.Vertical else h.width() for h in hints]
                super().resizeDocks(line, along, orientation)
        for call in asked:
            if all(d.isVisible() and not d.isFloating() for d in call.docks):  # (not closed or floated since)
                super().resizeDocks(call.docks, call.sizes, call.orientation)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if not self._settled:
            # Until the window first settles at its size the game's column widths follow it.
            self._fit_columns()

    def childEvent(self, event: QChildEvent) -> None:  # noqa: N802
        super().childEvent(event)
        if event.polished() and isinstance(event.child(), QTabBar):  # built by then
            # The window's own bars for tabbed docks, once Qt has set them up (eliding):
            # titles scroll rather than read "Air b…".
            QTimer.singleShot(0, self, self._whole_tab_titles)

    def _whole_tab_titles(self) -> None:
        for bar in window_tab_bars(self):
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if not self._settled:
            QTimer.singleShot(0, self, self._settle)

    def _settle(self) -> None:
        self._fit_columns()
        self._settled = True
        QTimer.singleShot(0, self, self._prepare_drag)

    def _prepare_drag(self) -> None:
        """At idle, once the board is on screen: what the first drag would build (see
        ``BoardScene.prepare_drag``)."""
        self.scene.prepare_drag()

    def _remember_game(self) -> None:
        """The game on the table is the one the next start opens on: written to disk at once, as
        a crash leaves no close to write it then (and the game's autosave waits in it)."""
        if self.persist and read_text(self.settings, SETTINGS_GAME) != self.game_id:
            self.settings.setValue(SETTINGS_GAME, self.game_id)
            self.settings.sync()

    def switch_game(self, game_id: str, start: bool = True, board: Board | None = None) -> None:
        if game_id == self.game_id:
            return
        self._save_layout()
        self.controller.release()  # the last game's autosave is free for another window now
        board = board if board is not None else load_board(game_id)
        self.game_id = game_id
        self.board = board
        if self.values_dialog is not None:
            self.values_dialog.show_game(game_id)
        old = self.scene
        self.scene = BoardScene(board, self)
        self._wire_scene()
        if self.presenter is not None:
            self.presenter.detach()
            self.presenter = None
        self.view.set_board_scene(self.scene)
        old.deleteLater()
        if self._settled:
            QTimer.singleShot(0, self, self._prepare_drag)
        self._remember_game()
        # The window names the new game before anything (a resume question) is asked of it.
        self._clear_table()
        self._place_shared_docks()
        if start:
            self._asked_sizes = []  # the new game's dock sizes, asked again once they are laid out
            self._start(resume=self.persist)
            asked, self._asked_sizes = self._asked_sizes, None
            if not self._restore_layout():
                QTimer.singleShot(0, self, lambda: self._size_docks_afresh(game_id, asked))

    def _refresh_title(self) -> None:
        self.setWindowTitle(f"{game_info(self.game_id).title} — Midway Desktop")

    # -- dialogs --------------------------------------------------------------------------
    def _about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self,
            "About Midway Desktop",
            f"<h3>Midway Desktop {__version__}</h3>"
            "<p>Victory at Midway, CV, Kido Butai and Midway Solitaire on one rules engine.</p>"
            "<p>Map art is drawn from each game's ruleset; values marked provisional (Help › "
            "Ruleset Values) are authored where the rulebook is silent.</p>",
        )

    def _how_to_play(self) -> None:
        from midway_desktop.ui.how_to_play import HowToPlay

        dialog = HowToPlay(self.game_id, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def show_ruleset_values(self) -> None:
        """The current game's ruleset values (made on first use, then kept and brought up)."""
        if self.values_dialog is None:
            from midway_desktop.ui.ruleset_values import RulesetValuesDialog

            self.values_dialog = RulesetValuesDialog(self.game_id, self)
        self.values_dialog.show_game(self.game_id)
        self.values_dialog.show()
        self.values_dialog.raise_()
        self.values_dialog.activateWindow()

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """The keys of the window, then those of the game being played (from its presenter)."""
        rows = [
            ("+ / −, Ctrl+wheel or wheel", "zoom in / out"),
            ("0 or Ctrl+0", "fit the board to the window"),
            ("1 or Ctrl+1", "actual size"),
            ("Arrow keys, drag the sea", "pan"),
            (f"Ctrl+2 … Ctrl+{len(GAMES) + 1}", "switch game: " + ", ".join(g.title for g in GAMES)),
            ("Ctrl+N, Ctrl+O, Ctrl+S", "new game, open a saved game, save this game"),
            ("Ctrl+Z, Ctrl+Shift+Z", "undo (never past a roll or a card), redo"),
            ("F1 · Shift+F1", "how to play this game · this list"),
            ("Ctrl+Shift+V", "the ruleset's values and where each comes from"),
            ("Ctrl+Shift+O", "odds from here: bots play on from this position"),
        ]
        if self.presenter is not None:
            rows += self.presenter.shortcuts()
        return rows

    def _shortcuts(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        rows = self.shortcut_rows()
        game = len(rows) - (len(self.presenter.shortcuts()) if self.presenter is not None else 0)
        html = ["<table>"]
        for n, (keys, what) in enumerate(rows):
            if n == game:
                html.append(f"<tr><td colspan='2'><br><b>{game_info(self.game_id).title}</b></td></tr>")
            html.append(f"<tr><td><b>{keys}</b></td><td>{what}</td></tr>")
        html.append("</table>")
        dispose(self.shortcuts_box)
        self.shortcuts_box = QMessageBox(QMessageBox.Icon.Information, "Keyboard shortcuts", "".join(html), parent=self)
        self.shortcuts_box.setStyleSheet(
            "QLabel#qt_msgbox_label { min-width: 34em; }"
        )  # rows on one line, not squeezed
        self.shortcuts_box.open()

    def show_odds(self) -> None:
        """The odds dock, made on first use (its modules are not loaded at start-up)."""
        if self.odds_dock is None:
            from midway_desktop.ui.odds_dock import OddsDock

            self.odds_dock = OddsDock(self.controller, self)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.odds_dock)
            self.view_menu.addAction(self.odds_dock.toggleViewAction())
        self.odds_dock.show()
        self.odds_dock.raise_()

    def closeEvent(self, event: object) -> None:  # noqa: N802
        if self.odds_dock is not None:
            self.odds_dock.stop()
        if self.persist:
            self.settings.setValue(SETTINGS_GAME, self.game_id)
            self.settings.setValue(SETTINGS_GEOMETRY, self.saveGeometry())
            self._save_layout()
            if self.presenter is not None:  # the side at the screen keeps its arrangement too
                self.presenter.remember_layout()
        self.controller.release()
        super().closeEvent(event)  # type: ignore[arg-type]
