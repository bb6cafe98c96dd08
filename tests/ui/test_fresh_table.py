"""Nothing of one game lingers into the next: after a new game, a switch, an open or a resume
the dice, log, turn line, status prompts, game-over box, title and game chooser belong to the
game now shown, and the resume question is asked over a window that already names its game.
Walked over every game and every switch between two games."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtWidgets import QApplication

from midway_desktop.games import GAMES, game_info
from midway_desktop.ui.games import desktop_games
from tests.ui.helpers import open_window, play_by_bots

GAME_IDS = [g.id for g in GAMES]


@pytest.fixture(autouse=True)
def _fresh(fresh_profile):  # type: ignore[no-untyped-def]
    return fresh_profile


def _window(qtbot, game: str, persist: bool = False):  # type: ignore[no-untyped-def]
    return open_window(qtbot, game, persist)


def _play(w, steps: int, seed: int = 5) -> None:  # type: ignore[no-untyped-def]
    play_by_bots(w, steps, seed)


def assert_fresh(w) -> None:  # type: ignore[no-untyped-def]
    """The table shows the current game and nothing older."""
    QApplication.processEvents()
    title = game_info(w.game_id).title
    assert w.windowTitle().startswith(title)
    assert w.game_combo.currentData() == w.game_id
    assert w.game_actions[w.game_id].isChecked()
    assert w.game_over_box is None
    c = w.controller
    shown = w.log_dock.model.events()
    if c.session is None:
        assert shown == [] and w.dice_dock.dice.rolls == []
    else:
        live = c.log()
        assert all(any(e is f for f in live) for e in shown), "the log shows events of another game"
        assert all(any(r is e for e in live) for r in w.dice_dock.dice.rolls), "the dice are another game's"
    message = w.statusBar().currentMessage()
    others = [g.title for g in GAMES if g.id != w.game_id and g.title not in title]
    assert not any(o in message for o in others), f"the status bar speaks of another game: {message!r}"


@pytest.mark.parametrize("game", desktop_games())
def test_a_new_game_starts_on_a_clear_table(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, game)
    _play(w, 12)
    assert w.log_dock.model.events()
    w.start_new({}, 99, None)
    assert_fresh(w)
    assert w.dice_dock.dice.rolls == [] or w.controller.session.history == []


@pytest.mark.parametrize(("old", "new"), list(itertools.permutations(GAME_IDS, 2)))
def test_every_switch_leaves_nothing_behind(qtbot, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, old)
    _play(w, 8)
    w.switch_game(new)
    assert_fresh(w)


def test_the_resume_question_is_asked_over_the_game_it_is_about(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, "midway-solitaire", persist=True)
    _play(w, 6)  # an unfinished, autosaved game
    w.switch_game("kido-butai")
    _play(w, 4)
    seen: list[tuple[str, object, int]] = []

    def answer(*_args, **_kwargs) -> bool:  # type: ignore[no-untyped-def]
        seen.append((w.windowTitle(), w.game_combo.currentData(), w.log_dock.model.rowCount()))
        return True

    monkeypatch.setattr("midway_desktop.ui.main_window.ask", answer)
    w.switch_game("midway-solitaire")
    assert seen == [(w.windowTitle(), "midway-solitaire", 0)]
    assert w.windowTitle().startswith("Midway Solitaire")
    assert w.statusBar().currentMessage().startswith("Resumed")
    assert w.controller.session is not None and w.controller.session.history
    assert_fresh(w)


def test_a_finished_game_s_box_goes_with_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, "midway-solitaire")
    _play(w, 400)
    assert w.controller.outcome() is not None and w.game_over_box is not None
    box = w.game_over_box
    w.start_new({}, 3, None)
    assert_fresh(w)
    assert not box.isVisible()


def test_a_keyboard_prompt_lasts_only_while_it_applies(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    w = _window(qtbot, "midway-solitaire")
    c = w.controller
    for _ in range(40):  # through set-up and into the turns, prompting before every order
        session = c.session
        if session.outcome() is not None:
            break
        qtbot.keyClick(w.view, Qt.Key.Key_Tab)
        prompt = w.statusBar().currentMessage()
        if prompt:
            assert "Enter to order" in prompt
        _play(w, 1, seed=len(session.history))
        message = w.statusBar().currentMessage()
        assert "Enter to order" not in message, f"a spent prompt stays: {message!r}"
