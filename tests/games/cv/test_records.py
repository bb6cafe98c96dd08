"""CV games saved and replayed: a record loads as the very game that was saved, and goes on
from there with the same luck; undo takes back orders but never rolls the dice again; and
``midway-desktop replay`` reads a CV record (CV on the engine's game list)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.cli import main
from midway_desktop.engine import UMPIRE, Rng, Session, get_rules
from midway_desktop.engine import records as rec
from midway_desktop.engine.bots import play_out
from midway_desktop.games.cv.bots import default_bots
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.state import other
from tests.games.cv.play import JP, US, done_until, session, tf


def _walk(s: Session, steps: int, luck: Rng) -> Session:
    """The plain bots give ``steps`` orders (fewer if the game ends), every one checked."""
    bots = default_bots(s.rules)
    for _ in range(steps):
        if s.outcome() is not None:
            break
        side = s.to_act()[0]
        action = bots[side].choose(s, side, s.legal_actions(side), luck)
        assert s.play(action) is not None
    return s


def _started(seed: int, scenario: str = "short") -> Session:
    return Session.start(get_rules("cv"), scenario=scenario, seed=seed)


def test_cv_is_on_the_engines_list_with_its_scenarios() -> None:
    rules = get_rules("cv")
    assert isinstance(rules, CvRules)
    assert [s.name for s in rules.scenarios] == [
        "short",
        "battle-of-midway",
        "midway-campaign",
        "free-set-up-short",
        "free-set-up-battle-of-midway",
        "free-set-up-midway-campaign",
    ]


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(min_value=1, max_value=200))
def test_save_load_replay_is_the_same_game_and_goes_on_the_same(seed: int, steps: int, tmp_path: Path) -> None:
    live = _walk(_started(seed), steps, Rng(seed))
    path = rec.save(live, tmp_path / f"cv-{seed}-{steps}.json", backup=False)
    back = rec.load(path)
    assert back.state == live.state
    assert rec.fingerprint(back) == rec.fingerprint(live)
    assert back.rng.state == live.rng.state
    assert [a.to_json() for a in back.actions()] == [a.to_json() for a in live.actions()]
    for side in (US, JP, UMPIRE):
        assert back.view(side) == live.view(side)
    # Both go on under the same bots: the replayed game's luck is the saved game's.
    _walk(live, 40, Rng(seed + 1))
    _walk(back, 40, Rng(seed + 1))
    assert back.state == live.state and back.rng.state == live.rng.state


def test_a_whole_short_scenario_replays_to_its_outcome(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """The Short Scenario played to its end (CV › Scenarios II: 18 Turns), saved, and read
    back by ``midway-desktop replay``, which verifies it and prints the same outcome."""
    live = _started(7)
    outcome = play_out(live, default_bots(live.rules), Rng(7))
    assert live.state.step == "over"
    path = rec.save(live, tmp_path / "short.midway.json", backup=False)
    back = rec.load(path)
    assert back.state == live.state and back.outcome() == outcome
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.strip()
    assert out == f"{path}: CV, {len(live.history)} actions replayed and verified; {outcome.text}"


def test_replay_of_a_game_in_progress_names_its_step(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    live = _walk(_started(2, "battle-of-midway"), 40, Rng(2))
    path = rec.save(live, tmp_path / "bom.midway.json", backup=False)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.strip()
    phase = live.rules.phase(live.state).title
    assert out == f"{path}: CV, {len(live.history)} actions replayed and verified; game in progress ({phase})"


def test_an_edited_cv_record_is_refused_in_one_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    live = _walk(_started(4), 30, Rng(4))
    while live.state.step not in ("landing", "air-move", "take-off", "over"):  # the initiative dice rolled
        _walk(live, 1, Rng(len(live.history)))
    path = rec.save(live, tmp_path / "cv.midway.json", backup=False)
    data = rec.read(path)
    data["seed"] = (data["seed"] + 1) % 2**64  # other luck: not the game that was saved
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(path) in err


def _air_phase_reached() -> Session:
    """Two carriers' Task Forces with planes; every step sealed with no orders until the Air
    Unit Initiative is rolled (CV › Basic VII) at the start of the Landing Step."""
    s = session(
        [
            tf(US, 1, ["Enterprise"], "B3010", {"c": {"wildcat": 4}}),
            tf(JP, 1, ["Akagi"], "A3010", {"c": {"zero": 4}}),
        ]
    )
    done_until(s, "landing")
    return s


def test_undo_stops_at_the_initiative_roll() -> None:
    """The order that brought the initiative roll is a wall: luck is never rolled again."""
    s = _air_phase_reached()
    last = s.history[-1]
    assert last.lucky and any(e.kind == "roll" for e in last.events)
    side = last.action.side
    assert s.undoable(side) == 0
    before = (s.state, s.rng.state)
    refusal = _undo(s, side)
    assert refusal is not None and "luck is never rolled again" in refusal
    assert (s.state, s.rng.state) == before


def _undo(s: Session, side: str) -> str | None:
    """Undo as the players ask it: one asks, the other consents (two players at one table)."""
    if s.needs_consent():
        s.request_undo(side)
    return s.undo(side, consent_from=other(side))


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(min_value=1, max_value=200))
def test_undo_never_rolls_luck_again(seed: int, steps: int) -> None:
    """Taking back every step undo allows never passes a step that rolled: the dice stay as
    the last roll left them, and redo gives back the very position."""
    s = _walk(_started(seed), steps, Rng(seed))
    if not s.history:
        return
    side = s.history[-1].action.side
    at_end, rolled = s.state, s.rng.uses
    can = s.undoable(side)
    undone = s.history[len(s.history) - can :]
    assert not any(step.lucky for step in undone)
    rng_state = s.rng.state
    for _ in range(can):
        assert _undo(s, side) is None
        assert s.rng.state == rng_state  # steps without luck leave the generator alone
    refusal = _undo(s, side)
    assert refusal is not None
    if s.history and s.history[-1].lucky:
        assert "luck is never rolled again" in refusal
    assert s.rng.uses == rolled
    for _ in range(can):
        assert s.redo() is None
    assert s.state == at_end


def test_a_game_through_combat_saves_loads_and_replays_the_same(tmp_path: Path) -> None:
    """Issue proof for combat: a Short Scenario driven into Battles (air strikes, AA, Bombing)
    is saved, loaded and replayed as the very same game, dice included, every order checked."""
    from midway_desktop.games.cv.actions import Bomb
    from tests.games.cv.strike import Striker

    live = _started(1)
    striker, luck = Striker(), Rng(1)
    bombed_at = None
    for i in range(3000):
        if live.outcome() is not None or (bombed_at is not None and i > bombed_at + 60):
            break
        side = live.to_act()[0]
        action = striker.choose(live, side, live.legal_actions(side), luck)
        assert live.play(action) is not None
        if isinstance(action, Bomb) and bombed_at is None:
            bombed_at = i
    assert bombed_at is not None, "the driver never reached a Bombing Combat"
    kinds = {e.kind for e in live.events()}
    assert {"battle", "combat"} <= kinds
    path = rec.save(live, tmp_path / "cv-combat.json", backup=False)
    back = rec.load(path)
    assert back.state == live.state
    assert rec.fingerprint(back) == rec.fingerprint(live)
    assert back.rng.state == live.rng.state
    assert [e.text for e in back.events()] == [e.text for e in live.events()]
