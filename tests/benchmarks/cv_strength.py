"""How CV's computer players fare against each other on a scenario (not a pass/fail test):

    python -m tests.benchmarks.cv_strength strong doctrine --games 20 --scenario short

plays ``games`` games with the first player as the Americans and as many with it as the
Japanese, and prints wins, draws and losses of the first player on each side, the mean
Victory Points and the thinking time of each player per Turn."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from midway_desktop.engine.bots import play_out
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.cv.bots import PlainBot
from midway_desktop.games.cv.doctrine import Doctrine
from midway_desktop.games.cv.rules import RULES
from midway_desktop.games.cv.state import AMERICAN, JAPANESE


def make(name: str) -> Any:
    if name == "random":
        return PlainBot()
    if name == "doctrine":
        return Doctrine(RULES.game)
    if name.startswith("strong"):  # strong:hold=0,scouts=3 sets the Strong player's knobs
        from midway_desktop.games.cv.strong import Strong

        knobs = dict(kv.split("=") for kv in name.partition(":")[2].split(",") if kv)
        return Strong(RULES.game, **{k: int(v) for k, v in knobs.items()})
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
    args = parser.parse_args()
    for side in (args.side,) if args.side else (AMERICAN, JAPANESE):
        other = JAPANESE if side == AMERICAN else AMERICAN
        first, second = Timed(make(args.first)), Timed(make(args.second))
        results: Counter[str] = Counter()
        points = {side: 0.0, other: 0.0}
        for i in range(args.games):
            first.game = second.game = i
            session = Session.start(RULES, scenario=args.scenario, seed=args.seed + i)
            outcome = play_out(session, {side: first, other: second}, Rng(args.seed * 7919 + i), record=False)
            results["win" if outcome.winner == side else "draw" if outcome.winner is None else "loss"] += 1
            for k in points:
                points[k] += outcome.scores.get(k, 0.0)
            print(f"  game {i}: {outcome.text}", flush=True)
        n = max(1, args.games)
        print(
            f"{args.first} ({side}) vs {args.second}: {results['win']} won, {results['draw']} drawn, "
            f"{results['loss']} lost of {args.games}; mean VP {points[side] / n:.0f} to {points[other] / n:.0f}; "
            f"thinking per Turn {first.seconds / max(1, len(first.turns)):.3f} s vs "
            f"{second.seconds / max(1, len(second.turns)):.3f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
