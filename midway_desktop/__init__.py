"""Midway Desktop: four Battle of Midway board wargames on one rules engine."""

__version__ = "0.1.0"
