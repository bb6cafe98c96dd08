"""Actions: small frozen values naming who acts and what they do, with a JSON round trip."""

from __future__ import annotations

import dataclasses
import operator
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, TypeVar, dataclass_transform

from midway_desktop.values import make_frozen


class ActionError(ValueError):
    """An action could not be read from a record."""


@make_frozen  # (a frozen dataclass writing its own equality, hash and repr, below)
class Action:
    """Base of every game's actions. ``side`` is the side submitting it."""

    side: str
    type_name: ClassVar[str] = "action"
    # The action's field values in order, as a tuple (see :func:`action`).
    _values: ClassVar[Callable[[Any], tuple[Any, ...]]] = staticmethod(lambda a: (a.side,))

    # Written once here for the types made with :func:`action` (a plain dataclass subclass
    # writes its own): equal when of one type with equal fields, as a dataclass's are.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(type(self)._values(self) == type(other)._values(other))  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(type(self)._values(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__qualname__}({shown})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type_name}
        for f in dataclasses.fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out

    def describe(self) -> str:
        """A short human line, e.g. ``TF-16 to L4``; games override for their actions."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self) if f.name != "side")
        return f"{self.type_name}({fields})"


A = TypeVar("A", bound=type[Action])


@dataclass_transform(frozen_default=True)  # (type checkers read it as the dataclass it makes)
def action(cls: A) -> A:
    """A game's action type: a frozen dataclass that takes its equality, hash and repr from
    :class:`Action` instead of having three more written for it. A dataclass writes each of
    its methods as source and compiles it when the class is made: 1.2 M instructions an
    action type, and Victory at Midway has 32 of them to make at every start."""
    make_frozen(cls)  # (made in place: the very same class)
    names = [f.name for f in dataclasses.fields(cls)]
    get = operator.attrgetter(*names)
    # (attrgetter of one name gives the value itself, not a one-value tuple)
    cls._values = staticmethod(get if len(names) > 1 else lambda a: (get(a),))  # type: ignore[attr-defined]
    return cls


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(_jsonable(v) for v in value)
    return value


class ActionCodec:
    """Reads a game's actions back from JSON, refusing anything it does not know."""

    def __init__(self, types_: Iterable[type[Action]]) -> None:
        self.by_name: dict[str, type[Action]] = {}
        for t in types_:
            if t.type_name in self.by_name:
                raise ValueError(f"two action types are called {t.type_name!r}")
            self.by_name[t.type_name] = t
        # Each type's field types, read when a record first needs them: evaluating all of a
        # game's annotations (VaM's 32 actions) is a few milliseconds of a start that may
        # never read a record.
        self._hints: dict[str, dict[str, Any]] = {}

    def decode(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise ActionError("an action must be a JSON object")
        name = data.get("type")
        cls = self.by_name.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ActionError(f"unknown action type {name!r}")
        hints = self._hints.get(cls.type_name)
        if hints is None:
            hints = self._hints[cls.type_name] = typing.get_type_hints(cls)
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                    continue
                raise ActionError(f"action {name!r} lacks {f.name!r}")
            kwargs[f.name] = _coerce(data[f.name], hints[f.name], f"{name}.{f.name}")
        extra = set(data) - {f.name for f in dataclasses.fields(cls)} - {"type"}
        if extra:
            raise ActionError(f"action {name!r} has unknown fields {sorted(extra)}")
        return cls(**kwargs)


def _coerce(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        for arm in args:
            if arm is type(None) and value is None:
                return None
            try:
                return _coerce(value, arm, where)
            except ActionError:
                continue
        raise ActionError(f"{where}: {value!r} does not fit")
    if origin is tuple:
        if not isinstance(value, list):
            raise ActionError(f"{where}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0], where) for v in value)
        if len(args) != len(value):
            raise ActionError(f"{where}: expected {len(args)} items")
        return tuple(_coerce(v, a, where) for v, a in zip(value, args))
    if origin is typing.Literal:
        if value not in args:
            raise ActionError(f"{where}: {value!r} is not one of {args}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise ActionError(f"{where}: expected true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ActionError(f"{where}: expected a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ActionError(f"{where}: expected text")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ActionError(f"{where}: expected a number")
        return float(value)
    raise ActionError(f"{where}: cannot read a {hint!r}")
