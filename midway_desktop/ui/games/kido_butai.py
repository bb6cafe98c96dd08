"""Kido Butai at the desktop: you are Nagumo on the carrier display (east at the top).

Drag squadrons between the carriers, the CAP box, the centre and the target corners; their
counters turn to face the way the rules say (east ready or launched, south at the target, west
returning, north just landed). Right-click (or Enter on the keyboard) for everything else:
ready, re-arm, attack, destroy. The American phase then plays itself, step by step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QPushButton, QScrollArea, QVBoxLayout, QWidget

from midway_desktop.engine import Action
from midway_desktop.games.kido_butai.actions import (
    JAPAN,
    AssignBombers,
    Attack,
    EndPhase,
    Intercept,
    Land,
    Launch,
    Move,
)
from midway_desktop.ui.board_scene import MoveOptions
from midway_desktop.ui.counters import CounterFace, CounterItem
from midway_desktop.ui.games.base import Presenter
from midway_desktop.ui.playback import EventPlayback, PlaybackDock

# East is at the top of the display, so a counter facing east stands upright.
ANGLE = {"east": 0.0, "south": 90.0, "west": 180.0, "north": 270.0}
TRACK_PREFIX = "turn-"


def squadron_face(sq: dict[str, Any], titles: dict[str, str]) -> CounterFace:
    home = titles.get(sq["home"], sq["home"].title())
    if sq["kind"] == "fighter":
        return CounterFace("japan", "Zero", home, "low CAP" if sq["low_cap"] else "fighter", reduced=sq["low_cap"])
    arm = sq.get("arm") or "bomb"
    return CounterFace("japan", "Kate" if arm == "torpedo" else "Val", home, arm)


class KidoButaiPresenter(Presenter):
    def __init__(self, window: Any, controller: Any) -> None:
        super().__init__(window, controller)
        self.playback = EventPlayback(self)
        self.playback.finished.connect(self.refresh)
        self.selected: str | None = None

    # -- docks ----------------------------------------------------------------------------
    def build_docks(self) -> None:
        w = self.window
        self.orders = QWidget()
        self.orders_layout = QVBoxLayout(self.orders)
        self.orders_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.orders_layout.addWidget(self.heading)
        self.body = QWidget(self.orders)
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.orders_layout.addWidget(self.body)
        self.buttons: list[QPushButton] = []
        dock = QDockWidget("Orders", w)
        dock.setObjectName("kb-orders")
        scroll = QScrollArea(dock)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.orders)
        dock.setWidget(scroll)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.docks.append(dock)
        self.report = PlaybackDock("American phase", self.playback, w)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.report)
        self.docks.append(self.report)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, w.dice_dock)
        self.link(self.playback.stepped, self._show_step)
        self.link(self.playback.finished, self.window.show_log)
        self.link(self.scene.counterContext, self._context_menu)

    def detach(self) -> None:
        self.playback.skip()
        super().detach()

    def _show_step(self, event: object) -> None:
        self.window.dice_dock.dice.show_rolls([event])
        self.window.show_log()

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
                face = CounterFace("japan", c["title"], "carrier", f"{c['capacity']}", reduced=c["side"] != "full")
                wanted[f"cv-{c['name']}"] = (c["name"], face, 0.0)
        for sq in view["squadrons"]:
            if sq["where"] in ("lost", "", None) or sq["where"] not in scene.board:
                continue
            wanted[sq["id"]] = (sq["where"], squadron_face(sq, titles), ANGLE.get(sq["facing"], 0.0))
        midway = view["midway"]
        if midway["side"] != "sunk":
            face = CounterFace("us", "Midway", "base", str(midway["capacity"]), reduced=midway["side"] != "full")
            wanted["midway"] = ("midway", face, 0.0)
        turn_box = f"{TRACK_PREFIX}{view['time']}"
        if turn_box in scene.board:
            wanted["turn"] = (turn_box, CounterFace("neutral", "Turn", view["time"], ""), 0.0)
        for turn, counts in (view.get("track") or {}).items():
            box = f"{TRACK_PREFIX}{turn}"
            if box not in scene.board:
                continue
            for kind, n in (counts or {}).items():
                if n:
                    wanted[f"track-{turn}-{kind}"] = (box, CounterFace("us", f"{n}×", str(kind), ""), 0.0)
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
        self._fill_orders(view)
        score = view["score"]
        self.window.set_turn_text(
            f"{view['time']} · VP Japan {score['japan']} – USA {score['usa']} ({score['band'].replace('-', ' ')})"
        )

    def happened(self, events: list) -> None:  # type: ignore[type-arg]
        """The player's own steps show at once; anything after the phase ends plays out."""
        ended = next((i for i, e in enumerate(events) if e.kind in ("reconnaissance", "american-phase")), None)
        if ended is None or not any(e.kind == "american-phase" or e.kind == "roll" for e in events[ended:]):
            self.window.dice_dock.dice.show_rolls(events)
            return
        self.window.dice_dock.dice.show_rolls(events[:ended])
        self.playback.play(list(events[ended:]))

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

        def refusal(label: str) -> str:
            if self.playback.active:
                return "Wait: the American phase is still being shown (Space pauses, Esc skips)."
            if piece.startswith(("cv-", "track-")) or piece in ("midway", "turn"):
                return "That counter is moved by the rules, not by hand."
            session = self.controller.session
            if session is None:
                return ""
            probe = self._probe(piece, label)
            reason = session.check(probe) if probe is not None else None
            return reason or f"{piece} cannot go to {label} now (KB › 3 The Japanese Phase)."

        return MoveOptions(frozenset(cells), refusal)

    def _probe(self, piece: str, box: str) -> Action | None:
        view = self.controller.view()
        where = next((s["where"] for s in view["squadrons"] if s["id"] == piece), "")
        if box in ("cap", "centre"):
            return Launch(JAPAN, (piece,), box) if where in {c["name"] for c in view["carriers"]} else None
        if box in ("ne-corner", "se-corner"):
            return Move(JAPAN, (piece,), box)
        if box in {c["name"] for c in view["carriers"]}:
            return Land(JAPAN, (piece,), box)
        return None

    def dropped(self, piece: str, origin: str, target: str) -> None:
        action = self._drag_action(piece, target)
        if action is None or not self.controller.submit(action):
            self.refresh()

    # -- context menu and keyboard --------------------------------------------------------
    def choices_for(self, piece: str) -> list[Action]:
        """Everything the player may do with one squadron now, drag targets included."""
        out = []
        for a in self._legal():
            names = getattr(a, "squadrons", None) or getattr(a, "units", None) or ()
            if piece in names and len(names) == 1:
                out.append(a)
        return out

    def _context_menu(self, piece: str, pos: QPoint) -> None:
        menu = self._menu(piece)
        if menu is not None:
            menu.popup(pos)

    def _menu(self, piece: str) -> QMenu | None:
        choices = self.choices_for(piece)
        if not choices:
            return None
        menu = QMenu(self.window)
        for a in choices:
            act = menu.addAction(a.describe())
            act.triggered.connect(lambda _=False, a=a: self.controller.submit(a))
        self.menu = menu
        return menu

    def log_shown(self, events: list) -> list:  # type: ignore[type-arg]
        waiting = len(self.playback.queue)
        return events[: len(events) - waiting] if waiting else events

    def key_pressed(self, key: int) -> bool:
        """Tab picks a squadron, Enter opens its orders; Space, N and Esc run the playback."""
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
            self.window.statusBar().showMessage(f"{self.selected}: Enter for its orders", 6000)
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
                return self.controller.submit(end)
        return False

    # -- orders panel ---------------------------------------------------------------------
    def _clear(self) -> None:
        while self.body_layout.count():
            w = self.body_layout.takeAt(0).widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.buttons = []

    def _button(self, text: str, action: Action) -> None:
        b = QPushButton(text, self.body)
        b.clicked.connect(lambda: self.controller.submit(action))
        self.body_layout.addWidget(b)
        self.buttons.append(b)

    def _text(self, text: str) -> None:
        label = QLabel(text, self.body)
        label.setWordWrap(True)
        self.body_layout.addWidget(label)

    def _fill_orders(self, view: dict[str, Any], waiting: bool = False) -> None:
        self._clear()
        session = self.controller.session
        phase = session.rules.phase(session.state) if session is not None else None
        self.heading.setText(
            f"<b>{view['time']}</b> — {phase.title if phase else ''}<br><small>{phase.rule if phase else ''}</small>"
        )
        if waiting:
            self._text("The American phase is being shown: Space pauses, N steps, Esc skips.")
            return
        outcome = self.controller.outcome()
        if outcome is not None:
            self._text(outcome.text)
            b = QPushButton("New game…", self.body)
            b.clicked.connect(self.window.new_game_dialog)
            self.body_layout.addWidget(b)
            self.buttons.append(b)
            return
        pools = view["pools"]
        self._text(
            "US bomber cup: "
            + ", ".join(f"{n} {k}" for k, n in pools["bomber"].items())
            + "; fighter cup: "
            + ", ".join(f"{n} {k}" for k, n in pools["fighter"].items())
        )
        found = "found" if view["kido_butai_found"] else "not yet found"
        self._text(f"Kido Butai {found} by the Americans.")
        legal = self._legal()
        for a in legal:
            if isinstance(a, Attack) and not a.squadrons or isinstance(a, AssignBombers | Intercept):
                self._button(a.describe(), a)
        if view["stage"] == "setup":
            self._text("Arm the bombers: right-click a bomber (or Tab, then Enter) to turn it to torpedoes.")
        else:
            self._text(
                "Drag squadrons to launch, fly to a target corner or land; right-click for ready, "
                "re-arm, attack or destroy."
            )
        end = next((a for a in legal if isinstance(a, EndPhase)), None)
        if end is not None:
            self._button("End the phase (E)" if view["stage"] != "setup" else "Finish set-up (E)", end)
