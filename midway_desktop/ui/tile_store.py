"""The fitted map's tiles (and a game's own opening picture: CV's first look, ``BoardView.keep_tiles``),
kept in the user's cache folder so the next start shows them at once.

Painting the map art is most of what a board costs to open (CV's fitted chart: two tiles, some
220 M instructions, about a tenth of the start). A start opens on the whole board fitted to the
window, which at the same window size is the same picture every time, so the tiles painted
for it are kept on disk and read back (a megabyte copied, about 1 M instructions a tile).

A kept tile stands for exactly the picture it was painted as: its name is a hash of everything
that picture depends on (``board.yaml``'s bytes, the code and colours that paint it, the fonts
and Qt that set its type, the scale, the tile's place and the screen's pixel ratio), so an
edited ruleset, a newer program, high contrast or another window size misses and paints again.
Tiles are kept raw (premultiplied ARGB, 4 bytes a pixel: reading a PNG back costs 30 M
instructions a tile, as much as an eighth of painting it); a file of any other length is a
miss. Each board keeps at most ``MAX_TILES`` (the oldest go first), so stale pictures do not
pile up. As with every cache entry (``ruleset/cache.py``), nothing here is ever needed: a
missing, damaged or unwritable file only costs the time to paint.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import qVersion
from PySide6.QtGui import QColor, QFont, QFontInfo, QImage

import midway_desktop
from midway_desktop.geometry import Board
from midway_desktop.ruleset import cache
from midway_desktop.ruleset.files import read_regular_file
from midway_desktop.ui import palette as pal

# Bump when what a tile shows changes in a way the sources hashed below would not reveal.
VERSION = "tiles 1"
MAX_TILES = 32  # per board: a fitted chart takes 2 to 4 tiles, CV's first look 6 to 9 (more on a HiDPI screen)
FORMAT = QImage.Format.Format_ARGB32_Premultiplied
# The modules whose code decides what the art looks like: their bytes are part of every key
# (an installed program without its sources falls back on its version and ``VERSION``).
ART_SOURCES = (
    "ui/map_art.py",
    "ui/tiles.py",
    "ui/palette.py",
    "ui/shapes.py",
    "geometry/board.py",
    "geometry/hexes.py",
    "geometry/figure.py",
    "geometry/outlines.py",
    "geometry/coasts.py",
    "geometry/plane.py",
)


class TileStore:
    """The kept tiles of one board (read from ``board.yaml`` at ``board.source``)."""

    def __init__(self, board: Board, tile_px: int) -> None:
        assert board.source is not None and board.digest
        self.tile_px = tile_px
        self.folder = cache.cache_dir() / "tiles" / cache.digest(str(board.source.resolve()))[:32]
        self._board_digest = board.digest
        self._keys: dict[bool, str] = {}  # worked out at the first tile: it asks the fonts

    @classmethod
    def for_board(cls, board: Board, tile_px: int) -> TileStore | None:
        """The store of a board read from a file (a board made in memory has nothing to key on)."""
        if board.source is None or not board.digest:
            return None
        return cls(board, tile_px)

    def key(self) -> str:
        """A hash of everything but the tile's place and scale that its pixels depend on (the
        colours change with the high-contrast option, so there is one key for each scheme)."""
        scheme = pal.high_contrast()
        found = self._keys.get(scheme)
        if found is None:
            colours = sorted(f"{name}={c.rgba():08x}" for name, c in vars(pal).items() if isinstance(c, QColor))
            fonts = [QFontInfo(QFont(family)).family() for family in (pal.FONT_FAMILY, pal.SERIF_FAMILY)]
            found = self._keys[scheme] = cache.digest(
                VERSION,
                midway_desktop.__version__,
                qVersion(),
                sys.byteorder,
                self._board_digest,
                *colours,
                *fonts,
                cache.sources_digest(*ART_SOURCES),
            )
        return found

    def _path(self, scale: float, tx: int, ty: int, dpr: float) -> Path:
        name = cache.digest(self.key(), repr(round(scale, 6)), str(tx), str(ty), repr(dpr))[:40]
        return self.folder / f"{name}.argb"

    def load(self, scale: float, tx: int, ty: int, dpr: float) -> QImage | None:
        """The tile kept for these, or None."""
        size = self.tile_px * self.tile_px * 4
        try:
            raw = read_regular_file(self._path(scale, tx, ty, dpr), size, "a kept map tile")
        except (OSError, ValueError):  # missing, unreadable, not a regular file, too long
            return None
        if len(raw) != size:
            return None
        image = QImage(raw, self.tile_px, self.tile_px, self.tile_px * 4, FORMAT)
        return image.copy()  # its own pixels: ``raw`` goes with this call

    def store(self, image: QImage, scale: float, tx: int, ty: int, dpr: float) -> None:
        """Keep ``image`` (a tile just painted); failures are ignored."""
        image = image.convertToFormat(FORMAT)
        if image.width() != self.tile_px or image.height() != self.tile_px:
            return
        raw = bytes(image.constBits())[: image.sizeInBytes()]
        path = self._path(scale, tx, ty, dpr)
        tmp = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tile-", suffix=".tmp", dir=self.folder)
            with os.fdopen(fd, "wb") as out:
                out.write(raw)
            os.replace(tmp, path)
            tmp = None
            self._prune()
        except OSError:
            pass
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    def forget(self) -> None:
        """Remove every tile kept of this board (what a look of a side's kept: see the hot-seat
        passwords); failures are ignored, as ever."""
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.folder):
                if entry.name.endswith(".argb"):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)

    def _prune(self) -> None:
        """At most ``MAX_TILES`` kept, the most recently written."""
        kept = []
        for entry in os.scandir(self.folder):
            if entry.name.endswith(".argb"):
                with contextlib.suppress(OSError):
                    kept.append((entry.stat().st_mtime_ns, entry.path))
        kept.sort(reverse=True)
        for _, path in kept[MAX_TILES:]:
            with contextlib.suppress(OSError):
                os.unlink(path)
