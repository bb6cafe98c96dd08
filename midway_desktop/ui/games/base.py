"""What every game presenter does: build from the controller's view, turn gestures into actions."""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QObject, QTimer
from PySide6.QtWidgets import QBoxLayout, QDockWidget, QMenu, QPushButton, QTabBar, QWidget

from midway_desktop.engine import Blocker
from midway_desktop.games import side_title
from midway_desktop.ui.board_scene import MoveOptions
from midway_desktop.ui.controller import GameController
from midway_desktop.ui.counters import CounterItem
from midway_desktop.ui.dock_fit import keep_whole_width
from midway_desktop.ui.stored_settings import read_bytes

if TYPE_CHECKING:
    from midway_desktop.ui.main_window import MainWindow
    from midway_desktop.ui.review_dock import ReviewPanel


def window_tab_bars(window: QWidget) -> list[QTabBar]:
    """The tab bars the window has made for its groups of tabbed docks. Read from its list of
    children, not ``findChildren``: a wrapper that made stays tied to the window after Qt
    deletes the bar, one more for every dock layout the window ever had."""
    return [child for child in window.children() if isinstance(child, QTabBar)]


def dock_on_show(window: QWidget, dock: QDockWidget, bars: list[QTabBar] | None = None) -> bool:
    """Whether ``dock`` is before the player's eyes, or will be as the window shows or the
    hot-seat curtain lifts: not closed, and not behind another tab of its stack. Read from where
    Qt lays the dock out, never from what is drawn: behind the curtain nothing of the window is
    seen, and a dock filled only when seen was left blank as the curtain lifted (Qt says nothing
    of a dock that was on show all along). ``bars``: the window's tab bars, if read already."""
    if dock.isHidden():
        return False
    if dock.isFloating():
        return True
    geometry = dock.geometry()
    if geometry.right() < 0 or geometry.bottom() < 0:
        return False  # Qt parks a dock behind another's tab off the window, above and left of it
    # Not laid out yet (a dock just made, the window not yet shown): its tab bar tells. Qt
    # leaves stale bars on the window too: on show if any bar naming it has it on top.
    title = dock.windowTitle()
    every = bars if bars is not None else window_tab_bars(window)
    named = [b for b in every if any(b.tabText(i) == title for i in range(b.count()))]
    return not named or any(b.tabText(b.currentIndex()) == title for b in named)


class Presenter(QObject):
    """Lives as long as one game is shown; owns that game's docks and counter bindings."""

    def __init__(self, window: MainWindow, controller: GameController) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.docks: list[QDockWidget] = []
        self._links: list[tuple[Any, Any]] = []
        self._rules_before: Callable[[CounterItem], MoveOptions] | None = None
        self.menu: QMenu | None = None  # the last context menu, until the next one
        self.detached = False
        self._layout_side = ""  # the side whose dock arrangement is on the window
        self._layouts: dict[str, QByteArray] = {}

    def link(self, signal: Any, slot: Any) -> None:
        """Connect, and remember to disconnect on detach."""
        signal.connect(slot)
        self._links.append((signal, slot))

    def attach(self) -> None:
        scene = self.scene = self.window.scene
        self._rules_before = scene.legal_moves
        scene.legal_moves = self.legal_moves
        self.link(scene.counterDropped, self.dropped)
        self.link(self.controller.changed, self.refresh)
        self.link(self.controller.happened, self.happened)
        self.build_docks()
        playback = getattr(self, "playback", None)
        if playback is not None:  # the computer waits while earlier events are still being shown
            self.controller.showing = lambda: not self.detached and playback.active
        # Every dock of the game can be closed and brought back from the View menu.
        menu = self.window.view_menu
        for dock in self.docks:
            if dock.toggleViewAction() not in menu.actions():
                menu.addAction(dock.toggleViewAction())
            keep_whole_width(dock)
        self.refresh()

    def detach(self) -> None:
        """Leave the window as it was before the game was shown, and go: everything the
        presenter made is deleted with it, and nothing long-lived keeps a reference to it
        (a window switches games hundreds of times in a session)."""
        self.detached = True
        self.controller.showing = lambda: False
        self._let_go_of_scene()
        self._drop_menu()
        for signal, slot in self._links:
            # The scene may already be gone, and its connections with it.
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)
        self._links.clear()
        for dock in self.docks:
            self.window.view_menu.removeAction(dock.toggleViewAction())
            self.window.removeDockWidget(dock)
            # Out of the window at once: a restored layout must never find the old docks by name.
            dock.setParent(None)
            dock.deleteLater()
        self.docks.clear()
        # The window keeps the tab bars of the docks just removed, still showing their titles
        # (one can peek out from under the next game's bar): hidden, and shown again by the
        # window only when it hands one to a new group of tabbed docks.
        for bar in window_tab_bars(self.window):
            bar.hide()
        # The window owns the presenter (a QObject child): without this it would live as long
        # as the window, and with it every dock model, timer and view it built.
        self.deleteLater()

    def _let_go_of_scene(self) -> None:
        """The scene asks the presenter where a counter may go; the next one asks its own."""
        scene = getattr(self, "scene", None)
        if scene is None or self._rules_before is None:
            return
        with contextlib.suppress(RuntimeError):  # the scene may already be deleted
            if getattr(scene, "legal_moves", None) == self.legal_moves:
                scene.legal_moves = self._rules_before
        self._rules_before = None

    # -- each side's own dock arrangement --------------------------------------------------
    def _layout_key(self, side: str) -> str:
        return f"{self.window._layout_key()}/{side}"

    def remember_layout(self) -> None:
        """Keep the arrangement of the side leaving the screen (for this session, and in the
        settings for the next time the app opens on the game, unless hot-seat passwords seal it)."""
        curtain = getattr(self.window, "curtain", None)
        if not self._layout_side or (curtain is not None and curtain.holding):
            # Behind the curtain the floating docks are held back and would read as closed:
            # the arrangement was kept as the curtain came down (``MainWindow.hand_over``).
            return
        state = self.window.saveState()
        self._layouts[self._layout_side] = state
        if self.window.keeps_sides():  # (never for a sealed game: the other player reads the settings)
            self.window.settings.setValue(self._layout_key(self._layout_side), state)

    def _switch_layout(self, side: str) -> None:
        """Each player arranges the docks their own way (rearranged, floated, closed and
        restored); the arrangement follows the player to the screen."""
        if side == self._layout_side:
            return
        self.remember_layout()
        self._layout_side = side
        saved = self._layouts.get(side)
        if saved is None and self.window.persist:
            saved = read_bytes(self.window.settings, self._layout_key(side))
        if saved is not None:  # a player with no arrangement of their own starts from the last one
            # Bytes Qt turns down leave the layout as it is. (The state names the tab on top of
            # each stack: a side comes back to the charts it last turned to.)
            self.window.restoreState(saved)

    def soon(self, slot: Callable[[], object]) -> None:
        """Call ``slot`` when the event loop next comes round (once the window has laid out
        what was just added), unless the game has been put away by then: its widgets are gone.
        Tied to the presenter, so that a window closed meanwhile (and the presenter with it)
        leaves no call behind to reach its deleted widgets."""
        QTimer.singleShot(0, self, lambda: None if self.detached else slot())

    def bring_forward(self, dock: QDockWidget) -> None:
        """Turn ``dock``'s tab to the front; behind a hot-seat curtain too (the curtain's own
        ``bring_forward``: a plain raise would do nothing while it is down)."""
        curtain = getattr(self.window, "curtain", None)
        if curtain is not None:
            curtain.bring_forward(dock)
        else:
            dock.raise_()

    def new_review(
        self, dock: QDockWidget, describe: Callable[[Any], str], turn_of: Callable[[Any], object] | None = None
    ) -> ReviewPanel:
        """The After the game panel, made in ``dock``'s scroll area when first wanted (its module
        imported then too), filled at once if a game is open."""
        from PySide6.QtWidgets import QScrollArea

        from midway_desktop.ui.review_dock import ReviewPanel

        panel = ReviewPanel(self.controller, describe, turn_of)
        scroll = dock.widget()
        assert isinstance(scroll, QScrollArea)
        scroll.setWidget(panel)
        if self.controller.session is not None:
            panel.fill()
        return panel

    def new_menu(self, title: str = "") -> QMenu:
        """A context menu over the window, in place of the last one. A menu needs the window
        as its parent, and the window would keep every one made (and, through the orders its
        actions are connected to, this presenter) for as long as it is open."""
        self._drop_menu()
        self.menu = QMenu(title, self.window)
        return self.menu

    def _drop_menu(self) -> None:
        menu, self.menu = self.menu, None
        if menu is not None:
            with contextlib.suppress(RuntimeError):  # (already gone with the window)
                menu.close()
                menu.deleteLater()

    def set_pace(self, ms: int) -> None:
        """The window's pace (View › Computer's Pace) for the events shown one by one."""
        from midway_desktop.ui.playback import PlaybackDock

        playback = getattr(self, "playback", None)
        if playback is not None:
            playback.set_delay(ms)
        for dock in self.docks:
            if isinstance(dock, PlaybackDock):
                dock.speed.setValue(ms)

    # -- what keeps the player from sealing ----------------------------------------------
    def blocker_buttons(
        self, blockers: Sequence[Blocker], layout: QBoxLayout, seal: str, title: Callable[[str], str]
    ) -> list[QPushButton]:
        """The Orders dock's part for ``blockers``: a Show button for each that names a counter
        or a cell (``title`` names the counter as the player knows it), then the seal button
        (``seal``) greyed with the first reason. Added to ``layout``; returned to be cleared."""
        made = []
        shown = [b for b in blockers if b.piece in self.scene.counters or (b.cell and b.cell in self.window.board)]
        for b in shown[:SHOWN_BLOCKERS]:
            if b.piece or b.cell:
                button = QPushButton(f"Show {title(b.piece) if b.piece else b.cell}")
                button.setToolTip(b.reason)
                button.clicked.connect(lambda _c=False, x=b: self.show_blocker(x))
                made.append(button)
        if blockers:
            button = QPushButton(seal)
            button.setEnabled(False)
            button.setToolTip(blockers[0].reason)
            made.append(button)
        for button in made:
            layout.addWidget(button)
        return made

    def show_blocker(self, blocker: Blocker) -> None:
        """Take the player to what keeps them from sealing: its counter picked on the map (or
        its cell shown), the reason in the status bar."""
        self.window.statusBar().showMessage(blocker.reason, 15000)
        item = self.scene.counters.get(blocker.piece) if blocker.piece else None
        cell = item.label if item is not None else blocker.cell
        if cell and cell in self.window.board:
            self.window.view.ensure_visible_cell(cell)
            self.scene.show_cursor(cell, True)
        if item is not None:
            self.scene.clearSelection()
            item.setSelected(True)
            self._tab_piece = blocker.piece  # (the keyboard's M opens its orders)

    def tell_blockers(self) -> bool:
        """Enter with the seal refused: say why and go to the first thing to change, instead of
        doing nothing (True: the key was used)."""
        blockers = self.controller.seal_blockers()
        if blockers:
            self.show_blocker(blockers[0])
        return bool(blockers)

    # -- for subclasses -------------------------------------------------------------------
    def build_docks(self) -> None:
        """Create the game's docks and add them to ``self.docks``."""

    def refresh(self) -> None:
        """Redraw everything from ``self.controller.view()``."""

    def happened(self, events: list) -> None:  # type: ignore[type-arg]
        """New events for the viewing side (dice, card flips) to animate or show."""

    def legal_moves(self, item: CounterItem) -> MoveOptions:
        return MoveOptions(frozenset(), lambda label: "That counter does not move by hand.")

    def dropped(self, piece: str, origin: str, target: str) -> None:
        """A legal drop: submit the matching action (the scene already moved the counter)."""

    def log_shown(self, events: list) -> list:  # type: ignore[type-arg]
        """The part of the log already shown to the player (all of it, unless a presenter
        is playing events out one at a time)."""
        return events

    def key_pressed(self, key: int) -> bool:
        """Keyboard play; return True when the key was used."""
        return False

    def shortcuts(self) -> list[tuple[str, str]]:
        """The game's own keys (what ``key_pressed`` does), as (keys, what they do) for the
        window's list of keyboard shortcuts."""
        return []


SHOWN_BLOCKERS = 4  # listed one by one on the Orders dock; the rest counted


def _acting(controller: GameController) -> tuple[str, bool] | None:
    """The side to act now that is not at the screen, and whether the computer plays it (None
    when the player at the screen is to act, or nobody is)."""
    session = controller.session
    if session is None or session.outcome() is not None or controller.reviewing is not None:
        return None
    acting = session.to_act()
    if not acting or controller.viewer in acting:
        return None
    computer = next((s for s in acting if s in controller.bots), None)
    return (computer, True) if computer is not None else (acting[0], False)


def whose_move(controller: GameController) -> str:
    """Who must act now, as the player at the screen reads it: "your move", "the computer's
    move (Japanese)", "the Japanese player's move" (nothing once the game is over)."""
    session = controller.session
    if session is None or session.outcome() is not None or controller.reviewing is not None:
        return ""
    other = _acting(controller)
    if other is None:
        return "your move" if controller.viewer in session.to_act() else ""
    side, computer = other
    return f"the computer's move ({side_title(side)})" if computer else f"the {side_title(side)} player's move"


def waiting_text(controller: GameController) -> str:
    """What the player waits for while the other side acts (an Orders dock's heading)."""
    other = _acting(controller)
    if other is None:
        return "Waiting for the other side."
    side, computer = other
    if computer:
        return (
            f"The computer ({side_title(side)}) is giving its orders: what you may see of them shows on "
            "the map and in the log as they come (View › Computer's Pace sets how fast)."
        )
    return f"Waiting for the {side_title(side)} player."


def blockers_html(blockers: Sequence[Blocker]) -> str:
    """The Orders dock's heading's list of what keeps the player from sealing, with the rules."""
    if not blockers:
        return ""
    said = "".join(f"<li>{html.escape(b.reason)}</li>" for b in blockers[:SHOWN_BLOCKERS])
    if len(blockers) > SHOWN_BLOCKERS:
        said += f"<li>… and {len(blockers) - SHOWN_BLOCKERS} more like them.</li>"
    return f"<br><b>Before you can seal:</b><ul style='margin-left: -20px'>{said}</ul>"


LIT_BOX = "QListView { background: #dcefd2; border: 2px solid #4f8a3c; }"  # a box that takes the counter


class DragDropPresenter(Presenter):
    """A game played by dragging counters, as on the table: on the map, from a box onto the
    map (``BoardView.drop_handler``), and between boxes (``BoxHost``). The game says where a
    piece may go (``_dests``) and why not elsewhere (``_reason``); the drops are the same for
    every game: legal hexes lit, a legal drop submitted, a refused one snapped back with the
    rule's reason in the status bar."""

    def _dests(self, piece: str) -> dict[str, Any]:
        """Every place ``piece`` may be put now -> the order that puts it there."""
        return {}

    def _reason(self, piece: str, place: str) -> str:
        """Why ``piece`` may not go to ``place`` (a hex or a box's place)."""
        return "Not here."

    def _is_hex(self, place: str) -> bool:
        """Whether ``place`` is a hex of the map (not a box)."""
        return False

    def _place(self, place: str, found: dict[str, Any]) -> str:
        """The place a box stands for, given where the piece may go (most boxes: itself)."""
        return place

    def _cells(self, piece: str) -> frozenset[str]:
        return frozenset(d for d in self._dests(piece) if self._is_hex(d))

    def legal_moves(self, item: CounterItem) -> MoveOptions:
        return MoveOptions(self._cells(item.piece), lambda label: self._reason(item.piece, label))

    def dropped(self, piece: str, origin: str, target: str) -> None:
        action = self._dests(piece).get(target)
        if action is None or not self.controller.submit(action):
            self.refresh()

    # map drops from docks (BoardView.drop_handler)
    def drag_entered(self, piece: str) -> bool:
        self.scene.light_cells(MoveOptions(self._cells(piece), lambda label: self._reason(piece, label)))
        return True

    def drag_hover(self, piece: str, label: str | None) -> None:
        if label is None:
            self.scene.hide_cursor()
        else:
            self.scene.show_cursor(label, label in self._dests(piece))

    def drag_left(self) -> None:
        self.scene.unlight()

    def dropped_on_map(self, piece: str, label: str | None, whole: bool = False) -> None:
        self.scene.unlight()
        if label is None:
            self.window.statusBar().showMessage("That is off the map.", 8000)
            return
        self.give(piece, (label,), whole)

    # a counter carried out of a box (BoxView.startDrag): the boxes and hexes that take it lit
    def drag_started(self, piece: str) -> None:
        found = self._dests(piece)
        for view in getattr(self, "box_views", {}).values():
            lit = any(self._place(d, found) in found for d in view.destinations)
            view.setProperty("lit", lit)
            view.setStyleSheet(LIT_BOX if lit else "")
        self.scene.light_cells(MoveOptions(self._cells(piece), lambda label: self._reason(piece, label)))

    def drag_ended(self) -> None:
        for view in getattr(self, "box_views", {}).values():
            if view.property("lit"):
                view.setProperty("lit", False)
                view.setStyleSheet("")
        self.scene.unlight()

    # box drops (BoxHost)
    def box_accepts(self, piece: str, dests: tuple[str, ...]) -> bool:
        found = self._dests(piece)
        return any(self._place(d, found) in found for d in dests)

    def dropped_in_box(self, piece: str, dests: tuple[str, ...], whole: bool = False) -> None:
        self.give(piece, dests, whole)

    def give(self, piece: str, places: tuple[str, ...], whole: bool = False) -> bool:
        """Give the order of putting ``piece`` on the first of ``places`` that has one; else say
        the rule that refuses it (the counter stays where it was). ``whole``: Shift was held on
        the drop (a game that asks how many of a stack moves it all)."""
        found = self._dests(piece)
        for d in places:
            d = self._place(d, found)
            if d in found:
                return bool(self.controller.submit(found[d]))
        self.window.statusBar().showMessage(self._reason(piece, places[0]) if places else "Not here.", 8000)
        self.refresh()
        return False
