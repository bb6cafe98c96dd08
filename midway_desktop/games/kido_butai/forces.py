"""The counters of Kido Butai and the victory table, read from ``rulesets/kido-butai/forces.yaml``.

Everything here is frozen: the rules read it, nothing changes it. A bad file raises one
:class:`RulesetError` line naming the file, the line and the problem.
"""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache
from pathlib import Path

from midway_desktop.games import GAME_IDS
from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node, RulesetError, load_yaml, ruleset_dir
from midway_desktop.values import frozen_value

GAME = "kido-butai"
FIGHTER = "fighter"
BOMBER = "bomber"


@frozen_value
class Capacity:
    """The numbers on the two sides of a carrier (or Midway) counter, in squadrons."""

    full: int
    reduced: int
    provenance: Provenance


@frozen_value
class JapaneseCarrier:
    """One of the four Japanese carriers: its squadrons and capacity (KB › 1 Setup)."""

    name: str
    title: str
    fighters: int
    bombers: int
    capacity: Capacity
    squadrons_provenance: Provenance


@frozen_value
class AmericanCarrier:
    """An American carrier and its capacity (KB › 1 Setup)."""

    name: str
    title: str
    capacity: Capacity


@frozen_value
class SquadronSpec:
    """One Japanese squadron counter: ``akagi-zero``, ``akagi-b1`` ...

    ``id`` is what saved games and the rules use; ``title`` is what the player reads
    ("Akagi Zero", "Akagi bomber 1"); ``number`` tells apart the counters of one kind aboard
    one carrier (0 when it is the only one).
    """

    id: str
    kind: str  # FIGHTER or BOMBER
    home: str  # the carrier it starts aboard
    title: str = ""
    number: int = 0

    @property
    def is_fighter(self) -> bool:
        return self.kind == FIGHTER


@frozen_value
class PoolSpec:
    """An opaque cup: so many squadron counters and so many placeholders."""

    squadron: str
    placeholder: str
    squadrons: int
    placeholders: int
    provenance: Provenance


@frozen_value
class Band:
    """A result band of §8: Japanese minus American points from ``low`` to ``high``."""

    name: str
    title: str
    low: int | None
    high: int | None

    def holds(self, margin: int) -> bool:
        return (self.low is None or margin >= self.low) and (self.high is None or margin <= self.high)


@frozen_value
class Victory:
    """The victory points and bands (KB › 8 Victory)."""

    squadrons_per_award: int
    squadron_award: float
    carrier_damaged: int
    carrier_sunk: dict[str, int]  # Japanese carrier names and "american"
    midway_destroyed: int
    bands: tuple[Band, ...]
    provenance: tuple[Provenance, ...]

    def band(self, margin: int) -> Band:
        for band in self.bands:
            if band.holds(margin):
                return band
        raise ValueError(f"no result band holds {margin}")  # parse_forces makes this impossible


@frozen_value
class Forces:
    """Both sides' carriers, Midway, the squadron pools and the victory points (KB › 1 Setup, 8 Victory)."""

    japanese: tuple[JapaneseCarrier, ...]
    american: tuple[AmericanCarrier, ...]
    midway: Capacity
    fleet_placeholders: int
    bomber_pool: PoolSpec
    fighter_pool: PoolSpec
    victory: Victory
    squadrons: tuple[SquadronSpec, ...]
    squadron_index: dict[str, int] = field(default_factory=dict, compare=False)
    # What the player reads for each squadron id and carrier name ("Akagi bomber 1", "Akagi").
    titles: dict[str, str] = field(default_factory=dict, compare=False)
    carrier_index: dict[str, int] = field(default_factory=dict, compare=False)
    # Derived once, for the hot loops: per squadron its id and whether it is a fighter.
    ids: tuple[str, ...] = ()
    fighter: tuple[bool, ...] = ()
    carrier_names: tuple[str, ...] = ()
    # Per Japanese carrier: squadrons it holds by hits taken (full, reduced, sunk).
    deck_room: tuple[tuple[int, int, int], ...] = ()
    # Per US carrier, its full and reduced capacity; all US squadrons of both pools.
    us_full: tuple[int, ...] = ()
    us_reduced: tuple[int, ...] = ()
    us_squadrons: int = 0

    def __post_init__(self) -> None:
        self.squadron_index.update((s.id, i) for i, s in enumerate(self.squadrons))
        self.carrier_index.update((c.name, i) for i, c in enumerate(self.japanese))
        self.titles.update((c.name, c.title) for c in self.japanese)
        self.titles.update((s.id, s.title or s.id) for s in self.squadrons)
        derived = {
            "ids": tuple(s.id for s in self.squadrons),
            "fighter": tuple(s.is_fighter for s in self.squadrons),
            "carrier_names": tuple(c.name for c in self.japanese),
            "deck_room": tuple((c.capacity.full, c.capacity.reduced, 0) for c in self.japanese),
            "us_full": tuple(c.capacity.full for c in self.american),
            "us_reduced": tuple(c.capacity.reduced for c in self.american),
            "us_squadrons": self.bomber_pool.squadrons + self.fighter_pool.squadrons,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    @property
    def us_carrier_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.american)

    def provisional_values(self) -> list[str]:
        """Which values a player should check against a printed copy."""
        out = [f"{c.title} capacity" for c in self.japanese if c.capacity.provenance.provisional]
        out += [f"{c.title} capacity" for c in self.american if c.capacity.provenance.provisional]
        if self.midway.provenance.provisional:
            out.append("Midway capacity")
        out += [f"{p.squadron} pool" for p in (self.bomber_pool, self.fighter_pool) if p.provenance.provisional]
        return out


# -- reading ----------------------------------------------------------------------------------
def load_forces(path: Path | str | None = None) -> Forces:
    """The bundled forces (or those in ``path``, a ``forces.yaml`` file)."""
    file = Path(path) if path is not None else ruleset_dir(GAME) / "forces.yaml"
    return _load_cached(file.resolve(), _mtime(file))


def _mtime(file: Path) -> int:
    try:
        return file.stat().st_mtime_ns
    except OSError as exc:
        raise RulesetError(file, None, f"cannot read file ({exc.strerror or exc})") from None


@lru_cache(maxsize=8)
def _load_cached(file: Path, mtime_ns: int) -> Forces:
    return parse_forces(load_yaml(file), expected_game=file.parent.name)


def parse_forces(root: Node, expected_game: str | None = None) -> Forces:
    """Read a parsed ``forces.yaml``; any inconsistency is a :class:`RulesetError`."""
    root.only("schema", "game", "japanese", "american", "victory", "notes")
    schema = root.req("schema")
    if schema.int(0, 999) != 1:
        raise schema.error(f"schema {schema.value} is not supported (this version reads schema 1)")
    game = root.req("game")
    if game.str() != GAME:
        raise game.error(f"this is a forces file for '{game.str()}', not '{GAME}'")
    if expected_game and expected_game != GAME and expected_game in GAME_IDS:
        raise game.error(f"game '{GAME}' does not match its folder '{expected_game}'")
    japanese = tuple(_japanese_carrier(n) for n in _nonempty(root.req("japanese").only("carriers").req("carriers")))
    american_node = root.req("american").only("carriers", "midway", "pools")
    american = tuple(_american_carrier(n) for n in _nonempty(american_node.req("carriers")))
    _unique([c.name for c in japanese] + [c.name for c in american], root.req("japanese"))
    midway_node = american_node.req("midway").only("title", "capacity")
    midway = _capacity(midway_node.req("capacity"))
    pools = american_node.req("pools").only("fleet", "bomber", "fighter")
    fleet = pools.req("fleet").only("placeholders", "provenance")
    provenance(fleet.get("provenance"), fleet)
    fleet_placeholders = _count(fleet.req("placeholders"), minimum=1)
    if fleet_placeholders != 1:
        raise fleet.req("placeholders").error("the fleet pool has exactly one carrier placeholder (KB › 1 Setup)")
    bomber = _pool(pools.req("bomber"))
    fighter = _pool(pools.req("fighter"))
    capacity = sum(c.capacity.full for c in american) + midway.full
    if bomber.squadrons + fighter.squadrons != capacity:
        raise pools.error(
            f"{bomber.squadrons} {bomber.squadron} and {fighter.squadrons} {fighter.squadron} squadrons do not "
            f"match the {capacity} squadrons of US capacity (KB › 6.c matches capacity lost with squadrons lost)"
        )
    victory = _victory(root.req("victory"), [c.name for c in japanese])
    squadrons: list[SquadronSpec] = []
    for c in japanese:
        squadrons += [
            _squadron(f"{c.name}-zero" if i == 0 else f"{c.name}-f{i + 1}", FIGHTER, c, i, c.fighters)
            for i in range(c.fighters)
        ]
        squadrons += [_squadron(f"{c.name}-b{i + 1}", BOMBER, c, i, c.bombers) for i in range(c.bombers)]
    return Forces(japanese, american, midway, fleet_placeholders, bomber, fighter, victory, tuple(squadrons))


def _squadron(sid: str, kind: str, carrier: JapaneseCarrier, i: int, of: int) -> SquadronSpec:
    """A squadron counter and its name for the player: the carrier's title, "Zero" for a
    fighter (KB › 1 Setup: "one squadron of Zero fighters") or "bomber", and a number when
    the carrier has more than one of the kind."""
    number = i + 1 if of > 1 else 0
    kind_word = "Zero" if kind == FIGHTER else "bomber"
    title = f"{carrier.title} {kind_word}" + (f" {number}" if number else "")
    return SquadronSpec(sid, kind, carrier.name, title, number)


def _nonempty(node: Node) -> list[Node]:
    items = node.list()
    if not items:
        raise node.error("expected at least one entry")
    return items


def _unique(names: list[str], where: Node) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise where.error(f"the name '{name}' is used twice")
        seen.add(name)


MAX_COUNT = 999  # squadrons, capacities and points: the printed ones stay below 100


def _count(node: Node, minimum: int = 0) -> int:
    return node.int(minimum, MAX_COUNT)


def _name(node: Node) -> str:
    name = node.str()
    if not name or not all(ch.islower() or ch.isdigit() or ch == "-" for ch in name):
        raise node.error(f"name '{name}' must be lower-case letters, digits and hyphens")
    return name


def _capacity(node: Node) -> Capacity:
    node.only("full", "reduced", "provenance")
    full = _count(node.req("full"), minimum=1)
    reduced_node = node.req("reduced")
    reduced = _count(reduced_node)
    if reduced >= full:
        raise reduced_node.error(f"the reduced side ({reduced}) must be lower than the full side ({full})")
    return Capacity(full, reduced, provenance(node.get("provenance"), node))


def _japanese_carrier(node: Node) -> JapaneseCarrier:
    node.only("name", "title", "squadrons", "capacity")
    sq = node.req("squadrons").only("fighters", "bombers", "provenance")
    fighters = _count(sq.req("fighters"))
    bombers = _count(sq.req("bombers"))
    cap = _capacity(node.req("capacity"))
    if fighters + bombers > cap.full:
        raise node.req("capacity").error(
            f"{fighters + bombers} squadrons start aboard but the full side holds only {cap.full} (KB › 3)"
        )
    name = _name(node.req("name"))
    title = node.get("title")
    return JapaneseCarrier(
        name, title.str() if title else name.title(), fighters, bombers, cap, provenance(sq.get("provenance"), sq)
    )


def _american_carrier(node: Node) -> AmericanCarrier:
    node.only("name", "title", "capacity")
    name = _name(node.req("name"))
    title = node.get("title")
    return AmericanCarrier(name, title.str() if title else name.title(), _capacity(node.req("capacity")))


def _pool(node: Node) -> PoolSpec:
    node.only("squadron", "placeholder", "squadrons", "placeholders", "provenance")
    placeholders = node.req("placeholders")
    pool = PoolSpec(
        node.req("squadron").str(),
        node.req("placeholder").str(),
        _count(node.req("squadrons"), minimum=1),
        _count(placeholders, minimum=1),
        provenance(node.get("provenance"), node),
    )
    return pool


def _victory(node: Node, japanese: list[str]) -> Victory:
    node.only("squadrons", "carrier_damaged", "carrier_sunk", "midway_destroyed", "bands", "bands_provenance")
    provs: list[Provenance] = []
    sq = node.req("squadrons").only("per", "points", "provenance")
    provs.append(provenance(sq.get("provenance"), sq))
    per = _count(sq.req("per"), minimum=1)
    award = sq.req("points").number(0, MAX_COUNT)
    if award <= 0:
        raise sq.req("points").error("expected a positive number of points")
    damaged = node.req("carrier_damaged").only("points", "provenance")
    provs.append(provenance(damaged.get("provenance"), damaged))
    sunk_node = node.req("carrier_sunk")
    provs.append(provenance(sunk_node.get("provenance"), sunk_node))
    sunk = {k: _count(v) for k, v in sunk_node.map().items() if k != "provenance"}
    for name in [*japanese, "american"]:
        if name not in sunk:
            raise sunk_node.error(f"missing '{name}'")
    for name, value_node in sunk_node.map().items():
        if name not in (*japanese, "american", "provenance"):
            raise value_node.error(f"'{name}' is not a carrier (expected {', '.join([*japanese, 'american'])})")
    midway = node.req("midway_destroyed").only("points", "provenance")
    provs.append(provenance(midway.get("provenance"), midway))
    provs.append(provenance(node.get("bands_provenance"), node))
    bands = _bands(node.req("bands"))
    return Victory(
        per,
        award,
        _count(damaged.req("points")),
        sunk,
        _count(midway.req("points")),
        bands,
        tuple(provs),
    )


def _bands(node: Node) -> tuple[Band, ...]:
    bands: list[Band] = []
    for item in _nonempty(node):
        item.only("name", "title", "from", "to")
        low_node, high_node = item.req("from"), item.req("to")
        low = None if low_node.value is None else low_node.int(-MAX_COUNT, MAX_COUNT)
        high = None if high_node.value is None else high_node.int(-MAX_COUNT, MAX_COUNT)
        if low is not None and high is not None and low > high:
            raise item.error(f"band runs from {low} to {high}")
        band = Band(_name(item.req("name")), item.req("title").str(), low, high)
        if bands:
            prev = bands[-1]
            if prev.high is None or low is None or low != prev.high + 1:
                raise item.error(f"band '{band.name}' must start right after '{prev.name}' ends")
        elif low is not None:
            raise item.error("the first band must be open below (from: null)")
        bands.append(band)
    if bands[-1].high is not None:
        raise node.error("the last band must be open above (to: null)")
    return tuple(bands)
