"""Actions are values with a strict JSON round trip."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from midway_desktop.engine.actions import Action, ActionCodec, ActionError
from tests.engine.toy import Order


@dataclass(frozen=True)
class Route(Action):
    path: tuple[str, ...] = ()
    fuel: bool = False
    target: str | None = None
    type_name = "route"


CODEC = ActionCodec([Order, Route])


@given(st.sampled_from(["us", "japan"]), st.integers(-1, 1), st.integers(0, 4))
def test_order_round_trip(side: str, move: int, search: int) -> None:
    a = Order(side, move, search)
    assert CODEC.decode(a.to_json()) == a


@given(st.lists(st.sampled_from(["L4", "L5", "K5"]), max_size=3), st.booleans(), st.none() | st.just("A4"))
def test_tuples_bools_and_optionals_round_trip(path: list[str], fuel: bool, target: str | None) -> None:
    a = Route("us", tuple(path), fuel, target)
    assert CODEC.decode(a.to_json()) == a


@pytest.mark.parametrize(
    "data, problem",
    [
        ({"type": "launch", "side": "us"}, "unknown action type"),
        ({"type": "order", "side": "us", "move": "1"}, "whole number"),
        ({"type": "order", "side": "us", "move": True}, "whole number"),
        ({"type": "order", "move": 1}, "lacks 'side'"),
        ({"type": "order", "side": "us", "teleport": 3}, "unknown fields"),
        ({"type": "route", "side": "us", "path": "L4"}, "expected a list"),
        (["order"], "JSON object"),
    ],
)
def test_bad_actions_are_refused_with_a_reason(data: object, problem: str) -> None:
    with pytest.raises(ActionError, match=problem):
        CODEC.decode(data)  # type: ignore[arg-type]


def test_two_types_with_one_name_are_refused() -> None:
    with pytest.raises(ValueError):
        ActionCodec([Order, Order])
