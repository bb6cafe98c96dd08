"""The Air Unit Movement Phase (CV › Basic VIII), one side after the other.

Each side's portion runs Landing Step, Normal Air Unit Movement Step, Take Off Step (VIII.A).
An Air unit flies no more hexes a Turn than its slowest plane's Movement Factor (VIII.B.2), less
the hexes it was carried in a CAP Box (VIII.H.2). Planes land in the A section of a box in the
hex they reach, if a ship there (or the base) handles their type (IV.B.3), they fit (IV.B.1)
and the box's Launch Factors, take-offs included, allow (VIII.A.1.c). New Air units must take
off in the Take Off Step (VIII.A.3); those still waiting when the side ends it take off where
they are. On the Turn of take-off every plane stays at Low Altitude, except Interceptors of the
side that moves first (VIII.D.4; read here as: fighters). Planes still in the air after their
last landing Turn are eliminated at the end of the phase (VIII.E.2).

Off-board bases (VIII.G; the Turn arithmetic is ``bases.entry_turn`` and ``landing_turn``): an
Air unit that takes off from one is In Flight and may be placed in one of the base's Air Entry
Hexes the printed number of Turns later, counting the take-off Turn (from 0700, a "6H" hex at
1200), with no further move that Turn. To land there it stands in one of those hexes at the
start of a Turn, leaves the mapboard that Turn and lands the printed number of Turns after the
Turn it reached the hex, counting both ("3J" reached at 1300: it leaves at 1400 and lands at
1500); one that waited in the hex longer lands as soon as it leaves, if that Turn has come.

The Endurance Factor is read as the Turns after the take-off Turn during which the plane may
still land: taking off at 0700 with EF 3, its last landing Turn is 1000. (The Landing Step comes
before the Take Off Step, so an EF counting the take-off Turn would strand a plane of EF 1.)
"""

from __future__ import annotations

from collections.abc import Iterable

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import wind
from midway_desktop.games.cv.actions import Altitude, EnterMap, Land, MoveAir, Regroup, TakeOff, box_name
from midway_desktop.games.cv.bases import entry_turn, landing_turn
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import (
    AIR_BOXES,
    AirRecord,
    AirUnit,
    BaseBox,
    Planes,
    State,
    TaskForce,
    evolve,
    side_name,
)

FLYING = ("map", "cap")
_WHERE = {
    "map": "on the mapboard",
    "cap": "in a CAP Box",
    "forming": "waiting to take off",
    "in-flight": "In Flight from its off-board base",
    "returning": "In Flight to its off-board base",
}


def air_hex(game: Game, state: State, unit: AirUnit) -> str | None:
    """Where an Air unit is on the mapboard (a CAP or forming Air unit: over its box)."""
    if unit.where == "map":
        return unit.hex
    if unit.where in ("cap", "forming"):
        box = state.box(unit.side, unit.box)
        return game.box_hex(box) if box is not None else None
    return None


def speed(game: Game, unit: AirUnit) -> int:
    """Basic VIII.B.2: the Movement Factor of the slowest plane in the Air unit."""
    return min(game.plane(r.plane).movement for r in unit.records)


def budget(game: Game, unit: AirUnit) -> int:
    return max(0, speed(game, unit) - unit.carried)


def _unit(state: State, side: str, number: int, where: tuple[str, ...]) -> tuple[AirUnit | None, str | None]:
    unit = state.air_unit(side, number)
    if unit is None:
        return None, f"Air Box {number} is empty (CV › Basic VIII.A)."
    if unit.where not in where:
        return (
            None,
            f"Air unit {number} is {_WHERE.get(unit.where, unit.where)}: not for that order (CV › Basic VIII.A).",
        )
    return unit, None


# -- Landing Step ----------------------------------------------------------------------------------
def land_refusal(game: Game, state: State, a: Land) -> str | None:
    unit, why = _unit(state, a.side, a.air_unit, FLYING)
    if unit is None:
        return why
    box = state.box(a.side, a.box)
    if box is None:
        return f"You have no Task Force or Base Box {a.box!r} (CV › Basic VIII.A.1.a)."
    if isinstance(box, TaskForce) and box.unorganized:
        return "Planes land only in a Task Force Box: an Unorganized Ship unit carries none (CV › Basic VI.D)."
    records = [r for r in unit.records if not a.plane or r.plane == a.plane]
    if not records:
        return f"Air unit {a.air_unit} has no {a.plane} planes (CV › Basic IV.A.2.d: its Air Record)."
    here = air_hex(game, state, unit)
    if isinstance(box, BaseBox) and box.hex is None:
        entries = game.air_entry_hexes(box.id)
        if unit.where != "map" or here not in entries:
            return (
                f"Planes land at {game.bases[box.id].title} from one of its Air Entry Hexes, reached on an earlier "
                "Turn (CV › Basic VIII.G.2)."
            )
        if a.plane and len(records) != len(unit.records):
            return "An Air unit leaves the mapboard for an off-board base whole (CV › Basic VIII.G.2)."
        return _handling_refusal(game, box, records, count_launch=False)
    target = game.box_hex(box)
    if target is None:
        return f"{a.box} is not on the mapboard: planes land in the hex they reach (CV › Basic VIII.A.1)."
    assert here is not None
    reach = 0 if unit.moved else budget(game, unit)
    if game.board.distance(here, target) > reach:
        return (
            f"Air unit {a.air_unit} at {here} cannot reach {target} this Turn (Movement Factor {speed(game, unit)}"
            f"{', moved already' if unit.moved else ''}; CV › Basic VIII.B.2)."
        )
    return _handling_refusal(game, box, records, count_launch=True)


def _handling_refusal(game: Game, box: TaskForce | BaseBox, records: list[AirRecord], count_launch: bool) -> str | None:
    for r in records:
        if not game.takes(box, r.plane):
            return f"No ship or base in {box.id} handles {game.plane(r.plane).title}s (CV › Basic IV.B.3)."
    landing = sum(r.factors for r in records)
    if not game.fits(box, (*box.planes.all(), *(Planes(r.plane, r.factors) for r in records))):
        return f"{landing} more Air Factor(s) would pass {box.id}'s Plane Capacity (CV › Basic IV.B.1, II.B.1)."
    top = game.handling(box).launch_limit
    if count_launch and box.launched + landing > top:
        return (
            f"{launch_told(game, box, top)} and {box.launched} Air Factor(s) have taken off or landed this "
            "Turn: landings may not exceed it nor prevent take-offs (CV › Basic VIII.A.1.c)."
        )
    if count_launch and isinstance(box, TaskForce) and not box.into_wind:
        low = wind.wind_limit(game, box)
        if box.launched + landing > low:
            return (
                f"Task Force {box.number} did not move into the Wind Direction this Turn: its carriers take off and "
                f"land no more than its Minimum Launch Factor {low} ({box.launched} already; CV › Basic VI.E, VI.E.4)."
            )
    return None


def launch_told(game: Game, box: TaskForce | BaseBox, top: int) -> str:
    """The limit a take-off or landing is refused by, in words: a Base's Hits are named, as they
    cut its Launch Factors (Basic IX.K.3.a) and, at 0, stop all take-offs and landings."""
    name = game.bases[box.id].title if isinstance(box, BaseBox) else box_name(box.id)
    if isinstance(box, BaseBox) and box.hits:
        if top <= 0:
            return (
                f"{name}'s {box.hits} Hits have cut every Launch Factor to 0: no plane lands or takes off there "
                "(CV › Basic IX.K.3.a)"
            )
        return f"{name}'s Launch Factors after its {box.hits} Hits allow {top} (CV › Basic IX.K.3.a)"
    return f"{name}'s Maximum Launch Factor is {top}"


def apply_land(game: Game, state: State, a: Land, events: list[Event], rng: Rng | None = None) -> State:
    unit = state.air_unit(a.side, a.air_unit)
    box = state.box(a.side, a.box)
    assert unit is not None and box is not None
    landing = tuple(r for r in unit.records if not a.plane or r.plane == a.plane)
    staying = tuple(r for r in unit.records if r not in landing)
    if isinstance(box, BaseBox) and box.hex is None:
        spec = game.bases[box.id]
        reached = unit.arrived if unit.arrived is not None else state.time.plus(-1)
        due = max(landing_turn(reached, spec.turns), state.time)
        events.append(_told(a.side, f"Air unit {a.air_unit} leaves the mapboard for {spec.title}, landing at {due}"))
        state = state.with_air_unit(evolve(unit, where="returning", hex=None, box=box.id, due=due, moved=True))
        return land_returning(game, state, events)
    start = air_hex(game, state, unit)
    if start is not None and start != game.box_hex(box):
        state = _fly(game, state, unit, start, game.box_hex(box) or start, events)
    moved = sum(r.factors for r in landing)
    what = _what(game, landing)
    at = game.bases[a.box].title if a.box in game.bases else box_name(a.box)  # (not its id: "tf1")
    events.append(_told(a.side, f"Air unit {a.air_unit} lands at {at}: {what}"))
    safe = landing
    if game.data.charts.time_record.is_night(state.time) and rng is not None:
        safe, state = night_landing(game, state, a.side, landing, rng, events)
    stacks = (*box.planes.a, *(Planes(r.plane, r.factors, r.weapon) for r in safe))
    state = state.with_box(evolve(box, planes=box.planes.with_("a", stacks), launched=box.launched + moved))
    if not staying:
        return state.with_air_unit(None, a.side, a.air_unit)
    at = game.box_hex(box)
    arrived = unit.arrived if air_hex(game, state, unit) == at else state.time
    return state.with_air_unit(evolve(unit, where="map", hex=at, box="", records=staying, moved=True, arrived=arrived))


def night_landing(
    game: Game, state: State, side: str, landing: tuple[AirRecord, ...], rng: Rng, events: list[Event]
) -> tuple[tuple[AirRecord, ...], State]:
    """Basic VIII.H.5: a landing on a night Turn rolls on the Night Landings Chart (one die a
    landing). Losses come off the largest stacks first (reading: the text leaves it open); they
    reached a hex where landing was possible, so they are not unnecessary losses (XI.C.4)."""
    chart = game.data.charts.night_landings
    die = rng.die(6)
    row = chart.row(die)
    total = sum(r.factors for r in landing)
    lost = min(total, row.effect.get("lost", 0) + (-(-total // 2) if row.effect.get("lost_half") else 0))
    events.append(roll_event(f"Night landing: {row.result}", [die], audience=(side,), side=side))
    if not lost:
        return landing, state
    left = lost
    out = []
    for r in sorted(landing, key=lambda r: -r.factors):
        take = min(left, r.factors)
        left -= take
        if r.factors - take:
            out.append(evolve(r, factors=r.factors - take))
    state = state.with_loss(side, lost)
    events.append(
        Event("air-lost", f"{lost} Air Factor(s) lost landing at night.", (side,), {"side": side, "factors": lost})
    )
    return tuple(out), state


def land_returning(game: Game, state: State, events: list[Event]) -> State:
    """Basic VIII.G.2: Air units returning to an off-board base land there on their Turn."""
    for unit in state.air_units:
        if unit.where == "returning" and unit.due is not None and unit.due <= state.time:
            box = state.base(unit.box)
            assert box is not None
            stacks = (*box.planes.a, *(Planes(r.plane, r.factors, r.weapon) for r in unit.records))
            state = state.with_box(evolve(box, planes=box.planes.with_("a", stacks)))
            state = state.with_air_unit(None, unit.side, unit.number)
            events.append(_told(unit.side, f"Air unit {unit.number} lands at {game.bases[box.id].title}"))
    return state


# -- Normal Air Unit Movement Step -----------------------------------------------------------------
def _flight_refusal(
    game: Game, state: State, unit: AirUnit, start: str | None, to: str, cap: str, reach: int
) -> str | None:
    if to not in game.board:
        return f"{to} is not a hex of the mapboard (CV › Basic VIII.B.3)."
    assert start is not None
    if game.board.distance(start, to) > reach:
        return (
            f"Air unit {unit.number} flies at most {reach} hex(es) this Turn (Movement Factor {speed(game, unit)}, "
            f"its slowest plane's{', less the hexes carried in a CAP Box' if unit.carried else ''}; "
            "CV › Basic VIII.B.2, VIII.H.2)."
        )
    if cap:
        box = state.box(unit.side, cap)
        if isinstance(box, TaskForce) and box.unorganized:
            return "An Unorganized Ship unit has no Task Force Box, so no CAP Box (CV › Basic VI.D, VIII.H.2)."
        if box is None or game.box_hex(box) != to:
            return "An Air unit joins the CAP Box only of a friendly box in the hex it ends in (CV › Basic VIII.H.2)."
    return None


def move_refusal(game: Game, state: State, a: MoveAir) -> str | None:
    unit, why = _unit(state, a.side, a.air_unit, FLYING)
    if unit is None:
        return why
    if unit.moved:
        return f"Air unit {a.air_unit} has moved this Turn (CV › Basic VIII.B.4, VIII.G.1)."
    return _flight_refusal(game, state, unit, air_hex(game, state, unit), a.to, a.cap, budget(game, unit))


def apply_move(game: Game, state: State, a: MoveAir, events: list[Event]) -> State:
    unit = state.air_unit(a.side, a.air_unit)
    assert unit is not None
    events.append(_told(a.side, a.describe()))
    start = air_hex(game, state, unit)
    assert start is not None
    state = _fly(game, state, unit, start, a.to, events)
    return state.with_air_unit(_arrive(game, state, unit, a.to, a.cap))


def _fly(game: Game, state: State, unit: AirUnit, start: str, to: str, events: list[Event]) -> State:
    """Basic III.A: what the Air unit observes, and is observed by, as it flies hex by hex."""
    from midway_desktop.games.cv.observation import flight_path, flying_by

    return flying_by(game, state, unit, flight_path(game, start, to), events)


def _arrive(game: Game, state: State, unit: AirUnit, to: str, cap: str) -> AirUnit:
    arrived = unit.arrived if air_hex(game, state, unit) == to and unit.where != "forming" else state.time
    if cap:
        return evolve(unit, where="cap", hex=None, box=cap, moved=True, arrived=arrived)
    return evolve(unit, where="map", hex=to, box="", moved=True, arrived=arrived)


def enter_refusal(game: Game, state: State, a: EnterMap) -> str | None:
    unit, why = _unit(state, a.side, a.air_unit, ("in-flight",))
    if unit is None:
        return why
    assert unit.due is not None
    if state.time < unit.due:
        return f"Air unit {a.air_unit} reaches the mapboard at {unit.due} at the earliest (CV › Basic VIII.G.1)."
    if a.hex not in game.air_entry_hexes(unit.box):
        spec = game.bases[unit.box]
        return f"Air units from {spec.title} enter only at the '{spec.letter}' Air Entry Hexes (CV › Basic VIII.G.1)."
    return None


def apply_enter(game: Game, state: State, a: EnterMap, events: list[Event]) -> State:
    unit = state.air_unit(a.side, a.air_unit)
    assert unit is not None
    events.append(_told(a.side, a.describe()))
    state = _fly(game, state, unit, a.hex, a.hex, events)
    return state.with_air_unit(evolve(unit, where="map", hex=a.hex, box="", due=None, moved=True, arrived=state.time))


# -- Take Off Step ---------------------------------------------------------------------------------
def take_off_refusal(game: Game, state: State, a: TakeOff) -> str | None:
    unit, why = _unit(state, a.side, a.air_unit, ("forming",))
    if unit is None:
        return why
    box = state.box(a.side, unit.box)
    assert box is not None
    if isinstance(box, BaseBox) and box.hex is None:
        if a.to or a.cap:
            return f"Air units from {game.bases[box.id].title} fly off the mapboard first (CV › Basic VIII.G.1)."
        return None
    start = game.box_hex(box)
    if start is None:
        return f"{box.id} has left the mapboard (CV › Basic VI.F.2)."
    return _flight_refusal(game, state, unit, start, a.to, a.cap, speed(game, unit))


def apply_take_off(game: Game, state: State, a: TakeOff, events: list[Event]) -> State:
    unit = state.air_unit(a.side, a.air_unit)
    assert unit is not None
    box = state.box(a.side, unit.box)
    assert box is not None
    if isinstance(box, BaseBox) and box.hex is None:
        spec = game.bases[box.id]
        due = entry_turn(state.time, spec.turns)
        events.append(_told(a.side, f"Air unit {a.air_unit} takes off from {spec.title}, due at the mapboard at {due}"))
        return state.with_air_unit(evolve(unit, where="in-flight", hex=None, due=due, moved=True))
    events.append(_told(a.side, a.describe()))
    start = game.box_hex(box)
    assert start is not None
    state = _fly(game, state, unit, start, a.to, events)
    return state.with_air_unit(_arrive(game, state, unit, a.to, a.cap))


def take_off_waiting(game: Game, state: State, side: str, events: list[Event]) -> State:
    """Basic VIII.A.3: new Air units must take off now; those not ordered take off in place.
    If their box has left the mapboard, their planes go back to its C section."""
    for unit in [u for u in state.air_units if u.side == side and u.where == "forming"]:
        box = state.box(side, unit.box)
        assert box is not None
        here = game.box_hex(box)
        if isinstance(box, BaseBox) and box.hex is None:
            state = apply_take_off(game, state, TakeOff(side, unit.number, ""), events)
        elif here is not None:
            state = apply_take_off(game, state, TakeOff(side, unit.number, here), events)
        else:
            back = (*box.planes.c, *(Planes(r.plane, r.factors, r.weapon) for r in unit.records))
            state = state.with_box(evolve(box, planes=box.planes.with_("c", back)))
            state = state.with_air_unit(None, side, unit.number)
    return state


# -- altitude --------------------------------------------------------------------------------------
def altitude_refusal(game: Game, state: State, a: Altitude) -> str | None:
    unit, why = _unit(state, a.side, a.air_unit, FLYING)
    if unit is None:
        return why
    records = [r for r in unit.records if r.plane == a.plane]
    if not records:
        return f"Air unit {a.air_unit} has no {a.plane} planes (CV › Basic IV.A.2.d: its Air Record)."
    if all(r.high == a.high for r in records):
        return f"Those planes are at {'High' if a.high else 'Low'} Altitude already (CV › Basic VIII.D.2)."
    if a.high and any(r.took_off == state.time for r in records):
        if not game.plane(a.plane).is_fighter:
            return "Bombers and Escorts stay at Low Altitude on the Turn they take off (CV › Basic VIII.D.4)."
        if not state.initiative or state.initiative[0] != a.side:
            return (
                "Interceptors climb to High Altitude on the Turn they take off only if their side moves first "
                "(CV › Basic VIII.D.4)."
            )
    return None


def apply_altitude(game: Game, state: State, a: Altitude, events: list[Event]) -> State:
    unit = state.air_unit(a.side, a.air_unit)
    assert unit is not None
    records = tuple(evolve(r, high=a.high) if r.plane == a.plane else r for r in unit.records)
    events.append(_told(a.side, a.describe()))
    return state.with_air_unit(evolve(unit, records=records))


# -- the end of the phase --------------------------------------------------------------------------
def out_of_endurance(game: Game, state: State, events: list[Event]) -> State:
    """Basic VIII.E.2: planes not landed by their last landing Turn are eliminated. The loss is
    unnecessary (Basic XI.C.4) unless they are in a hex where a friendly box could take them
    (read here as: a box with a ship or base of their Plane Types)."""
    for unit in list(state.air_units):
        if unit.where == "forming":
            continue
        late = [r for r in unit.records if r.must_land <= state.time]
        if unit.where == "returning" and unit.due is not None:
            late = [r for r in unit.records if r.must_land < unit.due]
        if not late:
            continue
        here = air_hex(game, state, unit)
        boxes = game.friendly_boxes_at(state, unit.side, here) if here is not None else []
        lost = sum(r.factors for r in late)
        needless = sum(r.factors for r in late if not any(game.takes(b, r.plane) for b in boxes))
        state = state.with_loss(unit.side, lost, needless)
        rest = tuple(r for r in unit.records if r not in late)
        state = state.with_air_unit(evolve(unit, records=rest) if rest else None, unit.side, unit.number)
        what = _what(game, late)
        events.append(
            Event(
                "air-lost",
                f"{side_name(unit.side)} Air unit {unit.number} runs out of fuel: {what} eliminated.",
                (unit.side,),
                {"side": unit.side, "factors": lost},
            )
        )
    return state


def _what(game: Game, records: Iterable[AirRecord]) -> str:
    """``3 Wildcat, 2 Dauntless (land-based)``: the planes as their titles read."""
    total: dict[str, int] = {}
    for r in records:
        total[r.plane] = total.get(r.plane, 0) + r.factors
    return ", ".join(f"{n} {game.plane(p).title}" for p, n in total.items())


def _told(side: str, text: str) -> Event:
    return Event("air-movement", f"{text}.", (side,), {"side": side})


# -- Air unit reorganization -----------------------------------------------------------------------
def _reorganizes(game: Game, state: State, side: str, hex_: str) -> bool:
    """Basic VIII.F.2.a: a hex with a friendly Base, or a friendly CV or CVL, allows every kind."""
    for box in game.friendly_boxes_at(state, side, hex_):
        if isinstance(box, BaseBox):
            return True
        if any(game.ship(side, t).type in ("CV", "CVL") for t in box.ships):
            return True
    return False


def _enemy_known_at(game: Game, state: State, side: str, hex_: str) -> bool:
    """Basic VIII.F.2.c: enemy Base or Ship units in the hex, as far as ``side`` knows them (its
    observation of the hex, and the Base unit on the mapboard for all to see)."""
    from midway_desktop.games.cv.observation import condition, observers

    if any(b.side != side and b.hex == hex_ for b in state.bases):
        return True
    if not any(t.side != side and t.on_map and t.hex == hex_ for t in state.task_forces):
        return False
    return condition(game, state, observers(game, state, side), hex_, flying=False, high=False) > 0


def regroup_room(game: Game, state: State, side: str, hex_: str) -> str:
    """What reorganization ``hex_`` allows ``side``'s Air units: "all", "divide" or ""."""
    if _reorganizes(game, state, side, hex_):
        return "all"
    return "divide" if _enemy_known_at(game, state, side, hex_) else ""


def regroup_refusal(game: Game, state: State, a: Regroup) -> str | None:
    src, why = _unit(state, a.side, a.source, FLYING)
    if src is None:
        return why
    if a.factors < 1:
        return "Move at least one Air Factor (CV › Basic VIII.F)."
    have = sum(r.factors for r in src.records if (r.plane, r.weapon, r.high) == (a.plane, a.weapon, a.high))
    if a.factors > have:
        return f"Air unit {a.source} has {have} such {a.plane} Air Factor(s) (CV › Basic VIII.F.1)."
    if not 1 <= a.target <= AIR_BOXES:
        return f"The Air Boxes are numbered 1-{AIR_BOXES} (CV › Set Up III.A)."
    here = air_hex(game, state, src)
    assert here is not None
    dst = state.air_unit(a.side, a.target)
    if dst is not None and (a.target == a.source or dst.where not in FLYING or air_hex(game, state, dst) != here):
        return "Air Factors join an Air unit flying in the same hex, or an empty Air Box (CV › Basic VIII.F)."
    room = regroup_room(game, state, a.side, here)
    if room == "all" or (room == "divide" and dst is None):  # dividing over enemy ships (VIII.F.2.c)
        return None
    return (
        "Air units reorganize only in a hex with a friendly Base, CV or CVL; over enemy Base or Ship units they "
        "may only divide (CV › Basic VIII.F.2)."
    )


def apply_regroup(game: Game, state: State, a: Regroup, events: list[Event]) -> State:
    src = state.air_unit(a.side, a.source)
    assert src is not None
    left = a.factors
    kept: list[AirRecord] = []
    moving: list[AirRecord] = []
    for r in src.records:
        take = min(left, r.factors) if (r.plane, r.weapon, r.high) == (a.plane, a.weapon, a.high) else 0
        left -= take
        if take:
            moving.append(evolve(r, factors=take))
        if r.factors - take:
            kept.append(evolve(r, factors=r.factors - take))
    dst = state.air_unit(a.side, a.target)
    if dst is None:
        dst = evolve(src, number=a.target, records=tuple(moving))
    else:
        dst = evolve(
            dst, records=(*dst.records, *moving), moved=dst.moved or src.moved, carried=max(dst.carried, src.carried)
        )
    state = state.with_air_unit(dst)
    state = state.with_air_unit(evolve(src, records=tuple(kept)) if kept else None, a.side, a.source)
    events.append(_told(a.side, a.describe()))
    return state
