"""Frozen values made cheaply at start-up: ``@frozen_value`` for ``@dataclass(frozen=True)``.

A dataclass writes each of its methods as source text and compiles it when the class is made;
a frozen one with equality gets six (``__init__``, ``__setattr__``, ``__delattr__``,
``__eq__``, ``__hash__``, ``__repr__``), about 4 M instructions a class. CV makes some hundred
such values at every start. ``@frozen_value`` has the dataclass write only the first three and gives
the class equality, hash and repr shared by every value, reading the fields with one
``operator.attrgetter``: they behave as the dataclass's own would (equal when of one class
with equal compared fields, the hash of the same tuple, the same text) at a third less
start-up cost, and compare faster once made. ``@ordered_value`` does the same for
``@dataclass(frozen=True, order=True)``, sharing the four comparisons too; ``make_frozen``, as
a decorator, makes a class that writes its own equality and repr a frozen dataclass.

Before Python 3.13 the two methods that keep a value frozen (``__setattr__``, ``__delattr__``)
are each compiled as well, at two thirds of what is left. There they are made as closures over
the class and its field names instead, by lending ``dataclasses`` a maker of them for the time
one class is made (``_frozen_methods``). The lent maker is a private name of ``dataclasses``, so
it is lent only where its shape is the one known (the same three parameters); anywhere else the
dataclass compiles its own, as before. From 3.13 a dataclass compiles all its methods at once,
and the saving is small, so nothing is lent.

Likewise ``__init__``, the largest of the three, is compiled when the class's first value is
made rather than when the class is (``_init_later``): some forty of CV's hundred value types
and Victory at Midway's order types are never made at start-up, and many never in a game. The
check the dataclass makes of its fields at once (no field without a default after one with)
is still made at once. Until the first value, ``inspect.signature`` of such a class reads
``(*args, **kwargs)``; a class without a docstring of its own (whose docstring the dataclass
writes from that signature) is made as before.
"""

from __future__ import annotations

import dataclasses
import operator
import sys
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)

_OWN = ("__eq__", "__hash__", "__repr__")
_ORDER = ("__lt__", "__le__", "__gt__", "__ge__")


def _tuple_of(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of ``names`` as a tuple (``attrgetter`` of one name gives the value alone)."""
    if not names:
        return lambda _: ()
    get = operator.attrgetter(*names)
    return get if len(names) > 1 else lambda obj: (get(obj),)


def _eq(self: Any, other: object) -> bool:
    cls: Any = self.__class__
    if other.__class__ is not cls:
        return NotImplemented
    compared = cls.__value_compared__  # type: ignore[attr-defined]
    return bool(compared(self) == compared(other))


def _hash(self: Any) -> int:
    return hash(self.__class__.__value_hashed__(self))


def _repr(self: Any) -> str:
    cls = self.__class__
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in cls.__value_shown__)
    return f"{cls.__qualname__}({shown})"


def _ordering(name: str, op: Callable[[Any, Any], bool]) -> Callable[[Any, object], bool]:
    """A dataclass's ``order=True`` method: the compared fields as tuples, of one class only."""

    def compare(self: Any, other: object) -> bool:
        cls: Any = self.__class__
        if other.__class__ is not cls:
            return NotImplemented
        compared = cls.__value_compared__  # type: ignore[attr-defined]
        return bool(op(compared(self), compared(other)))

    compare.__name__ = compare.__qualname__ = name
    return compare


_ORDERING = {name: _ordering(name, getattr(operator, name.strip("_"))) for name in _ORDER}


def _frozen_methods(cls: Any, fields: list[dataclasses.Field[Any]], globals: object) -> tuple[Any, Any]:
    """The frozen ``__setattr__`` and ``__delattr__`` of ``cls``, as the dataclass writes them:
    a field, or any name on the class's own values, is refused with ``FrozenInstanceError``."""
    names = frozenset(f.name for f in fields)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _lendable() -> Any:
    """``dataclasses``' own maker of the frozen methods, if it is the one ``_frozen_methods``
    stands in for (before 3.13, three parameters); else None."""
    own = getattr(dataclasses, "_frozen_get_del_attr", None)
    code = getattr(own, "__code__", None)
    if sys.version_info >= (3, 13) or code is None or code.co_argcount != 3:
        return None
    return own


_OWN_FROZEN = _lendable()


def _init_later(*made_with: Any) -> Any:
    """Stands in for ``dataclasses``' maker of ``__init__`` (``_OWN_INIT``, given the same
    arguments): checks the fields as it does, and makes the real ``__init__`` at the first call,
    putting it in the place of this one on the class that holds it."""
    seen_default = False
    for f in made_with[1]:  # (the fields taken by position, as the dataclass checks them)
        if not f.init:
            continue
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        real = _OWN_INIT(*made_with)
        for owner in type(self).__mro__:
            if owner.__dict__.get("__init__") is __init__:
                real.__qualname__ = f"{owner.__qualname__}.__init__"
                type.__setattr__(owner, "__init__", real)
                break
        real(self, *args, **kwargs)

    return __init__


def _lendable_init() -> Any:
    """``dataclasses``' own maker of ``__init__``, if it is the one ``_init_later`` stands in
    for (before 3.13, eight parameters); else None."""
    own = getattr(dataclasses, "_init_fn", None)
    code = getattr(own, "__code__", None)
    if _OWN_FROZEN is None or code is None or code.co_argcount != 8 or code.co_varnames[:2] != ("fields", "std_fields"):
        return None
    return own


_OWN_INIT = _lendable_init()


@dataclass_transform(frozen_default=True)  # (a decorator too: for a class giving its own equality and repr)
def make_frozen(cls: T) -> T:
    """Make ``cls`` a frozen dataclass in place, without equality or repr (the caller gives
    them), its frozen methods shared and its ``__init__`` made at first use where they can be
    (``_frozen_methods``, ``_init_later``)."""
    if _OWN_FROZEN is None:
        dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
        return cls
    later = _OWN_INIT is not None and cls.__dict__.get("__doc__") is not None
    dataclasses._frozen_get_del_attr = _frozen_methods  # type: ignore[attr-defined]
    if later:
        dataclasses._init_fn = _init_later  # type: ignore[attr-defined]
    try:
        dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
    finally:
        dataclasses._frozen_get_del_attr = _OWN_FROZEN  # type: ignore[attr-defined]
        if later:
            dataclasses._init_fn = _OWN_INIT  # type: ignore[attr-defined]
    return cls


@dataclass_transform(frozen_default=True)  # (type checkers read it as the dataclass it makes)
def frozen_value(cls: T) -> T:
    """``@dataclass(frozen=True)`` with equality, hash and repr shared rather than compiled
    for each class (a class that writes one of them itself keeps the plain dataclass)."""
    if any(name in cls.__dict__ for name in _OWN):
        raise TypeError(f"{cls.__qualname__} writes its own {', '.join(_OWN)}: use @dataclass(frozen=True)")
    make_frozen(cls)  # (made in place: the very same class)
    fields = dataclasses.fields(cls)
    # As the dataclass's own: compared fields, hashed as they are compared unless told.
    cls.__value_compared__ = staticmethod(_tuple_of([f.name for f in fields if f.compare]))  # type: ignore[attr-defined]
    hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
    cls.__value_hashed__ = staticmethod(_tuple_of(hashed))  # type: ignore[attr-defined]
    cls.__value_shown__ = tuple(f.name for f in fields if f.repr)  # type: ignore[attr-defined]
    cls.__eq__ = _eq  # type: ignore[assignment]
    cls.__hash__ = _hash  # type: ignore[assignment]
    cls.__repr__ = _repr  # type: ignore[assignment]
    return cls


@dataclass_transform(frozen_default=True, order_default=True)
def ordered_value(cls: T) -> T:
    """``@dataclass(frozen=True, order=True)`` as ``@frozen_value`` makes the frozen part: the
    four comparisons shared too (a dataclass compiles each of them: ordered, a class cost
    some 330 us to make, made so some 20 us)."""
    if any(name in cls.__dict__ for name in _ORDER):
        raise TypeError(f"{cls.__qualname__} writes its own comparisons: use @dataclass(frozen=True, order=True)")
    frozen_value(cls)
    for name, compare in _ORDERING.items():
        setattr(cls, name, compare)
    return cls
