"""Search operations (VaM › Search Operations), with the Fog and night-search options.

Both sides secretly assign searches; then each (US first) declares them aloud, and each (US
first) announces the results of the enemy's searches: "Ships in X" or "Carriers in X" for
every searched hex holding its ships. A ship search finds enemy ships in its hex; an air
search (day only) in its hex and the six around it. Submarines are never found.
"""

from __future__ import annotations

from collections.abc import Sequence

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway.actions import AssignSearch, BuildBase, make_search
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
    evolve,
    other,
    side_name,
)
from midway_desktop.values import frozen_value

BONUS_RADIUS = 2  # Japanese bonus searches: within two hexes of an undamaged carrier
MIDWAY_RADIUS = 6
ISLAND_RADIUS = 2  # Wake and Johnston option
NIGHT_SEARCH_FAILS = 5  # night ship search: 1-5 ineffective
KURE = "G6"  # VaM › Seaplane Tenders: Kure Atoll
KURE_RADIUS = 2
KURE_DELAY = 3  # the base may begin operations three turns later
ST11 = "ST11"
MUTUAL_US_ONLY, MUTUAL_JAPAN_ONLY = 1, 10  # VaM › Solitaire › Doctrine Toward US CVs


@frozen_value
class Allowance:
    """One kind of air search a side may assign this turn: where, and how many."""

    name: str
    hexes: frozenset[str]
    count: int


def undamaged_carriers(game: Game, state: State, side: str) -> list[tuple[str, str]]:
    """VaM › Air Search Limits: (carrier, hex) for each undamaged (full-strength) carrier on the
    map, outside fog (VaM › Fog)."""
    out = []
    units, index = state.units, game.index
    for sid in game.carriers_of[side]:
        st = units[index[sid]]
        # VaM › Fog: no searches traced from carriers in fog.
        if st.loc not in SHIP_OFF_MAP and not st.reduced and not game.in_fog(state, st.loc):
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
    near, far = midway_searches(game, state) if side == US else (0, 0)
    carriers = undamaged_carriers(game, state, side)
    kure = side == JAPAN and kure_operating(game, state)
    # The allowances follow from these few facts alone: worked out once for each combination
    # (the bots and the option lists ask every day turn).
    k = ("air-allowances", side, near, far, tuple(sorted({h for _c, h in carriers})), state.opt("wake-johnston"),
         kure and game.u(state, ST11).reduced, kure)  # fmt: skip
    found = game.memo.get(k)
    if found is None:
        found = game.memo[k] = tuple(_air_allowances(game, state, side, near, far, carriers, kure))
    return list(found)  # type: ignore[arg-type]


def _air_allowances(game: Game, state: State, side: str, near: int, far: int, carriers: list[tuple[str, str]],
                    kure: bool) -> list[Allowance]:  # fmt: skip
    out: list[Allowance] = []
    board = game.board
    if side == US:
        if near:
            out.append(Allowance("the Midway hex", frozenset({MIDWAY}), near))
        if far:
            out.append(Allowance("within six hexes of Midway", game.within(MIDWAY, MIDWAY_RADIUS), far))
    for hex_ in sorted({h for _c, h in carriers}):
        out.append(Allowance(f"the carrier hex {hex_}", frozenset({hex_}), 1))
    if side == JAPAN and carriers:
        near_carriers = frozenset().union(*(game.within(h, BONUS_RADIUS) for _c, h in carriers))
        out.append(Allowance("bonus, within two hexes of a carrier", near_carriers, 2))
    if state.opt("wake-johnston"):
        region = board.region("wake-search" if side == JAPAN else "johnston-search")
        centre = next(iter(region))
        out.append(Allowance(f"{region.data['island']} Island", game.within(centre, ISLAND_RADIUS), 1))
    if kure:
        out.append(Allowance("the Kure seaplane base", frozenset({KURE}), 1))
        extra = 1 if game.u(state, ST11).reduced else 2
        out.append(Allowance("bonus, within two hexes of Kure", game.within(KURE, KURE_RADIUS), extra))
    return out


def kure_operating(game: Game, state: State) -> bool:
    """VaM › Seaplane Tenders: the base works from three turns after building began, while ST11
    stays in the hex; once it leaves or is eliminated the base is closed for good."""
    return (
        state.opt("seaplane-tenders")
        and bool(state.kure)
        and not state.kure_closed
        and state.turn >= state.kure + KURE_DELAY
        and game.u(state, ST11).loc == KURE
    )


def build_refusal(game: Game, state: State, action: BuildBase) -> str | None:
    """VaM › Seaplane Tenders (optional): ST11 in Kure Atoll (G6) begins the base; announced
    in the Search Phase; a closed base never reopens."""
    if not state.opt("seaplane-tenders"):
        return "Seaplane tenders are an optional rule not in use in this game (VaM › Seaplane Tenders)."
    if action.side != JAPAN:
        return "Only the Japanese seaplane tenders (ST11) build the Kure base."
    if state.kure_closed:
        return "The Kure seaplane base is closed for good (VaM › Seaplane Tenders)."
    if state.kure:
        return "Building the Kure base has already begun."
    if game.u(state, ST11).loc != KURE:
        return "ST11 must be in Kure Atoll (G6) to build the seaplane base (VaM › Seaplane Tenders)."
    return None


def apply_searches(game: Game, state: State, actions: Sequence[AssignSearch]) -> State:
    """VaM › Assigning Searches: the searches assigned, kept in the order given, in one new
    position (a sealed batch's run at once)."""
    return evolve(state, searches=(*state.searches, *[Search(a.side, a.kind, a.hex) for a in actions]))


def apply_build(game: Game, state: State, events: list[Event]) -> State:
    """VaM › Seaplane Tenders: the announcement is made aloud, so the tenders are known to be there."""
    events.append(
        Event("kure", "Japan announces that ST11 has begun building a seaplane base in G6.",
              data={"turn": state.turn, "hex": KURE})
    )  # fmt: skip
    return evolve(state, kure=state.turn, revealed=state.revealed | {ST11})


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
    if any(s.side == side and s.kind == kind and s.hex == hex_ for s in state.searches):
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
    mine = [s.hex for s in state.searches if s.side == side and s.kind == "air" and not s.scout]
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
    taken = {(s.kind, s.hex) for s in state.searches if s.side == side}
    out = [
        make_search(side, "ship", h) for h in sorted(ship_search_hexes(game, state, side)) if ("ship", h) not in taken
    ]
    allowances = air_allowances(game, state, side)
    if not allowances:
        return out
    mine = tuple(s.hex for s in state.searches if s.side == side and s.kind == "air" and not s.scout)
    k = ("air-searches", side, tuple((a.hexes, a.count) for a in allowances), mine)
    found = game.memo.get(k)
    if found is None:
        air: list[AssignSearch] = []
        reach = sorted(set().union(*(a.hexes for a in allowances)))
        fits: dict[tuple[int, ...], bool] = {}  # hexes under the same allowances fit alike
        for h in reach:
            if h in mine:
                continue
            sig = tuple(i for i, a in enumerate(allowances) if h in a.hexes)
            if sig not in fits:
                fits[sig] = _fits([*mine, h], allowances)
            if fits[sig]:
                air.append(make_search(side, "air", h))
        found = tuple(air)
        if len(game.memo) < 200_000:
            game.memo[k] = found
    if taken:
        out += [a for a in found if ("air", a.hex) not in taken]
    else:
        out += found
    return out


# -- declaring and announcing ------------------------------------------------------------------
def hex_name(hex_: str) -> str:
    return "Midway" if hex_ == MIDWAY else hex_


_HEX_KEYS: dict[str, tuple[bool, str, int]] = {}


def _hex_key(hex_: str) -> tuple[bool, str, int]:
    """Spoken order: by column, then row; Midway last (as in the Search Example)."""
    found = _HEX_KEYS.get(hex_)
    if found is None:
        found = _HEX_KEYS[hex_] = (hex_ == MIDWAY, hex_[0], int(hex_[1:]))
    return found


def spoken_list(hexes: list[str]) -> str:
    names = [hex_name(h) for h in sorted(hexes, key=_hex_key)]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def declaration(searches: list[Search]) -> str:
    """What a player says in the Search Announcement Segment, e.g.
    ``Air searches in E6, F5, G4, and Midway.`` (VaM › Declaring Searches)."""
    # The same few search plans come back turn after turn: each sentence is made once.
    k = tuple([(s.kind, s.hex) for s in searches])
    found = _SAID.get(k)
    if found is None:
        found = _SAID[k] = _declaration(searches)
        if len(_SAID) > 4096:
            _SAID.clear()
    return found


_SAID: dict[tuple[tuple[str, str], ...], str] = {}


def _declaration(searches: list[Search]) -> str:
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


def _surface_ships(game: Game, side: str) -> tuple[tuple[int, bool], ...]:
    """(position, a carrier) for each of the side's ships a search can find (subs never are)."""
    k = ("surface-ships", side)
    found = game.memo.get(k)
    if found is None:
        found = game.memo[k] = tuple((i, sid in game.carriers) for sid, i in game._ships[side] if sid not in game.subs)
    return found  # type: ignore[no-any-return]


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
    units = state.units
    for announcer in SIDES:  # US first announces what the Japanese searches found
        searcher = other(announcer)
        located: set[str] = set()
        for s in effective[searcher]:
            located |= game.within(s.hex, 1) if s.kind == "air" else {s.hex}
        found_any = False
        afloat: dict[str, bool] = {}  # hex -> a carrier there (surface ships only: subs are never found)
        for i, carrier in _surface_ships(game, announcer) if located else ():
            loc = units[i].loc
            if loc in located:
                afloat[loc] = afloat.get(loc, False) or carrier
        for hex_ in sorted(afloat, key=_hex_key):
            if game.in_fog(state, hex_):
                continue  # VaM › Fog: ships in fog may not be located
            carriers = afloat[hex_]
            sightings.append(Sighting(state.turn, searcher, hex_, carriers))
            events.append(found_event(announcer, searcher, hex_, carriers, state.turn))
            found_any = True
            if searcher == JAPAN and carriers and not carrier_sighted:
                carrier_sighted = state.turn
        if by_side[searcher] and not found_any:
            events.append(nothing_found(announcer, searcher, state.turn))
    state = evolve(state, sightings=tuple(sightings), carrier_sighted=carrier_sighted, announced=True)
    if state.solitaire and not night:
        state = mutual_search(game, state, rng, events)
    return state


def found_event(announcer: str, searcher: str, hex_: str, carriers: bool, turn: int) -> Event:
    """VaM › Announcing Search Results: the announcer states what is in a searched hex, carriers
    or only ships (told to the searcher alone)."""
    said = f"{'Carriers' if carriers else 'Ships'} in {hex_name(hex_)}."
    return Event(
        "search-result",
        f"{side_name(announcer)} announces to {side_name(searcher)}: {said}",
        data={"to": searcher, "by": announcer, "says": said, "hex": hex_, "carriers": carriers, "turn": turn},
    )


def nothing_found(announcer: str, searcher: str, turn: int) -> Event:
    """VaM › Announcing Search Results: when no searched hex holds a friendly ship there is nothing
    to state; the searcher hears so, rather than silence that could be a step not yet played."""
    said = "Nothing found."
    return Event(
        "search-nothing",
        f"{side_name(announcer)} announces to {side_name(searcher)}: nothing found by your searches.",
        data={"to": searcher, "by": announcer, "says": said, "turn": turn},
    )


def carrier_range(game: Game, carrier: str) -> int:
    """VaM › Solitaire Play › Doctrine Toward US CVs ("within range of a Japanese carrier"): how far
    a carrier's strikes reach, the longest range among its own air units."""
    k = ("carrier-range", carrier)
    found = game.memo.get(k)
    if found is None:
        found = game.memo[k] = max((a.range for a in game.cat.aircraft if a.home == carrier), default=0)
    return found  # type: ignore[no-any-return]


def mutual_search(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """VaM › Solitaire Play › Japanese Doctrine Toward US CVs: whenever US carriers are within
    range of a Japanese carrier, one die: on a 1 the US search finds the Japanese carriers (only),
    on a 10 the Japanese find the US carriers (only), on 2-9 both find each other. (The normal US
    searches still find what they find; the roll adds to them.)"""
    us = {st.loc for sid, st in game.ships(state, US) if sid in game.carriers and st.loc not in SHIP_OFF_MAP
          and not game.in_fog(state, st.loc)}  # fmt: skip
    jp_found: set[str] = set()
    us_found: set[str] = set()
    for sid, st in game.ships(state, JAPAN):
        if sid not in game.carriers or st.loc in SHIP_OFF_MAP or game.in_fog(state, st.loc):
            continue
        reach = carrier_range(game, sid)
        near = {h for h in us if game.distance(st.loc, h) <= reach}
        if near:
            jp_found.add(st.loc)
            us_found |= near
    if not jp_found:
        return state
    die = rng.die(10)
    who = "the US only" if die == MUTUAL_US_ONLY else "Japan only" if die == MUTUAL_JAPAN_ONLY else "both sides"
    events.append(roll_event(f"Carriers within range: mutual search ({who} finds the enemy)", [die], 10))
    sightings = list(state.sightings)
    seen = {(s.side, s.hex) for s in sightings if s.turn == state.turn}
    carrier_sighted = state.carrier_sighted
    finds = ((US, jp_found, die != MUTUAL_JAPAN_ONLY), (JAPAN, us_found, die != MUTUAL_US_ONLY))
    for searcher, hexes, allowed in finds:
        if not allowed:
            continue
        announcer = other(searcher)
        for hex_ in sorted(hexes, key=_hex_key):
            if (searcher, hex_) in seen:
                continue
            sightings.append(Sighting(state.turn, searcher, hex_, True))
            events.append(found_event(announcer, searcher, hex_, True, state.turn))
            if searcher == JAPAN and not carrier_sighted:
                carrier_sighted = state.turn
    return evolve(state, sightings=tuple(sightings), carrier_sighted=carrier_sighted)
