"""Air operations rule by rule (victory-at-midway.txt › Air Operations, Carrier Damage, Battleship
Damage, Invasion Combat › Japanese Ground Units at Sea)."""

from __future__ import annotations

from dataclasses import replace

from midway_desktop.engine import ScriptedRng
from midway_desktop.games.victory_at_midway.actions import (
    AATarget,
    AirTarget,
    BombTarget,
    Cap,
    Done,
    Land,
    LoseAircraft,
    MidwayStrike,
    Prepare,
    PrepareAll,
    Resolve,
    ReturnFire,
    Strike,
)
from midway_desktop.games.victory_at_midway.air import capacity, prepare_refusal
from midway_desktop.games.victory_at_midway.battle import initiative
from midway_desktop.games.victory_at_midway.sequence import TURN, applies
from midway_desktop.games.victory_at_midway.state import JAPAN, US, Battle, Flight
from midway_desktop.games.victory_at_midway.victory import scores
from tests.games.victory_at_midway.helpers import (
    FIRST_FLEET,
    TF16,
    TF17,
    G,
    day_position,
    pass_until,
    place,
    put,
    session_at,
)


def strike_position(turn: int = 9):
    """First Fleet in G5; TF16 (Enterprise, Hornet) in I5, two hexes away; TF17 far off."""
    state = day_position(turn, "air-strikes", defaults=False)  # Finding the Enemy off: no wave rolls
    state = place(state, "G5", FIRST_FLEET, "First Fleet")
    state = place(state, "I5", TF16)
    return place(state, "N12", TF17)


def launch(s, side: str, units: list[str], target: str) -> None:  # type: ignore[no-untyped-def]
    for u in units:
        s.play(Strike(side, u, target, 1))
    for other in s.to_act():
        s.play(Done(other))


def test_only_ready_aircraft_fly() -> None:
    """Ready/Not Ready: only Ready aircraft fly."""
    state = put(strike_position(), "Enterprise-D1", loc="notready")
    s = session_at(state)
    refusal = s.check(Strike(US, "Enterprise-D1", "G5", 1))
    assert refusal is not None and "Only Ready aircraft" in refusal
    refusal = s.check(Strike(US, "Akagi-D1", "I5", 1))
    assert refusal is not None and "not one of your air units" in refusal


def test_no_air_operations_at_night() -> None:
    """Air Operations: aircraft fly only on daylight turns: the air steps are skipped at night."""
    night = day_position(6)
    day = day_position(8)
    for step in ("midway-strike", "air-strikes", "strike-resolution"):
        assert not applies(G, night, step) and applies(G, day, step)
    assert applies(G, night, "air-preparation")
    assert not applies(G, day_position(1), "air-preparation")  # every turn after the first
    assert TURN.index("air-preparation") < TURN.index("air-return")


def test_midway_strike_assignment() -> None:
    """Midway Base Strikes: only the Japanese, only Ready aircraft that can reach Midway."""
    state = replace(strike_position(), step="midway-strike")
    state = place(state, "D5", ["Kaga"], "")
    s = session_at(state)
    assert s.check(MidwayStrike(JAPAN, "Akagi-D1")) is None
    refusal = s.check(MidwayStrike(JAPAN, "Kaga-D1"))
    assert refusal is not None and "range 2" in refusal
    assert set(s.to_act()) == {JAPAN}


def test_carrier_damage() -> None:
    """Carrier Damage: a reduced two-step carrier loses its Ready planes, traps its Not Ready
    ones (no VPs unless it sinks), and can no longer launch or recover aircraft."""
    state = strike_position()
    state = put(state, "Enterprise-D1", loc="notready")
    state = put(state, "Enterprise-F1", loc="notready")
    state = place(state, "G5", ["Enterprise"], "")  # alone with the Japanese, no CAP from its fighters
    state = put(state, "Enterprise-F2", loc="notready")
    state = put(state, "Enterprise-F3", loc="notready")
    s = session_at(state, [10, 10, 1, 9])  # the AA misses; Akagi-D1 scores one hit
    s.play(Done(US))
    s.play(Strike(JAPAN, "Akagi-D1", "G5", 1))
    s.play(Done(JAPAN))
    assert s.state.battle.stage == "aa-targets"  # no CAP: Enterprise's fighters are Not Ready
    s.play(AATarget(US, "Enterprise", "Akagi-D1"))
    s.play(BombTarget(JAPAN, "Akagi-D1", "Enterprise"))
    assert G.u(s.state, "Enterprise").reduced
    assert G.u(s.state, "Enterprise-D2").loc == "lost"  # was Ready
    assert G.u(s.state, "Enterprise-D1").loc == "trapped"  # was Not Ready
    assert capacity(G, s.state, "Enterprise") == 0
    lost = [a for a, st in G.aircraft(s.state, US) if st.loc == "lost"]
    assert lost == ["Enterprise-D2", "Enterprise-D3", "Enterprise-D4", "Enterprise-T1", "Enterprise-T2"]
    assert scores(G, s.state)[JAPAN] == 5 + 5 * 1.0  # one CV hit; five air units at 1/2 a step, two steps
    trapped = session_at(replace(s.state, step="air-preparation", battle=None, sealed=frozenset()))
    refusal = prepare_refusal(G, trapped.state, Prepare(US, "Enterprise-D1"))
    assert refusal is not None and "trapped" in refusal
    # Trapped planes are nothing to prepare: the US is asked all the same, and may only seal.
    assert US in trapped.to_act() and trapped.legal_actions(US) == [Done(US)]


def test_japanese_damage_control_and_battleships() -> None:
    """Inferior Japanese Damage Control and Battleship Damage: a full two-step Japanese carrier
    with no Ready planes is only reduced; a hit on a Japanese BB counts on a second roll of 1-5."""
    state = strike_position()
    for a, st in G.aircraft(state, JAPAN):
        if st.base == "Kaga":
            state = put(state, a, loc="notready")
    state = put(state, "Enterprise-D3", reduced=True)
    # CAP declined; AA: all ships' dice miss; bombs: D1 hits Kaga once, D2 hits BB3.2 (ignored:
    # 7), D3 hits BB3.2 (counts: 3).
    dice = [10, 10, 10, 10, 10, 10, 1, 10, 1, 10, 7, 1, 3]
    s = session_at(state, dice)
    launch(s, US, ["Enterprise-D1", "Enterprise-D2", "Enterprise-D3"], "G5")
    s.play(Done(JAPAN))
    s.play(AATarget(JAPAN, "DD4", "Enterprise-D1"))
    s.play(AATarget(JAPAN, "DD10", "Enterprise-D2"))
    s.play(AATarget(JAPAN, "DD17", "Enterprise-D3"))
    s.play(BombTarget(US, "Enterprise-D1", "Kaga"))
    s.play(BombTarget(US, "Enterprise-D2", "BB3.2"))
    events = s.play(BombTarget(US, "Enterprise-D3", "BB3.2"))
    assert G.u(s.state, "Kaga").reduced and G.u(s.state, "Kaga").loc == "G5"
    assert G.u(s.state, "Kaga-D1").loc == "trapped"
    assert G.u(s.state, "BB3.2").reduced
    assert any("hit ignored" in e.text for e in events) and any("hit counts" in e.text for e in events)


def test_transports_carry_their_battalions_fate() -> None:
    """Japanese Ground Units at Sea: a battalion is reduced or lost with its transport."""
    state = place(strike_position(), "G5", ["TT1", "TT2"], "")
    state = put(state, "TT2", reduced=True)
    s = session_at(state, [10] * 4 + [1, 10, 1, 10])
    launch(s, US, ["Enterprise-D1", "Enterprise-D2"], "G5")
    s.play(Done(JAPAN))
    for ship, bomber in (("DD4", "Enterprise-D1"), ("DD10", "Enterprise-D2")):
        s.play(AATarget(JAPAN, ship, bomber))
    s.play(BombTarget(US, "Enterprise-D1", "TT1"))
    s.play(BombTarget(US, "Enterprise-D2", "TT2"))
    assert G.u(s.state, "TT1").reduced and G.u(s.state, "I.D.1").reduced
    assert G.u(s.state, "TT2").loc == "sunk" and G.u(s.state, "I.D.2").loc == "lost"


def test_return_fire_choice() -> None:
    """Return Fire: a survivor attacked by several fighters fires back at one, its owner's choice."""
    state = strike_position()
    s = session_at(state, [10, 10, 10, 10, 7, 10])
    launch(s, US, ["Enterprise-D1"], "G5")
    s.play(Cap(JAPAN, "Akagi-F1"))
    s.play(Cap(JAPAN, "Akagi-F2"))
    s.play(Done(JAPAN))
    s.play(AirTarget(JAPAN, "Akagi-F1", "Enterprise-D1"))
    s.play(AirTarget(JAPAN, "Akagi-F2", "Enterprise-D1"))
    battle = s.state.battle
    assert battle.stage == "return-fire" and battle.returning == "Enterprise-D1"
    assert s.to_act() == (US,)
    refusal = s.check(ReturnFire(US, "Enterprise-D1", "Kaga-F1"))
    assert refusal is not None
    s.play(ReturnFire(US, "Enterprise-D1", "Akagi-F2"))
    assert s.state.battle.stage == "aa-targets"


def test_escorts_fight_only_cap() -> None:
    """Air-to-Air Combat: with no CAP there is no air combat; AA never fires at escorts; escorts
    never bomb."""
    state = strike_position()
    s = session_at(state)
    launch(s, US, ["Enterprise-D1", "Enterprise-F1"], "G5")
    s.play(Done(JAPAN))  # no CAP
    battle = s.state.battle
    assert battle.stage == "aa-targets"
    refusal = s.check(AATarget(JAPAN, "DD4", "Enterprise-F1"))
    assert refusal is not None and "never escorts" in refusal


def test_midway_units_land_only_on_midway_and_cap_in_its_hex() -> None:
    """Retrieval: M units land only on Midway; CAP lands only in the hex it patrolled; strike
    units land within range of their target hex with room to spare."""
    state = replace(strike_position(), step="air-return")
    flights = (
        Flight("Midway-D1", "strike", "G5", "H6", 1, True),
        Flight("Hornet-F1", "cap", "I5", "I5", 0, True),
        Flight("Enterprise-D1", "strike", "G5", "I5", 1, True),
    )
    for f in flights:
        state = put(state, f.unit, loc="aloft")
    s = session_at(replace(state, flights=flights))
    refusal = s.check(Land(US, "Midway-D1", "Enterprise"))
    assert refusal is not None and "only land on Midway" in refusal
    assert s.check(Land(US, "Midway-D1", "Midway")) is None
    assert s.check(Land(US, "Hornet-F1", "Enterprise")) is None
    refusal = s.check(Land(US, "Hornet-F1", "Midway"))
    assert refusal is not None and "CAP" in refusal
    assert s.check(Land(US, "Enterprise-D1", "Midway")) is None  # Midway is 2 from G5: in range
    s.play(Land(US, "Hornet-F1", "Enterprise"))
    assert G.u(s.state, "Hornet-F1").loc == "ready" and G.u(s.state, "Hornet-F1").base == "Enterprise"


def test_full_bases_refuse_more_aircraft() -> None:
    """Carrier and Airfield Capacities: no unit lands beyond the capacity number."""
    state = replace(strike_position(), step="air-return", airfield_hits=8)  # Midway: capacity 0
    flight = Flight("Enterprise-D1", "strike", "G5", "I5", 1, True)
    state = put(state, "Enterprise-D1", loc="aloft")
    state = put(state, "Hornet-D1", base="Enterprise")  # Enterprise now holds 9 of 9
    state = replace(state, flights=(flight,))
    s = session_at(state)
    refusal = s.check(Land(US, "Enterprise-D1", "Enterprise"))
    assert refusal is not None and "full" in refusal
    assert s.check(Land(US, "Enterprise-D1", "Hornet")) is None
    refusal = s.check(Land(US, "Enterprise-D1", "Midway"))
    assert refusal is not None and "closed" in refusal


def test_heavy_bomber_needs_two_turns() -> None:
    """US Heavy Bombers: the H unit takes two turns to become Ready after a mission."""
    state = put(day_position(9, "air-preparation"), "Midway-H1", loc="notready2")
    state = put(state, "Midway-D1", loc="notready")
    s = session_at(state)
    s.play(PrepareAll(US))
    assert G.u(s.state, "Midway-H1").loc == "notready" and G.u(s.state, "Midway-D1").loc == "ready"
    refusal = session_at(state).check(Prepare(US, "Midway-F1"))
    assert refusal is not None and "Not Ready" in refusal


def test_airfield_losses_are_the_us_choice() -> None:
    """Midway Airfield Damage: each hit on the Marines destroys one air unit on the field, Ready or
    Not Ready, the US player's choice."""
    state = day_position(9, "midway-strike")
    state = place(state, "F5", FIRST_FLEET, "First Fleet")
    state = put(state, "Midway-D1", loc="notready")
    for f in ("Midway-F1", "Midway-F2", "Midway-F3"):
        state = put(state, f, loc="notready")  # no CAP
    s = session_at(state, [10] * 2 + [1, 10])
    s.play(MidwayStrike(JAPAN, "Akagi-D1"))
    s.play(Done(JAPAN))
    s.play(Done(US))
    s.play(Done(JAPAN))
    s.play(Done(US))
    s.play(Done(JAPAN))
    s.play(AATarget(US, "6D.1", "Akagi-D1"))
    s.play(BombTarget(JAPAN, "Akagi-D1", "6D.3"))
    assert s.state.battle.stage == "airfield-losses" and s.to_act() == (US,)
    assert s.state.airfield_hits == 1
    s.play(LoseAircraft(US, "Midway-D1"))
    assert G.u(s.state, "Midway-D1").loc == "lost" and s.state.battle is None


def test_two_battles_in_the_midway_hex() -> None:
    """Midway Base Strikes (Resolution) and its play note: the Midway hex may see two air battles
    in one turn. Against the base strike only Midway's Ready fighters fly CAP (not the carriers'
    in the hex); against the strike on the ships there only the carriers' fighters do (never
    Midway's). Strikes on the Midway hex always find it (no wave roll)."""
    state = day_position(9, "midway-strike", defaults=True)
    state = place(state, "F5", FIRST_FLEET, "First Fleet", moved=9)
    state = place(state, "H6", TF16, moved=9)
    state = place(state, "N12", TF17, moved=9)
    s = session_at(state, [10, 10, 10, 10])  # one Marine's AA, then the Val's bombs: all miss
    s.play(MidwayStrike(JAPAN, "Akagi-D1"))
    s.play(Done(JAPAN))
    s.play(Done(US))  # no searches
    s.play(Done(JAPAN))
    s.play(Strike(JAPAN, "Kaga-D1", "H6", 1))
    s.play(Done(US))
    s.play(Done(JAPAN))
    assert s.to_act() == (JAPAN,)  # two strikes to resolve, in the order Japan chooses
    s.play(Resolve(JAPAN, "H6", True))
    battle = s.state.battle
    assert battle.base and battle.defenders == ("6D.1", "6D.2", "6D.3", "6D.4", "6D.5", "6D.6")
    cap = {a.unit for a in s.legal_actions(US) if isinstance(a, Cap)}
    assert cap == {"Midway-F1", "Midway-F2", "Midway-F3"}
    refusal = s.check(Cap(US, "Enterprise-F1"))
    assert refusal is not None and "Midway's field" in refusal
    s.play(Done(US))  # no CAP
    s.play(AATarget(US, "6D.1", "Akagi-D1"))
    s.play(BombTarget(JAPAN, "Akagi-D1", "6D.1"))
    # The second battle in the same hex opens by itself: the ships, with carrier CAP only.
    battle = s.state.battle
    assert battle is not None and not battle.base and battle.hex == "H6"
    assert set(battle.defenders) == set(TF16)
    cap = {a.unit for a in s.legal_actions(US) if isinstance(a, Cap)}
    assert cap and all(G.cat.plane(a).home in ("Enterprise", "Hornet") for a in cap)
    refusal = s.check(Cap(US, "Midway-F1"))
    assert refusal is not None and "defending carriers" in refusal
    assert G.flight(s.state, "Kaga-D1").found is True  # type: ignore[union-attr]


def test_initiative_ties_are_rerolled() -> None:
    """Air-to-Air Combat: each side rolls; the lower fires first; ties are rolled again."""
    battle = Battle(US, "G5", False, "cap")
    events: list = []
    assert initiative(battle, ScriptedRng(dice=[4, 4, 7, 2]), events) == (US, JAPAN)  # tie, then 7 v 2
    assert initiative(battle, ScriptedRng(dice=[3, 9]), []) == (JAPAN, US)  # the defender rolls lower
    assert len([e for e in events if e.kind == "roll"]) == 2


def test_a_wave_that_fails_to_find_still_lands_not_ready() -> None:
    """Finding the Enemy: units of a wave that missed take no part in the battle, and still go
    to the Not Ready box when retrieved."""
    state = day_position(9, "air-strikes")
    state = place(state, "G5", FIRST_FLEET, "First Fleet", moved=9)
    state = place(state, "I5", TF16, moved=9)
    state = place(state, "N12", TF17, moved=9)
    s = session_at(state, [2])  # two hexes: a 2 misses
    s.play(Strike(US, "Enterprise-D1", "G5", 1))
    s.play(Done(US))
    s.play(Done(JAPAN))
    assert s.state.battle is None and G.flight(s.state, "Enterprise-D1").found is False  # type: ignore[union-attr]
    assert pass_until(s, "air-return") == ["air-preparation", "air-preparation"]  # nothing Not Ready yet
    s.play(Land(US, "Enterprise-D1", "Enterprise"))
    assert G.u(s.state, "Enterprise-D1").loc == "notready"


def test_landing_on_an_enemy_carrier_tells_nothing_of_it() -> None:
    """Retrieval: a unit lands on its own side's carriers and bases only; the refusal to land on
    an enemy carrier says just that, never where the carrier is or how full (double blind)."""
    state = day_position(9, "air-return")
    state = place(state, "F5", FIRST_FLEET, "First Fleet")
    state = put(state, "Enterprise-D1", loc="aloft")
    state = replace(state, flights=(Flight("Enterprise-D1", "strike", "G5", "L4", 1, True),))
    far = place(state, "A1", FIRST_FLEET, "First Fleet")
    for s in (state, far):
        assert session_at(s).check(Land(US, "Enterprise-D1", "Akagi")) == "Akagi is not a carrier or airfield of yours."
    assert session_at(state).check(Land(JAPAN, "Akagi-F1", "Midway")) is not None
