"""What the Japanese player can do, as engine actions.

Each action is one or more *steps* ``(verb, argument, *names)``; :class:`Orders` carries a
whole list of steps (a bot's turn in one action), the other actions are the one-step forms
a player's gesture makes. One verb may name several squadrons: "launch these five".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from midway_desktop.engine.actions import Action, action
from midway_desktop.games.kido_butai.wording import ARMS, PLACES, TARGETS, is_squadron_id, named

Titles = Mapping[str, str] | None  # Forces.titles: the player's names for squadrons and carriers

Step = tuple[str, ...]
JAPAN = "japan"

ARM, LAUNCH, MOVE, ATTACK, ASSIGN, LAND, READY, DESTROY, END, INTERCEPT = (
    "arm", "launch", "move", "attack", "assign", "land", "ready", "destroy", "end", "intercept",
)  # fmt: skip
VERBS = (ARM, LAUNCH, MOVE, ATTACK, ASSIGN, LAND, READY, DESTROY, END, INTERCEPT)


class KidoButaiAction(Action):
    """An order of Kido Butai: each kind below says the steps it takes."""

    def as_steps(self) -> tuple[Step, ...]:
        return ()  # every concrete action below says what it does


@action
class Arm(KidoButaiAction):
    """KB › 1 Setup: turn bombers to their bomb or torpedo side."""

    squadrons: tuple[str, ...]
    arm: str
    type_name: ClassVar[str] = "arm"

    def as_steps(self) -> tuple[Step, ...]:
        return ((ARM, self.arm, *self.squadrons),)

    def describe(self, titles: Titles = None) -> str:
        return f"Arm {named(self.squadrons, titles)} with {ARMS.get(self.arm, self.arm)}"


@action
class Launch(KidoButaiAction):
    """KB › 3: launch ready squadrons to the CAP box or the centre."""

    squadrons: tuple[str, ...]
    to: str
    type_name: ClassVar[str] = "launch"

    def as_steps(self) -> tuple[Step, ...]:
        return ((LAUNCH, self.to, *self.squadrons),)

    def describe(self, titles: Titles = None) -> str:
        return f"Launch {named(self.squadrons, titles)} to {PLACES.get(self.to, self.to)}"


@action
class Move(KidoButaiAction):
    """KB › 3, 6: fly from the centre to a target corner."""

    squadrons: tuple[str, ...]
    to: str
    type_name: ClassVar[str] = "move"

    def as_steps(self) -> tuple[Step, ...]:
        return ((MOVE, self.to, *self.squadrons),)

    def describe(self, titles: Titles = None) -> str:
        return f"Fly {named(self.squadrons, titles)} to {PLACES.get(self.to, self.to)}"


@action
class Attack(KidoButaiAction):
    """KB › 3, 6: attack ``midway``, ``fleet-1`` or ``fleet-2``; no names means all that can."""

    target: str
    squadrons: tuple[str, ...] = ()
    type_name: ClassVar[str] = "attack"

    def as_steps(self) -> tuple[Step, ...]:
        return ((ATTACK, self.target, *self.squadrons),)

    def describe(self, titles: Titles = None) -> str:
        who = f" with {named(self.squadrons, titles)}" if self.squadrons else ""
        return f"Attack {TARGETS.get(self.target, self.target)}{who}"


@action
class AssignBombers(KidoButaiAction):
    """KB › 6.b: how many bombers go at each US carrier afloat in the fleet, in fleet order."""

    counts: tuple[int, ...]
    type_name: ClassVar[str] = "assign"

    def as_steps(self) -> tuple[Step, ...]:
        return ((ASSIGN, "", *(str(n) for n in self.counts)),)

    def describe(self, titles: Titles = None) -> str:
        if len(self.counts) == 1:
            return f"Send all {self.counts[0]} bombers at the one carrier"
        return "Assign the bombers, carrier by carrier: " + ", ".join(map(str, self.counts))


@action
class Land(KidoButaiAction):
    """KB › 3: land squadrons from the centre or the CAP box on a carrier."""

    squadrons: tuple[str, ...]
    carrier: str
    type_name: ClassVar[str] = "land"

    def as_steps(self) -> tuple[Step, ...]:
        return ((LAND, self.carrier, *self.squadrons),)

    def describe(self, titles: Titles = None) -> str:
        return f"Land {named(self.squadrons, titles)} on {named((self.carrier,), titles)}"


@action
class Ready(KidoButaiAction):
    """KB › 3: ready squadrons aboard (turn them east); ``arm`` may flip a bomber."""

    squadrons: tuple[str, ...]
    arm: str = ""
    type_name: ClassVar[str] = "ready"

    def as_steps(self) -> tuple[Step, ...]:
        return ((READY, self.arm, *self.squadrons),)

    def describe(self, titles: Titles = None) -> str:
        return f"Ready {named(self.squadrons, titles)}" + (f" with {ARMS.get(self.arm, self.arm)}" if self.arm else "")


@action
class Destroy(KidoButaiAction):
    """KB › Clarifications: you may destroy your own units (squadrons or carriers) at any time."""

    units: tuple[str, ...]
    type_name: ClassVar[str] = "destroy"

    def as_steps(self) -> tuple[Step, ...]:
        return ((DESTROY, "", *self.units),)

    def describe(self, titles: Titles = None) -> str:
        if self.units and not any(is_squadron_id(u) for u in self.units):
            return f"Scuttle {named(self.units, titles)}"
        return f"Destroy {named(self.units, titles)}"


@action
class EndPhase(KidoButaiAction):
    """End the set-up or the Japanese phase; reconnaissance and the American phase follow."""

    type_name: ClassVar[str] = "end"

    def as_steps(self) -> tuple[Step, ...]:
        return ((END, ""),)

    def describe(self, titles: Titles = None) -> str:
        return "End the phase"


@action
class Intercept(KidoButaiAction):
    """KB › 7: the CAP squadrons that intercept attacking torpedo bombers (maybe none)."""

    squadrons: tuple[str, ...]
    type_name: ClassVar[str] = "intercept"

    def as_steps(self) -> tuple[Step, ...]:
        return ((INTERCEPT, "", *self.squadrons),)

    def describe(self, titles: Titles = None) -> str:
        return f"Intercept with {named(self.squadrons, titles)}" if self.squadrons else "Do not intercept"


@action
class Orders(KidoButaiAction):
    """Several steps in one action, carried out in order (all or none)."""

    steps: tuple[tuple[str, ...], ...]
    type_name: ClassVar[str] = "orders"

    def as_steps(self) -> tuple[Step, ...]:
        return self.steps

    def describe(self, titles: Titles = None) -> str:
        return "; ".join(step_action(s).describe(titles) if s else "an empty order" for s in self.steps) or "No orders"


ACTION_TYPES: tuple[type[Action], ...] = (
    Arm, Launch, Move, Attack, AssignBombers, Land, Ready, Destroy, EndPhase, Intercept, Orders,
)  # fmt: skip


def step_action(step: Step) -> KidoButaiAction:
    """The one-step action a step stands for (for descriptions)."""
    verb, arg, names = step[0], step[1] if len(step) > 1 else "", tuple(step[2:])
    if verb == ARM:
        return Arm(JAPAN, names, arg)
    if verb == LAUNCH:
        return Launch(JAPAN, names, arg)
    if verb == MOVE:
        return Move(JAPAN, names, arg)
    if verb == ATTACK:
        return Attack(JAPAN, arg, names)
    if verb == ASSIGN:
        return AssignBombers(JAPAN, tuple(int(n) if n.isdigit() else -1 for n in names))
    if verb == LAND:
        return Land(JAPAN, names, arg)
    if verb == READY:
        return Ready(JAPAN, names, arg)
    if verb == DESTROY:
        return Destroy(JAPAN, names)
    if verb == INTERCEPT:
        return Intercept(JAPAN, names)
    return EndPhase(JAPAN)
