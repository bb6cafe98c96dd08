"""Shared by the CV rules tests: positions built from explicit inputs (which forces, where,
when) and sessions on them, with the bundled data and its bases."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from midway_desktop.engine import Session
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv.actions import Done
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.setup import ForceSetUp, initial_state
from midway_desktop.games.cv.state import AMERICAN, JAPANESE, State
from midway_desktop.games.cv.time_record import Time

US, JP = AMERICAN, JAPANESE
GAME = Game.load()
NAVAL = Game(GAME.data)  # no bases
START, LAST = Time(4, 5), Time(4, 10)  # 0500-1000 June 4: daylight, six Turns


def tf(
    side: str,
    number: int,
    ships: Sequence[str],
    hex_: str,
    planes: Mapping[str, Mapping[str, int]] | None = None,
    enters: Time | None = None,
    weapons: Mapping[str, str] | None = None,
    area: tuple[str, ...] = (),
) -> ForceSetUp:
    return ForceSetUp(side, number, tuple(ships), area, hex_, enters, planes or {}, weapons or {})


def position(
    forces: Sequence[ForceSetUp],
    start: Time = START,
    last: Time = LAST,
    game: Game = GAME,
    base_planes: Mapping[str, Mapping[str, Mapping[str, int]]] | None = None,
) -> State:
    return initial_state(game, forces, start, last, base_planes)


def session(
    forces: Sequence[ForceSetUp],
    start: Time = START,
    last: Time = LAST,
    game: Game = GAME,
    base_planes: Mapping[str, Mapping[str, Mapping[str, int]]] | None = None,
    rng: Rng | None = None,
    set_up: bool = True,
) -> Session:
    """A session on the position; ``set_up`` seals both sides' set-up at once."""
    rules = CvRules(game, lambda g, _name: initial_state(g, forces, start, last, base_planes))
    s = Session.start(rules, seed=1, rng=rng)
    if set_up:
        s.play(Done(US))
        s.play(Done(JP))
    return s


def done_until(s: Session, step: str, limit: int = 200) -> None:
    """Seal or end steps (no orders) until ``step`` is reached."""
    for _ in range(limit):
        if s.state.step == step:
            return
        s.play(Done(s.to_act()[0]))
    raise AssertionError(f"never reached {step}")


def next_turn(s: Session, limit: int = 200) -> None:
    """Seal or end every step (no orders) until the next Turn's Plane Ready Step."""
    now = s.state.time
    for _ in range(limit):
        if s.state.time != now and s.state.step == "plane-ready":
            return
        s.play(Done(s.to_act()[0]))
    raise AssertionError("the next Turn never came")
