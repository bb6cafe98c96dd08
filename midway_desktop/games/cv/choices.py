"""CV's orders as a player chooses them at the table: one choice a kind of move, the count or
the hex asked for after.

The rules list every order in full: a stack of 12 Dauntless readied to C is twelve orders (1 to
12 factors), a Task Force set up is one order a hex of its set-up area (some 1,700), an Air unit
flies to any of a hundred hexes. A menu or list of them all is a wall. On the table a player
picks up a stack and counts off planes, or puts a counter down on a hex: so orders that differ
only in how many Air Factors go make one *count* choice, and orders that differ only in the hex
make one *hex* choice (when there are more than a handful of hexes; a Task Force's next plotted
hex, one of six, is listed). Qt-free: the desktop's menus, Orders dock and pickers read these.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from midway_desktop.engine.actions import Action
from midway_desktop.games.cv.actions import (
    AirAttack,
    Announce,
    EnterMap,
    Form,
    InterceptPassing,
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
    unit_name,
)
from midway_desktop.games.cv.gestures import orders_for
from midway_desktop.games.cv.legal import Orders, OrdersNow, Placements

Pick = Literal["", "count", "pick"]

# Orders of one kind are listed as choices of their own up to this many (a plot's next hex);
# more make one choice that asks which.
LISTED = 6
# The most lines a counter's menu shows (the Orders dock has the rest).
MENU_LINES = 15


@dataclass(frozen=True, eq=False)
class Choice:
    """One line of a counter's menu or the Orders list: a single order (``pick`` ``""``), the
    same order for each count of Air Factors (``"count"``, fewest first), or orders of one kind
    to pick among by name (``"pick"``: ``options`` names each, a hex, a path or the order)."""

    label: str
    orders: Sequence[Action] = field(repr=False)
    pick: Pick = ""
    options: Sequence[str] = field(default=(), repr=False)
    subs: Sequence[Choice] = field(default=(), repr=False)

    @property
    def order(self) -> Action:
        """The order given when nothing more is asked: the single one, or all the factors."""
        return self.orders[-1] if self.pick == "count" else self.orders[0]

    def counts(self) -> tuple[int, ...]:
        return tuple(_factors(a) for a in self.orders) if self.pick == "count" else ()

    def by_count(self, n: int) -> Action | None:
        return next((a for a in self.orders if _factors(a) == n), None) if self.pick == "count" else None

    def at(self, option: str) -> Choice | None:
        """The choice named ``option`` (one of ``options``): a single order, or (planes moved to
        one of many Air units) the count to choose next."""
        if self.pick != "pick":
            return None
        if self.subs:
            return next((c for c in self.subs if c.label == option), None)
        if isinstance(self.orders, Placements):  # (not made into orders to be searched)
            cells = self.orders.cells
            i = bisect_left(cells, option)
            return Choice(_words(self.orders[i]), (self.orders[i],)) if i < len(cells) and cells[i] == option else None
        a = next((a for a, o in zip(self.orders, self.options, strict=True) if o == option), None)
        return Choice(_words(a), (a,)) if a is not None else None


def _plane_title(plane: str) -> str:
    return plane.replace("-", " ").title()


def _factors(a: Action) -> int:
    return int(getattr(a, "factors", 0))


def _option(a: Action) -> str:
    """How a picked order is named among its kind: its hex, its path, or the order itself."""
    if isinstance(a, Place):
        return a.hex
    if isinstance(a, (MoveAir, TakeOff)):
        return f"{a.to}, CAP over {box_name(a.cap)}" if a.cap else a.to
    if isinstance(a, EnterMap):
        return a.hex
    if isinstance(a, Plot):
        return " - ".join(a.path)
    return _words(a)


def _shape(a: Action) -> tuple[object, ...]:
    """What ``a`` is short of its count or place: orders of one shape make one choice."""
    if hasattr(a, "factors"):
        return ("count", replace(a, factors=0))  # type: ignore[type-var]
    if isinstance(a, Place):
        return ("pick", Place, a.task_force)
    if isinstance(a, (MoveAir, TakeOff)) and not a.cap:
        return ("pick", type(a), a.air_unit)
    if isinstance(a, EnterMap):
        return ("pick", EnterMap, a.air_unit)
    if isinstance(a, Plot) and a.path and not (a.anchor or a.exit or a.unload):
        return ("pick", Plot, a.task_force)
    return ("one", a)


def _words(a: Action) -> str:
    text = a.describe()
    return text[0].upper() + text[1:] if text else text


def _count_label(orders: Sequence[Action]) -> str:
    """The fullest order in words, its count given as the range to choose from."""
    counts = [_factors(a) for a in orders]
    text = _words(orders[-1])
    number = str(counts[-1])
    rest = text[len(number) :].lstrip() if text.startswith(number + " ") else text
    span = f"{counts[0]}–{counts[-1]}" if counts[0] != counts[-1] else str(counts[0])
    return f"{span} {rest}…"


def _pick_label(a: Action, count: int) -> str:
    """A choice of ``count`` orders of ``a``'s kind, to pick among."""
    if isinstance(a, Place):
        return f"Set up Task Force {a.task_force} on a hex of its set-up area… ({count:,} hexes)"
    if isinstance(a, TakeOff):
        return f"Air unit {a.air_unit} takes off to a hex… ({count:,} hexes)"
    if isinstance(a, MoveAir):
        return f"Air unit {a.air_unit} flies to a hex… ({count:,} hexes)"
    if isinstance(a, EnterMap):
        return f"Air unit {a.air_unit} enters the mapboard at a hex… ({count:,} hexes)"
    if isinstance(a, Plot):
        return f"Task Force {a.task_force}: plot a move… ({count:,} moves)"
    if isinstance(a, Transfer):
        return f"Ships of {unit_name(a.source)} to another Task Force… ({count:,} ways)"
    if isinstance(a, Announce):
        return f"Announce {a.strength} as the strength of… ({count:,} units)"
    if isinstance(a, InterceptPassing):
        return f"Attack enemy Air unit {a.air_unit} with your Interceptors… ({count:,} ways)"
    if isinstance(a, AirAttack):
        return f"Attack with your Interceptors in {a.hex}… ({count:,} ways)"
    if isinstance(a, Shadow):
        return f"Shadow enemy ships… ({count:,} ways)"
    if isinstance(a, Regroup):
        return f"Planes of Air unit {a.source} to another Air unit… ({count:,} ways)"
    if isinstance(a, Form):
        return f"{_plane_title(a.plane)} from {box_name(a.box)} into an Air unit… ({count:,} ways)"
    if isinstance(a, (Ready, Stow)):
        return f"{_plane_title(a.plane)} in {box_name(a.box)} to another section… ({count:,} ways)"
    return f"{type(a).__name__}… ({count:,})"


def _into_new_box(orders: list[Action], in_use: Collection[int]) -> list[Action]:
    """Planes formed or moved into an Air unit go to one in use or to the first empty Air Box
    (as on the table: the next box), not to each empty box in turn (Basic IV.A.2, VIII.F)."""
    targets = {_target(a) for a in orders if _target(a) is not None}
    free = sorted(t for t in targets if t not in in_use)
    first = free[0] if free else None
    return [a for a in orders if _target(a) is None or _target(a) in in_use or _target(a) == first]


def _target(a: Action) -> int | None:
    if isinstance(a, Form):
        return a.air_unit
    if isinstance(a, Regroup):
        return a.target
    return None


def choices(orders: Iterable[Action], in_use: Collection[int] | None = None) -> list[Choice]:
    """``orders`` as choices, each kind where its first order was. ``in_use``: the numbers of the
    side's Air units (then planes go into those or the first empty Air Box only)."""
    groups: dict[tuple[object, ...], list[Action]] = {}
    made: list[Choice | tuple[object, ...]] = []
    for part in _parts(orders):
        if isinstance(part, Placements):
            if len(part):
                made.append(Choice(_pick_label(part[0], len(part)), part, "pick", part.cells))
            continue
        run_of = list(part) if in_use is None else _into_new_box(list(part), in_use)
        for a in run_of:
            key = _shape(a)
            run = groups.get(key)
            if run is None:
                run = groups[key] = []
                made.append(key)
            run.append(a)
    out: list[Choice] = []
    for m in made:
        if isinstance(m, Choice):
            out.append(m)
            continue
        run = groups[m]
        new = " (a new Air unit)" if in_use is not None and _target(run[0]) not in (None, *in_use) else ""
        if m[0] == "count" and len(run) > 1:
            run = sorted(run, key=_factors)
            out.append(Choice(_count_label(run).removesuffix("…") + new + "…", run, "count"))
        elif m[0] == "pick" and len(run) > LISTED:
            out.append(Choice(_pick_label(run[0], len(run)), run, "pick", [_option(a) for a in run]))
        else:
            out.extend(Choice(_words(a) + new, (a,)) for a in run)
    return _fold(out)


def _fold(found: list[Choice]) -> list[Choice]:
    """Many choices of one kind of order (ships moved between Task Forces, planes moved to one of
    many Air units, a strength announced for one of many units) make one choice that asks which,
    where the first of them was."""
    kinds: dict[type, list[Choice]] = {}
    for c in found:
        if c.pick != "pick":
            kinds.setdefault(type(c.orders[0]), []).append(c)
    out: list[Choice] = []
    for c in found:
        many = kinds.get(type(c.orders[0]), []) if c.pick != "pick" else []
        if len(many) <= LISTED:
            out.append(c)
        elif c is many[0]:
            orders = [a for m in many for a in m.orders]
            out.append(Choice(_pick_label(c.orders[0], len(many)), orders, "pick", [m.label for m in many], many))
    return out


def _parts(orders: Iterable[Action]) -> list[Iterable[Action]]:
    """The orders in runs, a Task Force's set-up Placements kept whole (never made one by one)."""
    if isinstance(orders, Placements):
        return [orders]
    if isinstance(orders, Orders):
        return [p for part in orders.parts for p in _parts(part)]
    return [orders]


def menu(orders: Iterable[Action], in_use: Collection[int] | None = None) -> tuple[list[Choice], int]:
    """A counter's menu: its first ``MENU_LINES`` choices, and how many more the Orders dock has."""
    found = choices(orders, in_use)
    return found[:MENU_LINES], max(0, len(found) - MENU_LINES)


def counter_choices(legal: Iterable[Action], piece: str, in_use: Collection[int] | None = None) -> list[Choice]:
    """The choices of ``piece``'s orders (``gestures.orders_for``); a Task Force's set-up
    orders from ``orders_now`` are taken whole, not read hex by hex."""
    if isinstance(legal, OrdersNow) and piece.startswith("tf") and piece[2:].isdigit():
        n = int(piece[2:])
        placing = [p for p in legal.placing if getattr(p, "task_force", None) == n]
        return choices(Orders(*placing, orders_for(legal.rest, piece)), in_use)
    return choices(orders_for(legal, piece), in_use)


def count_choice(legal: Iterable[Action], order: Action) -> Choice | None:
    """The count choice of ``order``'s stack (every count the rules allow of the same move),
    or None when only one count may go (or the order moves no planes)."""
    if not hasattr(order, "factors"):
        return None
    shape = _shape(order)
    run = sorted((a for a in _rest(legal) if type(a) is type(order) and _shape(a) == shape), key=_factors)
    return Choice(_count_label(run), run, "count") if len(run) > 1 else None


def _rest(legal: Iterable[Action]) -> Iterable[Action]:
    """The orders but a Task Force's set-up Placements (which move no planes)."""
    return legal.rest if isinstance(legal, OrdersNow) else legal


def group_kind(name: str) -> str:
    """The kind of counter an Orders dock group is for (``gestures.order_group``'s names): the
    dock's list of counters is ordered and divided by it."""
    for kind in ("Task Force", "Unorganized", "Air unit", "Enemy Air unit"):
        if name.startswith(kind):
            return kind
    return "planes"
