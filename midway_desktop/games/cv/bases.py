"""CV's Base units: Midway and the off-board Bases, what Hits take from them and repair gives back.

Read from ``rulesets/cv/bases.yaml``. CV › Basic V.B (a Base's Plane Handling Table: Plane
Capacity, Ready Factor, Launch Factors, Plane Types), VIII.G (off-board Bases and their Air
Entry Hexes), IX.K.3 (the effects of Hits on Base units), X (Midway Base Repair), Optional IX
(Midway Plane Dispersal). The rules here are pure functions of the data and a Turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from midway_desktop.games.cv.common import (
    MAX_FACTOR,
    SIDES,
    check_header,
    count,
    field_provenance,
    name_of,
    nonempty,
    provisional_fields,
    title_of,
    unique,
)
from midway_desktop.games.cv.time_record import Time
from midway_desktop.geometry.board import Board, Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node
from midway_desktop.values import frozen_value

LETTERS = {"H": "Hawaii", "J": "Johnston Island", "M": "Marshalls", "W": "Wake"}  # Intro III.A.5
METHODS = ("low", "dive", "high", "bombardment")  # the Combats that Hit a Base (IX.K.3.b)
_FIELDS = (
    "region",
    "letter",
    "capacity",
    "ready",
    "launch",
    "aa",
    "gunnery",
    "radar",
    "ground",
    "dispersal",
    "planes",
)


@frozen_value
class Base:
    """One Base unit and its line of the Plane Handling Tables."""

    name: str
    title: str
    side: str
    region: str | None  # the board region it stands in (Midway); None off the mapboard
    letter: str | None  # an off-board Base's Air Entry Hex letter (H, J, M, W)
    capacity: int  # Plane Capacity (Basic V.B.1)
    ready: int  # Ready Factor (V.B.2)
    launch: tuple[int, int, int]  # Minimum, Normal, Maximum Launch Factors
    aa: int
    gunnery: int
    radar: bool  # Basic III.B.3: the American Midway Base
    ground: bool  # holds Ground units (Basic IX.H: Midway only)
    dispersal: bool  # Optional IX.A: Midway only
    planes: tuple[str, ...] | None  # plane types it takes; None: every type of its side
    provenance: Mapping[str, Provenance]
    where: Node | None = field(default=None, compare=False, repr=False)  # for errors naming the line

    @property
    def off_board(self) -> bool:
        return self.letter is not None

    def takes(self, plane_name: str, plane_side: str) -> bool:
        """Whether a plane of this type may land and take off here (Basic V.B.3)."""
        if plane_side != self.side:
            return False
        return self.planes is None or plane_name in self.planes

    def provisional_values(self) -> list[str]:
        unused = "region" if self.off_board else "letter"  # the default does not speak for it
        return [v for v in provisional_fields(self.title, self.provenance) if v != f"{self.title}: {unused}"]


@frozen_value
class HitEffects:
    """What each Hit on a Base unit takes away (Basic IX.K.3)."""

    launch: tuple[int, int, int]  # Minimum, Normal, Maximum Launch Factors lost a Hit
    gunnery: int
    aa: int
    hits_per_air_factor: Mapping[str, int]  # Combat method -> Hits that cost one Air Factor
    provenance: Provenance


@frozen_value
class Factors:
    """A Base's Launch, AA and Gunnery Factors after its Hits."""

    launch: tuple[int, int, int]
    aa: int
    gunnery: int

    @property
    def can_launch(self) -> bool:
        """Basic IX.K.3.a: no landing or take off once every Launch Factor is 0 or less."""
        return launch_limit(self.launch) > 0


def launch_after_hits(launch: tuple[int, int, int], hits: int, effects: HitEffects) -> tuple[int, int, int]:
    """CV › Basic IX.K.3.a: each Hit takes two from the Maximum and one each from the Normal and
    Minimum Launch Factors (as ``effects`` print it); none goes below zero."""
    if hits < 0:
        raise ValueError("a Base has no fewer than 0 Hits")
    low, normal, top = (max(0, f - hits * cut) for f, cut in zip(launch, effects.launch, strict=True))
    return (low, normal, top)


def launch_limit(launch: tuple[int, int, int]) -> int:
    """The Air Factors a box may take off and land in a Turn: its largest Launch Factor.

    Undamaged, that is the Maximum. Hits cut the Maximum twice as fast as the Normal (IX.K.3.a),
    so a Base with many Hits can have a Normal above its Maximum; the text stops take-offs and
    landings only once *every* Launch Factor is 0 or less, so (reading) the largest left counts."""
    return max(launch)


@frozen_value
class AirEntryHex:
    """An Air Entry Hex: "6H" is six Turns from Hawaii (Intro III.A.5)."""

    region: str
    letter: str
    turns: int
    cells: frozenset[str]


@frozen_value
class Bases:
    """The bases, the effects of Hits on them, Midway's repair and Dispersal (CV › Basic X, Optional IX)."""

    bases: tuple[Base, ...]
    hit_effects: HitEffects
    repair_hits: int  # Hits removed by one Midway Base Repair Phase (Basic X.C)
    repair_provenance: Provenance
    dispersal_ready: int  # Ready Factors an Air Factor going in or out of Dispersal (Opt. IX.B)
    dispersal_divisor: int  # Opt. IX.C: half the effects of Hits
    dispersal_provenance: Provenance

    def get(self, name: str) -> Base | None:
        return next((b for b in self.bases if b.name == name), None)

    def base(self, name: str) -> Base:
        found = self.get(name)
        if found is None:
            raise KeyError(f"no Base '{name}'")
        return found

    def by_letter(self, letter: str) -> Base | None:
        return next((b for b in self.bases if b.letter == letter), None)

    def factors(self, base: Base, hits: int) -> Factors:
        """CV › Basic IX.K.3.a, c, d: each Hit takes 1/1/2 Launch, 1 Gunnery and 2 AA Factors
        (as printed in bases.yaml); no Factor goes below zero."""
        e = self.hit_effects
        return Factors(
            launch_after_hits(base.launch, hits, e),
            max(0, base.aa - hits * e.aa),
            max(0, base.gunnery - hits * e.gunnery),
        )

    def air_factors_lost(self, hits: Mapping[str, int]) -> int:
        """CV › Basic IX.K.3.b: one Air Factor a Low or Dive Bombing Hit, one for every two
        High Bombing and/or Bombardment Hits (together, fractions down: 3 Hits cost 1)."""
        by_divisor: dict[int, int] = {}
        for method, n in hits.items():
            if method not in self.hit_effects.hits_per_air_factor:
                raise ValueError(f"'{method}' is not a Combat that Hits a Base ({', '.join(METHODS)})")
            if n < 0:
                raise ValueError("Hits are never negative")
            divisor = self.hit_effects.hits_per_air_factor[method]
            by_divisor[divisor] = by_divisor.get(divisor, 0) + n
        return sum(n // d for d, n in by_divisor.items())

    def dispersed_losses(self, lost: int, exposed: int, dispersed: int) -> tuple[int, int]:
        """CV › Optional IX.C-D: Air Factors lost (not in Dispersal, in Dispersal). Hits count
        first against planes not in Dispersal; those in it suffer half the rest, rounded down."""
        if min(lost, exposed, dispersed) < 0:
            raise ValueError("counts are never negative")
        first = min(lost, exposed)
        second = min(dispersed, (lost - first) // self.dispersal_divisor)
        return first, second

    def repaired(self, hits: int, *, bombed: bool, bombarded: bool, ground_combat: bool) -> int:
        """CV › Basic X.B-D: the Hits left after the Repair Phase. No repair in a Turn when the
        Base or its Ground units were Bombed or Bombarded or there was Ground Combat (even if it
        made no Hits), and none to a Base with no Hits."""
        if hits < 0:
            raise ValueError("a Base has no fewer than 0 Hits")
        if bombed or bombarded or ground_combat:
            return hits
        return max(0, hits - self.repair_hits)

    def provisional_values(self) -> list[str]:
        return [v for b in self.bases for v in b.provisional_values()]


# -- off-board Bases: Basic VIII.G -----------------------------------------------------------
def entry_turn(took_off: Time, turns: int) -> Time:
    """CV › Basic VIII.G.1: an Air unit taking off from an off-board Base is placed in one of
    its "N" Air Entry Hexes N Turns after take off, the take-off Turn counted: off Hawaii on
    the 0700 Turn, it may be placed in a "6H" hex on the 1200 Turn. It moves no further that
    Turn. The Time Record runs on through night and midnight (Basic XII.B)."""
    if turns < 1:
        raise ValueError("an Air Entry Hex is at least one Turn from its Base")
    return took_off.plus(turns - 1)


def landing_turn(reached: Time, turns: int) -> Time:
    """CV › Basic VIII.G.2: an Air unit that reaches an "N" Air Entry Hex lands at the off-board
    Base N Turns later, counting the Turn it reaches the hex and the Turn it lands: a "3J" hex
    reached on the 1300 Turn, it lands at Johnston on the 1500 Turn."""
    if turns < 1:
        raise ValueError("an Air Entry Hex is at least one Turn from its Base")
    return reached.plus(turns - 1)


def air_entry_hexes(board: Board, letter: str) -> tuple[AirEntryHex, ...]:
    """The Air Entry Hexes of the off-board Base with ``letter`` (Intro III.A.5): only through
    these may its Air units enter or leave the mapboard (Basic VIII.G.1-2)."""
    out = []
    for region in board.regions("air-entry"):
        if region.data.get("base") == letter:
            out.append(AirEntryHex(region.name, letter, int(region.data["turns"]), frozenset(region)))
    return tuple(out)


# -- reading bases.yaml ----------------------------------------------------------------------
def parse_bases(root: Node, expected_game: str | None = None) -> Bases:
    """Read a parsed ``bases.yaml``; any inconsistency is one :class:`RulesetError` line."""
    check_header(root, expected_game, "hit_effects", "repair", "dispersal", "bases")
    items = nonempty(root.req("bases"))
    bases = tuple(_base(n) for n in items)
    unique([(b.name, n.req("name")) for b, n in zip(bases, items, strict=True)], "Base")
    unique([(b.letter, n.req("letter")) for b, n in zip(bases, items, strict=True) if b.letter], "Base letter")
    repair = root.req("repair").only("hits_a_turn", "provenance")
    dispersal = root.req("dispersal").only("ready_per_factor", "hit_divisor", "provenance")
    return Bases(
        bases,
        _hit_effects(root.req("hit_effects")),
        count(repair.req("hits_a_turn"), 1),
        provenance(repair.get("provenance"), repair),
        count(dispersal.req("ready_per_factor"), 0),
        count(dispersal.req("hit_divisor"), 1),
        provenance(dispersal.get("provenance"), dispersal),
    )


def _hit_effects(node: Node) -> HitEffects:
    node.only("launch", "gunnery", "aa", "hits_per_air_factor", "provenance")
    launch = _launch(node.req("launch"), ordered=False)
    per_node = node.req("hits_per_air_factor").only(*METHODS)
    per = {m: count(per_node.req(m), 1) for m in METHODS}
    return HitEffects(
        launch,
        count(node.req("gunnery")),
        count(node.req("aa")),
        per,
        provenance(node.get("provenance"), node),
    )


def _launch(node: Node, *, ordered: bool) -> tuple[int, int, int]:
    values = tuple(count(n) for n in node.list())
    if len(values) != 3:
        raise node.error("Launch Factors are [minimum, normal, maximum]")
    if ordered and not values[0] <= values[1] <= values[2]:
        raise node.error("Launch Factors are [minimum, normal, maximum], each at least the one before")
    return values[0], values[1], values[2]


def _base(node: Node) -> Base:
    node.only("name", "title", "side", *_FIELDS, "provenance")
    prov = field_provenance(node, _FIELDS)
    region_node, letter_node = node.get("region"), node.get("letter")
    if (region_node is None) == (letter_node is None):
        raise node.error("a Base has either a 'region' (on the mapboard) or a 'letter' (off-board), not both")
    letter = letter_node.choice(*LETTERS) if letter_node is not None else None
    capacity = count(node.req("capacity"), 1, MAX_FACTOR)
    launch_node = node.req("launch")
    launch = _launch(launch_node, ordered=True)
    if launch[2] == 0:
        raise launch_node.error("a Base launches at least one Air Factor")
    aa, gunnery = count(node.req("aa")), count(node.req("gunnery"))
    if letter is not None and (aa or gunnery):
        raise node.req("aa" if aa else "gunnery").error(
            "an off-board Base is never attacked (Basic VIII.G.3): its AA and Gunnery are 0"
        )
    ground, dispersal = node.req("ground").bool(), node.req("dispersal").bool()
    if letter is not None and (ground or dispersal):
        raise node.req("ground" if ground else "dispersal").error(
            "only Midway holds Ground units and Dispersal (Basic IX.H, Optional IX.A)"
        )
    return Base(
        name=name_of(node.req("name")),
        title=title_of(node.req("title")),
        side=node.req("side").choice(*SIDES),
        region=name_of(region_node) if region_node is not None else None,
        letter=letter,
        capacity=capacity,
        ready=count(node.req("ready"), 0, capacity),
        launch=launch,
        aa=aa,
        gunnery=gunnery,
        radar=node.req("radar").bool(),
        ground=ground,
        dispersal=dispersal,
        planes=_planes(node.req("planes")),
        provenance=prov,
        where=node,
    )


def _planes(node: Node) -> tuple[str, ...] | None:
    if node.value == "all":
        return None
    if not node.is_list:
        raise node.error("plane types are 'all' (every type of the Base's side) or a list of names")
    names = tuple(name_of(n) for n in nonempty(node))
    unique([(n, item) for n, item in zip(names, node.list(), strict=True)], "plane type")
    return names
