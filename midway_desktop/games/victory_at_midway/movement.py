"""Ship movement (VaM › Ship Movement) and the Task Force / Fleet holding boxes.

Each ship moves at most one hex a turn, to an adjacent hex; speed-1/2 ships only on
even-numbered turns; submarines only on the turn track's S turns. A Task Force (US) or Fleet
(Japanese) marker stands for the ships in its holding box: they share its hex and move with
it, at the speed of the slowest. Ships leave the map by their own side's edge.
"""

from __future__ import annotations

from collections.abc import Sequence

from midway_desktop.games.victory_at_midway.actions import Exit, Form, Move, make_form, piece_words
from midway_desktop.games.victory_at_midway.sequence_cache import Recent
from midway_desktop.games.victory_at_midway.setup import entry_turn, waiting, withdraw_cargo
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    SHIP_OFF_MAP,
    US,
    Game,
    State,
    evolve,
    make_unit,
    set_units,
)
from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE

EXIT_REGION = {"us": "us-exit", "japan": "japanese-exit"}


def speed(game: Game, state: State, ship: str) -> float:
    """VaM › Sample Ship Unit: the speed printed on the side showing (reduced carriers are slower)."""
    spec = game.cat.ship(ship)
    return spec.reduced_speed if game.u(state, ship).reduced else spec.speed


def move_block(game: Game, state: State, ship: str) -> str | None:
    """Why ``ship`` cannot move this turn, or ``None`` (VaM › Ship Movement › In General)."""
    units, index = state.units, game.index
    st = units[index[ship]]
    turn = state.turn
    if st.loc in SHIP_OFF_MAP:
        return f"{ship} is not on the map."
    if st.moved == turn:
        return f"{ship} has already moved this turn (one hex a turn)."
    if ship in game.subs and turn not in game.cat.turns.submarine_moves:
        shown = ", ".join(str(t) for t in sorted(game.cat.turns.submarine_moves))
        return f"Submarines move only every third turn, on the S turns of the track ({shown})."
    if turn % 2 and game.speeds[ship][1 if st.reduced else 0] < 1:
        return f"{ship} has speed 1/2 and moves only on even-numbered turns."
    ground = game.cargo.get(ship)
    if ground is not None and units[index[ground]].loc == MIDWAY_BASE:
        return (
            f"{ship} must stay in the Midway hex while its battalion {ground} is ashore (VaM › Declaring an Invasion)."
        )
    return None


_MOVABLE = Recent()


def movable(game: Game, state: State, side: str) -> dict[str, list[str]]:
    """The pieces (as ``pieces``) that may move this turn: none of their ships has moved yet,
    every ship's speed allows a move this turn, and no transport waits for its battalion ashore.
    (The same test as ``move_block``, for every piece at once; remembered per position.)"""
    found = _MOVABLE.get(state, side)
    if found is not None:
        return found  # type: ignore[return-value]
    turn = state.turn
    sub_turn = turn in game.cat.turns.submarine_moves
    odd = turn % 2 == 1
    units = state.units
    out: dict[str, list[str]] = {}
    blocked: set[str] = set()
    _ids, get = game._ship_pick[side]
    # (each ship's condition unpacked as it comes: cheaper than reading its fields by name)
    for (sid, sub, slow, slow_reduced, cargo), (loc, reduced, _base, formation, moved) in zip(
        _static(game, side), get(units)
    ):
        if loc in SHIP_OFF_MAP:
            continue
        key = formation or sid
        ships = out.get(key)
        if ships is None:
            out[key] = [sid]
        else:
            ships.append(sid)
        if (
            moved == turn
            or (sub and not sub_turn)
            or (odd and (slow_reduced if reduced else slow))
            or (cargo >= 0 and units[cargo].loc == MIDWAY_BASE)
        ):
            blocked.add(key)
    for key in blocked:
        del out[key]
    _MOVABLE.put(state, side, out)
    return out


def _static(game: Game, side: str) -> list[tuple[str, bool, bool, bool, int]]:
    """Per ship, in the order of ``game.ships``: (id, a sub, slow at full strength, slow reduced,
    its battalion's position)."""
    k = ("move-static", side)
    found = game.memo.get(k)
    if found is None:
        found = game.memo[k] = [
            (sid, sid in game.subs, game.speeds[sid][0] < 1, game.speeds[sid][1] < 1,
             game.index[game.cargo[sid]] if sid in game.cargo else -1)
            for sid in game._ship_pick[side][0]
        ]  # fmt: skip
    return found  # type: ignore[no-any-return]


def pieces(game: Game, state: State, side: str) -> dict[str, list[str]]:
    """What moves as one: each Task Force / Fleet marker with its ships, and each ship outside a box."""
    out: dict[str, list[str]] = {}
    units = state.units
    for sid, i in game._ships[side]:
        st = units[i]
        if st.loc not in SHIP_OFF_MAP:
            key = st.formation or sid
            found = out.get(key)
            if found is None:
                out[key] = [sid]
            else:
                found.append(sid)
    return out


def piece_block(game: Game, state: State, ships: list[str], piece: str = "") -> str | None:
    """VaM › Stack Movement: a stack moves at the speed of its slowest unit. A marker whose ships
    have all moved this turn has simply moved (one hex a turn)."""
    if piece and len(ships) > 1 and all(game.u(state, s).moved == state.turn for s in ships):
        return f"{piece} has already moved this turn (one hex a turn)."
    for ship in ships:
        why = move_block(game, state, ship)
        if why is not None:
            if len(ships) > 1:
                return f"The stack moves at the speed of its slowest unit: {why}"
            return why
    return None


def not_on_map(game: Game, state: State, side: str, piece: str) -> str:
    """Why ``piece`` is not a ship or marker of ``side`` on the map (VaM › Ship Movement)."""
    cat = game.cat
    if cat.is_ship(piece) and cat.ship(piece).side == side:
        loc = game.u(state, piece).loc
        if loc == "entry":
            return enter_first(game, state, piece)
        if loc == "withdrawn":
            return f"{piece} has left the map and may not reenter play (VaM › Exiting the Map)."
        if loc == "sunk":
            return f"{piece} has been sunk."
        if loc == "unplaced":
            return f"{piece} is not set up yet."
    if piece in game.group_ships and cat.group(piece).side == side == JAPAN:
        if waiting(game, state, piece):
            return enter_first(game, state, piece)
        return f"{name_of(piece)} is on the map already: move its ships or its Fleet marker."
    if piece in cat.formations(side):
        return f"{piece} is empty: no ships are in its box."
    return f"{name_of(piece)} is not one of your ships or markers."


def name_of(piece: str) -> str:
    """A piece's name at the head of a sentence."""
    name = piece_words(piece)
    return name[:1].upper() + name[1:]


def enter_first(game: Game, state: State, piece: str) -> str:
    """A Japanese piece still off the map enters before it moves (VaM › Entry of Japanese Units)."""
    name = name_of(piece)
    group = piece if piece in game.group_ships else game.cat.ship(piece).group
    earliest = entry_turn(game, state, group)
    if earliest is None:
        return (
            f"{name} has not entered the map: the Turn 13 group waits for a US carrier sighting "
            "(VaM › Japanese Turn 13 Group)."
        )
    if state.turn < earliest:
        return f"{name} has not entered the map: it enters on Turn {earliest} at the earliest, through column A."
    return f"{name} has not entered the map yet: it enters through a hex of column A."


def move_refusal(game: Game, state: State, action: Move) -> str | None:
    """VaM › Ship Movement: hex to adjacent hex, no skipping. What stops the piece moving at all
    is said before where it was dropped."""
    ships = pieces(game, state, action.side).get(action.piece)
    if not ships:
        return not_on_map(game, state, action.side, action.piece)
    here = game.u(state, ships[0]).loc
    why = piece_block(game, state, ships, action.piece)
    if why is not None:
        return why
    if action.to == here:
        return f"{action.piece} is in {here} already; drag it to a hex next to {here}."
    if action.to not in game.board.neighbors(here):
        return f"Ships move only to an adjacent hex; {action.to} is not next to {here}."
    if no_entry(game, state, action.side, ships, action.to):
        return (
            "In solitaire play US surface ships may never move into a hex with Japanese surface ships, and "
            f"your last search results show them in {action.to} (VaM › Solitaire Play › No Surface Combat)."
        )
    return None


def no_entry(game: Game, state: State, side: str, ships: list[str], to: str) -> bool:
    """VaM › Solitaire Play › No Surface Combat: US surface ships (not subs) never enter a hex
    holding Japanese surface ships, as far as the US player knows of them.

    The rulebook's solitaire player moves the Japanese himself and so sees them all; here the
    doctrine moves them out of sight, and the player knows of Japanese ships only what his
    searches have shown. So the rule applies to the hexes of his Enemy Ships/Carriers Sighted
    markers from the latest search results (last turn's: ships move before the turn's search);
    an unseen Japanese force can share a hex with US ships, which the solitaire game never turns
    into a surface battle (its Surface Battle Segment does not take place)."""
    if not state.solitaire or side != US or all(s in game.subs for s in ships):
        return False
    return to in sighted_surface_hexes(state)


def sighted_surface_hexes(state: State) -> frozenset[str]:
    """VaM › Solitaire Play › No Surface Combat: the hexes where the US player's markers of this
    turn and the last show Japanese surface ships (searches never find submarines)."""
    return frozenset(s.hex for s in state.sightings if s.side == US and s.turn >= state.turn - 1)


def piece_ships(game: Game, state: State, side: str, piece: str) -> list[str]:
    """The ships a piece stands for: a Task Force / Fleet box's ships on the map, or one ship."""
    if game.cat.is_ship(piece):
        return [piece]
    return game.members(state, side, piece)


def apply_move(game: Game, state: State, action: Move) -> State:
    """VaM › Ship Movement: the piece and every ship in its box move one hex."""
    return apply_moves(game, state, (action,))


def apply_moves(game: Game, state: State, actions: Sequence[Move]) -> State:
    """VaM › Ship Movement: each piece and every ship in its box move one hex, in the order given,
    in one new position (a sealed batch's run of moves at once). A move changes no box and takes
    no ship off the map, so each piece's ships are read from the position the run started from,
    as one move after another would."""
    turn = state.turn
    units = list(state.units)
    index = game.index
    for action in actions:
        to = action.to
        for s in piece_ships(game, state, action.side, action.piece):
            i = index[s]
            _loc, reduced, base, formation, _moved = units[i]
            units[i] = make_unit((to, reduced, base, formation, turn))
    return evolve(state, units=tuple(units))


def exit_refusal(game: Game, state: State, action: Exit) -> str | None:
    """VaM › Exiting the Map: Japanese ships leave by the edges west of row F inclusive, US ships
    by those east of row G inclusive. Leaving is the piece's move for the turn."""
    ships = pieces(game, state, action.side).get(action.piece)
    if not ships:
        return not_on_map(game, state, action.side, action.piece)
    here = game.u(state, ships[0]).loc
    if here not in game.board.region(EXIT_REGION[action.side]):
        edge = "west of F, inclusive" if action.side == JAPAN else "east of G, inclusive"
        return f"Your ships leave the map only from the map-edge hexes {edge}; {here} is not one."
    return piece_block(game, state, ships, action.piece)


def apply_exit(game: Game, state: State, action: Exit) -> State:
    """VaM › Exiting the Map: withdrawn ships (and what they carry) never return."""
    ships = pieces(game, state, action.side)[action.piece]
    state = set_units(
        game, state, {s: evolve(game.u(state, s), loc="withdrawn", formation="", moved=state.turn) for s in ships}
    )
    return withdraw_cargo(game, state, ships)


def _box_loc(game: Game, state: State, side: str, name: str) -> str | None:
    """Where a box's ships are (a hex, or "unplaced" during set-up); ``None`` if it is empty."""
    for _sid, st in game.ships(state, side):
        if st.formation == name and st.loc not in ("entry", "withdrawn", "sunk"):
            return st.loc
    return None


def form_refusal(game: Game, state: State, action: Form) -> str | None:
    """VaM › Stacking: a Task Force / Fleet marker stands for the ships in its holding box, so
    all of them share its hex."""
    cat = game.cat
    if not cat.is_ship(action.ship) or cat.ship(action.ship).side != action.side:
        return f"{action.ship} is not one of your ships."
    st = game.u(state, action.ship)
    if st.loc in ("entry", "withdrawn", "sunk"):
        return f"{action.ship} is not in play."
    if not action.formation:
        return None if st.formation else f"{action.ship} is not in a holding box."
    if action.formation not in cat.formations(action.side):
        return f"There is no holding box called {action.formation}."
    if st.formation == action.formation:
        return f"{action.ship} is already in {action.formation}."
    at = _box_loc(game, state, action.side, action.formation)
    if at is not None and at != st.loc:
        return f"{action.formation} is in {at}; a ship joins it only in the same hex."
    return None


def apply_form(game: Game, state: State, action: Form) -> State:
    """VaM › Stacking: the ship goes into (or out of) a Task Force / Fleet holding box."""
    return set_units(game, state, {action.ship: evolve(game.u(state, action.ship), formation=action.formation)})


def form_options(game: Game, state: State, side: str) -> list[Form]:
    """VaM › Stacking: every box a ship may join or leave now (a box's ships share one hex).
    Remembered by the side's ships' conditions (unchanged while the ships stay put)."""
    lo, hi = game.ship_span[side]
    key = state.units[lo:hi]
    memo = game.form_memo
    found = memo.get((side, key))
    if found is not None:
        return list(found)
    out = _form_options(game, state, side)
    if len(memo) > 512:
        memo.clear()
    memo[(side, key)] = tuple(out)
    return out


def _form_options(game: Game, state: State, side: str) -> list[Form]:
    units = state.units
    boxes = game.cat.formations(side)
    where: dict[str, str] = {}  # box -> the hex of its ships
    groups: dict[tuple[str, str], list[str]] = {}  # (hex, box) -> ships
    for sid, i in game._ships[side]:
        st = units[i]
        loc = st.loc
        if loc == "entry" or loc == "withdrawn" or loc == "sunk":
            continue
        k = (loc, st.formation)
        found = groups.get(k)
        if found is None:
            groups[k] = [sid]
            if st.formation and st.formation not in where:
                where[st.formation] = loc
        else:
            found.append(sid)
    form_of = game.form_of
    if not form_of:
        for x in game.cat.ships:
            form_of[x.id] = {b: make_form(x.side, x.id, b) for b in ("", *game.cat.formations(x.side))}
    out: list[Form] = []
    for (loc, formation), sids in groups.items():
        allowed = [b for b in boxes if b != formation and where.get(b, loc) == loc]
        if formation:
            allowed.insert(0, "")
        out += [form_of[sid][b] for sid in sids for b in allowed]
    return out
