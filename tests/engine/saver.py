"""A process that plays and autosaves a game as the app does, for the tests to kill.

``python -m tests.engine.saver DATA_DIR SEED [DIE_AT [GAME]]``: take the autosave lock, clear
what a killed save left, resume the waiting game (or start one), then play on, handing a
snapshot to the autosave worker after every step as the window's controller does (only the
latest waiting snapshot is written). It prints ``start <seed> <actions>`` once the game is on
the table, ``saved <seed> <actions>`` once each save is complete, and ``over <seed> <actions>``
once a finished game's last save is; then it starts a new game (seed + 1). With ``DIE_AT`` = k
it dies (``os._exit``, no clean-up, as a kill) just before the k-th file-system step of its
first save, and prints ``survived`` if that save had fewer steps (0: never). ``GAME`` is
``toy`` (the default: the engine's toy game) or ``cv`` (a Midway Campaign, the plain bots for
both sides: the longest record of all).
"""

from __future__ import annotations

import os
import sys
import tempfile
from typing import Any

from midway_desktop.engine import Session, autosaves, records
from midway_desktop.engine.registry import register
from midway_desktop.engine.rng import Rng
from tests.engine import toy

register(toy.RULES, "tests.engine.toy")

# Every call by which a save touches the disk.
STEPS = (
    (os, "fsync"),
    (os, "replace"),
    (os, "link"),
    (os, "unlink"),
    (os, "close"),
    (tempfile, "mkstemp"),
)


def die_at(k: int) -> None:
    count = [0]
    for owner, name in STEPS:
        real = getattr(owner, name)

        def step(*args: object, _real=real, **kwargs: object) -> object:  # type: ignore[no-untyped-def]
            count[0] += 1
            if count[0] == k:
                os._exit(9)
            return _real(*args, **kwargs)

        setattr(owner, name, step)


def _game(name: str) -> tuple[Any, str | None, Any]:
    """The rules, scenario and bots (None: the first legal action at random) of ``name``."""
    if name == "cv":
        from midway_desktop.games.cv.bots import default_bots
        from midway_desktop.games.cv.rules import RULES

        return RULES, "midway-campaign", default_bots(RULES)
    return toy.RULES, None, None


def main() -> int:
    os.environ["MIDWAY_DATA_DIR"] = sys.argv[1]
    seed = int(sys.argv[2])
    die = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    rules, scenario, bots = _game(sys.argv[4] if len(sys.argv) > 4 else "toy")
    lock = autosaves.AutosaveLock(rules.id)
    assert lock.acquire(), "the last process's lock outlived it"
    autosaves.clear_stale(rules.id)
    found = autosaves.waiting(rules.id)
    session = records.load(found.path) if found else Session.start(rules, scenario=scenario, seed=seed)
    luck = Rng(seed * 7919 + len(session.history))
    print(f"start {session.seed} {len(session.history)}", flush=True)

    def written(job: autosaves.Job, error: BaseException | None) -> None:
        if error is not None:
            print(f"failed {error!r}", flush=True)
            os._exit(3)
        print(f"saved {job.snapshot.seed} {len(job.snapshot.actions)}", flush=True)

    saver = autosaves.Saver(written)
    if die:
        die_at(die)
    while True:
        if session.outcome() is not None:
            saver.flush()  # (as the app does before a new game takes the autosave's place)
            print(f"over {session.seed} {len(session.history)}", flush=True)
            session = Session.start(rules, scenario=scenario, seed=session.seed + 1)
        side = session.to_act()[0]
        if bots is None:
            options = session.legal_actions(side)
            session.play(options[luck.below(len(options))])
        else:
            bot = bots[side]
            legal = session.legal_actions(side) if getattr(bot, "uses_legal", True) else []
            session.apply_unchecked(bot.choose(session, side, legal, luck))
        saver.save(records.Snapshot.of(session))
        if die:
            saver.flush()
            print("survived", flush=True)
            return 0


if __name__ == "__main__":
    sys.exit(main())
