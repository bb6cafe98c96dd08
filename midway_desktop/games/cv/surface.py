"""The Surface Combat Step of the Combat Phase (CV › Basic IX.G; Sequence of Play IV.E.4.a-d).

A Battle with Surface Combat is a hex of Combat Contact (Basic VI.H: Ship units of both sides
in it), or the Midway hex where Ship units stand with the enemy's Base unit (they may bombard
it). Each side secretly sets up its Ship units there (IX.G.1.a: Engaged, Engaged with a Torpedo
unit, Screened, Screened to Bombard) and a die; once both have sealed, the set-ups are revealed
and the BHT of Ship-to-Ship Combat is the sum of the two dice (IX.G.1.b(1)). Then, segment by
segment, each side announces how its Factors are divided among the enemy units it may hit
(IX.A.3, IX.G.1.b(2)), both sealed at once, and every allotment is one Combat on the Combat
Results Table (IX.C); Hits are applied when every Combat of the segment is rolled (IX.C.3).
The set-up and each segment are Combat Steps of the Battle in that hex (``combat.STEPS``), after
its air combat and before its Ground Combat.

The text gives the set-up and Ship-to-Ship Gunnery; the other segments are named by the
Sequence of Play (IV.E.4.b-d) and their BHTs are provisional in ``charts.yaml``. The readings
(see docs/rules-status/cv.md):

- Surface Torpedo: the Ship units set up with the Torpedo unit fire their Torpedo Factors at
  the enemy's Engaged Ship units; the group's torpedoes are then expended (Optional XII reloads
  them). Modifier (f) at night.
- Breakthrough: a side with Engaged Ship units afloat when the enemy has none left Engaged (or
  set none up) breaks through: its Engaged Ship units and the enemy's Screened ones fire their
  Gunnery Factors at each other (IX.G.1.a(1): the Screened "will not engage ... unless enemy
  Ship units Breakthrough").
- Bombardment: the Ship units set up to Bombard fire their Gunnery Factors at the Base unit or
  its Ground units; the Base's Gunnery Factor (after its Hits, IX.K.3.c) fires at them. Hits on
  the Base cost one Air Factor for every two (IX.K.3.b), picked by the side taking them in the
  Eliminate step after the segment: the same step, orders and fallback as after Bombing
  (``bombing.owe_air_losses``).
- Modifier (c) at night for Ship-to-Ship, Breakthrough and Bombardment Combat. Modifier (d)
  (damaged ships) is not in the text and is not applied.

Dice are rolled side by side (American first), each side's Combats in the order of the hex and
the target's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from midway_desktop.engine.actions import Action
from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.games.cv import bombing, damage
from midway_desktop.games.cv.actions import ROLE_TITLES, Arrange, Fire, SetDie
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.state import SIDES, Allotment, Arrangement, BaseBox, State, evolve, other, side_name
from midway_desktop.values import frozen_value

STEPS = ("surface-set-up", "surface-gunnery", "surface-torpedo", "breakthrough", "bombardment")
KIND_OF = {"surface-gunnery": "gunnery", "surface-torpedo": "torpedo", "breakthrough": "breakthrough",
           "bombardment": "bombardment"}  # fmt: skip
ROLES = ("engaged", "torpedo", "screened", "bombard")
ENGAGED = ("engaged", "torpedo")
SCREENED = ("screened", "bombard")
# IX.G.1.a(1): "Normally, such units as CVs, CVLs, APs ... are Screened" (the tenders with them).
NORMALLY_SCREENED = frozenset({"CV", "CVL", "AP", "AV", "AS"})
BHT_KEY = {"gunnery": "ship_to_ship", "torpedo": "surface_torpedo", "breakthrough": "breakthrough",
           "bombardment": "bombardment"}  # fmt: skip
BASE, GROUND = "base", "ground"
RULE = {
    "gunnery": "CV › Basic IX.G.1.b(2)",
    "torpedo": "CV › Basic IX.G.1.a(2), IV.E.4.b",
    "breakthrough": "CV › Basic IX.G.1.a(1), IV.E.4.c",
    "bombardment": "CV › Basic IX.G, IV.E.4.d",
}


@frozen_value
class Battle:
    """A hex with Surface Combat this Turn."""

    hex: str
    contact: bool  # Ship units of both sides: Ship-to-Ship Combat (Basic VI.H)
    base: str | None  # the side whose Base unit stands here
    bombarding: str | None  # the side whose Ship units here may bombard that Base unit


# -- reading the position ----------------------------------------------------------------------------
def ships(state: State, side: str, hex_: str) -> list[str]:
    """The side's Ship units afloat in the hex (Task Force by Task Force)."""
    return [t for tf in state.task_forces if tf.side == side and tf.on_map and tf.hex == hex_ for t in tf.ships]


def base_at(state: State, hex_: str) -> BaseBox | None:
    return next((b for b in state.bases if b.hex == hex_), None)


def battles(game: Game, state: State) -> tuple[Battle, ...]:
    """Combat Contact hexes where both sides still have ships, and the Midway hex when ships
    stand there with the enemy's Base unit (which observes them: Basic III.B); during a Battle
    (``State.battle``), only its hex."""
    hexes = set(state.contacts)
    base = next((b for b in state.bases if b.hex is not None and b.hex == game.midway), None)
    if base is not None:
        hexes.add(base.hex)  # type: ignore[arg-type]
    if state.battle:  # in the Combat Phase: the Battle being fought (``combat``)
        hexes &= {state.battle}
    out = []
    for h in sorted(hexes):
        present = {s for s in SIDES if ships(state, s, h)}
        contact = h in state.contacts and len(present) == len(SIDES)
        here = base_at(state, h)
        holder = here.side if here is not None else None
        bombarding = other(holder) if holder is not None and other(holder) in present else None
        if contact or bombarding:
            out.append(Battle(h, contact, holder, bombarding))
    return tuple(out)


def battle_at(game: Game, state: State, hex_: str) -> Battle | None:
    return next((b for b in battles(game, state) if b.hex == hex_), None)


def arrangement(state: State, side: str, hex_: str) -> Arrangement:
    found = next((a for a in state.arrangements if (a.side, a.hex) == (side, hex_)), None)
    return found if found is not None else Arrangement(side, hex_)


def normal_role(game: Game, battle: Battle, side: str, title: str) -> str:
    """Unless set up otherwise: Screened if a carrier, transport or tender, or with no contact;
    otherwise Engaged (IX.G.1.a(1))."""
    if not battle.contact or game.ship(side, title).type in NORMALLY_SCREENED:
        return "screened"
    return "engaged"


def role(game: Game, state: State, battle: Battle, side: str, title: str) -> str:
    return dict(arrangement(state, side, battle.hex).roles).get(title) or normal_role(game, battle, side, title)


def with_role(game: Game, state: State, battle: Battle, side: str, roles: Iterable[str]) -> list[str]:
    wanted = set(roles)
    return [t for t in ships(state, side, battle.hex) if role(game, state, battle, side, t) in wanted]


def torpedoes(game: Game, state: State, side: str, title: str) -> int:
    """Torpedo Factors not yet expended (the Ship Record's Torp column)."""
    return 0 if (side, title) in state.torpedoes_spent else game.ship(side, title).ship_class.torpedo


def gunnery(game: Game, side: str, title: str) -> int:
    return game.ship(side, title).ship_class.gunnery


def base_gunnery(game: Game, base: BaseBox) -> int:
    """Basic IX.K.3.c: the Base's Gunnery Factor less one a Hit."""
    spec = game.data.bases.get(base.id)
    return game.data.bases.factors(spec, base.hits).gunnery if spec is not None else 0


def breaks_through(game: Game, state: State, battle: Battle) -> str | None:
    """The side whose Engaged Ship units are afloat when the enemy has none Engaged but has
    Screened ones (reading of IX.G.1.a(1)); ``None`` if neither."""
    if not battle.contact:
        return None
    for side in SIDES:
        mine, theirs = (with_role(game, state, battle, s, ENGAGED) for s in (side, other(side)))
        if mine and not theirs and with_role(game, state, battle, other(side), SCREENED):
            return side
    return None


def available(game: Game, state: State, battle: Battle, side: str, kind: str) -> int:
    """The Factors ``side`` divides in this Combat."""
    if kind == "gunnery":
        if not (battle.contact and all(with_role(game, state, battle, s, ENGAGED) for s in SIDES)):
            return 0
        return sum(gunnery(game, side, t) for t in with_role(game, state, battle, side, ENGAGED))
    if kind == "torpedo":
        if not (battle.contact and with_role(game, state, battle, other(side), ENGAGED)):
            return 0
        return sum(torpedoes(game, state, side, t) for t in with_role(game, state, battle, side, ("torpedo",)))
    if kind == "breakthrough":
        breaker = breaks_through(game, state, battle)
        if breaker is None:
            return 0
        mine = ENGAGED if side == breaker else SCREENED
        return sum(gunnery(game, side, t) for t in with_role(game, state, battle, side, mine))
    if kind == "bombardment":
        bombarding = with_role(game, state, battle, battle.bombarding, ("bombard",)) if battle.bombarding else []
        if not bombarding:
            return 0
        if side == battle.bombarding:
            return sum(gunnery(game, side, t) for t in bombarding)
        base = base_at(state, battle.hex)
        return base_gunnery(game, base) if base is not None and side == battle.base else 0
    return 0


def targets(game: Game, state: State, battle: Battle, side: str, kind: str) -> list[str]:
    """What ``side``'s Factors may be used against in this Combat."""
    enemy = other(side)
    if kind in ("gunnery", "torpedo"):
        return with_role(game, state, battle, enemy, ENGAGED)
    if kind == "breakthrough":
        breaker = breaks_through(game, state, battle)
        return with_role(game, state, battle, enemy, SCREENED if side == breaker else ENGAGED)
    if kind == "bombardment":
        if side == battle.bombarding:
            return [BASE, GROUND]
        return with_role(game, state, battle, enemy, ("bombard",)) if side == battle.base else []
    return []


def step_applies(game: Game, state: State, step: str) -> bool:
    """Whether a segment has any Combat this Turn (Basic IX.A.2: skip those that do not apply)."""
    found = battles(game, state)
    if step == "surface-set-up":
        return bool(found)
    kind = KIND_OF[step]
    return any(available(game, state, b, s, kind) and targets(game, state, b, s, kind) for b in found for s in SIDES)


def applies(step: str) -> Callable[[Game, State], bool]:
    """``step_applies`` for one segment, as a Combat Step's ``applies`` (``combat.STEPS``)."""
    return lambda game, state: step_applies(game, state, step)


# -- the orders a side may give (``combat.STEPS``' ``legal``) ----------------------------------------
def set_ups(game: Game, state: State, side: str) -> Iterator[Action]:
    for battle in battles(game, state):
        for title in ships(state, side, battle.hex):
            for r in ROLES:
                yield Arrange(side, battle.hex, title, r)
        for die in range(1, 7) if battle.contact else ():
            yield SetDie(side, battle.hex, die)


def fires(game: Game, state: State, side: str) -> Iterator[Action]:
    """Built to ``fire_refusal`` exactly (asking it of each order was most of a Battle of Midway's
    legal orders): each target, up to the Factors not announced against the others (IX.A.3)."""
    kind = KIND_OF[state.step]
    for battle in battles(game, state):
        have = available(game, state, battle, side, kind)
        if not have:
            continue
        allotted = _allotted(state, side, battle.hex, kind)
        for target in targets(game, state, battle, side, kind):
            others = sum(x.factors for x in allotted if x.target != target)
            for n in range(1, have - others + 1):
                yield Fire(side, battle.hex, kind, target, n)


# -- orders ------------------------------------------------------------------------------------------
def _no_battle(hex_: str) -> str:
    return f"There is no Surface Combat in {hex_} this Turn (CV › Basic IX.G, VI.H)."


def arrange_refusal(game: Game, state: State, a: Arrange) -> str | None:
    battle = battle_at(game, state, a.hex)
    if battle is None:
        return _no_battle(a.hex)
    if a.ship not in ships(state, a.side, a.hex):
        return f"You have no Ship unit {a.ship} in {a.hex} (CV › Basic IX.G: all Ship units in the hex)."
    if a.role not in ROLES:
        return f"A Ship unit is set up {', '.join(ROLES)}, not {a.role!r} (CV › Basic IX.G.1.a)."
    if a.role in ENGAGED and not battle.contact:
        return f"No enemy Ship units are in {a.hex}: nothing to engage (CV › Basic VI.H, IX.G.1)."
    if a.role == "torpedo" and not torpedoes(game, state, a.side, a.ship):
        return f"{a.ship} has no Torpedo Factors left for Surface Torpedo Combat (CV › Basic IX.G.1.a(2))."
    if a.role == "bombard":
        if battle.bombarding != a.side:
            return "Ship units bombard only the enemy Base unit in the Midway hex (CV › Basic IV.E.4.d, IX.G)."
        if not gunnery(game, a.side, a.ship):
            return f"{a.ship} has no Gunnery Factor to bombard with (CV › Basic IX.C.4)."
    return None


def apply_arrange(game: Game, state: State, a: Arrange) -> State:
    was = arrangement(state, a.side, a.hex)
    roles = tuple(sorted({**dict(was.roles), a.ship: a.role}.items()))
    return _with_arrangement(state, evolve(was, roles=roles))


def set_die_refusal(game: Game, state: State, a: SetDie) -> str | None:
    battle = battle_at(game, state, a.hex)
    if battle is None or not battle.contact:
        return _no_battle(a.hex) if battle is None else f"No Ship-to-Ship Combat in {a.hex} (CV › Basic VI.H)."
    if not 1 <= a.die <= 6:
        return f"The die shows 1 to 6, not {a.die} (CV › Basic IX.G.1.a(4))."
    return None


def apply_set_die(game: Game, state: State, a: SetDie) -> State:
    return _with_arrangement(state, evolve(arrangement(state, a.side, a.hex), die=a.die))


def _with_arrangement(state: State, arr: Arrangement) -> State:
    rest = tuple(x for x in state.arrangements if (x.side, x.hex) != (arr.side, arr.hex))
    return evolve(state, arrangements=tuple(sorted((*rest, arr), key=lambda x: (x.side, x.hex))))


def fire_refusal(game: Game, state: State, a: Fire) -> str | None:
    kind = KIND_OF.get(state.step)
    if a.kind != kind:
        return f"The Combat of this segment is {kind}, not {a.kind} (CV › Basic IV.E.4)."
    battle = battle_at(game, state, a.hex)
    if battle is None:
        return _no_battle(a.hex)
    have = available(game, state, battle, a.side, kind)
    if not have:
        return f"You have no Factors for {kind} Combat in {a.hex} ({RULE[kind]})."
    allowed = targets(game, state, battle, a.side, kind)
    if a.target not in allowed:
        against = ", ".join(allowed) or "nothing"
        return f"{kind.title()} Factors in {a.hex} are used only against {against} ({RULE[kind]})."
    if a.factors < 1:
        return "Announce at least one Factor against a target (CV › Basic IX.A.3)."
    others = sum(x.factors for x in _allotted(state, a.side, a.hex, kind) if x.target != a.target)
    if others + a.factors > have:
        return (
            f"You have {have} {kind} Factor(s) in {a.hex} and {others} are announced against other targets "
            f"(CV › Basic IX.A.3, IX.G.1.b(2))."
        )
    return None


def apply_fire(game: Game, state: State, a: Fire) -> State:
    rest = tuple(x for x in state.allotments if (x.side, x.hex, x.kind, x.target) != (a.side, a.hex, a.kind, a.target))
    new = Allotment(a.side, a.hex, a.kind, a.target, a.factors)
    return evolve(state, allotments=tuple(sorted((*rest, new), key=lambda x: (x.side, x.hex, x.kind, x.target))))


def _allotted(state: State, side: str, hex_: str, kind: str) -> list[Allotment]:
    return [x for x in state.allotments if (x.side, x.hex, x.kind) == (side, hex_, kind)]


# -- resolving ---------------------------------------------------------------------------------------
def hit_table(game: Game, state: State, kind: str, dice: int = 0) -> int:
    """Basic IX.C.1-2, IX.I.2: the BHT (for Ship-to-Ship, the two dice's sum) and its modifiers."""
    charts = game.data.charts
    bht = dice if kind == "gunnery" else charts.surface_bht[BHT_KEY[kind]] or 0
    if charts.time_record.is_night(state.time):
        bht += charts.surface_modifier("f" if kind == "torpedo" else "c")
    return bht


def combat(game: Game, table: int, factors: int, roll: int) -> int:
    """One Combat: Base Number from the Hit Table and Factors, then the die (IX.C.4-6)."""
    crt = game.data.charts.combat_results
    return crt.hits(crt.base_number(table, factors), roll)


def keep(game: Game, state: State, action: Action) -> State:
    """Keep a sealed set-up or Fire order (until the segment is resolved)."""
    if isinstance(action, Arrange):
        return apply_arrange(game, state, action)
    if isinstance(action, SetDie):
        return apply_set_die(game, state, action)
    assert isinstance(action, Fire)
    return apply_fire(game, state, action)


def resolve_set_up(game: Game, state: State, rng: Rng, events: list[Event]) -> State:
    return reveal(game, state, events)


def segment(kind: str) -> Callable[[Game, State, Rng, list[Event]], State]:
    """A segment's ``resolve`` for ``combat.STEPS``."""
    return lambda game, state, rng, events: resolve(game, state, kind, rng, events)


def reveal(game: Game, state: State, events: list[Event]) -> State:
    """IX.G.1.b(1): both sides remove their screens; the BHT is the sum of the dice."""
    for battle in battles(game, state):
        parts = []
        for side in SIDES:
            groups: dict[str, list[str]] = {}
            for t in ships(state, side, battle.hex):
                groups.setdefault(role(game, state, battle, side, t), []).append(t)
            shown = "; ".join(f"{ROLE_TITLES[r]}: {', '.join(groups[r])}" for r in ROLES if r in groups)
            die = f", die {arrangement(state, side, battle.hex).die}" if battle.contact else ""
            parts.append(f"{side_name(side)} {shown or 'no Ship units'}{die}")
        bht = sum(arrangement(state, s, battle.hex).die for s in SIDES)
        tail = f" Ship-to-Ship BHT {bht}." if battle.contact else ""
        data = {"hex": battle.hex, "bht": bht if battle.contact else None}
        events.append(Event("surface-set-up", f"Surface Combat in {battle.hex}: {'. '.join(parts)}.{tail}", data=data))
    return state


def resolve(game: Game, state: State, kind: str, rng: Rng, events: list[Event]) -> State:
    """Every Combat of the segment rolled, then the Hits applied together (IX.C.3)."""
    ship_hits: dict[tuple[str, str], int] = {}
    base_hits: dict[str, int] = {}
    ground_hits: dict[str, int] = {}
    fired: set[tuple[str, str]] = set()
    found = {b.hex: b for b in battles(game, state)}
    for side in SIDES:
        mine = [x for x in state.allotments if x.side == side and x.kind == kind]
        for x in sorted(mine, key=lambda x: (x.hex, x.target)):
            battle = found.get(x.hex)
            if battle is None or x.target not in targets(game, state, battle, side, kind):
                continue
            dice = sum(arrangement(state, s, x.hex).die for s in SIDES)
            table = hit_table(game, state, kind, dice)
            base = game.data.charts.combat_results.base_number(table, x.factors)
            roll = rng.die(6) if base is not None else None
            hits = combat(game, table, x.factors, roll) if roll is not None else 0
            fired.add((side, x.hex))
            what = {BASE: "the Base unit", GROUND: "the Ground units"}.get(x.target, x.target)
            rolled = f", Base Number {base}, die {roll}" if roll is not None else ": the Combat fails"
            text = (f"{side_name(side)} {kind} in {x.hex}: {x.factors} Factor(s) against {what}, Hit Table {table}"
                    f"{rolled}: {hits} Hit(s).")  # fmt: skip
            events.append(
                Event(
                    "surface-combat",
                    text,
                    data={
                        "hex": x.hex,
                        "kind": kind,
                        "roll": roll,
                        "hits": hits,
                        "step": state.step,
                        "factors": x.factors,
                        "table": table,
                        "base": base,
                    },
                )
            )
            if x.target == BASE:
                base_hits[x.hex] = base_hits.get(x.hex, 0) + hits
            elif x.target == GROUND:
                enemy = other(side)
                ground_hits[enemy] = ground_hits.get(enemy, 0) + hits
            else:
                key = (other(side), x.target)
                ship_hits[key] = ship_hits.get(key, 0) + hits
    if kind == "torpedo":  # the group's torpedoes are expended (the Ship Record's Torp column)
        spent = {(s, t) for s, h in fired for t in with_role(game, state, found[h], s, ("torpedo",))}
        state = evolve(state, torpedoes_spent=tuple(sorted(set(state.torpedoes_spent) | spent)))
    if kind == "bombardment":
        state = _bombarded(state, found)
    for (side, title), hits in sorted(ship_hits.items()):
        state = damage.record_ship_hits(game, state, side, title, hits, events)
    for hex_, hits in sorted(base_hits.items()):
        base = base_at(state, hex_)
        if base is not None:
            state = damage.record_base_hits(game, state, base.id, hits, events)
            night = game.data.charts.time_record.is_night(state.time)
            chooser = damage.base_loss_chooser("bombardment", night, base.side, other(base.side))
            # picked in the Eliminate step after this segment (``combat.STEPS``), as after Bombing
            state = bombing.owe_air_losses(state, chooser, base.id, damage.base_air_losses(hits, "bombardment"))
    for side, hits in sorted(ground_hits.items()):
        state = damage.record_ground_hits(state, side, hits, events)
    return evolve(state, allotments=())


def _bombarded(state: State, found: dict[str, Battle]) -> State:
    """Basic X.B: a Base bombarded (its Base unit or its Ground units) makes no repair."""
    for battle in found.values():
        base = base_at(state, battle.hex)
        if (
            base is not None
            and battle.bombarding
            and any(
                x.kind == "bombardment" and x.side == battle.bombarding and x.hex == battle.hex
                for x in state.allotments
            )
        ):
            state = damage.mark_attacked(state, base.id)
    return state
