"""The combat board's content (``combat_board.board_model``) read straight from a side's view, its
log and its legal orders: the Base's planes shown to the side that picks its losses (CV › Basic
IX.K.3.b), the Surface set-up rows starting at the normal roles (IX.G.1.a(1)), and the log cut
into Battles."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.games.cv import combat, views
from midway_desktop.games.cv.actions import Announce, Arrange, Bomb, Done, Eliminate, SetDie
from midway_desktop.games.cv.state import Planes, Sections, evolve
from midway_desktop.ui.games.cv.combat_board import ENDS_BATTLE, battle_records, board_model
from midway_desktop.ui.games.cv.steps import ANNOUNCE_TOO
from tests.games.cv.play import GAME, JP, US
from tests.games.cv.test_combat import MIDWAY, battle, rec, step, unit
from tests.games.cv.test_surface import battle as surface_battle


def _dive_bombed_midway():  # type: ignore[no-untyped-def]
    """Six Vals dive on American Midway (as in the IX.K.3.b test): one Air Factor to pick."""
    state = battle([unit(JP, 1, MIDWAY, rec("val", 6, "he", True))])
    state = evolve(state, bases=tuple(
        evolve(b, planes=Sections(a=(Planes("catalina", 2),), c=(Planes("buffalo", 3),))) if b.id == "midway" else b
        for b in state.bases
    ))  # fmt: skip
    state = step(state)
    state = step(state, dice=[3], orders=[Bomb(JP, 1, "val", "he", True, "dive", "base", 6)])
    return step(state, dice=[3])


def test_the_base_s_planes_are_shown_only_to_the_side_that_picks_its_losses() -> None:
    state = _dive_bombed_midway()
    assert state.step == "air-losses"
    picker = board_model(GAME, views.view(GAME, state, JP), [], combat.legal(GAME, state, JP))
    assert picker is not None and picker.live and picker.step == "air-losses"
    (bombing,) = [s for s in picker.segments if s.current]
    assert bombing.name == "bombing"
    assert "You pick 1 Air Factor(s) lost on Midway: A: 2 Catalina; C: 3 Buffalo" in bombing.units
    picks = [c for c in picker.choices if isinstance(c.options[0], Eliminate)]
    assert {(c.options[0].section, c.options[0].plane) for c in picks} == {("a", "catalina"), ("c", "buffalo")}
    assert all(o.side == JP and o.factors == 1 for c in picks for o in c.options)
    owner = board_model(GAME, views.view(GAME, state, US), [], combat.legal(GAME, state, US))
    assert owner is not None
    assert not [u for s in owner.segments for u in s.units if u.startswith("You pick")]
    assert not [c for c in owner.choices if isinstance(c.options[0], Eliminate)]


def test_the_surface_set_up_rows_start_at_the_normal_roles() -> None:
    """IX.G.1.a(1): carriers Screened, the rest Engaged, unless set up otherwise; and once a
    ship is set up otherwise, its row starts there."""
    s = surface_battle([])
    b = board_model(GAME, s.view(US), s.log(US), s.legal_actions(US))
    assert b is not None and b.step == "surface-set-up"
    rows = {c.options[0].ship: c for c in b.choices if isinstance(c.options[0], Arrange)}
    assert rows["Enterprise"].default().role == "screened" and rows["Colorado"].default().role == "engaged"
    assert any(isinstance(c.options[0], SetDie) for c in b.choices)
    (surface,) = [seg for seg in b.segments if seg.current]
    assert "Yours: Colorado (BB): Gunnery 10, Torpedo 0, Hit Factor 8" in surface.units
    s.play(Arrange(US, "B3010", "Colorado", "screened"))
    again = board_model(GAME, s.view(US), s.log(US), s.legal_actions(US))
    assert again is not None
    rows = {c.options[0].ship: c for c in again.choices if isinstance(c.options[0], Arrange)}
    assert rows["Colorado"].default().role == "screened"
    assert any("Colorado: Screened" in g for g in again.given)


def test_ground_combat_is_a_row_of_the_ground_segment() -> None:
    log = [
        Event("battle", "A Battle in B2117 (CV › Basic IX.A).", data={"hex": "B2117"}),
        roll_event("Ground Combat (American)", [4], hex="B2117", step="ground-combat"),
        Event("ground-combat", "Ground Combat on Midway: 9 American Ground Factors, Hit Table 9, Base Number 2, "
              "die 4: 2 Hit(s).", data={"by": "american", "factors": 9, "hit_table": 9, "roll": 4, "hits": 2,
                                          "base": "2", "step": "ground-combat"}),
        Event("repair", "Midway repairs nothing."),
    ]  # fmt: skip
    b = board_model(GAME, {"viewer": US, "step": "midway-repair"}, log, [])
    assert b is not None and not b.live and b.hex == "B2117"
    (ground,) = b.segments
    assert ground.name == "ground" and [(r.who, r.factors, r.table, r.base, r.die, r.hits) for r in ground.rolls] == [
        ("American Ground units", 9, 9, "2", 4, 2)
    ]


KINDS = ["battle", "combat", "roll", "surface-combat", "ship-hit", "sealed", *sorted(ENDS_BATTLE)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(["aa", "bombing", "air-move", "plane-ready"])),
                max_size=40))  # fmt: skip
def test_the_log_is_cut_into_one_record_a_battle_in_order(events: list[tuple[str, str]]) -> None:
    log = [Event(k, f"{k} {i}", data={"hex": f"B{i:04d}", "step": s}) for i, (k, s) in enumerate(events)]
    records = battle_records(log)
    assert [r.hex for r in records] == [e.data["hex"] for e in log if e.kind == "battle"]
    kept = [e for r in records for e in r.events]
    assert kept == sorted(kept, key=log.index)  # in the log's order, each once
    for e in kept:
        assert e.kind not in ENDS_BATTLE and e.kind not in ("battle", "sealed")
        assert e.kind != "roll" or e.data["step"] in ("aa", "bombing", "air-move")


def test_the_strip_names_every_combat_step_in_words() -> None:
    """Every step of the Combat Phase (CV › Basic IX) has its short title on the board's strip,
    never its id (the Air Factors lost after a Bombardment were shown as 'bombardment-losses')."""
    from midway_desktop.ui.games.cv.combat_board import STEP_NAMES, STEP_SHORT

    assert set(STEP_NAMES) <= set(STEP_SHORT)
    assert all(STEP_SHORT[name] != name and STEP_SHORT[name][0].isupper() for name in STEP_NAMES)


def test_with_only_an_announcement_offered_the_board_says_it_may_still_be_set() -> None:
    """Nothing to order but a Condition 2 strength (Basic III.C.2): the board says both, never
    just "nothing to order" beside the offered row."""
    state = step(battle([unit(JP, 1, MIDWAY, rec("val", 6, "he", True))]))
    view = {**views.view(GAME, state, JP), "to_act": [JP]}
    only = [Done(JP), Announce(JP, "air", 1, 3)]
    b = board_model(GAME, view, [], only)
    assert b is not None and [type(c.options[0]) for c in b.choices] == [Announce]
    assert b.notes[0].startswith("You have nothing") and b.notes[1] == ANNOUNCE_TOO
    without = board_model(GAME, view, [], only[:1])
    assert without is not None and ANNOUNCE_TOO not in without.notes


def test_an_enemy_ships_task_force_is_never_read_as_ones_own() -> None:
    """III.E.2, Condition 4: the enemy's ships are told with their sizes and their division into
    Task Forces; both sides number their Task Forces from 1, so the board says whose it is."""
    from midway_desktop.ui.games.cv.combat_board import _ship_title

    told = _ship_title({"target": "ship:1", "size": "small", "task_force": 2})
    assert told == "Ship unit 2 (small, the enemy's Task Force 2)"
