"""CV's orders as choices (``games.cv.choices``): one line a kind of move, the count or the hex
asked after. Walked over whole games: every counter's menu is short, every order is reached
through exactly one line, and no list names a count or a hex line by line."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Rng, Session, get_rules, new_game
from midway_desktop.games.cv.actions import (
    Arrange,
    Attack,
    Bomb,
    Conserve,
    Done,
    Eliminate,
    Fire,
    Form,
    Intercept,
    LetPass,
    Place,
    Ready,
    SetDie,
)
from midway_desktop.games.cv.bots import PlainBot
from midway_desktop.games.cv.choices import (
    LISTED,
    MENU_LINES,
    Choice,
    choices,
    count_choice,
    counter_choices,
    group_kind,
)
from midway_desktop.games.cv.demo import play_until
from midway_desktop.games.cv.gestures import gesture, order_group, order_groups, orders_for, pieces_with_orders, plotted
from midway_desktop.games.cv.legal import Placements, orders_now

# Orders given on the Combat Board's rows (ui.games.cv.combat_board), not by a counter.
ON_THE_COMBAT_BOARD = (Intercept, Conserve, Attack, Bomb, Eliminate, Arrange, SetDie, Fire)


def _flat(found: list[Choice]) -> list[object]:
    return [a for c in found for a in c.orders]


def _reached(found: list[Choice]) -> Counter[object]:
    """Every order a line leads to (a pick's options each, a count's counts each)."""
    out: Counter[object] = Counter()
    for c in found:
        if c.pick == "pick" and not c.subs:
            out.update(c.at(o).order for o in c.options)  # type: ignore[union-attr]
        elif c.pick == "pick":
            out.update(_flat([c.at(o) for o in c.options]))  # type: ignore[misc]
        elif c.pick == "count":
            out.update(c.by_count(n) for n in c.counts())
        else:
            out[c.order] += 1
    return out


def _in_use(view: dict) -> set[int]:  # type: ignore[type-arg]
    return {u["number"] for u in view[view["viewer"]].get("air_units", ())}


@pytest.mark.parametrize("seed", [5, 6])
def test_every_menu_of_a_whole_game_is_short_and_reaches_every_order(seed: int) -> None:
    """A Short Scenario played to its end by random legal orders: at every step, for every counter
    of the side to act, its menu has at most ``MENU_LINES`` lines; each order of the counter is
    reached through exactly one line (planes into Air units: those in use and the next empty
    box); no two lines are the same move by another count; and every legal order has a way in
    through the window (a seal, a drag, the Combat Board, or a counter's menu and Orders list:
    shadowing, jettisons and Interceptors' attacks had none)."""
    s = Session.start(get_rules("cv"), scenario="short", seed=seed)
    bot, rng = PlainBot(0.6), Rng(seed)
    menus = 0
    while s.outcome() is None:
        for side in s.to_act():
            legal = s.legal_actions(side)
            view = s.view(side)
            for piece in pieces_with_orders(legal, plotted(view)):
                found = counter_choices(legal, piece)  # (every Air Box offered: all orders reached)
                reached = _reached(found)
                assert max(reached.values(), default=1) == 1, piece
                named = [a for a in orders_for(legal, piece) if not isinstance(a, Place)]
                assert set(named) <= set(reached) and len(reached) >= len(named)
                short = counter_choices(legal, piece, _in_use(view))
                assert len(short) <= MENU_LINES, (s.state.step, piece, [c.label for c in short])
                lone = [c.order for c in short if c.pick == "" and hasattr(c.order, "factors")]
                assert all(count_choice(legal, a) is None for a in lone)
                menus += 1
            for name, orders in order_groups(legal).items():
                assert len(choices(orders, _in_use(view))) <= MENU_LINES, name
            for a in legal.rest if hasattr(legal, "rest") else legal:  # (every order has a way in)
                assert isinstance(a, (Done, LetPass, *ON_THE_COMBAT_BOARD)) or gesture(a) or order_group(a), a
        side = s.to_act()[0]
        s.play(bot.choose(s, side, s.legal_actions(side), rng))
    assert menus > 1000


def test_a_task_forces_set_up_is_one_line_its_hexes_never_made_one_by_one() -> None:
    s = new_game("cv", scenario="short", seed=3)
    legal = orders_now(s.rules.game, s.state, "american")
    found = counter_choices(legal, "tf1")
    setting = found[0]
    assert setting.pick == "pick" and isinstance(setting.orders, Placements)
    assert (
        setting.label.startswith("Set up Task Force 1 on a hex") and f"{len(setting.options):,} hexes" in setting.label
    )
    hex_ = setting.options[len(setting.options) // 2]
    assert setting.at(hex_).order == Place("american", 1, hex_)  # type: ignore[union-attr]
    assert setting.at("Z9999") is None


def test_planes_go_into_an_air_unit_in_use_or_the_next_empty_box() -> None:
    """Basic IV.A.2, VIII.F: on the table planes are put in an Air Box in use or the next free
    one; the menu does not offer each of 27 empty boxes."""
    s = new_game("cv", scenario="short", seed=3)
    play_until(s, "form-air-units", "american", orders=False)
    legal = s.legal_actions("american")
    forms = [a for a in legal if isinstance(a, Form)]
    assert len({a.air_unit for a in forms}) > LISTED
    found = choices(forms, in_use={2})
    targets = {a.air_unit for a in _flat(found)}  # type: ignore[attr-defined]
    assert targets <= {1, 2} and 1 in targets
    assert any("(a new Air unit)" in t for c in found for t in (c.label, *c.options))


def test_a_count_choice_lists_the_counts_fewest_first_and_gives_each() -> None:
    s = new_game("cv", scenario="short", seed=3)
    play_until(s, "plane-ready", "american", orders=False)
    legal = s.legal_actions("american")
    full = max((a for a in legal if isinstance(a, Ready)), key=lambda a: a.factors)
    counted = count_choice(legal, full)
    assert counted is not None and counted.pick == "count"
    assert counted.counts() == tuple(range(1, full.factors + 1))
    assert counted.order == full and counted.by_count(1) == Ready(**{**full.__dict__, "factors": 1})
    assert counted.label.startswith(f"1–{full.factors} ") and counted.label.endswith("…")
    assert count_choice(legal, counted.by_count(1)) is not None  # (any count stands for its stack)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_choices_are_the_orders_given_each_once(data: st.DataObject) -> None:
    """Whatever orders are listed, their choices reach each exactly once (property)."""
    pool = _pool()
    orders = data.draw(st.lists(st.sampled_from(pool), unique=True, max_size=80))
    found = choices(orders)
    assert sorted(map(repr, _reached(found).elements())) == sorted(map(repr, orders))


_POOL: list[object] = []


def _pool() -> list[object]:
    """Orders of several steps of a game (set-up's ready and stow orders, plots, flights)."""
    if not _POOL:
        s = new_game("cv", scenario="short", seed=3)
        for step in ("set-up", "plane-ready", "form-air-units", "ship-plotting"):
            play_until(s, step, "american", orders=False)
            _POOL.extend(a for a in s.legal_actions("american") if not isinstance(a, Place))
    return _POOL


def test_kinds_of_counter_in_the_orders_dock() -> None:
    assert [group_kind(n) for n in ("Task Force 3", "Air unit 5", "Midway B: Dauntless")] == [
        "Task Force",
        "Air unit",
        "planes",
    ]
    assert group_kind("Enemy Air unit 5 flying through B3010") == "Enemy Air unit"
