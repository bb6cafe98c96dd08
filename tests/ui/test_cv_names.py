"""CV names boxes as the player does: "Task Force 1", "Midway", never the ids the rules keep
("tf1", "midway"), in the Orders dock's groups and lists, the counters' menus and the charts'
counters' tooltips; and no menu or Orders list is a wall of counts and places (at most
``MENU_LINES`` lines): walked over the first Turns of a game against the computer, as each side."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from midway_desktop.games.cv.choices import MENU_LINES
from midway_desktop.games.cv.gestures import pieces_with_orders, plotted
from tests.ui.cv_driver import against_the_computer
from tests.ui.text_checks import text_problems

IDS = [f"tf{n}" for n in range(1, 15)] + ["midway", "hawaii", "johnston", "wake", "marshalls"]


def _texts(w) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    p = w.presenter
    out = [("orders group", p.group_box.itemText(i)) for i in range(p.group_box.count())]
    out += [("order", p.order_list.text(i)) for i in range(min(p.order_list.count(), 40))]
    for key, view in p.box_views.items():
        model = view.box_model
        for row in range(model.rowCount()):
            tip = model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole)
            if tip:
                out.append((f"box {key}", str(tip)))
    return out


def _menus(w) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Every line of the menu of every counter the person may give an order to, each menu and
    each of the Orders dock's lists checked short."""
    p = w.presenter
    out = []
    for piece in sorted(pieces_with_orders(p.legal, plotted(w.controller.view()))):
        p.piece_menu(piece, QPoint(0, 0))
        lines = [a.text() for a in p.menu.actions()]
        assert 0 < len(lines) <= MENU_LINES + 1, (piece, lines)  # (and "N more in the Orders dock")
        out += [(f"menu of {piece}", t) for t in lines]
        p._drop_menu()
    for i in range(p.group_box.count()):
        if p.group_box.itemData(i):
            p.group_box.setCurrentIndex(i)
            assert p.order_list.count() <= MENU_LINES, p.group_box.itemText(i)
    return out


# (The Japanese walk is shorter: the computer's American plays slowly in a window; the rules'
# own walk, tests/games/cv/test_choices.py, takes every menu of whole games.)
@pytest.mark.parametrize(("person", "until"), [("american", (4, 6)), ("japanese", (4, 3))])
def test_boxes_are_named_as_the_player_names_them_and_no_menu_is_a_wall(qtbot, person: str, until) -> None:  # type: ignore[no-untyped-def]
    seen = menus = 0
    for w in against_the_computer(qtbot, person, until):
        texts = _texts(w)
        if person in w.controller.session.to_act():
            lines = _menus(w)
            menus += len(lines)
            texts += lines
        for where, text in texts:
            bad = [x for x in text_problems(text, IDS, sentence=False) if x.startswith("internal id")]
            assert not bad, f"{where}: {text!r}: {bad}"
            seen += 1
    assert seen > 100 and menus > 100
