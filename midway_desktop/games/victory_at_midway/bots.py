"""Doctrine bots for both sides: simple, honest and fast enough for thousands of games.

Honest: a bot reads the position only through what its side may know — its own units and
orders, its own sighting markers, the enemy's announced searches, and what is deployed in a
battle in sight of both (``tactics``) — never the enemy's hidden units (a test moves them about
and checks the bot's choices stay the same). Fast: each decision is one :class:`Orders` batch
holding the side's whole orders for the step or battle segment.

Japan follows the spirit of the solitaire doctrine (VaM › Solitaire Play): groups enter on
their turn at the historical hexes and sail straight for Midway, the carriers stopping two hexes
short to strike the base until US carriers are found; the transports land their battalions on
6 June. The US waits north-east of Midway, searches the western approaches, and closes to strike
range once enemy carriers are sighted. Both strike sighted carriers with every bomber in range,
escorted by half their fighters, fly every other fighter as CAP and land each unit at home when
it can. Submarines attack whatever their ship search finds; battleship-heavy Japanese forces open
surface battles; ships at Midway bombard it when the option is in play.
"""

from __future__ import annotations

from math import fsum
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Rules
from midway_desktop.engine.session import Session
from midway_desktop.games.victory_at_midway import air, battle, doctrine, movement, naval, search, setup, tactics
from midway_desktop.games.victory_at_midway.actions import (
    AssignSearch,
    Bombard,
    BuildBase,
    Done,
    Enter,
    Form,
    GoAshore,
    MidwayStrike,
    Place,
    PrepareAll,
    Resolve,
    Scout,
    SubAttack,
    SurfaceAttack,
    make_move,
    make_search,
    make_strike,
    orders_of,
)
from midway_desktop.games.victory_at_midway.sequence import as_played_by
from midway_desktop.games.victory_at_midway.state import JAPAN, MIDWAY, SHIP_OFF_MAP, US, Game, State, sightings_since

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
LANDING_TURN = 22  # the 0430 turn of 6 June (VaM › Solitaire Play › Doctrine Toward Midway)
SURFACE_ATTACK_STRENGTH = 15  # Japanese ships open a surface battle with this much gunnery
SEARCH_WORTH = 0.5  # an air search must be expected to cover this much to be flown
SCOUTS = 2
JITTERS = 6  # tie-breaks between equally good search hexes
SEARCH_CANDIDATES = 12  # hexes weighed per search (the best by the static ranking)


# The steps whose doctrine picks from the list of legal orders; the rest work from the state
# (asking the rules' option lists for just the orders they weigh, as the legal list holds them).
NEEDS_LEGAL = frozenset({"setup"})


class DoctrineBot:
    """One side's doctrine; each choice is a batch of orders the rules accept."""

    # Listing every legal order is costly (moves, searches, strikes) and most steps never read
    # the list, so the runner hands over none and the steps that need one ask for it.
    uses_legal = False

    def __init__(self, game: Game) -> None:
        self.game = game
        self._base_weights: dict[str, dict[str, float]] = {}

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        state: State = as_played_by(self.game, session.state, side)  # (at the side's own step: ``sequence.RUNS``)
        stage = state.battle.stage if state.battle is not None else state.step
        if state.battle is not None:
            plan = tactics.orders(self.game, state, side)
        else:
            handler = getattr(self, "_" + stage.replace("-", "_"), None)
            if not legal and (handler is None or stage in NEEDS_LEGAL):
                legal = session.legal_actions(side)
            plan = handler(state, side, legal, rng) if handler is not None else None
        if plan is None:
            return (legal or session.legal_actions(side))[0]
        if isinstance(plan, Action):
            return plan
        return orders_of(side, plan)

    # -- helpers ---------------------------------------------------------------------------
    def _dist(self, a: str, b: str) -> int:
        return self.game.distance(a, b)

    def _sighted(self, state: State, side: str, since: int, carriers: bool = True) -> list[str]:
        """The side's own Enemy Ships/Carriers Sighted markers from turn ``since`` on."""
        return [s.hex for s in sightings_since(state, since) if s.side == side and (s.carriers or not carriers)]

    def _ready(self, state: State, side: str) -> list[tuple[str, str]]:
        """(unit, launch hex) for each of the side's Ready aircraft that can take off now."""
        g = self.game
        out = []
        here_of: dict[str, str | None] = {}
        for unit, st in g.aircraft(state, side):
            if st.loc != "ready":
                continue
            if st.base not in here_of:
                here_of[st.base] = None if air.launch_block(g, state, st.base) else g.base_hex(state, st.base)
            here = here_of[st.base]
            if here is not None:
                out.append((unit, here))
        return out

    # -- set-up and movement ---------------------------------------------------------------
    def _setup(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        places = [a for a in legal if isinstance(a, Place)]
        out: list[Action] = []
        for piece in sorted({p.piece for p in places}):
            choices = US_SETUP.get(piece, ()) if side == US else (MIDWAY,)
            options = [p for p in places if p.piece == piece]
            good = [p for p in options if p.hex in choices]
            out.append(rng.choice(good) if good else rng.choice(options))
        return out

    def _ship_movement(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        g = self.game
        out: list[Action] = []
        if side == JAPAN:
            for gid in setup.waiting_groups(g, state):
                grp = g.cat.group(gid)
                earliest = setup.entry_turn(g, state, grp.id)
                if earliest is None or state.turn < earliest:
                    continue
                hex_ = grp.solitaire_entry[0] if grp.solitaire_entry else "A5"
                for candidate in (Enter(JAPAN, grp.id, hex_, grp.fleet), Enter(JAPAN, grp.id, hex_)):
                    if setup.enter_refusal(g, state, candidate) is None:
                        out.append(candidate)
                        break
        entered = {a.piece for a in out if isinstance(a, Enter)}
        solitaire_us = state.solitaire and side == US
        turn = state.turn
        # The side's markers of the last three turns, read once (placement order kept).
        mine = [s for s in sightings_since(state, turn - 3) if s.side == side]
        seen = {
            "subs": [s.hex for s in mine if s.turn >= turn - 2],
            "recent": [s.hex for s in mine if s.carriers],
            "enemy": [s.hex for s in mine if s.carriers and s.turn >= turn - 1],
        }
        pieces = movement.movable(g, state, side)
        if side == JAPAN and state.opt("seaplane-tenders"):
            pieces = {k: list(v) for k, v in pieces.items()}  # (a copy: the tenders may leave a box)
            out += self._tenders(state, pieces)
        for piece, ships in sorted(pieces.items()):
            if piece in entered:
                continue
            here = g.u(state, ships[0]).loc
            dest, keep = self._destination(state, side, piece, ships, here, seen)
            if dest is None or self._dist(here, dest) <= keep:
                continue
            step = g.toward(here, dest)
            if solitaire_us and movement.no_entry(g, state, side, ships, step):
                continue  # solitaire: never into a hex with Japanese surface ships (the rules refuse it)
            out.append(make_move(side, piece, step))
        return out

    def _tenders(self, state: State, pieces: dict[str, list[str]]) -> list[Action]:
        """Seaplane Tenders (optional): ST11 leaves its group for Kure Atoll when the group's next
        hex no longer brings it closer, as in the solitaire doctrine."""
        g = self.game
        st = g.u(state, doctrine.ST11)
        if not st.formation or st.loc in SHIP_OFF_MAP or st.loc == MIDWAY or state.kure_closed:
            return []
        nxt = g.toward(st.loc, JP_DEST.get(st.formation, MIDWAY))
        if st.loc == doctrine.KURE or g.distance(nxt, doctrine.KURE) >= g.distance(st.loc, doctrine.KURE):
            if st.formation in pieces:  # the box could move this turn, so can ST11 on its own
                pieces[st.formation].remove(doctrine.ST11)
                if not pieces[st.formation]:  # (it was the box's last ship: the box moves no more)
                    del pieces[st.formation]
                pieces[doctrine.ST11] = [doctrine.ST11]
            return [Form(JAPAN, doctrine.ST11, "")]
        return []

    def _destination(self, state: State, side: str, piece: str, ships: list[str], here: str,
                     seen: dict[str, list[str]]) -> tuple[str | None, int]:  # fmt: skip
        """Where a piece heads and how close it stops."""
        g = self.game
        carriers = not g.carriers.isdisjoint(ships)
        if g.subs.issuperset(ships):
            subs = seen["subs"]
            return (min(subs, key=lambda h: (self._dist(here, h), h)), 0) if subs else (None, 0)
        if side == US:
            recent = seen["recent"]  # where the enemy carriers were lately
            if carriers and recent:
                target = min(recent, key=lambda h: (self._dist(here, h), h))
                return target, 2
            # Wait out of reach, the two task forces apart so one search can't find both.
            return US_STATION.get(piece, US_WAIT)[0 if state.turn < 8 else 1], 0
        enemy = seen["enemy"]
        if carriers and piece == "First Fleet" and enemy:
            target = min(enemy, key=lambda h: (self._dist(here, h), h))
            if self._dist(here, target) <= 4:
                return target, 2
        if piece == doctrine.ST11:
            return doctrine.KURE, 0
        if piece == "Third Fleet" and state.opt("midway-bombardment"):
            return MIDWAY, 0  # the close support group bombards the atoll
        return JP_DEST.get(piece, MIDWAY), 0

    # -- searches --------------------------------------------------------------------------
    def _search(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        g = self.game
        out: list[Action] = []
        if side == US and game_has_marines(g, state):
            out.append(make_search(US, "ship", MIDWAY))  # the Marines' own hex: gives nothing away
        if state.opt("submarines"):
            # Subs are never found, so their ship searches cost nothing and show them targets.
            for h in sorted({st.loc for s, st in g.ships(state, side) if s in g.subs and st.loc not in SHIP_OFF_MAP}):
                a = AssignSearch(side, "ship", h)
                if a not in out and search.search_refusal(g, state, a) is None:
                    out.append(a)
        weights: dict[str, float] | None = None  # worked out only when needed (see below)
        allowances = search.air_allowances(g, state, side)
        jitter = self._jitter(rng)
        # Every marker counts (a hex sighted twice weighs twice in ``_search_weights``): the key
        # holds them all, so a remembered plan is the very plan this position would work out.
        seen = tuple(sorted(self._sighted(state, side, state.turn - 2, carriers=False)))
        # The same allowances, recent sightings and tie-break give the same searches: remembered.
        k = ("bot-searches", side, jitter, tuple((a.hexes, a.count) for a in allowances), seen)
        plan = g.memo.get(k)
        if plan is None:
            covered: set[str] = set()
            chosen: list[str] = []
            slots = sorted((a for a in allowances for _ in range(a.count)), key=lambda a: len(a.hexes))
            hot = self._hot(state, side)
            weights = self._search_weights(state, side)
            for slot in slots:
                best, score = self._best_hex(side, slot.hexes, weights, covered, set(chosen), hot, jitter)
                if best is not None and score >= SEARCH_WORTH:
                    chosen.append(best)
                    covered |= g.within(best, 1)
            plan = tuple(chosen)
            if len(g.memo) < 200_000:
                g.memo[k] = plan
        out += [make_search(side, "air", h) for h in plan]
        if state.opt("extra-scouts") and not g.night(state) and not self._sighted(state, side, state.turn - 1):
            chosen = set(plan)
            covered = set().union(*(g.within(h, 1) for h in plan)) if plan else set()
            if weights is None:
                weights = self._search_weights(state, side)
            out += self._scouts(state, side, weights, covered, chosen, rng)
        if side == JAPAN and state.opt("seaplane-tenders") and search.build_refusal(g, state, BuildBase(JAPAN)) is None:
            out.append(BuildBase(JAPAN))
        return out

    def _scouts(self, state: State, side: str, weights: dict[str, float], covered: set[str], chosen: set[str],
                rng: Rng) -> list[Action]:  # fmt: skip
        g = self.game
        out: list[Action] = []
        jitter = self._jitter(rng)
        hot = self._hot(state, side)
        for unit, here in self._ready(state, side):
            if len(out) >= SCOUTS or g.cat.plane(unit).type != "D":
                continue
            reach = g.within(here, g.cat.plane(unit).range)
            best, score = self._best_hex(side, reach, weights, covered, chosen, hot, jitter)
            if best is not None and score >= 2 * SEARCH_WORTH:
                chosen.add(best)
                covered |= g.within(best, 1)
                out.append(Scout(side, unit, best))
        return out

    def _jitter(self, rng: Rng) -> int:
        """A small random preference between equally good hexes (one of a few, so that plans repeat)."""
        return rng.below(JITTERS) * 331

    def _hot(self, state: State, side: str) -> set[str]:
        """Hexes next to recent sightings: always worth a look."""
        out: set[str] = set()
        for h in self._sighted(state, side, state.turn - 2, carriers=False):
            out |= self.game.within(h, 1)
        return out

    def _best_hex(self, side: str, hexes: frozenset[str], weights: dict[str, float], covered: set[str],
                  chosen: set[str], hot: set[str], jitter: int) -> tuple[str | None, float]:  # fmt: skip
        """The hex whose search (it and its neighbours) covers the most weight not yet covered.
        Only the statically best few and those near recent sightings are weighed."""
        g = self.game
        ranked = self._ranked(side, hexes)
        candidates = []
        for h in ranked:
            if h not in chosen:
                candidates.append(h)
                if len(candidates) >= SEARCH_CANDIDATES:
                    break
        if hot:
            candidates += sorted((hot & hexes) - chosen - set(candidates))
        order = self._order()
        best, score = None, 0.0
        w = weights.__getitem__
        for h in candidates:
            around = g.within(h, 1)
            # fsum: the exact sum, whatever order the set yields its hexes in (plain float sums
            # differ in the last bit with the hash seed, and so would the games).
            gain = fsum(map(w, around - covered if covered else around))
            gain += ((order[h] * 7919 + jitter) % 100) / 1000
            if gain > score:
                best, score = h, gain
        return best, score

    def _order(self) -> dict[str, int]:
        g = self.game
        order = g.memo.get(("hex-order",))
        if order is None:
            order = g.memo[("hex-order",)] = {h: i for i, h in enumerate(sorted(g.board))}
        return order  # type: ignore[no-any-return]

    def _ranked(self, side: str, hexes: frozenset[str]) -> list[str]:
        """The hexes of ``hexes`` by how much a search over them covers, before any sighting."""
        k = ("search-ranking", side, hexes)
        found = self.game.memo.get(k)
        if found is None:
            base = self._search_weights_base(side)
            g = self.game
            found = g.memo[k] = sorted(hexes, key=lambda h: (-fsum(base[n] for n in g.within(h, 1)), h))
        return found  # type: ignore[no-any-return]

    def _search_weights_base(self, side: str) -> dict[str, float]:
        if side not in self._base_weights:
            board = self.game.board
            base: dict[str, float] = {}
            for h in board:
                d = board.distance(MIDWAY, h)
                # The Japanese come from the west; the US waits to the east.
                likely = h[0] <= "H" if side == US else h[0] >= "G"
                base[h] = 1.0 if likely and d <= 6 else 0.2
            self._base_weights[side] = base
        return self._base_weights[side]

    def _search_weights(self, state: State, side: str) -> dict[str, float]:
        base = self._search_weights_base(side)
        seen = self._sighted(state, side, state.turn - 2, carriers=False)
        if not seen:
            return base
        out = dict(base)
        for h in seen:
            for n in self.game.within(h, 1):
                out[n] = out.get(n, 0) + 3.0
        return out

    # -- air operations --------------------------------------------------------------------
    def _midway_strike(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        options = [a.unit for a in air.midway_strike_options(self.game, state, side)]
        if not options:
            return []
        g = self.game
        cat = g.cat
        if side == US:
            # Japanese troops ashore: the carrier bombers help the Marines unless carriers are about.
            if self._sighted(state, side, state.turn - 1):
                return []
            return [MidwayStrike(side, u) for u in options if cat.plane(u).bomber]
        if self._sighted(state, side, state.turn - 1) or state.airfield_hits >= 6:
            return []  # US carriers about: keep every plane for them
        bases = sorted({g.u(state, u).base for u in options})
        reserve = max(bases, key=lambda b: (sum(1 for u in options if g.u(state, u).base == b), b))
        out: list[Action] = []
        # Each carrier but the one held in reserve sends its bombers and one fighter.
        escorted: set[str] = set()
        for unit in sorted(options):
            base = g.u(state, unit).base
            if base == reserve:
                continue
            if not cat.plane(unit).fighter:
                out.append(MidwayStrike(side, unit))
            elif base not in escorted:
                escorted.add(base)
                out.append(MidwayStrike(side, unit))
        return out

    def _air_strikes(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        g = self.game
        cat = g.cat
        current = [s for s in sightings_since(state, state.turn) if s.side == side]
        if not current:
            return []
        carriers_seen = any(s.carriers for s in current)
        # Carriers first, then the nearest of those.
        targets = sorted({(not s.carriers, s.hex) for s in current})
        ready = self._ready(state, side)
        plan: dict[str, list[tuple[str, str]]] = {}
        for unit, here in ready:
            spec = cat.plane(unit)
            if not spec.bomber:
                continue
            reach = [(c, h) for c, h in targets if self._dist(here, h) <= spec.range and not g.in_fog(state, h)]
            if not reach:
                continue
            not_carrier, hex_ = reach[0]
            if not_carrier and carriers_seen and spec.type != "H":
                continue  # keep the bombers for the carriers
            plan.setdefault(hex_, []).append((unit, here))
        if not plan:
            return []
        fighters = [(u, h) for u, h in ready if cat.plane(u).fighter]
        spare = len(fighters) // 2  # the other half stays home as CAP
        for hex_ in sorted(plan, key=lambda h: -len(plan[h])):
            want = len(plan[hex_]) // 2
            for f in list(fighters):
                if want <= 0 or spare <= 0:
                    break
                if self._dist(f[1], hex_) <= cat.plane(f[0]).range:
                    plan[hex_].append(f)
                    fighters.remove(f)
                    want -= 1
                    spare -= 1
        out: list[Action] = []
        for hex_, units in sorted(plan.items()):
            waves: dict[str, int] = {}
            for unit, here in units:
                if here not in waves:
                    waves[here] = len(waves) + 1
                out.append(make_strike(side, unit, hex_, waves[here]))
        return out

    def _strike_resolution(self, state: State, side: str, legal: list[Action], rng: Rng) -> Action | None:
        keys = battle.strike_keys(self.game, state, side)  # the Resolve orders, in the legal list's order
        return Resolve(side, *keys[0]) if keys else None

    def _air_preparation(self, state: State, side: str, legal: list[Action], rng: Rng) -> Action | list[Action]:
        # With nothing Not Ready, seal with no orders (as the player's only button does).
        return PrepareAll(side) if air.any_not_ready(self.game, state, side) else []

    def _air_return(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        g = self.game
        plan: list[Action] = list(air.landing_plan(g, state, side))
        reserves = air.reserve_options(g, state, side)  # the reserve orders among the legal ones
        if reserves:
            free = air.free_room(g, state, side)
            for order in plan:
                base = getattr(order, "base", None)
                if base in free:
                    free[base] -= 1
            used: set[str] = set()
            filled: set[str] = set()
            for a in reserves:  # once per carrier, while there is room
                if a.unit not in used and a.carrier not in filled and free.get(a.carrier, 0) > 0:
                    plan.append(a)
                    used.add(a.unit)
                    filled.add(a.carrier)
        return plan

    # -- ship-to-ship combat -----------------------------------------------------------------
    def _sub_attacks(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        seen = set(self._sighted(state, side, state.turn, carriers=False))
        return [SubAttack(side, h) for h in naval.sub_attack_hexes(self.game, state, side) if h in seen]

    def _surface_combat(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        if side != JAPAN:
            return []  # the defender fires first: the US keeps clear of gun battles
        g = self.game
        seen = set(self._sighted(state, side, state.turn, carriers=False))
        out: list[Action] = []
        for h in naval.surface_attack_hexes(g, state, side):
            if h in seen:
                guns = sum(g.cat.ship(s).surface for s in g.ships_at(state, h, side, subs=False))
                if guns >= SURFACE_ATTACK_STRENGTH:
                    out.append(SurfaceAttack(side, h))
        return out

    def _bombardment(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        return [Bombard(side)] if naval.can_bombard(self.game, state, side) else []

    def _invasion(self, state: State, side: str, legal: list[Action], rng: Rng) -> list[Action]:
        if state.turn < LANDING_TURN:
            return []
        return [GoAshore(side, u) for u in naval.landing_units(self.game, state)]


def game_has_marines(game: Game, state: State) -> bool:
    """Whether US ground units still hold Midway (so the US may ship search its hex)."""
    return bool(game.ground_on_midway(state, US)) and not game.in_fog(state, MIDWAY)


def default_bots(rules: Rules[Any]) -> dict[str, DoctrineBot]:
    game = rules.game  # type: ignore[attr-defined]
    return {US: DoctrineBot(game), JAPAN: DoctrineBot(game)}


__all__ = ["DoctrineBot", "Done", "default_bots", "naval"]
