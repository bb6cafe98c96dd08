"""The Sequence of Play (CV › Basic IV, VII, X, XI, XII): its order, sealed simultaneous steps,
the initiative roll, the Time Record and the end of the game."""

from __future__ import annotations

from midway_desktop.engine import Session
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import combat
from midway_desktop.games.cv.actions import Done, Ready
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.sequence import PHASES, PRIVATE, SECRET, TURN, own_step, settle
from midway_desktop.games.cv.state import AMERICAN, BaseBox, State, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, NAVAL, US, done_until, session, tf

FORCES = [
    tf(US, 1, ["Enterprise", "DD1"], "B3010", {"c": {"wildcat": 10}}),
    tf(JP, 1, ["Akagi", "DD1"], "A3001", {"c": {"zero": 10}}),
]


def test_the_turn_follows_the_sequence_of_play() -> None:
    """Basic IV: A (Plane Ready Step, Form Air Units Step), B (Plot, Movement, Unloading), C
    Initiative, D Air Unit Movement (Landing, Normal, Take Off), E Combat (each Battle's steps:
    air-to-air, AA, Bombing, its Surface Combat segments IV.E.4.a-d after a secret set-up, then
    Ground Combat), F Midway Base Repair, G Victory Points Counting, H Time Record."""
    assert TURN == (
        "plane-ready", "form-air-units", "ship-plotting", "ship-movement", "ground-unloading", "initiative",
        "landing", "air-move", "take-off", "combat", "midway-repair", "victory-points", "time-record",
    )  # fmt: skip
    assert [s.name for s in combat.STEPS] == [
        "air-to-air", "interception", "aa", "bombing", "air-losses",
        "surface-set-up", "surface-gunnery", "surface-torpedo", "breakthrough", "bombardment", "bombardment-losses",
        "ground-combat",
    ]  # fmt: skip
    # Basic IX.D-E, IX.K.3.b: both asked at once
    sealed_combat = {"air-to-air", "interception", "aa", "air-losses", "bombardment-losses"}
    surface = {"surface-set-up", "surface-gunnery", "surface-torpedo", "breakthrough", "bombardment"}  # IX.G
    assert {"set-up", "plane-ready", "form-air-units", "ship-plotting", *sealed_combat, *surface} == SECRET
    assert "not yet" not in PHASES["combat"].title
    assert "not yet" not in PHASES["ground-unloading"].title


def test_one_turn_step_by_step() -> None:
    s = session(FORCES, rng=ScriptedRng(dice=[5, 2]))
    seen = [(s.state.step, s.to_act())]
    while s.state.time == Time(4, 5):
        s.play(Done(s.to_act()[0]))
        seen.append((s.state.step, s.to_act()))
    assert seen == [
        ("plane-ready", (US, JP)),
        ("plane-ready", (JP, US)),  # the American has gone on to its next step: asked after the Japanese
        ("form-air-units", (US, JP)),
        ("form-air-units", (JP, US)),
        ("ship-plotting", (US, JP)),
        ("ship-plotting", (JP,)),  # the last of the three: the American waits, sealed
        ("landing", (US,)),  # the American 5 beat the Japanese 2: the Americans move first
        ("air-move", (US,)),
        ("take-off", (US,)),
        ("landing", (JP,)),
        ("air-move", (JP,)),
        ("take-off", (JP,)),
        ("plane-ready", (US, JP)),
    ]
    assert s.state.time == Time(4, 6)


def test_sealed_orders_tell_the_other_side_only_that_it_sealed() -> None:
    """Simultaneous steps: each side's orders are hidden until both are in."""
    a = session(FORCES)
    b = session(FORCES)
    a.play(Ready(US, "tf1", "wildcat", 3, "c", "b"))
    for s in (a, b):
        s.play(Done(US))
    assert a.view(JP) == b.view(JP)
    assert [e.text for e in a.log(JP)] == [e.text for e in b.log(JP)]
    assert a.view(US) != b.view(US)
    assert (
        a.log(JP)[-1].text == "The American side has sealed its orders (Plane Readiness and Air Unit Organization "
        "Phase: Plane Ready Step)."
    )


def test_initiative_ties_are_rolled_again() -> None:
    """Basic VII: each side rolls one die; ties roll again; the high roll moves first."""
    s = session(FORCES, rng=ScriptedRng(dice=[3, 3, 2, 5]))
    for _ in range(6):
        s.play(Done(s.to_act()[0]))
    assert s.state.initiative == (JP, US)
    assert s.state.step == "landing" and s.to_act() == (JP,)
    texts = [e.text for e in s.log(US) if e.kind in ("roll", "initiative")]
    assert texts == [
        "Air Unit Initiative (American): d6 3",
        "Air Unit Initiative (Japanese): d6 3",
        "The initiative rolls tie: both roll again.",
        "Air Unit Initiative (American): d6 2",
        "Air Unit Initiative (Japanese): d6 5",
        "The Japanese side moves first in the Air Unit Movement Phase.",
    ]


def _turns(s, n: int) -> None:  # type: ignore[no-untyped-def]
    start = s.state.time
    while s.state.step != "over" and s.state.time.index < start.index + n:
        s.play(Done(s.to_act()[0]))


def test_the_time_record_after_2400_and_at_sunrise_and_sunset() -> None:
    """Basic XII.B: after 2400 the Day unit moves on and the Turn unit goes to 0100; III.F and
    XII.D: Sunrise (the last night box to the first daylight box) and Sunset are told."""
    s = session(FORCES, start=Time(4, 19), last=Time(5, 6), rng=ScriptedRng(dice=[6, 1] * 20))
    _turns(s, 11)
    turns = [e.text for e in s.log(JP) if e.kind == "turn"]
    assert "The 2000 June 4 Turn begins. Sunset." in turns
    assert "The 2400 June 4 Turn begins." in turns
    assert "The 0100 June 5 Turn begins." in turns
    assert "The 0500 June 5 Turn begins. Sunrise." in turns
    assert s.state.time == Time(5, 6)


def test_the_game_ends_after_its_last_turn() -> None:
    """Basic XII.C, XI.A: the game ends after the scenario's last Turn; no side 100 ahead: a draw
    (here with no Base on the mapboard, so no Midway points)."""
    s = session(FORCES, start=Time(4, 5), last=Time(4, 6), game=NAVAL, rng=ScriptedRng(dice=[6, 1] * 2))
    _turns(s, 5)
    assert s.state.step == "over" and s.to_act() == ()
    outcome = s.outcome()
    assert outcome is not None and outcome.result == "draw" and outcome.winner is None
    assert s.log(US)[-1].text == "The 0600 June 4 Turn was the last: the game ends."


def test_midway_repairs_one_hit_a_turn() -> None:
    """Basic X: the Base repairs one Hit a Turn unless bombed, bombarded or fought over; only a
    Base with Hits is repaired."""
    s = session(FORCES, rng=ScriptedRng(dice=[6, 1] * 3))

    def hit(state: State, hits: int, attacked: bool) -> State:
        base = state.base("midway")
        assert isinstance(base, BaseBox) and base.side == AMERICAN
        return state.with_box(evolve(base, hits=hits, attacked=attacked))

    s.state = hit(s.state, 2, False)
    _turns(s, 1)
    assert s.state.base("midway").hits == 1  # type: ignore[union-attr]
    s.state = hit(s.state, 1, True)
    _turns(s, 1)
    assert s.state.base("midway").hits == 1  # type: ignore[union-attr]
    _turns(s, 1)
    assert s.state.base("midway").hits == 0  # type: ignore[union-attr]


def test_midway_is_worth_200_at_the_end_but_not_in_the_short_scenario() -> None:
    """Basic XI.C.3: 200 Victory Points at the end of the game to the side whose Base unit is in
    the Midway hex; not counted in the Short Scenario. Nothing else scored: the Americans win by
    200 (XI.A: 100 more wins)."""
    s = session(FORCES, start=Time(4, 5), last=Time(4, 5), rng=ScriptedRng(dice=[6, 1]))
    _turns(s, 2)
    outcome = s.outcome()
    assert outcome is not None and outcome.winner == US and outcome.scores == {US: 200.0, JP: 0.0}
    assert "The American side holds Midway: 200 Victory Points." in [e.text for e in s.log(JP)]
    short = Session.start(CvRules(GAME), scenario="short", seed=3)
    short.state = evolve(short.state, step="time-record", time=short.state.last)
    short.state = settle(GAME, short.state, ScriptedRng(), [])
    assert short.state.step == "over" and short.state.score(US) == 0


def test_a_side_plays_the_plane_readiness_and_plotting_steps_without_waiting() -> None:
    """The Plane Ready, Form Air Units and Plot Ship Movement Steps follow one another with
    nothing done or told between them: a side that seals one goes on to the next at once, and
    seals the last and waits; each step ends when no side is left in it. Each side meanwhile
    plays in its own step and sees only that it and the other have sealed."""
    s = session(FORCES, rng=ScriptedRng(dice=[5, 2]))
    s.play(Ready(US, "tf1", "wildcat", 3, "c", "b"))
    s.play(Done(US))
    assert (s.state.step, own_step(s.state, US), s.to_act()) == ("plane-ready", "form-air-units", (JP, US))
    assert s.view(US)["step"] == "form-air-units" and s.view(JP)["step"] == "plane-ready"
    assert s.view(JP)["to_act"] == [JP]  # the American has sealed this step
    assert s.check(Ready(US, "tf1", "wildcat", 3, "b", "c")) is not None  # its Plane Ready Step is over
    s.play(Done(US))
    s.play(Done(US))
    assert (s.state.step, own_step(s.state, US), s.to_act()) == ("plane-ready", "ship-plotting", (JP,))
    told = [e.text for e in s.log(JP) if e.kind == "sealed"]
    assert [t.split("(")[1] for t in told][-3:] == [f"{PHASES[p].title})." for p in PRIVATE]
    s.play(Done(JP))
    assert (s.state.step, s.to_act()) == ("form-air-units", (JP,))
    s.play(Done(JP))
    s.play(Done(JP))
    assert s.state.step == "landing" and s.state.ahead == () and s.state.initiative == (US, JP)


def _with_orders(order: list[str]) -> Session:
    """A Turn's three steps with both sides' orders (planes readied, an Air unit formed, a Task
    Force plotted), the sides giving them in ``order`` (the side to give each next order)."""
    from midway_desktop.games.cv.actions import Form, Plot

    s = session(FORCES, rng=ScriptedRng(dice=[5, 2]))
    planes = {US: "wildcat", JP: "zero"}

    def orders(side: str) -> list[object]:
        step = own_step(s.state, side)
        if step == "plane-ready":
            return [Ready(side, "tf1", planes[side], 3, "c", "b"), Done(side)]
        if step == "form-air-units":
            return [Form(side, "tf1", 1, planes[side], 4, ""), Done(side)]
        plots = [a for a in s.legal_actions(side) if isinstance(a, Plot) and len(a.path) == 1]
        return [plots[0], Done(side)]

    queue: dict[str, list[object]] = {US: [], JP: []}
    for side in order:
        if not queue[side]:
            queue[side] = orders(side)
        s.play(queue[side].pop(0))  # type: ignore[arg-type]
    assert s.state.step == "landing", s.state.step
    return s


def test_the_turn_is_the_same_whichever_side_gives_its_orders_first() -> None:
    """Each order of the three steps reads and changes only its own side's part of the position:
    a side's orders of a later step and the other side's of an earlier one come to the same Turn
    in either order, and each side hears the same (the order of the "sealed" lines aside)."""
    alternating = [US, US, JP, JP, US, US, JP, JP, US, US, JP, JP]
    at_one_sitting = [US] * 6 + [JP] * 6
    other_first = [JP] * 6 + [US] * 6
    games = [_with_orders(o) for o in (alternating, at_one_sitting, other_first)]
    first = games[0]
    for s in games[1:]:
        assert s.state == first.state
        for side in (US, JP):
            assert s.view(side) == first.view(side)
            assert sorted(e.text for e in s.log(side)) == sorted(e.text for e in first.log(side))


def test_leaving_the_plane_ready_and_form_air_units_steps_does_nothing_and_tells_nothing() -> None:
    """What lets a side go on before the other has sealed: the step ending does no work and says
    nothing (only the Plot Ship Movement Step, the last, moves the ships)."""
    from midway_desktop.engine.rng import Rng
    from midway_desktop.games.cv.sequence import leave

    s = session(FORCES)
    for step in PRIVATE[:-1]:
        done_until(s, step)
        state = evolve(s.state, sealed=frozenset({US, JP}))
        events: list[object] = []
        rng = Rng(1)
        after = leave(GAME, state, rng, events)  # type: ignore[arg-type]
        assert after == evolve(state, step=TURN[TURN.index(step) + 1], sealed=frozenset(), ahead=())
        assert events == [] and rng.uses == 0
    assert TURN[:3] == PRIVATE and set(PRIVATE) <= SECRET
