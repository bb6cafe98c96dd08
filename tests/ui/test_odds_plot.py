"""The odds plot: ``simulate --plot`` writes it, every game's results are named and in order,
and the victory-point bins hold every game."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from midway_desktop.cli import main
from midway_desktop.engine.odds import Odds
from midway_desktop.ui.odds_plot import MAX_BINS, bins, heading, render_odds, result_order, side_colour


@pytest.mark.parametrize(
    "game, extra",
    [("midway-solitaire", ()), ("kido-butai", ()), ("victory-at-midway", ("--scenario", "solitaire"))],
)
def test_simulate_draws_the_plot_to_a_png(
    game: str, extra: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    out = tmp_path / "odds.png"
    games = "4" if game == "victory-at-midway" else "30"
    assert main(["simulate", game, "--games", games, "--seed", "3", "--plot", str(out), *extra]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    image = QImage(str(out))
    assert not image.isNull() and image.width() == 1800 and image.height() == 1240
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 8  # text, bars and whiskers drawn, not a blank page


def test_an_unwritable_plot_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object) -> None:
    out = tmp_path / "missing-folder" / "odds.png"
    assert main(["simulate", "midway-solitaire", "--games", "3", "--plot", str(out)]) == 1
    assert "cannot write the plot" in capsys.readouterr().err


def _odds(**changes: object) -> Odds:
    base: dict[str, object] = dict(
        game="kido-butai",
        title="Kido Butai",
        side="japan",
        games=5,
        seed=1,
        results={"draw": 2, "minor-japanese-victory": 3},
        scores={"japan": (3.0, 4.0, 4.0, 17.0, 40.5), "usa": (0.0, 1.0, 2.0, 2.0, 9.0)},
        result_titles={"major-japanese-defeat": "Major Japanese defeat", "draw": "Draw"},
        vp_sides=("japan", "usa"),
    )
    base.update(changes)
    return Odds(**base)  # type: ignore[arg-type]


def test_results_keep_the_games_order_and_show_those_never_seen() -> None:
    odds = _odds()
    assert result_order(odds) == ["major-japanese-defeat", "draw", "minor-japanese-victory"]
    assert odds.interval("major-japanese-defeat")[0] == 0.0
    assert result_order(_odds(result_titles={})) == ["minor-japanese-victory", "draw"]


def test_bins_hold_every_game_in_at_most_max_bins() -> None:
    values = (0.0, 1.5, 2.0, 99.0, 130.25)
    lo, width, count = bins(values)
    assert count <= MAX_BINS and lo == 0
    placed = Counter((math.floor(v) - lo) // width for v in values)
    assert sum(placed.values()) == len(values) and max(placed) < count


def test_heading_says_what_the_odds_knew() -> None:
    assert "as the Japanese player knows it" in heading(_odds())
    assert "umpire" in heading(_odds(full_state=True))
    assert "from the start of the game" in heading(_odds(side="", full_state=True, position="the start of the game"))


def test_each_navy_has_its_colour_in_every_game() -> None:
    assert side_colour("us") == side_colour("usa") != side_colour("japan")


def test_the_plot_draws_at_any_size(qapp: object) -> None:
    for w, h in ((320, 260), (900, 620), (1600, 400)):
        image = render_odds(_odds(), w, h)
        assert image.width() == w and image.height() == h
