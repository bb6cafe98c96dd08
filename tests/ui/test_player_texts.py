"""Every text a player reads in Midway Solitaire and Victory at Midway is plain English with its
capitals and no internal ids: log lines, status messages, refusals for every counter dragged to
sampled cells, the docks' labels and buttons, menus and dock titles. Walked over whole games
played through the window (Kido Butai has its own walk in test_kido_butai_play)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QDockWidget, QLabel

from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from tests.ui.text_checks import check_texts


def _seen(w, pick: random.Random) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:  # type: ignore[no-untyped-def]
    """(sentences, fragments) the window shows now."""
    sentences = [("log", e.text) for e in w.log_dock.model.events()]
    message = w.statusBar().currentMessage()
    if message:
        sentences.append(("status bar", message))
    scene = w.scene
    cells = sorted(scene.board.labels())
    for piece, item in list(scene.counters.items()):
        moves = scene.legal_moves(item) if scene.legal_moves else None
        if moves is None or not cells:
            continue
        for label in pick.sample(cells, min(3, len(cells))):
            if label not in moves.cells:
                reason = moves.refusal(label)
                if reason:
                    sentences.append((f"refusal for {piece} to {label}", reason))
    fragments: list[tuple[str, str]] = []
    for dock in w.findChildren(QDockWidget):
        if dock.isHidden():
            continue
        fragments.append(("dock title", dock.windowTitle()))
        for label in dock.findChildren(QLabel):
            if label.isVisibleTo(dock) and label.text():
                fragments.append((f"{dock.windowTitle()} label", label.text()))
        for button in dock.findChildren(QAbstractButton):
            if button.isVisibleTo(dock) and button.text():
                sentences.append((f"{dock.windowTitle()} button", button.text()))
    for menu_action in w.menuBar().actions():
        menu = menu_action.menu()
        for a in menu.actions() if menu else ():
            if a.text():
                fragments.append((f"{menu_action.text()} menu", a.text().replace("&", "")))
    return sentences, fragments


@pytest.mark.parametrize(("game", "scenario"), [("midway-solitaire", None), ("victory-at-midway", None),
                                                ("victory-at-midway", "solitaire")])  # fmt: skip
def test_every_text_a_player_reads(qtbot, game: str, scenario: str | None) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(game, persist=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    w.start_new({}, 5, scenario)
    c = w.controller
    session = c.session
    bots = default_bots(game)(session.rules)
    luck = Rng(9)
    pick = random.Random(3)
    problems: list[str] = []
    for step in range(90):
        due = [s for s in session.to_act() if s in bots]
        if session.outcome() is not None or not due:
            break
        if c.viewer != due[0] and due[0] in session.humans:
            c.pass_to(due[0])
        if w.curtain.down:
            w.curtain.lift()
        if step % 3 == 0:
            QApplication.processEvents()
            sentences, fragments = _seen(w, pick)
            problems += check_texts(sentences)
            problems += check_texts(fragments, sentence=False)
        legal = session.legal_actions(due[0])
        action = bots[due[0]].choose(session, due[0], legal, luck)
        if legal and pick.random() < 0.2:
            action = pick.choice(legal)
        c.submit(action)
    unique = sorted(set(problems))
    assert not unique, "\n".join(unique[:40])
