"""Frozen values made cheaply at start-up: ``@frozen_value`` for ``@dataclass(frozen=True)``.

A dataclass writes each of its methods as source text and compiles it when the class is made;
a frozen one with equality gets six (``__init__``, ``__setattr__``, ``__delattr__``,
``__eq__``, ``__hash__``, ``__repr__``), about 4 M instructions a class. CV makes some hundred
such values at every start. ``@frozen_value`` has the dataclass write only the first three and gives
the class equality, hash and repr shared by every value, reading the fields with one
``operator.attrgetter``: they behave as the dataclass's own would (equal when of one class
with equal compared fields, the hash of the same tuple, the same text) at a third less
start-up cost, and compare faster once made.

Before Python 3.13 the two methods that keep a value frozen (``__setattr__``, ``__delattr__``)
are each compiled as well, at two thirds of what is left. There they are made as closures over
the class and its field names instead, by lending ``dataclasses`` a maker of them for the time
one class is made (``_frozen_methods``). The lent maker is a private name of ``dataclasses``, so
it is lent only where its shape is the one known (the same three parameters); anywhere else the
dataclass compiles its own, as before. From 3.13 a dataclass compiles all its methods at once,
and the saving is small, so nothing is lent.
"""

from __future__ import annotations

import dataclasses
import operator
import sys
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)

_OWN = ("__eq__", "__hash__", "__repr__")


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


def _frozen_methods(cls: type, fields: list[dataclasses.Field[Any]], globals: object) -> tuple[Any, Any]:
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


def make_frozen(cls: type) -> None:
    """Make ``cls`` a frozen dataclass in place, without equality or repr (the caller gives
    them), its frozen methods shared where they can be (``_frozen_methods``)."""
    if _OWN_FROZEN is None:
        dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
        return
    dataclasses._frozen_get_del_attr = _frozen_methods  # type: ignore[attr-defined]
    try:
        dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
    finally:
        dataclasses._frozen_get_del_attr = _OWN_FROZEN  # type: ignore[attr-defined]


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
