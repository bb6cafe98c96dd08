"""Kido Butai at the desktop: you are Nagumo on the carrier display (east at the top).

Drag squadrons between the carriers, the CAP box, the centre and the target corners; their
counters turn to face the way the rules say (east ready or launched, south at the target, west
returning, north just landed). Right-click (or Tab, then Enter) for everything else: ready,
re-arm, attack, and last, apart, destroy. The American phase then plays itself step by step,
paused until you press Play or Next, and ends with what it cost you.

Every refusal gives the rule's reason, the orders say why the phase cannot end when it cannot,
and a choice that loses units asks first.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.engine import Action, Event
from midway_desktop.engine.events import roll_event
from midway_desktop.games.kido_butai.actions import (
    JAPAN,
    AssignBombers,
    Attack,
    Destroy,
    EndPhase,
    Intercept,
    KidoButaiAction,
    Land,
    Launch,
    Move,
)
from midway_desktop.games.kido_butai.consequences import cost_of
from midway_desktop.games.kido_butai.views import changes
from midway_desktop.ui.ask import ask
from midway_desktop.ui.board_scene import MoveOptions
from midway_desktop.ui.counters import CounterFace, CounterItem
from midway_desktop.ui.games.base import Presenter
from midway_desktop.ui.playback import EventPlayback, PlaybackDock
from midway_desktop.ui.symbols import SQUADRON_SYMBOLS

# East is at the top of the display, so a counter facing east stands upright.
ANGLE = {"east": 0.0, "south": 90.0, "west": 180.0, "north": 270.0}
TRACK_PREFIX = "turn-"
CARRIER_PREFIX = "cv-"
AIR_BOXES = ("cap", "centre")
CORNERS = ("ne-corner", "se-corner")
PLAYBACK_PACE_MS = 1500  # a step every second and a half once Play is pressed


def squadron_face(sq: dict[str, Any], titles: dict[str, str]) -> CounterFace:
    """The counter as printed: Zero, Val (bomb side) or Kate (torpedo side), its carrier and
    number (Akagi 1 for Akagi bomber 1), and its state."""
    home = titles.get(sq["home"], sq["home"].title())
    if sq.get("number"):
        home = f"{home} {sq['number']}"
    if sq["kind"] == "fighter":
        state = "low CAP" if sq["low_cap"] else "fighter"
        return CounterFace("japan", "Zero", home, state, reduced=sq["low_cap"], symbol=SQUADRON_SYMBOLS["fighter"])
    arm = sq.get("arm") or "bomb"
    return CounterFace("japan", "Kate" if arm == "torpedo" else "Val", home, arm, symbol=SQUADRON_SYMBOLS[arm])


class KidoButaiPresenter(Presenter):
    def __init__(self, window: Any, controller: Any) -> None:
        super().__init__(window, controller)
        self.playback = EventPlayback(self, delay_ms=PLAYBACK_PACE_MS, start_paused=True)
        self.playback.finished.connect(self.refresh)
        self.selected: str | None = None
        self.drawn: dict[str, Any] | None = None  # the view the board last showed
        self.summary: list[str] = []  # what the last phase played out did, until the next order
        self.blocked = ""  # why the phase cannot end now ("" when it can)

    # -- docks ----------------------------------------------------------------------------
    def build_docks(self) -> None:
        w = self.window
        self.orders = QWidget()
        self.orders_layout = QVBoxLayout(self.orders)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.orders_layout.addWidget(self.heading)
        self.body = QWidget(self.orders)
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.orders_layout.addWidget(self.body)
        # A stretch keeps the orders at the top; aligning them would size the body by its
        # one-line hint, not by the height its wrapped lines need.
        self.orders_layout.addStretch(1)
        self.buttons: list[QPushButton] = []
        dock = QDockWidget("Orders", w)
        dock.setObjectName("kb-orders")
        scroll = self.orders_scroll = QScrollArea(dock)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # lines wrap
        scroll.setWidget(self.orders)
        # The orders follow the viewport's width (resizable, never wider): watched and measured
        # themselves, not by ``viewport()``, which would make PySide6 load every widget class
        # to name the viewport Qt made (see ``midway_desktop.ui``).
        self.orders.installEventFilter(self)
        dock.setWidget(scroll)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.docks.append(dock)
        self.report = PlaybackDock("American phase", self.playback, w)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.report)
        self.docks.append(self.report)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, w.dice_dock)
        w.prefer_dock_columns(dock, 290, w.log_dock, 300)
        self.link(self.playback.stepped, self._show_step)
        self.link(self.playback.finished, self.window.show_log)
        self.link(self.scene.counterContext, self._context_menu)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize:
            self._fit_orders()
        return False

    def _fit_orders(self) -> None:
        """The orders never squeezed below what their wrapped lines need (a scroll area does
        not ask a widget's height for its width): a short dock scrolls instead."""
        width = self.orders.width()
        layout = self.orders.layout()
        if layout is not None and width > 0:
            layout.activate()
            self.orders.setMinimumHeight(layout.totalHeightForWidth(width))

    def detach(self) -> None:
        self.playback.skip()
        super().detach()

    def show_dice(self, events: list[Event]) -> None:
        """The dice of these events in the dice dock: a chapter keeps its rolls in its data."""
        rolls = [
            roll_event(str(r["purpose"]), r["dice"], int(r.get("sides", 6)))
            for e in events
            for r in (e.data.get("rolls") or [])
        ]
        self.window.dice_dock.dice.show_rolls(rolls)

    def _show_step(self, event: Event) -> None:
        self.show_dice([event])
        self.window.show_log()
        if self.playback.active:
            self._fill_orders(self.controller.view(), waiting=True)

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            ("Tab / Shift+Tab", "pick the next squadron (or carrier) you may give orders to"),
            ("Enter", "its orders: launch, fly, attack, land, ready, re-arm; destroy comes last"),
            ("E", "end the phase (finish the set-up); if it cannot end, the reason"),
            ("Space · N · Esc", "the American phase: play or pause, one step, skip to the end"),
        ]

    # -- names ----------------------------------------------------------------------------
    @property
    def titles(self) -> dict[str, str]:
        session = self.controller.session
        return session.rules.forces.titles if session is not None else {}

    def say(self, action: Action) -> str:
        """An action as the player reads it (squadrons by their names)."""
        return action.describe(self.titles) if isinstance(action, KidoButaiAction) else action.describe()

    def title_of(self, piece: str) -> str:
        unit = piece.removeprefix(CARRIER_PREFIX)
        return self.titles.get(unit, unit)

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.playback.active:
            self._fill_orders(self.controller.view(), waiting=True)
            return
        view = self.controller.view()
        scene = self.scene
        titles = {c["name"]: c["title"] for c in view["carriers"]}
        wanted: dict[str, tuple[str, CounterFace, float]] = {}
        for c in view["carriers"]:
            if c["side"] != "sunk":
                face = CounterFace(
                    "japan", c["title"], "carrier", f"{c['capacity']}", reduced=c["side"] != "full", symbol="cv"
                )
                wanted[f"{CARRIER_PREFIX}{c['name']}"] = (c["name"], face, 0.0)
        for sq in view["squadrons"]:
            if sq["where"] in ("lost", "", None) or sq["where"] not in scene.board:
                continue
            wanted[sq["id"]] = (sq["where"], squadron_face(sq, titles), ANGLE.get(sq["facing"], 0.0))
        midway = view["midway"]
        if midway["side"] != "sunk":
            face = CounterFace(
                "us", "Midway", "base", str(midway["capacity"]), reduced=midway["side"] != "full", symbol="base"
            )
            wanted["midway"] = ("midway", face, 0.0)
        turn_box = f"{TRACK_PREFIX}{view['time']}"
        if turn_box in scene.board:
            # The marker prints the hour: it stands on the box that names it.
            wanted["turn"] = (turn_box, CounterFace("neutral", view["time"], "Turn", "", symbol="turn"), 0.0)
        for turn, counts in (view.get("track") or {}).items():
            box = f"{TRACK_PREFIX}{turn}"
            if box not in scene.board:
                continue
            waiting = [(str(kind), n) for kind, n in (counts or {}).items() if n]
            if waiting:
                # One counter per hour box (a box holds one): how many wait there, and what.
                total = sum(n for _k, n in waiting)
                what = ", ".join(f"{n} {kind}" for kind, n in waiting)
                wanted[f"track-{turn}"] = (box, CounterFace("us", f"{total} US", what, "", symbol="strike"), 0.0)
        for piece in list(scene.counters):
            if piece not in wanted:
                scene.remove_counter(piece)
        movable = self._movable()
        for piece, (box, face, angle) in wanted.items():
            if piece not in scene.counters:
                scene.add_counter(piece, face, box)
            else:
                scene.counters[piece].set_face(face)
                if scene.counters[piece].label != box:
                    scene.place(piece, box)
            item = scene.counters[piece]
            item.setRotation(angle)
            item.draggable = piece in movable
        for box in {b for b, _f, _a in wanted.values()}:
            scene.restack(box)
        self.drawn = view
        self._fill_orders(view)
        score = view["score"]
        self.window.set_turn_text(
            f"{view['time']} · Victory points: Japan {score['japan']}, USA {score['usa']} ({score['band_title']})"
        )

    def happened(self, events: list) -> None:  # type: ignore[type-arg]
        """The player's own steps show at once; what follows the end of the phase plays out,
        paused until the player asks for it, and ends with what it changed."""
        ended = next((i for i, e in enumerate(events) if e.kind in ("reconnaissance", "american-phase")), None)
        if ended is not None and self.drawn is not None:
            self.summary = changes(self.drawn, self.controller.view())
        if ended is None or not any(e.kind == "american-phase" or e.kind == "roll" for e in events[ended:]):
            self.show_dice(events)
            return
        self.show_dice(events[:ended])
        self.playback.play(list(events[ended:]))
        self.report.set_summary(self.summary)

    # -- what may move --------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.controller.session is None or self.controller.outcome() is not None:
            return []
        return self.controller.legal(JAPAN)

    def _movable(self) -> set[str]:
        out: set[str] = set()
        for a in self._legal():
            if isinstance(a, Launch | Move | Land):
                out.update(a.squadrons)
        return out

    def _drag_action(self, piece: str, box: str) -> Action | None:
        for a in self._legal():
            if isinstance(a, Launch) and a.squadrons == (piece,) and a.to == box:
                return a
            if isinstance(a, Move) and a.squadrons == (piece,) and a.to == box:
                return a
            if isinstance(a, Land) and a.squadrons == (piece,) and a.carrier == box:
                return a
        return None

    def legal_moves(self, item: CounterItem) -> MoveOptions:
        piece = item.piece
        cells = set()
        for a in self._legal():
            if isinstance(a, Launch | Move) and a.squadrons == (piece,):
                cells.add(a.to)
            elif isinstance(a, Land) and a.squadrons == (piece,):
                cells.add(a.carrier)
        return MoveOptions(frozenset(cells), lambda label: self.refusal(piece, label))

    def refusal(self, piece: str, label: str) -> str:
        """Why ``piece`` may not go to ``label`` now (or, its own place, why it may not move
        at all), in the rule's words."""
        if self.playback.active:
            return "Wait: the American phase is still being shown (Space plays or pauses, Esc skips)."
        if piece.startswith(CARRIER_PREFIX):
            return "Carriers keep their places on the display; right-click one to scuttle it (KB › Clarifications)."
        if piece.startswith("track-") or piece in ("midway", "turn"):
            return "That counter is moved by the rules, not by hand."
        session = self.controller.session
        if session is None:
            return "No game is on."
        if self.controller.outcome() is not None:
            return "The game is over."
        view = self.controller.view()
        sq = next((s for s in view["squadrons"] if s["id"] == piece), None)
        if sq is None:
            return "That counter is moved by the rules, not by hand."
        carriers = [c["name"] for c in view["carriers"]]
        where, title = sq["where"], sq["title"]
        place = self.scene.place_title(label)
        if label == where:
            return self._why_it_stays(sq, carriers) or f"{title} has nothing to do this turn."
        if label.startswith(TRACK_PREFIX):
            return "The turn track holds the turn marker and the American squadrons waiting to return."
        if label == "midway":
            return "Squadrons attack the Midway base from the southeast corner (KB › 6)."
        probe = self._probe(sq, label, carriers)
        if probe is not None:
            reason = session.check(probe)
            if reason:
                return reason
        if label in AIR_BOXES and where in AIR_BOXES + CORNERS:
            if where == "cap":
                return f"{title} stays on the CAP box until it lands on a carrier (KB › 3)."
            if where in CORNERS:
                return f"{title} returns to the centre of the map after it attacks: right-click it to attack (KB › 6)."
            return f"Only fighters launched from a carrier fly combat air patrol; {title} is in the centre (KB › 3)."
        why = self._why_it_stays(sq, carriers)
        return f"{title} may not go to {place} now. {why}" if why else f"{title} may not go to {place} now (KB › 3)."

    def _probe(self, sq: dict[str, Any], box: str, carriers: list[str]) -> Action | None:
        """The order a drop of this squadron on ``box`` would be, for the rules to check."""
        piece, where = sq["id"], sq["where"]
        if box in AIR_BOXES:
            return Launch(JAPAN, (piece,), box) if where in carriers else None
        if box in CORNERS:
            return Move(JAPAN, (piece,), box)
        if box in carriers:
            return Land(JAPAN, (piece,), box)
        return None

    def _why_it_stays(self, sq: dict[str, Any], carriers: list[str]) -> str:
        """Why a squadron can be dragged nowhere now: the rules' refusal of the first order it
        would most likely be given from where it is."""
        session = self.controller.session
        if session is None:
            return ""
        piece, where, title = sq["id"], sq["where"], sq["title"]
        stage = self.controller.view()["stage"]
        if stage == "setup":
            if sq["kind"] == "fighter":
                return f"{title} waits aboard during the set-up: finish it (E) to start the first turn (KB › 1 Setup)."
            return (
                f"{title} waits aboard during the set-up: right-click it to arm it with bombs or torpedoes, "
                "then finish the set-up (E) (KB › 1 Setup)."
            )
        probes: list[Action] = []
        if where in carriers:
            probes += [Launch(JAPAN, (piece,), "cap" if sq["kind"] == "fighter" else "centre")]
        elif where in CORNERS:
            probes += [Move(JAPAN, (piece,), where)]  # refused: it is no longer in the centre
            if not sq["acted_this_turn"]:
                return f"{title} is over its target: right-click it to attack (KB › 6)."
        else:
            if where == "centre":
                probes += [Move(JAPAN, (piece,), c) for c in CORNERS]
            probes += [Land(JAPAN, (piece,), c) for c in carriers]
        for probe in probes:
            reason = session.check(probe)
            if reason:
                return reason
        return ""

    def dropped(self, piece: str, origin: str, target: str) -> None:
        action = self._drag_action(piece, target)
        if action is None or not self.submit(action):
            self.refresh()

    # -- carrying out ---------------------------------------------------------------------
    def warning(self, action: Action) -> str:
        """What the player is asked before ``action``, or "" if it loses nothing."""
        session = self.controller.session
        if session is None:
            return ""
        cost = cost_of(session.rules.forces, session.state, action)
        if not cost:
            return ""
        return " ".join(cost.reasons)

    def submit(self, action: Action) -> bool:
        """Every order of the player goes through here: one that loses units asks first."""
        warning = self.warning(action)
        if warning and not ask(self.window, "Lose squadrons?", f"{self.say(action)}?\n\n{warning}", False):
            self.window.statusBar().showMessage("Nothing was done.", 4000)
            return False
        said, self.summary = self.summary, []  # the next phase played out says its own
        if self.controller.submit(action):
            return True
        self.summary = said
        return False

    # -- context menu and keyboard --------------------------------------------------------
    def choices_for(self, piece: str) -> list[Action]:
        """Everything the player may do with one squadron (or carrier) now, drags included:
        the ordinary orders first, destroying it last."""
        if self.playback.active:
            return []
        unit = piece.removeprefix(CARRIER_PREFIX)
        out = []
        for a in self._legal():
            names = getattr(a, "squadrons", None) or getattr(a, "units", None) or ()
            if unit in names and len(names) == 1:
                out.append(a)
        return sorted(out, key=lambda a: isinstance(a, Destroy))

    def _context_menu(self, piece: str, pos: QPoint) -> None:
        menu = self._menu(piece)
        if menu is not None:
            menu.popup(pos)

    def _menu(self, piece: str) -> QMenu | None:
        choices = self.choices_for(piece)
        if not choices:
            return None
        menu = self.new_menu(self.title_of(piece))
        for a in choices:
            destructive = isinstance(a, Destroy)
            if destructive and not menu.isEmpty():
                menu.addSeparator()  # apart from the ordinary orders, never the first item
            act = menu.addAction(self.say(a) + ("…" if destructive else ""))
            act.triggered.connect(lambda _=False, a=a: self.submit(a))
        return menu

    def log_shown(self, events: list) -> list:  # type: ignore[type-arg]
        waiting = len(self.playback.queue)
        return events[: len(events) - waiting] if waiting else events

    def key_pressed(self, key: int) -> bool:
        """Tab picks a squadron, Enter opens its orders, E ends the phase (or says why it
        cannot); Space, N and Esc run the playback."""
        if self.playback.active:
            if key == Qt.Key.Key_Space:
                self.report._pause()
                return True
            if key == Qt.Key.Key_N:
                self.playback.step()
                return True
            if key == Qt.Key.Key_Escape:
                self.playback.skip()
                return True
            return False
        scene = self.scene
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            pieces = sorted(p for p in scene.counters if self.choices_for(p))
            if not pieces:
                return False
            if self.selected in pieces:
                step = 1 if key == Qt.Key.Key_Tab else -1
                self.selected = pieces[(pieces.index(self.selected) + step) % len(pieces)]
            else:
                self.selected = pieces[0]
            scene.clearSelection()
            scene.counters[self.selected].setSelected(True)
            self.window.statusBar().showMessage(f"{self.title_of(self.selected)}: Enter for its orders.", 6000)
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.selected in scene.counters:
            menu = self._menu(self.selected)
            if menu is not None:
                item = scene.counters[self.selected]
                view = self.window.view
                menu.popup(view.viewport().mapToGlobal(view.mapFromScene(item.pos())))
                return True
        if key == Qt.Key.Key_E:
            end = next((a for a in self._legal() if isinstance(a, EndPhase)), None)
            if end is not None:
                return self.submit(end)
            if self.controller.session is not None:
                self.window.statusBar().showMessage(self.why_not_end(), 12000)
                return True
        return False

    def why_not_end(self) -> str:
        """Why the phase cannot end now, as the orders panel shows it ("" if it can)."""
        session = self.controller.session
        if session is None or any(isinstance(a, EndPhase) for a in self._legal()):
            return ""
        outcome = self.controller.outcome()
        if outcome is not None:
            return "The game is over."
        reason = session.check(EndPhase(JAPAN)) or "The phase cannot end yet."
        if self.controller.view()["stage"] in ("strike", "intercept"):
            return f"{reason} Pick one of the choices above."
        return reason

    # -- orders panel ---------------------------------------------------------------------
    def _clear(self) -> None:
        while self.body_layout.count():
            w = self.body_layout.takeAt(0).widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.buttons = []

    def _add(self, widget: QWidget) -> None:
        self.body_layout.addWidget(widget)
        # Shown now, not when the layout's queued show comes: the orders' height counts it.
        widget.setVisible(not self.body.isHidden())

    def _button(self, text: str, action: Action) -> None:
        b = QPushButton(text, self.body)
        b.clicked.connect(lambda: self.submit(action))
        self._add(b)
        self.buttons.append(b)

    def _text(self, text: str, name: str = "") -> QLabel:
        label = QLabel(text, self.body)
        label.setWordWrap(True)
        if name:
            label.setObjectName(name)
        self._add(label)
        return label

    def _assign_label(self, view: dict[str, Any], a: AssignBombers) -> str:
        pending = view.get("pending") or {}
        ships = [c["title"] for c in view["us_carriers"] if c["fleet"] == pending.get("fleet") and c["side"] != "sunk"]
        if len(ships) != len(a.counts):
            return self.say(a)
        return "Bombers at " + ", ".join(f"{t}: {n}" for t, n in zip(ships, a.counts))

    def _fill_orders(self, view: dict[str, Any], waiting: bool = False) -> None:
        self._write_orders(view, waiting)
        self._fit_orders()

    def _write_orders(self, view: dict[str, Any], waiting: bool) -> None:
        self._clear()
        self.blocked = ""
        session = self.controller.session
        phase = session.rules.phase(session.state) if session is not None else None
        self.heading.setText(
            f"<b>{view['time']}</b> — {phase.title if phase else ''}<br><small>{phase.rule if phase else ''}</small>"
        )
        if waiting:
            self._text(
                "The American phase is being shown in its dock: Space plays or pauses, N shows one step, "
                "Esc skips to the end. Your orders follow."
            )
            return
        if self.summary:
            self._text("What just happened: " + " ".join(self.summary), "summary")
        outcome = self.controller.outcome()
        if outcome is not None:
            self._text(outcome.text)
            b = QPushButton("New game…", self.body)
            b.clicked.connect(self.window.new_game_dialog)
            self._add(b)
            self.buttons.append(b)
            return
        pools = view["pools"]
        self._text(
            "US bomber cup: "
            + ", ".join(f"{n} {k}" for k, n in pools["bomber"].items())
            + "; fighter cup: "
            + ", ".join(f"{n} {k}" for k, n in pools["fighter"].items())
            + "."
        )
        found = "has found" if view["kido_butai_found"] else "has not yet found"
        self._text(f"The American side {found} Kido Butai.")
        legal = self._legal()
        for a in legal:
            if isinstance(a, AssignBombers):
                self._button(self._assign_label(view, a), a)
            elif isinstance(a, Attack) and not a.squadrons or isinstance(a, Intercept):
                self._button(self.say(a), a)
        if view["stage"] == "setup":
            self._text("Arm the bombers: right-click a bomber (or Tab, then Enter) to turn it to torpedoes.")
        elif view["stage"] == "japanese":
            self._text(
                "Drag squadrons to launch, fly to a target corner or land; right-click for ready, "
                "re-arm, attack or destroy."
            )
        end = next((a for a in legal if isinstance(a, EndPhase)), None)
        if end is not None:
            self._button("End the phase (E)" if view["stage"] != "setup" else "Finish set-up (E)", end)
        else:
            self.blocked = self.why_not_end()
            label = self._text(self.blocked, "blocked")
            label.setStyleSheet("color: #8a1c1c; font-weight: bold;")
