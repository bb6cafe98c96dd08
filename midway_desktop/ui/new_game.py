"""The new-game dialog: scenario, who sits at each side, optional rules and a seed, built from the
game's own options and seats (``engine.seats``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from midway_desktop.engine import Rules, Scenario
from midway_desktop.games import side_title

PERSON_TEXT = "A person at this screen"


def computer_text(title: str) -> str:
    """A computer player's line in a seat's list: what it is, then which of its levels."""
    return f"Computer — {title}"


class NewGameDialog(QDialog):
    def __init__(
        self, rules: Rules[Any], parent: QWidget | None = None, seats: dict[str, str | None] | None = None
    ) -> None:
        """``seats``: the choices to start from (by side: None for a person, else the computer
        player's name), as the last game of this game had them."""
        super().__init__(parent)
        self.rules = rules
        self._wanted = dict(seats or {})
        self.setWindowTitle(f"New game of {rules.title}")
        form = QFormLayout(self)
        self.scenario = QComboBox(self)
        for s in rules.scenarios:
            self.scenario.addItem(s.title, s.name)
        if len(rules.scenarios) > 1:
            form.addRow("Scenario", self.scenario)
        else:
            self.scenario.hide()  # one scenario: nothing to choose (and not left lying over the form)
        # Who sits at each side: a person, or the computer (which of its players, where it has several).
        self.seat_boxes: dict[str, QComboBox] = {}
        self.seat_note = QLabel("", self)
        self.seat_note.setWordWrap(True)
        if len(rules.sides) > 1:
            for side in rules.sides:
                box = QComboBox(self)
                box.setObjectName(f"seat-{side}")
                # Wide enough for every choice's title whole, whatever the scenario offers.
                box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
                box.setMinimumContentsLength(34)
                box.activated.connect(lambda _i, sd=side, b=box: self._chose(sd, b))
                form.addRow(f"{side_title(side)} side", box)
                self.seat_boxes[side] = box
            form.addRow(self.seat_note)
        else:
            self.seat_note.hide()  # one side: no seats to speak of (and not left lying over the form)
        self.choices: dict[str, QComboBox] = {}
        for option in rules.options:
            box = QComboBox(self)
            for value in option.choices:
                box.addItem(rules.option_label(option.name, value), value)
            box.setCurrentIndex(list(option.choices).index(option.default))
            box.setToolTip(option.rule)
            form.addRow(option.title, box)
            self.choices[option.name] = box
        self.seed = QLineEdit(self)
        self.seed.setPlaceholderText("random")
        self.seed.setToolTip("The same seed and choices give the same game: handy for a rematch.")
        form.addRow("Seed", self.seed)
        # Two players at one screen: passwords given here seal the game's very first autosave
        # (set later, the seed and the first orders would already have been on disk in the clear).
        self.form = form
        self.password_note = QLabel(
            "Hot-seat passwords (optional): with them the game's files open only to the players.", self
        )
        self.password_note.setWordWrap(True)
        form.addRow(self.password_note)
        self.passwords_: dict[str, QLineEdit] = {}
        for side in rules.sides:
            box = QLineEdit(self)
            box.setEchoMode(QLineEdit.EchoMode.Password)
            box.setPlaceholderText("none")
            form.addRow(f"{side_title(side)} password", box)
            self.passwords_[side] = box
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok: QPushButton = buttons.button(QDialogButtonBox.StandardButton.Ok)
        form.addRow(buttons)
        self.scenario.currentIndexChanged.connect(self._fill_seats)
        self._fill_seats()

    def _chosen_scenario(self) -> Scenario | None:
        name = self.scenario.currentData()
        return next((s for s in self.rules.scenarios if s.name == name), None)

    def _fill_seats(self) -> None:
        """The seat choices the scenario offers: a person where people may play the side, each of
        the computer's players offered there; the last choices kept where they still fit."""
        scenario = self._chosen_scenario()
        if scenario is None:
            return
        playable = self.rules.human_sides(scenario)
        for side, box in self.seat_boxes.items():
            box.blockSignals(True)
            box.clear()
            if side in playable:
                box.addItem(PERSON_TEXT, None)
                box.setItemData(0, "Someone at this screen plays this side.", Qt.ItemDataRole.ToolTipRole)
            # Every level the rules offer there, the usual one first (a new one shows by being listed).
            for player in self.rules.computer_players(scenario, side):
                box.addItem(computer_text(player.title), player.name)
                box.setItemData(box.count() - 1, player.about, Qt.ItemDataRole.ToolTipRole)
            wanted = box.findData(self._wanted[side]) if side in self._wanted else -1
            box.setCurrentIndex(max(0, wanted))
            box.setEnabled(box.count() > 1)
            box.setToolTip(box.currentData(Qt.ItemDataRole.ToolTipRole) or "")
            box.blockSignals(False)
        self._show_passwords()

    def _chose(self, side: str, box: QComboBox) -> None:
        self._wanted[side] = box.currentData()
        box.setToolTip(box.currentData(Qt.ItemDataRole.ToolTipRole) or "")
        self._show_passwords()

    def _humans(self) -> tuple[str, ...]:
        scenario = self._chosen_scenario()
        if scenario is None:
            return ()
        if not self.seat_boxes:
            return tuple(self.rules.human_sides(scenario))
        return tuple(side for side, box in self.seat_boxes.items() if box.count() and box.currentData() is None)

    def seats(self) -> dict[str, str | None]:
        """Who sits at each side (None: a person; else the computer player's name); empty for a
        game of one side."""
        return {side: box.currentData() for side, box in self.seat_boxes.items()}

    def _show_passwords(self) -> None:
        people = self._humans()
        two = len(people) > 1
        self.password_note.setVisible(two)
        for box in self.passwords_.values():
            self.form.setRowVisible(box, two)
        if self.seat_boxes:
            nobody = not people
            if nobody:
                note = "Seat a person at one side at least (the computer against itself is for 'simulate')."
            elif two:
                note = "Two people at one screen: the screen is blanked between them at every handover."
            elif len(people) == 1 and len(self.seat_boxes) > 1:
                you = side_title(people[0])
                note = f"You play the {you} side; the computer plays at the pace set in View › Computer's Pace."
                note = "\n".join([note, *self._computer_notes()])
            else:
                note = ""
            self.seat_note.setText(note)
            self.seat_note.setVisible(bool(note))
            self.ok.setEnabled(not nobody)
        if self.isVisible():  # rows hidden or shown: the dialog keeps no empty space where they were
            layout = self.layout()
            if layout is not None:
                layout.activate()
            self.resize(self.width(), self.sizeHint().height())

    def _computer_notes(self) -> list[str]:
        """What each computer player seated does, one line a side (its tooltip, seen without
        hovering: the levels differ in more than their names)."""
        scenario = self._chosen_scenario()
        if scenario is None:
            return []
        notes = []
        for side, box in self.seat_boxes.items():
            name = box.currentData()
            player = next((p for p in self.rules.computer_players(scenario, side) if p.name == name), None)
            if player is not None and player.about:
                notes.append(f"{side_title(side)} side — {player.title}: {player.about}")
        return notes

    def passwords(self) -> dict[str, str]:
        """The passwords typed for a two-player game, by side (none for a solitaire game)."""
        humans = self._humans()
        if len(humans) < 2:
            return {}
        return {side: box.text() for side, box in self.passwords_.items() if side in humans and box.text()}

    def scenario_name(self) -> str | None:
        return self.scenario.currentData()

    def seed_value(self) -> int | str | None:
        """The seed typed in (a number, or any phrase); None for a random game."""
        text = self.seed.text().strip()
        if not text:
            return None
        return int(text) if text.isdigit() else text

    def options(self) -> dict[str, Any]:
        return {name: box.currentData() for name, box in self.choices.items()}
