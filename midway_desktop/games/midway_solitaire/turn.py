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
    assignments,
    battle_squares,
    can_strike,
    hazard_attacks,
    hit_task_force,
    ma_attack,
    needs_choice,
    open_battle,
    roll_round,
)
from midway_desktop.games.midway_solitaire.data import Ruleset
from midway_desktop.games.midway_solitaire.state import JapaneseForce, State, but
from midway_desktop.games.midway_solitaire.victory import objective_text, verdict


def decide(state: State, events: list[Event]) -> State:
    """The state with its result set if the fighting so far decided the game (MS › Victory
    Conditions, via ``victory.verdict``)."""
    found = verdict(state)
    if found is None:
        return state
    events.append(Event("game-over", found[1], data={"result": found[0]}))
    return but(state, result=found[0], result_text=found[1], phase="over", battle=None, pending=())


def begin_turn(state: State, midway: str) -> State:
    """MS › Sequence of Play 6 and 1: a new turn opens with American movement; the MA is back
    on Midway, where it starts every turn (MS › Unit Movement)."""
    return but(state, turn=state.turn + 1, phase="us-movement", card=None, moved=(), struck=(), ma=midway)


def end_turn(state: State, midway: str, events: list[Event]) -> State:
    """MS › Sequence of Play 6. When the last card has been played and the mission is not
    achieved, the invasion has run its course: Japanese victory by time (provisional; the
    rulebook does not say what happens when the deck runs out)."""
    if not state.deck:
        text = "The action deck is spent before the mission is achieved: Japanese victory on time."
        events.append(Event("game-over", text, data={"result": "japan-time"}))
        return but(state, result="japan-time", result_text=text, phase="over", ma=midway)
    return begin_turn(state, midway)


def play_card(rs: Ruleset, state: State, rng: Rng, events: list[Event], ma: str) -> State:
    """MS › Sequence of Play 2-5: with the MA placed on ``ma``, flip the top card, apply its
    event, move the Japanese forces, then resolve hazards, Midway aircraft attacks and ship
    battles in that order."""
    number = state.deck[0]
    card = rs.cards[number]
    # Turning up a face-down card is luck even though the shuffle came first: count it, so
    # the engine's undo stops here and a player cannot peek at a card and take the move back.
    rng.reveal()
    events.append(
        Event(
            "card",
            f"Turn {state.turn}, {rs.card_line[number]}",
            data={"turn": state.turn, "card": number, "hazard": card.hazard},
        )
    )
    japanese, won = move_japanese(rs, state, number, events)
    state = but(
        state,
        deck=state.deck[1:],
        played=(*state.played, number),
        card=number,
        ma=ma,
        japanese=japanese,
        phase="combat",
    )
    if won is not None:
        unit, text = won
        events.append(Event("game-over", text, data={"result": "japan-objective", "unit": unit}))
        return but(state, result="japan-objective", result_text=text, phase="over")
    if card.hazard != "all-clear":
        state = decide(hazard_attacks(rs, state, card, rng, events), events)
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
        return resolve(rs, but(state, pending=pending), rng, events)
    return after_battles(rs, state, events)


def move_japanese(
    rs: Ruleset, state: State, number: int, events: list[Event]
) -> tuple[tuple[JapaneseForce, ...], tuple[str, str] | None]:
    """MS › Unit Movement / Japanese Edge of Board Movement / Victory Conditions: each force
    moves as card ``number`` shows (AIF, CSF, MIF in turn); entering an objective wins at once.
    Returns the forces and, if one reached an objective, its name and the victory text."""
    objectives = rs.grid.objective
    tf_squares = [t.square for t in state.task_forces if not t.sunk]
    moved = []
    japanese = list(state.japanese)
    for i, j in enumerate(japanese):
        if j.sunk:
            continue
        path = rs.path(number, i, j.square, tf_squares)
        if not path:
            moved.append(f"{j.name} stays on {j.square}")
            continue
        for square in path:
            if square in objectives:  # MS › Game Concepts 8: moving into one ends the game at once
                japanese[i] = but(j, square=square)
                events.append(Event("move", f"Japanese movement: {j.name} {j.square}→{square}"))
                return tuple(japanese), (j.name, objective_text(j.name, objectives[square]))
        japanese[i] = but(j, square=path[-1])
        moved.append(f"{j.name} {j.square}→{'→'.join(path)}")
    events.append(Event("move", "Japanese movement: " + ", ".join(moved)))
    return tuple(japanese), None


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
            state = but(state, pending=rest)
            if not (battle.americans and battle.japanese):
                continue
            events.append(
                Event(
                    "battle",
                    f"Ship battle on {square}: {' and '.join(battle.americans)} against "
                    f"{' and '.join(battle.japanese)}",
                    data={"square": square},
                )
            )
            battle = roll_round(rs, state, battle, card, rng, events)
            state = but(state, battle=battle)
        if needs_choice(state, battle):
            return but(state, phase="assign-hits")
        on_us, on_jp = assignments(state, battle)
        state = finish_round(rs, state, on_us[0], on_jp[0], rng, events)
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
            rs, state, but(battle, round=battle.round + 1, on_american=0, on_japanese=0), card, rng, events
        )
        return but(state, battle=nxt, phase="combat")
    return but(state, battle=None, phase="combat")


def after_battles(rs: Ruleset, state: State, events: list[Event]) -> State:
    """MS › Long Range Attacks: once the Japanese have moved and combat is over, a TF next to a
    Japanese unit may strike; with no such chance the turn ends."""
    for t in state.task_forces:
        if can_strike(rs, state, t):
            return but(state, phase="long-range")
    return end_turn(state, rs.grid.midway, events)


def open_long_range(rs: Ruleset, state: State, tf: str, target: str, rng: Rng, events: list[Event]) -> State:
    """MS › Long Range Attacks: remove a long range counter and roll: 1-4, one round of
    simultaneous ship attacks with the target square's Japanese units; 5-6, the TF takes 1 damage."""
    t = state.tf(tf)
    state = state.with_tf(but(t, long_range=t.long_range - 1), struck=(*state.struck, tf))
    die = rng.die()
    ok = die <= LONG_RANGE_SUCCESS
    events.append(
        Event(
            "roll",
            f"{tf} long range attack on {target}: d6 {die}, " + ("it goes in" if ok else "it fails"),
            data={"purpose": "long range attack", "dice": [die], "sides": 6, "success": ok},
        )
    )
    if not ok:
        state = decide(hit_task_force(rs, state, tf, 1, events), events)
        if state.result is not None:
            return state
        return after_battles(rs, but(state, phase="combat"), events)
    card = rs.cards[state.card] if state.card is not None else None
    battle = roll_round(rs, state, open_battle(state, target, "long-range", tf), card, rng, events)
    return resolve(rs, but(state, battle=battle, phase="combat"), rng, events)
