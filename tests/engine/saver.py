"""A process that plays and autosaves the toy game as the app does, for the tests to kill.

``python -m tests.engine.saver DATA_DIR SEED [DIE_AT]``: take the autosave lock, clear what a
killed save left, resume the waiting game (or start one), then play on, autosaving after every
step and printing ``saved <seed> <actions>`` once each save is complete. It starts a new game
(seed + 1) when one ends. With ``DIE_AT`` = k it dies (``os._exit``, no clean-up, as a kill)
just before the k-th file-system step of its first save, and prints ``survived`` if that save
had fewer steps.
"""

from __future__ import annotations

import os
import sys
import tempfile

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


def main() -> int:
    os.environ["MIDWAY_DATA_DIR"] = sys.argv[1]
    seed = int(sys.argv[2])
    die = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    lock = autosaves.AutosaveLock("toy")
    assert lock.acquire(), "the last process's lock outlived it"
    autosaves.clear_stale("toy")
    found = autosaves.waiting("toy")
    session = records.load(found.path) if found else Session.start(toy.RULES, seed=seed)
    luck = Rng(seed * 7919 + len(session.history))
    print(f"start {session.seed} {len(session.history)}", flush=True)
    if die:
        die_at(die)
    while True:
        if session.outcome() is not None:
            session = Session.start(toy.RULES, seed=session.seed + 1)
        side = session.to_act()[0]
        options = session.legal_actions(side)
        session.play(options[luck.below(len(options))])
        autosaves.autosave(session)
        print(f"saved {session.seed} {len(session.history)}", flush=True)
        if die:
            print("survived", flush=True)
            return 0


if __name__ == "__main__":
    sys.exit(main())
