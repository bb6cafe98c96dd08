"""The Ship-to-Ship Combat Phase (victory-at-midway.txt › Naval Combat, Invasion Combat; Optional
Rules › Submarines, Midway Bombardment, Night Actions, Seaplane Tenders), replayed die for die."""

from __future__ import annotations

from dataclasses import replace

from midway_desktop.games.victory_at_midway.actions import (
    Bombard,
    BombTarget,
    Done,
    Fire,
    GoAshore,
    LoseAircraft,
    MidwayStrike,
    Move,
    Screen,
    SubAttack,
    SurfaceAttack,
)
from midway_desktop.games.victory_at_midway.air import capacity
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.search import midway_searches
from midway_desktop.games.victory_at_midway.sequence import applies
from midway_desktop.games.victory_at_midway.state import JAPAN, US, Search, Sighting
from midway_desktop.games.victory_at_midway.victory import midway_controller, scores
from tests.games.victory_at_midway.helpers import TF17, G, day_position, place, put, session_at, texts

THIRD_FLEET = ("CA7.1", "CA7.2", "DD8")
MARINES = ("6D.1", "6D.2", "6D.3", "6D.4", "6D.5", "6D.6")


def seen(state, *marks: tuple[str, str]):  # type: ignore[no-untyped-def]
    """Sighting markers placed this turn: (searching side, hex)."""
    return replace(state, sightings=(*state.sightings, *(Sighting(state.turn, s, h, False) for s, h in marks)))


def battle_position(turn: int = 16, *options: str):  # type: ignore[no-untyped-def]
    """TF17 and the Third Fleet in I6, each side's search having found the other this turn."""
    state = day_position(turn, "surface-combat", *options)
    state = place(state, "N12", ("Enterprise", "Hornet", "CA16.1", "CA16.2", "CA16.3", "DD16.1", "DD16.2"))
    state = place(state, "I6", TF17)
    state = place(state, "I6", THIRD_FLEET, "Third Fleet")
    return seen(state, (US, "I6"), (JAPAN, "I6"))


# -- surface combat -------------------------------------------------------------------------------
def test_surface_combat_example() -> None:
    """Naval Combat › Surface Combat Example: on Turn 16 both sides have found each other in I6,
    yet neither declares a surface attack (neither wants to suffer the enemy's defensive fire
    first), so nothing happens and the turn ends."""
    s = session_at(battle_position())
    assert s.to_act() == (US,)  # the US announces first
    assert SurfaceAttack(US, "I6") in s.legal_actions(US)
    s.play(Done(US))
    assert s.to_act() == (JAPAN,) and SurfaceAttack(JAPAN, "I6") in s.legal_actions(JAPAN)
    events = s.play(Done(JAPAN))
    assert not [e for e in events if e.kind in ("deploy", "naval-declared")]
    assert s.state.step == "invasion" and s.legal_actions(JAPAN) == [Done(JAPAN)]  # asked every day
    s.play(Done(JAPAN))
    assert s.state.turn == 17 and s.state.step == "ship-movement"
    assert all(not G.u(s.state, x).reduced and G.u(s.state, x).loc == "I6" for x in TF17 + THIRD_FLEET)


def test_defensive_then_offensive_fire() -> None:
    """Surface Combat: the defender fires first (two dice at full strength, one reduced, each at or
    under the surface value a hit, hits at once); then the attacker's survivors fire; carriers are
    fired at only once every other enemy ship has a firing unit on it."""
    dice = [
        1, 5,  # Yorktown (1) at DD8: one hit, DD8 reduced
        2, 2,  # CA17.1 (2) at CA7.1: two hits, sunk
        9, 9,  # DD17.1 (2) at CA7.2: misses
        3, 4,  # CA7.2 (3) at CA17.1: one hit
        1,  # the reduced DD8 (3), one die, at DD17.1: a hit
    ]  # fmt: skip
    s = session_at(battle_position(), dice)
    s.play(Done(US))
    events = s.play(SurfaceAttack(JAPAN, "I6"))
    assert "Japan announces a surface attack in I6." in texts(events)
    battle = s.state.battle
    assert battle is not None and battle.kind == "surface" and battle.attacker == JAPAN
    assert set(battle.defenders) == set(TF17) and set(battle.strike) == set(THIRD_FLEET)
    assert s.to_act() == (US,)  # defensive fire first
    s.play(Fire(US, "Yorktown", "DD8"))
    s.play(Fire(US, "CA17.1", "CA7.1"))
    s.play(Fire(US, "DD17.1", "CA7.2"))
    assert G.u(s.state, "DD8").reduced and G.u(s.state, "CA7.1").loc == "sunk"
    # Offensive fire: only the survivors; the Yorktown only after CA17.1 and DD17.1 have a firer.
    assert s.to_act() == (JAPAN,)
    assert {a.unit for a in s.legal_actions(JAPAN) if isinstance(a, Fire)} == {"CA7.2", "DD8"}
    refusal = s.check(Fire(JAPAN, "CA7.2", "Yorktown"))
    assert refusal is not None and "Carriers and transports" in refusal
    assert Fire(JAPAN, "CA7.2", "Yorktown") not in s.legal_actions(JAPAN)
    s.play(Fire(JAPAN, "CA7.2", "CA17.1"))
    s.play(Fire(JAPAN, "DD8", "DD17.1"))
    assert G.u(s.state, "CA17.1").reduced and G.u(s.state, "DD17.1").reduced
    assert s.state.battle is None and s.state.step == "invasion"  # the battle was the last announced
    s.play(Done(JAPAN))  # (Japan is asked in the invasion step every daylight turn)
    assert s.state.turn == 17
    vp = scores(G, s.state)
    assert vp[US] == 11 + 1 + 2 * 2  # DD8 one hit, CA7.1 two
    assert vp[JAPAN] == 2 + 1


def test_zero_value_ships_deploy_but_never_fire() -> None:
    """Defensive Fire: ships with a surface value of 0 never fire but still deploy; transports
    are fired at last, like carriers."""
    state = battle_position()
    state = place(state, "I6", ["TT1", "TT2"], "")
    s = session_at(state, [9, 9, 9, 9, 9, 9])
    s.play(SurfaceAttack(US, "I6"))
    battle = s.state.battle
    assert {"TT1", "TT2"} <= set(battle.defenders)
    firing = {a.unit for a in s.legal_actions(JAPAN) if isinstance(a, Fire)}
    assert firing == set(THIRD_FLEET)  # TT1 and TT2 (0) do not fire
    s.play(Fire(JAPAN, "CA7.1", "CA17.1"))
    s.play(Fire(JAPAN, "CA7.2", "DD17.1"))
    assert s.check(Fire(JAPAN, "DD8", "Yorktown")) is None  # every other US ship is covered now
    s.play(Fire(JAPAN, "DD8", "Yorktown"))
    refusal = s.check(Fire(US, "Yorktown", "TT1"))
    assert refusal is not None and "transports" in refusal


def test_surface_attack_needs_a_search_that_found_both() -> None:
    """Surface Combat: only where searching this turn has shown both sides' ships: a side's own
    search of the enemy, or an enemy ship search (which needs enemy ships there) of its ships."""
    state = day_position(16, "surface-combat")
    state = place(state, "I6", TF17)
    state = place(state, "I6", THIRD_FLEET, "Third Fleet")
    assert not applies(G, state, "ship-movement") or True
    s = session_at(state)
    assert s.to_act() == ()  # nobody found anybody: nothing to announce
    air = seen(state, (JAPAN, "I6"))
    air = replace(air, searches=(Search(JAPAN, "air", "I5"),))
    s = session_at(air)
    assert s.to_act() == (JAPAN,)  # Japan's air search found the US ships; the US cannot know more
    refusal = s.check(SurfaceAttack(JAPAN, "I7"))
    assert refusal is not None and "search this turn" in refusal
    ship = replace(air, searches=(Search(JAPAN, "ship", "I6"),))
    s = session_at(ship)
    assert SurfaceAttack(US, "I6") in s.legal_actions(US)  # a Japanese ship search: Japanese ships there


def test_once_per_hex_per_turn_and_never_in_fog() -> None:
    """Surface combat may occur only once per turn per hex; ships may not fight in fog."""
    s = session_at(battle_position(), [10] * 12)
    s.play(SurfaceAttack(US, "I6"))
    s.play(Fire(JAPAN, "CA7.1", "CA17.1"))
    s.play(Fire(JAPAN, "CA7.2", "DD17.1"))
    s.play(Fire(JAPAN, "DD8", "Yorktown"))
    s.play(Fire(US, "Yorktown", "DD8"))
    s.play(Fire(US, "CA17.1", "CA7.1"))
    s.play(Fire(US, "DD17.1", "CA7.2"))
    assert s.state.step != "surface-combat" or JAPAN not in s.to_act()
    fog = battle_position(16, "fog")
    fog = place(fog, "C2", TF17)
    fog = place(fog, "C2", THIRD_FLEET, "Third Fleet")
    fog = seen(fog, (US, "C2"), (JAPAN, "C2"))
    s = session_at(replace(fog, sightings=tuple(x for x in fog.sightings if x.hex == "C2")))
    assert s.to_act() == ()
    assert SurfaceAttack(US, "C2") not in RULES.legal_actions(s.state, US)


def test_battleship_damage_in_surface_fire() -> None:
    """Battleship Damage: any hit on a Japanese BB is rolled again, ignored on 6-10."""
    state = battle_position()
    state = place(state, "I6", ["BB3.2"], "")
    s = session_at(state, [1, 1, 6, 9, 9, 9, 9, 9, 9])  # Yorktown's two hits on BB3.2: 6 ignored, 9 ignored
    s.play(Done(US))
    s.play(SurfaceAttack(JAPAN, "I6"))
    s.play(Fire(US, "Yorktown", "BB3.2"))
    s.play(Fire(US, "CA17.1", "CA7.1"))
    events = s.play(Fire(US, "DD17.1", "CA7.2"))
    assert not G.u(s.state, "BB3.2").reduced
    rolls = [e.text for e in events if "battleship damage" in e.text]
    assert len(rolls) == 2 and all("hit ignored" in t for t in rolls)


def test_night_actions() -> None:
    """Night Actions (optional): US surface fire at night adds 1 to every roll."""
    for on, hits in ((True, 1), (False, 2)):
        options = ("night-actions",) if on else ()
        state = battle_position(6, *options)
        s = session_at(state, [10] * 6 + [2, 1] + [10] * 4)  # Japan fires first, all misses
        s.play(SurfaceAttack(US, "I6"))
        for f, t in (("CA7.1", "CA17.1"), ("CA7.2", "DD17.1"), ("DD8", "Yorktown")):
            s.play(Fire(JAPAN, f, t))
        s.play(Fire(US, "CA17.1", "CA7.1"))
        s.play(Fire(US, "Yorktown", "CA7.2"))
        events = s.play(Fire(US, "DD17.1", "DD8"))
        roll = next(e for e in events if e.kind == "roll" and "CA17.1 fires" in e.text)
        assert roll.data["dice"] == [2, 1]
        assert f"{hits} hit" in roll.text
        assert ("+1 at night" in roll.text) is on


# -- submarines -----------------------------------------------------------------------------------
def sub_position(*options: str):  # type: ignore[no-untyped-def]
    state = day_position(10, "sub-attacks", "submarines", *options)
    return place(state, "F6", ["Akagi", "DD4"], "First Fleet")  # SS1 is in F6


def test_submarine_attacks_are_optional() -> None:
    """Submarines (optional): without the rule there is no Submarine Attack Segment."""
    assert applies(G, sub_position(), "sub-attacks")
    assert not applies(G, day_position(10, "sub-attacks"), "sub-attacks")


def test_destroyers_screen_then_subs_fire() -> None:
    """Submarines: the defender deploys every ship, the DDs screen (a 1 on any die breaks the
    sub off); remaining subs fire at any ship, carriers included; subs are never hit."""
    s = session_at(sub_position(), [1, 7])
    s.play(SubAttack(US, "F6"))
    s.play(Done(US))
    s.play(Done(JAPAN))  # Japan has SS168 to announce with, and does not
    battle = s.state.battle
    assert battle.kind == "sub" and battle.defenders == ("Akagi", "DD4") and battle.strike == ("SS1",)
    assert s.to_act() == (JAPAN,)
    events = s.play(Screen(JAPAN, "DD4", "SS1"))
    assert any("SS1 breaks off" in e.text for e in events)
    assert s.state.battle is None and not G.u(s.state, "Akagi").reduced
    # Without the 1 the sub fires: a hit on Akagi with Ready planes aboard sinks her.
    s = session_at(sub_position(), [5, 7, 2, 9])
    s.play(SubAttack(US, "F6"))
    s.play(Done(US))
    s.play(Done(JAPAN))
    s.play(Screen(JAPAN, "DD4", "SS1"))
    assert s.to_act() == (US,) and s.state.battle.stage == "sub-targets"
    s.play(Fire(US, "SS1", "Akagi"))
    assert G.u(s.state, "Akagi").loc == "sunk"
    assert G.u(s.state, "SS1").loc == "F6" and not G.u(s.state, "SS1").reduced


def test_subs_attack_nothing_in_an_empty_hex_or_in_fog() -> None:
    """Submarines: an attack where the enemy has no ships finds no battle; no sub attacks in fog."""
    s = session_at(day_position(10, "sub-attacks", "submarines"))
    events = s.play(SubAttack(US, "G6"))
    s.play(Done(US))
    s.play(Done(JAPAN))
    assert "No Japanese ships in G6: there is no battle." in texts(s.log(US))
    assert not [e for e in events if e.kind == "deploy"]
    fog = place(day_position(10, "sub-attacks", "submarines", "fog"), "B2", ["SS1"], "")
    refusal = session_at(fog).check(SubAttack(US, "B2"))
    assert refusal is not None and "fog" in refusal


def test_us_subs_spare_st11_at_kure() -> None:
    """Seaplane Tenders: US subs may not attack ST11 while it builds or runs the Kure base."""
    state = day_position(12, "sub-attacks", "submarines", "seaplane-tenders")
    state = place(state, "G6", ["ST11", "DD15"], "")
    state = replace(state, kure=11)
    s = session_at(state, [5, 5, 9, 9])
    s.play(SubAttack(US, "G6"))
    s.play(Done(US))
    s.play(Done(JAPAN))
    s.play(Screen(JAPAN, "DD15", "SS2"))
    refusal = s.check(Fire(US, "SS2", "ST11"))
    assert refusal is not None and "ST11" in refusal
    assert s.check(Fire(US, "SS2", "DD15")) is None


# -- bombardment ----------------------------------------------------------------------------------
def bombard_position(turn: int = 10):  # type: ignore[no-untyped-def]
    state = day_position(turn, "bombardment", "midway-bombardment")
    return place(state, "H6", THIRD_FLEET, "Third Fleet")


def test_bombardment() -> None:
    """Midway Bombardment (optional): daylight, BB and CA units in the Midway hex fire at the
    enemy's ground units with no defensive fire; ground units are only reduced; each hit on the
    Marines also damages the airfield, which costs the US an air unit there (its choice)."""
    s = session_at(bombard_position(), [1, 2, 1, 1])
    assert s.to_act() == (JAPAN,)
    s.play(Bombard(JAPAN))  # its only announcement: the bombardment follows at once
    battle = s.state.battle
    assert battle.kind == "bombard" and set(battle.strike) == {"CA7.1", "CA7.2"}  # DD8 does not bombard
    assert s.to_act() == (JAPAN,)
    s.play(Fire(JAPAN, "CA7.1", "6D.1"))
    s.play(Fire(JAPAN, "CA7.2", "6D.1"))
    assert G.u(s.state, "6D.1").reduced and G.u(s.state, "6D.1").loc == "Midway"  # never eliminated
    assert s.state.airfield_hits == 4 and capacity(G, s.state, "Midway") == 4
    assert s.state.battle.stage == "airfield-losses" and s.to_act() == (US,)
    for unit in ("Midway-F1", "Midway-F2", "Midway-F3", "Midway-D1"):
        s.play(LoseAircraft(US, unit))
    assert s.state.battle is None
    assert midway_searches(G, s.state) == (0, 0)


def test_bombardment_limits() -> None:
    """Bombardment only by day, and not by ships that fought a surface action this turn."""
    assert not applies(G, bombard_position(6), "bombardment")
    engaged = replace(bombard_position(), engaged=frozenset({"CA7.1", "CA7.2"}))
    s = session_at(engaged)
    # The US troops on Midway are there for all to see: Japan is asked, and may only decline.
    assert s.to_act() == (JAPAN,) and s.legal_actions(JAPAN) == [Done(JAPAN)]
    refusal = s.check(Bombard(JAPAN))
    assert refusal is not None


# -- invasion -------------------------------------------------------------------------------------
def invasion_position(turn: int = 22):  # type: ignore[no-untyped-def]
    state = day_position(turn, "invasion")
    return place(state, "H6", ["TT1", "TT2", "DD15"], "Second Fleet")


def test_invasion_round() -> None:
    """Declaring an Invasion and Invasion Combat: battalions land from their transports in the
    Midway hex; one round the same turn: the US defenders fire first (every enemy unit covered
    before two fire at one), then the Japanese survivors; only ground combat eliminates."""
    dice = [
        1, 9,  # 6D.1 at I.D.1: one hit, reduced
        9, 9,  # 6D.2 at I.D.2: misses
        1, 9,  # 6D.3 at I.D.1 (reduced): eliminated
        9, 9, 9, 9, 9, 9,  # 6D.4-6D.6 at I.D.2: miss
        2, 3,  # I.D.2 (3) at 6D.1: two hits, eliminated
    ]  # fmt: skip
    s = session_at(invasion_position(), dice)
    assert s.to_act() == (JAPAN,)
    assert {a.unit for a in s.legal_actions(JAPAN) if isinstance(a, GoAshore)} == {"I.D.1", "I.D.2"}
    s.play(GoAshore(JAPAN, "I.D.1"))
    events = s.play(GoAshore(JAPAN, "I.D.2"))
    assert "Japanese troops land on Midway: I.D.2." in texts(events)
    assert s.legal_actions(JAPAN) == [Done(JAPAN)]  # nothing left to land
    s.play(Done(JAPAN))
    battle = s.state.battle  # the round of invasion combat follows
    assert battle.kind == "invasion" and battle.defenders == MARINES and battle.strike == ("I.D.1", "I.D.2")
    assert s.to_act() == (US,)
    s.play(Fire(US, "6D.1", "I.D.1"))
    refusal = s.check(Fire(US, "6D.2", "I.D.1"))
    assert refusal is not None and "Every enemy ground unit" in refusal
    for marine, target in (("6D.2", "I.D.2"), ("6D.3", "I.D.1"), ("6D.4", "I.D.2"), ("6D.5", "I.D.2"),
                           ("6D.6", "I.D.2")):  # fmt: skip
        s.play(Fire(US, marine, target))
    assert G.u(s.state, "I.D.1").loc == "lost"
    assert s.to_act() == (JAPAN,)
    s.play(Fire(JAPAN, "I.D.2", "6D.1"))
    assert G.u(s.state, "6D.1").loc == "lost"
    assert s.state.turn == 23 and s.state.airfield_closed  # shut down at the end of the landing turn
    assert capacity(G, s.state, "Midway") == 0
    assert all(G.u(s.state, a).loc == "lost" for a in ("Midway-F1", "Midway-D1", "Midway-H1"))
    assert midway_searches(G, s.state) == (0, 0)
    assert midway_controller(G, s.state) == US  # Marines still hold out


def test_transport_stays_while_its_battalion_is_ashore() -> None:
    """Declaring an Invasion: a landing unit's transport must remain in the hex."""
    state = put(invasion_position(24), "I.D.1", loc="Midway")
    state = replace(state, step="ship-movement", sealed=frozenset())
    s = session_at(state)
    refusal = s.check(Move(JAPAN, "Second Fleet", "H5"))
    assert refusal is not None and "TT1 must stay" in refusal


def test_no_invasion_at_night_and_combat_every_day() -> None:
    """Invasion Combat: never at night; one round every daylight turn with troops ashore."""
    assert not applies(G, invasion_position(20), "invasion")
    state = put(invasion_position(23), "I.D.1", loc="Midway")
    s = session_at(replace(state, landed=22, airfield_closed=True), [10] * 20)
    assert s.state.battle is None and s.to_act() == (JAPAN,)  # I.D.2 may still land
    s.play(Done(JAPAN))
    assert s.state.battle is not None and s.state.battle.kind == "invasion"


def test_us_base_strikes_on_japanese_troops() -> None:
    """Midway Bombardment: once Japanese ground units are on Midway, the US may send base strikes
    against them as the Japanese do (assigned in the Midway Air Strike Assignment)."""
    state = day_position(23, "midway-strike")
    state = place(state, "I5", ("Enterprise",), "")
    state = put(state, "I.D.1", loc="Midway")
    state = replace(state, landed=22, airfield_closed=True)
    s = session_at(state, [1, 1])
    assert US in s.to_act()
    s.play(MidwayStrike(US, "Enterprise-D1"))
    while s.state.battle is None:  # the searches and the other strikes: nothing more
        s.play(Done(s.to_act()[0]))
    battle = s.state.battle
    assert battle.base and battle.attacker == US and battle.defenders == ("I.D.1",)
    assert battle.stage == "bomb-targets"  # no CAP, and the battalion's AA is 0
    s.play(BombTarget(US, "Enterprise-D1", "I.D.1"))
    assert G.u(s.state, "I.D.1").reduced and G.u(s.state, "I.D.1").loc == "Midway"
    assert s.state.airfield_hits == 0  # hits on Japanese troops do not touch the (closed) airfield


def test_midway_control_by_invasion() -> None:
    """Midway VPs: Japan holds Midway only with all six Marines eliminated and its troops there."""
    state = put(invasion_position(24), "Yoko", loc="Midway")
    for m in MARINES[1:]:
        state = put(state, m, loc="lost")
    state = put(state, "6D.1", reduced=True)
    s = session_at(replace(state, landed=22, airfield_closed=True), [1])
    s.play(Done(JAPAN))
    s.play(Fire(US, "6D.1", "Yoko"))  # reduced: one die, a 1: Yoko reduced
    assert G.u(s.state, "Yoko").reduced
    s2 = session_at(replace(state, landed=22, airfield_closed=True), [9, 2, 4])
    s2.play(Done(JAPAN))
    s2.play(Fire(US, "6D.1", "Yoko"))
    s2.play(Fire(JAPAN, "Yoko", "6D.1"))
    assert G.u(s2.state, "6D.1").loc == "lost"
    assert midway_controller(G, s2.state) == JAPAN and scores(G, s2.state)[JAPAN] == 11


def test_carriers_deployed_in_a_surface_battle_are_sighted() -> None:
    """Japanese Turn 13 Group: US carriers deployed in a surface battle have been sighted, even
    when the Japanese searches only reported ships."""
    s = session_at(battle_position())
    assert s.state.carrier_sighted == 0
    s.play(Done(US))
    s.play(SurfaceAttack(JAPAN, "I6"))  # the battle opens at once: both sides deploy
    assert s.state.battle is not None and "Yorktown" in s.state.battle.defenders
    assert s.state.carrier_sighted == 16
