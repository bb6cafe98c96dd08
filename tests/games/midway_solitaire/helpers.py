"""Positions built by hand for replaying the rulebook's examples (MS = midway-solitaire.txt)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from midway_desktop.engine import Event, ScriptedRng
from midway_desktop.engine.actions import Action
from midway_desktop.games.midway_solitaire.actions import US, PlaceAircraft
from midway_desktop.games.midway_solitaire.rules import RULES
from midway_desktop.games.midway_solitaire.state import JapaneseForce, State, TaskForce

# Card numbers of the cards the rulebook describes (see rulesets/midway-solitaire/cards.yaml).
SBD = 2
REFUELING = 3
ZERO = 4
SUBMARINE = 5
BATTLESHIPS = 6


def card_by_title(title: str) -> int:
    deck = RULES.rs.deck
    return next(n for n in deck.numbers if deck[n].title == title)


def first_card(hazard: str | None = None, *, no_events: bool = True, still: Sequence[str] = ()) -> int:
    """A card number with ``hazard`` (and no event if ``no_events``); ``still`` lists forces
    the card must leave where they are (All Stop for them)."""
    deck = RULES.rs.deck
    for n in deck.numbers:
        card = deck[n]
        if hazard is not None and card.hazard != hazard:
            continue
        if no_events and card.modifiers:
            continue
        if any(not card.move(u).all_stop for u in still):
            continue
        return n
    raise LookupError("no such card in the deck")


def start_for(card: int, unit: str, end: str, avoid: Iterable[str] = ()) -> str:
    """A square from which ``card`` moves ``unit`` (not All Stop) onto ``end``."""
    i = ("AIF", "CSF", "MIF").index(unit)
    grid = RULES.rs.grid
    for square in grid.squares:
        if square == end or square in avoid or square in grid.objective:
            continue
        path = RULES.rs.path(card, i, square, [])
        if path and path[-1] == end and not any(sq in grid.objective for sq in path):
            return square
    raise LookupError(f"card {card} cannot bring the {unit} to {end}")


def deck_order(top: Iterable[int]) -> tuple[int, ...]:
    """The whole deck with ``top`` first (in that order) and the rest by number."""
    top = list(top)
    return (*top, *(n for n in RULES.rs.deck.numbers if n not in top))


def position(
    *,
    tf16: str = "M9",
    tf17: str = "M9",
    aif: str = "A2",
    csf: str = "A4",
    mif: str = "A7",
    top: Iterable[int] = (),
    mission: int = 3,
    phase: str = "ma-placement",
    damage: dict[str, int] | None = None,
    fuel: dict[str, int] | None = None,
    long_range: dict[str, int] | None = None,
    sunk: Iterable[str] = (),
    turn: int = 1,
) -> State:
    """A mid-game position: everything placed, both TFs moved, ready for the MA and the card."""
    damage = damage or {}
    fuel = fuel or {}
    long_range = long_range or {}
    sunk = set(sunk)
    tfs = tuple(
        TaskForce(n, sq, damage.get(n, 0), fuel.get(n, 3), long_range.get(n, 2), n in sunk)
        for n, sq in (("TF-16", tf16), ("TF-17", tf17))
    )
    japanese = tuple(
        JapaneseForce(n, sq, damage.get(n, 0), n in sunk) for n, sq in (("AIF", aif), ("CSF", csf), ("MIF", mif))
    )
    moved = tuple(t.name for t in tfs if not t.sunk) if phase == "ma-placement" else ()
    return State(mission, phase, turn, tfs, japanese, "L5", deck_order(top), moved=moved)


def play(state: State, action: Action, dice: Sequence[int] = ()) -> tuple[State, list[Event]]:
    """Apply a legal action with scripted dice; every scripted die must be used."""
    refusal = RULES.check(state, action)
    assert refusal is None, refusal
    rng = ScriptedRng(dice=dice)
    after, events = RULES.apply(state, action, rng)
    assert rng.remaining == 0, f"{rng.remaining} scripted dice were not rolled"
    assert not rng.rolled or rng.rolled == list(dice)
    return after, events


def flip(state: State, ma: str = "M1", dice: Sequence[int] = ()) -> tuple[State, list[Event]]:
    """Place the MA (on ``ma``) and so flip the top card and resolve the turn."""
    return play(state, PlaceAircraft(US, ma), dice)


def rolls(events: Iterable[Event]) -> list[tuple[str, list[int]]]:
    return [
        (e.data.get("unit") or e.data.get("attack") or e.data.get("purpose", ""), list(e.data["dice"]))
        for e in events
        if e.kind == "roll"
    ]
