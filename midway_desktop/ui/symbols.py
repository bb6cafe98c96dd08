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

from collections import OrderedDict

from PySide6.QtCore import QBuffer, QByteArray, QRectF, QSize, QSizeF
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter

from midway_desktop.ruleset.locate import resources_root
from midway_desktop.ui.shapes import fill_rect
from midway_desktop.values import frozen_value

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
MARKERS = ("task-force", "air-search", "ship-search", "sighted", "battle", "base", "turn", "strike", "ground")
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
    "air-search": "air search marker",
    "ship-search": "ship search marker",
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


@frozen_value
class _Drawing:
    """A symbol's SVG text, read once, and its own size (its viewBox)."""

    data: QByteArray  # the SVG text, read once
    size: QSize  # its viewBox, for its shape


_DRAWINGS: dict[str, _Drawing | None] = {}
# Each symbol rendered once per size and ink: a zoom redraws hundreds of faces with a handful
# of symbols (a face with one costs 0.3 ms more to draw without this).
_TINTED: OrderedDict[tuple[str, int, int, int], QImage] = OrderedDict()


def _drawing(name: str) -> _Drawing | None:
    if name not in _DRAWINGS:
        path = resources_root() / "symbols" / f"{name}.svg"
        found = None
        if name and path.is_file():
            data = QByteArray(path.read_bytes())
            size, _none = _render(data)
            found = _Drawing(data, size) if size.isValid() and not size.isEmpty() else None
        _DRAWINGS[name] = found
    return _DRAWINGS[name]


def _render(data: QByteArray, size: QSize | None = None) -> tuple[QSize, QImage]:
    """The drawing's own size and, when ``size`` is given, the drawing rendered at it. Qt's SVG
    image plugin (the one that draws the app's icon) renders it: vector at whatever size is
    asked, and no Qt module beyond those the packaged app ships."""
    buffer = QBuffer()
    buffer.setData(data)
    reader = QImageReader(buffer, b"svg")
    own = reader.size()
    if size is None:
        return own, QImage()
    reader.setScaledSize(size)
    return own, reader.read()


def exists(name: str) -> bool:
    """True when the symbol has a drawing."""
    return _drawing(name) is not None


def aspect(name: str) -> float:
    """Width over height of a symbol's drawing (ships are long and low, planes square)."""
    d = _drawing(name)
    return d.size.width() / d.size.height() if d is not None else 1.0


def fitted(name: str, room: QRectF) -> QRectF:
    """The largest rectangle of the symbol's shape centred in ``room``."""
    a = aspect(name)
    w = min(room.width(), room.height() * a)
    size = QSizeF(w, w / a)
    centre = room.center()
    return QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(), size.height())


def draw_symbol(painter: QPainter, name: str, rect: QRectF, ink: QColor) -> bool:
    """Paint the symbol into ``rect`` (device pixels, already fitted) in the colour ``ink``;
    False when there is no such symbol."""
    d = _drawing(name)
    if d is None or rect.width() < 1 or rect.height() < 1:
        return False
    w, h = max(1, round(rect.width())), max(1, round(rect.height()))
    key = (name, w, h, ink.rgba())
    img = _TINTED.get(key)
    if img is None:
        img = _render(d.data, QSize(w, h))[1].convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        if img.isNull():
            return False
        p = QPainter(img)
        # Tint: keep the drawing's coverage, take the nation's ink.
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        fill_rect(p, QRectF(0, 0, w, h), ink)
        p.end()
        _TINTED[key] = img
        while len(_TINTED) > 256:
            _TINTED.popitem(last=False)
    else:
        _TINTED.move_to_end(key)
    painter.drawImage(QRectF(rect.x(), rect.y(), w, h), img)
    return True
