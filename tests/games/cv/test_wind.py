"""Carriers moving into the wind (CV › Basic VI.E) and the Wind Direction Arrows of the mapboard
sectors (board.yaml, checked by ``validate``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.engine.rng import ScriptedRng
from midway_desktop.games.cv import wind
from midway_desktop.games.cv.actions import Done, Form, Plot
from midway_desktop.games.cv.game import Game
from midway_desktop.geometry.loader import load_board
from tests.games.cv.helpers import cv_copy, edit, one_problem
from tests.games.cv.play import GAME, JP, US, done_until, session, tf

US_FIRST = [6, 1] * 20
ENTERPRISE = tf(US, 1, ["Enterprise", "DD1"], "B3010", {"c": {"wildcat": 10, "dauntless": 10}})
LABELS = sorted(GAME.board)


def refused(s, action, *words: str) -> None:  # type: ignore[no-untyped-def]
    why = s.check(action)
    assert why is not None, f"{action} was accepted"
    for w in words:
        assert w in why, why


def formed(n: int, forces=None):  # type: ignore[no-untyped-def]
    """A session at the Plot Ship Movement Step with ``n`` Wildcats of Task Force 1 formed."""
    s = session(forces or [ENTERPRISE], rng=ScriptedRng(dice=US_FIRST))
    done_until(s, "form-air-units")
    s.play(Form(US, "tf1", 1, "wildcat", n))
    done_until(s, "ship-plotting")
    return s


def test_the_carrier_moves_against_the_arrow() -> None:
    """VI.E.2: the arrow points SE, so the carrier moves at least one hex NW."""
    assert wind.against("se") == "nw"
    assert [wind.against(d) for d in wind.DIRECTIONS] == ["s", "sw", "nw", "n", "ne", "se"]


def test_every_sector_prints_an_arrow() -> None:
    """VI.E.1: each sector's Directional Hexagon shows the Wind Direction (authored: the south-east
    trade wind, every arrow NW, provisional); from Midway a carrier turns SE into it."""
    sectors = GAME.board.regions("sector")
    assert len(sectors) == 8 and {str(r.data["wind"]) for r in sectors} == {"nw"}
    assert wind.arrows(GAME, "B2117") == {"nw"}
    assert wind.windward(GAME, "B2117") == {GAME.board.step("B2117", "se")}
    assert all(
        "wind arrow" in r.provenance.ref and r.provenance.provisional  # type: ignore[attr-defined]
        for r in sectors
    )


def _winds(tmp_path: Path) -> Game:
    """The mapboard with a different arrow in each sector of half A."""
    folder = cv_copy(tmp_path)
    for numeral, arrow in (("I", "n"), ("II", "ne"), ("V", "s"), ("VI", "sw")):
        edit(
            folder / "board.yaml",
            f"{{numeral: {numeral}, half: A, wind: nw}}",
            f"{{numeral: {numeral}, half: A, wind: {arrow}}}",
        )
    board = load_board(folder / "board.yaml")
    return Game(dataclasses.replace(GAME.data, board=board), GAME.bases)


def test_a_hex_split_by_a_cut_or_fold_takes_either_sectors_wind(tmp_path: Path) -> None:
    """VI.E.3: a carrier in a hex split by a mapboard cut or fold may move into the Wind
    Direction of any sector the hex crosses; a hex inside one sector has its sector's only."""
    game = _winds(tmp_path)
    assert wind.arrows(game, "A1010") == {"n"}  # inside sector I
    assert wind.arrows(game, "A2405") == {"n", "ne"}  # on the cut between I and II
    assert wind.arrows(game, "A2505") == {"n", "ne"}
    assert wind.arrows(game, "A0116") == {"n", "s"}  # on the fold between I and V
    assert wind.arrows(game, "A0115") == {"n"}
    assert wind.arrows(game, "A2417") == {"n", "ne", "s", "sw"}  # where the cut meets the fold
    assert wind.windward(game, "A2405") == {game.board.step("A2405", "s"), game.board.step("A2405", "sw")}
    assert wind.arrows(game, "A4810") == {"ne"} and wind.arrows(game, "B0110") == {"nw"}  # halves meet edge to edge


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LABELS))
def test_a_step_into_the_wind_is_undone_by_the_arrow(label: str) -> None:
    """Into the wind is against the arrow: stepping back along the arrow returns to the hex."""
    for ahead in wind.windward(GAME, label):
        assert ahead in GAME.board.neighbors(label)
        assert any(GAME.board.step(ahead, arrow) == label for arrow in wind.arrows(GAME, label))
        assert wind.into_wind(GAME, label, (ahead,))
    assert not wind.into_wind(GAME, label, ())


def test_past_the_minimum_launch_factor_the_plot_goes_into_the_wind() -> None:
    """VI.E: 7 Wildcats off the Enterprise (Minimum 6, Maximum 18): Task Force 1 must move at
    least one hex into the wind; sealing without such a plot is refused too."""
    s = formed(7)
    refused(s, Plot(US, 1, ("B3009",)), "Minimum Launch Factor 6", "into the Wind Direction", "B3110", "VI.E")
    refused(s, Plot(US, 1, ()), "VI.E")
    refused(s, Done(US), "Task Force 1", "VI.E")
    assert Done(US) not in s.legal_actions(US)
    s.play(Plot(US, 1, ("B3009", "B3109")))  # any hex of the move may be the one
    s.play(Done(US))
    done_until(s, "landing")
    assert s.state.task_force(US, 1).into_wind  # type: ignore[union-attr]


def test_the_minimum_launch_factor_needs_no_wind() -> None:
    """VI.E.4: no more than the Minimum Launch Factor: the carrier moves as it likes."""
    s = formed(6)
    assert s.check(Plot(US, 1, ("B3009",))) is None
    assert s.check(Done(US)) is None


def test_floatplane_ships_never_turn_into_the_wind() -> None:
    """VI.E.4: only CV and CVL Ship units move into the wind; floatplane ships need not."""
    cruisers = tf(JP, 1, ["Tone", "Chikuma"], "A3010", {"c": {"pete": 2, "jake": 2}})
    s = session([cruisers], rng=ScriptedRng(dice=US_FIRST))
    done_until(s, "form-air-units")
    s.play(Form(JP, "tf1", 1, "pete", 2))
    s.play(Form(JP, "tf1", 1, "jake", 2))  # both ships' Maximum (2 + 2)
    done_until(s, "ship-plotting")
    assert s.check(Plot(JP, 1, ())) is None and s.check(Done(JP)) is None


def test_no_launch_past_the_minimum_where_the_wind_leads_off_the_mapboard() -> None:
    """VI.E: a carrier at the south-east corner cannot move into a north-west arrow's wind, so it
    may not launch more than its Minimum Launch Factor."""
    corner = tf(US, 1, ["Enterprise", "DD1"], "B4832", {"c": {"wildcat": 10}})
    assert not wind.windward(GAME, "B4832")
    s = session([corner], rng=ScriptedRng(dice=US_FIRST))
    done_until(s, "form-air-units")
    s.play(Form(US, "tf1", 1, "wildcat", 6))
    refused(s, Form(US, "tf1", 1, "wildcat", 1), "Minimum Launch Factor 6", "cannot", "VI.E")


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("{numeral: III, half: B, wind: nw}", "{numeral: III, half: B}", ["region sector-iii", "no Wind Direction"]),
        ("{numeral: VII, half: B, wind: nw}", "{numeral: VII, half: B, wind: east}", ["sector-vii", "'east'"]),
    ],
)
def test_a_broken_wind_arrow_is_one_line(tmp_path: Path, old: str, new: str, words: list[str]) -> None:
    folder = cv_copy(tmp_path)
    edit(folder / "board.yaml", old, new)
    one_problem(folder, "board.yaml:", *words)
