"""The Ground Combat Step and Midway's capture (CV › Basic IX.H, IX.J.2-3, IX.K.2, X), on the
engine with scripted dice: the Air Unit Initiative Roll (5, 2) and then the American and the
Japanese Ground Combat dice."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Session
from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import ground
from midway_desktop.games.cv.actions import Done
from midway_desktop.games.cv.rules import CvRules
from midway_desktop.games.cv.setup import initial_state
from midway_desktop.games.cv.state import State
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, START, US, next_turn, tf

CRT = GAME.data.charts.combat_results
FORCES = [tf(JP, 1, ["AP1"], "A3001")]


def on_midway(
    us: int, jp: int, dice: list[int], hits: int = 0, us_marks: int = 0, jp_marks: int = 0, last: Time | None = None
) -> Session:
    """``us`` American Ground Factors in the Midway Base Box (``us_marks`` Hit units with them),
    ``jp`` Japanese ashore (``jp_marks``), the Base with ``hits`` Hit units and 3 Buffalo."""

    def make(game: object, _name: str) -> State:
        state = initial_state(
            GAME, FORCES, START, last or START.plus(3), {"midway": {"c": {"buffalo": 3}}}, base_ground={"midway": us}
        )
        bases = tuple(
            dataclasses.replace(b, hits=hits, ground_hits=us_marks) if b.id == "midway" else b for b in state.bases
        )
        return dataclasses.replace(state, bases=bases, ashore=jp, ashore_hits=jp_marks)

    s = Session.start(CvRules(GAME, make), seed=1, rng=ScriptedRng(dice=[5, 2, *dice]))
    s.play(Done(US))
    s.play(Done(JP))
    return s


def turn(s: Session) -> list:  # type: ignore[type-arg]
    before = len(s.events())
    next_turn(s)
    return s.events()[before:]


def test_ground_combat_americans_bht_9_japanese_bht_3() -> None:
    """IX.H.2-4: all Ground Factors take part; the entrenched Americans have BHT 9, the attacking
    Japanese 3; Hits eliminate Ground Factors (IX.J.2). 10 American Factors on Hit Table 9 (Base
    Number 3) roll 4: 3 Hits; 20 Japanese on Hit Table 3 (Base Number 2) roll 6: 3 Hits."""
    s = on_midway(10, 20, [4, 6])
    events = turn(s)
    us, jp = [e for e in events if e.kind == "ground-combat"]
    told = {"step": "ground-combat"}  # (for the combat board)
    assert us.data == {"by": US, "factors": 10, "hit_table": 9, "roll": 4, "hits": 3, "base": "3", **told}
    jp_hits = CRT.hits(CRT.base_number(3, 20), 6)
    assert jp.data == {"by": JP, "factors": 20, "hit_table": 3, "roll": 6, "hits": jp_hits, "base": "2", **told}
    assert CRT.base_number(9, 10) == "3" and CRT.base_number(3, 20) == "2" and jp.data["hits"] == 3
    assert s.state.ashore == 17 and s.state.base("midway").ground == 7  # type: ignore[union-attr]
    assert s.state.score(US) == 6 and s.state.score(JP) == 6  # two a Ground Factor (XI.C.1.b)


def test_hit_units_lower_the_ground_bht_for_the_turn_modifier_h() -> None:
    """IX.K.2, Surface modifier h (provisional: one a Hit unit): Hit units placed with Ground
    units by Bombing or Bombardment lower their BHT, and are removed after the Combat (IX.H.4)."""
    s = on_midway(10, 20, [3, 3], us_marks=2, jp_marks=1)
    us, jp = [e for e in turn(s) if e.kind == "ground-combat"]
    assert us.data["hit_table"] == 7 and jp.data["hit_table"] == 2
    assert s.state.ashore_hits == 0 and s.state.base("midway").ground_hits == 0  # type: ignore[union-attr]


def test_no_ground_combat_without_both_sides_ashore() -> None:
    """IX.H.1: only while both sides have Ground units in the Midway Base Box."""
    s = on_midway(10, 0, [])
    assert not [e for e in turn(s) if e.kind == "ground-combat"]
    assert s.state.base("midway").ground == 10  # type: ignore[union-attr]


def test_midway_captured_when_the_last_american_ground_factor_is_eliminated() -> None:
    """IX.H.5, IX.J.3.b: on the Turn the last American Ground Factor is eliminated the Japanese
    Base unit replaces the American one, takes over its Hit units and uses the Japanese Plane
    Handling line; the American planes on the field are lost with it (reading). X.B: no repair
    after Ground Combat."""
    s = on_midway(1, 30, [1, 5], hits=2)
    events = turn(s)
    (captured,) = [e for e in events if e.kind == "midway-captured"]
    assert captured.data == {"hex": GAME.midway, "hits": 2}
    assert s.state.base("midway") is None
    base = s.state.base(ground.CAPTURED)
    assert base is not None and base.side == JP and base.hex == GAME.midway and base.hits == 2  # not repaired
    assert GAME.handling(base).capacity == 30 and "zero" in GAME.handling(base).planes
    assert s.state.score(JP) == 2 + 3 * 2  # a Ground Factor and three Buffalo Air Factors
    assert [e.kind for e in events].index("midway-captured") > [e.kind for e in events].index("ground-combat")


def test_the_japanese_base_repairs_and_holds_midway_for_200_at_the_end() -> None:
    """X.A: the side whose Base unit is on the mapboard repairs it; XI.C.3: whoever's Base unit
    is in the Midway hex at the end gets 200 Victory Points."""
    s = on_midway(1, 30, [1, 5, 3, 4], hits=2, last=START.plus(1))
    turn(s)
    while not s.over:
        s.play(Done(s.to_act()[0]))
    base = s.state.base(ground.CAPTURED)
    assert base is not None and base.hits == 1  # one Hit repaired on the quiet Turn
    outcome = s.outcome()
    assert s.state.score(JP) == 2 + 6 + 200 and outcome is not None and outcome.winner == JP


@settings(max_examples=25, deadline=None)
@given(marks=st.integers(0, 12), side=st.sampled_from([US, JP]))
def test_the_ground_hit_table(marks: int, side: str) -> None:
    """IX.H.3 with modifier h: 9 or 3, one less a Hit unit; 0 or less fails (IX.C.2)."""
    table = ground.ground_hit_table(GAME, side, marks)
    assert table == (9 if side == US else 3) - marks
    assert (CRT.base_number(table, 10) is None) == (table <= 0)
