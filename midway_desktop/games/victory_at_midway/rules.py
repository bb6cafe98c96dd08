"""Victory at Midway on the engine: who acts, what is legal, refusals, and applying orders.

Each step of the turn sequence (see ``sequence``) accepts its own orders; sealed steps collect
both sides' orders one at a time until each says :class:`Done`. Everything luck decides comes
from the engine's ``Rng``; every refusal names the rule in plain words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Option, Outcome, Phase, Rules, Scenario
from midway_desktop.games.victory_at_midway import air, battle, movement, search, setup
from midway_desktop.games.victory_at_midway.actions import (
    ACTION_TYPES,
    AATarget,
    AirTarget,
    AssignSearch,
    BombTarget,
    Cap,
    Concede,
    Ditch,
    Done,
    Enter,
    Exit,
    Forgo,
    Form,
    Land,
    LoseAircraft,
    MidwayStrike,
    Move,
    Place,
    Prepare,
    PrepareAll,
    Resolve,
    ReturnFire,
    Strike,
)
from midway_desktop.games.victory_at_midway.bots import DoctrineBot
from midway_desktop.games.victory_at_midway.bots import default_bots as doctrine_bots
from midway_desktop.games.victory_at_midway.sequence import PHASES, phase, settle, to_act
from midway_desktop.games.victory_at_midway.state import JAPAN, SIDES, US, Game, Search, State, side_name
from midway_desktop.games.victory_at_midway.units import Catalogue, load_units
from midway_desktop.games.victory_at_midway.victory import outcome
from midway_desktop.games.victory_at_midway.views import view

# What each step (or battle stage) accepts.
ALLOWED: dict[str, tuple[type[Action], ...]] = {
    "setup": (Place, Form, Done),
    "ship-movement": (Move, Enter, Forgo, Exit, Form, Done),
    "midway-strike": (MidwayStrike, Done),
    "search": (AssignSearch, Done),
    "air-strikes": (Strike, Done),
    "strike-resolution": (Resolve,),
    "cap": (Cap, Done),
    "air-targets": (AirTarget,),
    "return-fire": (ReturnFire,),
    "aa-targets": (AATarget,),
    "bomb-targets": (BombTarget,),
    "airfield-losses": (LoseAircraft,),
    "air-preparation": (Prepare, PrepareAll, Done),
    "air-return": (Land, Ditch),
}

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
)


class VictoryAtMidwayRules(Rules[State]):
    id = "victory-at-midway"
    title = "Victory at Midway"
    sides = SIDES
    scenarios = (Scenario("standard", "Two-player game", "Double-blind: both sides' orders are sealed."),)
    options = OPTIONS
    phases: tuple[Phase, ...] = tuple(PHASES.values())
    action_types = ACTION_TYPES

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        super().__init__()
        self.game = Game.load(catalogue if catalogue is not None else load_units())

    # -- set-up ---------------------------------------------------------------------------
    def setup(self, scenario: Scenario, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        """VaM › Setup: both sides set up in secret (see ``setup.initial_state``)."""
        enabled = frozenset(name for name, on in options.items() if on is True)
        state = setup.initial_state(self.game, enabled)
        shown = ", ".join(sorted(enabled)) or "none"
        return state, [Event("setup", f"Victory at Midway begins (optional rules: {shown}). Both sides set up.")]

    # -- play -----------------------------------------------------------------------------
    def to_act(self, state: State) -> tuple[str, ...]:
        return to_act(self.game, state)

    def phase(self, state: State) -> Phase:
        return phase(self.game, state)

    def _stage(self, state: State) -> str:
        return state.battle.stage if state.battle is not None else state.step

    def legal_actions(self, state: State, side: str) -> Sequence[Action]:
        """Every order ``side`` may give now. A concession is always accepted from a side to act
        but is not listed, so programs never stumble on it."""
        if side not in self.to_act(state):
            return []
        g = self.game
        stage = self._stage(state)
        out: list[Action] = []
        if stage == "setup":
            for piece, ships in setup.setup_pieces(g, state, side):
                hexes = frozenset.intersection(*(setup.setup_area(g, s) for s in ships))
                out += [Place(side, piece, h) for h in sorted(hexes) if g.u(state, ships[0]).loc != h]
            out += movement.form_options(g, state, side)
        elif stage == "ship-movement":
            out += self._movement_options(state, side)
        elif stage == "midway-strike":
            out += [
                a for a in (MidwayStrike(side, a) for a, _st in g.aircraft(state, side)) if self.check(state, a) is None
            ]
        elif stage == "search":
            out += search.search_options(g, state, side)
        elif stage == "air-strikes":
            out += air.strike_options(g, state, side)
        elif stage == "strike-resolution":
            out += [Resolve(side, h, b) for h, b in battle.strike_keys(g, state, side)]
        elif stage == "cap":
            out += [Cap(side, a) for a in battle.cap_candidates(g, state)]
        elif stage == "air-targets":
            assigned = {f for f, _t in state.battle.orders}  # type: ignore[union-attr]
            targets = battle.air_targets(g, state, side)
            out += [
                AirTarget(side, f, t) for f in battle.fighters(g, state, side) if f not in assigned for t in targets
            ]
        elif stage == "return-fire":
            b = state.battle
            out += [ReturnFire(side, b.returning, f) for f, _t in b.orders]  # type: ignore[union-attr]
        elif stage == "aa-targets":
            b = state.battle
            used = {u for u, _t in b.orders} | {t for _u, t in b.orders}  # type: ignore[union-attr]
            out += [
                AATarget(side, u, t)
                for u in battle.aa_firers(g, state)
                if u not in used
                for t in battle.aa_targets(g, state)
                if t not in used
            ]
        elif stage == "bomb-targets":
            assigned = {u for u, _t in state.battle.orders}  # type: ignore[union-attr]
            targets = battle.aa_firers(g, state)
            out += [BombTarget(side, u, t) for u in battle.bombers(g, state) if u not in assigned for t in targets]
        elif stage == "airfield-losses":
            out += [LoseAircraft(side, a) for a in g.based_at(state, "Midway", battle.FIELD)]
        elif stage == "air-preparation":
            out += [Prepare(side, a) for a, st in g.aircraft(state, side) if st.loc in ("notready", "notready2")]
            out.append(PrepareAll(side))
        elif stage == "air-return":
            mine = [f.unit for f in state.flights if g.side_of(f.unit) == side]
            short = air.landable(g, state, side) < len(mine)  # too little room: the player picks who ditches
            for unit in mine:
                bases = air.landing_bases(g, state, unit)
                out += [Land(side, unit, b) for b in bases]
                if short or not bases:
                    out.append(Ditch(side, unit))
        if Done in ALLOWED.get(stage, ()) and _done(self, state, Done(side)) is None:
            out.append(Done(side))
        # Each list above is built to the same rules ``check`` applies (the property tests hold them to it).
        return out

    def _movement_options(self, state: State, side: str) -> list[Action]:
        g = self.game
        out: list[Action] = []
        for piece, ships in sorted(movement.pieces(g, state, side).items()):
            if movement.piece_block(g, state, ships):
                continue
            here = g.u(state, ships[0]).loc
            out += [Move(side, piece, h) for h in sorted(g.board.neighbors(here))]
            if here in g.board.region(movement.EXIT_REGION[side]):
                out.append(Exit(side, piece))
        out += movement.form_options(g, state, side)
        if side == JAPAN:
            hexes = sorted(setup.entry_hexes(g), key=lambda h: int(h[1:]))
            for grp in g.cat.groups:
                if grp.side != JAPAN or grp.entry is None:
                    continue
                ships = setup.waiting(g, state, grp.id)
                if not ships:
                    continue
                out.append(Forgo(side, grp.id))
                out += [Forgo(side, s) for s in ships if len(ships) > 1]
                earliest = setup.entry_turn(g, state, grp.id)
                if earliest is None or state.turn < earliest:
                    continue
                fleet_at = g.formation_hex(state, JAPAN, grp.fleet) if grp.fleet else None
                for h in hexes:
                    out.append(Enter(side, grp.id, h))
                    if grp.fleet and fleet_at in (None, h):
                        out.append(Enter(side, grp.id, h, grp.fleet))
                    if len(ships) > 1:
                        out += [Enter(side, s, h) for s in ships]
        return out

    def check(self, state: State, action: Action) -> str | None:
        if state.step == "over":
            return "The game is over."
        if isinstance(action, Concede):
            return None if action.side in SIDES else f"{action.side} is not a side."
        if action.side not in self.to_act(state):
            return f"It is not {action.side}'s turn to act ({self.phase(state).title})."
        stage = self._stage(state)
        allowed = ALLOWED.get(stage, ())
        if not isinstance(action, allowed):
            names = ", ".join(t.type_name for t in allowed) or "nothing"
            return f"In the {PHASES[stage].title} you may give only these orders: {names}."
        handler = _CHECKS.get(type(action))
        return handler(self, state, action) if handler is not None else None

    def apply(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        events: list[Event] = []
        g = self.game
        side = action.side
        if isinstance(action, Concede):
            events.append(Event("concede", f"{side_name(side)} concedes the game."))
            return replace(state, conceded=side, step="over", battle=None), events
        stage = self._stage(state)
        mine = (side,)
        if isinstance(action, Done):
            if stage == "cap":
                state = battle.deploy_strike(g, state, rng, events)
            else:
                state = replace(state, sealed=state.sealed | {side})
                title = PHASES[stage].title
                events.append(
                    Event("sealed", f"{side_name(side)} has sealed its orders ({title}).", data={"side": side})
                )
        elif isinstance(action, Place):
            state = setup.apply_place(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, Form):
            state = movement.apply_form(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, Move):
            state = movement.apply_move(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, Enter):
            state = setup.apply_enter(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, Forgo):
            state = setup.apply_forgo(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, Exit):
            state = movement.apply_exit(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, MidwayStrike):
            state = air.apply_midway_strike(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, AssignSearch):
            state = replace(state, searches=(*state.searches, Search(side, action.kind, action.hex)))
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, Strike):
            state = air.apply_strike(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, Resolve):
            state = battle.start(g, state, side, action.hex, action.base, rng, events)
        elif isinstance(action, Cap):
            state = battle.apply_cap(g, state, action)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
            if not battle.cap_candidates(g, state):
                state = battle.deploy_strike(g, state, rng, events)
        elif isinstance(action, AirTarget):
            events.append(Event("target", f"{action.describe()}.", data={"side": side}))
            state = battle.apply_air_target(g, state, action, rng, events)
        elif isinstance(action, ReturnFire):
            state = battle.apply_return_fire(g, state, action, rng, events)
        elif isinstance(action, AATarget):
            events.append(Event("target", f"{action.describe()}.", data={"side": side}))
            state = battle.apply_aa_target(g, state, action, rng, events)
        elif isinstance(action, BombTarget):
            events.append(Event("target", f"{action.describe()}.", data={"side": side}))
            state = battle.apply_bomb_target(g, state, action, rng, events)
        elif isinstance(action, LoseAircraft):
            state = battle.apply_lose(g, state, action, events)
        elif isinstance(action, Prepare):
            state = air.apply_prepare(g, state, action.unit)
            events.append(Event("order", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, PrepareAll):
            state = air.apply_prepare_all(g, state, side)
            state = replace(state, sealed=state.sealed | {side})
            events.append(Event("order", "All Not Ready aircraft are prepared.", mine, {"side": side}))
            events.append(Event("sealed", f"{side_name(side)} has sealed its air preparation.", data={"side": side}))
        elif isinstance(action, Land):
            state = air.apply_land(g, state, action)
            events.append(Event("land", f"{action.describe()}.", mine, {"side": side}))
        elif isinstance(action, Ditch):
            state = air.apply_ditch(g, state, action.unit)
            events.append(Event("ditch", f"{action.unit} ditches.", mine, {"side": side, "unit": action.unit}))
        state = settle(g, state, rng, events)
        return state, events

    def outcome(self, state: State) -> Outcome | None:
        return outcome(self.game, state)

    def view(self, state: State, side: str) -> dict[str, Any]:
        return view(self.game, state, side)


def _done(rules: VictoryAtMidwayRules, state: State, action: Done) -> str | None:
    if state.step == "setup":
        return setup.setup_complete_refusal(rules.game, state, action.side)
    return None


_CHECKS: dict[type[Action], Callable[[VictoryAtMidwayRules, State, Any], str | None]] = {
    Done: _done,
    Place: lambda r, s, a: setup.place_refusal(r.game, s, a),
    Form: lambda r, s, a: movement.form_refusal(r.game, s, a),
    Move: lambda r, s, a: movement.move_refusal(r.game, s, a),
    Enter: lambda r, s, a: setup.enter_refusal(r.game, s, a),
    Forgo: lambda r, s, a: setup.forgo_refusal(r.game, s, a),
    Exit: lambda r, s, a: movement.exit_refusal(r.game, s, a),
    MidwayStrike: lambda r, s, a: air.midway_strike_refusal(r.game, s, a),
    AssignSearch: lambda r, s, a: search.search_refusal(r.game, s, a),
    Strike: lambda r, s, a: air.strike_refusal(r.game, s, a),
    Resolve: lambda r, s, a: (
        None if (a.hex, a.base) in battle.strike_keys(r.game, s, a.side) else "You have no unresolved strike there."
    ),
    Cap: lambda r, s, a: battle.cap_refusal(r.game, s, a),
    AirTarget: lambda r, s, a: battle.air_target_refusal(r.game, s, a),
    ReturnFire: lambda r, s, a: battle.return_fire_refusal(r.game, s, a),
    AATarget: lambda r, s, a: battle.aa_refusal(r.game, s, a),
    BombTarget: lambda r, s, a: battle.bomb_refusal(r.game, s, a),
    LoseAircraft: lambda r, s, a: battle.lose_refusal(r.game, s, a),
    Prepare: lambda r, s, a: air.prepare_refusal(r.game, s, a),
    Land: lambda r, s, a: air.land_refusal(r.game, s, a),
    Ditch: lambda r, s, a: air.ditch_refusal(r.game, s, a),
}

RULES = VictoryAtMidwayRules()


def default_bots(rules: Rules[Any]) -> dict[str, DoctrineBot]:
    """Simple doctrine bots for both sides (see ``bots``)."""
    return doctrine_bots(rules)


__all__ = ["JAPAN", "RULES", "US", "VictoryAtMidwayRules", "default_bots"]
