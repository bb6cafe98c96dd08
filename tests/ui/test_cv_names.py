"""CV names boxes as the player does: "Task Force 1", "Midway", never the ids the rules keep
("tf1", "midway"), in the Orders dock's groups and lists and the charts' counters' tooltips,
walked over the first Turns of a game against the computer."""

from __future__ import annotations

from PySide6.QtCore import Qt

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


def test_boxes_are_named_as_the_player_names_them(qtbot) -> None:  # type: ignore[no-untyped-def]
    seen = 0
    for w in against_the_computer(qtbot, "american", (4, 6)):
        for where, text in _texts(w):
            bad = [x for x in text_problems(text, IDS, sentence=False) if x.startswith("internal id")]
            assert not bad, f"{where}: {text!r}: {bad}"
            seen += 1
    assert seen > 100
