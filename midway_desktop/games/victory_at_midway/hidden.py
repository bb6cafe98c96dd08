"""What a player cannot see, re-drawn for the odds (see ``engine.odds``).

VaM › The Maps: double blind. A side knows where its own units are; of the enemy's ships it
knows where its searches found them this turn (its sighting markers), where it is fighting
them, and where its searches this turn found nothing. So for a continuation every enemy piece
(a Task Force / Fleet marker with its ships, or a ship outside a box) that is out of sight is
put in a hex drawn afresh, from hexes it could have reached and the side has not just searched
in vain, the hexes near the side's recent sightings weighted up. Where it really is never
enters the draw.

Provisional (not in the rules: a model of the player's belief, to be refined): the weighting,
the reach (one hex a turn from the enemy's set-up area or entry column: VaM › Stack Movement),
and three shortcuts that keep the enemy as it is: a piece in a sighted or embattled hex stays
(which of the enemy's pieces it is, is kept), and so do the enemy's losses and damage and its
aircraft (all fought in sight of both, VaM › Air Strikes; a unit lost ditching is the one loss
the side would not see), but for their readiness: the enemy's Not Ready aircraft are taken as
Ready. In a sealed step the enemy's orders not yet revealed are taken back out
(:func:`before_the_reveal`), to be given afresh by its bot in each continuation. And a Japanese
group that may have entered unseen is drawn afresh too, still waiting or somewhere it could
have reached, in its Fleet box (:func:`unsure_entries`): whether it came on, where and in what
box are Japan's secrets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.movement import pieces
from midway_desktop.games.victory_at_midway.naval import SUB
from midway_desktop.games.victory_at_midway.sequence import own_step
from midway_desktop.games.victory_at_midway.setup import entry_hexes, entry_turn, setup_area
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    SHIP_OFF_MAP,
    SIDES,
    Game,
    State,
    evolve,
    make_unit,
    other,
)

T = TypeVar("T")
VP_SIDES: tuple[str, ...] = SIDES  # VaM › Victory Conditions: both sides' victory points
RECENT = 3  # sightings this many turns old or newer weigh in (provisional)
# VaM › Ready/Not Ready: the enemy prepares its aircraft on its own displays, unseen; the odds
# take them all as Ready (provisional: the worst case for the side asking, whatever the truth).
NOT_READY = frozenset({"notready", "notready2"})
NEAR_SIGHTING = 4  # the weight of a hex a recent sighting's ships could have reached (provisional)
# A Japanese group that may have entered unseen is taken as still waiting once in this many
# draws (provisional: groups mostly came on when they could), else somewhere it could have reached.
WAITS = 4


def result_titles(rules: Any) -> dict[str, str]:
    return {
        "us-wins": "US wins on points",
        "japan-wins": "Japan wins on points",
        "draw": "Draw",
        "us-concedes": "US concedes",
        "japan-concedes": "Japan concedes",
    }


def sample_hidden(rules: Any, state: State, side: str, rng: Rng) -> State:
    """``state`` as ``side`` may know it: the enemy's unrevealed orders of a sealed step taken
    back out (:func:`before_the_reveal`: its bot gives them afresh in each continuation), and
    its out-of-sight pieces in hexes drawn from ``rng``."""
    game: Game = rules.game
    enemy = other(side)
    state = before_the_reveal(game, state, side)
    in_sight = seen_hexes(game, state, side)
    subs_in_sight = subs_seen(game, state, side)
    cleared = searched_in_vain(game, state, side) | in_sight
    unsure = unsure_entries(game, state, side, in_sight)
    units = list(state.units)
    for ships in unsure.values():  # (put back as waiting, whatever the truth: drawn below)
        for ship in ships:
            i = game.index[ship]
            _loc, reduced, base, _formation, _moved = units[i]
            units[i] = make_unit(("entry", reduced, base, "", 0))
    state = evolve(state, units=tuple(units))
    for _piece, ships in sorted(pieces(game, state, enemy).items()):
        here = units[game.index[ships[0]]].loc
        if here in (subs_in_sight if all(x in game.subs for x in ships) else in_sight):
            continue
        hexes, weights = _belief(game, state, side, ships, cleared)
        if not hexes:
            continue  # nowhere else it could be: it stays
        there = hexes[_weighted(rng, weights)]
        for ship in ships:
            i = game.index[ship]
            loc, reduced, base, formation, moved = units[i]
            units[i] = make_unit((there, reduced, base, formation, moved))
    drawn = {s for ships in unsure.values() for s in ships}
    for group, ships in sorted(unsure.items()):
        if rng.below(WAITS) == 0:
            continue  # still waiting to enter
        hexes, weights = _belief(game, state, side, list(ships), cleared)
        if not hexes:
            continue
        there = hexes[_weighted(rng, weights)]
        # Into its own Fleet box, as groups enter, unless some ship known to be elsewhere holds it.
        fleet = game.cat.group(group).fleet
        if any(game.u(state, s).formation == fleet for s, _i in game._ships[enemy] if s not in drawn):
            fleet = ""
        for ship in ships:
            i = game.index[ship]
            _loc, reduced, base, _formation, _moved = units[i]
            units[i] = make_unit((there, reduced, base, fleet, 0))
    for _unit, i in game._planes[enemy]:
        loc, reduced, base, formation, moved = units[i]
        if loc in NOT_READY:
            units[i] = make_unit(("ready", reduced, base, formation, moved))
    return evolve(state, units=tuple(units))


# What only Japan's own orders of a sealed step change besides units, flights and searches: the
# Kure seaplane base (VaM › Seaplane Tenders) and the reserve Zekes (VaM › Reserve Zekes).
JAPANS_OWN = ("kure", "reserves", "banked", "revealed")


def unsure_entries(game: Game, state: State, side: str, in_sight: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """VaM › Entry of Japanese Units: Japan may delay a group's (or a ship's) entry past the turn
    on its counters, unseen, so the US player cannot tell a group still waiting from one on the
    map out of sight. Each Japanese entry group's ships that could be either, by group: waiting
    once they may enter, or on the map out of sight and never seen in battle. (In solitaire
    play each group enters on the Japanese Entry table's turn, known to the player.)"""
    if side == JAPAN or state.solitaire:
        return {}
    out: dict[str, tuple[str, ...]] = {}
    units = state.units
    for group in game.cat.groups:
        if group.side != JAPAN or group.entry is None:
            continue
        earliest = entry_turn(game, state, group.id)
        may = earliest is not None and state.turn >= earliest
        ships = []
        for s, i in game.group_ships[group.id]:
            loc = units[i].loc
            unseen_on_map = loc not in SHIP_OFF_MAP and loc not in in_sight
            if s not in state.revealed and ((loc == "entry" and may) or unseen_on_map):
                ships.append(s)
        if ships:
            out[group.id] = tuple(ships)
    return out


def before_the_reveal(game: Game, state: State, side: str) -> State:
    """VaM › The Turn Sequence: a sealed step's orders are secret until every side has given
    them. ``state`` with the enemy's orders of the current sealed step taken back out, all of
    them, sealed or not: the step's start with ``side``'s own units, flights, searches and seal
    as they are now. Within a run of sealed steps played at one sitting (``sequence.RUNS``) the
    start is the run's: the enemy's orders of all its steps go, and ``side`` stays at its own step
    of it, gone on ahead. Whatever the enemy ordered, ``side`` gets the same position (a step's
    orders touch only the ordering side's units and markers); outside sealed steps, ``state``."""
    start = state.step_start
    if start is None or state.battle is not None:
        return state
    mine = game.side_by_unit
    ids = game.ids
    units = tuple(now if mine[ids[i]] == side else then for i, (now, then) in enumerate(zip(state.units, start.units)))
    own: dict[str, Any] = {k: getattr(state, k) for k in JAPANS_OWN} if side == JAPAN else {}
    # A run of sealed steps played at one sitting (``sequence.RUNS``) keeps the start of its first
    # step: the enemy goes back there, ``side`` stays at its own step of the run, gone on ahead.
    at = own_step(state, side)
    return evolve(
        start,
        units=units,
        flights=_merged(start.flights, state.flights, lambda f: mine[f.unit] == side),
        searches=_merged(start.searches, state.searches, lambda s: s.side == side),
        sealed=start.sealed | (state.sealed & {side}),
        ahead=((side, at),) if at != start.step else (),
        step_start=start,
        **own,
    )


def _merged(then: tuple[T, ...], now: tuple[T, ...], ours: Callable[[T], bool]) -> tuple[T, ...]:
    """The markers of ``then`` with ours as they are ``now``: the enemy's and ours still there in
    their old order, then our new ones in the order given."""
    left = Counter(x for x in now if ours(x))
    out = []
    for x in then:
        if not ours(x):
            out.append(x)
        elif left[x]:
            left[x] -= 1
            out.append(x)
    for x in now:
        if ours(x) and left[x]:
            left[x] -= 1
            out.append(x)
    return tuple(out)


def seen_hexes(game: Game, state: State, side: str) -> frozenset[str]:
    """Where ``side`` sees enemy ships now: this turn's sightings, the battle being fought and
    the naval attacks declared this turn (all on its own map, or announced to both)."""
    out = {s.hex for s in state.sightings if s.side == side and s.turn == state.turn}
    if state.battle is not None:
        out.add(state.battle.hex)
    out.update(h for _kind, _side, h in state.declared)
    return frozenset(out)


def subs_seen(game: Game, state: State, side: str) -> frozenset[str]:
    """Where ``side`` sees enemy submarines now: searches never find them (VaM › Optional Rules ›
    Submarines), so only where they attack, declared this turn or being fought."""
    enemy = other(side)
    out = {h for kind, by, h in state.declared if kind == SUB and by == enemy}
    if state.battle is not None and state.battle.kind == SUB and state.battle.attacker == enemy:
        out.add(state.battle.hex)
    return frozenset(out)


def searched_in_vain(game: Game, state: State, side: str) -> frozenset[str]:
    """Hexes ``side``'s searches this turn covered (VaM › Search Operations: an air search its
    hex and the six around it, by day a ship search its hex) where no enemy ship could hide:
    a night ship search may have failed (its die is luck the side saw, but the position keeps
    no trace of it) and fog hides ships from every search (VaM › Fog)."""
    if not state.announced:
        return frozenset()
    night = game.night(state)
    out: set[str] = set()
    for s in state.searches:
        if s.side != side:
            continue
        if s.kind == "air":
            out |= game.within(s.hex, 1)
        elif not night:
            out.add(s.hex)
    return frozenset(h for h in out if not game.in_fog(state, h))


def _reach(game: Game, state: State, ships: list[str]) -> frozenset[str]:
    """Hexes a piece could be in by now: its set-up area, or the Japanese entry column, and one
    hex a turn from there (VaM › Stack Movement: a stack moves no faster than one hex a turn)."""
    enemy = game.side_of(ships[0])
    key = ("odds-reach", tuple(ships), state.turn)
    found = game.memo.get(key)
    if found is None:
        start: set[str] = set()
        for ship in ships:
            if enemy == JAPAN and game.cat.ship(ship).group != "SS168":
                start |= entry_hexes(game)
            else:
                start |= setup_area(game, ship)
        reach: set[str] = set()
        for h in start:
            reach |= game.within(h, max(0, state.turn))
        found = game.memo[key] = frozenset(reach)
    return found  # type: ignore[no-any-return]


def _belief(
    game: Game, state: State, side: str, ships: list[str], cleared: frozenset[str]
) -> tuple[list[str], list[int]]:
    """The hexes a piece may be drawn into, in a fixed order, and their weights."""
    carriers = any(s in game.carriers for s in ships)
    hexes = sorted(_reach(game, state, ships) - cleared)
    near: set[str] = set()
    for s in state.sightings:
        age = state.turn - s.turn
        if s.side == side and 0 < age <= RECENT and (s.carriers or not carriers):
            near |= game.within(s.hex, age)
    return hexes, [NEAR_SIGHTING if h in near else 1 for h in hexes]


def _weighted(rng: Rng, weights: list[int]) -> int:
    pick = rng.below(sum(weights))
    for i, w in enumerate(weights):
        if pick < w:
            return i
        pick -= w
    raise AssertionError("unreachable: pick < sum(weights)")
