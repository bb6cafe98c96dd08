"""How an island is drawn: a region's ``coast`` (``island``, ``atoll`` or ``reef``).

The rules treat every island alike; the printed maps do not, and neither does the map art:
land inside a line of surf, a ring of reef round a lagoon with islets on it, or breakers over
a shoal with no land at all. The value is authored in a board's region ``data``.
"""

from __future__ import annotations

from midway_desktop.ruleset.yamlio import Node

COASTS = ("island", "atoll", "reef")
DEFAULT = "island"


def check_coasts(board: Node) -> None:
    """Raise a ``RulesetError`` naming the line of the first island ``coast`` that is not
    one of ``COASTS`` (or is given to a region that is not an island)."""
    regions = board.get("regions")
    if regions is None:
        return
    for region in regions.list():
        fields = region.map()
        data = fields.get("data")
        if data is None or not data.is_map or "coast" not in data.map():
            continue
        value = data.map()["coast"]
        kind = fields["kind"].value if "kind" in fields else None
        if kind != "island":
            raise value.error(f"'coast' is for island regions, not a region of kind {kind!r}")
        if value.value not in COASTS:
            raise value.error(f"coast {value.value!r} is not one of {', '.join(COASTS)}")
