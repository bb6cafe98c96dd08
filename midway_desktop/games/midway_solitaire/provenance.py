"""Per-field provenance for ruleset entries (see rulesets/README.md).

An entry's ``provenance`` is either one ``{source, ref}`` for the whole entry, or a mapping
whose ``default_key`` entry covers every field not named beside it.
"""

from __future__ import annotations

from collections.abc import Mapping

from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node


def field_provenance(owner: Node, default_key: str, fields: tuple[str, ...]) -> Mapping[str, Provenance]:
    """Provenance by field name (``default_key`` included), read from ``owner``'s ``provenance``."""
    node = owner.get("provenance")
    if node is None:
        raise owner.error("missing 'provenance' (say where the values come from)")
    if node.is_map and "source" in node.map():
        whole = provenance(node, owner)
        return {name: whole for name in (default_key, *fields)}
    node.only(default_key, *fields)
    if node.get(default_key) is None:
        raise node.error(f"missing '{default_key}' (the source of every field not named here)")
    default = provenance(node.get(default_key), node)
    out = {default_key: default}
    for name in fields:
        given = node.get(name)
        out[name] = provenance(given, node) if given is not None else default
    return out
