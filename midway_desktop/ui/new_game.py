"""The new-game dialog: scenario, optional rules and a seed, built from the game's own options."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QWidget

from midway_desktop.engine import Rules


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
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

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
