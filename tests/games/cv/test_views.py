"""What each side may know (CV › Basic III; Set Up II.A): random legal play never lets the other
side's hidden state reach a side's view, its log or the orders it may give.

At positions across random games, the hidden side's secrets are changed where the viewer's units
observe nothing (Basic III): its Task Forces moved and their plots, anchors and entry hexes
changed (Unorganized Ship units, always observed, stay: VI.D), its Shadowing orders (VI.G) and
Midget Submarines (VI.I.3) changed, its planes moved between sections and armed differently,
its unobserved Air units' make-up changed, an Air unit forming or In Flight added. The viewer must be shown exactly the
same, and be offered the same orders.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Session
from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv.actions import Arrange, Done, SetDie
from midway_desktop.games.cv.air import air_hex
from midway_desktop.games.cv.observation import condition, observers
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.setup import initial_state
from midway_desktop.games.cv.state import (
    SECTIONS,
    SIDES,
    AirRecord,
    AirUnit,
    Allotment,
    Arrangement,
    BaseBox,
    Planes,
    PlottedMove,
    Sections,
    Shadowing,
    State,
    TaskForce,
    other,
)
from midway_desktop.games.cv.surface import ROLES
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, combat_session, done_until, session, tf

FORCES = [
    tf(US, 1, ["Enterprise", "DD1"], "B3010", {"c": {"wildcat": 8, "dauntless": 8}, "b": {"devastator": 4}}),
    tf(US, 2, ["Yorktown", "DD2"], "B4807", {"c": {"wildcat": 6, "dauntless": 6}}, enters=Time(4, 6)),
    tf(JP, 1, ["Akagi", "Tone", "DD1"], "A4010", {"c": {"zero": 8, "kate": 8, "jake": 2}, "a": {"val": 6}}),
    tf(JP, 2, ["Hosho", "DD2"], "A3801", {"c": {"kate": 3}}, enters=Time(4, 6)),
    tf(JP, 3, ["Jintsu", "AP1", "AP2"], "B2809"),  # two hexes from the Enterprise: observed
]
BASE_PLANES = {"midway": {"c": {"catalina": 3, "fortress": 2, "buffalo": 4}}, "hawaii": {"c": {"fortress": 4}}}
# Events that show one side something of the other's, by the rules: a side sealed, the
# initiative dice, the Point Record Chart, the Time Record, Shadowing announced as the ships
# move (Basic VI.G.2: "announce ... what unit or units will be used").
# The Combat Phase's dice and what both see fought: Battles, sinkings, Hits on the Base and its
# Ground units (Basic IX: both sides at the table see the Combats).
PUBLIC = frozenset({"sealed", "roll", "initiative", "victory-points", "turn", "setup", "shadowing", "battle",
                    "combat", "ship-sunk", "base-hit", "ground-hit"})  # fmt: skip
# Surface and Ground Combat in sight of both: set-ups revealed, Combats, Ground Factors lost;
# Air units shot down on the mapboard, or planes lost with a Base both see hit.
PUBLIC |= {"ground-lost", "surface-set-up", "surface-combat", "air-lost"}


def new_session(seed: int) -> Session:
    rules = CvRules(GAME, lambda g, _name: initial_state(g, FORCES, Time(4, 5), Time(4, 7), BASE_PLANES))
    return Session.start(rules, seed=seed)


def _planes(rnd: random.Random, sections: Sections) -> Sections:
    stacks = list(sections.all())
    moved = [[], [], []]  # type: ignore[var-annotated]
    for s in stacks:
        moved[rnd.randrange(3)].append(
            dataclasses.replace(s, weapon=rnd.choice(("", "he", "t")), fresh=rnd.random() < 0.5)
        )
    if rnd.random() < 0.5:
        moved[0].append(Planes("zero", rnd.randint(1, 5)))
    return Sections(*(tuple(m) for m in moved))


def conceal(state: State, hidden: str, rnd: random.Random) -> State:
    """``state`` with ``hidden``'s secrets changed where its enemy observes nothing (its own view
    would show the change): Task Forces moved between unobserved hexes, their anchors and plots
    changed; planes moved between sections and armed differently; unobserved Air units' make-up
    changed (their counters and whether all are Low stay); an Air unit forming or In Flight."""
    eyes = observers(GAME, state, other(hidden))

    def unseen(hex_: str | None) -> bool:
        if hex_ is None:
            return True
        return not any(condition(GAME, state, eyes, hex_, flying, True) for flying in (False, True))

    cells = sorted(GAME.board.region("half-a") | GAME.board.region("half-b"))
    tfs = []
    for t in state.task_forces:
        if t.side == hidden:
            hidden_tf = (t.entry is not None or unseen(t.hex)) and not t.unorganized  # (VI.D: always seen)
            to = t.hex
            if t.hex is not None and hidden_tf:
                to = next((h for h in (rnd.choice(cells) for _ in range(30)) if unseen(h)), t.hex)
            t = dataclasses.replace(
                t,
                hex=to,
                planes=_planes(rnd, t.planes),
                anchored=rnd.random() < 0.5 if hidden_tf else t.anchored,
                readied=rnd.randint(0, 9),
                launched=rnd.randint(0, 9),
                entry=dataclasses.replace(t.entry, hex=rnd.choice(cells)) if t.entry else None,
            )
        tfs.append(t)
    bases = [
        dataclasses.replace(b, planes=_planes(rnd, b.planes), hits=rnd.randint(0, 3), readied=rnd.randint(0, 5))
        if b.side == hidden and not any((c, i) == (other(hidden), b.id) for c, i, _n in state.owed)
        else b  # (a Base's planes are shown to the enemy who picks its losses, Basic IX.K.3.b)
        for b in state.bases
    ]
    units = []
    for u in state.air_units:
        if u.side == hidden and unseen(air_hex(GAME, state, u)):
            records = tuple(
                dataclasses.replace(r, factors=rnd.randint(1, 9), weapon=rnd.choice(("", "he"))) for r in u.records
            )
            u = dataclasses.replace(u, records=records, moved=rnd.random() < 0.5)
        units.append(u)
    if rnd.random() < 0.7:  # an Air unit forming (or In Flight) where the viewer cannot see
        free = [n for n in range(1, 28) if state.air_unit(hidden, n) is None]
        if free:
            rec = AirRecord("zero" if hidden == JP else "wildcat", 2, "", False, "tf1", state.time, state.time.plus(3))
            units.append(AirUnit(hidden, free[0], rnd.choice(("forming", "in-flight")), (rec,), box="tf1"))
    plots = dict(state.plots)
    plots[hidden] = tuple(PlottedMove(t.number, (), rnd.random() < 0.5) for t in tfs if t.side == hidden)
    # Surface Combat (Basic IX.G.1): the set-up is secret until both have sealed; the Factors
    # announced in a segment until both have sealed it.
    arrangements = state.arrangements
    if state.step == "surface-set-up":
        arrangements = tuple(
            dataclasses.replace(a, die=rnd.randint(1, 6), roles=tuple((t, rnd.choice(ROLES)) for t, _r in a.roles))
            if a.side == hidden
            else a
            for a in arrangements
        ) + ((Arrangement(hidden, "B2117", (("Akagi", "screened"),), rnd.randint(1, 6)),) if rnd.random() < 0.5 else ())
    allotments = tuple(
        dataclasses.replace(x, factors=rnd.randint(1, 30)) if x.side == hidden else x for x in state.allotments
    ) + ((Allotment(hidden, "B2117", "gunnery", "DD1", 3),) if rnd.random() < 0.5 else ())
    # its sealed Shadowing orders (Basic VI.G.2) changed: told to the viewer only as ships move
    cells_near = sorted(GAME.board.within("B3010", 3))
    shadows = tuple(x for x in state.shadows if x.side != hidden) + tuple(
        Shadowing(hidden, f"tf{t.number}", rnd.choice(cells_near), rnd.choice(("keep", "close", "far")))
        for t in tfs
        if t.side == hidden and rnd.random() < 0.5
    )
    # the Japanese Midget Submarine units at Midway (Basic VI.I.3), theirs to know
    midgets = rnd.choice(((), ("MS1",), ("MS1", "MS2"))) if hidden == JP else state.midgets
    return dataclasses.replace(
        state,
        arrangements=arrangements,
        allotments=allotments,
        shadows=shadows,
        midgets=midgets,
        task_forces=tuple(tfs),
        bases=tuple(bases),
        air_units=tuple(sorted(units, key=lambda u: (u.side, u.number))),
        plots=tuple(sorted(plots.items())),
    )


def _check_position(session: Session, rnd: random.Random) -> None:
    rules = session.rules
    state = session.state
    for viewer in SIDES:
        changed = conceal(state, other(viewer), rnd)
        assert rules.view(changed, viewer) == rules.view(state, viewer)
        assert rules.to_act(changed) == rules.to_act(state)
        if viewer in rules.to_act(state):
            assert rules.legal_actions(changed, viewer) == rules.legal_actions(state, viewer)
        assert other(viewer) not in rules.view(state, viewer)


def _check_log(session: Session) -> None:
    for viewer in SIDES:
        for event in session.log(viewer):
            side = event.data.get("side")
            if side is not None and side != viewer:
                assert event.kind in PUBLIC, event


def _play(session: Session, rnd: random.Random, steps: int) -> None:
    for _ in range(steps):
        if session.over:
            return
        side = rnd.choice(session.to_act())  # (a side gone on to its next sealed step too)
        legal = session.legal_actions(side)
        done = Done(side) in legal  # (refused while an Air unit must leave an enemy hex, VIII.H.3)
        action = Done(side) if rnd.random() < 0.25 and done else rnd.choice(legal)
        session.play(action)
        if rnd.random() < 0.3:
            _check_position(session, rnd)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40), steps=st.integers(min_value=20, max_value=250))
def test_random_play_keeps_each_side_blind(seed: int, steps: int) -> None:
    session = new_session(seed)
    rnd = random.Random(seed)
    _check_position(session, rnd)
    _play(session, rnd, steps)
    _check_position(session, rnd)
    _check_log(session)


def test_the_scan_would_catch_a_leak() -> None:
    """The check above fails on a view that shows the other side's Task Forces."""
    session = new_session(1)
    rnd = random.Random(1)
    state = session.state
    leaky: dict[str, Any] = session.rules.view(state, UMPIRE)
    changed = conceal(state, JP, rnd)
    assert session.rules.view(changed, UMPIRE) != leaky
    own = session.rules.view(state, JP)
    assert own["japanese"]["task_forces"] and "american" not in own


def test_enemy_air_units_on_the_mapboard_show_as_counters_only() -> None:
    """Basic III: Air units on the mapboard are seen, of unknown strength and composition; VIII.D.6:
    an Air unit all at Low Altitude is announced."""
    session = new_session(1)
    rec = AirRecord("kate", 5, "t", False, "tf1", Time(4, 5), Time(4, 11))
    state = session.state.with_air_unit(AirUnit(JP, 3, "map", (rec,), hex="A3010"))
    view = session.rules.view(state, US)
    assert view["enemy_air"] == [{"number": 3, "hex": "A3010", "all_low": True}]
    assert "kate" not in repr(view)
    hidden = state.with_air_unit(AirUnit(JP, 3, "cap", (rec,), box="tf1"))
    assert session.rules.view(hidden, US)["enemy_air"] == []


def test_sections_listed() -> None:
    assert SECTIONS == ("a", "b", "c") and isinstance(BaseBox("midway", US, None).planes, Sections)
    assert TaskForce(US, 1, ("DD1",), None).id == "tf1"


def test_the_surface_combat_set_up_is_secret_until_both_have_sealed() -> None:
    """Basic IX.G.1.a-b: each side arranges its Ship units and sets its die behind a screen; the
    other side sees (and may order) the same whatever the arrangement, until both have sealed;
    then the set-ups are shown to both."""
    forces = [tf(US, 1, ["Colorado", "DD1"], "B3010"), tf(JP, 1, ["Atago", "Kitakami", "Akagi"], "B3010")]
    s = session(forces, rng=ScriptedRng(dice=[5, 2]))
    done_until(s, "surface-set-up")
    before = s.view(US)
    legal = s.legal_actions(US)
    s.play(Arrange(JP, "B3010", "Kitakami", "torpedo"))
    s.play(SetDie(JP, "B3010", 6))
    s.play(Done(JP))
    rnd = random.Random(3)
    for _ in range(5):
        changed = conceal(s.state, JP, rnd)
        assert s.rules.view(changed, US) == s.view(US) and s.rules.legal_actions(changed, US) == legal
    assert s.view(US)["surface"] == before["surface"] == {"battles": ["B3010"]}
    assert "Kitakami" not in repr([e.text for e in s.log(US)])
    s.play(Done(US))
    assert s.view(US)["surface"]["enemy_set_up"] == [{"hex": "B3010", "roles": {"Kitakami": "torpedo"}, "die": 6}]
    (shown,) = [e for e in s.log(US) if e.kind == "surface-set-up"]
    assert "Kitakami" in shown.text and "BHT 7" in shown.text


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40), steps=st.integers(min_value=10, max_value=120))
def test_random_play_through_combat_keeps_each_side_blind(seed: int, steps: int) -> None:
    """The same scan through Battles (Basic IX, III.E): what each side is shown of a Battle, the
    Combat orders it may give and its log tell nothing the enemy hides."""
    session = combat_session(seed)
    rnd = random.Random(seed)
    _play(session, rnd, steps)
    _check_position(session, rnd)
    _check_log(session)
