"""The pictorial symbols printed on counters, and which one each game's units carry.

Printed counters carry a picture: a ship's silhouette by its type, a plane's by its function
(CV › Game Components, Unit Counters: plane, ship and ground units each show a pictorial
symbol; VaM › Combat Units: its aircraft are identified by line drawings of their models).
The art in ``resources/symbols`` is drawn for this project: single-colour SVG, ships side-on
with the bow to the right, planes from above with the nose up (a Kido Butai squadron turns to
face its way, so the nose shows where it heads), tinted with each nation's ink when a face is
drawn. Faces are cached per size (``counters.face_pixmap``),
so an SVG is rendered once per zoom level, never per paint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from midway_desktop.ruleset.locate import resources_root

if TYPE_CHECKING:
    from PySide6.QtSvg import QSvgRenderer

# Ship types as the rulesets spell them (VaM units.yaml, CV ships.yaml) -> silhouette.
SHIP_SYMBOLS: dict[str, str] = {
    "CV": "cv",
    "CVL": "cvl",
    "BB": "bb",
    "CA": "ca",
    "CAV": "ca",  # Tone class: a heavy cruiser with a floatplane deck aft
    "CL": "cl",
    "DD": "dd",
    "AP": "ap",
    "TT": "ap",  # VaM's troop transports
    "AV": "av",
    "ST": "av",  # VaM's seaplane tenders (ST11)
    "SFT": "av",  # VaM's special force tenders (Chiyoda, Nisshin)
    "AS": "as",
    "SS": "ss",
    "MS": "ss",  # CV's midget submarines
    "PG": "pg",
}
# Plane functions: VaM's letters (F, D, T, H, P) and CV's (F, DB, TB, MB, HB, FB, FP).
PLANE_SYMBOLS: dict[str, str] = {
    "F": "fighter",
    "D": "dive-bomber",
    "DB": "dive-bomber",
    "T": "torpedo-bomber",
    "TB": "torpedo-bomber",
    "MB": "level-bomber",
    "H": "heavy-bomber",
    "HB": "heavy-bomber",
    "P": "flying-boat",
    "FB": "flying-boat",
    "FP": "float-plane",
}
# Kido Butai's squadron faces: a Zero, or a bomber on its bomb (Val) or torpedo (Kate) side.
SQUADRON_SYMBOLS: dict[str, str] = {"fighter": "fighter", "bomb": "dive-bomber", "torpedo": "torpedo-bomber"}
# Markers that are no ship or plane: what each stands for.
MARKERS = ("task-force", "search", "sighted", "battle", "base", "turn", "strike", "ground")
# Midway Solitaire's counters are whole forces (MS › Game Components).
FORCE_SYMBOLS: dict[str, str] = {
    "TF-16": "cv",
    "TF-17": "cv",
    "MA": "base",
    "AIF": "cvl",  # the Aleutians force led by the light carrier Ryujo
    "CSF": "cv",
    "MIF": "ap",
}
# What each drawing shows, in words (the hover description names it).
SYMBOL_NAMES: dict[str, str] = {
    "cv": "aircraft carrier",
    "cvl": "light aircraft carrier",
    "bb": "battleship",
    "ca": "heavy cruiser",
    "cl": "light cruiser",
    "dd": "destroyer",
    "ap": "transport",
    "av": "seaplane tender",
    "as": "submarine tender",
    "ss": "submarine",
    "pg": "gunboat",
    "fighter": "fighter",
    "dive-bomber": "dive bomber",
    "torpedo-bomber": "torpedo bomber",
    "level-bomber": "medium (level) bomber",
    "heavy-bomber": "heavy bomber",
    "flying-boat": "flying boat",
    "float-plane": "floatplane",
    "task-force": "task force / fleet marker",
    "search": "search marker",
    "sighted": "sighting marker",
    "battle": "battle marker",
    "base": "air base",
    "turn": "turn marker",
    "strike": "air strike",
    "ground": "ground troops",
}
SYMBOLS = frozenset(SHIP_SYMBOLS.values()) | frozenset(PLANE_SYMBOLS.values()) | frozenset(MARKERS)


def ship_symbol(kind: str) -> str:
    """The silhouette of a ship type ("" for a type with none)."""
    return SHIP_SYMBOLS.get(kind.upper(), "")


def plane_symbol(function: str) -> str:
    """The silhouette of a plane function ("" for one with none)."""
    return PLANE_SYMBOLS.get(function.upper(), "")


def unit_symbol(unit: str) -> str:
    """The symbol for a bare unit id (VaM's ``SS1``, ``TF16``, ``Akagi-F1``): read from its
    letters, for the pieces known only by id (an enemy deployed on the battle board)."""
    if "-" in unit:
        return plane_symbol(unit.rsplit("-", 1)[-1].rstrip("0123456789")) or "strike"
    letters = "".join(ch for ch in unit if ch.isalpha()).upper()
    if letters in ("TF", "FLEET"):
        return "task-force"
    return ship_symbol(letters)


_RENDERERS: dict[str, QSvgRenderer] = {}


def _renderer(name: str) -> QSvgRenderer | None:
    found = _RENDERERS.get(name)
    if found is None:
        from PySide6.QtSvg import QSvgRenderer  # on the first face drawn, not at start-up

        path = resources_root() / "symbols" / f"{name}.svg"
        found = QSvgRenderer(str(path)) if path.is_file() else QSvgRenderer()
        _RENDERERS[name] = found
    return found if found.isValid() else None


def exists(name: str) -> bool:
    """True when the symbol has a drawing."""
    return bool(name) and _renderer(name) is not None


def aspect(name: str) -> float:
    """Width over height of a symbol's drawing (ships are long and low, planes square)."""
    r = _renderer(name)
    if r is None:
        return 1.0
    box = r.viewBoxF()
    return box.width() / box.height() if box.height() > 0 else 1.0


def fitted(name: str, room: QRectF) -> QRectF:
    """The largest rectangle of the symbol's shape centred in ``room``."""
    a = aspect(name)
    w = min(room.width(), room.height() * a)
    size = QSizeF(w, w / a)
    return QRectF(
        room.center().x() - size.width() / 2, room.center().y() - size.height() / 2, size.width(), size.height()
    )


def draw_symbol(painter: QPainter, name: str, rect: QRectF, ink: QColor) -> bool:
    """Paint the symbol into ``rect`` (device pixels, already fitted) in the colour ``ink``;
    False when there is no such symbol."""
    r = _renderer(name)
    if r is None or rect.width() < 1 or rect.height() < 1:
        return False
    w, h = max(1, round(rect.width())), max(1, round(rect.height()))
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    r.render(p, QRectF(0, 0, w, h))
    # Tint: keep the drawing's coverage, take the nation's ink.
    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
    p.fillRect(QRectF(0, 0, w, h), ink)
    p.end()
    painter.drawImage(QRectF(rect.x(), rect.y(), w, h), img)
    return True
