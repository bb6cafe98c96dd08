"""KB › 8 Victory, and the night landings after the last turn (KB › Clarifications to 8)."""

from __future__ import annotations

import math

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.combat import roll
from midway_desktop.games.kido_butai.display import ROLL, State, Table
from midway_desktop.games.kido_butai.forces import Band, Forces
from midway_desktop.games.kido_butai.squadrons import GONE, IN_THE_AIR, LOST
from midway_desktop.values import frozen_value

NIGHT_LOSS = 5  # KB › Clarifications to 8: a squadron still in the air is destroyed on a five or six


@frozen_value
class Score:
    """Both sides' victory points and the band they fall in (KB › 8 Victory)."""

    japan: int
    usa: int
    band: Band

    @property
    def margin(self) -> int:
        return self.japan - self.usa


def night_landings(forces: Forces, t: Table, rng: Rng) -> None:
    """KB › Clarifications to 8: each Japanese squadron still in the air after the last turn rolls;
    on a five or six it is destroyed and counts for victory points. American squadrons
    always land safely."""
    aloft = [i for i, sq in enumerate(t.squadrons) if sq.where in IN_THE_AIR]
    if not aloft:
        return
    dice = roll(rng, len(aloft))
    t.tell((ROLL, ("Night landings (5-6 destroyed)", dice)))
    for i, die in zip(aloft, dice):
        if die >= NIGHT_LOSS:
            t.squadrons[i] = GONE
            t.tell((f"{forces.squadrons[i].title} is lost landing in the dark.", ()))
            t.fact("lost", forces.squadrons[i].id)


def squadron_points(forces: Forces, destroyed: int) -> int:
    """KB › 8: every second enemy squadron destroyed is worth half a point, rounded up."""
    v = forces.victory
    return math.ceil((destroyed // v.squadrons_per_award) * v.squadron_award)


def score(forces: Forces, state: State) -> Score:
    """KB › 8: points for squadrons destroyed, carriers damaged or sunk (not both), Midway
    destroyed; the American total is subtracted from the Japanese.

    Squadrons count as destroyed however they were lost: shot down, sunk aboard a carrier,
    no room aboard, unable to land, self-destroyed; US squadrons removed from the track
    with their deck space count too (derived: they are gone as surely as those shot down).
    """
    v = forces.victory
    japanese_lost = sum(1 for sq in state.squadrons if sq.where == LOST)
    usa = squadron_points(forces, japanese_lost)
    for c, deck in zip(forces.japanese, state.decks):
        if deck.hits >= 2:
            usa += v.carrier_sunk[c.name]
        elif deck.hits:
            usa += v.carrier_damaged
    japan = squadron_points(forces, state.removed.squadrons)
    sink = state.variant.hits_to_sink_us
    for hits in state.us_hits:
        if hits >= sink:
            japan += v.carrier_sunk["american"]
        elif hits:
            japan += v.carrier_damaged
    if state.midway_hits >= 2:
        japan += v.midway_destroyed
    return Score(japan, usa, v.band(japan - usa))
