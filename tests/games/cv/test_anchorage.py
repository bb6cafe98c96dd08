"""Japanese bases at a captured Midway (CV › Basic VI.I.2-3): Temporary Seaplane Bases and
Midget Submarine Bases, set by the tenders and carriers anchored in the Midway hex."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Session
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import anchorage, ground, wind
from midway_desktop.games.cv.actions import Done, Form, Plot
from midway_desktop.games.cv.bots import clearing_orders
from midway_desktop.games.cv.game import BaseSpec, Game, Handling, base_specs
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.setup import initial_state
from midway_desktop.games.cv.state import Planes, Sections, State
from tests.games.cv.play import GAME, JP, START, US, done_until, next_turn, session, tf

MIDWAY = "B2117"
SPEC = next(b for b in GAME.data.bases.bases if b.name == "midway-captured")
JAPANESE_MIDWAY = BaseSpec(
    SPEC.name,
    SPEC.title,
    SPEC.side,
    MIDWAY,
    Handling(SPEC.capacity, SPEC.ready, SPEC.launch, frozenset(SPEC.planes or ())),
)
CAPTURED = Game(GAME.data, {**base_specs(GAME.data), JAPANESE_MIDWAY.id: JAPANESE_MIDWAY})
TENDERS = tf(JP, 1, ["Chitose", "Chiyoda"], MIDWAY, {"c": {"pete": 6}})


def anchored(game: Game, captured: bool):  # type: ignore[no-untyped-def]
    """Force 1 (the Chitose and the Chiyoda) anchors in the Midway hex in the first Turn."""
    s = session([TENDERS, tf(US, 1, ["DD1"], "B4010")], game=game)
    if captured:  # the Japanese Base unit has replaced the American one (Basic IX.H.5)
        s.state = dataclasses.replace(s.state, bases=tuple(b for b in s.state.bases if b.id != "midway"))
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, (), anchor=True))
    done_until(s, "landing")
    return s


def test_a_seaplane_tender_anchored_at_captured_midway_doubles_its_handling() -> None:
    """VI.I.2: anchored the Turn Midway is Japanese, the Chitose (capacity 6, Launch 1/2/3)
    establishes a Temporary Seaplane Base: capacity 12, Launch 2/4/6, and Mavis seaplanes."""
    s = anchored(CAPTURED, captured=True)
    force = s.state.task_force(JP, 1)
    assert force is not None and force.anchored and force.seaplane_base
    h = CAPTURED.handling(force)
    assert (h.capacity, h.launch) == (12, (2, 4, 6)) and CAPTURED.takes(force, "mavis")
    assert s.view(JP)["japanese"]["task_forces"][0]["seaplane_base"]
    assert "japanese" not in s.view(US) and "Chitose" not in repr(s.view(US))


def test_no_base_before_midway_is_captured() -> None:
    """VI.I.2.a, 3.a: neither base until the Japanese have captured Midway."""
    s = anchored(GAME, captured=False)
    force = s.state.task_force(JP, 1)
    assert force is not None and force.anchored and not force.seaplane_base
    assert GAME.handling(force).capacity == 6 and not GAME.takes(force, "mavis")
    assert s.state.midgets == ()


def test_the_submarine_carrier_places_its_midget_and_reloads_it_on_leaving() -> None:
    """VI.I.3: the Chiyoda anchored at captured Midway puts its Midget Submarine in the hex; when
    it leaves, the midget is re-loaded. VI.I.2.b: planes beyond the tender's own capacity keep
    the Task Force at anchor."""
    s = anchored(CAPTURED, captured=True)
    assert s.state.midgets == ("MS1",) and s.view(JP)["japanese"]["midgets"] == ["MS1"]
    assert "MS1" not in repr(s.view(US))
    next_turn(s)
    done_until(s, "ship-plotting")
    force = s.state.task_force(JP, 1)
    assert force is not None
    crowded = dataclasses.replace(force, planes=Sections(c=(Planes("pete", 6), Planes("mavis", 2))))
    s.state = s.state.with_box(crowded)
    leave = Plot(JP, 1, (CAPTURED.board.step(MIDWAY, "n") or "",))
    why = s.check(leave)
    assert why is not None and "VI.I.2.b" in why
    s.state = s.state.with_box(force)
    s.play(leave)
    done_until(s, "landing")
    force = s.state.task_force(JP, 1)
    assert force is not None and not force.seaplane_base and s.state.midgets == ()


def test_after_ground_combat_captures_midway_an_anchored_tender_sets_up_a_seaplane_base() -> None:
    """IX.H.5 then VI.I.2-3: the Combat Phase's Ground Combat Step takes Midway (one American
    Ground Factor against 30 Japanese: dice 1 and 5, as in ``test_ground``), which puts the
    Japanese Base unit in the Midway hex; the next Turn the tenders anchored there set up a
    Temporary Seaplane Base and the Chiyoda's Midget Submarine Base."""

    def make(game: object, _name: str) -> State:
        state = initial_state(GAME, [TENDERS], START, START.plus(3), {"midway": {"c": {"buffalo": 3}}},
                              base_ground={"midway": 1})  # fmt: skip
        return dataclasses.replace(state, ashore=30)

    s = Session.start(CvRules(GAME, make), seed=1, rng=ScriptedRng(dice=[5, 2, 1, 5, 5, 2]))
    s.play(Done(US))
    s.play(Done(JP))
    assert not anchorage.captured(GAME, s.state)
    next_turn(s)
    assert [e for e in s.events() if e.kind == "midway-captured"]
    assert anchorage.captured(GAME, s.state) and s.state.base(ground.CAPTURED) is not None
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, (), anchor=True))
    done_until(s, "landing")
    force = s.state.task_force(JP, 1)
    assert force is not None and force.anchored and force.seaplane_base
    assert GAME.handling(force).capacity == 12 and GAME.takes(force, "mavis")
    assert s.state.midgets == ("MS1",)


def crowded_mixed_force() -> Session:
    """Task Force 1, the Hosho (CVL) with the tender Chitose, anchored at captured Midway with a
    Temporary Seaplane Base, carrying Mavis seaplanes only the base handles: at the next Turn's
    Form Air Units Step it may not weigh anchor (VI.I.2.b)."""
    mixed = tf(JP, 1, ["Hosho", "Chitose"], MIDWAY, {"c": {"zero": 8, "pete": 6}})
    s = session([mixed, tf(US, 1, ["DD1"], "B4010")], game=CAPTURED)
    s.state = dataclasses.replace(s.state, bases=tuple(b for b in s.state.bases if b.id != "midway"))
    done_until(s, "ship-plotting")
    s.play(Plot(JP, 1, (), anchor=True))
    done_until(s, "landing")
    next_turn(s)
    force = s.state.task_force(JP, 1)
    assert force is not None and force.seaplane_base
    aboard = Sections(c=(Planes("zero", 8), Planes("pete", 6), Planes("mavis", 2)))
    s.state = s.state.with_box(dataclasses.replace(force, planes=aboard))
    done_until(s, "form-air-units")
    return s


def test_a_force_held_at_anchor_launches_no_more_than_its_minimum() -> None:
    """VI.E with VI.I.2.b: past the Minimum Launch Factor the Hosho must move a hex into the wind,
    and its Task Force may not weigh anchor while its planes fit only with the base; so the Form
    Air Units Step refuses the Air Factor past the Minimum, and the Plot Ship Movement Step is
    left with an order to give (before, every plot was refused and the side could not seal)."""
    s = crowded_mixed_force()
    force = s.state.task_force(JP, 1)
    assert force is not None
    low = wind.wind_limit(CAPTURED, force)
    s.play(Form(JP, "tf1", 1, "zero", low))
    why = s.check(Form(JP, "tf1", 1, "zero", 1))
    assert why is not None and "may not weigh anchor" in why and "VI.I.2.b" in why and f"Factor {low}" in why
    done_until(s, "ship-plotting")
    assert s.check(Plot(JP, 1, (), anchor=True)) is None
    assert Done(JP) in s.legal_actions(JP)


def test_the_wind_refusal_names_the_limit_it_checks() -> None:
    """The plot refused for not going into the wind names the Minimum Launch Factor the check
    used (the Hosho's and the Chitose's own, 2 + 1), not the base's doubled handling."""
    s = crowded_mixed_force()
    force = s.state.task_force(JP, 1)
    assert force is not None
    s.state = s.state.with_box(dataclasses.replace(force, planes=Sections(c=(Planes("zero", 8),))))
    low = wind.wind_limit(CAPTURED, force)
    assert low == 3
    s.play(Form(JP, "tf1", 1, "zero", low + 1))  # not held: the zeros fit the ships' own capacity
    done_until(s, "ship-plotting")
    why = s.check(Plot(JP, 1, (), anchor=True))
    assert why is not None and f"launched or landed {low + 1}" in why and f"Minimum Launch Factor {low}:" in why


@settings(max_examples=20, deadline=None)
@given(picks=st.lists(st.integers(0, 10**6), max_size=6))
def test_a_force_held_at_anchor_can_always_seal_its_plots(picks: list[int]) -> None:
    """Whatever Air Units the held Task Force forms, any legal ones in any order, the Plot Ship
    Movement Step that follows can be sealed: at once, or after the plots that clear the refusal."""
    s = crowded_mixed_force()
    for pick in picks:
        forms = [a for a in s.legal_actions(JP) if isinstance(a, Form)]
        if not forms:
            break
        s.play(forms[pick % len(forms)])
    done_until(s, "ship-plotting")
    assert Done(JP) in s.legal_actions(JP) or clearing_orders(CAPTURED, s.state, JP)
