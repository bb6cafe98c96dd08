"""Help › Ruleset Values: every sourced value of the game's ruleset, filtered, searched, sorted."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from midway_desktop.games import GAME_IDS
from midway_desktop.ruleset import ruleset_dir
from midway_desktop.ruleset.provenance import SOURCES, ruleset_values
from midway_desktop.ui.ruleset_values import COLUMNS, PLACE, SOURCE, SOURCE_TIPS, RulesetValuesDialog
from tests.ui.text_checks import check_texts


@pytest.fixture
def dialog(qtbot):  # type: ignore[no-untyped-def]
    d = RulesetValuesDialog("cv")
    qtbot.addWidget(d)
    d.show()
    return d


@pytest.mark.parametrize("game", GAME_IDS)
def test_opens_on_the_provisional_values_of_each_game(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    d = RulesetValuesDialog(game)
    qtbot.addWidget(d)
    everything = ruleset_values(ruleset_dir(game))
    provisional = [v for v in everything if v.provisional]
    assert d.model.rowCount() == len(everything)
    shown = d.shown_rows()
    assert shown == provisional  # provisional only, each file's values in the order written
    assert d.shown.text() == f"{len(provisional)} of {len(everything)} shown"
    assert f"{len(provisional)} of {len(everything)} are provisional" in d.intro.text()
    # The chooser counts each source; with every source shown, the provisional ones come first.
    items = [d.source_box.itemText(i) for i in range(d.source_box.count())]
    assert items[0] == f"Every source ({len(everything)})" and f"Provisional ({len(provisional)})" in items
    d.choose_source("")
    rows = d.shown_rows()
    assert len(rows) == len(everything)
    order = [SOURCES.index(v.source) for v in rows]
    assert order == sorted(order) and rows[: len(provisional)] == provisional


def test_search_keeps_rows_holding_every_word_and_survives_a_source_change(dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.choose_source("")
    dialog.search.setText("midway READY")
    rows = dialog.shown_rows()
    assert rows and all(
        "midway" in f"{v.place} {v.value} {v.ref}".lower() and "ready" in f"{v.place} {v.value} {v.ref}".lower()
        for v in rows
    )
    assert "bases.yaml › bases › Midway › ready" in [v.place for v in rows]
    dialog.choose_source("rulebook")
    assert all(v.source == "rulebook" for v in dialog.shown_rows())
    dialog.search.clear()
    assert len(dialog.shown_rows()) == sum(1 for v in dialog.model.values if v.source == "rulebook")


def test_columns_sort_both_ways(dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.choose_source("")
    dialog.table.sortByColumn(SOURCE, Qt.SortOrder.DescendingOrder)
    rows = dialog.shown_rows()
    assert rows[0].source == "rulebook" and rows[-1].source == "provisional"
    dialog.table.sortByColumn(PLACE, Qt.SortOrder.AscendingOrder)
    assert dialog.shown_rows() == dialog.model.values  # the files' order
    dialog.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    values = [v.value.casefold() for v in dialog.shown_rows()]
    assert values == sorted(values)


def test_cells_show_place_value_source_and_reference_with_tooltips(dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.choose_source("")
    dialog.search.setText("Midway ready")
    proxy = dialog.proxy
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data() == "bases.yaml › bases › Midway › ready")
    cells = [proxy.index(row, c).data() for c in range(len(COLUMNS))]
    assert cells[:3] == ["bases.yaml › bases › Midway › ready", "14", "Provisional"]
    assert cells[3].startswith("Plane Handling Table")
    assert proxy.index(row, SOURCE).data(Qt.ItemDataRole.ToolTipRole) == SOURCE_TIPS["provisional"]
    assert "(line " in proxy.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)


@pytest.mark.parametrize("game", GAME_IDS)
def test_what_the_window_says_is_plain_english(qtbot, game: str) -> None:  # type: ignore[no-untyped-def]
    d = RulesetValuesDialog(game)
    qtbot.addWidget(d)
    texts = [("title", d.windowTitle()), ("intro", d.intro.text()), ("shown", d.shown.text())]
    texts += [("search", d.search.placeholderText()), ("search tip", d.search.toolTip())]
    texts += [("chooser tip", d.source_box.toolTip())] + [("tip", t) for t in SOURCE_TIPS.values()]
    fragments = [("header", c) for c in COLUMNS]
    fragments += [("chooser", d.source_box.itemText(i)) for i in range(d.source_box.count())]
    # Places are the app's words for where a value is; values and references are the files' own.
    fragments += [("place", v.place) for v in d.model.values]
    problems = check_texts(texts) + check_texts(fragments, sentence=False)
    assert not problems, "\n".join(problems[:20])


def test_help_menu_opens_it_on_the_windows_game_and_it_follows_a_switch(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.main_window import MainWindow

    w = MainWindow("kido-butai", persist=False)
    qtbot.addWidget(w)
    w.show()
    help_menu = w.menuBar().actions()[-1].menu()
    assert w.act_values in help_menu.actions()
    assert w.act_values.shortcut().toString() == "Ctrl+Shift+V"
    assert any(keys == "Ctrl+Shift+V" for keys, _ in w.shortcut_rows())
    w.act_values.trigger()
    QApplication.processEvents()
    d = w.values_dialog
    assert d is not None and d.isVisible() and d.game_id == "kido-butai"
    assert d.windowTitle() == "Ruleset values — Kido Butai"
    d.search.setText("Akagi")
    w.switch_game("cv")
    assert d.game_id == "cv" and d.windowTitle() == "Ruleset values — CV"
    assert d.search.text() == "Akagi" and all("akagi" in f"{v.place} {v.value} {v.ref}".lower() for v in d.shown_rows())
    w.act_values.trigger()  # again: the same window, brought up
    assert w.values_dialog is d
