"""Every value of a ruleset that says where it comes from, for the app's "Ruleset values" view.

The games' YAML records provenance one way (rulesets/README.md): a mapping holds a
``provenance`` beside its values, either one ``{source, ref}`` for all of them or a mapping
whose default (``default``; ``entry`` and ``card`` in Midway Solitaire) covers every value not
named beside it. This walker reads any game's files that way, without knowing the game: each
value beside a ``provenance`` becomes one :class:`SourcedValue` naming its file and place
(``bases.yaml › Midway › ready``), what it holds, its source and the reference or reason.

The games' own loaders refuse a malformed provenance; the walker only reads, and shows what a
file says even where a loader would refuse it (a missing source reads as "unknown").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from midway_desktop.ruleset.errors import RulesetError
from midway_desktop.ruleset.yamlio import Node, load_yaml
from midway_desktop.values import frozen_value

SOURCES = ("provisional", "derived", "historical", "rulebook")  # the order the view lists them in
SEPARATOR = " › "
# The key naming the default in a provenance mapping (the rest name the values they cover).
DEFAULT_KEYS = ("default", "entry", "card")
# Names a provenance mapping may give to several values at once (Midway Solitaire's cards:
# "moves" are the AIF, CSF and MIF arrows).
GROUPS: Mapping[str, tuple[str, ...]] = {"moves": ("aif", "csf", "mif")}
# Keys that name an entry rather than hold one of its values (unless a provenance names them).
_NAMING = ("name", "id", "title", "side")
_MAX_TEXT = 2000  # a value's text in the view (the longest tables run to a few hundred characters)


@frozen_value
class SourcedValue:
    """One value of a ruleset file with the provenance that covers it."""

    file: str  # the file's name: "bases.yaml"
    where: tuple[str, ...]  # its place in the file, as the player reads it: ("Midway", "ready")
    line: int  # the line of the value in the file
    value: str  # the value as text
    source: str  # rulebook | derived | historical | provisional (or "unknown")
    ref: str  # the reference or the reason; may be empty for a provisional value

    @property
    def place(self) -> str:
        """``bases.yaml › Midway › ready``."""
        return SEPARATOR.join((self.file, *self.where))

    @property
    def provisional(self) -> bool:
        return self.source == "provisional"


def ruleset_values(folder: Path | str) -> list[SourcedValue]:
    """Every sourced value of the YAML files of a ruleset folder, file by file in name order.
    A file that cannot be read is skipped (``midway-desktop validate`` says why)."""
    root = Path(folder)
    out: list[SourcedValue] = []
    for path in sorted(p for p in root.iterdir() if p.suffix in (".yaml", ".yml")):
        try:
            node = load_yaml(path)
        except RulesetError:
            continue
        out += file_values(node, path.name)
    return out


def file_values(root: Node, file: str) -> list[SourcedValue]:
    """Every sourced value of one file's parsed YAML."""
    out: list[SourcedValue] = []
    _walk(root, (), file, out)
    return out


def _walk(node: Node, where: tuple[str, ...], file: str, out: list[SourcedValue]) -> None:
    if isinstance(node.value, dict):
        if "provenance" in node.value:
            _entry(node, where, file, out)
            return
        for key, child in node.value.items():
            _walk(child, (*where, _key_text(key)), file, out)
    elif isinstance(node.value, list):
        for n, item in enumerate(node.value, start=1):
            _walk(item, (*where, _item_label(item, where, n)), file, out)


def _entry(node: Node, where: tuple[str, ...], file: str, out: list[SourcedValue]) -> None:
    """The values beside a ``provenance``, each with the provenance that covers it."""
    values: dict[str, Node] = node.value
    default, named = _read_provenance(values["provenance"])
    covers: dict[str, str] = {}  # value key -> the provenance name that covers it
    for name in named:
        for key in GROUPS.get(name, (name,)):
            covers[key] = name
    for key, child in values.items():
        if key == "provenance" or (key in _NAMING and key not in covers):
            continue
        place = (*where, _key_text(key))
        if _has_provenance(child):
            _walk(child, place, file, out)  # its own values say where they come from
            continue
        chosen = named[covers[key]] if key in covers else default
        if isinstance(child.value, dict) and any(k in covers for k in child.value):
            # A provenance may name a part of a value (the wind of a scenario's weather).
            for sub, grand in child.value.items():
                sub_chosen = named[covers[sub]] if sub in covers else chosen
                out.append(_value(grand, (*place, _key_text(sub)), file, sub_chosen))
            continue
        out.append(_value(child, place, file, chosen))


def _read_provenance(node: Node) -> tuple[tuple[str, str], dict[str, tuple[str, str]]]:
    """(the default's source and ref, {name: source and ref} for the values named apart)."""
    if not isinstance(node.value, dict):
        return ("unknown", ""), {}
    if "source" in node.value:
        return _source(node), {}
    default = ("unknown", "")
    named: dict[str, tuple[str, str]] = {}
    for key, child in node.value.items():
        if key in DEFAULT_KEYS:
            default = _source(child)
        else:
            named[key] = _source(child)
    return default, named


def _source(node: Node) -> tuple[str, str]:
    if not isinstance(node.value, dict):
        return ("unknown", "")
    source = node.value.get("source")
    ref = node.value.get("ref")
    text = source.value if source is not None and source.value in SOURCES else "unknown"
    return text, str(ref.value) if ref is not None and ref.value is not None else ""


def _has_provenance(node: Node) -> bool:
    if isinstance(node.value, dict):
        return "provenance" in node.value or any(_has_provenance(c) for c in node.value.values())
    if isinstance(node.value, list):
        return any(_has_provenance(c) for c in node.value)
    return False


def _value(node: Node, where: tuple[str, ...], file: str, prov: tuple[str, str]) -> SourcedValue:
    text = value_text(node.plain())
    if len(text) > _MAX_TEXT:
        text = text[: _MAX_TEXT - 1] + "…"
    return SourcedValue(file, where, node.line, text, prov[0], prov[1])


def _item_label(item: Node, where: tuple[str, ...], n: int) -> str:
    """A list entry by its title, name or id (with its side), else by its number in the list."""
    if isinstance(item.value, dict):
        values = item.value
        for key in ("title", "name"):
            found = values.get(key)
            if found is not None and isinstance(found.value, (str, int)) and not isinstance(found.value, bool):
                return str(found.value)
        ident = values.get("id")
        if ident is not None and isinstance(ident.value, (str, int)):
            side = values.get("side")
            prefix = f"{str(side.value).title()} " if side is not None and isinstance(side.value, str) else ""
            return f"{prefix}{ident.value}"
        number = values.get("number")
        if number is not None and isinstance(number.value, int):
            return f"no. {number.value}"
    owner = where[-1] if where else "entry"
    return f"{owner.removesuffix('s')} {n}"


def _key_text(key: str) -> str:
    """A key as the player reads it: ``air_to_air`` -> ``air to air``."""
    return str(key).replace("_", " ")


def value_text(value: object) -> str:
    """A YAML value as one line of text: lists by commas, mappings as ``key: value``."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict):
        return "; ".join(f"{_key_text(k)}: {_inner(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(_inner(v) for v in value) or "none"
    return " ".join(str(value).split()) or "—"


def _inner(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key_text(k)}: {_inner(v)}" for k, v in value.items()) + "}" if value else "none"
    if isinstance(value, list):
        return "[" + ", ".join(_inner(v) for v in value) + "]"
    return value_text(value)


def count_by_source(values: Iterable[SourcedValue]) -> dict[str, int]:
    """How many values each source holds, in the view's order of sources."""
    out = dict.fromkeys((*SOURCES, "unknown"), 0)
    for v in values:
        out[v.source] = out.get(v.source, 0) + 1
    return {k: n for k, n in out.items() if n or k != "unknown"}
