"""Midway Solitaire at the desktop: drag the task forces and the Midway aircraft, read the card,
watch the dice, assign hits, and play the whole game by mouse or by keyboard.

Every gesture becomes an action for the engine; a refusal comes back with the rule's reason
and the counter slides home. Nothing here changes the game except through the controller.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDockWidget,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.engine import Action
from midway_desktop.games.midway_solitaire.actions import (
    US,
    AssignHits,
    EndTurn,
    LongRangeAttack,
    MoveTaskForce,
    PlaceAircraft,
    PlaceTaskForce,
)
from midway_desktop.games.midway_solitaire.view import card_view
from midway_desktop.ui.board_scene import MoveOptions
from midway_desktop.ui.counters import CounterFace, CounterItem
from midway_desktop.ui.games.base import Presenter
from midway_desktop.ui.games.midway_solitaire.widgets import CardWidget, StatusBoardWidget
from midway_desktop.ui.symbols import FORCE_SYMBOLS

FACES = {
    piece: CounterFace(side, piece, kind, values, symbol=FORCE_SYMBOLS[piece])
    for piece, side, kind, values in (
        ("TF-16", "us", "Enterprise", "Hornet"),
        ("TF-17", "us", "Yorktown", ""),
        ("MA", "us", "Midway air", ""),
        ("AIF", "japan", "Aleutians", ""),
        ("CSF", "japan", "Carriers", ""),
        ("MIF", "japan", "Invasion", ""),
    )
}
# Where an unplaced task force waits during set-up until the player drags it or confirms.
PROPOSED = {"TF-16": "L3", "TF-17": "L6"}
ARROWS = {Qt.Key.Key_Up: "n", Qt.Key.Key_Down: "s", Qt.Key.Key_Left: "w", Qt.Key.Key_Right: "e"}


OWN_MOVES = ("TF-16 ", "TF-17 ", "Midway aircraft to ")  # the player's own orders, told back by the board


class OrdersPanel(QWidget):
    """What the player decides now: the phase, its rule, and a button for each choice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.layout_.addWidget(self.heading)
        self.body = QWidget(self)
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.layout_.addWidget(self.body)
        self.buttons: list[QPushButton] = []
        self.group: QButtonGroup | None = None

    def clear(self) -> None:
        while self.body_layout.count():
            item = self.body_layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                # Hide now: deleteLater alone would leave the old words painted under the new.
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        self.buttons = []
        self.group = None

    def add_button(self, text: str, slot: Any, tip: str = "") -> QPushButton:
        button = QPushButton(text, self.body)
        button.setToolTip(tip or text)
        button.clicked.connect(slot)
        self.body_layout.addWidget(button)
        self.buttons.append(button)
        return button

    def add_recent(self, lines: list[str]) -> QLabel:
        """What happened since the player's last order, in a box of its own above the choices."""
        label = QLabel("What happened:\n" + "\n".join(f"• {line}" for line in lines), self.body)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        label.setStyleSheet("QLabel { background: #f3ecd6; border: 1px solid #c9b98f; padding: 4px; }")
        self.body_layout.addWidget(label)
        return label

    def add_text(self, text: str) -> QLabel:
        label = QLabel(text, self.body)
        label.setWordWrap(True)
        self.body_layout.addWidget(label)
        return label


class SolitairePresenter(Presenter):
    def __init__(self, window: Any, controller: Any) -> None:
        super().__init__(window, controller)
        self.selected: str | None = None
        self.recent: list[str] = []  # what followed the player's last order
        self.cursor: str | None = None
        self.proposed = dict(PROPOSED)
        self.choice: list[AssignHits] = []

    # -- docks ----------------------------------------------------------------------------
    def build_docks(self) -> None:
        """Left: orders, the card and the dice, as a player reads them; right: status boards."""
        w = self.window
        self.card = CardWidget()
        self.boards = StatusBoardWidget()
        self.orders = OrdersPanel()
        made = {}
        for title, name, widget in (
            ("Orders", "ms-orders", self.orders),
            ("Action card", "ms-card", self.card),
            ("Status boards", "ms-status", self.boards),
        ):
            dock = QDockWidget(title, w)
            dock.setObjectName(name)
            scroll = QScrollArea(dock)
            scroll.setWidgetResizable(True)
            # Up and down only: the dock keeps the width its card or boards need (dock_fit).
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            scroll.setWidget(widget)
            dock.setWidget(scroll)
            made[name] = dock
            self.docks.append(dock)
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        w.addDockWidget(left, made["ms-orders"])
        w.addDockWidget(left, made["ms-card"])
        w.addDockWidget(left, w.dice_dock)
        w.addDockWidget(right, made["ms-status"])
        w.splitDockWidget(made["ms-status"], w.log_dock, Qt.Orientation.Vertical)
        w.tabifyDockWidget(w.log_dock, w.key_dock)
        w.log_dock.raise_()
        self._made = made
        self.soon(self._size_docks)  # once the window has laid the docks out
        self._size_docks()
        w.dice_dock.dice.hit_threshold = 5  # MS › Combat Resolution: 5 or 6 after modifiers hits

    def _size_docks(self) -> None:
        w, made = self.window, self._made
        w.resizeDocks([made["ms-orders"], made["ms-card"], w.dice_dock], [230, 440, 180], Qt.Orientation.Vertical)
        w.resizeDocks([made["ms-status"], w.log_dock], [450, 300], Qt.Orientation.Vertical)
        w.prefer_dock_columns(made["ms-orders"], 300, made["ms-status"], 340)

    # -- drawing from the view ------------------------------------------------------------
    def refresh(self) -> None:
        view = self.controller.view()
        scene = self.window.scene
        wanted: dict[str, str] = {}
        setup = view["phase"] == "setup"
        for tf in view["task_forces"]:
            if tf["sunk"]:
                continue
            if tf["square"]:
                wanted[tf["name"]] = tf["square"]
            elif setup:
                wanted[tf["name"]] = self.proposed[tf["name"]]
        if view["midway_aircraft"]:
            wanted["MA"] = view["midway_aircraft"]
        for jp in view["japanese"]:
            if not jp["sunk"]:
                wanted[jp["name"]] = jp["square"]
        for piece in list(scene.counters):
            if piece not in wanted:
                scene.remove_counter(piece)
        movable = self._movable_pieces()
        for piece, label in wanted.items():
            if piece not in scene.counters:
                scene.add_counter(piece, FACES[piece], label)
            elif scene.counters[piece].label != label:
                scene.place(piece, label)
            else:
                scene.restack(label)
            item = scene.counters[piece]
            item.draggable = piece in movable
            item.setOpacity(0.6 if setup and not self._placed(view, piece) else 1.0)
        self.card.show_card(self._card_to_show(view), view["cards_left"])
        self.boards.show_boards(view["task_forces"], view["japanese"])
        if self.selected not in movable:
            self.selected = None
            self.cursor = None
            scene.hide_cursor()
        self._fill_orders(view)
        self.window.set_turn_text(self._turn_text(view))

    def _card_to_show(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The card in play, or once the turn is over the last card flipped (face up on the table)."""
        if view["card"] is not None or not view["played"]:
            return view["card"]
        session = self.controller.session
        deck = getattr(session.rules, "rs", None) if session is not None else None
        if deck is None:
            return None
        return card_view(deck.deck[view["played"][-1]])

    @staticmethod
    def _placed(view: dict[str, Any], piece: str) -> bool:
        return any(t["name"] == piece and t["square"] for t in view["task_forces"]) or piece not in PROPOSED

    def _turn_text(self, view: dict[str, Any]) -> str:
        m = view["mission"]
        return f"Turn {view['turn']} · Mission {m['number']} ({m['difficulty']}): {m['objective']}"

    def happened(self, events: list) -> None:  # type: ignore[type-arg]
        self.window.dice_dock.dice.show_rolls(events)
        # What followed the player's own order (the card, the Japanese moves, battles), told
        # in the Orders dock until the next order: it all happens at once on the board.
        self.recent = [e.text for e in events if not (e.kind == "move" and e.text.startswith(OWN_MOVES))]
        if any(e.kind == "card" for e in events):
            self.recent.append("The Midway aircraft flies back to Midway for the next turn.")

    # -- which pieces move now ------------------------------------------------------------
    def _movable_pieces(self) -> set[str]:
        out = set()
        for a in self._legal():
            if isinstance(a, PlaceTaskForce | MoveTaskForce):
                out.add(a.tf)
            elif isinstance(a, PlaceAircraft):
                out.add("MA")
        return out

    def _legal(self) -> list[Action]:
        if self.controller.session is None or self.controller.outcome() is not None:
            return []
        return self.controller.legal(US)

    def action_for(self, piece: str, square: str) -> Action | None:
        view_phase = self.controller.view()["phase"]
        if piece == "MA":
            return PlaceAircraft(US, square)
        if piece in PROPOSED:
            return PlaceTaskForce(US, piece, square) if view_phase == "setup" else MoveTaskForce(US, piece, square)
        return None

    def legal_moves(self, item: CounterItem) -> MoveOptions:
        piece = item.piece
        cells = set()
        for a in self._legal():
            if isinstance(a, PlaceTaskForce | MoveTaskForce) and a.tf == piece:
                cells.add(a.square if isinstance(a, PlaceTaskForce) else a.to)
            elif isinstance(a, PlaceAircraft) and piece == "MA":
                cells.add(a.square)

        def refusal(label: str) -> str:
            action = self.action_for(piece, label)
            if action is None:
                return f"The {piece} moves by the action cards (MS › Action Card Play), not by hand."
            session = self.controller.session
            reason = session.check(action) if session is not None else None
            return reason or f"{piece} cannot go to {label} now."

        costly = frozenset()
        if piece in PROPOSED and self.controller.view()["phase"] == "us-movement":
            here = item.label
            board = self.window.scene.board
            costly = frozenset(c for c in cells if board.distance(here, c) > 1)
        return MoveOptions(frozenset(cells), refusal, costly)

    def dropped(self, piece: str, origin: str, target: str) -> None:
        action = self.action_for(piece, target)
        if action is None or not self.controller.submit(action):
            self.refresh()
            return
        if isinstance(action, MoveTaskForce) and self.window.scene.board.distance(origin, target) > 1:
            left = next(t["extra_fuel"] for t in self.controller.view()["task_forces"] if t["name"] == piece)
            self.window.statusBar().showMessage(f"{piece} burned one extra fuel to reach {target} ({left} left).", 6000)

    # -- orders panel ---------------------------------------------------------------------
    def _fill_orders(self, view: dict[str, Any]) -> None:
        panel = self.orders
        panel.clear()
        session = self.controller.session
        phase = session.rules.phase(session.state) if session is not None else None
        title = phase.title if phase else ""
        rule = phase.rule if phase else ""
        panel.heading.setText(f"<b>Turn {view['turn']}</b> — {title}<br><small>{rule}</small>")
        if self.recent:
            panel.add_recent(self.recent)
        if view["result"]:
            panel.add_text(view["result_text"])
            panel.add_button("New game…", self.window.new_game_dialog)
            return
        legal = self._legal()
        p = view["phase"]
        if p == "setup":
            panel.add_text("Drag TF-16 and TF-17 onto any square of column L or M, or keep the proposed squares.")
            panel.add_button("Set up on the proposed squares", self._confirm_setup, "Enter")
        elif p == "us-movement":
            panel.add_text(
                "Drag each task force one square (gold), or two by burning one extra fuel (blue); "
                "no diagonal moves. Or let it stay."
            )
            for tf in view["task_forces"]:
                if not tf["sunk"] and not tf["moved"]:
                    panel.add_button(
                        f"{tf['name']} stays on {tf['square']}",
                        lambda _=False, t=tf: self._submit(MoveTaskForce(US, t["name"], t["square"])),
                    )
        elif p == "ma-placement":
            panel.add_text(
                "Drag the Midway aircraft to any square east of the blue dashed line; then the card is flipped."
            )
            ma = view["midway_aircraft"]
            panel.add_button(f"Keep the Midway aircraft on {ma}", lambda: self._submit(PlaceAircraft(US, ma)))
        elif p == "long-range":
            strikes = [a for a in legal if isinstance(a, LongRangeAttack)]
            if strikes:
                panel.add_text(
                    "A task force next to a Japanese force may make a long range attack: "
                    "1–4 fights one round, 5–6 costs the task force a hit."
                )
            for i, a in enumerate(strikes, start=1):
                panel.add_button(
                    f"{i}. {a.tf} long range attack on {a.target}", lambda _=False, a=a: self._submit(a), f"Key {i}"
                )
            panel.add_button("End turn", lambda: self._submit(EndTurn(US)), "Enter")
        elif p == "assign-hits":
            self._fill_assignment(view, legal)

    def _fill_assignment(self, view: dict[str, Any], legal: list[Action]) -> None:
        panel = self.orders
        battle = view["battle"] or {}
        panel.add_text(
            f"Round {battle.get('round', '?')} on {battle.get('square', '?')}: "
            f"{battle.get('hits_on_americans', 0)} hit(s) on your task forces, "
            f"{battle.get('hits_on_japanese', 0)} on the Japanese. Choose how they fall."
        )
        self.choice = [a for a in legal if isinstance(a, AssignHits)]
        group = QButtonGroup(panel.body)
        for i, a in enumerate(self.choice):
            radio = QRadioButton(f"{i + 1}. {a.describe()}", panel.body)
            radio.setChecked(i == 0)
            group.addButton(radio, i)
            panel.body_layout.addWidget(radio)
        panel.group = group
        panel.add_button("Assign hits", self._assign_checked, "Enter")

    def _assign_checked(self) -> None:
        group = self.orders.group
        index = group.checkedId() if group is not None else 0
        if 0 <= index < len(self.choice):
            self._submit(self.choice[index])

    def _confirm_setup(self) -> None:
        view = self.controller.view()
        for tf in view["task_forces"]:
            if not tf["square"] and not self._submit(PlaceTaskForce(US, tf["name"], self.proposed[tf["name"]])):
                return

    def _submit(self, action: Action) -> bool:
        done = self.controller.submit(action)
        if done and self.selected is not None:
            # The order is given: its target and prompt are spent (Tab picks again).
            self.selected = self.cursor = None
            self.window.scene.hide_cursor()
            self.window.clear_prompt()
        return done

    # -- keyboard -------------------------------------------------------------------------
    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            ("Tab / Shift+Tab", "pick the next counter you may move"),
            ("Arrow keys, then Enter", "move its target square, order it there"),
            ("Enter", "confirm the step (set-up, end turn, assign the chosen hits)"),
            ("S", "let the picked task force stay where it is"),
            ("1–9", "pick a numbered choice (a long-range strike, a hit to assign)"),
            ("Esc", "let go of the picked counter"),
        ]

    def key_pressed(self, key: int) -> bool:
        """Tab picks a counter, arrows move its target square, Enter orders it there,
        S lets a task force stay, digits pick numbered choices, Esc lets go."""
        view = self.controller.view()
        scene = self.window.scene
        board = scene.board
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            pieces = sorted(self._movable_pieces())
            if not pieces:
                return False
            if self.selected in pieces:
                i = pieces.index(self.selected) + (1 if key == Qt.Key.Key_Tab else -1)
                self.selected = pieces[i % len(pieces)]
            else:
                self.selected = pieces[0]
            self.cursor = scene.counters[self.selected].label
            self._show_cursor()
            return True
        if key in ARROWS and self.selected is not None and self.cursor is not None:
            nxt = board.step(self.cursor, ARROWS[Qt.Key(key)])
            if nxt is not None:
                self.cursor = nxt
                self._show_cursor()
            return True
        if key == Qt.Key.Key_Escape and self.selected is not None:
            self.selected = self.cursor = None
            scene.hide_cursor()
            self.window.clear_prompt()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return self._enter(view)
        if key == Qt.Key.Key_S and view["phase"] == "us-movement" and self.selected in PROPOSED:
            tf = next(t for t in view["task_forces"] if t["name"] == self.selected)
            return self._submit(MoveTaskForce(US, tf["name"], tf["square"]))
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            n = key - Qt.Key.Key_1
            if view["phase"] == "long-range":
                strikes = [a for a in self._legal() if isinstance(a, LongRangeAttack)]
                if n < len(strikes):
                    return self._submit(strikes[n])
            if view["phase"] == "assign-hits" and self.orders.group is not None:
                button = self.orders.group.button(n)
                if button is not None:
                    button.setChecked(True)
                    return True
        return False

    def _enter(self, view: dict[str, Any]) -> bool:
        phase = view["phase"]
        if self.selected is not None and self.cursor is not None:
            action = self.action_for(self.selected, self.cursor)
            if action is not None:
                if phase == "setup":
                    self.proposed[self.selected] = self.cursor
                self._submit(action)
                return True
        if phase == "setup":
            self._confirm_setup()
            return True
        if phase == "long-range":
            return self._submit(EndTurn(US))
        if phase == "assign-hits":
            self._assign_checked()
            return True
        return False

    def _show_cursor(self) -> None:
        if self.selected is None or self.cursor is None:
            return
        scene = self.window.scene
        item = scene.counters[self.selected]
        ok = self.cursor in self.legal_moves(item).cells
        scene.show_cursor(self.cursor, ok)
        scene.clearSelection()
        item.setSelected(True)
        self.window.view.ensure_visible_cell(self.cursor)
        reason = "" if ok else f" — {self.legal_moves(item).refusal(self.cursor)}"
        self.window.show_prompt(f"{self.selected} → {self.cursor}{reason} (Enter to order, Esc to cancel)")
