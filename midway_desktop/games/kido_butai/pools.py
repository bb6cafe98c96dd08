"""The American side: three opaque cups, the turn track, and squadrons lost with deck space.

A cup holds identical counters, so the state keeps counts; each draw asks the Rng for an
index into the cup listed squadrons first, then placeholders. Nothing records an order of
undrawn counters, so no view can reveal one.
"""

from __future__ import annotations

from operator import itemgetter

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.display import NO_COUNTERS, ROLL, TIMES, Counters, Table, us_capacity
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.luck import die, draw_until
from midway_desktop.games.kido_butai.squadrons import new

BOMBERS, FIGHTERS = "bomber", "fighter"
# Positions in Counters: a cup's squadrons, then its placeholders.
_SQUADRON = {BOMBERS: 0, FIGHTERS: 2}
_PLACEHOLDER = {BOMBERS: 1, FIGHTERS: 3}
_TITLE = ("Dauntless", "no bomber", "Buffalo", "no fighter")
_DAUNTLESS, _BUFFALO = itemgetter(0), itemgetter(2)
BOX_TIMES = (*TIMES, "2030", "2130", "2230", "2330", "0030")  # boxes past 1930 never come round

# How far ahead survivors go on the turn track.
TRACK_AHEAD_JAPANESE_PHASE = 3  # KB › 6.a
TRACK_AHEAD_AMERICAN_PHASE = 5  # KB › 7


def _bump(c: Counters, field: int, by: int) -> Counters:
    values = list(c)
    values[field] += by
    return new(Counters, values)


_PLACEHOLDERS = (itemgetter(1), itemgetter(3))  # no bomber, no fighter


def draw_until_placeholder(t: Table, cup: str, rng: Rng) -> tuple[int, int]:
    """KB › 5: draw at random until a placeholder appears (or the cup is empty).

    Returns (squadrons, placeholders) drawn; the counters leave the cup.
    """
    field = _SQUADRON[cup]
    pools = t.pools
    drawn, ended = draw_until(rng, pools[field], pools[field + 1])
    if drawn or ended:
        a, b, c, d = pools
        if field:
            t.pools = new(Counters, (a, b, c - drawn, d - ended))
        else:
            t.pools = new(Counters, (a - drawn, b - ended, c, d))
    return drawn, ended


def remove_placeholders(t: Table, cup: str, count: int, drawn: Counters) -> Counters:
    """KB › 6.a: for each American squadron shot down a placeholder leaves the game too.

    Taken from those drawn for this attack, else from the cup, else from the turn track
    (the box that would come back soonest). Returns ``drawn`` less the ones taken from it.
    """
    field = _PLACEHOLDER[cup]
    for _ in range(count):
        if drawn[field]:
            drawn = _bump(drawn, field, -1)
        elif t.pools[field]:
            t.pools = _bump(t.pools, field, -1)
        else:
            column = list(map(_PLACEHOLDERS[field == 3], t.track))
            if not any(column):
                return drawn
            box = column.index(next(filter(None, column)))  # the first box holding one
            t.track[box] = _bump(t.track[box], field, -1)
        t.removed = _bump(t.removed, field, 1)
    return drawn


def shoot_down(t: Table, cup: str, count: int) -> None:
    """KB › 6.a, 7: American squadrons shot down leave the game."""
    if count:
        t.removed = _bump(t.removed, _SQUADRON[cup], count)


def place_on_track(t: Table, counters: Counters, ahead: int) -> None:
    """KB › 6.a, 7: survivors and placeholders go so many turns ahead on the turn track."""
    if any(counters):
        box = t.turn + ahead
        t.track[box] = t.track[box].plus(counters)
        t.tell(("{} placed on the turn track at {}.", (counters, BOX_TIMES[box])))


def return_from_track(t: Table) -> None:
    """KB › 6.a, 7: when the turn marker reaches counters on the track they go back in the cups."""
    turn = t.turn
    back = t.track[turn]
    if any(back):
        t.pools = t.pools.plus(back)
        t.track[turn] = NO_COUNTERS
        t.tell(("{} thrown back into the US pools.", (back,)))


def pay_capacity_debt(forces: Forces, t: Table, rng: Rng) -> None:
    """KB › 6.c: deck space lost and not matched by squadrons lost costs squadrons on the track.

    The US keeps no more squadrons than its carriers and Midway can hold; squadrons lost in
    combat count first. The rest come off the turn track, one at a time from the more
    numerous category, a die deciding a tie (1–3 a Dauntless, 4–6 a Buffalo; provisional).
    A debt the track cannot pay waits for the next counters placed on it.
    """
    removed = t.removed
    excess = forces.us_squadrons - removed[0] - removed[2] - us_capacity(forces, t)
    if excess <= 0:
        return
    track = t.track
    columns = (list(map(_DAUNTLESS, track)), list(map(_BUFFALO, track)))  # per box
    bombers = sum(columns[0])
    fighters = sum(columns[1])
    if not bombers and not fighters:
        return
    taken = [0, 0]  # Dauntless, Buffalo
    boxes: list[int] = []  # boxes taken from
    while excess > 0 and (bombers or fighters):
        if bombers and bombers == fighters:
            tie = die(rng)
            t.tell((ROLL, ("Tie: which category leaves the track (1-3 Dauntless)", (tie,))))
            kind = 0 if tie <= 3 else 1
        else:
            kind = 0 if bombers > fighters else 1
        column = columns[kind]
        box = column.index(next(filter(None, column)))  # the first box holding one
        column[box] -= 1
        boxes.append(box)
        taken[kind] += 1
        t.tell(("A {} squadron leaves the turn track: its deck space is gone.", (_TITLE[2 * kind],)))
        excess -= 1
        if kind:
            fighters -= 1
        else:
            bombers -= 1
    dauntless, buffalo = columns
    for box in boxes:
        counters = track[box]
        track[box] = new(Counters, (dauntless[box], counters[1], buffalo[box], counters[3]))
    a, b, c, d = removed
    t.removed = new(Counters, (a + taken[0], b, c + taken[1], d))
