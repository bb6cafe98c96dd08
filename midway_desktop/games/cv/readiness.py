"""The Plane Readiness and Air Unit Organization Phase (CV › Basic IV.A-B).

Plane Ready Step (IV.A.1): Air Factors move B to C (Ready to Launch Segment), A to B (Refueling
and Rearming Segment) and C back to B (Weapon Change Segment), no more in a Turn than the box's
Ready Factor, none into more than one section a Turn (IV.B.2). A Weapon unit is stacked with a
plane as it enters C, from its Possible Armaments (IV.B.2.a); it comes off as the plane moves
back to B (IV.A.1.c). Reading (the text is silent): a plane that lands still armed keeps its
Weapon unit in A, and it comes off as the plane moves on to B, the Refueling and Rearming
section; so B holds no Weapon units.

Form Air Units Step (IV.A.2): Air Factors in C (even those that entered C this Turn, IV.A.2.b)
move into an Air Box to take off in the Take Off Step; factors from several boxes share an Air
Box only if they take off from the same hex (IV.A.2.c). Take-offs and landings together stay
within the box's Launch Factors (IV.A.2.a; VIII.A.1.c): here, the Maximum Launch Factor.
"""

from __future__ import annotations

from midway_desktop.games.cv import air, wind
from midway_desktop.games.cv.actions import WEAPON_TITLES, Form, Ready, Stow
from midway_desktop.games.cv.anchorage import held_at_anchor
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import (
    AIR_BOXES,
    SECTION_TITLES,
    SECTIONS,
    AirRecord,
    AirUnit,
    BaseBox,
    Planes,
    State,
    TaskForce,
    evolve,
    factors,
)

SEGMENTS = {
    ("b", "c"): "Ready to Launch Segment",
    ("a", "b"): "Refueling and Rearming Segment",
    ("c", "b"): "Weapon Change Segment",
}


def _title(game: Game, plane: str) -> str:
    return game.plane(plane).title if game.has_plane(plane) else plane


def _box_refusal(state: State, side: str, box_id: str) -> tuple[TaskForce | BaseBox | None, str | None]:
    box = state.box(side, box_id)
    if box is None:
        return None, f"You have no Task Force or Base Box {box_id!r} (CV › Set Up III)."
    if isinstance(box, TaskForce) and box.exited:
        return None, f"Task Force {box.number} has left the mapboard for good (CV › Basic VI.F.2)."
    return box, None


def movable(box: TaskForce | BaseBox, section: str, plane: str, weapon: str) -> int:
    """Air Factors of ``plane`` carrying ``weapon`` in ``section`` that may still move this Turn."""
    return sum(s.factors for s in box.planes.of(section) if s.plane == plane and s.weapon == weapon and not s.fresh)


def ready_refusal(game: Game, state: State, a: Ready) -> str | None:
    box, why = _box_refusal(state, a.side, a.box)
    if box is None:
        return why
    segment = SEGMENTS.get((a.source, a.target))
    if segment is None:
        return "Air Factors move from B to C, from A to B, or from C back to B (CV › Basic IV.B.2)."
    if not game.has_plane(a.plane):
        return f"There is no plane type {a.plane!r} (CV › Basic IV.B.3)."
    if a.factors < 1:
        return "Move at least one Air Factor (CV › Basic IV.B.2)."
    plane = game.plane(a.plane)
    if a.target == "c":
        if a.weapon and a.weapon not in plane.weapons:
            shown = ", ".join(WEAPON_TITLES[w] for w in plane.weapons) or "none"
            return (
                f"{plane.title}s cannot carry {WEAPON_TITLES.get(a.weapon, a.weapon)} (Possible Armaments: {shown}; "
                "CV › Basic IV.B.2.a)."
            )
        have = movable(box, "b", a.plane, "")
    else:
        have = movable(box, a.source, a.plane, a.weapon)
    if a.factors > have:
        armed = f" with {WEAPON_TITLES.get(a.weapon, a.weapon)}" if a.weapon and a.target == "b" else ""
        return (
            f"{a.box} has {have} {plane.title} Air Factor(s){armed} in {SECTION_TITLES[a.source]} that may move this "
            "Turn; no Air Factor moves into more than one section a Turn (CV › Basic IV.B.2)."
        )
    ready = game.handling(box).ready
    if box.readied + a.factors > ready:
        return (
            f"{a.box}'s Ready Factor is {ready} and {box.readied} Air Factor(s) have moved this Turn: "
            f"{a.factors} more would pass it (CV › Basic IV.B.2)."
        )
    return None


def apply_ready(game: Game, state: State, a: Ready) -> State:
    box = state.box(a.side, a.box)
    assert box is not None
    source_weapon = "" if a.target == "c" else a.weapon
    left = a.factors
    kept: list[Planes] = []
    for s in box.planes.of(a.source):
        if left and s.plane == a.plane and s.weapon == source_weapon and not s.fresh:
            take = min(left, s.factors)
            left -= take
            kept.append(evolve(s, factors=s.factors - take))
        else:
            kept.append(s)
    arriving = Planes(a.plane, a.factors, a.weapon if a.target == "c" else "", fresh=True)
    planes = box.planes.with_(a.source, kept)
    planes = planes.with_(a.target, (*planes.of(a.target), arriving))
    return state.with_box(evolve(box, planes=planes, readied=box.readied + a.factors))


# -- set-up ----------------------------------------------------------------------------------------
def stow_refusal(game: Game, state: State, a: Stow) -> str | None:
    """Set Up III.C.2.d: planes may be placed in A, B or C; those in C may be armed (IV.B.2.a)."""
    box, why = _box_refusal(state, a.side, a.box)
    if box is None:
        return why
    if a.source not in SECTIONS or a.target not in SECTIONS:
        return "Planes are set up in the A, B or C section of their box (CV › Set Up III.C.2.d)."
    if a.source == a.target and not (a.target == "c" and a.weapon):
        # (planes already in C are armed where they stand)
        return "Planes move to another section, or are armed in C (CV › Set Up III.C.2.d, Basic IV.B.2.a)."
    if not game.has_plane(a.plane):
        return f"There is no plane type {a.plane!r} (CV › Basic IV.B.3)."
    if a.factors < 1:
        return "Move at least one Air Factor (CV › Set Up III.C.2.d)."
    plane = game.plane(a.plane)
    if a.weapon and (a.target != "c" or a.weapon not in plane.weapons):
        return "Weapon units go only on planes in C, from their Possible Armaments (CV › Basic IV.B.2.a)."
    have = sum(s.factors for s in box.planes.of(a.source) if s.plane == a.plane)
    if a.factors > have:
        return f"{a.box} has {have} {plane.title} Air Factor(s) in section {a.source.upper()} (CV › Set Up III.C.2.d)."
    return None


def apply_stow(game: Game, state: State, a: Stow) -> State:
    box = state.box(a.side, a.box)
    assert box is not None
    left = a.factors
    kept: list[Planes] = []
    for s in sorted(box.planes.of(a.source), key=lambda s: s.weapon):  # the unarmed first
        take = min(left, s.factors) if s.plane == a.plane else 0
        left -= take
        if s.factors - take:
            kept.append(evolve(s, factors=s.factors - take))
    planes = box.planes.with_(a.source, kept)
    planes = planes.with_(a.target, (*planes.of(a.target), Planes(a.plane, a.factors, a.weapon)))
    return state.with_box(evolve(box, planes=planes))


# -- Form Air Units Step ----------------------------------------------------------------------------
def take_off_hex(game: Game, box: TaskForce | BaseBox) -> str | None:
    """Where planes from ``box`` take off: its hex, or (off-board) the base itself."""
    return game.box_hex(box) if game.box_hex(box) is not None else (box.id if isinstance(box, BaseBox) else None)


def form_refusal(game: Game, state: State, a: Form) -> str | None:
    box, why = _box_refusal(state, a.side, a.box)
    if box is None:
        return why
    if isinstance(box, TaskForce) and not box.on_map:
        return f"Task Force {box.number} is not on the mapboard yet: its planes cannot take off (CV › Basic VI.F.1)."
    if not 1 <= a.air_unit <= AIR_BOXES:
        return f"The Air Boxes are numbered 1-{AIR_BOXES} (CV › Set Up III.A)."
    if not game.has_plane(a.plane):
        return f"There is no plane type {a.plane!r} (CV › Basic IV.B.3)."
    if a.factors < 1:
        return "An Air unit holds at least one Air Factor (CV › Basic VIII.A)."
    unit = state.air_unit(a.side, a.air_unit)
    here = take_off_hex(game, box)
    if unit is not None:
        if unit.where != "forming":
            return f"Air Box {a.air_unit} holds an Air unit already flying (CV › Basic IV.A.2, VIII.A)."
        origin = state.box(a.side, unit.box)
        if origin is None or take_off_hex(game, origin) != here:
            return (
                f"Air unit {a.air_unit} takes off from {unit.box}: planes share an Air Box only if they take off "
                "from the same hex (CV › Basic IV.A.2.c)."
            )
    have = factors(s for s in box.planes.c if s.plane == a.plane and s.weapon == a.weapon)
    if a.factors > have:
        armed = f" {WEAPON_TITLES.get(a.weapon, a.weapon)}-armed" if a.weapon else " unarmed"
        return f"{a.box} has {have}{armed} {_title(game, a.plane)} Air Factor(s) in its C section (CV › Basic IV.A.2)."
    top = game.handling(box).launch_limit
    if box.launched + a.factors > top:
        return (
            f"{air.launch_told(game, box, top)} and {box.launched} Air Factor(s) have taken off or landed this "
            f"Turn: {a.factors} more would pass it (CV › Basic IV.B; IV.A.2.a)."
        )
    if isinstance(box, TaskForce) and box.launched + a.factors > wind.wind_limit(game, box):
        assert box.hex is not None  # (on the mapboard: refused above otherwise)
        low = wind.wind_limit(game, box)
        past = (
            f"Past its Minimum Launch Factor {low}, Task Force {box.number}'s carriers must move a hex into the "
            "Wind Direction this Turn"
        )
        if game.movement(box, state.hits_of(box.side)) < 1 or not wind.windward(game, box.hex):
            return f"{past}, and from {box.hex} it cannot (CV › Basic VI.E)."
        # Else its plot would be refused whichever way it went: it must move, and may not weigh anchor.
        if anchored_after(game, box, a.plane, a.factors, a.weapon):
            return (
                f"{past}, and it may not weigh anchor: its planes fit aboard only while its Temporary Seaplane Base "
                "lasts (CV › Basic VI.E, VI.I.2.b)."
            )
    return None


def anchored_after(game: Game, box: TaskForce, plane: str, factors: int, weapon: str) -> bool:
    """Basic VI.I.2.b: the Task Force may not weigh anchor once the Air Factors formed have left
    its C section (only a Temporary Seaplane Base holds it)."""
    if not box.seaplane_base:
        return False
    return held_at_anchor(game, box, box.planes.with_("c", _left_in_c(box, plane, factors, weapon)).all())


def _left_in_c(box: TaskForce | BaseBox, plane: str, factors: int, weapon: str) -> tuple[Planes, ...]:
    """The box's C section once the Air Factors formed have left it, the longest-ready first."""
    left = factors
    kept: list[Planes] = []
    for s in sorted(box.planes.c, key=lambda s: not s.fresh):
        if left and s.plane == plane and s.weapon == weapon:
            take = min(left, s.factors)
            left -= take
            kept.append(evolve(s, factors=s.factors - take))
        else:
            kept.append(s)
    return tuple(kept)


def apply_form(game: Game, state: State, a: Form) -> State:
    box = state.box(a.side, a.box)
    assert box is not None
    kept = _left_in_c(box, a.plane, a.factors, a.weapon)
    plane = game.plane(a.plane)
    record = AirRecord(a.plane, a.factors, a.weapon, False, box.id, state.time, state.time.plus(plane.endurance))
    unit = state.air_unit(a.side, a.air_unit)
    if unit is None:
        unit = AirUnit(a.side, a.air_unit, "forming", (record,), hex=game.box_hex(box), box=box.id)
    else:
        unit = evolve(unit, records=(*unit.records, record))
    state = state.with_box(evolve(box, planes=box.planes.with_("c", kept), launched=box.launched + a.factors))
    return state.with_air_unit(unit)
