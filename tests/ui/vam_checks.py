"""What a Victory at Midway window must show, read independently from the engine's view.

``assert_docks_match_view`` is asked after every action of a game: every counter of the
viewing side is where the view says (on the map, in its holding box, or on the "To place"
list), nothing is shown twice or a step late, every piece with an order can be dragged from
somewhere, and the log shows everything the side has heard. The holding boxes are read as a
player sees them, turning to each tab of the box stack in turn: a dock's boxes are filled when
it comes on show, so a box is checked as it is when seen, never as it waits unseen.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from midway_desktop.games.victory_at_midway.gestures import SEARCH_PIECE, movable
from midway_desktop.ui.games.base import window_tab_bars
from midway_desktop.ui.games.victory_at_midway.layout import is_hex, map_counters

AIR_BOXES = {"ready": "ready", "notready": "notready", "notready2": "notready2", "trapped": "trapped"}


def every_box(w):  # type: ignore[no-untyped-def]
    """Every holding box of the window (key to model), each as it shows when its tab is turned
    to (a click on the tab, as a player turns to it); then each tab bar is back where it was."""
    QApplication.processEvents()  # as between a player's clicks: the window has laid out its docks
    for bar in window_tab_bars(w):
        if bar.isVisible():
            front = bar.currentIndex()
            for i in range(bar.count()):
                bar.setCurrentIndex(i)
            bar.setCurrentIndex(front)
    return dict(w.presenter.box_models)


def _box(boxes, key: str) -> list[str]:  # type: ignore[no-untyped-def]
    model = boxes.get(key)
    assert model is not None, f"no holding box {key}"
    return list(model.pieces())


def _own_expected(view: dict[str, Any], side: str) -> dict[str, str]:
    """Where each of ``side``'s counters belongs, from the rules' vocabulary (not the layout's
    selectors): a box key, "map:HEX", or "place" for a piece still to set up or enter."""
    sv = view[side]
    out: dict[str, str] = {}
    for s in sv["ships"]:
        where, fm = s["where"], s["formation"]
        if where == "sunk":
            out[s["id"]] = f"loss:{side}:destroyed"
        elif where == "withdrawn":
            out[s["id"]] = f"loss:{side}:withdrawn"
        elif where == "entry":
            out[s["id"]] = "place"
        elif fm:
            out[s["id"]] = f"fm:{fm}"
        elif is_hex(where):
            out[s["id"]] = f"map:{where}"
        else:
            out[s["id"]] = f"fm:{side}:alone"  # unplaced, before set-up
    for a in sv["aircraft"]:
        where = a["where"]
        if where in AIR_BOXES:
            out[a["id"]] = f"air:{a['base']}:{where}"
        elif where == "lost":
            out[a["id"]] = f"loss:{side}:destroyed"
        elif where == "ditched":
            out[a["id"]] = f"loss:{side}:ditched"
        elif where == "aloft":
            f = a["flight"]
            midway = "strike:midway" if side == "japan" else f"strike:midway:{side}"
            out[a["id"]] = midway if f["kind"] == "midway" else f"strike:{f['kind']}:{f['target']}"
    for g in sv["ground"]:
        where = g["where"]
        if where == "lost":
            out[g["id"]] = f"loss:{side}:destroyed"
        elif where == "Midway":
            out[g["id"]] = "ground:defense" if side == "us" else "ground:ashore"
        elif where.startswith("TT"):
            out[g["id"]] = f"ground:{where}"
    return out


def assert_docks_match_view(w) -> None:  # type: ignore[no-untyped-def]
    """The window shows the current view, all of it, each piece once, none a step late."""
    p, c = w.presenter, w.controller
    view = c.view()
    viewer = view["viewer"]
    if p.playback.active and (view.get("solitaire") or c.bots):
        return  # the board waits on purpose while the doctrine's or the computer's moves are shown
    boxes = every_box(w)
    assert p.view == view, "the presenter draws from a view other than the current one"
    # The map: exactly the counters the view puts there, each in its hex.
    wanted = map_counters(view)
    assert set(p.scene.counters) == set(wanted), set(p.scene.counters) ^ set(wanted)
    for piece, (where, _face, _tip) in wanted.items():
        assert p.scene.counters[piece].label == where, f"{piece} drawn in {p.scene.counters[piece].label}, is {where}"
    legal = list(c.legal()) if viewer in ("us", "japan") and c.reviewing is None else []
    moving = movable(legal)
    for piece, item in p.scene.counters.items():
        assert item.draggable == (piece in moving), f"{piece} draggable {item.draggable}, has orders {piece in moving}"
    waiting = [r.piece for r in p.waiting_model.rows()]
    assert len(waiting) == len(set(waiting))
    assert not set(waiting) & set(p.scene.counters), "a piece on the map is also listed to place"
    boxed = {x for m in boxes.values() for x in m.pieces()}
    assert not set(waiting) & boxed, "a piece in a holding box is also listed to place"
    # Every counter of the viewing side is in the one place the view says.
    for side in (s for s in ("us", "japan") if s in view):
        for piece, place in _own_expected(view, side).items():
            if place.startswith("map:"):
                continue  # drawn on the map, checked above
            if place == "place":
                group = next(e["group"] for e in view[side]["entry"] if piece in e["waiting"])
                assert group in waiting or viewer != side, f"{piece} waits to enter but its group is not listed"
                continue
            assert piece in _box(boxes, place), f"{piece} belongs in {place}"
    # No box shows a piece twice or one that is not where the view says.
    expected = {}
    for side in (s for s in ("us", "japan") if s in view):
        expected.update(_own_expected(view, side))
    for key, model in boxes.items():
        for piece in model.pieces():
            place = expected.get(piece)
            if key.endswith(":alone"):
                assert place is not None and (place.startswith("map:") or place == key), f"{piece} alone but {place}"
            else:
                assert place == key, f"{piece} shown in {key}, is {place}"
    # Every piece with an order can be dragged from somewhere.
    for piece in moving:
        if piece.startswith(SEARCH_PIECE) or piece in p.scene.counters or piece in boxed or piece in waiting:
            continue
        battle = {x for m in p.battle_models.values() for x in m.pieces()}
        ship_group = [e["group"] for e in (view.get("japan") or {}).get("entry", ()) if piece in e["waiting"]]
        assert piece in battle or (ship_group and ship_group[0] in waiting), f"{piece} has orders but is nowhere"
    # The turn shown is the view's turn; the log holds everything heard, once nothing is being played out.
    if view["turn"]:
        assert f"Turn {view['turn']}" in w.turn_label.text()
    if not p.playback.active:
        assert w.log_dock.list.model().rowCount() == len(c.log()), "the log is behind the game"
