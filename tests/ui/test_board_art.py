"""The boards drawn with the care of the printed maps (issue: counters and boards): coordinates
that read at every zoom the board allows and never run into each other, names of islands,
objectives, boxes and tracks that no coordinate and no counter ever covers, coasts, atolls and
reefs drawn as such, and the high-contrast scheme reaching the sea and the land."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from midway_desktop.geometry import load_board
from midway_desktop.ui import palette as pal
from midway_desktop.ui.board_view import MAX_ZOOM, MIN_COUNTER_PX
from midway_desktop.ui.map_art import MIN_LABEL_PX, MapArt, counter_size

from .helpers import open_window

GRIDS = ["victory-at-midway", "cv", "midway-solitaire"]
SIZES = [(1024, 700), (1400, 900), (1920, 1080)]
LEGIBLE = MIN_LABEL_PX - 0.5  # a font's pixel size is whole: rounding may take off half a pixel


@pytest.fixture(scope="module")
def arts(qapp) -> dict[str, MapArt]:  # type: ignore[no-untyped-def]
    return {game: MapArt(load_board(game)) for game in GRIDS}


def _scales(art: MapArt) -> list[float]:
    """Zooms from the least any window allows (counters ``MIN_COUNTER_PX`` wide, or the whole
    CV chart in a small window) to the most, in small steps."""
    least = min(MIN_COUNTER_PX / counter_size(art.board.kind), 0.07)
    out, z = [], least
    while z < MAX_ZOOM:
        out.append(z)
        z *= 1.19
    return [*out, MAX_ZOOM]


def _footprint(art: MapArt, label: str) -> QRectF:
    half = counter_size(art.board.kind) / 2
    c = art.cells[label].centre
    return QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half)


def _overlaps(rects: list[tuple[str, QRectF]]) -> list[tuple[str, str]]:
    """Pairs of boxes that overlap (more than touching), by a sweep along x."""
    ordered = sorted(rects, key=lambda r: r[1].left())
    found = []
    for i, (a, ra) in enumerate(ordered):
        for b, rb in ordered[i + 1 :]:
            if rb.left() >= ra.right() - 1e-6:
                break
            if ra.intersected(rb).width() > 1e-6 and ra.intersected(rb).height() > 1e-6:
                found.append((a, b))
    return found


@pytest.mark.parametrize("game", GRIDS)
def test_coordinates_read_at_every_zoom_and_never_overlap(arts, game: str) -> None:  # type: ignore[no-untyped-def]
    art = arts[game]
    full_at = None
    for scale in _scales(art):
        px, labels = art.coordinate_labels(scale)
        assert labels, f"no coordinates at all at zoom {scale:.3f}"
        assert round(px) * scale >= LEGIBLE, f"coordinates {round(px) * scale:.1f} px at zoom {scale:.3f}"
        assert not _overlaps(labels), f"coordinates overlap at zoom {scale:.3f}: {_overlaps(labels)[:3]}"
        _, step = art.label_step(scale)
        if step == 1 and full_at is None:
            full_at = scale
        if step == 1:
            # Every cell keeps its coordinate (moved to its foot when a caption stands on its
            # top) but for the odd one under a long caption's top and foot alike.
            assert len(labels) >= len(art.cells) - len(art.captions(scale)), f"zoom {scale:.3f}"
        else:  # planned thinning: whole columns and rows at a time, evenly
            cols = {art.board.cell(lb).col for lb, _ in labels}
            assert all(c % step == 0 for c in cols)
    assert full_at is not None and full_at <= 1.0, "every coordinate is printed by 100 % zoom"


@pytest.mark.parametrize("game", GRIDS)
def test_captions_stand_clear_of_counters_coordinates_and_each_other(arts, game: str) -> None:  # type: ignore[no-untyped-def]
    art = arts[game]
    named = {r.name for r in art.board.regions() if r.kind in ("island", "objective")}
    shown_at_full = set()
    for scale in _scales(art):
        captions = art.captions(scale)
        _, labels = art.coordinate_labels(scale)
        for caption in captions:
            where = f"{caption.name} at zoom {scale:.3f}"
            assert caption.font().pixelSize() * scale >= LEGIBLE, f"{where}: too small to read"
            assert art.scene_rect.contains(caption.rect), f"{where}: off the chart"
            # No counter in any cell it reaches, its own included, covers it.
            for s in art.cells_in(caption.rect.adjusted(-2 * 40, -2 * 40, 2 * 40, 2 * 40)):
                assert not caption.rect.intersects(_footprint(art, s.label)), f"{where}: under a counter in {s.label}"
            for label, box in labels:
                assert not caption.rect.intersects(box), f"{where}: covers the coordinate {label}"
        assert not _overlaps([(c.name, c.rect) for c in captions]), f"captions overlap at zoom {scale:.3f}"
        if scale >= 1.0:
            shown_at_full |= {c.name for c in captions}
    assert shown_at_full == named, f"not every name is printed close up: {named - shown_at_full}"


def test_midway_island_leaves_the_square_below_its_coordinate(arts) -> None:  # type: ignore[no-untyped-def]
    """The defect this was written for: on the Search Board "Midway Island" covered "L6"."""
    art = arts["midway-solitaire"]
    for scale in (0.75, 0.85, 1.0, 1.15, 1.6, 2.5):
        box, _font = art.caption_box("midway", scale) or (None, None)
        assert box is not None, f"Midway Island is not printed at {scale}"
        _, labels = art.coordinate_labels(scale)
        l6 = dict(labels).get("L6")
        assert l6 is not None and not l6.intersects(box), f"L6 at {scale}: {l6} under {box}"
        assert art.cells["L6"].bbox.contains(l6), "L6's coordinate stays in its own square"


def _window_scale(qtbot, game: str, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    w = open_window(qtbot, game, size=size)
    QApplication.processEvents()
    w.resize(*size)  # again once shown (see ui.screenshot)
    if w.curtain.down:
        w.curtain.lift()
    QApplication.processEvents()
    w.view.fit()
    QApplication.processEvents()
    return w


def _faces(w, cells: dict[str, int] | None = None) -> list[tuple[str, QRectF]]:  # type: ignore[no-untyped-def]
    """Each counter's face as drawn (its item's bounds add a margin for the selection edge),
    leaving out those fanned past the first ``cells[label]`` of a cell's stack, and stacks of
    three or more anywhere: they spread past any caption's room."""
    items = list(w.scene.counters.values())
    stacks: dict[str, list] = {}
    for item in items:
        stacks.setdefault(item.label, []).append(item)
    out = []
    for label, stack in stacks.items():
        keep = (cells or {}).get(label, 2)
        if len(stack) > keep:
            continue
        for item in stack:
            half = item.size / 2
            out.append((item.piece, QRectF(item.pos().x() - half, item.pos().y() - half, 2 * half, 2 * half)))
    return out


def _check_counters(w) -> int:  # type: ignore[no-untyped-def]
    """No caption or box title under any counter now on the board, at the window's zoom and
    as far in as it goes. How many counters were checked."""
    art = w.scene.art
    faces = _faces(w)
    for scale in (w.view.zoom(), MAX_ZOOM):
        if art.board.kind == "boxes":
            titles = [(lb, found[0]) for lb in art.board if (found := art.box_title(lb)) is not None]
        else:
            captions = art.captions(scale)
            titles = [(c.name, c.rect) for c in captions]
            faces = _faces(w, {c.cell: c.clears for c in captions})
        for name, rect in titles:
            hit = [piece for piece, r in faces if r.intersects(rect)]
            assert not hit, f"{name}'s title lies under {hit} at zoom {scale:.3f}"
    return len(faces)


@pytest.mark.parametrize(("game", "size"), list(itertools.product([*GRIDS, "kido-butai"], SIZES)))
def test_every_board_in_every_window_size(qtbot, game: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The fitted chart: coordinates read, captions clear of coordinates and of the counters
    set up on it; through a game played by the bots for the games that are played."""
    from tests.ui.helpers import play_by_bots

    w = _window_scale(qtbot, game, size)
    art = w.scene.art
    scale = w.view.zoom()
    if art.board.kind != "boxes":
        px, labels = art.coordinate_labels(scale)
        assert labels and round(px) * scale >= LEGIBLE
        assert not _overlaps(labels)
        for caption in art.captions(scale):
            assert not any(caption.rect.intersects(box) for _, box in labels)
    if game == "cv":  # the set-up preview draws counters larger as it zooms out: see test_cv_setup
        return
    checked = _check_counters(w)
    if size == SIZES[0]:
        for _ in range(3):
            if not play_by_bots(w, 20):
                break
            checked += _check_counters(w)
    assert checked


def test_box_titles_stay_clear_of_any_number_of_counters(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Kido Butai's display with counters in every box, one to a crowd: every box's and every
    track's title stays in sight, and a track's figures clear of the boxes round them."""
    from midway_desktop.ui.board_scene import BoardScene
    from midway_desktop.ui.counters import CounterFace

    board = load_board("kido-butai")
    scene = BoardScene(board)
    art = scene.art
    for count in (1, 4, 9, 16):
        scene.clear_counters()
        for label in board:
            for i in range(count):
                face = CounterFace("japan", f"{label[:3]}{i}", "Squadron", "", symbol="fighter")
                scene.add_counter(f"{label}-{i}", face, label)
        counters = [(item.piece, item.sceneBoundingRect()) for item in scene.counters.values()]
        for label in board:
            found = art.box_title(label)
            assert found is not None, label
            rect, font = found
            assert font.pixelSize() >= 8, f"{label}'s title too small"
            for piece, r in counters:
                assert not r.intersects(rect), f"{count} a box: {piece} covers the title of {label}"
            if board.title_outside(label):
                for other in board:
                    assert not art.cells[other].polygon.boundingRect().intersects(rect), (
                        f"the track figure {label} runs into {other}"
                    )
            else:
                assert art.cells[label].polygon.boundingRect().contains(rect), f"{label}'s title leaves its box"


def _render(art: MapArt, centre: QPointF, scale: float = 3.0, size: int = 160) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(QColor(255, 0, 255))
    p = QPainter(image)
    p.translate(size / 2, size / 2)
    p.scale(scale, scale)
    p.translate(-centre)
    rect = QRectF(centre.x() - size / 2 / scale, centre.y() - size / 2 / scale, size / scale, size / scale)
    p.setClipRect(rect)
    art.paint(p, rect, scale)
    p.end()
    return image


def _near(c: QColor, want: QColor, tol: int = 14) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c.getRgb()[:3], want.getRgb()[:3]))


def _has(image: QImage, want: QColor) -> bool:
    return any(
        _near(image.pixelColor(x, y), want) for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
    )


def test_coasts_atolls_and_reefs_are_drawn_as_such(arts) -> None:  # type: ignore[no-untyped-def]
    """Laysan is land inside surf; Midway an atoll (lagoon within the reef, islets on it);
    Maro Reef breakers over a lagoon with no land at all."""
    art = arts["victory-at-midway"]
    board = art.board
    assert board.region("laysan").data["coast"] == "island"
    assert board.region("midway").data["coast"] == "atoll"
    assert board.region("maro-reef").data["coast"] == "reef"
    laysan = _render(art, art.cells["K8"].centre)
    assert _near(laysan.pixelColor(80, 80), pal.LAND), "Laysan's middle is land"
    assert _has(laysan, QColor(255, 255, 255)), "surf round Laysan"
    midway = _render(art, art.cells["H6"].centre)
    assert _has(midway, pal.LAND) and _has(midway, pal.LAGOON) and _has(midway, pal.REEF)
    maro = _render(art, art.cells["L8"].centre)
    assert _has(maro, pal.LAGOON) and _has(maro, pal.REEF) and not _has(maro, pal.LAND)
    # The sea shoals round an island: paler by Laysan than far out to sea.
    open_sea = _render(art, art.cells["C10"].centre)
    assert laysan.pixelColor(80, 150).lightness() > open_sea.pixelColor(80, 150).lightness()


def test_the_sea_deepens_towards_the_chart_edges(arts) -> None:  # type: ignore[no-untyped-def]
    art = arts["victory-at-midway"]
    middle = _render(art, art.cells["G6"].centre + QPointF(0, 60)).pixelColor(80, 80)
    corner = _render(art, art.cells["N12"].centre).pixelColor(80, 80)
    assert corner.lightness() < middle.lightness()


def test_high_contrast_reaches_the_sea_and_the_land(arts) -> None:  # type: ignore[no-untyped-def]
    art = arts["victory-at-midway"]
    try:
        normal = _render(art, art.cells["K8"].centre)
        pal.set_high_contrast(True)
        strong = _render(art, art.cells["K8"].centre)
        assert _near(strong.pixelColor(80, 80), pal.LAND), "the land in the strong scheme's colour"
        assert not _near(normal.pixelColor(80, 80), strong.pixelColor(80, 80), 30)
        assert _has(strong, QColor(0, 0, 0)), "a black coastline"
        sea_n, sea_s = normal.pixelColor(5, 150), strong.pixelColor(5, 150)
        assert sea_s.lightness() > sea_n.lightness(), "a paler sea under the print"
    finally:
        pal.set_high_contrast(False)


def test_a_hidpi_tile_judges_legibility_in_logical_pixels(arts) -> None:  # type: ignore[no-untyped-def]
    """A tile for a 2x screen is painted at twice the device scale, but what reads there is what
    reads at the logical scale: the same coordinates, thinned the same, the same captions."""
    from midway_desktop.ui.tiles import TileCache

    art = arts["victory-at-midway"]
    asked: list[float] = []
    real = art.coordinate_labels

    def spy(scale: float, rect: QRectF | None = None):  # type: ignore[no-untyped-def]
        asked.append(scale)
        return real(scale, rect)

    art.coordinate_labels = spy  # type: ignore[method-assign]
    try:
        TileCache(art).tile(0.8, 0, 0, dpr=2.0)
    finally:
        del art.coordinate_labels
    assert asked == [pytest.approx(0.4)]
