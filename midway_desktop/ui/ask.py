"""Yes-or-no questions to the player."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


def ask(parent: QWidget, title: str, text: str, yes_by_default: bool = True) -> bool:
    """Ask a question with Yes and No buttons; True for yes."""
    from PySide6.QtWidgets import QMessageBox  # (named only when asked: see main_window)

    yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
    return QMessageBox.question(parent, title, text, yes | no, yes if yes_by_default else no) == yes
