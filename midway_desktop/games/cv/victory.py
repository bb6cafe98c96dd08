"""The Victory Points Counting Phase and the points of the game's end (CV › Basic XI).

Every Turn (XI.B: the eliminated units are counted, then removed): two points for each enemy
Air Factor and Ground Factor eliminated (XI.C.1.a-b), the Victory Points of each enemy Ship unit
eliminated by its type (XI.C.1.c; the Air and Ground Factors that went down with it are counted
as eliminated by ``damage``), and eight more for each Air Factor the enemy lost unnecessarily
(XI.C.4). At the end of the scenario: the points for the Hits on enemy Ship units still afloat
(XI.C.2), eight and two for each enemy Air Factor on the mapboard that could not reach a hex
where it could land were the game to go on (XI.C.4), and 200 for the side whose Base unit is in
the Midway hex, except in the Short Scenario (XI.C.3). To win, a side needs at least 100 more
than the other; otherwise the game is a draw (XI.A: ``rules.CvRules.outcome``).

Reading for XI.C.4 at the end: an Air unit could land where a friendly Task Force or Base on
the mapboard that takes its plane type, or an Air Entry Hex of a friendly off-board Base that
does, lies within its Movement Factor times the Turns left before its last landing Turn
(where the ships stand now).
"""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import air
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import SIDES, AirRecord, AirUnit, State, evolve, other, side_name
from midway_desktop.games.cv.time_record import Time

MAX_TURNS_AHEAD = 200  # an Endurance Factor never reaches this far


def point_record(points: int) -> tuple[int, int, int]:
    """XI.B: where a side's three Victory Point units stand on the Point Record Chart: the
    hundreds, tens and units boxes ("426": the 400, 20 and 6 boxes)."""
    if points < 0:
        raise ValueError("Victory Points are never negative")
    return points // 100 * 100, points % 100 // 10 * 10, points % 10


def _gain(state: State, side: str, gained: int, why: str, events: list[Event]) -> State:
    if not gained:
        return state
    state = state.with_points(side, gained)
    events.append(
        Event(
            "victory-points",
            f"The {side_name(side)} side gains {gained} Victory Points{why} ({state.score(side)} in all).",
            data={"side": side, "gained": gained},
        )
    )
    return state


def turn_points(game: Game, state: State) -> dict[str, int]:
    """XI.C.1, XI.C.4: what each side gains this Turn for the enemy's losses."""
    v = game.data.charts.victory
    out = {}
    for side in SIDES:
        lost = state.lost(side)
        ships = sum(v.ship(side, game.ship(side, t).type).eliminated for t in lost.ships)
        out[other(side)] = (
            v.air_factor * lost.air_factors
            + v.unnecessary_loss * lost.unnecessary
            + v.ground_factor * lost.ground
            + ships
        )
    return out


def count_points(game: Game, state: State, events: list[Event]) -> State:
    """The Victory Points Counting Phase: the Turn's losses counted and cleared; the Point
    Record Chart is in sight of both."""
    for side, gained in sorted(turn_points(game, state).items()):
        state = _gain(state, side, gained, "", events)
    return evolve(state, losses=())


def hit_points(game: Game, state: State) -> dict[str, int]:
    """XI.C.2: at the end, each side gains the points a Hit of the enemy Ship units still afloat."""
    v = game.data.charts.victory
    out = dict.fromkeys(SIDES, 0)
    for (side, title), hits in state.ship_hits:
        out[other(side)] += hits * v.ship(side, game.ship(side, title).type).per_hit
    return out


def turns_left(now: Time, must_land: Time) -> int:
    """The Turns after ``now`` up to and including the last landing Turn."""
    n = 0
    while n < MAX_TURNS_AHEAD and now.plus(n + 1) <= must_land:
        n += 1
    return n


def could_land(game: Game, state: State, unit: AirUnit, record: AirRecord) -> bool:
    """Whether planes of ``record`` could reach a hex where they could land (see the module)."""
    here = air.air_hex(game, state, unit)
    if here is None:
        return True
    reach = air.speed(game, unit) * turns_left(state.time, record.must_land)
    board = game.board
    for box in state.boxes(unit.side):
        if not game.takes(box, record.plane):
            continue
        target = game.box_hex(box)
        if target is not None and board.distance(here, target) <= reach:
            return True
        off_board = target is None and box.id in game.bases and game.bases[box.id].letter
        if off_board and any(board.distance(here, h) <= reach for h in game.air_entry_hexes(box.id)):
            return True
    return False


def stranded(game: Game, state: State) -> dict[str, int]:
    """XI.C.4: each side's Air Factors on the mapboard at the end that could not land."""
    out = dict.fromkeys(SIDES, 0)
    for unit in state.air_units:
        if unit.where == "map":
            out[unit.side] += sum(r.factors for r in unit.records if not could_land(game, state, unit, r))
    return out


def final_points(game: Game, state: State, events: list[Event]) -> State:
    """The points counted only at the end of the game (XI.C.2-4)."""
    v = game.data.charts.victory
    for side, gained in sorted(hit_points(game, state).items()):
        state = _gain(state, side, gained, " for the Hits on enemy ships afloat", events)
    for side, lost in sorted(stranded(game, state).items()):
        why = f" for {lost} enemy Air Factor(s) that could land nowhere"
        state = _gain(state, other(side), lost * (v.air_factor + v.unnecessary_loss), why, events)
    return midway_points(game, state, events)


def midway_points(game: Game, state: State, events: list[Event]) -> State:
    """XI.C.3: at the end the side whose Base unit is in the Midway hex gets 200 Victory
    Points (not in the Short Scenario)."""
    if state.short:
        return state
    points = game.data.charts.victory.midway_base
    for base in state.bases:
        if base.hex is not None and base.hex == game.midway:
            events.append(
                Event(
                    "victory-points",
                    f"The {side_name(base.side)} side holds Midway: {points} Victory Points.",
                    data={"side": base.side, "gained": points},
                )
            )
            return state.with_points(base.side, points)
    return state
