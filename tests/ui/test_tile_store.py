"""The fitted board's tiles kept between runs: read back pixel for pixel, never stale (another
ruleset, colour scheme or scale paints again), a damaged file only costs a repaint, and the
store stays small."""

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


def kept_files(cache_dir: Path) -> list[Path]:
    return sorted((cache_dir / "tiles").rglob("*.argb"))


def test_a_kept_tile_comes_back_pixel_for_pixel_without_painting(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    first = fresh()
    painted = first.tile(SCALE, 0, 0, keep=True).toImage()
    assert first.rendered == 1 and len(kept_files(cache_dir)) == 1
    second = fresh()  # the next start
    read = second.tile(SCALE, 0, 0, keep=True)
    assert second.rendered == 0
    assert read.toImage().convertToFormat(painted.format()) == painted
    assert read.devicePixelRatio() == 1.0


def test_a_zoomed_view_neither_reads_nor_keeps_tiles(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    fresh().tile(SCALE, 0, 0, keep=True)
    cache = fresh()
    cache.tile(SCALE, 0, 0)  # keep=False: the view is not fitted
    cache.tile(SCALE * 2, 0, 0)
    assert cache.rendered == 2 and len(kept_files(cache_dir)) == 1


def test_the_high_contrast_scheme_or_another_scale_or_ratio_is_painted_again(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    cache = fresh()
    cache.tile(SCALE, 0, 0, keep=True)
    try:
        palette.set_high_contrast(True)  # as the View menu switches it: the tiles are let go
        cache.clear()
        cache.tile(SCALE, 0, 0, keep=True)
        assert cache.rendered == 2
        assert fresh().tile(SCALE, 0, 0, keep=True).toImage() == cache.tile(SCALE, 0, 0).toImage()
    finally:
        palette.set_high_contrast(False)
    cache = fresh()
    cache.tile(SCALE, 0, 0, keep=True)
    assert cache.rendered == 0  # the usual scheme's, kept before
    cache.tile(SCALE * 1.5, 0, 0, keep=True)
    cache.tile(SCALE, 0, 0, dpr=2.0, keep=True)
    assert cache.rendered == 2
    assert len(kept_files(cache_dir)) == 4


def test_another_board_file_keeps_its_own_tiles(qapp, cache_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    fresh().tile(SCALE, 0, 0, keep=True)
    source = load_board("midway-solitaire").source
    assert source is not None
    edited = tmp_path / "edited" / "board.yaml"
    edited.parent.mkdir()
    edited.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    board = load_board(edited)
    cache = TileCache(MapArt(board), store=TileStore.for_board(board, TILE))
    cache.tile(SCALE, 0, 0, keep=True)
    assert cache.rendered == 1  # other bytes, other key: nothing stale is shown


@pytest.mark.parametrize("damage", [lambda raw: raw[:1000], lambda raw: raw + b"\0", lambda raw: b""])
def test_a_damaged_tile_is_painted_again(qapp, cache_dir: Path, damage) -> None:  # type: ignore[no-untyped-def]
    painted = fresh().tile(SCALE, 0, 0, keep=True).toImage()
    (kept,) = kept_files(cache_dir)
    kept.write_bytes(damage(kept.read_bytes()))
    cache = fresh()
    again = cache.tile(SCALE, 0, 0, keep=True).toImage()
    assert cache.rendered == 1 and again == painted
    assert kept.stat().st_size == TILE * TILE * 4  # and kept whole again


def test_a_folder_in_a_tiles_place_is_only_a_miss(qapp, cache_dir: Path) -> None:  # type: ignore[no-untyped-def]
    fresh().tile(SCALE, 0, 0, keep=True)
    (kept,) = kept_files(cache_dir)
    kept.unlink()
    kept.mkdir()
    cache = fresh()
    cache.tile(SCALE, 0, 0, keep=True)
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
