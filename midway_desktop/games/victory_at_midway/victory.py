"""Victory points and the end of the game (VaM › How to Win).

VPs go to the side inflicting hits: per hit by type of unit (5 a carrier or the Yamato, 4 a
battleship, 2 a cruiser or transport, 1 a destroyer, 1/2 an air unit, 0 a ground unit), and 11
to the side controlling Midway at the end. Withdrawn ships count nothing even if damaged (their
damaged aircraft do count); ditched aircraft and aircraft trapped on a damaged carrier that
stays afloat count nothing.
"""

from __future__ import annotations

from midway_desktop.engine.rules import Outcome
from midway_desktop.games.victory_at_midway.state import JAPAN, MIDWAY, SIDES, US, Game, State, other, side_name


def steps_lost(game: Game, state: State, unit: str) -> int:
    """VaM › Victory Points, Exiting the Map, Carrier Damage: hits a unit has taken that count for
    VPs (withdrawn ships none; ditched or trapped aircraft none; a sunk ship all its steps)."""
    st = game.u(state, unit)
    cat = game.cat
    if cat.is_ship(unit):
        if st.loc == "withdrawn":
            return 0
        if st.loc == "sunk":
            return cat.ship(unit).steps
        return 1 if st.reduced and st.loc not in ("entry", "unplaced") else 0
    if cat.is_aircraft(unit):
        if st.loc in ("ditched", "trapped"):
            return 0
        if st.loc == "lost":
            return cat.plane(unit).steps
        return 1 if st.reduced else 0
    return 0


def unit_vp(game: Game, state: State, unit: str) -> float:
    """VaM › Victory Points: VPs per hit by type, times the hits that count."""
    per_hit = game.cat.victory.per_hit
    cat = game.cat
    if cat.is_ship(unit):
        rate = per_hit[cat.ship(unit).vp_class]
    elif cat.is_aircraft(unit):
        rate = per_hit["aircraft"]
    else:
        rate = per_hit["ground"]
    return rate * steps_lost(game, state, unit)


def midway_controller(game: Game, state: State) -> str:
    """VaM › Midway VPs: US unless all six Marine units are gone and a Japanese ground unit is
    there (both sides there: still US)."""
    marines = [g.id for g in game.cat.ground if g.side == US]
    if all(game.u(state, m).loc == "lost" for m in marines) and game.ground_on_midway(state, JAPAN):
        return JAPAN
    return US


SFT_VP = 1.0  # VaM › Special Force Tenders: 1 VP (1/2 if the SFT is reduced)


def scores(game: Game, state: State) -> dict[str, float]:
    """VaM › How to Win › Victory Points, Midway VPs: VPs each side has earned so far: hits by
    type, Midway's 11 to its controller, VPs banked by other rules (Reserve Zekes), and the
    Special Force Tenders' VP (optional)."""
    out = {s: 0.0 for s in SIDES}
    for unit in game.ids:
        owner = game.side_of(unit)
        out[other(owner)] += unit_vp(game, state, unit)
    holder = midway_controller(game, state)
    out[holder] += game.cat.victory.midway_control
    for side, vp in state.banked:
        out[side] += vp
    if state.opt("special-force-tenders") and holder == JAPAN:
        sft = game.u(state, "SFT")
        if sft.loc == MIDWAY:
            out[JAPAN] += SFT_VP / 2 if sft.reduced else SFT_VP
    return out


def solitaire_end(game: Game, state: State) -> str:
    """VaM › Solitaire Play › Ending a Solitaire Game, checked at the end of a turn: at least two
    US carriers or at least five Japanese carriers eliminated ("" if neither)."""
    us = sum(1 for sid, st in game.ships(state, US) if sid in game.carriers and st.loc == "sunk")
    jp = sum(1 for sid, st in game.ships(state, JAPAN) if sid in game.carriers and st.loc == "sunk")
    if us >= 2:
        return f"{us} US carriers eliminated"
    if jp >= 5:
        return f"{jp} Japanese carriers eliminated"
    return ""


def side_gone(game: Game, state: State, side: str) -> bool:
    """VaM › Ending a Game: a side has withdrawn or lost every unit it had on the board (or still
    to bring on), ground units on Midway included."""
    for _sid, st in game.ships(state, side):
        if st.loc not in ("withdrawn", "sunk"):
            return False
    return not game.ground_on_midway(state, side)


def outcome(game: Game, state: State) -> Outcome | None:
    """VaM › Ending a Game: concession, early end or the end of Turn 25; more VPs wins, equal is a draw."""
    if state.conceded:
        winner = other(state.conceded)
        v = game.cat.victory
        series = {US: v.japan_concedes, JAPAN: 0.0} if winner == US else {US: 0.0, JAPAN: v.us_concedes}
        return Outcome(
            f"{state.conceded}-concedes", winner, f"{side_name(state.conceded)} concedes; {side_name(winner)} wins.",
            series,
        )  # fmt: skip
    if not state.ended:
        return None
    vp = scores(game, state)
    if vp[US] == vp[JAPAN]:
        return Outcome("draw", None, f"Draw at {vp[US]:g} VPs each ({state.ended}).", vp)
    winner = US if vp[US] > vp[JAPAN] else JAPAN
    return Outcome(
        f"{winner}-wins", winner,
        f"{side_name(winner)} wins {max(vp.values()):g} to {min(vp.values()):g} VPs ({state.ended}).", vp,
    )  # fmt: skip
