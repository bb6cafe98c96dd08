"""The fitted board's tiles kept between runs: read back pixel for pixel, never stale (another
ruleset, colour scheme or scale paints again), a damaged file only costs a repaint, and the
store stays small: a tile is kept once drawn twice at the same size (a window being resized
passes through sizes it does not keep)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from midway_desktop.geometry import load_board, parse_board
from midway_desktop.ruleset.yamlio import parse_yaml
from midway_desktop.ui import palette
from midway_desktop.ui.map_art import MapArt
from midway_desktop.ui.tile_store import MAX_TILES, TileStore
from midway_desktop.ui.tiles import TILE, TileCache

SCALE = 0.3  # device pixels per scene unit: the Solitaire chart in a tile or two


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIDWAY_CACHE_DIR", str(tmp_path))
    return tmp_path


def fresh(game: str = "midway-solitaire") -> TileCache:
    board = load_board(game)
    return TileCache(MapArt(board), store=TileStore.for_board(board, TILE))


def shown(cache: TileCache, scale: float = SCALE, dpr: float = 1.0) -> QImage:
    """Tile (0, 0) of the fitted board as a start shows it: drawn, then drawn again."""
    cache.tile(scale, 0, 0, dpr=dpr, keep=True)
    return cache.tile(scale, 0, 0, dpr=dpr, keep=True).toImage()


def kept_files(cache_dir: Path) -> list[Path]:
    return sorted((cache_dir / "tiles").rglob("*.argb"))


def test_a_kept_tile_comes_back_pixel_for_pixel_without_painting(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    first = fresh()
    painted = shown(first)
    assert first.rendered == 1 and len(kept_files(cache_dir)) == 1
    second = fresh()  # the next start
    read = second.tile(SCALE, 0, 0, keep=True)
    assert second.rendered == 0
    assert read.toImage().convertToFormat(painted.format()) == painted
    assert read.devicePixelRatio() == 1.0


def test_a_size_passed_through_once_is_not_kept(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    cache = fresh()
    for step in range(5):  # a window being resized, fitted anew at each step
        cache.tile(SCALE + step * 0.01, 0, 0, keep=True)
    assert kept_files(cache_dir) == []
    shown(cache, SCALE + 0.04)  # where it settles
    assert len(kept_files(cache_dir)) == 1


def test_a_settled_view_keeps_its_tiles_at_once_and_no_passing_size(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    # A screenshot's last look is not drawn a second time: it keeps its tiles when told so.
    cache = fresh()
    for step in range(3):  # sizes passed through
        cache.tile(SCALE + step * 0.01, 0, 0, keep=True)
    cache.tile(SCALE + 0.1, 0, 0, keep=False)  # a zoomed view's tile: never kept
    cache.keep_settled(SCALE + 0.02)
    assert len(kept_files(cache_dir)) == 1
    cache.keep_settled(SCALE + 0.02)  # (kept once)
    cache.keep_settled(SCALE + 0.1)
    assert len(kept_files(cache_dir)) == 1
    painted = cache.tile(SCALE + 0.02, 0, 0).toImage()
    second = fresh()  # the next start reads it back, pixel for pixel
    read = second.tile(SCALE + 0.02, 0, 0, keep=True)
    assert second.rendered == 0
    assert read.toImage().convertToFormat(painted.format()) == painted


def test_a_zoomed_view_neither_reads_nor_keeps_tiles(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    shown(fresh())
    cache = fresh()
    for scale in (SCALE, SCALE, SCALE * 2, SCALE * 2):  # keep=False: the view is not fitted
        cache.tile(scale, 0, 0)
    assert cache.rendered == 2 and len(kept_files(cache_dir)) == 1


def test_the_high_contrast_scheme_or_another_scale_or_ratio_is_painted_again(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    cache = fresh()
    shown(cache)
    try:
        palette.set_high_contrast(True)  # as the View menu switches it: the tiles are let go
        cache.clear()
        high = shown(cache)
        assert cache.rendered == 2
        again = fresh()
        assert shown(again) == high and again.rendered == 0
    finally:
        palette.set_high_contrast(False)
    cache = fresh()
    shown(cache)
    assert cache.rendered == 0  # the usual scheme's, kept before
    shown(cache, SCALE * 1.5)
    shown(cache, SCALE, dpr=2.0)
    assert cache.rendered == 2
    assert len(kept_files(cache_dir)) == 4


def test_another_board_file_keeps_its_own_tiles(qapp, cache_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    shown(fresh())
    source = load_board("midway-solitaire").source
    assert source is not None
    edited = tmp_path / "edited" / "board.yaml"
    edited.parent.mkdir()
    edited.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    board = load_board(edited)
    cache = TileCache(MapArt(board), store=TileStore.for_board(board, TILE))
    shown(cache)
    assert cache.rendered == 1  # other bytes, other key: nothing stale is shown


@pytest.mark.parametrize("damage", [lambda raw: raw[:1000], lambda raw: raw + b"\0", lambda raw: b""])
def test_a_damaged_tile_is_painted_again(qapp, cache_dir: Path, damage) -> None:  # type: ignore[no-untyped-def]
    painted = shown(fresh())
    (kept,) = kept_files(cache_dir)
    kept.write_bytes(damage(kept.read_bytes()))
    cache = fresh()
    again = shown(cache)
    assert cache.rendered == 1 and again == painted
    assert kept.stat().st_size == TILE * TILE * 4  # and kept whole again


def test_a_folder_in_a_tiles_place_is_only_a_miss(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    shown(fresh())
    (kept,) = kept_files(cache_dir)
    kept.unlink()
    kept.mkdir()
    cache = fresh()
    shown(cache)
    assert cache.rendered == 1


def test_the_store_keeps_only_the_newest_tiles(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    store = TileStore.for_board(load_board("midway-solitaire"), 4)
    assert store is not None
    image = QImage(4, 4, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    for i in range(MAX_TILES + 3):
        store.store(image, 0.1 + i, 0, 0, 1.0)
    assert len(kept_files(cache_dir)) == MAX_TILES
    assert store.load(0.1 + MAX_TILES + 2, 0, 0, 1.0) is not None


def test_a_board_made_in_memory_keeps_nothing() -> None:
    source = load_board("midway-solitaire").source
    assert source is not None
    board = parse_board(parse_yaml(source.read_bytes(), source))
    assert TileStore.for_board(board, TILE) is None
