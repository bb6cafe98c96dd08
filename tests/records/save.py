"""Save a record of each game as this build plays it: a seeded game of the games' own bots.

``python -m tests.records.save FOLDER [GAME ...]`` writes ``FOLDER/<game>.json`` for each game
(all four by default). The records are the same on every run of the same build: the set-up,
the dice and the bots' choices all come from fixed seeds. It uses only what every build since
the first records has (``Session.start``, the bots' ``choose``, ``records.save``), so the same
script saves the records of an older build checked out elsewhere.
"""

from __future__ import annotations

import sys
from pathlib import Path

from midway_desktop.engine import records
from midway_desktop.engine.registry import default_bots, get_rules
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session

GAMES = ("midway-solitaire", "kido-butai", "victory-at-midway", "cv")
SEED = 1942
# Enough steps to reach the games' dice and combat, few enough to replay in a second or two.
STEPS = {"midway-solitaire": 400, "kido-butai": 400, "victory-at-midway": 300, "cv": 300}


def play(game: str, seed: int = SEED, steps: int | None = None) -> Session:
    """A game of ``game`` from ``seed``, its bots at every side, up to ``steps`` actions."""
    rules = get_rules(game)
    session = Session.start(rules, seed=seed)
    bots = default_bots(game)(rules)
    luck = Rng(seed)
    for _ in range(STEPS[game] if steps is None else steps):
        if session.outcome() is not None:
            break
        side = session.to_act()[0]
        session.play(bots[side].choose(session, side, session.legal_actions(side), luck))
    return session


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    for game in argv[1:] or GAMES:
        session = play(game)
        path = records.save(session, folder / f"{game}.json", backup=False)
        print(f"{path}: {len(session.history)} actions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
