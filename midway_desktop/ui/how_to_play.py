"""Help › How to Play: each game's turn in a few steps, its gestures and keys, and what the
colours and markers mean, written for this app (``resources/help/<game>.html``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QListWidget, QTextBrowser, QVBoxLayout, QWidget

from midway_desktop.games import GAMES
from midway_desktop.ruleset.locate import resources_root


def _cv_sections() -> dict[str, str]:
    from midway_desktop.ui.games.cv.steps import help_sections

    return help_sections()


# Parts of a game's page made from its rules (a ``<!-- name -->`` mark in the page stands for
# each): what the rules play is then what the page says, whatever is added to them later.
MADE_FROM_RULES: dict[str, Callable[[], dict[str, str]]] = {"cv": _cv_sections}


def help_text(game_id: str) -> str:
    """The game's page, with the parts made from its rules filled in, or a one-line note when
    the file is missing (a broken install)."""
    path = resources_root() / "help" / f"{game_id}.html"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return f"<p>The help page for this game is missing from the installation ({path.name}).</p>"
    made = MADE_FROM_RULES.get(game_id)
    for name, part in (made() if made is not None else {}).items():
        text = text.replace(f"<!-- {name} -->", part)
    return text


class HowToPlay(QDialog):
    """The games on the left, the chosen game's page on the right; opens on ``game_id``."""

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("How to Play")
        self.games = QListWidget(self)
        self.games.setMaximumWidth(200)
        for info in GAMES:
            self.games.addItem(info.title)
            self.games.item(self.games.count() - 1).setData(Qt.ItemDataRole.UserRole, info.id)
        self.page = QTextBrowser(self)
        self.page.setOpenExternalLinks(False)
        self.games.currentRowChanged.connect(self._show)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.games)
        row.addWidget(self.page, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row, 1)
        layout.addWidget(buttons)
        self.resize(820, 640)
        ids = [g.id for g in GAMES]
        self.games.setCurrentRow(ids.index(game_id) if game_id in ids else 0)

    def game_shown(self) -> str:
        item = self.games.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def _show(self, row: int) -> None:
        if row >= 0:
            self.page.setHtml(help_text(str(self.games.item(row).data(Qt.ItemDataRole.UserRole))))
