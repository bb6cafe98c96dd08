"""The American bot: legal, sensible, and the missions come out in the rulebook's order."""

from __future__ import annotations

from midway_desktop.engine import Rng, Session
from midway_desktop.engine.bots import play_out, simulate
from midway_desktop.games.midway_solitaire.actions import (
    US,
    AssignHits,
    EndTurn,
    LongRangeAttack,
    MoveTaskForce,
    TurnOrders,
)
from midway_desktop.games.midway_solitaire.bot import AmericanBot
from midway_desktop.games.midway_solitaire.rules import RULES, default_bots
from midway_desktop.games.midway_solitaire.state import Battle, but
from tests.games.midway_solitaire.helpers import first_card, flip, position, start_for

GRID = RULES.rs.grid


class _Seat:
    """Just enough of a Session for the bot: the state it reads."""

    def __init__(self, state) -> None:  # type: ignore[no-untyped-def]
        self.state = state


def choose(state, orders: bool = True):  # type: ignore[no-untyped-def]
    bot = AmericanBot(RULES, orders=orders)
    return bot.choose(_Seat(state), US, list(RULES.legal_actions(state, US)), Rng(1))


def test_default_bots_play_legal_whole_games() -> None:
    bots = default_bots(RULES)
    assert set(bots) == {US} and isinstance(bots[US], AmericanBot)
    for seed in range(12):
        s = Session.start(RULES, options={"mission": 1 + seed % 6}, seed=seed)
        play_out(s, bots, Rng(seed), checked=True)  # raises on any illegal choice
        assert s.over


def test_bot_sets_up_in_the_first_target_lane() -> None:
    s = Session.start(RULES, options={"mission": 1}, seed=1)
    action = default_bots(RULES)[US].choose(s, US, s.legal_actions(US), Rng(1))
    assert action.square in GRID.setup and action.square[1:] in ("6", "7")


def test_bot_keeps_a_crippled_task_force_off_hazard_squares() -> None:
    """A hazard hit would sink TF-17 (and lose mission 1): it stays off marked squares."""
    for square in sorted(GRID.submarines | GRID.danger):
        st = position(tf16="M9", tf17="M9", phase="us-movement", mission=1, damage={"TF-17": 3})
        st = but(st, task_forces=tuple(but(t, square=square) for t in st.task_forces))
        action = choose(st)
        assert isinstance(action, TurnOrders)
        assert RULES.check(st, action) is None
        for _, to in action.moves:
            assert to not in GRID.submarines | GRID.danger, square
        single = choose(st, orders=False)  # one step at a time: the same choice
        assert isinstance(single, MoveTaskForce) and (single.tf, single.to) == action.moves[0]


def test_bot_spreads_hits_to_keep_task_forces_afloat() -> None:
    """MS › Ship Attacks: the player assigns hits; the bot saves the crippled TF-17."""
    st = position(tf16="H6", tf17="H6", mif="H6", mission=1, damage={"TF-17": 3, "MIF": 3}, phase="assign-hits")
    st = but(st, battle=Battle("ship", "H6", ("TF-16", "TF-17"), ("MIF",), 1, 2, 2, 1))
    action = choose(st)
    assert isinstance(action, AssignHits)
    assert dict(action.on_american) == {"TF-16": 2, "TF-17": 0}


def test_a_kept_hit_assignment_is_the_one_worked_out() -> None:
    """The bot keeps its sharing of hits by the fight's hits and damage: the same fight with
    other damage is worked out anew, and a kept answer is the one worked out."""
    bot = AmericanBot(RULES)
    answers = set()
    for damage in ({"TF-17": 3, "MIF": 3}, {"TF-16": 4, "MIF": 1}, {}):
        st = position(tf16="H6", tf17="H6", mif="H6", mission=3, damage=damage, phase="assign-hits")
        st = but(st, battle=Battle("ship", "H6", ("TF-16", "TF-17"), ("MIF",), 1, 2, 2, 1))
        assert st.battle is not None
        worked = bot._new_assignment(st, st.battle)
        for _ in range(2):
            assert bot.choose(_Seat(st), US, [], Rng(1)) == worked
        answers.add(worked.on_american)
    assert len(answers) > 1


def test_bot_puts_hits_on_the_mission_target_first() -> None:
    st = position(tf16="H6", tf17="H6", mif="H6", csf="H6", mission=1, damage={"MIF": 2}, phase="assign-hits")
    st = but(st, battle=Battle("ship", "H6", ("TF-16", "TF-17"), ("CSF", "MIF"), 1, 2, 0, 3))
    action = choose(st)
    assert dict(action.on_japanese)["MIF"] >= 2


def test_bot_finishes_a_crippled_target_with_a_long_range_attack() -> None:
    """MS › Midway Strategy: save long range attacks to finish off a damaged unit."""
    card = first_card("all-clear")
    st = position(tf16="I4", tf17="I4", mission=3, damage={"CSF": 8}, top=[card], csf=start_for(card, "CSF", "H4"))
    after, _ = flip(st)
    assert after.phase == "long-range"
    assert isinstance(choose(after), LongRangeAttack)


def test_bot_declines_a_long_range_attack_that_could_lose_the_mission() -> None:
    """A failed attack costs a hit; at 3 hits TF-17 would sink and mission 1 be lost."""
    card = first_card("all-clear")
    st = position(tf17="I4", tf16="M9", mission=1, damage={"TF-17": 3}, top=[card], csf=start_for(card, "CSF", "H4"))
    after, _ = flip(st)
    assert isinstance(choose(after), EndTurn)


def test_bot_places_the_midway_aircraft_where_a_target_may_end() -> None:
    st = position(mission=1, mif="J7", tf16="M1", tf17="M1")
    action = choose(st)
    bot = AmericanBot(RULES)
    ends = {RULES.rs.path(n, 2, "J7", ["M1"])[-1] for n in RULES.rs.deck.numbers if RULES.rs.path(n, 2, "J7", ["M1"])}
    assert action.square in ends and action.square in GRID.ma_area
    assert bot is not None


def test_missions_come_out_in_the_rulebook_order_of_difficulty() -> None:
    """MS › Victory Conditions: 1 Easy, 2 Difficult, 3 More Difficult, 4-5 Very Difficult,
    6 Extremely Difficult (a coarse check; the full figures are in the benchmark)."""
    rates = {}
    for mission in (1, 3, 6):
        summary = simulate(RULES, default_bots, 250, 7, options={"mission": mission})
        rates[mission] = summary.interval("american-victory")[0]
    assert rates[1] > rates[3] > rates[6]
    assert rates[1] > 0.8 and rates[6] < 0.35


def test_the_bot_reads_the_board_not_the_cards_played() -> None:
    """The bot does not count cards (bot.py): its orders for a position are the same whichever
    cards have been played, which is what lets it keep orders by the position alone."""
    session = Session.start(RULES, options={"mission": 6}, seed=3)
    play_out(session, default_bots(RULES), Rng(3))
    turns = [s.before for s in session.history if s.before.phase == "us-movement" and s.before.played]
    assert turns, "the game had no turn after the first card"
    for state in turns[:6]:
        cards = state.played + state.deck
        reshuffled = but(state, played=cards[-len(state.played) :], deck=cards[: -len(state.played)])
        assert reshuffled.played != state.played
        assert AmericanBot(RULES)._new_orders(reshuffled) == AmericanBot(RULES)._new_orders(state)
