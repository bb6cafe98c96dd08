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
from midway_desktop.games.cv.state import AMERICAN, JAPANESE, AirRecord, AirUnit, State, evolve
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


# -- a Combat Phase about to begin (tests of combat and of what each side is shown) -----------------
_NOON, _SEA = Time(4, 12), "B3010"


def _rec(plane: str, n: int, weapon: str = "", high: bool = False) -> AirRecord:
    return AirRecord(plane, n, weapon, high, "tf1", _NOON.plus(-1), _NOON.plus(4))


def _unit(side: str, number: int, hex_: str, *records: AirRecord) -> AirUnit:
    return AirUnit(side, number, "map", tuple(records), hex=hex_)


def combat_session(seed: int) -> Session:
    """Both sides' units meet over an American Task Force and over Midway as the Japanese end
    their Take Off Step: the Combat Phase comes next."""
    forces = [
        tf(US, 1, ["Enterprise", "DD1"], _SEA, {"c": {"wildcat": 4, "dauntless": 4}}),
        tf(JP, 1, ["Akagi", "DD1"], "B3012", {"c": {"zero": 4, "kate": 4}}),
    ]
    state = position(forces, start=_NOON, last=_NOON.plus(1), base_planes={"midway": {"c": {"buffalo": 3}}})
    for u in (
        _unit(US, 1, _SEA, _rec("wildcat", 6, high=True)),
        _unit(US, 2, GAME.midway, _rec("buffalo", 5), _rec("fortress", 2, "he", True)),
        _unit(US, 3, "B3012", _rec("dauntless", 6, "ap", True), _rec("devastator", 4, "t")),
        _unit(JP, 1, _SEA, _rec("zero", 4, high=True), _rec("val", 4, "he", True), _rec("kate", 5, "t")),
        _unit(JP, 2, GAME.midway, _rec("zero", 6), _rec("kate", 6, "he", True)),
        _unit(JP, 3, "B3012", _rec("zero", 5, high=True)),
    ):
        state = state.with_air_unit(u)
    state = evolve(state, step="take-off", initiative=(US, JP), mover=1)
    rules = CvRules(GAME, lambda g, _name: state)
    return Session.start(rules, seed=seed)


def bound_into_the_wind() -> Session:
    """Task Force 1 (Enterprise, at B3010) formed 11 Air Factors, past its Minimum Launch Factor
    6, and must plot into the wind (Basic VI.E) before the American side seals its plots: both
    sides at the Plot Ship Movement Step."""
    from midway_desktop.engine.rng import ScriptedRng
    from midway_desktop.games.cv.actions import Form

    s = session([tf(US, 1, ["Enterprise", "DD1"], "B3010", {"c": {"wildcat": 10, "dauntless": 10}})],
                rng=ScriptedRng(dice=[6, 1] * 20))  # fmt: skip
    done_until(s, "form-air-units")
    s.play(Form(US, "tf1", 1, "wildcat", 6))
    s.play(Form(US, "tf1", 2, "dauntless", 5))
    s.play(Done(US))
    s.play(Done(JP))
    return s
