"""The controller: the one bridge to the engine, autosaving, and handing the screen over."""

from __future__ import annotations

from pathlib import Path

import pytest

from midway_desktop.engine import Session, autosaves, records
from midway_desktop.engine.registry import register
from midway_desktop.ui.controller import GameController
from tests.engine import toy

register(toy.RULES, "tests.engine.toy")


@pytest.fixture
def controller(qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GameController:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIDWAY_DATA_DIR", str(tmp_path))
    c = GameController(autosave=True)
    c.adopt(Session.start(toy.RULES, seed=3), viewer="us")
    return c


def test_a_refusal_changes_nothing_and_says_why(controller: GameController) -> None:
    reasons: list[str] = []
    controller.refused.connect(reasons.append)
    before = controller.session.state
    assert not controller.submit(toy.Order("us", 5, 0))
    assert reasons == ["Toy › Orders: move one place at most."]
    assert controller.session.state is before


def test_every_step_is_autosaved(controller: GameController) -> None:
    controller.submit(toy.Order("us", 1, 2))
    controller.flush_saves()  # (written on the autosave worker)
    saved = records.load(autosaves.autosave_path("toy"))
    assert saved.state == controller.session.state


def test_hot_seat_hands_over_and_the_next_view_holds_no_secrets(controller: GameController) -> None:
    asked: list[str] = []
    controller.handover.connect(asked.append)
    heard: list[list] = []
    controller.happened.connect(heard.append)
    controller.submit(toy.Order("us", 1, 3))
    assert asked == ["japan"]
    # What reached the screen before the handover was the American side's own.
    assert all(e.visible_to("us") for batch in heard for e in batch)
    controller.pass_to("japan")
    assert controller.viewer == "japan"
    view = controller.view()
    assert "us_place" not in view and "us_order" not in view
    assert all(e.visible_to("japan") for e in controller.log())
    assert not any(e.data.get("search") == 3 for e in controller.log())


def test_solitaire_never_hands_over(qapp) -> None:  # type: ignore[no-untyped-def]
    c = GameController(autosave=False)
    c.adopt(Session.start(toy.RULES, seed=3, humans=("us",)), viewer="us")
    asked: list[str] = []
    c.handover.connect(asked.append)
    c.submit(toy.Order("us", 1, 3))
    assert asked == []


def test_one_controller_autosaves_a_game_and_another_leaves_it_alone(controller: GameController) -> None:
    controller.submit(toy.Order("us", 1, 2))
    controller.flush_saves()
    path = autosaves.autosave_path("toy")
    before = path.read_bytes()
    other = GameController(autosave=True)
    other.adopt(Session.start(toy.RULES, seed=9), viewer="us")
    assert other.claim("toy") is not None and other.blocked == "toy"
    other.submit(toy.Order("us", 0, 1))
    other.flush_saves()
    assert path.read_bytes() == before
    controller.release()
    assert other.claim("toy") is None
    other.submit(toy.Order("japan", 0, 1))
    other.flush_saves()
    assert records.load(path).state == other.session.state
    other.release()


def test_a_seal_belongs_to_its_game_and_players(controller: GameController) -> None:
    from midway_desktop.engine.sealing import KdfCost, Seal, side_key

    seal = Seal.of("toy", ("us", "japan"), {"us": side_key("midway", KdfCost(n=2**10))})
    controller.set_seal(seal)
    controller.flush_saves()
    path = autosaves.autosave_path("toy")
    assert records.envelope_of(path.read_bytes()) is not None
    controller.new_game("toy", seed=4)  # a rematch of the same players keeps it
    controller.flush_saves()
    assert controller.seal == seal and records.envelope_of(path.read_bytes()) is not None
    controller.adopt(Session.start(toy.RULES, seed=3, humans=("us",)))  # one player: nothing to hide
    assert controller.seal is None
    controller.submit(toy.Order("us", 1, 2))
    controller.flush_saves()
    assert records.envelope_of(path.read_bytes()) is None


def test_a_failed_autosave_is_told_though_nobody_waits_for_it(qtbot, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The worker's outcome reaches the window by itself (no flush): the status bar learns that
    saving stopped, with the file's reason."""
    blocked = tmp_path / "not a folder"
    blocked.write_text("")
    monkeypatch.setenv("MIDWAY_DATA_DIR", str(blocked))  # a file: no autosave folder can be made in it
    c = GameController(autosave=True)
    with qtbot.waitSignal(c.savingStopped, timeout=10_000) as stopped:
        c.adopt(Session.start(toy.RULES, seed=3), viewer="us", save=True)
    assert str(blocked) in stopped.args[0] and c.save_failing


def test_controllers_dropped_while_their_autosaves_are_written_harm_nothing(qapp, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The autosave worker touches nothing of Qt, so a window (and its controller) deleted while
    a write is under way leaves the worker nothing to crash on: every write lands."""
    import shiboken6
    from PySide6.QtCore import QCoreApplication

    savers = []
    for seed in range(40):
        monkeypatch.setenv("MIDWAY_DATA_DIR", str(tmp_path / str(seed)))  # (a lock left held stays with its folder)
        c = GameController(autosave=True)
        c.adopt(Session.start(toy.RULES, seed=seed), viewer="us", save=True)
        savers.append(c.saver)
        c.release() if seed % 2 else shiboken6.delete(c)
        QCoreApplication.processEvents()
    for seed, saver in enumerate(savers):
        saver.flush()
        assert saver.idle
        assert records.load(tmp_path / str(seed) / "autosave" / "toy.json").seed == seed
