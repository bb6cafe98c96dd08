"""The new-game dialog: scenario, optional rules and a seed, built from the game's own options."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from midway_desktop.engine import Rules
from midway_desktop.games import side_title


class NewGameDialog(QDialog):
    def __init__(self, rules: Rules[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.setWindowTitle(f"New game of {rules.title}")
        form = QFormLayout(self)
        self.scenario = QComboBox(self)
        for s in rules.scenarios:
            self.scenario.addItem(s.title, s.name)
        if len(rules.scenarios) > 1:
            form.addRow("Scenario", self.scenario)
        else:
            self.scenario.hide()  # one scenario: nothing to choose (and not left lying over the form)
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
        self.scenario.currentIndexChanged.connect(self._show_passwords)
        self._show_passwords()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _humans(self) -> tuple[str, ...]:
        name = self.scenario.currentData()
        scenario = next((s for s in self.rules.scenarios if s.name == name), None)
        return tuple(self.rules.human_sides(scenario)) if scenario is not None else ()

    def _show_passwords(self) -> None:
        two = len(self._humans()) > 1
        self.password_note.setVisible(two)
        for box in self.passwords_.values():
            self.form.setRowVisible(box, two)

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
