"""Observation (CV › Basic III): what a side's units see of the enemy, and how much is revealed.

Observers (III.B.3): Ship units (the "surface" line, from every Task Force on the mapboard),
the Base unit on the mapboard, flying Air units (the "high" or "low" line by the altitude of
their planes), and radar: American BBs and CVs and the American Midway Base. The condition
numbers come from the Observation Tables (``charts.observation``) by distance, counting the
observed unit's hex but not the observer's (III.B.1); the upper number is for surface units,
the lower for flying Air units (III.B.2); radar sees only Air units at High Altitude
(III.B.3.a); night subtracts its modifiers (III.D); the best number counts (III.B.3.c); 0 or
less is no observation.

What is revealed (III.C), for enemy Ship units by hex and for enemy Air units one by one:
1 that something is there, ships or an Air unit; 2 its strength as the observed side announces
it, from half (rounded up) to double the true number (a standing :class:`Announce` order for
each Task Force and Air unit; a side that announces nothing tells the truth);
3 the exact number of Ship units or flying Air Factors, whether ships are anchored, the
altitudes; 4 also the ships' sizes and their division between Task Forces; 5 (the condition
for full combat, III.E) the ships and planes themselves. Non-flying planes and Ground units are
never revealed.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import air
from midway_desktop.games.cv.actions import Announce
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import SIDES, AirUnit, Seen, State, TaskForce, evolve, other
from midway_desktop.geometry import hexes
from midway_desktop.values import frozen_value

SIZES = ("capital", "major", "small")
ALWAYS = 5  # Basic VI.D: an Unorganized Ship unit is always observed (read: as Condition 5 reveals it)


@frozen_value
class Observer:
    """Something of a side that observes, and the line of the tables it reads (CV › Basic III.B.3)."""

    line: str  # high, low, surface, radar
    hex: str


def observers(game: Game, state: State, side: str) -> list[Observer]:
    """Basic III.B.3: everything of ``side`` that observes, and on which line of the tables."""
    out: list[Observer] = []
    for tf in state.task_forces:
        if tf.side == side and tf.on_map:
            out += observers_of(game, tf)
    for base in state.bases:
        if base.side == side and base.hex is not None:
            out.append(Observer("surface", base.hex))
            if game.bases[base.id].radar:
                out.append(Observer("radar", base.hex))
    for unit in state.air_units:
        here = air.air_hex(game, state, unit) if unit.where in air.FLYING else None
        if unit.side == side and here is not None:
            out += flying_observers(unit, here)
    return sorted(set(out), key=lambda o: (o.hex, o.line))


def flying_observers(unit: AirUnit, here: str) -> list[Observer]:
    """A flying Air unit's observers at ``here`` (Basic III.B.3): one for each altitude its
    planes fly at."""
    return [Observer("high" if high else "low", here) for high in sorted({r.high for r in unit.records})]


FIGHTER_DIRECTION = ("AV", "CAV", "CV", "CVL")  # Basic IX.D.1.a: the Ship units whose sight allows Air-to-Air


def fighter_directors(game: Game, state: State) -> list[Observer]:
    """Basic IX.D.1.a with III.B.3.b: the observers of either side under whose observation
    Air-to-Air Combat may be fought in a hex: the sight of a Base and of an AV, CAV, CV or CVL,
    and the radar of the American Base and of American carriers. A battleship's radar observes
    but directs no fighters (III.B.3.b), so it is left out here, and only here."""
    out: list[Observer] = []
    for tf in state.task_forces:
        if not tf.on_map or tf.hex is None:
            continue
        classes = [game.ship(tf.side, t).ship_class for t in tf.ships]
        if any(c.type in FIGHTER_DIRECTION for c in classes):
            out.append(Observer("surface", tf.hex))
        if any(c.radar and c.type in ("CV", "CVL") for c in classes):
            out.append(Observer("radar", tf.hex))
    for base in state.bases:
        if base.hex is not None:
            out.append(Observer("surface", base.hex))
            if game.bases[base.id].radar:
                out.append(Observer("radar", base.hex))
    return sorted(set(out), key=lambda o: (o.hex, o.line))


def condition(game: Game, state: State, seen_by: list[Observer], hex_: str, flying: bool, high: bool) -> int:
    """The best condition number ``seen_by`` gives a unit in ``hex_`` (0: not observed)."""
    night = game.data.charts.time_record.is_night(state.time)
    distance = game.board.distance_from(hex_)
    best = 0
    last = None
    d = 0
    for o in seen_by:  # (sorted by hex as ``observers`` gives them: a hex's lines share a distance)
        if o.hex != last:
            last, d = o.hex, distance(o.hex)
        row = game.sight_row(o.line, flying, high, night)
        if d < len(row) and row[d] > best:
            best = row[d]
    return best


def _sizes(game: Game, tfs: list[TaskForce]) -> dict[str, int]:
    sizes = game.data.charts.sizes
    out = dict.fromkeys(SIZES, 0)
    for tf in tfs:
        for t in tf.ships:
            out[sizes[game.ship(tf.side, t).type].size] += 1
    return out


def strength_range(n: int) -> tuple[int, int]:
    """Basic III.C.2: from one-half (odd numbers rounded up) to double the actual number."""
    return (n + 1) // 2, 2 * n


def announced(state: State, side: str, kind: str, number: int, actual: int) -> int:
    """Basic III.C.2: the strength the side announces for one Task Force or Air unit: its
    standing announcement kept within the range of the actual number, or (none) the truth."""
    low, high = strength_range(actual)
    said = state.announcement(side, kind, number)
    return actual if said is None else min(high, max(low, said))


def ships_seen(game: Game, tfs: list[TaskForce], hex_: str, cond: int, state: State | None = None) -> dict[str, Any]:
    """Basic III.C: what the observed side reveals of its Ship units in one hex."""
    seen: dict[str, Any] = {"hex": hex_, "condition": cond, "what": "ships"}
    if cond == 2 and state is not None:
        seen["strength"] = sum(announced(state, t.side, "tf", t.number, len(t.ships)) for t in tfs)
    if cond >= 3:
        seen["ships"] = sum(len(t.ships) for t in tfs)
        seen["anchored"] = any(t.anchored for t in tfs)
    if cond >= 4:
        seen["sizes"] = _sizes(game, tfs)
        seen["task_forces"] = [
            {"number": t.number, "sizes": _sizes(game, [t]), **({"ships": list(t.ships)} if cond >= 5 else {})}
            for t in sorted(tfs, key=lambda t: t.number)
        ]
    return seen


def air_seen(unit: AirUnit, hex_: str, cond: int, state: State | None = None) -> dict[str, Any]:
    """Basic III.C: what the observed side reveals of a flying Air unit."""
    seen: dict[str, Any] = {"number": unit.number, "hex": hex_, "condition": cond, "what": "air"}
    if cond == 2 and state is not None:
        seen["strength"] = announced(state, unit.side, "air", unit.number, unit.total)
    if cond >= 3:
        seen["factors"] = unit.total
        seen["high"] = sum(r.factors for r in unit.records if r.high)
        seen["low"] = sum(r.factors for r in unit.records if not r.high)
    if cond >= 5:
        planes: dict[str, int] = {}
        for r in unit.records:
            planes[r.plane] = planes.get(r.plane, 0) + r.factors
        seen["planes"] = dict(sorted(planes.items()))
    return seen


def observed(game: Game, state: State, side: str) -> dict[str, list[dict[str, Any]]]:
    """Everything of the enemy that ``side``'s units observe now (Basic III.A, III.C)."""
    return seen_from(game, state, side, observers(game, state, side))


def seen_from(game: Game, state: State, side: str, seen_by: list[Observer]) -> dict[str, list[dict[str, Any]]]:
    """What ``seen_by`` (some of ``side``'s observers) observe of the enemy now."""
    enemy = other(side)
    by_hex: dict[str, list[TaskForce]] = {}
    loose: list[TaskForce] = []
    for tf in state.task_forces:
        if tf.side == enemy and tf.on_map:
            assert tf.hex is not None
            if tf.unorganized:
                loose.append(tf)
            else:
                by_hex.setdefault(tf.hex, []).append(tf)
    ships = []
    for hex_, tfs in sorted(by_hex.items()):
        cond = condition(game, state, seen_by, hex_, flying=False, high=False)
        if cond > 0:
            ships.append(ships_seen(game, tfs, hex_, cond, state))
    for tf in loose:  # Basic VI.D: always observed, the counter itself on the mapboard (reading: Condition 5)
        assert tf.hex is not None
        ships.append({**ships_seen(game, [tf], tf.hex, ALWAYS, state), "unorganized": True})
    planes = []
    for unit in state.air_units:
        if unit.side != enemy or unit.where not in air.FLYING:
            continue
        here = air.air_hex(game, state, unit)
        if here is None:
            continue
        cond = condition(game, state, seen_by, here, flying=True, high=any(r.high for r in unit.records))
        if cond > 0:
            planes.append(air_seen(unit, here, cond, state))
    return {"ships": ships, "air": planes}


# -- observing while flying (Basic III.A) ------------------------------------------------------------
def flight_path(game: Game, start: str, to: str) -> list[str]:
    """The hexes an Air unit flies through from ``start`` to ``to``, both included: the straight
    line across the grid (Air units fly to a hex; the way is the shortest, as drawn)."""
    board = game.board
    a, b = board.cell(start).key, board.cell(to).key
    out = []
    for key in hexes.line(a, b):
        label = board.label_at_key(key)
        if label is not None and (not out or out[-1] != label):
            out.append(label)
    return out


def flying_by(game: Game, state: State, unit: AirUnit, path: list[str], events: list[Event]) -> State:
    """Basic III.A: as a flying Air unit enters each hex, its side learns what it observes there
    (the best condition for each enemy hex or Air unit along the way), and the enemy learns of
    the Air unit wherever the enemy's units observe it."""
    side, enemy = unit.side, other(unit.side)
    entered = path[1:] if len(path) > 1 else path
    found: dict[tuple[str, str, int], dict[str, Any]] = {}
    for h in entered:
        seen = seen_from(game, state, side, flying_observers(unit, h))
        for item in (*[x for x in seen["ships"] if not x.get("unorganized")], *seen["air"]):
            key = (item["what"], item["hex"], item.get("number", 0))
            if key not in found or item["condition"] > found[key]["condition"]:
                found[key] = item
    new: list[Seen] = []
    for item in found.values():
        info = {k: v for k, v in item.items() if k not in ("hex", "what", "condition")}
        new.append(
            Seen(
                side,
                f"Air unit {unit.number}",
                item["hex"],
                item["what"],
                item["condition"],
                json.dumps(info, sort_keys=True),
            )
        )
        events.append(Event("sighting", f"Air unit {unit.number} observes {_told(item)}.", (side,), {"side": side}))
    eyes = observers(game, state, enemy)
    high = any(r.high for r in unit.records)
    best: tuple[int, str] = (0, "")
    for h in entered:
        cond = condition(game, state, eyes, h, flying=True, high=high)
        if cond > best[0]:
            best = (cond, h)
    if best[0]:
        item = air_seen(unit, best[1], best[0], state)
        info = {k: v for k, v in item.items() if k not in ("hex", "what", "condition")}
        new.append(
            Seen(enemy, f"enemy Air unit {unit.number}", best[1], "air", best[0], json.dumps(info, sort_keys=True))
        )
        events.append(Event("sighting", f"The enemy's {_told(item)} flies by.", (enemy,), {"side": enemy}))
    if not new:
        return state
    return evolve(state, sightings=(*state.sightings, *new))


def _info(item: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in item.items() if k not in ("hex", "what", "condition")}, sort_keys=True)


def _told(item: dict[str, Any]) -> str:
    if item["what"] == "ships":
        more = f": {item['ships']} Ship units" if "ships" in item else ""
        return f"ships at {item['hex']} (condition {item['condition']}{more})"
    more = f": {item['factors']} Air Factors" if "factors" in item else ""
    return f"Air unit {item['number']} at {item['hex']} (condition {item['condition']}{more})"


def told_in_full(item: dict[str, Any]) -> list[str]:
    """Basic III.C: every line of what one observation tells its side, Condition by Condition:
    something there (1), the strength announced (2), the number of Ship units or Air Factors
    and their altitudes (3), the ships' sizes, Task Force by Task Force (4), and the ships or
    plane types themselves (5)."""
    ships = item["what"] == "ships"
    head = f"Enemy ships at {item['hex']}" if ships else f"Enemy Air unit {item['number']} at {item['hex']}"
    lines = [f"{head}, observed at Condition {item['condition']}"]
    if "strength" in item:
        lines.append(f"announced as {item['strength']} strong (Condition 2: between half and double the truth)")
    if ships:
        if "ships" in item:
            lines.append(f"{item['ships']} Ship units" + (", anchored" if item.get("anchored") else ""))
        for tf in item.get("task_forces", ()):
            sizes = ", ".join(f"{n} {size}" for size, n in tf["sizes"].items() if n)
            names = f": {', '.join(tf['ships'])}" if tf.get("ships") else ""
            lines.append(f"Task Force {tf['number']}: {sizes}{names}")
    else:
        if "factors" in item:
            lines.append(f"{item['factors']} Air Factors: {item['high']} at High, {item['low']} at Low Altitude")
        if item.get("planes"):
            lines.append(", ".join(f"{n} {plane}" for plane, n in item["planes"].items()))
    if len(lines) == 1:
        lines.append("something is there (Condition 1)")
    return lines


# -- Condition 2 announcements (Basic III.C.2) ---------------------------------------------------------
def _actual(state: State, side: str, kind: str, number: int) -> int | None:
    """The true strength of a side's Task Force (Ship units) or flying Air unit (Air Factors)."""
    if kind == "tf":
        tf = state.task_force(side, number)
        return len(tf.ships) if tf is not None and not tf.exited else None
    unit = state.air_unit(side, number)
    return unit.total if unit is not None else None


def announce_refusal(game: Game, state: State, a: Announce) -> str | None:
    if a.kind not in ("tf", "air"):
        return "Announce the strength of a Task Force ('tf') or an Air unit ('air') (CV › Basic III.C.2)."
    actual = _actual(state, a.side, a.kind, a.number)
    if actual is None:
        what = "Task Force" if a.kind == "tf" else "Air unit"
        return f"You have no {what} {a.number} (CV › Basic III.C.2)."
    low, high = strength_range(actual)
    if not low <= a.strength <= high:
        return (
            f"The strength announced is from one-half (rounded up) to double the true number: {low} to {high} "
            "(CV › Basic III.C.2)."
        )
    return None


def apply_announce(state: State, a: Announce) -> State:
    d = dict(state.announced)
    d[(a.side, a.kind, a.number)] = a.strength
    return evolve(state, announced=tuple(sorted(d.items())))


def announcements(state: State, side: str) -> list[Announce]:
    """Every announcement ``side`` may make now."""
    out: list[Announce] = []
    for tf in state.task_forces:
        if tf.side == side and not tf.exited:
            out += _announcing(side, "tf", tf.number, len(tf.ships))
    for unit in state.air_units:
        if unit.side == side:
            out += _announcing(side, "air", unit.number, unit.total)
    return out


@cache
def _announcing(side: str, kind: str, number: int, strength: int) -> tuple[Announce, ...]:
    """One unit's announcements (Basic III.C.2), kept: every legal order list holds them all,
    hundreds a side, and a unit's change only as its strength does."""
    low, high = strength_range(strength)
    return tuple(Announce(side, kind, number, n) for n in range(low, high + 1))


# -- observing while ships move (Basic III.A, VI.A.2) ------------------------------------------------
def tracks(state: State) -> dict[tuple[str, int], list[str]]:
    """Every Task Force's hexes through this Turn's Ship Unit Movement Step, step by step: where
    it stands, then each hex of its plot (a late arrival: its entry hex, at the first step).
    Both sides move at once, so the k-th hexes of all moves are entered together (as VI.H takes
    the first hexes of both sides' moves to be entered together)."""
    plots = {(side, p.task_force): p for side, ps in state.plots for p in ps}
    out: dict[tuple[str, int], list[str]] = {}
    for tf in state.task_forces:
        key = (tf.side, tf.number)
        if tf.entry is not None:
            if tf.entry.time == state.time:
                out[key] = [tf.entry.hex]
        elif tf.on_map:
            assert tf.hex is not None
            plot = plots.get(key)
            out[key] = [tf.hex, *(plot.path if plot is not None else ())]
    return out


def sailing_by(game: Game, state: State, events: list[Event]) -> State:
    """Basic III.A: as a moving Task Force enters each hex, its side learns what it observes from
    there, and the enemy learns of it wherever the enemy's units observe it (both kept for the
    Turn, at the best condition, as for Air units flying by). The k-th hexes of all moves are
    entered together; a late arrival appears at its entry hex at the first step."""
    moves = tracks(state)
    steps = max((len(t) for t in moves.values()), default=0)
    found: dict[tuple[str, str, str, int], dict[str, Any]] = {}
    for k in range(steps):
        at = {key: t[min(k, len(t) - 1)] for key, t in moves.items()}
        if k == 0:  # late arrivals reach their entry hexes
            moving = {
                (tf.side, tf.number)
                for tf in state.task_forces
                if tf.entry is not None and (tf.side, tf.number) in moves
            }
        else:
            moving = {key for key, t in moves.items() if len(t) > k}
        if not moving:
            continue
        placed = tuple(
            evolve(tf, hex=at[(tf.side, tf.number)], entry=None) if (tf.side, tf.number) in at else evolve(tf, hex=None)
            for tf in state.task_forces
        )
        now = evolve(state, task_forces=placed)
        for side in SIDES:
            mine = [tf for tf in placed if tf.side == side and (tf.side, tf.number) in moving]
            # what the side's moving Task Forces observe from the hexes they enter
            eyes = [o for tf in mine for o in observers_of(game, tf)]
            seen = seen_from(game, now, side, eyes) if eyes else {"ships": [], "air": []}
            # and what all the side's units observe of the enemy's moving Task Forces
            enemy_hexes = {tf.hex for tf in placed if tf.side == other(side) and (tf.side, tf.number) in moving}
            if enemy_hexes:
                everything = seen_from(game, now, side, observers(game, now, side))
                seen["ships"] += [s for s in everything["ships"] if s["hex"] in enemy_hexes]
            for item in (*seen["ships"], *seen["air"]):
                if item.get("unorganized"):  # on the mapboard for both all the time (VI.D)
                    continue
                key = (side, item["what"], item["hex"], item.get("number", 0))
                if key not in found or item["condition"] > found[key]["condition"]:
                    found[key] = item
    new: list[Seen] = []
    for (side, _what, _hex, _n), item in sorted(found.items(), key=lambda kv: kv[0]):
        new.append(Seen(side, "ship movement", item["hex"], item["what"], item["condition"], _info(item)))
        events.append(Event("sighting", f"Observed as ships move: {_told(item)}.", (side,), {"side": side}))
    if not new:
        return state
    return evolve(state, sightings=(*state.sightings, *new))


def observers_of(game: Game, tf: TaskForce) -> list[Observer]:
    """A Task Force's own observers (Basic III.B.3): its ships, and radar if it has a radar ship."""
    assert tf.hex is not None
    out = [Observer("surface", tf.hex)]
    if game.has_radar(tf.side, tf.ships):
        out.append(Observer("radar", tf.hex))
    return out
