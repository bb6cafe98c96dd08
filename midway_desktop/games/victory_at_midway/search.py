"""Search operations (VaM › Search Operations), with the Fog and night-search options.

Both sides secretly assign searches; then each (US first) declares them aloud, and each (US
first) announces the results of the enemy's searches: "Ships in X" or "Carriers in X" for
every searched hex holding its ships. A ship search finds enemy ships in its hex; an air
search (day only) in its hex and the six around it. Submarines are never found.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import AssignSearch
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    MIDWAY,
    SHIP_OFF_MAP,
    SIDES,
    US,
    Game,
    Search,
    Sighting,
    State,
    other,
    side_name,
)

BONUS_RADIUS = 2  # Japanese bonus searches: within two hexes of an undamaged carrier
MIDWAY_RADIUS = 6
ISLAND_RADIUS = 2  # Wake and Johnston option
NIGHT_SEARCH_FAILS = 5  # night ship search: 1-5 ineffective


@dataclass(frozen=True)
class Allowance:
    """One kind of air search a side may assign this turn: where, and how many."""

    name: str
    hexes: frozenset[str]
    count: int


def undamaged_carriers(game: Game, state: State, side: str) -> list[tuple[str, str]]:
    """(carrier, hex) for each full-strength carrier on the map outside fog."""
    out = []
    for sid, st in game.ships(state, side):
        on_map = st.loc not in SHIP_OFF_MAP
        # VaM › Fog: no searches traced from carriers in fog.
        if game.cat.ship(sid).carrier and on_map and not st.reduced and not game.in_fog(state, st.loc):
            out.append((sid, st.loc))
    return out


def midway_searches(game: Game, state: State) -> tuple[int, int]:
    """VaM › Air Search Limits and Midway Airfield Damage: one air search in the Midway hex and
    three within six hexes; every hit on the Marines takes one away (the far ones first: after
    two hits one far search is left, after four only ship searches)."""
    if game.ground_on_midway(state, JAPAN):
        return 0, 0
    field = game.cat.midway
    far = max(0, field.air_searches_within_six - state.airfield_hits)
    near = max(0, field.air_searches_in_hex - max(0, state.airfield_hits - field.air_searches_within_six))
    return near, far


def air_allowances(game: Game, state: State, side: str) -> list[Allowance]:
    """Every air search ``side`` may assign this turn (VaM › Air Searches, Air Search Limits)."""
    if game.night(state):
        return []
    out: list[Allowance] = []
    board = game.board
    if side == US:
        near, far = midway_searches(game, state)
        if near:
            out.append(Allowance("the Midway hex", frozenset({MIDWAY}), near))
        if far:
            out.append(Allowance("within six hexes of Midway", game.within(MIDWAY, MIDWAY_RADIUS), far))
    carriers = undamaged_carriers(game, state, side)
    for hex_ in sorted({h for _c, h in carriers}):
        out.append(Allowance(f"the carrier hex {hex_}", frozenset({hex_}), 1))
    if side == JAPAN and carriers:
        near_carriers = frozenset().union(*(game.within(h, BONUS_RADIUS) for _c, h in carriers))
        out.append(Allowance("bonus, within two hexes of a carrier", near_carriers, 2))
    if state.opt("wake-johnston"):
        region = board.region("wake-search" if side == JAPAN else "johnston-search")
        centre = next(iter(region))
        out.append(Allowance(f"{region.data['island']} Island", game.within(centre, ISLAND_RADIUS), 1))
    return out


def ship_search_hexes(game: Game, state: State, side: str) -> set[str]:
    """VaM › Ship Searches: any hex holding one of the side's ships (subs included), and Midway
    while the side has ground units there; never from fog."""
    hexes = {st.loc for _s, st in game.ships(state, side) if st.loc not in SHIP_OFF_MAP}
    if game.ground_on_midway(state, side):
        hexes.add(MIDWAY)
    return {h for h in hexes if not game.in_fog(state, h)}


def _fits(searches: list[str], allowances: list[Allowance]) -> bool:
    """Can every assigned air search be charged to a different allowance slot? (matching)"""
    slots = [a.hexes for a in allowances for _ in range(a.count)]
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for j, hexes in enumerate(slots):
            if searches[i] in hexes and j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(searches)))


def search_refusal(game: Game, state: State, action: AssignSearch) -> str | None:
    """VaM › Assigning Searches, Ship Searches, Air Searches, Air Search Limits, Fog."""
    side, kind, hex_ = action.side, action.kind, action.hex
    if kind not in ("air", "ship"):
        return "A search is an air search or a ship search."
    if hex_ not in game.board:
        return f"{hex_} is not a hex of the map."
    if Search(side, kind, hex_) in state.searches:
        return f"You already have a {kind} search in {hex_}."
    if kind == "ship":
        if hex_ in ship_search_hexes(game, state, side):
            return None
        if game.in_fog(state, hex_):
            return "Units in fog may not search (VaM › Fog)."
        return (
            f"A ship search goes only in a hex holding one of your ships (or Midway with your troops there); "
            f"{hex_} has none."
        )
    if game.night(state):
        return "Air searches may only be assigned on day turns (VaM › Air Searches)."
    allowances = air_allowances(game, state, side)
    mine = [s.hex for s in state.searches if s.side == side and s.kind == "air"]
    if _fits([*mine, hex_], allowances):
        return None
    if not any(hex_ in a.hexes for a in allowances):
        if side == US:
            return (
                f"No US air search can go to {hex_}: one goes in the Midway hex, up to three more within six "
                "hexes of Midway, and one in each hex with an undamaged US carrier (VaM › Air Search Limits)."
            )
        return (
            f"No Japanese air search can go to {hex_}: one in each hex with an undamaged carrier and two bonus "
            "searches within two hexes of one (VaM › Air Search Limits)."
        )
    return f"Every air search that could reach {hex_} is already assigned (VaM › Air Search Limits)."


def search_options(game: Game, state: State, side: str) -> list[AssignSearch]:
    """VaM › Assigning Searches: every search the side may still assign this turn."""
    out = [AssignSearch(side, "ship", h) for h in sorted(ship_search_hexes(game, state, side))]
    allowances = air_allowances(game, state, side)
    mine = [s.hex for s in state.searches if s.side == side and s.kind == "air"]
    reach = sorted(set().union(*(a.hexes for a in allowances))) if allowances else []
    fits: dict[tuple[int, ...], bool] = {}  # hexes under the same allowances fit alike
    for h in reach:
        if h in mine:
            continue
        sig = tuple(i for i, a in enumerate(allowances) if h in a.hexes)
        if sig not in fits:
            fits[sig] = _fits([*mine, h], allowances)
        if fits[sig]:
            out.append(AssignSearch(side, "air", h))
    return [a for a in out if Search(side, a.kind, a.hex) not in state.searches]


# -- declaring and announcing ------------------------------------------------------------------
def hex_name(hex_: str) -> str:
    return "Midway" if hex_ == MIDWAY else hex_


def _hex_key(hex_: str) -> tuple[bool, str, int]:
    return (hex_ == MIDWAY, hex_[0], int(hex_[1:]))


def spoken_list(hexes: list[str]) -> str:
    names = [hex_name(h) for h in sorted(hexes, key=_hex_key)]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def declaration(searches: list[Search]) -> str:
    """What a player says in the Search Announcement Segment, e.g.
    ``Air searches in E6, F5, G4, and Midway.`` (VaM › Declaring Searches)."""
    parts = []
    for kind in ("air", "ship"):
        hexes = [s.hex for s in searches if s.kind == kind]
        if hexes:
            noun = f"{kind} search{'es' if len(hexes) > 1 else ''}"
            parts.append(f"{noun} in {spoken_list(hexes)}")
    if not parts:
        return "No searches."
    text = "; ".join(parts) + "."
    return text[0].upper() + text[1:]


def resolve_searches(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Declaring Searches and Announcing Search Results (US first in each), with the
    night ship search roll (1-5 ineffective) and fog hiding ships from every search."""
    by_side = {s: [x for x in state.searches if x.side == s] for s in SIDES}
    for side in SIDES:
        said = declaration(by_side[side])
        events.append(
            Event(
                "search-declared",
                f"{side_name(side)} declares: {said}",
                data={"side": side, "says": said, "searches": [[s.kind, s.hex] for s in by_side[side]]},
            )
        )
    night = game.night(state)
    effective: dict[str, list[Search]] = {s: [] for s in SIDES}
    for side in SIDES:
        for s in sorted(by_side[side], key=lambda x: (x.kind, _hex_key(x.hex))):
            if s.kind == "ship" and night and state.opt("night-ship-searches"):
                die = rng.die(10)
                works = die > NIGHT_SEARCH_FAILS
                verdict = "effective" if works else "ineffective"
                events.append(
                    roll_event(f"{side_name(side)} night ship search in {hex_name(s.hex)} ({verdict})", [die], 10)
                )
                if not works:
                    continue
            effective[side].append(s)
    sightings = list(state.sightings)
    carrier_sighted = state.carrier_sighted
    for announcer in SIDES:  # US first announces what the Japanese searches found
        searcher = other(announcer)
        located: set[str] = set()
        for s in effective[searcher]:
            located |= game.within(s.hex, 1) if s.kind == "air" else {s.hex}
        for hex_ in sorted(located, key=_hex_key):
            if game.in_fog(state, hex_):
                continue  # VaM › Fog: ships in fog may not be located
            ships = game.ships_at(state, hex_, announcer, subs=False)
            if not ships:
                continue
            carriers = any(game.cat.ship(s).carrier for s in ships)
            said = f"{'Carriers' if carriers else 'Ships'} in {hex_name(hex_)}."
            sightings.append(Sighting(state.turn, searcher, hex_, carriers))
            events.append(
                Event(
                    "search-result",
                    f"{side_name(announcer)} announces to {side_name(searcher)}: {said}",
                    data={"to": searcher, "by": announcer, "says": said, "hex": hex_, "carriers": carriers},
                )
            )
            if searcher == JAPAN and carriers and not carrier_sighted:
                carrier_sighted = state.turn
    return replace(state, sightings=tuple(sightings), carrier_sighted=carrier_sighted, announced=True)
