"""CV's Holding Box Charts as docks: Qt models read out of one side's view, never a copy.

CV › Set Up III: each side's Holding Box Chart has a Task Force Box for each Task Force, with its
A (Just Landed), B (Refueling and Rearming) and C (Ready to Launch) sections and a CAP Box; a
Base Box for each base (off-board ones with their In Flight section, Basic VIII.G.4); and the Air
Boxes 1-27, each with its High and Low sections (Basic VIII.D.1). Every box here is a
:class:`PieceListModel` whose selector reads the viewing side's part of the engine's view, so a
box can show nothing the engine did not give that side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from midway_desktop.games.cv.actions import WEAPON_TITLES, box_name
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.gestures import (
    NEW_AIR_UNIT,
    air_stack_piece,
    announce_place,
    stack_piece,
    strength_piece,
    weapon_piece,
)
from midway_desktop.games.cv.observation import strength_range
from midway_desktop.games.cv.state import SECTION_TITLES
from midway_desktop.ui.box_views import Row
from midway_desktop.ui.counters import CounterFace
from midway_desktop.ui.games.cv.faces import SIDES as FACE_SIDES
from midway_desktop.ui.symbols import plane_symbol
from midway_desktop.values import frozen_value

SIDE_NAMES = {"american": "American", "japanese": "Japanese"}
WHERE = {
    "forming": "forming, to take off this Turn",
    "map": "on the mapboard",
    "cap": "in a CAP Box",
    "in-flight": "In Flight from its base",
    "returning": "In Flight back to its base",
}


@frozen_value
class BoxSpec:
    """One box of a chart: its key, title, the rows it reads from a view, and the places a drop
    on it names (``gestures``)."""

    key: str
    title: str
    select: Callable[[dict[str, Any]], list[Row]]
    destinations: tuple[str, ...] = ()
    tip: str = ""


@frozen_value
class ChartGroup:
    """A heading (a Task Force, a base, an Air Box) and its boxes side by side."""

    key: str
    heading: Callable[[dict[str, Any]], str]
    boxes: tuple[BoxSpec, ...]


def ships(n: int) -> str:
    return f"{n} ship" if n == 1 else f"{n} ships"


def mine(view: dict[str, Any]) -> dict[str, Any]:
    return view.get(str(view.get("viewer", ""))) or {}


def sides_shown(view: dict[str, Any]) -> tuple[str, ...]:
    """The sides whose own part ``view`` holds: the viewer's, or (the umpire's) both."""
    return tuple(side for side in SIDE_NAMES if isinstance(view.get(side), dict))


def as_side(view: dict[str, Any], side: str) -> dict[str, Any]:
    """The umpire's view read as ``side`` reads its own part of it (its boxes, its records): the
    umpire sees each side's whole chart (CV › Basic III), only after the game (the review)."""
    return dict(view, viewer=side)


def for_side(group: ChartGroup, side: str) -> ChartGroup:
    """``group`` of ``side``'s chart as the umpire's view shows it: keys told apart from the
    other side's (both have a Task Force 1), rows read from ``side``'s part, nothing to drop on."""
    name = SIDE_NAMES.get(side, side)
    boxes = tuple(
        BoxSpec(f"{side}:{b.key}", b.title, lambda v, f=b.select: f(as_side(v, side)), (), b.tip) for b in group.boxes
    )
    return ChartGroup(f"{side}:{group.key}", lambda v, h=group.heading: f"{name} · {h(as_side(v, side))}", boxes)


def _face_side(view: dict[str, Any]) -> str:
    return FACE_SIDES.get(str(view.get("viewer", "")), "neutral")


def _task_force(view: dict[str, Any], number: int) -> dict[str, Any] | None:
    return next((t for t in mine(view).get("task_forces", ()) if t["number"] == number), None)


def _base(view: dict[str, Any], base_id: str) -> dict[str, Any] | None:
    return next((b for b in mine(view).get("bases", ()) if b["id"] == base_id), None)


def box_of(view: dict[str, Any], box: str) -> dict[str, Any] | None:
    return _task_force(view, int(box[2:])) if box.startswith("tf") and box[2:].isdigit() else _base(view, box)


def plane_title(game: Game, plane: str) -> str:
    return game.plane(plane).title if game.has_plane(plane) else plane.replace("-", " ").title()


def box_title(game: Game, box: str) -> str:
    """A Task Force or Base Box as the player calls it (``tf1`` is Task Force 1)."""
    return game.bases[box].title if box in game.bases else box_name(box)


def stack_face(game: Game, side: str, plane: str, factors: int, weapon: str) -> CounterFace:
    """A plane unit of ``factors`` Air Factors, its Weapon unit on its type line (Intro III.B)."""
    p = game.plane(plane) if game.has_plane(plane) else None
    function = p.function if p is not None else ""
    kind = f"{function} · {WEAPON_TITLES.get(weapon, weapon)}" if weapon else function
    title = p.title if p is not None else plane
    return CounterFace(side, title, kind, str(factors), symbol=plane_symbol(function) if function else "")


def air_unit_face(side: str, number: int, values: str, reduced: bool = False) -> CounterFace:
    return CounterFace(side, f"Air {number}", "Air unit", values, reduced, plane_symbol("F"))


def section_rows(game: Game, box: str, section: str) -> Callable[[dict[str, Any]], list[Row]]:
    def rows(view: dict[str, Any]) -> list[Row]:
        b = box_of(view, box)
        if b is None:
            return []
        side = _face_side(view)
        out = []
        for s in b["planes"][section]:
            title = plane_title(game, s["plane"])
            armed = f", {WEAPON_TITLES.get(s['weapon'], s['weapon'])}" if s["weapon"] else ""
            fresh = " (moved into this section this Turn)" if s["fresh"] else ""
            tip = f"{s['factors']} {title}{armed} in {box_title(game, box)}, section {SECTION_TITLES[section]}{fresh}"
            out.append(
                Row(
                    stack_piece(box, section, s["plane"], s["weapon"]),
                    f"{s['factors']} {title}",
                    stack_face(game, side, s["plane"], s["factors"], s["weapon"]),
                    tip,
                    dim=bool(s["fresh"]),
                )
            )
        return out

    return rows


def _units_where(view: dict[str, Any], where: tuple[str, ...], box: str) -> list[dict[str, Any]]:
    return [u for u in mine(view).get("air_units", ()) if u["where"] in where and u["box"] == box]


def air_unit_row(view: dict[str, Any], u: dict[str, Any]) -> Row:
    total = sum(r["factors"] for r in u["records"])
    where = WHERE.get(u["where"], u["where"])
    at = f" at {u['hex']}" if u.get("hex") else f" ({box_name(u['box'])})" if u.get("box") else ""
    due = f"; due {u['due']}" if u.get("due") else ""
    tip = f"Air unit {u['number']}: {total} Air Factors, {where}{at}{due}"
    face = air_unit_face(_face_side(view), u["number"], str(total))
    return Row(f"air{u['number']}", f"Air unit {u['number']}", face, tip)


def units_rows(where: tuple[str, ...], box: str) -> Callable[[dict[str, Any]], list[Row]]:
    return lambda view: [air_unit_row(view, u) for u in _units_where(view, where, box)]


def task_force_heading(number: int) -> Callable[[dict[str, Any]], str]:
    def heading(view: dict[str, Any]) -> str:
        t = _task_force(view, number)
        if t is None:
            return f"Task Force {number}"
        if t["exited"]:
            place = "has left the mapboard"
        elif t["entry"]:
            place = f"enters at {t['entry']['hex']} at {t['entry']['time']}"
        else:
            place = f"at {t['hex']}" + (", anchored" if t["anchored"] else "")
        air = f" · capacity {t['capacity']}, readies {t['ready'] - t['readied']} more" if t["capacity"] else ""
        return f"Task Force {number} · {ships(len(t['ships']))} · {place} · Movement {t['movement']}{air}"

    return heading


def base_heading(base_id: str, title: str) -> Callable[[dict[str, Any]], str]:
    def heading(view: dict[str, Any]) -> str:
        b = _base(view, base_id)
        if b is None:
            return title
        where = f"at {b['hex']}" if b["hex"] else "off the mapboard"
        hits = f" · {b['hits']} Hits" if b["hits"] else ""
        return f"{title} · {where} · capacity {b['capacity']}, readies {b['ready'] - b['readied']} more{hits}"

    return heading


def _sections(game: Game, box: str) -> tuple[BoxSpec, ...]:
    """A, B and C; an Air unit dropped on A lands there (its planes land in A: VIII.A.1)."""
    return tuple(
        BoxSpec(
            f"{box}:{sec}",
            SECTION_TITLES[sec],
            section_rows(game, box, sec),
            (f"sec:{box}:{sec}", f"land:{box}") if sec == "a" else (f"sec:{box}:{sec}",),
        )
        for sec in ("a", "b", "c")
    )


# -- Condition 2 strengths (Basic III.C.2) -------------------------------------------------------
ANNOUNCE_TIP = (
    "The strength the enemy is told when it observes this unit at Condition 2: drop a strength chip here "
    "(one-half to double the true number; none dropped, the true number) (Basic III.C.2)"
)


def _units(view: dict[str, Any]) -> list[tuple[str, int, int]]:
    """(kind, number, true strength) of each of the viewing side's units that may be observed."""
    m = mine(view)
    out = [("tf", t["number"], len(t["ships"])) for t in m.get("task_forces", ()) if not t["exited"]]
    return out + [("air", u["number"], sum(r["factors"] for r in u["records"])) for u in m.get("air_units", ())]


def strength_face(side: str, strength: int) -> CounterFace:
    return CounterFace(side, "Strength", "Cond. 2", str(strength))


def strength_rows(view: dict[str, Any]) -> list[Row]:
    """The chips a player picks an announced strength from: 1 up to double the largest unit."""
    most = max((strength_range(n)[1] for _k, _n, n in _units(view)), default=0)
    side = _face_side(view)
    tip = "Drag onto a Task Force's or Air unit's Cond. 2 box to announce this strength (Basic III.C.2)"
    return [Row(strength_piece(k), str(k), strength_face(side, k), tip) for k in range(1, most + 1)]


def announce_rows(kind: str, number: int) -> Callable[[dict[str, Any]], list[Row]]:
    """The strength announced for one unit, as the chip last dropped on its box (none: nothing)."""

    def rows(view: dict[str, Any]) -> list[Row]:
        said = next((a["strength"] for a in mine(view).get("announced", ())
                     if (a["kind"], a["number"]) == (kind, number)), None)  # fmt: skip
        if said is None:
            return []
        what = "Task Force" if kind == "tf" else "Air unit"
        tip = f"{what} {number} is announced as {said} strong when observed at Condition 2"
        return [Row(f"announced:{kind}{number}", str(said), strength_face(_face_side(view), said), tip)]

    return rows


def announce_box(kind: str, number: int) -> BoxSpec:
    key = f"tf{number}" if kind == "tf" else f"air{number}"
    return BoxSpec(f"{key}:announce", "Cond. 2", announce_rows(kind, number), (announce_place(kind, number),),
                   ANNOUNCE_TIP)  # fmt: skip


def strength_group() -> ChartGroup:
    chips = BoxSpec("strengths", "Strengths", strength_rows, (),
                    "Strength chips: drag one onto a unit's Cond. 2 box (Basic III.C.2)")  # fmt: skip
    return ChartGroup("strengths", lambda _v: "Condition 2 strengths to announce", (chips,))


WEAPON_SHORT = {"t": "Torpedo", "ap": "AP", "he": "HE"}  # the Weapon units' own words (Intro III.B)


def weapon_rows(view: dict[str, Any]) -> list[Row]:
    """Basic IV.A.1: the Weapon units a player arms planes with, one chip of each kind."""
    side = _face_side(view)
    tip = "Drop on Air Factors in a B section: they are readied to C armed with it (Basic IV.A.1)"
    return [Row(weapon_piece(w), WEAPON_TITLES[w], CounterFace(side, short, "Weapon unit"),
                f"{WEAPON_TITLES[w]}. {tip}") for w, short in WEAPON_SHORT.items()]  # fmt: skip


def weapon_group(key: str) -> ChartGroup:
    tip = "Weapon units: drop one on Air Factors in a B section to ready them armed (Basic IV.A.1)"
    chips = BoxSpec(key, "Weapon units", weapon_rows, (), tip)
    return ChartGroup(key, lambda _v: "Weapon units to arm planes with", (chips,))


def task_force_groups(game: Game, view: dict[str, Any]) -> list[ChartGroup]:
    out = []
    for t in mine(view).get("task_forces", ()):
        box = f"tf{t['number']}"
        cap = BoxSpec(f"{box}:cap", "CAP Box", units_rows(("cap",), box), (f"cap:{box}",),
                      "Air units flying Combat Air Patrol over this Task Force (Basic VIII.H)")  # fmt: skip
        boxes = (*_sections(game, box), cap, announce_box("tf", t["number"]))
        out.append(ChartGroup(box, task_force_heading(t["number"]), boxes))
    return [*out, weapon_group("tf-weapons"), strength_group()] if out else out


def base_groups(game: Game, view: dict[str, Any]) -> list[ChartGroup]:
    out = []
    for b in mine(view).get("bases", ()):
        box = b["id"]
        title = game.bases[box].title if box in game.bases else box.title()
        if b["hex"]:
            extra = BoxSpec(f"{box}:cap", "CAP Box", units_rows(("cap",), box), (f"cap:{box}",),
                            "Air units flying Combat Air Patrol over the base (Basic VIII.H)")  # fmt: skip
        else:
            extra = BoxSpec(f"{box}:in-flight", "In Flight", units_rows(("in-flight", "returning"), box), (),
                            "Air units on their way from or back to this base (Basic VIII.G.4)")  # fmt: skip
        out.append(ChartGroup(box, base_heading(box, title), (*_sections(game, box), extra)))
    return [*out, weapon_group("base-weapons")] if out else out


def air_stack_rows(game: Game, number: int, high: bool) -> Callable[[dict[str, Any]], list[Row]]:
    def rows(view: dict[str, Any]) -> list[Row]:
        u = next((x for x in mine(view).get("air_units", ()) if x["number"] == number), None)
        if u is None:
            return []
        stacks: dict[tuple[str, str], int] = {}
        for r in u["records"]:
            if r["high"] == high:
                stacks[(r["plane"], r["weapon"])] = stacks.get((r["plane"], r["weapon"]), 0) + r["factors"]
        side = _face_side(view)
        out = []
        for (plane, weapon), n in sorted(stacks.items()):
            title = plane_title(game, plane)
            armed = f", {WEAPON_TITLES.get(weapon, weapon)}" if weapon else ""
            tip = f"{n} {title}{armed} at {'High' if high else 'Low'} Altitude in Air unit {number}"
            out.append(Row(air_stack_piece(number, high, plane, weapon), f"{n} {title}",
                           stack_face(game, side, plane, n, weapon), tip))  # fmt: skip
        return out

    return rows


def air_unit_heading(number: int) -> Callable[[dict[str, Any]], str]:
    def heading(view: dict[str, Any]) -> str:
        u = next((x for x in mine(view).get("air_units", ()) if x["number"] == number), None)
        if u is None:
            return f"Air Box {number}"
        where = WHERE.get(u["where"], u["where"])
        at = f" at {u['hex']}" if u.get("hex") else f" ({box_name(u['box'])})" if u.get("box") else ""
        moved = " · moved" if u["moved"] else ""
        lands = min((r["must_land"] for r in u["records"]), default="", key=_time_key)
        return f"Air Box {number} · {where}{at}{moved}" + (f" · must land by {lands}" if lands else "")

    return heading


def _time_key(text: str) -> tuple[int, int]:
    hour, _june, day = text.split()
    return (int(day), int(hour))


def air_groups(game: Game, view: dict[str, Any], forming: bool, regrouping: bool = False) -> list[ChartGroup]:
    """The Air Boxes in use; with ``forming`` or ``regrouping`` (planes may leave an Air unit for
    an empty Air Box: Basic VIII.F), a box standing for the first empty one."""
    out = []
    for u in mine(view).get("air_units", ()):
        n = u["number"]
        unit = BoxSpec(f"air{n}", "Air unit", lambda v, x=n: [air_unit_row(v, y) for y in mine(v).get("air_units", ())
                                                              if y["number"] == x], (f"air:{n}",))  # fmt: skip
        high = BoxSpec(f"air{n}:high", "High", air_stack_rows(game, n, True), (f"alt:{n}:high",))
        low = BoxSpec(f"air{n}:low", "Low", air_stack_rows(game, n, False), (f"alt:{n}:low",))
        out.append(ChartGroup(f"air{n}", air_unit_heading(n), (unit, high, low, announce_box("air", n))))
    if forming or regrouping:
        if forming:
            title, tip = "Drop planes from a C section here", "Forms a new Air unit in the first empty Air Box"
            tip += " (Basic IV.A.2)"
        else:
            title, tip = "Drop an Air unit's planes here", "They fly on as a new Air unit in the first empty Air Box"
            tip += " (Air unit reorganization, Basic VIII.F)"
        new = BoxSpec("air:new", title, lambda _v: [], (NEW_AIR_UNIT,), tip)
        out.append(ChartGroup("air:new", lambda _v: "A new Air unit", (new,)))
    return out
