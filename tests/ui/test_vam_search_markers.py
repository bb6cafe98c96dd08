"""Victory at Midway's Air search and Ship search markers are told apart at a glance (issue 37:
they looked alike on the map). Every search marker a game puts on either side's map (its own,
and the enemy's it is told of) and on its "To place" piles is drawn at every size a counter can
have, from the smallest zoom out to the hover's large picture: an Air search never draws the
same as a Ship search, and differs from it by more than a speck."""

from __future__ import annotations

from PySide6.QtGui import QImage

from midway_desktop.engine import Session, get_rules
from midway_desktop.engine.registry import default_bots
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.gestures import SEARCH_PIECE
from midway_desktop.ui.board_view import MIN_COUNTER_PX
from midway_desktop.ui.counters import CounterFace, face_pixmap
from midway_desktop.ui.games.victory_at_midway.layout import map_counters, search_row

SIZES = range(MIN_COUNTER_PX, 129, 3)


def search_faces() -> dict[tuple[str, bool, str], set[CounterFace]]:
    """Every search marker's face a game shows, by (the marker's colours, dimmed, its kind); the
    kind read from the view the marker was drawn from, not from the face."""
    rules = get_rules("victory-at-midway")
    found: dict[tuple[str, bool, str], set[CounterFace]] = {}
    for seed in (2, 5):
        session = Session.start(rules, seed=seed)
        bots = default_bots("victory-at-midway")(rules)
        luck = Rng(seed)
        while session.outcome() is None and session.state.turn < 8:
            side = session.to_act()[0]
            session.play(bots[side].choose(session, side, session.legal_actions(side), luck))
            for viewer in ("us", "japan"):
                view = session.view(viewer)
                sv = view[viewer]
                faces = []
                for piece, (_where, face, _tip) in map_counters(view).items():
                    kind, _side, i = (piece.split(":") + ["", ""])[:3]
                    if kind == "search":
                        faces.append((sv["searches"][int(i)][0], face))
                    elif kind == "their-search":
                        faces.append((sv["enemy_searches"][int(i)][0], face))
                for kind in ("air", "ship"):
                    faces.append((kind, search_row(view, SEARCH_PIECE + kind).face))
                for kind, face in faces:
                    found.setdefault((face.side, face.reduced, kind), set()).add(face)
    return found


def _image(face: CounterFace, size: int) -> QImage:
    return face_pixmap(face, size, 1.0).toImage().convertToFormat(QImage.Format.Format_ARGB32)


def _apart(a: QImage, b: QImage) -> float:
    """The share of the face's pixels that differ clearly between two pictures of it."""
    differ = 0
    for y in range(a.height()):
        for x in range(a.width()):
            pa, pb = a.pixelColor(x, y), b.pixelColor(x, y)
            if abs(pa.lightness() - pb.lightness()) > 60:
                differ += 1
    return differ / (a.width() * a.height())


def test_air_and_ship_search_markers_differ_at_every_size(qapp) -> None:  # type: ignore[no-untyped-def]
    found = search_faces()
    pairs = [(air, ship) for (side, dim, kind), faces in found.items() if kind == "air"
             for air in faces for ship in found.get((side, dim, "ship"), ())]  # fmt: skip
    sides = {(side, dim) for side, dim, _kind in found}
    assert {("neutral", False), ("us", True), ("japan", True)} <= sides, sides  # own, and the enemy's word
    assert pairs
    for air, ship in pairs:
        assert air.symbol != ship.symbol and air.title != ship.title
        for size in SIZES:
            apart = _apart(_image(air, size), _image(ship, size))
            assert apart > 0.03, f"{air} and {ship} look alike at {size} px ({apart:.1%} apart)"
