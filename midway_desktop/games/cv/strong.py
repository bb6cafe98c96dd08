"""A stronger CV computer player: the Doctrine with weak habits of its mended, seeing only its
own side's view. A step toward a planning player: it does NOT look ahead or roll out plans; it
keeps a belief of where the enemy's carriers may be (``belief``, from its views alone) and
otherwise plays heuristics, each mend chosen by watching Doctrine games and measured against the
Doctrine (``tests.benchmarks.cv_strength``). It reads ``session.view(side)`` and the offered
orders, never the state, as the Doctrine does (``doctrine.Referee``). Its knobs (constructor
arguments) are there for those measurements.

Where it stands (Short Scenario, against the Doctrine, seeds 3000-3099): as the Japanese it won
50 of 100, drew 48 and lost 2 (95 % interval 40-60 %; 187 to 95 Victory Points on average),
where without the belief's search it won 36 (27-46 %; 153 to 82). As the Americans it won 10,
drew 90 (6-17 %; 94 to 86), where the Doctrine there won 1 (75 to 79); its mends did worse than
the Doctrine's own habits there until the spare fuel was left out at that side (:data:`SPARE`).
Winning needs a lead of 100 (XI.A), and neither side beats the Doctrine in most games yet: that
is the planning player's work.

The mends:

- Dive, don't glide (CV › Basic VIII.D.4, IX.E.1.c): Bombers stay at Low Altitude on the Turn
  they take off, and Dive Bombing (an AP-armed Dauntless hits ships on 9, bombing Low on 5)
  starts at High Altitude. So a strike with Dive Bombers whose target lies within one Turn's
  flight waits :data:`HOLD` hexes short of it, climbs in the next Air Unit Movement Phase and
  dives; its fighters climb with it (Interceptors meet Bombers only at their altitude, VIII.D.5).
  Only a strike whose every plane has an Endurance of :data:`LEGS` or more waits: for one with
  Devastators (4) the Turn spent costs more than the dive gains (measured: the American
  carriers' strikes did worse waiting).
- Strike what is there (III.C; VI): a strike goes only at the freshest sightings (ships seen
  an hour ago have moved), valued by what the sighting reveals of carriers and heavy ships
  (:func:`sighting_worth`) rather than by a count of ships, so that a screen of destroyers
  sailing ahead draws no strike once it is seen for what it is.
- Fuel in hand (VIII.E; XI.C.4): as the Japanese, every Air unit reckons :data:`SPARE` Turn
  less Endurance than it has, so it turns home and lands a Turn early: an Air Factor lost for want of a landing
  gives the enemy ten Victory Points, and the landing counted on may be barred by Hits.
- Search on (III): by day, while no sighting of this Turn is in hand, scouts keep flying, up to
  :data:`SCOUTS_ALOFT` (the Doctrine searches only while it knows of no enemy at all).
- Search where they may be (III.A-B): each scout flies for the hex within its move whose sea,
  as far as it observes, holds the most carriers the side believes in (``belief.Belief``) that
  no other scout of the Turn is looking at, rather than out on a bearing set by its number.
"""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.cv.actions import Altitude, Form
from midway_desktop.games.cv.belief import Belief, sight
from midway_desktop.games.cv.doctrine import Doctrine, Referee
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import AIR_BOXES, AMERICAN, JAPANESE

HOLD = 2  # hexes short of its target a diving strike waits on the Turn it takes off
LEGS = 5  # the least Endurance of every plane in a strike that waits to climb
WORTHWHILE = 5  # the least sighting worth a strike (below: destroyers alone)
CARRIER = 20  # worth of a carrier seen (CV, CVL: what wins the battle, XI.C)
KIND_WORTH = {"CV": CARRIER, "CVL": CARRIER, "BB": 10, "CA": 3, "CAV": 3}  # a named ship's worth
# Turns of fuel an Air unit keeps in hand past the Doctrine's reckoning, by side: none for the
# Americans, whose short-legged strikes then never reached (60 games: 0 won, 23 to 63 Victory
# Points against the Doctrine with it; 100 games: 10 won, 94 to 86 without).
SPARE: dict[str, int] = {JAPANESE: 1, AMERICAN: 0}
SCOUTS_ALOFT = 4  # searching Air units kept up by day while no fresh sighting is in hand
# The sides the mends are for (a knob, for measuring them side by side).
MENDED: tuple[str, ...] = (AMERICAN, JAPANESE)


def sighting_worth(game: Game, enemy: str, item: dict[str, Any]) -> int:
    """What a sighting of enemy ships is worth as a target, by what its condition reveals
    (III.C): named ships (5) count carriers at :data:`CARRIER`; sizes (4) capital ships 10,
    major 3, small ones a third; a count (3) or an announced strength (2) the number of ships;
    mere ships (1) a middling 6."""
    named = [n for tf in item.get("task_forces", ()) for n in tf.get("ships", ())]
    if named:
        kinds = [game.ship(enemy, n).type for n in named]
        return sum(KIND_WORTH.get(k, 0) for k in kinds)
    sizes = item.get("sizes")
    if sizes:
        return 10 * int(sizes.get("capital", 0)) + 3 * int(sizes.get("major", 0)) + int(sizes.get("small", 0)) // 3
    return int(item.get("ships", item.get("strength", 6)))


class Strong(Doctrine):
    """One side's stronger computer player (see the module's notes). Deterministic: the same
    views and the same bot luck make the same choices."""

    def __init__(
        self,
        game: Game,
        hold: int = HOLD,
        scouts: int = SCOUTS_ALOFT,
        fresh: int = 1,
        spare: int | None = None,
        endurance: int = LEGS,
        mended: tuple[str, ...] = MENDED,
        believe: int = 1,
    ) -> None:
        super().__init__(game)
        self.mended = mended
        self.believe = believe
        self.belief: Belief | None = None  # where it believes the enemy's carriers are
        self.scenario = ""
        self._searching: dict[int, str] = {}  # this Turn's scouts -> the hex each searches towards
        self.spare = spare
        self.fresh = fresh
        self.hold = hold
        self.endurance = endurance
        self.scouts = scouts

    # -- what it believes of the enemy (``belief``) -----------------------------------------------
    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        self.scenario = session.scenario  # (public: both sides know what is played)
        return super().choose(session, side, legal, rng)

    def _believe(self, view: dict[str, Any], side: str) -> None:
        """Take ``view`` into the belief of where the enemy's carriers are (one per game)."""
        if not self.believe or not self.scenario:
            return
        now = self._now(view)
        belief = self.belief
        fresh = (
            belief is None
            or belief.side != side
            or belief.scenario != self.scenario
            or belief.moves is not None
            and (now < belief.moves - 1 or str(view["step"]) == "set-up" and belief.moves != now)
        )
        if fresh:  # (a new game: ``simulate`` keeps its bots)
            belief = self.belief = Belief(self.game, self.scenario, side)
            self._searching = {}
        assert belief is not None
        if belief.moves is not None and now >= belief.moves:
            self._searching = {}  # (a new Turn: each scout picks afresh)
        belief.look(view)

    # -- search where the enemy's carriers may be (III) ----------------------------------------------
    def _search_point(self, unit: dict[str, Any], here: str) -> str:
        """The hex within the scout's move whose sea, as far as it observes (Observation Chart,
        Low Altitude), holds the most carriers the side believes in and no other scout of this
        Turn is looking at; the Doctrine's fan when it believes nothing."""
        belief = self.belief
        if belief is None or belief.side not in self.mended:
            return super()._search_point(unit, here)
        heat = belief.heat()
        if not heat:
            return super()._search_point(unit, here)
        eyes = sight(self.game, "low", False)  # (scouts search by day, at Low Altitude)
        taken: set[str] = set()
        for number, h in self._searching.items():
            if number != unit["number"]:
                taken.update(belief.near(h, eyes))
        best, best_worth = None, 0.0
        for h in belief.near(here, self._speed(unit)):
            worth = sum(heat.get(x, 0.0) for x in belief.near(h, eyes) if x not in taken)
            if worth > best_worth + 1e-9:
                best, best_worth = h, worth
        if best is None:
            return super()._search_point(unit, here)
        self._searching[unit["number"]] = best
        return best

    # -- strikes: dive, don't glide (VIII.D.4) --------------------------------------------------
    def _low_divers(self, unit: dict[str, Any]) -> bool:
        """Armed Dive Bombers at Low Altitude in the Air unit (they must climb before diving)."""
        return any(
            r["weapon"] and not r["high"] and self.game.plane(r["plane"]).function == "DB" for r in unit["records"]
        )

    def _mends(self, view: dict[str, Any]) -> bool:
        """Whether the mends apply at the side whose view this is (:data:`MENDED`)."""
        return view.get("viewer") in self.mended

    def _goal(self, view: dict[str, Any], side: str, unit: dict[str, Any], here: str) -> tuple[str | None, str]:
        goal, cap = super()._goal(view, side, unit, here)
        if not self._mends(view) or goal is None or cap or unit["where"] != "forming" or self._role(unit) != "strike":
            return goal, cap
        if not self.hold or not self._low_divers(unit) or self._dist(here, goal) <= self.hold:
            return goal, cap
        if min(self.game.plane(r["plane"]).endurance for r in unit["records"]) < self.endurance:
            return goal, cap  # short legs (a Devastator's 4 Turns): the Turn spent waiting is too dear
        # Taking off now it would bomb at Low Altitude: wait HOLD hexes short, on its own side.
        ring = [h for h in self.game.board.within(goal, self.hold) if self._dist(h, goal) == self.hold]
        return (min(ring, key=lambda h: (self._dist(here, h), h)) if ring else goal), ""

    # -- what a sighting is worth (III.C) ----------------------------------------------------------
    def _note(self, view: dict[str, Any], side: str) -> None:
        """The Doctrine's notes, each sighting valued by :func:`sighting_worth` (what it reveals
        of carriers and heavy ships) instead of by its count of ships; and the belief of where
        the enemy's carriers are (``belief``) brought up to date."""
        super()._note(view, side)
        self._believe(view, side)
        if not self._mends(view):
            return
        now = self._now(view)
        enemy = JAPANESE if side != JAPANESE else AMERICAN
        best: dict[str, int] = {}
        for item in (*view.get("observed", {}).get("ships", ()), *view[side].get("sightings", ())):
            if item.get("what", "ships") == "ships" and item["hex"] in self.seen:
                best[item["hex"]] = max(best.get(item["hex"], 0), sighting_worth(self.game, enemy, item))
        for hex_, worth in best.items():
            if self.seen[hex_][0] == now:
                self.seen[hex_] = (now, worth)

    def _strike_target(self, view: dict[str, Any], side: str, here: str) -> str | None:
        """The Doctrine's pick, among the freshest sightings only (ships move every Turn, VI,
        and a strike sent at where they were an hour or more ago finds an empty sea), and
        none worth less than :data:`WORTHWHILE` (a screen of destroyers is not worth a strike)."""
        if not self.seen or not self.fresh or not self._mends(view):
            return super()._strike_target(view, side, here)
        kept = self.seen
        fresh = max(when for when, _n in kept.values())
        self.seen = {h: v for h, v in kept.items() if v[0] == fresh and v[1] >= WORTHWHILE}
        try:
            return super()._strike_target(view, side, here)
        finally:
            self.seen = kept

    # -- fuel (VIII.E; XI.C.4) ----------------------------------------------------------------------
    def _fuel(self, view: dict[str, Any], unit: dict[str, Any]) -> int:
        """The Doctrine's Turns of fuel, less a spare: an Air Factor lost for want of a landing
        hex gives the enemy ten Victory Points (XI.C.4), and the landing it counted on may be
        barred (Hits on the Base or the carrier cut its Launch Factor, VIII.A.1.c)."""
        if not self._mends(view):
            return super()._fuel(view, unit)
        spare = self.spare if self.spare is not None else SPARE.get(str(view.get("viewer")), 0)
        return super()._fuel(view, unit) - spare

    # -- altitude (VIII.D.5) ---------------------------------------------------------------------
    def _climb(self, view: dict[str, Any], side: str, ref: Referee) -> Action | None:
        """The Doctrine's climb of Dive Bombers, and Escorts with them (fighters of a strike
        climb when its bombers are high)."""
        climb = super()._climb(view, side, ref)
        if climb is not None or not self._mends(view):
            return climb
        for unit in sorted(view[side]["air_units"], key=lambda u: u["number"]):
            if unit["where"] != "map" or unit["moved"] or self._role(unit) != "strike":
                continue
            if not any(r["high"] for r in unit["records"]):
                continue
            for r in unit["records"]:
                if not r["weapon"] and not r["high"] and self._fighter(r["plane"]):
                    up = Altitude(side, unit["number"], r["plane"], True)
                    if ref.allows(up):
                        return up
        return None

    # -- search (III) ----------------------------------------------------------------------------
    def _form_air_units(self, view: dict[str, Any], side: str, ref: Referee, rng: Rng) -> Action | None:
        choice = super()._form_air_units(view, side, ref, rng)
        if choice is not None or view["night"] or not self._mends(view):
            return choice
        now = self._now(view)
        if any(when == now for when, _n in self.seen.values()):
            return None  # a fresh sighting: the Doctrine's strikes and CAP are the whole plan
        units = view[side]["air_units"]
        if sum(1 for u in units if self._role(u) == "search") >= self.scouts:
            return None
        used = {u["number"] for u in units}
        free = next((n for n in range(1, AIR_BOXES + 1) if n not in used), 0)
        scout = self._scout(view, side, [], free)  # (the Doctrine caps its scouts at three)
        if scout is None:
            return None
        box, number, plane, weapon, n = scout
        form = Form(side, box, number, plane, n, weapon)
        return form if ref.allows(form) else None
