"""Values that Hits change are read after the Hits, in every step that reads them.

CV › Basic IX.K.3 (a Base's Launch, Gunnery and AA Factors), IX.K.4.b (a ship's Movement
Factor). Each rule that counts take-offs and landings, fires AA or gunnery, or moves ships is
held here to the damaged value, the Hits set on a real position and the rule asked through the
session, as a player's order would be."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import bombing, surface
from midway_desktop.games.cv.actions import Done, Form, Land, Plot, Shadow
from midway_desktop.games.cv.state import AirRecord, AirUnit, evolve
from midway_desktop.games.cv.time_record import Time
from tests.games.cv.play import GAME, JP, US, done_until, session, tf

MIDWAY_LAUNCH = (7, 14, 21)  # bases.yaml: Midway's Minimum, Normal and Maximum Launch Factors
FAR_OFF = tf(JP, 1, ["DD1"], "A0101")  # someone on the other side, out of the way


def text_limit(hits: int) -> int:
    """IX.K.3.a read straight from the text: each Hit takes 1, 1 and 2; no landing or take-off
    once every Launch Factor is 0 or less; otherwise the largest left allows (a reading)."""
    low, normal, top = (f - hits * cut for f, cut in zip(MIDWAY_LAUNCH, (1, 1, 2), strict=True))
    return max(low, normal, top, 0)


def with_midway_hits(s, hits: int) -> None:  # type: ignore[no-untyped-def]
    base = s.state.base("midway")
    s.state = s.state.with_box(evolve(base, hits=hits))


def forming_at_midway(hits: int, planes: int = 30):  # type: ignore[no-untyped-def]
    s = session([FAR_OFF], base_planes={"midway": {"c": {"dauntless": planes}}}, rng=ScriptedRng(dice=[6, 1] * 20))
    done_until(s, "form-air-units")
    with_midway_hits(s, hits)
    return s


def test_midway_with_five_hits_launches_eleven() -> None:
    """IX.K.3.a: five Hits leave Midway's Maximum Launch Factor at 21 - 10 = 11: eleven Air
    Factors take off, a twelfth is refused with the Hits named."""
    s = forming_at_midway(5)
    assert GAME.handling(s.state.base("midway")).launch == (2, 9, 11)
    why = s.check(Form(US, "midway", 1, "dauntless", 12, ""))
    assert why is not None and "5 Hits" in why and "allow 11" in why and "IX.K.3.a" in why, why
    s.play(Form(US, "midway", 1, "dauntless", 11, ""))
    assert s.check(Form(US, "midway", 2, "dauntless", 1, "")) is not None


def test_no_take_off_or_landing_once_every_launch_factor_is_gone() -> None:
    """IX.K.3.a: at 14 Hits every Launch Factor of Midway is 0: no plane takes off, none lands,
    and no such order is offered."""
    s = forming_at_midway(14)
    why = s.check(Form(US, "midway", 1, "dauntless", 1, ""))
    assert why is not None and "every Launch Factor to 0" in why, why
    assert not [a for a in s.legal_actions(US) if isinstance(a, Form) and a.box == "midway"]
    rec = AirRecord("dauntless", 2, "", False, "midway", Time(4, 4), Time(4, 9))
    s.state = s.state.with_air_unit(AirUnit(US, 7, "map", (rec,), hex=GAME.midway))
    done_until(s, "landing")
    why = s.check(Land(US, 7, "midway"))
    assert why is not None and "no plane lands or takes off" in why, why
    assert not [a for a in s.legal_actions(US) if isinstance(a, Land) and a.box == "midway"]


@settings(max_examples=25, deadline=None)
@given(hits=st.integers(0, 16), factors=st.integers(1, 24))
def test_take_offs_from_midway_follow_the_damaged_launch_factors(hits: int, factors: int) -> None:
    """IX.K.3.a, for every number of Hits: an Air unit of ``factors`` forms at Midway exactly
    when the Launch Factors left allow it, and the Base's view shows those Launch Factors."""
    s = forming_at_midway(hits)
    allowed = s.check(Form(US, "midway", 1, "dauntless", factors, "")) is None
    assert allowed == (factors <= text_limit(hits))
    shown = next(b for b in s.view(US)["american"]["bases"] if b["id"] == "midway")
    assert max(shown["launch"]) == text_limit(hits) and shown["hits"] == hits


def test_landings_at_midway_follow_the_damaged_launch_factors() -> None:
    """VIII.A.1.c with IX.K.3.a: with 7 Hits Midway's Launch Factors are 0, 7 and 7: a returning
    Air unit of 8 is refused, one of 7 lands."""
    s = forming_at_midway(7, planes=0)
    recs = (AirRecord("dauntless", 8, "", False, "midway", Time(4, 4), Time(4, 9)),)
    s.state = s.state.with_air_unit(AirUnit(US, 7, "map", recs, hex=GAME.midway))
    done_until(s, "landing")
    why = s.check(Land(US, 7, "midway"))
    assert why is not None and "allow 7" in why, why
    s.state = s.state.with_air_unit(AirUnit(US, 7, "map", (evolve(recs[0], factors=7),), hex=GAME.midway))
    s.play(Land(US, 7, "midway"))
    assert s.state.base("midway").launched == 7  # type: ignore[union-attr]


def test_aa_and_gunnery_of_a_base_fall_with_its_hits() -> None:
    """IX.K.3.c-d: each Hit takes one Gunnery Factor and two AA Factors from the Base (Midway:
    AA 12, Gunnery 6 as printed), as Bombing's AA and Bombardment's gunnery read them."""
    s = forming_at_midway(0)
    for hits, aa, gunnery in ((0, 12, 6), (2, 8, 4), (5, 2, 1), (9, 0, 0)):
        with_midway_hits(s, hits)
        base = s.state.base("midway")
        assert bombing.aa_factors(GAME, s.state, US, ("midway",)) == aa
        assert surface.base_gunnery(GAME, base) == gunnery  # type: ignore[arg-type]


def test_a_damaged_task_force_shadows_at_its_reduced_speed() -> None:
    """VI.G.3 with IX.K.4.b: a cruiser with half its Hit Factor in Hits moves one hex a Turn,
    shadowing too. Set to close in on the Akagi as it steams two hexes away, it ends two hexes
    off (undamaged it would end in the Akagi's hex: see test_shadowing)."""
    akagi, board = "B3011", GAME.board
    cruiser = sorted(board.neighbors(akagi))[0]
    s = session(
        [tf(US, 1, ["Portland"], cruiser), tf(JP, 1, ["Akagi"], akagi)],
        start=Time(4, 10),
        last=Time(4, 12),
        rng=ScriptedRng(dice=[6, 1] * 5),
    )
    s.state = evolve(s.state, ship_hits=(((US, "Portland"), 2),))
    done_until(s, "ship-plotting")
    assert s.view(US)["american"]["task_forces"][0]["movement"] == 1
    s.play(Plot(US, 1, ()))
    s.play(Shadow(US, "tf1", akagi, "close"))
    s.play(Done(US))
    away, here = [], akagi
    for _ in range(2):
        here = max(sorted(board.neighbors(here)), key=lambda h: board.distance(h, cruiser))
        away.append(here)
    s.play(Plot(JP, 1, tuple(away)))
    s.play(Done(JP))
    done_until(s, "landing")
    portland = s.state.task_force(US, 1)
    assert portland is not None and board.distance(cruiser, portland.hex) <= 1  # type: ignore[arg-type]
    assert board.distance(portland.hex, away[-1]) >= 1  # type: ignore[arg-type]


def test_every_take_off_and_landing_offered_at_midway_in_a_whole_game_fits_its_hits() -> None:
    """IX.K.3.a over a whole Battle of Midway game (random legal orders): before each order of
    the Form Air Units and Landing Steps Midway is given a random number of Hits, and every
    take-off and landing then offered there stays within the Launch Factors those Hits leave,
    counting what took off or landed there this Turn; and each is refused when it would not."""
    import random

    from midway_desktop.engine import Session, get_rules

    rnd = random.Random(7)
    s = Session.start(get_rules("cv"), scenario="battle-of-midway", seed=7)
    checked = 0
    for _ in range(4000):
        if s.over:
            break
        side = s.to_act()[0]
        base = s.state.base("midway")
        if s.state.step in ("form-air-units", "landing") and base is not None and base.side == US and side == US:
            with_midway_hits(s, rnd.randrange(0, 15))
            base = s.state.base("midway")
            left = text_limit(base.hits) - base.launched  # type: ignore[union-attr]
            for a in s.legal_actions(US):
                if isinstance(a, Form) and a.box == "midway":
                    assert a.factors <= left, (a, base)
                    checked += 1
                if isinstance(a, Land) and a.box == "midway":
                    unit = s.state.air_unit(US, a.air_unit)
                    landing = sum(r.factors for r in unit.records if not a.plane or r.plane == a.plane)  # type: ignore[union-attr]
                    assert landing <= left, (a, base)
                    checked += 1
            big = Form(US, "midway", 1, "dauntless", left + 1, "")
            assert s.check(big) is not None
        legal = s.legal_actions(side)
        done = Done(side)
        pick = done if done in legal and rnd.random() < 0.5 else rnd.choice(legal)
        s.play(pick)
    assert checked > 1000, checked  # (some 22,000 orders with this seed)
