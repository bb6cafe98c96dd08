"""A hot-seat game sealed with passwords writes nothing of a side where the other player can read
it: every file the app writes in the player's profile and cache (the settings file, the autosave,
its backup and lock, unfinished/, the kept map tiles) is walked after every handover. Each side's
dock arrangement, map zoom and centre stay in memory, or inside the sealed record; what an
unsealed start or an older build kept in the settings goes as the sealed game opens, and what
this game kept before its passwords were set goes as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QApplication, QInputDialog

from midway_desktop.engine import autosaves, records
from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.ruleset import cache
from midway_desktop.ui.main_window import MainWindow
from midway_desktop.ui.tile_store import TileStore

# The cache's entries other than tiles: each worked out of a ruleset's files alone, keyed by them.
RULESET_KINDS = frozenset({"board", "outlines", "yaml", "cv-data", "vam-units", "cv-set-up"})
SEED = 918273645  # distinctive: found in no file once the game is sealed
GAMES = {
    "cv": {"american": "midway", "japanese": "kido butai"},
    "victory-at-midway": {"us": "midway", "japan": "kido butai"},
}


@pytest.fixture
def profile(fresh_profile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:  # type: ignore[no-untyped-def]
    """The player's cache of its own, walked as the settings and the data folder are."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switched back to, the window offers the sealed game again: resumed, with its passwords."""
    monkeypatch.setattr(MainWindow, "_ask_resume", lambda self, path: True)
    monkeypatch.setattr(MainWindow, "_ask_password", lambda self, side, game: GAMES[game][side])


@pytest.fixture
def stores(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Path, bool]]:
    """Every map tile kept, and whether the map showed the whole board fitted as it was."""
    kept: list[tuple[Path, bool]] = []
    real = TileStore.store

    def store(self: TileStore, image, scale: float, tx: int, ty: int, dpr: float) -> None:  # type: ignore[no-untyped-def]
        shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        assert len(shown) == 1
        kept.append((self._path(scale, tx, ty, dpr), shown[0].view._fitted))
        real(self, image, scale, tx, ty, dpr)

    monkeypatch.setattr(TileStore, "store", store)
    return kept


def _seed_old_side_keys(game: str) -> None:
    """What an unsealed start of the game (or an older build in a sealed one) kept of each side."""
    settings = QSettings()
    for side in GAMES[game]:
        settings.setValue(f"window/state/{game}/{side}", QByteArray(b"layout of " + side.encode()))
        settings.setValue(f"window/state/{game}/map-{side}", "0.5 1234.0 567.0")
    settings.sync()


def _side_keys(game: str) -> list[str]:
    """Keys of the settings file that name a side of ``game``, or hold a side's arrangement."""
    settings = QSettings()
    settings.sync()
    sides = GAMES[game]
    return [
        key
        for key in settings.allKeys()
        if key.startswith(f"window/state/{game}/") or "map-" in key or any(s in key.split("/") for s in sides)
    ]


def _tiles(folder: Path) -> set[Path]:
    return set(folder.rglob("*.argb")) if folder.is_dir() else set()


def assert_nothing_of_a_side(game: str, cache_dir: Path, tiles_before: set[Path], stores, window_state) -> None:  # type: ignore[no-untyped-def]
    """The walk: the settings, the data folder and the cache, as the other player could read them."""
    assert _side_keys(game) == [], "a side's arrangement is in the settings file"
    assert QSettings().value(f"window/state/{game}") == window_state, "the window's layout of a side was kept"
    text = Path(QSettings().fileName()).read_bytes()
    assert b"map-" not in text
    for path in sorted(p for p in autosaves.data_dir().rglob("*") if p.is_file()):
        raw = path.read_bytes()
        assert str(SEED).encode() not in raw, path
        if path.suffix != ".lock" and records.envelope_of(raw, path) is None:  # (a lock: a process id)
            assert records.read(path)["seed"] != SEED, f"{path} is not sealed"  # (another game's)
    new = _tiles(cache_dir) - tiles_before
    fitted = {path for path, whole in stores if whole}
    assert new <= fitted, f"{len(new - fitted)} map tiles of a side's own look kept in the cache"
    for path in cache_dir.rglob("*"):  # the rest of the cache: what is worked out of the rulesets
        if path.is_file() and path.suffix != ".argb":
            entry = json.loads(path.read_bytes())
            assert entry["cache"] == cache.MAGIC and entry["kind"] in RULESET_KINDS, path


def _lift(w: MainWindow) -> str:
    side = w.curtain.side
    w.curtain.password.setText(GAMES[w.game_id].get(side, ""))
    w.curtain.button.click()
    QApplication.processEvents()
    assert not w.curtain.down and w.controller.viewer == side
    for _ in range(2):  # the map drawn, and again: a look's tiles are kept as they are drawn twice
        w.view.viewport().grab()
    return side


def _play(w: MainWindow, steps: int, each_handover=None) -> tuple[int, set[str]]:  # type: ignore[no-untyped-def]
    """Both sides' orders from the computer's players, each given only at its own screen;
    ``each_handover`` is called as every curtain lifts. The handovers made and the sides seen."""
    c = w.controller
    session = c.session
    bots = default_bots(w.game_id)(session.rules)
    luck = Rng(7)
    lifts, sides = 0, set()
    for _ in range(steps):
        if session.outcome() is not None:
            break
        playback = getattr(w.presenter, "playback", None)
        if playback is not None:
            playback.skip()
        if w.curtain.down:
            sides.add(_lift(w))
            lifts += 1
            if each_handover is not None:
                each_handover()
        side = c.viewer
        assert side in session.to_act()
        action = bots[side].choose(session, side, session.legal_actions(side), luck)
        assert c.submit(action), action.describe()
        QApplication.processEvents()
    return lifts, sides


def _window(qtbot, game: str) -> MainWindow:  # type: ignore[no-untyped-def]
    w = MainWindow(game, persist=True)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    QApplication.processEvents()
    return w


def _start(w: MainWindow, passwords: dict[str, str] | None) -> None:
    scenario = "short" if w.game_id == "cv" else None
    w.start_new({}, SEED, scenario, passwords=passwords)
    QApplication.processEvents()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_sealed_from_its_start_writes_nothing_of_a_side(qtbot, profile, stores, game) -> None:  # type: ignore[no-untyped-def]
    _seed_old_side_keys(game)
    w = _window(qtbot, game)
    window_state = QSettings().value(f"window/state/{game}")
    tiles_before = _tiles(profile)
    _start(w, dict(GAMES[game]))
    assert w.controller.seal is not None and not w.keeps_sides()
    assert _side_keys(game) == []  # what was kept of each side before goes as the sealed game opens

    def walk() -> None:
        w.controller.flush_saves()  # (no autosave half-written by the worker while the folder is read)
        assert_nothing_of_a_side(game, profile, tiles_before, stores, window_state)
        assert not w.view.keep_tiles

    walk()
    lifts, sides = _play(w, 80, walk)
    assert lifts >= 6 and sides == set(GAMES[game])
    if game == "cv":  # each side had its own look at its forces, zoomed in: kept in memory only
        assert set(w.presenter._map_views) == set(GAMES[game])
    # Switching away, and closing, keep nothing of the side at the screen either.
    steps = len(w.controller.session.history)
    w.switch_game("midway-solitaire")
    walk()
    w.switch_game(game)
    assert w.controller.seal is not None and len(w.controller.session.history) == steps  # resumed
    _play(w, 10, walk)
    w.close()
    walk()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_passwords_set_mid_game_take_back_what_each_side_had_kept(qtbot, profile, stores, game, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Unsealed, the game keeps each side's arrangement (and CV its first looks' tiles) as any
    game does; the passwords set, all of it goes, and nothing more of a side is written."""
    w = _window(qtbot, game)
    tiles_before = _tiles(profile)
    _start(w, None)
    looks: list[bool] = []  # whether the map's tiles are kept between runs as each curtain lifts
    _play(w, 30, lambda: looks.append(w.view.keep_tiles))
    assert any(k.startswith(f"window/state/{game}/") for k in _side_keys(game))  # kept, unsealed
    if game == "cv":
        assert any(looks), "a side's first look was not kept between runs: the walk below proves nothing"
    answers = iter([(GAMES[game][side], True) for side in w.controller.session.humans])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: next(answers))
    w._set_passwords()
    assert w.controller.seal is not None and not w.keeps_sides()
    assert _side_keys(game) == []
    assert _tiles(profile) == set()  # every kept tile of the board: some were of a side's look
    window_state = QSettings().value(f"window/state/{game}")
    stores.clear()

    def walk() -> None:
        w.controller.flush_saves()  # (no autosave half-written by the worker while the folder is read)
        assert_nothing_of_a_side(game, profile, set(), stores, window_state)
        assert not w.view.keep_tiles

    walk()
    lifts, _sides = _play(w, 60, walk)
    assert lifts >= 4
    w.close()
    walk()
    assert _tiles(profile) <= tiles_before | {path for path, whole in stores if whole}
