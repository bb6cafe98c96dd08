"""One ``Board`` over hex grids, square grids and box layouts.

A board knows its cells by the labels the printed map uses, and answers the questions the
rules ask of a map: which cells touch, how far apart two cells are, which cells lie within a
range, which named regions a cell belongs to, and where a cell is drawn. Coordinates are
board units (hex circumradius 1, square side 1), y growing downward as on screen.

Cells are joined into areas (``union``, ``outline``, a region's ``geometry``) in plain Python
(``figure.py``), and the drawn outlines are kept in the user's cache (``outlines.py``).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import Any, Literal

from midway_desktop.geometry import hexes, plane
from midway_desktop.geometry.figure import CellNet, Figure
from midway_desktop.values import frozen_value

GridKind = Literal["hex", "square", "boxes"]
Key = Any  # axial (q, r) for hexes, (col, row) for squares, the name for boxes


@frozen_value
class Provenance:
    """Where an authored value comes from (see rulesets/README.md)."""

    source: str
    ref: str = ""

    @property
    def provisional(self) -> bool:
        return self.source == "provisional"


@frozen_value
class Cell:
    """One hex, square or box with its printed name and its place in the whole grid."""

    label: str
    key: Key
    col: int = 0  # global 0-based column (hex and square boards)
    row: int = 0  # global 0-based row
    sheet: str = ""
    printed_col: str = ""
    printed_row: str = ""
    title: str = ""
    kind: str = ""


@frozen_value
class Sheet:
    """One printed map sheet: its column and row names and where it lies on the board."""

    id: str
    columns: tuple[str, ...]  # printed column names, west to east
    rows: tuple[str, ...]  # printed row names, north to south
    at: tuple[int, int]
    provenance: Provenance


class Region(frozenset):
    """A named set of cell labels, with its kind, title, extra data and outline.

    It is a ``frozenset`` of labels, so ``"H6" in board.region("midway")`` reads as the rules
    do; ``geometry`` gives the region's area as one ``Figure`` for drawing.
    """

    name: str
    title: str
    kind: str
    data: Mapping[str, Any]
    provenance: Provenance

    def __new__(
        cls,
        labels: Iterable[str],
        *,
        name: str,
        title: str,
        kind: str,
        data: Mapping[str, Any],
        provenance: Provenance,
        board: Board,
    ) -> Region:
        self = super().__new__(cls, labels)
        self.name = name
        self.title = title
        self.kind = kind
        self.data = data
        self.provenance = provenance
        self._board = board
        self._geometry: Figure | None = None
        return self

    def __reduce__(self) -> Any:  # keep copy/pickle from rebuilding through __new__
        return (frozenset, (set(self),))

    @property
    def geometry(self) -> Figure:
        if self._geometry is None:
            self._geometry = self._board.union(self)
        return self._geometry

    def __repr__(self) -> str:
        return f"Region({self.name!r}, {len(self)} cells)"


@dataclass(eq=False)
class Board:
    """A game's map: cells by label, adjacency, distance, ranges, regions and drawing shapes."""

    game: str
    title: str
    kind: GridKind
    cells: tuple[Cell, ...]
    orientation: hexes.Orientation = "flat"
    shifted_parity: int = 0  # 0-based parity of the columns (flat) or rows (pointy) set lower/right
    north: str = "up"
    sheets: tuple[Sheet, ...] = ()
    provenance: Provenance = Provenance("provisional")
    aliases: Mapping[str, str] = field(default_factory=dict)
    boxes: Mapping[str, tuple[plane.Point, ...]] = field(default_factory=dict)  # each box's corners
    box_provenance: Mapping[str, Provenance] = field(default_factory=dict)
    adjacency: Mapping[str, frozenset[str]] = field(default_factory=dict)
    size: tuple[float, float] = (0.0, 0.0)
    _regions: dict[str, Region] = field(default_factory=dict)
    # The board.yaml it was read from and a hash of its bytes (load_board sets them): what
    # the outline cache is keyed by. Empty for a board parsed from nodes alone.
    source: Path | None = None
    digest: str = ""

    def __post_init__(self) -> None:
        self._by_label: dict[str, Cell] = {c.label: c for c in self.cells}
        self._by_key: dict[Key, Cell] = {c.key: c for c in self.cells}
        # Every name a cell answers to (aliases too) to its key: distances are asked for by the
        # hundred thousand in a CV game (observation, landings), so they skip ``cell``.
        self._key_of: dict[str, Key] = {c.label: c.key for c in self.cells}
        self._key_of.update((a, self._by_label[t].key) for a, t in self.aliases.items() if t in self._by_label)
        self._label_set = frozenset(self._by_label)
        self._neighbours: dict[str, frozenset[str]] = {}
        self._regions_of: dict[str, list[str]] | None = None

    # -- labels ---------------------------------------------------------------------------
    def labels(self) -> set[str]:
        return set(self._label_set)

    def __contains__(self, label: object) -> bool:
        return isinstance(label, str) and self.canonical(label) in self._by_label

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[str]:
        return (c.label for c in self.cells)

    def canonical(self, label: str) -> str:
        """The board's own name for ``label`` (aliases from overlapping sheets resolve)."""
        return self.aliases.get(label, label)

    def cell(self, label: str) -> Cell:
        try:
            return self._by_label[self.canonical(label)]
        except KeyError:
            raise KeyError(f"{label!r} is not a cell of the {self.title} board") from None

    def label_at_key(self, key: Key) -> str | None:
        found = self._by_key.get(key)
        return found.label if found else None

    def at(self, col: int, row: int) -> str | None:
        """The label at global 0-based column and row (hex and square boards)."""
        if self.kind == "hex":
            key = hexes.offset_to_axial(col, row, self.orientation, self.shifted_parity)
            return self.label_at_key(key)
        if self.kind == "square":
            return self.label_at_key((col, row))
        return None

    # -- adjacency and distance -----------------------------------------------------------
    def neighbors(self, label: str) -> set[str]:
        return set(self._neighbour_set(self.canonical(label)))

    neighbours = neighbors

    def _neighbour_set(self, label: str) -> frozenset[str]:
        found = self._neighbours.get(label)
        if found is not None:
            return found
        cell = self.cell(label)
        if self.kind == "hex":
            keys: Iterable[Key] = hexes.neighbours(cell.key)
        elif self.kind == "square":
            c, r = cell.key
            keys = ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1))
        else:
            found = self.adjacency.get(label, frozenset())
            self._neighbours[label] = found
            return found
        found = frozenset(self._by_key[k].label for k in keys if k in self._by_key)
        self._neighbours[label] = found
        return found

    def distance(self, a: str, b: str) -> int:
        """Cells between ``a`` and ``b``, counting ``b`` but not ``a`` (0 for the same cell).

        Hexes count as the crow flies across the grid; squares orthogonally (no diagonal
        moves); boxes along the display's connections.
        """
        if self.kind == "hex":
            ka, kb = self._key_of.get(a), self._key_of.get(b)
            if ka is not None and kb is not None:
                return hexes.distance(ka, kb)
        ca, cb = self.cell(a), self.cell(b)  # (an unknown label: the KeyError that names it)
        if self.kind == "hex":
            return hexes.distance(ca.key, cb.key)
        if self.kind == "square":
            return abs(ca.key[0] - cb.key[0]) + abs(ca.key[1] - cb.key[1])
        return self._box_distances(ca.label).get(cb.label, -1)

    def distance_from(self, origin: str) -> Callable[[str], int]:
        """``distance(origin, b)`` as a function of ``b``, ``origin`` looked up once (for the
        distances from one cell to many)."""
        start = self._key_of.get(origin)
        if self.kind != "hex" or start is None:
            return partial(self.distance, origin)
        keys, between = self._key_of, hexes.distance

        def from_origin(b: str) -> int:
            key = keys.get(b)
            return between(start, key) if key is not None else self.distance(origin, b)

        return from_origin

    def within(self, label: str, n: int) -> set[str]:
        """Every cell at distance ``n`` or less from ``label``, ``label`` included."""
        origin = self.cell(label)
        if n < 0:
            return set()
        if self.kind == "hex":
            q0, r0 = origin.key
            out = set()
            for dq in range(-n, n + 1):
                for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
                    hit = self._by_key.get((q0 + dq, r0 + dr))
                    if hit is not None:
                        out.add(hit.label)
            return out
        if self.kind == "square":
            c0, r0 = origin.key
            out = set()
            for dc in range(-n, n + 1):
                span = n - abs(dc)
                for dr in range(-span, span + 1):
                    hit = self._by_key.get((c0 + dc, r0 + dr))
                    if hit is not None:
                        out.add(hit.label)
            return out
        return {lbl for lbl, d in self._box_distances(origin.label).items() if d <= n}

    def _box_distances(self, start: str) -> dict[str, int]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self._neighbour_set(here):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        return seen

    def step(self, label: str, direction: str) -> str | None:
        """The cell one step from ``label`` in a compass direction, or ``None`` off the board.

        Squares take n, e, s, w; flat-topped hexes n, ne, se, s, sw, nw; pointy-topped hexes
        ne, e, se, sw, w, nw. Directions are as drawn with north up.
        """
        cell = self.cell(label)
        d = direction.lower()
        if self.kind == "square":
            steps = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
        elif self.kind == "hex" and self.orientation == "flat":
            steps = {"n": (0, -1), "ne": (1, -1), "se": (1, 0), "s": (0, 1), "sw": (-1, 1), "nw": (-1, 0)}
        elif self.kind == "hex":
            steps = {"ne": (1, -1), "e": (1, 0), "se": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (0, -1)}
        else:
            raise ValueError("box layouts have no compass directions")
        if d not in steps:
            raise ValueError(f"{direction!r} is not a direction on this board ({', '.join(steps)})")
        dq, dr = steps[d]
        return self.label_at_key((cell.key[0] + dq, cell.key[1] + dr))

    def toward(self, label: str, target: str) -> str:
        """The neighbour of ``label`` on the straightest line to ``target`` (itself if there)."""
        a, b = self.cell(label), self.cell(target)
        if a.label == b.label:
            return a.label
        if self.kind == "hex":
            line = hexes.line(a.key, b.key)
            nxt = self.label_at_key(line[1])
            if nxt is not None:
                return nxt
        here = self.distance(a.label, b.label)
        options = [n for n in self._neighbour_set(a.label) if self.distance(n, b.label) < here]
        if not options:
            return a.label
        if self.kind == "square":
            # Close the longer gap first: the straightest orthogonal course.
            dc, dr = b.key[0] - a.key[0], b.key[1] - a.key[1]

            def bias(n: str) -> tuple[int, str]:
                k = self.cell(n).key
                along_col = k[0] != a.key[0]
                return (0 if along_col == (abs(dc) >= abs(dr)) else 1, n)

            return min(options, key=bias)
        return min(options)

    def path(self, a: str, b: str) -> list[str]:
        """A shortest chain of adjacent cells from ``a`` to ``b`` (both included)."""
        start, goal = self.cell(a).label, self.cell(b).label
        prev: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                break
            for nxt in sorted(self._neighbour_set(here)):
                if nxt not in prev:
                    prev[nxt] = here
                    queue.append(nxt)
        if goal not in prev:
            return []
        out = [goal]
        while (step := prev[out[-1]]) is not None:
            out.append(step)
        return out[::-1]

    # -- regions --------------------------------------------------------------------------
    def region(self, name: str) -> Region:
        try:
            return self._regions[name]
        except KeyError:
            known = ", ".join(sorted(self._regions)) or "none"
            raise KeyError(f"no region {name!r} on the {self.title} board (known: {known})") from None

    def region_names(self) -> list[str]:
        return list(self._regions)

    def regions(self, kind: str | None = None) -> list[Region]:
        return [r for r in self._regions.values() if kind is None or r.kind == kind]

    def regions_of(self, label: str) -> list[str]:
        if self._regions_of is None:
            index: dict[str, list[str]] = {}
            for region in self._regions.values():
                for lbl in region:
                    index.setdefault(lbl, []).append(region.name)
            self._regions_of = index
        return list(self._regions_of.get(self.canonical(label), []))

    def add_region(self, region: Region) -> None:
        self._regions[region.name] = region
        self._regions_of = None

    # -- drawing shapes -------------------------------------------------------------------
    def centre(self, label: str) -> tuple[float, float]:
        cell = self.cell(label)
        if self.kind == "hex":
            return hexes.centre(cell.key, self.orientation)
        if self.kind == "square":
            return cell.key[0] + 0.5, cell.key[1] + 0.5
        return plane.area_centroid(self.boxes[cell.label])[1]

    center = centre

    def corners(self, label: str) -> list[tuple[float, float]]:
        cell = self.cell(label)
        if self.kind == "hex":
            return hexes.corners(cell.key, self.orientation)
        if self.kind == "square":
            c, r = cell.key
            return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
        return list(self.boxes[cell.label])

    def title_box(self, label: str) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``: where a cell's title can be written, in board units.

        A rectangle cell's whole extent. For an L-shaped or other right-angled box (the Kido
        Butai southeast corner wraps round Midway's space), the widest rectangle inside it
        at least one unit tall (or as tall as the box), its corners on the box's own
        coordinates, so the title is neither cut by the box's edge nor hidden under its
        neighbour."""
        ring = self.corners(label)
        x0, y0, x1, y1 = plane.bounds(ring)
        if plane.area_centroid(ring)[0] >= (x1 - x0) * (y1 - y0) - 1e-9:
            return x0, y0, x1, y1
        xs = sorted({x for x, _ in ring})
        ys = sorted({y for _, y in ring})
        tall = min(1.0, y1 - y0)
        found = (x0, y0, x1, y1)
        best: tuple[float, float, float, float] | None = None  # width, area, then top and left first
        for i, left in enumerate(xs):
            for right in xs[i + 1 :]:
                for j, top in enumerate(ys):
                    for bottom in ys[j + 1 :]:
                        if bottom - top < tall - 1e-9 or not plane.covers_rect(ring, (left, top, right, bottom)):
                            continue
                        key = (right - left, (right - left) * (bottom - top), -top, -left)
                        if best is None or key > best:
                            best, found = key, (left, top, right, bottom)
        return found

    def title_outside(self, label: str) -> bool:
        """Whether a box's title is printed just above the box rather than in it: a track's
        boxes (the turn track) are each just big enough for the marker standing in them, so
        their names run above them like a ruler's figures and no marker ever hides one."""
        return self.kind == "boxes" and self.cell(label).kind == "track"

    def title_room(self, label: str) -> float:
        """How far down from the top of its ``title_box`` a box's title may reach (board
        units): counters stand below it. None for a track, whose title is printed outside."""
        if self.title_outside(label):
            return 0.0
        _, ty0, _, ty1 = self.title_box(label)
        return min((ty1 - ty0) * 0.3, 0.8)

    def counter_slots(self, label: str, size: float, gap: float, count: int) -> list[tuple[float, float]]:
        """Centres, in board units, for ``count`` counters of side ``size`` laid out in box
        ``label``: rows from the top-left, ``gap`` apart, clear of the box's edge and of its
        title's line (see ``title_box``). When more counters come than fit, the rest fan out
        over the places already taken, each a little down and to the right."""
        key = (label, size, gap)
        fits = self._fitting.get(key)
        if fits is None:  # the same for every redraw of the box: worked out once
            fits = self._fitting[key] = self._fit(label, size, gap)
        slots = list(fits[:count])
        fan = size * 0.22
        taken = len(slots)
        # A crowd fans out no further than the box's own edge: never over a neighbour's title.
        x0, y0, x1, y1 = plane.bounds(self.corners(label))
        right, bottom = max(x0 + size / 2, x1 - size / 2 - gap / 2), max(y0 + size / 2, y1 - size / 2 - gap / 2)
        while len(slots) < count:
            k = len(slots) - taken
            x, y = slots[k % taken]
            layer = 1 + k // taken
            slots.append((min(x + layer * fan, right), min(y + layer * fan, bottom)))
        return slots

    @cached_property
    def _fitting(self) -> dict[tuple[str, float, float], tuple[tuple[float, float], ...]]:
        return {}

    def _fit(self, label: str, size: float, gap: float) -> tuple[tuple[float, float], ...]:
        """Every place in box ``label`` where a counter fits (see ``counter_slots``); at least one."""
        ring = self.corners(label)
        left, top, right, bottom = plane.bounds(ring)
        tx0, ty0, tx1, ty1 = self.title_box(label)
        title_room = self.title_room(label)
        title = (tx0, ty0, tx1, ty0 + title_room)
        per_row = max(1, int((right - left - gap) // (size + gap)))
        slots: list[tuple[float, float]] = []
        # Rows above the title's line (an L-shaped box's other arm), then the rows below it.
        for y, stop in ((top + gap, ty0), (ty0 + title_room + gap, bottom)):
            while y + size <= stop + 1e-9:
                for col in range(per_row):
                    x = left + gap + col * (size + gap)
                    square = (x, y, x + size, y + size)
                    if plane.covers_rect(ring, square) and not plane.rects_meet(square, title):
                        slots.append((x + size / 2, y + size / 2))
                y += size + gap
        if not slots:  # a box smaller than a counter: the top-left below the title
            slots.append((left + gap + size / 2, min(ty0 + title_room + gap + size / 2, bottom - size / 2)))
        return tuple(slots)

    def cell_at(self, x: float, y: float) -> str | None:
        """The cell under a point in board units, or ``None`` off the board."""
        if self.kind == "hex":
            return self.label_at_key(hexes.from_point(x, y, self.orientation))
        if self.kind == "square":
            return self.label_at_key((math.floor(x), math.floor(y)))
        for name, ring in self.boxes.items():
            if plane.covers_point(ring, (x, y), 0.0):
                return name
        return None

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(min_x, min_y, max_x, max_y)`` of everything drawn."""
        if self.kind == "boxes":
            xs0, ys0, xs1, ys1 = plane.bounds([p for ring in self.boxes.values() for p in ring])
            w, h = self.size
            return min(0.0, xs0), min(0.0, ys0), max(w, xs1), max(h, ys1)
        if self.kind == "hex":
            # Rounding keeps order, so the extreme corner of all is the extreme centre's plus
            # the extreme offset: the same numbers as measuring all 6 corners of every hex.
            centres = [hexes.centre(c.key, self.orientation) for c in self.cells]
            cxs = [x for x, _ in centres]
            cys = [y for _, y in centres]
            offsets = hexes.CORNER_OFFSETS[self.orientation]
            lo_x, hi_x, lo_y, hi_y = min(cxs), max(cxs), min(cys), max(cys)
            return (
                min(lo_x + dx for dx, _ in offsets),
                min(lo_y + dy for _, dy in offsets),
                max(hi_x + dx for dx, _ in offsets),
                max(hi_y + dy for _, dy in offsets),
            )
        pts = [p for lbl in self._label_set for p in self.corners(lbl)]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    @cached_property
    def outline(self) -> Figure:
        """The whole playing area as one figure."""
        return self.union(self._label_set)

    @cached_property
    def net(self) -> CellNet:
        """Every cell's sides between shared corners: what unions are made of. Box layouts'
        sides are cut where another box's corner lies on them (grids meet side to side)."""
        return CellNet({c.label: self.corners(c.label) for c in self.cells}, split=self.kind == "boxes")

    def union(self, labels: Iterable[str]) -> Figure:
        """One figure for a set of cells: outer rings and holes, exactly the cells' own corners."""
        return self.net.union(self.canonical(lbl) for lbl in labels)

    def provisional_values(self) -> list[str]:
        """Names of the board's authored values that a player should check against print."""
        out = []
        if self.provenance.provisional:
            out.append("grid")
        out += [f"sheet {s.id}" for s in self.sheets if s.provenance.provisional]
        out += [f"box {name}" for name, p in self.box_provenance.items() if p.provisional]
        out += [f"region {r.name}" for r in self._regions.values() if r.provenance.provisional]
        return out
