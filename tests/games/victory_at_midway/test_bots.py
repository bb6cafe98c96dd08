"""The doctrine bots play whole games through the engine's runner and the CLI."""

from __future__ import annotations

import json

import pytest

from midway_desktop.cli import main
from midway_desktop.engine import Session
from midway_desktop.engine.bots import play_out, simulate
from midway_desktop.engine.registry import default_bots as registered_bots
from midway_desktop.engine.registry import get_rules
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import Concede, Orders
from midway_desktop.games.victory_at_midway.bots import DoctrineBot
from midway_desktop.games.victory_at_midway.rules import RULES, default_bots
from midway_desktop.games.victory_at_midway.state import JAPAN, SHIP_OFF_MAP, US, evolve, other, set_units
from tests.games.victory_at_midway.helpers import G


def test_registered() -> None:
    assert get_rules("victory-at-midway") is RULES or get_rules("victory-at-midway").id == RULES.id
    bots = registered_bots("victory-at-midway")(RULES)
    assert set(bots) == {US, JAPAN} and all(isinstance(b, DoctrineBot) for b in bots.values())


def test_bots_play_legal_whole_games() -> None:
    """Every bot choice passes the rules' check; games end by Turn 25 (or earlier)."""
    for seed in (11, 12):
        session = Session.start(RULES, seed=seed)
        outcome = play_out(session, default_bots(RULES), Rng(seed), checked=True)
        assert outcome.result in ("us-wins", "japan-wins", "draw")
        assert session.state.turn <= 25
        fights = [e for e in session.log("umpire") if e.kind == "strike"]
        assert fights, "the bots should find and strike each other"


def test_bots_choose_the_same_without_the_legal_list() -> None:
    """The bots need no legal-action list from the runner (they ask for it where their doctrine
    picks from it): the unchecked runner, which hands over none, plays the very same games."""
    options = {o.name: True for o in RULES.options if o.choices == (False, True)}  # every step in play
    for seed, scenario in ((5, None), (6, "solitaire")):
        games = []
        for checked in (True, False):
            session = Session.start(RULES, scenario=scenario, options=options, seed=seed)
            play_out(session, default_bots(RULES), Rng(seed), checked=checked)
            games.append(session.actions())
        assert games[0] == games[1]


def test_bots_strike_the_carriers() -> None:
    """Sensible play: over a few games carriers are hit on both sides."""
    summary = simulate(RULES, default_bots, games=4, seed=21)
    assert sum(summary.results.values()) == 4
    assert summary.scores["us"] > 11 and summary.scores["japan"] > 0


def test_simulate_command(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "victory-at-midway", "--games", "2", "--seed", "3", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert data["game"] == "victory-at-midway" and data["games"] == 2


def scrambled(state, side):  # type: ignore[no-untyped-def]
    """The position with every enemy ship ``side`` has not seen deployed moved to another hex."""
    changes = {}
    for sid, st in G.ships(state, other(side)):
        if sid in state.revealed or st.loc in SHIP_OFF_MAP:
            continue
        changes[sid] = evolve(st, loc="A12" if st.loc != "A12" else "N1")
    return set_units(G, state, changes)


class _Seat:
    def __init__(self, state) -> None:  # type: ignore[no-untyped-def]
        self.state = state


@pytest.mark.parametrize("seed", [5, 6])
def test_bots_are_honest(seed: int) -> None:
    """A bot reads only what its side may know: with the enemy's unseen ships moved elsewhere,
    every choice along a whole game (all optional rules in play) stays the same."""
    session = Session.start(RULES, seed=seed, options={o.name: True for o in RULES.options})
    bots = default_bots(RULES)
    rng = Rng(seed)
    compared = 0
    while session.outcome() is None:
        side = session.to_act()[0]
        legal = session.legal_actions(side)
        seed_state = rng.state
        action = bots[side].choose(session, side, legal, rng)
        other_view = bots[side].choose(_Seat(scrambled(session.state, side)), side, legal, Rng(seed_state))
        assert other_view == action, f"{side}'s bot changed its mind at {session.state.step}"
        compared += 1
        session.apply_unchecked(action)
    assert compared > 100


def test_concede_only_on_your_turn() -> None:
    """Ending a Game: a side concedes when it is its turn to act (both, in a sealed step)."""
    s = Session.start(RULES, seed=4)
    assert s.check(Concede(US)) is None and s.check(Concede(JAPAN)) is None  # set-up: both act
    bots = default_bots(RULES)
    while s.to_act() != (US,):
        side = s.to_act()[0]
        s.play(bots[side].choose(s, side, s.legal_actions(side), Rng(1)))
    refusal = s.check(Concede(JAPAN))
    assert refusal is not None and "turn to act" in refusal
    assert RULES.check(s.state, Concede(JAPAN)) is not None  # the rules say so too, not only the session
    s.play(Concede(US))
    assert s.outcome() is not None and s.outcome().winner == JAPAN  # type: ignore[union-attr]


def test_orders_batches() -> None:
    """Orders: a batch of a step's orders, checked one by one in turn (the refusal names the
    order), sealed after the last; only the last may roll dice; an empty batch is a plain Done."""
    from tests.games.victory_at_midway.helpers import day_position, session_at

    s = session_at(day_position(2))
    bad = Orders(US, (("move", "TF16", "K4"), ("move", "TF16", "J4")))
    refusal = s.check(bad)
    assert refusal is not None and refusal.startswith("Order 2 (TF16 to J4):") and "already moved" in refusal
    assert s.check(Orders(US, (("move", "TF16", "K4"), ("nonsense",)))) is not None
    s.play(Orders(US, (("move", "TF16", "K4"), ("move", "TF17", "K5"))))
    # Sealed, the US goes on to its next step at once (it is not asked in the Midway Air Strike
    # Assignment: no Japanese troops are ashore): see ``sequence.RUNS``.
    assert G.u(s.state, "Enterprise").loc == "K4" and RULES.step_of(s.state, US) == "search"
    s.play(Orders(JAPAN, ()))
    assert s.state.step != "ship-movement"


def _batch_digest(scenario: str | None, options: dict[str, bool] | None, seeds: range) -> tuple[str, list[object]]:
    """A digest of a fixed batch of bot games: every action, every event (text, audience and
    data) and the final position, with each game's result, VPs and length."""
    import hashlib

    from midway_desktop.engine.records import fingerprint

    digest = hashlib.sha256()
    bots = default_bots(RULES)
    games: list[object] = []
    for seed in seeds:
        session = Session.start(RULES, scenario=scenario, options=options, seed=seed)
        outcome = play_out(session, bots, Rng(seed * 7919))
        for action in session.actions():
            digest.update(json.dumps(action.to_json(), sort_keys=True).encode())
        for event in session.events():
            digest.update(json.dumps(event.to_json(), sort_keys=True, default=str).encode())
        digest.update(fingerprint(session).encode())
        games.append((outcome.result, dict(outcome.scores), len(session.history)))
    return digest.hexdigest()[:24], games


_EVERY_OPTION = {o.name: True for o in RULES.options if o.choices == (False, True)}


@pytest.mark.parametrize(
    ("scenario", "options", "seeds", "expected"),
    [
        (None, None, range(1, 7), "426c9084cd97d2a7ada66722"),
        ("solitaire", None, range(1, 7), "0dc8f738c930174640251c65"),
        (None, _EVERY_OPTION, range(30, 33), "7d38025a39501db88fae9c68"),
        ("solitaire", _EVERY_OPTION, range(30, 33), "b440470297e9cf1b19b7bec4"),
    ],
)
def test_fixed_batches_are_pinned(
    scenario: str | None, options: dict[str, bool] | None, seeds: range, expected: str
) -> None:
    """Speed work must not change a game: the same seeds play the very same games (actions,
    events, final position), with or without every optional rule in play."""
    found, games = _batch_digest(scenario, options, seeds)
    assert found == expected, games


def test_runs_of_orders_apply_as_one_by_one() -> None:
    """A sealed batch's runs of moves, searches, launches and landings are applied at once
    (``_RUNS``): each gives the very position the orders give applied one after another."""
    from itertools import groupby

    from midway_desktop.games.victory_at_midway.actions import decoded
    from midway_desktop.games.victory_at_midway.rules import _APPLY, _RUNS

    bots = default_bots(RULES)
    checked = 0
    for seed in (3, 4):
        session = Session.start(RULES, seed=seed)
        bot_rng = Rng(seed)
        while RULES.outcome(session.state) is None:
            state = session.state
            side = RULES.to_act(state)[0]
            action = bots[side].choose(session, side, [], bot_rng)
            orders = decoded(action) if isinstance(action, Orders) else None
            if orders and state.battle is None:
                for cls, group in groupby(orders, key=type):
                    run = list(group)
                    if cls not in _RUNS:
                        continue
                    at_once = _RUNS[cls][0](G, state, run)
                    one_by_one = state
                    for order in run:
                        one_by_one = _APPLY[cls](G, one_by_one, order, Rng(0), [])
                    assert at_once == one_by_one, run
                    checked += 1
            session.apply_unchecked(action)
    assert checked > 50
