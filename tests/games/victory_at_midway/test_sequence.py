"""The turn sequence, the end of the game and victory points (victory-at-midway.txt › The Turn
Sequence, How to Win)."""

from __future__ import annotations

from dataclasses import replace

from midway_desktop.engine import Session
from midway_desktop.games.victory_at_midway.actions import Concede, Done, Move, PrepareAll, Strike
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.sequence import PHASES, TURN
from midway_desktop.games.victory_at_midway.state import JAPAN, US
from midway_desktop.games.victory_at_midway.victory import midway_controller, scores
from tests.games.victory_at_midway.helpers import (
    CAT,
    FIRST_FLEET,
    TF16,
    G,
    day_position,
    pass_until,
    place,
    put,
    session_at,
)


def test_the_sequence_as_data() -> None:
    """The Turn Sequence: ship movement, Midway strike assignment, search (assignment, announcement,
    results), strike assignment, strike resolution (with its segments), air preparation, air return,
    ship-to-ship combat, end phase; sealed steps are secret."""
    assert TURN == (
        "ship-movement", "midway-strike", "search", "air-strikes", "strike-resolution", "air-preparation",
        "air-return", "sub-attacks", "surface-combat", "bombardment", "invasion", "end",
    )  # fmt: skip
    secret = {name for name, p in PHASES.items() if p.secret}
    assert secret == {"setup", "ship-movement", "midway-strike", "search", "air-strikes", "air-preparation",
                      "air-return"}  # fmt: skip
    for name in ("search-announcement", "search-results", "air-targets", "aa-targets", "bomb-targets", "end",
                 "sub-attacks", "screen-targets", "surface-targets", "bombard-targets", "ground-targets"):  # fmt: skip
        assert PHASES[name].rule.startswith("VaM ›")
    assert {p.name for p in RULES.phases} == set(PHASES)


def test_both_seal_before_anything_is_revealed() -> None:
    s = session_at(day_position(2))
    assert s.to_act() == (US, JAPAN)
    assert RULES.phase(s.state).secret and RULES.phase(s.state).actors == (US, JAPAN)
    s.play(Done(US))
    # The US goes on to its next step at once (see ``sequence.RUNS``), asked after Japan.
    assert s.to_act() == (JAPAN, US) and RULES.step_of(s.state, US) == "search"
    s.play(Done(JAPAN))
    # No Japanese carrier is on the map, so Japan has no Midway strike to assign; it is asked all
    # the same (the US must not learn that), and the US, with no Japanese troops ashore, is not.
    assert s.state.step == "midway-strike" and s.to_act() == (JAPAN, US)
    assert RULES.phase(s.state).actors == (JAPAN, US) and RULES.step_of(s.state, US) == "search"
    assert s.legal_actions(JAPAN) == [Done(JAPAN)] and RULES.pass_only(s.state, JAPAN) == Done(JAPAN)
    s.play(Done(JAPAN))
    assert s.state.step == "search" and s.to_act() == (US, JAPAN)
    assert "Japan has sealed its orders (Midway Air Strike Assignment)." in [e.text for e in s.log(US)]


def test_orders_outside_their_step_are_refused() -> None:
    s = session_at(day_position(2, "search"))
    refusal = s.check(Move(US, "TF16", "K4"))
    assert (
        refusal
        == "TF16 to K4 is an order of the Ship Movement Phase; this is the Search Phase: Search Assignment Segment."
    )


def test_a_night_turn() -> None:
    """Night turns: no air operations; the turn goes movement, search, air preparation, end (both
    sides are asked in the Air Preparation Phase, with or without aircraft to prepare; with no
    search result to fight over and no reserve Zekes in play, nobody is asked in the other steps)."""
    s = session_at(day_position(6))
    steps = [s.state.step]
    while s.state.turn == 6:
        s.play(Done(s.to_act()[0]))
        steps.append(s.state.step)
    assert steps == ["ship-movement", "ship-movement", "search", "search", "air-preparation", "air-preparation",
                     "ship-movement"]  # fmt: skip
    assert s.state.turn == 7


def test_us_resolves_its_strikes_first() -> None:
    """Air Strike Resolution Phase: the US first, then Japan, each in any order it likes."""
    state = day_position(9, "air-strikes", defaults=False)
    state = place(state, "G5", FIRST_FLEET, "First Fleet")
    state = place(state, "I5", TF16)
    s = session_at(state)
    s.play(Strike(US, "Enterprise-D1", "G5", 1))
    s.play(Strike(US, "Enterprise-D2", "H5", 1))
    s.play(Done(US))
    s.play(Strike(JAPAN, "Akagi-D1", "I5", 1))
    s.play(Done(JAPAN))
    assert s.state.step == "strike-resolution" and s.to_act() == (US,)
    assert {(a.hex, a.base) for a in s.legal_actions(US)} == {("G5", False), ("H5", False)}
    refusal = s.check(Strike(JAPAN, "Akagi-D2", "I5", 1))
    assert refusal is not None


def busy(state):  # type: ignore[no-untyped-def]
    """Both sides with a Not Ready air unit, so both act in the Air Preparation Phase."""
    return put(put(state, "Midway-D1", loc="notready"), "Akagi-D1", loc="notready")


def test_game_ends_after_turn_25() -> None:
    """Ending a Game: at the end of Turn 25 the VPs are tallied; more VPs wins."""
    s = session_at(busy(day_position(25, "air-preparation")))
    s.play(PrepareAll(US))
    assert s.outcome() is None
    s.play(PrepareAll(JAPAN))
    assert s.outcome() is None  # the Air Return Phase and the invasion step are still to come
    pass_until(s)
    out = s.outcome()
    assert out is not None and out.winner == US and out.scores == {US: 11.0, JAPAN: 0.0}
    assert s.to_act() == ()


def test_game_ends_early_when_a_side_is_gone() -> None:
    """Ending a Game: a new turn starting with one side's units all withdrawn or lost ends it."""
    state = day_position(12, "air-preparation")
    for sid, _st in G.ships(state, JAPAN):
        state = put(state, sid, loc="withdrawn")
    s = session_at(put(state, "Midway-D1", loc="notready"))
    assert s.to_act() == (US, JAPAN)  # Japan, with nothing to prepare, is asked all the same
    assert s.legal_actions(JAPAN) == [Done(JAPAN)]
    s.play(PrepareAll(US))
    s.play(Done(JAPAN))
    pass_until(s)
    out = s.outcome()
    assert out is not None and out.result == "us-wins" and "no units left" in out.text


def test_concession() -> None:
    """Ending a Game: a player may concede; the design note's series VPs go to the winner."""
    s = Session.start(RULES, seed=3)
    assert not [a for a in s.legal_actions(US) if isinstance(a, Concede)]
    s.play(Concede(JAPAN))
    out = s.outcome()
    assert out is not None and out.winner == US and out.scores[US] == 239.5
    assert s.to_act() == ()
    s2 = Session.start(RULES, seed=3)
    s2.play(Concede(US))
    assert s2.outcome().scores[JAPAN] == 111  # type: ignore[union-attr]


def test_victory_points_per_hit() -> None:
    """Victory Points: per hit by type; ditched planes count nothing; Midway's 11 to its holder."""
    state = day_position(10)
    state = place(state, "F5", FIRST_FLEET, "First Fleet")
    state = put(state, "Akagi", loc="sunk")  # 2 hits x 5
    state = put(state, "BB3.2", reduced=True)  # 1 x 4
    state = put(state, "DD4", reduced=True)  # 1 x 1
    state = put(state, "Kaga-F1", loc="lost")  # 2 x 1/2
    state = put(state, "Kaga-F2", loc="ditched")  # 0
    state = put(state, "Enterprise-D1", reduced=True)  # 1/2 to Japan
    vp = scores(G, state)
    assert vp[US] == 11 + 10 + 4 + 1 + 1
    assert vp[JAPAN] == 0.5


def test_midway_control() -> None:
    """Midway VPs: Japan holds Midway only with all six Marines gone and a unit of its own there;
    with both sides' troops there it is still American."""
    state = day_position(20)
    assert midway_controller(G, state) == US
    for g in CAT.ground:
        if g.side == US:
            state = put(state, g.id, loc="lost")
    assert midway_controller(G, state) == US
    both = put(state, "Yoko", loc="Midway")
    assert midway_controller(G, both) == JAPAN
    mixed = put(both, "6D.1", loc="Midway")
    assert midway_controller(G, mixed) == US


def test_reduced_hits_vs_withdrawn_aircraft() -> None:
    """Exiting the Map: damaged aircraft on withdrawn ships still count."""
    state = put(day_position(10), "Hornet", loc="withdrawn", reduced=True)
    state = put(state, "Hornet-F1", loc="withdrawn", reduced=True)
    assert scores(G, state)[JAPAN] == 0.5


def test_setup_position_is_secret_to_the_other_side() -> None:
    s = Session.start(RULES, seed=5)
    view = s.view(JAPAN)
    assert US not in view and JAPAN in view
    assert replace(s.state).step == "setup"


def test_equal_victory_points_are_a_draw() -> None:
    """Ending a Game: with exactly the same VPs at the end of Turn 25 the game is a draw."""
    state = busy(day_position(25, "air-preparation"))
    for ship in ("CA17.1", "CA16.1", "DD17.1"):
        state = put(state, ship, loc="sunk")  # 4 + 4 + 2 VPs to Japan
    state = put(state, "Enterprise-D2", loc="lost")  # 1
    s = session_at(state)
    s.play(PrepareAll(US))
    s.play(PrepareAll(JAPAN))
    pass_until(s)
    out = s.outcome()
    assert out is not None and out.result == "draw" and out.winner is None
    assert out.scores == {US: 11.0, JAPAN: 11.0}  # Midway's 11 against 11 for hits
