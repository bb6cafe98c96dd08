"""``@frozen_value`` behaves as ``@dataclass(frozen=True)`` does: equality, hash, repr, frozenness."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from midway_desktop import values as values_module
from midway_desktop.values import frozen_value, ordered_value


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


@pytest.mark.parametrize("body", BODIES)
def test_frozen_value_refuses_changes_as_a_frozen_dataclass_does(body: dict[str, Any]) -> None:
    plain, fast = _pair(body)
    n = len(dataclasses.fields(plain))
    for cls in (plain, fast):
        value = cls(*range(n))
        refused = []
        for name in ("a", "other"):
            with pytest.raises(dataclasses.FrozenInstanceError) as caught:
                setattr(value, name, 9)
            refused.append(str(caught.value))
            with pytest.raises(dataclasses.FrozenInstanceError) as caught:
                delattr(value, name)
            refused.append(str(caught.value))
        # A plain subclass's values take new names, never the fields.
        child = type("Child", (cls,), {})(*range(n))
        child.other = 1
        assert child.other == 1
        if n:
            with pytest.raises(dataclasses.FrozenInstanceError):
                child.a = 2
        cls.refused = refused  # type: ignore[attr-defined]
    assert fast.refused == plain.refused  # type: ignore[attr-defined]
    assert fast.__setattr__.__qualname__ == plain.__setattr__.__qualname__ == "Thing.__setattr__"


def test_the_frozen_methods_are_shared_where_they_can_be_and_dataclasses_is_left_as_it_was() -> None:
    own = getattr(dataclasses, "_frozen_get_del_attr", None)
    made = frozen_value(type("Thing", (), {"__annotations__": {"a": "int"}}))
    assert getattr(dataclasses, "_frozen_get_del_attr", None) is own
    if values_module._OWN_FROZEN is not None:  # (before Python 3.13: closures, nothing compiled)
        assert made.__setattr__.__code__ is values_module._frozen_methods(made, [], None)[0].__code__
    plain = dataclass(frozen=True)(type("Plain", (), {"__annotations__": {"a": "int"}}))
    assert plain.__setattr__.__code__.co_filename != values_module.__file__


def test_a_values_init_is_made_at_its_first_value_and_behaves_as_the_dataclass() -> None:
    body = {
        "__doc__": "A thing.",
        "__annotations__": {"a": "int", "b": "tuple[int, ...]", "c": "list[int]"},
        "b": (),
        "c": field(default_factory=list),
    }
    plain = dataclass(frozen=True)(type("Thing", (), dict(body)))
    fast = frozen_value(type("Thing", (), dict(body)))
    stub = fast.__dict__["__init__"]
    child = type("Child", (fast,), {})
    assert child(1) == child(1) and fast.__dict__["__init__"] is not stub  # made through a subclass
    assert fast.__init__.__qualname__ == "Thing.__init__"
    for args, kwargs in [((1,), {}), ((1, (2,)), {}), ((), {"a": 3, "c": [4]})]:
        assert repr(fast(*args, **kwargs)) == repr(plain(*args, **kwargs))
    for args, kwargs in [((), {}), ((1, 2, 3, 4), {}), ((1,), {"d": 2}), ((1,), {"a": 2})]:
        refusals = []
        for cls in (plain, fast):
            with pytest.raises(TypeError) as caught:
                cls(*args, **kwargs)
            refusals.append(str(caught.value))
        assert refusals[0] == refusals[1]


def test_a_values_post_init_runs_and_a_misordered_default_is_refused_at_once() -> None:
    seen = []
    fast = frozen_value(
        type(
            "Thing",
            (),
            {"__doc__": "A thing.", "__annotations__": {"a": "int"}, "__post_init__": lambda s: seen.append(s.a)},
        )
    )
    fast(5)
    fast(6)
    assert seen == [5, 6]
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        frozen_value(type("Bad", (), {"__doc__": "Bad.", "__annotations__": {"a": "int", "b": "int"}, "a": 1}))
    assert getattr(dataclasses, "_init_fn", None) is values_module._OWN_INIT or values_module._OWN_INIT is None


ORDERED_BODIES: list[dict[str, Any]] = [
    {"__annotations__": {"day": "int", "hour": "int"}},
    {"__annotations__": {"plane": "str", "factors": "int", "weapon": "str"}, "weapon": ""},
    # a field left out of the comparisons
    {"__annotations__": {"a": "int", "where": "Any"}, "where": lambda: field(default=None, compare=False)},
]


@pytest.mark.parametrize("body", ORDERED_BODIES)
@given(xs=st.lists(st.lists(st.integers(-2, 2), min_size=3, max_size=3), min_size=2, max_size=2))
def test_ordered_value_orders_as_an_ordered_frozen_dataclass(body: dict[str, Any], xs: list[list[Any]]) -> None:
    made = []
    for decorate in (dataclass(frozen=True, order=True), ordered_value):
        ns = {k: (v() if callable(v) else v) for k, v in body.items()}
        made.append(decorate(type("Stack", (), ns)))
    plain, fast = made
    n = len(dataclasses.fields(plain))
    p = [plain(*x[:n]) for x in xs]
    f = [fast(*x[:n]) for x in xs]
    for op in ("__lt__", "__le__", "__gt__", "__ge__", "__eq__"):
        assert getattr(p[0], op)(p[1]) == getattr(f[0], op)(f[1])
    assert [p.index(v) for v in sorted(p)] == [f.index(v) for v in sorted(f)]
    assert hash(p[0]) == hash(f[0]) and repr(p[0]) == repr(f[0])
    with pytest.raises(TypeError):
        _ = f[0] < p[0]  # another class is never ordered with it


def test_a_class_writing_its_own_comparison_keeps_the_dataclass() -> None:
    class Own:
        def __lt__(self, other: object) -> bool:
            return True

    with pytest.raises(TypeError, match="its own comparisons"):
        ordered_value(Own)


def test_every_value_class_of_the_program_says_what_it_is() -> None:
    # A dataclass without a docstring writes one from its signature when the class is made
    # (``inspect.signature``: some 200-1,400 us a class at every start, a tenth of CV's dataclass
    # work), and a ``make_frozen`` class without one makes its ``__init__`` at once, not at its
    # first value. Every module is walked, so a class added later is held to it too.
    import importlib
    import inspect
    import pkgutil

    import midway_desktop

    unsaid = []
    for found in pkgutil.walk_packages(midway_desktop.__path__, "midway_desktop."):
        if found.name.endswith("__main__"):
            continue
        module = importlib.import_module(found.name)
        for obj in vars(module).values():
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and dataclasses.is_dataclass(obj):
                doc = obj.__dict__.get("__doc__")
                if doc is None or doc.startswith(f"{obj.__name__}("):
                    unsaid.append(f"{module.__name__}.{obj.__qualname__}")
    assert unsaid == []
