"""What happened, told once: events carry their own audience so every way out can filter."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any

from midway_desktop.values import frozen_value

ALL = "all"
UMPIRE = "umpire"


@frozen_value  # (its own ``__init__``, below)
class Event:
    """One thing that happened.

    ``audience`` names the sides that may see it; ``("all",)`` is public. The umpire sees
    everything. ``text`` is the narrative line for the log; ``kind`` and ``data`` let the
    UI and tests react without parsing prose.
    """

    kind: str
    text: str
    audience: tuple[str, ...] = (ALL,)
    data: Mapping[str, Any] = field(default_factory=dict)

    def __init__(
        self, kind: str, text: str, audience: tuple[str, ...] = (ALL,), data: Mapping[str, Any] | None = None
    ) -> None:
        # The frozen dataclass's own __init__ sets each field through object.__setattr__; a bot
        # game tells hundreds of events, so the fields go straight into the instance dict.
        d = self.__dict__
        d["kind"] = kind
        d["text"] = text
        d["audience"] = audience
        d["data"] = {} if data is None else data

    def visible_to(self, side: str) -> bool:
        return side == UMPIRE or ALL in self.audience or side in self.audience

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "audience": list(self.audience), "data": dict(self.data)}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Event:
        return Event(
            str(data["kind"]), str(data["text"]), tuple(data.get("audience", [ALL])), dict(data.get("data", {}))
        )


def roll_event(
    purpose: str, dice: Iterable[int], sides: int = 6, audience: tuple[str, ...] = (ALL,), **extra: Any
) -> Event:
    """A die roll with its purpose and result, e.g. ``CSF fires (round 1): 1 3 4 5 5``."""
    values = tuple(dice)
    shown = " ".join(str(v) for v in values)
    return Event(
        "roll",
        f"{purpose}: d{sides} {shown}",
        audience,
        {"purpose": purpose, "dice": list(values), "sides": sides, **extra},
    )


def visible(events: Iterable[Event], side: str) -> list[Event]:
    return [e for e in events if e.visible_to(side)]
