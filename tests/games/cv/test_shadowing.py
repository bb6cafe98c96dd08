"""Shadowing (CV › Basic VI.A.2, VI.G): Ship and Plane units follow enemy ships they observe and
keep them under observation through the Ship Unit Movement and Shadowing Step."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv.actions import Done, Form, MoveAir, Plot, Shadow
from midway_desktop.games.cv.observation import condition
from midway_desktop.games.cv.shadowing import _eyes
from midway_desktop.games.cv.state import AirRecord, AirUnit
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, done_until, session, tf

DAY = Time(4, 10)
BOARD = GAME.board
AKAGI = "B3011"


def ring(centre: str, d: int) -> list[str]:
    return sorted(h for h in BOARD.within(centre, d) if BOARD.distance(h, centre) == d)


def refused(s, action, *words: str) -> None:  # type: ignore[no-untyped-def]
    why = s.check(action)
    assert why is not None, f"{action} was accepted"
    for w in words:
        assert w in why, why


def _away(start: str, steps: int, other: str) -> tuple[str, ...]:
    """A move of ``steps`` hexes from ``start``, each one further from ``other``."""
    out, here = [], start
    for _ in range(steps):
        here = max(sorted(BOARD.neighbors(here)), key=lambda h: BOARD.distance(h, other))
        out.append(here)
    return tuple(out)


def at_plotting(forces, dice=None, units=()):  # type: ignore[no-untyped-def]
    s = session(forces, start=DAY, last=DAY.plus(2), rng=ScriptedRng(dice=dice or [6, 1] * 5))
    for u in units:
        s.state = s.state.with_air_unit(u)
    done_until(s, "ship-plotting")
    return s


def test_a_destroyer_shadows_a_carrier_keeping_its_distance() -> None:
    """VI.G.1-5: the destroyer beside the Akagi (Condition 3) announces Shadowing; the Akagi
    steams two hexes away; the destroyer follows, one hex off all the way, whatever it plotted.
    The announcement is made to both sides."""
    dd = ring(AKAGI, 1)[0]
    s = at_plotting([tf(US, 1, ["DD1"], dd), tf(JP, 1, ["Akagi"], AKAGI)])
    s.play(Plot(US, 1, ()))
    s.play(Shadow(US, "tf1", AKAGI))
    assert s.view(US)["american"]["shadows"] == [{"unit": "tf1", "hex": AKAGI, "stance": "keep"}]
    assert "shadows" not in repr(s.view(JP).get("american", {}))
    s.play(Done(US))
    away = _away(AKAGI, 2, dd)
    s.play(Plot(JP, 1, away))
    s.play(Done(JP))
    done_until(s, "landing")
    us_tf = s.state.task_force(US, 1)
    assert us_tf is not None and BOARD.distance(us_tf.hex, away[-1]) == 1  # type: ignore[arg-type]
    assert s.view(US)["observed"]["ships"][0]["condition"] == 3
    said = f"The American side's Task Force 1 shadows the Japanese ships at {AKAGI}."
    assert said in [e.text for e in s.log(JP) if e.kind == "shadowing"]


def test_a_unit_shadows_only_ships_it_observes_itself() -> None:
    """VI.G.1: three hexes off, a destroyer does not observe the Akagi (ships see 1 or 2 hexes)."""
    far = ring(AKAGI, 3)[0]
    s = at_plotting([tf(US, 1, ["DD1"], far), tf(JP, 1, ["Akagi"], AKAGI)])
    refused(s, Shadow(US, "tf1", AKAGI), "observes no enemy ships", "VI.G.1")
    refused(s, Shadow(US, "tf9", AKAGI), "no Task Force or Air unit")
    assert not [a for a in s.legal_actions(US) if isinstance(a, Shadow)]


def test_closing_in_ends_in_combat_contact() -> None:
    """VI.G.4: the shadowing unit may close in, even attack: ending in the Akagi's hex it makes
    Combat Contact (VI.H)."""
    dd = ring(AKAGI, 2)[0]
    s = at_plotting([tf(US, 1, ["DD1"], dd), tf(JP, 1, ["Akagi"], AKAGI)])
    s.play(Shadow(US, "tf1", AKAGI, "close"))
    s.play(Done(US))
    s.play(Plot(JP, 1, ()))
    s.play(Done(JP))
    done_until(s, "landing")
    assert s.state.task_force(US, 1).hex == AKAGI  # type: ignore[union-attr]
    assert s.view(US)["contacts"] == [AKAGI]


def test_a_shadowing_catalina_has_made_its_move() -> None:
    """VI.G.5: a Catalina two hexes off follows the Akagi; it is not moved again in the Air Unit
    Movement Phase."""
    cat = AirUnit(US, 4, "map", (AirRecord("catalina", 2, "", False, "midway", DAY, DAY.plus(12)),),
                  hex=ring(AKAGI, 2)[0])  # fmt: skip
    s = at_plotting([tf(US, 1, ["DD1"], "B1010"), tf(JP, 1, ["Akagi"], AKAGI)], units=[cat])
    s.play(Shadow(US, "air4", AKAGI, "far"))
    s.play(Done(US))
    away = _away(AKAGI, 2, ring(AKAGI, 2)[0])
    s.play(Plot(JP, 1, away))
    s.play(Done(JP))
    done_until(s, "air-move")
    if s.to_act() != (US,):
        s.play(Done(JP))
        done_until(s, "air-move")
    unit = s.state.air_unit(US, 4)
    assert unit is not None and unit.moved and BOARD.distance(unit.hex, away[-1]) == 2  # type: ignore[arg-type]
    refused(s, MoveAir(US, 4, away[-1]), "has moved this Turn")
    assert s.view(US)["observed"]["ships"] == [{"hex": away[-1], "condition": 1, "what": "ships"}]


def test_ships_shadowing_one_another_roll_the_die() -> None:
    """VI.G.6: both Task Forces announce Shadowing of each other: the American rolls 2, the
    Japanese 5: the Americans move as plotted, the Japanese shadow."""
    dd = ring(AKAGI, 1)[0]
    s = at_plotting([tf(US, 1, ["DD1"], dd), tf(JP, 1, ["Akagi", "DD1"], AKAGI)], dice=[2, 5] + [6, 1] * 4)
    away = _away(dd, 2, AKAGI)
    s.play(Plot(US, 1, away))
    s.play(Shadow(US, "tf1", AKAGI))
    s.play(Done(US))
    s.play(Shadow(JP, "tf1", dd, "close"))
    s.play(Done(JP))
    done_until(s, "landing")
    assert s.state.task_force(US, 1).hex == away[-1]  # type: ignore[union-attr]
    jp = s.state.task_force(JP, 1)
    assert jp is not None and BOARD.distance(jp.hex, away[-1]) <= 1  # type: ignore[arg-type]
    texts = [e.text for e in s.log(US)]
    assert "The American side rolled low: its Task Force moves as plotted." in texts


def test_a_carrier_bound_into_the_wind_moves_as_plotted() -> None:
    """VI.E before VI.G: past its Minimum Launch Factor a carrier Task Force moves into the wind."""
    ent = tf(US, 1, ["Enterprise", "DD1"], ring(AKAGI, 1)[0], {"c": {"wildcat": 10}})
    s = session([ent, tf(JP, 1, ["Akagi"], AKAGI)], start=DAY, last=DAY.plus(2), rng=ScriptedRng(dice=[6, 1] * 5))
    done_until(s, "form-air-units")
    s.play(Form(US, "tf1", 1, "wildcat", 7))
    done_until(s, "ship-plotting")
    refused(s, Shadow(US, "tf1", AKAGI), "Wind Direction", "VI.E")


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(ring(AKAGI, 1) + ring(AKAGI, 2)),
    st.lists(st.integers(0, 5), max_size=2),
    st.sampled_from(["keep", "close", "far"]),
)
def test_a_catalina_keeps_the_ships_it_shadows_in_sight(start: str, way: list[int], stance: str) -> None:
    """VI.G.3: however the Akagi moves (two hexes at most), a Catalina (Movement Factor 5) that
    shadows it keeps it observed at every hex of the move, and ends observing it."""
    from midway_desktop.games.cv.observation import tracks
    from midway_desktop.games.cv.shadowing import fly_shadows, resolve_shadowing
    from midway_desktop.games.cv.state import PlottedMove, Shadowing
    from tests.games.cv.play import position

    state = position([tf(JP, 1, ["Akagi"], AKAGI)], start=DAY, last=DAY.plus(1))
    cat = AirUnit(US, 4, "map", (AirRecord("catalina", 2, "", False, "midway", DAY, DAY.plus(12)),), hex=start)
    path, here = [], AKAGI
    for d in way:
        here = BOARD.step(here, ("n", "ne", "se", "s", "sw", "nw")[d]) or here
        path.append(here)
    state = state.with_air_unit(cat).with_plots(JP, (PlottedMove(1, tuple(path)),))
    from dataclasses import replace

    state = replace(state, shadows=(Shadowing(US, "air4", AKAGI, stance),))
    track = tracks(state)[(JP, 1)]
    after, ways = resolve_shadowing(GAME, state, [], None)
    ((side, number, stood),) = ways
    for k, spot in enumerate(stood):
        target = track[min(k, len(track) - 1)]
        assert condition(GAME, after, _eyes(GAME, after, cat, spot), target, False, False) > 0
    assert sum(BOARD.distance(a, b) for a, b in zip(stood, stood[1:], strict=False)) <= 5
    flown = fly_shadows(GAME, after, ways, [])
    assert flown.air_unit(US, 4).moved  # type: ignore[union-attr]


def test_an_air_unit_bound_to_leave_the_hex_it_fought_over_may_not_shadow() -> None:
    """VIII.H.3 with VI.G.5: a Catalina that fought over the Akagi last Turn must leave its hex in
    the Air Unit Movement Phase, where a Shadowing unit does not move; so it may not shadow (it
    would stay there for good, and its side's Normal Air Unit Movement Step could never end),
    and it is offered no Shadowing order. Another Air unit may."""
    from midway_desktop.games.cv.legal import legal_orders

    cat = AirUnit(US, 4, "map", (AirRecord("catalina", 2, "", False, "midway", DAY, DAY.plus(12)),),
                  hex=AKAGI, leave=AKAGI, fought=DAY.plus(-1))  # fmt: skip
    free = AirUnit(US, 5, "map", (AirRecord("catalina", 2, "", False, "midway", DAY, DAY.plus(12)),),
                   hex=ring(AKAGI, 2)[0])  # fmt: skip
    s = at_plotting([tf(US, 1, ["DD1"], "B1010"), tf(JP, 1, ["Akagi"], AKAGI)], units=[cat, free])
    refused(s, Shadow(US, "air4", AKAGI, "far"), "must leave the enemy hex", "VIII.H.3", "VI.G.5")
    offered = {a.unit for a in legal_orders(GAME, s.state, US, (Shadow,)) if isinstance(a, Shadow)}
    assert "air4" not in offered and "air5" in offered
    assert s.check(Shadow(US, "air5", AKAGI, "far")) is None
