"""What the American player can do (MS › Sequence of Play). The Japanese are the deck's."""

from __future__ import annotations

from typing import ClassVar

from midway_desktop.engine.actions import Action, action

US = "us"


@action
class PlaceTaskForce(Action):
    """Set-up: put a task force on a square of column L or M (MS › Game Setup 1)."""

    tf: str
    square: str
    type_name: ClassVar[str] = "place-task-force"

    def describe(self) -> str:
        return f"{self.tf} sets up on {self.square}"


@action
class MoveTaskForce(Action):
    """Move a task force up to one square, two with extra fuel, or stay (MS › Unit Movement)."""

    tf: str
    to: str
    type_name: ClassVar[str] = "move-task-force"

    def describe(self) -> str:
        return f"{self.tf} to {self.to}"


@action
class PlaceAircraft(Action):
    """Place the Midway aircraft east of the blue dashed line; the card is then flipped."""

    square: str
    type_name: ClassVar[str] = "place-aircraft"

    def describe(self) -> str:
        return f"Midway aircraft to {self.square}"


@action
class TurnOrders(Action):
    """A whole American turn in one: each task force's move, then the Midway aircraft.

    The same as submitting each :class:`MoveTaskForce` and then :class:`PlaceAircraft`, and
    legal only if every part is, in that order; ``moves`` must bring every task force afloat
    that has not moved yet (MS › Sequence of Play 1-2). Bots play this way: a third of the
    steps for the same game.
    """

    moves: tuple[tuple[str, str], ...]  # (task force, destination) in order
    ma: str
    type_name: ClassVar[str] = "turn-orders"

    def parts(self) -> tuple[Action, ...]:
        """The single actions these orders stand for, in order."""
        return (*(MoveTaskForce(self.side, tf, to) for tf, to in self.moves), PlaceAircraft(self.side, self.ma))

    def describe(self) -> str:
        return "; ".join(a.describe() for a in self.parts())


@action
class AssignHits(Action):
    """Share a round's hits among the units in a fight (MS › Ship Attacks: the player assigns).

    Each list gives every unit of that side in the fight with the hits it takes.
    """

    on_american: tuple[tuple[str, int], ...]
    on_japanese: tuple[tuple[str, int], ...]
    type_name: ClassVar[str] = "assign-hits"

    def describe(self) -> str:
        def shown(pairs: tuple[tuple[str, int], ...]) -> str:
            return ", ".join(f"{n} {u}" for u, n in pairs if n) or "none"

        return f"hits on Americans: {shown(self.on_american)}; on Japanese: {shown(self.on_japanese)}"


@action
class LongRangeAttack(Action):
    """A task force strikes the Japanese units of an adjacent square (MS › Long Range Attacks)."""

    tf: str
    target: str
    type_name: ClassVar[str] = "long-range-attack"

    def describe(self) -> str:
        return f"{self.tf} long range attack on {self.target}"


@action
class EndTurn(Action):
    """Make no (more) long range attacks this turn."""

    type_name: ClassVar[str] = "end-turn"

    def describe(self) -> str:
        return "end the turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceTaskForce,
    MoveTaskForce,
    PlaceAircraft,
    AssignHits,
    LongRangeAttack,
    EndTurn,
    TurnOrders,
)
