"""Doctrine bots for both sides: simple, honest (they read only their own side's view) and
sensible enough to play out whole games.

Japan follows the spirit of the solitaire doctrine (VaM › Solitaire Play): groups enter on
their turn at the historical hexes and sail straight for Midway, the carriers stopping two hexes
short to strike the base until US carriers are found. The US waits north-east of Midway,
searches the western approaches, and closes to strike range once enemy carriers are sighted.
Both strike sighted carriers with every bomber in range, escorted by half their fighters, fly
every other fighter as CAP and land each unit at home when it can.
"""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Rules
from midway_desktop.engine.session import Session
from midway_desktop.games.victory_at_midway.actions import (
    AATarget,
    AirTarget,
    AssignSearch,
    BombTarget,
    Cap,
    Ditch,
    Done,
    Enter,
    Land,
    LoseAircraft,
    MidwayStrike,
    Move,
    Place,
    PrepareAll,
    Resolve,
    ReturnFire,
    Strike,
)
from midway_desktop.games.victory_at_midway.state import JAPAN, MIDWAY, US, Game

US_WAIT = ("K4", "J4")  # north-east of Midway (before and after the morning of 4 June)
US_STATION = {"TF16": ("K4", "J4"), "TF17": ("L5", "K5")}
US_SETUP = {"TF16": ("L4", "K4", "M4"), "TF17": ("L5", "K5", "L4"), "SS1": ("F6",), "SS2": ("G6",), "SS3": ("H5",)}
JP_DEST = {
    "First Fleet": "F5",  # two hexes from Midway: strike range (VaM › Assigning Air Strikes Example)
    "Second Fleet": MIDWAY,
    "Third Fleet": "G6",
    "Fourth Fleet": "F6",
    "Fifth Fleet": "E5",
    "Sixth Fleet": "E4",
}
TARGET_ORDER = {"CV": 0, "CVL": 1, "BB": 2, "CA": 3, "TT": 4, "SFT": 5, "ST": 5, "DD": 6}


class DoctrineBot:
    """One side's doctrine; every choice is picked from the legal list it is given."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._base_weights: dict[str, dict[str, float]] = {}

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        view = session.view(side)
        stage = view["battle"]["stage"] if view["battle"] else view["step"]
        handler = getattr(self, "_" + stage.replace("-", "_"), None)
        action = handler(view, side, legal, rng) if handler is not None else None
        if action is not None and action in legal:
            return action
        done = Done(side)
        return done if done in legal else legal[0]

    # -- helpers ---------------------------------------------------------------------------
    def _dist(self, a: str, b: str) -> int:
        return self.game.board.distance(a, b)

    def _sighted(self, view: dict[str, Any], side: str, since: int, carriers: bool = True) -> list[str]:
        return [s["hex"] for s in view[side]["sightings"] if s["turn"] >= since and (s["carriers"] or not carriers)]

    def _of(self, legal: list[Action], kind: type[Action]) -> list[Any]:
        return [a for a in legal if isinstance(a, kind)]

    # -- set-up and movement ---------------------------------------------------------------
    def _setup(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        places = self._of(legal, Place)
        placed = {s["id"]: s["where"] for s in view[side]["ships"]}
        pieces = sorted({p.piece for p in places})
        for piece in pieces:
            ships = [s for s in view[side]["ships"] if (s["formation"] or s["id"]) == piece]
            if any(placed[s["id"]] != "unplaced" for s in ships):
                continue
            choices = US_SETUP.get(piece, ()) if side == US else (MIDWAY,)
            for hex_ in rng.shuffled(list(choices)):
                if Place(side, piece, hex_) in places:
                    return Place(side, piece, hex_)
            return rng.choice([p for p in places if p.piece == piece])
        return None

    def _ship_movement(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        if side == JAPAN:
            enter = self._japanese_entry(view, legal)
            if enter is not None:
                return enter
        moves = self._of(legal, Move)
        by_piece: dict[str, list[Move]] = {}
        for m in moves:
            by_piece.setdefault(m.piece, []).append(m)
        ships = view[side]["ships"]
        for piece, options in sorted(by_piece.items()):
            members = [s for s in ships if (s["formation"] or s["id"]) == piece and s["where"] not in ("sunk",)]
            if not members:
                continue
            here = members[0]["where"]
            dest, keep = self._destination(view, side, piece, members)
            if dest is None or self._dist(here, dest) <= keep:
                continue
            step = self.game.board.toward(here, dest)
            if Move(side, piece, step) in options:
                return Move(side, piece, step)
        return None

    def _japanese_entry(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        enters = self._of(legal, Enter)
        for group in view[JAPAN]["entry"]:
            if not group["waiting"]:
                continue
            spec = self.game.cat.group(group["group"])
            hex_ = spec.solitaire_entry[0] if spec.solitaire_entry else "A5"
            for candidate in (Enter(JAPAN, spec.id, hex_, spec.fleet), Enter(JAPAN, spec.id, hex_)):
                if candidate in enters:
                    return candidate
        return None

    def _destination(
        self, view: dict[str, Any], side: str, piece: str, members: list[dict[str, Any]]
    ) -> tuple[str | None, int]:
        """Where a piece heads and how close it stops."""
        carriers = any(m["type"] in ("CV", "CVL") for m in members)
        subs = all(m["type"] == "SS" for m in members)
        enemy = self._sighted(view, side, view["turn"] - 1)
        if subs:
            seen = self._sighted(view, side, view["turn"] - 2, carriers=False)
            return (seen[-1], 0) if seen else (None, 0)
        if side == US:
            recent = self._sighted(view, side, view["turn"] - 3)  # where the enemy carriers were lately
            if carriers and recent:
                here = members[0]["where"]
                target = min(recent, key=lambda h: self._dist(here, h))
                return target, 2
            # Wait out of reach, the two task forces apart so one search can't find both.
            return US_STATION.get(piece, US_WAIT)[0 if view["turn"] < 8 else 1], 0
        if carriers and piece == "First Fleet" and enemy:
            here = members[0]["where"]
            target = min(enemy, key=lambda h: self._dist(here, h))
            if self._dist(here, target) <= 4:
                return target, 2
        return JP_DEST.get(piece, MIDWAY), 0

    # -- searches --------------------------------------------------------------------------
    def _search(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        searches = self._of(legal, AssignSearch)
        mine = {(k, h) for k, h in view[side]["searches"]}
        if side == US and AssignSearch(US, "ship", MIDWAY) in searches:
            return AssignSearch(US, "ship", MIDWAY)  # the Marines' own hex: gives nothing away
        covered: set[str] = set()
        for kind, hex_ in mine:
            covered |= self.game.within(hex_, 1) if kind == "air" else {hex_}
        weights = self._search_weights(view, side)
        best, score = None, 0.0
        for a in searches:
            if a.kind != "air":
                continue
            gain = sum(weights.get(h, 0.0) for h in self.game.within(a.hex, 1) - covered)
            gain += rng.below(100) / 1000  # break ties differently from game to game
            if gain > score:
                best, score = a, gain
        return best if score >= 0.5 else None

    def _search_weights(self, view: dict[str, Any], side: str) -> dict[str, float]:
        if side not in self._base_weights:
            board = self.game.board
            base: dict[str, float] = {}
            for h in board:
                d = board.distance(MIDWAY, h)
                # The Japanese come from the west; the US waits to the east.
                likely = h[0] <= "H" if side == US else h[0] >= "G"
                base[h] = 1.0 if likely and d <= 6 else 0.2
            self._base_weights[side] = base
        out = dict(self._base_weights[side])
        for h in self._sighted(view, side, view["turn"] - 2, carriers=False):
            for n in self.game.within(h, 1):
                out[n] = out.get(n, 0) + 3.0
        return out

    # -- air operations --------------------------------------------------------------------
    def _midway_strike(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        if self._sighted(view, side, view["turn"] - 1) or view["airfield_hits"] >= 6:
            return None  # US carriers about: keep every plane for them
        options = {a.unit for a in self._of(legal, MidwayStrike)}
        if not options:
            return None
        planes = {a["id"]: a for a in view[side]["aircraft"]}
        committed = [a for a in planes.values() if a.get("flight", {}).get("kind") == "midway"]
        bases = sorted({planes[u]["base"] for u in options})
        reserve = max(bases, key=lambda b: sum(1 for u in options if planes[u]["base"] == b))
        # Each carrier but the one held in reserve sends its bombers and one fighter.
        for unit in sorted(options):
            a = planes[unit]
            if a["base"] == reserve:
                continue
            if a["type"] != "F":
                return MidwayStrike(side, unit)
            if not any(c["base"] == a["base"] and c["type"] == "F" for c in committed):
                return MidwayStrike(side, unit)
        return None

    def _air_strikes(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        strikes = self._of(legal, Strike)
        if not strikes:
            return None
        current = [s for s in view[side]["sightings"] if s["turn"] == view["turn"]]
        if not current:
            return None
        planes = {a["id"]: a for a in view[side]["aircraft"]}
        flying = [a for a in planes.values() if a.get("flight", {}).get("kind") == "strike"]
        fighters_left = sum(1 for a in planes.values() if a["type"] == "F" and a["where"] == "ready")
        by_unit: dict[str, list[Strike]] = {}
        for s in strikes:
            by_unit.setdefault(s.unit, []).append(s)
        for unit in sorted(by_unit):
            a = planes[unit]
            targets = [s for s in current if any(o.hex == s["hex"] for o in by_unit[unit])]
            if not targets:
                continue
            # Carriers first; the nearest of those.
            targets.sort(key=lambda s: (not s["carriers"], s["hex"]))
            if a["type"] == "F":
                escorts = [f for f in flying if planes[f["id"]]["type"] == "F"]
                bombers = [f for f in flying if planes[f["id"]]["type"] != "F"]
                if not bombers or len(escorts) * 2 >= len(bombers) or len(escorts) >= fighters_left:
                    continue
                hexes = {f["flight"]["target"] for f in bombers}
                targets = [s for s in targets if s["hex"] in hexes] or targets
            elif not targets[0]["carriers"] and a["type"] != "H" and any(s["carriers"] for s in current):
                continue  # keep bombers for the carriers
            hex_ = targets[0]["hex"]
            waves = sorted((o for o in by_unit[unit] if o.hex == hex_), key=lambda o: o.wave)
            return waves[0]
        return None

    def _strike_resolution(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        options = self._of(legal, Resolve)
        return options[0] if options else None

    def _cap(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        caps = self._of(legal, Cap)
        return caps[0] if caps else None

    def _air_targets(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        options = self._of(legal, AirTarget)
        if not options:
            return None
        battle = view["battle"]
        taken = [t for _f, t in battle["orders"]]
        types = {a.target: self.game.cat.plane(a.target).type for a in options}
        reduced = {u["id"]: u["reduced"] for u in battle.get("strike", []) + battle["cap"]}

        def rank(a: AirTarget) -> tuple[int, int, int]:
            kind = {"T": 0, "D": 1, "F": 2}.get(types[a.target], 3)
            return (taken.count(a.target), kind, 0 if not reduced.get(a.target) else 1)

        return min(options, key=rank)

    def _return_fire(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        options = self._of(legal, ReturnFire)
        return options[0] if options else None

    def _aa_targets(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        options = self._of(legal, AATarget)
        if not options:
            return None
        cat = self.game.cat

        def aa(a: AATarget) -> int:
            return cat.ship(a.unit).aa if cat.is_ship(a.unit) else cat.troop(a.unit).aa

        return max(options, key=lambda a: (aa(a), cat.plane(a.target).strike))

    def _bomb_targets(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        options = self._of(legal, BombTarget)
        if not options:
            return None
        battle = view["battle"]
        taken = [t for _u, t in battle["orders"]]
        cat = self.game.cat
        status = {u["id"]: u for u in battle["defenders"]}

        def rank(a: BombTarget) -> tuple[int, int, int]:
            if not cat.is_ship(a.target):
                return (0, taken.count(a.target), 0)
            order = TARGET_ORDER.get(cat.ship(a.target).type, 9)
            return (order, taken.count(a.target) // 3, 1 if status[a.target]["reduced"] else 0)

        return min(options, key=rank)

    def _airfield_losses(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        options = self._of(legal, LoseAircraft)
        planes = {a["id"]: a for a in view[side]["aircraft"]}
        return min(options, key=lambda a: (not planes[a.unit]["reduced"], planes[a.unit]["where"] == "ready"))

    def _air_preparation(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        return PrepareAll(side)

    def _air_return(self, view: dict[str, Any], side: str, legal: list[Action], rng: Rng) -> Action | None:
        lands = self._of(legal, Land)
        planes = {a["id"]: a for a in view[side]["aircraft"]}
        bases = view[side]["bases"]
        ditches = self._of(legal, Ditch)
        must = [d for d in ditches if not any(land.unit == d.unit for land in lands)]
        if must:
            return must[0]
        if ditches and len(ditches) == len({a.unit for a in lands}):
            # Too little room: give up the reduced units first.
            return min(ditches, key=lambda d: (not planes[d.unit]["reduced"], d.unit))
        for land in lands:
            if land.base == planes[land.unit]["home"]:
                return land
        if lands:
            return max(lands, key=lambda a: bases[a.base]["capacity"] - bases[a.base]["aboard"])
        return ditches[0] if ditches else None


def default_bots(rules: Rules[Any]) -> dict[str, DoctrineBot]:
    game = rules.game  # type: ignore[attr-defined]
    return {US: DoctrineBot(game), JAPAN: DoctrineBot(game)}
