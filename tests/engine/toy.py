"""A small two-sided game used to test the engine's machinery on its own.

Each turn both sides secretly order a move (-1, 0, +1 along a line of five places) and a search
of one place; then the orders resolve: moves first, then searches, each find confirmed by a
die (4-6). Six turns. It has what the real games need of the engine — sealed simultaneous
orders, hidden positions, luck and a result — in a few dozen lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from midway_desktop.engine import Action, Event, Outcome, Phase, Rng, Rules, Scenario, roll_event
from midway_desktop.engine.bots import RandomBot

SIDES = ("us", "japan")
TURNS = 6


@dataclass(frozen=True)
class Order(Action):
    move: int = 0
    search: int = 0
    type_name = "order"


@dataclass(frozen=True)
class ToyState:
    turn: int
    place: tuple[int, int]  # us, japan
    orders: tuple[tuple[int, int] | None, tuple[int, int] | None]
    finds: tuple[int, int]


ORDERS = Phase("orders", "Secret orders", SIDES, "Toy › Orders", secret=True)


class ToyRules(Rules[ToyState]):
    id = "toy"
    title = "Toy"
    sides = SIDES
    scenarios = (Scenario("standard", "Standard"), Scenario("close", "Close start"))
    phases = (ORDERS,)
    action_types = (Order,)

    def setup(self, scenario: Scenario, options: Mapping[str, Any], rng: Rng) -> tuple[ToyState, list[Event]]:
        start = (2, 3) if scenario.name == "close" else (0, 4)
        return ToyState(1, start, (None, None), (0, 0)), [Event("setup", "The toy game begins.")]

    def to_act(self, state: ToyState) -> tuple[str, ...]:
        if state.turn > TURNS:
            return ()
        return tuple(s for i, s in enumerate(SIDES) if state.orders[i] is None)

    def phase(self, state: ToyState) -> Phase:
        return ORDERS

    def legal_actions(self, state: ToyState, side: str) -> list[Action]:
        if side not in self.to_act(state):
            return []
        return [Order(side, m, s) for m in (-1, 0, 1) for s in range(5)]

    def check(self, state: ToyState, action: Action) -> str | None:
        if not isinstance(action, Order):
            return "Only orders are given in the toy game."
        if action.move not in (-1, 0, 1):
            return "Toy › Orders: move one place at most."
        if not 0 <= action.search <= 4:
            return "Toy › Orders: search a place on the line (0-4)."
        return None

    def apply(self, state: ToyState, action: Action, rng: Rng) -> tuple[ToyState, list[Event]]:
        assert isinstance(action, Order)
        i = SIDES.index(action.side)
        orders = list(state.orders)
        orders[i] = (action.move, action.search)
        events = [Event("sealed", f"{action.side} sealed orders", (action.side,), {"search": action.search})]
        if None in orders:
            return replace(state, orders=(orders[0], orders[1])), events
        place = [max(0, min(4, state.place[k] + orders[k][0])) for k in range(2)]  # type: ignore[index]
        finds = list(state.finds)
        for k, side in enumerate(SIDES):
            events.append(Event("moved", f"{side} is at {place[k]}", (side,)))
            target = orders[k][1]  # type: ignore[index]
            events.append(Event("search", f"{side} searches {target}"))
            if place[1 - k] == target:
                die = rng.die(6)
                events.append(roll_event(f"{side} confirms a find", [die]))
                if die >= 4:
                    finds[k] += 1
        return ToyState(state.turn + 1, (place[0], place[1]), (None, None), (finds[0], finds[1])), events

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.turn <= TURNS:
            return None
        us, jp = state.finds
        if us == jp:
            return Outcome("draw", None, f"Draw, {us} finds each", {"us": us, "japan": jp})
        winner = "us" if us > jp else "japan"
        return Outcome(f"{winner}-wins", winner, f"{winner} wins {max(us, jp)}-{min(us, jp)}", {"us": us, "japan": jp})

    def view(self, state: ToyState, side: str) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": state.turn, "finds": list(state.finds)}
        for i, s in enumerate(SIDES):
            if side in (s, "umpire"):
                out[f"{s}_place"] = state.place[i]
                out[f"{s}_order"] = list(state.orders[i]) if state.orders[i] else None
            else:
                out[f"{s}_ordered"] = state.orders[i] is not None
        return out


RULES = ToyRules()


def default_bots(rules: Rules[Any]) -> dict[str, RandomBot]:
    return {s: RandomBot() for s in SIDES}
