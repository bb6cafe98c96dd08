"""Recording Hits and their effects (CV › Basic IX.J, IX.K; XI.C.1.c for what sinks with a ship)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine.events import Event
from midway_desktop.games.cv import damage
from midway_desktop.games.cv.game import reduced_speed, ship_movement
from midway_desktop.games.cv.state import AMERICAN, AirRecord, AirUnit, PlottedMove, State, evolve
from midway_desktop.games.cv.time_record import Time
from midway_desktop.games.cv.views import view
from tests.games.cv.play import GAME, JP, US, position, tf

AKAGI_HITS = GAME.ship(JP, "Akagi").ship_class.hits  # 5


def _akagi_and_tone() -> State:
    return position(
        [tf(JP, 1, ["Akagi", "Tone"], "A3001", {"a": {"val": 10}, "b": {"kate": 8}, "c": {"zero": 10, "jake": 2}})]
    )


def test_hits_are_marked_until_the_hit_factor() -> None:
    """IX.J.4: fewer Hits than the Hit Factor are marked on the Ship Record; the owner is told."""
    events: list[Event] = []
    state = damage.record_ship_hits(GAME, _akagi_and_tone(), JP, "Akagi", 2, events)
    assert state.hits_on(JP, "Akagi") == 2
    assert state.task_force(JP, 1).ships == ("Akagi", "Tone")  # type: ignore[union-attr]
    assert [e.audience for e in events] == [(JP,)]
    assert view(GAME, state, JP)[JP]["task_forces"][0]["hits"] == {"Akagi": 2}
    assert "Akagi" not in str(view(GAME, state, US))


def test_half_the_hit_factor_cuts_the_speed() -> None:
    """IX.K.4.b: Hits of half the Hit Factor or more halve the Movement Factor (a Task Force goes
    at its slowest ship's speed, VI.B.5); IX.J.4.b: a Cripple one Hit from sinking."""
    state = _akagi_and_tone()
    tf1 = state.task_force(JP, 1)
    assert tf1 is not None and GAME.movement(tf1, state.hits_of(JP)) == 2
    events: list[Event] = []
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", 3, events)
    assert GAME.movement(tf1, state.hits_of(JP)) == 1
    assert "Reduced Speed" in events[-1].text
    state = damage.record_ship_hits(GAME, state, JP, "Akagi", 1, events)
    assert "Crippled" in events[-1].text


@given(st.integers(1, 16), st.integers(0, 16), st.sampled_from([1, 2]))
def test_speed_rule_for_every_hit_factor(hit_factor: int, hits: int, movement: int) -> None:
    reduced = reduced_speed(hit_factor, hits)
    assert reduced == (hits > 0 and hits * 2 >= hit_factor)
    assert ship_movement(movement, hit_factor, hits) == (1 if reduced else movement)
    assert damage.crippled(hit_factor, hits) == (hit_factor >= 3 and hits == hit_factor - 1)


def test_a_sunk_carrier_takes_down_the_planes_that_no_longer_fit() -> None:
    """IX.K.4.a and XI.C.1.c: at its Hit Factor the Akagi sinks; the Tone keeps only its two
    floatplanes, every other Air Factor goes down with the carrier and counts as lost."""
    events: list[Event] = []
    state = damage.record_ship_hits(GAME, _akagi_and_tone(), JP, "Akagi", AKAGI_HITS, events)
    left = state.task_force(JP, 1)
    assert left is not None and left.ships == ("Tone",)
    assert left.planes.total() == 2 and {p.plane for p in left.planes.all()} == {"jake"}
    lost = state.lost(JP)
    assert (lost.air_factors, lost.ships) == (28, ("Akagi",))
    assert state.hits_on(JP, "Akagi") == 0
    assert events[-1].kind == "ship-sunk" and events[-1].audience == ("all",)


def test_the_last_ship_sunk_frees_its_box_and_leaves_its_cap_flying() -> None:
    state = position([tf(US, 2, ["Yorktown"], "B2117", {"c": {"wildcat": 5}})])
    record = AirRecord("wildcat", 4, "", True, "tf2", Time(4, 5), Time(4, 8))
    state = state.with_air_unit(AirUnit(US, 3, "cap", (record,), box="tf2"))
    state = state.with_plots(US, (PlottedMove(2, ("B2118",)),))
    hits = GAME.ship(US, "Yorktown").ship_class.hits
    state = damage.record_ship_hits(GAME, state, US, "Yorktown", hits + 3, [])
    assert state.task_force(US, 2) is None
    assert state.plots_of(US) == ()
    cap = state.air_unit(US, 3)
    assert cap is not None and (cap.where, cap.hex, cap.box) == ("map", "B2117", "")
    assert state.lost(US).air_factors == 5


def test_transports_sink_with_their_ground_factors() -> None:
    """XI.C.1.c: an AP eliminated with Ground Factors aboard loses them too."""
    state = position([tf(JP, 5, ["AP1", "AP2"], "A3001")])
    state = state.with_box(evolve(state.task_force(JP, 5), troops=(("AP1", 8), ("AP2", 8))))  # type: ignore[arg-type]
    state = damage.record_ship_hits(GAME, state, JP, "AP1", 9, [])
    assert state.task_force(JP, 5).troops == (("AP2", 8),)  # type: ignore[union-attr]
    assert (state.lost(JP).ground, state.lost(JP).ships) == (8, ("AP1",))


def test_hits_on_the_midway_base_and_its_ground_units() -> None:
    """IX.J.2-3, IX.K.3.b: Base Hits go in the Base Box; Low and Dive Bombing kill an Air
    Factor a Hit, High Bombing and Bombardment one for two; who chooses them; Ground Combat
    kills Ground Factors, Bombing only marks Hit units."""
    state = position([], base_planes={"midway": {"c": {"buffalo": 7}}})
    events: list[Event] = []
    state = damage.record_base_hits(GAME, state, "midway", 3, events)
    state = damage.mark_attacked(state, "midway")
    midway = state.base("midway")
    assert midway is not None and (midway.hits, midway.attacked) == (3, True)
    assert [damage.base_air_losses(3, k) for k in ("low", "dive", "high", "bombardment")] == [3, 3, 1, 1]
    assert damage.base_loss_chooser("dive", night=False, owner=AMERICAN, attacker=JP) == JP
    assert damage.base_loss_chooser("dive", night=True, owner=AMERICAN, attacker=JP) == AMERICAN
    assert damage.base_loss_chooser("high", night=False, owner=AMERICAN, attacker=JP) == AMERICAN
    state = damage.eliminate_from_box(state, US, "midway", "c", "buffalo", 3, events)
    assert state.base("midway").planes.total() == 4 and state.lost(US).air_factors == 3  # type: ignore[union-attr]
    state = evolve(state.with_box(evolve(state.base("midway"), ground=10)), ashore=6)  # type: ignore[arg-type]
    state = damage.record_ground_hits(state, US, 2, events)
    state = damage.record_ground_hits(state, JP, 1, events)
    assert (state.base("midway").ground_hits, state.ashore_hits) == (2, 1)  # type: ignore[union-attr]
    state = damage.eliminate_ground_factors(state, JP, 9, events)
    assert state.ashore == 0 and state.lost(JP).ground == 6


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["zero", "val", "kate"]), st.integers(0, 12)), max_size=5))
def test_air_unit_losses_never_exceed_what_it_has(cuts: list[tuple[str, int]]) -> None:
    """IX.J.1: Hits on planes eliminate that many Air Factors; an emptied Air unit is gone."""
    records = (
        AirRecord("zero", 5, "", True, "tf1", Time(4, 5), Time(4, 9)),
        AirRecord("val", 4, "ap", True, "tf1", Time(4, 5), Time(4, 9)),
        AirRecord("kate", 6, "t", False, "tf1", Time(4, 5), Time(4, 9)),
    )
    state = position([]).with_air_unit(AirUnit(JP, 5, "map", records, hex="A3001"))
    total = 15
    for plane, n in cuts:
        before = state.air_unit(JP, 5)
        had = sum(r.factors for r in before.records if r.plane == plane) if before else 0
        state = damage.eliminate_from_air_unit(state, JP, 5, plane, n, [])
        total -= min(n, had)
    unit = state.air_unit(JP, 5)
    assert (unit.total if unit else 0) == total
    assert state.lost(JP).air_factors == 15 - total
    assert unit is None or unit.total > 0
