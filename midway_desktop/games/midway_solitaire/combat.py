"""Combat: ship battles, Midway aircraft, submarine and danger zone attacks, long range attacks.

MS › Combat Resolution. Every attack die hits on 5 or 6 after the turn's die roll modifiers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.midway_solitaire.cards import Card
from midway_desktop.games.midway_solitaire.data import Ruleset
from midway_desktop.games.midway_solitaire.state import (
    UNREAD,
    Battle,
    JapaneseForce,
    State,
    TaskForce,
    event,
    roll,
)

HIT_ON = 5  # MS › Ship Attacks: "Each die result of 5 or 6 causes a hit" (after DRMs)
MA_DICE = 1  # MS › Midway Aircraft Attacks: "Roll 1 die"
HAZARD_DICE = 1  # MS › Japanese Submarine / Danger Zone Attacks: "Roll one die"
LONG_RANGE_SUCCESS = 4  # MS › Long Range Attacks: 1-4 succeeds, 5-6 fails and costs 1 damage


def count_hits(dice: Iterable[int], drm: int) -> int:
    """MS › Ship Attacks: each die of 5 or 6 after the turn's DRMs is a hit."""
    return sum(1 for d in dice if d + drm >= HIT_ON)


def card_drm(card: Card | None, side: str, attack: str) -> int:
    """MS › Action Card Play: a card's event applies for its turn only, to the side(s) it names."""
    return 0 if card is None else card.drm(side, attack)


def _with_drm(text: str, drm: int) -> str:
    return f"{text} ({drm:+d} DRM)" if drm else text


# -- damage ---------------------------------------------------------------------------------


def _damage(rs: Ruleset, name: str, before: int, hits: int, events: list[Event]) -> tuple[int, bool]:
    """MS › Ship Status Boards: the new damage after ``hits`` and whether the unit sinks, told.
    The same hits on the same unit recur from game to game: kept in ``rs`` with their events."""
    key = ("damage", name, before, hits)
    found = rs.kept.get(key)
    if found is None:
        limit = rs.limit[name]
        damage = min(limit, before + hits)
        sunk = damage >= limit
        told = event(
            "damage",
            f"{name} takes {hits} hit{'s' * (hits != 1)} ({damage}/{limit})" + (" and is sunk" if sunk else ""),
            {"unit": name, "hits": hits, "damage": damage},
        )
        told_all = (told, event("sunk", f"{name} is sunk", {"unit": name})) if sunk else (told,)
        found = rs.keep(key, (damage, sunk, told_all))
    events.extend(found[2])
    return found[0], found[1]


Unit = TypeVar("Unit", TaskForce, JapaneseForce)


def _hit(
    rs: Ruleset, units: tuple[Unit, ...], hits: Iterable[tuple[str, int]], events: list[Event]
) -> tuple[Unit, ...]:
    """MS › Ship Status Boards: ``units`` (a side's, in the state's order) with each (name,
    hits) of ``hits`` on its status board; at the damage limit a unit sinks. A sunk unit takes
    no more; the same tuple comes back if nothing changed."""
    for name, n in hits:
        if n <= 0:
            continue
        for k, u in enumerate(units):
            if u.name == name:
                if not u.sunk:
                    damage, sunk = _damage(rs, name, u.damage, n, events)
                    changed: list[Any] = list(units)
                    changed[k] = u.but(damage=damage, sunk=sunk)
                    units = tuple(changed)
                break
        else:
            raise KeyError(f"no unit {name!r} on this side")
    return units


def hit_task_force(rs: Ruleset, state: State, name: str, hits: int, events: list[Event]) -> State:
    """MS › Ship Status Boards: hits go on the status board; at the damage limit the unit sinks."""
    tfs = _hit(rs, state.task_forces, ((name, hits),), events)
    return state if tfs is state.task_forces else state.but(task_forces=tfs)


def hit_japanese(rs: Ruleset, state: State, name: str, hits: int, events: list[Event]) -> State:
    """MS › Ship Status Boards: a Japanese force sinks once its hits reach its damage limit."""
    japanese = _hit(rs, state.japanese, ((name, hits),), events)
    return state if japanese is state.japanese else state.but(japanese=japanese)


# -- hazards --------------------------------------------------------------------------------


def hazard_attacks(rs: Ruleset, state: State, card: Card, rng: Rng, events: list[Event]) -> State:
    """Sub and danger zone attacks on TFs in marked squares, as the card's hazard says.

    MS › Japanese Submarine Attacks / Japanese Danger Zone Attacks / Action Card Play
    (Hazards): on "Sub Sighted" each square with a sub icon holding TFs is attacked; on
    "Danger" each red danger zone square holding TFs; "All Clear" brings neither. One die per
    square, 5-6 after DRMs puts 1 hit on each TF there; one round, no return fire.
    """
    if card.hazard == "sub-sighted":
        zone, attack, name = rs.grid.submarines, "sub", "Japanese submarine attack"
    elif card.hazard == "danger":
        zone, attack, name = rs.grid.danger, "danger", "Japanese danger zone attack"
    else:
        return state
    squares = [t.square for t in state.task_forces if not t.sunk and t.square in zone]
    if not squares:
        return state
    drm = card.drm("japan", attack)
    for square in dict.fromkeys(squares):
        if square not in zone:
            continue
        victims = [t.name for t in state.task_forces if not t.sunk and t.square == square]
        dice = rng.dice(HAZARD_DICE)
        key = ("hazard", attack, square, drm, dice)
        found = rs.kept.get(key)
        if found is None:  # the same rolls recur: kept in ``rs`` with their events
            hit = count_hits(dice, drm) > 0
            told = roll(_with_drm(f"{name} on {square}", drm), dice, attack=attack, square=square, drm=drm, hit=hit)
            found = rs.keep(key, (hit, told))
        hit = found[0]
        events.append(found[1])
        if hit:
            for v in victims:
                state = hit_task_force(rs, state, v, 1, events)
    return state


# -- Midway aircraft ------------------------------------------------------------------------


def ma_attack(rs: Ruleset, state: State, card: Card, rng: Rng, events: list[Event]) -> State:
    """MS › Midway Aircraft (MA) Attacks: Japanese units ending movement on the MA's square are
    attacked once: 1 die, 5-6 after DRMs puts one hit on each Japanese unit there; no return
    fire and the MA never takes hits."""
    targets = [j.name for j in state.japanese if not j.sunk and j.square == state.ma]
    if not targets:
        return state
    drm = card.drm("us", "ma")
    dice = rng.dice(MA_DICE)
    key = ("ma", tuple(targets), state.ma, drm, dice)
    found = rs.kept.get(key)
    if found is None:  # the same rolls recur: kept in ``rs`` with their events
        hit = count_hits(dice, drm) > 0
        told = roll(
            _with_drm(f"Midway aircraft attack {', '.join(targets)} on {state.ma}", drm),
            dice,
            attack="ma",
            square=state.ma,
            drm=drm,
            hit=hit,
        )
        found = rs.keep(key, (hit, told))
    hit = found[0]
    events.append(found[1])
    if hit:
        for t in targets:
            state = hit_japanese(rs, state, t, 1, events)
    return state


# -- ship battles ---------------------------------------------------------------------------


def battle_squares(state: State) -> tuple[str, ...]:
    """MS › Ship Attacks / Sequence of Play 5: combat wherever Japanese and American ships share
    a square after Japanese movement. Fought in the order of the Japanese forces."""
    tf_squares = {t.square for t in state.task_forces if not t.sunk}
    out: list[str] = []
    for j in state.japanese:
        if not j.sunk and j.square in tf_squares and j.square not in out:
            out.append(j.square)
    return tuple(out)


def open_battle(state: State, square: str, kind: str = "ship", tf: str | None = None) -> Battle:
    """The units in a fight: for a ship battle everything afloat in the square (two rounds);
    for a long range attack the one TF against the Japanese units of ``square`` (one round)."""
    japanese = tuple([j.name for j in state.japanese if not j.sunk and j.square == square])
    if kind == "ship":
        americans = tuple([t.name for t in state.task_forces if not t.sunk and t.square == square])
        return Battle("ship", square, americans, japanese, 1, 2)
    assert tf is not None
    return Battle("long-range", square, (tf,), japanese, 1, 1)


def afloat_in(state: State, battle: Battle) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The battle's American and Japanese units still afloat."""
    us, jp = battle.americans, battle.japanese
    for t in state.task_forces:
        if t.sunk and t.name in us:
            us = tuple([n for n in us if n != t.name])
    for j in state.japanese:
        if j.sunk and j.name in jp:
            jp = tuple([n for n in jp if n != j.name])
    return us, jp


def roll_round(
    rs: Ruleset,
    state: State,
    battle: Battle,
    card: Card | None,
    rng: Rng,
    events: list[Event],
    afloat: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
) -> Battle:
    """One round of ship attacks: both sides fire with every unit afloat at its start
    (``afloat``, when the caller has just found it: ``afloat_in(state, battle)``).

    MS › Ship Attacks: simultaneous; the Japanese roll first; each unit rolls its firepower in
    dice; 5-6 after the turn's DRMs is a hit. Hits are applied once the round's fire is known
    (which is the same: a unit hit this round still completes its firing).
    """
    us, jp = afloat_in(state, battle) if afloat is None else afloat
    jp_drm = card_drm(card, "japan", "ship")
    us_drm = card_drm(card, "us", "ship")
    on_american = on_japanese = 0
    firepower = rs.firepower
    if events is UNREAD:  # only the hits: the rolls' lines are kept by their dice, thousands of them
        for name in jp:
            on_american += rng.hits(firepower[name], HIT_ON - jp_drm)
        for name in us:
            on_japanese += rng.hits(firepower[name], HIT_ON - us_drm)
    else:
        label = "long range attack" if battle.kind == "long-range" else f"round {battle.round}"
        for name in jp:
            h, told = fire(rs, name, label, jp_drm, rng.dice(firepower[name]))
            on_american += h
            events.append(told)
        for name in us:
            h, told = fire(rs, name, label, us_drm, rng.dice(firepower[name]))
            on_japanese += h
            events.append(told)
    return battle.but(on_american=on_american if us else 0, on_japanese=on_japanese if jp else 0)


def fire(rs: Ruleset, name: str, label: str, drm: int, dice: tuple[int, ...]) -> tuple[int, Event]:
    """A unit's fire: its hits and the roll as logged (the same rolls recur: kept in ``rs``)."""
    key = ("fire", name, label, drm, dice)
    found = rs.kept.get(key)
    if found is None:
        h = count_hits(dice, drm)
        found = rs.keep(key, (h, roll(_with_drm(f"{name} fires ({label})", drm), dice, unit=name, drm=drm, hits=h)))
    return found


def _shares(hits: int, units: tuple[str, ...]) -> list[tuple[tuple[str, int], ...]]:
    """Every way to share ``hits`` among ``units`` (order kept)."""
    if not units:
        return [()]
    if len(units) == 1:
        return [((units[0], hits),)]
    out = []
    for first in range(hits, -1, -1):
        for rest in _shares(hits - first, units[1:]):
            out.append(((units[0], first), *rest))
    return out


def assignments(
    state: State, battle: Battle
) -> tuple[list[tuple[tuple[str, int], ...]], list[tuple[tuple[str, int], ...]]]:
    """Every way the player may share this round's hits (MS › Ship Attacks: "If multiple units
    are involved, the American player assigns hits")."""
    us, jp = afloat_in(state, battle)
    return _shares(battle.on_american, us), _shares(battle.on_japanese, jp)


def assignment_refusal(
    state: State, battle: Battle, on_american: tuple[tuple[str, int], ...], on_japanese: tuple[tuple[str, int], ...]
) -> str | None:
    """Why a sharing of hits is wrong, or ``None``: every hit placed, only on units in the fight."""
    us, jp = afloat_in(state, battle)
    for pairs, units, total, who in (
        (on_american, us, battle.on_american, "American"),
        (on_japanese, jp, battle.on_japanese, "Japanese"),
    ):
        names = [u for u, _ in pairs]
        if sorted(names) != sorted(units) or len(set(names)) != len(names):
            return f"List each {who} unit in the fight once: {', '.join(units) or 'none'}."
        if any(n < 0 for _, n in pairs):
            return "Hits cannot be negative."
        if sum(n for _, n in pairs) != total:
            return f"Assign all {total} hit{'s' * (total != 1)} scored on the {who} units, no more and no fewer."
    return None


def apply_assignment(
    rs: Ruleset,
    state: State,
    on_american: Iterable[tuple[str, int]],
    on_japanese: Iterable[tuple[str, int]],
    events: list[Event],
) -> State:
    """MS › Ship Attacks: hit markers go on the status boards; a unit at its limit is sunk.
    American hits first, then Japanese; one new state for the whole sharing."""
    tfs = _hit(rs, state.task_forces, on_american, events)
    japanese = _hit(rs, state.japanese, on_japanese, events)
    if tfs is state.task_forces and japanese is state.japanese:
        return state
    return state.but(task_forces=tfs, japanese=japanese)


# -- long range attacks ---------------------------------------------------------------------


def long_range_targets(rs: Ruleset, state: State, tf: TaskForce) -> tuple[str, ...]:
    """Squares next to (not in) ``tf`` holding Japanese units (MS › Long Range Attacks)."""
    near = rs.grid.neighbours[tf.square]
    return tuple(dict.fromkeys([j.square for j in state.japanese if not j.sunk and j.square in near]))


def long_range_refusal(rs: Ruleset, state: State, tf: TaskForce, target: str) -> str | None:
    """MS › Long Range Attacks: 2 per TF per game, at most 1 per TF per turn, only against a
    Japanese unit in a square adjacent to (not in) the TF's, after Japanese movement."""
    if tf.sunk:
        return f"{tf.name} has been sunk."
    if tf.long_range <= 0:
        return f"{tf.name} has used both its long range attacks."
    if tf.name in state.struck:
        return f"{tf.name} has already made a long range attack this turn (one per turn)."
    if target not in long_range_targets(rs, state, tf):
        return "A long range attack needs a Japanese unit in a square next to the TF's (not in it)."
    return None


def long_range_strikes(rs: Ruleset, state: State) -> list[tuple[TaskForce, str]]:
    """Every long range attack open now, as (TF, target square): TF-16's first, targets in the
    order of the Japanese forces (MS › Long Range Attacks). ``can_strike`` and
    ``long_range_targets`` for every TF, in one pass (asked at the end of most fighting turns)."""
    struck = state.struck
    japanese = state.japanese
    near = rs.grid.neighbour_set
    out: list[tuple[TaskForce, str]] = []
    for t in state.task_forces:
        if t.sunk or t.long_range <= 0 or t.name in struck:
            continue
        around = near[t.square]
        targets: list[str] = []  # two forces on one square make one target
        for j in japanese:
            square = j.square
            if not j.sunk and square in around and square not in targets:
                targets.append(square)
                out.append((t, square))
    return out


def can_strike(rs: Ruleset, state: State, tf: TaskForce) -> bool:
    """Whether ``tf`` may make a long range attack now (MS › Long Range Attacks)."""
    if tf.sunk or tf.long_range <= 0 or tf.name in state.struck:
        return False
    near = rs.grid.neighbour_set[tf.square]
    # A plain loop, not any() over a generator: asked every combat turn, and twice as cheap.
    for j in state.japanese:  # noqa: SIM110
        if not j.sunk and j.square in near:
            return True
    return False
