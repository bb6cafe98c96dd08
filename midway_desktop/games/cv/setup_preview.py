"""A look at a CV scenario's set-up: where each side's forces, Bases and air start, and what is
still to come. Read-only and for both sides at once (a preview, not a game: CV's rules are not
played here yet).

CV › Scenarios I.B-C: each side's Information gives its forces and where they start ("Anywhere
on mapboard half B", "Ship Entry Area (b), at start") or enter ("Ship Entry Area (a), 0400 June
4"), its land-based Air Factors by Base and its Ground Factors. Set Up II.B puts the American
Base unit on Midway (B2117); the off-board Bases (Basic VIII.G) stand off the mapboard and are
shown at their Air Entry Hexes. Scenario V (Japanese Free Set Up) is shown from the scenario
whose General and American Information it borrows.

A force may start anywhere in its area; the preview shows it at one hex of the area, the one
nearest the area's middle that is a few hexes from Midway and from the forces already shown.

A preview depends only on the ruleset's files and this code, so the window's are kept in the
user's cache (``kept_setup_preview``): a start then shows CV's set-up without reading, checking
or even importing the rest of CV's data (300 M instructions, a tenth of CV's start).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from midway_desktop.games.cv.common import GAME
from midway_desktop.games.cv.time_record import Time
from midway_desktop.ruleset import cache, ruleset_dir
from midway_desktop.values import frozen_value

if TYPE_CHECKING:
    from midway_desktop.games.cv.data import CvData
    from midway_desktop.games.cv.scenarios import ForceEntry, Scenario, SideSetUp
    from midway_desktop.geometry.board import Board

SPREAD = 5  # hexes at least between two forces the preview shows (where their areas allow)
CLEAR = 8  # hexes at least between a force and Midway's Base, so neither hides the other


@frozen_value
class ForcePreview:
    """One force of the scenario: its ships and air, where and when it comes on."""

    side: str  # american | japanese
    force: str  # IA ... IV
    title: str  # American Force IA
    ships: tuple[str, ...]
    air: Mapping[str, int]  # plane title -> Air Factors (sea-based)
    ground: int  # Ground Factors aboard its transports
    enters: Time | None  # the Turn it comes on; None: on the mapboard at the start
    where: str  # as the scenario words it
    regions: tuple[str, ...]  # the board regions it may start or enter in
    area: str  # the board region the preview shows it in (one of ``regions``)
    label: str  # the hex the preview shows it in

    @property
    def at_start(self) -> bool:
        return self.enters is None

    @property
    def time(self) -> str:
        """``"0400 June 4"``; empty for a force on the mapboard at the start."""
        return str(self.enters) if self.enters is not None else ""

    @property
    def air_factors(self) -> int:
        return sum(self.air.values())


@frozen_value
class BasePreview:
    """A Base and the land-based air (and Ground Factors) a scenario puts there."""

    name: str
    title: str
    side: str
    air: Mapping[str, int]  # plane title -> Air Factors
    ground: int
    on_board: bool  # Midway; else an off-board Base (Basic VIII.G)
    label: str  # Midway's hex, or the Air Entry Hex an off-board Base is shown at
    letter: str = ""  # an off-board Base's Air Entry Hex letter (Intro III.A.5: H, J, M, W)

    @property
    def air_factors(self) -> int:
        return sum(self.air.values())


@frozen_value
class SetupPreview:
    """A scenario's set-up as the preview shows it: both sides' forces, bases and submarines."""

    scenario: str  # the id played: II ... V
    title: str
    start: str  # "0100 June 4"
    end: str
    turns: int
    forces: tuple[ForcePreview, ...]
    bases: tuple[BasePreview, ...]
    submarines: Mapping[str, tuple[str, ...]]  # side -> SS titles (Optional XI)
    aboard: Mapping[str, int]  # side -> Ground Factors carried on its transports
    free_set_up: bool  # Scenario V: the Japanese set up in any of its areas

    @property
    def on_board(self) -> tuple[ForcePreview, ...]:
        return tuple(f for f in self.forces if f.at_start)

    @property
    def to_come(self) -> tuple[ForcePreview, ...]:
        """The forces that enter later, in the order they come on."""
        later = [f for f in self.forces if not f.at_start]
        return tuple(sorted(later, key=lambda f: (f.enters, f.side, f.force)))


def setup_preview(data: CvData, scenario_id: str, source: str | None = None) -> SetupPreview:
    """The set-up of ``scenario_id`` (for Scenario V, played from ``source``: II, III or IV)."""
    scenario = data.scenarios.played(scenario_id, source)
    taken: dict[str, list[str]] = {}  # region -> hexes already given to a force
    bases = sorted({c for b in data.bases.bases if b.region is not None for c in data.board.region(b.region)})
    forces: list[ForcePreview] = []
    for side in scenario.sides:
        for entry in side.forces:
            forces.append(_force(data, scenario, source, side, entry, taken, bases))
    bases = tuple(_bases(data, scenario))
    return SetupPreview(
        scenario=scenario.id,
        title=scenario.title,
        start=str(scenario.start) if scenario.start is not None else "",
        end=str(scenario.end) if scenario.end is not None else "",
        turns=scenario.turns,
        forces=tuple(forces),
        bases=bases,
        submarines={s.side: s.submarines for s in scenario.sides if s.submarines},
        aboard={s.side: s.aboard.factors for s in scenario.sides if s.aboard is not None},
        free_set_up=scenario.free_set_up is not None,
    )


def _force(
    data: CvData,
    scenario: Scenario,
    source: str | None,
    side: SideSetUp,
    entry: ForceEntry,
    taken: dict[str, list[str]],
    bases: list[str],
) -> ForcePreview:
    force = data.force(side.side, entry.force)
    air = entry.air if entry.air is not None else force.air
    regions = entry.at.regions
    if scenario.free_set_up is not None and source is not None and side.side == "japanese":
        regions = _free_choice(data, source, entry.force, regions, taken)
    label = _spot(data.board, regions[0], taken, bases)
    return ForcePreview(
        side=side.side,
        force=force.id,
        title=force.title,
        ships=force.ships,
        air={data.plane(name).title: n for name, n in air.items()},
        ground=_aboard(side, force.ground),
        enters=entry.at.time,
        where=entry.at.text,
        regions=entry.at.regions,
        area=regions[0],
        label=label,
    )


def _aboard(side: SideSetUp, carried: Mapping[str, int]) -> int:
    """Ground Factors on a force's transports: none unless the scenario puts them aboard (the
    Short Scenario assumes there are none: Scenarios II.C.2)."""
    if side.aboard is None:
        return 0
    return sum(n for title, n in carried.items() if title in side.aboard.ships)


def _free_choice(
    data: CvData, source: str, force_id: str, regions: tuple[str, ...], taken: dict[str, list[str]]
) -> tuple[str, ...]:
    """Scenario V lets a force set up (or enter) by any of several areas; the preview shows
    it where the borrowed scenario puts it if that is one of them, else in the first area no
    force has taken yet."""
    borrowed = data.scenarios.get(source).side("japanese").entry(force_id).at.regions
    for region in borrowed:
        if region in regions:
            return (region,)
    free = [r for r in regions if r not in taken]
    return (free[0],) if free else regions[:1]


def _spot(board: Board, region: str, taken: dict[str, list[str]], bases: list[str]) -> str:
    """The hex of ``region`` nearest its middle that is at least ``CLEAR`` hexes from Midway
    and ``SPREAD`` from the forces already shown (``taken[""]``: every hex given so far)."""
    cells = sorted(board.region(region))
    xs, ys = zip(*(board.centre(c) for c in cells), strict=True)
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)

    def off_middle(label: str) -> tuple[float, str]:
        x, y = board.centre(label)
        return ((x - mx) ** 2 + (y - my) ** 2, label)

    used = taken.setdefault(region, [])
    shown = taken.setdefault("", [])
    ranked = sorted(cells, key=off_middle)

    def clear(label: str) -> bool:
        return all(board.distance(label, b) >= CLEAR for b in bases)

    def apart(label: str) -> bool:
        return all(board.distance(label, u) >= SPREAD for u in shown)

    # Hexes are tried from the middle out and the first that will do is taken: testing every
    # hex of a large area first was 31 M instructions of CV's start.
    chosen = next((c for c in ranked if clear(c) and apart(c)), None)
    if chosen is None:
        pool = [c for c in ranked if clear(c)] or ranked  # (no hex clear of Midway: any)
        chosen = next((c for c in pool if apart(c)), None)
        if chosen is None:  # a small area, crowded: the hex farthest from the others
            chosen = max(pool, key=lambda c: min(board.distance(c, u) for u in shown))
    used.append(chosen)
    shown.append(chosen)
    return chosen


def _bases(data: CvData, scenario: Scenario) -> list[BasePreview]:
    """Midway (always: Set Up II.B) and each off-board Base a side puts planes on."""
    out: list[BasePreview] = []
    for side in scenario.sides:
        for base in data.bases.bases:
            if base.side != side.side:
                continue
            air = side.land_air.get(base.name, {})
            ground = side.ground.get(base.name, 0)
            midway = base.region is not None and base.name == "midway"
            if not (air or ground or midway):
                continue
            if base.region is not None:
                label = sorted(data.board.region(base.region))[0]
            elif base.letter is not None:
                label = _air_entry_spot(data.board, base.letter)
            else:  # pragma: no cover - the loader refuses a Base with neither
                continue
            titles = {data.plane(name).title: n for name, n in air.items()}
            on_board = base.region is not None
            letter = base.letter or ""
            out.append(BasePreview(base.name, base.title, side.side, titles, ground, on_board, label, letter))
    return out


def _air_entry_spot(board: Board, letter: str) -> str:
    """The middle one of an off-board Base's Air Entry Hexes (Intro III.A.5)."""
    cells = sorted(c for r in board.regions("air-entry") if str(r.data.get("base")) == letter for c in r)
    return cells[len(cells) // 2]


# -- kept between runs ----------------------------------------------------------------------
KIND = "cv-set-up"
# Bump when what a preview holds, or how it is written below, changes.
VERSION = "cv set-up 1"
# Every file ``data.load_data`` reads (a test holds the two lists together) and the code that
# makes a preview of them: an entry is kept under a hash of all their bytes.
RULESET_FILES = (
    "board.yaml",
    "planes.yaml",
    "charts.yaml",
    "ships.yaml",
    "forces.yaml",
    "bases.yaml",
    "scenarios.yaml",
)
SOURCES = (
    "games/cv/setup_preview.py",
    "games/cv/data.py",
    "games/cv/common.py",
    "games/cv/scenarios.py",
    "games/cv/forces.py",
    "games/cv/bases.py",
    "games/cv/planes.py",
    "games/cv/ships.py",
    "games/cv/charts.py",
    "games/cv/placement.py",
    "games/cv/time_record.py",
    "geometry/board.py",
    "geometry/hexes.py",
    "geometry/loader.py",
)


def kept_setup_preview(scenario_id: str, source: str | None = None, folder: Path | str | None = None) -> SetupPreview:
    """``setup_preview`` of the bundled CV data (or of the ruleset ``folder``), from the user's
    cache if made before from these very files, else worked out (reading all of CV's data, so a
    ruleset problem is raised as ever) and kept."""
    root = (Path(folder) if folder is not None else ruleset_dir(GAME)).resolve()
    choice = f"{scenario_id}-{source}" if source else scenario_id
    anchor = root / "scenarios.yaml"
    try:
        key = cache.digest(VERSION, cache.sources_digest(*SOURCES), *((root / n).read_bytes() for n in RULESET_FILES))
    except OSError:
        key = None  # load_data says what is wrong with the folder
    entry = cache.load(KIND, anchor, key) if key is not None else None
    previews: dict[str, Any] = entry if isinstance(entry, dict) else {}
    found = decode_preview(previews.get(choice))
    if found is not None:
        return found
    from midway_desktop.games.cv.data import load_data  # all of CV's data, only when needed

    preview = setup_preview(load_data(root), scenario_id, source)
    if key is not None:
        previews[choice] = encode_preview(preview)
        cache.store(KIND, anchor, key, previews)
    return preview


def encode_preview(p: SetupPreview) -> dict[str, Any]:
    """``p`` as plain JSON values (``decode_preview`` reads them back equal)."""
    return {
        "scenario": p.scenario,
        "title": p.title,
        "start": p.start,
        "end": p.end,
        "turns": p.turns,
        "forces": [
            {
                "side": f.side,
                "force": f.force,
                "title": f.title,
                "ships": list(f.ships),
                "air": dict(f.air),
                "ground": f.ground,
                "enters": [f.enters.day, f.enters.hour] if f.enters is not None else None,
                "where": f.where,
                "regions": list(f.regions),
                "area": f.area,
                "label": f.label,
            }
            for f in p.forces
        ],
        "bases": [
            {
                "name": b.name,
                "title": b.title,
                "side": b.side,
                "air": dict(b.air),
                "ground": b.ground,
                "on_board": b.on_board,
                "label": b.label,
                "letter": b.letter,
            }
            for b in p.bases
        ],
        "submarines": {side: list(titles) for side, titles in p.submarines.items()},
        "aboard": dict(p.aboard),
        "free_set_up": p.free_set_up,
    }


def decode_preview(data: object) -> SetupPreview | None:
    """The preview ``encode_preview`` wrote, or None if ``data`` is not one."""
    try:
        d = _fields(data)
        forces = tuple(_force_from(f) for f in _list(d["forces"]))
        bases = tuple(_base_from(b) for b in _list(d["bases"]))
        submarines = {_str(side): _strs(titles) for side, titles in _fields(d["submarines"]).items()}
        return SetupPreview(
            _str(d["scenario"]),
            _str(d["title"]),
            _str(d["start"]),
            _str(d["end"]),
            _int(d["turns"]),
            forces,
            bases,
            submarines,
            _counts(d["aboard"]),
            _bool(d["free_set_up"]),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _force_from(data: object) -> ForcePreview:
    d = _fields(data)
    enters = d["enters"]
    return ForcePreview(
        _str(d["side"]),
        _str(d["force"]),
        _str(d["title"]),
        _strs(d["ships"]),
        _counts(d["air"]),
        _int(d["ground"]),
        Time(*(_int(v) for v in _list(enters))) if enters is not None else None,
        _str(d["where"]),
        _strs(d["regions"]),
        _str(d["area"]),
        _str(d["label"]),
    )


def _base_from(data: object) -> BasePreview:
    d = _fields(data)
    return BasePreview(
        _str(d["name"]),
        _str(d["title"]),
        _str(d["side"]),
        _counts(d["air"]),
        _int(d["ground"]),
        _bool(d["on_board"]),
        _str(d["label"]),
        _str(d["letter"]),
    )


def _fields(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError("not an object")
    return value


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("not a string")
    return value


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError("not a whole number")
    return value


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not true or false")
    return value


def _strs(value: object) -> tuple[str, ...]:
    return tuple(_str(v) for v in _list(value))


def _counts(value: object) -> dict[str, int]:
    return {_str(k): _int(v) for k, v in _fields(value).items()}
