"""What Victory at Midway's counters look like and which holding box each stands in.

Everything here reads one engine view (a side's, or the umpire's after the game) and returns
rows and faces; nothing keeps game state. VaM › The Maps and Holding Boxes lists the boxes:
Task Force / Fleet boxes, each carrier's Ready / Not Ready / Trapped, Midway Airfield with
Not Ready 2, the Ground Defense box, transports TT1–TT4, the Air Strike and Midway Airstrike
holding boxes, Withdrawn Ships, Ditched Aircraft and Destroyed Units.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from midway_desktop.engine.events import UMPIRE
from midway_desktop.games.victory_at_midway.gestures import SEARCH_PIECE
from midway_desktop.ui.counters import CounterFace
from midway_desktop.ui.games.victory_at_midway.boxes import Row
from midway_desktop.ui.symbols import plane_symbol, ship_symbol, unit_symbol
from midway_desktop.values import frozen_value

SIDES = ("us", "japan")
SIDE_NAMES = {"us": "US", "japan": "Japan"}
OFF_MAP = frozenset({"entry", "withdrawn", "sunk", "unplaced"})
TRANSPORTS = ("TT1", "TT2", "TT3", "TT4")
SEARCH_TITLES = {"air": "Air search", "ship": "Ship search"}
SEARCH_SYMBOLS = {"air": "air-search", "ship": "ship-search"}
ORDINALS = {"First": "1st", "Second": "2nd", "Third": "3rd", "Fourth": "4th", "Fifth": "5th", "Sixth": "6th"}
KIND_NAMES = {"F": "fighter", "D": "dive bomber", "T": "torpedo bomber", "H": "heavy bomber", "P": "patrol"}


def is_hex(where: str) -> bool:
    return bool(where) and where not in OFF_MAP and where[:1].isupper() and where[1:].isdigit()


def ship_face(side: str, s: dict[str, Any]) -> CounterFace:
    values = f"{s['aa']}-{s['surface']}"
    return CounterFace(side, s["id"], s["type"], values, reduced=bool(s["reduced"]), symbol=ship_symbol(s["type"]))


def ship_tip(s: dict[str, Any]) -> str:
    state = "reduced" if s["reduced"] else "full strength"
    box = f", in {s['formation']}" if s.get("formation") else ""
    return f"{s['id']} ({s['type']}, {state}): anti-aircraft {s['aa']}, surface {s['surface']}{box}; at {s['where']}"


def plane_face(side: str, a: dict[str, Any]) -> CounterFace:
    short = a["id"].split("-", 1)[-1]
    values = f"{a['air']}-{a['strike']}-{a['range']}"
    return CounterFace(side, short, a["home"], values, reduced=bool(a["reduced"]), symbol=plane_symbol(a["type"]))


def plane_tip(a: dict[str, Any]) -> str:
    kind = KIND_NAMES.get(a["type"], a["type"])
    state = "reduced" if a["reduced"] else "full strength"
    text = (
        f"{a['id']}: {kind} from {a['home']} ({state}); air-to-air {a['air']}, strike {a['strike']}, "
        f"range {a['range']}; based on {a['base']}"
    )
    f = a.get("flight")
    if f:
        text += f"; flying {f['kind']} to {f['target']}" + (f" (wave {f['wave']})" if f.get("wave") else "")
    return text


def unit_face(side: str, unit: str, reduced: bool = False) -> CounterFace:
    """A face from an id alone (the enemy on the battle board: only what was deployed)."""
    if "-" in unit:
        home, short = unit.split("-", 1)
        return CounterFace(side, short, home, "", reduced=reduced, symbol=unit_symbol(unit))
    kind = "".join(ch for ch in unit if ch.isalpha())[:2] or "unit"
    return CounterFace(side, unit, kind, "", reduced=reduced, symbol=unit_symbol(unit))


@frozen_value
class BoxSpec:
    """One holding box: its key, title, how to read its counters, and what a drop on it means."""

    key: str
    title: str
    select: Callable[[dict[str, Any]], list[Row]]
    destinations: tuple[str, ...] = ()
    tip: str = ""
    hide_empty: bool = False


def _ships(side: str, test: Callable[[dict[str, Any]], bool]) -> Callable[[dict[str, Any]], list[Row]]:
    def select(view: dict[str, Any]) -> list[Row]:
        sv = view.get(side) or {}
        return [Row(s["id"], s["id"], ship_face(side, s), ship_tip(s)) for s in sv.get("ships", ()) if test(s)]

    return select


def _planes(side: str, test: Callable[[dict[str, Any]], bool]) -> Callable[[dict[str, Any]], list[Row]]:
    def select(view: dict[str, Any]) -> list[Row]:
        sv = view.get(side) or {}
        return [Row(a["id"], a["id"], plane_face(side, a), plane_tip(a)) for a in sv.get("aircraft", ()) if test(a)]

    return select


def _ground(side: str, where: set[str]) -> Callable[[dict[str, Any]], list[Row]]:
    def select(view: dict[str, Any]) -> list[Row]:
        sv = view.get(side) or {}
        return [
            Row(
                g["id"],
                g["id"],
                CounterFace(side, g["id"], "ground", "", reduced=bool(g["reduced"]), symbol="ground"),
                f"{g['id']}",
            )
            for g in sv.get("ground", ())
            if g["where"] in where
        ]

    return select


def formation_boxes(view: dict[str, Any], side: str) -> list[BoxSpec]:
    """VaM › Task Forces and Fleets: one box per formation; ships outside any box last."""
    sv = view.get(side) or {}
    out = []
    word = "Task Force" if side == "us" else "Fleet"
    for name, where in (sv.get("formations") or {}).items():
        title = f"{name} · {where}" if where and is_hex(where) else f"{name} · not on the map"
        out.append(
            BoxSpec(
                f"fm:{name}",
                title,
                _ships(side, lambda s, n=name: s["formation"] == n and s["where"] not in ("sunk", "withdrawn")),
                (f"formation:{name}",),
                f"{word} holding box: its marker on the map stands for these ships. Drop a ship here to add it.",
            )
        )
    out.append(
        BoxSpec(
            f"fm:{side}:alone",
            "Ships on their own",
            _ships(side, lambda s: not s["formation"] and (is_hex(s["where"]) or s["where"] == "unplaced")),
            ("formation:",),
            "Ships on the map outside any box; drop a ship here to take it out of its box.",
        )
    )
    return out


def air_boxes(view: dict[str, Any], side: str) -> list[BoxSpec]:
    """VaM › Air Operations: each base's Ready, Not Ready (and Midway's Not Ready 2) and Trapped."""
    sv = view.get(side) or {}
    out = []
    for base, info in (sv.get("bases") or {}).items():
        cap = f"capacity {info['capacity']}, aboard {info['aboard']}"

        def here(loc: str, b: str = base) -> Callable[[dict[str, Any]], bool]:
            return lambda a: a["base"] == b and a["where"] == loc

        out.append(
            BoxSpec(
                f"air:{base}:ready",
                f"{base} · Ready ({cap})",
                _planes(side, here("ready")),
                ("ready", f"base:{base}"),
                "Ready aircraft may be sent on strikes, searches or CAP. Drop a Not Ready unit here to prepare it.",
            )
        )
        out.append(
            BoxSpec(
                f"air:{base}:notready",
                f"{base} · Not Ready",
                _planes(side, here("notready")),
                (f"base:{base}",),
                "Aircraft that landed this turn. Drop a returning unit here to land it on this base.",
            )
        )
        if base == "Midway":
            out.append(
                BoxSpec(
                    f"air:{base}:notready2",
                    "Midway · Not Ready 2",
                    _planes(side, here("notready2")),
                    (),
                    "Heavy bombers take two Air Preparation Phases on Midway (VaM › Air Operations).",
                    hide_empty=True,
                )
            )
        out.append(
            BoxSpec(
                f"air:{base}:trapped",
                f"{base} · Trapped",
                _planes(side, here("trapped")),
                (),
                "Aircraft trapped aboard a damaged carrier (VaM › Carrier Damage).",
                hide_empty=True,
            )
        )
    return out


def strike_boxes(view: dict[str, Any], side: str) -> list[BoxSpec]:
    """VaM › Air Strikes: the Midway Airstrike Holding Box and the Air Strike Holding Box. The US
    strikes the Midway base only once Japanese troops are ashore (VaM › Midway Base Strikes): its
    box is there while it is asked to assign them, or has aircraft on one."""
    sv = view.get(side) or {}
    out = []
    on_midway = any((a.get("flight") or {}).get("kind") == "midway" for a in sv.get("aircraft", ()))
    asked = view.get("step") == "midway-strike" and side in view.get("to_act", ())
    if side == "japan" or on_midway or asked:
        out.append(
            BoxSpec(
                "strike:midway" if side == "japan" else f"strike:midway:{side}",
                "Midway Airstrike Holding Box",
                _planes(side, lambda a: a["where"] == "aloft" and (a.get("flight") or {}).get("kind") == "midway"),
                ("midway-strike",),
                "Drop Ready aircraft here to strike the Midway base (VaM › Midway Base Strikes).",
            )
        )
    targets = sorted(
        {
            (f["kind"], f["target"])
            for a in sv.get("aircraft", ())
            if a["where"] == "aloft" and (f := a.get("flight")) and f["kind"] != "midway"
        }
    )
    for kind, target in targets:
        out.append(
            BoxSpec(
                f"strike:{kind}:{target}",
                f"Air Strike Holding Box · {kind} → {target}",
                _planes(
                    side,
                    lambda a, k=kind, t=target: (
                        a["where"] == "aloft"
                        and (a.get("flight") or {}).get("kind") == k
                        and a["flight"]["target"] == t
                    ),
                ),
                (),
                "Aircraft in the air this turn; they come home in the Air Return Phase.",
            )
        )
    return out


def ground_boxes(view: dict[str, Any], side: str) -> list[BoxSpec]:
    """VaM › Invasion: the Ground Defense box on Midway; the Japanese transports TT1–TT4."""
    if side == "us":
        return [
            BoxSpec(
                "ground:defense",
                "Midway · Ground Defense",
                _ground(side, {"Midway"}),
                (),
                "Midway's defenders (VaM › Invasion Combat).",
            )
        ]
    out = [
        BoxSpec(
            f"ground:{tt}",
            f"Transport {tt}",
            _ground(side, {tt}),
            (),
            "Ground units aboard this transport. Drag one to Ashore to land it in the Midway hex.",
        )
        for tt in TRANSPORTS
    ]
    out.append(
        BoxSpec(
            "ground:ashore",
            "Ashore on Midway",
            _ground(side, {"Midway"}),
            ("ashore",),
            "Drop a ground unit here to land it (VaM › Declaring an Invasion).",
        )
    )
    return out


def loss_boxes(view: dict[str, Any], side: str) -> list[BoxSpec]:
    """Withdrawn Ships, Ditched Aircraft, Destroyed Units."""

    def destroyed(v: dict[str, Any]) -> list[Row]:
        return (
            _ships(side, lambda s: s["where"] == "sunk")(v)
            + _planes(side, lambda a: a["where"] == "lost")(v)
            + _ground(side, {"lost"})(v)
        )

    return [
        BoxSpec(
            f"loss:{side}:withdrawn",
            "Withdrawn Ships",
            _ships(side, lambda s: s["where"] == "withdrawn"),
            ("withdrawn",),
            "Ships that left the map or whose entry was forgone. Drop a ship here to withdraw it.",
        ),
        BoxSpec(
            f"loss:{side}:ditched",
            "Ditched Aircraft",
            _planes(side, lambda a: a["where"] == "ditched"),
            ("ditched",),
            "Drop a returning air unit here to ditch it (VaM › Retrieval).",
        ),
        BoxSpec(
            f"loss:{side}:destroyed",
            "Destroyed Units",
            destroyed,
            ("lost",),
            "Sunk ships, lost aircraft and ground units.",
        ),
    ]


# Short titles: the docks share one tabbed stack, and every tab should read whole.
DOCKS: tuple[tuple[str, str, Callable[[dict[str, Any], str], list[BoxSpec]]], ...] = (
    ("formations", "Task Forces / Fleets", formation_boxes),
    ("air", "Air bases", air_boxes),
    ("strikes", "Strikes", strike_boxes),
    ("ground", "Ground", ground_boxes),
    ("losses", "Losses", loss_boxes),
)
# What each dock holds, for its tab's and its menu entry's tooltip.
DOCK_TIPS = {
    "formations": "Task Force or Fleet holding boxes, and ships on their own",
    "air": "Each carrier's and the Midway airfield's Ready, Not Ready and Trapped boxes",
    "strikes": "The Midway Airstrike and Air Strike holding boxes",
    "ground": "The Ground Defense box, the transports and the units ashore",
    "losses": "Withdrawn ships, ditched aircraft and destroyed units",
    "turns": "The Turn Record Track, with the turns groups enter",
}


def dock_title(name: str, side: str) -> str:
    if name == "formations":
        return "Task Forces" if side == "us" else "Fleets"
    return dict((n, t) for n, t, _f in DOCKS)[name]


def sides_shown(view: dict[str, Any]) -> list[str]:
    return [s for s in SIDES if s in view]


def marker_title(name: str) -> str:
    """What fits on a Task Force / Fleet marker: "TF16", "1st" (its box has the full name)."""
    first = name.split()[0]
    return ORDINALS.get(first, name)


def other(side: str) -> str:
    return "japan" if side == "us" else "us"


def search_face(side: str, kind: str, values: str, reduced: bool = False) -> CounterFace:
    """A search marker (VaM › Search): an Air search and a Ship search told apart at a glance,
    each by its name in large print ("Air", "Ship") and its own picture (a plane or a ship in
    the lens), down to the smallest counter (where only the picture is left)."""
    title = SEARCH_TITLES.get(kind, kind).split()[0]
    return CounterFace(side, title, "search", values, reduced=reduced, symbol=SEARCH_SYMBOLS.get(kind, ""))


def map_counters(view: dict[str, Any]) -> dict[str, tuple[str, CounterFace, str]]:
    """Every counter on the viewing side's map, read from its view: piece -> (hex, face, tooltip).
    Task Force / Fleet markers stand for the ships in their boxes (VaM › Stacking); ships outside
    a box stand alone; search, sighting, strike and Battle markers as the rules put them there."""
    wanted: dict[str, tuple[str, CounterFace, str]] = {}
    for side in sides_shown(view):
        sv = view[side]
        tag = "" if view["viewer"] != UMPIRE else f"{SIDE_NAMES[side]}: "
        for name, where in (sv.get("formations") or {}).items():
            if where and is_hex(where):
                n = sum(1 for s in sv["ships"] if s["formation"] == name and s["where"] == where)
                kind = "Task Force" if side == "us" else "Fleet"
                face = CounterFace(side, marker_title(name), kind, f"{n} ships", symbol="task-force")
                wanted[name] = (where, face, f"{tag}{name}: {kind} marker with {n} ships (see its box)")
        for s in sv["ships"]:
            if not s["formation"] and is_hex(s["where"]):
                wanted[s["id"]] = (s["where"], ship_face(side, s), tag + ship_tip(s))
        aloft: dict[str, int] = {}
        for a in sv["aircraft"]:
            f = a.get("flight")
            if a["where"] == "aloft" and f and is_hex(f["target"]):
                aloft[f["target"]] = aloft.get(f["target"], 0) + 1
        for target, n in aloft.items():
            wanted[f"air:{side}:{target}"] = (
                target,
                CounterFace(side, "Strike", "aircraft", f"{n} units", symbol="strike"),
                f"{tag}{n} of your air units fly to {target} this turn",
            )
        for i, srch in enumerate(sv.get("searches", ())):
            kind, where = srch[0], srch[1]
            if is_hex(where):
                wanted[f"search:{side}:{i}"] = (
                    where,
                    search_face("neutral", kind, SIDE_NAMES[side]),
                    f"{tag}{SEARCH_TITLES.get(kind, kind)} in {where}",
                )
        # The umpire sees the searching side's own markers: the enemy's word for them would
        # draw each search twice.
        told = () if len(sides_shown(view)) > 1 else sv.get("enemy_searches", ())
        for i, (kind, where) in enumerate(told):
            if is_hex(where):
                wanted[f"their-search:{side}:{i}"] = (
                    where,
                    search_face(other(side), kind, "enemy", reduced=True),
                    f"{tag}The enemy announced a {kind} search in {where}",
                )
        for i, sight in enumerate(sv.get("sightings", ())):
            if sight["turn"] >= int(view["turn"]) - 1 and is_hex(sight["hex"]):
                what = "Carriers" if sight["carriers"] else "Ships"
                wanted[f"sighted:{side}:{i}"] = (
                    sight["hex"],
                    CounterFace(
                        other(side),
                        what,
                        "sighted",
                        f"T{sight['turn']}",
                        reduced=not sight["current"],
                        symbol="sighted",
                    ),
                    f"{tag}Enemy {what.lower()} sighted in {sight['hex']} on turn {sight['turn']}",
                )
    battle = view.get("battle")
    if battle and is_hex(battle.get("hex", "")):
        wanted["battle"] = (
            battle["hex"],
            CounterFace("neutral", "Battle", "", "", symbol="battle"),
            "A battle is being fought here: see the battle board",
        )
    return wanted


def map_marker_name(piece: str) -> str:
    """What a map counter that no order moves is called (its key is internal)."""
    kind = piece.split(":", 1)[0]
    return {
        "air": "The strike marker",
        "search": "A search marker",
        "their-search": "The enemy's search marker",
        "sighted": "The sighting marker",
        "battle": "The Battle marker",
    }.get(kind, piece)


def boxed_pieces(view: dict[str, Any]) -> set[str]:
    """Every piece some holding box shows."""
    out: set[str] = set()
    for _name, _title, make in DOCKS:
        for side in sides_shown(view):
            for spec in make(view, side):
                out.update(r.piece for r in spec.select(view))
    return out


def entry_rows(view: dict[str, Any], enterable: set[str]) -> list[Row]:
    """VaM › Japanese Setup, Entry of Japanese Units: the piles by entry turn still off the map,
    each labelled with when and where it enters; a pile whose turn has not come is greyed."""
    rows = []
    turn = int(view.get("turn") or 0)
    for e in (view.get("japan") or {}).get("entry", ()):
        ships = list(e.get("waiting", ()))
        if not ships:
            continue
        group = e["group"]
        earliest = e.get("earliest")
        fleet = e.get("fleet", "")
        if earliest is None:
            when = "enters 5 turns after a US carrier is sighted, never before Turn 13"
            short = "waits"
        elif group in enterable:
            when = "may enter now" + (f" (from Turn {earliest})" if earliest < turn else "")
            short = "enter now"
        else:
            when = f"enters Turn {earliest} or later"
            short = f"Turn {earliest}+"
        into = f", into the {fleet} box" if fleet else ""
        dim = group not in enterable
        how = "" if dim else "; drag onto a hex of column A to enter (right-click: one ship at a time)"
        tip = (
            f"Turn {group} group: {e['title']} ({len(ships)} ships: {', '.join(ships)}). "
            f"It {when}, through any hex of column A{into}{how}."
        )
        face = CounterFace("japan", f"Turn {group}", "group", short, reduced=dim, symbol="task-force")
        rows.append(Row(group, f"Turn {group} group · {when}", face, tip, dim=dim))
    return rows


def waiting_ships(view: dict[str, Any]) -> set[str]:
    """The Japanese ships off the map waiting to enter (each in its group's row)."""
    return {s for e in (view.get("japan") or {}).get("entry", ()) for s in e.get("waiting", ())}


def search_row(view: dict[str, Any], piece: str) -> Row:
    """The pile of search markers of one kind, with how many are placed this turn."""
    side = view.get("viewer", "")
    kind = piece[len(SEARCH_PIECE) :]
    placed = sum(1 for s in (view.get(side) or {}).get("searches", ()) if s[0] == kind)
    title = SEARCH_TITLES.get(kind, kind)
    shown = f"{placed} placed" if placed else SIDE_NAMES.get(side, "")
    face = search_face("neutral", kind, shown)
    more = f"{placed} placed this turn; " if placed else ""
    return Row(piece, title, face, f"{title} markers: {more}drag one onto a hex to search it.")
