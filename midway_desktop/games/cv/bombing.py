"""The AA Combat Step and the Bombing Combat Step (CV › Basic IX.E, IX.F).

Announcing (IX.E.2, IX.F.1): armed Bombers (:class:`Bomb`) name their targets and how their
Air Factors divide before AA is fired: an enemy Ship unit of the hex, the Base unit, or the
Ground units there. Targets are named as the bombing side sees them (III.E.2): "the n-th Ship
unit" in the owner's order of Task Forces and ships, inverted at Condition 3, its size told at
4, its name at 5; below Condition 3 there is no Combat (III.E.1).

Types (IX.F.3): High Bombing from High Altitude (HE or AP); Dive Bombing from High Altitude by
planes with a Dive Bombing BHT, ending at Low Altitude; Low Bombing from Low Altitude (HE or
AP); Torpedo Bombing from Low Altitude with T. A missing BHT means the plane may not (IX.B.1).
Versus a Ship the "ship" columns, versus the Base or its Ground units the "midway" columns.

AA (IX.E.3-5): a Task Force fires all its ships' AA Factors when any of its ships is attacked;
the Midway Base fires when it (or its Ground units) is attacked, together with Task Forces
anchored there (IX.E.3.c). Each attacking Air unit meets all of them (IX.E.5); when its planes
meet different Hit Tables (their altitude and each plane's Air Modifier), the AA Factors are
split among the Hit Tables in proportion to their Air Factors, one die for each (reading: the
split is the AA side's option, IX.E.4, made for it here; planes on one Hit Table are one
Combat, as IX.F.2 says for Bombing). BHT 5; Surface modifier a -3 against High Altitude (Dive Bombers count as Low), and
each plane's Air Modifier (IX.B.1.b). Interceptors and Escorts take no part.

Bombing (IX.F.2): each target is a separate Combat, and each different Hit Table a separate die,
whatever the methods and weapons that reach it: Low Bombing and Torpedo Bombing on one ship at
one Hit Table are one roll of all their Air Factors. Against the Base the method still counts
(IX.K.3.b: the Air Factors a Hit costs, and who picks them); a roll shared by several methods
gives its Hits to them in proportion to their Air Factors (reading; the text does not say). Air
Hit Table modifiers: b +2 against a ship anchored (or dead in the water), c -6 at night, e +1 when
Low or Dive Bombing and Torpedo Bombing hit the same ship. Weapon units are dropped; Low,
Torpedo and Dive Bombing expend an Endurance Factor, High Bombing none (VIII.E.4.b). Hits go to
``damage``; Hits on the Base also eliminate Air Factors there (IX.K.3.b), picked in a sealed
step by the side the text names (:class:`Eliminate`; the Base's planes are shown to it then),
those not picked from the largest stacks of C, B, then A. Bombardment Hits (``surface``) owe
theirs through the same step.
"""

from __future__ import annotations

from collections.abc import Iterable

from midway_desktop.engine.events import Event, roll_event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import damage
from midway_desktop.games.cv.actions import Bomb, Eliminate
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.sky import BOMBER, Line, count, lines_at, lose, seen, spend, take, write_back
from midway_desktop.games.cv.state import JAPANESE, SECTIONS, BaseBox, State, TaskForce, evolve, other, side_name

METHODS = ("high", "dive", "low", "torpedo")
RULE = "CV › Basic IX.E-F"


def ships_at(state: State, side: str, hex_: str) -> list[tuple[TaskForce, str]]:
    """A side's Ship units in ``hex_``, in its own order (Task Force, then ship): the order the
    enemy names them in (Basic III.E.2)."""
    out = []
    for tf in sorted(state.task_forces, key=lambda t: t.number):
        if tf.side == side and tf.on_map and tf.hex == hex_:
            out += [(tf, t) for t in tf.ships]
    return out


def base_at(state: State, side: str, hex_: str) -> BaseBox | None:
    return next((b for b in state.bases if b.side == side and b.hex == hex_), None)


def targets(game: Game, state: State, side: str) -> list[str]:
    """What ``side`` may announce Bombing against in the Battle hex."""
    hex_ = state.battle
    enemy = other(side)
    out = []
    if seen(game, state, side, hex_, flying=False) >= 3:
        out += [f"ship:{i}" for i in range(len(ships_at(state, enemy, hex_)))]
    if base_at(state, enemy, hex_) is not None:
        out += ["base", "ground"]
    elif enemy == JAPANESE and hex_ == game.midway and state.ashore:  # landed in Midway's Base Box (IX.H)
        out.append("ground")
    return out


def bht(game: Game, plane: str, method: str, weapon: str, target: str) -> int | None:
    kind = "ship" if target.startswith("ship:") else "midway"
    p = game.plane(plane)
    if method == "torpedo":
        return p.bht(kind, "torpedo", weapon) if weapon == "t" else None
    return p.bht(kind, method, weapon) if weapon in ("he", "ap") else None


def _line_key(x: Line) -> tuple[int, str, str, bool]:
    return (x.unit, x.plane, x.weapon, x.high)


def _available(game: Game, state: State, a: Bomb) -> int:
    lines = lines_at(game, state, state.battle)
    have = count(x for x in lines if x.side == a.side and x.role == BOMBER and _line_key(x) == _key(a))
    used = sum(o.factors for o in state.orders if isinstance(o, Bomb) and o.side == a.side and _key(o) == _key(a))
    return have - used


def _key(a: Bomb) -> tuple[int, str, str, bool]:
    return (a.air_unit, a.plane, a.weapon, a.high)


def applies(game: Game, state: State) -> bool:
    """Bombers of a side over enemy targets it may name (armed or not: Weapon units are not
    shown to the enemy, so whether the step is held must not tell of them)."""
    lines = lines_at(game, state, state.battle)
    return any(x.role == BOMBER and x.factors > 0 and targets(game, state, x.side) for x in lines)


def bomb_refusal(game: Game, state: State, a: Bomb) -> str | None:
    if not a.weapon:
        return f"Only Plane units armed with Weapon units may Bomb ({RULE}; IX.F.1)."
    left = _available(game, state, a)
    if left <= 0:
        return f"Air unit {a.air_unit} has no such armed Bombers left to announce in {state.battle} ({RULE}.2)."
    if not 1 <= a.factors <= left:
        return f"Announce 1 to {left} of those Air Factors ({RULE}.2; IX.A.3)."
    if a.target not in targets(game, state, a.side):
        return (
            f"No such target: Bombing is announced against enemy Ship units observed at Condition 3 or better, "
            f"or the enemy Base and its Ground units, in the Battle hex ({RULE}.2; III.E)."
        )
    if a.method not in METHODS:
        return "Bombing is High, Dive, Low or Torpedo Bombing (CV › Basic IX.F.3)."
    if a.high != (a.method in ("high", "dive")):
        return "High and Dive Bombing start at High Altitude, Low and Torpedo Bombing at Low (CV › Basic IX.F.3)."
    if bht(game, a.plane, a.method, a.weapon, a.target) is None:
        return (
            f"{game.plane(a.plane).title}s have no BHT for {a.method.title()} Bombing with that Weapon unit on that "
            "target (CV › Basic IX.B.1, IX.F.3)."
        )
    return None


# -- AA -------------------------------------------------------------------------------------------------
def _source(state: State, side: str, target: str) -> tuple[str, ...]:
    """Who fires AA at planes attacking ``target`` (a side's units): a Task Force (``tf3``), or
    the Base with the Task Forces anchored in its hex (Basic IX.E.3)."""
    hex_ = state.battle
    base = base_at(state, side, hex_)
    anchored = tuple(tf.id for tf, _ in ships_at(state, side, hex_) if tf.anchored)
    if target.startswith("ship:"):
        tf, _title = ships_at(state, side, hex_)[int(target[5:])]
        if base is not None and tf.anchored:
            return (base.id, *sorted(set(anchored)))
        return (tf.id,)
    if base is None:  # Japanese Ground units ashore: no AA of their own
        return ()
    return (base.id, *sorted(set(anchored)))


def aa_factors(game: Game, state: State, side: str, source: Iterable[str]) -> int:
    total = 0
    for box_id in source:
        box = state.box(side, box_id)
        if isinstance(box, BaseBox):
            total += game.data.bases.factors(game.data.bases.base(box.id), box.hits).aa
        elif box is not None:
            total += sum(game.ship(side, t).ship_class.aa for t in box.ships)
    return total


def _split(total: int, sizes: list[int]) -> list[int]:
    """``total`` split in proportion to ``sizes`` (largest remainders first)."""
    whole = sum(sizes)
    if not whole:
        return [0] * len(sizes)
    shares = [total * n // whole for n in sizes]
    order = sorted(range(len(sizes)), key=lambda i: (-(total * sizes[i] % whole), i))
    for i in order[: total - sum(shares)]:
        shares[i] += 1
    return shares


def resolve_aa(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """Basic IX.E: AA fire at each attacking Air unit; the announcements keep their survivors."""
    hex_ = state.battle
    lines = lines_at(game, state, hex_)
    orders = [o for o in state.orders if isinstance(o, Bomb)]
    crt = game.data.charts.combat_results
    base_bht = game.data.charts.surface_bht["aa"] or 5
    high_mod = game.data.charts.surface_modifier("a")
    strikes: list[tuple[Bomb, list[Line]]] = []
    pools: dict[tuple[str, tuple[int, str, str, bool]], list[Line]] = {}
    for o in orders:
        pool = pools.setdefault(
            (o.side, _key(o)), [x for x in lines if x.side == o.side and x.role == BOMBER and _line_key(x) == _key(o)]
        )
        strikes.append((o, take(lines, pool, o.factors)))
    by_source: dict[tuple[str, int, tuple[str, ...]], list[tuple[Bomb, list[Line]]]] = {}
    for o, group in strikes:
        by_source.setdefault((o.side, o.air_unit, _source(state, other(o.side), o.target)), []).append((o, group))
    for (side, unit, source), attacks in sorted(by_source.items()):
        enemy = other(side)
        aa = aa_factors(game, state, enemy, source)
        kinds: dict[int, list[Line]] = {}  # Hit Table -> the planes AA fires at on it
        for o, group in attacks:
            for x in group:
                table = base_bht + (high_mod if o.method == "high" else 0) + game.plane(x.plane).air_modifier
                kinds.setdefault(table, []).append(x)
        keys = sorted(kinds, reverse=True)
        shares = _split(aa, [count(kinds[k]) for k in keys])
        for table, n in zip(keys, shares, strict=True):
            if n <= 0:
                continue
            base = crt.base_number(table, n)
            what = f"{side_name(enemy)} AA ({n} Factors) at Air unit {unit}"
            if base is None:
                events.append(
                    Event(
                        "combat",
                        f"{what}: Hit Table {table}, no Hits possible.",
                        data={"hex": hex_, "step": state.step},
                    )
                )
                continue
            roll = rng.die(6)
            hits = crt.hits(base, roll)
            told = {"hex": hex_, "step": state.step, "factors": n, "table": min(table, 16), "base": base}
            events.append(
                roll_event(f"{what}: Hit Table {min(table, 16)}, Base Number {base}", [roll], hits=hits, **told)
            )
            lose(kinds[table], hits)
    survivors = tuple(evolve(o, factors=count(group)) for o, group in strikes if count(group) > 0)
    state = write_back(game, state, hex_, lines, (), events)
    return evolve(state, orders=survivors)


# -- Bombing ----------------------------------------------------------------------------------------------
def resolve_bombing(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    hex_ = state.battle
    night = game.data.charts.time_record.is_night(state.time)
    orders = [o for o in state.orders if isinstance(o, Bomb)]
    lines = lines_at(game, state, hex_)
    crt = game.data.charts.combat_results
    fought: list[Line] = []
    results: list[tuple[str, str, dict[str, int]]] = []  # (side, target, hits by method)
    ships_then = {side: ships_at(state, side, hex_) for side in ("american", "japanese")}
    by_target: dict[tuple[str, str], list[Bomb]] = {}
    for o in orders:
        by_target.setdefault((o.side, o.target), []).append(o)
    for (side, target), group in sorted(by_target.items()):
        enemy = other(side)
        mods = -6 if night else 0  # Air Hit Table Modifier c
        if target.startswith("ship:"):
            tf, _title = ships_then[enemy][int(target[5:])]
            if tf.anchored:
                mods += game.data.charts.air_modifier("b")
            methods = {o.method for o in group}
            if "torpedo" in methods and methods & {"low", "dive"}:
                mods += game.data.charts.air_modifier("e")
        tables: dict[int, dict[str, int]] = {}  # Hit Table -> Air Factors by method
        for o in group:
            value = bht(game, o.plane, o.method, o.weapon, target)
            assert value is not None
            by_method = tables.setdefault(value + mods, {})
            by_method[o.method] = by_method.get(o.method, 0) + o.factors
        hits: dict[str, int] = {}
        for table, by_method in sorted(tables.items(), reverse=True):
            n = sum(by_method.values())
            methods = [m for m in METHODS if m in by_method]
            kinds = " and ".join(m.title() for m in methods)
            what = f"{side_name(side)} {kinds} Bombing ({n} Air Factors) on {_target_title(target)}"
            base = crt.base_number(table, n)
            if base is None:
                events.append(
                    Event(
                        "combat",
                        f"{what}: Hit Table {table}, the Combat fails.",
                        data={"hex": hex_, "step": state.step},
                    )
                )
                continue
            roll = rng.die(6)
            got = crt.hits(base, roll)
            for method, share in zip(methods, _split(got, [by_method[m] for m in methods]), strict=True):
                hits[method] = hits.get(method, 0) + share
            told = {"hex": hex_, "step": state.step, "factors": n, "table": min(table, 16), "base": base}
            events.append(
                roll_event(f"{what}: Hit Table {min(table, 16)}, Base Number {base}", [roll], hits=got, **told)
            )
        results.append((side, target, hits))
        for o in group:
            pool = [x for x in lines if x.side == side and x.role == BOMBER and _line_key(x) == _key(o)]
            dropped = take(lines, pool, o.factors)
            for x in dropped:
                x.record = evolve(x.record, weapon="", high=False if o.method == "dive" else x.record.high)
            if o.method != "high":
                spend(state, dropped)
            fought += dropped
    state = write_back(game, state, hex_, lines, fought, events)
    for side, target, hits in results:
        state = _record(game, state, side, target, hits, night, ships_then[other(side)], events)
    return evolve(state, orders=())


def _target_title(target: str) -> str:
    if target.startswith("ship:"):
        return f"Ship unit {int(target[5:]) + 1}"
    return "the Base" if target == "base" else "the Ground units"


def _record(
    game: Game,
    state: State,
    side: str,
    target: str,
    hits: dict[str, int],
    night: bool,
    ships: list[tuple[TaskForce, str]],
    events: list[Event],
) -> State:
    enemy = other(side)
    total = sum(hits.values())
    if target.startswith("ship:"):
        _tf, title = ships[int(target[5:])]
        if total and title in {t for tf in state.task_forces if tf.side == enemy for t in tf.ships}:
            events.append(Event("combat", f"{_target_title(target)} of the {side_name(enemy)} side in {state.battle} "
                                f"takes {total} Hit(s).", (side,), {"hex": state.battle}))  # fmt: skip
            state = damage.record_ship_hits(game, state, enemy, title, total, events)
        return state
    base = base_at(state, enemy, state.battle)
    if target == "ground" and base is None:
        return damage.record_ground_hits(state, enemy, total, events)
    if base is None:
        return state
    state = damage.mark_attacked(state, base.id)
    if target == "ground":
        return damage.record_ground_hits(state, enemy, total, events)
    state = damage.record_base_hits(game, state, base.id, total, events)
    lost = sum(damage.base_air_losses(n, m) for m, n in hits.items() if m != "high")
    lost += damage.base_air_losses(hits.get("high", 0), "high")
    night = game.data.charts.time_record.is_night(state.time)
    by = {m: damage.base_loss_chooser(m, night, enemy, side) for m, n in hits.items() if n}
    # one chooser for the lot: the attacker only if all the Hits were his to pick (daylight Low/Dive)
    chooser = side if by and set(by.values()) == {side} else enemy
    return owe_air_losses(state, chooser, base.id, lost)


# -- Air Factors lost on a Base (Basic IX.K.3.b) ---------------------------------------------------------
def owe_air_losses(state: State, chooser: str, base_id: str, lost: int) -> State:
    """Basic IX.K.3.b: ``lost`` Air Factors on the Base ("if any are present") to be picked by
    ``chooser`` in the Eliminate step that follows the Combat (Bombing or Bombardment): one path
    for both, so the side the text names always picks. The step is held whenever the Hits cost
    Air Factors, planes on the Base or not: whether it is held must not tell the enemy what the
    Base Box holds (Basic III); ``resolve_losses`` takes only what is there."""
    if lost <= 0 or state.base(base_id) is None:
        return state
    return evolve(state, owed=(*state.owed, (chooser, base_id, lost)))


def losses_apply(game: Game, state: State) -> bool:
    return bool(state.owed)


def _owed(state: State, side: str, box: str) -> int:
    owed = sum(n for c, b, n in state.owed if (c, b) == (side, box))
    named = sum(o.factors for o in state.orders if isinstance(o, Eliminate) and (o.side, o.box) == (side, box))
    return owed - named


def _left(state: State, a: Eliminate) -> int:
    base = state.base(a.box)
    if base is None:
        return 0
    have = sum(s.factors for s in base.planes.of(a.section) if s.plane == a.plane) if a.section in SECTIONS else 0
    named = sum(
        o.factors
        for o in state.orders
        if isinstance(o, Eliminate) and (o.box, o.section, o.plane) == (a.box, a.section, a.plane)
    )
    return have - named


def eliminate_refusal(game: Game, state: State, a: Eliminate) -> str | None:
    rule = "CV › Basic IX.K.3.b"
    owed = _owed(state, a.side, a.box)
    if owed <= 0:
        return f"You have no Air Factors to pick on {a.box} ({rule})."
    if not 1 <= a.factors <= min(owed, _left(state, a)):
        return f"Pick 1 to {min(owed, max(0, _left(state, a)))} such Air Factors (of {owed} to pick) ({rule})."
    return None


def eliminations(game: Game, state: State, side: str) -> list[Eliminate]:
    out = []
    for chooser, box_id, _n in state.owed:
        base = state.base(box_id)
        if chooser != side or base is None:
            continue
        for section in SECTIONS:
            for plane in sorted({s.plane for s in base.planes.of(section)}):
                probe = Eliminate(side, box_id, section, plane, 1)
                for n in range(1, min(_owed(state, side, box_id), _left(state, probe)) + 1):
                    out.append(Eliminate(side, box_id, section, plane, n))
    return out


def resolve_losses(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    """The Air Factors picked go; any not picked are taken from the largest stacks of C, B, A."""
    for o in state.orders:
        if isinstance(o, Eliminate):
            state = damage.eliminate_from_box(
                state, state.base(o.box).side, o.box, o.section, o.plane, o.factors, events
            )
    for chooser, box_id, n in state.owed:
        left = n - sum(
            o.factors for o in state.orders if isinstance(o, Eliminate) and (o.side, o.box) == (chooser, box_id)
        )
        base = state.base(box_id)
        if base is not None and left > 0:
            state = _base_air_losses(state, base.side, box_id, left, events)
    return evolve(state, orders=(), owed=())


def _base_air_losses(state: State, side: str, base_id: str, lost: int, events: list[Event]) -> State:
    """Air Factors not picked: from C, B, then A, largest stacks first."""
    for section in reversed(SECTIONS):
        while lost > 0:
            box = state.box(side, base_id)
            stacks = box.planes.of(section) if box is not None else ()
            if not stacks:
                break
            biggest = max(stacks, key=lambda s: (s.factors, s.plane))
            n = min(lost, biggest.factors)
            state = damage.eliminate_from_box(state, side, base_id, section, biggest.plane, n, events)
            lost -= n
    return state
