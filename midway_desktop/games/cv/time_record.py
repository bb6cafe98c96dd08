"""CV's Time Record Chart: days, hour Turns, night boxes, the "*" boxes, sunrise and sunset.

CV › Basic XII: the Turn unit advances one box each Time Record Phase; after 2400 the Day unit
moves one box right and the Turn unit goes to 0100. Shaded boxes are night Turns. Basic III.F:
Sunrise is the move from the last night box to the first daylight box, Sunset the move from the
last daylight box to the first night box. Optional XIII.A.2: wind may change when the Turn unit
enters a box with a "*".
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from midway_desktop.games.cv.common import field_provenance, provisional_fields
from midway_desktop.geometry.board import Provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value, ordered_value

_TIME = re.compile(r"([0-2]\d00) June (\d{1,2})")
HOURS = tuple(range(1, 25))  # Turn boxes 0100 ... 2400


@ordered_value
class Time:
    """A Turn: the June day and the hour box (1 = 0100 ... 24 = 2400)."""

    day: int
    hour: int

    @property
    def index(self) -> int:
        """Turns since 0100 June 1: differences are numbers of Turns."""
        return (self.day - 1) * 24 + self.hour - 1

    @classmethod
    def of_index(cls, index: int) -> Time:
        return cls(index // 24 + 1, index % 24 + 1)

    def plus(self, turns: int) -> Time:
        return Time.of_index(self.index + turns)

    def __str__(self) -> str:
        return f"{self.hour:02}00 June {self.day}"


def parse_time(node: Node) -> Time:
    """``"0100 June 4"`` as the scenarios write it."""
    text = node.str()
    match = _TIME.fullmatch(text.strip())
    if match is None:
        raise node.error(f"'{text[:40]}' is not a time like '0100 June 4'")
    hour, day = int(match.group(1)) // 100, int(match.group(2))
    if not 1 <= hour <= 24 or not 1 <= day <= 30:
        raise node.error(f"'{text}' is not a Turn of the Time Record (0100-2400, June 1-30)")
    return Time(day, hour)


@frozen_value
class TimeRecord:
    """The Time Record Chart: its June days, its night hours and its "*" boxes (CV › Basic XII)."""

    days: tuple[int, ...]  # June days on the chart
    night: frozenset[int]  # hour boxes shaded as night
    wind_change: frozenset[int]  # hour boxes with a "*"
    provenance: Mapping[str, Provenance]

    def is_night(self, time: Time) -> bool:
        return time.hour in self.night

    @property
    def sunrise(self) -> int:
        """The first daylight hour box (the Turn unit enters it at Sunrise)."""
        return next(h for h in HOURS if h not in self.night and _prev(h) in self.night)

    @property
    def sunset(self) -> int:
        """The first night hour box (the Turn unit enters it at Sunset)."""
        return next(h for h in HOURS if h in self.night and _prev(h) not in self.night)

    def holds(self, time: Time) -> bool:
        return time.day in self.days

    def provisional_values(self) -> list[str]:
        return provisional_fields("Time Record", self.provenance)


def _prev(hour: int) -> int:
    return 24 if hour == 1 else hour - 1


def parse_time_record(node: Node) -> TimeRecord:
    node.only("days", "night", "wind_change", "provenance")
    prov = field_provenance(node, ("days", "night", "wind_change"))
    days_node = node.req("days")
    days = tuple(d.int(1, 30) for d in days_node.list())
    if not days or list(days) != list(range(days[0], days[0] + len(days))):
        raise days_node.error("the days are consecutive June days, at least one")
    night = _hours(node.req("night"))
    if not night or len(night) == 24:
        raise node.req("night").error("a day has both night and daylight boxes")
    runs = sum(1 for h in HOURS if h in night and _prev(h) not in night)
    if runs != 1:
        raise node.req("night").error("the night boxes are one run of hours (one Sunset, one Sunrise)")
    return TimeRecord(days, night, _hours(node.req("wind_change")), prov)


def _hours(node: Node) -> frozenset[int]:
    hours = []
    for item in node.list():
        value = item.int(100, 2400)
        if value % 100:
            raise item.error(f"{value} is not an hour box (0100 ... 2400)")
        hours.append(value // 100)
    if len(set(hours)) != len(hours):
        raise node.error("an hour box is listed twice")
    return frozenset(hours)
