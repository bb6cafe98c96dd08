"""Colours and fonts of the chart-style map art, in one place."""

from __future__ import annotations

from PySide6.QtGui import QColor

PAPER = QColor("#e9e4d4")  # chart paper round the grid
SEA_TOP = QColor("#d8e9f1")
SEA_BOTTOM = QColor("#b9d4e4")
SEA_DEEP = QColor(40, 90, 140, 60)  # the vignette of deep water at the chart's far edges
SHALLOWS = QColor(220, 244, 236, 200)  # pale water round islands and reefs
LAGOON = QColor("#c4ebe2")
SURF = QColor(255, 255, 255, 215)
GRID = QColor(60, 96, 128, 150)
GRID_FAINT = QColor(60, 96, 128, 70)
LABEL = QColor("#27496a")
LAND = QColor("#d8c58e")
LAND_EDGE = QColor("#8a7548")
REEF = QColor("#3f8f7a")
ISLAND_TEXT = QColor("#3d4a1e")
OBJECTIVE_TEXT = QColor("#5b3a12")
HALO = QColor(255, 255, 255, 150)
FOG = QColor(120, 128, 136, 90)
FOG_HATCH = QColor(90, 98, 108, 110)
DANGER = QColor("#c0392b")
SUB = QColor("#b03024")
OBJECTIVE = QColor("#b8860b")
LIMIT = QColor("#1f5fbf")
SECTOR = QColor(30, 45, 70, 200)
SECTOR_TEXT = QColor(30, 45, 70, 60)
ENTRY = QColor(150, 120, 60, 40)
ENTRY_EDGE = QColor(120, 90, 40, 160)
AIR_ENTRY = QColor("#6a3d9a")
REFERENCE = QColor("#2e7d32")
EXIT = QColor(40, 70, 110, 40)
HIGHLIGHT = QColor(255, 214, 64, 110)
HIGHLIGHT_EDGE = QColor(200, 150, 0, 220)
COSTLY = QColor(80, 140, 230, 110)
BOX_FILL = QColor("#e9e2cc")
BOX_EDGE = QColor("#5a4a2a")
TRACK_FILL = QColor("#f3ecd6")
CARRIER_FILL = QColor("#c9c1a8")
CAP_FILL = QColor("#d7e7f3")
DISPLAY_SEA = QColor("#2f5673")
BOX_TEXT = QColor("#2b2416")
TRACK_TEXT = QColor("#f4efe0")  # a track's figures, printed on the display's sea above it

US_FACE = QColor("#4b6f8f")
US_TEXT = QColor("#ffffff")
JP_FACE = QColor("#e0c27a")
JP_TEXT = QColor("#2b1d0e")
NEUTRAL_FACE = QColor("#f2efe6")
NEUTRAL_TEXT = QColor("#222222")

COUNTER_EDGE = QColor(0, 0, 0, 150)

FONT_FAMILY = "DejaVu Sans"
SERIF_FAMILY = "DejaVu Serif"

# The high-contrast option (View menu, remembered): counters in pure nation colours with black
# or white ink and a heavy edge, for a dim room or weak eyes.
_NORMAL = {
    name: QColor(globals()[name])
    for name in (
        "US_FACE",
        "US_TEXT",
        "JP_FACE",
        "JP_TEXT",
        "NEUTRAL_FACE",
        "NEUTRAL_TEXT",
        "COUNTER_EDGE",
        "GRID",
        "LABEL",
        "SEA_TOP",
        "SEA_BOTTOM",
        "SEA_DEEP",
        "SHALLOWS",
        "LAGOON",
        "SURF",
        "LAND",
        "LAND_EDGE",
        "REEF",
        "ISLAND_TEXT",
        "OBJECTIVE_TEXT",
        "HALO",
    )
}
_HIGH = {
    "US_FACE": QColor("#0a2a66"),
    "US_TEXT": QColor("#ffffff"),
    "JP_FACE": QColor("#ffd21f"),
    "JP_TEXT": QColor("#000000"),
    "NEUTRAL_FACE": QColor("#ffffff"),
    "NEUTRAL_TEXT": QColor("#000000"),
    "COUNTER_EDGE": QColor("#000000"),
    "GRID": QColor(10, 30, 60, 230),
    "LABEL": QColor("#000000"),
    # The sea lighter and flatter, the land and reefs darker and edged in black: coasts and
    # print stand out from the water.
    "SEA_TOP": QColor("#e6f2f8"),
    "SEA_BOTTOM": QColor("#d2e6f1"),
    "SEA_DEEP": QColor(20, 60, 110, 40),
    "SHALLOWS": QColor(255, 255, 255, 230),
    "LAGOON": QColor("#ffffff"),
    "SURF": QColor(255, 255, 255, 255),
    "LAND": QColor("#a8782a"),
    "LAND_EDGE": QColor("#000000"),
    "REEF": QColor("#005a46"),
    "ISLAND_TEXT": QColor("#000000"),
    "OBJECTIVE_TEXT": QColor("#000000"),
    "HALO": QColor(255, 255, 255, 235),
}
_high = False


def high_contrast() -> bool:
    return _high


def set_high_contrast(on: bool) -> None:
    """Switch every colour that differs in the high-contrast scheme (callers redraw)."""
    global _high
    _high = bool(on)
    globals().update({name: QColor(c) for name, c in (_HIGH if _high else _NORMAL).items()})
