"""The CV position: an immutable snapshot of the Time Record, the mapboard and both Holding Box
Charts, the Air Records and the orders sealed this step.

Everything is a frozen value. Plane units are kept as stacks of Air Factors of one type (Basic
II.B.2: factors of one type are exchanged freely, so a "5" Kate is the same as a "2", a "2" and
a "1"); a stack also carries its Weapon unit and whether it entered its section this Turn
(Basic IV.B.2: no Air Factor moves into more than one section a Turn).

Names: a side is ``american`` or ``japanese``; a Task Force Box is ``tf<n>`` (``tf7``); a base
box is its base's id (``midway``, ``hawaii``); an Air Box is its number 1-27.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any, TypeVar

from midway_desktop.games.cv.time_record import Time
from midway_desktop.values import frozen_value, ordered_value

AMERICAN = "american"
JAPANESE = "japanese"
SIDES = (AMERICAN, JAPANESE)
SECTIONS = ("a", "b", "c")  # Just Landed, Refueling and Rearming, Ready to Launch (Set Up III.E)
SECTION_TITLES = {"a": "A (Just Landed)", "b": "B (Refueling and Rearming)", "c": "C (Ready to Launch)"}
NO_WEAPON = ""
AIR_BOXES = 27  # Set Up III.A: Air units numbered 1-27
TASK_FORCE_BOXES = {AMERICAN: 12, JAPANESE: 14}  # Set Up III.B
TASK_FORCE_SHIPS = {AMERICAN: 15, JAPANESE: 10}  # Set Up III.C.1.b-c (see docs/rules-status/cv.md)
UNORGANIZED = 100  # Basic VI.D: an Unorganized Ship unit has no box; it is numbered above this

T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen value with some fields changed: ``dataclasses.replace``, which asks the
    class's fields and calls its ``__init__`` each time (some thirty thousand a plain bot's game).
    A value whose ``__init__`` does no more than set its fields is copied field by field instead:
    the same value, its field-by-field cache (a ``cached_property``) left behind as ``replace`` does."""
    cls = obj.__class__
    fields = _PLAIN.get(cls, False)
    if fields is False:
        fields = _PLAIN[cls] = _plain_fields(cls)
    if fields is None or not fields[1].issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]  # (and its errors)
    old = obj.__dict__
    new = object.__new__(cls)
    new.__dict__.update({n: changes[n] if n in changes else old[n] for n in fields[0]})
    return new


def _plain_fields(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    """A dataclass's fields, in order, if its ``__init__`` only sets them (every field taken at
    ``__init__``, nothing done after, no slots or ``__new__`` of its own); else None."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    if cls.__new__ is not object.__new__:
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields) or any(isinstance(f.type, dataclasses.InitVar) for f in fields):
        return None
    names = tuple(f.name for f in fields)
    return names, frozenset(names)


_PLAIN: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}


def other(side: str) -> str:
    return JAPANESE if side == AMERICAN else AMERICAN


def side_name(side: str) -> str:
    return "American" if side == AMERICAN else "Japanese"


@ordered_value
class Planes:
    """A stack of Air Factors of one plane type, with its Weapon unit (``""``: unarmed)."""

    plane: str
    factors: int
    weapon: str = NO_WEAPON
    fresh: bool = False  # moved into its section this Turn (Basic IV.B.2)

    @property
    def key(self) -> tuple[str, str, bool]:
        return (self.plane, self.weapon, self.fresh)


def merged(stacks: Iterable[Planes]) -> tuple[Planes, ...]:
    """Stacks of one type, weapon and freshness joined into one (Basic II.B.2), empty ones gone,
    in a fixed order: two positions with the same factors are the same position."""
    total: dict[tuple[str, str, bool], int] = {}
    for s in stacks:
        if s.factors:
            total[s.key] = total.get(s.key, 0) + s.factors
    return tuple(Planes(p, n, w, f) for (p, w, f), n in sorted(total.items()))


def factors(stacks: Iterable[Planes], plane: str | None = None) -> int:
    return sum(s.factors for s in stacks if plane is None or s.plane == plane)


@frozen_value
class Sections:
    """The A, B and C sections of a Task Force or Base Box."""

    a: tuple[Planes, ...] = ()
    b: tuple[Planes, ...] = ()
    c: tuple[Planes, ...] = ()

    def of(self, section: str) -> tuple[Planes, ...]:
        return getattr(self, section)  # type: ignore[no-any-return]

    def with_(self, section: str, stacks: Iterable[Planes]) -> Sections:
        return evolve(self, **{section: merged(stacks)})

    def all(self) -> tuple[Planes, ...]:
        return self.a + self.b + self.c

    def total(self) -> int:
        return factors(self.all())

    def settled(self) -> Sections:
        """A new Turn: nothing has moved into a section yet."""
        return Sections(*(merged(evolve(s, fresh=False) for s in self.of(x)) for x in SECTIONS))


@frozen_value
class Entry:
    """Where and when a late-arriving Task Force enters: the hex marked on the Plot Map at the
    start and the Turn it reaches it (Basic VI.F.1)."""

    hex: str
    time: Time


@frozen_value
class TaskForce:
    """A Task Force Box with its Task Force unit (Set Up III.B-C; Basic VI.A)."""

    side: str
    number: int
    ships: tuple[str, ...]  # ship titles, as the Ship Record lists them
    hex: str | None  # None: not on the mapboard (not yet entered, or exited)
    planes: Sections = Sections()
    entry: Entry | None = None  # a late arrival not yet on the mapboard
    anchored: bool = False  # only in the Midway hex (Basic VI.I)
    exited: bool = False  # left the mapboard for good (Basic VI.F.2)
    entered: Time | None = None  # the Turn it entered: no further move that Turn (VI.F.1.b)
    launched: int = 0  # Air Factors that took off or landed here this Turn (Basic IV.B, VIII.A.1.c)
    readied: int = 0  # Air Factors moved between its sections this Turn (Basic IV.B.2)
    area: tuple[str, ...] = ()  # set-up: the board regions it may start in (or enter from)
    troops: tuple[tuple[str, int], ...] = ()  # Ground Factors aboard, by transport (Basic VI.A.3)
    into_wind: bool = False  # moved at least one hex into the Wind Direction this Turn (Basic VI.E)
    unorganized: bool = False  # one Ship unit placed directly on the mapboard, no box (Basic VI.D)
    seaplane_base: bool = False  # its Seaplane Tenders hold a Temporary Seaplane Base (Basic VI.I.2)

    @property
    def id(self) -> str:
        return f"tf{self.number}"

    @property
    def on_map(self) -> bool:
        return self.hex is not None and not self.exited


@frozen_value
class BaseBox:
    """A Base Box: Midway on the mapboard, or an off-board base with its In Flight section
    (Basic VIII.G.4). ``hex`` is ``None`` for an off-board base."""

    id: str
    side: str
    hex: str | None
    planes: Sections = Sections()
    hits: int = 0  # Hit units in the box (Basic IX.J.3)
    attacked: bool = False  # Bombing, Bombardment or Ground Combat this Turn (Basic X.B)
    launched: int = 0
    readied: int = 0
    ground: int = 0  # its side's Ground Factors in the Base Box (Basic IX.H)
    ground_hits: int = 0  # Hit units placed with those Ground units (Basic IX.J.2, IX.K.2)


@frozen_value
class AirRecord:
    """One line of the Air Record Sheet: planes of one type in an Air unit (Basic IV.A.2.d)."""

    plane: str
    factors: int
    weapon: str
    high: bool  # in the High section of the Air Box (Basic VIII.D.1)
    origin: str  # the Task Force or Base Box it took off from
    took_off: Time
    must_land: Time  # the last Turn it may land (Basic VIII.E.1); earlier for Endurance spent
    spent: int = 0  # Endurance Factors expended in combat (Basic VIII.E.4)
    spent_at: Time | None = None  # the Turn of the last one: only one a Turn (VIII.E.4.a)

    def spend(self) -> AirRecord:
        """Basic VIII.E.4.c: an Endurance Factor expended moves the landing line one Turn up."""
        return evolve(self, must_land=self.must_land.plus(-1), spent=self.spent + 1)


@frozen_value
class AirUnit:
    """An Air Box and its Air unit. ``where`` says where the Air unit is:

    - ``"forming"``: organized this Turn in ``origin``'s hex, to take off in the Take Off Step;
    - ``"map"``: flying, on the mapboard at ``hex``;
    - ``"cap"``: in the CAP Box of ``box`` (over it, off the mapboard: Basic VIII.H.2);
    - ``"in-flight"``: from the off-board base ``box``, to reach an Air Entry Hex at ``due``;
    - ``"returning"``: to the off-board base ``box``, to land there at ``due`` (Basic VIII.G.4).
    """

    side: str
    number: int
    where: str
    records: tuple[AirRecord, ...]
    hex: str | None = None
    box: str = ""
    moved: bool = False  # moved (or took off) in this Air Unit Movement Phase
    carried: int = 0  # hexes moved this Turn with its Task Force from the CAP Box (Basic VIII.H.2)
    due: Time | None = None  # In Flight: the Turn it may reach an Air Entry Hex, or lands
    arrived: Time | None = None  # the Turn it reached the hex it is in (Basic VIII.G.2)
    leave: str = ""  # Basic VIII.H.3: the enemy hex it fought over, to leave the next Turn
    fought: Time | None = None  # the Turn it fought there
    homing: bool = False  # VIII.H.3: must reach a hex where it may land before entering an enemy hex

    @property
    def total(self) -> int:
        return sum(r.factors for r in self.records)


@frozen_value
class PlottedMove:
    """One Task Force's sealed move for this Turn (Basic VI.A.1): the hexes it enters in order,
    and whether it anchors (or stays anchored) where it ends."""

    task_force: int
    path: tuple[str, ...] = ()
    anchor: bool = False
    exit: bool = False  # leaves the mapboard from the last hex of its path (or where it stands)
    unload: bool = False  # its anchored transports unload Ground Factors (Basic VI.A.3)


@frozen_value
class Shadowing:
    """A sealed Shadowing order (Basic VI.G.2): ``unit`` (``tf3``, or ``air5`` for an Air unit)
    follows the enemy ships it observes in ``hex`` this Turn, keeping their distance
    (``keep``), closing in (``close``: into their hex if it can) or hanging back (``far``)."""

    side: str
    unit: str
    hex: str
    stance: str = "keep"


@frozen_value
class Seen:
    """What a side's Air unit observed as it flew through a hex this Turn, or what a side saw of
    an enemy Air unit flying by (Basic III.A). ``info`` is what the condition reveals (JSON)."""

    side: str
    by: str  # "Air unit 3" or "enemy Air unit 5"
    hex: str
    what: str  # ships | air
    condition: int
    info: str = "{}"


@frozen_value
class Passing:
    """Basic VIII.I.2: an Air unit of the side moving has stopped, mid-move, in a hex where the
    other side's Interceptors may attack it as it flies through; that side is asked. ``order``
    is the move being carried out (a MoveAir, TakeOff or Land), ``path`` the hexes still to fly
    from ``hex`` on, ``fought`` the altitudes the Interceptors have attacked at here."""

    side: str
    air_unit: int
    hex: str
    order: Any
    path: tuple[str, ...]
    fought: tuple[bool, ...] = ()


@frozen_value
class Losses:
    """What a side lost this Turn, counted in the Victory Points Counting Phase (Basic XI)."""

    air_factors: int = 0
    unnecessary: int = 0  # of those, lost by not reaching a hex where landing was possible (XI.C.4)
    ships: tuple[str, ...] = ()  # Ship units eliminated, by title (Basic XI.C.1.c)
    ground: int = 0  # Ground Factors eliminated (Basic XI.C.1.b)


@frozen_value
class Arrangement:
    """A side's secret set-up for the Surface Combat in one hex (Basic IX.G.1.a): the role each
    Ship unit is given (ships not named take their normal role: ``surface.normal_role``) and
    the die it sets; revealed when both sides have sealed."""

    side: str
    hex: str
    roles: tuple[tuple[str, str], ...] = ()  # (ship title, engaged | torpedo | screened | bombard)
    die: int = 1


@frozen_value
class Allotment:
    """Factors announced against one target before the die is rolled (Basic IX.A.3,
    IX.G.1.b(2)): an enemy ship's title, or ``base`` / ``ground`` for a Bombardment."""

    side: str
    hex: str
    kind: str  # gunnery | torpedo | breakthrough | bombardment
    target: str
    factors: int


@frozen_value
class State:
    """A CV position."""

    time: Time
    last: Time  # the last Turn of the scenario (Basic XII.C)
    step: str
    task_forces: tuple[TaskForce, ...]
    bases: tuple[BaseBox, ...] = ()
    air_units: tuple[AirUnit, ...] = ()
    plots: tuple[tuple[str, tuple[PlottedMove, ...]], ...] = ()  # by side: the orders sealed this Turn
    sealed: frozenset[str] = frozenset()  # sides that sealed the current step
    initiative: tuple[str, ...] = ()  # the Air Unit Movement Phase's order, first mover first
    mover: int = 0  # index into ``initiative`` of the side moving now
    points: tuple[tuple[str, int], ...] = ((AMERICAN, 0), (JAPANESE, 0))
    losses: tuple[tuple[str, Losses], ...] = ()
    sightings: tuple[Seen, ...] = ()  # this Turn's observations made while flying (Basic III.A)
    # Basic III.C.2: the strength a side announces for a Task Force ("tf") or an Air unit
    # ("air") seen at Condition 2, by (side, kind, number); none announced: the true number.
    announced: tuple[tuple[tuple[str, str, int], int], ...] = ()
    ashore: int = 0  # Japanese Ground Factors unloaded onto Midway (Basic VI.A.3)
    ashore_hits: int = 0  # Hit units placed with them (Basic IX.J.2)
    # Basic IX.J.4: Hits marked on the Ship Record Sheet, by (side, ship title); sunk ships leave
    ship_hits: tuple[tuple[tuple[str, str], int], ...] = ()
    contacts: tuple[str, ...] = ()  # hexes of this Turn's Combat Contact (Basic VI.H)
    short: bool = False  # the Short Scenario: no Midway points (Basic XI.C.3)
    # Surface Combat (Basic IX.G; ``surface``): this Turn's secret set-ups and the Factors
    # announced in the current segment; Ship units whose torpedoes are expended.
    arrangements: tuple[Arrangement, ...] = ()
    allotments: tuple[Allotment, ...] = ()
    torpedoes_spent: tuple[tuple[str, str], ...] = ()  # (side, ship title)
    # The Combat Phase (Basic IX; ``combat``): the Battle being fought, those still to fight,
    # the orders sealed in this Combat Step (action values), and each side's Interceptor
    # factors free to attack Bombers at each altitude after the first Segment (IX.D.2.b).
    battle: str = ""
    battles: tuple[str, ...] = ()
    orders: tuple[Any, ...] = ()
    free: tuple[tuple[tuple[str, bool], int], ...] = ()
    # Air Factors a Base must lose for Hits (Basic IX.K.3.b), to be picked: (chooser, base id, n)
    owed: tuple[tuple[str, str, int], ...] = ()
    shadows: tuple[Shadowing, ...] = ()  # this Turn's sealed Shadowing orders (Basic VI.G)
    midgets: tuple[str, ...] = ()  # Midget Submarine units placed in the Midway hex (Basic VI.I.3)
    passing: Passing | None = None  # an Air unit stopped mid-move by enemy Interceptors (Basic VIII.I.2)
    options: frozenset[str] = field(default_factory=frozenset)
    # A side that has sealed ``step`` and gone on to a later step of ``sequence.PRIVATE`` before
    # the other side has sealed it: (side, the step it gives orders in). ``sealed`` then holds
    # the sides that sealed their own step.
    ahead: tuple[tuple[str, str], ...] = ()
    # The Task Forces as both sides last saw them on the table, kept while the Turn's private
    # steps (``sequence.PRIVATE``) are under way: a side's Transfers there stay behind its screen
    # until the steps' orders are revealed together (``sequence.on_table``). None otherwise.
    table: tuple[TaskForce, ...] | None = None

    # -- reading ---------------------------------------------------------------------------------
    def task_force(self, side: str, number: int) -> TaskForce | None:
        for tf in self.task_forces:
            if tf.side == side and tf.number == number:
                return tf
        return None

    def base(self, base_id: str) -> BaseBox | None:
        for b in self.bases:
            if b.id == base_id:
                return b
        return None

    def box(self, side: str, box_id: str) -> TaskForce | BaseBox | None:
        """A side's Task Force Box (``tf3``) or Base Box (``midway``)."""
        if box_id.startswith("tf") and box_id[2:].isdigit():
            return self.task_force(side, int(box_id[2:]))
        found = self.base(box_id)
        return found if found is not None and found.side == side else None

    def boxes(self, side: str) -> list[TaskForce | BaseBox]:
        out: list[TaskForce | BaseBox] = [tf for tf in self.task_forces if tf.side == side]
        out += [b for b in self.bases if b.side == side]
        return out

    def air_unit(self, side: str, number: int) -> AirUnit | None:
        for unit in self.air_units:
            if unit.side == side and unit.number == number:
                return unit
        return None

    def plots_of(self, side: str) -> tuple[PlottedMove, ...]:
        return dict(self.plots).get(side, ())

    def score(self, side: str) -> int:
        return dict(self.points)[side]

    def lost(self, side: str) -> Losses:
        return dict(self.losses).get(side, Losses())

    def hits_on(self, side: str, title: str) -> int:
        """Hits recorded on a Ship unit (Basic IX.J.4)."""
        return dict(self.ship_hits).get((side, title), 0)

    def hits_of(self, side: str) -> dict[str, int]:
        """Hits on a side's ships by title (the Ship Record Sheet's Hits column)."""
        return {title: n for (s, title), n in self.ship_hits if s == side}

    def announcement(self, side: str, kind: str, number: int) -> int | None:
        return dict(self.announced).get((side, kind, number))

    # -- changing --------------------------------------------------------------------------------
    def with_box(self, box: TaskForce | BaseBox) -> State:
        if isinstance(box, TaskForce):
            tfs = tuple(box if (t.side, t.number) == (box.side, box.number) else t for t in self.task_forces)
            return evolve(self, task_forces=tfs)
        return evolve(self, bases=tuple(box if b.id == box.id else b for b in self.bases))

    def with_air_unit(self, unit: AirUnit | None, side: str = "", number: int = 0) -> State:
        """``unit`` in its Air Box (or, ``None``, the box ``side``/``number`` emptied)."""
        key = (unit.side, unit.number) if unit is not None else (side, number)
        rest = tuple(u for u in self.air_units if (u.side, u.number) != key)
        units = rest + ((unit,) if unit is not None else ())
        return evolve(self, air_units=tuple(sorted(units, key=lambda u: (u.side, u.number))))

    def with_plots(self, side: str, plots: tuple[PlottedMove, ...]) -> State:
        d = dict(self.plots)
        d[side] = tuple(sorted(plots, key=lambda p: p.task_force))
        return evolve(self, plots=tuple(sorted(d.items())))

    def with_points(self, side: str, gained: int) -> State:
        d = dict(self.points)
        d[side] += gained
        return evolve(self, points=tuple(sorted(d.items())))

    def with_loss(
        self, side: str, air: int, unnecessary: int = 0, ships: tuple[str, ...] = (), ground: int = 0
    ) -> State:
        d: dict[str, Losses] = dict(self.losses)
        was = d.get(side, Losses())
        d[side] = Losses(was.air_factors + air, was.unnecessary + unnecessary, was.ships + ships, was.ground + ground)
        return evolve(self, losses=tuple(sorted(d.items())))


def counts(mapping: Mapping[str, int]) -> str:
    """``{"kate": 3, "zero": 2}`` as ``3 Kate, 2 Zero``."""
    return ", ".join(f"{n} {p.replace('-', ' ').title()}" for p, n in sorted(mapping.items()) if n)
