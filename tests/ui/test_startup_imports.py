"""Start-up (issue: opens in a blink): the first screen of a game imports that game's code and
nothing of the other games, no dialog not yet asked for, and none of the libraries kept for
later (hot-seat sealing, joining cells, reading YAML, property tests, OpenSSL), once the first start has
filled the user's cache. Each game opens in a fresh process, as the player starts the app."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from midway_desktop.games import GAME_IDS

ROOT = Path(__file__).resolve().parents[2]

# The window drawn as ``midway-desktop screenshot GAME`` draws it; then every module loaded.
FIRST_SCREEN = """
import sys
from midway_desktop.ui.screenshot import grab_window
for game in sys.argv[1:]:
    grab_window(game, 1600, 1000)
import PySide6.QtCore
import PySide6.QtGui
import PySide6.QtWidgets
# Loaded only when PySide6 has had to name a widget Qt made (as by a first ``viewport()``).
every_widget_class = "QLCDNumber" in vars(PySide6.QtWidgets)
# Qt classes PySide6 has made (with their Python enums) since the code first named them.
qt = (PySide6.QtCore, PySide6.QtGui, PySide6.QtWidgets)
named = [f"+named:{n}" for m in qt for n in vars(m) if n.startswith("Q")]
print(" ".join(sorted(sys.modules) + named) + (" +every-widget-class" if every_widget_class else ""))
"""

# Each game's own modules: its rules package (``games/<game>``) and its desktop package of the
# same name (``ui/games/<game>``), each standing for every module in it.
PACKAGE = {game: game.replace("-", "_") for game in GAME_IDS}
LATER = (
    "cryptography",
    "midway_desktop.engine.sealing",
    "shapely",
    "numpy",
    "yaml",
    "hypothesis",
    # The odds dock and its plot: made when the player first asks for the odds.
    "midway_desktop.engine.odds",
    "midway_desktop.ui.odds_dock",
    "midway_desktop.ui.odds_plot",
    # Stand-in counters, for a board whose game does not play here (none of the four).
    "midway_desktop.ui.placeholders",
    # OpenSSL, which ``hashlib``, ``hmac`` and ``secrets`` load: a start hashes with BLAKE2b
    # from CPython's own module and seeds a new game from ``os.urandom``.
    "_hashlib",
    "hmac",
    "secrets",
)
DIALOGS = ("midway_desktop.ui.new_game", "midway_desktop.ui.how_to_play")
# Qt classes named only when used: PySide6 builds a class's Python enums the first time it is
# named (QStyle alone: 45 M instructions), so the first screen leaves these unnamed.
# QGradient: named by PySide6 whenever it resolves a ``fillRect`` call (``ui/shapes.fill_rect``);
# its 170 presets are wanted only where map art is painted, which a start with kept tiles is not.
# QMimeData (a counter's first drag) and QStandardPaths (the first file opened or saved): named there.
QT_CLASSES_LATER = (
    "QStyle",
    "QMessageBox",
    "QFileDialog",
    "QInputDialog",
    "QEasingCurve",
    "QGradient",
    "QMimeData",
    "QStandardPaths",
)


def game_modules(game: str) -> tuple[str, ...]:
    return (
        f"midway_desktop.games.{PACKAGE[game]}",
        f"midway_desktop.ui.games.{PACKAGE[game]}",
    )


def loaded(modules: set[str], prefix: str) -> list[str]:
    return sorted(m for m in modules if m == prefix or m.startswith(prefix + "."))


def first_screen(games: list[str], cache: Path) -> set[str]:
    env = {**os.environ, "MIDWAY_CACHE_DIR": str(cache), "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run(
        [sys.executable, "-c", FIRST_SCREEN, *games],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return set(run.stdout.split())


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The user's cache after the first start of every game (outlines and rulesets kept)."""
    cache = tmp_path_factory.mktemp("cache")
    first_screen(list(GAME_IDS), cache)
    return cache


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_game_opens_without_the_other_games_dialogs_or_later_libraries(game: str, warm_cache: Path) -> None:
    modules = first_screen([game], warm_cache)
    assert "midway_desktop.ui.main_window" in modules  # the probe saw the window's modules
    assert loaded(modules, f"midway_desktop.games.{PACKAGE[game]}.rules"), "the game's rules ran"
    others = [m for other in GAME_IDS if other != game for p in game_modules(other) for m in loaded(modules, p)]
    assert others == [], f"{game} imported other games' modules"
    assert [m for m in LATER if loaded(modules, m)] == []
    assert [m for m in DIALOGS if m in modules] == []
    assert "+every-widget-class" not in modules, "PySide6 was asked to name a viewport Qt made"
    assert [c for c in QT_CLASSES_LATER if f"+named:{c}" in modules] == []
    if game == "cv":  # CV opens on a game (its set-up preview is shown on request only), no Battle yet
        assert "midway_desktop.ui.games.cv.setup" not in modules
        assert "midway_desktop.ui.games.cv.combat_board" not in modules
    if game == "midway-solitaire":  # no playback dock: its slider is named when one is made
        assert "+named:QSlider" not in modules
    if game == "victory-at-midway":  # VaM's "After the game" panel is made when the game is over
        assert "midway_desktop.ui.review_dock" not in modules


def test_the_probe_sees_a_second_game_opened_in_the_same_process(warm_cache: Path) -> None:
    """The check above can fail: a second game in the same process is seen as loaded."""
    modules = first_screen(["kido-butai", "midway-solitaire"], warm_cache)
    assert loaded(modules, "midway_desktop.games.kido_butai")
    assert loaded(modules, "midway_desktop.ui.games.midway_solitaire.widgets")
