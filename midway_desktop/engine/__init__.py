"""The rules engine shared by all four games. No Qt here."""

from midway_desktop.engine.actions import Action, ActionCodec, ActionError
from midway_desktop.engine.events import ALL, UMPIRE, Event, roll_event, visible
from midway_desktop.engine.registry import get_rules, is_playable, new_game, playable_games
from midway_desktop.engine.rng import Rng, ScriptedRng, seed_state
from midway_desktop.engine.rules import SYSTEM, Blocker, Option, Outcome, Phase, Rules, Scenario
from midway_desktop.engine.session import IllegalAction, Session, Submitted

__all__ = [
    "ALL",
    "SYSTEM",
    "UMPIRE",
    "Action",
    "ActionCodec",
    "ActionError",
    "Blocker",
    "Event",
    "IllegalAction",
    "Option",
    "Outcome",
    "Phase",
    "Rng",
    "Rules",
    "Scenario",
    "ScriptedRng",
    "Session",
    "Submitted",
    "get_rules",
    "is_playable",
    "new_game",
    "playable_games",
    "roll_event",
    "seed_state",
    "visible",
]
