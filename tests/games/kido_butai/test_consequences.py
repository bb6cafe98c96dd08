"""Every order that loses units says so before it is given (KB › 3, Clarifications, Clarifications to 8).

Over positions of random games, every legal order is carried out and what its own orders
chapter reports lost (before any die of reconnaissance or the American phase) is compared
with what ``cost_of`` foretold: nothing lost unannounced, nothing announced that survives.
"""

from __future__ import annotations

import random

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.actions import JAPAN, Destroy, EndPhase
from midway_desktop.games.kido_butai.consequences import cost_of
from midway_desktop.games.kido_butai.display import OVER, TURNS
from midway_desktop.games.kido_butai.squadrons import LOST
from midway_desktop.games.kido_butai.views import build_view, changes
from tests.games.kido_butai.helpers import FORCES, RULES, seeded


def lost_in_the_orders(events: list) -> set[str]:  # type: ignore[type-arg]
    """Units the first orders chapter reports gone (the choice's own doing)."""
    first = next((e for e in events if e.kind == "orders"), None)
    if first is None:
        return set()
    data = first.data
    return {*data.get("lost", ()), *data.get("destroyed", ()), *data.get("sunk", ())}


def test_every_order_that_loses_units_is_foretold() -> None:
    checked = foretold = risky = 0
    for seed in range(30):
        s = seeded(RULES.setup(RULES.scenarios[0], {}, Rng(seed))[0], seed)
        pick = random.Random(seed)
        while s.state.stage != OVER:
            state = s.state
            legal = list(RULES.legal_actions(state, JAPAN))
            for action in legal:
                cost = cost_of(FORCES, state, action)
                after, events = RULES.apply(state, action, Rng(seed))
                gone = lost_in_the_orders(events)
                assert gone <= set(cost.lost), f"{action.describe(FORCES.titles)} lost {gone - set(cost.lost)} unasked"
                for unit in cost.lost:
                    i = FORCES.squadron_index.get(unit)
                    if i is not None:
                        assert after.squadrons[i].where == LOST
                    else:
                        assert after.decks[FORCES.carrier_index[unit]].hits >= 2
                if not isinstance(action, Destroy | EndPhase):
                    assert not cost, f"{action.describe(FORCES.titles)} is said to cost {cost}"
                if isinstance(action, EndPhase) and state.turn == TURNS - 1 and state.stage == "japanese":
                    aloft = {
                        FORCES.ids[i]
                        for i, sq in enumerate(state.squadrons)
                        if sq.where in ("cap", "centre", "ne-corner", "se-corner")
                    }
                    assert aloft <= set(cost.lost) | set(cost.at_risk)
                checked += 1
                foretold += bool(cost)
                risky += bool(cost.at_risk)
            useful = [a for a in legal if not isinstance(a, Destroy)] or legal
            end = [a for a in useful if isinstance(a, EndPhase)]
            s.play(end[0] if end and pick.random() < 0.2 else pick.choice(useful))
    assert checked > 1000 and foretold > 10 and risky


def test_changes_name_what_the_phase_cost() -> None:
    state = RULES.setup(RULES.scenarios[0], {}, Rng(1))[0]
    before = build_view(FORCES, state, JAPAN)
    hit = state._replace(
        squadrons=tuple(
            sq._replace(where=LOST) if FORCES.ids[i] == "kaga-b2" else sq for i, sq in enumerate(state.squadrons)
        ),
        found=True,
    )
    said = changes(before, build_view(FORCES, hit, JAPAN))
    assert said[0] == "Lost: Kaga bomber 2."
    assert "The Americans have found Kido Butai." in said
    assert changes(before, before) == []
