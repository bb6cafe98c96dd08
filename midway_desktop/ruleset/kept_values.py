"""A game's frozen values as read from its ruleset, kept in the user's cache as plain JSON.

Turning a ruleset's files into a game's values (nodes from the kept YAML, then the game's
parsers and cross-file checks) was about 115 M instructions of every CV start, all of it
depending only on the files' bytes and the code that reads them. So values that read (and
checked) cleanly are kept (``ruleset/cache.py``) under a hash of both, and the next start
makes the very same values again from that entry: some 1,040 objects instead of 4,600 nodes
and the parsers' work (about 40 M instructions, half of them reading the JSON).

The entry holds the form below as JSON text with its digest, checked before the text is read:
any change to a byte of it is a miss, so the values are made without checking each again.
The form: a table of every value that is not a JSON scalar, each written once (equal values,
frozen all, come back as one value shared), children before the values that hold them, and
a reference to one as ``[index]`` (a list, never a scalar)::

    {"classes": ["midway_desktop.games.cv.planes:PlaneType", ...],
     "objects": [["t", [items]], ["f", [items]], ["d", [key, value, key, value, ...]],
                 [class index, [field values in order]], ...],
     "root": value}

``t`` is a tuple, ``f`` a frozenset, ``d`` a dict (keys of any kind, order kept). Only classes
the caller names can be made, each by its own ``__init__`` from exactly the fields it takes. A
:class:`Node` (a value's file and line) is kept as None: those serve only the messages of
checks that a kept entry has passed. Anything else (a list, a set, another class) is not kept
at all, and neither is a value that does not come back equal to itself. A missing, stale or
damaged entry is a miss.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from midway_desktop.ruleset import cache
from midway_desktop.ruleset.yamlio import Node

_SCALARS = (str, int, float, bool, type(None))
_CONTAINERS = {tuple: "t", frozenset: "f", dict: "d"}


class _NotKept(Exception):
    """A value the form has no place for."""


def classes_of(*modules: ModuleType) -> list[type]:
    """Every dataclass defined in ``modules``: what a game's data read by them is made of."""
    return [
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == module.__name__
    ]


def class_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def load(kind: str, source: Path, key: str, classes: Iterable[type]) -> Any | None:
    """The value kept for ``source`` under ``key``, made of ``classes`` only; or None."""
    kept = cache.load(kind, source, key)
    try:
        text, sealed = kept  # type: ignore[misc]
        if type(text) is not str or sealed != cache.digest(text):
            return None  # damaged (or not this form)
        return decode(json.loads(text), {class_name(c): c for c in classes})
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError):
        return None  # not what ``encode`` writes


def store(kind: str, source: Path, key: str, value: Any, classes: Iterable[type]) -> None:
    """Keep ``value`` if it has this form and comes back from it equal to itself."""
    known = {class_name(c): c for c in classes}
    try:
        data = encode(value, known)
        same = decode(data, known) == value
    except (_NotKept, TypeError, ValueError, KeyError, IndexError):
        return
    if same:
        text = json.dumps(data, separators=(",", ":"))
        cache.store(kind, source, key, [text, cache.digest(text)])


def encode(value: Any, classes: dict[str, type]) -> dict[str, Any]:
    """``value`` in the form above; :class:`_NotKept` if some part of it has no place there."""
    names: dict[type, int] = {}
    objects: list[list[Any]] = []
    made: dict[int, list[int]] = {}  # id of a value written -> its reference
    same: dict[tuple[Any, ...], list[int]] = {}  # what a value is written as -> its reference
    held: list[Any] = []  # (keeps each written value alive, so no id is used twice)

    def put(item: Any) -> Any:
        if isinstance(item, _SCALARS):
            return item
        if isinstance(item, Node):
            return None
        ref = made.get(id(item))
        if ref is not None:
            return ref
        kind = type(item)
        if kind in _CONTAINERS:
            if kind is dict:
                payload = [put(part) for pair in item.items() for part in pair]
            else:
                payload = [put(part) for part in item]
            entry: list[Any] = [_CONTAINERS[kind], payload]
        elif dataclasses.is_dataclass(item) and classes.get(class_name(kind)) is kind:
            if kind not in names:
                names[kind] = len(names)
            entry = [names[kind], [put(getattr(item, name)) for name in _made_from(kind)]]
        else:
            raise _NotKept(class_name(kind))
        # Equal values written once: a third of CV's (the same Provenance, Time, tuple) are.
        # Types are part of the signature, so 1, 1.0 and True stay apart (and 0.0, -0.0);
        # a dict (which could be changed) is never shared where it was not.
        signature = (entry[0], *(("ref", part[0]) if type(part) is list else _typed(part) for part in entry[1]))
        ref = same.get(signature) if kind is not dict else None
        if ref is None:
            ref = [len(objects)]
            objects.append(entry)
            if kind is not dict:
                same[signature] = ref
        made[id(item)] = ref
        held.append(item)
        return ref

    root = put(value)
    return {"classes": [class_name(c) for c in names], "objects": objects, "root": root}


def _made_from(cls: type) -> list[str]:
    """The fields a value of ``cls`` is made from: those its ``__init__`` takes (the others
    its ``__post_init__`` works out from them, as when it was first made)."""
    return [f.name for f in dataclasses.fields(cls) if f.init]


def _typed(scalar: Any) -> tuple[type, Any]:
    return (type(scalar), repr(scalar) if type(scalar) is float else scalar)


def decode(data: dict[str, Any], classes: dict[str, type]) -> Any:
    """The value ``encode`` wrote; an error for anything it cannot have written."""
    kinds: list[Any] = [classes[name] for name in data["classes"]]  # KeyError: a class not allowed
    arity = [len(_made_from(cls)) for cls in kinds]
    made: list[Any] = []
    add = made.append
    for tag, payload in data["objects"]:
        # (the entry's digest has been checked: a reference is one this code wrote)
        values = [made[item[0]] if type(item) is list else item for item in payload]
        if type(tag) is int:
            if len(values) != arity[tag]:
                raise ValueError
            add(kinds[tag](*values))
        elif tag == "t":
            add(tuple(values))
        elif tag == "f":
            add(frozenset(values))
        elif tag == "d":
            add(dict(zip(values[::2], values[1::2], strict=True)))
        else:
            raise ValueError
    root = data["root"]
    return made[root[0]] if type(root) is list else root
