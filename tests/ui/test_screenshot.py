"""``midway-desktop screenshot`` writes a real picture of each board, sharp on HiDPI screens."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from midway_desktop.games import GAME_IDS


def _shoot(tmp_path: Path, game: str, *extra: str, env: dict[str, str] | None = None) -> Path:
    out = tmp_path / f"{game}.png"
    cmd = [sys.executable, "-m", "midway_desktop", "screenshot", game, "--out", str(out), *extra]
    run_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    done = subprocess.run(cmd, capture_output=True, text=True, env=run_env, timeout=120)
    assert done.returncode == 0, done.stderr
    return out


def _distinct_colours(img: QImage, step: int = 23) -> int:
    return len({img.pixel(x, y) for x in range(0, img.width(), step) for y in range(0, img.height(), step)})


@pytest.mark.parametrize("game", GAME_IDS)
def test_screenshot_of_every_board(tmp_path: Path, game: str) -> None:
    out = _shoot(tmp_path, game, "--width", "800", "--height", "600")
    img = QImage(str(out))
    assert (img.width(), img.height()) == (800, 600)
    assert _distinct_colours(img) > 12  # a drawn map, not a blank window


def test_a_name_ending_bmp_asks_for_an_uncompressed_picture_of_the_same_window(tmp_path: Path) -> None:
    png = QImage(str(_shoot(tmp_path, "kido-butai", "--width", "800", "--height", "600")))
    out = tmp_path / "kido-butai.bmp"
    cmd = [sys.executable, "-m", "midway_desktop", "screenshot", "kido-butai", "--out", str(out), "--width", "800",
           "--height", "600"]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:2] == b"BM"
    bmp = QImage(str(out))
    assert bmp.size() == png.size()
    assert bmp.convertToFormat(png.format()) == png


def test_hidpi_screenshot_is_rendered_at_device_resolution(tmp_path: Path) -> None:
    # (Not smaller: the docks keep the width their contents need, so a window has a least width.)
    out = _shoot(tmp_path, "victory-at-midway", "--width", "800", "--height", "500", env={"QT_SCALE_FACTOR": "2"})
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1600, 1000)
    assert _distinct_colours(img, step=31) > 12


def test_screenshot_takes_a_pixel_ratio_and_the_high_contrast_option(tmp_path: Path) -> None:
    plain = QImage(str(_shoot(tmp_path, "midway-solitaire", "--width", "900", "--height", "700")))
    out = _shoot(tmp_path, "midway-solitaire", "--width", "900", "--height", "700", "--scale", "2", "--high-contrast")
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1800, 1400)
    # The Japanese counters' strong yellow appears only in the high-contrast picture.
    strong = {img.pixel(x, y) & 0xFFFFFF for x in range(0, img.width(), 3) for y in range(0, img.height(), 3)}
    usual = {plain.pixel(x, y) & 0xFFFFFF for x in range(0, plain.width(), 3) for y in range(0, plain.height(), 3)}
    assert 0xFFD21F in strong and 0xFFD21F not in usual


def test_screenshot_refuses_an_unwritable_path(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    cmd = [sys.executable, "-m", "midway_desktop", "screenshot", "cv", "--out", str(blocker / "x.png")]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 1
    assert done.stderr.strip().count("\n") == 0 and "cannot write" in done.stderr


def test_screenshot_of_a_chosen_cv_set_up_differs_by_scenario(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.screenshot import grab_window

    short = grab_window("cv", 1000, 700, scenario="II")
    campaign = grab_window("cv", 1000, 700, scenario="IV")
    assert (short.width(), short.height()) == (1000, 700)
    assert short != campaign  # the Campaign's Japanese come on by other areas


def test_screenshot_refuses_an_unknown_scenario_in_one_line(tmp_path: Path) -> None:
    cmd = [
        sys.executable,
        "-m",
        "midway_desktop",
        "screenshot",
        "cv",
        "--scenario",
        "VI",
        "--out",
        str(tmp_path / "x.png"),
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 1
    assert done.stderr.strip().count("\n") == 0 and "no CV scenario 'VI'" in done.stderr
    assert not (tmp_path / "x.png").exists()


def test_screenshot_until_plotting_shows_the_side_s_plotted_moves_on_its_plot_map(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.screenshot import _new_game_window

    with _new_game_window("cv", 1000, 700, until="ship-plotting", side="japanese") as w:
        view = w.controller.view()
        assert view["viewer"] == "japanese" and view["step"] == "ship-plotting"
        plot = w.presenter.plot
        assert plot.shown  # the sheet over the board, as the plotting side sees it
        assert any(path for path, _left in plot.drawn.values())  # a plotted arrow on it


def test_screenshot_with_a_seed_plays_the_doctrine_to_a_battle(qtbot) -> None:  # type: ignore[no-untyped-def]
    """``--seed``: both sides played by the computer's Doctrine to a step the demo's orders never
    reach, a Battle's Interceptor-to-Bomber Segment (CV › Basic IX.D), as the American sees it."""
    from midway_desktop.ui.screenshot import _new_game_window

    with _new_game_window("cv", 1000, 700, until="interception", side="american", seed=1) as w:
        session = w.controller.session
        assert session.state.step == "interception" and "american" in session.to_act()
        assert w.controller.viewer == "american" and session.state.battle
        board = w.presenter.combat_board
        assert board.board is not None and board.board.live and board.board.hex == session.state.battle
        assert "Battle in" in board.heading.text()
        # The Orders dock's list has none of a Battle's orders: its heading sends the player there.
        assert "on the Combat Board" in w.presenter.heading.text()
        # The dice dock as against the computer: the last rolls, the Air-to-Air Combat's, the side saw.
        rolls = w.dice_dock.dice.rolls
        assert rolls and all(e.visible_to("american") for e in rolls)


def test_screenshot_until_a_later_turn_and_the_refusals_in_one_line(tmp_path: Path) -> None:
    from midway_desktop.engine import get_rules
    from midway_desktop.engine.session import Session
    from midway_desktop.games.cv.demo import play_by_doctrine

    session = Session.start(get_rules("cv"), "short", seed=1)
    assert play_by_doctrine(session, "take-off", "japanese", turn=2, seed=1) == "japanese"
    assert session.state.step == "take-off" and str(session.state.time) == "0200 June 4"
    with pytest.raises(ValueError, match="did not reach"):
        play_by_doctrine(session, "set-up", turn=3, seed=1)  # (the set-up is long past)
    out = str(tmp_path / "x.png")
    cmd = [sys.executable, "-m", "midway_desktop", "screenshot", "cv", "--until", "nap", "--out", out]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 1 and done.stderr.strip().count("\n") == 0 and "no CV step 'nap'" in done.stderr


def test_a_battle_s_segments_show_from_their_tops(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Every segment as tall as its wrapped text, the one being fought scrolled into sight from
    its top (its units first): the AA Combat Step's three segments at 1400×900 were squeezed to
    the area's height and scrolled to their middles, their first and last lines cut off."""
    from PySide6.QtWidgets import QApplication, QLabel

    from midway_desktop.ui.screenshot import _new_game_window

    with _new_game_window("cv", 1400, 900, until="aa", side="japanese", seed=1, zoom=0.57, center="B1816") as w:
        for _ in range(4):
            QApplication.processEvents()
        # The map where it was asked to be, though the combat board came forward and the side's
        # first look would follow the map's new size.
        middle = w.view.viewport().rect().center()
        assert w.view.cell_at_view(middle.toPointF()) in {"B1816", "B1815", "B1817", "B1716", "B1916"}
        board = w.presenter.combat_board
        area = board.segment_area
        assert board.board is not None and board.board.step == "aa"
        tall = max(box.height() for box in board._segment_widgets)
        assert tall > area.viewport().height()  # (the case in point: they scroll)
        for box in board._segment_widgets:
            assert box.mapTo(area.viewport(), box.rect().topLeft()).y() >= 0, box.title()
            text = box.findChild(QLabel)
            assert text.height() >= text.heightForWidth(text.width()), box.title()


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_picture_read_offscreen_is_the_window_drawn_again_pixel_for_pixel(qapp: object, game: str) -> None:
    # ``drawn`` reads the offscreen screen's copy rather than drawing the window a second time:
    # it must be the very picture ``grab`` draws, every game, hot-seat curtains lifted.
    from PySide6.QtGui import QGuiApplication

    from midway_desktop.ui.screenshot import _new_game_window, drawn

    assert QGuiApplication.platformName() == "offscreen"
    with _new_game_window(game, 900, 640) as window:
        read = drawn(window)
        again = window.grab().toImage()
        assert read.size() == again.size() == window.size()
        assert read.convertToFormat(again.format()) == again
