"""Victory at Midway (Command Magazine #14, 1992): double-blind carrier battle on 100-mile hexes.

``rules.RULES`` is the game for the engine; ``units`` reads the counter mix from the ruleset.
"""
