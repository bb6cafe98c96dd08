"""Odds from here: bot continuations of a position, never reading what the player may not know.

``simulate`` plays whole games from the start; :func:`odds_from` plays ``games`` continuations of
a position. Before each one, whatever is hidden from the side asking (the deck's order, the
enemy's unsighted units) is re-drawn by the game's ``sample_hidden`` from what that side's view
allows, and the luck to come is a fresh stream: the live game's own dice (its Rng's state)
are as hidden as its deck. So two positions the side cannot tell apart give the same odds for
the same seeds (tests/engine/test_odds.py holds every game to it).

After the game, in the umpire's review, nothing is hidden: ``full_state=True`` plays on from
the position as it was. No Qt here: the desktop's odds dock runs this in a worker thread, and
``midway-desktop simulate --plot`` from the command line.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field, replace
from typing import Any, Protocol

from midway_desktop.engine.bots import Bot, play_out, wilson
from midway_desktop.engine.rng import Rng, seed_state
from midway_desktop.engine.rules import Outcome, Rules
from midway_desktop.engine.session import Session
from midway_desktop.values import frozen_value

# Game id -> module holding ``sample_hidden`` (and optionally ``result_titles(rules)``,
# ``VP_SIDES``, the scores that are victory points, ``odds_bots(rules)``, the players of the
# continuations when not the game's default bots, and ``no_odds(state)``, why a position has
# none). A game without one has no odds yet.
HIDDEN_MODULES: dict[str, str] = {
    "midway-solitaire": "midway_desktop.games.midway_solitaire.hidden",
    "kido-butai": "midway_desktop.games.kido_butai.hidden",
    "victory-at-midway": "midway_desktop.games.victory_at_midway.hidden",
    "cv": "midway_desktop.games.cv.hidden",
}


class Sampler(Protocol):
    """A full state agreeing with everything ``side`` sees in ``state``, its hidden parts
    drawn from ``rng`` out of what ``side``'s view allows (never from the hidden parts)."""

    def __call__(self, rules: Rules[Any], state: Any, side: str, rng: Rng) -> Any: ...


class Cancelled(Exception):
    """The run was asked to stop (the dock's Cancel); nothing was changed."""


class OddsUnavailable(ValueError):
    """The game has no way yet to re-draw what a side cannot see."""


@frozen_value
class Odds:
    """How ``games`` continuations came out: counts by result, and each game's scores."""

    game: str
    title: str
    side: str
    games: int
    seed: int
    results: Mapping[str, int]
    scores: Mapping[str, tuple[float, ...]] = field(default_factory=dict)  # key -> one value a game
    result_titles: Mapping[str, str] = field(default_factory=dict)
    vp_sides: tuple[str, ...] = ()  # the score keys that are victory points (plotted as such)
    full_state: bool = False  # the umpire's review: played on from the true position
    position: str = ""  # where the continuations began, in words

    def interval(self, result: str) -> tuple[float, float, float]:
        """Share of games with ``result`` and its 95 % Wilson interval."""
        return wilson(self.results.get(result, 0), self.games)

    def ordered(self) -> list[str]:
        """Results, commonest first (ties by key, so a plot's order repeats)."""
        return sorted(self.results, key=lambda r: (-self.results[r], r))

    def result_title(self, result: str) -> str:
        return self.result_titles.get(result) or result.replace("-", " ").capitalize()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "side": self.side,
            "games": self.games,
            "seed": self.seed,
            "full_state": self.full_state,
            "results": dict(sorted(self.results.items())),
            "intervals": {k: list(self.interval(k)) for k in sorted(self.results)},
            "average_scores": {k: round(sum(v) / len(v), 3) for k, v in sorted(self.scores.items()) if v},
        }


def _module(game_id: str) -> Any:
    name = HIDDEN_MODULES.get(game_id)
    if name is None:
        raise OddsUnavailable(f"no odds for {game_id} yet: nothing re-draws what a side cannot see")
    return importlib.import_module(name)


def has_odds(game_id: str) -> bool:
    return game_id in HIDDEN_MODULES


def sampler(game_id: str) -> Sampler:
    sample: Sampler = _module(game_id).sample_hidden
    return sample


def players(game_id: str) -> Callable[[Rules[Any]], Mapping[str, Bot]]:
    """Who plays the continuations of ``game_id``: its hidden module's ``odds_bots``, else the
    game's default bots (``simulate``'s)."""
    from midway_desktop.engine.registry import default_bots

    chosen: Callable[[Rules[Any]], Mapping[str, Bot]] | None = getattr(_module(game_id), "odds_bots", None)
    return chosen if chosen is not None else default_bots(game_id)


def unavailable(game_id: str, state: Any) -> str:
    """Why a position of ``game_id`` has no odds though the game has them (its hidden module's
    ``no_odds``: CV's set-up, say), or ""."""
    why: Callable[[Any], str] | None = getattr(_module(game_id), "no_odds", None)
    return why(state) if why is not None else ""


GAMES = 200  # continuations a run plays unless the game's hidden module says ``ODDS_GAMES``


def default_games(game_id: str) -> int:
    """How many continuations the dock offers first for ``game_id``: fewer where each is long."""
    return int(getattr(_module(game_id), "ODDS_GAMES", GAMES)) if has_odds(game_id) else GAMES


def hidden_rng(seed: int, i: int) -> Rng:
    """The draw of continuation ``i``'s hidden parts (its own stream: neither the dice nor the bots')."""
    return Rng(seed_state(f"hidden:{seed}:{i}"))


def odds_from(
    rules: Rules[Any],
    state: Any,
    side: str,
    bots_for: Callable[[Rules[Any]], Mapping[str, Bot]],
    games: int,
    seed: int,
    *,
    scenario: str = "",
    options: Mapping[str, Any] | None = None,
    full_state: bool = False,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    position: str = "",
) -> Odds:
    """Play ``games`` bot continuations of ``state`` as ``side`` may know it.

    Continuation ``i`` draws the hidden parts from :func:`hidden_rng` (skipped with
    ``full_state``), its dice from ``seed + i`` and its bots' choices from their own stream, as
    ``simulate`` does. ``state`` is never changed (positions are immutable values; each
    continuation is a new session). ``cancelled`` is asked between games: true raises
    :class:`Cancelled`.
    """
    sample: Sampler = _module(rules.id).sample_hidden
    if rules.outcome(state) is not None:
        raise ValueError("the game is over: there is nothing left to play")
    if side not in rules.sides:
        raise ValueError(f"{rules.title} has no side {side!r}")
    outcomes: list[Outcome] = []
    bots = bots_for(rules)
    opts = dict(options or {})
    for i in range(games):
        if cancelled is not None and cancelled():
            raise Cancelled(f"stopped after {i} of {games} games")
        start = state if full_state else sample(rules, state, side, hidden_rng(seed, i))
        session = Session(
            rules=rules, scenario=scenario, options=opts, seed=seed + i, state=start, rng=Rng(seed_state(seed + i))
        )
        outcomes.append(play_out(session, bots, Rng(seed * 7919 + i), record=False))
        if progress is not None:
            progress(i + 1, games)
    odds = tally(rules, outcomes, seed, position)
    return replace(odds, side=side, full_state=full_state)


def tally(rules: Rules[Any], outcomes: Iterable[Outcome], seed: int, position: str = "the start of the game") -> Odds:
    """The odds of games already played (``simulate``'s, kept by its ``outcomes`` hook): from
    the start of a game nothing is hidden yet but the luck, so they are the full state's."""
    results: Counter[str] = Counter()
    scores: dict[str, list[float]] = {}
    n = 0
    for outcome in outcomes:
        n += 1
        results[outcome.result] += 1
        for key, value in outcome.scores.items():
            scores.setdefault(key, []).append(float(value))
    module = importlib.import_module(HIDDEN_MODULES[rules.id]) if rules.id in HIDDEN_MODULES else None
    return Odds(
        game=rules.id,
        title=rules.title,
        side="",
        games=n,
        seed=seed,
        results=dict(results),
        scores={k: tuple(v) for k, v in scores.items()},
        result_titles=module.result_titles(rules) if hasattr(module, "result_titles") else {},
        vp_sides=tuple(getattr(module, "VP_SIDES", ())),
        full_state=True,
        position=position,
    )
