"""YAML read through safe composition, with the line of every value kept for error messages.

The file is composed into a node graph (no object construction, so nothing in it can run),
then wrapped in :class:`Node`, whose accessors raise :class:`RulesetError` naming the file,
the line and the dotted path of the offending value.

Composing is slow in pure Python (a fifth of a second for the largest ruleset), so the wrapped
nodes of a file that read cleanly are kept in the user's cache (``ruleset/cache.py``), keyed by
the file's bytes: the next start reads them back as JSON, and PyYAML is not even imported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from midway_desktop.ruleset import cache
from midway_desktop.ruleset.errors import RulesetError
from midway_desktop.ruleset.files import FileRefused, read_regular_file

# A hostile file can expand a few aliases into billions of values; stop long before that.
# (The largest bundled ruleset has well under a thousand values.)
MAX_NODES = 200_000
_MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 40  # the bundled rulesets nest six deep
# Bump when what a Node holds, or how it is written to the cache, changes.
_NODES_VERSION = "nodes 1"


class Node:
    """One YAML value: a mapping, a sequence or a scalar, with its file, line and path."""

    __slots__ = ("file", "key_line", "line", "path", "value")

    def __init__(self, value: Any, file: Path, line: int, path: str, key_line: int | None = None) -> None:
        self.value = value
        self.file = file
        self.line = line
        self.path = path
        self.key_line = key_line if key_line is not None else line

    # -- errors ---------------------------------------------------------------------------
    def error(self, problem: str) -> RulesetError:
        where = f"{self.path}: " if self.path else ""
        return RulesetError(self.file, self.line, f"{where}{problem}")

    # -- shape ----------------------------------------------------------------------------
    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_list(self) -> bool:
        return isinstance(self.value, list)

    def map(self) -> dict[str, Node]:
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, found {_kind(self.value)}")
        return self.value

    def list(self) -> list[Node]:
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, found {_kind(self.value)}")
        return self.value

    def str(self) -> str:
        if isinstance(self.value, bool) or not isinstance(self.value, (str, int)):
            raise self.error(f"expected text, found {_kind(self.value)}")
        return str(self.value)

    def int(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``: every number a ruleset gives is bounded, so
        an edited value can neither overflow a calculation nor make the game loop for ever."""
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self.error(f"expected a whole number, found {_kind(self.value)}")
        if not low <= self.value <= high:
            raise self.error(f"{_shown(self.value)} is out of range (a whole number from {low} to {high})")
        return self.value

    def number(self, low: float, high: float) -> float:
        """A number from ``low`` to ``high`` (never infinite or not-a-number)."""
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)):
            raise self.error(f"expected a number, found {_kind(self.value)}")
        if not low <= self.value <= high:  # NaN compares false: refused too
            raise self.error(f"{_shown(self.value)} is out of range (a number from {low:g} to {high:g})")
        return float(self.value)

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.error(f"expected true or false, found {_kind(self.value)}")
        return self.value

    def choice(self, *allowed: str) -> str:
        text = self.str()
        if text not in allowed:
            raise self.error(f"'{text}' is not one of {', '.join(allowed)}")
        return text

    # -- mapping access -------------------------------------------------------------------
    def get(self, key: str) -> Node | None:
        return self.map().get(key)

    def req(self, key: str) -> Node:
        found = self.map().get(key)
        if found is None:
            raise self.error(f"missing '{key}'")
        return found

    def only(self, *allowed: str) -> Node:
        """Refuse keys outside ``allowed``: a typo in a ruleset should not pass silently."""
        for key, child in self.map().items():
            if key not in allowed:
                where = f"{child.path}: " if child.path else ""
                problem = f"{where}unknown key (expected one of {', '.join(allowed)})"
                raise RulesetError(child.file, child.key_line, problem)
        return self

    def plain(self) -> Any:
        """The value as ordinary Python data, line information dropped."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value


def _shown(value: int | float) -> str:
    text = str(value)
    return text if len(text) <= 20 else f"a number of {len(text)} digits"


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    text = str(value) if not isinstance(value, int) or value.bit_length() < 200 else "a very long number"
    text = " ".join(text.split())
    return f"'{text[:60]}…'" if len(text) > 60 else f"'{text}'"


def load_yaml(path: Path | str) -> Node:
    """Read ``path`` as YAML; any problem becomes one :class:`RulesetError` line."""
    file = Path(path)
    return parse_yaml(read_ruleset_file(file), file)


def read_ruleset_file(file: Path) -> bytes:
    """The bytes of a ruleset file, or a :class:`RulesetError` saying why not."""
    try:
        raw = read_regular_file(file, _MAX_BYTES, "a ruleset file")
    except FileRefused as exc:
        raise RulesetError(file, None, str(exc)) from None
    except OSError as exc:
        raise RulesetError(file, None, f"cannot read file ({exc.strerror or exc})") from None
    return raw


def parse_yaml(raw: bytes, file: Path) -> Node:
    """The YAML ``raw`` (the bytes of ``file``) as nodes: from the cache when these very bytes
    have been read before, else composed and then kept."""
    key = cache.digest(_NODES_VERSION, raw)
    kept = cache.load("yaml", file, key)
    if kept is not None:
        found = _decode(kept, file)
        if found is not None:
            return found
    from midway_desktop.ruleset.compose import compose

    node = compose(raw, file)
    encoded = _encode(node)
    if encoded is not None:
        cache.store("yaml", file, key, encoded)
    return node


# -- the cache's form of a node: [line, key line, value], the value a scalar, a list of such
# triples, or an object of them (JSON keeps the keys' order).
_SCALARS = (str, int, float, bool, type(None))


def _encode(node: Node) -> list[Any] | None:
    """``node`` as plain JSON values, or None if a value has no JSON form (a date)."""
    value = node.value
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, child in value.items():
            encoded = _encode(child)
            if encoded is None:
                return None
            out[key] = encoded
        return [node.line, node.key_line, out]
    if isinstance(value, list):
        items = [_encode(child) for child in value]
        if any(item is None for item in items):
            return None
        return [node.line, node.key_line, items]
    if not isinstance(value, _SCALARS):
        return None
    return [node.line, node.key_line, value]


def _decode(data: Any, file: Path) -> Node | None:
    """The nodes ``_encode`` wrote, paths rebuilt as ``wrap`` builds them; None for anything
    ``_encode`` cannot have written, or more values than a file may hold."""
    budget = [MAX_NODES]

    def build(item: Any, path: str, depth: int) -> Node:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH or not isinstance(item, list) or len(item) != 3:
            raise ValueError
        line, key_line, value = item
        # (``type`` refuses a bool as well; written out rather than with ``all``, whose
        # generator per node was 22 M instructions of reading CV's files)
        if type(line) is not int or type(key_line) is not int or line < 1 or key_line < 1:
            raise ValueError
        if isinstance(value, dict):
            value = {k: build(v, f"{path}.{k}" if path else k, depth + 1) for k, v in value.items()}
        elif isinstance(value, list):
            value = [build(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
        elif not isinstance(value, _SCALARS):
            raise ValueError
        return Node(value, file, line, path, key_line)

    try:
        return build(data, "", 0)
    except ValueError:
        return None
