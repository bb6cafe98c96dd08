"""The Combat Phase: Battles, and their Combat Steps in the Sequence of Play's order (CV › Basic
IX.A, IV.E).

A Battle is every Combat in one hex that holds units of both sides (IX.A.1-2): flying Air units
(on the mapboard or in a CAP Box), Task Forces, the Base unit. Battles are fought one after the
other (any order will do, IX.A.4: here by hex), each through the steps of :data:`STEPS` in order,
a step skipped when it does not apply (IX.A.2). A sealed step asks both sides at once (their
orders are their own until both have sealed, as in the other simultaneous steps); the step's
``resolve`` runs when it ends.

Plugging a step in: each :class:`CombatStep` names its step (its Sequence of Play id), title and
rule, whether it is sealed, the order types it takes with their refusal and the orders a side
may give (``legal``), ``applies`` (does this Battle need it?) and ``resolve``. The orders of a
sealed step are kept in ``State.orders`` until it is resolved, unless the step keeps them its own
way (``keep``: the Surface Combat set-ups and allotments, ``surface``). A Battle's Surface Combat
and Ground Combat follow its air combat (IV.E.3-5): in a Combat Contact hex or the Midway hex
with enemy Ship units (``surface.battles``), and at Midway with Japanese Ground units ashore.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import air, air_combat, bombing, ground, surface
from midway_desktop.games.cv.actions import Arrange, Attack, Bomb, Conserve, Eliminate, Fire, Intercept, SetDie
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.sky import BOMBER, ESCORT, FIGHTERS, count, groups, lines_at
from midway_desktop.games.cv.state import AMERICAN, JAPANESE, State, evolve, other
from midway_desktop.values import frozen_value

Resolve = Callable[[Game, State, Rng, list[Event]], State]
Applies = Callable[[Game, State], bool]
Refusal = Callable[[Game, State, Any], str | None]
Legal = Callable[[Game, State, str], Iterable[Action]]
Keep = Callable[[Game, State, Any], State]


def _none(game: Game, state: State, side: str) -> Iterable[Action]:
    return ()


@frozen_value
class CombatStep:
    """One step of a Battle (CV › Basic IX): when it applies, how it resolves, the orders it takes."""

    name: str
    title: str
    rule: str
    sealed: bool
    applies: Applies
    resolve: Resolve
    orders: dict[type[Action], Refusal] = field(default_factory=dict)
    legal: Legal = _none
    keep: Keep | None = None  # how a sealed order is kept, if not in ``State.orders``
    exact: bool = False  # ``legal`` lists only what ``orders``' refusals accept: not asked again


# -- the orders each sealed step offers ---------------------------------------------------------------
def _intercepts(game: Game, state: State, side: str) -> Iterable[Action]:
    """Built to ``air_combat.intercept_refusal`` and ``conserve_refusal`` exactly (asked of each
    order they were much of a Battle of Midway's legal orders): at an altitude where the side's
    Interceptors may fight (IX.D.1.a-c, III.E.1), 1 to all of them, against Escorts and
    Interceptors only if the enemy has some, against Bombers only if it has some, and those
    only after their Escorts (IX.D.2.a); Conserve where it has fighters (VIII.E.4.a(3))."""
    hex_ = state.battle
    lines = lines_at(game, state, hex_)
    enemy = other(side)
    for high in air_combat.ALTITUDES:
        mine = count(air_combat.interceptors(lines, side, high))
        if (
            mine
            and air_combat.can_fight(game, state, hex_, high)
            and air_combat._visible(game, state, side, hex_, high)
        ):
            fighters = count(air_combat._at(lines, enemy, high, FIGHTERS))
            escorts = count(air_combat._at(lines, enemy, high, (ESCORT,)))
            bombers = count(air_combat._at(lines, enemy, high, (BOMBER,)))
            for k in range(mine + 1):
                for m in range(mine - k + 1):
                    if k + m and (fighters or not k) and (bombers or not m) and (k or not m or not escorts):
                        yield Intercept(side, high, k, m)
        if air_combat._at(lines, side, high, FIGHTERS):
            yield Conserve(side, high)


def _attacks(game: Game, state: State, side: str) -> Iterable[Action]:
    lines = lines_at(game, state, state.battle)
    for (s, high), _n in state.free:
        if s != side:
            continue
        left = air_combat.free_left(state, side, high)
        units = sorted({x.unit for x in lines if x.side == other(side) and x.high == high and x.role == BOMBER})
        for unit in units:
            for g in range(len(groups(lines, other(side), unit, high))):
                for n in range(1, left + 1):
                    yield Attack(side, high, unit, g, n)


def _bombs(game: Game, state: State, side: str) -> Iterable[Action]:
    lines = lines_at(game, state, state.battle)
    keys = sorted({(x.unit, x.plane, x.weapon, x.high) for x in lines if x.side == side and x.role == BOMBER})
    targets = bombing.targets(game, state, side)
    for unit, plane, weapon, high in keys:
        if not weapon:
            continue
        key = (unit, plane, weapon, high)
        have = sum(x.factors for x in lines if x.side == side and (x.unit, x.plane, x.weapon, x.high) == key)
        for method in ("high", "dive") if high else ("low", "torpedo"):
            for target in targets:
                if bombing.bht(game, plane, method, weapon, target) is None:
                    continue
                for n in range(1, have + 1):
                    yield Bomb(side, unit, plane, weapon, high, method, target, n)


def _air_losses(name: str, after: str) -> CombatStep:
    """IX.K.3.b: the Air Factors a Base loses to Bombing or Bombardment Hits, picked (sealed) by
    the side the text names (``bombing.owe_air_losses``); the same step after either Combat."""
    return CombatStep(name, f"Combat Phase: {after}, Air Factors lost on the Base", "CV › Basic IX.K.3.b", True,
                      bombing.losses_apply, bombing.resolve_losses, {Eliminate: bombing.eliminate_refusal},
                      bombing.eliminations)  # fmt: skip


STEPS: tuple[CombatStep, ...] = (
    CombatStep("air-to-air", "Combat Phase: Air-to-Air Combat Step, Interceptor-to-Interceptor or "
               "Interceptor-to-Escort Segment", "CV › Basic IX.D.2", True,
               air_combat.first_segment_applies, air_combat.resolve_first_segment,
               {Intercept: air_combat.intercept_refusal, Conserve: air_combat.conserve_refusal}, _intercepts,
               exact=True),
    CombatStep("interception", "Combat Phase: Air-to-Air Combat Step, Interceptor-to-Bomber Segment",
               "CV › Basic IX.D", True, air_combat.second_segment_applies, air_combat.resolve_second_segment,
               {Attack: air_combat.attack_refusal}, _attacks),
    CombatStep("aa", "Combat Phase: AA Combat Step (Bombing announced)", "CV › Basic IX.E", True,
               bombing.applies, bombing.resolve_aa, {Bomb: bombing.bomb_refusal}, _bombs),
    CombatStep("bombing", "Combat Phase: Bombing Combat Step", "CV › Basic IX.F", False,
               lambda g, s: any(isinstance(o, Bomb) for o in s.orders), bombing.resolve_bombing),
    _air_losses("air-losses", "Bombing Combat Step"),
    # Surface Combat (IX.G; ``surface``): the secret set-up, then each Segment with its Combats
    CombatStep("surface-set-up", "Combat Phase: Surface Combat Step: secret set-up", "CV › Basic IX.G.1.a", True,
               surface.applies("surface-set-up"), surface.resolve_set_up,
               {Arrange: surface.arrange_refusal, SetDie: surface.set_die_refusal}, surface.set_ups, surface.keep),
    *(CombatStep(name, f"Combat Phase: Surface Combat Step: {title} Combat Segment", rule, True,
                 surface.applies(name), surface.segment(surface.KIND_OF[name]), {Fire: surface.fire_refusal},
                 surface.fires, surface.keep, exact=True)
      for name, title, rule in (
          ("surface-gunnery", "Ship-to-Ship Gunnery", "CV › Basic IX.G.1.b"),
          ("surface-torpedo", "Surface Torpedo Attack", "CV › Basic IV.E.4.b"),
          ("breakthrough", "Breakthrough", "CV › Basic IV.E.4.c, IX.G.1.a(1)"),
          ("bombardment", "Bombardment Gunnery", "CV › Basic IV.E.4.d"))),
    _air_losses("bombardment-losses", "Surface Combat Step: Bombardment Combat Segment"),
    # Ground Combat (IX.H; ``ground``) and the capture of Midway
    CombatStep("ground-combat", "Combat Phase: Ground Combat Step", "CV › Basic IX.H", False, ground.applies,
               ground.ground_combat),
)  # fmt: skip
BY_NAME = {s.name: s for s in STEPS}
ORDER_TYPES = tuple(dict.fromkeys(t for s in STEPS for t in s.orders))
AFTER = "midway-repair"  # the phase after the Combat Phase (Basic IV.F)


def battle_hexes(game: Game, state: State) -> tuple[str, ...]:
    """Basic IX.A.1: hexes where units of both sides are."""
    sides: dict[str, set[str]] = {}
    for tf in state.task_forces:
        if tf.on_map and tf.hex is not None:
            sides.setdefault(tf.hex, set()).add(tf.side)
    for b in state.bases:
        if b.hex is not None:
            sides.setdefault(b.hex, set()).add(b.side)
    for u in state.air_units:
        here = air.air_hex(game, state, u) if u.where in air.FLYING else None
        if here is not None:
            sides.setdefault(here, set()).add(u.side)
    if state.ashore:
        sides.setdefault(game.midway, set()).add(JAPANESE)
    return tuple(sorted(h for h, s in sides.items() if {AMERICAN, JAPANESE} <= s))


def advance(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Leave the current step of the Combat Phase (resolving it) for the next that applies."""
    if state.step == "combat":
        state = evolve(state, battles=battle_hexes(game, state), battle="", orders=(), free=())
        return _next_battle(game, state, events)
    step = BY_NAME[state.step]
    state = step.resolve(game, state, rng, events)  # (it clears the orders it has used)
    return _from(game, state, STEPS.index(step) + 1, events)


def _from(game: Game, state: State, start: int, events: list[Event]) -> State:
    for step in STEPS[start:]:
        if step.applies(game, state):
            return evolve(state, step=step.name, sealed=frozenset())
    return _next_battle(game, state, events)


def _next_battle(game: Game, state: State, events: list[Event]) -> State:
    state = evolve(state, orders=(), free=(), arrangements=(), allotments=())
    while state.battles:
        state = evolve(state, battle=state.battles[0], battles=state.battles[1:])
        for step in STEPS:
            if step.applies(game, state):
                events.append(
                    Event("battle", f"A Battle in {state.battle} (CV › Basic IX.A).", data={"hex": state.battle})
                )
                return evolve(state, step=step.name, sealed=frozenset())
    return evolve(state, step=AFTER, battle="", battles=(), sealed=frozenset())


def refusal(game: Game, state: State, action: Action) -> str | None:
    step = BY_NAME.get(state.step)
    check = step.orders.get(type(action)) if step is not None else None
    if check is None:
        return "That order is not given in this step of the Combat Phase (CV › Basic IX.A.2, IV.E)."
    return check(game, state, action)


def keep(game: Game, state: State, action: Action) -> State:
    """Keep a sealed order the way its step keeps them."""
    step = BY_NAME.get(state.step)
    if step is not None and step.keep is not None:
        return step.keep(game, state, action)
    return apply_order(state, action)


def apply_order(state: State, action: Action) -> State:
    """Keep a sealed order: an Intercept or Conserve replaces the side's earlier one at that
    altitude; Attacks and Bombs add up."""
    orders = state.orders
    if isinstance(action, (Intercept, Conserve)):
        orders = tuple(
            o for o in orders if not (type(o) is type(action) and (o.side, o.high) == (action.side, action.high))
        )
    return evolve(state, orders=(*orders, action))


def legal(game: Game, state: State, side: str) -> list[Action]:
    step = BY_NAME.get(state.step)
    if step is None:
        return []
    if step.exact:
        return list(step.legal(game, state, side))
    return [a for a in step.legal(game, state, side) if step.orders[type(a)](game, state, a) is None]


# -- what each side is shown of the Battle ---------------------------------------------------------------
def battle_view(game: Game, state: State, viewer: str) -> dict[str, Any]:
    """The Battle being fought as ``viewer`` knows it (Basic III.E): its own orders sealed in this
    step and free Interceptors; its own planes there by role; enemy plane groups with their Air
    Factors and role (their types only at Condition 5); enemy Ship units as targets, inverted at
    Condition 3, with sizes and Task Force at 4, names at 5; the enemy Base."""
    from midway_desktop.games.cv.observation import _sizes  # one size chart for both
    from midway_desktop.games.cv.sky import FIGHTERS, seen

    hex_ = state.battle
    enemy = other(viewer)
    lines = lines_at(game, state, hex_)
    planes: dict[tuple[int, bool, str, str], int] = {}
    shown: dict[tuple[int, bool, str, str], dict[str, Any]] = {}
    for x in lines:
        cond = seen(game, state, viewer, hex_, flying=True, high=x.high) if x.side == enemy else 0
        if x.side != enemy or cond < 3 or x.factors <= 0:
            continue
        key = (x.unit, x.high, x.role, x.plane)
        planes[key] = planes.get(key, 0) + x.factors
        roles = (BOMBER,) if x.role == BOMBER else FIGHTERS
        group = groups(lines, enemy, x.unit, x.high, roles).index(x.plane)
        item: dict[str, Any] = {"air_unit": x.unit, "high": x.high, "role": x.role, "group": group}
        if cond >= 5:
            item["plane"] = x.plane
        shown[key] = item
    enemy_air = [{**shown[k], "factors": n} for k, n in sorted(planes.items())]
    own: dict[tuple[int, bool, str, str, str], int] = {}
    for x in lines:
        if x.side == viewer and x.factors > 0:
            key_ = (x.unit, x.high, x.role, x.plane, x.weapon)
            own[key_] = own.get(key_, 0) + x.factors
    own_air = [
        {"air_unit": u, "high": h, "role": r, "plane": p, "weapon": w, "factors": n}
        for (u, h, r, p, w), n in sorted(own.items())
    ]
    ships = []
    cond = seen(game, state, viewer, hex_, flying=False)
    if cond >= 3:
        for i, (tf, title) in enumerate(bombing.ships_at(state, enemy, hex_)):
            ship: dict[str, Any] = {"target": f"ship:{i}"}
            if cond >= 4:
                ship["task_force"] = tf.number
                ship["size"] = next(k for k, n in _sizes(game, [evolve(tf, ships=(title,))]).items() if n)
            if cond >= 5:
                ship["ship"] = title
            ships.append(ship)
    return {
        "hex": hex_,
        "orders": [o.describe() for o in state.orders if o.side == viewer],
        "free": {("high" if h else "low"): n for (s, h), n in state.free if s == viewer},
        "own_air": own_air,  # its own planes in the hex, by line, with the role each has (VIII.C)
        "enemy_air": enemy_air,
        "enemy_ships": ships,
        "enemy_base": bombing.base_at(state, enemy, hex_) is not None,
        # IX.K.3.b: the planes of a Base whose losses this side picks
        "pick": [{"base": b, "factors": n, "planes": _planes_of(state, b)} for c, b, n in state.owed if c == viewer],
    }


def _planes_of(state: State, base_id: str) -> dict[str, dict[str, int]]:
    base = state.base(base_id)
    out: dict[str, dict[str, int]] = {}
    for section in ("a", "b", "c"):
        for s in base.planes.of(section) if base is not None else ():
            out.setdefault(section, {})[s.plane] = out.get(section, {}).get(s.plane, 0) + s.factors
    return out
