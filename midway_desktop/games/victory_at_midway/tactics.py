"""Choices inside a battle, shared by the two-player bots and the solitaire doctrine.

Everything here reads only what both players see across the table (the units deployed in the
battle, their strength) and the choosing side's own units, so a bot using it stays honest.
Each function returns the whole set of orders for the current battle segment, in the order
they are to be given (the last one completes the segment and rolls the dice).
"""

from __future__ import annotations

from collections.abc import Callable

from midway_desktop.engine.actions import Action
from midway_desktop.games.victory_at_midway import battle as air_battle
from midway_desktop.games.victory_at_midway import naval
from midway_desktop.games.victory_at_midway.actions import (
    LoseAircraft,
    ReturnFire,
    make_aa_target,
    make_air_target,
    make_bomb_target,
    make_cap,
    make_fire,
    make_screen,
)
from midway_desktop.games.victory_at_midway.combat import alive
from midway_desktop.games.victory_at_midway.state import Game, State

# Bombing and sub/surface fire priorities: carriers first, transports late.
TARGET_ORDER = {"CV": 0, "CVL": 1, "BB": 2, "CA": 3, "TT": 4, "SFT": 5, "ST": 5, "DD": 6, "SS": 9}
AIR_ORDER = {"T": 0, "D": 1, "F": 2, "H": 3}
BOMBERS_PER_SHIP = 3  # a bomb load large enough to sink a carrier, then on to the next


def orders(game: Game, state: State, side: str) -> list[Action]:
    """The orders for the current battle segment (``[]`` if there is no battle)."""
    battle = state.battle
    if battle is None:
        return []
    stage = battle.stage
    handler = _STAGES.get(stage)
    return handler(game, state, side) if handler is not None else []


def _cap(game: Game, state: State, side: str) -> list[Action]:
    """Every eligible Ready fighter goes up (VaM › Strategies: CAP beats unescorted strikes);
    the last one up deploys the strike (an empty batch says no CAP)."""
    return [make_cap(side, a) for a in air_battle.cap_candidates(game, state)]


def _air_targets(game: Game, state: State, side: str) -> list[Action]:
    """Spread the fighters over the enemy aircraft, bombers (torpedo planes first) before fighters."""
    battle = state.battle
    assert battle is not None
    targets = air_battle.air_targets(game, state, side)
    if not targets:
        return []
    cat = game.cat
    targets.sort(key=lambda a: (AIR_ORDER.get(cat.plane(a).type, 9), not game.u(state, a).reduced, a))
    assigned = {f for f, _t in battle.orders}
    mine = [f for f in air_battle.fighters(game, state, side) if f not in assigned]
    return [make_air_target(side, f, targets[i % len(targets)]) for i, f in enumerate(mine)]


def _return_fire(game: Game, state: State, side: str) -> list[Action]:
    """Fire back at the attacker most likely to be hurt: a reduced one, else the first."""
    battle = state.battle
    assert battle is not None
    firers = [f for f, _t in battle.orders]
    best = min(firers, key=lambda f: (not game.u(state, f).reduced, f))
    return [ReturnFire(side, battle.returning, best)]


def _aa_targets(game: Game, state: State, side: str) -> list[Action]:
    """The strongest AA guns on the most dangerous bombers, one ship per bomber."""
    battle = state.battle
    assert battle is not None
    cat = game.cat
    used = {u for u, _t in battle.orders} | {t for _u, t in battle.orders}
    firers = [u for u in air_battle.aa_firers(game, state) if u not in used]
    targets = [t for t in air_battle.aa_targets(game, state) if t not in used]
    firers.sort(key=lambda u: (-air_battle.aa_value(game, u), game.u(state, u).reduced, u))
    targets.sort(key=lambda t: (-cat.plane(t).strike, game.u(state, t).reduced, t))
    return [make_aa_target(side, u, t) for u, t in zip(firers, targets)]


def _bomb_targets(game: Game, state: State, side: str) -> list[Action]:
    """Carriers first, a few bombers to each ship in turn; ground units: spread over the full ones."""
    battle = state.battle
    assert battle is not None
    assigned = {u for u, _t in battle.orders}
    bombers = [b for b in air_battle.bombers(game, state) if b not in assigned]
    targets = air_battle.bomb_targets(game, state)
    if not targets:
        return []
    cat = game.cat
    bombers.sort(key=lambda b: (-cat.plane(b).strike, game.u(state, b).reduced, b))
    if battle.base:
        targets.sort(key=lambda t: (game.u(state, t).reduced, t))
        return [make_bomb_target(side, b, targets[i % len(targets)]) for i, b in enumerate(bombers)]
    return _concentrate(game, state, side, bombers, targets, make_bomb_target)


def _concentrate(game: Game, state: State, side: str, firers: list[str], targets: list[str],
                 make: Callable[[str, str, str], Action]) -> list[Action]:  # fmt: skip
    """Give the best targets a few firers each, in priority order, then start over."""
    cat = game.cat

    def rank(t: str) -> tuple[int, bool, str]:
        return (TARGET_ORDER.get(cat.ship(t).type, 8), game.u(state, t).reduced, t)

    ordered = sorted(targets, key=rank)
    out: list[Action] = []
    for i, f in enumerate(firers):
        t = ordered[(i // BOMBERS_PER_SHIP) % len(ordered)]
        out.append(make(side, f, t))
    return out


def _airfield_losses(game: Game, state: State, side: str) -> list[Action]:
    """Give up damaged and Not Ready aircraft first."""
    battle = state.battle
    assert battle is not None
    field = game.based_at(state, "Midway", air_battle.FIELD)
    field.sort(key=lambda a: (not game.u(state, a).reduced, game.u(state, a).loc == "ready", a))
    return [LoseAircraft(side, a) for a in field[: battle.losses]]


def _screen(game: Game, state: State, side: str) -> list[Action]:
    """Spread the destroyers over the attacking subs."""
    battle = state.battle
    assert battle is not None
    assigned = {u for u, _t in battle.orders}
    subs = list(battle.strike)
    dds = [d for d in naval.screeners(game, state) if d not in assigned]
    return [make_screen(side, d, subs[i % len(subs)]) for i, d in enumerate(dds)]


def _fire(game: Game, state: State, side: str) -> list[Action]:
    """Naval and invasion fire: within the rules on which targets come first."""
    battle = state.battle
    assert battle is not None
    assigned = {u for u, _t in battle.orders}
    firers = [u for u in naval.firers(game, state, side) if u not in assigned]
    targets = naval.fire_targets(game, state, side)
    if not firers or not targets:
        return []
    cat = game.cat
    if battle.kind in (naval.INVASION, naval.BOMBARD):
        # Cover every enemy unit once (invasion requires it), reduced ones first, then spread.
        targets.sort(key=lambda t: (not game.u(state, t).reduced, t))
        taken = [t for _u, t in battle.orders]
        firers.sort(key=lambda u: (-(cat.troop(u).combat if cat.is_ground(u) else cat.ship(u).surface), u))
        out: list[Action] = []
        for u in firers:
            t = min(targets, key=lambda x: (taken.count(x), targets.index(x)))
            taken.append(t)
            out.append(make_fire(side, u, t))
        return out
    if battle.kind == naval.SUB:
        return _concentrate(game, state, side, firers, targets, make_fire)
    # Surface: one firer on every warship first (the rule), strongest guns on the biggest ships,
    # then the rest on the carriers and transports.
    firers.sort(key=lambda u: (-cat.ship(u).surface, game.u(state, u).reduced, u))
    escorts = sorted((t for t in targets if not naval.restricted(game, t)),
                     key=lambda t: (TARGET_ORDER.get(cat.ship(t).type, 8), t))  # fmt: skip
    prized = sorted((t for t in targets if naval.restricted(game, t)),
                    key=lambda t: (TARGET_ORDER.get(cat.ship(t).type, 8), game.u(state, t).reduced, t))  # fmt: skip
    taken = {t for _u, t in battle.orders}
    out = []
    rest = []
    for u in firers:
        open_ = [t for t in escorts if t not in taken]
        if open_:
            taken.add(open_[0])
            out.append(make_fire(side, u, open_[0]))
        else:
            rest.append(u)
    pool = prized or escorts
    for i, u in enumerate(rest):
        out.append(make_fire(side, u, pool[(i // 2) % len(pool)]))
    return out


def living(game: Game, state: State, units: tuple[str, ...]) -> list[str]:
    return [u for u in units if alive(game, state, u)]


_STAGES = {
    "cap": _cap,
    "air-targets": _air_targets,
    "return-fire": _return_fire,
    "aa-targets": _aa_targets,
    "bomb-targets": _bomb_targets,
    "airfield-losses": _airfield_losses,
    "screen-targets": _screen,
    "sub-targets": _fire,
    "surface-targets": _fire,
    "bombard-targets": _fire,
    "ground-targets": _fire,
}
