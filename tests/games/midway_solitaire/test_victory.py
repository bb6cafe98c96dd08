"""How a game of Midway Solitaire ends (MS › Victory Conditions)."""

from __future__ import annotations

import pytest

from midway_desktop.games.midway_solitaire.rules import RULES
from midway_desktop.games.midway_solitaire.victory import MISSIONS, RESULTS, verdict
from tests.games.midway_solitaire.helpers import first_card, flip, position, start_for


def sunk(mission: int, *units: str):  # type: ignore[no-untyped-def]
    limits = RULES.rs.limit
    return position(mission=mission, sunk=units, damage={u: limits[u] for u in units})


def test_six_missions_with_their_difficulty() -> None:
    """MS › Victory Conditions: the mission table."""
    table = {n: (m.targets, m.no_losses, m.difficulty) for n, m in MISSIONS.items()}
    assert table == {
        1: (("MIF",), True, "Easy"),
        2: (("MIF", "AIF"), True, "Difficult"),
        3: (("CSF",), False, "More Difficult"),
        4: (("CSF", "MIF"), False, "Very Difficult"),
        5: (("CSF", "AIF"), False, "Very Difficult"),
        6: (("AIF", "CSF", "MIF"), False, "Extremely Difficult"),
    }


@pytest.mark.parametrize("mission", range(1, 7))
def test_sinking_the_targets_wins(mission: int) -> None:
    """MS › Victory Conditions: the American wins on the mission's objective."""
    targets = MISSIONS[mission].targets
    assert verdict(sunk(mission, *targets))[0] == "american-victory"
    if len(targets) > 1:
        assert verdict(sunk(mission, *targets[:-1])) is None


@pytest.mark.parametrize("mission", [1, 2])
def test_missions_one_and_two_fail_with_any_loss(mission: int) -> None:
    """MS › Victory Conditions: missions 1 and 2 are "without losing any American units"."""
    assert verdict(sunk(mission, "TF-17"))[0] == "japan-losses"
    assert verdict(sunk(mission, "TF-17", *MISSIONS[mission].targets))[0] == "japan-losses"  # a tie


@pytest.mark.parametrize("mission", [3, 4, 5, 6])
def test_later_missions_survive_one_loss(mission: int) -> None:
    """MS › Victory Conditions: missions 3-6 may lose one TF and still win."""
    assert verdict(sunk(mission, "TF-16")) is None
    assert verdict(sunk(mission, "TF-16", *MISSIONS[mission].targets))[0] == "american-victory"


@pytest.mark.parametrize("mission", range(1, 7))
def test_both_task_forces_sunk_is_a_japanese_win_and_ties_go_to_japan(mission: int) -> None:
    """MS › Victory Conditions: both TFs eliminated before the objective is achieved: Japan;
    "Any ties go to the Japanese"."""
    assert verdict(sunk(mission, "TF-16", "TF-17"))[0] in ("japan-fleet-sunk", "japan-losses")
    tie = verdict(sunk(mission, "TF-16", "TF-17", *MISSIONS[mission].targets))
    assert RESULTS[tie[0]] == "japan" and "tie" in tie[1]


def test_mission_one_won_in_battle() -> None:
    """MS › Victory Conditions: mission 1 ends the moment the MIF sinks with no TF lost."""
    card = first_card("all-clear")
    st = position(mission=1, tf16="H6", tf17="M9", damage={"MIF": 3}, top=[card], mif=start_for(card, "MIF", "H6"))
    after, events = flip(st, dice=[1, 1, 1, 6, 1, 1, 1])  # MIF misses; TF-16 hits once
    assert after.result == "american-victory" and after.phase == "over"
    assert RULES.outcome(after).winner == "us" and RULES.outcome(after).scores == {"us": 1.0}
    assert events[-1].kind == "game-over"


def test_mission_one_tie_in_battle_goes_to_japan() -> None:
    """MS › Victory Conditions: the MIF and TF-17 sink in the same round: a tie, Japan wins."""
    card = first_card("all-clear")
    st = position(
        mission=1, tf17="H6", tf16="M9", damage={"MIF": 3, "TF-17": 3}, top=[card], mif=start_for(card, "MIF", "H6")
    )
    after, _ = flip(st, dice=[6, 1, 1, 6, 1, 1])
    assert after.tf("TF-17").sunk and after.jp("MIF").sunk
    assert after.result == "japan-losses" and RULES.outcome(after).winner == "japan"


def test_a_hazard_can_decide_the_game() -> None:
    """MS › Victory Conditions with Japanese Submarine Attacks: a sub attack sinking the last TF."""
    square = sorted(RULES.rs.grid.submarines)[0]
    st = position(
        mission=3,
        tf16=square,
        tf17="M9",
        sunk=["TF-17"],
        damage={"TF-17": 4, "TF-16": 5},
        top=[first_card("sub-sighted")],
    )
    after, _ = flip(st, dice=[6])
    assert after.result == "japan-fleet-sunk"
