"""What the player sees. Kido Butai hides little: you fill the cups and place every counter.

The cups are opaque, but you put the counters in and take them out, so how many of each
kind each cup holds is yours to know; which will come out next is not, and the state keeps
no such order to reveal. The umpire also sees the bookkeeping behind the rules.
"""

from __future__ import annotations

from typing import Any

from midway_desktop.engine.events import UMPIRE
from midway_desktop.games.kido_butai.display import (
    Counters,
    Raid,
    State,
    Strike,
    aboard,
    capacity,
    fleet_split,
    midway_capacity,
    us_capacity,
    us_carrier_capacity,
    us_squadrons_left,
)
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.squadrons import facing, low_cap, must_land
from midway_desktop.games.kido_butai.victory import score
from midway_desktop.games.kido_butai.wording import listed


def _side(hits: int, sink: int) -> str:
    if hits >= sink:
        return "sunk"
    return ("full", "reduced", "turned")[hits]


def _counts(forces: Forces, c: Counters) -> dict[str, int]:
    b, f = forces.bomber_pool, forces.fighter_pool
    return {b.squadron: c.dauntless, b.placeholder: c.no_bomber, f.squadron: c.buffalo, f.placeholder: c.no_fighter}


def build_view(forces: Forces, state: State, side: str) -> dict[str, Any]:
    turn = state.turn
    sink = state.variant.hits_to_sink_us
    carriers = [
        {
            "name": c.name,
            "title": c.title,
            "side": _side(deck.hits, 2),
            "capacity": capacity(forces, state, i),
            "aboard": [forces.squadrons[k].id for k in aboard(state, c.name)],
            "launched_this_turn": deck.launched == turn,
            "landed_this_turn": deck.landed == turn,
        }
        for i, (c, deck) in enumerate(zip(forces.japanese, state.decks))
    ]
    squadrons = [
        {
            "id": spec.id,
            "title": spec.title,
            "number": spec.number,
            "kind": spec.kind,
            "home": spec.home,
            "where": sq.where,
            "facing": facing(sq, turn) if sq.where != "lost" else "",
            "arm": sq.arm,
            "low_cap": low_cap(sq, turn),
            "acted_this_turn": sq.acted == turn,
            "must_land": must_land(sq, turn),
        }
        for spec, sq in zip(forces.squadrons, state.squadrons)
    ]
    us_carriers = [
        {
            "name": c.name,
            "title": c.title,
            "side": _side(hits, sink),
            "capacity": us_carrier_capacity(forces, state, i),
            "fleet": fleet,
        }
        for i, (c, hits, fleet) in enumerate(zip(forces.american, state.us_hits, state.us_fleet))
    ]
    out: dict[str, Any] = {
        "game": "kido-butai",
        "turn": turn,
        "time": state.time,
        "stage": state.stage,
        "carriers": carriers,
        "squadrons": squadrons,
        "midway": {"side": _side(state.midway_hits, 2), "capacity": midway_capacity(forces, state)},
        "us_carriers": us_carriers,
        "fleet_pool": {
            "carriers": [c.name for c, f in zip(forces.american, state.us_fleet) if f == 0],
            "carrier_placeholder": "removed" if fleet_split(state) else "set aside",
        },
        "kido_butai_found": state.found,
        "fleets_reported": list(state.reported),
        "pools": {
            "bomber": {k: v for k, v in _counts(forces, state.pools).items() if k in _bomber_keys(forces)},
            "fighter": {k: v for k, v in _counts(forces, state.pools).items() if k not in _bomber_keys(forces)},
        },
        "track": {f"{(4 + i) % 24:02d}30": _counts(forces, c) for i, c in enumerate(state.track) if c.total},
        "out_of_game": _counts(forces, state.removed),
        "pending": _pending(forces, state),
        "options": {
            "superior_damage_control": state.variant.superior_damage_control,
            "no_us_fiasco": state.variant.no_us_fiasco,
            "random_targets": state.variant.random_targets,
        },
    }
    s = score(forces, state)
    out["score"] = {"japan": s.japan, "usa": s.usa, "margin": s.margin, "band": s.band.name, "band_title": s.band.title}
    if side == UMPIRE:
        out["us_squadrons_left"] = us_squadrons_left(forces, state)
        out["us_capacity"] = us_capacity(forces, state)
    return out


def _bomber_keys(forces: Forces) -> tuple[str, str]:
    return forces.bomber_pool.squadron, forces.bomber_pool.placeholder


def _pending(forces: Forces, state: State) -> dict[str, Any] | None:
    p = state.pending
    if isinstance(p, Strike):
        return {"kind": "assign-bombers", "fleet": p.fleet, "bombers": [forces.squadrons[i].id for i in p.bombers]}
    if isinstance(p, Raid):
        return {"kind": "intercept", "torpedo_bombers": p.drawn.dauntless, "escorts": p.drawn.buffalo}
    return None


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What changed on the display between two views, one sentence each: squadrons lost,
    carriers damaged or sunk, Midway hit, Kido Butai found, US fleets reported, the score.
    The player reads it after a phase played out by itself (KB › 4, 5, 7)."""
    out: list[str] = []
    was = {s["id"]: s for s in before["squadrons"]}
    lost = [s["title"] for s in after["squadrons"] if s["where"] == "lost" and was[s["id"]]["where"] != "lost"]
    if lost:
        out.append(f"Lost: {listed(lost)}.")
    sides = {c["name"]: c["side"] for c in before["carriers"]}
    for c in after["carriers"]:
        if c["side"] != sides[c["name"]]:
            out.append(f"{c['title']} is {'sunk' if c['side'] == 'sunk' else 'damaged'}.")
    us_sides = {c["name"]: c["side"] for c in before["us_carriers"]}
    for c in after["us_carriers"]:
        if c["side"] != us_sides[c["name"]]:
            out.append(f"{c['title']} is {'sunk' if c['side'] == 'sunk' else 'damaged'}.")
    if after["midway"]["side"] != before["midway"]["side"]:
        out.append("The Midway base is destroyed." if after["midway"]["side"] == "sunk" else "Midway is damaged.")
    if after["kido_butai_found"] and not before["kido_butai_found"]:
        out.append("The Americans have found Kido Butai.")
    for n, (now, then) in enumerate(zip(after["fleets_reported"], before["fleets_reported"])):
        if now and not then:
            out.append("An American fleet is reported." if n == 0 else "The second US fleet is reported.")
    a, b = after["score"], before["score"]
    if (a["japan"], a["usa"]) != (b["japan"], b["usa"]):
        out.append(f"Victory points: Japan {a['japan']}, USA {a['usa']}.")
    return out
