"""Missions and how the game ends (MS › Victory Conditions)."""

from __future__ import annotations

from dataclasses import dataclass

from midway_desktop.games.midway_solitaire.state import State


@dataclass(frozen=True)
class Mission:
    """One of the six missions: the forces to sink, its objective and difficulty (MS › Victory Conditions)."""

    number: int
    targets: tuple[str, ...]  # Japanese forces to sink
    no_losses: bool  # "without losing any American units"
    objective: str
    difficulty: str


# MS › Victory Conditions: the six missions, their objectives and difficulty.
MISSIONS: dict[int, Mission] = {
    1: Mission(1, ("MIF",), True, "Sink the Midway Invasion Force without losing any American units", "Easy"),
    2: Mission(
        2, ("MIF", "AIF"), True, "Sink the Midway and Aleutian forces without losing any American units", "Difficult"
    ),
    3: Mission(3, ("CSF",), False, "Sink the Carrier Strike Force", "More Difficult"),
    4: Mission(4, ("CSF", "MIF"), False, "Sink the CSF and the MIF", "Very Difficult"),
    5: Mission(5, ("CSF", "AIF"), False, "Sink the CSF and the AIF", "Very Difficult"),
    6: Mission(6, ("AIF", "CSF", "MIF"), False, "Sink all three Japanese forces", "Extremely Difficult"),
}

# Result key -> winner. Keys are what bot statistics count.
RESULTS: dict[str, str] = {
    "american-victory": "us",
    "japan-objective": "japan",  # a Japanese force entered Alaska, Midway or the Hawaiian Islands
    "japan-fleet-sunk": "japan",  # both task forces sunk
    "japan-losses": "japan",  # missions 1-2: an American unit was lost
    "japan-time": "japan",  # the deck ran out first (provisional)
}


def verdict(state: State) -> tuple[str, str] | None:
    """Whether the fighting so far has decided the game: ``(result, text)`` or ``None``.

    MS › Victory Conditions: the Japanese win if both TFs are eliminated before the American
    objective is achieved; missions 1 and 2 also fail with any American unit lost; the
    American wins on sinking the mission's targets. "Any ties go to the Japanese": checked
    after each attack or combat round, Japanese conditions first.
    """
    mission = MISSIONS[state.mission]
    jp = state.jp
    tfs = state.task_forces
    for t in tfs:  # the common case, checked first (in loops: no calls): no TF lost, a target afloat
        if t.sunk:
            break
    else:
        if tfs:
            for j in state.japanese:
                if not j.sunk and j.name in mission.targets:
                    return None
    lost = [t.name for t in tfs if t.sunk]
    done = all([jp(u).sunk for u in mission.targets])
    if not lost and not done and tfs:  # nothing decided
        return None
    tie = " (a tie goes to the Japanese)" if done else ""
    if len(lost) == len(state.task_forces):
        return "japan-fleet-sunk", f"Both American task forces are sunk: Japanese victory{tie}."
    if mission.no_losses and lost:
        return (
            "japan-losses",
            f"{' and '.join(lost)} lost: mission {mission.number} needed no losses. Japanese victory{tie}.",
        )
    if done:
        return (
            "american-victory",
            f"Mission {mission.number} accomplished: {_as_clause(mission.objective)}. American victory.",
        )
    return None


def _as_clause(sentence: str) -> str:
    """A sentence read on after a colon: its first letter lower-case, its names as printed
    ("Sink the Midway Invasion Force" -> "sink the Midway Invasion Force")."""
    return sentence[:1].lower() + sentence[1:]


def objective_text(unit: str, objective: str) -> str:
    """MS › Victory Conditions: automatic Japanese victory on reaching an objective square."""
    place = {"alaska": "Alaska", "midway": "Midway", "hawaiian-islands": "the Hawaiian Islands"}[objective]
    return f"The {unit} reaches {place}: automatic Japanese victory."
