"""Japanese bases at a captured Midway (CV › Basic VI.I.2-3), set after the ships have moved.

- **Temporary Seaplane Base** (VI.I.2): a Seaplane Tender (AV) anchored in the Midway hex once
  the Japanese have captured Midway (their Base unit stands there) establishes one the Turn it
  anchors, and it lasts while an AV stays anchored there. Such a tender has doubled Plane
  Capacity and Launch Factors and handles Mavis seaplanes (``game.Game.handling``).
- **Midget Submarine Base** (VI.I.3): a Submarine Carrier (AS) anchored there on the same terms
  puts its Midget Submarine Ship unit in the hex, for any Combat there; when the carrier leaves
  the hex the midget is re-loaded (taken off the mapboard).

Readings: a Task Force anchors whole (VI.I.1), so the base belongs to the Task Force with the
tender; planes aboard must fit its ships again before it weighs anchor (the text is silent on
what happens to a base's extra planes). Each Submarine Carrier carries the Midget Submarine of
the same place in the Ship lists (Chiyoda MS1, Nisshin MS2); the midgets are placed whenever a
base is established (the text's "may be placed" costs the Japanese nothing) and are shown to the
Japanese only (like any Ship unit, the Americans learn of them by observation and combat).
Capturing Midway is Ground Combat's (Basic IX.H.5): until then neither base can be set up.
"""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.games.cv.game import SEAPLANE_TENDER, Game
from midway_desktop.games.cv.state import JAPANESE, Planes, State, TaskForce, evolve

SUBMARINE_CARRIER, MIDGET = "AS", "MS"


def held_at_anchor(game: Game, tf: TaskForce, planes: tuple[Planes, ...] | None = None) -> bool:
    """The reading of VI.I.2.b above: a Task Force whose planes (``planes``, else those aboard)
    fit only while its Temporary Seaplane Base lasts may not weigh anchor this Turn."""
    aboard = tf.planes.all() if planes is None else planes
    return tf.seaplane_base and not game.fits(evolve(tf, seaplane_base=False), aboard)


def captured(game: Game, state: State) -> bool:
    """Basic VI.I.2.a, 3.a: Midway is captured when the Japanese Base unit stands in its hex."""
    return any(b.side == JAPANESE and b.hex == game.midway for b in state.bases)


def _anchored_at_midway(game: Game, tf: TaskForce) -> bool:
    return tf.side == JAPANESE and tf.on_map and tf.anchored and tf.hex == game.midway and not tf.unorganized


def midget_of(game: Game, carrier: str) -> str | None:
    """The Midget Submarine Ship unit a Submarine Carrier carries (paired in list order)."""
    carriers = [s.title for s in game.data.ships.ships if s.side == JAPANESE and s.type == SUBMARINE_CARRIER]
    midgets = [s.title for s in game.data.ships.ships if s.side == JAPANESE and s.type == MIDGET]
    pairs = dict(zip(carriers, midgets, strict=False))
    return pairs.get(carrier)


def establish(game: Game, state: State, events: list[Event]) -> State:
    """After the Ship Unit Movement Step: Temporary Seaplane Bases and Midget Submarine Bases are
    established (or end) with the tenders and carriers anchored at a captured Midway."""
    held = captured(game, state)
    midgets: list[str] = []
    for tf in state.task_forces:
        there = held and _anchored_at_midway(game, tf)
        types = {t: game.ship(tf.side, t).type for t in tf.ships}
        base = there and SEAPLANE_TENDER in types.values()
        if base != tf.seaplane_base:
            state = state.with_box(evolve(tf, seaplane_base=base))
            said = "establishes a Temporary Seaplane Base at" if base else "no longer holds a Seaplane Base at"
            events.append(Event("seaplane-base", f"Task Force {tf.number} {said} Midway.", (JAPANESE,),
                                {"side": JAPANESE}))  # fmt: skip
        if there:
            midgets += [m for t, k in types.items() if k == SUBMARINE_CARRIER and (m := midget_of(game, t))]
    placed = tuple(sorted(midgets))
    if placed != state.midgets:
        events.append(Event("midget-base", f"Midget Submarine units in the Midway hex: {', '.join(placed) or 'none'}.",
                            (JAPANESE,), {"side": JAPANESE}))  # fmt: skip
        state = evolve(state, midgets=placed)
    return state
