"""The Combat Phase (CV › Basic IX): Battles, the Air-to-Air, AA and Bombing Steps, and the
text's examples replayed die for die with scripted dice."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Session
from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng, ScriptedRng
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.actions import (
    AirAttack,
    Attack,
    Bomb,
    Conserve,
    Done,
    Eliminate,
    Intercept,
    Jettison,
    MoveAir,
)
from midway_desktop.games.cv.bombing import _split
from midway_desktop.games.cv.bots import default_bots
from midway_desktop.games.cv.game import BaseSpec, Game
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.sky import ESCORT, INTERCEPTOR, SPECIAL, lines_at
from midway_desktop.games.cv.state import AirRecord, AirUnit, BaseBox, Planes, Sections, State, evolve, other
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, combat_session, position, tf

NOON = Time(4, 12)
NIGHT = Time(4, 22)
MIDWAY = GAME.midway
SEA = "B3010"


def rec(plane: str, n: int, weapon: str = "", high: bool = False, when: Time = NOON) -> AirRecord:
    return AirRecord(plane, n, weapon, high, "tf1", when.plus(-1), when.plus(4))


def unit(side: str, number: int, hex_: str, *records: AirRecord) -> AirUnit:
    return AirUnit(side, number, "map", tuple(records), hex=hex_)


def battle(units: Sequence[AirUnit], forces: Sequence = (), when: Time = NOON, game: Game = GAME) -> State:
    """A position at the start of the Combat Phase with these Air units flying."""
    forces = list(forces) or [tf(US, 9, ["DD9"], "A0101"), tf(JP, 9, ["DD9"], "A0105")]
    state = position(forces, start=when, last=when.plus(3), game=game)
    for u in units:
        state = state.with_air_unit(u)
    return evolve(state, step="combat")


def step(state: State, dice: Sequence[int] = (), orders: Sequence[Action] = (), game: Game = GAME) -> State:
    """Give ``orders`` (each checked) in the current step and leave it with ``dice``."""
    for o in orders:
        assert combat.refusal(game, state, o) is None, combat.refusal(game, state, o)
        state = combat.apply_order(state, o)
    rng = ScriptedRng(dice=dice)
    events: list[Event] = []
    state = combat.advance(game, state, rng, events)
    assert rng.remaining == 0, "every scripted die is used"
    return state


def factors(state: State, side: str, number: int, plane: str) -> int:
    u = state.air_unit(side, number)
    return sum(r.factors for r in u.records if r.plane == plane) if u else 0


# -- Battles -------------------------------------------------------------------------------------------
def test_a_battle_is_a_hex_with_units_of_both_sides() -> None:
    """Basic IX.A.1-2: one Battle a hex holding both sides' units; steps that do not apply are
    skipped (Air-to-Air needs Interceptors, IX.D.1.c)."""
    state = battle([unit(US, 1, MIDWAY, rec("catalina", 2)), unit(JP, 1, SEA, rec("zero", 3))])
    assert combat.battle_hexes(GAME, state) == ()  # the Catalina is American over American Midway
    state = battle([unit(US, 1, MIDWAY, rec("buffalo", 2)), unit(JP, 1, MIDWAY, rec("zero", 3))])
    assert combat.battle_hexes(GAME, state) == (MIDWAY,)
    after = step(state)
    assert (after.step, after.battle) == ("air-to-air", MIDWAY)
    quiet = battle([unit(US, 1, MIDWAY, rec("catalina", 2)), unit(JP, 1, MIDWAY, rec("mavis", 3))])
    # No Interceptors: no Air-to-Air Combat. Bombers over Midway: the AA Step is held (whether they
    # are armed is not shown), and with no Bombing announced the Combat Phase ends.
    assert step(quiet).step == "aa" and step(step(quiet)).step == "midway-repair"


def test_roles_follow_the_definitions() -> None:
    """Basic VIII.C: Interceptors alone or over a friendly Base/CV (by Air unit there), Escorts
    with Bombers, unarmed Low Vals over a friendly carrier Special Interceptors."""
    akagi = tf(JP, 1, ["Akagi"], SEA)
    state = battle(
        [
            unit(JP, 1, SEA, rec("zero", 3)),
            unit(JP, 2, SEA, rec("zero", 2), rec("kate", 4, "t")),
            unit(JP, 3, SEA, rec("val", 3)),
            unit(US, 1, SEA, rec("wildcat", 4), rec("dauntless", 6, "he", high=True)),
        ],
        [akagi, tf(US, 9, ["DD9"], "A0101")],
    )
    roles = {(x.side, x.unit, x.plane): x.role for x in lines_at(GAME, state, SEA)}
    assert roles[(JP, 1, "zero")] == INTERCEPTOR
    assert roles[(JP, 2, "zero")] == ESCORT
    assert roles[(JP, 3, "val")] == SPECIAL
    assert roles[(US, 1, "wildcat")] == ESCORT


# -- IX.L.1: the Air-to-Air examples ---------------------------------------------------------------------
def test_interceptor_versus_interceptor_example() -> None:
    """IX.L.1.a: 9 Zeros and 7 Buffaloes at Low Altitude; both announce. Hit Tables 11 and 7,
    Base Numbers 3 and 2; the Japanese roll 5 (4 Hits), the Americans 1 (1 Hit)."""
    state = battle([unit(US, 1, MIDWAY, rec("buffalo", 7)), unit(JP, 1, MIDWAY, rec("zero", 9))])
    state = step(state)
    one_side = combat.apply_order(state, Intercept(JP, False, 9))
    assert step(one_side).step == "midway-repair"  # both must announce, or no Combat (IX.D.1.c)
    state = step(state, dice=[1, 5], orders=[Intercept(US, False, 7), Intercept(JP, False, 9)])
    assert factors(state, US, 1, "buffalo") == 3 and factors(state, JP, 1, "zero") == 8
    # Interceptors that attack expend one Endurance Factor (VIII.E.4.a(2)): the landing line moves up
    assert state.air_unit(US, 1).records[0].must_land == NOON.plus(3)
    assert state.air_unit(US, 1).records[0].spent == 1


def _escorted_bombers() -> State:
    """IX.L.1.b: American Air unit 20, 10 Wildcats at High Altitude; Japanese Air unit 5, 2 Zero,
    4 Val (High), 4 Kate (Low), Air unit 6, 3 Zero, 4 Val (High), 6 Kate (Low); over an American
    Task Force (a Battle hex with ships, IX.D.1.a)."""
    return battle(
        [
            unit(US, 20, SEA, rec("wildcat", 10, high=True)),
            unit(JP, 5, SEA, rec("zero", 2, high=True), rec("val", 4, "he", True), rec("kate", 4, "t")),
            unit(JP, 6, SEA, rec("zero", 3, high=True), rec("val", 4, "he", True), rec("kate", 6, "t")),
        ],
        [tf(US, 1, ["Enterprise", "DD1"], SEA), tf(JP, 9, ["DD9"], "A0105")],
    )


def test_interceptor_to_escort_combat_example() -> None:
    """IX.L.1.b(1): 7 Wildcats against the 5 Zero Escorts, 3 sent on to the Bombers. Zeros Hit
    Table 10 (11, Wildcat Air Modifier -1), Wildcats 9; Base Numbers 2 and 2; the Japanese roll
    2 (1 Hit), the Americans 6 (3 Hits): 6 Wildcats to 2 Zeros, better than 2:1, so all 9 go on."""
    state = step(_escorted_bombers())
    assert state.step == "air-to-air"
    state = step(state, dice=[6, 2], orders=[Intercept(US, True, 7, 3)])
    assert factors(state, JP, 5, "zero") + factors(state, JP, 6, "zero") == 2
    assert factors(state, US, 20, "wildcat") == 9
    assert dict(state.free) == {(US, True): 9}
    assert state.step == "interception"


def test_interceptor_to_bomber_combat_example() -> None:
    """IX.L.1.b(2): the Wildcats may not reach the Low Kates; they attack only the Vals of Air
    unit 5. Hit Tables 9 and 2 (Val BHT 3, Wildcat modifier -1); Base Numbers 2 and "*"; the
    Americans roll 3 (2 Hits), the Japanese 5 (none): two Vals eliminated."""
    state = step(step(_escorted_bombers()), dice=[6, 2], orders=[Intercept(US, True, 7, 3)])
    assert combat.refusal(GAME, state, Attack(US, False, 5, 0, 9)) is not None  # Low: no free Interceptors
    state = step(state, dice=[3, 5], orders=[Attack(US, True, 5, 0, 9)])
    assert factors(state, JP, 5, "val") == 2 and factors(state, JP, 6, "val") == 4
    assert factors(state, US, 20, "wildcat") == 9
    wildcats = state.air_unit(US, 20).records
    assert all(r.spent == 1 for r in wildcats)  # one Endurance Factor a Turn (VIII.E.4.a)
    assert state.step == "aa"  # armed Bombers over ships: the AA Step follows


def test_escorts_must_be_attacked_first() -> None:
    """IX.D.2.a: Interceptors reach escorted Bombers only through their Escorts."""
    state = step(_escorted_bombers())
    why = combat.refusal(GAME, state, Intercept(US, True, 0, 10))
    assert why is not None and "IX.D.2.a" in why


def test_failing_the_two_to_one_keeps_the_escort_group_back() -> None:
    """IX.D.2.b(1): below 2:1 over the surviving Escorts, only the group kept for the Bombers
    goes on."""
    state = step(step(_escorted_bombers()), dice=[1, 6], orders=[Intercept(US, True, 7, 3)])
    # Wildcats roll 1: Base 2 - 1 = 1 Hit (4 Zeros left); Zeros roll 6: 3 Hits (4 Wildcats left)
    assert dict(state.free) == {(US, True): 3}


def test_fighters_that_expend_no_endurance_fight_at_minus_six() -> None:
    """VIII.E.4.a(3), IX.I.1.a(1): Escorts attacked may keep their Endurance Factor, at -6: the
    Zeros' Hit Table 10 becomes 4 (Base Number "0" for 5 Factors: one Hit on a 5 or 6)."""
    state = step(_escorted_bombers())
    state = step(state, dice=[3, 4], orders=[Intercept(US, True, 7, 3), Conserve(JP, True)])
    assert factors(state, US, 20, "wildcat") == 10
    zeros = [r for u in (5, 6) for r in state.air_unit(JP, u).records if r.plane == "zero"]
    assert all(r.spent == 0 for r in zeros)


def test_a_fortress_lowers_its_attackers_hit_table_by_two() -> None:
    """IX.I.1.d: any plane in Air-to-Air Combat against a Fortress has its BHT reduced by 2:
    7 Zeros at Hit Table 9 (11 - 2, Base Number 2); the Fortresses fire back at their own 4."""
    state = battle(
        [unit(US, 1, SEA, rec("fortress", 4, "he", True)), unit(JP, 1, SEA, rec("zero", 7, high=True))],
        [tf(JP, 1, ["DD1"], SEA), tf(US, 9, ["DD9"], "A0101")],
    )
    state = step(state)
    state = step(state, orders=[Intercept(JP, True, 0, 7)])
    assert state.step == "interception"
    events: list[Event] = []
    state = combat.apply_order(state, Attack(JP, True, 1, 0, 7))
    state = combat.advance(GAME, state, ScriptedRng(dice=[4, 4]), events)
    tables = [e.data["purpose"] for e in events if e.kind == "roll"]
    assert "Hit Table 9, Base Number 2" in tables[0] and "Hit Table 4" in tables[1]
    assert factors(state, US, 1, "fortress") == 2


# -- AA and Bombing ----------------------------------------------------------------------------------------
JAPANESE_MIDWAY = Game(
    GAME.data,
    {
        "midway": BaseSpec("midway", "Midway", JP, MIDWAY, GAME.bases["midway"].handling),
        **{k: v for k, v in GAME.bases.items() if k != "midway"},
    },
)


def _fortresses_over_japanese_midway(when: Time) -> State:
    state = battle(
        [unit(US, 1, MIDWAY, rec("fortress", 10, "he", True, when))],
        [tf(US, 9, ["DD9"], "A0101"), tf(JP, 9, ["DD9"], "A0105")],
        when=when,
        game=JAPANESE_MIDWAY,
    )
    base = BaseBox("midway", JP, MIDWAY)
    base = evolve(base, planes=Sections(c=(Planes("zero", 5),)))
    return evolve(state, bases=(base,))


def test_fortress_high_bombing_midway_example() -> None:
    """IX.C.1, IX.C.6, IX.K.3.b: Fortresses High Bombing Midway with HE have BHT 13; 10 Factors
    give Base Number 4; a 2 rolled scores 3 Hits, and for three High Bombing Hits one Air Factor
    on the Base is eliminated. The Base's AA (BHT 5, -3 at High Altitude, -2 Fortress) fails."""
    state = step(_fortresses_over_japanese_midway(NOON), game=JAPANESE_MIDWAY)
    assert state.step == "aa"
    state = step(state, orders=[Bomb(US, 1, "fortress", "he", True, "high", "base", 10)], game=JAPANESE_MIDWAY)
    assert state.step == "bombing"
    events: list[Event] = []
    state = combat.advance(JAPANESE_MIDWAY, state, ScriptedRng(dice=[2]), events)
    assert any("Hit Table 13, Base Number 4" in e.text for e in events if e.kind == "roll")
    base = state.base("midway")
    assert base.hits == 3 and base.attacked
    # High Bombing: the side taking the Hits picks the one Air Factor; it picks none, the largest goes
    assert state.step == "air-losses" and state.owed == ((JP, "midway", 1),)
    assert combat.legal(JAPANESE_MIDWAY, state, US) == []
    state = combat.advance(JAPANESE_MIDWAY, state, ScriptedRng(), events)
    assert sum(s.factors for s in state.base("midway").planes.c) == 4
    fortresses = state.air_unit(US, 1).records
    assert all(r.weapon == "" and r.high and r.spent == 0 for r in fortresses)  # dropped; High: no Endurance
    assert state.air_unit(US, 1).leave == MIDWAY  # must leave the enemy hex next Turn (VIII.H.3)


def test_fortress_night_bombing_example() -> None:
    """IX.C.2: the same Fortresses at night: Modifier c (-6) makes Hit Table 7."""
    state = step(_fortresses_over_japanese_midway(NIGHT), game=JAPANESE_MIDWAY)
    state = step(state, orders=[Bomb(US, 1, "fortress", "he", True, "high", "base", 10)], game=JAPANESE_MIDWAY)
    events: list[Event] = []
    combat.advance(JAPANESE_MIDWAY, state, ScriptedRng(dice=[3]), events)
    assert any("Hit Table 7" in e.text for e in events if e.kind == "roll")


def test_hit_table_4_with_14_factors_example() -> None:
    """IX.C.5: Hit Table 4 and 14 Factors ("13-15" line): Base Number 2. 14 Dauntless Low
    Bombing a transport with HE (BHT 4); the AP has no AA; a 3 keeps the Base Number: 2 Hits
    sink it (Hit Factor 2)."""
    state = battle(
        [unit(US, 1, SEA, rec("dauntless", 14, "he"))], [tf(JP, 1, ["AP1", "DD1"], SEA), tf(US, 9, ["DD9"], "A0101")]
    )
    state = step(state)
    state = step(state, dice=[6], orders=[Bomb(US, 1, "dauntless", "he", False, "low", "ship:0", 14)])
    events: list[Event] = []
    state = combat.advance(GAME, state, ScriptedRng(dice=[3]), events)
    assert any("Hit Table 4, Base Number 2" in e.text for e in events if e.kind == "roll")
    assert state.task_force(JP, 1).ships == ("DD1",)
    assert state.air_unit(US, 1).records[0].spent == 1  # Low Bombing expends Endurance (VIII.E.4.b)


def test_night_and_anchored_modifiers_add_up() -> None:
    """IX.I: (c) -6 and (b) +2 together are -4: a BHT of 7 (Dauntless Dive Bombing a ship with
    HE) becomes Hit Table 3 against an anchored ship at night. The Dauntlesses end Low (IX.F.3.c)."""
    state = battle(
        [unit(US, 1, MIDWAY, rec("dauntless", 6, "he", True, NIGHT))],
        [tf(JP, 1, ["AP1"], MIDWAY), tf(US, 9, ["DD9"], "A0101")],
        when=NIGHT,
    )
    state = evolve(state, task_forces=tuple(evolve(t, anchored=True) if t.side == JP else t for t in state.task_forces))
    state = step(state)
    assert state.step == "aa"
    state = step(state, orders=[Bomb(US, 1, "dauntless", "he", True, "dive", "ship:0", 6)])
    events: list[Event] = []
    state = combat.advance(GAME, state, ScriptedRng(dice=[4]), events)
    assert any("Hit Table 3" in e.text for e in events if e.kind == "roll")
    assert not state.air_unit(US, 1).records[0].high


def test_each_attacking_air_unit_meets_all_the_aa() -> None:
    """IX.E.5: three Air units attacking one Task Force each meet its whole AA (Enterprise 6 and
    DD1 1: 7 Factors, BHT 5): three AA Combats."""
    vals = [unit(JP, n, SEA, rec("val", 4, "he")) for n in (1, 2, 3)]
    state = battle(vals, [tf(US, 1, ["Enterprise", "DD1"], SEA), tf(JP, 9, ["DD9"], "A0105")])
    state = step(state)
    orders = [Bomb(JP, n, "val", "he", False, "low", "ship:0", 4) for n in (1, 2, 3)]
    events: list[Event] = []
    for o in orders:
        state = combat.apply_order(state, o)
    state = combat.advance(GAME, state, ScriptedRng(dice=[3, 3, 3]), events)
    aa = [e.text for e in events if e.kind == "roll"]
    assert len(aa) == 3 and all("AA (7 Factors)" in t and "Hit Table 5" in t for t in aa)


def test_torpedo_and_dive_bombing_together_add_one() -> None:
    """IX.I.1.e: Dive and Torpedo Bombing on one ship: every BHT against it +1."""
    state = battle(
        [unit(US, 1, SEA, rec("dauntless", 3, "ap", True)), unit(US, 2, SEA, rec("devastator", 3, "t"))],
        [tf(JP, 1, ["MS1"], SEA), tf(US, 9, ["DD9"], "A0101")],
    )
    state = step(state)
    state = step(
        state,
        orders=[
            Bomb(US, 1, "dauntless", "ap", True, "dive", "ship:0", 3),
            Bomb(US, 2, "devastator", "t", False, "torpedo", "ship:0", 3),
        ],
    )
    events: list[Event] = []
    combat.advance(GAME, state, ScriptedRng(dice=[3, 3]), events)
    texts = [e.text for e in events if e.kind == "roll"]
    assert any("Dive" in t and "Hit Table 10" in t for t in texts)  # 9 + 1
    assert any("Torpedo" in t and "Hit Table 6" in t for t in texts)  # 5 + 1


def test_bombing_needs_a_bht_and_the_right_altitude() -> None:
    """IX.B.1, IX.F.3: no BHT, no Bombing; High and Dive from High, Low and Torpedo from Low."""
    state = battle(
        [unit(US, 1, SEA, rec("dauntless", 3, "he"), rec("fortress", 2, "he", True))],
        [tf(JP, 1, ["DD1"], SEA), tf(US, 9, ["DD9"], "A0101")],
    )
    state = step(state)
    assert combat.refusal(GAME, state, Bomb(US, 1, "dauntless", "he", False, "dive", "ship:0", 1)) is not None
    assert combat.refusal(GAME, state, Bomb(US, 1, "fortress", "he", True, "dive", "ship:0", 1)) is not None
    assert combat.refusal(GAME, state, Bomb(US, 1, "dauntless", "he", False, "low", "ship:0", 4)) is not None
    assert combat.refusal(GAME, state, Bomb(US, 1, "dauntless", "he", False, "low", "ship:1", 1)) is not None
    assert combat.refusal(GAME, state, Bomb(US, 1, "dauntless", "he", False, "low", "ship:0", 3)) is None


@settings(max_examples=25, deadline=None)
@given(
    us=st.integers(1, 20),
    jp=st.integers(1, 20),
    dice=st.lists(st.integers(1, 6), min_size=2, max_size=2),
)
def test_air_factors_are_never_made_and_losses_are_counted(us: int, jp: int, dice: list[int]) -> None:
    """Whatever the dice: no side ends with more Air Factors than it had, and every Air Factor
    gone is a loss for the Victory Points Counting Phase (XI.C.1.a)."""
    state = battle([unit(US, 1, MIDWAY, rec("buffalo", us)), unit(JP, 1, MIDWAY, rec("zero", jp))])
    state = step(step(state), dice=dice, orders=[Intercept(US, False, us), Intercept(JP, False, jp)])
    for side, plane, had in ((US, "buffalo", us), (JP, "zero", jp)):
        left = factors(state, side, 1, plane)
        assert 0 <= left <= had and state.lost(side).air_factors == had - left


# -- played by the plain bot -----------------------------------------------------------------------------
def test_the_plain_bot_fights_every_kind_of_battle() -> None:
    """The bot gives every Combat order the steps offer (each one checked) and the game ends."""
    steps: set[str] = set()
    for seed in range(4):
        session = combat_session(seed)
        bots = default_bots(session.rules)
        rng = Rng(seed)
        while not session.over:
            side = session.to_act()[0]
            steps.add(session.state.step)
            session.play(bots[side].choose(session, side, list(session.legal_actions(side)), rng))
        assert session.state.step == "over"
    assert {"air-to-air", "interception", "aa"} <= steps


# -- Basic VIII.I: Air-to-Air Combat in the Air Unit Movement Phase ----------------------------------------
def _moving(state: State, first: str = US, rng: ScriptedRng | None = None) -> Session:
    state = evolve(state, step="air-move", initiative=(first, other(first)), mover=0)
    return Session.start(CvRules(GAME, lambda g, _name: state), seed=1, rng=rng)


def test_interceptors_attack_instead_of_moving() -> None:
    """VIII.I.1: the side moving first attacks with Interceptors already in a hex with enemy
    planes; the Combat is resolved at once (here the IX.L.1.b example, rolls 6, 2, then 3, 5)."""
    s = _moving(_escorted_bombers(), rng=ScriptedRng(dice=[6, 2, 3, 5]))
    s.play(AirAttack(US, SEA, True, 7, 3, 5, 0))
    state = s.state
    assert factors(state, JP, 5, "zero") + factors(state, JP, 6, "zero") == 2
    assert factors(state, US, 20, "wildcat") == 9 and factors(state, JP, 5, "val") == 2
    assert state.air_unit(US, 20).moved and state.step == "air-move"
    assert state.battle == "" and state.free == ()


def test_only_the_first_mover_attacks_in_the_movement_phase() -> None:
    """VIII.I.1: the side moving second does not; nor do Interceptors that have moved."""
    second = evolve(_escorted_bombers(), step="air-move", initiative=(JP, US), mover=1)
    s = Session.start(CvRules(GAME, lambda g, _name: second), seed=1)
    why = s.rules.check(s.state, AirAttack(US, SEA, True, 7, 3, 5, 0))
    assert why is not None and "VIII" in why
    s = _moving(_escorted_bombers())
    s.play(MoveAir(US, 20, "B3011"))
    assert s.rules.check(s.state, AirAttack(US, "B3011", True, 7, 3, 5, 0)) is not None


# -- Basic VIII.H.3-4: after the Combat ------------------------------------------------------------------
def test_bombers_leave_the_enemy_hex_the_next_turn_and_go_home_first() -> None:
    """VIII.H.3: the Fortresses that Bombed Japanese Midway may not remain there the next Turn,
    and may not enter an enemy hex again before reaching a hex where they may land."""
    state = step(_fortresses_over_japanese_midway(NOON), game=JAPANESE_MIDWAY)
    state = step(state, orders=[Bomb(US, 1, "fortress", "he", True, "high", "base", 10)], game=JAPANESE_MIDWAY)
    state = combat.advance(JAPANESE_MIDWAY, state, ScriptedRng(dice=[2]), [])
    state = evolve(state, time=NOON.plus(1), step="air-move", initiative=(US, JP), mover=0)
    s = Session.start(CvRules(JAPANESE_MIDWAY, lambda g, _name: state), seed=1)
    for order in (MoveAir(US, 1, MIDWAY), Done(US)):
        why = s.rules.check(s.state, order)
        assert why is not None and "VIII.H.3" in why
    assert Done(US) not in s.legal_actions(US)
    s.play(MoveAir(US, 1, "B2118"))
    assert s.rules.check(s.state, Done(US)) is None
    assert s.state.air_unit(US, 1).homing


def test_jettison_discards_the_weapon_units() -> None:
    """VIII.H.4: flying planes drop their Weapon units in their side's movement, no Hits."""
    s = _moving(_escorted_bombers(), first=JP)
    s.play(Jettison(JP, 5, "kate"))
    kates = [r for r in s.state.air_unit(JP, 5).records if r.plane == "kate"]
    assert kates and all(r.weapon == "" for r in kates)
    assert s.rules.check(s.state, Jettison(JP, 5, "kate")) is not None


# -- Basic III.E: low observation combat -----------------------------------------------------------------
def test_what_a_side_is_shown_of_a_battle_by_day_and_at_night() -> None:
    """III.E.2-3: at Condition 3 (night: 5 less 2 in the hex) enemy Ship units are inverted
    targets and enemy planes groups of Air Factors with their role only; at Condition 5 both are
    named."""
    units = [unit(US, 1, SEA, rec("dauntless", 4, "he", True)), unit(JP, 1, SEA, rec("zero", 3, high=True))]
    forces = [tf(JP, 1, ["Akagi", "DD1"], SEA), tf(US, 9, ["DD9"], "A0101")]
    for when, shown in ((NOON, True), (NIGHT, False)):
        state = battle(
            [
                evolve(u, records=tuple(evolve(r, took_off=when.plus(-1), must_land=when.plus(4)) for r in u.records))
                for u in units
            ],
            forces,
            when=when,
        )
        state = step(state)
        view = combat.battle_view(GAME, state, US)
        assert [("ship" in s, "size" in s) for s in view["enemy_ships"]] == [(shown, shown)] * 2
        assert view["enemy_air"] == [
            {
                "air_unit": 1,
                "high": True,
                "role": INTERCEPTOR,
                "group": 0,
                "factors": 3,
                **({"plane": "zero"} if shown else {}),
            }
        ]
        assert "Akagi" not in repr(view) or shown


@given(total=st.integers(0, 60), sizes=st.lists(st.integers(1, 30), min_size=1, max_size=6))
def test_aa_factors_split_in_proportion(total: int, sizes: list[int]) -> None:
    """IX.E.4: the AA Factors split among the attacking groups add up to the whole, each share
    within one of its exact proportion."""
    shares = _split(total, sizes)
    assert sum(shares) == total
    for share, n in zip(shares, sizes, strict=True):
        assert abs(share - total * n / sum(sizes)) < 1


def test_daylight_dive_bombers_pick_the_air_factors_midway_loses() -> None:
    """IX.K.3.b: one Air Factor a Dive Bombing Hit; in daylight the side making the Hits picks
    them (and is shown the Base's planes to pick from). Six Vals dive on American Midway: its AA
    (12 Factors, Hit Table 5, Base Number 2) rolls 3: 2 Vals lost; 4 Vals at Hit Table 10 (Base
    Number 1) roll 3: 1 Hit."""
    state = battle([unit(JP, 1, MIDWAY, rec("val", 6, "he", True))])
    state = evolve(state, bases=tuple(
        evolve(b, planes=Sections(a=(Planes("catalina", 2),), c=(Planes("buffalo", 3),))) if b.id == "midway" else b
        for b in state.bases
    ))  # fmt: skip
    state = step(state)
    state = step(state, dice=[3], orders=[Bomb(JP, 1, "val", "he", True, "dive", "base", 6)])
    assert factors(state, JP, 1, "val") == 4
    state = step(state, dice=[3])
    assert state.step == "air-losses" and state.owed == ((JP, "midway", 1),)
    shown = combat.battle_view(GAME, state, JP)["pick"]
    assert shown == [{"base": "midway", "factors": 1, "planes": {"a": {"catalina": 2}, "c": {"buffalo": 3}}}]
    assert "pick" in combat.battle_view(GAME, state, US) and not combat.battle_view(GAME, state, US)["pick"]
    assert combat.refusal(GAME, state, Eliminate(JP, "midway", "c", "buffalo", 2)) is not None
    state = step(state, orders=[Eliminate(JP, "midway", "a", "catalina", 1)])
    base = state.base("midway")
    assert base.planes.a == (Planes("catalina", 1),) and base.planes.c == (Planes("buffalo", 3),)
    assert state.lost(US).air_factors == 1


def test_japanese_ground_units_ashore_on_midway_can_be_bombed() -> None:
    """IX.E.2, IX.J.2: Bombing the Ground units on Midway, here the Japanese landed there (in the
    Midway Base Box, IX.H): a Hit unit with them; Ground units fire no AA."""
    state = evolve(battle([unit(US, 1, MIDWAY, rec("dauntless", 4, "he"))]), ashore=5)
    state = step(state)
    assert state.step == "aa"
    state = step(state, orders=[Bomb(US, 1, "dauntless", "he", False, "low", "ground", 4)])
    state = step(state, dice=[5])
    assert state.ashore == 5 and state.ashore_hits > 0


def test_interceptors_fight_at_minus_six_at_night() -> None:
    """IX.I.1.a(2): Air-to-Air Combat on a night Turn takes 6 from both sides' Hit Tables: the
    IX.L.1.a fight at 2200 puts the Zeros on Hit Table 5 (11 - 6) and the Buffaloes on 1 (7 - 6)."""
    state = battle(
        [unit(US, 1, MIDWAY, rec("buffalo", 7, when=NIGHT)), unit(JP, 1, MIDWAY, rec("zero", 9, when=NIGHT))],
        when=NIGHT,
    )
    state = step(state)
    assert state.step == "air-to-air"
    for o in (Intercept(US, False, 7), Intercept(JP, False, 9)):
        state = combat.apply_order(state, o)
    events: list[Event] = []
    combat.advance(GAME, state, ScriptedRng(dice=[3, 3]), events)
    told = [e.data["purpose"] for e in events if e.kind == "roll"]
    assert any("9 Air Factors on Hit Table 5" in t for t in told), told
    assert any("7 Air Factors on Hit Table 1" in t for t in told), told


def test_interceptors_attack_bombers_at_minus_six_at_night() -> None:
    """IX.I.1.a(2) in the Interceptor-to-Bomber Segment: at night the Interceptors' Hit Table
    is 6 less (Zeros on Fortresses: 11 - 2 - 6 = 3); the Bombers fire back unchanged by it (it
    is for Escorts and Interceptors only): the Fortresses' own 4."""
    state = battle(
        [
            unit(US, 1, SEA, rec("fortress", 4, "he", True, NIGHT)),
            unit(JP, 1, SEA, rec("zero", 7, high=True, when=NIGHT)),
        ],
        [tf(JP, 1, ["DD1"], SEA), tf(US, 9, ["DD9"], "A0101")],
        when=NIGHT,
    )
    state = step(state)
    state = step(state, orders=[Intercept(JP, True, 0, 7)])
    assert state.step == "interception"
    events: list[Event] = []
    state = combat.apply_order(state, Attack(JP, True, 1, 0, 7))
    combat.advance(GAME, state, ScriptedRng(dice=[4, 4]), events)
    tables = [e.data["purpose"] for e in events if e.kind == "roll"]
    assert "Hit Table 3" in tables[0] and "Hit Table 4" in tables[1], tables
