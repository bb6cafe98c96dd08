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

# A hostile file can expand a few aliases into billions of values; stop long before that.
# (The largest bundled ruleset has well under a thousand values.)
_MAX_NODES = 200_000
_MAX_BYTES = 16 * 1024 * 1024
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

    def int(self) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self.error(f"expected a whole number, found {_kind(self.value)}")
        return self.value

    def number(self) -> float:
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)):
            raise self.error(f"expected a number, found {_kind(self.value)}")
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


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    return f"'{value}'"


def load_yaml(path: Path | str) -> Node:
    """Read ``path`` as YAML; any problem becomes one :class:`RulesetError` line."""
    file = Path(path)
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise RulesetError(file, None, f"cannot read file ({exc.strerror or exc})") from None
    if len(raw) > _MAX_BYTES:
        raise RulesetError(file, None, "file is too large for a ruleset")
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
        raise RulesetError(file, None, f"YAML syntax: {exc}") from None
    if root is None or (isinstance(root, yaml.ScalarNode) and root.tag.endswith(":null")):
        raise RulesetError(file, 1, "file is empty")
    wrapper = _Wrapper(file)
    wrapper.measure(root)
    return wrapper.wrap(root, "")


class _Wrapper:
    def __init__(self, file: Path) -> None:
        self.file = file
        self.constructor = yaml.SafeLoader("")
        self._sizes: dict[int, int] = {}
        self._open: set[int] = set()

    def _fail(self, node: yaml.Node, problem: str) -> RulesetError:
        return RulesetError(self.file, node.start_mark.line + 1, problem)

    def measure(self, node: yaml.Node) -> int:
        """Values the node expands to, aliases counted each time they are used.

        Sizes are cached per node, so a billion-laughs file is measured in a few steps and
        refused before anything is expanded; an alias inside itself is refused outright.
        """
        key = id(node)
        known = self._sizes.get(key)
        if known is not None:
            return known
        if key in self._open:
            raise self._fail(node, "an alias refers to itself")
        if node.tag not in _STANDARD_TAGS:
            raise self._fail(node, f"tag '{node.tag}' is not allowed in a ruleset")
        self._open.add(key)
        total = 1
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                total += self.measure(k) + self.measure(v)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                total += self.measure(item)
        self._open.discard(key)
        if total > _MAX_NODES:
            raise self._fail(node, "too many values (alias expansion?)")
        self._sizes[key] = total
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
                key = str(self._scalar(key_node))
                if key in out:
                    raise self._fail(key_node, f"duplicate key '{key}'")
                out[key] = self.wrap(value_node, f"{path}.{key}" if path else key, key_node.start_mark.line + 1)
            return Node(out, self.file, line, path, key_line)
        if isinstance(node, yaml.SequenceNode):
            items = [self.wrap(item, f"{path}[{i}]") for i, item in enumerate(node.value)]
            return Node(items, self.file, line, path, key_line)
        return Node(self._scalar(node), self.file, line, path, key_line)

    def _scalar(self, node: yaml.Node) -> Any:
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.MarkedYAMLError as exc:
            raise self._fail(node, f"bad value: {exc.problem}") from None
        except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
            detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise self._fail(node, f"bad value '{node.value}': {detail}") from None
