"""What the CV screen calls each Combat Step: the combat board's strip, the status bar and the
Orders dock use the same names (a module of its own, so that the screen names a step without
loading the combat board)."""

from __future__ import annotations

# The steps as the strip names them, in the Sequence of Play's order (IV.E).
STEP_SHORT = {
    "air-to-air": "Air-to-Air: Interceptors and Escorts",
    "interception": "Air-to-Air: Interceptors on Bombers",
    "aa": "AA",
    "bombing": "Bombing",
    "air-losses": "Air Factors lost on the Base",
    "surface-set-up": "Surface set-up",
    "surface-gunnery": "Gunnery",
    "surface-torpedo": "Surface Torpedo",
    "breakthrough": "Breakthrough",
    "bombardment": "Bombardment",
    "bombardment-losses": "Air Factors lost to the Bombardment",
    "ground-combat": "Ground Combat",
}

# Said beside "nothing to order" while a Condition 2 strength may still be set (Basic III.C.2).
ANNOUNCE_TOO = "You may still set the strength to announce for a unit the enemy sees at Condition 2 (optional)."
