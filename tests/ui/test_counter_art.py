"""The pictorial symbols: one drawn for every ship type and plane function the games use, each
a clean single-colour drawing tinted in a nation's ink; and every counter of every game, at the
smallest zoom its board allows in a small window, shows something whole (no blank square, no
print running off its face)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from midway_desktop.ruleset.locate import resources_root, rulesets_root
from midway_desktop.ui import symbols
from midway_desktop.ui.counters import ROOM, CounterFace, face_layout, face_pixmap
from midway_desktop.ui.games import desktop_games

from .test_counter_print import _width


def _ruleset(game: str, name: str) -> object:
    return yaml.safe_load((rulesets_root() / game / name).read_text(encoding="utf-8"))


def test_every_ship_type_and_plane_function_has_a_symbol() -> None:
    cv_ships = {s["type"] for s in _ruleset("cv", "ships.yaml")["classes"]}  # type: ignore[index]
    cv_planes = {p["function"] for p in _ruleset("cv", "planes.yaml")["planes"]}  # type: ignore[index]
    vam = _ruleset("victory-at-midway", "units.yaml")
    vam_ships = {p["type"] for p in vam["ship_profiles"].values()}  # type: ignore[index]
    assert {"CV", "CVL", "BB", "CA", "CL", "DD", "AP", "AV", "AS", "SS"} <= cv_ships | vam_ships
    for kind in cv_ships | vam_ships:
        assert symbols.exists(symbols.ship_symbol(kind)), f"ship type {kind} has no silhouette"
    vam_planes = {p["type"] for p in vam["aircraft_profiles"].values()}  # type: ignore[index]
    assert vam_planes <= set("FDTHP")
    for function in cv_planes | vam_planes:
        assert symbols.exists(symbols.plane_symbol(function)), f"plane function {function} has no silhouette"
    for name in symbols.SQUADRON_SYMBOLS.values():
        assert symbols.exists(name)
    for name in symbols.FORCE_SYMBOLS.values():
        assert symbols.exists(name)


def test_every_drawing_is_named_and_every_name_drawn() -> None:
    drawn = {p.stem for p in Path(resources_root(), "symbols").glob("*.svg")}
    assert drawn == set(symbols.SYMBOLS)
    for name in drawn:
        text = Path(resources_root(), "symbols", f"{name}.svg").read_text(encoding="utf-8")
        assert "<title>" in text and "<image" not in text and "href" not in text  # drawn here, nothing embedded


@pytest.mark.parametrize("name", sorted(symbols.SYMBOLS))
def test_a_symbol_is_drawn_in_the_ink_it_is_given(qtbot, name: str) -> None:  # type: ignore[no-untyped-def]
    img = QImage(64, 64, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    ink = QColor("#b03024")
    box = symbols.fitted(name, QRectF(0, 0, 64, 64))
    assert symbols.draw_symbol(p, name, box, ink)
    p.end()
    covered = [img.pixelColor(x, y) for x in range(64) for y in range(64) if img.pixelColor(x, y).alpha() > 200]
    assert len(covered) > box.width() * box.height() * 0.12, f"{name} is too faint to read"
    off = max(max(abs(c.red() - ink.red()), abs(c.green() - ink.green()), abs(c.blue() - ink.blue())) for c in covered)
    assert off <= 4, f"{name} is not drawn in the ink alone"  # (rounding at partly covered edges)


def _ink_pixels(face: CounterFace, px: int, dpr: float) -> int:
    """Pixels of the face's interior that are not its fill: its symbol and print."""
    img = face_pixmap(face, px, dpr).toImage()
    fill = face.colours()[0]
    fill = fill.lighter(125) if face.reduced else fill
    inset = round(px * 0.12)
    n = 0
    for x in range(inset, px - inset):
        for y in range(inset, px - inset):
            c = img.pixelColor(x, y)
            if max(abs(c.red() - fill.red()), abs(c.green() - fill.green()), abs(c.blue() - fill.blue())) > 60:
                n += 1
    return n


def _check_whole(face: CounterFace, px: int, dpr: float) -> None:
    where = f"{face.title} ({face.side}) at {px} device px, {dpr:g}x"
    layout = face_layout(face, px, dpr)
    assert layout.symbol is not None or layout.lines, f"{where}: nothing printed"
    if layout.symbol is not None:
        s = layout.symbol
        assert s.left() >= px * 0.05 and s.right() <= px * 0.95, f"{where}: the symbol runs off the face"
        assert s.top() >= px * 0.02 and s.bottom() <= px * 0.98, f"{where}: the symbol runs off the face"
    for line in layout.lines:
        assert _width(line.text, line.size, line.bold) <= px * ROOM, f"{where}: {line.text!r} is cut"
        assert line.rect.top() >= 0 and line.rect.bottom() <= px + 0.01, f"{where}: {line.text!r} is cut"
    assert _ink_pixels(face, px, dpr) >= max(4, px * px * 0.04), f"{where}: a blank square"


def _window(qtbot, game: str):  # type: ignore[no-untyped-def]
    from tests.ui.helpers import open_window

    w = open_window(qtbot, game, size=(1024, 700))
    QApplication.processEvents()
    w.resize(1024, 700)  # again once shown (see ui.screenshot)
    if w.curtain.down:
        w.curtain.lift()
    QApplication.processEvents()
    return w


def _check_board(w, checked: set[tuple[CounterFace, int, float]]) -> int:  # type: ignore[no-untyped-def]
    """Every counter now on the board, zoomed out as far as it goes: whole as drawn, and its
    top counter of each place showing its print there. How many counters were judged."""
    view = w.view
    view.set_zoom(0.0001)  # as far out as the board allows
    QApplication.processEvents()
    zoom = view.zoom()
    assert zoom == pytest.approx(view.min_zoom())
    counters = list(w.scene.counters.values())
    for item in counters:
        for dpr in (1.0, 2.0):
            px = round(item.size * zoom * dpr)
            assert px >= 8 * dpr * 0.99 or zoom == pytest.approx(view._fit_zoom()), f"{item.piece}: {px} px"
            if (item.face, px, dpr) not in checked:
                _check_whole(item.face, max(8, px), dpr)
                checked.add((item.face, px, dpr))
    shot = view.viewport().grab().toImage()
    tops: dict[str, object] = {}
    for item in counters:
        if item.label not in tops or item.zValue() > tops[item.label].zValue():  # type: ignore[attr-defined]
            tops[item.label] = item
    for item in tops.values():
        centre = view.mapFromScene(item.pos())  # type: ignore[attr-defined]
        # The counter as drawn: a preview may scale its counters up to stay legible.
        half = max(2, round(item.size * item.scale() * zoom * 0.3))  # type: ignore[attr-defined]
        colours = {
            shot.pixel(x, y)
            for x in range(centre.x() - half, centre.x() + half)
            for y in range(centre.y() - half, centre.y() + half)
            if 0 <= x < shot.width() and 0 <= y < shot.height()
        }
        assert len(colours) > 3, f"{item.piece} shows a blank square on the board"  # type: ignore[attr-defined]
    return len(counters)


@pytest.mark.parametrize("game", [*desktop_games(), "cv"])
def test_every_counter_at_the_smallest_zoom_is_whole(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    """At set-up and on through a game played by the bots (markers come and go: searches,
    sightings, strikes, battles, turned squadrons)."""
    from tests.ui.helpers import play_by_bots

    w = _window(qtbot, game)
    checked: set[tuple[CounterFace, int, float]] = set()
    assert _check_board(w, checked)
    if game in desktop_games():
        for _ in range(4):
            if not play_by_bots(w, 15):
                break
            _check_board(w, checked)
    assert checked


def test_every_symbol_is_named_in_words() -> None:
    assert set(symbols.SYMBOL_NAMES) == set(symbols.SYMBOLS)


def test_a_hover_shows_the_whole_counter_large_with_its_description(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QLabel

    from tests.ui.helpers import open_window

    w = open_window(qtbot, "kido-butai")
    QApplication.processEvents()
    item = next(i for i in w.scene.counters.values() if i.face.title == "Val")
    plain = item.toolTip()
    assert "<img" not in plain and "dive bomber" in plain and "in Akagi" in plain
    pos = w.view.mapFromScene(item.pos())
    QTest.mouseMove(w.view.viewport(), pos)
    QTest.mouseMove(w.view.viewport(), pos + QPoint(1, 1))
    QApplication.processEvents()
    tip = item.toolTip()
    assert tip.count("<img") == 1 and "in Akagi" in tip
    shown = QLabel()
    qtbot.addWidget(shown)
    shown.setText(tip)
    size = shown.sizeHint()
    assert size.width() >= 132 and size.height() >= 132  # the counter drawn large, beside its words


def test_cv_units_print_their_factors(qtbot) -> None:  # type: ignore[no-untyped-def]
    """CV's desktop comes later; its faces are ready: every ship class and plane type of the
    ruleset gets its silhouette, and its factors are printed wherever a face has room."""
    from midway_desktop.games.cv.data import load_data
    from midway_desktop.ui.games.cv.faces import plane_face, ship_face

    data = load_data()
    faces = [ship_face(s) for s in data.ships.ships] + [plane_face(p, 12) for p in data.planes]
    yorktown = next(s for s in data.ships.ships if s.title == "Yorktown")
    c = yorktown.ship_class
    assert ship_face(yorktown) == CounterFace(
        "us", "Yorktown", "CV", f"{c.aa}-{c.gunnery}-{c.torpedo}-{c.movement}", symbol="cv"
    )
    for face in faces:
        assert symbols.exists(face.symbol), face
        for px in (12, 16, 24, 36):
            _check_whole(face, px, 1.0)
        assert face.values in [line.text for line in face_layout(face, 60).lines], f"{face.title}: no factors"


def test_symbols_need_no_qt_module_the_packaged_app_leaves_out() -> None:
    """The frozen app ships QtCore, QtGui and QtWidgets only (packaging/midway-desktop.spec):
    the symbols are drawn through Qt's SVG image plugin, never the QtSvg module."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from midway_desktop.ui.app import ensure_app\n"
        "ensure_app()\n"
        "from midway_desktop.ui.counters import CounterFace, face_pixmap\n"
        "face_pixmap(CounterFace('us', 'Yorktown', 'CV', '4-2', symbol='cv'), 64)\n"
        "print(sorted(m for m in sys.modules if m.startswith('PySide6.Qt')))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['PySide6.QtCore', 'PySide6.QtGui', 'PySide6.QtWidgets']"
