"""Victory at Midway at the desktop: one map per side, holding boxes as docks, battle board.

Everything on screen is drawn from the viewing side's engine view: its own ships and Task
Force / Fleet markers, its search markers, and of the enemy only the sightings and announced
searches the rules put on its map. At a hot-seat handover the window rebuilds every counter,
box and list from the next side's view before the curtain lifts.

Play is by drag and drop, as on paper (see ``games.victory_at_midway.gestures`` for what a drop
means): markers and ships across the map, aircraft from Ready boxes to a target hex, search
markers onto hexes, returning aircraft onto a base, ships between boxes, ground units ashore,
and on the battle board a unit onto its target. Every order is also in the Orders list
(keyboard: O to focus it, Enter to give the order) and in each counter's context menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, QPoint, Qt
from PySide6.QtGui import QBrush, QColor, QCursor, QFont
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.engine import Action
from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.rules import Phase
from midway_desktop.games.victory_at_midway.actions import Concede, Done, Enter
from midway_desktop.games.victory_at_midway.gestures import (
    SEARCH_PIECE,
    button_orders,
    candidate,
    destinations,
    gesture,
    movable,
    piece_name,
    place_name,
)
from midway_desktop.games.victory_at_midway.sequence import PHASES
from midway_desktop.ui.ask import ask
from midway_desktop.ui.box_views import role_numbers
from midway_desktop.ui.counters import CounterFace
from midway_desktop.ui.dock_fit import GivingList, KeptPlace, hold_scroll, scroll_in_dock
from midway_desktop.ui.games.base import DragDropPresenter, blockers_html, dock_on_show, waiting_text, whose_move
from midway_desktop.ui.games.victory_at_midway.boxes import BoxPanel, BoxView, PieceListModel, Row, SpringTabs
from midway_desktop.ui.games.victory_at_midway.layout import (
    DOCK_TIPS,
    DOCKS,
    SIDE_NAMES,
    BoxSpec,
    boxed_pieces,
    entry_rows,
    is_hex,
    map_counters,
    map_marker_name,
    other,
    search_row,
    sides_shown,
    unit_face,
    waiting_ships,
)
from midway_desktop.ui.playback import EventPlayback, PlaybackDock
from midway_desktop.ui.symbols import unit_symbol

if TYPE_CHECKING:  # (the review panel's module is imported when the panel is first wanted)
    from PySide6.QtWidgets import QSlider

    from midway_desktop.ui.review_dock import ReviewPanel

Index = QModelIndex | QPersistentModelIndex

# What to do in each step, in table terms, and which holding boxes to bring forward for it.
STEP_HINTS: dict[str, tuple[str, str]] = {
    "setup": (
        "Drag your Task Force / Fleet markers and lone ships onto the lit hexes of your set-up area.",
        "formations",
    ),
    "ship-movement": (
        "Drag markers and ships one hex; drag a ship between boxes to re-form a Task Force.",
        "formations",
    ),
    "midway-strike": ("Drag Ready aircraft into the Midway Airstrike Holding Box.", "strikes"),
    "search": ("Drag the Air search and Ship search markers onto the hexes to search.", "formations"),
    "air-strikes": ("Drag Ready aircraft from a carrier or Midway onto the target hex.", "air"),
    "strike-resolution": ("Choose which strike to resolve next.", "strikes"),
    "cap": ("Drag Ready fighters onto the battle board's Combat Air Patrol.", "air"),
    "air-preparation": ("Drag Not Ready aircraft into their Ready box, or prepare them all.", "air"),
    "air-return": ("Drag each returning unit onto a base's Not Ready box, or into Ditched Aircraft.", "strikes"),
    "invasion": ("Drag ground units from the transports to Ashore on Midway.", "ground"),
}
BATTLE_HINT = "On the battle board: click one of your units, then its target (or drag it onto the target)."
NOTHING_HINT = "Seal it with no orders; the other side is told only that you have sealed, as always."


def sentence(text: str) -> str:
    """An order's description as a menu entry or button: a capital first letter, the rest as
    written (``str.capitalize`` would lower "TF16" and "First Fleet")."""
    return text[:1].upper() + text[1:]


_TRACK_ROLES = role_numbers(
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.ForegroundRole,
)


class TurnTrackModel(QAbstractListModel):
    """VaM › Turn Record Track: every turn with its date and light, the current one marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view: dict[str, Any] = {}

    def set_view(self, view: dict[str, Any]) -> None:
        self.beginResetModel()
        self._view = view
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else int(self._view.get("last_turn") or 0)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _TRACK_ROLES or not index.isValid():
            return None  # (its list asks eight roles of every turn as it lays them out)
        turn = index.row() + 1
        v = self._view
        current = turn == v.get("turn")
        if role == Qt.ItemDataRole.DisplayRole:
            text = f"Turn {turn}"
            if current:
                text += f" · {v.get('date', '')}{' · night' if v.get('night') else ''} · now"
            entries = [e["title"] for e in (v.get("japan") or {}).get("entry", ()) if e["earliest"] == turn]
            if entries:
                text += " — may enter: " + "; ".join(entries)
            return text
        if role == Qt.ItemDataRole.FontRole and current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and current:
            return QBrush(QColor(240, 214, 120, 120))
        if role == Qt.ItemDataRole.ForegroundRole and turn < int(v.get("turn") or 0):
            return QBrush(QColor(120, 120, 120))
        return None


class VictoryAtMidwayPresenter(DragDropPresenter):
    def __init__(self, window: Any, controller: Any) -> None:
        super().__init__(window, controller)
        self.playback = EventPlayback(self)
        self.playback.finished.connect(self.refresh)
        self.legal: list[Action] = []
        self.view: dict[str, Any] = {}
        self.box_models: dict[str, PieceListModel] = {}
        self.box_views: dict[str, BoxView] = {}
        self._dock_shape: dict[str, tuple[str, ...]] = {}
        self._dock_keys: dict[str, list[str]] = {}
        # A holding-box dock is built and filled only while it is on show, and brought up to
        # date when its tab is turned to: one of the five is seen at a time, and building and
        # filling all 24 boxes was 80 M instructions (3 %) of VaM's start.
        self._box_stale: set[str] = set()  # box docks not brought up to date with ``self.view``
        self._moving: frozenset[str] = frozenset()
        self.battle_pick: str | None = None
        self._step_seen: dict[str, tuple[Any, ...]] = {}  # by side: the step last shown to it
        self._tab = -1
        self._tab_piece = ""
        self._battle_shown = True
        self._scrolls: dict[str, dict[str, int]] = {}  # by side: how far down each dock is
        self._pending_scrolls: dict[str, int] = {}  # box docks to put there as they are next filled
        self._track_turn: object = None  # the turn the Turns track was last scrolled to

    # -- docks ----------------------------------------------------------------------------
    def build_docks(self) -> None:
        w = self.window
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        # Orders: the step, its buttons, pieces waiting to be placed, every legal order.
        self.orders = QWidget()
        lay = QVBoxLayout(self.orders)
        lay.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.heading)
        self.button_row = QWidget()
        self.button_layout = QVBoxLayout(self.button_row)
        self.button_layout.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.button_row)
        self.buttons: list[QPushButton] = []
        self.waiting_model = PieceListModel(self._waiting_rows, self.orders)
        self.waiting_view = BoxView(self.waiting_model, self)
        self.waiting_panel = BoxPanel("To place: drag onto the map", self.waiting_view)
        lay.addWidget(self.waiting_panel)
        self.order_list = GivingList()  # (a short dock shrinks the list before it scrolls the buttons away)
        self.order_list.setToolTip("Every order you may give now. Enter or double-click gives it.")
        self.order_list.itemActivated.connect(self._order_activated)
        self._listed: list[Action] = []  # the orders in the list, row by row
        hint = QLabel("All orders open to you now (O to focus, Enter to give):")
        hint.setWordWrap(True)
        lay.addWidget(hint)
        lay.addWidget(self.order_list, 1)
        self.orders_dock = self._dock("vam-orders", "Orders", self.orders, left)
        # The battle board: its dock now, its contents when a battle is first fought or the dock
        # first shown (both start hidden; three boxes and their models were paid for at every
        # start, most of which see no battle before the first handover).
        self.battle: QWidget | None = None
        self.battle_models: dict[str, PieceListModel] = {}
        self.battle_views: dict[str, tuple[BoxView, BoxPanel]] = {}
        self.battle_dock = self._dock("vam-battle", "Battle board", QWidget(), Qt.DockWidgetArea.BottomDockWidgetArea)
        self.link(self.battle_dock.visibilityChanged, lambda shown: self._want_battle_board() if shown else None)
        # The Turn Record Track.
        track = QListView()
        self.track_model = TurnTrackModel(track)
        track.setModel(self.track_model)
        track.setSelectionMode(QListView.SelectionMode.NoSelection)
        self.track_view = track
        self.track_dock = self._dock("vam-turns", "Turns", track, right, DOCK_TIPS["turns"])
        # Holding boxes: one dock per group, contents built from the view.
        self.box_docks: dict[str, tuple[QDockWidget, QVBoxLayout]] = {}
        for name, title, _f in DOCKS:
            holder = QWidget()
            hl = QVBoxLayout(holder)
            hl.setAlignment(Qt.AlignmentFlag.AlignTop)
            dock = self._dock(f"vam-{name}", title, holder, right, DOCK_TIPS[name])
            self.box_docks[name] = (dock, hl)
            self.link(dock.visibilityChanged, lambda shown, n=name: self._box_dock_shown(n, shown))
        # One tabbed stack of holding boxes, like the box sheets beside the map on the table.
        stack = [self.box_docks[name][0] for name, _t, _f in DOCKS] + [self.track_dock]
        for a, b in zip(stack, stack[1:], strict=False):
            w.tabifyDockWidget(a, b)
        # The holding boxes are worked with all game long; the dice need only a strip.
        w.resizeDocks([w.log_dock, w.dice_dock, stack[0]], [260, 150, 560], Qt.Orientation.Vertical)
        # Events played one by one (the Japanese doctrine in solitaire, every battle's dice).
        self.report = PlaybackDock("As it happens", self.playback, w)
        w.addDockWidget(left, self.report)
        self.docks.append(self.report)
        w.resizeDocks([self.orders_dock, self.report], [600, 260], Qt.Orientation.Vertical)
        # Wide enough on the right for the box stack's six tabs to read whole.
        w.prefer_dock_columns(self.orders_dock, 290, stack[0], 440)
        # After the game: step through the record as the umpire.
        # Its panel is made when first wanted (the game over, or the dock shown).
        self._review: ReviewPanel | None = None
        self.review_dock = self._dock("vam-review", "After the game", QWidget(), Qt.DockWidgetArea.BottomDockWidgetArea)
        self.link(self.review_dock.visibilityChanged, lambda shown: self.review if shown else None)
        # Not tabbed with the battle board: both start hidden, and a tab bar of hidden docks
        # would be left standing on the window.
        self.review_dock.hide()  # opens when the game is over
        self.link(self.scene.counterContext, self._map_menu)
        self.link(self.playback.stepped, self._show_step)
        self.link(self.playback.finished, self.window.show_log)
        self.link(self.controller.finished, self._finished)
        self.window.view.drop_handler = self
        self.spring_tabs = SpringTabs(self.window, self)

    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea, tip: str = "") -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setToolTip(tip)
        dock.toggleViewAction().setToolTip(tip)
        scroll_in_dock(dock, widget)  # (text wraps instead of scrolling sideways)
        self.window.addDockWidget(area, dock)
        self.docks.append(dock)
        return dock

    def _want_battle_board(self) -> QWidget:
        """The battle board's boxes, made the first time a battle or the dock asks for them."""
        if self.battle is not None:
            return self.battle
        self.battle = QWidget()
        blay = QVBoxLayout(self.battle)
        self.battle_heading = QLabel()
        self.battle_heading.setWordWrap(True)
        self.battle_heading.setTextFormat(Qt.TextFormat.RichText)
        blay.addWidget(self.battle_heading)
        cols = QHBoxLayout()
        for key, title, dests in (
            ("attacker", "Attacking", ()),
            ("defender", "Defending", ()),
            ("cap", "Combat Air Patrol (drop Ready fighters here)", ("cap",)),
        ):
            model = PieceListModel(lambda v, k=key: self._battle_rows(v, k), self.battle)
            self.battle_models[key] = model
            view = BoxView(model, self, dests, targets=True)
            view.picked.connect(self._battle_clicked)
            panel = BoxPanel(title, view, "Click one of your units, then its target (or drag it onto the target).")
            self.battle_views[key] = (view, panel)
            cols.addWidget(panel)
        blay.addLayout(cols)
        blay.addStretch(1)
        scroll = self.battle_dock.widget()
        assert isinstance(scroll, QScrollArea)
        scroll.setWidget(self.battle)
        if self.view:
            for model in self.battle_models.values():
                model.set_view(self.view, self._moving)
            self.battle_heading.setText("No battle is being fought.")
        return self.battle

    @property
    def review(self) -> ReviewPanel:
        """The "After the game" panel, made the first time it is wanted."""
        if self._review is None:
            self._review = self.new_review(self.review_dock, self._describe_step)
        return self._review

    @property
    def review_label(self) -> QLabel:
        return self.review.label

    @property
    def review_slider(self) -> QSlider:
        return self.review.slider

    @property
    def review_button(self) -> QPushButton:
        return self.review.start_button

    def detach(self) -> None:
        self.playback.skip()
        self.remember_layout()
        if getattr(self.window.view, "drop_handler", None) is self:
            self.window.view.drop_handler = None
        super().detach()

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        c = self.controller
        if c.session is None:
            return
        view = c.view()
        viewer = view["viewer"]
        new_viewer = viewer != self._layout_side
        if new_viewer:
            # A new player at the screen: nothing still playing from the last one may show.
            self.playback.clear()
            self.report.reset()
            self.battle_pick = None
            self.window.show_log()  # it was cut short by the playback just cleared
            self._keep_scrolls(self._layout_side)
        self._switch_layout(viewer)
        self.view = view
        live = c.reviewing is None and viewer != UMPIRE
        # The doctrine or the computer's side is still moving: the board catches up after.
        against = bool(view.get("solitaire") or c.bots)
        held = self.playback.active and against
        self.legal = list(c.legal()) if live and not held else []
        moving = frozenset(movable(self.legal))
        self._fill_boxes(view, moving, new_viewer)
        self.waiting_model.set_view(view, moving)
        self.waiting_panel.setVisible(self.waiting_model.rowCount() > 0)
        if new_viewer:
            self._give_scrolls(viewer)
        if held:
            self._fill_orders(view, waiting=True)
            return  # the board catches up when the doctrine's moves have been shown
        self._bring_forward(view)
        self.soon(self.spring_tabs.watch)  # tab bars appear as docks are tabbed
        self._draw_map(view, moving)
        self._fill_orders(view)
        self._fill_battle(view, moving)
        self.track_model.set_view(view)
        if view["turn"] and (new_viewer or self._track_turn != view["turn"]):
            # (a new turn, or a new player: else the track stays where the player scrolled it)
            self._track_turn = view["turn"]
            self.track_view.scrollTo(
                self.track_model.index(int(view["turn"]) - 1), QListView.ScrollHint.PositionAtCenter
            )
        self._fill_review()
        night = " (night)" if view.get("night") else ""
        who = "Umpire" if viewer == UMPIRE else SIDE_NAMES.get(viewer, viewer)
        when = f"Turn {view['turn']}{night}, {view['date']}" if view["turn"] else "Before the battle"
        move = whose_move(self.controller)
        self.window.set_turn_text(
            f"{who} · {when} · {self._step_title(view)}" + (f" · {move[0].upper()}{move[1:]}" if move else "")
        )
        self._curtain_on_top()

    def _scroll_areas(self) -> dict[str, QScrollArea]:
        return {d.objectName(): a for d in self.docks if isinstance(a := d.widget(), QScrollArea)}

    def _keep_scrolls(self, side: str) -> None:
        """How far down each dock is, kept for the player leaving the screen (a box dock not
        filled since that player came: where it was to go)."""
        if side:
            now = {n: a.verticalScrollBar().value() for n, a in self._scroll_areas().items()}
            self._scrolls[side] = now | self._pending_scrolls

    def _give_scrolls(self, side: str) -> None:
        """Each dock as far down as ``side``'s player left it (at the top the first time): where
        the other player was looking is theirs. Held as the docks are laid out anew; a box dock
        behind a tab, as it is filled (emptied of the last player's boxes, it could not be)."""
        kept = self._scrolls.get(side, {})
        waiting = {dock.objectName() for name, (dock, _l) in self.box_docks.items() if name in self._box_stale}
        self._pending_scrolls = {n: kept[n] for n in waiting if n in kept}
        for name, area in self._scroll_areas().items():
            if name not in waiting:
                hold_scroll(area, kept.get(name, 0))

    def _bring_forward(self, view: dict[str, Any]) -> None:
        """When a step comes to a side, show it the holding boxes the step works with. The
        player may turn to another tab: it stays until the side's next step, across handovers
        within the step too (each side's own arrangement comes back with it)."""
        key = (view["turn"], view["step"])
        if self._step_seen.get(view["viewer"]) == key:
            return
        self._step_seen[view["viewer"]] = key
        dock = STEP_HINTS.get(view["step"], ("", ""))[1]
        if dock in self.box_docks:
            self.soon(lambda d=self.box_docks[dock][0]: self.bring_forward(d))  # once the tab bar exists

    def _curtain_on_top(self) -> None:
        """A dock brought forward must never come out in front of the hot-seat curtain."""
        curtain = getattr(self.window, "curtain", None)
        if curtain is not None:
            curtain.cover()

    def _step_title(self, view: dict[str, Any]) -> str:
        session = self.controller.session
        if session is None or self.controller.reviewing is not None:
            return "review"
        return self._own_phase().title

    def _own_phase(self) -> Phase:
        """The step the viewer gives its orders in (a side may have gone on to a later step of a
        run before the other has sealed the current one: ``sequence.RUNS``), or the battle's."""
        session = self.controller.session
        assert session is not None
        phase = session.rules.phase(session.state)
        if session.state.battle is not None:
            return phase
        step = session.rules.step_of(session.state, self.controller.viewer)
        return phase if step == phase.name else PHASES[step]

    def _fill_boxes(self, view: dict[str, Any], moving: frozenset[str], new_viewer: bool) -> None:
        """Fill the box docks on show from ``view``; the others wait until their tab is turned
        to, holding nothing of a side that has left the screen."""
        self._moving = moving
        dock = self.box_docks["formations"][0]
        title = " and ".join("Task Forces" if x == "us" else "Fleets" for x in sides_shown(view))
        if dock.windowTitle() != title:
            dock.setWindowTitle(title)
            self.soon(self.spring_tabs.watch)  # its tab's tooltip goes by the title
        self._box_stale = {name for name, _t, _m in DOCKS}
        for name, _title, _make in DOCKS:
            if self._box_on_show(name):
                self._fill_box_dock(name, view, moving)
            elif new_viewer and self._dock_shape.get(name):
                self._rebuild_dock(name, [], self.box_docks[name][1])  # no box, no title of theirs
                self._dock_shape[name] = ()
        self.soon(self._fill_shown_boxes)  # (a dock laid out anew, or a layout restored, since)

    def _box_on_show(self, name: str) -> bool:
        """Whether the player sees the dock, or will once the curtain lifts (``dock_on_show``)."""
        return dock_on_show(self.window, self.box_docks[name][0])

    def _box_dock_shown(self, name: str, shown: bool) -> None:
        """A box dock's tab turned to (or away from): filled before it is drawn. Qt also says so
        while it restores a layout, not always in order: look again once it has settled."""
        if shown and name in self._box_stale and self.view:
            self._fill_box_dock(name, self.view, self._moving)
        self.soon(self._fill_shown_boxes)

    def _fill_shown_boxes(self) -> None:
        for name in [n for n, _t, _m in DOCKS if n in self._box_stale]:
            if self.view and self._box_on_show(name):
                self._fill_box_dock(name, self.view, self._moving)

    def _fill_box_dock(self, name: str, view: dict[str, Any], moving: frozenset[str]) -> None:
        self._box_stale.discard(name)
        make = next(m for n, _t, m in DOCKS if n == name)
        specs = [s for side in sides_shown(view) for s in make(view, side)]
        shape = tuple(s.key for s in specs)  # (a title that changes is put right in place)
        dock, layout = self.box_docks[name]
        area = dock.widget()
        assert isinstance(area, QScrollArea)
        # The dock stays scrolled where it was, a box taken down or not (or, first filled for a
        # player come to the screen, where that player left it: ``_give_scrolls``).
        with KeptPlace(area, self._pending_scrolls.pop(dock.objectName(), None)):
            if self._dock_shape.get(name) != shape:
                self._rebuild_dock(name, specs, layout)
                self._dock_shape[name] = shape
            for spec in specs:
                model = self.box_models[spec.key]
                model.select = spec.select
                model.set_view(view, moving)
                panel = self.box_views[spec.key].parentWidget()
                if isinstance(panel, BoxPanel):
                    if panel.title.text() != spec.title:
                        panel.title.setText(spec.title)
                    panel.setVisible(not (spec.hide_empty and model.rowCount() == 0))

    def _rebuild_dock(self, name: str, specs: list[BoxSpec], layout: QVBoxLayout) -> None:
        picked = {}  # the counter picked in each box, picked again in the box made anew
        for key in self._dock_keys.get(name, ()):
            old = self.box_views.pop(key, None)
            self.box_models.pop(key, None)
            if old is not None and old.picked_piece():
                picked[key] = old.picked_piece()
        while layout.count():
            item = layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        for spec in specs:
            model = PieceListModel(spec.select, None)
            view = BoxView(model, self, spec.destinations)
            model.setParent(view)
            view.activated_piece.connect(self._piece_activated)
            panel = BoxPanel(spec.title, view, spec.tip)
            layout.addWidget(panel)
            self.box_models[spec.key] = model
            self.box_views[spec.key] = view
            if spec.key in picked:
                view.pick_when_filled(picked[spec.key])
        layout.addStretch(1)  # boxes pack at the top, like sheets on a table
        self._dock_keys[name] = [s.key for s in specs]

    def _draw_map(self, view: dict[str, Any], moving: frozenset[str]) -> None:
        self.scene.show_counters(map_counters(view), moving)

    def _waiting_rows(self, view: dict[str, Any]) -> list[Row]:
        """Pieces with orders but no counter on the map or in a box, read from the view alone
        (never from what is drawn, which may be a step behind): the search marker piles, pieces
        to set up, and the Japanese groups still to enter, greyed until their turn."""
        legal_pieces = movable(self.legal)
        shown = set(map_counters(view)) | boxed_pieces(view)
        entering = waiting_ships(view)
        enterable = {a.piece for a in self.legal if isinstance(a, Enter)}
        groups = self._entry_groups(view)
        rows = []
        for piece in sorted(legal_pieces):
            if piece in shown or piece in entering or piece in groups:
                continue
            if piece.startswith(SEARCH_PIECE):
                rows.append(search_row(view, piece))
                continue
            side = view.get("viewer", "")
            face = CounterFace(
                side if side in SIDE_NAMES else "neutral", piece, "to place", "", symbol=unit_symbol(piece)
            )
            rows.append(Row(piece, piece, face, f"{piece}: drag onto a highlighted hex to set it up"))
        # A group some of whose ships may enter now counts as enterable.
        for e in (view.get("japan") or {}).get("entry", ()):
            if any(s in enterable for s in e.get("waiting", ())):
                enterable.add(e["group"])
        if view.get("viewer") == "japan" and view.get("japan"):
            rows += entry_rows(view, enterable)
        return rows

    @staticmethod
    def _entry_groups(view: dict[str, Any]) -> set[str]:
        return {e["group"] for e in (view.get("japan") or {}).get("entry", ())}

    def _fill_orders(self, view: dict[str, Any], waiting: bool = False) -> None:
        """The Orders dock written anew from ``view``, left where the player had it: the dock and
        its list as far down as they were, the order picked in the list still picked."""
        area = self.orders_dock.widget()
        assert isinstance(area, QScrollArea)
        listed = self.order_list
        item = listed.currentItem()
        picked = item.text() if item is not None and item.isSelected() else ""
        with KeptPlace(area), KeptPlace(listed) as kept:
            self._write_orders(view, waiting)
            if picked:
                again = listed.findItems(picked, Qt.MatchFlag.MatchExactly)
                if again:
                    listed.setAutoScroll(False)  # (picked where it is: the list stays where it was)
                    listed.setCurrentItem(again[0])
                    listed.setAutoScroll(True)
            if kept.value:
                listed.doItemsLayout()  # (laid out now, not when next drawn: its height is known)

    def _write_orders(self, view: dict[str, Any], waiting: bool = False) -> None:
        for b in self.buttons:
            self.button_layout.removeWidget(b)
            b.hide()  # deleteLater waits for the event loop; it must not show meanwhile
            b.deleteLater()
        self.buttons = []
        self.order_list.clear()
        self._listed = []
        session = self.controller.session
        viewer = view["viewer"]
        to_act = view.get("to_act", [])
        if self.controller.reviewing is not None:
            self.heading.setText("<b>Review</b>: the umpire's view of the finished game. Use the After the game dock.")
            return
        title = self._own_phase().title if session is not None else ""
        if view.get("ended") or (session is not None and session.outcome() is not None):
            self.heading.setText(f"<b>The game is over.</b> {session.outcome().text if session else ''}")
            return
        if waiting:
            self.heading.setText(f"<b>{title}</b><br>Watch the other side's moves in <i>As it happens</i>.")
            return
        sealed = ", ".join(SIDE_NAMES.get(s, s) for s in view.get("sealed", ()))
        acting = ", ".join(SIDE_NAMES.get(s, s) for s in to_act) or "nobody"
        text = f"<b>{title}</b><br>" + (
            f"Turn {view['turn']}, {view['date']}{' (night)' if view.get('night') else ''}"
            if view["turn"]
            else "Before the first turn"
        )
        text += f"<br>To act: {acting}" + (f" · sealed: {sealed}" if sealed else "")
        # Asked with nothing to order: every side is asked in every step it might act in, so that
        # being asked tells the other side nothing (VaM double blind); the player just seals.
        nothing = viewer in to_act and len(self.legal) == 1 and isinstance(self.legal[0], Done)
        if nothing:
            text += f"<br><b>You have nothing to order in this step.</b> <i>{NOTHING_HINT}</i>"
        elif viewer in to_act:
            stage = view["battle"]["stage"] if view.get("battle") else view["step"]
            hint = BATTLE_HINT if view.get("battle") and stage != "cap" else STEP_HINTS.get(stage, ("", ""))[0]
            text += f"<br><i>{hint or 'Give your orders by dragging counters.'} The list below has every order.</i>"
        elif viewer != UMPIRE:
            text += f"<br>{waiting_text(self.controller)}"
        sealing = any(isinstance(a, Done) for a in self.legal)
        blockers = self.controller.seal_blockers() if viewer in to_act and not sealing else []
        self.heading.setText(text + blockers_html(blockers))
        self.buttons += self.blocker_buttons(blockers, self.button_layout, "Seal these orders (Enter)", str)
        for action in button_orders(self.legal):
            if isinstance(action, Done):
                label = "Seal with no orders (Enter)" if nothing else "Seal these orders (Enter)"
            else:
                label = sentence(action.describe())
            b = QPushButton(label)
            b.setToolTip(type(action).__doc__ or "")
            b.clicked.connect(lambda _c=False, a=action: self.controller.submit(a))
            self.button_layout.addWidget(b)
            self.buttons.append(b)
        if viewer in to_act and viewer != UMPIRE and view["turn"]:
            concede = QPushButton("Concede…")
            concede.setToolTip("VaM › Ending a Game: concede when winning has become impossible.")
            concede.clicked.connect(lambda: self._concede(viewer))
            self.button_layout.addWidget(concede)
            self.buttons.append(concede)
        # Added as text in one call, each row's order kept beside the list: an item made and
        # given its order one at a time from Python was 4 M instructions of VaM's start.
        self._listed = list(self.legal)
        self.order_list.addItems([action.describe() for action in self._listed])

    def _concede(self, side: str) -> None:
        text = "Concede Victory at Midway? The other side wins at once (VaM › Ending a Game)."
        if ask(self.window, "Concede the game?", text, yes_by_default=False):
            self.controller.submit(Concede(side))

    def _battle_rows(self, view: dict[str, Any], part: str) -> list[Row]:
        """VaM › Resolving Air Strikes, Naval Combat: the units deployed face to face."""
        b = view.get("battle")
        if not b:
            return []
        att = b.get("attacker", "")
        side = att if part == "attacker" else other(att)
        if part == "attacker":
            units = list(b.get("strike", ())) + list(b.get("attackers", ()))
        elif part == "defender":
            units = list(b.get("defenders", ()))
        else:
            units = [dict(u, cap=True) if isinstance(u, dict) else {"id": u, "cap": True} for u in b.get("cap", ())]
        rows = []
        for u in units:
            if isinstance(u, str):
                u = {"id": u, "reduced": False, "alive": True}
            if not u.get("alive", True):
                continue
            tip = f"{u['id']}{' (CAP)' if u.get('cap') else ''}{', reduced' if u.get('reduced') else ''}"
            rows.append(
                Row(
                    u["id"],
                    u["id"] + (" · CAP" if u.get("cap") else ""),
                    unit_face(side, u["id"], bool(u.get("reduced"))),
                    tip,
                )
            )
        return rows

    def _fill_battle(self, view: dict[str, Any], moving: frozenset[str]) -> None:
        b = view.get("battle")
        if b:
            self._want_battle_board()
        for model in self.battle_models.values():
            model.set_view(view, moving)
        if not b:
            if self.battle is not None:
                self.battle_heading.setText("No battle is being fought.")
            self.battle_pick = None
            if self._battle_shown:
                self.battle_dock.hide()  # it opens again for the next battle
                self._battle_shown = False
            return
        self._battle_shown = True
        att = SIDE_NAMES.get(b.get("attacker", ""), "")
        kind = b.get("kind") or ("Midway base strike" if b.get("base") else "air strike")
        actor = SIDE_NAMES.get(b.get("actor", ""), "")
        orders = "; ".join(f"{u} → {t}" for u, t in b.get("orders", ()))
        stage = PHASES[b["stage"]].title if b.get("stage") in PHASES else b.get("stage", "")
        text = f"<b>{att} {kind} in {b.get('hex', '')}</b> · {stage} · {actor} to choose"
        if orders:
            text += f"<br>Chosen: {orders}"
        if self.battle_pick:
            text += f"<br>Picked <b>{self.battle_pick}</b>: click its target."
        self.battle_heading.setText(text)
        if not self.battle_dock.isVisible():
            self.battle_dock.show()
            self.window.resizeDocks([self.battle_dock], [260], Qt.Orientation.Vertical)
        self.bring_forward(self.battle_dock)

    def _fill_review(self) -> None:
        if self._review is not None:
            self._review.fill()

    def _describe_step(self, step: Any) -> str:
        said = [e.text for e in step.events[:2]] or [step.action.describe()]
        return f"{SIDE_NAMES.get(step.action.side, step.action.side)} — {' '.join(said)}"

    # -- after the game -------------------------------------------------------------------
    def _finished(self, _outcome: object) -> None:
        self.review_dock.show()
        self.review_dock.raise_()
        self.review.fill()

    def start_review(self) -> None:
        reason = self.review.start()
        if reason:
            self.window.statusBar().showMessage(reason, 8000)
            return
        self.review_dock.show()
        self.review_dock.raise_()

    def _review_to(self, index: int) -> None:
        self.review.to(index)

    def _review_step(self, delta: int) -> None:
        self.review.step(delta)

    # -- gestures -------------------------------------------------------------------------
    def _dests(self, piece: str) -> dict[str, Action]:
        return destinations(self.legal, piece)

    def _reason(self, piece: str, dest: str) -> str:
        """Why ``piece`` may not go to ``dest`` now, in the rules' own words: the order the drop
        most likely meant is put to the rules' check. A click on a counter that may not move
        (``dest`` its own hex) asks why it may not move at all."""
        session = self.controller.session
        viewer = self.controller.viewer
        if self.controller.reviewing is not None:
            return "This is the review of a finished game."
        item = self.scene.counters.get(piece)
        mine = self._own_pieces(self.view)
        if item is not None and piece not in mine and piece not in movable(self.legal):
            return f"{map_marker_name(piece)} is not moved by hand: {item.toolTip()}."
        if session is None or viewer not in session.to_act():
            return "It is not your turn to give orders: wait for the other side."
        phase = self._own_phase()
        name = sentence(piece_name(piece))
        if self.view.get("battle") and session.state.battle is not None:
            return f"{name} has no order to give in this battle now ({phase.title})."
        step = phase.name
        entering = waiting_ships(self.view) | self._entry_groups(self.view)
        guess = candidate(step, viewer, piece, dest, entering)
        if guess is not None:
            reason = self.controller.check(guess)
            if reason:
                return reason
        if item is not None and dest == item.label:
            return f"{name} has no order to give in the {phase.title}."
        return f"{name} cannot go to {place_name(dest)} in the {phase.title}."

    @staticmethod
    def _own_pieces(view: dict[str, Any]) -> set[str]:
        """Everything the viewing side may give an order to, whether or not it may now."""
        sv = view.get(view.get("viewer", "")) or {}
        out = {s["id"] for s in sv.get("ships", ())} | {a["id"] for a in sv.get("aircraft", ())}
        return out | {g["id"] for g in sv.get("ground", ())} | set(sv.get("formations") or ())

    def _is_hex(self, place: str) -> bool:
        return is_hex(place)

    # menus and clicks
    def piece_menu(self, piece: str, where: Any) -> None:
        # A group's row also offers its ships one at a time (VaM › Entry of Japanese Units: the
        # Japanese may delay any individual ships within a group).
        group = next((e for e in (self.view.get("japan") or {}).get("entry", ()) if e["group"] == piece), None)
        these = {piece, *(group["waiting"] if group else ())}
        orders = [a for a in self.legal if (g := gesture(a)) is not None and g[0] in these]
        menu = self.new_menu()
        if not orders:
            act = menu.addAction("No orders for this counter now")
            act.setEnabled(False)
        for a in orders[:40]:
            menu.addAction(sentence(a.describe())).triggered.connect(lambda _c=False, x=a: self.controller.submit(x))
        if len(orders) > 40:
            more = menu.addAction(f"… {len(orders) - 40} more in the Orders list")
            more.setEnabled(False)
        menu.popup(where if isinstance(where, QPoint) else QCursor.pos())

    def _map_menu(self, piece: str, pos: QPoint) -> None:
        self.piece_menu(piece, pos)

    def _piece_activated(self, piece: str) -> None:
        self.piece_menu(piece, QCursor.pos())

    def order_at(self, row: int) -> Action | None:
        """The order on row ``row`` of the Orders list (None off the list)."""
        return self._listed[row] if 0 <= row < len(self._listed) else None

    def _order_activated(self, item: QListWidgetItem) -> None:
        action = self.order_at(self.order_list.row(item))
        if action is not None:
            self.controller.submit(action)

    def _battle_clicked(self, piece: str) -> None:
        if self.battle_pick and self.battle_pick != piece:
            action = self._dests(self.battle_pick).get(f"unit:{piece}")
            if action is not None:
                self.battle_pick = None
                self.controller.submit(action)
                return
        if self._dests(piece):
            self.battle_pick = piece
        elif self.battle_pick:
            self.window.statusBar().showMessage(f"{piece} is not a target for {self.battle_pick} now.", 8000)
        else:
            self.window.statusBar().showMessage(f"{piece} has no order to give now.", 8000)
        self._fill_battle(self.view, frozenset(movable(self.legal)))

    def happened(self, events: list) -> None:  # type: ignore[type-arg]
        if len(events) > 1 and self.controller.reviewing is None:
            self.playback.play(list(events))
        elif events:
            self.window.dice_dock.dice.show_rolls(events)

    def _show_step(self, event: object) -> None:
        self.window.dice_dock.dice.show_rolls([event])
        if not self.playback.skipping:  # skipped to the end: the log is shown once, at the end
            self.window.show_log()

    def log_shown(self, events: list) -> list:  # type: ignore[type-arg]
        waiting = len(self.playback.queue)
        return events[: len(events) - waiting] if waiting else events

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            ("Tab / Shift+Tab", "pick the next counter you may give orders to"),
            ("M or the Menu key", "orders for the picked counter"),
            ("O", "go to the orders list"),
            ("Enter", "seal these orders"),
            *self.review.shortcuts(),
        ]

    def key_pressed(self, key: int) -> bool:
        if self.controller.reviewing is not None and self.review.key(key):
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            done = [a for a in self.legal if isinstance(a, Done)]
            if done:
                self.controller.submit(done[0])
                return True
            return self.tell_blockers()
        if key == Qt.Key.Key_O:
            self.orders_dock.show()
            self.orders_dock.raise_()
            self.order_list.setFocus()
            if self.order_list.count():
                self.order_list.setCurrentRow(0)
            return True
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            pieces = [p for p, it in self.scene.counters.items() if it.draggable]
            if not pieces:
                return False
            self._tab = (self._tab + (1 if key == Qt.Key.Key_Tab else -1)) % len(pieces)
            piece = pieces[self._tab]
            self.window.view.ensure_visible_cell(self.scene.counters[piece].label)
            self._tab_piece = piece
            self.scene.show_cursor(self.scene.counters[piece].label, True)
            self.window.statusBar().showMessage(f"{piece}: M or the Menu key for its orders.", 5000)
            return True
        if key in (Qt.Key.Key_Menu, Qt.Key.Key_M) and self._tab_piece in self.scene.counters:
            self.piece_menu(self._tab_piece, QCursor.pos())
            return True
        return False
