"""The CV doctrine (``games.cv.doctrine``): whole Short Scenario games played to their end with
every order it gives accepted by the rules, battles fought, the same game from the same seed, and
choices that depend on nothing its side cannot see."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter

import pytest

from midway_desktop.engine import Rng, Session
from midway_desktop.engine.actions import Action
from midway_desktop.engine.bots import play_out
from midway_desktop.engine.records import replay, to_record
from midway_desktop.engine.seats import bots_for, resolve
from midway_desktop.games.cv.actions import Announce, Bomb, Done, Form, Plot, TakeOff
from midway_desktop.games.cv.doctrine import Doctrine, Referee, turn_index
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.state import State, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US

RULES = CvRules(GAME)


class Checked:
    """The doctrine, every order it gives checked by the rules before it is played, and each
    decision kept with the view it was made from."""

    uses_legal = False

    def __init__(self) -> None:
        self.bot = Doctrine(GAME)
        self.orders: list[Action] = []
        self.decisions: list[tuple[State, Doctrine, Action]] = []

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        before = copy.deepcopy((self.bot.seen, self.bot.given, self.bot.last))
        action = self.bot.choose(session, side, legal, rng)
        why = session.rules.check(session.state, action)
        assert why is None, f"{action.describe()}: {why}"
        self.orders.append(action)
        if len(self.orders) % 7 == 0:  # a sample of decisions, with the memory they were made with
            memory = Doctrine(GAME)
            memory.seen, memory.given, memory.last = before
            self.decisions.append((session.state, memory, action))
        return action


def _play(seed: int) -> tuple[Session, dict[str, Checked]]:
    session = Session.start(RULES, scenario="short", seed=seed)
    bots = {US: Checked(), JP: Checked()}
    play_out(session, bots, Rng(seed))
    return session, bots


@pytest.fixture(scope="module")
def games() -> list[tuple[Session, dict[str, Checked]]]:
    return [_play(seed) for seed in (1, 2)]


def test_short_scenarios_played_to_the_end_every_order_accepted(games) -> None:  # type: ignore[no-untyped-def]
    for session, bots in games:
        assert session.state.step == "over" and session.state.time == Time(4, 18)
        outcome = session.outcome()
        assert outcome is not None and outcome.result in ("american", "japanese", "draw")
        for side in (US, JP):
            kinds = Counter(type(a).__name__ for a in bots[side].orders)
            # it plots, readies, forms, flies: every part of the Sequence of Play is played
            assert {"Place", "Ready", "Form", "Plot", "TakeOff", "Done"} <= set(kinds), (side, kinds)


def test_it_seeks_battle_strikes_and_fights(games) -> None:  # type: ignore[no-untyped-def]
    """Over the seeded games: strikes of armed bombers take off and bomb, Battles are fought and
    ships are hit, on both sides."""
    battles = hits = 0
    bombed: set[str] = set()
    for session, bots in games:
        kinds = Counter(e.kind for e in session.events())
        battles += kinds["battle"]
        hits += kinds["ship-hit"] + kinds["base-hit"]
        for side in (US, JP):
            if any(isinstance(a, Bomb) for a in bots[side].orders):
                bombed.add(side)
            assert any(isinstance(a, Form) and a.weapon for a in bots[side].orders)  # strikes formed
            assert any(isinstance(a, TakeOff) and a.cap for a in bots[side].orders)  # CAP flown
    assert battles >= 4 and hits >= 2 and bombed == {US, JP}


def test_the_same_seed_plays_the_same_game() -> None:
    """Deterministic: the doctrine's choices come from the views and its own luck only."""

    def orders(seed: int) -> list[str]:
        session = Session.start(RULES, scenario="short", seed=seed)
        session.state = evolve(session.state, last=Time(4, 7))  # (seven Turns are enough to compare)
        bots = {US: Doctrine(GAME), JP: Doctrine(GAME)}
        play_out(session, bots, Rng(seed))
        return [step.action.describe() for step in session.history]

    first = orders(4)
    assert first == orders(4) and len(first) > 100


def _hidden_changes(state: State, side: str) -> State:
    """The same position for ``side``, with what it cannot see changed: the enemy's planes
    aboard its Task Forces (never revealed, III.C) halved, and enemy Task Forces it does not
    observe moved to another hex no observer of the side sees."""
    enemy = JP if side == US else US
    changed = []
    for t in state.task_forces:
        if t.side == enemy:
            planes = t.planes
            for sec in ("a", "b", "c"):
                planes = planes.with_(sec, [dataclasses.replace(p, factors=max(1, p.factors // 2))
                                            for p in planes.of(sec)])  # fmt: skip
            t = dataclasses.replace(t, planes=planes)
        changed.append(t)
    out = evolve(state, task_forces=tuple(changed))
    seen = RULES.view(state, side)
    observed = {x["hex"] for x in seen["observed"]["ships"]}
    for i, t in enumerate(out.task_forces):
        if t.side != enemy or not t.on_map or t.hex is None or t.hex in observed:
            continue
        for hex_ in sorted(GAME.board.neighbors(t.hex))[:2]:
            moved = list(out.task_forces)
            moved[i] = dataclasses.replace(t, hex=hex_)
            trial = evolve(out, task_forces=tuple(moved))
            if RULES.view(trial, side) == seen:
                out = trial
                break
    return out


def test_its_choices_depend_only_on_its_sides_view(games) -> None:  # type: ignore[no-untyped-def]
    """Given the same view (and memory), the same choice, whatever the enemy's hidden planes and
    unobserved Task Forces: the doctrine never reads what its side may not know."""
    compared = moved = 0
    for _session, bots in games:
        for side in (US, JP):
            for state, memory, action in bots[side].decisions[::3]:
                other = _hidden_changes(state, side)
                assert other != state
                assert RULES.view(other, side) == RULES.view(state, side)  # (the premise: nothing seen changed)
                moved += [t.hex for t in other.task_forces] != [t.hex for t in state.task_forces]
                for position in (state, other):
                    s = Session.start(RULES, scenario="short", seed=1)
                    s.state = position
                    bot = Doctrine(GAME)
                    bot.seen, bot.given, bot.last = copy.deepcopy((memory.seen, memory.given, memory.last))
                    assert bot.decide(s.view(side), side, Referee(s, side), Rng(0)) == action
                compared += 1
    assert compared >= 20 and moved >= 5


def test_it_answers_any_order_it_does_not_know_with_a_legal_default() -> None:
    """A step it has no rule for (a later rule's asked choice) gets Done if offered, else the
    first order the rules offer."""
    session = Session.start(RULES, scenario="short", seed=1)
    bot = Doctrine(GAME)
    view = session.view(US)
    legal = list(session.legal_actions(US))
    unknown = {**view, "step": "a-step-to-come"}
    assert bot.decide(unknown, US, Referee(session, US, legal), Rng(0)) in legal


def test_the_computer_may_take_either_side() -> None:
    scenario = RULES.scenario("short")
    for side in (US, JP):
        assert [p.name for p in RULES.computer_players(scenario, side)] == ["doctrine", "strong"]
    other = JP
    seats = resolve(RULES, scenario, (US,))
    assert seats == {other: "doctrine"}
    assert isinstance(bots_for(RULES, scenario, seats)[other], Doctrine)


def test_turn_index_reads_the_time_record() -> None:
    assert turn_index("0400 June 4") == Time(4, 4).index and turn_index("2400 June 3") == Time(3, 24).index


def _first_order(session: Session, bot: Doctrine, side: str) -> Action:
    """The bot's first order that is not a Condition 2 announcement (those are played)."""
    while True:
        action = bot.decide(session.view(side), side, Referee(session, side), Rng(0))
        if not isinstance(action, Announce):
            return action
        session.play(action)


def test_task_forces_steer_for_the_enemy_they_have_seen() -> None:
    """With an enemy sighting in mind, a carrier Task Force plots toward it (down to its striking
    distance); the Japanese, knowing of nothing, close on Midway."""
    session = Session.start(RULES, scenario="short", seed=1)
    while session.state.step != "ship-plotting":
        session.play(Done(session.to_act()[0]))
    view = session.view(US)
    tf = next(t for t in view[US]["task_forces"] if t["capacity"] > 0)
    ring = GAME.board.within(tf["hex"], 12) - GAME.board.within(tf["hex"], 11)
    sighting = sorted(ring)[0]
    bot = Doctrine(GAME)
    bot.seen = {sighting: (bot._now(view), 10)}
    plot = _first_order(session, bot, US)
    assert isinstance(plot, Plot) and plot.task_force == tf["number"] and plot.path
    assert GAME.board.distance(plot.path[-1], sighting) < 12
    plot = _first_order(session, Doctrine(GAME), JP)
    assert isinstance(plot, Plot) and plot.path
    start = next(t["hex"] for t in session.view(JP)[JP]["task_forces"] if t["number"] == plot.task_force)
    assert GAME.board.distance(plot.path[-1], GAME.midway) < GAME.board.distance(start, GAME.midway)


def test_a_saved_and_loaded_game_leaves_the_computer_its_notes() -> None:
    """Seated anew in a loaded game, the doctrine takes again the notes of the side's last
    ``MEMORY`` Turns from its past views: it remembers the same sightings and order counts, and
    so makes the same choice as the player that never stopped."""
    session = Session.start(RULES, scenario="short", seed=3)
    bots = {US: Doctrine(GAME), JP: Doctrine(GAME)}
    luck = Rng(3)
    remembered = 0
    for side in (US, JP):  # a stop where each side is next to act
        while len(session.history) < 400 or session.to_act()[0] != side:
            actor = session.to_act()[0]
            session.apply_unchecked(bots[actor].choose(session, actor, [], luck))
        loaded = replay(to_record(session))
        fresh = Doctrine(GAME)
        assert fresh.choose(loaded, side, [], Rng(5)) == bots[side].choose(session, side, [], Rng(5))
        assert (fresh.seen, fresh.given, fresh.last) == (bots[side].seen, bots[side].given, bots[side].last)
        remembered += len(fresh.seen)
    assert remembered > 0  # (the premise: there was something to remember)


def test_a_base_that_can_launch_no_more_does_not_hold_back_the_carriers_strike() -> None:
    """Midway's bombers in reach of a sighting but its Launch Factor spent this Turn (Basic
    IV.A.2.a, VIII.A.1.c): the strike forms on the carriers, which can launch (it once formed
    nowhere, and the carriers' bombers sat in C all game)."""
    session = Session.start(RULES, scenario="short", seed=1)
    players, luck = {US: Doctrine(GAME), JP: Doctrine(GAME)}, Rng(1)
    while not (
        session.state.step == "form-air-units" and not GAME.data.charts.time_record.is_night(session.state.time)
    ):
        actor = session.to_act()[0]
        session.play(players[actor].choose(session, actor, [], luck))
    bot = Doctrine(GAME)
    view = session.view(US)
    launch = max(bot._box(view, US, "midway")["launch"])  # type: ignore[index]
    session.state = evolve(
        session.state,
        bases=tuple(evolve(b, launched=launch) if b.id == "midway" else b for b in session.state.bases),
    )
    view = session.view(US)
    carriers = next(t["hex"] for t in view[US]["task_forces"] if t["capacity"] > 0 and t["hex"])
    both = []  # hexes both Midway's bombers and the carriers' reach
    for h in sorted(GAME.board.within(carriers, 10)):
        bot.seen = {h: (bot._now(view), 10)}
        if bot._strike_planes(view, US, "midway", GAME.midway, None) and any(
            bot._strike_planes(view, US, f"tf{t['number']}", carriers, None) for t in view[US]["task_forces"]
        ):
            both.append(h)
    assert both  # (the premise: a sighting Midway would strike first, were it able to launch)
    bot.seen = {both[0]: (bot._now(view), 10)}
    assert bot._room(view, US)["midway"] == 0
    form = _first_order(session, bot, US)
    assert isinstance(form, Form) and form.weapon and form.box.startswith("tf"), form
