"""YAML read through safe composition, with the line of every value kept for error messages.

The file is composed into a node graph (no object construction, so nothing in it can run),
then wrapped in :class:`Node`, whose accessors raise :class:`RulesetError` naming the file,
the line and the dotted path of the offending value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from midway_desktop.ruleset.errors import RulesetError
from midway_desktop.ruleset.files import FileRefused, read_regular_file

# A hostile file can expand a few aliases into billions of values; stop long before that.
# (The largest bundled ruleset has well under a thousand values.)
_MAX_NODES = 200_000
_MAX_BYTES = 16 * 1024 * 1024
_MAX_DEPTH = 40  # the bundled rulesets nest six deep
_MAX_DIGITS = 30  # every bounded number of a ruleset is far shorter
_STANDARD_TAGS = frozenset(
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "map", "seq", "merge", "timestamp")
)


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
    try:
        raw = read_regular_file(file, _MAX_BYTES, "a ruleset file")
    except FileRefused as exc:
        raise RulesetError(file, None, str(exc)) from None
    except OSError as exc:
        raise RulesetError(file, None, f"cannot read file ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise RulesetError(file, line, f"not UTF-8 text (byte {exc.start})") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        raise RulesetError(file, line, f"YAML syntax: {exc.problem}") from None
    except yaml.YAMLError as exc:
        raise RulesetError(file, None, f"YAML syntax: {' '.join(str(exc).split())[:200]}") from None
    except RecursionError:
        raise RulesetError(file, None, f"values nested too deeply (more than {_MAX_DEPTH} levels)") from None
    if root is None or (isinstance(root, yaml.ScalarNode) and root.tag.endswith(":null")):
        raise RulesetError(file, 1, "file is empty")
    wrapper = _Wrapper(file)
    wrapper.measure(root, 0)
    return wrapper.wrap(root, "")


class _Wrapper:
    def __init__(self, file: Path) -> None:
        self.file = file
        self.constructor = yaml.SafeLoader("")
        self._sizes: dict[int, int] = {}
        self._heights: dict[int, int] = {}
        self._open: set[int] = set()

    def _fail(self, node: yaml.Node, problem: str) -> RulesetError:
        return RulesetError(self.file, node.start_mark.line + 1, problem)

    def measure(self, node: yaml.Node, depth: int) -> int:
        """Values the node expands to, aliases counted each time they are used.

        Sizes (and heights) are cached per node, so a billion-laughs file is measured in a few
        steps and refused before anything is expanded; an alias inside itself is refused
        outright, and so is nesting deeper than ``_MAX_DEPTH``, aliases expanded.
        """
        key = id(node)
        known = self._sizes.get(key)
        if known is not None:
            if depth + self._heights[key] > _MAX_DEPTH:
                raise self._fail(node, f"values nested too deeply (more than {_MAX_DEPTH} levels)")
            return known
        if key in self._open:
            raise self._fail(node, "an alias refers to itself")
        if depth > _MAX_DEPTH:
            raise self._fail(node, f"values nested too deeply (more than {_MAX_DEPTH} levels)")
        if node.tag not in _STANDARD_TAGS:
            raise self._fail(node, f"tag '{node.tag}' is not allowed in a ruleset")
        self._open.add(key)
        total = 1
        children: list[yaml.Node] = []
        if isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        height = 0
        for child in children:
            total += self.measure(child, depth + 1)
            height = max(height, 1 + self._heights[id(child)])
        self._open.discard(key)
        if total > _MAX_NODES:
            raise self._fail(node, "too many values (alias expansion?)")
        self._sizes[key] = total
        self._heights[key] = height
        return total

    def wrap(self, node: yaml.Node, path: str, key_line: int | None = None) -> Node:
        line = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Node] = {}
            try:
                self.constructor.flatten_mapping(node)
            except yaml.MarkedYAMLError as exc:
                raise self._fail(node, f"bad merge: {exc.problem}") from None
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise self._fail(key_node, "keys must be plain text")
                key = str(self._scalar(key_node, path))
                if key in out:
                    raise self._fail(key_node, f"duplicate key '{key}'")
                out[key] = self.wrap(value_node, f"{path}.{key}" if path else key, key_node.start_mark.line + 1)
            return Node(out, self.file, line, path, key_line)
        if isinstance(node, yaml.SequenceNode):
            items = [self.wrap(item, f"{path}[{i}]") for i, item in enumerate(node.value)]
            return Node(items, self.file, line, path, key_line)
        return Node(self._scalar(node, path), self.file, line, path, key_line)

    def _scalar(self, node: yaml.Node, path: str) -> Any:
        where = f"{path}: " if path else ""
        if node.tag.endswith(":int") and sum(ch.isdigit() for ch in str(node.value)) > _MAX_DIGITS:
            # Python refuses to read an integer of thousands of digits; say so plainly.
            raise self._fail(node, f"{where}a number of {len(str(node.value))} digits is out of range")
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.MarkedYAMLError as exc:
            raise self._fail(node, f"{where}bad value: {exc.problem}") from None
        except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
            detail = " ".join(str(exc).split())[:120] or type(exc).__name__
            shown = str(node.value) if len(str(node.value)) <= 40 else f"{str(node.value)[:40]}…"
            raise self._fail(node, f"{where}bad value '{shown}': {detail}") from None
