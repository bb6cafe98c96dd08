"""What each player may know (VaM › The Maps: double blind).

A side's view holds its own units, orders and holding boxes; of the enemy only what the rules
put on its map: Enemy Carrier(s)/Ships Sighted markers from announced search results, the
enemy's declared searches, and the units deployed in the battle being fought. The umpire
sees everything.
"""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.events import UMPIRE
from midway_desktop.games.victory_at_midway.air import BASE_HOLDING, capacity
from midway_desktop.games.victory_at_midway.battle import battle_view
from midway_desktop.games.victory_at_midway.naval import naval_view
from midway_desktop.games.victory_at_midway.search import midway_searches
from midway_desktop.games.victory_at_midway.sequence import to_act
from midway_desktop.games.victory_at_midway.setup import entry_turn
from midway_desktop.games.victory_at_midway.state import JAPAN, SIDES, US, Game, State, other
from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE
from midway_desktop.games.victory_at_midway.victory import scores


def side_view(game: Game, state: State, side: str) -> dict[str, Any]:
    """VaM › The Maps and Holding Boxes: everything on one player's own map and displays."""
    cat = game.cat
    ships = []
    for sid, st in game.ships(state, side):
        spec = cat.ship(sid)
        ships.append(
            {
                "id": sid, "type": spec.type, "where": st.loc, "reduced": st.reduced, "formation": st.formation,
                "moved": st.moved == state.turn, "aa": spec.aa, "surface": spec.surface, "speed": spec.speed,
                "group": spec.group,
            }
        )  # fmt: skip
    flights = {f.unit: f for f in state.flights}
    aircraft = []
    for aid, st in game.aircraft(state, side):
        spec = cat.plane(aid)
        entry: dict[str, Any] = {
            "id": aid, "type": spec.type, "home": spec.home, "base": st.base, "where": st.loc,
            "reduced": st.reduced, "air": spec.air, "range": spec.range, "strike": spec.strike,
        }  # fmt: skip
        f = flights.get(aid)
        if f is not None:
            entry["flight"] = {"kind": f.kind, "target": f.target, "launch": f.launch, "wave": f.wave, "found": f.found}
        aircraft.append(entry)
    ground = [
        {"id": g.id, "where": game.u(state, g.id).loc, "reduced": game.u(state, g.id).reduced}
        for g in cat.ground
        if g.side == side
    ]
    bases = [s.id for s in cat.ships if s.carrier and s.side == side] + ([MIDWAY_BASE] if side == US else [])
    on_board: dict[str, int] = {}
    for _a, st in game.aircraft(state):
        if st.loc in BASE_HOLDING:
            on_board[st.base] = on_board.get(st.base, 0) + 1
    out: dict[str, Any] = {
        "ships": ships,
        "aircraft": aircraft,
        "ground": ground,
        "formations": {b: game.formation_hex(state, side, b) for b in cat.formations(side)},
        "bases": {b: {"capacity": capacity(game, state, b), "aboard": on_board.get(b, 0)} for b in bases},
        "searches": [[s.kind, s.hex] + ([s.scout] if s.scout else []) for s in state.searches if s.side == side],
        "enemy_searches": [[s.kind, s.hex] for s in state.searches if s.side == other(side)] if state.announced else [],
        "sightings": [
            {"turn": s.turn, "hex": s.hex, "carriers": s.carriers, "current": s.turn == state.turn}
            for s in state.sightings
            if s.side == side
        ],
        "sealed": side in state.sealed,
    }
    if side == JAPAN:
        out["reserves_used"] = list(state.reserves)
        out["kure_closed"] = state.kure_closed
        out["entry"] = [
            {
                "group": g.id,
                "title": g.title,
                "fleet": g.fleet,
                "earliest": entry_turn(game, state, g.id),
                "waiting": [s for s in g.ships if game.u(state, s).loc == "entry"],
            }
            for g in cat.groups
            if g.side == JAPAN and g.entry is not None
        ]
    else:
        near, far = midway_searches(game, state)
        out["midway_air_searches"] = {"in_hex": near, "within_six": far}
    return out


def view(game: Game, state: State, viewer: str) -> dict[str, Any]:
    """VaM › The Maps: each side sees its own map; the umpire sees both."""
    out: dict[str, Any] = {
        "game": "victory-at-midway",
        "viewer": viewer,
        "turn": state.turn,
        "last_turn": game.cat.turns.last,
        "night": game.night(state) if state.turn else False,
        "date": game.cat.turns.date(state.turn),
        "step": state.step,
        "to_act": list(to_act(game, state)),
        "sealed": sorted(state.sealed),
        "options": sorted(state.options),
        "fog": state.fog,
        "airfield_hits": state.airfield_hits,
        "carrier_sighted": state.carrier_sighted,
        "battle": naval_view(game, state) or battle_view(game, state, viewer),
        "declared": [list(d) for d in state.declared],  # naval attacks announced this turn
        "airfield_closed": state.airfield_closed,
        "invaded": state.landed,
        "kure_begun": state.kure,
        "solitaire": state.solitaire,
        "ended": state.ended,
        "conceded": state.conceded,
    }
    for side in SIDES:
        if viewer in (side, UMPIRE):
            out[side] = side_view(game, state, side)
    if viewer == UMPIRE:
        out["vp"] = scores(game, state)
        out["revealed"] = sorted(state.revealed)
    return out
