"""Double blind (victory-at-midway.txt › The Maps; The Turn Sequence): what a side is shown never
depends on what the other side hides.

For positions across whole games, both sides as the viewer, the other side's secrets are changed
in ways the viewer has not seen (its unsighted ships and submarines moved, its aircraft readied
or not). From each such pair of positions both games go on, the viewer giving the same orders in
both and the hidden side following its bot in each. Until the rules reveal something (a search
result, a strike or battle, a die rolled in sight of both), the viewer must be shown exactly the
same in both: who is asked (and so every handover at a shared screen), its view, the lines of its
log, the orders it may give and the refusal of every order it might try.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import Session
from midway_desktop.engine.actions import Action
from midway_desktop.engine.bots import RandomBot
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.victory_at_midway import air, movement, sequence
from midway_desktop.games.victory_at_midway.actions import (
    AssignSearch,
    Bombard,
    BuildBase,
    Done,
    GoAshore,
    Land,
    MidwayStrike,
    Move,
    ReserveZeke,
    Scout,
    Strike,
    SubAttack,
    SurfaceAttack,
)
from midway_desktop.games.victory_at_midway.bots import default_bots
from midway_desktop.games.victory_at_midway.rules import ALLOWED, RULES
from midway_desktop.games.victory_at_midway.state import JAPAN, MIDWAY, SHIP_OFF_MAP, SIDES, US, State, other, set_units
from midway_desktop.games.victory_at_midway.units import MIDWAY_BASE
from tests.games.victory_at_midway.helpers import CAT, G

# Events by which the rules show one side something of the other's: search declarations and
# results, strikes and battles fought in sight of both, announcements, and dice rolled for all
# to see (once the two games' orders differ, so does the luck that follows).
REVEALS = frozenset({
    "search-declared", "search-result", "roll", "strike", "strike-missed", "strike-empty", "strike-over",
    "deploy", "target", "fire", "bomb", "hit", "sunk", "aircraft-lost", "airfield", "naval-declared",
    "naval-empty", "naval-over", "landing", "invasion", "kure", "reserve",
})  # fmt: skip
WALK = 60  # actions followed from each pair of positions (most end sooner, at a reveal)
ALL_OPTIONS = {o.name: True for o in RULES.options if o.choices == (False, True)}


# -- the pairs of positions -------------------------------------------------------------------------
def unseen_hexes(state: State, viewer: str) -> Callable[[str], bool]:
    """Hexes where the viewer cannot know whether the other side has ships: outside the viewer's
    own searches this turn (and so its sightings) and the other side's ship searches (a ship
    search is made where the searcher's ships are)."""
    known: set[str] = {s.hex for s in state.sightings if s.turn == state.turn and s.side == viewer}
    for s in state.searches:
        if s.side == viewer:
            known |= G.within(s.hex, 1) if s.kind == "air" else {s.hex}
        elif s.kind == "ship":
            known.add(s.hex)
    return lambda h: h not in known


def conceal(state: State, hidden: str, rng: Rng) -> State:
    """``state`` with ``hidden``'s secrets changed where its enemy has not seen them: pieces and
    submarines moved up to two hexes (never out of or into a hex the enemy searched this turn),
    often to where it matters most (Midway, or where ``hidden`` found enemy ships this turn:
    bombardments, landings and surface battles start there); aircraft on their bases readied or
    not. Transports whose troops have landed stay, as the rules keep them."""
    unseen = unseen_hexes(state, other(hidden))
    lures = {MIDWAY} | {s.hex for s in state.sightings if s.turn == state.turn and s.side == hidden}
    changes = {}
    for _piece, ships in sorted(movement.pieces(G, state, hidden).items()):
        here = G.u(state, ships[0]).loc
        subs = all(s in G.subs for s in ships)  # (searches never find submarines)
        if here in SHIP_OFF_MAP or not (subs or unseen(here)) or rng.below(3) == 0:
            continue
        if any(G.u(state, G.cargo[s]).loc == MIDWAY_BASE for s in ships if s in G.cargo):
            continue
        to = sorted(h for h in G.within(here, 2) if (subs or unseen(h)) and h != here)
        near = [h for h in to if h in lures]
        if near and rng.below(2) == 0:
            to = near
        if to:
            dest = to[rng.below(len(to))]
            changes.update({s: G.u(state, s)._replace(loc=dest) for s in ships})
    changes.update(swap_sighted(state, hidden, rng))
    for unit, ust in G.aircraft(state, hidden):
        if ust.loc in ("ready", "notready", "notready2") and rng.below(2) == 0:
            choices = ("ready", "notready", "notready2") if unit in G.heavies else ("ready", "notready")
            changes[unit] = ust._replace(loc=choices[rng.below(len(choices))])
    return set_units(G, state, changes) if changes else state


def swap_sighted(state: State, hidden: str, rng: Rng) -> dict[str, Any]:
    """Where the enemy's searches found ``hidden``'s ships this turn it knows only "Ships" or
    "Carriers" in the hex: the forces in two such hexes of the same kind change places (never
    one that fought or was announced against, or has troops ashore)."""
    viewer = other(hidden)
    busy = {h for _k, _s, h in state.declared} | {part for k in state.resolved for part in k.split(":")}
    found = {s.hex: s.carriers for s in state.sightings if s.turn == state.turn and s.side == viewer}
    at: dict[str, list[str]] = {}
    for sid, ust in G.ships(state, hidden):
        if ust.loc in found and sid not in G.subs:
            at.setdefault(ust.loc, []).append(sid)
    for ships in at.values():
        landed = any(G.u(state, G.cargo[s]).loc == MIDWAY_BASE for s in ships if s in G.cargo)
        if landed or any(s in state.revealed for s in ships):
            ships.clear()
    pairs = [(x, y) for x in sorted(at) for y in sorted(at) if x < y and at[x] and at[y] and found[x] == found[y]]
    pairs = [(x, y) for x, y in pairs if x not in busy and y not in busy]
    if not pairs or rng.below(2) == 0:
        return {}
    x, y = pairs[rng.below(len(pairs))]
    moved = {s: G.u(state, s)._replace(loc=y) for s in at[x]}
    moved.update({s: G.u(state, s)._replace(loc=x) for s in at[y]})
    return moved


def game_positions(scenario: str | None, options: dict[str, bool], seed: int, bot: str) -> list[State]:
    """Every position a whole game passed through outside battles, set-up and its end."""
    session = Session.start(RULES, scenario=scenario, options=options, seed=seed)
    bots: dict[str, Any] = default_bots(RULES) if bot == "doctrine" else {s: RandomBot() for s in SIDES}
    rng = Rng(seed)
    for _ in range(1500):
        if session.outcome() is not None:
            break
        side = session.to_act()[0]
        session.play(bots[side].choose(session, side, session.legal_actions(side), rng))
    return [s.before for s in session.history if s.before.battle is None and s.before.step not in ("setup", "over")]


# -- what the viewer is shown -------------------------------------------------------------------------
def probes(state: State, also: State, viewer: str) -> list[Action]:
    """Orders the viewer might try, legal or not: moves a hex or two from each piece, and
    searches, strikes, scouts and announcements at its own pieces' hexes and wherever the other
    side's ships are in either position."""
    hexes: set[str] = set()
    for s in (state, also):
        hexes |= {st.loc for _sid, st in G.ships(s, other(viewer)) if st.loc not in SHIP_OFF_MAP}
    out: list[Action] = [Done(viewer), Bombard(viewer), BuildBase(viewer)]
    for piece, ships in sorted(movement.pieces(G, state, viewer).items()):
        here = G.u(state, ships[0]).loc
        if here in SHIP_OFF_MAP:
            continue
        hexes.add(here)
        out += [Move(viewer, piece, h) for h in sorted(G.within(here, 2))]
    ready = [a for a, ust in G.aircraft(state, viewer) if ust.loc == "ready"][:4]
    flying = [f.unit for f in state.flights if G.side_of(f.unit) == viewer][:4]
    bases = [c.id for c in CAT.ships if c.carrier] + ["Midway"]
    for h in sorted(hexes):
        out += [AssignSearch(viewer, "air", h), AssignSearch(viewer, "ship", h), SubAttack(viewer, h),
                SurfaceAttack(viewer, h)]  # fmt: skip
        out += [Strike(viewer, u, h, 1) for u in ready] + [Scout(viewer, u, h) for u in ready]
    out += [MidwayStrike(viewer, u) for u in ready]
    out += [Land(viewer, u, b) for u in flying for b in bases]
    out += [GoAshore(viewer, g.id) for g in CAT.ground]
    if viewer == JAPAN:
        out += [ReserveZeke(JAPAN, a.id, c) for a in CAT.aircraft if a.side == JAPAN for c in ("Akagi", "Kaga")][:6]
    return out


def shown(session: Session, viewer: str, tries: list[Action]) -> dict[str, Any]:
    """Everything ``viewer`` is shown at this point, refusals included (of the orders this step
    takes: any other is refused for its kind alone, as is every order while the side is not asked)."""
    state = session.state
    if viewer not in session.to_act():
        tries = tries[:1]
    else:
        stage = state.battle.stage if state.battle is not None else state.step
        tries = [a for a in tries if isinstance(a, ALLOWED.get(stage, ()))]
    return {
        "asked": session.to_act(),
        "step": RULES.phase(state).title,
        "view": session.view(viewer),
        "legal": [a.to_json() for a in session.legal_actions(viewer)],
        "pass": RULES.pass_only(state, viewer),
        "refusals": [RULES.check(state, a) for a in tries],
    }


def heard(events: tuple[Event, ...], viewer: str) -> list[str]:
    return [
        json.dumps([e.kind, e.text, list(e.audience), dict(e.data)], sort_keys=True, default=str)
        for e in events
        if e.visible_to(viewer)
    ]


def session_at(state: State, scenario: str, rng_state: int) -> Session:
    rng = Rng(0)
    rng.state = rng_state
    return Session(rules=RULES, scenario=scenario, options={}, seed=0, state=state, rng=rng)


def choose(session: Session, side: str, bot: Any, rng: Rng) -> Action:
    """The side's bot's orders; in a position random play left halfway through a step (which the
    bot, planning whole steps, does not expect), a random legal order."""
    order: Action = bot.choose(session, side, [], rng)
    if session.check(order) is None:
        return order
    legal = session.legal_actions(side)
    return legal[rng.below(len(legal))]


def hidden_turn(session: Session, side: str, bot: Any, rng: Rng) -> tuple[Event, ...]:
    """The hidden side's orders until it has sealed or announced all (or a battle or the end):
    one batch from its bot, or, where the bot's plan does not fit, one order after another."""
    state = session.state
    point = (state.turn, state.step, state.sealed)
    events: tuple[Event, ...] = ()
    for _ in range(200):
        events += session.play(choose(session, side, bot, rng))
        state = session.state
        if session.outcome() is not None or state.battle is not None or (state.turn, state.step, state.sealed) != point:
            break
        if side not in session.to_act():
            break
    return events


def walk_pair(first: State, second: State, viewer: str, scenario: str, seed: int) -> Iterator[str]:
    """Follow the two games from ``first`` and ``second`` (which differ only in the secrets of the
    viewer's enemy) until the rules reveal something; assert the viewer is shown the same at every
    point. Yields a note for each point compared."""
    hidden = other(viewer)
    a, b = session_at(first, scenario, seed), session_at(second, scenario, seed)
    tries = probes(first, second, viewer)
    bots = default_bots(RULES)
    viewer_rng = Rng(seed ^ 0x51DE)
    for _ in range(WALK):
        seen_a, seen_b = shown(a, viewer, tries), shown(b, viewer, tries)
        if seen_a["asked"] != seen_b["asked"] and a.state.step == b.state.step == "strike-resolution":
            return  # the side resolving its strikes (US first) announces each: a reveal
        for key in seen_a:
            assert seen_a[key] == seen_b[key], f"{viewer} is shown a different {key} at {RULES.phase(a.state).title}"
        yield f"{a.state.turn}:{a.state.step}"
        if a.outcome() is not None or a.state.battle is not None:
            return
        side = a.to_act()[0]
        if side == viewer:
            order = choose(a, viewer, bots[viewer], viewer_rng)
            assert b.check(order) is None, f"the viewer's order {order} is refused in the twin game"
            new_a, new_b = a.play(order), b.play(order)
        else:
            new_a = hidden_turn(a, hidden, bots[hidden], Rng(seed))
            new_b = hidden_turn(b, hidden, bots[hidden], Rng(seed))
        told_a, told_b = heard(new_a, viewer), heard(new_b, viewer)
        if told_a != told_b:
            i = next((i for i, (x, y) in enumerate(zip(told_a, told_b)) if x != y), min(len(told_a), len(told_b)))
            # Where the two logs part, one game must reveal something the other does not.
            kinds = {json.loads(t[i])[0] for t in (told_a, told_b) if i < len(t)}
            assert kinds & REVEALS, f"{viewer} hears differently before a reveal: {told_a[i:]} / {told_b[i:]}"
            return


def check_game(scenario: str | None, options: dict[str, bool], seed: int, bot: str, stride: int) -> int:
    """Walk pairs from every ``stride``-th position of a whole game, each side as the viewer (in
    solitaire play only the US: the doctrine moving Japan knows everything)."""
    positions = game_positions(scenario, options, seed, bot)
    assert positions
    viewers = (US,) if scenario == "solitaire" else SIDES
    rng = Rng(seed ^ 0xC0DE)
    compared = 0
    for i, state in enumerate(positions[seed % stride :: stride]):
        for viewer in viewers:
            twin = conceal(state, other(viewer), rng)
            if twin == state:
                continue
            compared += sum(1 for _ in walk_pair(state, twin, viewer, scenario or "standard", seed * 1000 + i))
    return compared


@pytest.mark.parametrize(
    ("scenario", "options", "seed"),
    [(None, {}, 1), (None, ALL_OPTIONS, 2), ("solitaire", {}, 3), ("solitaire", ALL_OPTIONS, 4)],
)
def test_doctrine_games_show_each_side_nothing_of_the_other_s_secrets(
    scenario: str | None, options: dict[str, bool], seed: int
) -> None:
    compared = check_game(scenario, options, seed, "doctrine", stride=1 if scenario else 5)
    assert compared > 300  # the walks went on well past the positions they started from


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), every=st.booleans(), solitaire=st.booleans())
@example(seed=2117, every=True, solitaire=False)  # Seaplane Tenders: ST11 left a box it was the last ship of
def test_random_games_show_each_side_nothing_of_the_other_s_secrets(seed: int, every: bool, solitaire: bool) -> None:
    """Random play reaches what the doctrines never do (base strikes on Midway by both sides,
    submarine and surface attacks, bombardments, odd landings)."""
    scenario = "solitaire" if solitaire else None
    check_game(scenario, ALL_OPTIONS if every else {}, seed, "random", stride=15)


def test_the_check_would_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Controls: a pair of positions that differs in the viewer's own units fails the walk; so
    does asking a side in the Air Preparation Phase only when it has Not Ready aircraft (as the
    sequence once did: the other side saw "To act" skip it, and no handover)."""
    positions = game_positions(None, {}, 5, "doctrine")
    state = next(s for s in positions if s.step == "ship-movement" and s.turn > 3)
    moved = set_units(G, state, {"Enterprise": G.u(state, "Enterprise")._replace(reduced=True)})
    with pytest.raises(AssertionError, match="different view"):
        list(walk_pair(state, moved, US, "standard", 5))

    public = sequence.actors

    def telling(game: Any, state: State, step: str) -> tuple[str, ...]:
        found = public(game, state, step)
        if step == "air-preparation":
            return tuple(s for s in found if air.any_not_ready(game, state, s))
        return found

    monkeypatch.setattr(sequence, "actors", telling)
    monkeypatch.setattr(sequence, "_FIXED", sequence._FIXED - {"air-preparation"})
    with pytest.raises(AssertionError, match="different asked|hears differently"):
        check_game(None, {}, 1, "doctrine", stride=5)


def naval_pair(kind: str) -> tuple[State, State]:
    """Two Turn 15 positions at the Air Return Phase that differ only in where Japanese ships the
    US has not found are: transports with troops in the Midway hex or not, cruisers there to
    bombard or not, a fleet in a hex where Japan's search found US ships this turn or not."""
    from dataclasses import replace

    from midway_desktop.games.victory_at_midway.state import Sighting
    from tests.games.victory_at_midway.helpers import day_position, place

    base = replace(day_position(15, "air-return", "midway-bombardment", "submarines"), sealed=frozenset())
    where = {"invasion": ("TT1", "TT2", "DD15"), "bombardment": ("CA7.1", "CA7.2"), "surface": ("CA7.1", "CA7.2")}
    box = "Second Fleet" if kind == "invasion" else "Third Fleet"
    hexes = ("I6", "I7") if kind == "surface" else (MIDWAY, "H5")
    if kind == "surface":
        base = replace(place(base, "I6", ["CA17.1"], ""), sightings=(Sighting(15, JAPAN, "I6", False),))
    first, second = (place(base, h, where[kind], box) for h in hexes)
    return first, second


@pytest.mark.parametrize("kind", ["invasion", "bombardment", "surface"])
def test_the_combat_announcements_ask_the_same_whatever_is_hidden(kind: str) -> None:
    """The Ship-to-Ship Combat Phase (US announces first): Japan is asked in each segment it might
    announce in, whether or not its ships could: the US, watching, sees the same either way."""
    first, second = naval_pair(kind)
    notes = list(walk_pair(first, second, US, "standard", 15))
    # The walk went on into the phase (up to a bombardment or landing, which all see).
    assert {"15:sub-attacks", "15:bombardment"} <= set(notes)


def test_the_walk_would_catch_an_announcement_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: asking Japan in the invasion step only when it has troops to land (as the
    sequence once did) is caught."""
    from midway_desktop.games.victory_at_midway import naval

    public = sequence.actors

    def telling(game: Any, state: State, step: str) -> tuple[str, ...]:
        found = public(game, state, step)
        return tuple(s for s in found if step != "invasion" or naval.has_declarations(game, state, s))

    monkeypatch.setattr(sequence, "actors", telling)
    first, second = naval_pair("invasion")
    with pytest.raises(AssertionError, match="different asked|hears differently"):
        list(walk_pair(first, second, US, "standard", 15))
