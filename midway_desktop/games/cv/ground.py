"""The Ground Combat Step and Midway's capture (CV › Basic IX.H, IX.J.3.b; Sequence of Play
IV.E, the last Step of a Battle).

Ground Combat is fought on every Turn that both sides have Ground units on Midway: the American
Ground Factors in the Midway Base Box and the Japanese ones landed there (VI.A.3). All of them
take part (IX.H.2). The Americans defend with BHT 9 and the Japanese attack with BHT 3 (IX.H.3),
each lowered by the Hit units that Bombing or Bombardment placed with its Ground units this
Turn (Surface modifier h, IX.K.2); those Hit units are removed after the Combat (IX.H.4). Both
roll at once (American first); Hits eliminate Ground Factors (IX.J.2).

On the Turn the last American Ground Factor is gone with Japanese Ground units ashore, the
Japanese Base unit replaces the American one in the Midway hex (IX.H.5): the captured Base
uses the Japanese Plane Handling line (``bases.yaml``: ``midway-captured``) and takes over the
American Base Box's Hit units (IX.J.3.b). Readings (the text is silent): American Air Factors
on the ground at Midway are lost with it, American Air units in its CAP Box are left flying
over the hex, and the Japanese Ground Factors stay where the landing put them (``ashore``).
"""

from __future__ import annotations

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import damage
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import AMERICAN, JAPANESE, SECTIONS, BaseBox, State, evolve

CAPTURED = "midway-captured"  # the Japanese Midway Base unit's line in bases.yaml


def american_midway(game: Game, state: State) -> BaseBox | None:
    """The American Base unit in the Midway hex, while it is there."""
    return next((b for b in state.bases if b.side == AMERICAN and b.hex is not None and b.hex == game.midway), None)


def ground_factors(game: Game, state: State) -> dict[str, int]:
    """Each side's Ground Factors on Midway (IX.H.2)."""
    base = american_midway(game, state)
    return {AMERICAN: base.ground if base is not None else 0, JAPANESE: state.ashore}


def ground_hit_units(game: Game, state: State) -> dict[str, int]:
    """Hit units placed with each side's Ground units this Turn (IX.J.2)."""
    base = american_midway(game, state)
    return {AMERICAN: base.ground_hits if base is not None else 0, JAPANESE: state.ashore_hits}


def ground_hit_table(game: Game, side: str, hit_units: int) -> int:
    """IX.H.3 and modifier h: BHT 9 American, 3 Japanese, each Hit unit on them lowering it."""
    charts = game.data.charts
    bht = charts.surface_bht["ground_american" if side == AMERICAN else "ground_japanese"] or 0
    return bht + hit_units * charts.surface_modifier("h")


def applies(game: Game, state: State) -> bool:
    """The Battle in the Midway hex has a Ground Combat Step when Japanese Ground units are
    ashore, or Hit units lie with either side's Ground units (to be removed, IX.H.4)."""
    if state.battle != game.midway:
        return False
    return bool(state.ashore or any(ground_hit_units(game, state).values()))


def ground_combat(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """IX.H: the Ground Combat Step, then the capture if the Americans have none left."""
    have = ground_factors(game, state)
    if all(have.values()):
        marks = ground_hit_units(game, state)
        hits = {}
        for side in (AMERICAN, JAPANESE):
            table = ground_hit_table(game, side, marks[side])
            base = game.data.charts.combat_results.base_number(table, have[side])
            roll = rng.die(6) if base is not None else None
            hits[side] = game.data.charts.combat_results.hits(base, roll) if roll is not None else 0
            if roll is not None:
                events.append(roll_event(f"Ground Combat ({side.title()})", [roll], hex=state.battle, step=state.step))
            rolled = f"Base Number {base}, die {roll}" if roll is not None else "the Combat fails"
            events.append(
                Event(
                    "ground-combat",
                    f"Ground Combat on Midway: {have[side]} {side.title()} Ground Factors, Hit Table {table}, "
                    f"{rolled}: {hits[side]} Hit(s).",
                    data={
                        "by": side,
                        "factors": have[side],
                        "hit_table": table,
                        "roll": roll,
                        "hits": hits[side],
                        "base": base,
                        "step": state.step,
                    },
                )
            )
        state = damage.eliminate_ground_factors(state, JAPANESE, hits[AMERICAN], events)
        state = damage.eliminate_ground_factors(state, AMERICAN, hits[JAPANESE], events)
        base = american_midway(game, state)
        if base is not None:
            state = damage.mark_attacked(state, base.id)  # no repair after Ground Combat (X.B)
    state = _hit_units_removed(game, state)
    left = ground_factors(game, state)
    if state.ashore and not left[AMERICAN] and american_midway(game, state) is not None:
        state = capture(game, state, events)
    return state


def _hit_units_removed(game: Game, state: State) -> State:
    """IX.H.4: the Hit units with the Ground units modify the BHT for one Turn only."""
    base = american_midway(game, state)
    if base is not None and base.ground_hits:
        state = state.with_box(evolve(base, ground_hits=0))
    return evolve(state, ashore_hits=0) if state.ashore_hits else state


def capture(game: Game, state: State, events: list[Event]) -> State:
    """IX.H.5, IX.J.3.b: the Japanese Base unit replaces the American one in the Midway hex and
    takes over its Hit units."""
    us = american_midway(game, state)
    assert us is not None
    for section in SECTIONS:  # the American planes on the field are lost with it (reading)
        for stack in us.planes.of(section):
            state = damage.eliminate_from_box(state, AMERICAN, us.id, section, stack.plane, stack.factors, events)
    for unit in state.air_units:
        if unit.side == AMERICAN and unit.where == "cap" and unit.box == us.id:
            state = state.with_air_unit(evolve(unit, where="map", hex=us.hex, box=""))
    hits = us.hits
    japanese = BaseBox(CAPTURED, JAPANESE, us.hex, hits=hits, attacked=True)
    state = evolve(state, bases=tuple(b for b in state.bases if b.id != us.id) + (japanese,))
    events.append(
        Event(
            "midway-captured",
            f"The Japanese capture Midway: their Base unit replaces the American one in {us.hex}"
            f"{f', with its {hits} Hit unit(s)' if hits else ''}.",
            data={"hex": us.hex, "hits": hits},
        )
    )
    return state
