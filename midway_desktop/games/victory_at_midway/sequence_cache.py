"""Results remembered for the positions they were worked out for (positions never change, so a
result stays right for as long as its position lives)."""

from __future__ import annotations


class Recent:
    """A few results remembered for the positions they were worked out for (each position is
    held with its result, so its identity cannot be reused while remembered). Positions are
    immutable, so a result stays right for as long as its position lives."""

    __slots__ = ("found", "size")

    def __init__(self, size: int = 8) -> None:
        self.found: dict[tuple[int, object], tuple[object, object]] = {}
        self.size = size

    def get(self, state: object, extra: object = None) -> object:
        hit = self.found.get((id(state), extra))
        if hit is not None and hit[0] is state:
            return hit[1]
        return None

    def put(self, state: object, extra: object, value: object) -> object:
        if len(self.found) >= self.size:
            self.found.clear()
        self.found[(id(state), extra)] = (state, value)
        return value
