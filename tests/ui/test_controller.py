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
