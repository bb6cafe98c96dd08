"""``@frozen_value`` behaves as ``@dataclass(frozen=True)`` does: equality, hash, repr, frozenness."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from midway_desktop.values import frozen_value


def _pair(body: dict[str, Any]) -> tuple[type, type]:
    """The same class made both ways."""
    made = []
    for decorate in (dataclass(frozen=True), frozen_value):
        ns = {k: (v() if callable(v) else v) for k, v in body.items()}
        made.append(decorate(type("Thing", (), ns)))
    return made[0], made[1]


BODIES: list[dict[str, Any]] = [
    {"__annotations__": {}},
    {"__annotations__": {"a": "int"}},
    {"__annotations__": {"a": "int", "b": "str", "c": "tuple[int, ...]"}, "c": ()},
    # a field left out of equality and repr, as the rulesets' ``where`` nodes are
    {
        "__annotations__": {"a": "int", "b": "str", "where": "Any"},
        "where": lambda: field(default=None, compare=False, repr=False),
    },
    # a field compared but not hashed
    {"__annotations__": {"a": "int", "b": "str"}, "b": lambda: field(default="", hash=False)},
]

values = st.one_of(st.integers(-3, 3), st.text(max_size=2), st.tuples(st.integers(0, 2)))


@pytest.mark.parametrize("body", BODIES)
@given(xs=st.lists(st.lists(values, min_size=3, max_size=3), min_size=2, max_size=2))
def test_frozen_value_matches_a_frozen_dataclass(body: dict[str, Any], xs: list[list[Any]]) -> None:
    plain, fast = _pair(body)
    n = len(dataclasses.fields(plain))
    p = [plain(*x[:n]) for x in xs]
    f = [fast(*x[:n]) for x in xs]
    assert (p[0] == p[1]) == (f[0] == f[1])
    assert (p[0] != p[1]) == (f[0] != f[1])
    assert hash(p[0]) == hash(f[0]) and hash(p[1]) == hash(f[1])  # the same tuple is hashed
    assert repr(p[0]) == repr(f[0])
    assert f[0] != p[0] and f[0] != (*xs[0][:n],)  # another class is never equal
    assert dataclasses.replace(f[0]) == f[0]
    assert [x.name for x in dataclasses.fields(fast)] == [x.name for x in dataclasses.fields(plain)]
    if n:
        with pytest.raises(dataclasses.FrozenInstanceError):
            f[0].a = 1
        with pytest.raises(dataclasses.FrozenInstanceError):
            del f[0].a


def test_a_class_writing_its_own_equality_keeps_the_dataclass() -> None:
    class Own:
        def __eq__(self, other: object) -> bool:
            return True

    with pytest.raises(TypeError, match="its own"):
        frozen_value(Own)
