"""Opening a window, the cycle collector is held until the window is up, then set free with
the start-up's objects set aside (``midway_desktop.startup``); commands without a window never
hold it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from midway_desktop import cli, startup


@pytest.fixture(autouse=True)
def _as_found() -> Iterator[None]:
    yield
    gc.unfreeze()  # the test process's objects back in the collector's sight
    gc.enable()


def test_the_collector_is_held_then_the_survivors_are_set_aside_once() -> None:
    startup.begin()
    assert not gc.isenabled()
    kept = [object() for _ in range(10)]
    startup.window_up()
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    assert frozen > len(kept)
    startup.window_up()  # a second call changes nothing
    assert gc.get_freeze_count() == frozen


def test_a_screenshot_sets_the_collector_free_once_the_window_is_up(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    real = startup.window_up

    def window_up() -> None:
        seen.append(gc.isenabled())  # still held when the window is up
        real()

    monkeypatch.setattr(startup, "window_up", window_up)
    out = tmp_path / "shot.png"
    assert cli.main(["screenshot", "midway-solitaire", "--out", str(out), "--width", "800", "--height", "600"]) == 0
    assert out.is_file()
    assert seen == [False]
    assert gc.isenabled()


def test_the_app_sets_it_free_after_its_first_turn_of_events(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    from midway_desktop.ui import app as app_module
    from midway_desktop.ui import main_window

    shown: list[object] = []

    class Window:
        def __init__(self, game: str | None) -> None:
            shown.append(game)

        def show(self) -> None:
            assert not gc.isenabled()

    monkeypatch.setattr(main_window, "MainWindow", Window)
    monkeypatch.setattr(main_window, "fit_to_screen", lambda window: None)  # (a stand-in has no screen)
    monkeypatch.setattr(type(qapp), "exec", lambda self: (QApplication.processEvents(), 0)[1])
    startup.begin()
    assert app_module.run_app("midway-solitaire") == 0
    assert shown == ["midway-solitaire"]
    assert gc.isenabled()


@pytest.mark.parametrize("command", ["validate", "simulate"])
def test_commands_without_a_window_never_hold_it(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    began: list[bool] = []
    monkeypatch.setattr(startup, "begin", lambda: began.append(True))
    argv = (
        [command, str(tmp_path / "no-such-ruleset")]
        if command == "validate"
        else [command, "midway-solitaire", "--games", "1"]
    )
    cli.main(argv)
    assert began == []
    assert gc.isenabled()
    out, err = capsys.readouterr()
    assert out or err  # it ran, and said how it went
