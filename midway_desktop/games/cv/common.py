"""What every CV data file shares: its header, provenance, names and bounded numbers.

Every number is read with bounds (a ruleset a player edits must not overflow a calculation or
make the game loop for ever); every problem is one :class:`RulesetError` line naming the file,
the line and the problem.
"""

from __future__ import annotations

from collections.abc import Mapping

from midway_desktop.games import GAME_IDS
from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node

GAME = "cv"
SIDES = ("american", "japanese")
SCHEMA = 1

# Bounds. The printed values stay far below them (a Hit Table tops at 16, a Plane Capacity at
# 30-odd, the Campaign lasts 90 Turns); they stop edits from running away, nothing more.
MAX_FACTOR = 99  # AA, gunnery, torpedo, air, ground factors, capacities, ready and launch
MAX_BHT = 30  # a BHT or Hit Table (tables run 1-16; modifiers may carry a BHT past them)
MAX_MODIFIER = 20  # a Hit Table or observation modifier, either sign
MAX_POINTS = 9_999  # Victory Points
MAX_TURNS = 200  # turns of any length or time


def check_header(root: Node, expected_game: str | None, *keys: str) -> None:
    """``schema: 1`` and ``game: cv``, and no key outside ``keys`` (plus those two and notes)."""
    root.only("schema", "game", "notes", *keys)
    schema = root.req("schema")
    if schema.int(0, 999) != SCHEMA:
        raise schema.error(f"schema {schema.value} is not supported (this version reads schema {SCHEMA})")
    game = root.req("game")
    if game.str() != GAME:
        raise game.error(f"this file is for '{game.str()}', not '{GAME}'")
    if expected_game and expected_game != GAME and expected_game in GAME_IDS:
        raise game.error(f"game '{GAME}' does not match its folder '{expected_game}'")


def field_provenance(owner: Node, fields: tuple[str, ...]) -> Mapping[str, Provenance]:
    """Provenance by field: one ``{source, ref}`` for all, or ``default`` plus named fields."""
    node = owner.get("provenance")
    if node is None:
        raise owner.error("missing 'provenance' (say where the values come from)")
    if node.is_map and "source" in node.map():
        whole = provenance(node, owner)
        return {name: whole for name in ("default", *fields)}
    node.only("default", *fields)
    default_node = node.get("default")
    if default_node is None:
        raise node.error("missing 'default' (the source of every value not named here)")
    default = provenance(default_node, node)
    out = {"default": default}
    for name in fields:
        given = node.get(name)
        out[name] = provenance(given, node) if given is not None else default
    return out


def name_of(node: Node) -> str:
    """An id: lower-case letters, digits and hyphens (saved games and the rules use it)."""
    name = node.str()
    if not name or len(name) > 40 or not all(ch.islower() or ch.isdigit() or ch == "-" for ch in name):
        raise node.error(f"name '{name[:40]}' must be 1-40 lower-case letters, digits and hyphens")
    return name


def title_of(node: Node) -> str:
    text = node.str().strip()
    if not text or len(text) > 120:
        raise node.error("a title is 1-120 characters of text")
    return text


def count(node: Node, low: int = 0, high: int = MAX_FACTOR) -> int:
    return node.int(low, high)


def optional_int(node: Node | None, low: int, high: int) -> int | None:
    """A number, or nothing where the printed table has no entry (``null`` or absent)."""
    if node is None or node.value is None:
        return None
    return node.int(low, high)


def nonempty(node: Node) -> list[Node]:
    items = node.list()
    if not items:
        raise node.error("expected at least one entry")
    return items


def unique(items: list[tuple[str, Node]], what: str) -> None:
    """Refuse a name given twice, at the second place it is given."""
    seen: set[str] = set()
    for name, where in items:
        if name in seen:
            raise where.error(f"the {what} '{name}' is given twice")
        seen.add(name)


def provisional_fields(title: str, prov: Mapping[str, Provenance]) -> list[str]:
    """``"Zero: endurance"`` for every provisional field ("Zero" alone when all of it is)."""
    fields = [f for f in prov if f != "default" and prov[f].provisional]
    if prov["default"].provisional and len(fields) == len(prov) - 1:
        return [title]
    return [f"{title}: {f.replace('_', ' ')}" for f in fields]
