"""A Battle as each side plays it: the orders each Combat step offers, how sealed orders are
kept, the Battle told to both, and what each side is shown (CV › Basic IX.A, IX.D-F, III.E)."""

from __future__ import annotations

from collections.abc import Sequence

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.actions import Attack, Bomb, Conserve, Intercept
from midway_desktop.games.cv.sky import BOMBER, INTERCEPTOR
from midway_desktop.games.cv.state import AirRecord, AirUnit, Planes, Sections, State, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, position, tf

NOON = Time(4, 12)
SEA = "B3010"
FORCES = [tf(US, 1, ["Enterprise", "DD1"], SEA), tf(JP, 9, ["DD9"], "A0105")]


def _rec(plane: str, n: int, weapon: str = "", high: bool = False) -> AirRecord:
    return AirRecord(plane, n, weapon, high, "tf1", NOON.plus(-1), NOON.plus(4))


def _battle(*units: AirUnit, hex_: str = SEA) -> State:
    """The Combat Phase about to begin, with these Air units flying (in ``hex_``)."""
    state = position(FORCES, start=NOON, last=NOON.plus(3))
    for u in units:
        state = state.with_air_unit(evolve(u, hex=hex_))
    return evolve(state, step="combat")


def _step(state: State, orders: Sequence[Action] = (), events: list[Event] | None = None) -> State:
    """Give ``orders`` (each accepted) and leave the step; no die is rolled."""
    for o in orders:
        assert combat.refusal(GAME, state, o) is None, combat.refusal(GAME, state, o)
        state = combat.keep(GAME, state, o)
    rng = ScriptedRng(dice=[])
    state = combat.advance(GAME, state, rng, [] if events is None else events)
    return state


def _strike() -> State:
    """Four high Wildcats and two low ones over the Enterprise; Japanese Vals and Judys (high),
    armed Kates (low, one with a torpedo, one with bombs) and two unarmed Vals attack it."""
    return _battle(
        AirUnit(US, 1, "map", (_rec("wildcat", 4, high=True),)),
        AirUnit(US, 3, "map", (_rec("wildcat", 2),)),
        AirUnit(JP, 1, "map", (_rec("val", 3, "he", True), _rec("judy", 2, "ap", True), _rec("kate", 2, "t"))),
        AirUnit(JP, 2, "map", (_rec("val", 2, "", True),)),
        AirUnit(JP, 3, "map", (_rec("kate", 1, "he"),)),
    )


def test_a_battle_is_told_to_both_sides_with_its_hex() -> None:
    """IX.A.1-2: each Battle is fought in its hex, and both sides are told where it is."""
    events: list[Event] = []
    state = _step(_strike(), events=events)
    assert (state.step, state.battle) == ("air-to-air", SEA)
    assert [(e.kind, e.text, e.audience, e.data) for e in events] == [
        ("battle", f"A Battle in {SEA} (CV › Basic IX.A).", ("all",), {"hex": SEA})
    ]


def test_the_interceptors_may_split_every_way_between_escorts_and_bombers() -> None:
    """IX.D.1.c, IX.D.2.a: at each altitude a side's Interceptors attack the enemy's Escorts with
    some Air Factors and keep some for his Bombers, any split of them, or hold back (Conserve)."""
    state = _step(_strike())
    offered = set(combat.legal(GAME, state, US))
    expected: set[Action] = {Conserve(US, True), Conserve(US, False)}
    expected |= {Intercept(US, True, 0, n) for n in range(1, 5)}
    expected |= {Intercept(US, False, 0, n) for n in range(1, 3)}
    assert offered == expected
    assert set(combat.legal(GAME, state, JP)) == set()  # no Japanese Interceptors


def test_with_escorts_present_the_interceptors_split_escorts_first() -> None:
    """IX.D.2: with Escorts at the altitude, every split that attacks them is offered, up to all
    the Interceptors."""
    state = _step(
        _battle(
            AirUnit(US, 1, "map", (_rec("wildcat", 2, high=True),)),
            AirUnit(JP, 1, "map", (_rec("zero", 1, high=True), _rec("val", 3, "he", True))),
        )
    )
    assert set(combat.legal(GAME, state, US)) == {
        Conserve(US, True),
        Intercept(US, True, 1, 0),
        Intercept(US, True, 1, 1),
        Intercept(US, True, 2, 0),
    }


def test_a_later_intercept_order_replaces_the_earlier_at_its_altitude() -> None:
    """IX.D.2.a: a side gives one Interceptor order an altitude: a new one replaces the last at
    that altitude, and leaves the other altitude's as it was."""
    state = _step(_strike())
    for o in (Intercept(US, True, 0, 1), Intercept(US, False, 0, 2), Intercept(US, True, 0, 3)):
        state = combat.keep(GAME, state, o)
    assert set(state.orders) == {Intercept(US, False, 0, 2), Intercept(US, True, 0, 3)}


def test_free_interceptors_may_attack_each_bomber_group_with_any_number() -> None:
    """IX.D.2.b: in the Interceptor-to-Bomber Segment the Interceptors kept for Bombers attack
    any group of enemy Bombers at their altitude, with one Air Factor up to all of them."""
    state = _step(_step(_strike()), [Intercept(US, True, 0, 3), Intercept(US, False, 0, 2)])
    assert state.step == "interception"
    expected = {Attack(US, True, unit, group, n) for unit, group in ((1, 0), (1, 1), (2, 0)) for n in (1, 2, 3)}
    expected |= {Attack(US, False, unit, 0, n) for unit in (1, 3) for n in (1, 2)}
    assert set(combat.legal(GAME, state, US)) == expected
    assert set(combat.legal(GAME, state, JP)) == set()


def test_armed_bombers_are_offered_every_bombing_their_altitude_and_weapon_allow() -> None:
    """IX.F.3: High and Dive Bombing from High Altitude with HE or AP Bombs, Low Bombing with
    Bombs and Torpedo Bombing with a Torpedo from Low Altitude, each against any enemy ship in
    sight, with one Air Factor up to all of them; unarmed Bombers drop nothing."""
    state = _step(_step(_strike()), [Conserve(US, True), Conserve(US, False)])
    assert state.step == "aa"
    ships = ("ship:0", "ship:1")
    expected: set[Action] = set()
    for plane, weapon, have in (("val", "he", 3), ("judy", "ap", 2)):
        for method in ("high", "dive"):
            expected |= {Bomb(JP, 1, plane, weapon, True, method, s, n) for s in ships for n in range(1, have + 1)}
    expected |= {Bomb(JP, 1, "kate", "t", False, "torpedo", s, n) for s in ships for n in (1, 2)}
    expected |= {Bomb(JP, 3, "kate", "he", False, "low", s, 1) for s in ships}
    assert set(combat.legal(GAME, state, JP)) == expected
    assert combat.legal(GAME, state, US) == []


def test_an_order_of_another_step_is_refused_as_such() -> None:
    """IX.A.2, IV.E: each Combat step takes only its own orders."""
    state = _step(_strike())
    bomb = Bomb(JP, 1, "val", "he", True, "dive", "ship:0", 1)
    assert combat.refusal(GAME, state, bomb) == (
        "That order is not given in this step of the Combat Phase (CV › Basic IX.A.2, IV.E)."
    )


def test_each_side_is_shown_its_own_planes_orders_and_free_interceptors_and_the_enemy_as_seen() -> None:
    """III.E: in daylight (Condition 5) each side sees its own planes by line, its own orders
    and its own free Interceptors; the enemy's planes by group with their type, and his ships
    as targets with their Task Force, size and name."""
    state = _step(_step(_strike()), [Intercept(US, True, 0, 3), Intercept(US, False, 0, 2)])
    state = combat.keep(GAME, state, Attack(US, True, 1, 0, 2))
    assert combat.battle_view(GAME, state, US) == {
        "hex": SEA,
        "orders": [Attack(US, True, 1, 0, 2).describe()],
        "free": {"high": 3, "low": 2},
        "own_air": [
            {"air_unit": 1, "high": True, "role": INTERCEPTOR, "plane": "wildcat", "weapon": "", "factors": 4},
            {"air_unit": 3, "high": False, "role": INTERCEPTOR, "plane": "wildcat", "weapon": "", "factors": 2},
        ],
        "enemy_air": [
            {"air_unit": 1, "high": False, "role": BOMBER, "group": 0, "plane": "kate", "factors": 2},
            {"air_unit": 1, "high": True, "role": BOMBER, "group": 0, "plane": "judy", "factors": 2},
            {"air_unit": 1, "high": True, "role": BOMBER, "group": 1, "plane": "val", "factors": 3},
            {"air_unit": 2, "high": True, "role": BOMBER, "group": 0, "plane": "val", "factors": 2},
            {"air_unit": 3, "high": False, "role": BOMBER, "group": 0, "plane": "kate", "factors": 1},
        ],
        "enemy_ships": [],
        "enemy_base": False,
        "pick": [],
    }
    japanese = combat.battle_view(GAME, state, JP)
    assert (japanese["orders"], japanese["free"]) == ([], {})
    assert japanese["own_air"][-1] == {
        "air_unit": 3,
        "high": False,
        "role": BOMBER,
        "plane": "kate",
        "weapon": "he",
        "factors": 1,
    }
    assert japanese["enemy_ships"] == [
        {"target": "ship:0", "task_force": 1, "size": "capital", "ship": "Enterprise"},
        {"target": "ship:1", "task_force": 1, "size": "small", "ship": "DD1"},
    ]


def test_a_side_is_shown_an_enemy_base_in_the_battle_hex() -> None:
    """III.E, IX.F: the Base unit on the mapboard is there for all to see: the side attacking
    Midway is shown the enemy Base; the side holding it is shown none."""
    state = _step(_battle(AirUnit(JP, 1, "map", (_rec("val", 3, "he", True),)), hex_=GAME.midway))
    assert combat.battle_view(GAME, state, JP)["enemy_base"] is True
    assert combat.battle_view(GAME, state, US)["enemy_base"] is False


def test_the_side_picking_a_bases_losses_is_shown_its_planes_by_type() -> None:
    """IX.K.3.b: the side picking the Air Factors a Base loses is shown the Base's planes in each
    section, the Air Factors of one type counted together."""
    state = _step(_battle(AirUnit(JP, 1, "map", (_rec("val", 3, "he", True),)), hex_=GAME.midway))
    planes = Sections(c=(Planes("buffalo", 3), Planes("buffalo", 2, fresh=True), Planes("catalina", 1)))
    state = evolve(
        state,
        bases=tuple(evolve(b, planes=planes) if b.id == "midway" else b for b in state.bases),
        owed=((JP, "midway", 2),),
    )
    assert combat.battle_view(GAME, state, JP)["pick"] == [
        {"base": "midway", "factors": 2, "planes": {"c": {"buffalo": 5, "catalina": 1}}}
    ]


def test_battles_are_fought_one_after_the_other_then_the_phase_ends() -> None:
    """IX.A.4: every Battle hex is fought, one after the other (here in hex order), each step
    asking both sides afresh; after the last, the Combat Phase ends with no Battle under way
    (IV.F: the Midway Base Repair Phase follows)."""
    state = _battle(
        AirUnit(US, 1, "map", (_rec("wildcat", 2, high=True),)), AirUnit(JP, 1, "map", (_rec("zero", 2, high=True),))
    )
    state = state.with_air_unit(AirUnit(JP, 2, "map", (_rec("val", 3, "he", True),), hex=GAME.midway))
    assert combat.battle_hexes(GAME, state) == (GAME.midway, SEA)
    events: list[Event] = []
    fought = []
    for _ in range(3):
        state = _step(evolve(state, sealed=frozenset({US})), events=events)
        assert state.sealed == frozenset()
        fought.append((state.step, state.battle, state.battles))
    assert fought == [("aa", GAME.midway, (SEA,)), ("air-to-air", SEA, ()), ("midway-repair", "", ())]
    assert [e.data for e in events if e.kind == "battle"] == [{"hex": GAME.midway}, {"hex": SEA}]


def test_both_sides_kept_interceptors_may_attack_the_others_bombers() -> None:
    """IX.D.2.b: in the Interceptor-to-Bomber Segment each side's Interceptors kept for Bombers
    attack the other's Bombers at their altitude, the Japanese as well as the Americans."""
    state = _step(
        _battle(
            AirUnit(US, 1, "map", (_rec("wildcat", 4, high=True), _rec("dauntless", 3, "he", True))),
            AirUnit(JP, 1, "map", (_rec("zero", 3, high=True), _rec("val", 2, "he", True))),
        )
    )
    state = evolve(state, step="interception", free=(((US, True), 2), ((JP, True), 2)))
    assert set(combat.legal(GAME, state, US)) == {Attack(US, True, 1, 0, n) for n in (1, 2)}
    assert set(combat.legal(GAME, state, JP)) == {Attack(JP, True, 1, 0, n) for n in (1, 2)}


def test_a_lone_bomber_line_is_offered_its_bombing_of_the_base() -> None:
    """IX.F.3: Vals armed with HE Bombs, the only Japanese planes over Midway, may Dive or High
    Bomb the Base, or its Ground units, with one Air Factor up to all three."""
    state = _step(_battle(AirUnit(JP, 1, "map", (_rec("val", 3, "he", True),)), hex_=GAME.midway))
    assert state.step == "aa"
    offered = set(combat.legal(GAME, state, JP))
    assert {Bomb(JP, 1, "val", "he", True, "dive", "base", n) for n in (1, 2, 3)} <= offered
    assert {(o.method, o.target) for o in offered} >= {("dive", "base"), ("dive", "ground")}  # type: ignore[attr-defined]


def test_planes_of_one_type_in_one_air_unit_are_shown_together() -> None:
    """III.E.3: the enemy's planes are shown by group, the Air Factors of one type in one Air
    unit at one altitude counted together whatever they carry; a side's own planes by line
    (plane and weapon), those of one line together."""
    state = _step(
        _battle(
            AirUnit(US, 1, "map", (_rec("wildcat", 2, high=True),)),
            AirUnit(
                JP,
                1,
                "map",
                (
                    _rec("val", 2, "he", True),
                    _rec("val", 1, "ap", True),
                    evolve(_rec("val", 2, "he", True), took_off=NOON.plus(-2)),
                ),
            ),
        )
    )
    assert [(x["plane"], x["factors"]) for x in combat.battle_view(GAME, state, US)["enemy_air"]] == [("val", 5)]
    own = combat.battle_view(GAME, state, JP)["own_air"]
    assert sorted((x["plane"], x["weapon"], x["factors"]) for x in own) == [("val", "ap", 1), ("val", "he", 4)]
