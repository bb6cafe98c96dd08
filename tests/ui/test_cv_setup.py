"""CV's set-up preview in the window: each scenario's forces and Bases on the map, both sides,
nothing moving, and a dock listing every force with when and where it comes on."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QTreeWidgetItemIterator

from midway_desktop.games.cv.data import load_data
from midway_desktop.games.cv.setup_preview import setup_preview
from midway_desktop.ui.games.cv.setup import CHOICES, LEGIBLE_COUNTER_PX, STILL, CvSetupPresenter, parse_choice
from midway_desktop.ui.main_window import MainWindow
from tests.ui.text_checks import check_texts

DATA = load_data()


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitExposed(w)
    w.show_set_up_preview("III")  # CV opens on a game: the preview is shown on request
    w.view.fit()
    return w


def _tree_texts(presenter: CvSetupPresenter) -> list[str]:
    out = []
    it = QTreeWidgetItemIterator(presenter.tree)
    while it.value():
        item = it.value()
        out += [item.text(c) for c in range(presenter.tree.columnCount()) if item.text(c)]
        it += 1
    return out


def test_the_preview_shows_the_battle_of_midway_set_up_and_says_it_is_a_preview(window: MainWindow) -> None:
    p = window.presenter
    assert isinstance(p, CvSetupPresenter) and p.choice == "III"
    assert p.dock.windowTitle() == "Scenario set-up" and p.dock.isVisible()
    said = " ".join(lbl.text() for lbl in p.dock.findChildren(QLabel))
    assert "Set-up preview" in said and "both sides are shown" in said
    assert "New Game plays CV" in said and window.controller.session is None


@pytest.mark.parametrize("key", [k for k, _ in CHOICES])
def test_each_scenario_puts_its_forces_and_bases_at_their_places(window: MainWindow, key: str) -> None:
    p = window.presenter
    assert isinstance(p, CvSetupPresenter)
    p.show_scenario(key)
    assert p.chooser.currentData() == key
    preview = setup_preview(DATA, *parse_choice(key))
    counters = window.scene.counters
    assert len(counters) == len(preview.forces) + len(preview.bases)
    for f in preview.forces:
        item = counters[f"{f.side}-force-{f.force}"]
        assert item.label == f.label
        assert item.face.side == {"american": "us", "japanese": "japan"}[f.side]
        assert item.face.reduced == (not f.at_start)  # still to come: the paler face
        assert f.where in item.toolTip() and f.ships[0] in item.toolTip()
    midway = counters["american-base-midway"]
    assert midway.label == "B2117" and midway.face.title == "Midway"
    assert f"{next(b for b in preview.bases if b.name == 'midway').air_factors} air" in midway.face.values
    assert not any(c.draggable for c in counters.values())
    texts = _tree_texts(p)
    assert f"Still to come ({len(preview.to_come)})" in texts
    for f in preview.forces:
        assert f.title in texts and (f.time or "At the start") in texts


def test_a_counter_clicked_says_nothing_moves(window: MainWindow) -> None:
    item = window.scene.counters["japanese-force-IA"]
    refused: list[str] = []
    window.scene.moveRefused.connect(lambda _p, reason: refused.append(reason))
    window.scene.refuse_pick(item)
    assert refused == [STILL]
    assert window.statusBar().currentMessage() == STILL


def test_picking_a_force_lights_its_area(window: MainWindow) -> None:
    p = window.presenter
    assert isinstance(p, CvSetupPresenter)
    p.show_scenario("II")
    rows = {p.tree.topLevelItem(0).child(i).text(0): p.tree.topLevelItem(0).child(i) for i in range(6)}
    p.tree.setCurrentItem(rows["Japanese Force IA"])
    assert window.scene.highlighted_cells() == frozenset(DATA.board.region("entry-b"))
    p.tree.setCurrentItem(p.tree.topLevelItem(0))
    assert window.scene.highlighted_cells() == frozenset()


def test_counters_stay_legible_when_the_map_is_fitted(window: MainWindow) -> None:
    window.view.fit()
    QApplication.processEvents()
    zoom = window.view.zoom()
    for item in window.scene.counters.values():
        assert item.size * item.scale() * zoom >= LEGIBLE_COUNTER_PX - 0.5
    window.view.set_zoom(2.0)
    assert all(item.scale() == 1.0 for item in window.scene.counters.values())


def test_switching_away_and_back_leaves_no_preview_behind(window: MainWindow) -> None:
    window.switch_game("midway-solitaire")
    assert not any(k.startswith(("american-", "japanese-")) for k in window.scene.counters)
    assert "Scenario set-up" not in [a.text() for a in window.view_menu.actions()]
    window.switch_game("cv")  # back to a CV game, the preview's counters all gone
    assert not isinstance(window.presenter, CvSetupPresenter)
    assert not any(k.startswith(("american-", "japanese-")) for k in window.scene.counters)
    window.show_set_up_preview("II")
    assert isinstance(window.presenter, CvSetupPresenter) and window.scene.counters


def test_what_the_preview_says_is_plain_english(window: MainWindow) -> None:
    p = window.presenter
    assert isinstance(p, CvSetupPresenter)
    problems: list[str] = []
    for key, text in CHOICES:
        p.show_scenario(key)
        sentences = [("status", window.statusBar().currentMessage())]
        sentences += [("label", lbl.text()) for lbl in p.dock.findChildren(QLabel) if lbl.text()]
        fragments = [("chooser", text), ("dock", p.dock.windowTitle())]
        fragments += [("list", t) for t in _tree_texts(p)]
        fragments += [(f"tooltip {k}", c.toolTip()) for k, c in window.scene.counters.items()]
        faces = [(k, c.face) for k, c in window.scene.counters.items()]
        fragments += [(f"face {k}", f"{f.title} {f.kind} {f.values}") for k, f in faces]
        problems += check_texts(sentences) + check_texts(fragments, sentence=False)
    assert not problems, "\n".join(sorted(set(problems))[:20])
