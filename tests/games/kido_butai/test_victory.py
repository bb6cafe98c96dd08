"""KB › 8 Victory, and the night landings (Clarifications to 8)."""

from __future__ import annotations

import pytest

from midway_desktop.engine.bots import play_out
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.kido_butai.display import OVER, Counters, Variant
from midway_desktop.games.kido_butai.rules import RULES, default_bots
from midway_desktop.games.kido_butai.squadrons import CENTRE, EAST, GONE, NE_CORNER, SOUTH, TORPEDO, Squadron
from midway_desktop.games.kido_butai.victory import score, squadron_points

from .helpers import END, FORCES, decks, on_cap, position, session, where


@pytest.mark.parametrize(
    ("destroyed", "points"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2), (8, 2), (10, 3), (14, 4)]
)
def test_every_second_squadron_is_half_a_point_rounded_up(destroyed: int, points: int) -> None:
    assert squadron_points(FORCES, destroyed) == points


def test_carriers_damaged_or_sunk_but_not_both() -> None:
    state = position(decks=decks(akagi=1, soryu=2), squadrons={n: GONE for n in ("soryu-zero", "soryu-b1", "soryu-b2")})
    s = score(FORCES, state)
    assert s.usa == 1 + 2 + 1  # Akagi damaged, Soryu sunk (not also damaged), three squadrons: one pair
    state = position(us_hits=(1, 2, 0), midway_hits=2, removed=Counters(3, 5, 1, 0))
    s = score(FORCES, state)
    assert s.japan == 1 + 3 + 1 + 1  # a US carrier damaged, one sunk, Midway destroyed, four squadrons
    assert score(FORCES, position(midway_hits=1)).japan == 0  # Midway damaged scores nothing


def test_kaga_and_akagi_are_worth_three() -> None:
    assert score(FORCES, position(decks=decks(akagi=2, kaga=2))).usa == 6


@pytest.mark.parametrize(
    ("us_hits", "jp_decks", "band"),
    [
        ((0, 0, 0), dict(akagi=2, kaga=2), "major-japanese-defeat"),  # -6
        ((0, 0, 0), dict(akagi=2, kaga=1), "minor-japanese-defeat"),  # -4
        ((0, 0, 0), dict(), "draw"),
        ((2, 0, 0), dict(), "minor-japanese-victory"),  # +3
        ((2, 2, 0), dict(), "decisive-japanese-victory"),  # +6
    ],
)
def test_the_five_result_bands(us_hits: tuple[int, ...], jp_decks: dict[str, int], band: str) -> None:
    state = position(us_hits=us_hits, decks=decks(**jp_decks), stage=OVER)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.result == band
    assert outcome.scores == {"japan": float(score(FORCES, state).japan), "usa": float(score(FORCES, state).usa)}
    assert outcome.winner == {"draw": None}.get(band, "japan" if "victory" in band else "usa")


def test_superior_damage_control_keeps_a_twice_hit_carrier_only_damaged() -> None:
    state = position(us_hits=(2, 0, 0), variant=Variant(superior_damage_control=True))
    assert score(FORCES, state).japan == 1


def test_night_landings_after_the_last_turn_cost_japanese_squadrons_on_five_or_six() -> None:
    """Clarifications to 8: every Japanese squadron still in the air rolls; Americans land safely."""
    state = position(
        turn=15,
        found=False,
        squadrons={
            "akagi-zero": on_cap(14),
            "kaga-b1": Squadron(CENTRE, EAST, TORPEDO, 14),
            "hiryu-b1": Squadron(NE_CORNER, SOUTH, TORPEDO, 14),
        },
        track=tuple(Counters(2, 0, 0, 0) if i == 18 else Counters() for i in range(21)),
    )
    s = session(state, dice=[1, 1, 5, 4, 6])  # reconnaissance, then one die for each squadron aloft
    s.play(END)
    assert s.state.stage == OVER
    assert [where(s.state, n) for n in ("akagi-zero", "kaga-b1", "hiryu-b1")] == ["lost", CENTRE, "lost"]
    assert s.state.removed == Counters()  # American squadrons always count as landed
    assert score(FORCES, s.state).usa == 1  # two squadrons: one pair


def test_a_bot_game_ends_with_an_outcome() -> None:
    s = Session.start(RULES, seed=11)
    outcome = play_out(s, default_bots(RULES), Rng(11), checked=True)
    assert outcome.result in {b.name for b in FORCES.victory.bands}
    assert s.state.stage == OVER and s.to_act() == ()


def test_the_game_ends_early_when_kido_butai_has_nothing_left() -> None:
    state = position(
        turn=6, found=False, decks=decks(akagi=2, kaga=2, soryu=2, hiryu=2), squadrons={n: GONE for n in FORCES.ids}
    )
    s = session(state, dice=[1, 1])
    s.play(END)
    assert s.state.stage == OVER and s.state.turn == 6
