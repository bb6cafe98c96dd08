"""CV at the desktop: two players at one screen, each seeing only its own side (CV › Basic III).

Everything drawn comes from the viewing side's engine view (``games.cv.views``): its mapboard
(its own Task Force and Air units, its bases, and of the enemy only the Air unit counters flying
on the mapboard and what its units observe), its Holding Box Charts as docks (``boxes``), its
Air and Ship Record Sheets and the Time and Point Records (``records``), and its Plot Map as a
translucent sheet over the board (``plot``). At every handover the window's hot-seat curtain
comes down and all of it is rebuilt from the next side's view before the curtain lifts. A chart
or sheet behind another's tab is made as its tab is first turned to (a sheet's model follows every
change all the same; a chart's boxes are made, models and all, over the view of that moment): a
start pays only for what is on show.

Orders are given as on the table (``games.cv.gestures`` says what a drop means): a Task Force
unit onto a hex (set-up placement, or one hex more of its plotted move), Air Factors from one
section of a box to another (readying) or into an Air Box (forming an Air unit), an Air unit
onto a hex, a CAP Box or a box to land in, planes between High and Low. A drop the rules refuse
snaps back with the rule's reason. Every order is also in the counter's menu and the Orders dock
(keyboard: O, then Enter).

Battles are fought on the combat board (``combat_board``), a dock under the map that comes forward
when one begins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QColor, QCursor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QPushButton,
    QScrollArea,
    QTabBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.engine import Action
from midway_desktop.engine.events import UMPIRE
from midway_desktop.games.cv.actions import Announce, Done, LetPass, Regroup
from midway_desktop.games.cv.choices import MENU_LINES, Choice, choices, count_choice, counter_choices, group_kind
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.gestures import (
    NEW_AIR_UNIT,
    candidate,
    destinations,
    is_hex,
    on_counter,
    order_groups,
    pieces_with_orders,
    plot_starts,
    plotted,
)
from midway_desktop.games.cv.legal import OrdersNow, orders_now
from midway_desktop.games.cv.observation import told_in_full
from midway_desktop.games.cv.sequence import AIR_STEPS, PHASES, SECRET, as_played_by, own_step
from midway_desktop.ui.box_views import BoxPanel, BoxView, PieceListModel, SpringTabs
from midway_desktop.ui.counters import CounterFace
from midway_desktop.ui.dock_fit import KEPT_WHOLE, scroll_in_dock
from midway_desktop.ui.games.base import (
    LIT_BOX,
    DragDropPresenter,
    blockers_html,
    dock_on_show,
    waiting_text,
    whose_move,
    window_tab_bars,
)
from midway_desktop.ui.games.cv.boxes import (
    SIDE_NAMES,
    ChartGroup,
    air_groups,
    air_unit_face,
    as_side,
    base_groups,
    for_side,
    mine,
    sides_shown,
    task_force_groups,
)
from midway_desktop.ui.games.cv.boxes import (
    ships as count_ships,
)
from midway_desktop.ui.games.cv.faces import SIDES as FACE_SIDES
from midway_desktop.ui.games.cv.plot import PlotOverlay
from midway_desktop.ui.games.cv.records import (
    AIR_HEADERS,
    SHIP_HEADERS,
    SheetModel,
    TimeRecordModel,
    air_record,
    ship_record,
)
from midway_desktop.ui.games.cv.steps import ANNOUNCE_TOO, COMBAT_HINT, STEP_HINTS, STEP_SHORT
from midway_desktop.ui.map_art import UNIT
from midway_desktop.ui.order_list import OrderList
from midway_desktop.ui.pickers import ask_count, ask_option
from midway_desktop.ui.stored_settings import read_text
from midway_desktop.ui.wrapped_label import WrappedLabel

if TYPE_CHECKING:
    from midway_desktop.ui.review_dock import ReviewPanel

NOTHING = "You have nothing to order in this step: seal it. The other side learns only that you sealed."
BOX_LEAST = 56  # a box is at least one counter wide
NO_ORDERS = OrdersNow((), ())  # a review, the umpire, a game over, or the other side to act
NOTHING_MORE = "You have nothing (more) to order in this step: end it with Enter."
HEADING = QColor("#27496a")  # a chart's headings: a Task Force, a base, an Air unit
READABLE_COUNTER_PX = 24  # the first look: no smaller than this, the hexes' numbers and counters still read
LEGIBLE_COUNTER_PX = 26  # as on the set-up preview: a fitted 96-hex map would make counters specks


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def step_name(step: str) -> str:
    """The step as the status bar names it, short enough to read whole beside the hex and the
    zoom on a small screen: the step without its Phase (the Orders dock heads with the full
    title), a Combat step by the combat board's name for it (CV › Basic IV)."""
    if step in STEP_SHORT:
        return f"Combat: {STEP_SHORT[step]}"
    title = PHASES[step].title
    phase, _, rest = title.partition(": ")
    return rest if rest and phase.endswith("Phase") else title


class CvPresenter(DragDropPresenter):
    def __init__(self, window: Any, controller: Any) -> None:
        super().__init__(window, controller)
        session = controller.session
        self.game: Game = session.rules.game
        self.view: dict[str, Any] = {}
        self.legal: OrdersNow = NO_ORDERS
        self.plots: dict[int, tuple[str, ...]] = {}
        self._plot_starts: dict[int, str] = {}
        self.box_models: dict[str, PieceListModel] = {}
        self.box_views: dict[str, BoxView] = {}
        self.headings: dict[str, tuple[QLabel, ChartGroup]] = {}
        self._shape: dict[str, tuple[str, ...]] = {}
        self._groups: dict[str, list[ChartGroup]] = {}  # each chart's groups of boxes, as last read
        # Charts and sheets whose widgets wait for their tab to be turned to: made at the first
        # look, not at every start. A record sheet's model is kept up to date all the same; a
        # chart's box models are made with its widgets, over the view of the moment.
        self._unbuilt: set[str] = set()
        self._moving: frozenset[str] = frozenset()  # the pieces with orders, as last drawn
        self._build_queued = False  # a look for charts and sheets come on show is due
        self._carried = ""  # the counter being dragged out of a box, if any
        self._refreshing = False
        self._first_weapon: dict[str, str] = {
            p.name: (p.weapons[0] if p.weapons else "") for p in self.game.data.planes
        }
        self._step_seen: tuple[Any, ...] = ()
        self._viewer = ""
        self._tab = -1
        self._tab_piece = ""
        self.show_plot_map = True
        self._plot_scale = 1.0
        self._map_views: dict[str, tuple[float, Any]] = {}  # each player's zoom and centre
        self._scrolls: dict[str, dict[str, int]] = {}  # and how far down each chart
        self._look_for: tuple[str, dict[str, Any]] | None = None  # a first look kept up as the map resizes
        self._looking = False
        self._hidden_centre: QPointF | None = None  # where the map was put behind the curtain
        # A window being made fits its board once it is first drawn: the first look, taken
        # before, is taken again then (before that fitted board is ever painted).
        self._window_fit = not window.isVisible()
        self._legal_at: tuple[object, ...] = ()  # the position ``_legal_there`` was worked out for
        self._legal_there: OrdersNow = NO_ORDERS
        self._review_offered = False  # the After the game dock opened once the game was over
        self._dice_at = -1  # the reviewed position whose dice are shown

    # -- docks ----------------------------------------------------------------------------
    def build_docks(self) -> None:
        w = self.window
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        # Orders: the step, its buttons, and every order by counter.
        self.orders = QWidget()
        lay = QVBoxLayout(self.orders)
        lay.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.heading = WrappedLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.heading)
        self.button_row = QWidget()
        self.button_layout = QVBoxLayout(self.button_row)
        self.button_layout.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.button_row)
        self.buttons: list[QPushButton] = []
        self.orders_hint = hint = WrappedLabel(
            "Orders by counter (O to go here, Enter to give the order; a line ending … asks how many or where):"
        )
        lay.addWidget(hint)
        self.group_box = QComboBox()
        self.group_box.setToolTip("The counter whose orders are listed below")
        self.group_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.group_box.setMinimumContentsLength(12)
        self.group_box.currentIndexChanged.connect(self._group_chosen)
        lay.addWidget(self.group_box)
        self.order_list = OrderList(lambda c: c.label)
        self.order_list.setToolTip(
            "The orders open to the chosen counter now, one line a kind of order. Enter or double-click "
            "gives it; a line ending … asks how many planes, or which hex, first."
        )
        self.order_list.order_activated.connect(self.take)
        self.picker: QDialog | None = None  # the count or option picker open now
        lay.addWidget(self.order_list, 1)
        self.groups: dict[str, Sequence[Action]] = {}
        self.orders_dock = self._dock("cv-orders", "Orders", self.orders, left, scroll=False)
        # The Holding Box Charts.
        self.charts: dict[str, tuple[QDockWidget, QVBoxLayout]] = {}
        self._lazy_docks: dict[str, QDockWidget] = {}  # the charts' and sheets' docks, by name
        for name, title, tip in (
            ("task-forces", "Task Forces", "Your Task Force Boxes: sections A, B, C and the CAP Box"),
            ("bases", "Bases", "Your Base Boxes: sections A, B, C, and CAP or In Flight"),
            ("air", "Air Boxes", "Your Air Boxes 1-27: each Air unit's planes at High and Low Altitude"),
        ):
            holder = QWidget()
            hl = QVBoxLayout(holder)
            hl.setAlignment(Qt.AlignmentFlag.AlignTop)
            self.charts[name] = (self._dock(f"cv-{name}", title, holder, right, tip), hl)
            self._lazy_docks[name] = self.charts[name][0]
        # The Time Record and the Point Record Chart (on the mapboard for both sides).
        records = QWidget()
        rl = QVBoxLayout(records)
        self.points_label = QLabel()
        self.points_label.setWordWrap(True)
        rl.addWidget(self.points_label)
        self.time_model = TimeRecordModel(self.game, records)
        self.time_view = QListView()  # (its model put in when its tab is first on show)
        self.time_view.setSelectionMode(QListView.SelectionMode.NoSelection)
        rl.addWidget(self.time_view, 1)
        self.time_dock = self._dock("cv-time", "Time Record", records, right, "The Time Record and Point Record",
                                    scroll=False)  # fmt: skip
        self._lazy_docks["time"] = self.time_dock
        self._unbuilt.add("time")
        stack = [self.charts[n][0] for n in ("task-forces", "bases", "air")] + [self.time_dock]
        for a, b in zip(stack, stack[1:], strict=False):
            w.tabifyDockWidget(a, b)
        stack[0].raise_()  # the Task Force Boxes are worked with most; tabifying leaves the last on top
        # The charts behind the front one are made when first shown, so they no longer hold the
        # stack wide: it keeps at least the width its tabs need (a narrow window never cuts one).
        tabs = QTabBar()
        for dock in stack:
            tabs.addTab(dock.windowTitle())
        for dock in stack:
            dock.setMinimumWidth(tabs.sizeHint().width())
        # The record sheets, under the map.
        self.air_sheet = SheetModel(AIR_HEADERS, air_record(self.game), self.orders)
        self.ship_sheet = SheetModel(SHIP_HEADERS, ship_record(self.game), self.orders)
        self.sheet_views: dict[str, QTableView] = {}
        sheets = []
        self.sheet_models = {"air-record": self.air_sheet, "ship-record": self.ship_sheet}
        for name, title in (("air-record", "Air Record Sheet"), ("ship-record", "Ship Record Sheet")):
            # The table is put over its sheet when its tab is first on show (``_build_list``):
            # fitting the columns to the lines behind a tab was a sheet's every cell read thrice.
            table = QTableView()
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            table.verticalHeader().hide()
            self.sheet_views[name] = table
            sheets.append(self._dock(f"cv-{name}", title, table, bottom, scroll=False))
            self._unbuilt.add(name)
            self._lazy_docks[name] = sheets[-1]
        w.tabifyDockWidget(sheets[0], sheets[1])
        for name, dock in self._lazy_docks.items():
            self.link(dock.visibilityChanged, lambda shown, n=name: self._dock_shown(n, shown))
            # (a dock floated out of its stack is on show without being shown anew)
            self.link(dock.topLevelChanged, lambda _floating, n=name, d=dock: self._dock_shown(n, self._on_show(d)))
        sheets[0].raise_()
        self.sheet_docks = sheets
        w.resizeDocks(sheets[:1], [190], Qt.Orientation.Vertical)
        w.resizeDocks([w.log_dock, w.dice_dock, stack[0]], [220, 120, 600], Qt.Orientation.Vertical)
        w.prefer_dock_columns(self.orders_dock, 300, stack[0], 460)
        # The Plot Map sheet, on and off (P).
        self.plot = PlotOverlay(self.scene, self.scene.board)
        self.plot_action = QAction("Plot &Map over the Board (P)", self.window, checkable=True)
        self.plot_action.setChecked(True)
        self.plot_action.setStatusTip("Lay your Plot Map over the board while you plot (P)")
        self.plot_action.toggled.connect(self._plot_toggled)
        self.window.view_menu.addAction(self.plot_action)
        # After the game: the umpire's review of both sides, order by order (CV › Basic III).
        # Its panel is made when first wanted (the game over, or the dock shown).
        self._review: ReviewPanel | None = None
        self.review_dock = self._dock("cv-review", "After the game", QWidget(), left,
                                      "The umpire's review of the finished game: both sides, every order")  # fmt: skip
        self.link(self.review_dock.visibilityChanged, lambda shown: self.review if shown else None)
        w.splitDockWidget(self.orders_dock, self.review_dock, Qt.Orientation.Vertical)
        self.review_dock.hide()  # opens when the game is over
        self.review_action = QAction("&Review the Finished Game as Umpire", self.window)
        self.review_action.setStatusTip("Both sides' forces, order by order, once the game is over")
        self.review_action.setEnabled(False)
        self.review_action.triggered.connect(self.start_review)
        self.window.view_menu.addAction(self.review_action)
        self.view_actions = [self.plot_action, self.review_action]  # the game's own View options, gone with it
        self.link(self.controller.finished, self._finished)
        self.link(self.scene.counterContext, self._map_menu)
        self.link(self.window.view.zoomChanged, self._scale_counters)
        self.link(self.window.view.zoomChanged, self._zoomed)
        bv = self.window.view
        for act in (w.act_fit, w.act_zoom_in, w.act_zoom_out, w.act_actual):  # (the window's own fits are not)
            self.link(act.triggered, self._map_moved)
        self.link(bv.horizontalScrollBar().sliderMoved, self._map_moved)
        self.link(bv.verticalScrollBar().sliderMoved, self._map_moved)
        # The first look ends with the player's first press, zoom or key on the map, and is
        # taken again as the map resizes: seen on the view and its scene, not on the viewport
        # (asking for a viewport Qt made costs the start every widget class: ``midway_desktop.ui``).
        bv.installEventFilter(self)
        self.scene.installEventFilter(self)
        self.window.view.drop_handler = self
        self.spring_tabs = SpringTabs(self.window, self)
        # The Battles (CV › Basic IX): the combat board's dock now, the board itself (and its
        # module) once wanted: a Battle fought or under way, or its tab turned to.
        self.combat_board: Any = None
        tip = "The Battle being fought, segment by segment, and your orders in it (CV › Basic IX)"
        self.combat_dock = self._dock("cv-combat", "Combat Board", QWidget(), bottom, tip)
        w.tabifyDockWidget(sheets[-1], self.combat_dock)
        sheets[0].raise_()
        self.link(self.combat_dock.visibilityChanged, lambda shown: self._want_combat_board() if shown else None)

    def _dock(
        self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea, tip: str = "", scroll: bool = True
    ) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setToolTip(tip)
        dock.toggleViewAction().setToolTip(tip)
        if scroll:
            scroll_in_dock(dock, widget)
        else:
            # (a list, a table or a stand-in: no scroll area of its own to keep whole, so the
            # dock is not searched for one)
            dock.setWidget(widget)
            dock.setProperty(KEPT_WHOLE, True)
        self.window.addDockWidget(area, dock)
        self.docks.append(dock)
        return dock

    def detach(self) -> None:
        self.remember_layout()
        self._close_picker()
        self.window.view.removeEventFilter(self)
        self.scene.removeEventFilter(self)
        self.window.view.keep_tiles = False
        self.plot.clear()
        for act in self.view_actions:
            self.window.view_menu.removeAction(act)
            act.deleteLater()
        if getattr(self.window.view, "drop_handler", None) is self:
            self.window.view.drop_handler = None
        scene = self.scene
        super().detach()
        scene.unlight()
        scene.clear_counters()

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        self._refreshing = True  # (a dock shown meanwhile waits for the new view: ``_dock_shown``)
        try:
            self._redraw()
        finally:
            self._refreshing = False

    def _redraw(self) -> None:
        c = self.controller
        if c.session is None:
            return
        view = c.view()
        viewer = view["viewer"]
        if viewer != self._viewer:
            # A new player at the screen: nothing picked, menued or said for the last one stays,
            # and the map is where this player left it (where the last one was looking would
            # tell where its forces are).
            # The docks as this player arranged them (first: keeping the last player's keeps
            # where the map was for them too), then the map where this player left it.
            self._switch_layout(viewer)
            self._trade_map_view(self._viewer, viewer, view)
            self._viewer = viewer
            self._tab, self._tab_piece = -1, ""
            self._drop_menu()
            self._close_picker()  # (a window of its own: the curtain would not cover it)
            self.scene.unlight()
            self.scene.hide_cursor()
            # The last player's picked counter: the next player's counter of the same name
            # (each side has an Air unit 1) would show it picked.
            self.scene.clearSelection()
        self.view = view
        live = c.reviewing is None and viewer != UMPIRE and c.session.outcome() is None
        self.legal = self.orders_now() if live else NO_ORDERS
        self.plots = plotted(view)
        self._plot_starts = plot_starts(view)
        moving = self._moving = frozenset(pieces_with_orders(self.legal, self.plots))
        self._draw_map(view, moving)
        self.plot.draw(view, self.show_plot_map and view["step"] == "ship-plotting" and viewer in view["to_act"],
                       self._legible_scale(self.window.view.zoom()))  # fmt: skip
        self._fill_charts(view, moving)
        self.air_sheet.set_view(view)
        self.ship_sheet.set_view(view)
        self.time_model.set_view(view)
        for name in ("air-record", "ship-record", "time"):
            if name in self._unbuilt and self._on_show(self._lazy_docks[name]):
                self._build(name)
        points = view["points"]
        self.points_label.setText(
            "<b>Point Record</b>: "
            + " · ".join(f"{SIDE_NAMES[s]} {points.get(s, 0)}" for s in ("american", "japanese"))
            + f"<br><b>Time Record</b>: {view['time']}{' (night)' if view['night'] else ''}; last Turn {view['last']}"
        )
        self._fill_orders(view)
        self._fill_review()
        self._bring_forward(view)
        self.soon(self.spring_tabs.watch)
        self.soon(self._hide_stale_tab_bars)
        self.soon(self._fit_boxes)
        self._build_shown_soon()
        self._scale_counters(self.window.view.zoom())
        who = "Umpire" if viewer == UMPIRE else SIDE_NAMES.get(viewer, viewer)
        move = whose_move(c)
        self.window.set_turn_text(
            f"{who} · {view['time']}{' (night)' if view['night'] else ''} · {self._step_title()}"
            + (f" · {move[0].upper()}{move[1:]}" if move else "")
        )
        self.window.turn_label.setToolTip(self._step_title(full=True))
        if self.combat_board is None and (view.get("battle") or any(e.kind == "battle" for e in c.log())):
            self._want_combat_board()
        curtain = getattr(self.window, "curtain", None)
        if curtain is not None:
            curtain.cover()

    def _want_combat_board(self) -> None:
        if self.combat_board is None and not self.detached:
            from midway_desktop.ui.games.cv import combat_board

            self.combat_board = combat_board.attach(self, self.combat_dock)

    def orders_now(self) -> OrdersNow:
        """Every order open to the side at the screen, worked out once a position (the Orders
        list and the combat board both ask for them at each change; a position is a new state)."""
        c = self.controller
        at = (c.session, c.session.state, c.viewer)
        was = self._legal_at
        if not was or was[0] is not at[0] or was[1] is not at[1] or was[2] != at[2]:
            # (as ``c.legal()``, but a set-up's thousands of Place orders made as they are read)
            state = as_played_by(c.session.state, c.viewer)  # (at the viewer's own step)
            mine = c.viewer in c.session.to_act()
            self._legal_at, self._legal_there = at, orders_now(self.game, state, c.viewer) if mine else NO_ORDERS
        return self._legal_there

    def _on_show(self, dock: QDockWidget, bars: list[QTabBar] | None = None) -> bool:
        return dock_on_show(self.window, dock, bars)

    def _dock_shown(self, name: str, shown: bool) -> None:
        """A chart's or sheet's tab turned to (or its dock opened): its widgets made now, over
        the view (a sheet's model holds it already), before it is drawn. Qt also says so while it restores
        a layout, not always in order: looked at again once the window has settled."""
        if shown and name in self._unbuilt and self.view and not self.detached and not self._refreshing:
            self._build(name)
        self._build_shown_soon()

    def _build_shown_soon(self) -> None:
        """``_build_shown`` once the event loop comes round: once, however many docks said they
        were shown meanwhile (a start's layout says so a dozen times; each look reads the
        window's every child)."""
        if not self._build_queued:
            self._build_queued = True
            self.soon(self._build_shown)

    def _build_shown(self) -> None:
        self._build_queued = False
        if not self.view or not self._unbuilt:
            return
        bars = window_tab_bars(self.window)  # (building a chart or sheet makes no tab bar)
        for name in list(self._unbuilt):
            if name in self._unbuilt and self._on_show(self._lazy_docks[name], bars):
                self._build(name)

    def _build(self, name: str) -> None:
        if name not in self.charts:
            self._build_list(name)
            return
        self._build_chart(name)
        if self._carried:  # turned to while a counter is carried (a spring tab): its boxes lit
            self._light_boxes(self._carried, [self.box_views[s.key] for g in self._groups[name] for s in g.boxes])
        self.soon(self._fit_boxes)

    def _build_list(self, name: str) -> None:
        """A record sheet's table, or the Time Record's list, put over its model."""
        self._unbuilt.discard(name)
        if name == "time":
            self.time_view.setModel(self.time_model)
            return
        table = self.sheet_views[name]
        table.setModel(self.sheet_models[name])
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)

    def _fit_boxes(self) -> None:
        """Every box as tall as its counters need at its width now: a box sized while its tab was
        not on show (as the other player worked) would otherwise keep that size."""
        for view in self.box_views.values():
            view.doItemsLayout()
            view._fit_height()
            view.scrollToTop()
        for _dock, layout in self.charts.values():
            for i in range(layout.count()):
                inner = layout.itemAt(i).layout() or (layout.itemAt(i).widget() and layout.itemAt(i).widget().layout())
                if inner is not None:
                    inner.activate()
            layout.activate()

    def _trade_map_view(self, leaving: str, coming: str, view: dict[str, Any]) -> None:
        """The map's zoom and centre and each chart's scroll, kept for the player leaving the
        screen and given back to the one coming (at its first look: its own forces at a scale
        its counters read at, charts at the top)."""
        scrolls = [(d.objectName(), d.widget()) for d in self.docks if isinstance(d.widget(), QScrollArea)]
        if leaving:
            self._scrolls[leaving] = {n: a.verticalScrollBar().value() for n, a in scrolls}
        for name, area in scrolls:
            area.verticalScrollBar().setValue(self._scrolls.get(coming, {}).get(name, 0))
        if leaving:
            self._keep_map_view(leaving)
        kept = self._kept_map_view(coming)
        if kept is None:
            self.first_look(view, coming)
            self._map_views[coming] = (self.window.view.zoom(), self._map_centre())
            # Once more when the window has drawn the new board (a new game is fitted to the
            # window after it is drawn).
            self.soon(lambda: self.first_look(view, coming) if self._look_for and self._viewer == coming else None)
        else:
            self.window.view.set_zoom(kept[0])
            self._centre_map(kept[1])

    def _map_centre(self) -> QPointF:
        view = self.window.view
        if self._hidden_centre is not None and not view.isVisible():
            return self._hidden_centre
        return view.mapToScene(view.contentsRect().center())  # (its viewport: no frame nor scroll bars)

    def _centre_map(self, centre: QPointF) -> None:
        """The map centred on ``centre``. Behind the curtain the view has not laid out its
        viewport at its size yet (Qt does as it shows it, and the centre would not hold): the
        centre is kept, read as the map's, and put back once the view shows."""
        view = self.window.view
        view.centerOn(centre)
        self._hidden_centre = None if view.isVisible() else QPointF(centre)

    def _map_key(self, side: str) -> str:
        return f"{self.window._layout_key()}/map-{side}"

    def _keep_map_view(self, side: str) -> None:
        """Where ``side`` was looking: for its next turn, and (in the settings, unless hot-seat
        passwords seal the game) the next time the app opens on the game."""
        kept = self._map_views[side] = (self.window.view.zoom(), self._map_centre())
        if self.window.keeps_sides():  # (a sealed game's: in memory only, see ``keeps_sides``)
            self.window.settings.setValue(self._map_key(side), f"{kept[0]:.6f} {kept[1].x():.1f} {kept[1].y():.1f}")

    def _kept_map_view(self, side: str) -> tuple[float, QPointF] | None:
        kept = self._map_views.get(side)
        if kept is None and self.window.persist:
            text = read_text(self.window.settings, self._map_key(side)) or ""
            try:
                zoom, x, y = (float(v) for v in text.split())
            except ValueError:  # nothing kept, or not three numbers: as good as nothing
                return None
            kept = (zoom, QPointF(x, y))
        return kept

    def remember_layout(self) -> None:
        super().remember_layout()
        if self._viewer and self._viewer == self._layout_side and self.view:
            self._keep_map_view(self._viewer)

    def first_look(self, view: dict[str, Any] | None = None, side: str | None = None) -> None:
        """The side's first look at its mapboard: its own forces (Task Forces, where they enter,
        bases on the map, Air units flying) in the middle, at a zoom where counters read
        (``READABLE_COUNTER_PX``), closer when they stand near together. The whole board is
        one Fit away (0 or View › Fit to Window). Like a fitted board, the look follows the
        map's size until the player first zooms, scrolls or clicks on it."""
        view = view if view is not None else self.view
        self._look_for = (side or self._viewer, view)
        self._looking = True
        try:
            self._look(view)
        finally:
            self._looking = False

    def eventFilter(self, watched: Any, event: Any) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Show and watched is self.window.view and self._hidden_centre is not None:
            centre, self._hidden_centre = self._hidden_centre, None
            if not self.detached:
                watched.centerOn(centre)  # (laid out at its size now: Qt sends the resize first)
        if self._look_for is not None and not self.detached:
            kind = event.type()
            if kind in (QEvent.Type.GraphicsSceneMousePress, QEvent.Type.KeyPress):
                self._map_moved()  # the player's own look from now on
            elif kind == QEvent.Type.Resize and watched is self.window.view:
                # Taken as the view has its new size and before Qt lays out its viewport: the
                # view keeps the centre asked for through the resize (its anchor is its centre).
                side, view = self._look_for
                if side == self._viewer:
                    self.first_look(view, side)
        return False

    def _map_moved(self, *_args: object) -> None:
        if not self._looking:
            self._look_for = None
            self.window.view.keep_tiles = False  # (only the first look's picture is the same every start)

    def _zoomed(self, _zoom: float) -> None:
        """A zoom not fitting the board nor the look's own is the player's (as by the wheel,
        which the view keeps from its scene); the new window's fit takes the first look again."""
        if not self.window.view._fitted:
            self._map_moved()
        elif self._window_fit and not self._looking:
            self._window_fit = False
            if self._look_for is not None and self._look_for[0] == self._viewer:
                self.first_look(self._look_for[1], self._viewer)

    def _look(self, view: dict[str, Any]) -> None:
        parts = [view[s] for s in sides_shown(view)] if view else []  # (the umpire's look takes in both)
        fleet = [t["hex"] or (t["entry"] or {}).get("hex") for m in parts for t in m.get("task_forces", ())
                 if not t["exited"]]  # fmt: skip
        others = [b["hex"] for m in parts for b in m.get("bases", ())] + [
            u["hex"] for m in parts for u in m.get("air_units", ()) if u["where"] == "map"
        ]
        board = self.scene.board
        labels = board.labels()

        def scene_points(cells: list[str | None]) -> list[tuple[float, float]]:
            return [(x * UNIT, y * UNIT) for c in cells if c and c in labels for x, y in (board.centre(c),)]

        ships, every = scene_points(fleet), scene_points(fleet + others)
        bv = self.window.view
        if not every:
            bv.fit()
            return
        margin = 3 * UNIT  # a few hexes round them: where they may go next
        vp = bv.contentsRect()  # the viewport's size (see ``_map_centre``)

        def span(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
            xs, ys = [x for x, _y in points], [y for _x, y in points]
            return min(xs), min(ys), max(xs), max(ys)

        left, top, right, bottom = span(every)
        around = min(vp.width() / (right - left + 2 * margin), vp.height() / (bottom - top + 2 * margin))
        readable = READABLE_COUNTER_PX / self.scene.counter_size()
        bv.set_zoom(max(readable, min(around, 1.0)))
        if around < readable and ships:  # not all of them at a readable scale: the fleet first
            left, top, right, bottom = span(ships)
            zoom = bv.zoom()
            if (right - left) * zoom > vp.width() or (bottom - top) * zoom > vp.height():
                # Not even the fleet: the Task Forces round the first one (the middle of two far
                # groups would show neither whole).
                # (Never below nothing: a viewport narrower than the margins keeps the first one.)
                half_w = max(0.0, vp.width() / zoom / 2 - margin)
                half_h = max(0.0, vp.height() / zoom / 2 - margin)
                x0, y0 = ships[0]
                near = [(x, y) for x, y in ships if abs(x - x0) <= half_w and abs(y - y0) <= half_h]
                left, top, right, bottom = span(near)
        self._centre_map(QPointF((left + right) / 2, (top + bottom) / 2))
        # Kept between runs, the tiles of this look would tell where the side's forces are (the
        # cache is anyone's at this computer): not in a game sealed with hot-seat passwords.
        bv.keep_tiles = self.controller.seal is None

    def _hide_stale_tab_bars(self) -> None:
        """Qt leaves the tab bars it made while the docks were being tabbed standing where
        they were made (one over the Orders dock); a bar is kept only when it sits under a dock
        it names, as the window's own bars do (the window shows one again when it uses it)."""
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        docks = [d for d in self.window.findChildren(QDockWidget, options=direct) if d.isVisible()]
        for bar in window_tab_bars(self.window):
            if not bar.isVisible():
                continue
            titles = {bar.tabText(i) for i in range(bar.count())}
            g = bar.geometry()
            under = any(
                d.windowTitle() in titles and abs(d.geometry().left() - g.left()) <= 4
                and abs(d.geometry().bottom() - g.top()) <= 12
                for d in docks
            )  # fmt: skip
            if not under:
                bar.hide()

    def _step_title(self, full: bool = False) -> str:
        session = self.controller.session
        if session is None or self.controller.reviewing is not None:
            return "review"
        step = own_step(session.state, self.controller.viewer)
        return PHASES[step].title if full else step_name(step)

    def _bring_forward(self, view: dict[str, Any]) -> None:
        key = (view["time"], view["step"], view["viewer"])
        if key == self._step_seen:
            return
        self._step_seen = key
        name = STEP_HINTS.get(view["step"], ("", ""))[1]
        if name in self.charts:
            self.soon(lambda d=self.charts[name][0]: self.bring_forward(d))

    def _plot_toggled(self, on: bool) -> None:
        self.show_plot_map = on
        self.refresh()

    def _legible_scale(self, zoom: float) -> float:
        return max(1.0, LEGIBLE_COUNTER_PX / (self.scene.counter_size() * max(zoom, 1e-6)))

    def _scale_counters(self, zoom: float) -> None:
        """Counters at least ``LEGIBLE_COUNTER_PX`` across on screen, at any zoom (and the
        plotted moves' rings with them)."""
        scale = self._legible_scale(zoom)
        if self.view and abs(scale - self._plot_scale) > 1e-6:
            self._plot_scale = scale
            self.plot.draw(self.view, self.plot.shown, scale)
        for item in self.scene.counters.values():
            if item.scale() != scale:
                item.setScale(scale)

    def _own_counters(self, view: dict[str, Any]) -> dict[str, tuple[str, CounterFace, str]]:
        """The viewing side's own counters on the mapboard: Task Forces, bases, Air units."""
        side = FACE_SIDES.get(str(view.get("viewer", "")), "neutral")
        out: dict[str, tuple[str, CounterFace, str]] = {}
        m = mine(view)
        for t in m.get("task_forces", ()):
            n = t["number"]
            ships = count_ships(len(t["ships"]))
            if t["exited"]:
                continue
            if t["entry"]:
                face = CounterFace(side, f"TF {n}", t["entry"]["time"], ships, True, "task-force")
                tip = f"Task Force {n} ({', '.join(t['ships'])}): enters here at {t['entry']['time']}"
                out[f"tf{n}"] = (t["entry"]["hex"], face, tip)
            elif t["hex"]:
                face = CounterFace(side, f"TF {n}", "Task Force", ships, symbol="task-force")
                tip = f"Task Force {n}: {', '.join(t['ships'])}; Movement {t['movement']}"
                out[f"tf{n}"] = (t["hex"], face, tip)
        for b in m.get("bases", ()):
            if b["hex"]:
                title = self.game.bases[b["id"]].title if b["id"] in self.game.bases else b["id"]
                total = sum(s["factors"] for sec in "abc" for s in b["planes"][sec])
                face = CounterFace(side, title.split()[0], "Base", f"{total} air", symbol="base")
                out[f"base:{b['id']}"] = (b["hex"], face, f"{title}: {total} Air Factors in its box")
        for u in m.get("air_units", ()):
            if u["where"] == "map" and u["hex"]:
                total = sum(r["factors"] for r in u["records"])
                tip = f"Air unit {u['number']}: {total} Air Factors" + (" (moved)" if u["moved"] else "")
                out[f"air{u['number']}"] = (u["hex"], air_unit_face(side, u["number"], str(total)), tip)
        return out

    def map_counters(self, view: dict[str, Any]) -> dict[str, tuple[str, CounterFace, str]]:
        """Every counter on the viewing side's mapboard: piece -> (hex, face, tooltip). The
        umpire's (the review) has both sides' own counters, each named with its side."""
        viewer = str(view.get("viewer", ""))
        sides = sides_shown(view)
        if viewer not in sides and len(sides) > 1:
            return {
                f"{s}:{piece}": (where, face, f"{SIDE_NAMES[s]} · {tip}")
                for s in sides
                for piece, (where, face, tip) in self._own_counters(as_side(view, s)).items()
            }
        out = self._own_counters(view)
        side = FACE_SIDES.get(viewer, "neutral")
        enemy = "japan" if side == "us" else "us"
        seen_air = {a.get("number"): a for a in (view.get("observed") or {}).get("air", ())}
        for a in view.get("enemy_air", ()):
            s = seen_air.get(a["number"], {})
            values = str(s["factors"]) if "factors" in s else "?"
            low = ", all at Low Altitude" if a["all_low"] else ""
            tip = f"Enemy Air unit {a['number']}{low}"
            if s:
                tip = "\n".join(told_in_full({**s, "hex": a["hex"]})) + low.replace(", ", "\n", 1)
            out[f"enemy-air{a['number']}"] = (a["hex"], air_unit_face(enemy, a["number"], values, reduced=True), tip)
        for i, s in enumerate((view.get("observed") or {}).get("ships", ())):
            count = s.get("ships") or s.get("strength") or "?"
            face = CounterFace(enemy, "Ships", f"Cond. {s['condition']}", str(count), True, "sighted")
            tip = "\n".join(told_in_full(s))
            out[f"seen-ships{i}"] = (s["hex"], face, tip)
        return out

    def _draw_map(self, view: dict[str, Any], moving: frozenset[str]) -> None:
        self.scene.show_counters(self.map_counters(view), moving)

    def _fill_charts(self, view: dict[str, Any], moving: frozenset[str]) -> None:
        forming = view["step"] == "form-air-units" and view["viewer"] in view["to_act"]
        used = {u["number"] for u in mine(view).get("air_units", ())}
        regrouping = any(isinstance(a, Regroup) and a.target not in used for a in self.legal.rest)
        for name, groups in (
            (
                ("task-forces", task_force_groups(self.game, view)),
                ("bases", base_groups(self.game, view)),
                ("air", air_groups(self.game, view, forming, regrouping)),
            )
            if view["viewer"] != UMPIRE
            else self._umpire_charts(view)
        ):
            shape = tuple(g.key + "|" + "|".join(b.key for b in g.boxes) for g in groups)
            made = False
            if self._shape.get(name) != shape:
                self._rebuild_chart(name, groups)
                self._shape[name] = shape
                made = name not in self._unbuilt  # (a chart once looked at: made again now, over this view)
            self._groups[name] = groups
            if name in self._unbuilt:
                if self._on_show(self._lazy_docks[name]):
                    self._build_chart(name)  # (its models made over this view)
                continue  # (behind a tab: nothing of it is made until it is turned to)
            if made:
                continue
            for g in groups:
                heading = self.headings.get(g.key)
                if heading is not None:
                    heading[0].setText(g.heading(view))
                for spec in g.boxes:
                    self.box_models[spec.key].set_view(view, moving)

    def _umpire_charts(self, view: dict[str, Any]) -> list[tuple[str, list[ChartGroup]]]:
        """Both sides' Holding Box Charts, American first, as the umpire sees them (the review):
        no strength chips to drop, no box for a new Air unit (nothing is ordered here)."""
        out: dict[str, list[ChartGroup]] = {"task-forces": [], "bases": [], "air": []}
        for side in sides_shown(view):
            as_it = as_side(view, side)
            for name, groups in (
                ("task-forces", task_force_groups(self.game, as_it)),
                ("bases", base_groups(self.game, as_it)),
                ("air", air_groups(self.game, as_it, False)),
            ):
                out[name] += [for_side(g, side) for g in groups if g.key != "strengths"]
        return list(out.items())

    def _rebuild_chart(self, name: str, groups: list[ChartGroup]) -> None:
        """The chart's boxes anew: their models and widgets once its tab is first on show (a
        chart once looked at is kept whole)."""
        looked_at = name in self._groups and name not in self._unbuilt
        self._clear_chart(name)
        self._groups[name] = groups
        self._unbuilt.add(name)
        if looked_at:
            self._build_chart(name)

    def _clear_chart(self, name: str) -> None:
        """The chart's widgets and models gone (the ones it had for the last side included)."""
        layout = self.charts[name][1]
        for g in self._groups.pop(name, ()):
            for spec in g.boxes:
                # Emptied now: the widgets go only when the event loop comes round, and until then
                # they must hold nothing of the side that was at the screen.
                self.box_views.pop(spec.key, None)
                model = self.box_models.pop(spec.key, None)
                if model is not None:
                    model.set_rows(())
                    model.deleteLater()
            heading = self.headings.pop(g.key, None)
            if heading is not None:
                heading[0].clear()
        while layout.count():
            item = layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                # Out of the window at once (the curtain and the dock tabs search the window's
                # whole tree at every handover); deleted when the event loop comes round.
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()

    def _build_chart(self, name: str) -> None:
        """The chart's headings and boxes, over models holding the view's counters."""
        self._unbuilt.discard(name)
        layout = self.charts[name][1]
        holder = layout.parentWidget()
        for g in self._groups.get(name, ()):
            for spec in g.boxes:
                model = self.box_models[spec.key] = PieceListModel(spec.select, holder)
                if self.view:
                    model.set_view(self.view, self._moving)
            holder = QWidget()
            gl = QVBoxLayout(holder)
            gl.setContentsMargins(0, 4, 0, 4)
            label = WrappedLabel(g.heading(self.view) if self.view else g.key)
            bold = label.font()
            bold.setBold(True)
            label.setFont(bold)  # (as a style sheet's bold and colour, at a tenth of the cost)
            colours = label.palette()
            colours.setColor(QPalette.ColorRole.WindowText, HEADING)
            label.setPalette(colours)
            gl.addWidget(label)
            row = QHBoxLayout()
            for spec in g.boxes:
                model = self.box_models[spec.key]
                # (a B section takes a Weapon unit on a counter of its: BoxView's targets)
                view = BoxView(model, self, spec.destinations, targets=spec.key.endswith(":b"))
                view.activated_piece.connect(self._piece_activated)
                panel = BoxPanel(spec.title, view, spec.tip, wrap=True)  # (a narrow dock wraps titles)
                view.setMinimumWidth(BOX_LEAST)
                # Boxes line up at the top; C (where planes wait to launch) has room for most.
                row.addWidget(panel, 2 if spec.key.endswith(":c") else 1, Qt.AlignmentFlag.AlignTop)
                self.box_views[spec.key] = view
            gl.addLayout(row)
            layout.addWidget(holder)
            self.headings[g.key] = (label, g)
        layout.addStretch(1)

    def _fill_orders(self, view: dict[str, Any]) -> None:
        for b in self.buttons:
            self.button_layout.removeWidget(b)
            b.hide()
            b.setParent(None)
            b.deleteLater()
        self.buttons = []
        session = self.controller.session
        viewer = view["viewer"]
        to_act = view.get("to_act", [])
        title = PHASES[view["step"]].title
        if self.controller.reviewing is not None:
            self.heading.setText(
                f"<b>Review</b>: the umpire's view of both sides.<br><b>{title}</b><br>{view['time']}"
                f"{' (night)' if view['night'] else ''}<br><i>Step through the game in the After the game dock "
                "(Left / Right: an order; Page Up / Page Down: a Turn).</i>"
            )
            self._set_groups({})
            return
        if session is not None and session.outcome() is not None:
            self.heading.setText(f"<b>The game is over.</b> {session.outcome().text}")
            self._set_groups({})
            return
        # The Done and Let pass buttons' orders (Done is listed last), and the rest by the counter
        # they are for.
        done = next((a for a in reversed(self.legal.rest) if isinstance(a, Done)), None)
        let_pass = next((a for a in self.legal.rest if isinstance(a, LetPass)), None)
        groups = order_groups(self.legal)
        text = f"<b>{title}</b><br>{view['time']}{' (night)' if view['night'] else ''}"
        if view["step"] in SECRET:
            sealed = ", ".join(SIDE_NAMES.get(s, s) for s in view.get("sealed", ()))
            text += "<br>Both sides order in secret" + (f"; sealed: {sealed}" if sealed else "")
        if viewer in to_act:
            orders = any(not isinstance(a, (Done, Announce)) for a in self.legal)
            asked = view.get("passing")
            if asked:  # Basic VIII.I.2: asked in the middle of the other side's move
                text += (
                    f"<br><b>Enemy Air unit {asked['air_unit']} is flying through {asked['hex']}.</b> "
                    "<i>Attack it with your Interceptors there (Orders list), or let it fly on.</i>"
                )
            elif not orders:
                text += f"<br><b>{NOTHING if view['step'] in SECRET else NOTHING_MORE}</b>"
                if any(isinstance(a, Announce) for a in self.legal):
                    text += f"<br><i>{ANNOUNCE_TOO}</i>"
            else:
                default = COMBAT_HINT if view["step"] in STEP_SHORT else "Give your orders."
                text += f"<br><i>{STEP_HINTS.get(view['step'], (default, ''))[0]}</i>"
        elif viewer != UMPIRE:
            text += f"<br>{waiting_text(self.controller)}"
        blockers = self.controller.seal_blockers() if done is None and viewer in to_act else []
        self.heading.setText(text + blockers_html(blockers))
        seal = "Seal these orders (Enter)" if view["step"] in SECRET else "End this step (Enter)"
        self.buttons += self.blocker_buttons(blockers, self.button_layout, seal, self._piece_title)
        if done is not None:
            if view["step"] in SECRET:
                label = "Seal these orders (Enter)"
            elif view["step"] in AIR_STEPS:
                label = f"End the {PHASES[view['step']].title.split(': ')[-1]} (Enter)"
            else:
                label = "Done (Enter)"
            b = QPushButton(label)
            b.setToolTip(Done.__doc__ or "")
            b.clicked.connect(lambda _c=False, a=done: self.controller.submit(a))
            self.button_layout.addWidget(b)
            self.buttons.append(b)
        if let_pass is not None:
            b = QPushButton(f"Let enemy Air unit {let_pass.air_unit} fly on (Enter)")
            b.setToolTip("Your Interceptors there do not attack it (CV › Basic VIII.I.2).")
            b.clicked.connect(lambda _c=False, a=let_pass: self.controller.submit(a))
            self.button_layout.addWidget(b)
            self.buttons.append(b)
        self._set_groups(groups)

    def _set_groups(self, groups: dict[str, Sequence[Action]]) -> None:
        chosen = self.group_box.currentText()
        self.groups = groups
        self.group_box.blockSignals(True)
        self.group_box.clear()
        in_use = self._in_use()
        self._choices = {g: choices(groups[g], in_use) for g in groups}
        kind = ""
        for g in groups:
            if kind and group_kind(g) != kind:
                self.group_box.insertSeparator(self.group_box.count())  # (Task Forces, boxes, Air units)
            kind = group_kind(g)
            n = len(self._choices[g])
            self.group_box.addItem(f"{g} · {n} order{'s' if n != 1 else ''}", g)
        rows = [self.group_box.itemData(i) for i in range(self.group_box.count())]
        index = next((i for i, g in enumerate(rows) if g and chosen.startswith(g + " · ")), 0)
        self.group_box.setCurrentIndex(index if groups else -1)
        self.group_box.blockSignals(False)
        for widget in (self.orders_hint, self.group_box, self.order_list):  # (none: no empty list shown)
            widget.setVisible(bool(groups))
        self._group_chosen(self.group_box.currentIndex())

    def _group_chosen(self, index: int) -> None:
        key = self.group_box.itemData(index) if index >= 0 else None
        self.order_list.set_orders(self._choices.get(key, ()) if key else ())

    def happened(self, events: list) -> None:  # type: ignore[type-arg]
        """The viewing side's new events: their dice (the initiative, night landings) in the
        Dice dock; the log has them all."""
        if events and self.controller.reviewing is None:
            self.window.dice_dock.dice.show_rolls(events)

    # -- after the game -------------------------------------------------------------------
    @property
    def review(self) -> ReviewPanel:
        """The After the game panel, made the first time it is wanted."""
        if self._review is None:
            self._review = self.new_review(self.review_dock, self._describe_step, lambda state: state.time)
        return self._review

    def _fill_review(self) -> None:
        if self._review is not None:
            self._review.fill()
        c = self.controller
        over = c.session is not None and c.session.outcome() is not None
        self.review_action.setEnabled(over)
        if c.reviewing is not None and c.reviewing != self._dice_at:
            self._dice_at = c.reviewing
            self.window.dice_dock.dice.show_rolls(c.last_rolls_seen(c.reviewing, None), keep=False)
        elif c.reviewing is None and self._dice_at != -1:  # out of the review: the player's own dice again
            self._dice_at = -1
            self.window.dice_dock.dice.show_rolls(c.last_rolls_seen(), keep=False)
        if over and not self._review_offered:  # (a finished game loaded, or played to its end here)
            self._review_offered = True
            self._show_review_dock()
        elif not over and self._review_offered:  # a new game in the window: nothing to review yet
            self._review_offered = False
            self.review_dock.hide()

    def _show_review_dock(self) -> None:
        """The After the game dock under the Orders, tall enough for its buttons."""
        self.review_dock.show()
        self.review_dock.raise_()
        self.window.resizeDocks([self.orders_dock, self.review_dock], [260, 200], Qt.Orientation.Vertical)

    def _describe_step(self, step: Any) -> str:
        """The order taken from a reviewed position, and the first thing it brought about."""
        a = step.action
        said = f"{SIDE_NAMES.get(a.side, a.side)}: {sentence(a.describe())}"
        order = sentence(a.describe()).rstrip(".")
        first = next((e.text for e in step.events if e.text and e.text.rstrip(".") != order), "")
        return f"{said.rstrip('.')}. {first}" if first else said

    def _finished(self, _outcome: object) -> None:
        self._fill_review()

    def start_review(self) -> None:
        """Open the umpire's review at the first order (CV › Basic III: only once the game is
        over may a player see what the other side saw)."""
        reason = self.review.start()
        if reason:
            self.window.statusBar().showMessage(reason, 8000)
            return
        self._show_review_dock()

    # -- gestures -------------------------------------------------------------------------
    def _dests(self, piece: str) -> dict[str, Action]:
        found = destinations(self.legal, piece, self.plots, self._first_weapon, self._plot_starts)
        # On the map, an Air unit put on the hex of a box it may land in lands there.
        for place, action in list(found.items()):
            if place.startswith("land:"):
                box = next((b for b in self._boxes() if b[0] == place[5:]), None)
                if box is not None and box[1] and box[1] not in found:
                    found[box[1]] = action
        return found

    def _boxes(self) -> list[tuple[str, str | None]]:
        """The viewing side's Task Force and Base Boxes with their hexes."""
        m = mine(self.view)
        out: list[tuple[str, str | None]] = [(f"tf{t['number']}", t["hex"]) for t in m.get("task_forces", ())]
        return out + [(b["id"], b["hex"]) for b in m.get("bases", ())]

    def _reason(self, piece: str, place: str) -> str:
        """Why ``piece`` may not go to ``place``: the order the drop most likely meant, put to
        the rules' check."""
        c = self.controller
        session = c.session
        if c.reviewing is not None:
            return "This is the review of a finished game."
        if piece.startswith(("enemy-", "seen-")):
            return "That is an enemy counter: only what your units observe of it is shown."
        if piece.startswith("base:"):
            return "A base does not move; drag Air Factors in its Base Box."
        if piece.startswith("weapon:") and not place.startswith("unit:stack:"):
            return "A Weapon unit arms Air Factors: drop it on them in a B section (CV › Basic IV.A.1)."
        if session is None or c.viewer not in session.to_act():
            return "It is not your turn to give orders: wait for the other side."
        step = own_step(session.state, c.viewer)
        guess = candidate(step, c.viewer, piece, place, self.view)
        if guess is not None:
            reason = c.check(guess)
            if reason:
                return reason
        return f"That counter has no order that puts it there in the {PHASES[step].title}."

    def _is_hex(self, place: str) -> bool:
        return is_hex(place)

    def _place(self, place: str, found: dict[str, Action]) -> str:
        """``air:new`` is the first empty Air Box the rules let these planes form in (or fly on
        in); the High or Low box of another Air unit stands for that unit (planes join it at
        their own altitude: Basic VIII.F)."""
        if place.startswith("alt:") and place not in found:
            unit = "air:" + place.split(":")[1]
            return unit if unit in found else place
        if place != NEW_AIR_UNIT:
            return place
        used = {u["number"] for u in mine(self.view).get("air_units", ())}
        free = sorted(int(d[4:]) for d in found if d.startswith("air:") and d[4:].isdigit() and int(d[4:]) not in used)
        return f"air:{free[0]}" if free else place

    # menus and keys
    def _in_use(self) -> set[int]:
        """The viewing side's Air units' numbers (planes go into one of them or the next box)."""
        return {u["number"] for u in mine(self.view).get("air_units", ())}

    def piece_menu(self, piece: str, where: Any) -> None:
        """The counter's orders, one line a kind (``choices``): a line ending … asks how many
        planes or which hex after; never more than ``MENU_LINES`` lines."""
        found = counter_choices(self.legal, piece, self._in_use())
        menu = self.new_menu()
        if not found:
            act = menu.addAction("No orders for this counter now")
            act.setEnabled(False)
        for c in found[:MENU_LINES]:
            menu.addAction(c.label).triggered.connect(lambda _c=False, x=c: self.take(x))
        if len(found) > MENU_LINES:
            more = menu.addAction(f"{len(found) - MENU_LINES} more in the Orders dock (O)")
            more.setEnabled(False)
        menu.popup(where if isinstance(where, QPoint) else QCursor.pos())

    # -- the pickers: how many planes, which hex ------------------------------------------
    def take(self, choice: Choice) -> None:
        """Give the order of a menu or Orders list line, asking first how many (a count
        choice) or which (a pick choice)."""
        if choice.pick == "count":
            self._ask_count(choice)
        elif choice.pick == "pick":
            self._ask_option(choice)
        else:
            self.controller.submit(choice.order)

    def _close_picker(self) -> None:
        if self.picker is not None and shiboken6.isValid(self.picker):
            self.picker.close()
        self.picker = None

    def _ask_count(self, choice: Choice) -> None:
        self._close_picker()

        def give(n: int) -> None:
            order = choice.by_count(n)
            if order is not None:
                self.controller.submit(order)

        question = choice.label.rstrip("…") + ": how many?"
        self.picker = ask_count(self.window, question, choice.counts(), give)
        self.picker.rejected.connect(self.refresh)  # (a cancelled drop: the counter goes back)

    def _ask_option(self, choice: Choice) -> None:
        self._close_picker()

        def give(option: str) -> None:
            self.scene.hide_cursor()
            picked = choice.at(option)
            if picked is not None:
                self.take(picked)

        picker = ask_option(self.window, choice.label.rstrip("…").split("… (")[0] + ":", choice.options, give)
        picker.highlighted.connect(self._show_option)
        picker.rejected.connect(self.scene.hide_cursor)
        self.picker = picker

    def _show_option(self, option: str) -> None:
        """A hex highlighted in the option picker is shown on the map (a path: its last hex)."""
        cell = option.split(" - ")[-1].split(",")[0].strip()
        if cell in self.scene.board:
            self.window.view.ensure_visible_cell(cell)
            self.scene.show_cursor(cell, True)

    def give(self, piece: str, places: tuple[str, ...], whole: bool = False) -> bool:
        """A drop: as ``DragDropPresenter.give``, but a stack whose planes may go in several
        counts asks how many (all unless told; Shift held on the drop moves all at once)."""
        found = self._dests(piece)
        for d in places:
            d = self._place(d, found)
            if d in found:
                counted = count_choice(self.legal, found[d])
                if counted is not None and not whole:
                    self._ask_count(counted)
                    return True
                return bool(self.controller.submit(found[d]))
        return super().give(piece, places, whole)

    def _map_menu(self, piece: str, pos: QPoint) -> None:
        self.piece_menu(piece, pos)

    # -- Weapon units: dropped on a counter in a B section, not on the section (Basic IV.A.1)
    def _onto(self, piece: str, dests: tuple[str, ...]) -> tuple[str, ...]:
        on_counters = piece.startswith("weapon:")
        return tuple(d for d in dests if d.startswith("unit:") == on_counters)

    def box_accepts(self, piece: str, dests: tuple[str, ...]) -> bool:
        return super().box_accepts(piece, self._onto(piece, dests))

    def dropped_in_box(self, piece: str, dests: tuple[str, ...], whole: bool = False) -> None:
        super().dropped_in_box(piece, self._onto(piece, dests) or dests[-1:], whole)

    def drag_started(self, piece: str) -> None:
        self._carried = piece
        super().drag_started(piece)
        if piece.startswith("weapon:"):
            self._light_boxes(piece, list(self.box_views.values()))

    def drag_ended(self) -> None:
        self._carried = ""
        super().drag_ended()

    def _light_boxes(self, piece: str, views: list[BoxView]) -> None:
        """The boxes ``piece`` may be dropped in lit (a Weapon unit: the B sections holding
        planes it may arm)."""
        found = self._dests(piece)
        for view in views:
            if piece.startswith("weapon:"):
                lit = any(on_counter(p) in found for p in view.box_model.pieces())
            else:
                lit = any(self._place(d, found) in found for d in view.destinations)
            view.setProperty("lit", lit)
            view.setStyleSheet(LIT_BOX if lit else "")

    def _piece_activated(self, piece: str) -> None:
        self.piece_menu(piece, QCursor.pos())

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            ("Tab / Shift+Tab", "pick the next counter on the map you may give orders to"),
            ("M or the Menu key", "orders for the picked counter"),
            ("O", "go to the Orders dock"),
            ("P", "lay your Plot Map over the board (or take it off)"),
            ("Enter", "seal these orders, or end this step of your Air Unit Movement"),
            *self.review.shortcuts(),
        ]

    def _piece_title(self, piece: str) -> str:
        """A counter as the player knows it: "Task Force 3", "Air unit 5"."""
        if piece.startswith("tf") and piece[2:].isdigit():
            return f"Task Force {piece[2:]}"
        if piece.startswith("air") and piece[3:].isdigit():
            return f"Air unit {piece[3:]}"
        return piece

    def key_pressed(self, key: int) -> bool:
        if self.controller.reviewing is not None and self.review.key(key):
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            done = [a for a in self.legal.rest if isinstance(a, (Done, LetPass))]
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
        if key == Qt.Key.Key_P:
            self.plot_action.toggle()
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
