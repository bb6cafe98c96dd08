"""Building a CV position from explicit inputs: which forces, where and when (Set Up I-IV).

:func:`initial_state` takes the Task Forces (their ships, starting hex or area, entry Turn and
planes by section), the bases and the scenario's first and last Turns, checks them against the
Set Up rules, and returns the position at the start of the set-up step. :func:`split_force`
divides one of ``forces.yaml``'s forces into Task Force Boxes.

:func:`scenario_state` builds a scenario of ``scenarios.yaml`` (Scenarios II-IV) this way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field

from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import (
    SECTIONS,
    TASK_FORCE_BOXES,
    TASK_FORCE_SHIPS,
    BaseBox,
    Entry,
    Planes,
    Sections,
    State,
    TaskForce,
    evolve,
    merged,
    side_name,
)
from midway_desktop.games.cv.time_record import Time
from midway_desktop.values import frozen_value

SETUP_STEP = "set-up"


class SetUpError(ValueError):
    """A set-up the rules refuse, with the rule and the reason."""


@frozen_value
class ForceSetUp:
    """One Task Force as set up: its ships, where it starts (a hex, or board regions to choose a
    hex in during the set-up step), when it enters (``None``: on the mapboard at the start) and
    its planes by section (``{"c": {"kate": 3}}``; Set Up III.C.2.d)."""

    side: str
    number: int
    ships: tuple[str, ...]
    area: tuple[str, ...] = ()
    hex: str | None = None
    enters: Time | None = None
    planes: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    weapons: Mapping[str, str] = field(default_factory=dict)  # plane -> Weapon unit in C
    troops: Mapping[str, int] = field(default_factory=dict)  # transport -> Ground Factors aboard


def split_force(
    game: Game,
    side: str,
    force_id: str,
    first_number: int,
    area: tuple[str, ...] = (),
    enters: Time | None = None,
    hex_: str | None = None,
    air: Mapping[str, int] | None = None,
    troops: Mapping[str, int] | None = None,
) -> list[ForceSetUp]:
    """``forces.yaml``'s force in Task Force Boxes numbered from ``first_number``: its ships in
    the order listed, as many to a box as Set Up III.C.1.b-c allows, and its sea-based planes in
    the C sections of the first box that holds them all (Set Up III.C.2)."""
    force = game.data.force(side, force_id)
    size = TASK_FORCE_SHIPS[side]
    chunks = [force.ships[i : i + size] for i in range(0, len(force.ships), size)]
    aboard = dict(troops or {})
    out = [
        ForceSetUp(
            side, first_number + k, tuple(c), area, hex_, enters, troops={t: aboard[t] for t in c if t in aboard}
        )
        for k, c in enumerate(chunks)
    ]
    planes = dict(force.air if air is None else air)
    if planes:
        stacks = [Planes(p, n) for p, n in planes.items()]
        for k, chunk in enumerate(out):
            if game.fits(TaskForce(side, chunk.number, chunk.ships, None), stacks):
                out[k] = dataclasses.replace(chunk, planes={"c": planes})
                break
        else:
            raise SetUpError(f"{force.title}: no one Task Force of it holds its planes (Set Up III.C.2.b)")
    return out


def _sections(planes: Mapping[str, Mapping[str, int]], weapons: Mapping[str, str]) -> Sections:
    return Sections(
        *(
            merged(Planes(p, n, weapons.get(p, "") if sec == "c" else "") for p, n in planes.get(sec, {}).items())
            for sec in SECTIONS
        )
    )


def initial_state(
    game: Game,
    forces: Sequence[ForceSetUp],
    start: Time,
    last: Time,
    base_planes: Mapping[str, Mapping[str, Mapping[str, int]]] | None = None,
    short: bool = False,
    options: Iterable[str] = (),
    base_ground: Mapping[str, int] | None = None,
) -> State:
    """The position before the set-up step, every Set Up rule checked (:class:`SetUpError`)."""
    board = game.board
    task_forces = []
    seen: set[tuple[str, str]] = set()
    for f in forces:
        who = f"{side_name(f.side)} Task Force {f.number}"
        if not 1 <= f.number <= TASK_FORCE_BOXES[f.side]:
            boxes = TASK_FORCE_BOXES[f.side]
            raise SetUpError(f"{who}: the {side_name(f.side)} side has Task Force Boxes 1-{boxes} (Set Up III.B)")
        if any(t.side == f.side and t.number == f.number for t in task_forces):
            raise SetUpError(f"{who} is set up twice")
        if not f.ships:
            raise SetUpError(f"{who} has no Ship units")
        if len(f.ships) > TASK_FORCE_SHIPS[f.side]:
            raise SetUpError(
                f"{who}: {len(f.ships)} Ship units, more than {TASK_FORCE_SHIPS[f.side]} in one Task Force Box "
                "(Set Up III.C.1.b-c)"
            )
        for title in f.ships:
            game.ship(f.side, title)
            if (f.side, title) in seen:
                raise SetUpError(f"{title} is in two Task Forces")
            seen.add((f.side, title))
        cells = _area(game, f.area)
        hex_ = f.hex if f.hex is not None else (min(cells) if cells else None)
        if hex_ is None or hex_ not in board:
            raise SetUpError(f"{who}: no hex to start in")
        if cells and hex_ not in cells:
            raise SetUpError(f"{who}: {hex_} is outside its set-up area ({', '.join(f.area)})")
        sections = _sections(f.planes, f.weapons)
        for title in f.troops:
            if title not in f.ships or game.ship(f.side, title).type != "AP":
                raise SetUpError(f"{who}: Ground Factors ride on its own transports (AP), not {title} (Basic VI.A.3)")
        troops = tuple(sorted((t, n) for t, n in f.troops.items() if n))
        tf = TaskForce(f.side, f.number, tuple(f.ships), hex_, sections, area=f.area, troops=troops)
        _check_planes(game, tf, who)
        if f.enters is not None:
            if not start < f.enters <= last:
                raise SetUpError(f"{who}: it enters at {f.enters}, not within the game")
            tf = evolve(tf, hex=None, entry=Entry(hex_, f.enters))
        task_forces.append(tf)
    bases = []
    for spec in game.bases.values():
        if spec.captured:  # the Japanese Midway Base unit comes on with the capture (IX.H.5)
            continue
        planes = (base_planes or {}).get(spec.id, {})
        ground = (base_ground or {}).get(spec.id, 0)
        box = BaseBox(spec.id, spec.side, spec.hex, _sections(planes, {}), ground=ground)
        _check_planes(game, box, spec.title)
        bases.append(box)
    return State(
        time=start,
        last=last,
        step=SETUP_STEP,
        task_forces=tuple(sorted(task_forces, key=lambda t: (t.side, t.number))),
        bases=tuple(bases),
        short=short,
        options=frozenset(options),
    )


def _area(game: Game, regions: tuple[str, ...]) -> frozenset[str]:
    return game.area(regions)


def set_up_cells(game: Game, tf: TaskForce) -> frozenset[str]:
    """Where a Task Force may be placed in the set-up step (Set Up IV)."""
    return _area(game, tf.area)


def _check_planes(game: Game, box: TaskForce | BaseBox, who: str) -> None:
    """Set Up III.C.2: planes go where they can be handled; land-based planes only at bases."""
    for stack in box.planes.all():
        if not game.has_plane(stack.plane):
            raise SetUpError(f"{who}: no plane type '{stack.plane}'")
        plane = game.plane(stack.plane)
        if plane.side != box.side:
            raise SetUpError(f"{who}: {plane.title} is not a {side_name(box.side)} plane")
        if isinstance(box, TaskForce) and plane.land_based:
            raise SetUpError(f"{who}: {plane.title} is land-based: it is placed in its Base Box (Set Up III.C.2.a)")
        if not game.takes(box, stack.plane):
            raise SetUpError(f"{who}: no ship or base here handles {plane.title} (Set Up III.C.2.c; Basic IV.B.3)")
        if stack.weapon and stack.weapon not in plane.weapons:
            raise SetUpError(f"{who}: {plane.title} cannot carry that Weapon unit (Basic IV.B.2.a)")
    if not game.fits(box, box.planes.all()):
        raise SetUpError(f"{who}: more Air Factors than its Plane Capacity (Set Up III.C.2.b; Basic IV.B.1)")


# -- the scenarios (scenarios.yaml) -------------------------------------------------------------
def scenario_forces(game: Game, scenario_id: str, source: str | None = None) -> list[ForceSetUp]:
    """Scenarios II-V: each side's forces in Task Force Boxes, numbered in the order the scenario
    lists them, each set up in (or entering by) the areas and at the Turn it gives, with the
    scenario's sea-based air where it differs from the force's (the Campaign's 33 Vals). Scenario
    V (``source``: the scenario it borrows from) puts the Japanese in its free areas."""
    scenario = game.data.scenarios.played(scenario_id, source)
    out: list[ForceSetUp] = []
    for side_set_up in scenario.sides:
        number = 1
        for entry in side_set_up.forces:
            at = entry.at
            force = game.data.force(side_set_up.side, entry.force)
            aboard = side_set_up.aboard
            troops = {t: n for t, n in force.ground.items() if aboard is not None and t in aboard.ships}
            made = split_force(
                game, side_set_up.side, entry.force, number, at.regions, at.time, air=entry.air, troops=troops
            )
            number += len(made)
            out.extend(made)
    return out


def scenario_state(game: Game, scenario_id: str, source: str | None = None) -> State:
    """The position at the start of a scenario's set-up step. Land-based air starts in the C
    sections of its Bases (Set Up III.C.2.d leaves the choice; "normally ... the C sections").
    Scenario V is played with the General and American Information of ``source`` (II-IV).
    Submarines (Optional XI; Set Up III.D: not in the Basic Game) and weather (Optional XIII)
    are optional rules: not set up."""
    scenario = game.data.scenarios.played(scenario_id, source)
    assert scenario.start is not None and scenario.end is not None
    base_planes: dict[str, dict[str, dict[str, int]]] = {}
    ground: dict[str, int] = {}
    for side_set_up in scenario.sides:
        for base, planes in side_set_up.land_air.items():
            if base in game.bases:
                base_planes[base] = {"c": dict(planes)}
        ground.update({b: n for b, n in side_set_up.ground.items() if b in game.bases})
    forces = scenario_forces(game, scenario_id, source)
    short = not scenario.midway_points
    return initial_state(game, forces, scenario.start, scenario.end, base_planes, short=short, base_ground=ground)
