"""How dice are grouped in AA and Bombing Combat (CV › Basic IX.E, IX.F.2, IX.I.1.e).

IX.F.2: each attack on a separate unit is a separate Combat, and each *different Hit Table*
needs its own die: planes of several methods or weapons that reach one target on one Hit Table
are one roll of all their Air Factors. The same holds for the AA that meets one Air unit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.actions import Bomb
from midway_desktop.games.cv.bombing import bht
from midway_desktop.games.cv.state import evolve
from tests.games.cv.play import GAME, JP, US, tf
from tests.games.cv.test_combat import MIDWAY, SEA, battle, rec, step, unit


def rolls(events: list[Event]) -> list[str]:
    return [e.data["purpose"] for e in events if e.kind == "roll"]


def bombing(state, dice, orders):  # type: ignore[no-untyped-def]
    """Announce ``orders`` at the AA Step, resolve it (no AA dice expected) and the Bombing."""
    state = step(state)
    assert state.step == "aa"
    state = step(state, orders=orders)
    assert state.step == "bombing"
    events: list[Event] = []
    rng = ScriptedRng(dice=dice)
    state = combat.advance(GAME, state, rng, events)
    assert rng.remaining == 0
    return state, events


def test_low_and_torpedo_bombing_at_one_hit_table_are_one_roll() -> None:
    """IX.F.2 with IX.I.1.e: 4 Dauntless Low Bombing with AP (BHT 5) and 4 Devastators with
    torpedoes (BHT 5) on one transport are both at Hit Table 6 (modifier e, +1): one Combat of 8
    Air Factors (Base Number 1), not two of 4 (Base Number 0 each). A 5 scores 2 Hits: the
    transport (Hit Factor 2) sinks."""
    state = battle(
        [unit(US, 1, SEA, rec("dauntless", 4, "ap"), rec("devastator", 4, "t"))],
        [tf(JP, 1, ["AP1"], SEA), tf(US, 9, ["DD9"], "A0101")],
    )
    state, events = bombing(
        state,
        [5],
        [
            Bomb(US, 1, "dauntless", "ap", False, "low", "ship:0", 4),
            Bomb(US, 1, "devastator", "t", False, "torpedo", "ship:0", 4),
        ],
    )
    assert rolls(events) == [
        "American Low and Torpedo Bombing (8 Air Factors) on Ship unit 1: Hit Table 6, Base Number 1"
    ]
    assert state.task_force(JP, 1) is None or "AP1" not in state.task_force(JP, 1).ships  # type: ignore[union-attr]


def test_torpedo_bombing_alone_takes_no_modifier_e() -> None:
    """IX.I.1.e adds 1 only when Low or Dive Bombing is combined with Torpedo Bombing on the
    same ship: Devastators alone torpedo at their BHT 5, Dauntlesses alone Low Bomb at 5."""
    for plane, weapon, method in (("devastator", "t", "torpedo"), ("dauntless", "ap", "low")):
        state = battle(
            [unit(US, 1, SEA, rec(plane, 4, weapon))],
            [tf(JP, 1, ["AP1"], SEA), tf(US, 9, ["DD9"], "A0101")],
        )
        _state, events = bombing(state, [3], [Bomb(US, 1, plane, weapon, False, method, "ship:0", 4)])
        assert rolls(events) == [
            f"American {method.title()} Bombing (4 Air Factors) on Ship unit 1: Hit Table 5, Base Number 0"
        ]


def test_torpedoes_on_one_ship_and_bombs_on_another_take_no_modifier_e() -> None:
    """IX.I.1.e: the +1 is for one Ship unit attacked both ways; torpedoes on the first transport
    and Low Bombing on the second leave both at Hit Table 5 (Base Number 0 with 4 Factors)."""
    state = battle(
        [unit(US, 1, SEA, rec("dauntless", 4, "ap"), rec("devastator", 4, "t"))],
        [tf(JP, 1, ["AP1", "AP2"], SEA), tf(US, 9, ["DD9"], "A0101")],
    )
    _state, events = bombing(
        state,
        [3, 3],
        [
            Bomb(US, 1, "dauntless", "ap", False, "low", "ship:1", 4),
            Bomb(US, 1, "devastator", "t", False, "torpedo", "ship:0", 4),
        ],
    )
    assert sorted(rolls(events)) == [
        "American Low Bombing (4 Air Factors) on Ship unit 2: Hit Table 5, Base Number 0",
        "American Torpedo Bombing (4 Air Factors) on Ship unit 1: Hit Table 5, Base Number 0",
    ]


def test_high_and_low_bombing_of_the_base_share_a_roll_and_its_hits() -> None:
    """IX.F.2 and IX.K.3.b: 4 Kates High Bombing American Midway with HE and 4 Vals Low Bombing it
    with HE are both at BHT 7: one roll of 8 (Base Number 2). A 6 scores 3 Hits, shared by the
    methods in proportion to their Air Factors (reading): 2 High (one Air Factor lost) and 1 Low
    (one more). Midway's six Hits before have left it no AA (12 - 2 x 6), so no AA die is rolled."""
    state = battle(
        [unit(JP, 1, MIDWAY, rec("kate", 4, "he", True), rec("val", 4, "he"))],
        [tf(US, 9, ["DD9"], "A0101"), tf(JP, 9, ["DD9"], "A0105")],
    )
    midway = state.base("midway")
    assert midway is not None
    state = state.with_box(evolve(midway, hits=6))
    state, events = bombing(
        state,
        [6],
        [
            Bomb(JP, 1, "kate", "he", True, "high", "base", 4),
            Bomb(JP, 1, "val", "he", False, "low", "base", 4),
        ],
    )
    assert rolls(events) == ["Japanese High and Low Bombing (8 Air Factors) on the Base: Hit Table 7, Base Number 2"]
    assert state.base("midway").hits == 9  # type: ignore[union-attr]
    assert state.owed == ((US, "midway", 2),)  # High Bombing Hits: the side taking them picks


def test_aa_meets_one_air_unit_with_one_roll_for_each_hit_table() -> None:
    """IX.E.4-5 with IX.B.1.b: Dauntlesses and Marauders (both Air Modifier -1, both Low) in one
    Air unit are at one AA Hit Table, 4: the Akagi's and DD1's 5 AA Factors are one roll."""
    state = battle(
        [unit(US, 1, SEA, rec("dauntless", 4, "ap"), rec("marauder", 4, "t"))],
        [tf(JP, 1, ["Akagi", "DD1"], SEA), tf(US, 9, ["DD9"], "A0101")],
    )
    state = step(state)
    orders = [
        Bomb(US, 1, "dauntless", "ap", False, "low", "ship:0", 4),
        Bomb(US, 1, "marauder", "t", False, "torpedo", "ship:0", 4),
    ]
    for o in orders:
        state = combat.apply_order(state, o)
    events: list[Event] = []
    rng = ScriptedRng(dice=[3])
    combat.advance(GAME, state, rng, events)
    assert rng.remaining == 0
    assert rolls(events) == ["Japanese AA (5 Factors) at Air unit 1: Hit Table 4, Base Number 0"]


PLANES = (
    ("dauntless", "ap", "low"),
    ("devastator", "t", "torpedo"),
    ("avenger", "he", "low"),
    ("avenger", "t", "torpedo"),
)


@settings(max_examples=30, deadline=None)
@given(
    picks=st.lists(
        st.tuples(st.sampled_from(PLANES), st.integers(0, 1), st.integers(1, 6)),
        min_size=1,
        max_size=4,
        unique_by=lambda p: p[0],
    )
)
def test_one_die_for_each_different_hit_table_on_each_target(picks) -> None:  # type: ignore[no-untyped-def]
    """IX.F.2, for any mix of Low and Torpedo Bombers divided between two transports: the rolls
    (or failed Combats) are exactly one for each (target, Hit Table) pair, each of all the Air
    Factors at that Hit Table."""
    records = [rec(plane, n, weapon) for (plane, weapon, _m), _t, n in picks]
    state = battle(
        [unit(US, 1, SEA, *records)],
        [tf(JP, 1, ["AP1", "AP2"], SEA), tf(US, 9, ["DD9"], "A0101")],
    )
    orders = [Bomb(US, 1, plane, weapon, False, method, f"ship:{t}", n) for (plane, weapon, method), t, n in picks]
    expected: dict[tuple[str, int], int] = {}
    for o in orders:
        methods = {x.method for x in orders if x.target == o.target}
        e = 1 if "torpedo" in methods and "low" in methods else 0
        table = (bht(GAME, o.plane, o.method, o.weapon, o.target) or 0) + e
        expected[(o.target, table)] = expected.get((o.target, table), 0) + o.factors
    state = step(step(state), orders=orders)  # (transports: no AA)
    events: list[Event] = []
    combat.advance(GAME, state, ScriptedRng(dice=[3] * len(expected)), events)
    told = [e for e in events if "Bombing (" in e.text]
    assert len(told) == len(expected)
    for (target, table), n in expected.items():
        name = f"Ship unit {int(target[5:]) + 1}"
        assert any(f"({n} Air Factors) on {name}: Hit Table {table}" in e.text for e in told), (expected, told)
