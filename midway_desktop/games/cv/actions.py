"""CV's orders: small frozen values, each given in its own step of the Sequence of Play.

Boxes are named as in :mod:`state` (``tf3``, ``midway``); Air units by their Air Box number.
"""

from __future__ import annotations

from typing import ClassVar

from midway_desktop.engine.actions import Action, action
from midway_desktop.games.cv.state import SECTION_TITLES, UNORGANIZED

WEAPON_TITLES = {"": "unarmed", "he": "HE Bombs", "ap": "AP Bombs", "t": "Torpedoes"}


def unit_name(number: int) -> str:
    """A Task Force by its box number, or (above 100) an Unorganized Ship unit (Basic VI.D)."""
    return f"Unorganized Ship unit {number}" if number > UNORGANIZED else f"Task Force {number}"


def box_name(box: str) -> str:
    """A box as the player calls it: ``tf3`` is Task Force 3, ``johnston`` Johnston (the desktop
    names a Base by its full title from the game's data)."""
    if box.startswith("tf") and box[2:].isdigit():
        return unit_name(int(box[2:]))
    return box.replace("-", " ").title()


def _plane(name: str) -> str:
    return name.replace("-", " ").title()


@action
class Done(Action):
    """Seal this step's orders (simultaneous steps), or end this part of the side's move."""

    type_name: ClassVar[str] = "done"

    def describe(self) -> str:
        return "done"


@action
class Place(Action):
    """Set Up IV: mark a Task Force's starting (or entry) hex on the Plot Map."""

    task_force: int
    hex: str
    type_name: ClassVar[str] = "place"

    def describe(self) -> str:
        return f"Task Force {self.task_force} set up in {self.hex}"


@action
class Ready(Action):
    """Basic IV.A.1: move Air Factors from one section of a box to another (B to C, A to B, or C
    back to B), arming them with ``weapon`` as they enter C."""

    box: str
    plane: str
    factors: int
    source: str
    target: str
    weapon: str = ""
    type_name: ClassVar[str] = "ready"

    def describe(self) -> str:
        armed = f", {WEAPON_TITLES.get(self.weapon, self.weapon)}" if self.weapon else ""
        return (
            f"{self.factors} {_plane(self.plane)} in {box_name(self.box)}: {self.source.upper()} to "
            f"{SECTION_TITLES.get(self.target, self.target)}{armed}"
        )


@action
class Stow(Action):
    """Set Up III.C.2.d: at set-up, place Air Factors in the A, B or C section of their box, those
    in C armed with ``weapon`` (any Weapon unit they carry comes off outside C)."""

    box: str
    plane: str
    factors: int
    source: str
    target: str
    weapon: str = ""
    type_name: ClassVar[str] = "stow"

    def describe(self) -> str:
        armed = f", {WEAPON_TITLES.get(self.weapon, self.weapon)}" if self.weapon else ""
        where = f"in {box_name(self.box)} set up in section {self.target.upper()}"
        return f"{self.factors} {_plane(self.plane)} {where}{armed}"


@action
class Form(Action):
    """Basic IV.A.2: move Air Factors from a box's C section into an Air Box, to take off."""

    box: str
    air_unit: int
    plane: str
    factors: int
    weapon: str = ""
    type_name: ClassVar[str] = "form"

    def describe(self) -> str:
        armed = f" ({WEAPON_TITLES.get(self.weapon, self.weapon)})" if self.weapon else ""
        return f"{self.factors} {_plane(self.plane)}{armed} from {box_name(self.box)} into Air unit {self.air_unit}"


@action
class Plot(Action):
    """Basic VI.A.1: a Task Force's move marked on the Plot Map (the hexes it enters in order);
    ``anchor`` to anchor (or stay anchored) in the Midway hex; ``exit`` to leave the mapboard
    from the edge hex where it ends; ``unload`` (anchored at Midway) to land troops (VI.A.3)."""

    task_force: int
    path: tuple[str, ...] = ()
    anchor: bool = False
    exit: bool = False
    unload: bool = False
    type_name: ClassVar[str] = "plot"

    def describe(self) -> str:
        move = " - ".join(self.path) if self.path else "stays"
        extra = ", anchors" if self.anchor else ", exits the mapboard" if self.exit else ""
        landing = ", unloads troops" if self.unload else ""
        return f"{unit_name(self.task_force)}: {move}{extra}{landing}"


@action
class Transfer(Action):
    """Basic VI.C: Task Force reorganization: ``ships`` leave Task Force ``source`` for Task Force
    ``target`` in the same hex (an unused box number starts a new Task Force there), with the
    planes ``(section, plane, weapon, factors)`` that go with them."""

    source: int
    target: int
    ships: tuple[str, ...]
    planes: tuple[tuple[str, str, str, int], ...] = ()
    type_name: ClassVar[str] = "transfer"

    def describe(self) -> str:
        with_planes = f" with {sum(p[3] for p in self.planes)} Air Factor(s)" if self.planes else ""
        return f"{', '.join(self.ships)}{with_planes} from {unit_name(self.source)} to {unit_name(self.target)}"


@action
class Land(Action):
    """Basic VIII.A.1: an Air unit flies to ``box``'s hex and its planes (of one type, or all)
    land in the box's A section; at an off-board base, from one of its Air Entry Hexes."""

    air_unit: int
    box: str
    plane: str = ""
    type_name: ClassVar[str] = "land"

    def describe(self) -> str:
        what = _plane(self.plane) if self.plane else "all planes"
        return f"Air unit {self.air_unit} lands ({what}) at {box_name(self.box)}"


@action
class MoveAir(Action):
    """Basic VIII.A.2: an Air unit flies to ``to`` (within the Movement Factor of its slowest
    plane); with ``cap``, it ends in that friendly box's CAP Box (Basic VIII.H.2)."""

    air_unit: int
    to: str
    cap: str = ""
    type_name: ClassVar[str] = "move-air"

    def describe(self) -> str:
        over = f", CAP over {box_name(self.cap)}" if self.cap else ""
        return f"Air unit {self.air_unit} to {self.to}{over}"


@action
class TakeOff(Action):
    """Basic VIII.A.3: a new Air unit takes off from its box and flies to ``to``."""

    air_unit: int
    to: str
    cap: str = ""
    type_name: ClassVar[str] = "take-off"

    def describe(self) -> str:
        over = f", CAP over {box_name(self.cap)}" if self.cap else ""
        if not self.to:  # (Basic VIII.G: from an off-board base, in flight until it enters the map)
            return f"Air unit {self.air_unit} takes off, in flight to the mapboard{over}"
        return f"Air unit {self.air_unit} takes off to {self.to}{over}"


@action
class Altitude(Action):
    """Basic VIII.D.2: move an Air unit's planes of one type to its High or Low section."""

    air_unit: int
    plane: str
    high: bool
    type_name: ClassVar[str] = "altitude"

    def describe(self) -> str:
        return f"Air unit {self.air_unit}: {_plane(self.plane)} to {'High' if self.high else 'Low'} Altitude"


@action
class Regroup(Action):
    """Basic VIII.F: move Air Factors of one plane type (with that Weapon unit and altitude) from
    one Air unit to another in the same hex, or into an empty Air Box as a new Air unit."""

    source: int
    target: int
    plane: str
    factors: int
    weapon: str = ""
    high: bool = False
    type_name: ClassVar[str] = "regroup"

    def describe(self) -> str:
        return f"{self.factors} {_plane(self.plane)} from Air unit {self.source} to Air unit {self.target}"


@action
class Announce(Action):
    """Basic III.C.2: the strength to announce for a Task Force (``"tf"``) or Air unit (``"air"``)
    whenever the enemy observes it at Condition 2 (kept within half to double the truth)."""

    kind: str
    number: int
    strength: int
    type_name: ClassVar[str] = "announce"

    def describe(self) -> str:
        what = "Task Force" if self.kind == "tf" else "Air unit"
        return f"{what} {self.number} is announced as {self.strength} strong"


@action
class EnterMap(Action):
    """Basic VIII.G.1: an Air unit from an off-board base is placed in one of its Air Entry Hexes."""

    air_unit: int
    hex: str
    type_name: ClassVar[str] = "enter-map"

    def describe(self) -> str:
        return f"Air unit {self.air_unit} enters the mapboard at {self.hex}"


ROLE_TITLES = {"engaged": "Engaged", "torpedo": "Engaged, for Surface Torpedo Combat", "screened": "Screened",
               "bombard": "Screened, to Bombard"}  # fmt: skip


@action
class Arrange(Action):
    """Basic IX.G.1.a: in the secret set-up, a Ship unit in the Battle at ``hex`` is Engaged,
    Engaged with a Torpedo unit, Screened, or Screened to Bombard Midway."""

    hex: str
    ship: str
    role: str
    type_name: ClassVar[str] = "arrange"

    def describe(self) -> str:
        return f"{self.ship} in {self.hex}: {ROLE_TITLES.get(self.role, self.role)}"


@action
class SetDie(Action):
    """Basic IX.G.1.a(4): the die secretly set with the Ship units (the two make the BHT)."""

    hex: str
    die: int
    type_name: ClassVar[str] = "set-die"

    def describe(self) -> str:
        return f"the die in {self.hex} set to {self.die}"


@action
class Fire(Action):
    """Basic IX.A.3, IX.G.1.b(2): ``factors`` announced against ``target`` (an enemy Ship unit's
    title, or ``base`` / ``ground`` for a Bombardment) in this segment's Combat (``kind``)."""

    hex: str
    kind: str
    target: str
    factors: int
    type_name: ClassVar[str] = "fire"

    def describe(self) -> str:
        what = {"base": "the Base unit", "ground": "the Ground units"}.get(self.target, self.target)
        factors = "Torpedo" if self.kind == "torpedo" else "Gunnery"
        return f"{self.factors} {factors} Factor(s) against {what} in {self.hex} ({self.kind})"


def _alt(high: bool) -> str:
    return "High" if high else "Low"


@action
class Intercept(Action):
    """Basic IX.D.1.c, IX.D.2.a: the side's Interceptors at one altitude of the Battle hex
    attack: ``escorts`` Air Factors against the enemy's Escorts (or Interceptors), ``bombers``
    kept for his Bombers in the second Segment."""

    high: bool
    escorts: int
    bombers: int = 0
    type_name: ClassVar[str] = "intercept"

    def describe(self) -> str:
        alt = _alt(self.high)
        return f"{alt} Altitude Interceptors attack: {self.escorts} against Escorts, {self.bombers} for Bombers"


@action
class Conserve(Action):
    """Basic VIII.E.4.a(3): the side's Interceptors and Escorts at one altitude expend no
    Endurance Factor if attacked (their Air-to-Air BHT then -6, Air Hit Table Modifier a)."""

    high: bool
    type_name: ClassVar[str] = "conserve"

    def describe(self) -> str:
        return f"{_alt(self.high)} Altitude fighters expend no Endurance if attacked"


@action
class Attack(Action):
    """Basic IX.D (Interceptor-to-Bomber Segment): ``factors`` free Interceptor Air Factors at
    one altitude attack one group of enemy Bombers: the ``group``-th plane group of Air unit
    ``air_unit`` at that altitude (groups as Basic III.E.3 sorts them)."""

    high: bool
    air_unit: int
    group: int
    factors: int
    type_name: ClassVar[str] = "attack"

    def describe(self) -> str:
        return f"{self.factors} Interceptor(s) attack group {self.group + 1} of enemy Air unit {self.air_unit}"


@action
class Bomb(Action):
    """Basic IX.E.2, IX.F: ``factors`` armed Air Factors of one line of an Air unit announce
    Bombing Combat (``method``: high, low, dive or torpedo) against ``target``: ``ship:<n>``
    (the n-th enemy Ship unit of the hex as Basic III.E.2 shows it), ``base`` or ``ground``."""

    air_unit: int
    plane: str
    weapon: str
    high: bool
    method: str
    target: str
    factors: int
    type_name: ClassVar[str] = "bomb"

    def describe(self) -> str:
        what = f"Ship unit {int(self.target[5:]) + 1}" if self.target.startswith("ship:") else self.target
        return (
            f"{self.factors} {_plane(self.plane)} of Air unit {self.air_unit} ({WEAPON_TITLES.get(self.weapon)}): "
            f"{self.method.title()} Bombing on {what}"
        )


@action
class Jettison(Action):
    """Basic VIII.H.4: an Air unit's planes of one type discard their Weapon units."""

    air_unit: int
    plane: str
    type_name: ClassVar[str] = "jettison"

    def describe(self) -> str:
        return f"Air unit {self.air_unit}: {_plane(self.plane)} jettison their Weapon units"


@action
class AirAttack(Action):
    """Basic VIII.I.1: in the Normal Air Unit Movement Step of the side moving first, its
    Interceptors at one altitude already in ``hex`` with enemy planes attack instead of moving:
    an Air-to-Air Combat resolved at once (``escorts`` and ``bombers`` as in :class:`Intercept`;
    the Interceptors that get through attack group ``group`` of enemy Air unit ``air_unit``)."""

    hex: str
    high: bool
    escorts: int
    bombers: int = 0
    air_unit: int = 0
    group: int = 0
    type_name: ClassVar[str] = "air-attack"

    def describe(self) -> str:
        on = f", then Bombers of Air unit {self.air_unit} (group {self.group + 1})" if self.air_unit else ""
        return f"Interceptors in {self.hex} attack at {_alt(self.high)} Altitude: {self.escorts} against Escorts{on}"


@action
class InterceptPassing(Action):
    """Basic VIII.I.2: the side not moving answers for its Interceptors at one altitude in
    ``hex``, where enemy Air unit ``air_unit`` has stopped as it flies through: they attack it,
    ``escorts`` Air Factors against its Escorts (or Interceptors) and ``bombers`` kept for its
    Bombers (as in :class:`Intercept`); those that get through attack its ``group``-th group of
    Bombers at that altitude."""

    hex: str
    air_unit: int
    high: bool
    escorts: int
    bombers: int = 0
    group: int = 0
    type_name: ClassVar[str] = "intercept-passing"

    def describe(self) -> str:
        # the numbers first: the Orders list shows the start of a long line
        return (
            f"{_alt(self.high)}: {self.escorts} on Escorts, {self.bombers} on Bombers group {self.group + 1} "
            f"(Interceptors attack enemy Air unit {self.air_unit} flying through {self.hex})"
        )


@action
class LetPass(Action):
    """Basic VIII.I.2: the side not moving lets enemy Air unit ``air_unit`` fly on through
    ``hex`` without (further) attack by its Interceptors there."""

    hex: str
    air_unit: int
    type_name: ClassVar[str] = "let-pass"

    def describe(self) -> str:
        return f"Let enemy Air unit {self.air_unit} fly on through {self.hex}"


@action
class Eliminate(Action):
    """Basic IX.K.3.b: the side that picks them names Air Factors a Base loses for its Hits:
    ``factors`` of ``plane`` from section ``section`` of Base Box ``box``."""

    box: str
    section: str
    plane: str
    factors: int
    type_name: ClassVar[str] = "eliminate"

    def describe(self) -> str:
        return f"{self.factors} {_plane(self.plane)} in {box_name(self.box)} section {self.section.upper()} eliminated"


@action
class Shadow(Action):
    """Basic VI.G: ``unit`` (a Task Force ``tf3`` or an Air unit ``air5``) shadows the enemy ships
    it observes in ``hex``, keeping its distance (``keep``), closing in (``close``) or hanging
    back (``far``); ``hex`` empty withdraws the order."""

    unit: str
    hex: str
    stance: str = "keep"
    type_name: ClassVar[str] = "shadow"

    def describe(self) -> str:
        who = f"Air unit {self.unit[3:]}" if self.unit.startswith("air") else f"Task Force {self.unit[2:]}"
        if not self.hex:
            return f"{who} shadows nothing"
        how = {"keep": "keeping its distance", "close": "closing in", "far": "hanging back"}.get(self.stance, "")
        return f"{who} shadows the enemy ships at {self.hex}, {how}"


ACTION_TYPES: tuple[type[Action], ...] = (
    Done, Place, Stow, Ready, Form, Plot, Transfer, Land, MoveAir, TakeOff, Altitude, Regroup, EnterMap, Announce,
    Arrange, SetDie, Fire,
    Intercept, Conserve, Attack, Bomb, Jettison, AirAttack, Eliminate, Shadow, InterceptPassing, LetPass,
)  # fmt: skip
