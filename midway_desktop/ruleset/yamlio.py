"""YAML read through safe composition, with the line of every value kept for error messages.

The file is composed into a node graph (no object construction, so nothing in it can run),
then wrapped in :class:`Node`, whose accessors raise :class:`RulesetError` naming the file,
the line and the dotted path of the offending value.

Composing is slow in pure Python (a fifth of a second for the largest ruleset), so the wrapped
nodes of a file that read cleanly are kept in the user's cache (``ruleset/cache.py``), keyed by
the file's bytes and this code: the next start reads them back as JSON, and PyYAML is not even
imported.
"""

from __future__ import annotations

from functools import lru_cache
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
_NODES_VERSION = "nodes 2"


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


@lru_cache(maxsize=1)
def _reader_digest() -> str:
    """The reading code's own text, in every key: a newer reader misses even if nobody bumped
    ``_NODES_VERSION`` (read once a run)."""
    return cache.sources_digest("ruleset/yamlio.py", "ruleset/compose.py")


def parse_yaml(raw: bytes, file: Path) -> Node:
    """The YAML ``raw`` (the bytes of ``file``) as nodes: from the cache when these very bytes
    have been read before, else composed and then kept."""
    key = cache.digest(_NODES_VERSION, _reader_digest(), raw)
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


# -- the cache's form of a file: [tree, lines]. ``tree`` is the file's values as plain JSON
# (what ``Node.plain`` gives); ``lines`` holds two whole numbers a node (its line, its key's
# line), node by node in the order ``_decode`` meets them (each node before its children).
# Kept apart, the lines are checked all at once by built-in calls, and the JSON is a third
# smaller than one [line, key line, value] triple a node.
_SCALARS = (str, int, float, bool, type(None))


def _encode(node: Node) -> list[Any] | None:
    """``node`` as plain JSON values, or None if a value has no JSON form (a date)."""
    lines: list[int] = []

    def plain(node: Node) -> Any:
        lines.append(node.line)
        lines.append(node.key_line)
        value = node.value
        if isinstance(value, dict):
            return {key: plain(child) for key, child in value.items()}
        if isinstance(value, list):
            return [plain(child) for child in value]
        if not isinstance(value, _SCALARS):
            raise ValueError
        return value

    try:
        return [plain(node), lines]
    except ValueError:
        return None


def _decode(data: Any, file: Path) -> Node | None:
    """The nodes ``_encode`` wrote, paths rebuilt as ``compose`` builds them; None for anything
    ``_encode`` cannot have written, or more values than a file may hold.

    JSON holds no other scalars than a file may, so only the lines and the nesting are
    checked: every line a whole number from 1 (bools refused by ``type``), exactly two a node."""
    try:
        tree, lines = data
        if type(lines) is not list or len(lines) > 2 * MAX_NODES or set(map(type, lines)) != {int} or min(lines) < 1:
            return None
    except (TypeError, ValueError):  # not a pair, no lines
        return None
    rest = iter(lines)
    take = rest.__next__

    def build(item: Any, path: str, depth: int) -> Node:
        # A scalar's node is made in its parent's loop, not by a call of its own (three in
        # four nodes are scalars).
        line = take()
        key_line = take()
        if depth > MAX_DEPTH:
            raise ValueError
        if type(item) is dict:
            value: Any = {}
            for key, child in item.items():
                where = f"{path}.{key}" if path else key
                if type(child) is dict or type(child) is list:
                    value[key] = build(child, where, depth + 1)
                else:
                    value[key] = Node(child, file, take(), where, take())
        elif type(item) is list:
            value = []
            for i, child in enumerate(item):
                where = f"{path}[{i}]"
                if type(child) is dict or type(child) is list:
                    value.append(build(child, where, depth + 1))
                else:
                    value.append(Node(child, file, take(), where, take()))
        else:
            value = item
        return Node(value, file, line, path, key_line)

    try:
        root = build(tree, "", 0)
    except (StopIteration, ValueError, RecursionError):  # lines run out, nested too deeply
        return None
    return root if next(rest, None) is None else None  # every line used
