"""A status-bar message is never cut off (issue 37: long refusals ran under the turn line).

In every game's window, at 1024, 1280 and 1920 pixels wide, every message, from a word to the
longest refusal the rules give and longer still: the message reads whole, wrapped onto as many
lines as the bar shows, or as much of it as fits ending in "…" with the whole in its tooltip
and shown at a click on it; nothing of it runs under the bar's other labels or off the window;
and once it is gone the bar is as it was (the hex readout back, its own height again)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QToolTip

from midway_desktop.games import GAME_IDS
from midway_desktop.ui.status_bar import ELLIPSIS, MessageLabel

SIZES = [(1024, 700), (1280, 800), (1920, 1080)]
WORDS = [
    "the",
    "Air",
    "Unit",
    "Movement",
    "Phase",
    "Landing",
    "Step",
    "may",
    "not",
    "go",
    "there",
    "(CV",
    "›",
    "Basic",
    "VIII.D.4)",
]


def _window(qtbot, game: str, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow(game, persist=False)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    if w.curtain.down:
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    return w


def refusals(w) -> list[str]:  # type: ignore[no-untyped-def]
    """The rules' refusals of drops a new player tries here (a game played by drag and drop):
    every counter on the map and in the boxes onto hexes and boxes at random."""
    p = w.presenter
    if not hasattr(p, "_reason"):
        return []
    pick = random.Random(3)
    labels = sorted(w.board.labels())
    pieces = sorted(p.scene.counters) + sorted(
        x for v in getattr(p, "box_views", {}).values() for x in v.box_model.pieces()
    )
    boxes = sorted({d for v in getattr(p, "box_views", {}).values() for d in v.destinations})
    found = set()
    for piece in pick.sample(pieces, min(25, len(pieces))):
        for dest in [pick.choice(labels) for _ in range(4)] + pick.sample(boxes, min(3, len(boxes))):
            if dest not in p._dests(piece):
                found.add(p._reason(piece, dest))
    return sorted(found, key=len)


def messages(w) -> list[str]:  # type: ignore[no-untyped-def]
    """A word, a line, the game's longest refusals, and longer still."""
    made = [" ".join(WORDS[i % len(WORDS)] for i in range(n)) + "." for n in (12, 30, 60, 120)]
    return ["Undone.", *refusals(w)[-3:], *made]


def assert_reads(w, text: str) -> None:  # type: ignore[no-untyped-def]
    bar = w.statusBar()
    label: MessageLabel = bar.message
    assert bar.currentMessage() == text and label.isVisible()
    shown = label.text()
    # Whole, or a start of it cut between words and ending in "…", the whole a hover or click away.
    if shown != text:
        assert shown.endswith(ELLIPSIS) and text.startswith(shown[: -len(ELLIPSIS)]), shown
        assert label.toolTip() == text
        click(label)
        assert QToolTip.isVisible() and QToolTip.text() == text  # (at once: the next event may close it)
        QToolTip.hideText()
    # Every line of it inside the label, the label inside the bar, clear of the bar's other labels.
    inner = label.contentsRect()
    fm = label.fontMetrics()
    need = fm.boundingRect(QRect(0, 0, inner.width(), 1 << 20), int(Qt.TextFlag.TextWordWrap), shown)
    assert need.height() <= inner.height() and need.width() <= inner.width(), (need, inner, shown)
    where = label.geometry()
    assert bar.rect().contains(where), (where, bar.rect())
    for other in (w.turn_label, w.zoom_label, w.save_label):
        if other.isVisible():
            assert not where.intersects(other.geometry()), other.text()
    assert w.rect().contains(QRect(label.mapTo(w, QPoint(0, 0)), where.size()))


def click(label: MessageLabel) -> None:
    from PySide6.QtTest import QTest

    QTest.mouseClick(label, Qt.MouseButton.LeftButton, pos=label.rect().center())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_message_reads_whole_or_a_click_away_at_every_width(qtbot, game: str, size) -> None:  # type: ignore[no-untyped-def]
    w = _window(qtbot, game, size)
    bar = w.statusBar()
    w.cell_label.setText("Hex K5")
    QApplication.processEvents()
    height = bar.height()
    said = messages(w)
    elided = 0
    for text in said:
        bar.showMessage(text, 8000)
        QApplication.processEvents()
        assert_reads(w, text)
        assert not w.cell_label.isVisible()  # the hex readout gives way to the message
        elided += bar.message.text() != text
    assert elided >= 1  # (the longest is cut short at every width here: its click is tried)
    bar.clearMessage()
    qtbot.waitUntil(lambda: bar.height() == height, timeout=2000)  # (laid out again)
    assert not bar.message.isVisible() and w.cell_label.isVisible()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_refused_drop_says_why_in_full(qtbot, size) -> None:  # type: ignore[no-untyped-def]
    """Drops the rules refuse, as the player makes them, at Victory at Midway's first Search
    Phase, where the refusals are the longest (the search limits, with their rule): each reason
    reads whole in the bar or a click away, at every width."""
    from midway_desktop.engine.registry import default_bots
    from midway_desktop.engine.rng import Rng
    from midway_desktop.games.victory_at_midway.gestures import SEARCH_PIECE

    w = _window(qtbot, "victory-at-midway", size)
    w.start_new({}, 4, None)
    c, p = w.controller, w.presenter
    session = c.session
    bots = default_bots("victory-at-midway")(session.rules)
    luck = Rng(4)
    while not (session.state.step == "search" and c.viewer in session.to_act()):
        if w.curtain.down:
            qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
        side = c.viewer
        assert c.submit(bots[side].choose(session, side, session.legal_actions(side), luck))
    if w.curtain.down:
        qtbot.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    told = set()
    for kind in ("air", "ship"):
        piece = SEARCH_PIECE + kind
        for dest in sorted(w.board.labels())[::5]:
            if dest not in p._dests(piece):
                w.statusBar().clearMessage()
                p.dropped_on_map(piece, dest)  # (what the drop of a marker from its pile does)
                QApplication.processEvents()
                said = w.statusBar().currentMessage()
                assert said
                assert_reads(w, said)
                told.add(said)
    assert max(len(t) for t in told) > 150, max(told, key=len)
