"""Composing a ruleset file's YAML into :class:`Node` values: safe composition only (no
object is constructed from a tag, so nothing in a file can run), every value's line kept,
aliases measured before they are expanded, and every problem one :class:`RulesetError` line.

Imported only when a file is not in the cache (see ``yamlio.parse_yaml``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from midway_desktop.ruleset.errors import RulesetError
from midway_desktop.ruleset.yamlio import MAX_DEPTH, MAX_NODES, Node

_MAX_DIGITS = 30  # every bounded number of a ruleset is far shorter
_STANDARD_TAGS = frozenset(
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "map", "seq", "merge", "timestamp")
)


def compose(raw: bytes, file: Path) -> Node:
    """Compose ``raw`` (the bytes of ``file``) and wrap it in checked nodes."""
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
        raise RulesetError(file, None, f"values nested too deeply (more than {MAX_DEPTH} levels)") from None
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
        outright, and so is nesting deeper than ``MAX_DEPTH``, aliases expanded.
        """
        key = id(node)
        known = self._sizes.get(key)
        if known is not None:
            if depth + self._heights[key] > MAX_DEPTH:
                raise self._fail(node, f"values nested too deeply (more than {MAX_DEPTH} levels)")
            return known
        if key in self._open:
            raise self._fail(node, "an alias refers to itself")
        if depth > MAX_DEPTH:
            raise self._fail(node, f"values nested too deeply (more than {MAX_DEPTH} levels)")
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
        if total > MAX_NODES:
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
