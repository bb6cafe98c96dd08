"""The map's tiles: laid from the chart's corner, so a fitted chart is cut into the fewest tiles
(the first screen paints them all), and together they cover the chart wherever it is shown; a
veil laid into them (CV's Plot Map) shows as a sheet over the chart, and over what lies under it."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from midway_desktop.games import GAME_IDS
from midway_desktop.geometry import load_board
from midway_desktop.ui import palette as pal
from midway_desktop.ui.board_scene import BoardScene
from midway_desktop.ui.games.cv.plot import SHEET
from midway_desktop.ui.map_art import MapArt
from midway_desktop.ui.tiles import TILE, TileCache

SENTINEL = QColor(255, 0, 255)


def chart_on_screen(
    cache: TileCache, scale: float, shift: QPointF, dpr: float = 1.0, veil: QColor | None = None
) -> tuple[QImage, QRectF]:
    """The tiles drawn over a magenta image of the view, the chart's corner ``shift`` pixels in
    from the view's, and where the chart lies in it."""
    art = cache.art.scene_rect
    origin = shift - art.topLeft() * scale  # where the scene's origin falls in the view
    chart = QRectF(shift, art.size() * scale)
    image = QImage(
        math.ceil((chart.right() + 20) * dpr), math.ceil((chart.bottom() + 20) * dpr), QImage.Format.Format_ARGB32
    )
    image.setDevicePixelRatio(dpr)
    image.fill(SENTINEL)
    painter = QPainter(image)
    view = QRectF(0, 0, image.width() / dpr, image.height() / dpr)
    cache.draw(painter, view, scale, origin, dpr, veil=veil)
    painter.end()
    return image, chart


def _channels(c: QColor) -> tuple[int, int, int]:
    return c.red(), c.green(), c.blue()


def _off(a: QColor, b: QColor) -> int:
    return max(abs(x - y) for x, y in zip(_channels(a), _channels(b), strict=True))


def _laid_over(image: QImage, rect: QRectF, colour: QColor) -> None:
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QColor(0, 0, 0, 0))
    painter.setBrush(colour)
    painter.drawRect(rect)
    painter.end()


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_fitted_chart_takes_the_fewest_tiles(qapp, game: str) -> None:  # type: ignore[no-untyped-def]
    cache = TileCache(MapArt(load_board(game)))
    art = cache.art.scene_rect
    scale = 900 / max(art.width(), art.height())  # the whole chart in a 900-pixel view
    chart_on_screen(cache, scale, QPointF(137.0, 61.0))
    across, down = math.ceil(art.width() * scale / TILE), math.ceil(art.height() * scale / TILE)
    assert cache.rendered == across * down <= 4


@pytest.mark.parametrize(
    ("game", "scale", "shift", "dpr"),
    [
        ("midway-solitaire", 0.9, QPointF(13.0, 7.0), 1.0),
        ("kido-butai", 0.45, QPointF(3.0, 250.0), 2.0),
        ("victory-at-midway", 0.6, QPointF(301.0, 0.0), 1.0),
        ("cv", 0.12, QPointF(5.0, 511.0), 1.5),
    ],
)
def test_the_tiles_cover_the_whole_chart(qapp, game: str, scale: float, shift: QPointF, dpr: float) -> None:  # type: ignore[no-untyped-def]
    cache = TileCache(MapArt(load_board(game)))
    image, chart = chart_on_screen(cache, scale, shift, dpr)
    inside = chart.adjusted(1, 1, -1, -1)  # (its edge pixels are partly chart, partly view)
    gaps = [
        (x, y)
        for x in range(math.ceil(inside.left() * dpr), math.floor(inside.right() * dpr), 3)
        for y in range(math.ceil(inside.top() * dpr), math.floor(inside.bottom() * dpr), 3)
        if image.pixelColor(x, y) == SENTINEL
    ]
    assert gaps == []
    beyond = (math.floor((chart.right() + 10) * dpr), math.floor((chart.bottom() + 10) * dpr))
    assert image.pixelColor(*beyond) == SENTINEL  # the tiles stop at the chart


def test_a_veiled_chart_shows_as_the_sheet_drawn_over_it(qapp) -> None:  # type: ignore[no-untyped-def]
    shift, dpr = QPointF(5.0, 11.0), 2.0
    bare, chart = chart_on_screen(TileCache(MapArt(load_board("cv"))), 0.12, shift, dpr)
    _laid_over(bare, chart, SHEET)  # the sheet as an item over the whole chart
    veiled, _ = chart_on_screen(TileCache(MapArt(load_board("cv"))), 0.12, shift, dpr, veil=SHEET)
    off = [
        (x, y)
        for x in range(0, bare.width(), 5)
        for y in range(0, bare.height(), 5)
        if _off(bare.pixelColor(x, y), veiled.pixelColor(x, y)) > 2  # (rounding apart)
    ]
    assert off == []


@pytest.mark.parametrize("colour", [pal.HIGHLIGHT, pal.HIGHLIGHT_EDGE, pal.COSTLY, pal.DANGER])
def test_under_the_veil_a_drag_highlight_shows_as_under_the_sheet(qapp, colour: QColor) -> None:  # type: ignore[no-untyped-def]
    scene = BoardScene(load_board("cv"))
    scene.set_veil(SHEET)
    for ground in (QColor("#9fc6d6"), QColor("#f2ead0"), QColor("#1d2a33")):
        pixel = QRectF(0, 0, 1, 1)
        under = QImage(1, 1, QImage.Format.Format_RGB32)
        under.fill(ground)
        _laid_over(under, pixel, colour)
        _laid_over(under, pixel, SHEET)  # what the sheet item drew over the highlight
        over = QImage(1, 1, QImage.Format.Format_RGB32)
        over.fill(ground)
        _laid_over(over, pixel, SHEET)  # the veiled tile
        _laid_over(over, pixel, scene.veiled(colour))
        assert _off(under.pixelColor(0, 0), over.pixelColor(0, 0)) <= 2
