"""The sequence of play as data (MS › Sequence of Play).

The player acts in the ``us`` phases; the ``system`` phases (the Japanese side, driven by the
action deck) run by themselves inside the action that ends the step before them, so a game
only ever waits in a phase where the player has something to decide.
"""

from __future__ import annotations

from midway_desktop.engine.rules import SYSTEM, Phase

US = "us"

PHASES: tuple[Phase, ...] = (
    Phase(
        "setup", "Set up the task forces", (US,), "MS › Game Setup 1: TF-16 and TF-17 on any square of column L or M"
    ),
    Phase("us-movement", "Move the American task forces", (US,), "MS › Sequence of Play 1; Unit Movement"),
    Phase("ma-placement", "Place the Midway aircraft", (US,), "MS › Sequence of Play 2; American Units (MA)"),
    Phase("card", "Flip the action card: events", (SYSTEM,), "MS › Sequence of Play 3; Action Card Play"),
    Phase(
        "japanese-movement",
        "Move the Japanese forces",
        (SYSTEM,),
        "MS › Sequence of Play 4; Unit Movement; Japanese Edge of Board Movement",
    ),
    Phase(
        "combat",
        "Hazards and combat",
        (SYSTEM,),
        "MS › Sequence of Play 5; Combat Resolution (submarine, danger zone, MA and ship attacks)",
    ),
    Phase("long-range", "Long range attacks", (US,), "MS › Long Range Attacks: after Japanese movement"),
    Phase("assign-hits", "Assign hits", (US,), "MS › Ship Attacks: the American player assigns hits"),
    Phase("end-turn", "End of turn", (SYSTEM,), "MS › Sequence of Play 6: begin a new turn"),
    Phase("over", "Game over", (), "MS › Victory Conditions"),
)

PHASE = {p.name: p for p in PHASES}
