"""Actions are values with a strict JSON round trip."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from midway_desktop.engine.actions import Action, ActionCodec, ActionError, action
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


@action
class _Aim(Action):
    """Two fields besides the side."""

    piece: str
    hex: str
    type_name: ClassVar[str] = "aim"


@action
class _Pass(Action):
    """The side alone."""

    type_name: ClassVar[str] = "pass"


@dataclass(frozen=True)
class _PlainAim(Action):
    piece: str
    hex: str
    type_name: ClassVar[str] = "aim"


_word = st.text(alphabet="ABCXYZ019", max_size=3)


@given(_word, _word, _word, _word, _word, _word)
def test_an_action_type_made_with_action_compares_hashes_and_reads_as_a_dataclass(  # noqa: PLR0913
    s1: str, p1: str, h1: str, s2: str, p2: str, h2: str
) -> None:
    """``action`` makes the same values as a frozen dataclass: equal exactly when of one type
    with equal fields, equal ones hash alike, the same repr, still frozen and replaceable."""
    a, b = _Aim(s1, p1, h1), _Aim(s2, p2, h2)
    plain_a, plain_b = _PlainAim(s1, p1, h1), _PlainAim(s2, p2, h2)
    assert (a == b) == (plain_a == plain_b) == ((s1, p1, h1) == (s2, p2, h2))
    assert a == _Aim(s1, p1, h1) and hash(a) == hash(_Aim(s1, p1, h1))
    assert repr(a) == repr(plain_a).replace("_PlainAim", "_Aim")
    assert (_Pass(s1) == _Pass(s2)) == (s1 == s2) and hash(_Pass(s1)) == hash(_Pass(s1))
    assert _Pass(s1) != Action(s1) and a != plain_a  # another type is never equal
    assert len({a, _Aim(s1, p1, h1), _Pass(s1)}) == 2
    assert dataclasses.replace(a, hex=h2) == _Aim(s1, p1, h2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.hex = h2  # type: ignore[misc]
