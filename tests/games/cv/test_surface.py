"""The Surface Combat Step (CV › Basic IX.G; IV.E.4.a-d), played on the engine with scripted dice.

The first two dice of every session are the Air Unit Initiative Roll (5 and 2: the Americans
move first); the Combat dice follow, the American side's Combats first.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Session
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import surface
from midway_desktop.games.cv.actions import Arrange, Done, Eliminate, Fire, SetDie
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.setup import initial_state
from midway_desktop.games.cv.state import Planes, State
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, LAST, START, US, done_until, session, tf

HEX = "B3010"
CRT = GAME.data.charts.combat_results
FORCES = [
    tf(US, 1, ["Colorado", "Atlanta", "DD1", "Enterprise"], HEX),
    tf(JP, 1, ["Atago", "Kitakami", "DD1", "Akagi"], HEX),
]


def battle(dice: list[int], forces: list = FORCES, start: Time = START) -> Session:  # type: ignore[type-arg]
    """A session at the secret set-up of the Surface Combat in ``HEX`` (Combat Contact: both
    sides' ships end their moves there, VI.H)."""
    s = session(forces, start=start, last=start.plus(1), rng=ScriptedRng(dice=[5, 2, *dice]))
    done_until(s, "surface-set-up")
    return s


def seal(s: Session, orders: dict[str, list]) -> list:  # type: ignore[type-arg]
    """Both sides give their orders and seal; the events of the step."""
    events = []
    for side in (US, JP):
        for order in orders.get(side, []):
            events += s.play(order)
        events += s.play(Done(side))
    return events


def kinds(events: list, kind: str) -> list:  # type: ignore[type-arg]
    return [e for e in events if e.kind == kind]


def test_contact_brings_the_secret_set_up_and_normal_roles() -> None:
    """IX.G: Combat Contact gives a Battle; both sides are asked to set up. Unless set up
    otherwise, carriers are Screened and the rest Engaged (IX.G.1.a(1))."""
    s = battle([])
    assert s.state.step == "surface-set-up" and s.to_act() == (US, JP)
    (b,) = surface.battles(GAME, s.state)
    assert b.hex == HEX and b.contact and b.base is None
    assert surface.with_role(GAME, s.state, b, US, surface.ENGAGED) == ["Colorado", "Atlanta", "DD1"]
    assert surface.with_role(GAME, s.state, b, JP, surface.SCREENED) == ["Akagi"]


def test_surface_combat_procedure_example_dice_4_and_6_make_bht_10() -> None:
    """IX.G.1.b(1): the Japanese die shows 4, the American 6: the BHT is 10. Each allotment is
    then one Combat (IX.G.1.b(2)): 10 American Factors at the Atago, 8 Japanese at the Colorado."""
    s = battle([5, 3])
    events = seal(s, {US: [SetDie(US, HEX, 6)], JP: [SetDie(JP, HEX, 4)]})
    (shown,) = kinds(events, "surface-set-up")
    assert shown.data["bht"] == 10 and "BHT 10" in shown.text
    assert s.state.step == "surface-gunnery"
    assert s.view(US)["surface"]["enemy_set_up"] == [{"hex": HEX, "roles": {}, "die": 4}]
    events = seal(s, {US: [Fire(US, HEX, "gunnery", "Atago", 10)], JP: [Fire(JP, HEX, "gunnery", "Colorado", 8)]})
    us_fire, jp_fire = kinds(events, "surface-combat")
    assert "Hit Table 10" in us_fire.text and "Hit Table 10" in jp_fire.text
    assert us_fire.data["roll"] == 5 and jp_fire.data["roll"] == 3
    assert us_fire.data["hits"] == CRT.hits(CRT.base_number(10, 10), 5) == 4
    assert jp_fire.data["hits"] == CRT.hits(CRT.base_number(10, 8), 3) == 2
    assert s.state.hits_on(JP, "Atago") == 4 and s.state.hits_on(US, "Colorado") == 2


def test_resolving_combats_example_hit_table_4_and_14_factors_is_base_number_2() -> None:
    """IX.C.5: Hit Table 4 and 14 Factors (the "13-15" line) give Base Number 2; a 3 or 4
    leaves it (IX.C.6): dice set at 1 and 3, all 14 American Gunnery Factors at the Atago."""
    s = battle([3])
    seal(s, {US: [SetDie(US, HEX, 1)], JP: [SetDie(JP, HEX, 3)]})
    events = seal(s, {US: [Fire(US, HEX, "gunnery", "Atago", 14)]})
    (fire,) = kinds(events, "surface-combat")
    assert "Hit Table 4" in fire.text and "Base Number 2" in fire.text and fire.data["hits"] == 2
    assert s.state.hits_on(JP, "Atago") == 2


def test_resolving_combats_example_base_number_4_and_a_2_is_3_hits() -> None:
    """IX.C.6: Base Number 4 and a 2 rolled: 3 Hits (13 Factors on Hit Table 10)."""
    assert CRT.base_number(10, 13) == "4"
    s = battle([2])
    seal(s, {US: [SetDie(US, HEX, 6)], JP: [SetDie(JP, HEX, 4)]})
    events = seal(s, {US: [Fire(US, HEX, "gunnery", "Atago", 13)]})
    (fire,) = kinds(events, "surface-combat")
    assert "Base Number 4" in fire.text and fire.data["roll"] == 2 and fire.data["hits"] == 3


def test_resolving_combats_example_a_star_needs_a_6() -> None:
    """IX.C.6: on a Base Number "*" only a 6 scores, one Hit: one Factor on Hit Table 2."""
    assert CRT.base_number(2, 1) == "*"
    s = battle([5, 6])
    seal(s, {US: [SetDie(US, HEX, 1)], JP: [SetDie(JP, HEX, 1)]})
    events = seal(s, {US: [Fire(US, HEX, "gunnery", "Atago", 1)], JP: [Fire(JP, HEX, "gunnery", "DD1", 1)]})
    assert [e.data["hits"] for e in kinds(events, "surface-combat")] == [0, 1]
    assert s.state.hits_on(US, "DD1") == 1


def test_surface_torpedoes_then_expended() -> None:
    """IV.E.4.b, IX.G.1.a(2): the ships set up with the Torpedo unit fire their Torpedo Factors
    at the Engaged enemy (BHT 8, provisional) after the gunnery; the torpedoes are then spent."""
    s = battle([3, 4])
    seal(s, {US: [SetDie(US, HEX, 1)], JP: [Arrange(JP, HEX, "Kitakami", "torpedo"), SetDie(JP, HEX, 1)]})
    assert s.state.step == "surface-gunnery"
    seal(s, {})  # no gunnery announced: no Combat, no die
    assert s.state.step == "surface-torpedo"
    assert s.rules.check(s.state, Fire(US, HEX, "torpedo", "Atago", 1)) is not None  # no American torpedo group
    events = seal(s, {JP: [Fire(JP, HEX, "torpedo", "Colorado", 8)]})
    (fire,) = kinds(events, "surface-combat")
    assert "Hit Table 8" in fire.text and fire.data["hits"] == CRT.hits(CRT.base_number(8, 8), 3)
    assert (JP, "Kitakami") in s.state.torpedoes_spent and (JP, "DD1") not in s.state.torpedoes_spent
    assert surface.torpedoes(GAME, s.state, JP, "Kitakami") == 0


def test_breakthrough_when_the_enemy_has_nothing_engaged() -> None:
    """IX.G.1.a(1): Screened ships fight only if the enemy breaks through; with no American ship
    Engaged, the Japanese Engaged ships and the Screened Americans fire at each other (BHT 4,
    provisional)."""
    forces = [tf(US, 1, ["Enterprise"], HEX), tf(JP, 1, ["Atago"], HEX)]
    s = battle([5, 6], forces)
    seal(s, {})
    assert s.state.step == "breakthrough"  # no gunnery (nobody to engage), no torpedo group
    (b,) = surface.battles(GAME, s.state)
    assert surface.breaks_through(GAME, s.state, b) == JP
    assert surface.targets(GAME, s.state, b, JP, "breakthrough") == ["Enterprise"]
    events = seal(
        s, {US: [Fire(US, HEX, "breakthrough", "Atago", 1)], JP: [Fire(JP, HEX, "breakthrough", "Enterprise", 6)]}
    )
    us_fire, jp_fire = kinds(events, "surface-combat")
    assert "Hit Table 4" in us_fire.text and us_fire.data["hits"] == CRT.hits(CRT.base_number(4, 1), 5)
    assert jp_fire.data["hits"] == CRT.hits(CRT.base_number(4, 6), 6) == 2
    assert s.state.hits_on(US, "Enterprise") == 2


def test_refusals_name_the_rule() -> None:
    s = battle([])
    check = s.rules.check
    assert "IX.G.1.a(2)" in (check(s.state, Arrange(US, HEX, "Colorado", "torpedo")) or "")
    assert "IX.G.1.a(4)" in (check(s.state, SetDie(US, HEX, 7)) or "")
    assert "IV.E.4.d" in (check(s.state, Arrange(US, HEX, "Colorado", "bombard")) or "")
    assert "IX.G" in (check(s.state, Arrange(US, "B3011", "Colorado", "engaged")) or "")
    assert "IX.G" in (check(s.state, Arrange(US, HEX, "Atago", "engaged")) or "")
    seal(s, {})
    assert "IX.G.1.b(2)" in (check(s.state, Fire(US, HEX, "gunnery", "Akagi", 1)) or "")  # Screened
    assert "IX.G.1.b(2)" in (check(s.state, Fire(US, HEX, "gunnery", "Atago", 15)) or "")  # 14 Factors
    assert check(s.state, Fire(US, HEX, "gunnery", "Atago", 14)) is None
    s.play(Fire(US, HEX, "gunnery", "Atago", 10))
    assert "IX.A.3" in (check(s.state, Fire(US, HEX, "gunnery", "DD1", 5)) or "")
    assert check(s.state, Fire(US, HEX, "gunnery", "DD1", 4)) is None
    assert "IV.E.4" in (check(s.state, Fire(US, HEX, "torpedo", "DD1", 1)) or "")


MIDWAY = GAME.midway


def midway_session(dice: list[int], ground: int = 20, hits: int = 0, planes: dict | None = None) -> Session:  # type: ignore[type-arg]
    """Japanese ships in the Midway hex with the American Base unit (its Ground Factors, four
    Buffalo Air Factors in section A unless ``planes`` says otherwise, ``hits`` Hit units), at
    the Surface Combat set-up."""
    forces = [tf(JP, 1, ["Atago", "Aoba", "AP1"], MIDWAY)]

    def make(game: object, _name: str) -> State:
        base_planes = {"midway": planes or {"a": {"buffalo": 4}}}
        state = initial_state(GAME, forces, START, LAST, base_planes, base_ground={"midway": ground})
        return dataclasses.replace(
            state, bases=tuple(dataclasses.replace(b, hits=hits) if b.id == "midway" else b for b in state.bases)
        )

    s = Session.start(CvRules(GAME, make), seed=1, rng=ScriptedRng(dice=[5, 2, *dice]))
    s.play(Done(US))
    s.play(Done(JP))
    done_until(s, "surface-set-up")
    return s


def test_bombardment_three_hits_on_midway_eliminate_one_air_factor() -> None:
    """IX.K.3.b: "for three Hits, one" Air Factor (Bombardment: one for every two Hits), picked
    by the side taking the Hits in the same Eliminate step as Bombing losses. The Atago and Aoba
    bombard (10 Factors, BHT 7 provisional: Base Number 2, a 5 rolled: 3 Hits) and Midway's
    Gunnery Factors (IX.K.3.c: less one a Hit) fire back at the Atago. Midway holds two Catalinas
    in C and four Buffalos in A: the Americans give up a Buffalo, where the Air Factors nobody
    picks would come from C."""
    s = midway_session([4, 5], planes={"a": {"buffalo": 4}, "c": {"catalina": 2}})
    (b,) = surface.battles(GAME, s.state)
    assert b.base == US and b.bombarding == JP and not b.contact
    assert s.rules.check(s.state, SetDie(JP, MIDWAY, 3)) is not None  # no Ship-to-Ship Combat
    seal(s, {JP: [Arrange(JP, MIDWAY, "Atago", "bombard"), Arrange(JP, MIDWAY, "Aoba", "bombard")]})
    assert s.state.step == "bombardment"
    assert surface.targets(GAME, s.state, b, US, "bombardment") == ["Atago", "Aoba"]
    assert surface.available(GAME, s.state, b, US, "bombardment") == 6
    us_orders = [Fire(US, MIDWAY, "bombardment", "Atago", 6)]
    events = seal(s, {US: us_orders, JP: [Fire(JP, MIDWAY, "bombardment", "base", 10)]})
    us_fire, jp_fire = kinds(events, "surface-combat")
    assert us_fire.data["hits"] == CRT.hits(CRT.base_number(7, 6), 4) == 1
    assert "Base Number 2" in jp_fire.text and jp_fire.data["hits"] == 3
    assert s.state.step == "bombardment-losses" and s.state.owed == ((US, "midway", 1),)
    assert s.to_act() == (US, JP)  # sealed: both asked, the Japanese have nothing to pick
    assert not any(isinstance(a, Eliminate) for a in s.legal_actions(JP)) and not s.view(JP)["battle"]["pick"]
    assert s.view(US)["battle"]["pick"] == [
        {"base": "midway", "factors": 1, "planes": {"a": {"buffalo": 4}, "c": {"catalina": 2}}}
    ]
    assert "IX.K.3.b" in (s.rules.check(s.state, Eliminate(JP, "midway", "a", "buffalo", 1)) or "")
    assert "IX.K.3.b" in (s.rules.check(s.state, Eliminate(US, "midway", "a", "buffalo", 2)) or "")
    seal(s, {US: [Eliminate(US, "midway", "a", "buffalo", 1)]})
    base = s.state.base("midway")
    assert base is not None and base.hits == 3  # and none repaired (X.B)
    assert base.planes.a == (Planes("buffalo", 3),) and base.planes.c == (Planes("catalina", 2),)
    assert s.state.hits_on(JP, "Atago") == 1
    assert s.state.step != "over" and s.state.lost(US).air_factors == 0  # counted already (XI)
    assert s.state.score(JP) == 2  # the Buffalo, in the Victory Points Counting Phase


def test_bombardment_losses_nobody_picks_go_from_the_largest_stacks_of_c_then_b_then_a() -> None:
    """IX.K.3.b through the shared Eliminate step: an Air Factor the Americans do not pick is
    taken as after Bombing (the largest stack of C first)."""
    s = midway_session([4, 5], planes={"a": {"buffalo": 4}, "c": {"catalina": 2}})
    seal(s, {JP: [Arrange(JP, MIDWAY, "Atago", "bombard"), Arrange(JP, MIDWAY, "Aoba", "bombard")]})
    seal(s, {JP: [Fire(JP, MIDWAY, "bombardment", "base", 10)]})
    assert s.state.step == "bombardment-losses"
    seal(s, {})
    base = s.state.base("midway")
    assert base is not None and base.planes.a == (Planes("buffalo", 4),) and base.planes.c == (Planes("catalina", 1),)


def test_bombardment_losses_are_asked_for_with_no_planes_on_the_base() -> None:
    """Whether the Eliminate step is held tells nothing of the Base Box (Basic III): three Hits
    on an empty Midway still owe one Air Factor, and none is lost."""
    s = midway_session([4, 5], planes={"a": {}})
    seal(s, {JP: [Arrange(JP, MIDWAY, "Atago", "bombard"), Arrange(JP, MIDWAY, "Aoba", "bombard")]})
    seal(s, {JP: [Fire(JP, MIDWAY, "bombardment", "base", 10)]})
    assert s.state.step == "bombardment-losses"
    assert not any(isinstance(a, Eliminate) for a in s.legal_actions(US))
    events = seal(s, {})
    assert not kinds(events, "air-lost") and s.state.lost(US).air_factors == 0


def test_no_midway_repair_after_bombardment() -> None:
    """X.B: no repair on a Turn the Base or its Ground units were bombarded, even without Hits."""
    s = midway_session([1], hits=1)  # a Hit it would otherwise repair this Turn
    seal(s, {JP: [Arrange(JP, MIDWAY, "Atago", "bombard")]})
    events = seal(s, {JP: [Fire(JP, MIDWAY, "bombardment", "ground", 1)]})
    assert kinds(events, "surface-combat")[0].data["hits"] == 0
    assert s.state.time == START.plus(1) and not kinds(events, "repair")
    base = s.state.base("midway")
    assert base is not None and base.hits == 1


@settings(max_examples=20, deadline=None)
@given(us_die=st.integers(1, 6), jp_die=st.integers(1, 6), night=st.booleans())
def test_the_ship_to_ship_hit_table_is_the_dice_sum_less_night(us_die: int, jp_die: int, night: bool) -> None:
    """IX.G.1.b(1) and modifier (c) (provisional) at night."""
    s = battle([])
    state = s.state
    if night:
        state = dataclasses.replace(state, time=Time(4, 2))
    assert GAME.data.charts.time_record.is_night(state.time) == night
    table = surface.hit_table(GAME, state, "gunnery", us_die + jp_die)
    assert table == us_die + jp_die - (2 if night else 0)


def test_a_battle_order_never_exceeds_the_factors_it_has() -> None:
    """Every listed Fire order is accepted and keeps the side within its Factors (IX.A.3)."""
    s = battle([])
    seal(s, {})
    for side in (US, JP):
        legal = [a for a in s.legal_actions(side) if isinstance(a, Fire)]
        assert legal and all(s.rules.check(s.state, a) is None for a in legal)
        b = surface.battles(GAME, s.state)[0]
        have = surface.available(GAME, s.state, b, side, "gunnery")
        assert max(a.factors for a in legal) == have


@settings(max_examples=25, deadline=None)
@given(
    dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
    split=st.lists(st.integers(0, 14), min_size=3, max_size=3),
    rolls=st.lists(st.integers(1, 6), min_size=6, max_size=6),
)
def test_gunnery_hits_follow_the_table_and_sink_at_the_hit_factor(
    dice: tuple[int, int], split: list[int], rolls: list[int]
) -> None:
    """Every allotment is one Combat read on the table with its own die (IX.C, IX.G.1.b(2));
    a ship whose Hits reach its Hit Factor is eliminated (IX.J.4), the rest keep their Hits."""
    s = battle([])
    seal(s, {US: [SetDie(US, HEX, dice[0])], JP: [SetDie(JP, HEX, dice[1])]})
    state = s.state
    left = 14
    targets = ["Atago", "DD1", "Kitakami"]
    for target, n in zip(targets, split, strict=True):
        n = min(n, left)
        if n:
            state = surface.apply_fire(GAME, state, Fire(US, HEX, "gunnery", target, n))
            left -= n
    events: list = []  # type: ignore[type-arg]
    after = surface.resolve(GAME, state, "gunnery", ScriptedRng(dice=rolls), events)
    table = sum(dice)
    for x in state.allotments:
        (fired,) = [e for e in events if e.kind == "surface-combat" and f"against {x.target}," in e.text]
        roll = fired.data["roll"]
        hits = CRT.hits(CRT.base_number(table, x.factors), roll)
        assert fired.data["hits"] == hits
        hit_factor = GAME.ship(JP, x.target).ship_class.hits
        afloat = x.target in surface.ships(after, JP, HEX)
        assert afloat == (hits < hit_factor)
        assert after.hits_on(JP, x.target) == (hits if afloat else 0)
    assert after.allotments == ()
