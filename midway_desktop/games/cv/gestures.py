"""CV's orders as table gestures: which counter goes where (for the desktop's drag and drop).

Qt-free, so the mapping is tested with the rules alone. A *piece* is what the player picks up, a
*place* where it is put down:

- ``tf3``: a Task Force unit on the Plot Map; put on a hex it is set up there (Set Up IV), or its
  plotted move goes on one hex, or back to a hex it passes (Basic VI.A.1);
- ``stack:tf3:b:dauntless:he``: the Air Factors of one type (and Weapon unit) in a section of a
  Task Force or Base Box; put on ``sec:tf3:c`` they move to that section (Set Up III.C.2.d at
  set-up, Basic IV.A.1 after), on ``air:5`` they form Air unit 5 (Basic IV.A.2), on ``air:new``
  the first empty Air Box;
- ``air5``: Air unit 5; put on a hex it flies there (Basic VIII.A.2) or takes off to it (VIII.A.3)
  or enters the mapboard there (VIII.G.1), on ``cap:tf3`` it flies to Task Force 3's CAP Box
  (VIII.H.2), on ``land:tf3`` it lands there (VIII.A.1);
- ``airstack:5:high:zero:``: Air unit 5's planes of one type at one altitude; put on
  ``alt:5:low`` they change altitude (Basic VIII.D.2); put on ``air:7`` (another Air unit's box)
  they join Air unit 7 in the same hex, on ``air:new`` they fly on as a new Air unit
  (Air unit reorganization, Basic VIII.F);
- ``strength:4``: a strength chip; put on ``announce:tf3`` (or ``announce:air5``) it is the
  strength the side announces for Task Force 3 (Air unit 5) whenever the enemy observes it at
  Condition 2 (Basic III.C.2);
- ``weapon:t``: a Weapon unit; put on a stack of Air Factors in a B section
  (``unit:stack:tf3:b:dauntless:``) it readies them to C armed with it (Basic IV.A.1).

Where one gesture could mean several orders (how many Air Factors, which Weapon unit) the drop
stands for the fullest: all the factors the rules allow, armed with the plane's first weapon;
the desktop then asks how many (``choices.count_choice``), and every other choice is in the
counter's menu and the Orders list (``choices``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.games.cv.actions import (
    AirAttack,
    Altitude,
    Announce,
    Done,
    EnterMap,
    Form,
    InterceptPassing,
    Jettison,
    Land,
    LetPass,
    MoveAir,
    Place,
    Plot,
    Ready,
    Regroup,
    Shadow,
    Stow,
    TakeOff,
    Transfer,
    box_name,
)
from midway_desktop.games.cv.legal import Orders, OrdersNow

NEW_AIR_UNIT = "air:new"


def stack_piece(box: str, section: str, plane: str, weapon: str) -> str:
    return f"stack:{box}:{section}:{plane}:{weapon}"


def air_stack_piece(number: int, high: bool, plane: str, weapon: str) -> str:
    return f"airstack:{number}:{'high' if high else 'low'}:{plane}:{weapon}"


def strength_piece(strength: int) -> str:
    return f"strength:{strength}"


def weapon_piece(weapon: str) -> str:
    return f"weapon:{weapon}"


def on_counter(piece: str) -> str:
    """The place that is ``piece`` itself, a counter in a box something is dropped on."""
    return f"unit:{piece}"


def _arming(legal: Iterable[Action], weapon: str) -> dict[str, Action]:
    """Basic IV.A.1: where a Weapon unit may be put: on each B section's stack that may be
    readied to C armed with it (the drop readies all the Air Factors it may)."""
    out: dict[str, Action] = {}
    for a in legal:
        if isinstance(a, Ready) and (a.source, a.target, a.weapon) == ("b", "c", weapon):
            place = on_counter(stack_piece(a.box, "b", a.plane, ""))
            held = out.get(place)
            if held is None or a.factors > getattr(held, "factors", 0):
                out[place] = a
    return out


def announce_place(kind: str, number: int) -> str:
    """The box of a Task Force (``kind`` ``"tf"``) or Air unit (``"air"``) that takes the
    strength announced for it."""
    return f"announce:{kind}{number}"


def is_hex(place: str) -> bool:
    return ":" not in place


def gesture(
    action: Action, plots: Mapping[int, Sequence[str]] | None = None, homes: Mapping[int, str] | None = None
) -> tuple[str, str] | None:
    """The (piece, place) of a drag that gives ``action``; None for orders given only from a
    menu or button. ``plots``: the Task Forces' plotted paths so far (a plot grows hex by hex,
    and is taken back by putting the Task Force on a hex it already passes, or on ``homes``,
    the hex it stands in, to plot no move at all)."""
    if isinstance(action, Place):
        return f"tf{action.task_force}", action.hex
    if isinstance(action, (Stow, Ready)):
        if action.source == action.target:
            return None  # arming or re-arming in place: from the counter's menu
        return stack_piece(action.box, action.source, action.plane, ""), f"sec:{action.box}:{action.target}"
    if isinstance(action, Form):
        return stack_piece(action.box, "c", action.plane, action.weapon), f"air:{action.air_unit}"
    if isinstance(action, Plot):
        if action.anchor or action.exit or action.unload:
            return None
        before = tuple((plots or {}).get(action.task_force, ()))
        piece = f"tf{action.task_force}"
        if action.path and tuple(action.path[:-1]) == before:
            return piece, action.path[-1]
        if len(action.path) < len(before) and before[: len(action.path)] == action.path:  # (taken back)
            home = (homes or {}).get(action.task_force)
            place = action.path[-1] if action.path else home
            return (piece, place) if place else None
        return None  # not one hex on from the plot so far, nor back along it
    if isinstance(action, (MoveAir, TakeOff)):
        if not (action.cap or action.to):
            return None  # (from an off-board base, into flight: no hex to put it on, the menu's)
        return f"air{action.air_unit}", f"cap:{action.cap}" if action.cap else action.to
    if isinstance(action, EnterMap):
        return f"air{action.air_unit}", action.hex
    if isinstance(action, Land):
        return (f"air{action.air_unit}", f"land:{action.box}") if not action.plane else None
    if isinstance(action, Altitude):
        return air_stack_piece(action.air_unit, not action.high, action.plane, ""), f"alt:{action.air_unit}:" + (
            "high" if action.high else "low"
        )
    if isinstance(action, Regroup):
        return air_stack_piece(action.source, action.high, action.plane, action.weapon), f"air:{action.target}"
    if isinstance(action, Announce):
        return strength_piece(action.strength), announce_place(action.kind, action.number)
    return None


def _piece_matches(piece: str, wanted: str) -> bool:
    """A stack's piece names its weapon; the gesture of a Ready or Stow names none (the order
    moves every weapon of that type alike until the drop chooses): compare without it."""
    if piece == wanted:
        return True
    if piece.startswith(("stack:", "airstack:")) and wanted.endswith(":"):
        return piece.rsplit(":", 1)[0] == wanted[:-1]
    return False


def _better(a: Action, b: Action, weapon: str, first_weapon: str) -> bool:
    """Whether ``a`` is a better reading of a drop than ``b``: more factors, then the stack's
    own weapon, then the plane's first weapon; a plot taken back to a hex rather than one that
    goes on into it again."""
    if isinstance(a, Plot) and isinstance(b, Plot):
        return len(a.path) < len(b.path)

    def score(x: Action) -> tuple[int, int, int]:
        n = int(getattr(x, "factors", 0))
        w = str(getattr(x, "weapon", ""))
        return (n, int(w == weapon), int(w == first_weapon))

    return score(a) > score(b)


def destinations(
    legal: Iterable[Action],
    piece: str,
    plots: Mapping[int, Sequence[str]] | None = None,
    first_weapon: Mapping[str, str] | None = None,
    homes: Mapping[int, str] | None = None,
) -> dict[str, Action]:
    """Every place ``piece`` may be put now, with the order the drop gives (``plots`` and
    ``homes``: see :func:`gesture`)."""
    if piece.startswith("weapon:"):
        return _arming(legal, piece.split(":", 1)[1])
    weapon = piece.rsplit(":", 1)[-1] if piece.startswith(("stack:", "airstack:")) else ""
    plane = piece.split(":")[3] if piece.startswith(("stack:", "airstack:")) else ""
    first = (first_weapon or {}).get(plane, "")
    out: dict[str, Action] = {}
    for a in legal:
        g = gesture(a, plots, homes)
        if g is None or not _piece_matches(piece, g[0]):
            continue
        if isinstance(a, (Ready, Stow)) and (
            a.source == a.target or (isinstance(a, Ready) and a.source == "c" and a.weapon != weapon)
        ):
            continue  # (re-arming in place is in the menu; a Ready out of C keeps the stack's weapon)
        held = out.get(g[1])
        if held is None or _better(a, held, weapon, first):
            out[g[1]] = a
    return out


def pieces_with_orders(legal: Iterable[Action], plots: Mapping[int, Sequence[str]] | None = None) -> set[str]:
    """The pieces some drag gives an order to now (Ready and Stow name no weapon: see
    ``_piece_matches``), Weapon units among them."""
    if isinstance(legal, OrdersNow):  # (the Place orders not made: a Task Force's piece if it has any)
        return {f"tf{p.task_force}" for p in legal.placing if p} | pieces_with_orders(legal.rest, plots)
    legal = list(legal)
    # Set Up IV gives each Task Force a Place order a hex of its set-up area (thousands), all
    # one piece: named once a Task Force, not once an order.
    out = {f"tf{n}" for n in {a.task_force for a in legal if type(a) is Place}}
    out |= {g[0] for a in legal if type(a) is not Place and (g := gesture(a, plots)) is not None}
    return out | {weapon_piece(a.weapon) for a in legal if isinstance(a, Ready) and (a.source, a.target) == ("b", "c")
                  and a.weapon}  # fmt: skip


def orders_for(legal: Iterable[Action], piece: str) -> list[Action]:
    """Every order naming ``piece`` (drag or not): its menu, in the order the rules list them."""
    out = []
    for a in legal:
        if isinstance(a, Done) or (isinstance(a, Announce) and not piece.startswith("strength:")):
            continue  # (a strength chip's menu is its announcements)
        if _names(a, piece):
            out.append(a)
    return out


def _names(a: Action, piece: str) -> bool:
    if isinstance(a, Shadow):  # (Basic VI.G: the shadowing Task Force's or Air unit's order)
        return a.unit == piece
    if piece.startswith("tf") and piece[2:].isdigit():
        n = int(piece[2:])
        return (isinstance(a, (Place, Plot)) and a.task_force == n) or (isinstance(a, Transfer) and a.source == n)
    if piece.startswith("air") and piece[3:].isdigit():
        n = int(piece[3:])
        if isinstance(a, (MoveAir, TakeOff, EnterMap, Land, Altitude, Jettison)):
            return a.air_unit == n
        return isinstance(a, Regroup) and a.source == n
    parts = piece.split(":")
    if parts[0] == "strength" and len(parts) == 2:
        return isinstance(a, Announce) and str(a.strength) == parts[1]
    if parts[0] == "weapon" and len(parts) == 2:
        return isinstance(a, Ready) and (a.source, a.target, a.weapon) == ("b", "c", parts[1])
    if parts[0] == "stack" and len(parts) == 5:
        _s, box, section, plane, weapon = parts
        if isinstance(a, (Ready, Stow)):
            same = (a.box, a.source, a.plane) == (box, section, plane)
            return same and not (isinstance(a, Ready) and section == "c" and a.weapon != weapon)
        return isinstance(a, Form) and (a.box, section, a.plane, a.weapon) == (box, "c", plane, weapon)
    if parts[0] == "airstack" and len(parts) == 5:
        _s, number, alt, plane, weapon = parts
        if isinstance(a, Altitude):
            return (a.air_unit, a.plane, a.high) == (int(number), plane, alt == "low")
        if isinstance(a, Regroup):
            return (a.source, a.plane, a.weapon, a.high) == (int(number), plane, weapon, alt == "high")
    return False


def plotted(view: Mapping[str, Any]) -> dict[int, tuple[str, ...]]:
    """The viewing side's plots so far this Turn, by Task Force number."""
    mine = view.get(str(view.get("viewer", ""))) or {}
    return {int(p["task_force"]): tuple(p["path"]) for p in mine.get("plots", ())}


def plot_starts(view: Mapping[str, Any]) -> dict[int, str]:
    """The hex each of the viewing side's Task Forces stands in (where a plot starts)."""
    mine = view.get(str(view.get("viewer", ""))) or {}
    return {int(t["number"]): str(t["hex"]) for t in mine.get("task_forces", ()) if t.get("hex")}


def order_group(a: Action) -> str:
    """Which counter an order belongs to, in words (the Orders list groups by it)."""
    if isinstance(a, (Place, Plot)):
        return f"Task Force {a.task_force}"
    if isinstance(a, Transfer):
        return f"Task Force {a.source}"
    if isinstance(a, (MoveAir, TakeOff, EnterMap, Land, Altitude, Jettison)):
        return f"Air unit {a.air_unit}"
    if isinstance(a, Shadow):
        return f"Air unit {a.unit[3:]}" if a.unit.startswith("air") else f"Task Force {a.unit[2:]}"
    if isinstance(a, AirAttack):  # (Basic VIII.I.1: the Interceptors at one altitude in a hex)
        return f"Interceptors in {a.hex} at {'High' if a.high else 'Low'} Altitude"
    if isinstance(a, Regroup):
        return f"Air unit {a.source}"
    if isinstance(a, (Ready, Stow)):  # (the box as the player calls it, never its id: "tf1")
        return f"{box_name(a.box)} {a.source.upper()}: {a.plane.replace('-', ' ').title()}"
    if isinstance(a, Form):
        return f"{box_name(a.box)} C: {a.plane.replace('-', ' ').title()}"
    if isinstance(a, (InterceptPassing, LetPass)):  # the question of Basic VIII.I.2
        return f"Enemy Air unit {a.air_unit} flying through {a.hex}"
    return ""


def order_groups(legal: Iterable[Action]) -> dict[str, Sequence[Action]]:
    """The orders by the counter they are for (``order_group``), groups and orders in the order
    given; orders for no counter left out. (A Task Force's Place orders, a hex of its set-up
    area each, are thousands: their group is named once a Task Force, not once an order, and
    from ``orders_now`` they are made only as the group is read.)"""
    if isinstance(legal, OrdersNow):
        rest = order_groups(legal.rest)
        placed: dict[str, Sequence[Action]] = {}
        for p in legal.placing:
            if p:
                name = order_group(p[0])
                placed[name] = Orders(p, rest.pop(name, ()))
        return placed | rest
    groups: dict[str, list[Action]] = {}
    placing: dict[int, list[Action]] = {}
    for a in legal:
        if type(a) is Place:
            run = placing.get(a.task_force)
            if run is None:
                run = placing[a.task_force] = groups.setdefault(order_group(a), [])
            run.append(a)
        elif g := order_group(a):
            groups.setdefault(g, []).append(a)
    return groups  # type: ignore[return-value]


def candidate(step: str, side: str, piece: str, place: str, view: Mapping[str, Any]) -> Action | None:
    """The order a drop most likely meant, legal or not, so the rules can say why not."""
    if piece.startswith("tf") and piece[2:].isdigit() and is_hex(place):
        n = int(piece[2:])
        if step == "set-up":
            return Place(side, n, place)
        if step == "ship-plotting":
            before = plotted(view).get(n, ())
            if place == plot_starts(view).get(n):
                return Plot(side, n, ())
            if place in before:  # (back along the plot)
                return Plot(side, n, before[: before.index(place) + 1])
            return Plot(side, n, (*before, place))
    if piece.startswith("air") and piece[3:].isdigit():
        n = int(piece[3:])
        cap = place[4:] if place.startswith("cap:") else ""
        if place.startswith("land:"):
            return Land(side, n, place[5:])
        if step == "air-move" and is_hex(place):
            mine = view.get(side) or {}
            unit = next((u for u in mine.get("air_units", ()) if u["number"] == n), None)
            if unit is not None and unit["where"] == "in-flight":
                return EnterMap(side, n, place)
            return MoveAir(side, n, place, cap)
        if step == "take-off":
            return TakeOff(side, n, place if is_hex(place) else "", cap)
    parts = piece.split(":")
    if parts[0] == "stack" and len(parts) == 5:
        _s, box, section, plane, weapon = parts
        factors = _stack_factors(view, side, box, section, plane, weapon)
        if place.startswith("sec:") and place.split(":")[1] == box:  # (planes move within their box)
            target = place.rsplit(":", 1)[-1]
            kind = Stow if step == "set-up" else Ready
            return kind(side, box, plane, factors, section, target, weapon if target == "c" else "")
        if place.startswith("air:") and place != NEW_AIR_UNIT:
            return Form(side, box, int(place[4:]), plane, factors, weapon)
    if parts[0] == "airstack" and len(parts) == 5 and place.startswith("alt:"):
        return Altitude(side, int(parts[1]), parts[3], place.endswith("high"))
    if parts[0] == "airstack" and len(parts) == 5 and place.startswith("air:") and place[4:].isdigit():
        _s, number, alt, plane, weapon = parts
        factors = _air_stack_factors(view, side, int(number), alt == "high", plane, weapon)
        return Regroup(side, int(number), int(place[4:]), plane, factors, weapon, alt == "high")
    if parts[0] == "weapon" and len(parts) == 2 and place.startswith("unit:stack:"):
        _u, _s, box, section, plane, _w = place.split(":")
        return Ready(side, box, plane, _stack_factors(view, side, box, section, plane, ""), section, "c", parts[1])
    if parts[0] == "strength" and len(parts) == 2 and parts[1].isdigit() and place.startswith("announce:"):
        unit = place.split(":", 1)[1]
        kind = "tf" if unit.startswith("tf") else "air"
        number = unit[len(kind) :]
        if number.isdigit():
            return Announce(side, kind, int(number), int(parts[1]))
    return None


def _air_stack_factors(view: Mapping[str, Any], side: str, number: int, high: bool, plane: str, weapon: str) -> int:
    mine = view.get(side) or {}
    unit = next((u for u in mine.get("air_units", ()) if u["number"] == number), None)
    records = unit["records"] if unit is not None else ()
    return sum(r["factors"] for r in records if (r["plane"], r["weapon"], r["high"]) == (plane, weapon, high)) or 1


def _stack_factors(view: Mapping[str, Any], side: str, box: str, section: str, plane: str, weapon: str) -> int:
    mine = view.get(side) or {}
    for b in (*mine.get("task_forces", ()), *mine.get("bases", ())):
        if (f"tf{b['number']}" if "number" in b else b["id"]) == box:
            return sum(s["factors"] for s in b["planes"][section] if s["plane"] == plane and s["weapon"] == weapon)
    return 1
