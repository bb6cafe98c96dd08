"""``legal_sequence`` (a plain bot's list, its long runs made only when read) is ``legal_orders``'s
list exactly: the same orders in the same order, read one by one or whole, so a seed's choices
are the same either way."""

from __future__ import annotations

import pytest

from midway_desktop.engine import Session
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv.actions import Form, Regroup
from midway_desktop.games.cv.bots import PlainBot
from midway_desktop.games.cv.legal import Product, legal_orders, legal_sequence
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.sequence import as_played_by
from tests.games.cv.play import GAME, combat_session


def _play(session: Session, seed: int, actions: int) -> set[type]:
    bot, rng = PlainBot(), Rng(seed)
    met: set[type] = set()
    for _ in range(actions):
        if session.outcome() is not None:
            break
        for side in session.to_act():
            state = as_played_by(session.state, side)
            listed = legal_orders(GAME, state, side)
            lazy = legal_sequence(GAME, state, side)
            assert len(lazy) == len(listed)
            assert list(lazy) == listed
            assert [lazy[i] for i in range(len(lazy))] == listed
            if listed:
                assert lazy[-1] == listed[-1]
            met |= {type(a) for a in listed}
        side = session.to_act()[0]
        session.play(bot.choose(session, side, [], rng))
    return met


@pytest.mark.parametrize("seed", [1, 2])
def test_legal_sequence_is_the_legal_orders(seed: int) -> None:
    met = _play(Session.start(CvRules(GAME), scenario="short", seed=seed), seed, 300)
    assert Form in met, met


def test_legal_sequence_is_the_legal_orders_after_combat() -> None:
    met = _play(combat_session(3), 3, 200)
    assert Regroup in met, met


def test_product_reads_as_nested_loops() -> None:
    made = Product(lambda a, b, c: (a, b, c), [1, 2], "xyz", (True, False))  # type: ignore[arg-type, return-value]
    loops = [(a, b, c) for a in [1, 2] for b in "xyz" for c in (True, False)]
    assert len(made) == len(loops) and list(made) == loops
    assert [made[i] for i in range(len(made))] == loops and made[-1] == loops[-1] and made[2:5] == loops[2:5]
    with pytest.raises(IndexError):
        made[len(loops)]
    assert len(Product(lambda a, b: (a, b), [1], [])) == 0  # type: ignore[arg-type, return-value]
