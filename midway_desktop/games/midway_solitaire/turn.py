"""The turn after the player's moves: card, Japanese movement, hazards, combat, end of turn.

MS › Sequence of Play 3-6. These steps need no decision except where the player assigns
hits or chooses long range attacks; the flow stops there and resumes on the player's action.
"""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.midway_solitaire.combat import (
    LONG_RANGE_SUCCESS,
    afloat_in,
    apply_assignment,
    battle_squares,
    can_strike,
    hazard_attacks,
    hit_task_force,
    ma_attack,
    open_battle,
    roll_round,
)
from midway_desktop.games.midway_solitaire.data import Ruleset
from midway_desktop.games.midway_solitaire.state import UNREAD, JapaneseForce, State, TaskForce, event
from midway_desktop.games.midway_solitaire.victory import objective_text, verdict


def decide(state: State, events: list[Event]) -> State:
    """The state with its result set if the fighting so far decided the game (MS › Victory
    Conditions, via ``victory.verdict``)."""
    found = verdict(state)
    if found is None:
        return state
    events.append(event("game-over", found[1], {"result": found[0]}))
    return state.but(result=found[0], result_text=found[1], phase="over", battle=None, pending=())


def begin_turn(state: State, midway: str) -> State:
    """MS › Sequence of Play 6 and 1: a new turn opens with American movement; the MA is back
    on Midway, where it starts every turn (MS › Unit Movement)."""
    return state.but(turn=state.turn + 1, phase="us-movement", card=None, moved=(), struck=(), ma=midway)


def end_turn(state: State, midway: str, events: list[Event]) -> State:
    """MS › Sequence of Play 6. When the last card has been played and the mission is not
    achieved, the invasion has run its course: Japanese victory by time (provisional; the
    rulebook does not say what happens when the deck runs out)."""
    if not state.deck:
        text = "The action deck is spent before the mission is achieved: Japanese victory on time."
        events.append(event("game-over", text, {"result": "japan-time"}))
        return state.but(result="japan-time", result_text=text, phase="over", ma=midway)
    return begin_turn(state, midway)


def tf_moved(rs: Ruleset, t: TaskForce, to: str, events: list[Event]) -> TaskForce:
    """MS › Unit Movement: task force ``t`` goes to ``to`` (a second square spends one extra
    fuel) or stays; logged. Moves and task forces recur from game to game: kept in ``rs``, the
    log line and the moved TF under one key (one look-up a move)."""
    here = t.square
    key = ("move", t.name, here, to, t.damage, t.fuel, t.long_range, t.sunk)
    found = rs.kept.get(key)
    if found is None:
        name = t.name
        fuel = rs.grid.dist[here][to] == 2
        if to == here:
            told = event("move", f"{name} stays on {to}", {"unit": name, "from": to, "to": to})
        else:
            told = event(
                "move",
                f"{name} {here}→{to}" + (" (extra fuel)" if fuel else ""),
                {"unit": name, "from": here, "to": to, "fuel": int(fuel)},
            )
        found = rs.keep(key, (told, t if to == here else t.but(square=to, fuel=t.fuel - fuel)))
    events.append(found[0])
    return found[1]


def ma_placed(rs: Ruleset, square: str, events: list[Event]) -> None:
    """Log the Midway aircraft's placement (MS › Sequence of Play 2)."""
    key = ("ma", square)
    told = rs.kept.get(key)
    if told is None:
        told = rs.keep(key, event("move", f"Midway aircraft to {square}", {"unit": "MA", "to": square}))
    events.append(told)


def play_card(
    rs: Ruleset,
    state: State,
    rng: Rng,
    events: list[Event],
    ma: str,
    task_forces: tuple[TaskForce, ...] | None = None,
    moved: tuple[str, ...] | None = None,
) -> State:
    """MS › Sequence of Play 2-5: with the MA placed on ``ma``, flip the top card, apply its
    event, move the Japanese forces, then resolve hazards, Midway aircraft attacks and ship
    battles in that order. ``task_forces`` and ``moved``, when given, are the American moves
    just made (so a whole turn's orders build one new state, not one per part)."""
    number = state.deck[0]
    card = rs.cards[number]
    # Turning up a face-down card is luck even though the shuffle came first: count it, so
    # the engine's undo stops here and a player cannot peek at a card and take the move back.
    rng.reveal()
    turn = state.turn
    if events is not UNREAD:  # a headless game's card line would be looked up only to go unread
        key = ("card", turn, number)
        told = rs.kept.get(key)
        if told is None:
            told = event(
                "card", f"Turn {turn}, {rs.card_line[number]}", {"turn": turn, "card": number, "hazard": card.hazard}
            )
            rs.keep(key, told)
        events.append(told)
    if task_forces is None:
        task_forces = state.task_forces
    japanese, won = move_japanese(rs, state.japanese, task_forces, number, events)
    deck = state.deck[1:]
    played = (*state.played, number)
    if won is None and deck and quiet(rs, rs.hazard_zone[number], task_forces, japanese, ma, state.struck):
        # Nothing to attack or offer: the turn ends here. (The steps below reach this same state
        # through hazards, MA, battles and end of turn; this is the common turn, made in one.)
        return state.but(
            deck=deck,
            played=played,
            japanese=japanese,
            task_forces=task_forces,
            turn=turn + 1,
            phase="us-movement",
            card=None,
            moved=(),
            struck=(),
            ma=rs.grid.midway,
        )
    state = state.but(
        deck=deck,
        played=played,
        card=number,
        ma=ma,
        japanese=japanese,
        phase="combat",
        task_forces=task_forces,
        moved=state.moved if moved is None else moved,
    )
    if won is not None:
        unit, text = won
        events.append(event("game-over", text, {"result": "japan-objective", "unit": unit}))
        return state.but(result="japan-objective", result_text=text, phase="over")
    if card.hazard != "all-clear":
        after = hazard_attacks(rs, state, card, rng, events)
        if after is not state:  # a hit: did it decide the game?
            state = decide(after, events)
            if state.result is not None:
                return state
    for j in japanese:
        if j.square == ma and not j.sunk:
            state = decide(ma_attack(rs, state, card, rng, events), events)
            if state.result is not None:
                return state
            break
    pending = battle_squares(state)
    if pending:
        return resolve(rs, state.but(pending=pending), rng, events)
    return after_battles(rs, state, events)


def quiet(
    rs: Ruleset,
    zone: frozenset[str],
    task_forces: tuple[TaskForce, ...],
    japanese: tuple[JapaneseForce, ...],
    ma: str,
    struck: tuple[str, ...],
) -> bool:
    """Whether a turn's fighting is over before it begins: no TF afloat on a square the card's
    hazard attacks (``zone``), no Japanese unit afloat on the MA's square or a TF's, and no
    long range attack to offer (``combat.can_strike``)."""
    afloat = []  # a loop, not a list comprehension: in CPython 3.11 that is a call, every turn
    for j in japanese:
        if not j.sunk:
            square = j.square
            if square == ma:
                return False
            afloat.append(square)
    near = rs.grid.neighbour_set
    for t in task_forces:
        if t.sunk:
            continue
        square = t.square
        if square in zone or square in afloat:
            return False
        if t.long_range > 0 and t.name not in struck:
            around = near[square]
            for sq in afloat:
                if sq in around:
                    return False
    return True


def move_japanese(
    rs: Ruleset,
    japanese: tuple[JapaneseForce, ...],
    task_forces: tuple[TaskForce, ...],
    number: int,
    events: list[Event],
) -> tuple[tuple[JapaneseForce, ...], tuple[str, str] | None]:
    """MS › Unit Movement / Japanese Edge of Board Movement / Victory Conditions: each force
    moves as card ``number`` shows (AIF, CSF, MIF in turn); entering an objective wins at once.
    Returns the forces and, if one reached an objective, its name and the victory text."""
    moves = rs.moves[number]
    kept = rs.kept
    afloat_at = rs.afloat_at
    tf_squares: tuple[str, ...] | None = None
    told: tuple[str, ...] = ("jp-move",)
    unread = events is UNREAD  # the log line (kept by its text, thousands of them) goes unwritten
    out = list(japanese)
    for i, j in enumerate(japanese):
        if j.sunk:
            continue
        square = j.square
        found = moves[i].get(square)
        if found is None:
            if tf_squares is None:
                tf_squares = tuple(t.square for t in task_forces if not t.sunk)
            found = rs.japanese_move(number, i, square, tf_squares)
        end, text, objective = found
        if end != square:
            at = afloat_at[i][j.damage]
            moved = at.get(end)
            if moved is None:
                moved = at[end] = j.but(square=end)
            out[i] = moved
        if objective:  # MS › Game Concepts 8: moving into one ends the game at once
            events.append(event("move", f"Japanese movement: {text}"))
            return tuple(out), (j.name, objective_text(j.name, objective))
        if not unread:
            told += (text,)
    if unread:
        return tuple(out), None
    line = kept.get(told)
    if line is None:
        line = rs.keep(told, event("move", "Japanese movement: " + ", ".join(told[1:])))
    events.append(line)
    return tuple(out), None


def resolve(rs: Ruleset, state: State, rng: Rng, events: list[Event]) -> State:
    """Fight this turn's battles one square at a time, stopping when the player must assign
    hits; then offer long range attacks or end the turn (MS › Ship Attacks; Long Range Attacks)."""
    card = rs.cards[state.card] if state.card is not None else None
    while state.result is None:
        battle = state.battle
        if battle is None:
            if not state.pending:
                return after_battles(rs, state, events)
            square, rest = state.pending[0], state.pending[1:]
            battle = open_battle(state, square)
            state = state.but(pending=rest)
            if not (battle.americans and battle.japanese):
                continue
            if events is not UNREAD:
                events.append(
                    event(
                        "battle",
                        f"Ship battle on {square}: {' and '.join(battle.americans)} against "
                        f"{' and '.join(battle.japanese)}",
                        {"square": square},
                    )
                )
            battle = roll_round(rs, state, battle, card, rng, events)
            state = state.but(battle=battle)
        # The player chooses only where a side's hits fall on two or more units (MS › Ship
        # Attacks); otherwise each side's hits go on its one unit (``assignments``' only offer).
        us, jp = afloat_in(state, battle)
        on_us, on_jp = battle.on_american, battle.on_japanese
        if (on_us > 0 and len(us) > 1) or (on_jp > 0 and len(jp) > 1):
            return state.but(phase="assign-hits")
        state = finish_round(rs, state, ((us[0], on_us),) if us else (), ((jp[0], on_jp),) if jp else (), rng, events)
    return state


def finish_round(
    rs: Ruleset,
    state: State,
    on_american: tuple[tuple[str, int], ...],
    on_japanese: tuple[tuple[str, int], ...],
    rng: Rng,
    events: list[Event],
) -> State:
    """MS › Ship Attacks: apply the round's hits; a unit sunk in round 1 does not fire in round
    2; the fight ends after two rounds (one for a long range attack) or when a side is gone."""
    battle = state.battle
    assert battle is not None
    state = decide(apply_assignment(rs, state, on_american, on_japanese, events), events)
    if state.result is not None:
        return state
    us, jp = afloat_in(state, battle)
    if battle.round < battle.rounds and us and jp:
        card = rs.cards[state.card] if state.card is not None else None
        nxt = roll_round(
            rs, state, battle.but(round=battle.round + 1, on_american=0, on_japanese=0), card, rng, events, (us, jp)
        )
        return state.but(battle=nxt, phase="combat")
    return state.but(battle=None, phase="combat")


def after_battles(rs: Ruleset, state: State, events: list[Event]) -> State:
    """MS › Long Range Attacks: once the Japanese have moved and combat is over, a TF next to a
    Japanese unit may strike; with no such chance the turn ends."""
    for t in state.task_forces:
        if can_strike(rs, state, t):
            return state.but(phase="long-range")
    return end_turn(state, rs.grid.midway, events)


def open_long_range(rs: Ruleset, state: State, tf: str, target: str, rng: Rng, events: list[Event]) -> State:
    """MS › Long Range Attacks: remove a long range counter and roll: 1-4, one round of
    simultaneous ship attacks with the target square's Japanese units; 5-6, the TF takes 1 damage."""
    t = state.tf(tf)
    state = state.with_tf(t.but(long_range=t.long_range - 1), struck=(*state.struck, tf))
    die = rng.die()
    ok = die <= LONG_RANGE_SUCCESS
    events.append(
        event(
            "roll",
            f"{tf} long range attack on {target}: d6 {die}, " + ("it goes in" if ok else "it fails"),
            {"purpose": "long range attack", "dice": [die], "sides": 6, "success": ok},
        )
    )
    if not ok:
        state = decide(hit_task_force(rs, state, tf, 1, events), events)
        if state.result is not None:
            return state
        return after_battles(rs, state.but(phase="combat"), events)
    card = rs.cards[state.card] if state.card is not None else None
    battle = roll_round(rs, state, open_battle(state, target, "long-range", tf), card, rng, events)
    return resolve(rs, state.but(battle=battle, phase="combat"), rng, events)
