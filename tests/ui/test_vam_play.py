"""Victory at Midway played through the window as a new player plays it: the docks always show
the current position, refusals give the rule that forbids, and a human Japanese player can do
by hand everything the solitaire doctrine does."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.engine import Session
from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway import doctrine
from midway_desktop.games.victory_at_midway.actions import Concede, Done, Enter
from midway_desktop.games.victory_at_midway.gestures import BOX_WORDS, SEARCH_PIECE
from midway_desktop.games.victory_at_midway.sequence import PHASES, as_played_by
from midway_desktop.ui.games.victory_at_midway import VictoryAtMidwayPresenter
from midway_desktop.ui.games.victory_at_midway.layout import is_hex
from tests.ui.vam_checks import assert_docks_match_view, every_box
from tests.ui.vam_driver import give

DOCTRINE_STEPS = frozenset(doctrine._STEPS)


def _window(qtbot, scenario: str | None = None, seed: int = 7):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("victory-at-midway", persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    w.start_new({}, seed, scenario)
    QApplication.processEvents()
    assert isinstance(w.presenter, VictoryAtMidwayPresenter)
    return w


def _settle() -> None:
    """What the event loop does between two gestures, widgets let go of included."""
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def _lift(w, qtbot) -> None:  # type: ignore[no-untyped-def]
    if w.curtain.down:
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)


def _random_game(w, qtbot, seed: int, each, until=None, eager: frozenset[str] = frozenset()) -> int:  # type: ignore[no-untyped-def]
    """Play a whole game: mostly the doctrine bots' orders, often a random single legal order
    instead (a piece moved, entered, forgone, sent or landed at random). ``each`` is called after
    every action; returns the number of actions. ``until`` may end the game early; in the
    ``eager`` steps each side first gives one random order before the doctrine's."""
    c, p = w.controller, w.presenter
    session = c.session
    bots = default_bots("victory-at-midway")(session.rules)
    luck, pick = Rng(seed), random.Random(seed)
    count = 0
    tried: set[tuple[int, str, str]] = set()
    while session.outcome() is None and not (until and until(session)):
        p.playback.skip()
        _lift(w, qtbot)
        side = c.viewer
        assert side in session.to_act()
        legal = [a for a in c.legal() if not isinstance(a, Concede)]
        singles = [a for a in legal if not isinstance(a, Done)]
        action = None
        point = (session.state.turn, session.state.step, side)
        if singles and session.state.step in eager and point not in tried:
            tried.add(point)
            action = pick.choice(singles)
        elif singles and pick.random() < 0.2:
            action = pick.choice(singles)
        else:
            action = bots[side].choose(session, side, session.legal_actions(side), luck)
            if c.check(action) is not None:  # an order taken at random spoiled the doctrine's plan
                action = Done(side) if Done(side) in legal else pick.choice(legal)
        assert c.submit(action), action.describe()
        count += 1
        _settle()
        each()
        assert count < 6000
    return count


@pytest.mark.parametrize(("scenario", "seed"), [(None, 3), ("solitaire", 4)])
def test_every_dock_shows_the_current_view_after_every_action(qtbot, scenario, seed) -> None:  # type: ignore[no-untyped-def]
    """Docks lagging one action behind (a Task Force still "to place" once placed, the log a
    step late): after every action of whole random games, hot-seat and solitaire, every dock,
    the map and the log show exactly the current view of the side at the screen."""
    w = _window(qtbot, scenario, seed)
    checked = []

    def check() -> None:
        assert_docks_match_view(w)
        checked.append(w.controller.view()["step"])

    assert_docks_match_view(w)
    n = _random_game(w, qtbot, seed, check)
    assert n == len(checked) and {"setup", "ship-movement", "search", "air-strikes"} <= set(checked) | {"setup"}


# -- refusals -------------------------------------------------------------------------------------
STEP_WORDS = re.compile(r"\b[a-z]+-[a-z]+(?:-[a-z]+)?\b")
KEY_WORDS = re.compile(r"\b(?:search|formation|base|unit|air|sighted|their-search):(?=\w)")
SELF_NEXT = re.compile(r"\b([A-Z]\d+) is not next to \1\b")


def _assert_plain(reason: str, piece: str, groups: set[str]) -> None:
    """Player-facing: no hex said not to be next to itself, no internal key, step or side id,
    no dragged group called by its bare number."""
    assert reason and reason[0].isupper(), reason
    assert not SELF_NEXT.search(reason), reason
    assert not KEY_WORDS.search(reason), reason
    internal = {w for w in STEP_WORDS.findall(reason) if w in PHASES or w in BOX_WORDS or w == "midway-strike"}
    assert not internal, reason
    assert not re.search(r"\b(?:us|japan)'s\b", reason), reason
    if piece in groups:  # a group is "the Turn 2 group", never "2"
        assert not re.search(rf"(?<!Turn )(?<![\w.]){piece}(?![\w.])", reason), reason


def _samples(p, view, pick: random.Random) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Drags a new player tries: each own piece (on the map, in a box, waiting to enter, a search
    marker) onto its own hex, a hex next to it, a far hex, a hex of column A, and a holding box."""
    side = view["viewer"]
    sv = view[side]
    pieces = [s["id"] for s in sv["ships"]] + list(sv["formations"]) + [a["id"] for a in sv["aircraft"]]
    pieces += [e["group"] for e in sv.get("entry", ())] + [SEARCH_PIECE + "air", SEARCH_PIECE + "ship"]
    pieces += [k for k in p.scene.counters if ":" in k]  # sighting, search and strike markers
    every_box(p.window)
    boxes = sorted({d for v in p.box_views.values() for d in v.destinations}) + ["cap", "withdrawn"]
    board = p.window.board
    labels = sorted(board.labels())
    out = []
    for piece in pick.sample(pieces, min(8, len(pieces))):
        item = p.scene.counters.get(piece)
        here = item.label if item is not None else pick.choice(labels)
        near = sorted(board.neighbors(here)) if here in labels else labels
        for dest in (here, pick.choice(near), pick.choice(labels), f"A{pick.randint(1, 12)}", pick.choice(boxes)):
            out.append((piece, dest))
    return out


def test_every_refusal_gives_the_rule_that_forbids_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Wrong reasons ("K4 is not next to K4", "2 is not one of your ships"): at every position of
    random hot-seat play, drags a new player tries that the rules refuse are answered with the
    rule itself, in the player's words; a piece that already moved says so, and a group whose
    entry turn has not come names that turn."""
    w = _window(qtbot, None, 11)
    p, c = w.presenter, w.controller
    pick = random.Random(11)
    seen: dict[str, int] = {"moved": 0, "early": 0, "refused": 0}

    def check() -> None:
        _lift(w, qtbot)
        view = c.view()
        side = view["viewer"]
        if side not in c.session.to_act():
            return
        groups = {e["group"] for e in view["japan"]["entry"]} if "japan" in view else set()
        moved = {s["formation"] or s["id"] for s in view[side]["ships"] if s["moved"] and is_hex(s["where"])}
        early = {
            e["group"]: e["earliest"] for e in view.get("japan", {}).get("entry", ()) if e["waiting"]
            and e["earliest"] is not None and e["earliest"] > view["turn"]
        }  # fmt: skip
        tries = _samples(p, view, pick)
        for piece in moved & set(p.scene.counters):  # the tester's re-drag of a Task Force that moved
            here = p.scene.counters[piece].label
            tries += [(piece, here), (piece, pick.choice(sorted(w.board.neighbors(here))))]
        for group in sorted(early):  # and of a group whose entry turn has not come (a few among many)
            tries.append((group, pick.choice(sorted(w.board.labels()))))
        for piece, dest in tries:
            if dest in p._dests(piece):
                continue
            reason = p._reason(piece, dest)
            seen["refused"] += 1
            _assert_plain(reason, piece, groups)
            if view["step"] == "ship-movement" and is_hex(dest) and not view.get("battle"):
                if piece in moved and piece in p.scene.counters:
                    assert "already moved" in reason, (piece, dest, reason)
                    seen["moved"] += 1
                if piece in early:
                    assert f"Turn {early[piece]}" in reason, (piece, dest, reason)
                    seen["early"] += 1

    _random_game(w, qtbot, 11, check, until=lambda s: s.state.turn >= 7, eager=frozenset({"ship-movement"}))
    assert seen["moved"] and seen["early"] and seen["refused"] > 200, seen


def test_a_dragged_entry_group_that_has_to_wait_says_until_when(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The tester's drags, exactly: on Turn 1 the Turn 2 group dropped on A7, and a Fleet dragged
    again after entering."""
    w = _window(qtbot, None, 7)
    c, p = w.controller, w.presenter
    bots = default_bots("victory-at-midway")(c.session.rules)
    luck = Rng(3)
    while not (c.session.state.turn == 1 and c.viewer == "japan"):
        _lift(w, qtbot)
        c.submit(bots[c.viewer].choose(c.session, c.viewer, c.session.legal_actions(c.viewer), luck))
    _lift(w, qtbot)
    labels = {r.piece: r for r in p.waiting_model.rows()}
    assert not labels["1"].dim and labels["2"].dim and "Turn 2" in labels["2"].label
    assert all(r.piece.isdigit() for r in labels.values())  # one row per group, not forty counters
    assert "Turn 2" in p._reason("2", "A7") and "Turn 2 group" in p._reason("2", "A7")
    give(w, qtbot, Enter("japan", "1", "A5", "First Fleet"))
    assert c.session.history[-1].action == Enter("japan", "1", "A5", "First Fleet")
    assert p.scene.counters["First Fleet"].label == "A5"
    assert len(every_box(w)["fm:First Fleet"].pieces()) == 9
    assert "1" not in {r.piece for r in p.waiting_model.rows()}
    assert "already moved" in p._reason("First Fleet", "A5")
    assert "already moved" in p._reason("First Fleet", "B5")


# -- the human Japanese player and the doctrine ---------------------------------------------------
def _fleets(view: dict) -> dict[str, tuple[str, tuple[str, ...]]]:  # type: ignore[type-arg]
    """Each Japanese Fleet box in use: its hex and its ships."""
    sv = view["japan"]
    return {
        name: (where, tuple(s["id"] for s in sv["ships"] if s["formation"] == name and s["where"] == where))
        for name, where in sv["formations"].items()
        if where and is_hex(where)
    }


def test_a_human_japanese_player_does_by_hand_what_the_doctrine_does(qtbot) -> None:  # type: ignore[no-untyped-def]
    """In a hot-seat game the Japanese player gives, by the window's gestures, every order the
    solitaire doctrine would give: each drop gives exactly the doctrine's order (a group enters
    in its own Fleet box), and the Fleet markers on the map and the Fleet boxes come out as the
    doctrine's own orders make them."""
    w = _window(qtbot, None, 5)
    c, p = w.controller, w.presenter
    session = c.session
    rules = session.rules
    bots = default_bots("victory-at-midway")(rules)
    luck = Rng(5)
    entered: set[str] = set()
    given = 0
    kinds: set[str] = set()
    while session.state.turn <= 10 and session.outcome() is None:
        _lift(w, qtbot)
        side = c.viewer
        state = as_played_by(rules.game, session.state, side)  # (at its own step: a side may go on ahead)
        if side == "us" or state.battle is not None or state.step not in DOCTRINE_STEPS:
            _settle()
            choice = bots[side].choose(session, side, session.legal_actions(side), luck)
            assert c.submit(choice)
            _settle()
            continue
        start = state
        orders = [a for a in doctrine.orders(rules.game, state) if a.side == "japan"]
        done: list[object] = []
        for order in orders:
            if c.check(order) is not None:
                continue  # the two-player rules differ (the Turn 13 group waits for a sighting)
            give(w, qtbot, order)
            _settle()
            assert session.history[-1].action == order, (order, session.history[-1].action)
            done.append(order)
            given += 1
            kinds.add(type(order).__name__)
            if isinstance(order, Enter):
                entered.add(order.piece)
        if state.step in ("ship-movement", "setup"):
            twin = Session(rules=rules, scenario="standard", options={}, seed=0, state=start, rng=Rng(0))
            for order in done:
                twin.play(order)
            want, now = _fleets(twin.view("japan")), _fleets(c.view())
            assert now == want
            for name, (where, ships) in want.items():
                assert p.scene.counters[name].label == where
                assert tuple(every_box(w)[f"fm:{name}"].pieces()) == ships
        if "japan" in session.to_act() and c.viewer == "japan" and Done("japan") in c.legal():
            give(w, qtbot, Done("japan"))
            _settle()
    assert {"1", "2", "3", "4"} <= entered and given > 20
    assert {"Enter", "Form", "Move", "MidwayStrike", "Land"} <= kinds
