"""Midway Solitaire on the engine: set-up, legal actions, refusals, and applying actions.

The player commands TF-16, TF-17 and the Midway aircraft (side ``us``); the Japanese forces
move by the action deck inside ``apply`` (MS › Action Card Play). See ``phases`` for the
sequence of play and ``turn`` for the automatic steps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Option, Outcome, Phase, Rules, Scenario
from midway_desktop.games.midway_solitaire.actions import (
    ACTION_TYPES,
    US,
    AssignHits,
    EndTurn,
    LongRangeAttack,
    MoveTaskForce,
    PlaceAircraft,
    PlaceTaskForce,
    TurnOrders,
)
from midway_desktop.games.midway_solitaire.combat import (
    assignment_refusal,
    assignments,
    long_range_refusal,
    long_range_strikes,
)
from midway_desktop.games.midway_solitaire.data import Ruleset, load_ruleset
from midway_desktop.games.midway_solitaire.forces import AMERICAN, JAPANESE
from midway_desktop.games.midway_solitaire.movement import (
    ma_refusal,
    setup_refusal,
    tf_destinations,
    tf_move_refusal,
)
from midway_desktop.games.midway_solitaire.phases import PHASE, PHASES
from midway_desktop.games.midway_solitaire.state import UNREAD, JapaneseForce, State, TaskForce, event
from midway_desktop.games.midway_solitaire.turn import (
    begin_turn,
    end_turn,
    finish_round,
    ma_placed,
    open_long_range,
    play_card,
    resolve,
    tf_moved,
)
from midway_desktop.games.midway_solitaire.victory import MISSIONS, RESULTS
from midway_desktop.games.midway_solitaire.view import side_view

_PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "setup": (PlaceTaskForce,),
    "us-movement": (MoveTaskForce, TurnOrders),
    "ma-placement": (PlaceAircraft, TurnOrders),
    "assign-hits": (AssignHits,),
    "long-range": (LongRangeAttack, EndTurn),
}


class MidwaySolitaireRules(Rules[State]):
    id = "midway-solitaire"
    title = "Midway Solitaire"
    # Raise it with any change that changes a record's replay; tests/records keeps a record
    # of each revision (see engine.rules.Rules.revision).
    revision = 1
    sides = (US,)
    solitaire = True
    options = (
        Option(
            "mission",
            "Mission",
            1,
            (1, 2, 3, 4, 5, 6, "random"),
            "MS › Victory Conditions: choose a mission, or (optional) roll a die for it",
        ),
    )
    phases: tuple[Phase, ...] = PHASES
    action_types = ACTION_TYPES

    def __init__(self, ruleset: Ruleset | None = None) -> None:
        super().__init__()
        self.rs = ruleset if ruleset is not None else load_ruleset()
        self._cache: dict[Any, Any] = {}  # tuples of actions, and single AssignHits (see _assign_hits)
        self._starts: dict[int, tuple[State, tuple[Event, ...]]] = {}  # see _start
        self._ma_actions = tuple(PlaceAircraft(US, sq) for sq in self.rs.grid.ma_area)
        self._end_turn = EndTurn(US)
        self._appliers: dict[type[Action], Any] = {
            PlaceTaskForce: self._apply_place_tf,
            MoveTaskForce: self._apply_move,
            PlaceAircraft: self._apply_aircraft,
            AssignHits: self._apply_hits,
            LongRangeAttack: self._apply_long_range,
            EndTurn: self._apply_end_turn,
            TurnOrders: self._apply_orders,
        }

    def option_label(self, name: str, value: Any) -> str:
        """Missions read with their difficulty and objective (MS › Victory Conditions)."""
        if name == "mission":
            if value == "random":
                return "Roll a die for it"
            m = MISSIONS[int(value)]
            return f"{m.number} ({m.difficulty}): {m.objective}"
        return super().option_label(name, value)

    # -- set-up ---------------------------------------------------------------------------
    def setup(self, scenario: Scenario, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        """MS › Game Setup: mission (chosen, or rolled on a die: the optional rule), Japanese
        forces on A2/A4/A7, MA on Midway, full fuel and long range markers, shuffled deck."""
        events: list[Event] = []
        mission = options.get("mission", 1)
        if mission == "random":
            mission = rng.die()
            events.append(
                Event("roll", f"Mission roll: d6 {mission}", data={"purpose": "mission", "dice": [mission], "sides": 6})
            )
        deck = tuple(rng.shuffled(self.rs.deck.numbers))
        start, told = self._start(int(mission))
        events.extend(told)
        return start.but(deck=deck), events

    def _start(self, mission: int) -> tuple[State, tuple[Event, ...]]:
        """A mission's opening position (without its deck) and events: the same every game, so
        made once (bot simulations start thousands of games)."""
        found = self._starts.get(mission)
        if found is None:
            rs = self.rs
            m = MISSIONS[mission]
            n = len(rs.deck)
            told = (
                Event("mission", f"Mission {m.number} ({m.difficulty}): {m.objective}.", data={"mission": m.number}),
                Event(
                    "shuffle",
                    f"The action deck is shuffled ({n} cards; card {rs.deck.player_aid} is the player aid).",
                    data={"cards": n},
                ),
            )
            forces = rs.forces
            tfs = tuple(TaskForce(u, "", 0, forces[u].extra_fuel, forces[u].long_range_attacks) for u in AMERICAN)
            japanese = tuple(JapaneseForce(u, rs.grid.start[u]) for u in JAPANESE)
            start = State(m.number, "setup", 0, tfs, japanese, rs.grid.midway, ())
            found = self._starts[mission] = (start, told)
        return found

    # -- play -----------------------------------------------------------------------------
    def to_act(self, state: State) -> tuple[str, ...]:
        return () if state.result is not None else (US,)

    def phase(self, state: State) -> Phase:
        return PHASE[state.phase]

    def legal_actions(self, state: State, side: str) -> Sequence[Action]:
        """The single actions ``side`` may take now. :class:`TurnOrders` (a turn's moves and
        the MA in one) is not listed: it only bundles listed actions (see ``check``)."""
        if state.result is not None or side != US:
            return ()
        phase = state.phase
        rs = self.rs
        if phase == "ma-placement":
            return self._ma_actions
        if phase == "us-movement":
            out: tuple[Action, ...] = ()
            for t in state.task_forces:
                if t.afloat and t.name not in state.moved:
                    out += self._moves(t.name, t.square, t.fuel > 0)
            return out
        if phase == "setup":
            out = ()
            for t in state.task_forces:
                if not t.square:
                    key = ("setup", t.name)
                    if key not in self._cache:
                        self._cache[key] = tuple(PlaceTaskForce(US, t.name, sq) for sq in rs.grid.setup)
                    out += self._cache[key]
            return out
        if phase == "long-range":
            strikes = [LongRangeAttack(US, t.name, sq) for t, sq in long_range_strikes(rs, state)]
            return (*strikes, self._end_turn)
        if phase == "assign-hits":
            assert state.battle is not None
            on_us, on_jp = assignments(state, state.battle)
            return tuple(self._assign_hits(a, j) for a in on_us for j in on_jp)
        return ()

    def _assign_hits(self, on_us: tuple[tuple[str, int], ...], on_jp: tuple[tuple[str, int], ...]) -> Action:
        key = ("hits", on_us, on_jp)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = AssignHits(US, on_us, on_jp)  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def _moves(self, tf: str, square: str, fuel: bool) -> tuple[Action, ...]:
        key = (tf, square, fuel)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = tuple(
                MoveTaskForce(US, tf, to) for to in tf_destinations(self.rs.grid, square, 1 if fuel else 0)
            )
        return found

    def listable(self, action: Action) -> bool:
        """A turn's :class:`TurnOrders` bundle listed actions; it is accepted, not listed."""
        return not isinstance(action, TurnOrders)

    def check(self, state: State, action: Action) -> str | None:
        if state.result is not None:
            return "The game is over."
        if action.side != US:
            return "Only the American player acts; the Japanese move by the action deck."
        phase = PHASE[state.phase]
        allowed = _PHASE_ACTIONS.get(state.phase, ())
        if not isinstance(action, allowed):
            return f"Not now: this is the step '{phase.title}' ({phase.rule})."
        rs = self.rs
        if isinstance(action, PlaceTaskForce):
            if action.tf not in AMERICAN:
                return f"{action.tf} is not an American task force (TF-16, TF-17)."
            if state.tf(action.tf).square:
                return f"{action.tf} is already set up."
            return setup_refusal(rs.grid, action.square)
        if isinstance(action, MoveTaskForce):
            if action.tf not in AMERICAN:
                return f"{action.tf} is not an American task force (TF-16, TF-17)."
            t = state.tf(action.tf)
            if t.sunk:
                return f"{t.name} has been sunk."
            if t.name in state.moved:
                return f"{t.name} has already moved this turn."
            return tf_move_refusal(rs.grid, t.square, action.to, t.fuel)
        if isinstance(action, PlaceAircraft):
            return ma_refusal(rs.grid, action.square)
        if isinstance(action, LongRangeAttack):
            if action.tf not in AMERICAN:
                return f"{action.tf} is not an American task force (TF-16, TF-17)."
            return long_range_refusal(rs, state, state.tf(action.tf), action.target)
        if isinstance(action, AssignHits):
            assert state.battle is not None
            return assignment_refusal(state, state.battle, action.on_american, action.on_japanese)
        if isinstance(action, TurnOrders):
            return self._orders_refusal(state, action)
        return None  # EndTurn

    def _orders_refusal(self, state: State, action: TurnOrders) -> str | None:
        """Orders are legal iff each part is, in order (each move on the state the moves before
        it leave); the refusal is the first bad part's, naming that part."""
        for tf, to in action.moves:
            part: Action = MoveTaskForce(action.side, tf, to)
            refusal = self.check(state, part)
            if refusal is not None:
                return f"{part.describe()}: {refusal}"
            state = self._move_tf(state, tf, to, [])
        if state.phase != "ma-placement":
            left = ", ".join(t.name for t in state.task_forces if t.afloat and t.name not in state.moved)
            return f"Orders for the turn move every task force afloat: {left} has no order (MS › Sequence of Play 1)."
        part = PlaceAircraft(action.side, action.ma)
        refusal = self.check(state, part)
        return None if refusal is None else f"{part.describe()}: {refusal}"

    def apply(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        events: list[Event] = []
        return self._appliers[type(action)](state, action, rng, events), events

    def advance(self, state: State, action: Action, rng: Rng) -> State:
        """``apply``'s state, told to a log nobody reads (``state.UNREAD``): most lines are kept
        ready-made and cost little; the dearest are left unwritten."""
        UNREAD.clear()
        return self._appliers[type(action)](state, action, rng, UNREAD)

    def _apply_place_tf(self, state: State, action: PlaceTaskForce, rng: Rng, events: list[Event]) -> State:
        """MS › Game Setup 1; once both TFs are placed, turn 1 begins."""
        t = state.tf(action.tf)
        key = ("setup", t.name, action.square)
        told = self.rs.kept.get(key)
        if told is None:  # the same every game: kept
            told = self.rs.keep(
                key, event("move", f"{t.name} sets up on {action.square}", {"unit": t.name, "to": action.square})
            )
        events.append(told)
        state = state.with_tf(t.but(square=action.square), moved=(*state.moved, t.name))
        if all(x.square for x in state.task_forces):
            state = begin_turn(state, self.rs.grid.midway)
        return state

    def _apply_move(self, state: State, action: MoveTaskForce, rng: Rng, events: list[Event]) -> State:
        return self._move_tf(state, action.tf, action.to, events)

    def _move_tf(self, state: State, tf: str, to: str, events: list[Event]) -> State:
        """MS › Unit Movement: the TF moves (spending one extra fuel for a second square); once
        every afloat TF has moved, the Midway aircraft are placed."""
        i = AMERICAN.index(tf)
        tfs = state.task_forces
        t = tf_moved(self.rs, tfs[i], to, events)
        other = tfs[1 - i]
        moved = (*state.moved, tf)
        phase = "ma-placement" if other.sunk or other.name in moved else state.phase
        return state.but(task_forces=(t, other) if i == 0 else (other, t), moved=moved, phase=phase)

    def _apply_aircraft(self, state: State, action: PlaceAircraft, rng: Rng, events: list[Event]) -> State:
        """MS › Sequence of Play 2-5: the MA is placed, then the card is flipped and resolved."""
        ma_placed(self.rs, action.square, events)
        return play_card(self.rs, state, rng, events, action.square)

    def _apply_orders(self, state: State, action: TurnOrders, rng: Rng, events: list[Event]) -> State:
        """The parts in order: the same state and events as submitting each one."""
        rs = self.rs
        tfs = state.task_forces
        moved = state.moved
        for tf, to in action.moves:
            if tf == "TF-16":
                tfs = (tf_moved(rs, tfs[0], to, events), tfs[1])
            else:
                tfs = (tfs[0], tf_moved(rs, tfs[1], to, events))
            moved += (tf,)
        if events is not UNREAD:
            ma_placed(rs, action.ma, events)
        return play_card(rs, state, rng, events, action.ma, tfs, moved)

    def _apply_hits(self, state: State, action: AssignHits, rng: Rng, events: list[Event]) -> State:
        """MS › Ship Attacks: the player's sharing of the round's hits, then the fight goes on."""
        state = finish_round(self.rs, state, action.on_american, action.on_japanese, rng, events)
        return state if state.result is not None else resolve(self.rs, state, rng, events)

    def _apply_long_range(self, state: State, action: LongRangeAttack, rng: Rng, events: list[Event]) -> State:
        return open_long_range(self.rs, state, action.tf, action.target, rng, events)

    def _apply_end_turn(self, state: State, action: EndTurn, rng: Rng, events: list[Event]) -> State:
        return end_turn(state, self.rs.grid.midway, events)

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        winner = RESULTS[state.result]
        return Outcome(state.result, winner, state.result_text, {"us": 1.0 if winner == US else 0.0})

    # -- information ----------------------------------------------------------------------
    def view(self, state: State, side: str) -> dict[str, Any]:
        return side_view(self.rs, state, side)


RULES = MidwaySolitaireRules()


def rules_for(folder: Path) -> MidwaySolitaireRules:
    """The rules as they run on the ruleset in ``folder`` (what ``validate`` checks)."""
    return MidwaySolitaireRules(load_ruleset(folder))


def default_bots(rules: Rules[Any]) -> dict[str, Any]:
    """The American bot (see ``bot``); the Japanese side is the action deck itself."""
    from midway_desktop.games.midway_solitaire.bot import AmericanBot

    return {US: AmericanBot(rules)}


DEFAULT_BOT = "american"  # ``simulate``'s name for it (see ``engine.registry``)
