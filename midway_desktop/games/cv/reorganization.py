"""Task Force reorganization (CV › Basic VI.C), in the Ship Plotting and Movement Phase only;
Unorganized Ship units (VI.D: a ship taken out of its box onto the mapboard, numbered above 100,
always observed, carrying no planes, put back in a box in the same hex when its side likes);
and the organization of Task Forces at set-up (Set Up III.C.1: as desired, among ships the
scenario places in the same area at the same Turn).

Ship units move between Task Forces in the same hex, a Task Force splits into smaller ones (an
unused Task Force Box starts a new one there) or is emptied into another. Planes travel only
with ships that can hold them: after the change each box's planes must fit its ships' Plane
Capacities and Plane Types (Basic IV.B.1, IV.B.3), and a box left without ships holds no planes
(VI.D: plane-carrying ships stay in Task Force Boxes while they carry planes). No Task Force
holds more than 15 American or 10 Japanese Ship units (Set Up III.C.1.b-c; see the rules
status for Basic II.A's "45"). Late arrivals and Task Forces that left the mapboard are not
reorganized. An emptied box is free again; its CAP and forming Air units go with the ships to
the receiving box. Readings: a Turn's readied and launched Air Factors count against both boxes
(a split never gives a box more Ready or Launch Factors for the Turn than it had); both Task
Forces' plots are void and are plotted again (the new make-up may be slower).
"""

from __future__ import annotations

from midway_desktop.games.cv.actions import Transfer
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import (
    SECTIONS,
    TASK_FORCE_BOXES,
    TASK_FORCE_SHIPS,
    UNORGANIZED,
    Planes,
    State,
    TaskForce,
    evolve,
    side_name,
)


def _moving(box: TaskForce, planes: tuple[tuple[str, str, str, int], ...]) -> dict[str, list[Planes]] | str:
    """The stacks leaving ``box`` by section, or why they cannot."""
    out: dict[str, list[Planes]] = {sec: [] for sec in SECTIONS}
    for section, plane, weapon, n in planes:
        if section not in SECTIONS:
            return f"'{section}' is not a section of a Task Force Box: A, B or C (CV › Set Up III.E)."
        if n < 1:
            return "Move at least one Air Factor with the ships (CV › Basic VI.C)."
        have = sum(s.factors for s in box.planes.of(section) if (s.plane, s.weapon) == (plane, weapon))
        taken = sum(s.factors for s in out[section] if (s.plane, s.weapon) == (plane, weapon))
        if taken + n > have:
            return (
                f"Task Force {box.number} has {have} such {plane} Air Factor(s) in section {section.upper()} "
                "(CV › Basic VI.C)."
            )
        out[section].append(Planes(plane, n, weapon))
    return out


def _split(box: TaskForce, moving: dict[str, list[Planes]]) -> tuple[dict[str, list[Planes]], dict[str, list[Planes]]]:
    """``box``'s stacks by section: those staying and those leaving (freshness kept)."""
    stay: dict[str, list[Planes]] = {}
    go: dict[str, list[Planes]] = {}
    for sec in SECTIONS:
        want = {(p.plane, p.weapon): 0 for p in moving[sec]}
        for p in moving[sec]:
            want[(p.plane, p.weapon)] += p.factors
        stay[sec], go[sec] = [], []
        for s in box.planes.of(sec):
            left = want.get((s.plane, s.weapon), 0)
            take = min(left, s.factors)
            if take:
                want[(s.plane, s.weapon)] = left - take
                go[sec].append(evolve(s, factors=take))
            if s.factors - take:
                stay[sec].append(evolve(s, factors=s.factors - take))
    return stay, go


def _when(tf: TaskForce) -> object:
    return tf.entry.time if tf.entry is not None else None


def transfer_refusal(game: Game, state: State, a: Transfer) -> str | None:
    src = state.task_force(a.side, a.source)
    if src is None:
        return f"You have no Task Force {a.source} (CV › Basic VI.C)."
    set_up = state.step == "set-up"
    if not set_up and (not src.on_map or src.entry is not None):
        return f"Task Force {a.source} is not on the mapboard: only Task Forces there reorganize (CV › Basic VI.C)."
    if a.target == a.source:
        return "Ships move to another Task Force (CV › Basic VI.C)."
    limit = TASK_FORCE_BOXES[a.side]
    if a.target > UNORGANIZED:
        if src.unorganized:
            return "An Unorganized Ship unit is on the mapboard already: it goes back into a box (CV › Basic VI.D)."
        why = _unorganized_refusal(state, a)
        if why is not None:
            return why
    elif not 1 <= a.target <= limit:
        return f"The {side_name(a.side)} side has Task Force Boxes 1-{limit} (CV › Set Up III.B)."
    dst = state.task_force(a.side, a.target)
    if set_up:
        if dst is not None and (dst.area != src.area or _when(dst) != _when(src)):
            return (
                "At set-up, ships are organized together only if the scenario places them in the same area at "
                "the same Turn (CV › Set Up III.C.1.a)."
            )
    elif dst is not None and (not dst.on_map or dst.hex != src.hex):
        return "Ships are exchanged only between Task Forces in the same hex (CV › Basic VI.C)."
    if not a.ships or len(set(a.ships)) != len(a.ships) or any(t not in src.ships for t in a.ships):
        return f"Name Ship units of Task Force {a.source}, each once (CV › Basic VI.C)."
    size = len(dst.ships if dst else ()) + len(a.ships)
    if size > TASK_FORCE_SHIPS[a.side]:
        return (
            f"Task Force {a.target} would hold {size} Ship units, more than {TASK_FORCE_SHIPS[a.side]} "
            "(CV › Set Up III.C.1.b-c)."
        )
    moving = _moving(src, a.planes)
    if isinstance(moving, str):
        return moving
    left, new = _boxes(game, src, dst, a, moving)
    if not left.ships and left.planes.all():
        return "Ships that carry planes stay in a Task Force Box with them (CV › Basic VI.D)."
    for box in (left, new):
        if box.ships and not game.fits(box, box.planes.all()):
            return (
                f"Task Force {box.number}'s planes would not fit aboard its ships (Plane Capacity and Plane Types, "
                "CV › Basic IV.B.1, IV.B.3)."
            )
    return None


def next_unorganized(state: State, side: str) -> int:
    """The number a Ship unit placed on the mapboard unorganized takes: the first free above 100."""
    used = {t.number for t in state.task_forces if t.side == side}
    return next(n for n in range(UNORGANIZED + 1, UNORGANIZED + 1000) if n not in used)


def _unorganized_refusal(state: State, a: Transfer) -> str | None:
    """Basic VI.D: a Ship unit leaves its Task Force Box for the mapboard, unorganized, only in
    the Ship Plotting and Movement Phase (at set-up every ship is in a box: Set Up III.C.1.d),
    one Ship unit to a counter, carrying no planes."""
    if state.step == "set-up":
        return "At set-up every Ship unit is placed in a Task Force Box (CV › Set Up III.C.1.d)."
    if a.target != next_unorganized(state, a.side):
        return (
            f"A Ship unit placed on the mapboard unorganized is numbered {next_unorganized(state, a.side)}, the first "
            "free number above 100 (CV › Basic VI.D)."
        )
    if len(a.ships) != 1:
        return "Unorganized Ship units stand on the mapboard one by one: place one at a time (CV › Basic VI.D)."
    if a.planes:
        return "Plane-carrying Ship units stay in Task Force Boxes as long as they carry planes (CV › Basic VI.D)."
    return None


def _boxes(
    game: Game, src: TaskForce, dst: TaskForce | None, a: Transfer, moving: dict[str, list[Planes]]
) -> tuple[TaskForce, TaskForce]:
    still = not any(moving.values())  # ships alone (the common order): the planes stay as they are
    stay, go = ({}, {sec: [] for sec in SECTIONS}) if still else _split(src, moving)
    left = evolve(
        src,
        ships=tuple(t for t in src.ships if t not in a.ships),
        troops=tuple((t, n) for t, n in src.troops if t not in a.ships),
        planes=src.planes if still else src.planes.with_("a", stay["a"]).with_("b", stay["b"]).with_("c", stay["c"]),
    )
    base = dst
    if base is None:  # a new Task Force where (and when) the old one is: its area and entry too
        base = TaskForce(
            src.side,
            a.target,
            (),
            src.hex,
            anchored=src.anchored,
            area=src.area,
            entry=src.entry,
            unorganized=a.target > UNORGANIZED,
        )
    planes = base.planes
    for sec in SECTIONS:
        if go[sec]:
            planes = planes.with_(sec, (*planes.of(sec), *go[sec]))
    new = evolve(
        base,
        ships=base.ships + tuple(a.ships),
        troops=tuple(sorted((*base.troops, *((t, n) for t, n in src.troops if t in a.ships)))),
        planes=planes,
        readied=max(base.readied, src.readied),
        launched=max(base.launched, src.launched),
    )
    return left, new


def apply_transfer(game: Game, state: State, a: Transfer) -> State:
    src = state.task_force(a.side, a.source)
    assert src is not None
    dst = state.task_force(a.side, a.target)
    moving = _moving(src, a.planes)
    assert not isinstance(moving, str)
    left, new = _boxes(game, src, dst, a, moving)
    if dst is not None:
        state = state.with_box(new)
    else:
        tfs = sorted((*state.task_forces, new), key=lambda t: (t.side, t.number))
        state = evolve(state, task_forces=tuple(tfs))
    # The plots of both are void (a new make-up may be slower): they are plotted again.
    plots = tuple(p for p in state.plots_of(a.side) if p.task_force not in (a.source, a.target))
    state = state.with_plots(a.side, plots)
    if left.ships:
        return state.with_box(left)
    # The emptied box is free again: its Air units and plot go with the ships.
    tfs = tuple(t for t in state.task_forces if (t.side, t.number) != (a.side, a.source))
    state = evolve(state, task_forces=tuple(sorted(tfs, key=lambda t: (t.side, t.number))))
    for unit in state.air_units:
        if unit.side == a.side and unit.box == src.id:
            state = state.with_air_unit(evolve(unit, box=new.id))
    return state
