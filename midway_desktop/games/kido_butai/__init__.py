"""Kido Butai: Japan's Carriers at Midway (Dr. Richter Konfliktsimulationen, 2016).

The rules live in :mod:`.rules` (``RULES``, ``default_bots``); this package stays light so
that reading its ruleset does not load the engine.
"""
