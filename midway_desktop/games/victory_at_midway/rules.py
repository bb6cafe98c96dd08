"""Victory at Midway on the engine: who acts, what is legal, refusals, and applying orders.

Each step of the turn sequence (see ``sequence``) accepts its own orders; sealed steps collect
both sides' orders one at a time until each says :class:`Done` (or sends them all at once as
:class:`Orders`). Everything luck decides comes from the engine's ``Rng``; every refusal names
the rule in plain words. In the solitaire scenario the Japanese side is the system: whenever
Japan is to act, the solitaire doctrine (``doctrine``) gives its orders at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Blocker, Option, Outcome, Phase, Rules, Scenario
from midway_desktop.engine.seats import ComputerPlayer
from midway_desktop.games.victory_at_midway import air, battle, movement, naval, search, setup
from midway_desktop.games.victory_at_midway.actions import (
    ACTION_TYPES,
    AATarget,
    AirTarget,
    AssignSearch,
    Bombard,
    BombTarget,
    BuildBase,
    Cap,
    Concede,
    Ditch,
    Done,
    Enter,
    Exit,
    Fire,
    Forgo,
    Form,
    GoAshore,
    Land,
    LoseAircraft,
    MidwayStrike,
    Move,
    Orders,
    Place,
    Prepare,
    PrepareAll,
    ReserveZeke,
    Resolve,
    ReturnFire,
    Scout,
    Screen,
    Strike,
    SubAttack,
    SurfaceAttack,
    decoded,
    described,
    item,
    make_aa_target,
    make_air_target,
    make_bomb_target,
    make_cap,
    make_done,
    make_enter,
    make_fire,
    make_land,
    make_move,
    make_place,
    make_prepare,
    make_screen,
    read_item,
)
from midway_desktop.games.victory_at_midway.sequence import (
    PHASES,
    RUN_STEPS,
    SECRET,
    as_known,
    as_played_by,
    opened,
    own_step,
    phase,
    seal_own,
    settle,
    to_act,
)
from midway_desktop.games.victory_at_midway.sequence_cache import Recent
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    MIDWAY,
    SIDES,
    US,
    Game,
    State,
    evolve,
    side_name,
)
from midway_desktop.games.victory_at_midway.units import Catalogue, load_units
from midway_desktop.games.victory_at_midway.victory import outcome
from midway_desktop.games.victory_at_midway.views import view

if TYPE_CHECKING:
    from midway_desktop.games.victory_at_midway.bots import DoctrineBot

# What each step (or battle stage) accepts.
ALLOWED: dict[str, tuple[type[Action], ...]] = {
    "setup": (Place, Form, Done),
    "ship-movement": (Move, Enter, Forgo, Exit, Form, Done),
    "midway-strike": (MidwayStrike, Done),
    "search": (AssignSearch, Scout, BuildBase, Done),
    "air-strikes": (Strike, Done),
    "strike-resolution": (Resolve,),
    "cap": (Cap, Done),
    "air-targets": (AirTarget,),
    "return-fire": (ReturnFire,),
    "aa-targets": (AATarget,),
    "bomb-targets": (BombTarget,),
    "airfield-losses": (LoseAircraft,),
    "air-preparation": (Prepare, PrepareAll, Done),
    "air-return": (Land, Ditch, ReserveZeke, Done),
    "sub-attacks": (SubAttack, Done),
    "screen-targets": (Screen,),
    "sub-targets": (Fire,),
    "surface-combat": (SurfaceAttack, Done),
    "surface-targets": (Fire,),
    "bombardment": (Bombard, Done),
    "bombard-targets": (Fire,),
    "invasion": (GoAshore, Done),
    "ground-targets": (Fire,),
}
DECLARATION_STEPS = frozenset(naval.NAVAL_STEPS)


def out_of_step(action: Action, stage: str) -> str:
    """VaM › Sequence of Play: an order is given only in its own step; say which step that is."""
    steps = [PHASES[st].title for st, kinds in ALLOWED.items() if isinstance(action, kinds) and st in PHASES]
    now = PHASES[stage].title if stage in PHASES else stage
    if not steps:
        return f"That order is not given in the {now}."
    where = " or the ".join(dict.fromkeys(steps))
    said = action.describe()
    return f"{said[:1].upper()}{said[1:]} is an order of the {where}; this is the {now}."


OPTIONS = (
    Option("fog", "Fog (optional)", False, rule="VaM › Optional Rules › Fog"),
    Option(
        "finding-the-enemy",
        "Finding the Enemy (optional; used by the examples of play)",
        True,
        rule="VaM › Optional Rules › Finding the Enemy",
    ),
    Option("night-ship-searches", "Ship Searches at Night (optional)", False, rule="VaM › Ship Searches at Night"),
    Option("wake-johnston", "Wake and Johnston Islands (optional)", False, rule="VaM › Wake and Johnston Islands"),
    Option("extra-scouts", "Extra Scouts (optional)", False, rule="VaM › Optional Rules › Extra Scouts"),
    Option("submarines", "Submarines: submarine attacks (optional)", False, rule="VaM › Optional Rules › Submarines"),
    Option("reserve-zekes", "Reserve Zekes (optional)", False, rule="VaM › Optional Rules › Reserve Zekes"),
    Option("seaplane-tenders", "Seaplane Tenders: the Kure base (optional)", False,
           rule="VaM › Optional Rules › Seaplane Tenders"),
    Option("special-force-tenders", "Special Force Tenders' victory point (optional)", False,
           rule="VaM › Optional Rules › Special Force Tenders"),
    Option("night-actions", "Night Actions: US surface fire +1 at night (optional)", False,
           rule="VaM › Optional Rules › Night Actions"),
    Option("midway-bombardment", "Midway Bombardment (optional)", False,
           rule="VaM › Optional Rules › Midway Bombardment"),
)  # fmt: skip

SCENARIOS = (
    Scenario("standard", "Two-player game", "Double-blind: both sides' orders are sealed."),
    Scenario(
        "solitaire",
        "Solitaire: you command the US",
        "Historical set-up and entry; the Japanese follow the solitaire doctrine (VaM › Solitaire Play).",
    ),
)


# The computer's players (VaM › Solitaire Play gives the Japanese doctrine; ``bots`` plays both
# sides in its spirit in the two-player game, double-blind like a person).
DOCTRINE = ComputerPlayer(
    "doctrine",
    "Doctrine",
    "Plays in the spirit of the solitaire doctrine (VaM › Solitaire Play), seeing only what its side may see.",
)
SOLITAIRE_DOCTRINE = ComputerPlayer(
    "solitaire-doctrine",
    "Solitaire doctrine",
    "The Japanese follow the solitaire doctrine, historical set-up and entry (VaM › Solitaire Play).",
    built_in=True,
)


class LuckNeeded(Exception):
    """Raised when checking a batch of orders would need a die roll."""


class NoLuck(Rng):
    """Stands in for the dice while a batch of orders is checked: any roll stops the check."""

    def below(self, n: int) -> int:
        raise LuckNeeded

    def die(self, sides: int = 6) -> int:
        raise LuckNeeded


class VictoryAtMidwayRules(Rules[State]):
    id = "victory-at-midway"
    title = "Victory at Midway"
    # Raise it with any change that changes a record's replay; tests/records keeps a record
    # of each revision (see engine.rules.Rules.revision).
    revision = 1
    sides = SIDES
    scenarios = SCENARIOS
    options = OPTIONS
    phases: tuple[Phase, ...] = tuple(PHASES.values())
    action_types = ACTION_TYPES

    def __init__(self, catalogue: Catalogue | None = None, folder: Path | None = None) -> None:
        super().__init__()
        self.game = Game.load(catalogue if catalogue is not None else load_units(), folder)
        self._recent = Recent()
        self.check_doctrine = False  # tests switch this on

    # -- set-up ---------------------------------------------------------------------------
    def human_sides(self, scenario: Scenario) -> tuple[str, ...]:
        """VaM › Solitaire Play: the player commands the US; the doctrine plays Japan."""
        return (US,) if scenario.name == "solitaire" else self.sides

    def computer_players(self, scenario: Scenario, side: str) -> tuple[ComputerPlayer, ...]:
        """VaM › Solitaire Play: the solitaire Japanese are the doctrine's; in the two-player game
        the computer may take either side (``bots``)."""
        if scenario.name == "solitaire":
            return (SOLITAIRE_DOCTRINE,) if side == JAPAN else ()
        return (DOCTRINE,) if side in self.sides else ()

    def computer_bot(self, side: str, name: str) -> Any:
        if name != DOCTRINE.name or side not in self.sides:
            return super().computer_bot(side, name)
        from midway_desktop.games.victory_at_midway.bots import DoctrineBot

        return DoctrineBot(self.game)

    def setup(self, scenario: Scenario, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        """VaM › Setup: both sides set up in secret (see ``setup.initial_state``); solitaire play
        uses the historical set-up and entry (VaM › Solitaire Play)."""
        enabled = frozenset(name for name, on in options.items() if on is True)
        shown = ", ".join(sorted(enabled)) or "none"
        if scenario.name == "solitaire":
            state = opened(setup.solitaire_state(self.game, enabled))
            events = [Event("setup", f"Victory at Midway, solitaire (optional rules: {shown}). Turn 1 begins.",
                            data={"turn": 1})]  # fmt: skip
            return self._advance(state, rng, events), events
        state = opened(setup.initial_state(self.game, enabled))
        return state, [Event("setup", f"Victory at Midway begins (optional rules: {shown}). Both sides set up.")]

    # -- play -----------------------------------------------------------------------------
    def to_act(self, state: State) -> tuple[str, ...]:
        return to_act(self.game, state)

    def phase(self, state: State) -> Phase:
        return phase(self.game, state)

    def step_of(self, state: State, side: str) -> str:
        """The step ``side`` gives its orders in (see ``sequence.RUNS``)."""
        return own_step(state, side)

    def _stage(self, state: State) -> str:
        return state.battle.stage if state.battle is not None else state.step

    def legal_actions(self, state: State, side: str) -> Sequence[Action]:
        """Every order ``side`` may take now, one at a time. A concession (on the side's turn)
        and :class:`Orders` batches are accepted but not listed, so programs never stumble on them;
        so is Prepare All with nothing Not Ready (a plain seal). A side asked in a step where it
        has nothing to order is offered :class:`Done` alone (see ``nothing_to_order``)."""
        found = self._recent.get(state, side)
        if found is None:
            found = self._recent.put(state, side, tuple(self._legal(state, side)))
        return found  # type: ignore[return-value]

    def pass_only(self, state: State, side: str) -> Action | None:
        """VaM › The Turn Sequence: a side asked in a step where it has nothing to order (no Not
        Ready aircraft, no strike to fly, nothing to announce...) seals with no orders."""
        legal = self.legal_actions(state, side)
        return legal[0] if len(legal) == 1 and isinstance(legal[0], Done) else None

    def _legal(self, state: State, side: str) -> list[Action]:
        if side not in self.to_act(state):
            return []
        state = as_played_by(self.game, state, side)  # (at the side's own step: see ``sequence.RUNS``)
        g = self.game
        stage = self._stage(state)
        out: list[Action] = []
        if stage == "setup":
            for piece, ships in setup.setup_pieces(g, state, side):
                hexes = frozenset.intersection(*(setup.setup_area(g, s) for s in ships))
                out += [make_place(side, piece, h) for h in sorted(hexes) if g.u(state, ships[0]).loc != h]
            out += movement.form_options(g, state, side)
        elif stage == "ship-movement":
            out += self._movement_options(state, side)
        elif stage == "midway-strike":
            out += air.midway_strike_options(g, state, side)
        elif stage == "search":
            out += search.search_options(g, state, side)
            out += air.scout_options(g, state, side)
            if (
                side == JAPAN
                and state.opt("seaplane-tenders")
                and search.build_refusal(g, state, BuildBase(side)) is None
            ):
                out.append(BuildBase(side))
        elif stage == "air-strikes":
            out += air.strike_options(g, state, side)
        elif stage == "strike-resolution":
            out += [Resolve(side, h, b) for h, b in battle.strike_keys(g, state, side)]
        elif stage == "cap":
            out += [make_cap(side, a) for a in battle.cap_candidates(g, state)]
        elif stage == "air-targets":
            assigned = {f for f, _t in state.battle.orders}  # type: ignore[union-attr]
            targets = battle.air_targets(g, state, side)
            out += [
                make_air_target(side, f, t)
                for f in battle.fighters(g, state, side)
                if f not in assigned
                for t in targets
            ]
        elif stage == "return-fire":
            b = state.battle
            out += [ReturnFire(side, b.returning, f) for f, _t in b.orders]  # type: ignore[union-attr]
        elif stage == "aa-targets":
            b = state.battle
            used = {u for u, _t in b.orders} | {t for _u, t in b.orders}  # type: ignore[union-attr]
            aa_targets = [t for t in battle.aa_targets(g, state) if t not in used]
            out += [make_aa_target(side, u, t) for u in battle.aa_firers(g, state) if u not in used for t in aa_targets]
        elif stage == "bomb-targets":
            assigned = {u for u, _t in state.battle.orders}  # type: ignore[union-attr]
            targets = battle.bomb_targets(g, state)
            out += [
                make_bomb_target(side, u, t) for u in battle.bombers(g, state) if u not in assigned for t in targets
            ]
        elif stage == "airfield-losses":
            out += [LoseAircraft(side, a) for a in g.based_at(state, "Midway", battle.FIELD)]
        elif stage == "air-preparation":
            prepare = [
                make_prepare(side, a) for a, st in g.aircraft(state, side) if st.loc in ("notready", "notready2")
            ]
            out += prepare
            if prepare:  # (accepted with nothing Not Ready too, as a plain seal, but not offered)
                out.append(PrepareAll(side))
        elif stage == "air-return":
            free, options = air.landing_options(g, state, side)
            # Too little room for all: the player picks who ditches.
            short = len(air.assign(list(options), options, free)) < len(options)
            for unit, bases in options.items():
                out += [make_land(side, unit, b) for b in bases]
                if short or not bases:
                    out.append(Ditch(side, unit))
            out += air.reserve_options(g, state, side)
        elif stage == "sub-attacks":
            out += [SubAttack(side, h) for h in naval.sub_attack_hexes(g, state, side)]
        elif stage == "surface-combat":
            out += [SurfaceAttack(side, h) for h in naval.surface_attack_hexes(g, state, side)]
        elif stage == "bombardment":
            if naval.can_bombard(g, state, side):
                out.append(Bombard(side))
        elif stage == "invasion":
            out += [GoAshore(side, u) for u in naval.landing_units(g, state)]
        elif stage == "screen-targets":
            assigned = {u for u, _t in state.battle.orders}  # type: ignore[union-attr]
            subs = state.battle.strike  # type: ignore[union-attr]
            out += [make_screen(side, u, t) for u in naval.screeners(g, state) if u not in assigned for t in subs]
        elif stage in ("sub-targets", "surface-targets", "bombard-targets", "ground-targets"):
            orders = state.battle.orders  # type: ignore[union-attr]
            assigned = {u for u, _t in orders}
            taken = {t for _u, t in orders}
            targets = naval.fire_targets(g, state, side)
            if stage == "surface-targets":  # carriers and transports last (as fire_refusal)
                if any(not naval.restricted(g, t) and t not in taken for t in targets):
                    targets = [t for t in targets if not naval.restricted(g, t)]
            elif stage == "ground-targets":  # every enemy unit covered before two fire at one
                untaken = [t for t in targets if t not in taken]
                if untaken:
                    targets = untaken
            out += [make_fire(side, u, t) for u in naval.firers(g, state, side) if u not in assigned for t in targets]
        done = make_done(side)
        if Done in ALLOWED.get(stage, ()) and _done(self, state, done) is None:
            out.append(done)
        # Each list above is built to the same rules ``check`` applies (the property tests hold them to it).
        return out

    def _movement_options(self, state: State, side: str) -> list[Action]:
        g = self.game
        out: list[Action] = []
        memo = g.memo
        for piece, ships in sorted(movement.movable(g, state, side).items()):
            here = g.u(state, ships[0]).loc
            k = ("moves", side, piece, here)
            found = memo.get(k)
            if found is None:
                opts: list[Action] = [make_move(side, piece, h) for h in sorted(g.board.neighbors(here))]
                if here in g.board.region(movement.EXIT_REGION[side]):
                    opts.append(Exit(side, piece))
                found = memo[k] = tuple(opts)
            if state.solitaire and side == US:
                found = tuple(a for a in found if not (isinstance(a, Move)
                                                       and movement.no_entry(g, state, side, ships, a.to)))  # fmt: skip
            out += found
        out += movement.form_options(g, state, side)
        if side == JAPAN:
            out += self._entry_options(state)
        return out

    def _entry_options(self, state: State) -> list[Action]:
        g = self.game
        side = JAPAN
        parts = []
        for gid, ships in setup.waiting_groups(g, state).items():
            grp = g.cat.group(gid)
            earliest = setup.entry_turn(g, state, grp.id)
            may = earliest is not None and state.turn >= earliest
            fleet_at = g.formation_hex(state, JAPAN, grp.fleet) if grp.fleet and may else None
            parts.append((grp.id, ships, may, fleet_at))
        k = ("entries", tuple(parts))
        found = g.memo.get(k)
        if found is not None:
            return list(found)
        hexes = sorted(setup.entry_hexes(g), key=lambda h: int(h[1:]))
        out: list[Action] = []
        for gid, ships, may, fleet_at in parts:
            grp = g.cat.group(gid)
            # A ship may be named alone even when it is the last of its group to wait.
            out.append(Forgo(side, grp.id))
            out += [Forgo(side, s) for s in ships]
            if not may:
                continue
            for h in hexes:
                into_fleet = bool(grp.fleet) and fleet_at in (None, h)
                out.append(make_enter(side, grp.id, h))
                if into_fleet:
                    out.append(make_enter(side, grp.id, h, grp.fleet))
                out += [make_enter(side, s, h) for s in ships]
                if into_fleet:  # a ship joins its group's Fleet box too
                    out += [make_enter(side, s, h, grp.fleet) for s in ships]
        if len(g.memo) < 200_000:
            g.memo[k] = tuple(out)
        return out

    def listable(self, action: Action) -> bool:
        """A concession and an :class:`Orders` batch are accepted but not listed."""
        return not isinstance(action, Concede | Orders)

    def seal_blockers(self, state: State, side: str) -> list[Blocker]:
        """What keeps ``side`` from sealing now: each ship still to set up (VaM › Setup), each
        air unit of its still in the air at Retrieval; else whatever refuses its Done."""
        if side not in self.to_act(state):
            return []
        why = self.check(state, Done(side))
        state = as_played_by(self.game, state, side)
        if why is None or Done not in ALLOWED.get(self._stage(state), ()):
            return []
        if state.step == "setup":  # one line for them all: a fleet has a dozen ships to place
            left = [sid for sid, st in self.game.ships(state, side) if st.loc == "unplaced"]
            found = [Blocker(f"Still to set up: {', '.join(left)} (VaM › Setup).", left[0])] if left else []
        elif state.step == "air-return":
            found = [
                Blocker(f"{f.unit} is still in the air: land it or ditch it (VaM › Strike and Escort Aircraft "
                        "Retrieval).", f.unit, f.target)
                for f in state.flights
                if self.game.side_of(f.unit) == side
            ]  # fmt: skip
        else:
            found = []
        return found or [Blocker(why)]

    def check(self, state: State, action: Action) -> str | None:
        if state.step == "over":
            return "The game is over."
        if isinstance(action, Concede):
            if action.side not in SIDES:
                return f"{action.side} is not a side."
            if action.side not in self.to_act(state):
                return f"A side concedes only when it is its turn to act ({self.phase(state).title})."
            return None
        if action.side not in self.to_act(state):
            return f"It is not {side_name(action.side)}'s turn to act ({self.phase(state).title})."
        state = as_played_by(self.game, state, action.side)  # (at its own step: see ``sequence.RUNS``)
        if isinstance(action, Orders):
            return self._orders_refusal(state, action)
        stage = self._stage(state)
        allowed = ALLOWED.get(stage, ())
        if not isinstance(action, allowed):
            return out_of_step(action, stage)
        handler = _CHECKS.get(type(action))
        return handler(self, state, action) if handler is not None else None

    def _orders_refusal(self, state: State, action: Orders) -> str | None:
        """Each order of the batch must be legal when its turn comes; only the last may need a
        die roll (a batch never runs on past luck it has not seen)."""
        side = action.side
        start = self._point(state, side)
        last = len(action.items) - 1
        for i, raw in enumerate(action.items):
            try:
                order = read_item(side, tuple(raw))
            except ValueError as exc:
                return f"Order {i + 1}: {exc}."
            why = self.check(state, order)
            if why is not None:
                return f"Order {i + 1} ({order.describe()}): {why}"
            try:
                state = self._apply_one(state, order, NoLuck(), [])
            except LuckNeeded:
                if i < last:
                    return f"Order {i + 1} ({order.describe()}) rolls dice: it must be the last of the batch."
                return None
        if self._closes(state, side, start):
            why = self.check(state, Done(side))
            if why is not None:
                return f"Sealing the orders: {why}"
        return None

    def _point(self, state: State, side: str = "") -> tuple[object, ...]:
        """Where in the sequence a position stands for ``side`` (its own step: see
        ``sequence.RUNS``); a batch's implicit Done stays at its point."""
        b = state.battle
        step = own_step(state, side) if state.ahead else state.step
        return (state.turn, step, b.stage if b else "", b.hex if b else "", len(state.resolved))

    def _closes(self, state: State, side: str, start: tuple[object, ...]) -> bool:
        # (the cheapest test first: all three must hold)
        stage = own_step(state, side) if state.ahead else self._stage(state)
        return Done in ALLOWED.get(stage, ()) and side in self.to_act(state) and self._point(state, side) == start

    def apply(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        events: list[Event] = []
        if isinstance(action, Concede):
            events.append(Event("concede", f"{side_name(action.side)} concedes the game."))
            return evolve(state, conceded=action.side, step="over", battle=None, ahead=()), events
        if isinstance(action, Orders):
            orders = decoded(action)  # a bot's batch carries its orders: no need to read them back
            if orders is None:
                orders = tuple([read_item(action.side, tuple(r)) for r in action.items])
            state = self._run_orders(state, action.side, orders, rng, events)
        else:
            state = self._apply_one(state, action, rng, events)
        return self._advance(state, rng, events), events

    def _run_orders(self, state: State, side: str, orders: Sequence[Action], rng: Rng, events: list[Event]) -> State:
        """Apply a batch of orders; each kind of order is told in one line (targets, in sight of
        both players, before any die is rolled), then the implicit Done where it applies."""
        global _TOLD
        start = self._point(state, side)
        sealed_step = state.battle is None and own_step(state, side) in SECRET
        if orders and not sealed_step:
            targets = [described(a) for a in orders if isinstance(a, TARGET_TYPES)]
            if targets:
                events.append(Event("target", "; ".join(targets) + ".", data={"side": side, "orders": targets}))
        told: list[tuple[str, str]] = []
        _TOLD = told
        try:
            if sealed_step:
                # Inside a sealed step nothing moves on until the orders are sealed: no need to settle.
                state = self._apply_sealed(state, side, orders, rng, events)
            else:
                i, n = 0, len(orders)
                while i < n:
                    if i + 1 < n and state.battle is not None and orders[i].__class__ in _NEEDED:
                        state, m = _gather_targets(self.game, state, orders[i:])
                        i += m
                    state = self._apply_one(state, orders[i], rng, events)
                    i += 1
        finally:
            _TOLD = None
        if told:
            by_kind: dict[str, list[str]] = {}
            for k, t in told:
                by_kind.setdefault(k, []).append(t)
            for kind, texts in by_kind.items():
                events.append(Event(kind, "; ".join(texts) + ".", (side,), {"side": side, "orders": texts}))
        if self._closes(state, side, start):
            state = self._apply_one(state, make_done(side), rng, events)
        elif sealed_step:
            state = settle(self.game, state, rng, events)
        return state

    def _advance(self, state: State, rng: Rng, events: list[Event]) -> State:
        """Settle the sequence; in solitaire play, let the Japanese doctrine act whenever Japan is due."""
        g = self.game
        state = settle(g, state, rng, events)
        if not state.solitaire:
            return state
        # The doctrine (and the bots built on it) is imported by the games that use it, not at
        # every start of the app.
        from midway_desktop.games.victory_at_midway import doctrine

        while state.step != "over" and JAPAN in to_act(g, state):
            before = state
            orders = doctrine.orders(g, state)
            if self.check_doctrine:  # tests: the doctrine's orders pass the same checks as a player's
                batch = Orders(JAPAN, tuple(item(a) for a in orders))
                refusal = self.check(state, batch)
                if refusal is not None:
                    raise RuntimeError(f"the Japanese doctrine gave an illegal order: {refusal}")
            state = self._run_orders(state, JAPAN, orders, rng, events)
            if state is before or (JAPAN in to_act(g, state) and self._point(state) == self._point(before)
                                   and state.units == before.units and state.flights == before.flights
                                   and state.battle == before.battle and state.sealed == before.sealed):  # fmt: skip
                raise RuntimeError(f"the Japanese doctrine has no order in {self.phase(state).title}")
        return state

    def _apply_one(self, state: State, action: Action, rng: Rng, events: list[Event], settling: bool = True) -> State:
        cls = action.__class__
        if (cls is Done or cls is PrepareAll) and state.battle is None and own_step(state, action.side) in RUN_STEPS:
            state = _seal_own(self.game, state, action, events)  # type: ignore[arg-type]
        elif state.ahead:
            # A side gives its orders at its own step (see ``sequence.RUNS``): they change only
            # its own part of the position, and the sequence is kept as it was.
            now = state
            state = _APPLY[cls](self.game, as_played_by(self.game, now, action.side), action, rng, events)
            state = evolve(state, step=now.step, sealed=now.sealed, ahead=now.ahead)
        else:
            state = _APPLY[cls](self.game, state, action, rng, events)
        return settle(self.game, state, rng, events) if settling else state

    def _apply_sealed(self, state: State, side: str, orders: Sequence[Action], rng: Rng, events: list[Event]) -> State:
        """A sealed step's batch (``_apply_sealed``) at the side's own step; a seal in it (a Done,
        a Prepare All) goes on as :meth:`_apply_one` says, the orders after it in the next step."""
        i, n = 0, len(orders)
        while i < n:
            j = i
            while j < n and orders[j].__class__ not in (Done, PrepareAll):
                j += 1
            if j > i:
                now = state
                state = _apply_sealed(self.game, as_played_by(self.game, now, side), orders[i:j], rng, events)
                if now.ahead:
                    state = evolve(state, step=now.step, sealed=now.sealed, ahead=now.ahead)
            if j < n:
                state = self._apply_one(state, orders[j], rng, events, settling=False)
            i = j + 1
        return state

    def outcome(self, state: State) -> Outcome | None:
        return outcome(self.game, state)

    def view(self, state: State, side: str) -> dict[str, Any]:
        """Each side sees the position at its own step (``sequence.as_played_by``): never the
        other side's orders given ahead; the umpire sees the current step."""
        seen = as_played_by(self.game, state, side) if side in SIDES else as_known(self.game, state)
        return view(self.game, seen, side)


def _done(rules: VictoryAtMidwayRules, state: State, action: Done) -> str | None:
    if state.step == "setup":
        return setup.setup_complete_refusal(rules.game, state, action.side)
    if (
        state.step == "air-return"
        and state.battle is None
        and any(rules.game.side_of(f.unit) == action.side for f in state.flights)
    ):
        return "Land (or ditch) every air unit in the air first (VaM › Strike and Escort Aircraft Retrieval)."
    return None


def _simple(refusal: Callable[[Game, State, Any], str | None]) -> Callable[[VictoryAtMidwayRules, State, Any],
                                                                             str | None]:  # fmt: skip
    return lambda r, s, a: refusal(r.game, s, a)


def _declared(make: Callable[[Game, State, str], list[str]], what: str) -> Callable[..., str | None]:
    def check(r: VictoryAtMidwayRules, s: State, a: SubAttack | SurfaceAttack) -> str | None:
        if a.hex in make(r.game, s, a.side):
            return None
        return what.format(hex=a.hex)

    return check


_CHECKS: dict[type[Action], Callable[[VictoryAtMidwayRules, State, Any], str | None]] = {
    Done: _done,
    Place: _simple(setup.place_refusal),
    Form: _simple(movement.form_refusal),
    Move: _simple(movement.move_refusal),
    Enter: _simple(setup.enter_refusal),
    Forgo: _simple(setup.forgo_refusal),
    Exit: _simple(movement.exit_refusal),
    MidwayStrike: _simple(air.midway_strike_refusal),
    AssignSearch: _simple(search.search_refusal),
    Scout: _simple(air.scout_refusal),
    BuildBase: _simple(search.build_refusal),
    Strike: _simple(air.strike_refusal),
    Resolve: lambda r, s, a: (
        None if (a.hex, a.base) in battle.strike_keys(r.game, s, a.side) else "You have no unresolved strike there."
    ),
    Cap: _simple(battle.cap_refusal),
    AirTarget: _simple(battle.air_target_refusal),
    ReturnFire: _simple(battle.return_fire_refusal),
    AATarget: _simple(battle.aa_refusal),
    BombTarget: _simple(battle.bomb_refusal),
    LoseAircraft: _simple(battle.lose_refusal),
    Prepare: _simple(air.prepare_refusal),
    Land: _simple(air.land_refusal),
    Ditch: _simple(air.ditch_refusal),
    ReserveZeke: _simple(air.reserve_refusal),
    SubAttack: _declared(
        naval.sub_attack_hexes,
        "You may announce a submarine attack only in a hex holding your subs, once a turn and never in fog "
        "({hex}) (VaM › Submarines).",
    ),
    SurfaceAttack: _declared(
        naval.surface_attack_hexes,
        "Surface combat in {hex} needs your ships there and a search this turn that found ships there; once per "
        "hex per turn, never in fog (VaM › Naval Combat › Surface Combat).",
    ),
    Bombard: lambda r, s, a: (
        None
        if naval.can_bombard(r.game, s, a.side)
        else (
            "Bombardment needs daylight, your BB or CA units in the Midway hex that fought no surface action this "
            "turn, and enemy ground units on the atoll (VaM › Midway Bombardment)."
        )
    ),
    GoAshore: _simple(naval.go_ashore_refusal),
    Screen: _simple(naval.screen_refusal),
    Fire: _simple(naval.fire_refusal),
}


# -- applying one order ------------------------------------------------------------------------------
Applier = Callable[[Game, State, Any, Rng, list[Event]], State]


# While a batch of orders is applied, its orders are told in one line per kind (see _run_orders).
_TOLD: list[tuple[str, str]] | None = None
TARGET_TYPES = (AirTarget, AATarget, BombTarget, Screen, Fire)


def _order_event(action: Action, events: list[Event], kind: str = "order") -> None:
    """A sealed order: only its own side hears of it."""
    text = described(action)
    if _TOLD is not None:
        _TOLD.append((kind, text))
        return
    events.append(Event(kind, f"{text}.", (action.side,), {"side": action.side, "orders": [text]}))


def _secret(apply: Callable[[Game, State, Any], State]) -> Applier:
    def run(g: Game, state: State, action: Any, rng: Rng, events: list[Event]) -> State:
        state = apply(g, state, action)
        _order_event(action, events)
        return state

    return run


def _apply_done(g: Game, state: State, action: Done, rng: Rng, events: list[Event]) -> State:
    side = action.side
    stage = state.battle.stage if state.battle is not None else state.step
    if stage == "cap":
        return battle.deploy_strike(g, state, rng, events)
    state = evolve(state, sealed=state.sealed | {side})
    title = PHASES[stage].title
    if stage in DECLARATION_STEPS:
        events.append(Event("sealed", f"{side_name(side)} has no more to announce ({title}).", (side,), {"side": side}))
    else:
        events.append(_sealed(side, stage))
    return state


def _sealed(side: str, step: str) -> Event:
    """The line both players hear when a side seals a step's orders: the same whatever it ordered,
    or if it had nothing to order (VaM › The Turn Sequence: orders are secret until revealed)."""
    title = PHASES[step].title
    return Event("sealed", f"{side_name(side)} has sealed its orders ({title}).", data={"side": side})


def _apply_search(g: Game, state: State, action: AssignSearch, rng: Rng, events: list[Event]) -> State:
    _order_event(action, events)
    return search.apply_searches(g, state, (action,))


def _apply_cap(g: Game, state: State, action: Cap, rng: Rng, events: list[Event]) -> State:
    state = battle.apply_cap(g, state, action)
    _order_event(action, events)
    if not battle.cap_candidates(g, state):
        state = battle.deploy_strike(g, state, rng, events)
    return state


def _targeting(apply: Callable[[Game, State, Any, Rng, list[Event]], State]) -> Applier:
    """Targets are chosen in sight of both players: everyone hears them."""

    def run(g: Game, state: State, action: Any, rng: Rng, events: list[Event]) -> State:
        if _TOLD is None:  # (a batch tells all its targets at once)
            events.append(Event("target", f"{described(action)}.", data={"side": action.side}))
        return apply(g, state, action, rng, events)

    return run


def _seal_own(g: Game, state: State, action: Done | PrepareAll, events: list[Event]) -> State:
    """A side seals its own step of a run (``sequence.RUNS``; Prepare All readies its aircraft
    and seals): the same line as any seal, then it goes on to its next step or waits."""
    side = action.side
    step = own_step(state, side)
    if action.__class__ is PrepareAll:
        state = air.apply_prepare_all(g, state, side)
        events.append(Event("order", "All Not Ready aircraft are prepared.", (side,), {"side": side}))
    events.append(_sealed(side, step))
    return seal_own(g, state, side, events)


def _apply_prepare_all(g: Game, state: State, action: PrepareAll, rng: Rng, events: list[Event]) -> State:
    side = action.side
    state = air.apply_prepare_all(g, state, side)
    state = evolve(state, sealed=state.sealed | {side})
    events.append(Event("order", "All Not Ready aircraft are prepared.", (side,), {"side": side}))
    events.append(_sealed(side, "air-preparation"))
    return state


def _apply_land(g: Game, state: State, action: Land, rng: Rng, events: list[Event]) -> State:
    state = air.apply_land(g, state, action)
    _order_event(action, events, "land")
    return state


def _apply_ditch(g: Game, state: State, action: Ditch, rng: Rng, events: list[Event]) -> State:
    state = air.apply_ditch(g, state, action.unit)
    _order_event(action, events, "ditch")
    return state


def _apply_reserve(g: Game, state: State, action: ReserveZeke, rng: Rng, events: list[Event]) -> State:
    state = air.apply_reserve(g, state, action)
    _order_event(action, events)
    events.append(Event("reserve", "Japan brings up reserve Zeke fighters: the US earns 1/2 VP.",
                        data={"vp": air.RESERVE_VP}))  # fmt: skip
    return state


_APPLY: dict[type[Action], Applier] = {
    Done: _apply_done,
    Place: _secret(setup.apply_place),
    Form: _secret(movement.apply_form),
    Move: _secret(movement.apply_move),
    Enter: _secret(setup.apply_enter),
    Forgo: _secret(setup.apply_forgo),
    Exit: _secret(movement.apply_exit),
    MidwayStrike: _secret(air.apply_midway_strike),
    AssignSearch: _apply_search,
    Scout: _secret(air.apply_scout),
    BuildBase: lambda g, s, a, rng, ev: search.apply_build(g, s, ev),
    Strike: _secret(air.apply_strike),
    Resolve: lambda g, s, a, rng, ev: battle.start(g, s, a.side, a.hex, a.base, rng, ev),
    Cap: _apply_cap,
    AirTarget: _targeting(battle.apply_air_target),
    ReturnFire: battle.apply_return_fire,
    AATarget: _targeting(battle.apply_aa_target),
    BombTarget: _targeting(battle.apply_bomb_target),
    LoseAircraft: lambda g, s, a, rng, ev: battle.apply_lose(g, s, a, ev),
    Prepare: lambda g, s, a, rng, ev: (_order_event(a, ev), air.apply_prepare(g, s, a.unit))[1],
    PrepareAll: _apply_prepare_all,
    Land: _apply_land,
    Ditch: _apply_ditch,
    ReserveZeke: _apply_reserve,
    SubAttack: lambda g, s, a, rng, ev: naval.declare(g, s, naval.SUB, a.side, a.hex, ev),
    SurfaceAttack: lambda g, s, a, rng, ev: naval.declare(g, s, naval.SURFACE, a.side, a.hex, ev),
    Bombard: lambda g, s, a, rng, ev: naval.declare(g, s, naval.BOMBARD, a.side, MIDWAY, ev),
    GoAshore: lambda g, s, a, rng, ev: naval.go_ashore(g, s, a.unit, ev),
    Screen: _targeting(naval.apply_screen),
    Fire: _targeting(naval.apply_fire),
}


# Orders of a sealed step that a run of alike orders applies all at once (one new position for the
# run instead of one an order), with how each is told to its own side.
_RUNS: dict[type[Action], tuple[Callable[[Game, State, Sequence[Any]], State], str]] = {
    Move: (movement.apply_moves, "order"),
    AssignSearch: (search.apply_searches, "order"),
    Strike: (air.apply_strikes, "order"),
    MidwayStrike: (air.apply_strikes, "order"),
    Land: (air.apply_landings, "land"),
}


def _apply_sealed(g: Game, state: State, orders: Sequence[Action], rng: Rng, events: list[Event]) -> State:
    """A sealed step's orders in the order given: each run of consecutive alike orders that
    ``_RUNS`` knows at once (the same position and log as one by one), any other order alone."""
    i, n = 0, len(orders)
    while i < n:
        order = orders[i]
        cls = order.__class__
        run = _RUNS.get(cls)
        if run is None:
            state = _APPLY[cls](g, state, order, rng, events)
            i += 1
            continue
        j = i + 1
        while j < n and orders[j].__class__ is cls:
            j += 1
        apply_run, kind = run
        state = apply_run(g, state, orders[i:j])
        for k in range(i, j):
            _order_event(orders[k], events, kind)
        i = j
    return state


# Targeting orders (chosen in sight of both players) collect in the battle until every unit that
# fires this segment has one; nothing is rolled before. Each with the count that completes it.
_NEEDED: dict[type[Action], Callable[[Game, State, str], int]] = {
    AirTarget: battle.air_needed,
    AATarget: lambda g, s, side: battle.aa_needed(g, s),
    BombTarget: battle.bomb_needed,
    Screen: naval.screen_needed,
    Fire: naval.fire_needed,
}


def _gather_targets(g: Game, state: State, orders: Sequence[Action]) -> tuple[State, int]:
    """The leading targeting orders of a batch that leave its segment short of complete, written
    into the battle at once (one new position, not one an order), and how many they were. The
    order that completes the segment, and any after it, are left to be applied one by one."""
    b = state.battle
    assert b is not None
    cls = orders[0].__class__
    got = list(b.orders)
    needed = b.needed if got else _NEEDED[cls](g, state, orders[0].side)
    m = 0
    while m + 1 < len(orders) and orders[m].__class__ is cls and len(got) + 1 < needed:
        order = orders[m]
        got.append((order.unit, order.target))  # type: ignore[attr-defined]
        m += 1
    if m == 0:
        return state, 0
    return evolve(state, battle=evolve(b, orders=tuple(got), needed=needed)), m


RULES = VictoryAtMidwayRules()


def rules_for(folder: Path) -> VictoryAtMidwayRules:
    """The rules as they run on the ruleset in ``folder`` (what ``validate`` checks)."""
    return VictoryAtMidwayRules(load_units(folder / "units.yaml"), folder)


def default_bots(rules: Rules[Any]) -> dict[str, DoctrineBot]:
    """Doctrine bots for both sides (see ``bots``); in solitaire play Japan never asks its bot."""
    from midway_desktop.games.victory_at_midway.bots import default_bots as doctrine_bots

    return doctrine_bots(rules)


DEFAULT_BOT = "doctrine"  # ``simulate``'s name for them: the computer player New Game offers


__all__ = ["DEFAULT_BOT", "JAPAN", "RULES", "US", "VictoryAtMidwayRules", "default_bots"]
