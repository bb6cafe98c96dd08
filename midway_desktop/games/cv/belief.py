"""Where one CV side believes the enemy's carriers are, read from its own views only.

CV › Basic III: a side knows the scenario (which enemy forces there are, where they set up or
enter and when: Set Up, the scenario's Information), what its own units observe now and what
its planes saw while flying this Turn; of the enemy nothing else. A computer player that plans
(a search pattern, a strike, a course) needs more than the last sighting: where the enemy can
be by now. This keeps that, for each enemy force that carries planes, as a chance for every hex:

- **From the scenario**: a force on the mapboard at the start is anywhere in its set-up area
  alike; one that enters appears in its entry area at its Turn (Set Up IV; Scenarios I.C).
- **Each Turn it may have sailed** its Movement Factor (the slowest ship of the force, Basic
  VI.B.5), so the chance spreads that far, evenly, from every hex it held.
- **Where the side looks and sees no ships, none are**: every hex its observers would see ships
  in now (Basic III.B: each Task Force, Base and flying Air unit, on its line of the Observation
  Chart, by day or night) and every hex its Air units flew over since it last looked.
- **Where it sees ships**, a force is likelier to be: the hex's chance grows by :data:`SEEN`; a
  sighting that names a carrier of the side (Condition 5, III.C) puts the likeliest force there.

Provisional (a model of a player's reasoning, not a rule): the even spread, the weight of a
sighting, and that forces are followed apart (a Task Force split off a force keeps the force's
chance; ships sunk are not taken out). It reads views and the scenario only: two positions the
side cannot tell apart give the same belief (``tests/games/cv/test_belief.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.observation import flight_path
from midway_desktop.games.cv.rules import SCENARIO_IDS
from midway_desktop.games.cv.sequence import PRIVATE
from midway_desktop.games.cv.setup import scenario_forces
from midway_desktop.games.cv.state import AMERICAN, JAPANESE

CARRIERS = ("CV", "CVL")
SEEN = 10.0  # how much likelier a force is in a hex where ships are seen than the sea around


@dataclass
class Force:
    """One enemy carrier (or a force of them) as the scenario gives it: its ships' titles, its
    carriers, its speed, where it sets up or enters and at which Turn (``None``: on the mapboard
    at the start); and how likely it is in each hex (the likeliest 1; empty before it enters)."""

    name: str
    ships: frozenset[str]
    carriers: int
    speed: int
    area: frozenset[str]
    enters: int | None
    chance: dict[str, float] = field(default_factory=dict)


class Belief:
    """What ``side`` believes of the enemy's carriers in one game of ``scenario`` (see the
    module's notes). :meth:`look` takes in each view in turn; :meth:`heat` reads it."""

    def __init__(self, game: Game, scenario: str, side: str) -> None:
        self.game = game
        self.scenario = scenario
        self.side = side
        self.enemy = JAPANESE if side == AMERICAN else AMERICAN
        self.moves: int | None = None  # the Turn whose Ship Movement is the next to take in
        played = game.data.scenarios.played(*SCENARIO_IDS[scenario])
        self.start = played.start.index if played.start is not None else None
        self.forces = _forces(game, scenario, self.enemy)
        self._flying: dict[int, str] = {}  # own Air unit -> the hex it was last seen in
        self._weighed: set[str] = set()  # hexes whose sighting has weighed since the enemy last moved
        self._spread: dict[tuple[str, int], tuple[str, ...]] = {}

    # -- taking in a view ------------------------------------------------------------------------
    def look(self, view: Mapping[str, Any]) -> None:
        """Take in what ``view`` (this side's, now) shows: the enemy's movements since the last
        look, the sea looked at, the ships seen."""
        now = (int(view["day"]) - 1) * 24 + int(view["hour"]) - 1
        step = str(view["step"])
        # Ships move in the Ship Plotting and Movement Phase (Basic VI): until it, this Turn's
        # positions are the last Turn's.
        moved = now if step == "set-up" or step in PRIVATE else now + 1
        if self.moves is None:
            self.moves = min(moved, self.start if self.start is not None else moved)
            for force in self.forces:
                if force.enters is None:
                    force.chance = _even(force.area)
        while self.moves < moved:
            for force in self.forces:
                if force.enters == self.moves:
                    force.chance = _even(force.area)  # (it enters in this Turn's movement)
                if force.chance:
                    force.chance = self._sail(force.chance, force.speed)
            self.moves += 1
            self._weighed = set()
        if step == "set-up":
            return  # (the enemy sets up unseen: Set Up IV)
        seen = self._ships_seen(view)
        # (Ships seen in a hex this Turn may be there still: it weighs once a Turn, and the sea
        # looked at there does not clear it.)
        fresh = sorted({h for h, _now in seen} - self._weighed)
        self._weighed.update(fresh)
        looked = self._looked_at(view) - self._weighed
        for force in self.forces:
            chance = {h: p for h, p in force.chance.items() if h not in looked}
            for h in fresh:
                if h in chance:
                    chance[h] *= SEEN
            force.chance = _normal(chance) if chance else self._lost(force, looked)
        # A force named where it is observed now is there; named in a sighting of this Turn, it
        # is there or within a move of it.
        for (h, now_there), names in sorted(seen.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            for force in self.forces:
                if force.ships & names:
                    near = dict.fromkeys((h,) if now_there else self.near(h, force.speed), 1.0 / SEEN)
                    force.chance = {**near, h: 1.0}

    def _sail(self, chance: Mapping[str, float], speed: int) -> dict[str, float]:
        """One Turn's sailing: a hex is as likely as the likeliest hex within ``speed`` of it
        (a Task Force steams on at full speed as readily as it lingers)."""
        out: dict[str, float] = {}
        for h, p in chance.items():
            for n in self.near(h, speed):
                if out.get(n, 0.0) < p:
                    out[n] = p
        return out

    def near(self, h: str, n: int) -> tuple[str, ...]:
        """Every hex within ``n`` of ``h`` (kept: asked for at every look)."""
        key = (h, n)
        found = self._spread.get(key)
        if found is None:
            found = self._spread[key] = tuple(sorted(self.game.board.within(h, n)))
        return found

    def _lost(self, force: Force, looked: set[str]) -> dict[str, float]:
        """A force looked for everywhere it was thought to be: anywhere it could have sailed to
        since the start, but where the side looks now."""
        if self.moves is None or not force.area:
            return {}
        start = force.enters if force.enters is not None else (self.start or self.moves)
        reach = max(0, self.moves - start) * force.speed
        out: set[str] = set()
        for h in force.area:
            out |= set(self.near(h, min(reach, 40)))
        return _even(out - looked)

    # -- what the view shows ---------------------------------------------------------------------
    def _ships_seen(self, view: Mapping[str, Any]) -> dict[tuple[str, bool], frozenset[str]]:
        """By (hex, whether the ships are there now): where enemy ships are observed now or were
        seen this Turn, and the ships named there (Condition 5, III.C; none below it). A sighting
        of this Turn may have been made part-way through the Ship Movement Step (by Task Forces
        sailing by, ``observation.sailing_by``, or Air units shadowing, VI.G), of ships that
        went on: the view does not say when, so each is taken as one of them."""
        out: dict[tuple[str, bool], frozenset[str]] = {}
        items = [(x, True) for x in view.get("observed", {}).get("ships", ())]
        items += [(x, False) for x in view[self.side].get("sightings", ())]
        for item, there in items:
            if item.get("what", "ships") != "ships":
                continue
            names = frozenset(n for tf in item.get("task_forces", ()) for n in tf.get("ships", ()))
            key = (item["hex"], there)
            out[key] = out.get(key, frozenset()) | names
        return out

    def _looked_at(self, view: Mapping[str, Any]) -> set[str]:
        """Every hex where the side's observers would see ships now (Basic III.B.3), and those
        its Air units flew over since it last looked."""
        mine = view[self.side]
        night = bool(view["night"])
        posts: list[tuple[str, str]] = []  # (line of the Observation Chart, hex)
        for tf in mine["task_forces"]:
            if tf["hex"] and not tf["exited"] and not tf.get("entry"):
                posts.append(("surface", tf["hex"]))
                if self.game.has_radar(self.side, tuple(tf["ships"])):
                    posts.append(("radar", tf["hex"]))
        for base in mine["bases"]:
            if base["hex"]:
                posts.append(("surface", base["hex"]))
                if self.game.bases[base["id"]].radar:
                    posts.append(("radar", base["hex"]))
        flying: dict[int, str] = {}
        for unit in mine["air_units"]:
            if unit["where"] != "map" or not unit.get("hex"):
                continue
            here = unit["hex"]
            flying[unit["number"]] = here
            lines = sorted({"high" if r["high"] else "low" for r in unit["records"]})
            was = self._flying.get(unit["number"])
            # (the hexes it entered: where it set out from was looked at before, III.A)
            path = flight_path(self.game, was, here)[1:] if was is not None and was != here else [here]
            posts += [(line, h) for h in path for line in lines]
        self._flying = flying
        out: set[str] = set()
        for line, h in set(posts):
            reach = sight(self.game, line, night)
            if reach >= 0:
                out.update(self.near(h, reach))
        return out

    # -- reading it ------------------------------------------------------------------------------
    def heat(self) -> dict[str, float]:
        """The carriers the side expects in each hex (each force's chance times its carriers)."""
        out: dict[str, float] = {}
        for force in self.forces:
            total = sum(force.chance.values())
            for h, p in force.chance.items():
                out[h] = out.get(h, 0.0) + p / total * force.carriers
        return out


def sight(game: Game, line: str, night: bool) -> int:
    """How far an observer on ``line`` of the Observation Chart sees ships (Basic III.B): the
    last distance of its unbroken run of conditions above 0 (-1: not even its own hex)."""
    row = game.sight_row(line, False, False, night)
    return next((d for d, c in enumerate(row) if c <= 0), len(row)) - 1


def _forces(game: Game, scenario: str, enemy: str) -> list[Force]:
    """The enemy's carriers, each followed on its own (a force's carriers may part), from the
    scenario (public: Set Up; Scenarios I.C)."""
    out: list[Force] = []
    for f in scenario_forces(game, *SCENARIO_IDS[scenario]):
        if f.side != enemy:
            continue
        area = frozenset({f.hex} if f.hex else game.area(f.area))
        enters = f.enters.index if f.enters is not None else None
        for title in f.ships:
            ship = game.ship(enemy, title)
            if ship.type in CARRIERS:
                out.append(Force(title, frozenset({title}), 1, ship.ship_class.movement, area, enters))
    return out


def _even(hexes: Iterable[str]) -> dict[str, float]:
    return dict.fromkeys(sorted(set(hexes)), 1.0)


def _normal(chance: Mapping[str, float]) -> dict[str, float]:
    """Weights scaled so that the likeliest hex has 1, and none below ``1 / SEEN``: ships seen
    Turn after Turn elsewhere make a hex less likely than the sighting's, never unlikelier."""
    top = max(chance.values(), default=0.0)
    return {h: max(p / top, 1.0 / SEEN) for h, p in chance.items()} if top > 0 else {}
