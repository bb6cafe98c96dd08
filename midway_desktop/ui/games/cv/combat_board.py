"""CV's combat board: a Battle as the side at the screen fights it (CV › Basic IX).

The board shows the Battle hex, its Combat Steps in the Sequence of Play's order with the one
being fought lit, and segment by segment (Interceptors and Escorts, Interceptors against
Bombers, AA, Bombing, Surface, Ground) the units that fight with their Factors and BHTs, the
lettered Hit Table Modifiers of that segment (IX.I), and every Combat rolled: the Factors, Hit
Table, Base Number, die and Hits. The orders the side must give in the step being fought
(Intercept or Conserve, Attack, Bomb, Eliminate, the Surface set-up, die and Fire, and the
Condition 2 strength of its units there, III.C.2) are rows of the board, each given through the
controller as a legal order: the board never changes the game otherwise.

Everything comes from the viewing side's view (``combat.battle_view``: its own planes, and of the
enemy what its observation shows) and the log that side may read; after a handover the board is
rebuilt from the next side's. The last Battles stay on the board to be looked over.

:func:`board_model` is pure (view, log and orders in, a :class:`Board` out) so that tests read
what the board says; :class:`CombatBoard` draws it.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import field
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from midway_desktop.engine import Action
from midway_desktop.engine.events import UMPIRE, Event
from midway_desktop.games.cv import bombing
from midway_desktop.games.cv.actions import (
    ROLE_TITLES,
    WEAPON_TITLES,
    Announce,
    Arrange,
    Attack,
    Bomb,
    Conserve,
    Done,
    Eliminate,
    Fire,
    Intercept,
    SetDie,
)
from midway_desktop.games.cv.combat import STEPS
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.surface import NORMALLY_SCREENED
from midway_desktop.ui.games.cv.steps import ANNOUNCE_TOO, STEP_SHORT
from midway_desktop.values import frozen_value

STEP_NAMES = tuple(s.name for s in STEPS)
SURFACE_STEPS = ("surface-set-up", "surface-gunnery", "surface-torpedo", "breakthrough", "bombardment",
                 "bombardment-losses")  # fmt: skip
# Segments of the board: name, title, the steps that are its, the rule.
SEGMENTS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("escorts", "Interceptors and Escorts", ("air-to-air",), "CV › Basic IX.D.2"),
    ("bombers", "Interceptors against Bombers", ("interception",), "CV › Basic IX.D"),
    ("aa", "AA", ("aa",), "CV › Basic IX.E"),
    ("bombing", "Bombing", ("bombing", "air-losses"), "CV › Basic IX.F, IX.K.3.b"),
    ("surface", "Surface", SURFACE_STEPS, "CV › Basic IX.G"),
    ("ground", "Ground", ("ground-combat",), "CV › Basic IX.H"),
)
SEGMENT_OF = {step: name for name, _t, steps, _r in SEGMENTS for step in steps}
# Orders of the Combat Phase, and which of their fields the board lets the player set.
SETTABLE: dict[type[Action], tuple[str, ...]] = {
    Intercept: ("escorts", "bombers"),
    Conserve: (),
    Attack: ("factors",),
    Bomb: ("factors",),
    Eliminate: ("factors",),
    Arrange: ("role",),
    SetDie: ("die",),
    Fire: ("factors",),
    Announce: ("strength",),
}
# The log's events that end a Battle's record (the next phase has begun).
ENDS_BATTLE = frozenset(
    {"turn", "initiative", "repair", "air-movement", "ship-movement", "sighting", "contact", "setup", "shadowing"}
)
SEGMENT_WIDTH, CHOICES_WIDTH = 290, 400
BATTLE_HEIGHT = 0.45  # of the window, the board's height when a Battle comes forward
KEPT_BATTLES = 8  # the last Battles the board keeps to be looked over
ROLE_NAMES = {"interceptor": "Interceptor", "escort": "Escort", "special": "Special Interceptor", "bomber": "Bomber"}


# -- the board, as data --------------------------------------------------------------------------------
@frozen_value
class Roll:
    """One Combat rolled: who fired, with how many Factors, on which Hit Table and Base Number."""

    who: str
    factors: int | None
    table: int | None
    base: str | None
    die: int | None
    hits: int | None


@frozen_value
class Segment:
    """One segment of a Battle as the Combat Board shows it: units, modifiers, rolls, notes."""

    name: str
    title: str
    rule: str
    units: tuple[str, ...] = ()  # the units that fight, one line each
    modifiers: tuple[str, ...] = ()  # the lettered Hit Table Modifiers of this segment
    rolls: tuple[Roll, ...] = ()
    notes: tuple[str, ...] = ()  # what else happened (a Combat that fails, losses, Hits)
    current: bool = False


@frozen_value
class Choice:
    """A family of legal orders that differ only in the numbers (or role) the player sets."""

    key: str
    parts: tuple[str, ...]  # text, and "{field}" where a setting goes
    options: tuple[Action, ...]
    rule: str
    preset: Action | None = None  # what the row starts at, when not all it may send

    def settings(self) -> tuple[str, ...]:
        return SETTABLE.get(type(self.options[0]), ())

    def values(self, name: str) -> list[Any]:
        return sorted({getattr(a, name) for a in self.options}, key=lambda v: (str(type(v)), v))

    def default(self) -> Action:
        """The preset, or all the Factors it may send, the first such order otherwise."""
        if self.preset is not None:
            return self.preset
        return max(self.options, key=lambda a: sum(getattr(a, f) for f in ("escorts", "bombers", "factors")
                                                   if isinstance(getattr(a, f, None), int)))  # fmt: skip

    def pick(self, values: dict[str, Any]) -> Action | None:
        return next((a for a in self.options if all(getattr(a, k) == v for k, v in values.items())), None)


@frozen_value
class Board:
    """The Combat Board's picture of a Battle: its hex, steps, segments and the orders open now."""

    hex: str
    live: bool  # the Battle being fought (False: one looked over after it)
    step: str
    steps: tuple[str, ...]
    segments: tuple[Segment, ...]
    choices: tuple[Choice, ...] = ()
    given: tuple[str, ...] = ()  # the orders the side has given in this step so far
    seal: Action | None = None
    heading: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    def texts(self) -> list[str]:
        """Everything the board says (for the hidden-information checks)."""
        out = [self.hex, self.heading, *self.steps, *self.given, *self.notes]
        for s in self.segments:
            out += [s.title, *s.units, *s.modifiers, *s.notes]
            out += [r.who for r in s.rolls]
        for c in self.choices:
            out += list(c.parts)
        return out


@frozen_value
class BattleRecord:
    """A Battle as the side's log tells it: its hex and its events."""

    hex: str
    events: tuple[Event, ...]


def battle_records(events: Iterable[Event]) -> list[BattleRecord]:
    """The Battles of the log, each with the events it brought (Basic IX.A)."""
    found: list[tuple[str, list[Event]]] = []
    current: list[Event] | None = None
    for e in events:
        if e.kind == "battle":
            where = str(e.data.get("hex") or _hex_in(e.text))
            current = []
            found.append((where, current))
        elif current is None or e.kind in ("sealed", "order"):
            continue
        elif e.kind in ENDS_BATTLE or (e.kind == "roll" and e.data.get("step") not in (*STEP_NAMES, "air-move")):
            current = None
        else:
            current.append(e)
    return [BattleRecord(h, tuple(evs)) for h, evs in found]


def _hex_in(text: str) -> str:
    m = re.search(r"\b([A-Z]\d{4})\b", text)
    return m.group(1) if m else "?"


def _roll(e: Event) -> Roll | None:
    d = e.data
    if e.kind == "roll" and "table" in d:
        who = str(d.get("purpose", e.text)).split(":")[0]
        dice = d.get("dice") or [None]
        return Roll(who, d.get("factors"), d.get("table"), d.get("base"), dice[0], d.get("hits"))
    if e.kind == "ground-combat":
        who = f"{str(d.get('by', '')).title()} Ground units"
        return Roll(who, d.get("factors"), d.get("hit_table"), d.get("base"), d.get("roll"), d.get("hits"))
    if e.kind == "surface-combat":
        who = e.text.split(":")[0]
        return Roll(who, d.get("factors"), d.get("table"), d.get("base"), d.get("roll"), d.get("hits"))
    return None


def _step_of(e: Event, last: str) -> str:
    step = e.data.get("step")
    if isinstance(step, str) and step in SEGMENT_OF:
        return step
    if e.kind == "surface-set-up":
        return "surface-set-up"
    if e.kind == "surface-combat":
        return str(e.data.get("step") or "surface-gunnery")
    if e.kind in ("ground-combat", "midway-captured"):
        return "ground-combat"
    if "Air-to-Air Combat at" in e.text:
        return "air-to-air"
    if "Interceptors" in e.text and "attack" in e.text:
        return "interception"
    return last


def _plane(game: Game, name: str) -> str:
    try:
        return game.plane(name).title
    except KeyError:
        return name


def _alt(high: bool) -> str:
    return "High" if high else "Low"


def _mods(game: Game, kind: str, letters: Sequence[str]) -> tuple[str, ...]:
    charts = game.data.charts
    table = charts.air_modifiers if kind == "air" else charts.surface_modifiers
    out = []
    for letter in letters:
        m = table.get(letter)
        if m is None:
            continue
        value = "the plane's Air Modifier" if m.value is None else f"{m.value:+d}"
        word = "Air" if kind == "air" else "Surface"
        out.append(f"{word} ({letter}) {value}: {m.title}")
    return tuple(out)


def _units(game: Game, view: dict[str, Any], seg: str) -> tuple[str, ...]:
    """The units of one segment, the side's own first, then the enemy's as its view shows them."""
    battle = view.get("battle") or {}
    viewer = view["viewer"]
    own = battle.get("own_air", ())
    enemy = battle.get("enemy_air", ())
    out: list[str] = []
    if seg in ("escorts", "bombers", "aa", "bombing"):
        for x in own:
            role = x["role"]
            if not _in_segment(seg, role):
                continue
            p = game.plane(x["plane"])
            what = f"{ROLE_NAMES.get(role, role)}, {_alt(x['high'])}"
            line = f"Yours: Air unit {x['air_unit']}, {x['factors']} {p.title} ({what})"
            if seg in ("escorts", "bombers"):
                bht = "none" if p.air_to_air is None else str(p.air_to_air)
                line += f"; Air-to-Air BHT {bht}, Air Modifier {p.air_modifier:+d}"
            elif seg == "aa":
                line += f"; Air Modifier {p.air_modifier:+d} (to the AA fired at it)"
            else:
                line += f", {WEAPON_TITLES.get(x['weapon'], x['weapon'])}" + _bombing_bhts(game, x)
            out.append(line)
        for x in enemy:
            role = x["role"]
            if not _in_segment(seg, role):
                continue
            kind = _plane(game, x["plane"]) if "plane" in x else "type not seen"
            line = f"Enemy: Air unit {x['air_unit']} group {x['group'] + 1}, {x['factors']} Air Factors "
            line += f"({ROLE_NAMES.get(role, role)}, {_alt(x['high'])}; {kind})"
            if "plane" in x and seg in ("escorts", "bombers"):
                p = game.plane(x["plane"])
                line += f"; Air-to-Air BHT {p.air_to_air if p.air_to_air is not None else 'none'}"
            out.append(line)
    if seg in ("aa", "bombing"):
        mine = view.get(viewer, {})
        for tf in mine.get("task_forces", ()):
            if tf["hex"] == battle.get("hex"):
                aa = sum(game.ship(viewer, t).ship_class.aa for t in tf["ships"])
                out.append(f"Yours: Task Force {tf['number']} ({', '.join(tf['ships'])}): {aa} AA Factors")
        for s in battle.get("enemy_ships", ()):
            out.append("Enemy: " + _ship_title(s))
        if battle.get("enemy_base"):
            out.append("Enemy: the Base unit (and its Ground units)")
    if seg == "bombing":  # IX.K.3.b: the Base's planes shown to the side that picks its losses
        for pick in battle.get("pick", ()):
            held = "; ".join(
                f"{sec.upper()}: " + ", ".join(f"{n} {_plane(game, p)}" for p, n in sorted(planes.items()))
                for sec, planes in sorted(pick["planes"].items())
            )
            base = game.bases[pick["base"]].title if pick["base"] in game.bases else pick["base"]
            out.append(f"You pick {pick['factors']} Air Factor(s) lost on {base}: {held or 'none there'}")
    if seg == "surface":
        mine = view.get(viewer, {})
        for tf in mine.get("task_forces", ()):
            if tf["hex"] == battle.get("hex"):
                for t in tf["ships"]:
                    c = game.ship(viewer, t).ship_class
                    out.append(f"Yours: {t} ({c.type}): Gunnery {c.gunnery}, Torpedo {c.torpedo}, Hit Factor {c.hits}")
        for a in (view.get("surface") or {}).get("enemy_set_up", ()):
            if a["hex"] == battle.get("hex"):
                roles = ", ".join(f"{t}: {ROLE_TITLES.get(r, r)}" for t, r in sorted(a["roles"].items()))
                out.append(f"Enemy set-up: {roles or 'as normal'}; die {a['die']}")
    return tuple(out)


def _in_segment(seg: str, role: str) -> bool:
    """Fighters meet fighters in the first Segment, Interceptors meet Bombers in the second
    (IX.D.2); Bombers alone meet AA and bomb (IX.E-F)."""
    if seg == "escorts":
        return role != "bomber"
    if seg == "bombers":
        return role != "escort"
    return role == "bomber"


def _bombing_bhts(game: Game, x: dict[str, Any]) -> str:
    methods = ("high", "dive") if x["high"] else ("low", "torpedo")
    parts = []
    for method in methods:
        for target, word in (("ship:0", "Ship"), ("base", "Base")):
            b = bombing.bht(game, x["plane"], method, x["weapon"], target)
            if b is not None:
                parts.append(f"{method.title()} on a {word} {b}")
    return "; BHT " + ", ".join(parts) if parts else "; no Bombing BHT with that Weapon"


def _ship_title(s: dict[str, Any]) -> str:
    n = int(str(s["target"]).split(":")[1]) + 1
    text = f"Ship unit {n}"
    if "ship" in s:
        text += f", {s['ship']}"
    if "size" in s:
        text += f" ({s['size']}, the enemy's Task Force {s['task_force']})"  # (not one's own of that number)
    return text


def _segment_mods(game: Game, seg: str, night: bool) -> tuple[str, ...]:
    charts = game.data.charts
    if seg in ("escorts", "bombers"):
        out = _mods(game, "air", ("a", "d"))
        return (*out, "Night now: (a) applies to every Interceptor and Escort") if night else out
    if seg == "aa":
        return (f"AA BHT {charts.surface_bht.get('aa')}", *_mods(game, "surface", ("a", "b")),
                *_mods(game, "air", ("d",)))  # fmt: skip
    if seg == "bombing":
        out = _mods(game, "air", ("b", "c", "e"))
        return (*out, "Night now: (c) applies") if night else out
    if seg == "surface":
        bhts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in charts.surface_bht.items()
                         if k in ("surface_torpedo", "breakthrough", "bombardment"))  # fmt: skip
        return ("Ship-to-Ship BHT: the two sides' dice added", f"BHT {bhts}", *_mods(game, "surface", ("c", "d", "f")))
    if seg == "ground":
        return _mods(game, "surface", ("h",))
    return ()


def _segments(game: Game, view: dict[str, Any] | None, record: BattleRecord | None, step: str) -> list[Segment]:
    rolls: dict[str, list[Roll]] = {}
    notes: dict[str, list[str]] = {}
    last = ""
    for e in record.events if record is not None else ():
        last = _step_of(e, last)
        seg = SEGMENT_OF.get(last, "bombing" if e.kind.endswith("hit") else "escorts")
        r = _roll(e)
        if r is None and e.kind == "roll":
            continue  # (a die the Combat's own line shows: Ground Combat's)
        if r is not None:
            rolls.setdefault(seg, []).append(r)
        else:
            notes.setdefault(seg, []).append(e.text)
    current = SEGMENT_OF.get(step, "")
    night = bool(view and view.get("night"))
    out = []
    for name, title, _steps, rule in SEGMENTS:
        here = name == current
        if not (here or name in rolls or name in notes):
            continue
        units = _units(game, view, name) if view is not None and view.get("battle") else ()
        out.append(Segment(name, title, rule, units, _segment_mods(game, name, night),
                           tuple(rolls.get(name, ())), tuple(notes.get(name, ())), here))  # fmt: skip
    return out


def choices(game: Game, view: dict[str, Any], legal: Sequence[Action]) -> list[Choice]:
    """The side's orders in this step of the Battle, a row for each family of them; and the
    Condition 2 strength of its units in the Battle hex (III.C.2)."""
    battle = view.get("battle") or {}
    hex_ = battle.get("hex")
    viewer = view["viewer"]
    mine = view.get(viewer, {})
    here_tf = {t["number"] for t in mine.get("task_forces", ()) if t["hex"] == hex_}
    here_air = {x["air_unit"] for x in battle.get("own_air", ())}
    families: dict[tuple[Any, ...], list[Action]] = {}
    for a in legal:
        if type(a) not in SETTABLE:
            continue
        if isinstance(a, Announce) and a.number not in (here_tf if a.kind == "tf" else here_air):
            continue
        vary = SETTABLE[type(a)]
        key = (type(a).__name__, *((f.name, getattr(a, f.name)) for f in dataclasses.fields(a) if f.name not in vary))
        families.setdefault(key, []).append(a)
    ships = {s["target"]: s for s in battle.get("enemy_ships", ())}
    # III.C.2: the true strength is where an announcement starts (half to double of it may be said)
    truth = {("tf", t["number"]): len(t["ships"]) for t in mine.get("task_forces", ())}
    truth |= {("air", u["number"]): sum(r["factors"] for r in u["records"]) for u in mine.get("air_units", ())}
    out = []
    for key, options in families.items():
        a = options[0]
        preset = None
        if isinstance(a, Announce):
            preset = next((o for o in options if o.strength == truth.get((a.kind, a.number))), None)  # type: ignore[attr-defined]
        elif isinstance(a, (Arrange, SetDie)):
            preset = _set_up_now(game, view, a, options)
        out.append(Choice("|".join(map(str, key)), _parts(game, a, ships), tuple(options), _rule(a), preset))
    return out


def _set_up_now(game: Game, view: dict[str, Any], a: Action, options: Sequence[Action]) -> Action | None:
    """A set-up row starts where the side's set-up stands: the role it gave the ship, else the
    normal one (IX.G.1.a(1): carriers, transports and tenders Screened, the rest Engaged), and
    the die it set."""
    viewer = view["viewer"]
    kept = next((x for x in view.get(viewer, {}).get("arrangements", ()) if x["hex"] == a.hex), None)  # type: ignore[attr-defined]
    if isinstance(a, SetDie):
        return next((o for o in options if kept and o.die == kept["die"]), None)  # type: ignore[attr-defined]
    assert isinstance(a, Arrange)
    role = (kept or {}).get("roles", {}).get(a.ship)
    if role is None:
        role = "screened" if game.ship(viewer, a.ship).type in NORMALLY_SCREENED else "engaged"
    return next((o for o in options if o.role == role), None)  # type: ignore[attr-defined]


def _rule(a: Action) -> str:
    """The order's rule, as its docstring cites it (without the markup)."""
    doc = " ".join((type(a).__doc__ or "").split()).replace("``", "")
    doc = re.sub(r":class:`(\w+)`", r"\1", doc)
    return f"CV › {doc}" if doc.startswith("Basic") else doc


def _parts(game: Game, a: Action, ships: dict[str, dict[str, Any]]) -> tuple[str, ...]:
    if isinstance(a, Intercept):
        return (f"{_alt(a.high)} Altitude Interceptors attack: against Escorts or Interceptors", "{escorts}",
                "kept for the Bombers", "{bombers}")  # fmt: skip
    if isinstance(a, Conserve):
        return (f"{_alt(a.high)} Altitude fighters expend no Endurance if attacked (Hit Table -6)",)
    if isinstance(a, Attack):
        return (f"Free {_alt(a.high)} Interceptors attack group {a.group + 1} of enemy Air unit {a.air_unit}:",
                "{factors}")  # fmt: skip
    if isinstance(a, Bomb):
        s = ships.get(a.target)
        target = (
            _ship_title(s) if s else {"base": "the Base unit", "ground": "the Ground units"}.get(a.target, a.target)
        )
        return (f"{_plane(game, a.plane)} of Air unit {a.air_unit} ({WEAPON_TITLES.get(a.weapon, a.weapon)}): "
                f"{a.method.title()} Bombing on {target}:", "{factors}")  # fmt: skip
    if isinstance(a, Eliminate):
        return (f"Eliminate {_plane(game, a.plane)} from {a.box} section {a.section.upper()}:", "{factors}")
    if isinstance(a, Arrange):
        return (f"{a.ship} in {a.hex}:", "{role}")
    if isinstance(a, SetDie):
        return (f"Set the die in {a.hex} to", "{die}")
    if isinstance(a, Fire):
        what = {"base": "the Base unit", "ground": "the Ground units"}.get(a.target, a.target)
        factors = "Torpedo" if a.kind == "torpedo" else "Gunnery"
        return (f"{factors} Factors against {what} ({a.kind}):", "{factors}")
    if isinstance(a, Announce):
        what = "Task Force" if a.kind == "tf" else "Air unit"
        return (f"Condition 2: {what} {a.number} is announced as", "{strength}", "strong")
    return (a.describe(),)


def _surface_given(view: dict[str, Any], hex_: str) -> tuple[str, ...]:
    """The side's own Surface Combat set-up and Factors announced in the hex (IX.G.1)."""
    mine = view.get(view["viewer"], {})
    out = []
    for a in mine.get("arrangements", ()):
        if a["hex"] == hex_:
            roles = ", ".join(f"{t}: {ROLE_TITLES.get(r, r)}" for t, r in sorted(a["roles"].items()))
            out.append(f"Set up: {roles or 'as normal'}; die {a['die']}")
    for x in mine.get("allotments", ()):
        if x["hex"] == hex_:
            out.append(f"{x['factors']} {x['kind']} Factor(s) against {x['target']}")
    return tuple(out)


def board_model(
    game: Game, view: dict[str, Any], log: Sequence[Event], legal: Sequence[Action], review: int = -1
) -> Board | None:
    """The board for the side whose ``view`` and ``log`` these are: the Battle being fought, or
    (``review``: an index into the last Battles, newest last) one fought before. None when there
    is none to show."""
    records = battle_records(log)[-KEPT_BATTLES:]
    battle = view.get("battle")
    live = bool(battle) and review < 0
    if live:
        assert battle is not None
        hex_ = battle["hex"]
        record = records[-1] if records and records[-1].hex == hex_ else None
        step = view["step"]
        segs = _segments(game, view, record, step)
        acting = view["viewer"] in view.get("to_act", ())
        found = choices(game, view, legal) if acting else []
        seal = next((a for a in legal if isinstance(a, Done)), None) if acting else None
        title = next((s.title for s in STEPS if s.name == step), step).split(": ", 1)[-1]
        heading = f"Battle in {hex_} · {view['time']}{' (night)' if view.get('night') else ''} · {title}"
        given = tuple(str(o) for o in battle.get("orders", ())) + _surface_given(view, hex_)
        notes: tuple[str, ...] = ()
        if view["viewer"] == UMPIRE:
            notes = ("The umpire sees the orders sealed so far.",)
        elif not acting:
            notes = ("Waiting for the other side.",)
        elif not any(not isinstance(c.options[0], Announce) for c in found):
            more = "more " if given else ""
            notes = (f"You have nothing {more}to order in this step: seal it (Enter).",)
            if found:  # only announcements are offered
                notes += (ANNOUNCE_TOO,)
        return Board(hex_, True, step, STEP_NAMES, tuple(segs), tuple(found), given, seal, heading, notes)
    if not records:
        return None
    record = records[review if 0 <= review < len(records) else -1]
    segs = _segments(game, None, record, "")
    steps_seen = {_step_of(e, "") for e in record.events}
    heading = f"Battle in {record.hex} (fought): its Combats and results"
    return Board(record.hex, False, "", tuple(s for s in STEP_NAMES if s in steps_seen), tuple(segs),
                 heading=heading)  # fmt: skip


# -- the widget -----------------------------------------------------------------------------------------
class CombatBoard(QWidget):
    """The combat board dock's widget (see the module's docstring)."""

    def __init__(self, presenter: Any) -> None:
        super().__init__()
        self.presenter = presenter
        self.game: Game = presenter.game
        self.board: Board | None = None
        self.review = -1
        self._viewer = ""
        self._seen: tuple[Any, ...] = ()
        self._drawn: tuple[Any, ...] = ()
        self.buttons: list[QPushButton] = []
        self.keys: list[QShortcut] = []
        lay = QVBoxLayout(self)
        lay.setAlignment(Qt.AlignmentFlag.AlignTop)
        top = QHBoxLayout()
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        top.addWidget(self.heading, 1)
        self.battles = QComboBox()
        self.battles.setToolTip("The Battle shown: the one being fought, or one of the last fought (CV › Basic IX.A)")
        self.battles.activated.connect(self._battle_chosen)
        # (as wide as what it holds now: the width it had for the last player's Battles is theirs)
        self.battles.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        top.addWidget(self.battles)
        lay.addLayout(top)
        self.strip = QLabel()
        self.strip.setWordWrap(True)
        self.strip.setTextFormat(Qt.TextFormat.RichText)
        self.strip.setToolTip(
            "The Combat Steps of a Battle, in order; the one being fought is lit (CV › Basic IV.E, IX.A.2)"
        )
        lay.addWidget(self.strip)
        body = QHBoxLayout()
        segments = QWidget()
        self.segment_box = QHBoxLayout(segments)
        self.segment_box.setContentsMargins(0, 0, 0, 0)
        # Left, not top: a box aligned to the top keeps its plain size hint, shorter than its
        # wrapped text needs at its width (the text's last lines were cut off).
        self.segment_box.setAlignment(Qt.AlignmentFlag.AlignLeft)
        self.segment_area = QScrollArea()
        self.segment_area.setWidgetResizable(True)
        self.segment_area.setFrameShape(QFrame.Shape.NoFrame)
        self.segment_area.setWidget(segments)
        self.segment_area.setMinimumWidth(SEGMENT_WIDTH)
        body.addWidget(self.segment_area, 1)
        self.choice_group = QGroupBox("Your orders")
        self.choice_group.setToolTip("The orders you give in this step of the Battle (CV › Basic IX.A.2)")
        self.choice_layout = QVBoxLayout(self.choice_group)
        self.choice_area = QScrollArea()
        self.choice_area.setWidgetResizable(True)
        self.choice_area.setFrameShape(QFrame.Shape.NoFrame)
        self.choice_area.setWidget(self.choice_group)
        self.choice_area.setMinimumWidth(CHOICES_WIDTH)
        self.choice_area.setMaximumWidth(CHOICES_WIDTH + 80)
        body.addWidget(self.choice_area)
        lay.addLayout(body, 1)
        self._segment_widgets: list[QWidget] = []

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> bool:
        """Rebuild from the side at the screen; True when a Battle has just begun for it (or a
        step of one), for the dock to come forward."""
        c = self.presenter.controller
        if c.session is None:
            self.show_board(None, [])
            return False
        view = c.view()
        viewer = view["viewer"]
        if viewer != self._viewer:
            self._viewer = viewer
            self.review = -1
        live = c.reviewing is None and viewer != UMPIRE and c.session.outcome() is None
        legal = self.presenter.orders_now() if live else []
        log = c.log()
        board = board_model(self.game, view, log, legal, self.review)
        records = battle_records(log)[-KEPT_BATTLES:]
        drawn = (board, tuple(r.hex for r in records), self.review)
        if drawn != self._drawn:  # (most changes outside a Battle leave the board as it was)
            self._drawn = drawn
            self.show_board(board, records)
        key = (view.get("battle", {}).get("hex"), view["step"], view["time"], viewer)
        fresh = board is not None and board.live and key != self._seen
        self._seen = key if board is not None and board.live else ()
        return fresh

    def _clear(self) -> None:
        for key in self.keys:  # (a row's key goes with it)
            key.setEnabled(False)
            key.setParent(None)
            key.deleteLater()
        self.keys = []
        self.buttons = []
        for w in self._segment_widgets:
            w.hide()
            w.setParent(None)
            w.deleteLater()
        self._segment_widgets = []
        while self.choice_layout.count():
            item = self.choice_layout.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()

    def show_board(self, board: Board | None, records: Sequence[BattleRecord]) -> None:
        self._clear()
        self.board = board
        self.battles.blockSignals(True)
        self.battles.clear()
        if board is not None and board.live:
            self.battles.addItem(f"Now: {board.hex}", -1)
        for i, r in enumerate(records):
            if board is not None and board.live and i == len(records) - 1 and r.hex == board.hex:
                continue  # (the Battle being fought is "Now")
            self.battles.addItem(f"Battle {i + 1}: {r.hex}", i)
        shown = -1 if board is not None and board.live else self.review
        if shown < 0 and not (board is not None and board.live):
            shown = len(records) - 1  # (looking over the last Battle)
        at = self.battles.findData(shown)
        self.battles.setCurrentIndex(max(0, at) if self.battles.count() else -1)
        self.battles.setVisible(self.battles.count() > 0)
        self.battles.blockSignals(False)
        if board is None:
            self.heading.setText("<b>No Battle yet.</b> A Battle is fought in a hex where units of both sides meet "
                                 "(CV › Basic IX.A).")  # fmt: skip
            self.strip.setText("")
            self.choice_area.hide()
            return
        self.heading.setText(f"<b>{html.escape(board.heading)}</b>")
        self.strip.setText(self._strip(board))
        for seg in board.segments:
            self._add_segment(seg)
        self._fill_choices(board)

    def _strip(self, board: Board) -> str:
        parts = []
        for name in board.steps:
            title = html.escape(STEP_SHORT.get(name, name))
            if name == board.step:
                parts.append(
                    f"<span style='background:#f2c94c;color:#1b1b1b;font-weight:bold'>&nbsp;{title}&nbsp;</span>"
                )
            else:
                parts.append(f"<span style='color:#55606b'>{title}</span>")
        return " › ".join(parts)

    def _add_segment(self, seg: Segment) -> None:
        box = QGroupBox(seg.title + (" (being fought)" if seg.current else ""))
        box.setMinimumWidth(SEGMENT_WIDTH)
        box.setMaximumWidth(SEGMENT_WIDTH * 2)
        box.setToolTip(seg.rule)
        lay = QVBoxLayout(box)
        text = QLabel(self._segment_html(seg))
        text.setTextFormat(Qt.TextFormat.RichText)
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text.setToolTip(seg.rule)
        text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        if seg.current:  # the segment being fought, lit as the step is on the strip
            text.setStyleSheet("QLabel { background: #fff6d5; border: 2px solid #c9a227; padding: 4px; }")
        lay.addWidget(text)
        self.segment_box.addWidget(box)
        self._segment_widgets.append(box)
        if seg.current:  # the segment being fought in sight, once laid out
            QTimer.singleShot(0, self, lambda b=box: self._in_sight(b))

    def _in_sight(self, box: QWidget) -> None:
        if box in self._segment_widgets:
            self.segment_area.ensureWidgetVisible(box, 0, 0)
            # From its top, where its units are listed: a box taller than the area would be
            # centred, its first and last lines cut off.
            self.segment_area.verticalScrollBar().setValue(box.y())

    @staticmethod
    def _segment_html(seg: Segment) -> str:
        esc = html.escape
        out = []
        if seg.units:
            out.append("<b>Units</b><br>" + "<br>".join(esc(u) for u in seg.units))
        if seg.modifiers:
            out.append("<b>Hit Table Modifiers</b> (CV › Basic IX.I)<br>" + "<br>".join(esc(m) for m in seg.modifiers))
        if seg.rolls:
            rows = "".join(
                f"<tr><td>{esc(r.who)}</td><td align='right'>{'' if r.factors is None else r.factors}</td>"
                f"<td align='right'>{'' if r.table is None else r.table}</td>"
                f"<td align='center'>{esc(str(r.base or '-'))}</td>"
                f"<td align='center'><b>{'' if r.die is None else r.die}</b></td>"
                f"<td align='right'><b>{'' if r.hits is None else r.hits}</b></td></tr>"
                for r in seg.rolls
            )
            head = ("<tr><th align='left'>Combat</th><th>Factors</th><th>Hit Table</th><th>Base No.</th>"
                    "<th>Die</th><th>Hits</th></tr>")  # fmt: skip
            out.append(f"<b>Combats</b> (CV › Basic IX.C)<table cellspacing='0' cellpadding='2'>{head}{rows}</table>")
        if seg.notes:
            out.append("<br>".join(esc(n) for n in seg.notes))
        return "<br>".join(out) if out else "<i>Nothing fought here yet.</i>"

    def _fill_choices(self, board: Board) -> None:
        show = board.live and bool(board.choices or board.seal or board.notes or board.given)
        self.choice_area.setVisible(show)
        if not show:
            return
        for n in board.notes:
            label = QLabel(n)
            label.setWordWrap(True)
            self.choice_layout.addWidget(label)
        if board.given:
            label = QLabel("Given so far: " + "; ".join(board.given))
            label.setWordWrap(True)
            self.choice_layout.addWidget(label)
        for i, choice in enumerate(board.choices):
            self.choice_layout.addWidget(self._choice_row(choice, i))
        if board.seal is not None:
            seal = QPushButton("Seal these orders (Enter)")
            seal.setToolTip("Seal your orders for this step; the other side learns only that you sealed "
                            "(CV › Basic IX.A.2)")  # fmt: skip
            seal.clicked.connect(lambda _c=False, a=board.seal: self.presenter.controller.submit(a))
            self.choice_layout.addWidget(seal)
            self.seal_button = seal
        self.choice_layout.addStretch(1)

    def _choice_row(self, choice: Choice, index: int) -> QWidget:
        """The order's words over its settings and its button (a number key with Alt gives it)."""
        row = QFrame()
        row.setFrameShape(QFrame.Shape.StyledPanel)
        outer = QVBoxLayout(row)
        outer.setContentsMargins(4, 2, 4, 2)
        outer.setSpacing(2)
        words = QLabel(choice.parts[0])
        words.setWordWrap(True)
        outer.addWidget(words)
        lay = QHBoxLayout()
        outer.addLayout(lay)
        default = choice.default()
        editors: dict[str, QSpinBox | QComboBox] = {}
        for part in choice.parts[1:]:
            if part.startswith("{") and part.endswith("}"):
                name = part[1:-1]
                values = choice.values(name)
                if all(isinstance(v, int) for v in values):
                    spin = QSpinBox()
                    spin.setRange(min(values), max(values))
                    spin.setValue(getattr(default, name))
                    spin.setAccessibleName(name)
                    editors[name] = spin
                    lay.addWidget(spin)
                else:
                    combo = QComboBox()
                    for v in values:
                        combo.addItem(ROLE_TITLES.get(v, str(v)), v)
                    combo.setCurrentIndex(max(0, combo.findData(getattr(default, name))))
                    editors[name] = combo
                    lay.addWidget(combo)
            else:
                lay.addWidget(QLabel(part))
        lay.addStretch(1)
        button = QPushButton(f"Give (Alt+{index + 1})" if index < 9 else "Give")
        if index < 9:
            key = QShortcut(QKeySequence(f"Alt+{index + 1}"), self)
            key.activated.connect(lambda b=button: b.click() if b.isEnabled() else None)
            self.keys.append(key)
        button.setToolTip(f"{choice.rule} (Alt+{index + 1})" if index < 9 else choice.rule)
        button.setProperty("choice", choice.key)
        lay.addWidget(button)

        def current() -> Action | None:
            values = {n: (e.value() if isinstance(e, QSpinBox) else e.currentData()) for n, e in editors.items()}
            return choice.pick(values)

        def update() -> None:
            button.setEnabled(current() is not None)

        for e in editors.values():
            if isinstance(e, QSpinBox):
                e.valueChanged.connect(update)
            else:
                e.currentIndexChanged.connect(update)
        button.clicked.connect(lambda _c=False: self._give(current()))
        update()
        self.buttons.append(button)
        row.setProperty("editors", list(editors))
        row.editors = editors  # type: ignore[attr-defined]
        return row

    def _give(self, action: Action | None) -> None:
        if action is None:
            return
        c = self.presenter.controller
        reason = c.check(action)
        if reason:
            self.presenter.window.statusBar().showMessage(reason, 8000)
            return
        c.submit(action)

    def _battle_chosen(self, index: int) -> None:
        data = self.battles.itemData(index)
        self.review = int(data) if data is not None else -1
        self.refresh()


def attach(presenter: Any, dock: QDockWidget) -> CombatBoard:
    """Give the CV presenter its combat board in ``dock`` (under the map, tabbed with the record
    sheets, a scroll area in it as in the other docks: a small window squeezes it rather than
    growing), that comes forward (and up to nearly half the window) whenever a Battle or one of
    its steps begins, rebuilt at every change. Made when first wanted: a Battle that has begun
    comes forward at once."""
    board = CombatBoard(presenter)
    w = presenter.window
    area = dock.widget()
    assert isinstance(area, QScrollArea)
    area.setWidget(board)
    board.dock = dock  # type: ignore[attr-defined]

    def forward() -> None:
        presenter.bring_forward(dock)
        if dock.height() < w.height() * BATTLE_HEIGHT * 0.8:
            w.resizeDocks([dock], [int(w.height() * BATTLE_HEIGHT)], Qt.Orientation.Vertical)

    def changed() -> None:
        if board.refresh():
            presenter.soon(forward)

    presenter.link(presenter.controller.changed, changed)
    changed()
    return board
