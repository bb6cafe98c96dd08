"""CV's counters as printed, for the CV desktop to draw: a ship unit shows its type, name or
number, silhouette and its AA, gunnery, torpedo and movement factors; a plane unit its
silhouette, plane type, function and air factor, with a bar when land-based (CV › Game
Components, Unit Counters). Red for Japan and gray for America on the printed sheets; here each
nation's colours as in the other games."""

from __future__ import annotations

from midway_desktop.games.cv.planes import PlaneType
from midway_desktop.games.cv.ships import Ship
from midway_desktop.ui.counters import CounterFace
from midway_desktop.ui.symbols import plane_symbol, ship_symbol

SIDES = {"american": "us", "japanese": "japan"}


def ship_face(ship: Ship, reduced: bool = False) -> CounterFace:
    """A ship unit: ``Enterprise``, ``CV``, factors ``AA-gunnery-torpedo-movement``."""
    c = ship.ship_class
    values = f"{c.aa}-{c.gunnery}-{c.torpedo}-{c.movement}"
    return CounterFace(SIDES.get(c.side, "neutral"), ship.title, c.type, values, reduced, ship_symbol(c.type))


def plane_face(plane: PlaneType, air_factor: int) -> CounterFace:
    """A plane unit of ``air_factor`` planes' worth: ``Dauntless``, ``DB``, ``3``; a land-based
    type's function is underlined by its bar (Intro III.B.1)."""
    kind = f"{plane.function} · land" if plane.land_based else plane.function
    return CounterFace(
        SIDES.get(plane.side, "neutral"), plane.title, kind, str(air_factor), symbol=plane_symbol(plane.function)
    )
