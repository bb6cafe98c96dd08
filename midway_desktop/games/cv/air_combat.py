"""The Air-to-Air Combat Step (CV › Basic IX.D) and its choices.

Conditions (IX.D.1): the Battle hex holds a Base or Ship units, or a Base or an AV, CAV, CV or
CVL observes it, by sight or, for the American Base and carriers, by radar (III.B.3.b: not a
battleship's radar; radar sees High Altitude only); the planes are at the same altitude; only
Interceptors start it; below Condition 3 there is none (III.E.1). At each altitude:

- **First Segment** (IX.D.2): a side's Interceptors may attack (:class:`Intercept`), some
  against the enemy's Escorts (who must be attacked if his Bombers are) and the rest kept for
  his Bombers. When both sides have only Interceptors, both must announce or nothing happens;
  Special Interceptors may not avoid enemy Interceptors (VIII.C.4). The Combat is one: each
  side's engaged fighters fire at the other's, both rolls before any loss (IX.C.3). Survivors of
  the group sent against the Escorts join the attack on the Bombers at 2:1 or better over the
  surviving Escorts (IX.D.2.b(1)); with no Escorts every attacking Interceptor goes on.
- **Second Segment**: the free Interceptors attack groups of Bombers (:class:`Attack`, one
  Combat a group); the Bombers fire back with their own Air-to-Air BHT.

Modifiers (IX.I.1): a (-6) for Interceptors and Escorts at night, and for those attacked that
expend no Endurance (:class:`Conserve`, VIII.E.4.a(3)); d, the enemy plane's Air Modifier.
Interceptors attacking and Escorts and Interceptors attacked expend one Endurance Factor a Turn
(VIII.E.4.a); Bombers none. A firing group of several plane types rolls once for each Hit Table
(as IX.F.2 says for Bombing).
"""

from __future__ import annotations

from collections.abc import Iterable

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv.actions import AirAttack, Attack, Conserve, Intercept
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.sky import (
    BOMBER,
    ESCORT,
    FIGHTERS,
    INTERCEPTOR,
    SPECIAL,
    Line,
    count,
    groups,
    lines_at,
    lose,
    modifier,
    seen,
    spend,
    spent_now,
    take,
    write_back,
)
from midway_desktop.games.cv.state import SIDES, State, evolve, other, side_name

ALTITUDES = (False, True)  # Low, High
RULE = "CV › Basic IX.D"


def _alt(high: bool) -> str:
    return "High" if high else "Low"


def can_fight(game: Game, state: State, hex_: str, high: bool) -> bool:
    """Basic IX.D.1.a with III.B.3.b: Air-to-Air Combat at this altitude of ``hex_``: a Base or
    Ship units in the hex, or planes there observed by a Base or an AV, CAV, CV or CVL, or by the
    radar of the American Base or an American carrier (radar sees High Altitude only, III.B.3.a;
    a battleship's radar does not count)."""
    from midway_desktop.games.cv.observation import condition, fighter_directors

    if any(b.hex == hex_ for b in state.bases) or any(t.on_map and t.hex == hex_ for t in state.task_forces):
        return True
    return condition(game, state, fighter_directors(game, state), hex_, flying=True, high=high) > 0


def _at(lines: Iterable[Line], side: str, high: bool, roles: tuple[str, ...]) -> list[Line]:
    return [x for x in lines if x.side == side and x.high == high and x.role in roles and x.factors > 0]


def interceptors(lines: Iterable[Line], side: str, high: bool) -> list[Line]:
    """Regular Interceptors first, then Special Interceptors (the order groups are taken in)."""
    found = _at(lines, side, high, (INTERCEPTOR, SPECIAL))
    return sorted(found, key=lambda x: (x.role != INTERCEPTOR, x.plane, x.unit))


def _visible(game: Game, state: State, side: str, hex_: str, high: bool) -> bool:
    return seen(game, state, side, hex_, flying=True, high=high) >= 3  # Basic III.E.1


# -- the First Segment -------------------------------------------------------------------------------
def first_segment_applies(game: Game, state: State) -> bool:
    hex_ = state.battle
    lines = lines_at(game, state, hex_)
    return any(
        interceptors(lines, s, h)
        and _at(lines, other(s), h, (*FIGHTERS, BOMBER))
        and can_fight(game, state, hex_, h)
        and _visible(game, state, s, hex_, h)
        for s in SIDES
        for h in ALTITUDES
    )


def intercept_refusal(game: Game, state: State, a: Intercept) -> str | None:
    hex_ = state.battle
    lines = lines_at(game, state, hex_)
    mine = count(interceptors(lines, a.side, a.high))
    enemy = other(a.side)
    fighters = count(_at(lines, enemy, a.high, FIGHTERS))
    escorts = count(_at(lines, enemy, a.high, (ESCORT,)))
    bombers = count(_at(lines, enemy, a.high, (BOMBER,)))
    if not can_fight(game, state, hex_, a.high):
        return (
            f"No Air-to-Air Combat at {_alt(a.high)} Altitude in {hex_}: no Base or Ship units there, and none that "
            f"observe it by sight or by fighter-directing radar ({RULE}.1.a; III.B.3.b)."
        )
    if not mine:
        return f"You have no Interceptors at {_alt(a.high)} Altitude in {hex_} ({RULE}.1.b-c; VIII.C)."
    if not _visible(game, state, a.side, hex_, a.high):
        return "No Combat below Condition 3 observation (CV › Basic III.E.1)."
    if a.escorts < 0 or a.bombers < 0 or a.escorts + a.bombers < 1 or a.escorts + a.bombers > mine:
        return f"Announce 1 to {mine} Interceptor Air Factors in all ({RULE}.2.a)."
    if a.escorts and not fighters:
        return f"The enemy has no Escorts or Interceptors at {_alt(a.high)} Altitude ({RULE}.2)."
    if a.bombers and not bombers:
        return f"The enemy has no Bombers at {_alt(a.high)} Altitude ({RULE}.1.b)."
    if a.bombers and escorts and not a.escorts:
        return f"Escorts must be attacked before their Bombers can be ({RULE}.2.a)."
    return None


def conserve_refusal(game: Game, state: State, a: Conserve) -> str | None:
    lines = lines_at(game, state, state.battle)
    if not _at(lines, a.side, a.high, FIGHTERS):
        return f"You have no Interceptors or Escorts at {_alt(a.high)} Altitude here (CV › Basic VIII.E.4.a(3))."
    return None


def _fire(
    game: Game,
    state: State,
    firing: list[Line],
    target: list[Line],
    extra: dict[int, int],
    rng: Rng,
    events: list[Event],
    what: str,
) -> int:
    """One side's fire in one Combat: a die for each Hit Table its planes use (IX.C, IX.F.2)."""
    d = modifier(game, target)
    tables: dict[int, int] = {}
    for x in firing:
        bht = game.plane(x.plane).air_to_air
        if bht is None or x.factors <= 0:
            continue  # no Air-to-Air BHT: that plane may not fight (IX.B.1)
        table = bht + d + extra.get(id(x), 0)
        tables[table] = tables.get(table, 0) + x.factors
    crt = game.data.charts.combat_results
    hits = 0
    for table, n in sorted(tables.items(), reverse=True):
        base = crt.base_number(table, n)
        if base is None:
            told = {"hex": state.battle, "step": state.step}
            events.append(
                Event("combat", f"{what}: Hit Table {table}, the Combat fails (CV › Basic IX.C.2).", data=told)
            )
            continue
        roll = rng.die(6)
        got = crt.hits(base, roll)
        hits += got
        events.append(roll_event(f"{what}: {n} Air Factors on Hit Table {min(table, 16)}, Base Number {base}",
                                 [roll], hits=got, **_told(state, n, table, base)))  # fmt: skip
    return hits


def _told(state: State, factors: int, table: int, base: str) -> dict[str, object]:
    """What a Combat's roll tells both sides (all of it in its text too), for the combat board."""
    return {"hex": state.battle, "step": state.step, "factors": factors, "table": min(table, 16), "base": base}


def _night(game: Game, state: State) -> bool:
    return game.data.charts.time_record.is_night(state.time)


def resolve_first_segment(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    hex_ = state.battle
    lines = lines_at(game, state, hex_)
    orders = {(o.side, o.high): o for o in state.orders if isinstance(o, Intercept)}
    conserve = {(o.side, o.high) for o in state.orders if isinstance(o, Conserve)}
    free: dict[tuple[str, bool], int] = {}
    fought: list[Line] = []
    night = -6 if _night(game, state) else 0
    for high in ALTITUDES:
        attack: dict[str, list[Line]] = {}
        for side in SIDES:
            o = orders.get((side, high))
            if o is not None and intercept_refusal(game, state, o) is None:
                attack[side] = take(lines, interceptors(lines, side, high), o.escorts) if o.escorts else []
        engaged: dict[str, list[Line]] = {}
        for side in SIDES:
            group = list(attack.get(side, []))
            if attack.get(other(side)):  # attacked: Escorts and Special Interceptors may not avoid it
                group += [x for x in _at(lines, side, high, (ESCORT, SPECIAL)) if x not in group]
            engaged[side] = group
        fight = any(attack.get(s) and engaged[other(s)] for s in SIDES)
        if fight:
            a_side, b_side = SIDES
            told = f"{_group_told(engaged[a_side], a_side)} against {_group_told(engaged[b_side], b_side)}"
            events.append(Event("combat", f"Air-to-Air Combat at {_alt(high)} Altitude in {hex_}: {told}.", data={}))
            extra: dict[int, int] = {}
            for side in SIDES:
                for x in engaged[side]:
                    attacking = x in attack.get(side, [])
                    saves = not attacking and (side, high) in conserve and not spent_now(state, x)
                    extra[id(x)] = night + (-6 if saves else 0)  # Air Hit Table Modifier a
                    if not saves:
                        spend(state, [x])
                        fought.append(x)
            hits = {
                side: _fire(game, state, engaged[side], engaged[other(side)], extra, rng, events,
                            f"{side_name(side)} fighters fire")
                for side in SIDES
            }  # fmt: skip
            for side in SIDES:
                lose(engaged[other(side)], hits[side])
        for side, sent in attack.items():
            through = orders[(side, high)].bombers
            escorts_left = count(engaged[other(side)]) if fight else 0
            if sent and (not fight or count(sent) >= 2 * escorts_left):  # IX.D.2.b(1): 2-1 or better
                through += count(sent)
                if fight:
                    events.append(Event("combat", f"{side_name(side)} Interceptors get through to the Bombers "
                                        f"({count(sent)} to {escorts_left}).", data={"hex": hex_}))  # fmt: skip
            free[(side, high)] = through
    state = write_back(game, state, hex_, lines, fought, events)
    return evolve(state, orders=(), free=tuple(sorted((k, n) for k, n in free.items() if n > 0)))


def _group_told(lines: list[Line], side: str) -> str:
    n = count(lines)
    return f"{n} {side_name(side)} Air Factor(s)" if n else "none"


# -- the Second Segment ------------------------------------------------------------------------------
def second_segment_applies(game: Game, state: State) -> bool:
    lines = lines_at(game, state, state.battle)
    return any(n and _at(lines, other(side), high, (BOMBER,)) for (side, high), n in state.free)


def free_left(state: State, side: str, high: bool) -> int:
    used = sum(o.factors for o in state.orders if isinstance(o, Attack) and (o.side, o.high) == (side, high))
    return dict(state.free).get((side, high), 0) - used


def attack_refusal(game: Game, state: State, a: Attack) -> str | None:
    lines = lines_at(game, state, state.battle)
    left = free_left(state, a.side, a.high)
    if left <= 0:
        return f"You have no Interceptors free to attack Bombers at {_alt(a.high)} Altitude ({RULE}.2.b)."
    if not 1 <= a.factors <= left:
        return f"Attack with 1 to {left} free Interceptor Air Factors ({RULE}.2.b; IX.A.3)."
    found = groups(lines, other(a.side), a.air_unit, a.high)
    if not 0 <= a.group < len(found):
        return f"Enemy Air unit {a.air_unit} has no such group of Bombers at {_alt(a.high)} Altitude here ({RULE}.1.b)."
    return None


def resolve_second_segment(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    hex_ = state.battle
    lines = lines_at(game, state, hex_)
    night = -6 if _night(game, state) else 0
    pools = {key: take(lines, interceptors(lines, *key), n, from_end=True) for key, n in state.free}
    combats = []
    fought: list[Line] = []
    for o in state.orders:
        if not isinstance(o, Attack):  # (each was checked when given)
            continue
        pool = pools.get((o.side, o.high), [])
        attackers = take(lines, pool, o.factors)
        plane = groups(lines, other(o.side), o.air_unit, o.high)[o.group]
        target = [x for x in _at(lines, other(o.side), o.high, (BOMBER,)) if (x.unit, x.plane) == (o.air_unit, plane)]
        spend(state, attackers)
        fought += attackers
        combats.append((o, attackers, target))
    results = []
    for o, attackers, target in combats:
        told = f"{count(target)} Bombers of Air unit {o.air_unit} in {hex_}"
        events.append(Event("combat", f"{side_name(o.side)} Interceptors ({count(attackers)}) attack {told}.", data={}))
        extra = {id(x): night for x in attackers}
        made = _fire(game, state, attackers, target, extra, rng, events, f"{side_name(o.side)} Interceptors fire")
        back = _fire(game, state, target, attackers, {}, rng, events, f"{side_name(other(o.side))} Bombers fire")
        results.append((target, made, attackers, back))
    for target, made, attackers, back in results:  # Hits take effect when the Segment is over (IX.C.3)
        lose(target, made)
        lose(attackers, back)
    return evolve(write_back(game, state, hex_, lines, fought, events), orders=(), free=())


# -- Air-to-Air Combat in the Air Unit Movement Phase (Basic VIII.I) -----------------------------------
def movement_attack_refusal(game: Game, state: State, a: AirAttack) -> str | None:
    """VIII.I.1: only the side moving first, with Interceptors that have not moved and need not
    leave the hex (VIII.H.3), against enemy planes in their hex."""
    from midway_desktop.games.cv.engaged import must_leave
    from midway_desktop.games.cv.sky import flying_here

    rule = "CV › Basic VIII.I.1"
    if not state.initiative or state.initiative[0] != a.side or state.mover != 0:
        return f"Only the side moving first may attack with Interceptors instead of moving ({rule})."
    mine = [u for u in flying_here(game, state, a.hex) if u.side == a.side]
    if any(u.moved or must_leave(game, state, u) for u in mine if any(r.high == a.high for r in u.records)):
        return f"The Interceptors attack instead of moving, and only if they need not leave the hex ({rule}; VIII.H.3)."
    trial = evolve(state, battle=a.hex, orders=())
    why = intercept_refusal(game, trial, Intercept(a.side, a.high, a.escorts, a.bombers))
    if why is not None:
        return why
    if a.bombers and not a.air_unit:
        return f"Name the group of enemy Bombers the Interceptors kept for them attack ({rule})."
    if a.group and not a.air_unit:
        return f"A group of Bombers is named with the enemy Air unit it flies in ({rule})."
    if a.air_unit:
        found = groups(lines_at(game, trial, a.hex), other(a.side), a.air_unit, a.high)
        if not 0 <= a.group < len(found):
            return f"Enemy Air unit {a.air_unit} has no such group of Bombers at {_alt(a.high)} Altitude here ({rule})."
    return None


def apply_movement_attack(game: Game, state: State, a: AirAttack, rng: Rng, events: list[Event]) -> State:
    """Both Segments at once; the attacked side's fighters expend Endurance (it has no moment
    to choose otherwise: read so). The attacking side's Air units at that altitude in the hex
    have moved."""
    from midway_desktop.games.cv.sky import flying_here

    kept = (state.battle, state.orders, state.free)
    events.append(Event("battle", f"Air-to-Air Combat in {a.hex} in the Air Unit Movement Phase (CV › Basic VIII.I).",
                        data={"hex": a.hex}))  # fmt: skip
    fighting = evolve(state, battle=a.hex, orders=(Intercept(a.side, a.high, a.escorts, a.bombers),), free=())
    fighting = resolve_first_segment(game, fighting, rng, events)
    through = dict(fighting.free).get((a.side, a.high), 0)
    if through and (a.air_unit or a.bombers):
        found = groups(lines_at(game, fighting, a.hex), other(a.side), a.air_unit, a.high)
        if a.group < len(found):
            attack = Attack(a.side, a.high, a.air_unit, a.group, through)
            fighting = resolve_second_segment(game, evolve(fighting, orders=(attack,)), rng, events)
    for u in flying_here(game, fighting, a.hex):
        if u.side == a.side and any(r.high == a.high for r in u.records):
            fighting = fighting.with_air_unit(evolve(u, moved=True))
    return evolve(fighting, battle=kept[0], orders=kept[1], free=kept[2])
