"""A side plays a run of sealed steps at one sitting (VaM › The Turn Sequence; see
``sequence.RUNS``): what it may do ahead, what it skips, and that the game is the same whoever
gives its orders first."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from midway_desktop.engine import Session
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway import sequence
from midway_desktop.games.victory_at_midway.actions import AssignSearch, Done, MidwayStrike, Move, PrepareAll
from midway_desktop.games.victory_at_midway.bots import DoctrineBot
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.sequence import RUNS, TURN, leave, own_step
from midway_desktop.games.victory_at_midway.state import JAPAN, SIDES, US, State, evolve
from tests.games.victory_at_midway.helpers import FIRST_FLEET, G, day_position, place, put, session_at

EVERY_OPTION = {o.name: True for o in RULES.options if o.choices == (False, True)}


def test_a_side_plays_ship_movement_to_search_assignment_at_one_sitting() -> None:
    """The US seals its ship movement and assigns its searches at once (it is not asked in the
    Midway Air Strike Assignment: no Japanese troops ashore), then waits; Japan, still moving,
    sees only that the US has sealed, and plays its three steps in turn."""
    s = session_at(place(day_position(2), "F5", FIRST_FLEET, "First Fleet"))
    s.play(Move(US, "TF16", "K4"))
    s.play(Done(US))
    assert (s.state.step, own_step(s.state, US), s.to_act()) == ("ship-movement", "search", (JAPAN, US))
    assert s.view(US)["step"] == "search" and s.view(JAPAN)["step"] == "ship-movement"
    assert s.view(JAPAN)["to_act"] == [JAPAN] and s.view(JAPAN)["sealed"] == [US]
    # Each side is held to its own step: the US's movement is over, Japan's searches are to come.
    assert "this is the Search Phase" in (s.check(Move(US, "TF17", "K5")) or "")
    assert "this is the Ship Movement Phase" in (s.check(AssignSearch(JAPAN, "ship", "F5")) or "")
    s.play(AssignSearch(US, "ship", "K4"))
    s.play(Done(US))
    assert s.to_act() == (JAPAN,) and US in s.state.sealed
    told = [e.text for e in s.log(JAPAN) if e.kind == "sealed"]
    assert told == [
        "US has sealed its orders (Ship Movement Phase).",
        "US has sealed its orders (Search Phase: Search Assignment Segment).",
    ]
    assert not [e for e in s.log(JAPAN) if e.kind == "order"]  # nothing of what the US ordered
    s.play(Done(JAPAN))
    assert (s.state.step, s.to_act()) == ("midway-strike", (JAPAN,))
    s.play(next(a for a in s.legal_actions(JAPAN) if isinstance(a, MidwayStrike)))
    s.play(Done(JAPAN))
    assert (s.state.step, s.to_act(), s.state.ahead) == ("search", (JAPAN,), ())
    s.play(Done(JAPAN))
    assert s.state.step == "air-strikes" and s.state.ahead == ()
    assert "US declares: Ship search in K4." in [e.text for e in s.log(JAPAN)]


def test_a_side_ahead_skips_the_steps_it_is_not_asked_in() -> None:
    """A side goes on to the next step of its run that asks it, as the sequence would ask it."""
    # Japanese troops ashore: the US is asked in the Midway Air Strike Assignment too.
    s = session_at(put(day_position(2), "I.D.1", loc="Midway"))
    s.play(Done(US))
    assert own_step(s.state, US) == "midway-strike"
    # A night turn has no Midway Air Strike Assignment: Japan goes from its movement to its searches.
    s = session_at(day_position(6))
    s.play(Done(JAPAN))
    assert own_step(s.state, JAPAN) == "search" and s.to_act() == (US, JAPAN)
    # At night only Japan may be asked in the Air Return Phase (its Reserve Zekes): the US, never
    # asked there, seals its Air Preparation and waits.
    s = session_at(day_position(6, "air-preparation"))
    s.play(Done(US))
    assert own_step(s.state, US) == "air-preparation" and s.state.ahead == () and s.to_act() == (JAPAN,)
    # By day both go on to the Air Return Phase.
    s = session_at(day_position(3, "air-preparation"))
    s.play(Done(JAPAN))
    assert own_step(s.state, JAPAN) == "air-return"
    s.play(Done(JAPAN))
    assert s.to_act() == (US,) and s.state.step == "air-preparation"
    s.play(PrepareAll(US))  # (seals too)
    assert s.state.step == "air-return" and s.to_act() == (US,) and s.state.sealed == {JAPAN}


def test_a_side_never_goes_on_to_a_step_where_it_could_speak_aloud() -> None:
    """Japan's Reserve Zekes and its start of the Kure base are announced to both sides: with
    those optional rules still open to it, Japan waits for the US before those steps, and the
    US learns nothing before it has sealed the steps before them."""
    s = session_at(day_position(3, "air-preparation", "reserve-zekes"))
    s.play(Done(JAPAN))
    assert own_step(s.state, JAPAN) == "air-preparation" and JAPAN in s.state.sealed and s.state.ahead == ()
    s.play(Done(US))
    # Both have sealed their Air Preparation: Japan may now bring up its reserves.
    assert s.state.step == "air-return" and s.state.ahead == () and s.to_act() == (US, JAPAN)
    s = session_at(day_position(3, "ship-movement", "seaplane-tenders"))
    s.play(Done(JAPAN))
    assert own_step(s.state, JAPAN) == "midway-strike"  # the Midway strikes are Japan's secret
    s.play(Done(JAPAN))
    assert own_step(s.state, JAPAN) == "midway-strike" and JAPAN in s.state.sealed
    s = session_at(evolve(day_position(3, "ship-movement", "seaplane-tenders"), kure=1))  # (announced)
    s.play(Done(JAPAN))
    s.play(Done(JAPAN))
    assert own_step(s.state, JAPAN) == "search"


def test_the_solitaire_game_keeps_the_plain_sequence() -> None:
    """The doctrine gives Japan's orders the moment it is asked: nobody goes on ahead."""
    s = Session.start(RULES, "solitaire", seed=3)
    seen = 0
    while s.outcome() is None and s.state.turn <= 4:
        side = s.to_act()[0]
        s.play(DoctrineBot(G).choose(s, side, [], Rng(seen)))
        assert s.state.ahead == ()
        seen += 1
    assert seen > 10


def test_ending_the_first_steps_of_a_run_does_nothing_and_tells_nothing() -> None:
    """What lets a side go on before the other has sealed: leaving the Midway Air Strike
    Assignment and the Air Preparation Phase only begins the next step; leaving the Ship
    Movement Phase only closes the Kure base once ST11 has left it (Japan alone is told), and a
    turn's searches are only ever assigned in its Search Assignment Segment."""
    for run in RUNS:
        for step in run[:-1]:
            state = evolve(day_position(3, step), sealed=frozenset(SIDES))
            events: list[object] = []
            rng = Rng(1)
            after = leave(G, state, rng, events)  # type: ignore[arg-type]
            nxt = TURN[TURN.index(step) + 1]
            assert after == evolve(state, step=nxt, sealed=frozenset()) and events == [] and rng.uses == 0
    assert day_position(3).searches == () and not day_position(3).announced


def _canonical(state: State) -> State:
    """The position with the searches and flights of each side kept in their order but the US's
    first: each side's are read only apart from the other's (``resolve_searches``,
    ``battle.strike_keys``), and which side gave its orders first already differs from game to
    game when both give them in one step."""
    side_of = G.side_of
    return evolve(
        state,
        searches=tuple(sorted(state.searches, key=lambda s: s.side == JAPAN)),
        flights=tuple(sorted(state.flights, key=lambda f: side_of(f.unit) == JAPAN)),
    )


Picker = Callable[[tuple[str, ...], Rng, "str | None"], str]
PICKS: dict[str, Picker] = {
    "at one sitting": lambda acting, _r, last: last if last in acting else acting[0],  # type: ignore[dict-item]
    "first asked": lambda acting, _r, _last: acting[0],
    "last asked": lambda acting, _r, _last: acting[-1],
    "at random": lambda acting, r, _last: acting[r.below(len(acting))],
}


def _game(seed: int, options: dict[str, bool], pick: Picker, bots: bool, turns: int) -> tuple[Session, set[str]]:
    """A game in which each side chooses its orders alone (a bot, or at random from its legal
    orders, each side with its own dice), the side to give the next order chosen by ``pick``;
    with the steps a side was seen giving orders in ahead of the other."""
    s = Session.start(RULES, "standard", options, seed=seed)
    doctrine = {side: DoctrineBot(G) for side in SIDES}
    luck = {side: Rng(seed * 7 + i) for i, side in enumerate(SIDES)}
    chooser = Rng(seed + 99)
    last: str | None = None
    ahead: set[str] = set()
    while s.outcome() is None and s.state.turn <= turns:
        side = pick(s.to_act(), chooser, last)
        last = side
        if bots:
            action = doctrine[side].choose(s, side, [], luck[side])
        else:
            legal = s.legal_actions(side)
            sealing = [a for a in legal if isinstance(a, Done)]
            action = sealing[0] if sealing and luck[side].below(4) == 0 else legal[luck[side].below(len(legal))]
        s.play(action)
        ahead |= {step for _s, step in s.state.ahead}
    return s, ahead


@pytest.mark.parametrize(("seed", "options", "bots"), [
    (1, {}, True), (2, EVERY_OPTION, True),
    *((seed, {}, False) for seed in range(3)), *((seed, EVERY_OPTION, False) for seed in range(3, 8)),
])  # fmt: skip
def test_the_game_is_the_same_whoever_gives_its_orders_first(
    seed: int, options: dict[str, bool], bots: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each order of a run reads and changes only its own side's part of the position: whatever
    the order in which the sides give theirs, at one sitting or by turns, the game comes to the
    same position and each side hears the same (the order of the "sealed" lines aside) as in
    the plain sequence, where nobody goes on before the other has sealed."""
    turns = 25 if bots else 12
    games = {name: _game(seed, options, pick, bots, turns) for name, pick in PICKS.items()}
    with monkeypatch.context() as m:
        m.setattr(sequence, "next_own", lambda *_a: None)
        plain, never = _game(seed, options, PICKS["first asked"], bots, turns)
    assert never == set()
    seen: set[str] = set()
    for name, (s, ahead) in games.items():
        assert _canonical(s.state) == _canonical(plain.state), name
        for side in SIDES:
            assert sorted(e.text for e in s.log(side)) == sorted(e.text for e in plain.log(side)), (name, side)
        seen |= ahead
    assert {"midway-strike", "search", "air-return"} <= seen  # (each kind of sitting was played)


@pytest.mark.parametrize("seed", range(4))
def test_orders_given_ahead_are_never_shown_to_the_other_side(seed: int) -> None:
    """Whatever a side does in a step ahead of the other (orders, seals) leaves the other side's
    view as it was, and tells it only that it sealed; the umpire sees the step both are in."""
    s = Session.start(RULES, "standard", EVERY_OPTION if seed % 2 else {}, seed=seed)
    luck = Rng(seed)
    checked = 0
    while s.outcome() is None:
        acting = s.to_act()
        side = acting[-1]  # the side gone on ahead, when there is one
        legal = s.legal_actions(side)
        sealing = [a for a in legal if isinstance(a, Done)]
        action = sealing[0] if sealing and luck.below(3) == 0 else legal[luck.below(len(legal))]
        if own_step(s.state, side) != s.state.step:
            other = JAPAN if side == US else US
            before = s.view(other)
            events = s.play(action)
            assert s.view(other) == before
            assert {e.kind for e in events if e.visible_to(other)} <= {"sealed"}
            assert s.view("umpire")["step"] == s.state.step
            checked += 1
        else:
            s.play(action)
    assert checked > 10


def test_a_side_ahead_may_concede() -> None:
    """A side gone on ahead is still asked, so it may concede; the game is over for both."""
    from midway_desktop.games.victory_at_midway.actions import Concede

    s = session_at(day_position(2))
    s.play(Done(US))
    s.play(Concede(US))
    assert s.state.step == "over" and s.state.ahead == () and s.view(US)["step"] == s.view(JAPAN)["step"] == "over"


@pytest.mark.parametrize(("seed", "options"), [(11, {}), (12, EVERY_OPTION), (13, EVERY_OPTION)])
def test_a_game_recorded_in_the_plain_sequence_replays_to_the_same_positions(
    seed: int, options: dict[str, bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record saved before a side could go on ahead holds its orders in the plain sequence's
    order (a side seals a step after the other has sealed it): replayed now, every one is
    accepted and each position is the one recorded, as the umpire sees it (what a record's
    fingerprint is taken of), though a side that sealed first is now ahead."""
    from midway_desktop.engine.records import fingerprint

    with monkeypatch.context() as m:
        m.setattr(sequence, "next_own", lambda *_a: None)
        old, _ = _game(seed, options, PICKS["at random"], False, 12)
        prints = []
        replay = Session.start(RULES, "standard", options, seed=seed)
        for action in old.actions():
            replay.play(action)
            prints.append(fingerprint(replay))
    now = Session.start(RULES, "standard", options, seed=seed)
    ahead = 0
    for action, want in zip(old.actions(), prints, strict=True):
        now.play(action)
        assert fingerprint(now) == want, action
        ahead += bool(now.state.ahead)
    assert ahead > 0
