"""Whole Kido Butai games played at random through the window, as a new player would.

At every position the test reads everything the player can see (the orders, their buttons,
each counter's menu and tooltip, the refusal for every counter on every box, the log, the
status bar, the American phase dock, every question asked) and checks it is plain English
with no internal id; that whenever the phase cannot end the orders say why; and that every
order that loses units asks first. Orders go in the player's ways: drags, menus, buttons
and keys; the American phase is watched with Next, Play and Skip.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.actions import (
    JAPAN,
    AssignBombers,
    Destroy,
    EndPhase,
    Land,
    Launch,
    Move,
    step_action,
)
from midway_desktop.games.kido_butai.consequences import cost_of
from midway_desktop.ui.main_window import MainWindow
from tests.ui.text_checks import check_texts, plain

SEEDS = (1, 2, 3)
BOT_SEEDS = (4, 5)  # the Nagumo bot's plans, given order by order: long games, strikes, intercepts
BOT_RNG = Rng(1942)
WEIGHTS = {"Attack": 12, "Land": 6, "Launch": 4, "Move": 4}  # other orders 1


@pytest.fixture
def window(qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    w = MainWindow("kido-butai", persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.asked = []  # type: ignore[attr-defined]
    w.answer = True  # type: ignore[attr-defined]

    def ask(_parent: Any, title: str, text: str, yes_by_default: bool = True) -> bool:
        w.asked.append((title, text, yes_by_default))  # type: ignore[attr-defined]
        return w.answer  # type: ignore[attr-defined]

    monkeypatch.setattr("midway_desktop.ui.games.kido_butai.presenter.ask", ask)
    return w


def game_ids(w: MainWindow) -> list[str]:
    """Everything the code names things by that must never reach the player as is."""
    forces = w.controller.session.rules.forces
    ids = [s.id for s in forces.squadrons]
    ids += [c.name for c in forces.japanese] + [c.name for c in forces.american]
    ids += [b.name for b in forces.victory.bands]
    ids += [lb for lb in w.board.labels() if "-" in lb or any(ch.isdigit() for ch in lb)]
    ids += ["midway", "cap", "japanese", "american", "usa", "japan", "kido-butai", "assign-bombers"]
    return ids


def seen(w: MainWindow) -> list[tuple[str, str]]:
    """What the player can read now, as (where, text) pairs: prose first, then fragments."""
    p = w.presenter
    out: list[tuple[str, str]] = [("orders heading", p.heading.text())]
    out += [("orders", label.text()) for label in p.body.findChildren(QLabel) if label.isVisibleTo(p.body)]
    out += [("orders button", b.text()) for b in p.body.findChildren(QPushButton)]
    report = p.report
    out += [("American phase dock", report.status.text())]
    out += [("American phase dock", report.list.item(i).text()) for i in range(report.list.count())]
    out += [("playback button", b.text()) for b in (report.pause, report.next, report.skip)]
    out += [("log", e.text) for e in w.log_dock.model.events()]
    if w.statusBar().currentMessage():
        out.append(("status bar", w.statusBar().currentMessage()))
    out.append(("turn", w.turn_label.text()))
    out += [("dice", str(r.data.get("purpose", ""))) for r in w.dice_dock.dice.rolls]
    for piece, item in list(p.scene.counters.items()):
        menu = p._menu(piece)
        if menu is not None:
            out += [(f"menu of {piece}", a.text()) for a in menu.actions() if not a.isSeparator()]
            menu.deleteLater()
        options = p.legal_moves(item)
        if piece.startswith(("track-", "turn")):
            continue
        for label in sorted(w.board.labels()):
            if label == item.label and item.draggable:
                continue  # dropped back where it was: no move, nothing said
            if label not in options.cells:
                out.append((f"refusal {piece} to {label}", options.refusal(label)))
    out += [("question", f"{title}: {text}") for title, text, _ in w.asked]  # type: ignore[attr-defined]
    return out


def fragments(w: MainWindow) -> list[tuple[str, str]]:
    """Texts that are not sentences: counter tooltips, line by line."""
    out = []
    for piece, item in w.presenter.scene.counters.items():
        out += [(f"tooltip of {piece}", line) for line in plain(item.toolTip()).splitlines()]
    return out


def check_end_is_explained(w: MainWindow) -> None:
    """Class (b): End the phase unavailable ⇒ the orders say why, E says the same."""
    p = w.presenter
    if w.controller.outcome() is not None or p.playback.active:
        return
    buttons = [b.text() for b in p.buttons]
    if any(t.startswith(("End the phase", "Finish set-up")) for t in buttons):
        assert not p.body.findChildren(QLabel, "blocked")
        return
    reasons = [lab.text() for lab in p.body.findChildren(QLabel, "blocked")]
    assert reasons and reasons[0], f"the phase cannot end and nothing says why (buttons: {buttons})"
    refusal = w.controller.check(EndPhase(JAPAN))
    if refusal:
        assert refusal in reasons[0]
    assert p.key_pressed(Qt.Key.Key_E)
    assert w.statusBar().currentMessage() == reasons[0]


def watch_the_american_phase(w: MainWindow, rng: random.Random) -> None:
    """The phase waits for the player: it starts paused; Next, Play and Skip show it."""
    p = w.presenter
    playback = p.playback
    if not playback.active:
        return
    assert playback.paused and not playback.timer.isActive(), "the American phase ran on by itself"
    assert "Play (Space)" in p.report.pause.text()
    while playback.active and rng.randint(1, 3) == 1:
        p.key_pressed(Qt.Key.Key_N)
    p.key_pressed(Qt.Key.Key_Escape)
    assert not playback.active
    assert p.report.status.text().startswith("Done")
    if p.summary:
        assert all(line in p.report.status.text() for line in p.summary)


def planned(w: MainWindow, bot: Any) -> list[Any]:
    """The bot's next orders as a player gives them: one squadron at a time (an attack, an
    assignment, an intercept and the end of the phase whole)."""
    session = w.controller.session
    choice = bot.choose(session, JAPAN, w.controller.legal(JAPAN), BOT_RNG)
    out = []
    for step in choice.as_steps():
        verb, arg, names = step[0], step[1], step[2:]
        if verb in ("attack", "assign", "intercept", "end") or not names:
            out.append(step_action(step))
        else:
            out += [step_action((verb, arg, name)) for name in names]
    return out


def act(w: MainWindow, rng: random.Random, plan: list[Any] | None = None) -> None:
    """One order given the way a player gives it: the next of a plan, or chosen at random
    among the legal ones."""
    legal = w.controller.legal(JAPAN)
    if plan:
        act_out(w, rng, plan.pop(0))
        return
    end = [a for a in legal if isinstance(a, EndPhase)]
    destroy = [a for a in legal if isinstance(a, Destroy)]
    others = [a for a in legal if not isinstance(a, EndPhase | Destroy)]
    roll = rng.randint(1, 100)
    if end and (roll <= 15 or not others):
        action = end[0]
    elif destroy and (roll == 31 or not others):  # seldom, and mostly thought better of
        action = destroy[rng.randint(0, len(destroy) - 1)]
        w.answer = rng.randint(1, 4) == 1  # type: ignore[attr-defined]
    else:  # a player with a plan, roughly: strike, land, launch and fly before readying
        weights = [WEIGHTS.get(type(a).__name__, 1) for a in others]
        action = rng.choices(others, weights)[0]
    act_out(w, rng, action)


def act_out(w: MainWindow, rng: random.Random, action: Any) -> None:
    """Give one order by drag, menu, button or key, and check what it asked."""
    p = w.presenter
    before = w.controller.session.state
    asked = len(w.asked)  # type: ignore[attr-defined]
    cost = cost_of(w.controller.session.rules.forces, before, action)
    if isinstance(action, EndPhase):
        assert p.key_pressed(Qt.Key.Key_E)
    elif isinstance(action, Launch | Move | Land) and rng.randint(0, 1):
        piece = action.squadrons[0]
        target = action.carrier if isinstance(action, Land) else action.to
        p.dropped(piece, p.scene.counters[piece].label, target)
    else:
        piece = next(iter(getattr(action, "squadrons", ()) or getattr(action, "units", ())), None)
        menu = p._menu(piece if piece in p.scene.counters else f"cv-{piece}") if piece else None
        items = [a for a in menu.actions() if a.text().rstrip("…") == p.say(action)] if menu else []
        view = w.controller.view()
        text = p._assign_label(view, action) if isinstance(action, AssignBombers) else p.say(action)
        buttons = [b for b in p.buttons if b.text() == text]
        if items:
            items[0].trigger()
        elif buttons:
            buttons[0].click()
        else:  # a bot's attack with some of the squadrons there: no gesture gives it
            p.submit(action)
    QApplication.processEvents()
    # Class (c): an order that loses units asked first, naming them; a refusal changed nothing.
    if cost:
        assert len(w.asked) == asked + 1, f"{p.say(action)} lost units without asking"  # type: ignore[attr-defined]
        title, text, yes_by_default = w.asked[-1]  # type: ignore[attr-defined]
        assert not yes_by_default
        assert all(p.titles[u] in text for u in cost.lost + cost.at_risk)
        if not w.answer:  # type: ignore[attr-defined]
            assert w.controller.session.state == before
    else:
        assert len(w.asked) == asked, f"{p.say(action)} asked for no reason"  # type: ignore[attr-defined]
    w.answer = True  # type: ignore[attr-defined]


@pytest.mark.parametrize(("seed", "player"), [(s, "random") for s in SEEDS] + [(s, "bot") for s in BOT_SEEDS])
def test_whole_games_show_only_plain_english_and_explain_every_block(
    window: MainWindow, seed: int, player: str
) -> None:
    w = window
    w.start_new({}, seed=seed)
    rng = random.Random(seed)
    bot = default_bots("kido-butai")(w.controller.session.rules)[JAPAN] if player == "bot" else None
    plan: list[Any] = []
    ids = game_ids(w)
    texts: list[tuple[str, str]] = []
    frags: list[tuple[str, str]] = []
    for step in range(1500):
        if w.controller.outcome() is not None:
            break
        watch_the_american_phase(w, rng)
        check_end_is_explained(w)
        if step % 3 == 0:  # every third position: the whole lot of menus, tooltips and refusals
            texts += seen(w)
            frags += fragments(w)
        if bot is not None and not plan:
            plan = planned(w, bot)
        act(w, rng, plan)
        refusal = rng.randint(1, 10) == 1
        if refusal:  # now and then an order that is not allowed: the refusal must read well too
            w.controller.submit(
                Move(JAPAN, (rng.choice([s.id for s in w.controller.session.rules.forces.squadrons]),), "se-corner")
            )
            if w.statusBar().currentMessage():
                texts.append(("refused order", w.statusBar().currentMessage()))
    watch_the_american_phase(w, rng)
    assert w.controller.outcome() is not None, "the game did not end"
    texts += seen(w)
    problems = check_texts(texts, ids) + check_texts(frags, ids, sentence=False)
    assert not problems, f"{len(problems)} problems, first ones:\n" + "\n".join(problems[:40])
    fallback = [t for where, t in texts if where.startswith("refusal") and "may not go to" in t and "now (KB › 3)" in t]
    assert not fallback, "refusals without a reason:\n" + "\n".join(sorted(set(fallback))[:20])
