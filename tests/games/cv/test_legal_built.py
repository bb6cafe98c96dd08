"""The legal orders built directly to their refusals (``legal``'s makers: CV › Basic IV.A.2,
VIII.A-H) are exactly those the refusals let through of the orders made the old way, wider,
and filtered by asking each refusal (kept here as the reference), in positions met in random
play through every step of a Turn."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from midway_desktop.engine import Session
from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng, ScriptedRng
from midway_desktop.games.cv import air, air_combat, engaged, readiness, surface
from midway_desktop.games.cv.actions import (
    AirAttack,
    Conserve,
    Done,
    EnterMap,
    Fire,
    Form,
    Intercept,
    Land,
    MoveAir,
    Plot,
    Ready,
    TakeOff,
    Transfer,
)
from midway_desktop.games.cv.bots import PlainBot
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.legal import legal_orders
from midway_desktop.games.cv.movement import plot_refusal
from midway_desktop.games.cv.reorganization import next_unorganized, transfer_refusal
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.sequence import as_played_by
from midway_desktop.games.cv.setup import ForceSetUp
from midway_desktop.games.cv.sky import lines_at
from midway_desktop.games.cv.state import AIR_BOXES, TASK_FORCE_BOXES, UNORGANIZED, Planes, Sections, State, evolve
from tests.games.cv.play import GAME, JP, US, combat_session, done_until, session, tf
from tests.games.cv.test_anchorage import crowded_mixed_force


# -- the reference: wide candidates, each asked of its refusal ------------------------------------
def _forms(game: Game, state: State, side: str) -> Iterator[Action]:
    """Every Air Box number, forming or empty, each stack in C, 1 to all its Air Factors."""
    numbers = [n for n in range(1, AIR_BOXES + 1) if (u := state.air_unit(side, n)) is None or u.where == "forming"]
    for box in state.boxes(side):
        for s in box.planes.c:
            have = sum(x.factors for x in box.planes.c if (x.plane, x.weapon) == (s.plane, s.weapon))
            for number in numbers:
                for n in range(1, have + 1):
                    yield Form(side, box.id, number, s.plane, n, s.weapon)


def _destinations(game: Game, state: State, side: str, start: str, reach: int) -> Iterator[tuple[str, str]]:
    """Each hex within ``reach``, alone and into each friendly box's CAP Box there."""
    for h in sorted(game.board.within(start, reach)):
        yield h, ""
        for box in game.friendly_boxes_at(state, side, h):
            yield h, box.id


def _moves(game: Game, state: State, side: str) -> Iterator[Action]:
    """Each flying Air unit to each hex within its Movement Factor, alone or into a box there."""
    for unit in state.air_units:
        if unit.side == side and unit.where in air.FLYING:
            start = air.air_hex(game, state, unit)
            if start is not None:
                for h, cap in _destinations(game, state, side, start, air.speed(game, unit)):
                    yield MoveAir(side, unit.number, h, cap)


def _entries(game: Game, state: State, side: str) -> Iterator[Action]:
    for unit in state.air_units:
        if unit.side == side and unit.where == "in-flight":
            for h in sorted(game.air_entry_hexes(unit.box)):
                yield EnterMap(side, unit.number, h)


def _take_offs(game: Game, state: State, side: str) -> Iterator[Action]:
    for unit in state.air_units:
        if unit.side != side or unit.where != "forming":
            continue
        box = state.box(side, unit.box)
        start = game.box_hex(box) if box is not None else None
        yield TakeOff(side, unit.number, "")
        if start is not None:
            for h, cap in _destinations(game, state, side, start, air.speed(game, unit) + 1):
                yield TakeOff(side, unit.number, h, cap)


def _landings(game: Game, state: State, side: str) -> Iterator[Action]:
    for unit in state.air_units:
        if unit.side != side or unit.where not in air.FLYING:
            continue
        for box in state.boxes(side):
            yield Land(side, unit.number, box.id)
            for p in sorted({r.plane for r in unit.records}):
                yield Land(side, unit.number, box.id, p)


def _transfers(game: Game, state: State, side: str) -> Iterator[Action]:
    """Each ship of each Task Force to every box number, taken or not, and off the mapboard."""
    numbers = [*range(TASK_FORCE_BOXES[side] + 2), next_unorganized(state, side), UNORGANIZED + 50]
    for force in state.task_forces:
        if force.side == side:
            for title in force.ships:
                for n in numbers:
                    yield Transfer(side, force.number, n, (title,))


def _plots(game: Game, state: State, side: str) -> Iterator[Action]:
    """Every path of up to one hex more than the Task Force's speed, leaving the mapboard or
    not, and anchoring (unloading or not) in place or a hex on."""
    for force in state.task_forces:
        if force.side != side or force.hex is None:
            continue
        paths: list[tuple[str, ...]] = [()]
        frontier: list[tuple[str, ...]] = [()]
        for _ in range(game.movement(force, state.hits_of(side)) + 1):
            frontier = [(*p, n) for p in frontier for n in GAME.board.neighbors(p[-1] if p else force.hex)]
            paths += frontier
        for path in paths:
            yield Plot(side, force.number, path)
            yield Plot(side, force.number, path, exit=True)
            if len(path) < 2:
                for unload in (False, True):
                    yield Plot(side, force.number, path, anchor=True, unload=unload)
                    yield Plot(side, force.number, path, exit=True, anchor=True, unload=unload)
        yield Plot(side, force.number, (), unload=True)


def _fires(game: Game, state: State, side: str) -> Iterator[Action]:
    """Each Battle's targets, 1 to all the Factors the side has there (and one more)."""
    kind = surface.KIND_OF[state.step]
    for battle in surface.battles(game, state):
        have = surface.available(game, state, battle, side, kind)
        for target in surface.targets(game, state, battle, side, kind):
            for n in range(have + 2):
                yield Fire(side, battle.hex, kind, target, n)


def _intercepts(game: Game, state: State, side: str) -> Iterator[Action]:
    """Every split of up to one more than the side's Interceptors at each altitude."""
    lines = lines_at(game, state, state.battle)
    for high in air_combat.ALTITUDES:
        mine = sum(x.factors for x in air_combat.interceptors(lines, side, high))
        for k in range(mine + 2):
            for m in range(mine + 2):
                yield Intercept(side, high, k, m)


def _air_attacks(game: Game, state: State, side: str) -> Iterator[Action]:
    """VIII.I.1, as the list was made before it was built: at every hex where the side flies,
    each altitude, every split of its Interceptors there and every target."""
    if not state.initiative or state.initiative[0] != side or state.mover != 0:
        return
    hexes = {air.air_hex(game, state, u) for u in state.air_units if u.side == side and u.where in air.FLYING}
    for hex_ in sorted(h for h in hexes if h is not None):
        lines = lines_at(game, state, hex_)
        for high in air_combat.ALTITUDES:
            mine = sum(x.factors for x in air_combat.interceptors(lines, side, high))
            units = sorted({x.unit for x in lines if x.side != side and x.high == high})
            for k in range(mine + 2):
                for m in range(mine + 2):
                    for u in (0, *units):
                        for g in range(3):
                            yield AirAttack(side, hex_, high, k, m, u, g)


def _conserves(game: Game, state: State, side: str) -> Iterator[Action]:
    for high in air_combat.ALTITUDES:
        yield Conserve(side, high)


def _move_refusal(game: Game, state: State, a: MoveAir) -> str | None:
    return air.move_refusal(game, state, a) or engaged.refusal(game, state, a)


def _readies(game: Game, state: State, side: str) -> Iterator[Action]:
    """Each unmoved (plane, weapon) stack's every count up to its factors and the Ready Factor,
    with every weapon into C (as the list was made, duplicates and all, before it was built)."""
    for box in state.boxes(side):
        room = game.handling(box).ready - box.readied
        for (source, target), _title in readiness.SEGMENTS.items():
            seen: set[tuple[str, str]] = set()
            for s in box.planes.of(source):
                if s.fresh or (s.plane, s.weapon) in seen:
                    continue
                seen.add((s.plane, s.weapon))
                have = readiness.movable(box, source, s.plane, s.weapon)
                weapons = ("", *game.plane(s.plane).weapons) if target == "c" else (s.weapon,)
                for n in range(1, min(have, room) + 1):
                    for w in weapons:
                        yield Ready(side, box.id, s.plane, n, source, target, w)


REFERENCE: dict[type[Action], tuple[Callable[[Game, State, str], Iterator[Action]], Callable[..., str | None]]] = {
    Form: (_forms, readiness.form_refusal),
    Ready: (_readies, readiness.ready_refusal),
    MoveAir: (_moves, _move_refusal),
    EnterMap: (_entries, air.enter_refusal),
    TakeOff: (_take_offs, air.take_off_refusal),
    Land: (_landings, air.land_refusal),
    Transfer: (_transfers, transfer_refusal),
    Plot: (_plots, plot_refusal),
    Fire: (_fires, surface.fire_refusal),
    Intercept: (_intercepts, air_combat.intercept_refusal),
    Conserve: (_conserves, air_combat.conserve_refusal),
    AirAttack: (_air_attacks, air_combat.movement_attack_refusal),
}
IN_ORDER = {Ready}  # (the reference made the same orders in the same order, then filtered)
STEPS = {
    "set-up": (Transfer,),
    "ship-plotting": (Transfer, Plot),
    "plane-ready": (Ready,),
    "form-air-units": (Form,),
    "air-move": (MoveAir, EnterMap, AirAttack),
    "take-off": (TakeOff,),
    "landing": (Land,),
    **{step: (Fire,) for step in surface.KIND_OF},
    "air-to-air": (Intercept, Conserve),
}


def _compare(session: Session, seen: dict[type[Action], int]) -> None:
    game = session.rules.game  # type: ignore[attr-defined]
    for side in session.to_act():
        state = as_played_by(session.state, side)
        if state.passing is None:
            _compare_state(game, state, side, seen)


def _compare_state(game: Game, state: State, side: str, seen: dict[type[Action], int]) -> None:
    for kind in STEPS.get(state.step, ()):
        make, refusal = REFERENCE[kind]
        listed = legal_orders(game, state, side, (kind,))
        if kind in IN_ORDER:  # (the same list in the same order, any duplicates kept)
            assert listed == [a for a in make(game, state, side) if refusal(game, state, a) is None], kind
            if listed:
                seen[kind] = seen.get(kind, 0) + len(listed)
            continue
        passed = {a for a in make(game, state, side) if refusal(game, state, a) is None}
        assert len(listed) == len(set(listed)), kind
        assert set(listed) == passed, (kind, state.time, set(listed) ^ passed)
        if listed:
            seen[kind] = seen.get(kind, 0) + len(listed)


def _play(session: Session, seed: int, actions: int) -> dict[type[Action], int]:
    """Random play by the plain bot, comparing at every position."""
    bot, rng = PlainBot(), Rng(seed)
    seen: dict[type[Action], int] = {}
    for _ in range(actions):
        if session.outcome() is not None:
            break
        _compare(session, seen)
        side = session.to_act()[0]
        session.play(bot.choose(session, side, [], rng))
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_orders_built_are_those_the_refusals_let_through(seed: int) -> None:
    seen = _play(Session.start(CvRules(GAME), scenario="short", seed=seed), seed, 500)
    assert set(seen) == set(REFERENCE) - {Fire, Intercept, Conserve, AirAttack}, seen  # (Combat's: below)


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_orders_built_are_those_the_refusals_let_through_after_combat(seed: int) -> None:
    """Through Air Combat (IX.D) and its VIII.H.3 limits (Air units that must leave, or fly home)."""
    seen = _play(combat_session(seed), seed, 300)
    assert seen.get(Intercept) and seen.get(Conserve)
    assert seen.get(AirAttack) or seed != 3, seen  # (Interceptors over enemy planes in the first mover's move)


def _homing(state: State) -> State:
    """Every flying Air unit bound to leave the hex it is over, fought over last Turn, and to
    reach a hex where it may land before entering an enemy hex (VIII.H.3)."""
    for unit in state.air_units:
        if unit.where in air.FLYING and (here := air.air_hex(GAME, state, unit)) is not None:
            state = state.with_air_unit(evolve(unit, leave=here, fought=state.time.plus(-1), homing=True))
    return state


def test_moves_built_to_the_limits_after_combat() -> None:
    """VIII.H.3: Air units over enemy Task Forces and Midway that must leave, and fly home."""
    s = combat_session(4)
    seen: dict[type[Action], int] = {}
    while s.outcome() is None and s.state.step != "air-move":
        s.play(Done(s.to_act()[0]))
    assert s.state.step == "air-move"
    s.state = _homing(s.state)
    assert any(engaged.stuck(GAME, s.state, side) for side in (US, JP))
    for _ in range(40):
        if s.outcome() is not None or s.state.step != "air-move":
            break
        _compare(s, seen)
        side = s.to_act()[0]
        moves = [a for a in s.legal_actions(side) if isinstance(a, MoveAir)]
        s.play(moves[len(moves) // 3] if moves else Done(side))
    assert seen.get(MoveAir)


@pytest.mark.parametrize(
    "start",
    [
        crowded_mixed_force,  # held at anchor past the Minimum (VI.I.2.b)
        lambda: _at_form(tf(US, 1, ["Enterprise", "DD1"], "B4832", {"c": {"wildcat": 10, "dauntless": 10}})),
        lambda: _at_form(tf(US, 1, ["Enterprise", "DD1"], "B3010", {"c": {"wildcat": 10, "dauntless": 10}})),
    ],
)
def test_forms_built_to_the_wind_and_the_anchorage(start: Callable[[], Session]) -> None:
    """VI.E: past the Minimum Launch Factor, where the wind leads off the mapboard (B4832), where
    it does not, and where the Task Force may not weigh anchor; Air units formed at random."""
    s = start()
    rnd = random.Random(5)
    seen: dict[type[Action], int] = {}
    while s.state.step == "form-air-units":
        _compare(s, seen)
        side = s.to_act()[0]
        forms = [a for a in s.legal_actions(side) if isinstance(a, Form)]
        s.play(rnd.choice(forms) if forms else Done(side))
    assert seen.get(Form)


def _at_form(force: ForceSetUp) -> Session:
    s = session([force], rng=ScriptedRng(dice=[6, 1] * 20))
    done_until(s, "form-air-units")
    return s


def test_transfers_built_at_set_up_in_every_scenario() -> None:
    """Set Up III.C.1: ships organized among those placed in the same area at the same Turn, in
    each scenario, as dealt and after some Transfers at random."""
    rules = CvRules(GAME)
    rnd = random.Random(3)
    seen: dict[type[Action], int] = {}
    for scenario in rules.scenarios:
        s = Session.start(rules, scenario=scenario.name, seed=3)
        for _ in range(6):
            _compare(s, seen)
            side = rnd.choice(s.to_act())
            s.play(rnd.choice([a for a in s.legal_actions(side) if isinstance(a, Transfer)]))
    assert seen.get(Transfer)


def test_transfers_built_where_planes_may_not_fit() -> None:
    """VI.D and IV.B.1: a carrier alone in its box with its planes, and a Task Force already
    holding more planes than its ships take, in one hex with others."""
    forces = [
        tf(US, 1, ["Enterprise"], "B3010", {"c": {"wildcat": 10}}),
        tf(US, 2, ["DD1", "DD2"], "B3010"),
        tf(US, 3, ["Hornet", "DD3"], "B3010"),
        tf(JP, 1, ["Akagi", "DD1"], "A3010", {"c": {"zero": 10}}),
    ]
    s = session(forces)
    done_until(s, "ship-plotting")
    crowded = s.state.task_force(US, 3)
    assert crowded is not None  # (more than it may hold: set up so, the set-up would refuse it)
    s.state = s.state.with_box(evolve(crowded, planes=Sections(a=(Planes("wildcat", 200),))))
    seen: dict[type[Action], int] = {}
    _compare(s, seen)
    listed = legal_orders(GAME, s.state, US, (Transfer,))
    assert Transfer(US, 1, 2, ("Enterprise",)) not in listed and Transfer(US, 2, 3, ("DD1",)) not in listed
    assert Transfer(US, 2, 1, ("DD1",)) in listed


def test_landings_built_at_off_board_bases_and_beside_unorganized_ships() -> None:
    """VIII.G.2: Air units at the Air Entry Hexes of Hawaii and Wake, of one plane type and of
    several, on the mapboard and in a CAP Box there, the bases' Launch Factors spent or not;
    VI.D: a Task Force read as an Unorganized Ship unit where Air units fly."""
    state = evolve(combat_session(3).state, step="landing")
    hawaii, wake = "B4823", "A3432"
    moved = {(US, 1): hawaii, (US, 2): hawaii, (JP, 1): wake, (JP, 3): wake}
    for unit in state.air_units:
        if (unit.side, unit.number) in moved:
            state = state.with_air_unit(evolve(unit, hex=moved[(unit.side, unit.number)]))
    american = state.task_force(US, 1)
    assert american is not None
    capped = state.with_box(evolve(american, hex=hawaii))
    capped = capped.with_air_unit(evolve(capped.air_unit(US, 1), where="cap", hex=None, box="tf1"))  # type: ignore[arg-type]
    spent = evolve(state, bases=tuple(evolve(b, launched=99) for b in state.bases))
    loose = state
    for force in state.task_forces:
        loose = loose.with_box(evolve(force, unorganized=True))
    seen: dict[type[Action], int] = {}
    for position in (state, capped, spent, loose):
        for side in (US, JP):
            _compare_state(GAME, position, side, seen)
    listed = legal_orders(GAME, state, US, (Land,))
    assert Land(US, 1, "hawaii") in listed and Land(US, 2, "hawaii") in listed
    assert Land(US, 1, "hawaii", "wildcat") in listed and Land(US, 2, "hawaii", "buffalo") not in listed


def test_plots_built_while_held_at_anchor() -> None:
    """VI.I.2.b: a Task Force whose planes fit only while its Temporary Seaplane Base lasts is
    plotted only to stay at anchor, with Air Factors launched up to its Minimum or none."""
    for formed in (0, 3):
        s = crowded_mixed_force()
        if formed:
            s.play(Form(JP, "tf1", 1, "zero", formed))
        done_until(s, "ship-plotting")
        seen: dict[type[Action], int] = {}
        _compare(s, seen)
        assert seen.get(Plot)


def test_fires_built_to_the_fire_refusal() -> None:
    """IX.A.3, IX.G.1.b: each Segment's Factors against each target, those announced against
    the others taken off, through a Surface Combat played at random."""
    forces = [tf(US, 1, ["Colorado", "DD1", "Enterprise"], "B3010"), tf(JP, 1, ["Atago", "Kitakami", "Akagi"], "B3010")]
    rnd = random.Random(7)
    seen: dict[type[Action], int] = {}
    for _ in range(3):
        s = session(forces, rng=ScriptedRng(dice=[5, 2, *[3] * 40]))
        done_until(s, "surface-set-up")
        while s.state.step in ("surface-set-up", *surface.KIND_OF):
            _compare(s, seen)
            side = s.to_act()[0]
            legal = [a for a in s.legal_actions(side) if not isinstance(a, Done)]
            s.play(rnd.choice(legal) if legal and rnd.random() < 0.8 else Done(side))
    assert seen.get(Fire)


@pytest.mark.parametrize("ships", [["Enterprise"], ["Colorado"]])
def test_intercepts_built_where_fighters_may_fight_or_not(ships: list[str]) -> None:
    """IX.D.1.a, III.B.3: Wildcats and Vals 1 to 4 hexes from an American carrier or a battleship,
    at either altitude: under fighter-directing radar, within sight, or neither."""
    from tests.games.cv.test_fighter_direction import raid

    seen: dict[type[Action], int] = {}
    for distance in range(1, 5):
        for high in (False, True):
            sky, state = raid(ships, distance, high)
            for side in (US, JP):
                _compare_state(GAME, evolve(state, battle=sky, step="air-to-air"), side, seen)
    assert seen.get(Conserve)
