"""Bots and the headless runner: whole games played by programs, for simulation and tests."""

from __future__ import annotations

import gc
import math
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Outcome, Rules
from midway_desktop.engine.session import Session


class Bot(Protocol):
    """Chooses an action for ``side``.

    A bot reads ``session.view(side)`` for what it may know; a bot the rules let know
    everything (a solitaire doctrine) may read the umpire view. ``legal`` is the list to
    choose from; the bot's own ``rng`` is separate from the game's luck.

    A bot that works its choice out from the state alone may say so with a class attribute
    ``uses_legal = False``: the unchecked runner then hands it an empty list instead of
    building one every step (the checked runner still builds it, and checks the choice).
    """

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot:
    """Picks uniformly among legal actions: the baseline, and the property tests' player."""

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        return rng.choice(legal)


BotFactory = Callable[[str], Bot]


@mypyc_attr(native_class=False)
class GameTooLong(RuntimeError):
    """A bot game ran past its step limit (a bot or rules bug, never a normal ending)."""


@mypyc_attr(native_class=False)
class Stalled(GameTooLong):
    """A computer player gave ``STEP_ACTIONS`` orders in one step of the sequence of play without
    the step ending: it would spin for ever. Its message is one line, naming the side and step."""


# The watchdog's bounds, counted in actions (never time: the same game stalls at the same order).
# The longest step of a bot game takes a few dozen (a CV set-up places every Task Force); a bot
# that passes this in one step is going round in circles.
STEP_ACTIONS = 2_000
GAME_ACTIONS = 100_000  # a whole game: a CV Midway Campaign by the plain bot takes some 3,500


@dataclass
class Watchdog:
    """Counts a game's actions, and those since its step last changed; says in one line when
    a computer player has stalled (``simulate``, ``validate`` and the desktop share it)."""

    step_limit: int = STEP_ACTIONS
    game_limit: int = GAME_ACTIONS
    actions: int = 0
    in_step: int = 0
    step: str = ""

    def count(self, rules: Rules[Any], state: Any, side: str) -> None:
        """One action of ``side`` about to be taken in ``state``; raises past a bound."""
        phase = rules.phase(state)
        if phase.name != self.step:
            self.step, self.in_step = phase.name, 0
        self.in_step += 1
        self.actions += 1
        if self.in_step > self.step_limit:
            raise Stalled(
                f"{rules.title}: the computer player for the {side_words(side)} side gave {self.step_limit} orders "
                f"in the {phase.title} without ending it (a stalled computer player)"
            )
        if self.actions > self.game_limit:
            raise GameTooLong(f"{rules.title}: the game passed {self.game_limit} actions without ending")


def side_words(side: str) -> str:
    from midway_desktop.games import side_title

    return side_title(side)


def play_out(
    session: Session,
    bots: Mapping[str, Bot],
    bot_rng: Rng,
    max_steps: int = GAME_ACTIONS,
    checked: bool = False,
    record: bool = True,
    step_limit: int = STEP_ACTIONS,
) -> Outcome:
    """Let bots act for every side until the game ends.

    ``checked`` submits every choice through the rules' check (tests, self-test); otherwise
    choices are trusted, and bots with ``uses_legal = False`` get no legal-action list.
    ``record=False`` (unchecked only) keeps no history and writes no narrative: the same
    game, for simulations that only want its outcome (see ``Session.apply_headless``).
    ``max_steps`` and ``step_limit`` are the watchdog's bounds (``Watchdog``): past them it
    raises ``GameTooLong`` or ``Stalled``, with one line saying who stalled where.
    """
    # The watchdog's counts, kept inline (this loop runs for every action of every simulated
    # game); past a bound, ``Watchdog`` says who stalled where.
    step, in_step, actions = "", 0, 0
    needs_legal = {side: checked or getattr(bot, "uses_legal", True) for side, bot in bots.items()}
    # Bound once: this loop runs for every action of every simulated game.
    rules = session.rules
    outcome_of, to_act, phase_of = rules.outcome, rules.to_act, rules.phase
    apply = session.play if checked else session.apply_unchecked if record else session.apply_headless
    while True:
        state = session.state
        outcome = outcome_of(state)
        if outcome is not None:
            return outcome
        actors = to_act(state)
        if not actors:
            raise RuntimeError("no side can act but the game is not over")
        side = actors[0]
        if needs_legal[side]:
            legal = session.legal_actions(side)
            if not legal:
                phase = rules.phase(state).name
                raise RuntimeError(f"{side} must act in {phase} but has no legal action")
        else:
            legal = []
        name = phase_of(state).name
        if name != step:
            step, in_step = name, 0
        in_step += 1
        actions += 1
        if in_step > step_limit or actions > max_steps:
            Watchdog(step_limit, max_steps, actions - 1, in_step - 1, step).count(rules, state, side)
        apply(bots[side].choose(session, side, legal, bot_rng))


@dataclass
class Summary:
    """What ``simulate`` reports: each result's count over a run of bot-played games."""

    game: str
    games: int
    seed: int
    results: dict[str, int]
    average_steps: float
    seconds: float
    scenario: str
    options: dict[str, Any]
    scores: dict[str, float] = field(default_factory=dict)
    cpu_seconds: float = 0.0  # processor time of this process: what other programs running do not inflate
    bots: dict[str, str] = field(default_factory=dict)  # each side's bot, by the name ``--bot`` takes

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def games_per_cpu_second(self) -> float:
        return self.games / self.cpu_seconds if self.cpu_seconds > 0 else float("inf")

    def interval(self, result: str) -> tuple[float, float, float]:
        """Share of games with ``result`` and its 95 % Wilson interval."""
        return wilson(self.results.get(result, 0), self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "scenario": self.scenario,
            "options": self.options,
            "bots": dict(self.bots),
            "games": self.games,
            "seed": self.seed,
            "results": dict(sorted(self.results.items())),
            "intervals": {k: list(self.interval(k)) for k in sorted(self.results)},
            "average_steps": round(self.average_steps, 2),
            "average_scores": {k: round(v, 3) for k, v in sorted(self.scores.items())},
            "games_per_second": round(self.games_per_second, 1),
            "games_per_cpu_second": round(self.games_per_cpu_second, 1),
        }


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float, float]:
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


class _Sweeper:
    """The cycle collector, run between bot games instead of during them.

    Bot games make short-lived objects by the million, freed by reference counting, and the
    bots' kept tables grow by thousands of entries a game. Left to itself the collector
    walks those tables again and again as they age (a sixth of a Midway Solitaire game's
    time). So for a batch it is switched off; after every ``every`` games one collection of
    what the batch has made frees any cycles the games left, and what survives (kept
    tables) is frozen, never walked again. Everything is as before once the batch ends.
    """

    def __init__(self, every: int = 8) -> None:
        self.every = every
        self.count = 0
        self.was_enabled = True

    def __enter__(self) -> _Sweeper:
        self.was_enabled = gc.isenabled()
        gc.disable()
        gc.freeze()
        return self

    def game_over(self) -> None:
        self.count += 1
        if self.count % self.every == 0:
            gc.collect(0)  # with the collector off, everything made since the last freeze is young
            gc.freeze()

    def __exit__(self, *exc: object) -> None:
        gc.unfreeze()
        if self.was_enabled:
            gc.enable()


def simulate(
    rules: Rules[Any],
    bots_for: Callable[[Rules[Any]], Mapping[str, Bot]],
    games: int,
    seed: int,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    outcomes: Callable[[Outcome], None] | None = None,
    bot_names: Mapping[str, str] | None = None,
) -> Summary:
    """Play ``games`` bot games; game ``i`` uses seed ``seed + i`` so results repeat exactly.

    ``outcomes`` is handed each game's outcome as it ends (``--plot`` keeps them for the
    distribution of victory points); ``bot_names`` says which bot played each side, for the
    summary."""
    results: Counter[str] = Counter()
    score_totals: defaultdict[str, float] = defaultdict(float)
    steps = 0
    bots = bots_for(rules)
    opts: dict[str, Any] = {}
    chosen = scenario
    start, cpu = time.perf_counter(), time.process_time()
    with _Sweeper() as sweeper:
        for i in range(games):
            session = Session.start(rules, scenario=scenario, options=options, seed=seed + i)
            opts, chosen = session.options, session.scenario
            try:
                outcome = play_out(session, bots, Rng(seed * 7919 + i), record=False)
            except GameTooLong as exc:  # (one line: which game of the run, then what)
                raise type(exc)(f"game of seed {seed + i}, scenario {session.scenario}: {exc}") from None
            results[outcome.result] += 1
            for k, v in outcome.scores.items():
                score_totals[k] += v
            if outcomes is not None:
                outcomes(outcome)
            steps += session.unrecorded
            del session
            sweeper.game_over()
            if progress is not None:
                progress(i + 1, games)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return Summary(
        game=rules.id,
        games=games,
        seed=seed,
        results=dict(results),
        average_steps=steps / games if games else 0.0,
        seconds=seconds,
        scenario=chosen or rules.scenarios[0].name,
        options=dict(opts),
        scores={k: v / games for k, v in score_totals.items()} if games else {},
        cpu_seconds=cpu,
        bots=dict(bot_names or {}),
    )
