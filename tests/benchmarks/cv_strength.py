"""How CV's computer players fare against each other on a scenario (not a pass/fail test):

    python -m tests.benchmarks.cv_strength strong doctrine --games 20 --scenario short

plays ``games`` games with the first player as the Americans and as many with it as the
Japanese, and prints wins, draws and losses of the first player on each side with their 95 %
Wilson intervals, the mean Victory Points and the thinking time of each player per Turn.

    python -m tests.benchmarks.cv_strength strong strong --games 200 \
        --scenario battle-of-midway --side american --battle

``--battle`` adds what the battle came to, game by game, for setting beside the history (four
Japanese carriers lost at Midway and one American; Midway held): the distribution of carriers
(CV and CVL) sunk on each side, of Midway's fate (held by the Americans, captured: the Japanese
Base unit there, VI.I.2.a, or neither) and of the result."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from midway_desktop.engine.bots import play_out, wilson
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.cv.anchorage import captured
from midway_desktop.games.cv.bots import PlainBot
from midway_desktop.games.cv.doctrine import Doctrine
from midway_desktop.games.cv.rules import RULES
from midway_desktop.games.cv.state import AMERICAN, JAPANESE, State

CARRIERS = ("CV", "CVL")


def carriers(state: State, side: str) -> int:
    """The side's carriers afloat (a sunk Ship unit leaves its Task Force: Basic IX.J.4)."""
    game = RULES.game
    return sum(
        1 for tf in state.task_forces if tf.side == side for t in tf.ships if game.ship(side, t).type in CARRIERS
    )


def midway_fate(state: State) -> str:
    """Who has Midway at the end: the American Base unit still in its hex, the Japanese one
    (captured, Basic VI.I.2.a), or neither (the American Base destroyed, not taken)."""
    game = RULES.game
    if captured(game, state):
        return "captured"
    held = any(b.side == AMERICAN and b.hex == game.midway for b in state.bases)
    return "held" if held else "lost, not taken"


def share(k: int, n: int) -> str:
    p, low, high = wilson(k, n)
    return f"{100 * p:.0f} % ({100 * low:.0f}-{100 * high:.0f})"


def make(name: str) -> Any:
    if name == "random":
        return PlainBot()
    if name == "doctrine":
        return Doctrine(RULES.game)
    if name.startswith("strong"):  # strong:hold=0,scouts=3 sets the Strong player's knobs
        from midway_desktop.games.cv.strong import Strong

        knobs = dict(kv.split("=") for kv in name.partition(":")[2].split(",") if kv)
        mended = knobs.pop("mended", "")  # strong:mended=japanese: the mends at that side only
        values = {k: int(v) for k, v in knobs.items()}
        if mended:
            return Strong(RULES.game, mended=tuple(mended.split("+")), **values)
        return Strong(RULES.game, **values)
    raise SystemExit(f"unknown player {name!r}: random, doctrine or strong")


class Timed:
    """A bot whose thinking time is summed (per game Turn, read from the view)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.uses_legal = getattr(bot, "uses_legal", True)
        self.seconds = 0.0
        self.turns: set[tuple[int, int]] = set()
        self.game = 0

    def choose(self, session: Session, side: str, legal: list[Any], rng: Rng) -> Any:
        start = time.process_time()
        try:
            return self.bot.choose(session, side, legal, rng)
        finally:
            self.seconds += time.process_time() - start
            self.turns.add((self.game, session.state.time.index))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", default="short")
    parser.add_argument("--side", choices=(AMERICAN, JAPANESE), help="only this side for the first player")
    parser.add_argument("--battle", action="store_true", help="also what the battle came to (carriers, Midway)")
    args = parser.parse_args()
    for side in (args.side,) if args.side else (AMERICAN, JAPANESE):
        other = JAPANESE if side == AMERICAN else AMERICAN
        first, second = Timed(make(args.first)), Timed(make(args.second))
        results: Counter[str] = Counter()
        points = {side: 0.0, other: 0.0}
        sunk: dict[str, Counter[int]] = {AMERICAN: Counter(), JAPANESE: Counter()}
        fates: Counter[str] = Counter()
        for i in range(args.games):
            first.game = second.game = i
            session = Session.start(RULES, scenario=args.scenario, seed=args.seed + i)
            at_start = {s: carriers(session.state, s) for s in sunk}
            outcome = play_out(session, {side: first, other: second}, Rng(args.seed * 7919 + i), record=False)
            results["win" if outcome.winner == side else "draw" if outcome.winner is None else "loss"] += 1
            for s in sunk:
                sunk[s][at_start[s] - carriers(session.state, s)] += 1
            fates[midway_fate(session.state)] += 1
            for k in points:
                points[k] += outcome.scores.get(k, 0.0)
            print(f"  game {i}: {outcome.text}", flush=True)
        n = max(1, args.games)
        print(
            f"{args.first} ({side}) vs {args.second}: {results['win']} won, {results['draw']} drawn, "
            f"{results['loss']} lost of {args.games} (won {share(results['win'], n)}, "
            f"won or drawn {share(results['win'] + results['draw'], n)}); "
            f"mean VP {points[side] / n:.0f} to {points[other] / n:.0f}; "
            f"thinking per Turn {first.seconds / max(1, len(first.turns)):.3f} s vs "
            f"{second.seconds / max(1, len(second.turns)):.3f} s",
            flush=True,
        )
        if args.battle:
            for s in (JAPANESE, AMERICAN):
                lost = ", ".join(f"{k}: {share(c, n)}" for k, c in sorted(sunk[s].items()))
                mean = sum(k * c for k, c in sunk[s].items()) / n
                print(f"  {s} carriers sunk (mean {mean:.2f}): {lost}", flush=True)
            print("  Midway: " + ", ".join(f"{f}: {share(c, n)}" for f, c in sorted(fates.items())), flush=True)


if __name__ == "__main__":
    main()
