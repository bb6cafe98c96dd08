"""Set-up and the entry of Japanese units (VaM › Setup).

US surface ships set up within five hexes of N5, SS1-SS3 within two of Midway and SS4 in L5;
SS168 anywhere. The other Japanese ships wait in six piles by entry turn and come on through
column A: never early, later if the Japanese wish, or not at all.
"""

from __future__ import annotations

from midway_desktop.games.victory_at_midway.actions import Enter, Forgo, Place, piece_words
from midway_desktop.games.victory_at_midway.sequence_cache import Recent
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    MIDWAY,
    SHIP_OFF_MAP,
    US,
    Game,
    State,
    UnitState,
    evolve,
    set_units,
)

US_CENTRE = "N5"
US_RADIUS = 5
SUB_RADIUS = 2
SS4_HEX = "L5"
SS4 = "SS4"
SUBS_NEAR_MIDWAY = ("SS1", "SS2", "SS3")


def initial_state(game: Game, options: frozenset[str]) -> State:
    """VaM › Setup: Japanese ships in their entry piles, SS168 and the US ships to place, aircraft
    Ready on their carriers and Midway, Marines on Midway, Japanese battalions in TT1-TT4.
    All units start at full strength."""
    cat = game.cat
    units: list[UnitState] = []
    for s in cat.ships:
        if s.side == JAPAN and s.group != "SS168":
            units.append(UnitState("entry"))
        elif s.id == SS4:
            units.append(UnitState(SS4_HEX))  # "SS4 must always start in L5"
        else:
            fleet = cat.group(s.group).fleet if s.side == US else ""
            units.append(UnitState("unplaced", formation=fleet))
    for a in cat.aircraft:
        units.append(UnitState("ready", base=a.home))
    for g in cat.ground:
        units.append(UnitState(g.start))
    return State(turn=0, step="setup", units=tuple(units), options=options, fog="fog" in options)


# VaM › Solitaire Play › US Setup and Japanese Set Up (the table's "F6 SS" is SS1).
SOLITAIRE_SETUP = {"SS1": "F6", "SS2": "G6", "SS3": "H5", "SS4": "L5", "SS168": MIDWAY}
SOLITAIRE_SURFACE = "I4"


def solitaire_state(game: Game, options: frozenset[str]) -> State:
    """VaM › Solitaire Play: both sides' historical set-up (all US surface ships in I4, the subs
    in F6, G6, H5 and L5, SS168 in H6, aircraft and troops as usual); play begins at Turn 1."""
    state = initial_state(game, options)
    changes = {}
    for sid, st in game.ships(state):
        if sid in SOLITAIRE_SETUP:
            changes[sid] = evolve(st, loc=SOLITAIRE_SETUP[sid])
        elif game.cat.ship(sid).side == US:
            changes[sid] = evolve(st, loc=SOLITAIRE_SURFACE)
    state = set_units(game, state, changes)
    return evolve(state, turn=1, step="ship-movement", solitaire=True)


# -- set-up ------------------------------------------------------------------------------------
def setup_area(game: Game, ship: str) -> frozenset[str]:
    """The hexes a ship may set up in (VaM › US Setup, Japanese Setup)."""
    spec = game.cat.ship(ship)
    if spec.side == JAPAN:
        return frozenset(game.board.labels())  # SS168: any hex
    if ship == SS4:
        return {SS4_HEX}
    if ship in SUBS_NEAR_MIDWAY:
        return game.within(MIDWAY, SUB_RADIUS)
    return game.within(US_CENTRE, US_RADIUS)


def setup_pieces(game: Game, state: State, side: str) -> list[tuple[str, list[str]]]:
    """Pieces a side may place: its Task Forces (with their ships) and ships outside a box."""
    out: dict[str, list[str]] = {}
    for sid, st in game.ships(state, side):
        if st.loc in ("entry",) or sid == SS4:
            continue
        if side == JAPAN and game.cat.ship(sid).group != "SS168":
            continue
        key = st.formation or sid
        out.setdefault(key, []).append(sid)
    return sorted(out.items())


def place_refusal(game: Game, state: State, action: Place) -> str | None:
    """VaM › US Setup: surface ships within five hexes of N5 (I4 yes, H4 no); SS1-SS3 within two
    hexes of Midway; SS4 always in L5. VaM › Japanese Setup: SS168 in any hex."""
    pieces = dict(setup_pieces(game, state, action.side))
    ships = pieces.get(action.piece)
    if ships is None:
        if action.piece == SS4:
            return "SS4 must always start in L5 (VaM › US Setup)."
        if action.side == JAPAN and waiting(game, state, action.piece):
            return (
                f"{_first(piece_words(action.piece))} does not set up: it enters through column A on its turn "
                "(VaM › Japanese Setup, Entry of Japanese Units)."
            )
        return f"{_first(piece_words(action.piece))} is not one of your pieces to set up."
    if action.hex not in game.board:
        return f"{action.hex} is not a hex of the map."
    if game.u(state, ships[0]).loc == action.hex:
        return f"{action.piece} is already in {action.hex}."
    for ship in ships:
        if action.hex not in setup_area(game, ship):
            if ship in SUBS_NEAR_MIDWAY:
                return f"{ship} must set up within two hexes of Midway (VaM › US Setup)."
            return f"US surface ships set up within five hexes of N5; {action.hex} is farther (VaM › US Setup)."
    return None


def apply_place(game: Game, state: State, action: Place) -> State:
    """VaM › US Setup, Japanese Setup: the piece and the ships in its box go to the hex."""
    ships = dict(setup_pieces(game, state, action.side))[action.piece]
    return set_units(game, state, {s: evolve(game.u(state, s), loc=action.hex) for s in ships})


def setup_complete_refusal(game: Game, state: State, side: str) -> str | None:
    """VaM › Setup: every ship is set up before play begins."""
    left = [sid for sid, st in game.ships(state, side) if st.loc == "unplaced"]
    if left:
        return f"Set up every ship first ({', '.join(left)} still to place)."
    return None


# -- Japanese entry ----------------------------------------------------------------------------
def entry_turn(game: Game, state: State, group: str) -> int | None:
    """VaM › Entry of Japanese Units and Turn 13 Group: the earliest turn a group may enter.

    The Turn 13 group enters five turns after the first US carrier (or carrier air unit) is
    sighted by the Japanese, but never before Turn 13; unsighted, it cannot enter. In solitaire
    play every group enters on the turn of the Japanese Entry table (the Turn 13 group on 14).
    """
    g = game.cat.group(group)
    if g.entry is None:
        return None
    if state.solitaire and g.solitaire_entry is not None:
        return g.solitaire_entry[1]  # VaM › Solitaire Play › Japanese Entry table
    if g.after_carrier_sighting is not None:
        if not state.carrier_sighted:
            return None
        return max(g.entry, state.carrier_sighted + g.after_carrier_sighting)
    return g.entry


_WAITING = Recent()


def waiting_groups(game: Game, state: State) -> dict[str, tuple[str, ...]]:
    """Each Japanese entry group's ships still waiting to enter (only groups with some)."""
    found = _WAITING.get(state)
    if found is None:
        units = state.units
        out: dict[str, tuple[str, ...]] = {}
        for g in game.cat.groups:
            if g.side == JAPAN and g.entry is not None:
                ships = tuple(s for s, i in game.group_ships[g.id] if units[i].loc == "entry")
                if ships:
                    out[g.id] = ships
        found = _WAITING.put(state, None, out)
    return found  # type: ignore[return-value]


def waiting(game: Game, state: State, piece: str) -> list[str]:
    """The ships of a group (or the one ship) still waiting to enter."""
    units = state.units
    found = game.group_ships.get(piece)
    if found is not None:
        if game.cat.group(piece).side != JAPAN:
            return []
        return [s for s, i in found if units[i].loc == "entry"]
    if game.cat.is_ship(piece) and game.cat.ship(piece).side == JAPAN:
        return [piece] if units[game.index[piece]].loc == "entry" else []
    return []


def entry_hexes(game: Game) -> frozenset[str]:
    """VaM › Entry of Japanese Units: any hex of column A."""
    return frozenset(game.board.region("japanese-entry"))


def enter_refusal(game: Game, state: State, action: Enter) -> str | None:
    """VaM › Entry of Japanese Units: through any hex of column A, never before the turn printed
    on the counter (nor the Turn 13 group's turn); a Fleet box must be empty or in that hex.
    The turn is checked first: it is the rule that forbids the entry whatever the hex."""
    if action.side != JAPAN:
        return "Only Japanese units enter the map (VaM › Entry of Japanese Units)."
    name = piece_words(action.piece)
    ships = waiting(game, state, action.piece)
    if not ships:
        return not_waiting(game, state, action.piece)
    group = game.cat.ship(ships[0]).group
    earliest = entry_turn(game, state, group)
    if earliest is None:
        return (
            f"{_first(name)} waits: the Turn 13 group enters only five turns after the first US carrier or carrier "
            "air unit is sighted, and never before Turn 13 (VaM › Japanese Turn 13 Group)."
        )
    if state.turn < earliest:
        return (
            f"{_first(name)} may not enter before Turn {earliest}; this is Turn {state.turn} "
            "(VaM › Entry of Japanese Units: entry may be delayed, never advanced)."
        )
    if action.hex not in entry_hexes(game):
        return f"Japanese units enter through a hex of column A, not {action.hex} (VaM › Entry of Japanese Units)."
    if action.fleet:
        if action.fleet not in game.cat.formations(JAPAN):
            return f"There is no Fleet box called {action.fleet}."
        own = game.cat.group(group).fleet
        if action.fleet != own:
            return f"{action.piece} enters into its own group's Fleet box ({own or 'it has none'})."
        at = game.formation_hex(state, JAPAN, action.fleet)
        if at is not None and at != action.hex:
            return f"{action.fleet} is in {at}; its ships must share one hex."
    return None


def _first(text: str) -> str:
    return text[:1].upper() + text[1:]


def not_waiting(game: Game, state: State, piece: str) -> str:
    """Why ``piece`` has nothing to enter: it is on the map already, gone, or not a Japanese piece."""
    name = _first(piece_words(piece))
    cat = game.cat
    if piece in game.group_ships and cat.group(piece).side == JAPAN:
        return f"{name} has entered (or been forgone) already; its ships move on the map now."
    if cat.is_ship(piece) and cat.ship(piece).side == JAPAN:
        loc = game.u(state, piece).loc
        if loc == "withdrawn":
            return f"{piece} has been withdrawn and may not reenter play (VaM › Exiting the Map)."
        if loc == "sunk":
            return f"{piece} has been sunk."
        if loc == "unplaced":
            return f"{piece} starts the game on the map: set it up in any hex (VaM › Japanese Setup)."
        return f"{piece} is on the map already (in {loc}); it moves from there."
    return f"{name} is not a Japanese ship or group waiting to enter."


def apply_enter(game: Game, state: State, action: Enter) -> State:
    """Entering is the unit's move for the turn; a speed-1/2 ship enters with a one-time speed
    of 1 (VaM › Entry of Japanese Units), so it may enter on any turn."""
    ships = waiting(game, state, action.piece)
    return set_units(
        game,
        state,
        {s: evolve(game.u(state, s), loc=action.hex, moved=state.turn, formation=action.fleet) for s in ships},
    )


def forgo_refusal(game: Game, state: State, action: Forgo) -> str | None:
    """VaM › Exiting the Map, play note: the Japanese may forgo the entry of a ship or group."""
    if action.side != JAPAN:
        return "Only Japanese units have an entry to forgo."
    if not waiting(game, state, action.piece):
        return not_waiting(game, state, action.piece)
    return None


def apply_forgo(game: Game, state: State, action: Forgo) -> State:
    """VaM › Exiting the Map, play note: a foregone ship counts as withdrawn."""
    ships = waiting(game, state, action.piece)
    changes = {s: evolve(game.u(state, s), loc="withdrawn", moved=state.turn) for s in ships}
    state = set_units(game, state, changes)
    return withdraw_cargo(game, state, ships)


def withdraw_cargo(game: Game, state: State, ships: list[str]) -> State:
    """VaM › Exiting the Map: aircraft on a withdrawn carrier leave with it; a battalion shares its
    transport's fate (VaM › Japanese Ground Units at Sea)."""
    changes = {}
    for a, st in game.aircraft(state):
        if st.base in ships and st.loc in ("ready", "notready", "notready2", "trapped"):
            changes[a] = evolve(st, loc="withdrawn")
    for g in game.cat.ground:
        st = game.u(state, g.id)
        if st.loc in ships:
            changes[g.id] = evolve(st, loc="withdrawn")
    return set_units(game, state, changes)


def on_map(loc: str) -> bool:
    return loc not in SHIP_OFF_MAP
