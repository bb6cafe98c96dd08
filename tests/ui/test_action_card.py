"""Every action card's print reads whole at every dock width: the title never shrinks past
reading (it takes two lines instead), no two pieces of text lie over one another, and the card
is as tall as its print (the dock scrolls)."""

from __future__ import annotations

import pytest

from midway_desktop.engine import get_rules
from midway_desktop.games.midway_solitaire.view import card_view


@pytest.mark.parametrize("width", [260, 300, 360, 480])
def test_every_card_reads_whole(qtbot, width: int) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.ui.games.midway_solitaire.widgets import CardWidget

    widget = CardWidget()
    qtbot.addWidget(widget)
    widget.show()
    for card in get_rules("midway-solitaire").rs.deck.cards.values():
        widget.show_card(card_view(card), 25)
        areas = widget.print_areas(width)
        assert len(areas) >= 10  # title, number, movement heading, 3 chips, 3 moves, event, hazard, ...
        bottom = widget.needed_height(width)
        for i, a in enumerate(areas):
            assert a.left() >= 0 and a.right() <= width and a.bottom() <= bottom, (card_view(card)["title"], a)
            for b in areas[i + 1 :]:
                overlap = a.intersected(b)
                assert overlap.width() < 1 or overlap.height() < 1, f"{card_view(card)['title']}: text over text"
        widget.resize(width, 300)
        assert widget.minimumHeight() >= bottom - 1
