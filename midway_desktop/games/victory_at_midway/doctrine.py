"""The Japanese side in solitaire play, driven by its doctrine (VaM › Solitaire Play).

The solitaire player moves the Japanese by these guidelines, so the doctrine knows where
everything is. Its orders, for whatever step Japan is due in:

- Entry: each group on the turn and at the hex of the Japanese Entry table, in its own Fleet box.
- Movement (Japanese Movement, Doctrine Toward Midway): groups keep together and sail the
  straightest line to Midway at their best speed; the Turn 2 group's destroyers stay with the
  transports; a reduced carrier or the Yamato drops out of its group with one destroyer; ST11
  breaks off for Kure Atoll at the last moment (when its group's next hex no longer brings it
  closer to Kure); once at Midway (or Kure), ships stay.
- Midway strikes (Doctrine Toward Midway): with carriers within reach of Midway and no US carrier
  spotted on this turn or the last, at least four bombers and two escorts if US carriers are in
  range of the Japanese carriers, otherwise everything but the largest carrier's planes.
- Strikes on US carriers (Doctrine Toward US CVs): every available bomber and half the available
  fighters at the US carriers spotted this turn, shared out by type as evenly as possible when
  they are in more than one hex.
- Invasion: every battalion goes ashore on the 0430 turn of 6 June (or on the first daylight
  turn after it that its transport reaches Midway).
- Optional rules in play: SS168 attacks US ships in its hex, BBs and CAs at Midway bombard it,
  ST11 builds the Kure base, reserve Zekes come aboard as soon as they can.
- Battles: as the two-player bots (``tactics``), with every fighter flying CAP.
"""

from __future__ import annotations

from midway_desktop.engine.actions import Action
from midway_desktop.games.victory_at_midway import air, movement, naval, search, tactics
from midway_desktop.games.victory_at_midway import battle as air_battle
from midway_desktop.games.victory_at_midway.actions import (
    Bombard,
    BuildBase,
    Enter,
    Form,
    GoAshore,
    MidwayStrike,
    Move,
    PrepareAll,
    ReserveZeke,
    Resolve,
    Strike,
    SubAttack,
)
from midway_desktop.games.victory_at_midway.setup import waiting
from midway_desktop.games.victory_at_midway.state import (
    JAPAN,
    MIDWAY,
    SHIP_OFF_MAP,
    US,
    Game,
    State,
    evolve,
    set_units,
    sightings_since,
)

KURE = "G6"
ST11 = "ST11"
MIDWAY_MINIMUM = (4, 2)  # four bombers and two fighter escorts
TRANSPORT_GROUP = "2"  # the Turn 2 group: its destroyers keep to the transports' speed


def invasion_turn(game: Game) -> int:
    """VaM › Solitaire › Doctrine Toward Midway: the 0430 turn of 6 June (its first daylight turn)."""
    turns = game.cat.turns
    for t in range(1, turns.last + 1):
        if turns.date(t) == "6 June" and not turns.is_night(t):
            return t
    return turns.last


def orders(game: Game, state: State) -> list[Action]:
    """VaM › Solitaire Play: Japan's orders for the current step or battle segment."""
    if state.battle is not None:
        return tactics.orders(game, state, JAPAN)
    handler = _STEPS.get(state.step)
    return handler(game, state) if handler is not None else []


# -- movement -----------------------------------------------------------------------------------
def _movement(game: Game, state: State) -> list[Action]:
    """VaM › Solitaire Play › Japanese Entry, Japanese Movement, Doctrine Toward Midway: enter by
    the table, keep the groups, a slow ship drops out with one DD, ST11 breaks off for Kure, sail
    the straightest line to Midway and stay there."""
    out: list[Action] = []
    s = state

    def do(action: Action) -> None:
        nonlocal s
        out.append(action)
        if isinstance(action, Enter):
            from midway_desktop.games.victory_at_midway.setup import apply_enter

            s = apply_enter(game, s, action)
        elif isinstance(action, Form):
            s = movement.apply_form(game, s, action)
        elif isinstance(action, Move):
            s = movement.apply_move(game, s, action)

    # Entry, by the table.
    for grp in game.cat.groups:
        if grp.side != JAPAN or grp.solitaire_entry is None:
            continue
        hex_, turn = grp.solitaire_entry
        if state.turn >= turn and waiting(game, s, grp.id):
            do(Enter(JAPAN, grp.id, hex_, grp.fleet))
    # A slow ship (a reduced carrier, the Yamato) drops out of a faster group with one destroyer.
    boxes = set(game.cat.formations(JAPAN))
    for box, members in list(movement.pieces(game, s, JAPAN).items()):
        if box not in boxes or game.u(s, members[0]).loc == MIDWAY:
            continue
        if game.cat.ship(members[0]).group == TRANSPORT_GROUP:
            continue
        slow = [m for m in members if movement.speed(game, s, m) < 1]
        fast = [m for m in members if m not in slow]
        if not slow or not fast:
            continue
        dds = [m for m in fast if game.cat.ship(m).type == "DD"]
        for ship in slow:
            do(Form(JAPAN, ship, ""))
            if dds and len(fast) > 1:
                dd = dds.pop()
                fast.remove(dd)
                do(Form(JAPAN, dd, ""))
    # ST11 breaks off for Kure at the last moment.
    st = game.u(s, ST11)
    if st.formation and st.loc not in SHIP_OFF_MAP and st.loc != MIDWAY:
        nxt = game.toward(st.loc, MIDWAY)
        if st.loc == KURE or nxt == MIDWAY or game.distance(nxt, KURE) >= game.distance(st.loc, KURE):
            do(Form(JAPAN, ST11, ""))
    # Everyone sails on: the slow ships (with their destroyer) first.
    pieces = movement.pieces(game, s, JAPAN)
    slow_hexes: dict[str, list[str]] = {}
    for piece, ships in pieces.items():
        if len(ships) == 1 and piece == ships[0] and movement.speed(game, s, piece) < 1 and piece != ST11:
            slow_hexes.setdefault(game.u(s, piece).loc, []).append(piece)
    escorts: dict[str, str] = {}
    for piece, ships in pieces.items():
        if len(ships) == 1 and piece == ships[0] and game.cat.ship(piece).type == "DD":
            here = game.u(s, piece).loc
            charges = [c for c in slow_hexes.get(here, []) if c not in escorts.values()]
            if charges:
                escorts[piece] = charges[0]
    free = movement.movable(game, s, JAPAN)  # the pieces that may move this turn
    for piece in sorted(free):
        ships = free[piece]
        if piece in escorts or all(x in game.subs for x in ships):
            continue
        here = game.u(s, ships[0]).loc
        target = KURE if piece == ST11 else MIDWAY
        if here in (target, MIDWAY):
            continue
        nxt = game.toward(here, target)
        out.append(Move(JAPAN, piece, nxt))
        for dd, charge in escorts.items():
            if charge == piece and dd in free:  # the destroyer keeps to its charge
                out.append(Move(JAPAN, dd, nxt))
    return out


# -- air ----------------------------------------------------------------------------------------
def us_carrier_spotted(game: Game, state: State, since: int) -> list[str]:
    """VaM › Solitaire Play › Doctrine Toward US CVs: hexes where the Japanese spotted US carriers
    on turn ``since`` or later."""
    return sorted({s.hex for s in sightings_since(state, since) if s.side == JAPAN and s.carriers})


def us_carriers_in_range(game: Game, state: State) -> bool:
    """VaM › Solitaire Play › Doctrine Toward Midway: whether a US carrier is within range of a
    Japanese carrier (the doctrine knows)."""
    us = [st.loc for sid, st in game.ships(state, US) if sid in game.carriers and st.loc not in SHIP_OFF_MAP]
    if not us:
        return False
    for sid, st in game.ships(state, JAPAN):
        if sid in game.carriers and st.loc not in SHIP_OFF_MAP:
            reach = search.carrier_range(game, sid)
            if any(game.distance(st.loc, h) <= reach for h in us):
                return True
    return False


def _midway_strike(game: Game, state: State) -> list[Action]:
    """VaM › Solitaire Play › Doctrine Toward Midway (and Toward US CVs: suspended once a US
    carrier is spotted)."""
    if us_carrier_spotted(game, state, state.turn - 1):
        return []  # Doctrine Toward US CVs: air operations against Midway are suspended
    options = [a.unit for a in air.midway_strike_options(game, state, JAPAN)]
    if not options:
        return []
    cat = game.cat
    if us_carriers_in_range(game, state):
        bombers = sorted((u for u in options if cat.plane(u).bomber), key=lambda u: (-cat.plane(u).strike, u))
        fighters = sorted((u for u in options if cat.plane(u).fighter), key=lambda u: (-cat.plane(u).air, u))
        n_b, n_f = MIDWAY_MINIMUM
        chosen = bombers[:n_b] + fighters[:n_f]
    else:
        bases = {game.u(state, u).base for u in options}
        reserve = max(bases, key=lambda b: (cat.capacity(b), b))  # the single largest carrier
        chosen = [u for u in options if game.u(state, u).base != reserve]
    return [MidwayStrike(JAPAN, u) for u in chosen]


def _air_strikes(game: Game, state: State) -> list[Action]:
    """VaM › Solitaire Play › Doctrine Toward US CVs: all available bombers and half the fighters
    at the carriers spotted this turn, split in halves by type when they are in two hexes."""
    targets = us_carrier_spotted(game, state, state.turn)
    if not targets:
        return []
    cat = game.cat
    ready: list[tuple[str, str]] = []
    blocked: dict[str, str | None] = {}
    for unit, st in game.aircraft(state, JAPAN):
        if st.loc != "ready":
            continue
        if st.base not in blocked:
            blocked[st.base] = None if air.launch_block(game, state, st.base) else game.base_hex(state, st.base)
        here = blocked[st.base]
        if here is None:
            continue
        reach = [t for t in targets if game.distance(here, t) <= cat.plane(unit).range and not game.in_fog(state, t)]
        if reach:
            ready.append((unit, here))
    bombers = [(u, h) for u, h in ready if cat.plane(u).bomber]
    fighters = [(u, h) for u, h in ready if cat.plane(u).fighter]
    fighters.sort(key=lambda x: (-cat.plane(x[0]).air, x[0]))
    escorts = fighters[: len(fighters) // 2]  # one-half of the available fighters
    if not bombers:
        return []
    out: list[Action] = []
    waves: dict[str, dict[str, int]] = {}
    counts: dict[tuple[str, str], int] = {}
    for unit, here in sorted(bombers + escorts, key=lambda x: (cat.plane(x[0]).type, x[0])):
        kind = cat.plane(unit).type
        reach = [t for t in targets if game.distance(here, t) <= cat.plane(unit).range]
        target = min(reach, key=lambda t: (counts.get((kind, t), 0), t))  # halves, by plane type
        counts[(kind, target)] = counts.get((kind, target), 0) + 1
        w = waves.setdefault(target, {})
        if here not in w:
            w[here] = len(w) + 1
        out.append(Strike(JAPAN, unit, target, w[here]))
    return out


def _strike_resolution(game: Game, state: State) -> list[Action]:
    """VaM › Resolving Air Strikes: Japan resolves its strikes in any order (the first)."""
    keys = air_battle.strike_keys(game, state, JAPAN)
    return [Resolve(JAPAN, keys[0][0], keys[0][1])] if keys else []


def _air_return(game: Game, state: State) -> list[Action]:
    """VaM › Strike and Escort Aircraft Retrieval (home first, the least valuable ditch), and
    Optional Rules › Reserve Zekes as soon as there is room."""
    plan: list[Action] = list(air.landing_plan(game, state, JAPAN))
    if state.opt("reserve-zekes"):
        free = air.free_room(game, state, JAPAN)
        for order in plan:
            base = getattr(order, "base", None)
            if base in free:
                free[base] -= 1
        lost = [a for a, st in game.aircraft(state, JAPAN) if st.loc == "lost" and air.is_zeke(game, a)]
        for carrier in air.RESERVE_CARRIERS:
            if lost and carrier not in state.reserves and free.get(carrier, 0) > 0:
                plan.append(ReserveZeke(JAPAN, lost.pop(0), carrier))
    return plan


# -- search and ship-to-ship combat --------------------------------------------------------------
def _search(game: Game, state: State) -> list[Action]:
    """No searches of its own: the mutual-search roll finds the US carriers (Doctrine Toward US CVs)."""
    if search.build_refusal(game, state, BuildBase(JAPAN)) is None:
        return [BuildBase(JAPAN)]
    return []


def _sub_attacks(game: Game, state: State) -> list[Action]:
    """VaM › Optional Rules › Submarines: SS168 attacks whenever US ships share its hex."""
    return [
        SubAttack(JAPAN, h) for h in naval.sub_attack_hexes(game, state, JAPAN)
        if game.ships_at(state, h, US, subs=False)
    ]  # fmt: skip


def _bombardment(game: Game, state: State) -> list[Action]:
    """VaM › Optional Rules › Midway Bombardment: the BBs and CAs at Midway bombard whenever they may."""
    return [Bombard(JAPAN)] if naval.can_bombard(game, state, JAPAN) else []


def _invasion(game: Game, state: State) -> list[Action]:
    """VaM › Solitaire Play › Doctrine Toward Midway: all troops ashore on the 0430 turn of 6 June."""
    if state.turn < invasion_turn(game):
        return []
    return [GoAshore(JAPAN, u) for u in naval.landing_units(game, state)]


_STEPS = {
    "ship-movement": _movement,
    "midway-strike": _midway_strike,
    "search": _search,
    "air-strikes": _air_strikes,
    "strike-resolution": _strike_resolution,
    "air-preparation": lambda g, s: [PrepareAll(JAPAN)] if air.any_not_ready(g, s, JAPAN) else [],
    "air-return": _air_return,
    "sub-attacks": _sub_attacks,
    "bombardment": _bombardment,
    "invasion": _invasion,
}

__all__ = ["orders", "invasion_turn", "evolve", "set_units"]
