"""Interceptors attacking Air units flying through their hex (CV › Basic VIII.I.2).

When an Air unit of the side moving flies through, without remaining in, a hex where the other
side has Interceptors at the same altitude, those Interceptors may attack it there, if
Air-to-Air Combat is possible in the hex (IX.D.1: a Base or Ship units there or observing it;
the Air unit observed at Condition 3 or better, III.E.1). The Combat is resolved before the
Air unit goes on. Read here:

- **Where it applies**: the hexes between the start and the end of a move (MoveAir); for a
  take-off, the take-off hex too; for a landing, the landing hex too when the whole Air unit
  lands there (the text: it "applies to units attempting to land or take off from the hex").
  Not where the Air unit starts (units starting together, one leaving), nor where it ends.
- **The moment**: the Air unit stops in the first such hex and the side not moving is asked
  (:class:`InterceptPassing` or :class:`LetPass`); only it sees the question, with what it
  observes of the Air unit. The side moving is not told the answer before it is given (it sees
  only that the other side is acting, as a pause across the table would tell it). Then the
  move goes on, stopping again at the next such hex.
- **Who fights**: the Air unit flying through, alone of its side, against the Interceptors and
  Special Interceptors of the hex that need not leave it (VIII.H.3); the other Air units of
  either side there stand aside. An Air unit that has only Interceptors at that altitude is not
  attacked: where both sides have only Interceptors both must announce (IX.D.1.c), and the side
  moving on avoids the Combat.
- **The Combat** is the Combat Phase's (``air_combat``): the Interceptors split between its
  Escorts and its Bombers (IX.D.2.a), and those that get through attack one named group of its
  Bombers. Endurance (VIII.E.4.a): the Interceptors expend one Endurance Factor (once a Turn);
  the attacked Escorts expend theirs too (the side moving has no moment to choose otherwise, as
  in VIII.I.1); Bombers none.
- **Several Air units**: each flies by its own order, so each passes alone and is attacked in a
  Combat of its own (the text lets the Interceptors take "one, some, or all of them as one
  Combat": here one at a time).
"""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import air, air_combat, engaged
from midway_desktop.games.cv.actions import Attack, Intercept, InterceptPassing, Land, LetPass, MoveAir, TakeOff
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.sky import BOMBER, ESCORT, SPECIAL, count, flying_here, groups, lines_at
from midway_desktop.games.cv.state import AirUnit, BaseBox, Passing, State, evolve, other, side_name

RULE = "CV › Basic VIII.I.2"
ATTACKABLE = (ESCORT, SPECIAL, BOMBER)
Order = MoveAir | TakeOff | Land


def _alt(high: bool) -> str:
    return "High" if high else "Low"


# -- the way an order flies ----------------------------------------------------------------------
def route(game: Game, state: State, order: Order) -> tuple[str, ...]:
    """The hexes the order flies its Air unit through on the mapboard, start included (empty: no
    flight across the mapboard, as to or from an off-board base)."""
    from midway_desktop.games.cv.observation import flight_path

    unit = state.air_unit(order.side, order.air_unit)
    if unit is None:
        return ()
    if isinstance(order, TakeOff):
        box = state.box(order.side, unit.box)
        start = game.box_hex(box) if box is not None else None
        if start is None or not order.to:
            return ()
        return tuple(flight_path(game, start, order.to))
    start = air.air_hex(game, state, unit)
    if isinstance(order, Land):
        box = state.box(order.side, order.box)
        if box is None or (isinstance(box, BaseBox) and box.hex is None):
            return ()
        to = game.box_hex(box)
    else:
        to = order.to
    if start is None or to is None:
        return ()
    return tuple(flight_path(game, start, to))


def _whole_landing(order: Order, unit: AirUnit) -> bool:
    return isinstance(order, Land) and all(not order.plane or r.plane == order.plane for r in unit.records)


def through(order: Order, unit: AirUnit, path: tuple[str, ...], resumed: bool) -> range:
    """The indices of ``path`` the Air unit flies through without remaining there."""
    if len(path) < 2:
        return range(0)
    first = 0 if isinstance(order, TakeOff) and not resumed else 1
    last = len(path) if _whole_landing(order, unit) else len(path) - 1
    return range(first, last)


# -- who may attack ------------------------------------------------------------------------------
def _arena(game: Game, state: State, side: str, number: int, hex_: str) -> tuple[State, list[AirUnit]]:
    """The hex as the Combat sees it: the Air unit flying through alone of its side, and the
    other side's Air units that need not leave the hex (VIII.H.3); the Air units standing aside
    are returned, to be put back."""
    aside = [
        u
        for u in flying_here(game, state, hex_)
        if (u.side == side and u.number != number) or (u.side != side and engaged.must_leave(game, state, u))
    ]
    for u in aside:
        state = state.with_air_unit(None, u.side, u.number)
    return state, aside


def open_altitudes(game: Game, state: State, side: str, number: int, hex_: str) -> list[bool]:
    """The altitudes at which the other side's Interceptors may attack ``side``'s Air unit
    ``number``, stopped in ``hex_`` (IX.D.1; III.E.1)."""
    enemy = other(side)
    if not any(u.side == enemy for u in flying_here(game, state, hex_)):
        return []
    arena, _ = _arena(game, state, side, number, hex_)
    lines = lines_at(game, arena, hex_)
    return [
        high
        for high in air_combat.ALTITUDES
        if air_combat.can_fight(game, arena, hex_, high)
        and air_combat.interceptors(lines, enemy, high)
        and any(x.side == side and x.high == high and x.role in ATTACKABLE and x.factors > 0 for x in lines)
        and air_combat._visible(game, arena, enemy, hex_, high)
    ]


def _watched(game: Game, state: State, side: str) -> set[str]:
    """The hexes where ``side`` has planes flying (the only ones where it may attack)."""
    hexes = (air.air_hex(game, state, u) for u in state.air_units if u.side == side and u.where in air.FLYING)
    return {h for h in hexes if h is not None}


def _first_stop(game: Game, state: State, unit: AirUnit, order: Order, path: tuple[str, ...], resumed: bool) -> int:
    """The index in ``path`` of the first hex where the other side's Interceptors may attack the
    Air unit flying through (-1: none)."""
    watched = _watched(game, state, other(unit.side))
    for i in through(order, unit, path, resumed):
        if path[i] in watched and open_altitudes(game, _stopped(state, unit, path[i]), unit.side, unit.number, path[i]):
            return i
    return -1


def _stopped(state: State, unit: AirUnit, hex_: str) -> State:
    """The Air unit in ``hex_``, part way through its move."""
    return state.with_air_unit(evolve(unit, where="map", hex=hex_, box="", moved=True, arrived=state.time))


# -- flying, stopping and going on ---------------------------------------------------------------
def fly(game: Game, state: State, order: Order, rng: Rng, events: list[Event]) -> State:
    """Carry out a MoveAir, TakeOff or Land: as before if no enemy Interceptors may attack the
    Air unit on its way; else it stops in the first hex where they may, and their side is asked."""
    unit = state.air_unit(order.side, order.air_unit)
    assert unit is not None
    path = route(game, state, order)
    i = _first_stop(game, state, unit, order, path, resumed=False)
    if i >= 0:
        if isinstance(order, (MoveAir, TakeOff)):
            events.append(air._told(order.side, order.describe()))
        return _stop(game, state, unit, order, path, i, events)
    if isinstance(order, MoveAir):
        return air.apply_move(game, state, order, events)
    if isinstance(order, TakeOff):
        return air.apply_take_off(game, state, order, events)
    return air.apply_land(game, state, order, events, rng)


def _stop(
    game: Game, state: State, unit: AirUnit, order: Order, path: tuple[str, ...], i: int, events: list[Event]
) -> State:
    from midway_desktop.games.cv.observation import flying_by

    if i > 0:
        state = flying_by(game, state, unit, list(path[: i + 1]), events)
    hex_ = path[i]
    state = _stopped(state, unit, hex_)
    enemy = other(order.side)
    text = (
        f"{side_name(order.side)} Air unit {unit.number} flies through {hex_}: your Interceptors there may attack it "
        f"({RULE})."
    )
    events.append(Event("passing", text, (enemy,), {"side": enemy, "hex": hex_, "air_unit": unit.number}))
    return evolve(state, passing=Passing(order.side, unit.number, hex_, order, path[i:]))


def resume(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """The question answered: the Air unit (what is left of it) flies on, stopping again where
    other Interceptors may attack it, and its order is completed."""
    p = state.passing
    assert p is not None
    state = evolve(state, passing=None)
    unit = state.air_unit(p.side, p.air_unit)
    if unit is None:  # shot down: its move ends with it
        return state
    order = p.order
    i = _first_stop(game, state, unit, order, p.path, resumed=True)
    if i >= 0:
        return _stop(game, state, unit, order, p.path, i, events)
    state = _finish(game, state, unit, order, p.path, rng, events)
    return engaged.arrived(game, state, p.side, p.air_unit)


def _finish(
    game: Game, state: State, unit: AirUnit, order: Order, path: tuple[str, ...], rng: Rng, events: list[Event]
) -> State:
    from midway_desktop.games.cv.observation import flying_by

    if isinstance(order, Land) and any(not order.plane or r.plane == order.plane for r in unit.records):
        if len(path) > 1:
            state = flying_by(game, state, unit, list(path), events)
        return air.apply_land(game, _stopped(state, unit, path[-1]), order, events, rng)
    if len(path) > 1:
        state = flying_by(game, state, unit, list(path), events)
    to, cap = (path[-1], "") if isinstance(order, Land) else (order.to, order.cap)
    return state.with_air_unit(air._arrive(game, state, unit, to, cap))


# -- the question: refusals, the orders offered, the answers --------------------------------------
def refusal(game: Game, state: State, a: Action) -> str | None:
    """Any order while an Air unit is stopped flying through (only the answer is taken), and the
    answers at any time."""
    p = state.passing
    if not isinstance(a, (InterceptPassing, LetPass)):
        if p is None:
            return None
        return (
            f"{side_name(p.side)} Air unit {p.air_unit} is flying through {p.hex}: the Interceptors there attack it "
            f"or let it pass first ({RULE})."
        )
    if p is None or a.side == p.side:
        return f"No enemy Air unit is flying through a hex of your Interceptors now ({RULE})."
    if (a.hex, a.air_unit) != (p.hex, p.air_unit):
        return f"Answer for enemy Air unit {p.air_unit} flying through {p.hex} ({RULE})."
    if isinstance(a, LetPass):
        return None
    if a.high in p.fought:
        return f"Your {_alt(a.high)} Altitude Interceptors have attacked it in {p.hex} already ({RULE})."
    arena, _ = _arena(game, state, p.side, p.air_unit, p.hex)
    trial = evolve(arena, battle=p.hex, orders=())
    why = air_combat.intercept_refusal(game, trial, Intercept(a.side, a.high, a.escorts, a.bombers))
    if why is not None:
        return why
    lines = lines_at(game, arena, p.hex)
    theirs = [x for x in lines if x.side == p.side and x.high == a.high and x.factors > 0]
    if not any(x.role in ATTACKABLE for x in theirs):
        return (
            f"Air unit {p.air_unit} has only Interceptors at {_alt(a.high)} Altitude: flying on, they avoid the "
            f"Combat (CV › Basic IX.D.1.c; VIII.I.2)."
        )
    if a.escorts and not any(x.role in (ESCORT, SPECIAL) for x in theirs):
        return f"Air unit {p.air_unit} has no Escorts at {_alt(a.high)} Altitude to attack (CV › Basic IX.D.2.a)."
    found = groups(lines, p.side, p.air_unit, a.high)
    if not 0 <= a.group < max(1, len(found)):
        return f"Air unit {p.air_unit} has no such group of Bombers at {_alt(a.high)} Altitude ({RULE})."
    return None


def offered(game: Game, state: State, side: str) -> list[Action]:
    """The answers ``side`` may give: every split of its Interceptors at each altitude still
    open, each with the group of Bombers those that get through attack; or let it pass."""
    p = state.passing
    if p is None or side == p.side:
        return []
    arena, _ = _arena(game, state, p.side, p.air_unit, p.hex)
    lines = lines_at(game, arena, p.hex)
    out: list[Action] = []
    for high in open_altitudes(game, state, p.side, p.air_unit, p.hex):
        if high in p.fought:
            continue
        mine = count(air_combat.interceptors(lines, side, high))
        kinds = max(1, len(groups(lines, p.side, p.air_unit, high)))
        for k in range(mine + 1):
            for m in range(mine - k + 1):
                for g in range(kinds):
                    if k + m:
                        a = InterceptPassing(side, p.hex, p.air_unit, high, k, m, g)
                        if refusal(game, state, a) is None:
                            out.append(a)
    out.append(LetPass(side, p.hex, p.air_unit))
    return out


def apply_attack(game: Game, state: State, a: InterceptPassing, rng: Rng, events: list[Event]) -> State:
    """The Combat, resolved at once: both Segments (IX.D.2), the Interceptors that get through
    attacking the named group of Bombers. Then the question is over unless the Interceptors at
    the other altitude may still attack."""
    p = state.passing
    assert p is not None
    arena, aside = _arena(game, state, p.side, p.air_unit, p.hex)
    told = f"{side_name(a.side)} Interceptors attack {side_name(p.side)} Air unit {p.air_unit} flying through {p.hex}"
    events.append(Event("battle", f"{told} ({RULE}).", data={"hex": p.hex, "air_unit": p.air_unit}))
    fighting = evolve(arena, battle=p.hex, orders=(Intercept(a.side, a.high, a.escorts, a.bombers),), free=())
    fighting = air_combat.resolve_first_segment(game, fighting, rng, events)
    through_ = dict(fighting.free).get((a.side, a.high), 0)
    if through_ and groups(lines_at(game, fighting, p.hex), p.side, p.air_unit, a.high)[a.group : a.group + 1]:
        attack = Attack(a.side, a.high, p.air_unit, a.group, through_)
        fighting = air_combat.resolve_second_segment(game, evolve(fighting, orders=(attack,)), rng, events)
    for u in aside:
        fighting = fighting.with_air_unit(u)
    state = evolve(fighting, battle=state.battle, orders=state.orders, free=state.free)
    state = evolve(state, passing=evolve(p, fought=(*p.fought, a.high)))
    still = [h for h in open_altitudes(game, state, p.side, p.air_unit, p.hex) if h not in (*p.fought, a.high)]
    if state.air_unit(p.side, p.air_unit) is None or not still:
        return resume(game, state, rng, events)
    return state


def apply_let_pass(game: Game, state: State, a: LetPass, rng: Rng, events: list[Event]) -> State:
    events.append(Event("order", f"{a.describe()}.", (a.side,), {"side": a.side}))
    return resume(game, state, rng, events)


# -- what the side asked is shown ------------------------------------------------------------------
def passing_view(game: Game, state: State, viewer: str) -> dict[str, Any] | None:
    """The question, for the side asked only: the hex, the enemy Air unit as its units observe
    it there (its groups with their Air Factors and role; types only at Condition 5: III.E.3),
    and its own Interceptors there that may attack, by altitude."""
    from midway_desktop.games.cv.combat import battle_view

    p = state.passing
    if p is None or viewer == p.side:
        return None
    arena, _ = _arena(game, state, p.side, p.air_unit, p.hex)
    lines = lines_at(game, arena, p.hex)
    seen = battle_view(game, evolve(arena, battle=p.hex, orders=(), free=(), owed=()), viewer)
    altitudes = [h for h in open_altitudes(game, state, p.side, p.air_unit, p.hex) if h not in p.fought]
    return {
        "hex": p.hex,
        "air_unit": p.air_unit,
        "enemy_air": [x for x in seen["enemy_air"] if x["air_unit"] == p.air_unit],
        "interceptors": {_alt(h).lower(): count(air_combat.interceptors(lines, viewer, h)) for h in altitudes},
        "fought": [_alt(h).lower() for h in p.fought],
    }
