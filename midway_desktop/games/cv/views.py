"""What each player may know (CV › Basic III; Set Up II.A: the Holding Box Charts are screened).

A side sees its own Plot Map, Holding Box Charts and Air Record: its Task Forces (ships, hexes,
plots, anchors, planes by section with their Weapon units), its bases and its Air units. Of the
enemy it sees what is on the mapboard for both: the Time Record, the Point Record Chart, and the
enemy Air units flying on the mapboard, as Air unit counters only — their number, hex and
whether all their planes are at Low Altitude (III: "of unknown strength and composition until
observed"; VIII.D.6), and what its units observe (``observation``: enemy ships by hex and
flying Air units, as much as each one's condition reveals). Enemy Task Forces are otherwise on
the enemy's Plot Map only, and enemy Air units in CAP Boxes, forming or In Flight are off the
mapboard. The umpire sees everything.

Within sealed steps a side is shown the enemy as revealed so far, never as its unrevealed
placements or orders make it: nothing of it during the set-up (Set Up IV), its Task Forces as
they stood when the Turn's private steps began until its orders of those steps are revealed
(``sequence.on_table``), so that nothing a side does there, its Task Forces set up or plotted
anywhere, shows it what the enemy has done behind its screen.
"""

from __future__ import annotations

import json
from typing import Any

from midway_desktop.engine.events import UMPIRE
from midway_desktop.games.cv import passing, surface
from midway_desktop.games.cv.combat import battle_view
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.observation import observed
from midway_desktop.games.cv.sequence import on_table, to_act
from midway_desktop.games.cv.state import (
    JAPANESE,
    SECTIONS,
    SIDES,
    AirUnit,
    Arrangement,
    BaseBox,
    Sections,
    State,
    TaskForce,
    other,
)
from midway_desktop.games.cv.victory import point_record


def _sections(planes: Sections) -> dict[str, list[dict[str, Any]]]:
    return {
        sec: [{"plane": s.plane, "factors": s.factors, "weapon": s.weapon, "fresh": s.fresh} for s in planes.of(sec)]
        for sec in SECTIONS
    }


def _task_force(game: Game, tf: TaskForce, hits: dict[str, int]) -> dict[str, Any]:
    h = game.handling(tf)
    return {
        "number": tf.number,
        "ships": list(tf.ships),
        "hex": tf.hex,
        "entry": {"hex": tf.entry.hex, "time": str(tf.entry.time)} if tf.entry else None,
        "anchored": tf.anchored,
        "exited": tf.exited,
        "movement": game.movement(tf, hits),
        "hits": {t: hits[t] for t in tf.ships if t in hits},  # the Ship Record Sheet (IX.J.4)
        "planes": _sections(tf.planes),
        "capacity": h.capacity,
        "ready": h.ready,
        "launch": list(h.launch),
        "readied": tf.readied,
        "launched": tf.launched,
        "troops": dict(tf.troops),
        "unorganized": tf.unorganized,  # a Ship unit on the mapboard with no box (Basic VI.D)
        "into_wind": tf.into_wind,  # moved a hex into the Wind Direction this Turn (Basic VI.E)
        "seaplane_base": tf.seaplane_base,  # a Temporary Seaplane Base at Midway (Basic VI.I.2)
    }


def _base(game: Game, base: BaseBox) -> dict[str, Any]:
    h = game.handling(base)
    return {
        "id": base.id,
        "hex": base.hex,
        "planes": _sections(base.planes),
        "hits": base.hits,
        "capacity": h.capacity,
        "ready": h.ready,
        "launch": list(h.launch),
        "readied": base.readied,
        "launched": base.launched,
        "ground": base.ground,
        "ground_hits": base.ground_hits,
    }


def _air_unit(unit: AirUnit) -> dict[str, Any]:
    return {
        "number": unit.number,
        "where": unit.where,
        "hex": unit.hex,
        "box": unit.box,
        "moved": unit.moved,
        "due": str(unit.due) if unit.due else None,
        "leave": unit.leave,  # the enemy hex to leave after Combat (Basic VIII.H.3)
        "homing": unit.homing,
        "records": [
            {
                "plane": r.plane,
                "factors": r.factors,
                "weapon": r.weapon,
                "high": r.high,
                "origin": r.origin,
                "took_off": str(r.took_off),
                "must_land": str(r.must_land),
                "spent": r.spent,
            }
            for r in unit.records
        ],
    }


def side_view(game: Game, state: State, side: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "task_forces": [_task_force(game, t, state.hits_of(side)) for t in state.task_forces if t.side == side],
        "bases": [_base(game, b) for b in state.bases if b.side == side],
        "air_units": [_air_unit(u) for u in state.air_units if u.side == side],
        "plots": [
            {"task_force": p.task_force, "path": list(p.path), "anchor": p.anchor, "exit": p.exit}
            for p in state.plots_of(side)
        ],
        "shadows": [{"unit": x.unit, "hex": x.hex, "stance": x.stance} for x in state.shadows if x.side == side],
        "sealed": side in state.sealed,
        # The strengths it announces for its units when observed at Condition 2 (Basic III.C.2).
        "announced": [
            {"kind": kind, "number": number, "strength": strength}
            for (who, kind, number), strength in state.announced
            if who == side
        ],
        "sightings": [
            {"by": x.by, "hex": x.hex, "what": x.what, "condition": x.condition, **json.loads(x.info)}
            for x in state.sightings
            if x.side == side
        ],
    }
    # Surface Combat (Basic IX.G.1): its own secret set-ups, Factors announced, torpedoes expended
    out["arrangements"] = [_arrangement(a) for a in state.arrangements if a.side == side]
    out["allotments"] = [
        {"hex": x.hex, "kind": x.kind, "target": x.target, "factors": x.factors}
        for x in state.allotments
        if x.side == side
    ]
    out["torpedoes_spent"] = sorted(t for s, t in state.torpedoes_spent if s == side)
    if side == JAPANESE:
        out["ashore"] = state.ashore  # Ground Factors landed on Midway (Basic VI.A.3)
        out["ashore_hits"] = state.ashore_hits
        out["midgets"] = list(state.midgets)  # Midget Submarine units in the Midway hex (Basic VI.I.3)
    return out


def _arrangement(a: Arrangement) -> dict[str, Any]:
    return {"hex": a.hex, "roles": dict(a.roles), "die": a.die}


def surface_view(game: Game, state: State, viewer: str) -> dict[str, Any]:
    """The Battles with Surface Combat (their ships are in one hex: both know of them), and once
    both sides have sealed their set-ups, the enemy's set-up as revealed (IX.G.1.b(1))."""
    out: dict[str, Any] = {
        "battles": [b.hex for b in surface.battles(game, state)] if state.step in surface.STEPS else []
    }
    if viewer in SIDES and state.step in surface.STEPS and state.step != "surface-set-up":
        out["enemy_set_up"] = [_arrangement(a) for a in state.arrangements if a.side == other(viewer)]
    return out


def enemy_air(state: State, enemy: str) -> list[dict[str, Any]]:
    """Enemy Air unit counters on the mapboard: where, and whether all are at Low Altitude."""
    return [
        {"number": u.number, "hex": u.hex, "all_low": not any(r.high for r in u.records)}
        for u in state.air_units
        if u.side == enemy and u.where == "map"
    ]


def view(game: Game, state: State, viewer: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "cv",
        "viewer": viewer,
        "time": str(state.time),
        "day": state.time.day,
        "hour": state.time.hour,
        "last": str(state.last),
        "night": game.data.charts.time_record.is_night(state.time),
        "step": state.step,
        "to_act": list(to_act(state)),
        "sealed": sorted(state.sealed),
        "initiative": list(state.initiative),
        "points": dict(state.points),
        "point_record": {side: list(point_record(n)) for side, n in state.points},  # Basic XI.B
        "short": state.short,
        "contacts": list(state.contacts),  # Combat Contact this Turn, told to both (Basic VI.H)
        "surface": surface_view(game, state, viewer),
        # the Wind Direction Arrows printed in the sectors, for both to see (Basic VI.E.1)
        "wind": {r.name: str(r.data.get("wind", "")) for r in game.board.regions("sector")},
    }
    for side in SIDES:
        if viewer in (side, UMPIRE):
            out[side] = side_view(game, state, side)
    if viewer in SIDES:
        out["enemy_air"] = enemy_air(state, other(viewer))
        # (within sealed steps, of the enemy as revealed so far: ``sequence.on_table``)
        out["observed"] = observed(game, on_table(state, viewer), viewer)
        if state.battle:  # the Battle being fought, as the side knows it (Basic IX.A, III.E)
            out["battle"] = battle_view(game, state, viewer)
        asked = passing.passing_view(game, state, viewer)  # Basic VIII.I.2: for the side asked only
        if asked is not None:
            out["passing"] = asked
    else:
        if state.battle:
            out["battle"] = {"hex": state.battle, "orders": [o.describe() for o in state.orders]}
        if state.passing is not None:
            p = state.passing
            out["passing"] = {"side": p.side, "air_unit": p.air_unit, "hex": p.hex, "path": list(p.path),
                              "order": p.order.describe(), "fought": list(p.fought)}  # fmt: skip
    return out
