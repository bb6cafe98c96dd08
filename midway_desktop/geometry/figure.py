"""Cells joined into areas, in plain Python: the union of a board's cells by edge cancellation.

A board's cells cover its map without overlapping, each one a ring of corners. Walk every
cell of a set round the same way: where two of them meet, the side they share is walked once
each way and the two walks cancel. What is left is the set's boundary, and it chains into
rings: an outer ring turns the way the cells do, a hole the other way. Nothing is
approximated: the corners are the cells' own, and corners that differ only by rounding (a hex
corner worked out from each of its three hexes) are taken as one.

Box layouts are not a regular grid: one box's side may run along parts of two others. Their
sides are cut at every corner lying on them first (``CellNet(split=True)``), so that shared
stretches cancel too. ``tests/geometry/test_figure.py`` holds the result to shapely's unions
over random sets of hexes, squares and boxes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from midway_desktop.values import frozen_value

Point = tuple[float, float]
Ring = tuple[Point, ...]
Edge = tuple[int, int]  # from corner, to corner (indices into CellNet.points)

# Corners closer than this (in board units, hex circumradius 1) are one corner.
SNAP = 1e-7
_AROUND = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


@frozen_value
class Figure:
    """A shape as coordinates in board units: areas, each its outer ring then its holes (each
    ring closed: its last point repeats its first), and open lines."""

    areas: tuple[tuple[Ring, ...], ...] = ()
    lines: tuple[tuple[Point, ...], ...] = ()


def signed_area(ring: Sequence[Point]) -> float:
    """Shoelace area, positive when the ring turns from +x toward +y."""
    if len(ring) < 3:
        return 0.0
    x0, y0 = ring[0]
    twice = 0.0
    for (ax, ay), (bx, by) in zip(ring, [*ring[1:], ring[0]]):
        twice += (ax - x0) * (by - y0) - (bx - x0) * (ay - y0)
    return twice / 2.0


class CellNet:
    """Every cell's outline as directed edges between corners shared by all the cells, each
    cell turning the same way (positive ``signed_area``)."""

    def __init__(self, rings: Mapping[str, Sequence[Point]], *, split: bool = False) -> None:
        self.points: list[Point] = []
        self._grid: dict[tuple[int, int], list[int]] = {}
        self.edges: dict[str, tuple[Edge, ...]] = {}
        for label, ring in rings.items():
            pts = list(ring)
            if len(pts) > 1 and pts[0] == pts[-1]:
                pts.pop()
            if signed_area(pts) < 0:
                pts.reverse()
            ids: list[int] = []
            for p in pts:
                i = self._corner(p)
                if not ids or ids[-1] != i:
                    ids.append(i)
            if len(ids) > 1 and ids[0] == ids[-1]:
                ids.pop()
            self.edges[label] = tuple(zip(ids, ids[1:] + ids[:1]))
        if split:
            self._split()

    def _corner(self, p: Point) -> int:
        x, y = float(p[0]), float(p[1])
        gx, gy = round(x / SNAP), round(y / SNAP)
        for key in _AROUND:  # its own square of the snapping grid first: where nearly all are
            for i in self._grid.get((gx + key[0], gy + key[1]), ()):
                px, py = self.points[i]
                if abs(px - x) <= SNAP and abs(py - y) <= SNAP:
                    return i
        self.points.append((x, y))
        self._grid.setdefault((gx, gy), []).append(len(self.points) - 1)
        return len(self.points) - 1

    def _split(self) -> None:
        """Cut every side at the corners of other cells lying on it (box layouts)."""
        pts = self.points
        for label, edges in self.edges.items():
            out: list[Edge] = []
            for a, b in edges:
                (ax, ay), (bx, by) = pts[a], pts[b]
                dx, dy = bx - ax, by - ay
                length2 = dx * dx + dy * dy
                inner = []
                for i, (px, py) in enumerate(pts):
                    if i in (a, b) or not (min(ax, bx) - SNAP <= px <= max(ax, bx) + SNAP):
                        continue
                    if not (min(ay, by) - SNAP <= py <= max(ay, by) + SNAP):
                        continue
                    t = ((px - ax) * dx + (py - ay) * dy) / length2
                    off = abs((px - ax) * dy - (py - ay) * dx) / math.sqrt(length2)
                    if 0.0 < t < 1.0 and off <= SNAP:
                        inner.append((t, i))
                chain = [a, *(i for _t, i in sorted(inner)), b]
                out += zip(chain, chain[1:])
            self.edges[label] = tuple(out)

    # -- unions -------------------------------------------------------------------------
    def boundary(self, labels: Iterable[str]) -> set[Edge]:
        """The directed edges of the cells' union: each cell's sides, less those two cells share."""
        edges: set[Edge] = set()
        for label in set(labels):
            for a, b in self.edges[label]:
                if (b, a) in edges:
                    edges.remove((b, a))
                else:
                    edges.add((a, b))
        return edges

    def union(self, labels: Iterable[str]) -> Figure:
        """The cells as areas: outer rings with the holes inside each."""
        return Figure(areas=self.areas(self.boundary(labels)))

    def areas(self, boundary: set[Edge]) -> tuple[tuple[Ring, ...], ...]:
        """Chain a union's edges into rings and give each outer ring its holes."""
        rings = [(signed_area(r), r) for r in (self._ring(cycle) for cycle in _cycles(boundary, self.points))]
        outers = [(area, r) for area, r in rings if area > 0]
        holes: dict[int, list[Ring]] = {i: [] for i in range(len(outers))}
        for area, ring in rings:
            if area >= 0:
                continue
            # A point of the hole's first side, off its corners: inside its outer ring, on no other.
            (ax, ay), (bx, by) = ring[0], ring[1]
            probe = ((ax + bx) / 2.0, (ay + by) / 2.0)
            inside = [i for i, (_a, outer) in enumerate(outers) if _contains(outer, probe)]
            if inside:
                holes[min(inside, key=lambda i: outers[i][0])].append(_closed(ring))
        return tuple((_closed(outer), *holes[i]) for i, (_a, outer) in enumerate(outers))

    def lines(self, edges: set[Edge]) -> tuple[tuple[Point, ...], ...]:
        """Directed edges (some of a union's boundary) chained into open or closed lines."""
        pts = self.points
        out_of: dict[int, list[Edge]] = {}
        has_in = set()
        for e in sorted(edges):
            out_of.setdefault(e[0], []).append(e)
            has_in.add(e[1])
        used: set[Edge] = set()
        lines = []
        starts = [e for e in sorted(edges) if e[0] not in has_in] + sorted(edges)
        for first in starts:
            if first in used:
                continue
            chain = [first[0]]
            edge: Edge | None = first
            while edge is not None:
                used.add(edge)
                chain.append(edge[1])
                options = [e for e in out_of.get(edge[1], ()) if e not in used]
                edge = max(options, key=lambda e, prev=edge: _turn(pts, prev, e)) if options else None
            if len(chain) > 3 and chain[0] == chain[-1]:  # a closed line
                chain = _straightened(chain[:-1], pts, ring=True)
                chain.append(chain[0])
            else:
                chain = _straightened(chain, pts, ring=False)
            lines.append(tuple(pts[i] for i in chain))
        return tuple(lines)

    def _ring(self, cycle: list[int]) -> Ring:
        return tuple(self.points[i] for i in _straightened(cycle, self.points, ring=True))


def _turn(pts: list[Point], into: Edge, out: Edge) -> float:
    """How far ``out`` turns toward the inside (the left of the cells' turning) after ``into``."""
    (ux, uy), (vx, vy), (wx, wy) = pts[into[0]], pts[into[1]], pts[out[1]]
    dx1, dy1, dx2, dy2 = vx - ux, vy - uy, wx - vx, wy - vy
    return math.atan2(dx1 * dy2 - dy1 * dx2, dx1 * dx2 + dy1 * dy2)


def _cycles(edges: set[Edge], pts: list[Point]) -> list[list[int]]:
    """The boundary's rings as corner indices. Where rings touch at a corner, each edge goes on
    along the sharpest turn inward (two squares meeting at a corner are two rings), and a
    ring that comes back to a corner is cut there (``_loops``)."""
    out_of: dict[int, list[Edge]] = {}
    for e in edges:
        out_of.setdefault(e[0], []).append(e)
    used: set[Edge] = set()
    cycles = []
    for first in sorted(edges):
        if first in used:
            continue
        cycle = []
        edge = first
        while edge not in used:
            used.add(edge)
            cycle.append(edge[0])
            options = out_of[edge[1]]
            edge = options[0] if len(options) == 1 else max(options, key=lambda e, prev=edge: _turn(pts, prev, e))
        cycles += _loops(cycle)
    return cycles


def _loops(cycle: list[int]) -> list[list[int]]:
    """A ring that passes a corner twice cut there into rings that do not: a hole that touches
    its outer ring at a corner is a hole of its own, as in shapely."""
    if len(set(cycle)) == len(cycle):
        return [cycle]
    loops = []
    stack: list[int] = []
    at: dict[int, int] = {}
    for i in cycle:
        if i in at:
            start = at[i]
            loops.append(stack[start:])
            for j in stack[start + 1 :]:
                del at[j]
            del stack[start + 1 :]
        else:
            at[i] = len(stack)
            stack.append(i)
    loops.append(stack)
    return loops


def _straightened(chain: list[int], pts: list[Point], *, ring: bool) -> list[int]:
    """The chain without corners that lie straight between their neighbours (a ring's first
    corner is not repeated at its end; a line keeps its two ends)."""
    n = len(chain)
    if n < 3:
        return chain
    keep = []
    for k, i in enumerate(chain):
        if not ring and k in (0, n - 1):
            keep.append(i)
            continue
        (ax, ay), (bx, by), (cx, cy) = pts[chain[k - 1]], pts[i], pts[chain[(k + 1) % n]]
        dx1, dy1, dx2, dy2 = bx - ax, by - ay, cx - bx, cy - by
        cross = dx1 * dy2 - dy1 * dx2
        if abs(cross) > 1e-12 * math.hypot(dx1, dy1) * math.hypot(dx2, dy2) or dx1 * dx2 + dy1 * dy2 < 0:
            keep.append(i)
    return keep


def _closed(ring: Ring) -> Ring:
    return (*ring, ring[0])


def _contains(ring: Ring, p: Point) -> bool:
    """Even-odd ray casting (the probe is never on the ring)."""
    x, y = p
    inside = False
    for (ax, ay), (bx, by) in zip(ring, [*ring[1:], ring[0]]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside
