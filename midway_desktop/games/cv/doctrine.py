"""A CV doctrine: a computer player that seeks battle, seeing only its own side's view.

Simple heuristics, no search. Each choice reads ``session.view(side)`` (``views``: what the side
may know, CV › Basic III) and the orders the rules offer it, never the state itself; what it has
observed on earlier Turns it remembers, as a player keeps notes (a sighting is forgotten after
:data:`MEMORY` Turns). By step of the Sequence of Play (CV › Basic IV):

- Set-up (Set Up IV): Task Forces where the rules let them start nearest their goal; bombers in
  C armed for what they will meet.
- Plane Ready Step (IV.A.1): Air Factors readied B to C (armed: torpedoes, else AP Bombs against
  ships; HE Bombs against Midway), then A to B, up to the Ready Factors.
- Form Air Units Step (IV.A.2): by day, a strike of every armed bomber in C (with half its box's
  ready fighters as Escorts) at an observed enemy Task Force (the Japanese also at Midway) it can
  reach and come back from within its Endurance (VIII.E); a CAP of fighters over every carrier
  Task Force and Midway that has none (VIII.H.2); a scout (one Air Factor of a floatplane, flying
  boat or, lacking them, a bomber) when it has seen no enemy ships lately (III: observation).
- Plot Ship Movement Step (VI.A.1): each Task Force plotted toward the enemy ships it knows of
  (carriers keep a striking distance, the others close in), else toward Midway (the Japanese
  objective, and what the Americans defend); transports anchor and unload at Midway (VI.A.3).
- Air Unit Movement Phase (VIII.A): strikes fly at their targets; scouts fan out and turn home
  at half Endurance; every Air unit heads home when its Endurance needs it and lands when it
  must, has dropped its Weapon units, or is a CAP about to run dry (VIII.A.1, VIII.E.2).
- Combat (IX): Interceptors attack Escorts and Bombers, free ones the biggest Bomber group;
  every armed line bombs a ship (the biggest first) or Midway; Surface Combat set-ups engage
  (with torpedoes when there are any), the die set at random; Gunnery and Torpedo Factors go at
  a target; a Base's losses come off as offered.
- Condition 2 (III.C.2): carrier Task Forces are announced at half strength, the others (and
  Air units) at double, to mislead.

Any asked order it does not know (a later rule's) gets a legal default: Done if offered, else
the first order offered, so the computer never stalls a game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.cv import bombing, wind
from midway_desktop.games.cv.actions import (
    WEAPON_TITLES,
    Altitude,
    Announce,
    Arrange,
    Attack,
    Bomb,
    Done,
    Eliminate,
    EnterMap,
    Fire,
    Form,
    Intercept,
    Land,
    MoveAir,
    Place,
    Plot,
    Ready,
    SetDie,
    Stow,
    TakeOff,
)
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.legal import legal_orders
from midway_desktop.games.cv.sequence import as_played_by
from midway_desktop.games.cv.state import AIR_BOXES, AMERICAN, JAPANESE

MEMORY = 4  # Turns a sighting is kept for plotting and strikes
STANDOFF = 5  # hexes a carrier Task Force keeps from the enemy it has found
SCOUTS = ("FB", "FP")  # plane functions that search first (Intro III.B.1)
BOMBERS = ("DB", "TB", "HB", "MB", "FB", "FP")
MAX_ORDERS = 60  # orders one side gives in one step before it seals anyway (a guard, never reached in play)
SALVO = 12  # Air Factors sent at one target before the next gets its share
_BOMB = re.compile(r"^(\d+) (.+) of Air unit (\d+) \((.+)\): (\w+) Bombing on (.+)$")  # (``Bomb.describe``)
_TIME = re.compile(r"(\d\d)00 June (\d{1,2})")


def _title(plane: str) -> str:
    return plane.replace("-", " ").title()  # (as ``actions`` names a plane in an order)


def turn_index(text: str) -> int:
    """A Time Record box written out ("0400 June 4") as Turns since 0100 June 1."""
    m = _TIME.match(text)
    if m is None:
        return 0
    return (int(m.group(2)) - 1) * 24 + int(m.group(1)) - 1


class Doctrine:
    """One side's computer player (see the module's notes). Deterministic: the same views and
    the same bot luck make the same choices."""

    uses_legal = False  # it asks the rules for the few orders it weighs (see ``Referee``)

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seen: dict[str, tuple[int, int]] = {}  # enemy ship hex -> (Turn seen, worth: ships, capital ones thrice)
        self.given: dict[tuple[int, str, str], int] = {}  # (Turn, step, battle) -> orders given there
        self.last = -1  # the Turn of the last choice: an earlier one means a new game
        self._places: list[Place] = []

    # -- the engine's entry point ------------------------------------------------------------
    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        if self.last < 0 and session.history:
            self.recall(session, side)
        return self.decide(session.view(side), side, Referee(session, side, legal or None), rng)

    def recall(self, session: Session, side: str) -> None:
        """Seated in a game already begun (a loaded save, or the computer taking over a side):
        take the notes it would have taken before each of the side's orders of the last
        ``MEMORY`` Turns, from the side's view then, so that a save and load forgets nothing."""
        now = session.state.time.index
        for step in session.history:
            before = step.before
            if step.action.side == side and now - before.time.index <= MEMORY:
                self._remember(session.rules.view(before, side), side)

    def _remember(self, view: dict[str, Any], side: str) -> int:
        """Note what the side sees now, as every decision does first; the number of orders given
        at this Turn, step and Battle, this one included."""
        step = str(view["step"])
        now = self._now(view)
        if now < self.last or step == "set-up":  # a new game (``simulate`` keeps its bots): forget the old one
            self.seen.clear()
        self.last = now
        if step != "set-up":
            self._places = []
        self._note(view, side)
        key = (now, step, str(view.get("battle", {}).get("hex", "")))
        self.given = {k: n for k, n in self.given.items() if k[0] == now}  # (only this Turn's count)
        self.given[key] = self.given.get(key, 0) + 1
        return self.given[key]

    def decide(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action:
        """The order to give now, from the side's view and what the rules allow it."""
        step = str(view["step"])
        given = self._remember(view, side)
        done = Done(side) if ref.allows(Done(side)) else None
        if given > MAX_ORDERS:  # close the step as a player would (see ``bots.clearing_orders``)
            if done is not None:
                return done
            clearing = ref.clearing()
            if clearing:
                return clearing[0]
        announce = self._announce(view, side, ref.offered(Announce))
        if announce is not None:
            return announce
        handler = getattr(self, "_" + step.replace("-", "_"), None)
        choice = handler(view, side, ref, rng) if handler is not None else None
        if choice is not None and ref.allows(choice):
            return choice
        return done if done is not None else next(a for a in ref.offered() if not isinstance(a, Announce))

    # -- what the side knows ------------------------------------------------------------------
    @staticmethod
    def _now(view: dict[str, Any]) -> int:
        return (int(view["day"]) - 1) * 24 + int(view["hour"]) - 1

    def _note(self, view: dict[str, Any], side: str) -> None:
        """Remember enemy ships observed now or this Turn (III.A), forget stale ones and those
        seen to have gone."""
        now = self._now(view)
        found: dict[str, int] = {}
        for item in (*view.get("observed", {}).get("ships", ()), *view[side].get("sightings", ())):
            if item.get("what", "ships") != "ships":
                continue
            value = int(item.get("ships", item.get("strength", 1))) + 3 * int(item.get("sizes", {}).get("capital", 0))
            found[item["hex"]] = max(found.get(item["hex"], 0), value)
        for hex_, n in found.items():
            self.seen[hex_] = (now, n)
        observed_now = {x["hex"] for x in view.get("observed", {}).get("ships", ())}
        mine = {t["hex"] for t in view[side]["task_forces"] if t["hex"]}
        for hex_, (when, _n) in list(self.seen.items()):
            gone = when < now and hex_ in mine and hex_ not in observed_now  # we are there: they are not
            if now - when > MEMORY or gone:
                del self.seen[hex_]

    def targets(self, view: dict[str, Any], side: str) -> list[str]:
        """Hexes to strike or steer for: enemy ships seen, the freshest and biggest first; the
        Japanese also go for Midway (their objective, Basic XI)."""
        out = [h for h, _ in sorted(self.seen.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))]
        if side == JAPANESE and self.game.midway not in out:
            out.append(self.game.midway)
        return out

    def _dist(self, a: str, b: str) -> int:
        return self.game.board.distance(a, b)

    def _nearest(self, start: str, hexes: Iterable[str]) -> str | None:
        return min(hexes, key=lambda h: (self._dist(start, h), h), default=None)

    def _boxes(self, view: dict[str, Any], side: str) -> dict[str, str]:
        """Own boxes on the mapboard by id (``tf3``, ``midway``) and their hexes."""
        mine = view[side]
        out = {f"tf{t['number']}": t["hex"] for t in mine["task_forces"] if t["hex"] and not t["exited"]}
        out.update({b["id"]: b["hex"] for b in mine["bases"] if b["hex"]})
        return out

    def _homes(self, view: dict[str, Any], side: str, planes: Iterable[str]) -> list[str]:
        """Hexes where the planes may land: carrier-borne ones on Task Forces that carry planes
        (else a base), land-based ones at a base on the mapboard (IV.B.3)."""
        land = any(self.game.plane(p).land_based for p in planes)
        mine = view[side]
        bases = [b["hex"] for b in mine["bases"] if b["hex"]]
        if land:
            return bases
        ships = [t["hex"] for t in mine["task_forces"] if t["hex"] and not t["exited"] and t["capacity"] > 0]
        return ships or bases

    def _unit_hex(self, view: dict[str, Any], side: str, unit: dict[str, Any]) -> str | None:
        if unit["where"] == "map":
            return unit["hex"]
        if unit["where"] in ("cap", "forming"):
            return self._boxes(view, side).get(unit["box"])
        return None

    def _weapon(self, view: dict[str, Any], side: str, plane: str) -> str:
        """The Weapon unit a bomber is armed with entering C (IV.B.2.a): for ships torpedoes,
        else AP Bombs; HE Bombs while the Japanese have seen no ships and go for Midway."""
        weapons = self.game.plane(plane).weapons
        if not weapons or self.game.plane(plane).function in SCOUTS:
            return ""  # scouts search unarmed
        if side == JAPANESE and not self.seen and "he" in weapons:
            return "he"
        for w in ("t", "ap", "he"):
            if w in weapons:
                return w
        return weapons[0]

    # -- Condition 2 (III.C.2) ---------------------------------------------------------------
    def _announce(self, view: dict[str, Any], side: str, legal: Sequence[Action]) -> Announce | None:
        said = {(a["kind"], a["number"]) for a in view[side].get("announced", ())}
        carriers = {t["number"] for t in view[side]["task_forces"] if t["capacity"] > 0}
        best: dict[tuple[str, int], Announce] = {}
        for a in legal:
            if not isinstance(a, Announce) or (a.kind, a.number) in said:
                continue
            low = a.kind == "tf" and a.number in carriers  # hide the carriers, puff up the rest
            was = best.get((a.kind, a.number))
            if was is None or (a.strength < was.strength if low else a.strength > was.strength):
                best[(a.kind, a.number)] = a
        return best[min(best)] if best else None

    # -- set-up (Set Up III-IV) -----------------------------------------------------------------
    def _set_up(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        if not self._places:  # (the hexes a Task Force may start in stay the same through the set-up)
            self._places = self._best_places([a for a in ref.offered(Place) if isinstance(a, Place)], side)
        forces = {t["number"]: t for t in view[side]["task_forces"]}
        for best in self._places:
            number = best.task_force
            tf = forces[number]
            where = tf["entry"]["hex"] if tf["entry"] else tf["hex"]
            if where != best.hex:
                return best
        for stow in ref.offered(Stow):  # bombers in C armed (Set Up III.C.2.d)
            if isinstance(stow, Stow) and stow.source == "c" and stow.target == "c":
                armed = self._weapon(view, side, stow.plane)
                if stow.weapon == armed and self._unarmed(view, side, stow.box, stow.plane) == stow.factors:
                    return stow
        return None

    def _best_places(self, legal: list[Place], side: str) -> list[Place]:
        """Each Task Force's place, by number: the Americans wait off Midway, the Japanese close in."""
        midway = self.game.midway
        want = 8 if side != JAPANESE else 0
        places: dict[int, list[Place]] = {}
        for a in legal:
            places.setdefault(a.task_force, []).append(a)
        return [
            min(options, key=lambda a: (abs(self._dist(a.hex, midway) - want), a.hex))
            for _number, options in sorted(places.items())
        ]

    @staticmethod
    def _box(view: dict[str, Any], side: str, box: str) -> dict[str, Any] | None:
        for t in view[side]["task_forces"]:
            if f"tf{t['number']}" == box:
                return t
        for b in view[side]["bases"]:
            if b["id"] == box:
                return b
        return None

    def _unarmed(self, view: dict[str, Any], side: str, box: str, plane: str) -> int:
        found = self._box(view, side, box)
        if found is None:
            return 0
        return sum(s["factors"] for s in found["planes"]["c"] if s["plane"] == plane and not s["weapon"])

    # -- Plane Ready Step (IV.A.1) -------------------------------------------------------------
    def _plane_ready(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        legal = ref.offered(Ready)
        readies = [a for a in legal if isinstance(a, Ready)]
        to_c = [
            a for a in readies if a.source == "b" and a.target == "c" and a.weapon == self._weapon(view, side, a.plane)
        ]
        if to_c:
            return max(to_c, key=lambda a: (self._bomber(a.plane), a.factors, a.box, a.plane))
        to_b = [a for a in readies if a.source == "a" and a.target == "b"]
        if to_b:
            return max(to_b, key=lambda a: (a.factors, a.box, a.plane, a.weapon))
        return None

    def _bomber(self, plane: str) -> bool:
        return self.game.plane(plane).function in BOMBERS

    def _fighter(self, plane: str) -> bool:
        return self.game.plane(plane).function == "F"

    def _reach(self, plane: str) -> int:
        """Hexes out a plane may strike and still come home within its Endurance (VIII.E): half
        its flying Turns, less one Turn's spare."""
        p = self.game.plane(plane)
        return p.movement * max(1, p.endurance - 1) // 2

    # -- Form Air Units Step (IV.A.2) ----------------------------------------------------------
    def _form_air_units(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        units = view[side]["air_units"]
        used = {u["number"] for u in units}
        free = next((n for n in range(1, AIR_BOXES + 1) if n not in used), 0)
        boxes = self._boxes(view, side)
        room = self._room(view, side)
        wanted: list[tuple[str, int, str, str, int]] = []  # (box, Air unit, plane, weapon, factors)
        for box, here in sorted(boxes.items()):
            if room.get(box, 0) < 1:
                continue  # (nothing more launches from it this Turn, IV.A.2.a: the strike goes from another)
            forming = [u for u in units if u["where"] == "forming" and u["box"] == box]
            strike = next((u for u in forming if self._role(u) == "strike"), None)
            if strike is not None or not view["night"]:
                number = strike["number"] if strike is not None else free
                for (plane, weapon), n in sorted(self._strike_planes(view, side, box, here, strike).items()):
                    wanted.append((box, number, plane, weapon, n))
                if wanted:
                    break
        for box, _here in sorted(boxes.items()):
            found = self._box(view, side, box)
            capped = any(u["box"] == box and self._role(u) == "cap" for u in units if u["where"] in ("cap", "forming"))
            if capped or found is None or found["capacity"] <= 0 or not self._defended(view, side, found):
                continue
            fighters = self._in_c(found, self._fighter, armed=False)
            if fighters:
                plane, n = max(fighters.items(), key=lambda kv: (kv[1], kv[0]))
                wanted.append((box, free, plane, "", (n + 1) // 2))
        if not self.seen and not view["night"]:
            scout = self._scout(view, side, units, free)
            if scout is not None:
                wanted.append(scout)
        for box, number, plane, weapon, n in wanted:
            n = min(n, room.get(box, n))
            while n >= 1 and number:
                form = Form(side, box, number, plane, n, weapon)
                if ref.allows(form):
                    return form
                n //= 2  # within the Launch Factors (IV.A.2.a): a smaller one may still go
        return None

    def _room(self, view: dict[str, Any], side: str) -> dict[str, int]:
        """Air Factors each box may still launch this Turn, keeping room for the Air units
        that must land on it this Turn or the next (take-offs and landings share the Launch
        Factor, VIII.A.1.c)."""
        boxes = self._boxes(view, side)
        due = self._due(view, side)
        out = {}
        for box in boxes:
            found = self._box(view, side, box)
            if found is not None:
                out[box] = max(0, max(found["launch"]) - found["launched"] - due.get(box, 0))  # after Hits (IX.K.3.a)
        return out

    def _due(self, view: dict[str, Any], side: str) -> dict[str, int]:
        """Air Factors by box that must land on it this Turn or the next."""
        boxes = self._boxes(view, side)
        due: dict[str, int] = {}
        for unit in view[side]["air_units"]:
            here = self._unit_hex(view, side, unit)
            if unit["where"] not in ("map", "cap") or here is None:
                continue
            role = self._role(unit)
            if role in ("home", "strike", "cap") and (role == "home" or self._fuel(view, unit) <= 2):
                home = self._nearest(here, self._homes(view, side, [r["plane"] for r in unit["records"]]))
                box = unit["box"] if role == "cap" else next((b for b, h in sorted(boxes.items()) if h == home), "")
                due[box] = due.get(box, 0) + sum(r["factors"] for r in unit["records"])
        return due

    def _defended(self, view: dict[str, Any], side: str, box: dict[str, Any]) -> bool:
        """A carrier Task Force or a base wants CAP by day, or when enemy planes are about."""
        return not view["night"] or bool(view.get("enemy_air"))

    def _in_c(self, box: dict[str, Any], kind: Any, armed: bool | None = None) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in box["planes"]["c"]:
            if kind(s["plane"]) and (armed is None or bool(s["weapon"]) == armed):
                out[s["plane"]] = out.get(s["plane"], 0) + s["factors"]
        return out

    def _role(self, unit: dict[str, Any]) -> str:
        """What an Air unit is for, read from its planes: a lone Air Factor searches; armed
        bombers strike; fighters alone fly CAP; anything else goes home."""
        records = unit["records"]
        if sum(r["factors"] for r in records) == 1:
            return "search"
        if any(r["weapon"] for r in records):
            return "strike"
        if all(self._fighter(r["plane"]) for r in records):
            return "cap"
        return "home"

    def _strike_planes(
        self, view: dict[str, Any], side: str, box: str, here: str | None, forming: dict[str, Any] | None
    ) -> dict[tuple[str, str], int]:
        """(plane, weapon) -> Air Factors still to send from ``box`` at the nearest target its
        bombers reach and come back from (none: no target in reach); half its fighters in C go
        as Escorts, if the target is in their reach too."""
        found = self._box(view, side, box)
        if found is None or here is None:
            return {}
        target = self._strike_target(view, side, here)
        if target is None:
            return {}
        d = self._dist(here, target)
        out: dict[tuple[str, str], int] = {}
        for s in found["planes"]["c"]:
            near = self.game.plane(s["plane"]).function not in SCOUTS or d <= 4  # (floatplanes strike close by)
            if self._bomber(s["plane"]) and s["weapon"] and d <= self._reach(s["plane"]) and near:
                out[(s["plane"], s["weapon"])] = out.get((s["plane"], s["weapon"]), 0) + s["factors"]
        if not out and forming is None:
            return {}
        gone: dict[str, int] = {}
        for r in forming["records"] if forming is not None else ():
            gone[r["plane"]] = gone.get(r["plane"], 0) + r["factors"]
        for plane, n in self._in_c(found, self._fighter, armed=False).items():
            escorts = (n + gone.get(plane, 0)) // 2 - gone.get(plane, 0)
            if escorts > 0 and d <= self._reach(plane):
                out[(plane, "")] = escorts
        return out

    def _strike_target(self, view: dict[str, Any], side: str, here: str) -> str | None:
        """The target worth most within the longest reach of a strike from ``here``, the
        nearest of equals (Midway is worth as much as a big fleet to the Japanese)."""
        reach = max(self._reach(p.name) for p in self.game.data.planes if p.side == side and p.function in BOMBERS)
        worth = {h: self.seen.get(h, (0, 12))[1] for h in self.targets(view, side)}
        near = [h for h in worth if self._dist(here, h) <= reach]
        return max(near, key=lambda h: (worth[h], -self._dist(here, h), h)) if near else None

    def _scout(
        self, view: dict[str, Any], side: str, units: list[dict[str, Any]], number: int
    ) -> tuple[str, int, str, str, int] | None:
        """One Air Factor to search with: a flying boat or floatplane first, the longest
        Endurance first (no more than three searching at once)."""
        if sum(1 for u in units if self._role(u) == "search") >= 3 or not number:
            return None
        best: tuple[tuple[bool, int, str, str], tuple[str, int, str, str, int]] | None = None
        for box, _here in sorted(self._boxes(view, side).items()):
            found = self._box(view, side, box)
            for s in found["planes"]["c"] if found is not None else ():
                p = self.game.plane(s["plane"])
                if p.function == "F":
                    continue
                key = (p.function not in SCOUTS, -p.endurance, box, s["plane"])
                if best is None or key < best[0]:
                    best = (key, (box, number, s["plane"], s["weapon"], 1))
        return best[1] if best is not None else None

    # -- Plot Ship Movement Step (VI.A.1) --------------------------------------------------------
    def _ship_plotting(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        plotted = {p["task_force"] for p in view[side]["plots"]}
        midway = self.game.midway
        due = self._due(view, side)
        for tf in sorted(view[side]["task_forces"], key=lambda t: t["number"]):
            number, start = tf["number"], tf["hex"]
            if number in plotted or not start or tf["entry"] or tf["exited"] or tf["movement"] < 1:
                continue
            troops = bool(tf["troops"])
            if troops and start == midway:
                unload = Plot(side, number, (), anchor=True, unload=True)
                if ref.allows(unload):
                    return unload
            goal, keep = self._course(view, side, tf)
            path = self._path(start, goal, keep, tf["movement"])
            busy = tf["launched"] + due.get(f"tf{number}", 0) > tf["launch"][0]  # past the Minimum (VI.E)
            if tf["capacity"] > 0 and busy and not wind.into_wind(self.game, start, path):
                path = self._windward(start, goal, keep, tf["movement"]) or path
            plot = Plot(side, number, path)
            if ref.allows(plot):
                return plot
            options = [a for a in ref.offered(Plot) if isinstance(a, Plot) and a.task_force == number]
            options = [a for a in options if not a.exit and not a.anchor]
            if options:  # (the way it wanted is barred: into the Wind, VI.E; the best it may take)
                return min(options, key=lambda a: (abs(self._dist(a.path[-1] if a.path else start, goal) - keep),
                                                   -len(a.path), a.path))  # fmt: skip
        return None

    def _course(self, view: dict[str, Any], side: str, tf: dict[str, Any]) -> tuple[str, int]:
        """Where a Task Force steers and the distance it keeps: carriers stand off from the
        enemy they found, the other ships close in; lacking a sighting, Midway."""
        midway = self.game.midway
        if tf["troops"]:
            return midway, 0
        if side != JAPANESE and tf["capacity"] <= 0:  # the screen keeps with the carriers
            carriers = [
                t["hex"] for t in view[side]["task_forces"] if t["capacity"] > 0 and t["hex"] and not t["exited"]
            ]
            near = self._nearest(tf["hex"], carriers)
            if near is not None:
                return near, 0
        targets = [h for h in self.targets(view, side) if h != midway or side == JAPANESE]
        goal = self._nearest(tf["hex"], targets)
        if goal is None:
            return midway, 3 if side != JAPANESE else 0  # the Americans wait off Midway
        return goal, STANDOFF if tf["capacity"] > 0 else 0  # (Japanese carriers stand off Midway too)

    def _windward(self, start: str, goal: str, keep: int, steps: int) -> tuple[str, ...] | None:
        """Basic VI.E: carriers launch and land past their Minimum Launch Factor only on a Turn
        they move a hex into the Wind Direction; the best such move toward the goal."""
        board = self.game.board
        paths: list[tuple[str, ...]] = []
        frontier: list[tuple[str, ...]] = [()]
        for _ in range(steps):
            frontier = [(*p, n) for p in frontier for n in sorted(board.neighbors(p[-1] if p else start))]
            paths += frontier
        into = [p for p in paths if wind.into_wind(self.game, start, p)]
        return min(into, key=lambda p: (abs(self._dist(p[-1], goal) - keep), len(p), p)) if into else None

    def _path(self, start: str, goal: str, keep: int, steps: int) -> tuple[str, ...]:
        """Hex by hex, the neighbour that best nears the kept distance from ``goal``."""
        path: list[str] = []
        here = start
        for _ in range(steps):
            score = abs(self._dist(here, goal) - keep)
            best = min(sorted(self.game.board.neighbors(here)), key=lambda h: abs(self._dist(h, goal) - keep))
            if abs(self._dist(best, goal) - keep) >= score:
                break
            path.append(best)
            here = best
        return tuple(path)

    # -- Air Unit Movement Phase (VIII.A) --------------------------------------------------------
    def _fuel(self, view: dict[str, Any], unit: dict[str, Any]) -> int:
        """Turns left before the first of its planes must land (VIII.E)."""
        return min(turn_index(r["must_land"]) for r in unit["records"]) - self._now(view)

    def _speed(self, unit: dict[str, Any]) -> int:
        return min(self.game.plane(r["plane"]).movement for r in unit["records"])

    def _must_go_home(self, view: dict[str, Any], side: str, unit: dict[str, Any], here: str) -> bool:
        homes = self._homes(view, side, [r["plane"] for r in unit["records"]])
        home = self._nearest(here, homes)
        if home is None:
            return False
        turns = math.ceil((self._dist(here, home) + 2) / max(1, self._speed(unit)))
        if self._role(unit) == "search":  # half its Endurance out, half back
            return self._fuel(view, unit) - 1 <= turns + 1
        return self._fuel(view, unit) - 1 <= turns

    def _landing(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        legal = ref.offered(Land)
        boxes = self._boxes(view, side)
        for unit in sorted(view[side]["air_units"], key=lambda u: u["number"]):
            mine = [a for a in legal if isinstance(a, Land) and a.air_unit == unit["number"]]
            if not mine:
                continue
            role = self._role(unit)
            here = self._unit_hex(view, side, unit)
            fuel = self._fuel(view, unit)
            late = fuel <= 1 or (role == "search" and here is not None and self._must_go_home(view, side, unit, here))
            spent = role == "strike" and here is not None and here in boxes.values() and fuel <= 2
            if role == "home" or late or spent:
                whole = [a for a in mine if not a.plane]
                pick = whole or mine
                return min(
                    pick, key=lambda a: (self._dist(here, boxes.get(a.box, here)) if here else 0, a.box, a.plane)
                )
        return None

    def _air_move(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        climb = self._climb(view, side, ref)
        if climb is not None:
            return climb
        for unit in sorted(view[side]["air_units"], key=lambda u: u["number"]):
            if unit["moved"]:
                continue
            if unit["where"] == "in-flight":
                entries = [a for a in ref.offered(EnterMap) if isinstance(a, EnterMap)]
                enter = [a for a in entries if a.air_unit == unit["number"]]
                aim = (self.targets(view, side) or [self.game.midway])[0]
                if enter:
                    return min(enter, key=lambda a: (self._dist(a.hex, aim), a.hex))
                continue
            here = self._unit_hex(view, side, unit)
            if here is None or unit["where"] not in ("map", "cap"):
                continue
            goal, cap = self._goal(view, side, unit, here)
            stay = goal == here and (unit["where"] == "cap") == bool(cap)
            if goal is None or stay and not unit["leave"]:
                continue
            number = unit["number"]
            move = self._fly(here, goal, self._speed(unit), lambda h, c, n=number: MoveAir(side, n, h, c), cap, ref)
            if move is None and unit["leave"]:  # it must leave the hex it fought over (VIII.H.3)
                away = [a for a in ref.offered(MoveAir) if isinstance(a, MoveAir) and a.air_unit == number]
                move = min(away, key=lambda a: (self._dist(a.to, goal), a.to)) if away else None
            if move is not None:
                return move
        return None

    def _climb(self, view: dict[str, Any], side: str, ref: Referee) -> Action | None:
        """Dive Bombers of a strike climb to High Altitude to dive (IX.B.1.h; not on the Turn
        they take off, VIII.D.4); torpedo bombers and the rest stay Low."""
        for unit in sorted(view[side]["air_units"], key=lambda u: u["number"]):
            if unit["where"] != "map" or unit["moved"] or self._role(unit) != "strike":
                continue
            for r in unit["records"]:
                p = self.game.plane(r["plane"])
                if r["weapon"] and not r["high"] and p.function == "DB":
                    climb = Altitude(side, unit["number"], r["plane"], True)
                    if ref.allows(climb):
                        return climb
        return None

    def _fly(self, here: str, goal: str, reach: int, order: Any, cap: str, ref: Referee) -> Action | None:
        """The allowed flight that ends nearest ``goal`` (with ``cap``, in that box's CAP Box)."""
        if cap and goal == here or self._dist(here, goal) <= reach:
            first = order(goal, cap)
            if ref.allows(first):
                return first
        hexes = sorted(self.game.board.within(here, reach), key=lambda h: (self._dist(h, goal), h))
        for h in hexes[:8]:
            if h != here or not cap:
                a = order(h, "")
                if ref.allows(a):
                    return a
        return None

    def _goal(self, view: dict[str, Any], side: str, unit: dict[str, Any], here: str) -> tuple[str | None, str]:
        """Where an Air unit flies this Turn, and the CAP Box it joins there."""
        role = self._role(unit)
        homes = self._homes(view, side, [r["plane"] for r in unit["records"]])
        home = self._nearest(here, homes)
        boxes = self._boxes(view, side)
        home_box = next((b for b, h in sorted(boxes.items()) if h == home), "")
        if role == "cap":
            if unit["where"] in ("cap", "forming") and unit["box"] in boxes:
                return boxes[unit["box"]], unit["box"]
            return home, home_box
        if role == "home" or self._must_go_home(view, side, unit, here):
            return home, ""
        if role == "strike":
            target = self._strike_target(view, side, here) or self._nearest(here, self.targets(view, side))
            return (target, "") if target is not None else (home, "")
        if role == "search":
            return self._search_point(unit, here), ""
        return home, ""

    def _search_point(self, unit: dict[str, Any], here: str) -> str:
        """A hex a scout's Movement Factor away on its own bearing (by Air Box number), so that
        scouts fan out."""
        board = self.game.board
        bearing = ("nw", "n", "sw", "ne", "s", "se")[unit["number"] % 6]
        point = here
        for _ in range(self._speed(unit)):
            nxt = board.step(point, bearing)
            if nxt is None:
                break
            point = nxt
        return point

    def _take_off(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        for unit in sorted(view[side]["air_units"], key=lambda u: u["number"]):
            if unit["where"] != "forming":
                continue
            here = self._unit_hex(view, side, unit)
            number = unit["number"]
            if here is None:  # from an off-board base: it flies off first (VIII.G.1)
                off = TakeOff(side, number, "")
                if ref.allows(off):
                    return off
                continue
            goal, cap = self._goal(view, side, unit, here)
            if goal is None:
                continue
            take = self._fly(here, goal, self._speed(unit), lambda h, c, n=number: TakeOff(side, n, h, c), cap, ref)
            if take is not None:
                return take
        return None

    # -- Combat Phase (IX) -----------------------------------------------------------------------
    def _air_to_air(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        legal = ref.offered(Intercept)
        orders = " ".join(view.get("battle", {}).get("orders", ()))
        for high in (True, False):
            if ("High" if high else "Low") + " Altitude Interceptors" in orders:
                continue
            options = [a for a in legal if isinstance(a, Intercept) and a.high == high]
            if options:  # all in: half at the Escorts, the rest kept for the Bombers (IX.D)
                most = max(a.escorts + a.bombers for a in options)
                return min((a for a in options if a.escorts + a.bombers == most),
                           key=lambda a: (abs(a.escorts - a.bombers), a.escorts))  # fmt: skip
        return None

    def _interception(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        legal = ref.offered(Attack)
        enemy = view.get("battle", {}).get("enemy_air", ())
        sizes = {(x["air_unit"], x["high"], x["group"]): x["factors"] for x in enemy if x.get("role") == "bomber"}
        attacks = [a for a in legal if isinstance(a, Attack)]
        if not attacks:
            return None
        return max(attacks, key=lambda a: (sizes.get((a.air_unit, a.high, a.group), 0), a.factors, -a.air_unit))

    def _aa(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        """Basic IX.E.2: each armed line bombs; carriers first (by name at Condition 5, else the
        biggest ships), no more than :data:`SALVO` Air Factors at one ship until every ship has
        had some, the best method its altitude allows (the orders built from the view, each
        checked: listing every split of every line costs too much in a big Battle)."""
        battle = view.get("battle", {})
        hex_ = battle.get("hex")
        enemy = JAPANESE if side != JAPANESE else AMERICAN
        worth = {s["target"]: self._ship_worth(enemy, s) for s in battle.get("enemy_ships", ())}
        if battle.get("enemy_base"):
            worth.update({"base": 4 if side == JAPANESE else 0, "ground": 1})
        aimed: dict[str, int] = {}
        spent: dict[tuple[int, str, str, bool], int] = {}
        for text in battle.get("orders", ()):
            m = _BOMB.match(text)
            if m is None:
                continue
            n, plane, unit, weapon, method, what = m.groups()
            key = f"ship:{int(what[10:]) - 1}" if what.startswith("Ship unit ") else what
            aimed[key] = aimed.get(key, 0) + int(n)
            line = (int(unit), plane, weapon, method.lower() in ("high", "dive"))
            spent[line] = spent.get(line, 0) + int(n)
        lines: dict[tuple[int, str, str, bool], int] = {}
        for unit in view[side]["air_units"]:
            if self._unit_hex(view, side, unit) != hex_ or unit["where"] not in ("map", "cap"):
                continue
            for r in unit["records"]:
                if r["weapon"] and self._bomber(r["plane"]):
                    key = (unit["number"], r["plane"], r["weapon"], r["high"])
                    lines[key] = lines.get(key, 0) + r["factors"]

        def score(t: str) -> tuple[int, int, str]:
            crowded = t.startswith("ship:") and aimed.get(t, 0) >= SALVO
            return (worth.get(t, 1) - 10 * crowded, -aimed.get(t, 0) if t.startswith("ship:") else 0, t)

        options = []
        for (unit, plane, weapon, high), have in sorted(lines.items()):
            left = have - spent.get((unit, _title(plane), WEAPON_TITLES.get(weapon, ""), high), 0)
            for method in ("dive", "high") if high else ("torpedo", "low"):
                for target in worth:
                    hit = bombing.bht(self.game, plane, method, weapon, target)
                    if left > 0 and hit is not None:
                        options.append((score(target), hit, left, unit, plane, weapon, high, method, target))
        for sc, _hit, left, unit, plane, weapon, high, method, target in sorted(options, reverse=True)[:12]:
            whole = not target.startswith("ship:") or (sc[0] >= 7 and left <= 2 * SALVO)
            bomb = Bomb(side, unit, plane, weapon, high, method, target, left if whole else min(left, SALVO))
            if ref.allows(bomb):
                return bomb
        return None

    def _ship_worth(self, enemy: str, ship: dict[str, Any]) -> int:
        if "ship" in ship:
            kind = self.game.ship(enemy, ship["ship"]).type
            return {"CV": 9, "CVL": 7, "BB": 5, "AP": 4 if enemy == JAPANESE else 2}.get(kind, 2)
        return {"capital": 5, "major": 3, "small": 1}.get(ship.get("size", ""), 2)

    def _air_losses(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        legal = ref.offered(Eliminate)
        picks = [a for a in legal if isinstance(a, Eliminate)]
        order = {"a": 0, "b": 1, "c": 2}  # the planes least ready go first
        return min(picks, key=lambda a: (order.get(a.section, 3), -a.factors, a.plane)) if picks else None

    def _surface_set_up(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        legal = ref.offered(Arrange, SetDie)
        done = {(a["hex"], ship) for a in view[side].get("arrangements", ()) for ship in a["roles"]}
        dice = {a["hex"] for a in view[side].get("arrangements", ()) if a.get("die")}
        prefer = {"torpedo": 0, "engaged": 1, "bombard": 2, "screened": 3}
        arranges = [a for a in legal if isinstance(a, Arrange) and (a.hex, a.ship) not in done]
        if arranges:
            first = min(arranges, key=lambda a: (a.hex, a.ship))
            mine = [a for a in arranges if (a.hex, a.ship) == (first.hex, first.ship)]
            return min(mine, key=lambda a: prefer.get(a.role, 9))
        dies = sorted({a.hex for a in legal if isinstance(a, SetDie) and a.hex not in dice})
        if dies:
            return SetDie(side, dies[0], 1 + rng.below(6))
        return None

    def _fire(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        legal = ref.offered(Fire)
        fires = [a for a in legal if isinstance(a, Fire)]
        return max(fires, key=lambda a: (a.factors, a.target == "base", a.target)) if fires else None

    _surface_gunnery = _surface_torpedo = _breakthrough = _bombardment = _fire


class Referee:
    """What the rules tell a side of the orders it may give, and nothing else: the orders of
    some types it may give now (as the window highlights them) and whether one order is
    allowed (as a refusal would say). With the runner's list of every legal order, both are
    read from it."""

    def __init__(self, session: Session, side: str, legal: list[Action] | None = None) -> None:
        self._session = session
        self._side = side
        self._legal = legal
        self._allowed: set[Action] | None = set(legal) if legal is not None else None

    def offered(self, *kinds: type[Action]) -> list[Action]:
        if self._legal is not None:
            return [a for a in self._legal if not kinds or isinstance(a, kinds)]
        if not kinds:
            return list(self._session.legal_actions(self._side))
        rules = self._session.rules
        state = as_played_by(self._session.state, self._side)  # (at the side's own step)
        return legal_orders(rules.game, state, self._side, kinds)  # type: ignore[attr-defined]

    def clearing(self) -> list[Action]:
        """The orders that each clear one refusal of the side's seal (``bots.clearing_orders``)."""
        from midway_desktop.games.cv.bots import clearing_orders

        state = as_played_by(self._session.state, self._side)
        return clearing_orders(self._session.rules.game, state, self._side)  # type: ignore[attr-defined]

    def allows(self, action: Action) -> bool:
        if self._allowed is not None:
            return action in self._allowed
        return self._session.rules.check(self._session.state, action) is None
