"""Odds from here never read the other side's orders of a sealed step (victory-at-midway.txt ›
The Turn Sequence: orders are secret until every side has given them).

Whole bot games are walked; at every point inside a sealed step where both sides still have
orders to give (Set-up, Ship Movement, Midway strikes, Search Assignment, Air Strike Assignment,
Air Preparation, Air Return), the side asking first gives some of its own orders or none, then
the game branches: the other side gives two different random runs of legal orders (sealed in
both branches, or in neither). The asker cannot tell the branches apart, so the positions the
odds play from (the re-drawn starts, for the same seeds) must be the same, and so must the odds.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from midway_desktop.engine.odds import hidden_rng, odds_from, sampler
from midway_desktop.engine.registry import default_bots, new_game
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import Done
from midway_desktop.games.victory_at_midway.hidden import before_the_reveal
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.sequence import SECRET, own_step
from midway_desktop.games.victory_at_midway.state import JAPAN, US, State, evolve

GAME = "victory-at-midway"
SEEDS = range(6)
DRAWS = 3  # re-drawn starts compared at each probe
ODDS_EVERY = 8  # every this many probes the odds themselves are compared (two games each)


def _orders(state: State, side: str, luck: Rng, seal: bool) -> State:
    """``state`` after ``side`` gives one to four random legal orders of its step (an order that
    would seal it, such as Prepare All, is left out), then seals if ``seal`` (and so, within a
    run of sealed steps played at one sitting, goes on to its next)."""
    for _ in range(1 + luck.below(4)):
        choices = [a for a in RULES.legal_actions(state, side) if not isinstance(a, Done)]
        if not choices:
            break
        after = RULES.advance(state, choices[luck.below(len(choices))], Rng(0))
        if side in after.sealed or own_step(after, side) != own_step(state, side):
            break
        state = after
    if seal:
        state = RULES.advance(state, Done(side), Rng(0))
    return state


def _branches(state: State, asker: str, luck: Rng) -> tuple[State, State] | None:
    """Two positions of the same sealed step that differ only in the enemy's unrevealed orders,
    after ``asker`` gave some of its own (or ``None`` when the enemy's orders came out the same)."""
    enemy = JAPAN if asker == US else US
    if luck.below(2):
        state = _orders(state, asker, luck, seal=False)
    seal = bool(luck.below(2))
    one = _orders(state, enemy, luck, seal)
    two = _orders(state, enemy, luck, seal)
    for x in (one, two):  # still unrevealed: the asker at its own step (a run goes on as one)
        assert (x.turn, own_step(x, asker)) == (state.turn, own_step(state, asker)) and x.battle is None
    return None if one == two else (one, two)


def _walk(seed: int) -> Counter[str]:
    """Probes along one bot game of the standard scenario; their count by step."""
    session = new_game(GAME, scenario="standard", seed=seed)
    rules = session.rules
    bots = default_bots(GAME)(rules)
    luck = Rng(seed)
    sample = sampler(GAME)
    probes: Counter[str] = Counter()
    while session.outcome() is None:
        state = session.state
        actors = session.to_act()
        if state.step in SECRET and state.battle is None and len(actors) == 2:
            asker = actors[luck.below(2)]
            pair = _branches(state, asker, luck)
            if pair is not None:
                one, two = pair
                assert rules.view(one, asker) == rules.view(two, asker)
                assert before_the_reveal(rules.game, one, asker) == before_the_reveal(rules.game, two, asker)
                for i in range(DRAWS):
                    draw = hidden_rng(seed, i)
                    assert sample(rules, one, asker, draw) == sample(rules, two, asker, hidden_rng(seed, i))
                if sum(probes.values()) % ODDS_EVERY == 0:
                    bots_for = default_bots(GAME)
                    first = odds_from(rules, one, asker, bots_for, 2, seed, scenario="standard")
                    assert first == odds_from(rules, two, asker, bots_for, 2, seed, scenario="standard")
                probes[state.step] += 1
        side = actors[0]
        session.apply_unchecked(bots[side].choose(session, side, session.legal_actions(side), luck))
    return probes


@pytest.mark.parametrize("seed", SEEDS)
def test_odds_never_read_the_enemys_sealed_orders(seed: int) -> None:
    probes = _walk(seed)
    # Each game is probed within its Ship Movement and Search Assignment steps, several turns over.
    assert probes["ship-movement"] >= 5 and probes["search"] >= 5, probes


def _mid_step(scenario: str, seed: int, asker: str) -> tuple[Any, State]:
    """A bot game's first position in a sealed step after turn 2 where ``asker`` is still to act
    and the enemy has sealed its orders."""
    session = new_game(GAME, scenario=scenario, seed=seed)
    bots = default_bots(GAME)(session.rules)
    luck = Rng(seed)
    enemy = JAPAN if asker == US else US
    while session.outcome() is None:
        state = session.state
        sealed_step = state.turn > 2 and state.step in SECRET and state.battle is None
        if sealed_step and asker in session.to_act() and enemy in state.sealed:
            return session, state
        actors = session.to_act()
        side = enemy if enemy in actors else actors[0]  # the enemy seals first where it may
        session.apply_unchecked(bots[side].choose(session, side, session.legal_actions(side), luck))
    raise AssertionError("no such position")


@pytest.mark.parametrize(("scenario", "asker"), [("standard", US), ("standard", JAPAN), ("solitaire", US)])
def test_the_enemy_gives_its_orders_afresh_in_each_continuation(scenario: str, asker: str) -> None:
    """The start the odds play from has the enemy unsealed, its units as the step found them,
    and the asker's own orders kept; the games play on (the enemy's bot, or in solitaire play
    the Japanese doctrine, gives its orders again)."""
    session, state = _mid_step(scenario, 3, asker)
    rules = session.rules
    game = rules.game
    enemy = JAPAN if asker == US else US
    start = before_the_reveal(game, state, asker)
    assert enemy not in start.sealed and enemy in rules.to_act(start)
    assert state.step_start is not None
    for i, uid in enumerate(game.ids):
        mine = game.side_of(uid) == asker
        assert start.units[i] == (state.units[i] if mine else state.step_start.units[i])
    assert rules.view(start, asker) == {**rules.view(state, asker), "sealed": sorted(start.sealed),
                                        "to_act": list(rules.to_act(start))}  # fmt: skip
    got = odds_from(rules, state, asker, default_bots(GAME), 3, 1, scenario=scenario)
    assert got.games == 3


def test_the_askers_own_orders_are_kept() -> None:
    """Taking the enemy's orders out keeps the asker's as they are, and the asker at its own
    step; a position with none of the enemy's is left as it is."""
    session = new_game(GAME, scenario="standard", seed=11)
    bots = default_bots(GAME)(session.rules)
    luck = Rng(11)
    checked: Counter[str] = Counter()
    while session.outcome() is None:
        state = session.state
        actors = session.to_act()
        # (both still in the step, neither gone on ahead: the enemy's seal would be taken back)
        if state.step in SECRET and state.battle is None and len(actors) == 2 and not state.ahead:
            for asker in actors:
                own = _orders(state, asker, luck, seal=bool(luck.below(2)))
                back = before_the_reveal(RULES.game, own, asker)
                if own.step_start is not None and own.step_start.step == own.step:
                    assert back == own
                else:  # (later in a run played at one sitting, the enemy goes back to its start)
                    assert own.step_start is not None and back.step == own.step_start.step
                mine = RULES.game.side_by_unit
                assert own_step(back, asker) == own_step(own, asker)
                assert [u for i, u in enumerate(back.units) if mine[RULES.game.ids[i]] == asker] == [
                    u for i, u in enumerate(own.units) if mine[RULES.game.ids[i]] == asker
                ]
                assert [x for x in back.searches if x.side == asker] == [x for x in own.searches if x.side == asker]
                assert [f for f in back.flights if mine[f.unit] == asker] == [
                    f for f in own.flights if mine[f.unit] == asker
                ]
                checked[state.step] += 1
        side = actors[0]
        session.apply_unchecked(bots[side].choose(session, side, session.legal_actions(side), luck))
    assert {"ship-movement", "search", "air-strikes", "air-preparation"} <= set(checked)


@pytest.mark.parametrize(("scenario", "seed"), [("standard", 0), ("standard", 1), ("solitaire", 0), ("solitaire", 1)])
def test_odds_never_read_the_enemys_hidden_pieces_between_steps(scenario: str, seed: int, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Between steps too: the enemy's secrets changed where the asker has not seen them (its
    unsighted pieces and submarines moved, its aircraft readied or not, as ``test_secrets``
    changes them) give the same re-drawn starts for the same seeds."""
    from tests.games.victory_at_midway import test_secrets

    monkeypatch.setattr(test_secrets, "swap_sighted", lambda *_: {})  # (sighted forces: see below)
    sample = sampler(GAME)
    pairs = 0
    for k, passed in enumerate(test_secrets.game_positions(scenario, {}, seed, "doctrine")[::3]):
        # (as if between steps: inside one, the enemy's units are taken from the step's start,
        # which would hide any change made here)
        state = evolve(passed, step_start=None)
        for asker in (US, JAPAN):
            changed = test_secrets.conceal(state, JAPAN if asker == US else US, Rng(k))
            if changed == state:
                continue
            assert RULES.view(changed, asker) == RULES.view(state, asker)
            for i in range(DRAWS):
                assert sample(RULES, state, asker, hidden_rng(k, i)) == sample(RULES, changed, asker, hidden_rng(k, i))
            pairs += 1
    assert pairs >= 20, pairs


def _unseen_group_kept_back(state: State) -> State | None:
    """``state`` with a Japanese group that is on the map out of the US player's sight still
    waiting to enter instead (VaM › Entry of Japanese Units: Japan may delay a group's entry;
    the US player sees neither), or ``None`` if there is no such group."""
    from midway_desktop.games.victory_at_midway.hidden import seen_hexes
    from midway_desktop.games.victory_at_midway.state import SHIP_OFF_MAP, set_units

    game = RULES.game
    seen = seen_hexes(game, state, US)
    for group in game.cat.groups:
        if group.side != JAPAN or group.entry is None:
            continue
        locs = {game.u(state, s).loc for s in group.ships}
        if len(locs) == 1 and not locs & (seen | SHIP_OFF_MAP) and not set(group.ships) & state.revealed:
            return set_units(game, state, {s: game.u(state, s)._replace(loc="entry", moved=0) for s in group.ships})
    return None


def test_odds_never_read_whether_an_unseen_japanese_group_has_entered() -> None:
    """VaM › Entry of Japanese Units: Japan may delay an entry unseen, so a group on the map out
    of the US player's sight and the same group still waiting are one position to the US: the
    odds draw the same continuations from both."""
    from tests.games.victory_at_midway import test_secrets

    sample = sampler(GAME)
    pairs = 0
    for k, passed in enumerate(test_secrets.game_positions("standard", {}, 0, "doctrine")[::5]):
        state = evolve(passed, step_start=None)
        kept = _unseen_group_kept_back(state)
        if kept is None:
            continue
        assert RULES.view(kept, US) == RULES.view(state, US)
        assert sample(RULES, state, US, hidden_rng(k, 0)) == sample(RULES, kept, US, hidden_rng(k, 0))
        pairs += 1
    assert pairs >= 20, pairs
