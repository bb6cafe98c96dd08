"""What a CV player cannot see, re-drawn for the odds (see ``engine.odds``).

CV › Basic III: a side knows its own Plot Map, Holding Box Charts and Air Record; of the enemy it
knows what its units observe now, the Time Record, the Point Record and the enemy Air unit
counters on the mapboard. So each continuation begins from a position that agrees with all of
that and draws the rest afresh, never from where the enemy really is:

- **Orders not yet revealed are taken back out** (:func:`before_the_reveal`). Within the Turn's
  private steps (``sequence.PRIVATE``) the enemy goes back to the start of the Plane Ready Step,
  its Task Forces as the side was shown them (``sequence.on_table``), its Air units being formed
  and its plots and Shadowing orders gone; the side asking keeps its own orders and stays at its
  own step. In a sealed Combat Step the enemy's orders of that step go. The enemy's bot gives
  them afresh in each continuation.
- **Out-of-sight Task Forces are put in hexes drawn afresh**: any hex the Task Force could have
  reached from where it set up or entered, at its movement, that the side asking does not
  observe now (nor saw ships in this Turn), all alike. A Task Force still to enter gets its
  entry hex drawn from its entry area.
- **Planes in the enemy's boxes are taken as ready** (its sections are screened: Set Up II.A):
  every Air Factor in C, bombers armed with the first of their Possible Armaments, nothing
  readied or launched yet this Turn. The worst case for the side asking, whatever the truth.

Provisional (not in the rules: a model of the player's belief, to be refined): the uniform
draw and the reach, and these shortcuts that keep the enemy as it is: which ships make up each
Task Force and its troops aboard (their division shows only at Condition 4, III.C), how many
Air Factors of each type each box holds (losses are mostly fought in sight of both), the enemy
Air units aloft, in CAP Boxes, in flight or formed after the private steps, with what they
carry, and the true strength behind a Condition 2 announcement. The set-up is not sampled: its
odds begin once both sides have set up (:class:`OddsUnavailable`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from midway_desktop.engine.odds import OddsUnavailable
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.observation import condition, observed, observers
from midway_desktop.games.cv.sequence import PRIVATE, on_table, own_step
from midway_desktop.games.cv.setup import set_up_cells
from midway_desktop.games.cv.state import (
    SIDES,
    AirUnit,
    Planes,
    Sections,
    State,
    TaskForce,
    evolve,
    merged,
    other,
)
from midway_desktop.games.cv.time_record import Time

VP_SIDES: tuple[str, ...] = SIDES  # CV › Basic XI: each side's Victory Points
ODDS_GAMES = 50  # a Doctrine game takes about half a second of CPU: the dock offers this many first


def result_titles(rules: Any) -> dict[str, str]:
    return {"american": "American victory", "japanese": "Japanese victory", "draw": "Draw"}


def odds_bots(rules: Any) -> dict[str, Any]:
    """The players of each continuation: the Doctrine at both sides (CV's quick computer player:
    a plain random player's games say little of how a game between players goes)."""
    return {side: rules.computer_bot(side, "doctrine") for side in rules.sides}


def no_odds(state: State) -> str:
    """Why there are no odds from ``state`` ("" when there are)."""
    return (
        "CV's odds begin once both sides have set up (CV › Set Up IV: the set-up is secret)."
        if state.step == "set-up"
        else ""
    )


def sample_hidden(rules: Any, state: State, side: str, rng: Rng) -> State:
    """``state`` as ``side`` may know it: the enemy's unrevealed orders taken back out, its
    out-of-sight Task Forces in hexes drawn from ``rng`` and its planes taken as ready."""
    why = no_odds(state)
    if why:
        raise OddsUnavailable(why)
    game: Game = rules.game
    enemy = other(side)
    state = before_the_reveal(game, state, side)
    in_sight = ships_in_sight(game, state, side)
    cover = observed_hexes(game, state, side)
    start = _first_turn(game, state)
    fleets: list[TaskForce] = []
    for tf in state.task_forces:
        if tf.side == enemy:
            tf = _redrawn(game, state, tf, in_sight, cover, start, rng)
            tf = evolve(tf, planes=ready(game, tf.planes), readied=0, launched=0)
        fleets.append(tf)
    bases = tuple(
        evolve(b, planes=ready(game, b.planes), readied=0, launched=0) if b.side == enemy else b for b in state.bases
    )
    return evolve(state, task_forces=tuple(fleets), bases=bases)


def before_the_reveal(game: Game, state: State, side: str) -> State:
    """CV › Basic IV: a sealed step's orders are the side's own until both have sealed. ``state``
    with the enemy's orders not yet revealed taken out: in the private steps (played at one
    sitting, ``sequence.PRIVATE``) all its orders since the Plane Ready Step began, ``side`` kept
    at its own step; in a sealed Combat Step its orders of that step. Elsewhere ``state``."""
    enemy = other(side)
    if state.step in PRIVATE and state.table is not None:
        shown = on_table(state, side)  # the enemy's Task Forces as revealed (its reorganizations unseen)
        mine = own_step(state, side)
        units: list[AirUnit] = []
        bases = {b.id: b for b in state.bases}
        for u in state.air_units:
            if u.side == enemy and u.where == "forming":
                base = bases.get(u.box)
                if base is not None:  # (a Task Force's planes are back with it as it stood)
                    back = [Planes(r.plane, r.factors, r.weapon) for r in u.records]
                    bases[u.box] = evolve(base, planes=base.planes.with_("c", (*base.planes.c, *back)))
                continue
            units.append(u)
        return evolve(
            shown,
            step=PRIVATE[0],
            bases=tuple(bases[b.id] for b in state.bases),
            air_units=tuple(units),
            plots=tuple((s, p) for s, p in state.plots if s != enemy),
            shadows=tuple(x for x in state.shadows if x.side != enemy),
            sealed=state.sealed & {side},
            ahead=((side, mine),) if mine != PRIVATE[0] else (),
        )
    step = combat.BY_NAME.get(state.step)
    if step is not None and step.sealed:
        return evolve(
            state,
            orders=tuple(o for o in state.orders if o.side != enemy),
            arrangements=tuple(a for a in state.arrangements if a.side != enemy or state.step != "surface-set-up"),
            allotments=tuple(a for a in state.allotments if a.side != enemy),
            sealed=state.sealed - {enemy},
        )
    return state


def ships_in_sight(game: Game, state: State, side: str) -> frozenset[str]:
    """The hexes where ``side`` observes enemy ships now, or saw them from the air this Turn
    (Basic III.A): the Task Forces there stay where they are."""
    seen = {x["hex"] for x in observed(game, state, side)["ships"]}
    seen |= {x.hex for x in state.sightings if x.side == side and x.what == "ships"}
    return frozenset(seen)


def observed_hexes(game: Game, state: State, side: str) -> frozenset[str]:
    """Every hex where ``side``'s observers would see ships now (Basic III.B): none of the
    enemy's can be there unseen."""
    table = game.data.charts.observation
    seen_by = observers(game, state, side)
    out: set[str] = set()
    for o in seen_by:
        line = table.lines.get(o.line, ())
        reach = max((d for d, s in enumerate(line) if s.surface), default=-1)
        if reach < 0:
            continue
        out |= game.board.within(o.hex, reach)
    return frozenset(h for h in out if condition(game, state, seen_by, h, flying=False, high=False) > 0)


def ready(game: Game, planes: Sections) -> Sections:
    """Every Air Factor of a box in C (Ready to Launch), a bomber armed with the first of its
    Possible Armaments (Basic IV.B.2.a), a fighter with none; nothing moved this Turn."""
    return Sections(c=merged(Planes(s.plane, s.factors, _arming(game, s.plane)) for s in planes.all()))


def _arming(game: Game, plane: str) -> str:
    if not game.has_plane(plane):
        return ""
    weapons = game.plane(plane).weapons
    return weapons[0] if weapons else ""


def _first_turn(game: Game, state: State) -> Time | None:
    """The scenario's first Turn: the one that ends when this game does (Scenario V borrows its
    Time from another)."""
    starts = [s.start for s in game.data.scenarios.scenarios if s.end == state.last and s.start is not None]
    return min(starts, key=lambda t: t.index) if starts else None


def _redrawn(
    game: Game,
    state: State,
    tf: TaskForce,
    in_sight: frozenset[str],
    cover: frozenset[str],
    start: Time | None,
    rng: Rng,
) -> TaskForce:
    """An enemy Task Force out of sight in a hex drawn afresh (or, still to enter, its entry
    hex); one in sight, off the mapboard or with nowhere else to be, as it is."""
    area = sorted(set_up_cells(game, tf))
    if tf.entry is not None and tf.hex is None:
        return evolve(tf, entry=evolve(tf.entry, hex=area[rng.below(len(area))])) if area else tf
    if not tf.on_map or tf.unorganized or tf.hex in in_sight:
        return tf
    since = tf.entered if tf.entered is not None else start
    turns = state.time.index - since.index if since is not None else 0
    reach = max(0, turns) * game.movement(tf, state.hits_of(tf.side))
    # (a Task Force made up in play has no area of its own: any of its side's)
    origin = area or sorted({h for t in state.task_forces if t.side == tf.side for h in set_up_cells(game, t)})
    hexes = sorted(_spread(game, origin, reach) - cover - in_sight)
    if not hexes:
        return tf
    there = hexes[rng.below(len(hexes))]
    return evolve(tf, hex=there, anchored=False, into_wind=False, seaplane_base=False)


def _spread(game: Game, origin: Iterable[str], reach: int) -> set[str]:
    """Every hex within ``reach`` of one of ``origin`` (breadth first over the board)."""
    board = game.board
    seen = set(origin)
    frontier = list(seen)
    for _ in range(reach):
        nxt = []
        for h in frontier:
            for n in board.neighbors(h):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    return seen
