"""Every order a player may give has a table gesture or a button, and drops read back exactly."""

from __future__ import annotations

from midway_desktop.engine import new_game
from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import (
    AssignSearch,
    Done,
    Enter,
    Forgo,
    Form,
    Land,
    Move,
    Place,
    Strike,
)
from midway_desktop.games.victory_at_midway.gestures import (
    button_orders,
    candidate,
    destinations,
    gesture,
    movable,
)


def test_each_order_is_a_drop_or_a_button_and_each_drop_reads_back() -> None:
    session = new_game("victory-at-midway", seed=11)
    bots = default_bots("victory-at-midway")(session.rules)
    luck = Rng(4)
    seen: set[str] = set()
    for _ in range(160):
        if session.outcome() is not None:
            break
        side = session.to_act()[0]
        legal = session.legal_actions(side)
        buttons = button_orders(legal)
        for a in legal:
            g = gesture(a)
            assert (g is None) == (a in buttons)
            if g is None:
                continue
            piece, dest = g
            assert piece in movable(legal)
            back = destinations(legal, piece)[dest]
            assert gesture(back) == g  # the drop gives this order (or its twin, e.g. another wave)
            seen.add(type(a).__name__)
        session.play(bots[side].choose(session, side, legal, luck))
    assert {"Place", "Move", "AssignSearch", "Strike"} <= seen


def test_a_drop_suggests_the_order_it_most_likely_meant() -> None:
    assert candidate("setup", "us", "TF16", "K4") == Place("us", "TF16", "K4")
    assert candidate("ship-movement", "us", "TF16", "K4") == Move("us", "TF16", "K4")
    assert candidate("air-strikes", "japan", "Kaga-D1", "I5") == Strike("japan", "Kaga-D1", "I5")
    assert candidate("search", "us", "search:air", "H3") == AssignSearch("us", "air", "H3")
    assert candidate("air-return", "us", "Hornet-F1", "base:Hornet") == Land("us", "Hornet-F1", "Hornet")
    assert candidate("ship-movement", "us", "CA16.1", "formation:TF17") == Form("us", "CA16.1", "TF17")
    assert candidate("bomb-targets", "us", "Midway-H1", "unit:Akagi") is None  # only listed targets
    assert candidate("cap", "us", "Hornet-F1", "H3") is None  # a hex means nothing during CAP


def test_the_first_wave_is_what_a_drop_gives() -> None:
    legal = [Strike("us", "Hornet-D1", "E5", 1), Strike("us", "Hornet-D1", "E5", 2), Done("us")]
    assert destinations(legal, "Hornet-D1") == {"E5": legal[0]}
    assert button_orders(legal) == [legal[2]]
    entering = [Enter("japan", "1", "A1"), Enter("japan", "1", "A2", "First Fleet")]
    assert set(destinations(entering, "1")) == {"A1", "A2"}


def test_a_group_dropped_on_column_a_enters_in_its_fleet_box() -> None:
    """VaM › Stacking: the Fleet marker stands for the group's ships; the drop gives that entry,
    whichever order the list holds them in; a loose entry stays in the orders list."""
    loose, boxed = Enter("japan", "1", "A5"), Enter("japan", "1", "A5", "First Fleet")
    for legal in ([loose, boxed], [boxed, loose]):
        assert destinations(legal, "1") == {"A5": boxed}
    assert destinations([loose], "1") == {"A5": loose}  # the Fleet box is in use elsewhere
    waiting = {"2", "TT1"}
    assert candidate("ship-movement", "japan", "2", "A7", waiting) == Enter("japan", "2", "A7")
    assert candidate("setup", "japan", "TT1", "A7", waiting) == Enter("japan", "TT1", "A7")
    assert candidate("ship-movement", "japan", "2", "withdrawn", waiting) == Forgo("japan", "2")
    assert candidate("ship-movement", "japan", "2", "ditched", waiting) is None
