"""Where and when a force comes onto the mapboard: board regions and a Turn (or the start).

Scenarios and the Random Arrival Chart say "Ship Entry Area (b), at start", "(c) and/or (i),
1200 June 3" or "Anywhere on mapboard half B"; the places are regions of ``board.yaml``
(``entry-b``, ``half-b``, ``sector-iv``), checked against the board when the data is loaded.
"""

from __future__ import annotations

from dataclasses import field

from midway_desktop.games.cv.common import name_of, nonempty
from midway_desktop.games.cv.time_record import Time, parse_time
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value


@frozen_value
class Placement:
    """Where and when a scenario places a force or base: board regions, a Turn, the rulebook's words."""

    regions: tuple[str, ...]  # any of these board regions
    time: Time | None  # None: on the mapboard at the start
    text: str  # as the rulebook words it
    where: Node | None = field(default=None, compare=False, repr=False)  # for errors naming the line


def parse_placement(node: Node) -> Placement:
    node.only("regions", "time", "text")
    regions = tuple(name_of(r) for r in nonempty(node.req("regions")))
    time_node = node.get("time")
    time = None if time_node is None or time_node.value is None else parse_time(time_node)
    return Placement(regions, time, node.req("text").str(), node)
