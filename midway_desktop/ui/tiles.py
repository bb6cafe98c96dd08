"""Pre-rendered map art in square tiles, one set per zoom level, least-recently-used first out.

A repaint of the map is then a handful of pixmap blits at 1:1 device scale; the art is
painted only when a tile is first seen at a zoom level. The tiles of the fitted board, the
picture every start opens on, are also kept on disk for the next start (``tile_store.py``).
A veil over the chart (``BoardScene.veil``) is laid into copies of the tiles, made from them
when first drawn veiled, so the repaint still blits each pixel of the chart once.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap

from midway_desktop.ui.map_art import MapArt
from midway_desktop.ui.tile_store import TileStore

TILE = 512  # device pixels
# A tile's key: scale, column, row, device pixel ratio and the veil laid into it (its RGBA, 0 for
# none: the tile as painted, the one kept between runs).
Key = tuple[float, int, int, float, int]


def _device_scale(scale: float, dpr: float) -> float:
    """Device pixels per scene unit, rounded so that one view's tiles share one key."""
    return round(scale * dpr, 6)


class TileCache:
    """Tiles of ``MapArt`` keyed by (scale, column, row) in device pixels."""

    def __init__(self, art: MapArt, max_tiles: int = 384, store: TileStore | None = None) -> None:
        self.art = art
        self.max_tiles = max_tiles
        self.store = store  # where the fitted board's tiles are kept between runs
        self._tiles: OrderedDict[Key, QPixmap] = OrderedDict()
        self._unkept: set[Key] = set()  # fitted tiles painted, not yet kept
        self.rendered = 0  # tiles painted so far; lets tests and benchmarks see cache hits

    def clear(self) -> None:
        self._tiles.clear()
        self._unkept.clear()

    def tile(self, scale: float, tx: int, ty: int, dpr: float = 1.0, keep: bool = False) -> QPixmap:
        """Tile (tx, ty) at ``scale``; ``keep``: one of the fitted board's, read from the store
        if kept there, else painted, and kept when drawn again at the same scale (a window being
        resized is fitted anew at every step: its passing sizes are not written to disk)."""
        key = (scale, tx, ty, dpr, 0)  # the same device scale reads differently at another dpr
        found = self._tiles.get(key)
        if found is not None:
            self._tiles.move_to_end(key)
            if keep and key in self._unkept and self.store is not None:
                self._unkept.discard(key)
                self.store.store(found.toImage(), scale, tx, ty, dpr)
            return found
        store = self.store if keep else None
        kept = store.load(scale, tx, ty, dpr) if store is not None else None
        if kept is not None:
            pm = QPixmap.fromImage(kept)
            pm.setDevicePixelRatio(dpr)
        else:
            pm = self._paint(scale, tx, ty, dpr)
            if store is not None:
                self._unkept.add(key)
        self._add(key, pm)
        return pm

    def veiled_tile(self, scale: float, tx: int, ty: int, dpr: float, veil: QColor, keep: bool = False) -> QPixmap:
        """Tile (tx, ty) at ``scale`` with ``veil`` laid over the chart in it, as a sheet item of
        the scene's rect drawn over it would (antialiased at the chart's edges)."""
        key = (scale, tx, ty, dpr, veil.rgba())
        found = self._tiles.get(key)
        if found is not None:
            self._tiles.move_to_end(key)
            if keep and (scale, tx, ty, dpr, 0) in self._unkept:
                self.tile(scale, tx, ty, dpr, keep)  # (the bare tile is kept once drawn again, veiled or not)
            return found
        pm = self.tile(scale, tx, ty, dpr, keep).copy()
        pm.setDevicePixelRatio(1.0)  # (laid in device pixels, as the art was painted)
        painter = QPainter(pm)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        x, y = self._tile_origin(scale, tx, ty)
        painter.translate(-x, -y)
        painter.scale(scale, scale)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(veil)
        painter.drawRect(self.art.scene_rect)
        painter.end()
        pm.setDevicePixelRatio(dpr)
        self._add(key, pm)
        return pm

    def _add(self, key: Key, pm: QPixmap) -> None:
        self._tiles[key] = pm
        while len(self._tiles) > self.max_tiles:
            self._unkept.discard(self._tiles.popitem(last=False)[0])

    def keep_settled(self, scale: float, dpr: float = 1.0) -> None:
        """Keep now the painted tiles at ``scale`` that wait to be drawn again: the view has
        settled there (a screenshot's last look: its tiles are not drawn a second time)."""
        if self.store is None:
            return
        dscale = _device_scale(scale, dpr)
        for key in sorted(k for k in self._unkept if k[0] == dscale and k[3] == dpr):
            self._unkept.discard(key)
            self.store.store(self._tiles[key].toImage(), *key[:4])

    def _paint(self, scale: float, tx: int, ty: int, dpr: float) -> QPixmap:
        pm = QPixmap(TILE, TILE)
        pm.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pm)
        x, y = self._tile_origin(scale, tx, ty)
        painter.translate(-x, -y)
        painter.scale(scale, scale)
        scene_rect = QRectF(x / scale, y / scale, TILE / scale, TILE / scale)
        painter.setClipRect(scene_rect)
        self.art.paint(painter, scene_rect, scale, dpr)
        painter.end()
        pm.setDevicePixelRatio(dpr)
        self.rendered += 1
        return pm

    def draw(
        self,
        painter: QPainter,
        exposed_device: QRectF,
        scale: float,
        origin: QPointF,
        dpr: float,
        keep: bool = False,
        veil: QColor | None = None,
    ) -> None:
        """Blit the tiles covering ``exposed_device`` (logical viewport pixels).

        ``origin`` is where scene point (0, 0) falls in the viewport; ``scale`` is logical pixels
        per scene unit. Tiles are rendered at ``scale * dpr`` so HiDPI screens get sharp art.
        ``keep``: the view shows the whole board fitted, whose tiles are kept between runs.
        ``veil``: a translucent colour laid over the chart (the tiles kept are still the bare ones).
        """
        dscale = _device_scale(scale, dpr)
        ox, oy = round(origin.x() * dpr), round(origin.y() * dpr)
        cx, cy = self._chart_corner(dscale)
        left = exposed_device.left() * dpr - ox
        top = exposed_device.top() * dpr - oy
        right = exposed_device.right() * dpr - ox
        bottom = exposed_device.bottom() * dpr - oy
        art = self.art.scene_rect
        # Only tiles that touch the chart; the view's own background shows beyond it.
        left = max(left, art.left() * dscale) - cx
        top = max(top, art.top() * dscale) - cy
        right = min(right, art.right() * dscale) - cx
        bottom = min(bottom, art.bottom() * dscale) - cy
        if right <= left or bottom <= top:
            return
        for ty in range(math.floor(top / TILE), math.ceil(bottom / TILE)):
            for tx in range(math.floor(left / TILE), math.ceil(right / TILE)):
                if veil is None:
                    pm = self.tile(dscale, tx, ty, dpr, keep)
                else:
                    pm = self.veiled_tile(dscale, tx, ty, dpr, veil, keep)
                x, y = self._tile_origin(dscale, tx, ty)
                painter.drawPixmap(QPointF((x + ox) / dpr, (y + oy) / dpr), pm)

    def _chart_corner(self, scale: float) -> tuple[int, int]:
        """The chart's top-left corner in device pixels from the scene origin: tiles are laid
        from there, so a whole chart fitted to a 900-pixel view takes 2 by 2 tiles, not the 3
        by 3 a grid from the scene origin cuts it into (the first screen paints 4, not 9)."""
        art = self.art.scene_rect
        return math.floor(art.left() * scale), math.floor(art.top() * scale)

    def _tile_origin(self, scale: float, tx: int, ty: int) -> tuple[int, int]:
        """Where tile (tx, ty) begins, in device pixels from the scene origin."""
        cx, cy = self._chart_corner(scale)
        return cx + tx * TILE, cy + ty * TILE
