"""What each side may know (MS › Game Components: the whole board is open).

The player sees every unit, status board, the card in play and the face-up cards; only the
order of the face-down deck is hidden (``"umpire"`` sees it).
"""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.events import UMPIRE
from midway_desktop.games.midway_solitaire.cards import Card
from midway_desktop.games.midway_solitaire.data import Ruleset
from midway_desktop.games.midway_solitaire.state import State
from midway_desktop.games.midway_solitaire.victory import MISSIONS, RESULTS


def card_view(card: Card) -> dict[str, Any]:
    return {
        "number": card.number,
        "title": card.title,
        "moves": {unit: move.describe() for unit, move in zip(("AIF", "CSF", "MIF"), card.moves)},
        "event": card.event,
        "hazard": card.hazard,
        "history": card.history,
    }


def side_view(rs: Ruleset, state: State, side: str) -> dict[str, Any]:
    """Plain JSON-ready data for ``side``; the deck order only for the umpire."""
    mission = MISSIONS[state.mission]
    battle = state.battle
    out: dict[str, Any] = {
        "game": "midway-solitaire",
        "turn": state.turn,
        "phase": state.phase,
        "mission": {
            "number": mission.number,
            "objective": mission.objective,
            "difficulty": mission.difficulty,
            "targets": list(mission.targets),
            "no_losses": mission.no_losses,
        },
        "task_forces": [
            {
                "name": t.name,
                "square": t.square or None,
                "damage": t.damage,
                "damage_limit": rs.forces.damage(t.name),
                "firepower": rs.forces.firepower(t.name),
                "extra_fuel": t.fuel,
                "long_range_attacks": t.long_range,
                "sunk": t.sunk,
                "moved": t.name in state.moved,
                "long_range_used_this_turn": t.name in state.struck,
            }
            for t in state.task_forces
        ],
        "midway_aircraft": state.ma,
        "japanese": [
            {
                "name": j.name,
                "square": j.square,
                "damage": j.damage,
                "damage_limit": rs.forces.damage(j.name),
                "firepower": rs.forces.firepower(j.name),
                "sunk": j.sunk,
            }
            for j in state.japanese
        ],
        "card": card_view(rs.deck[state.card]) if state.card is not None else None,
        "played": list(state.played),
        "cards_left": len(state.deck),
        "battle": None
        if battle is None
        else {
            "kind": battle.kind,
            "square": battle.square,
            "americans": list(battle.americans),
            "japanese": list(battle.japanese),
            "round": battle.round,
            "rounds": battle.rounds,
            "hits_on_americans": battle.on_american,
            "hits_on_japanese": battle.on_japanese,
        },
        "battles_to_come": list(state.pending),
        "result": state.result,
        "winner": RESULTS.get(state.result) if state.result else None,
        "result_text": state.result_text,
    }
    if side == UMPIRE:
        out["deck"] = list(state.deck)
    return out
