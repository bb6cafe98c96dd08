"""Start the Qt application."""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QGuiApplication, QIcon, QPixmapCache
from PySide6.QtWidgets import QApplication

from midway_desktop import __version__, startup
from midway_desktop.ruleset.errors import RulesetError
from midway_desktop.ruleset.locate import resources_root

# Harmless on platforms without native windows (offscreen screenshots); not worth a line.
_QUIET = (
    "This plugin does not support propagateSizeHints",
    "This plugin does not support raise",
    "This plugin does not support grabbing the keyboard",
)


def _messages(kind: QtMsgType, context: object, text: str) -> None:
    if any(text.startswith(q) for q in _QUIET):
        return
    if kind != QtMsgType.QtDebugMsg:
        print(text, file=sys.stderr)


# Qt's own default (KB): what the small pictures (counters, icons) need besides the big ones.
QT_DEFAULT_CACHE_KB = 10 * 1024
# Full-screen pictures the cache must hold at once: the drag highlight over the board, and the
# board's counters, which together cover at most about one screen.
SCREENFULS = 2


def cache_limit_kb(screens: list[tuple[int, int, float]]) -> int:
    """The pixmap cache limit (KB) for screens of (width, height, device pixel ratio): room for
    ``SCREENFULS`` pictures as large as the largest screen at its ratio, besides Qt's default
    (issue 40: a drag highlight larger than the cache is drawn again at every mouse move)."""
    biggest = max((round(w * r) * round(h * r) * 4 for w, h, r in screens), default=0)
    return QT_DEFAULT_CACHE_KB + SCREENFULS * -(-biggest // 1024)


def size_pixmap_cache() -> int:
    """Set the pixmap cache limit from the screens attached now (and again when one is added):
    the limit set, in KB."""
    screens = [(s.size().width(), s.size().height(), s.devicePixelRatio()) for s in QGuiApplication.screens()]
    limit = max(cache_limit_kb(screens), QPixmapCache.cacheLimit())  # (never below one set before)
    QPixmapCache.setCacheLimit(limit)
    return limit


def ensure_app(argv: list[str] | None = None) -> QApplication:
    """The running QApplication, created with the app's names and HiDPI policy if needed."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    QCoreApplication.setOrganizationName("Midway Desktop")
    QCoreApplication.setApplicationName("Midway Desktop")
    QCoreApplication.setApplicationVersion(__version__)
    # Matches the installed midway-desktop.desktop: the window gets its menu entry's icon and name.
    QGuiApplication.setDesktopFileName("midway-desktop")
    # Fractional scale factors (150 %) stay fractional: sharp art on HiDPI screens.
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    qInstallMessageHandler(_messages)
    app = QApplication(argv if argv is not None else sys.argv[:1])
    size_pixmap_cache()
    app.screenAdded.connect(lambda _screen: size_pixmap_cache())
    icon = resources_root() / "icons" / "midway-desktop.svg"
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def run_app(game: str | None = None) -> int:
    app = ensure_app()
    from PySide6.QtCore import QTimer

    from midway_desktop.ui.main_window import fit_to_screen

    window, problem = open_window(game)
    window.show()
    fit_to_screen(window)
    if problem is not None:
        _tell(window, problem)
    QTimer.singleShot(0, startup.window_up)
    return app.exec()


def open_window(game: str | None) -> tuple[Any, RulesetError | None]:
    """The main window on ``game`` (None: the last played); if its ruleset is refused, on the
    first other game whose ruleset is sound, with the refusal (one line) to tell. Every game
    refused: the first refusal is raised (the command line prints it)."""
    from midway_desktop.games import GAME_IDS
    from midway_desktop.ui.main_window import MainWindow

    first: RulesetError | None = None
    for candidate in dict.fromkeys((game, *GAME_IDS)):
        try:
            window = MainWindow(candidate)
        except RulesetError as exc:
            print(exc, file=sys.stderr)
            first = first or exc
            continue
        return window, first
    assert first is not None
    raise first


def _tell(window: Any, problem: RulesetError) -> None:
    """Say why the window opened on another game: on its status bar and in a box."""
    from PySide6.QtWidgets import QMessageBox

    text = f"A ruleset could not be read, so another game is open: {problem}"
    window.statusBar().showMessage(text)
    box = QMessageBox(QMessageBox.Icon.Warning, "Ruleset refused", text, QMessageBox.StandardButton.Ok, window)
    box.setObjectName("ruleset-refused")
    box.open()
