"""Interceptors attacking Air units flying through their hex (CV › Basic VIII.I.2): the side
not moving is asked in the middle of the other's move, the Combat is resolved before the move
goes on, and only the side asked sees the question.

The text gives no example for VIII.I.2; the Combat here replays the numbers of the IX.L.1.b
example (the same Wildcats and Zeros, rolls 6, 2, then 3, 5) on one Japanese Air unit flying
through the American Task Force's hex."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from midway_desktop.engine import Rng, Session, registry
from midway_desktop.engine import records as rec
from midway_desktop.engine.bots import play_out
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv.actions import Done, InterceptPassing, Land, LetPass, MoveAir, TakeOff
from midway_desktop.games.cv.bots import default_bots
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.state import AirRecord, AirUnit, State, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, position, tf

NOON = Time(4, 12)
SEA = "B3010"  # the American Task Force, with its Wildcats overhead
START, END = "B2810", "B3209"  # a straight flight through B2909, B3010, B3109
RULE = "VIII.I.2"


def rec_(plane: str, n: int, weapon: str = "", high: bool = False) -> AirRecord:
    return AirRecord(plane, n, weapon, high, "tf1", NOON.plus(-1), NOON.plus(4))


def strike(hex_: str = START, number: int = 5) -> AirUnit:
    """5 Zeros and 4 Vals at High Altitude, 4 Kates at Low."""
    return AirUnit(
        JP, number, "map", (rec_("zero", 5, high=True), rec_("val", 4, "he", True), rec_("kate", 4, "t")), hex=hex_
    )


def wildcats(hex_: str = SEA, high: bool = True, n: int = 10) -> AirUnit:
    return AirUnit(US, 20, "map", (rec_("wildcat", n, high=high),), hex=hex_)


def moving(units: list[AirUnit], forces: list | None = None, first: str = JP, step: str = "air-move") -> State:
    forces = forces or [tf(US, 1, ["Enterprise", "DD1"], SEA), tf(JP, 9, ["DD9"], "A0105")]
    state = position(forces, start=NOON, last=NOON.plus(3))
    for u in units:
        state = state.with_air_unit(u)
    return evolve(state, step=step, initiative=(first, US if first == JP else JP), mover=0)


def started(state: State, rng: Rng | None = None) -> Session:
    return Session.start(CvRules(GAME, lambda g, _name: state), seed=1, rng=rng)


def total(state: State, side: str, number: int, plane: str) -> int:
    u = state.air_unit(side, number)
    return sum(r.factors for r in u.records if r.plane == plane) if u else 0


# -- the question and the Combat ----------------------------------------------------------------------
def test_interceptors_attack_an_air_unit_flying_through_their_hex() -> None:
    """VIII.I.2 with the IX.L.1.b numbers: 7 Wildcats against the 5 Zero Escorts (rolls 6 and 2:
    3 Hits and 1), 6 to 2 is 2:1, so all 9 go on against the Vals (roll 3: 2 Hits; the Vals'
    5: none). Resolved before the Air unit goes on to its hex; Endurance spent by the Wildcats
    and the Zeros attacked, not by the Bombers (VIII.E.4.a)."""
    rng = ScriptedRng(dice=[6, 2, 3, 5])
    s = started(moving([strike(), wildcats()]), rng)
    s.play(MoveAir(JP, 5, END))
    p = s.state.passing
    assert p is not None and (p.hex, p.air_unit) == (SEA, 5)
    assert s.to_act() == (US,) and s.state.air_unit(JP, 5).hex == SEA
    attack = InterceptPassing(US, SEA, 5, True, 7, 3, 0)
    offered = s.legal_actions(US)
    assert attack in offered and LetPass(US, SEA, 5) in offered
    assert not [a for a in offered if isinstance(a, InterceptPassing) and not a.high]  # no Wildcats at Low
    s.play(attack)
    state = s.state
    assert rng.remaining == 0 and state.passing is None
    assert total(state, JP, 5, "zero") == 2 and total(state, JP, 5, "val") == 2 and total(state, JP, 5, "kate") == 4
    assert total(state, US, 20, "wildcat") == 9
    unit = state.air_unit(JP, 5)
    assert unit.hex == END and unit.moved and s.to_act() == (JP,)
    spent = {r.plane: r.spent for r in unit.records}
    assert spent == {"zero": 1, "val": 0, "kate": 0}
    assert all(r.spent == 1 for r in state.air_unit(US, 20).records)
    texts = [e.text for e in s.log(JP)]
    assert any("flying through B3010" in t and RULE in t for t in texts)


def test_letting_it_pass_the_air_unit_flies_on_untouched() -> None:
    s = started(moving([strike(), wildcats()]))
    s.play(MoveAir(JP, 5, END))
    s.play(LetPass(US, SEA, 5))
    state = s.state
    assert (
        state.passing is None
        and state.air_unit(JP, 5) == evolve(strike(END), moved=True, arrived=NOON)
        and state.air_unit(US, 20) == wildcats()
    )
    assert not any(e.kind == "combat" for e in s.events())
    assert not any("fly on through" in e.text for e in s.log(JP))  # the answer is the asked side's own
    assert any("fly on through" in e.text for e in s.log(US))


def test_both_altitudes_are_asked_for_before_the_air_unit_goes_on() -> None:
    """Interceptors at High and at Low: one answer each, then the Air unit flies on."""
    low = AirUnit(US, 21, "map", (rec_("wildcat", 3),), hex=SEA)
    s = started(moving([strike(), wildcats(), low]), Rng(3))
    s.play(MoveAir(JP, 5, END))
    s.play(InterceptPassing(US, SEA, 5, False, 0, 3, 0))
    assert s.state.passing is not None and s.state.passing.fought == (False,)
    assert not [a for a in s.legal_actions(US) if isinstance(a, InterceptPassing) and not a.high]
    s.play(LetPass(US, SEA, 5))
    assert s.state.passing is None and s.state.air_unit(JP, 5).hex == END


@pytest.mark.parametrize(
    ("units", "order", "why"),
    [
        ([strike(SEA), wildcats()], MoveAir(JP, 5, END), "starting in the hex and leaving it"),
        ([strike(), wildcats()], MoveAir(JP, 5, SEA), "ending the move in the hex"),
        ([strike(), wildcats(high=False)], MoveAir(JP, 5, "B3109"), "Wildcats at Low, Kates at Low: asked"),
        ([evolve(strike(), records=(rec_("zero", 5, high=True),)), wildcats()], MoveAir(JP, 5, END), "only Zeros"),
        ([evolve(strike(), records=(rec_("val", 4, "he", True),)), wildcats(high=False)], MoveAir(JP, 5, END),
         "other altitude"),
    ],
)  # fmt: skip
def test_who_is_asked(units: list[AirUnit], order: MoveAir, why: str) -> None:
    """VIII.I.2: not where Air units start together and one leaves, nor where the move ends;
    only at the same altitude; an Air unit of Interceptors alone avoids the Combat (IX.D.1.c)."""
    s = started(moving(units))
    s.play(order)
    asked = s.state.passing is not None
    assert asked == why.endswith("asked"), why


def test_no_combat_where_no_ships_are_or_observe() -> None:
    """IX.D.1.a: over open sea, unobserved by a Base or carrier, no Air-to-Air Combat: no
    question."""
    forces = [tf(US, 1, ["Enterprise", "DD1"], "A0101"), tf(JP, 9, ["DD9"], "A0105")]
    s = started(moving([strike(), wildcats()], forces))
    s.play(MoveAir(JP, 5, END))
    assert s.state.passing is None and s.state.air_unit(JP, 5).hex == END


def test_interceptors_that_must_leave_the_hex_do_not_attack() -> None:
    """VIII.I.2 and VIII.H.3: Interceptors bound to leave the enemy hex they fought over."""
    forces = [tf(US, 9, ["DD9"], "A0101"), tf(JP, 1, ["Akagi", "DD1"], SEA)]
    bound = evolve(wildcats(), leave=SEA, fought=NOON.plus(-1), homing=True)
    s = started(moving([strike(), bound], forces))
    s.play(MoveAir(JP, 5, END))
    assert s.state.passing is None


def test_taking_off_and_landing_under_enemy_interceptors() -> None:
    """VIII.I.2 "applies to units attempting to land or take off from the hex in question"."""
    forces = [tf(US, 9, ["DD9"], "A0101"), tf(JP, 1, ["Akagi", "DD1"], SEA)]
    forming = AirUnit(JP, 6, "forming", (rec_("val", 4, "he"),), box="tf1")
    s = started(moving([forming, wildcats(high=False)], forces, step="take-off"))
    s.play(TakeOff(JP, 6, "B3109"))
    assert s.state.passing is not None and s.state.passing.hex == SEA
    s.play(LetPass(US, SEA, 6))
    assert s.state.air_unit(JP, 6).hex == "B3109" and s.state.air_unit(JP, 6).where == "map"

    home = evolve(strike("B3109"), records=(rec_("kate", 4, "t"),))
    s = started(moving([home, wildcats(high=False)], forces, step="landing"))
    s.play(Land(JP, 5, "tf1"))
    assert s.state.passing is not None and s.state.passing.hex == SEA
    s.play(LetPass(US, SEA, 5))
    assert s.state.air_unit(JP, 5) is None
    assert sum(x.factors for x in s.state.task_force(JP, 1).planes.a if x.plane == "kate") == 4


# -- refusals -----------------------------------------------------------------------------------------
def test_refusals_name_the_rule() -> None:
    s = started(moving([strike(), wildcats()]))
    assert RULE in (s.rules.check(s.state, LetPass(JP, SEA, 5)) or "")  # nothing to answer yet
    s.play(MoveAir(JP, 5, END))
    state = s.state
    for order in (
        Done(US),
        MoveAir(US, 20, "B3011"),
        InterceptPassing(US, SEA, 6, True, 7, 3, 0),
        InterceptPassing(US, "B2909", 5, True, 7, 3, 0),
        LetPass(US, "B2909", 5),
    ):
        why = s.rules.check(state, order)
        assert why is not None and RULE in why, (order, why)
    for order in (
        InterceptPassing(US, SEA, 5, True, 0, 10, 0),  # the Escorts first (IX.D.2.a)
        InterceptPassing(US, SEA, 5, True, 11, 0, 0),  # more than it has
        InterceptPassing(US, SEA, 5, False, 1, 0, 0),  # no Wildcats at Low
        InterceptPassing(US, SEA, 5, True, 7, 3, 1),  # one group of Bombers at High
    ):
        why = s.rules.check(state, order)
        assert why is not None and "CV › " in why, (order, why)
    assert "not the Japanese side's turn" in (s.rules.check(state, MoveAir(JP, 5, END)) or "")


# -- what each side is shown --------------------------------------------------------------------------
def test_only_the_side_asked_sees_the_question_and_only_what_it_observes() -> None:
    """The side moving sees nothing of the question or the answer before it is given; the side
    asked sees the Air unit flying through as its units observe it, not the other Japanese Air
    unit in the hex."""
    other = AirUnit(JP, 7, "map", (rec_("kate", 3, "t", True),), hex=SEA)
    s = started(moving([strike(), wildcats(), other]))
    events = s.play(MoveAir(JP, 5, END))
    mover = s.view(JP)
    assert "passing" not in mover and s.legal_actions(JP) == []
    told_jp = [e.text for e in events if e.visible_to(JP)]
    assert not any("Interceptor" in t or "flies through" in t for t in told_jp)
    assert "passing" not in json.dumps(s.view(JP))
    asked = s.view(US)["passing"]
    assert asked["hex"] == SEA and asked["air_unit"] == 5 and asked["interceptors"] == {"high": 10}
    assert {g["air_unit"] for g in asked["enemy_air"]} == {5}
    assert sorted((g["role"], g["factors"], g["high"]) for g in asked["enemy_air"]) == [
        ("bomber", 4, False),
        ("bomber", 4, True),
        ("escort", 5, True),
    ]
    seen = next(x for x in s.view(US)["observed"]["air"] if x["number"] == 5)
    assert ("planes" in seen) == all("plane" in g for g in asked["enemy_air"])  # types only at Condition 5
    assert END not in json.dumps(s.view(US))  # nor where the Air unit is bound
    assert "passing" in s.view("umpire")
    s.play(LetPass(US, SEA, 5))
    assert "passing" not in s.view(US)


# -- the plain bot, and a saved game replayed ---------------------------------------------------------
def test_the_plain_bot_answers_and_plays_on() -> None:
    s = started(moving([strike(), wildcats()]))
    s.play(MoveAir(JP, 5, END))
    bots = default_bots(s.rules)
    luck = Rng(5)
    for _ in range(40):
        if s.outcome() is not None:
            break
        side = s.to_act()[0]
        assert s.play(bots[side].choose(s, side, s.legal_actions(side), luck)) is not None
    assert s.state.passing is None


def test_a_game_with_a_fly_through_saves_loads_and_replays_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved with the question open, and again after it, the record replays to the very game
    (dice included), and goes on the same."""
    rules = CvRules(GAME, lambda g, _name: moving([strike(), wildcats()]))
    monkeypatch.setitem(registry._loaded, "cv", rules)
    live = Session.start(rules, scenario="short", seed=9)
    live.play(MoveAir(JP, 5, END))
    for stage in ("asked", "answered"):
        path = rec.save(live, tmp_path / f"{stage}.json", backup=False)
        back = rec.load(path)
        assert back.state == live.state and back.rng.state == live.rng.state
        assert rec.fingerprint(back) == rec.fingerprint(live)
        for side in (US, JP, "umpire"):
            assert back.view(side) == live.view(side)
        if stage == "asked":
            assert back.state.passing is not None
            live.play(InterceptPassing(US, SEA, 5, True, 5, 5, 0))
    assert any(e.kind == "combat" for e in live.events())
    play_out(live, default_bots(rules), Rng(2))
    back = rec.load(rec.save(live, tmp_path / "end.json", backup=False))
    assert back.state == live.state and back.outcome() == live.outcome()
