"""CV on the engine: who acts, what is legal, refusals with the rule, and applying orders.

Each step of the Sequence of Play (``sequence``) accepts its own orders; a simultaneous step
collects each side's orders, told only to that side, until it says :class:`Done`. Luck comes
from the engine's ``Rng``. On the engine's game list (``simulate``, ``replay``, records); the
desktop shows only CV's set-ups until CV has a presenter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Blocker, Outcome, Phase, Rules, Scenario
from midway_desktop.engine.seats import ComputerPlayer
from midway_desktop.games.cv import (
    air,
    air_combat,
    combat,
    engaged,
    movement,
    observation,
    passing,
    readiness,
    reorganization,
    shadowing,
)
from midway_desktop.games.cv.actions import (
    ACTION_TYPES,
    AirAttack,
    Altitude,
    Announce,
    Done,
    EnterMap,
    Form,
    InterceptPassing,
    Jettison,
    Land,
    LetPass,
    MoveAir,
    Place,
    Plot,
    Ready,
    Regroup,
    Shadow,
    Stow,
    TakeOff,
    Transfer,
)
from midway_desktop.games.cv.bots import PlainBot
from midway_desktop.games.cv.bots import default_bots as plain_bots
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.legal import legal_orders
from midway_desktop.games.cv.sequence import (
    PHASES,
    PRIVATE,
    SECRET,
    as_known,
    as_played_by,
    finish_air_portion,
    own_step,
    phase,
    seal_private,
    settle,
    to_act,
)
from midway_desktop.games.cv.setup import scenario_state
from midway_desktop.games.cv.state import SIDES, State, evolve, side_name
from midway_desktop.games.cv.views import view

ALLOWED: dict[str, tuple[type[Action], ...]] = {
    "set-up": (Place, Transfer, Stow, Done),
    "plane-ready": (Ready, Done),
    "form-air-units": (Form, Done),
    "ship-plotting": (Plot, Transfer, Shadow, Done),
    "landing": (Land, Altitude, Regroup, Jettison, Done, InterceptPassing, LetPass),
    "air-move": (MoveAir, EnterMap, Altitude, Regroup, Jettison, AirAttack, Done, InterceptPassing, LetPass),
    "take-off": (TakeOff, Altitude, Regroup, Jettison, Done, InterceptPassing, LetPass),
    **{s.name: (*s.orders, Done) for s in combat.STEPS if s.sealed},
}

Check = Callable[[Game, State, Any], str | None]
CHECKS: dict[type[Action], Check] = {
    Done: movement.done_refusal,
    Place: movement.place_refusal,
    Stow: readiness.stow_refusal,
    Ready: readiness.ready_refusal,
    Form: readiness.form_refusal,
    Plot: movement.plot_refusal,
    Transfer: reorganization.transfer_refusal,
    Land: air.land_refusal,
    MoveAir: air.move_refusal,
    TakeOff: air.take_off_refusal,
    Altitude: air.altitude_refusal,
    EnterMap: air.enter_refusal,
    Regroup: air.regroup_refusal,
    Jettison: engaged.jettison_refusal,
    AirAttack: air_combat.movement_attack_refusal,
    **{t: lambda g, s, a: combat.refusal(g, s, a) for t in combat.ORDER_TYPES},
    Shadow: shadowing.shadow_refusal,
}

# Scenarios of scenarios.yaml by name: (id, the scenario V borrows from). Scenario V (Japanese
# Free Set Up) is played with the General and American Information of II, III or IV.
SCENARIO_IDS: dict[str, tuple[str, str | None]] = {
    "short": ("II", None),
    "battle-of-midway": ("III", None),
    "midway-campaign": ("IV", None),
    "free-set-up-short": ("V", "II"),
    "free-set-up-battle-of-midway": ("V", "III"),
    "free-set-up-midway-campaign": ("V", "IV"),
}

StateMaker = Callable[[Game, str], State]

DOCTRINE = ComputerPlayer(
    "doctrine",
    "Doctrine (quick)",
    "Searches, strikes the enemy it finds and keeps CAP over its carriers, seeing only what its side may see "
    "(CV › Basic III).",
)
STRONG = ComputerPlayer(
    "strong",
    "Strong",
    "As the Japanese, the Doctrine with its weak habits mended: dives instead of gliding, strikes the "
    "freshest and richest sighting, keeps fuel in hand; as the Americans, the Doctrine (the mends did "
    "worse there). Sees only what its side may see (CV › Basic III).",
)


def scenario_state_by_name(game: Game, name: str) -> State:
    return scenario_state(game, *SCENARIO_IDS[name])


def _scenarios(game: Game) -> tuple[Scenario, ...]:
    out = []
    for name, (sid, source) in SCENARIO_IDS.items():
        sc = game.data.scenarios.played(sid, source)
        which = f"{sid} with the Information of {source}" if source else sid
        out.append(Scenario(name, sc.title, f"{sc.start} - {sc.end} ({sc.turns} Turns), Scenarios {which}."))
    return tuple(out)


def out_of_step(action: Action, step: str) -> str:
    """CV › Basic IV: an order is given only in its own step; say which step that is."""
    steps = [PHASES[s].title for s, kinds in ALLOWED.items() if isinstance(action, kinds)]
    now = PHASES[step].title
    if not steps:
        return f"That order is not given in the {now} (CV › Basic IV)."
    return f"That order belongs to the {' or the '.join(steps)}; this is the {now} (CV › Basic IV)."


class CvRules(Rules[State]):
    id = "cv"
    title = "CV"
    # Raise it with any change that changes a record's replay; tests/records keeps a record
    # of each revision (see engine.rules.Rules.revision).
    revision = 2
    sides = SIDES
    phases: tuple[Phase, ...] = tuple(PHASES.values())
    action_types = ACTION_TYPES

    def __init__(self, game: Game | None = None, make_state: StateMaker | None = None) -> None:
        super().__init__()
        self.game = game if game is not None else Game.load()
        self.make_state = make_state if make_state is not None else scenario_state_by_name
        self.scenarios = _scenarios(self.game)

    def computer_players(self, scenario: Scenario, side: str) -> tuple[ComputerPlayer, ...]:
        """The computer may take either side in every scenario (``doctrine``, ``strong``)."""
        return (DOCTRINE, STRONG) if side in self.sides else ()

    def computer_bot(self, side: str, name: str) -> Any:
        if name not in (DOCTRINE.name, STRONG.name) or side not in self.sides:
            return super().computer_bot(side, name)
        from midway_desktop.games.cv.doctrine import Doctrine
        from midway_desktop.games.cv.strong import Strong

        return Strong(self.game) if name == STRONG.name else Doctrine(self.game)

    def setup(self, scenario: Scenario, options: Mapping[str, Any], rng: Rng) -> tuple[State, list[Event]]:
        state = self.make_state(self.game, scenario.name)
        return state, [Event("setup", f"CV: {scenario.title}. Both sides set up in secret (CV › Set Up IV).")]

    def to_act(self, state: State) -> tuple[str, ...]:
        return to_act(state)

    def phase(self, state: State) -> Phase:
        return phase(state)

    def step_of(self, state: State, side: str) -> str:
        return own_step(state, side)

    def legal_actions(self, state: State, side: str) -> Sequence[Action]:
        if side not in to_act(state):
            return []
        return legal_orders(self.game, as_played_by(state, side), side)

    def pass_only(self, state: State, side: str) -> Action | None:
        """A side asked in a step where it has nothing to order seals with no orders (being asked
        tells the other side nothing: both are always asked)."""
        legal = [a for a in self.legal_actions(state, side) if not isinstance(a, Announce)]  # (standing orders)
        return legal[0] if len(legal) == 1 and isinstance(legal[0], Done) else None

    def seal_blockers(self, state: State, side: str) -> list[Blocker]:
        """What keeps ``side`` from sealing or ending its step now: each carrier Task Force
        still to plot into the wind (Basic VI.E), each Air unit still to leave the enemy hex it
        fought over (VIII.H.3); and whatever else refuses its Done, as the rules say it."""
        if side not in to_act(state) or state.passing is not None:
            return []
        why = self.check(state, Done(side))
        if why is None:
            return []
        mine = as_played_by(state, side)
        found = [*movement.wind_blockers(self.game, mine, side), *engaged.blockers(self.game, mine, side)]
        return found or [Blocker(why)]

    def listable(self, action: Action) -> bool:
        """A Transfer of several ships, or with planes, is accepted but not listed (there are too
        many of them); one ship alone is."""
        return not isinstance(action, Transfer) or (len(action.ships) == 1 and not action.planes)

    def check(self, state: State, action: Action) -> str | None:
        if state.step == "over":
            return "The game is over (CV › Basic XII.C)."
        if action.side not in to_act(state):
            return f"It is not the {side_name(action.side)} side's turn to act ({phase(state).title}; CV › Basic IV)."
        state = as_played_by(state, action.side)  # (at its own step: see ``sequence.PRIVATE``)
        if isinstance(action, Announce):  # a standing order, given whenever the side acts
            return observation.announce_refusal(self.game, state, action)
        if state.passing is not None or isinstance(action, (InterceptPassing, LetPass)):
            return passing.refusal(self.game, state, action)  # Basic VIII.I.2: only the answer now
        if not isinstance(action, ALLOWED.get(state.step, ())):
            return out_of_step(action, state.step)
        check = CHECKS.get(type(action))
        why = check(self.game, state, action) if check is not None else None
        return why or engaged.refusal(self.game, state, action)  # Basic VIII.H.3

    def apply(self, state: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
        events: list[Event] = []
        g = self.game
        side = action.side
        if isinstance(action, Done):
            state = self._done(state, side, rng, events)
        else:
            # A side gives its orders at its own step; where that is not the current step (see
            # ``sequence.PRIVATE``) they change only its own part of the position, and the
            # sequence is kept as it was.
            now = state
            state = as_played_by(now, side)
            if isinstance(action, Place):
                state = movement.apply_place(g, state, action)
            elif isinstance(action, Stow):
                state = readiness.apply_stow(g, state, action)
            elif isinstance(action, Ready):
                state = readiness.apply_ready(g, state, action)
            elif isinstance(action, Form):
                state = readiness.apply_form(g, state, action)
            elif isinstance(action, Plot):
                state = movement.apply_plot(g, state, action)
            elif isinstance(action, Transfer):
                state = reorganization.apply_transfer(g, state, action)
            elif isinstance(action, (Land, MoveAir, TakeOff)):
                state = passing.fly(g, state, action, rng, events)  # stops where Interceptors may attack (VIII.I.2)
            elif isinstance(action, InterceptPassing):
                state = passing.apply_attack(g, state, action, rng, events)
            elif isinstance(action, LetPass):
                state = passing.apply_let_pass(g, state, action, rng, events)
            elif isinstance(action, Altitude):
                state = air.apply_altitude(g, state, action, events)
            elif isinstance(action, EnterMap):
                state = air.apply_enter(g, state, action, events)
            elif isinstance(action, Regroup):
                state = air.apply_regroup(g, state, action, events)
            elif isinstance(action, AirAttack):
                state = air_combat.apply_movement_attack(g, state, action, rng, events)
            elif isinstance(action, Jettison):
                state = engaged.apply_jettison(state, action, events)
            elif isinstance(action, combat.ORDER_TYPES):
                state = combat.keep(g, state, action)
            if isinstance(action, (MoveAir, TakeOff, Land, EnterMap)) and state.passing is None:
                state = engaged.arrived(g, state, side, getattr(action, "air_unit", 0))
            elif isinstance(action, Announce):
                state = observation.apply_announce(state, action)
            elif isinstance(action, Shadow):
                state = shadowing.apply_shadow(state, action)
            if state.step in SECRET or isinstance(action, Announce):  # only its own side hears of it
                events.append(Event("order", f"{action.describe()}.", (side,), {"side": side}))
            if now.ahead:
                state = evolve(state, step=now.step, sealed=now.sealed, ahead=now.ahead)
        return settle(g, state, rng, events), events

    def _done(self, state: State, side: str, rng: Rng, events: list[Event]) -> State:
        step = own_step(state, side)
        if step in PRIVATE:
            title = PHASES[step].title
            events.append(Event("sealed", f"The {side_name(side)} side has sealed its orders ({title}).",
                                data={"side": side}))  # fmt: skip
            return seal_private(state, side)
        if step in SECRET:
            title = PHASES[step].title
            events.append(Event("sealed", f"The {side_name(side)} side has sealed its orders ({title}).",
                                data={"side": side}))  # fmt: skip
            return evolve(state, sealed=state.sealed | {side})
        if step == "take-off":
            return finish_air_portion(self.game, state, events)
        order = ("landing", "air-move", "take-off")
        return evolve(state, step=order[order.index(step) + 1])

    def outcome(self, state: State) -> Outcome | None:
        """Basic XI.A: at least 100 Victory Points more than the other side wins; else a draw
        (every source of points: ``victory``)."""
        if state.step != "over":
            return None
        us, them = SIDES
        a, b = state.score(us), state.score(them)
        margin = self.game.data.charts.victory.margin
        winner = us if a - b >= margin else them if b - a >= margin else None
        scores = {us: float(a), them: float(b)}
        if winner is None:
            return Outcome("draw", None, f"A draw: {a} to {b} Victory Points.", scores)
        return Outcome(winner, winner, f"The {side_name(winner)} side wins, {max(a, b)} to {min(a, b)}.", scores)

    def view(self, state: State, side: str) -> dict[str, Any]:
        return view(self.game, as_played_by(state, side) if side in self.sides else as_known(state), side)


RULES = CvRules()


def rules_for(folder: Path) -> CvRules:
    """The rules as they run on the CV ruleset in ``folder`` (what ``validate`` plays)."""
    from midway_desktop.games.cv.data import load_data
    from midway_desktop.games.cv.game import base_specs

    data = load_data(folder)
    return CvRules(Game(data, base_specs(data)))


def default_bots(rules: Rules[Any]) -> dict[str, PlainBot]:
    """The plain bot for both sides (what ``simulate`` plays)."""
    return plain_bots(rules)


# ``simulate``'s names (see ``engine.registry``): the plain bot is CV's legal-random player, its
# ``random`` too (one picking among all orders alone would seal a step once in hundreds).
DEFAULT_BOT = "random"
random_bots = plain_bots
