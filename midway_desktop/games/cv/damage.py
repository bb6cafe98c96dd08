"""Recording Hits and their effects: the one place every kind of Combat writes its results.

CV › Basic IX.J (recording Hits) and IX.K (the effects of Hits). Combat modules work out how
many Hits land on what; these functions put them on the Holding Box Charts and the Ship Record
Sheet, eliminate what is sunk or shot down, and note the losses the Victory Points Counting
Phase (Basic XI) counts.

Readings (the text is silent; see docs/rules-status/cv.md):

- The text keeps planes by Task Force Box, not by ship. When a plane-carrying ship sinks, the
  Air Factors that no longer fit aboard the ships left are eliminated with it (XI.C.1.c), C
  section first (on deck), then B, then A, the largest stacks first.
- "Its Movement Factor is cut in half" (IX.K.4.b) rounds up (``game.ship_movement``).
"""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.games.cv.game import Game, reduced_speed
from midway_desktop.games.cv.state import (
    JAPANESE,
    SECTIONS,
    BaseBox,
    Planes,
    State,
    TaskForce,
    evolve,
    side_name,
)

# Basic XI.C.1.c: these ship types take their Air Factors down with them; AP their Ground Factors.
PLANE_CARRIERS = frozenset({"AV", "BB", "CAV", "CV", "CVL"})


def crippled(hit_factor: int, hits: int) -> bool:
    """Basic IX.J.4.b: a Cripple unit on a ship of Hit Factor 3 or more one Hit from sinking."""
    return hit_factor >= 3 and hits == hit_factor - 1


def record_ship_hits(game: Game, state: State, side: str, title: str, hits: int, events: list[Event]) -> State:
    """Basic IX.J.4, IX.K.4: mark ``hits`` on a Ship unit; at its Hit Factor it is eliminated,
    leaving its Task Force Box with the Air Factors that no longer fit and its Ground Factors
    (XI.C.1.c). The owner is told the Hits; the sinking is told to both."""
    if hits <= 0:
        return state
    tf = _task_force_of(state, side, title)
    ship = game.ship(side, title).ship_class
    total = state.hits_on(side, title) + hits
    d = dict(state.ship_hits)
    if total < ship.hits:
        d[(side, title)] = total
        state = evolve(state, ship_hits=tuple(sorted(d.items())))
        notes = []
        if reduced_speed(ship.hits, total) and not reduced_speed(ship.hits, total - hits):
            notes.append("Reduced Speed")
        if crippled(ship.hits, total):
            notes.append("Crippled")
        extra = f" ({', '.join(notes)})" if notes else ""
        events.append(
            Event(
                "ship-hit",
                f"{title} takes {hits} Hit(s): {total} of {ship.hits}{extra}.",
                (side,),
                {"side": side, "ship": title, "hits": hits, "total": total},
            )
        )
        return state
    d.pop((side, title), None)
    state = evolve(state, ship_hits=tuple(sorted(d.items())))
    lost_air = 0
    lost_ground = 0
    if tf is not None:
        ships = tuple(t for t in tf.ships if t != title)
        troops = dict(tf.troops)
        lost_ground = troops.pop(title, 0) if ship.type == "AP" else 0
        kept = evolve(tf, ships=ships, troops=tuple(sorted(troops.items())))
        if ship.type in PLANE_CARRIERS and kept.planes.total():
            kept, lost_air = _planes_left_aboard(game, kept)
        state = state.with_box(kept) if kept.ships else _free_box(state, kept)
    state = state.with_loss(side, lost_air, ships=(title,), ground=lost_ground)
    with_planes = f", with {lost_air} Air Factor(s) aboard" if lost_air else ""
    with_troops = f", with {lost_ground} Ground Factor(s) aboard" if lost_ground else ""
    events.append(
        Event(
            "ship-sunk",
            f"The {side_name(side)} {ship.type} {title} is sunk{with_planes}{with_troops}.",
            data={"side": side, "ship": title, "air_factors": lost_air, "ground_factors": lost_ground},
        )
    )
    return state


def record_base_hits(game: Game, state: State, base_id: str, hits: int, events: list[Event]) -> State:
    """Basic IX.J.3, IX.K.3: Hit units in the Base Box; each cuts the Launch, Gunnery and AA
    Factors (read from ``BaseBox.hits`` by ``bases``). The Base counts as attacked this Turn
    (no repair, X.B) whether or not Hits land: the caller marks that with ``mark_attacked``."""
    base = state.base(base_id)
    if base is None or hits <= 0:
        return state
    state = state.with_box(evolve(base, hits=base.hits + hits))
    events.append(
        Event(
            "base-hit",
            f"{game.bases[base_id].title} takes {hits} Hit(s) ({base.hits + hits} in all).",
            data={"base": base_id, "side": base.side, "hits": hits, "total": base.hits + hits},
        )
    )
    return state


def mark_attacked(state: State, base_id: str) -> State:
    """Basic X.B: Bombing, Bombardment or Ground Combat against the Base this Turn, Hits or not."""
    base = state.base(base_id)
    return state if base is None or base.attacked else state.with_box(evolve(base, attacked=True))


def base_air_losses(hits: int, kind: str) -> int:
    """Basic IX.K.3.b: Air Factors on the Base eliminated by ``hits`` of a Combat ``kind``: one a
    Hit for ``low`` and ``dive`` Bombing, one for every two Hits of ``high`` Bombing and
    ``bombardment`` (fractions down)."""
    if kind in ("low", "dive", "torpedo"):
        return hits
    if kind in ("high", "bombardment"):
        return hits // 2
    raise ValueError(f"no Base Hit effect for a {kind!r} Combat")


def base_loss_chooser(kind: str, night: bool, owner: str, attacker: str) -> str:
    """Basic IX.K.3.b: who picks the Air Factors a Base loses: the side taking the Hits for High
    Bombing, Bombardment or any Bombing at night; the side making them for daylight Low or Dive
    Bombing."""
    return attacker if kind in ("low", "dive", "torpedo") and not night else owner


def record_ground_hits(state: State, side: str, hits: int, events: list[Event]) -> State:
    """Basic IX.J.2: Hits from Bombing or Bombardment on Ground units are Hit units placed with
    them (they lower the Ground units' BHT, IX.K.2, Surface modifier h). American Ground units are
    in the Midway Base Box; Japanese ones ashore on Midway (VI.A.3)."""
    if hits <= 0:
        return state
    if side == JAPANESE:
        state = evolve(state, ashore_hits=state.ashore_hits + hits)
        total = state.ashore_hits
    else:
        base = _ground_base(state, side)
        if base is None:
            return state
        state = state.with_box(evolve(base, ground_hits=base.ground_hits + hits))
        total = base.ground_hits + hits
    events.append(
        Event(
            "ground-hit",
            f"The {side_name(side)} Ground units on Midway take {hits} Hit(s) ({total} in all).",
            data={"side": side, "hits": hits, "total": total},
        )
    )
    return state


def eliminate_ground_factors(state: State, side: str, factors: int, events: list[Event]) -> State:
    """Basic IX.J.2, IX.K.2: Ground Combat's Hits eliminate Ground Factors."""
    if factors <= 0:
        return state
    if side == JAPANESE:
        lost = min(factors, state.ashore)
        state = evolve(state, ashore=state.ashore - lost)
    else:
        base = _ground_base(state, side)
        if base is None:
            return state
        lost = min(factors, base.ground)
        state = state.with_box(evolve(base, ground=base.ground - lost))
    if lost:
        state = state.with_loss(side, 0, ground=lost)
        events.append(
            Event(
                "ground-lost",
                f"The {side_name(side)} side loses {lost} Ground Factor(s) on Midway.",
                data={"side": side, "factors": lost},
            )
        )
    return state


def eliminate_from_box(
    state: State, side: str, box_id: str, section: str, plane: str, factors: int, events: list[Event]
) -> State:
    """Basic IX.J.1, IX.K.1: Air Factors of ``plane`` eliminated from a section of a Task Force
    or Base Box (Hits on a Base, a carrier sunk). The owner is told the details."""
    box = state.box(side, box_id)
    if box is None or factors <= 0:
        return state
    stacks, lost = _take(box.planes.of(section), plane, factors)
    if not lost:
        return state
    state = state.with_box(evolve(box, planes=box.planes.with_(section, stacks)))
    state = state.with_loss(side, lost)
    events.append(
        Event(
            "air-lost",
            f"{lost} {plane} Air Factor(s) eliminated in {box_id.upper()} section {section.upper()}.",
            (side,),
            {"side": side, "box": box_id, "plane": plane, "factors": lost},
        )
    )
    return state


def eliminate_from_air_unit(
    state: State, side: str, number: int, plane: str, factors: int, events: list[Event]
) -> State:
    """Basic IX.J.1, IX.K.1, VIII.A: Air Factors of ``plane`` eliminated from an Air unit; an Air
    unit with none left leaves the mapboard at once."""
    unit = state.air_unit(side, number)
    if unit is None or factors <= 0:
        return state
    left = factors
    records = []
    for r in unit.records:
        take = min(left, r.factors) if r.plane == plane else 0
        left -= take
        if r.factors - take:
            records.append(evolve(r, factors=r.factors - take))
    lost = factors - left
    if not lost:
        return state
    state = state.with_air_unit(evolve(unit, records=tuple(records)) if records else None, side, number)
    state = state.with_loss(side, lost)
    gone = " The Air unit is gone." if not records else ""
    events.append(
        Event(
            "air-lost",
            f"Air unit {number} loses {lost} {plane} Air Factor(s).{gone}",
            data={"side": side, "air_unit": number, "plane": plane, "factors": lost},
        )
    )
    return state


# -- helpers ---------------------------------------------------------------------------------------
def _task_force_of(state: State, side: str, title: str) -> TaskForce | None:
    for tf in state.task_forces:
        if tf.side == side and title in tf.ships:
            return tf
    return None


def _free_box(state: State, tf: TaskForce) -> State:
    """The last ship of a Task Force is gone: its box is free again, its plot void, and its CAP
    left flying in the hex where the Task Force was (Basic VIII.H.2 keeps CAP over its ships)."""
    rest = tuple(t for t in state.task_forces if (t.side, t.number) != (tf.side, tf.number))
    state = evolve(state, task_forces=rest)
    state = state.with_plots(tf.side, tuple(p for p in state.plots_of(tf.side) if p.task_force != tf.number))
    for unit in state.air_units:
        if unit.side == tf.side and unit.box == tf.id:
            state = state.with_air_unit(evolve(unit, where="map", hex=tf.hex, box=""))
    return state


def _ground_base(state: State, side: str) -> BaseBox | None:
    for b in state.bases:
        if b.side == side and b.hex is not None:
            return b
    return None


def _take(stacks: tuple[Planes, ...], plane: str, factors: int) -> tuple[list[Planes], int]:
    left = factors
    out = []
    for s in sorted(stacks, key=lambda s: -s.factors):
        take = min(left, s.factors) if s.plane == plane else 0
        left -= take
        out.append(evolve(s, factors=s.factors - take))
    return out, factors - left


def _planes_left_aboard(game: Game, tf: TaskForce) -> tuple[TaskForce, int]:
    """The Air Factors that fit aboard the ships left; the rest are lost (see the module's
    readings): every type no ship left takes, then one factor at a time from C, B, A, largest
    stack first, until the rest fit."""
    lost = 0
    for section in SECTIONS:
        stacks = tf.planes.of(section)
        kept = [s for s in stacks if game.takes(tf, s.plane)]
        lost += sum(s.factors for s in stacks) - sum(s.factors for s in kept)
        tf = evolve(tf, planes=tf.planes.with_(section, kept))
    while tf.planes.total() and not game.fits(tf, tf.planes.all()):
        section = next(x for x in reversed(SECTIONS) if tf.planes.of(x))
        stacks = tf.planes.of(section)
        biggest = max(stacks, key=lambda s: (s.factors, s.plane))
        rest, n = _take(stacks, biggest.plane, 1)
        tf = evolve(tf, planes=tf.planes.with_(section, rest))
        lost += n
    return tf, lost
