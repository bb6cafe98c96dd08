"""NagumoBot: a Japanese commander that plays a whole Japanese phase in one or two orders.

Its doctrine follows the Example Game's opening and the lessons of its end:

- five bombers with bombs and two Zeros strike Midway at 0430; five torpedo bombers wait;
- attack whatever has reached its target;
- land squadrons that must land, on carriers that need not launch, within capacity;
- keep two fighters on CAP from 0630, relieving them from another carrier as they land;
- bomb Midway until a US fleet is reported, then arm torpedoes and strike the fleet;
- launch strikes only while they can be home by 1930, and bring loiterers home late.

It reads the state directly: in Kido Butai the player knows everything the state holds
(the cups' contents by count; no order of undrawn counters exists to peek at).
"""

from __future__ import annotations

from midway_desktop.engine.actions import Action
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.session import Session
from midway_desktop.games.kido_butai.actions import (
    ARM,
    ATTACK,
    END,
    JAPAN,
    LAND,
    LAUNCH,
    MOVE,
    READY,
    AssignBombers,
    Intercept,
    Orders,
    Step,
)
from midway_desktop.games.kido_butai.display import (
    INTERCEPT,
    JAPANESE,
    SETUP,
    STRIKE,
    TURNS,
    State,
    Strike,
    fleet_members,
    fleet_split,
    us_afloat,
)
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.squadrons import (
    BOMB,
    CAP,
    CENTRE,
    EAST,
    GONE,
    LOST,
    NE_CORNER,
    SE_CORNER,
    TORPEDO,
    WEST,
)

LAST = TURNS - 1
CAP_WANTED = 2
ESCORTS = 2
CAP_FROM = 2  # the first turn an American attack can come (KB › 5)


# Where a squadron is, as the planner reads it: a carrier's position in Forces.japanese (0 up),
# or one of these boxes.
_AT_CAP, _AT_CENTRE, _AT_SE, _AT_NE, _AT_LOST = -1, -2, -3, -4, -5

# Orders are remembered for the early turns, where bot games keep meeting the same
# positions (later ones are rarely met twice, so remembering them would only cost memory).
CACHE_TURNS = 6
CACHE_SIZE = 20_000  # a long simulation starts afresh rather than grow


class NagumoBot:
    """A sensible Japanese player (not random). One ``Orders`` per phase where it can.

    Its orders follow from the position alone, so it remembers those of the early turns:
    many games pass through the same early positions, and a position met again gets the
    same orders without working them out anew.
    """

    uses_legal = False  # it works its orders out from the state; the runner need not list actions

    def __init__(self, forces: Forces) -> None:
        self.forces = forces
        self.capacity = forces.deck_room
        ids = forces.ids
        bombers = [i for i, s in enumerate(forces.squadrons) if not s.is_fighter]
        # The Example Game's split: five bombers with bombs for Midway, five with torpedoes
        # in reserve (each carrier's last bomber, and both of Hiryu's).
        by_carrier: dict[str, list[int]] = {}
        for i in bombers:
            by_carrier.setdefault(forces.squadrons[i].home, []).append(i)
        torpedo = [b[-1] for b in by_carrier.values()]
        spare = [b[-2] for b in by_carrier.values() if len(b) == 2]
        torpedo += spare[len(spare) // 2 :]
        self.setup_steps: tuple[Step, ...] = (
            (ARM, TORPEDO, *(ids[i] for i in sorted(torpedo))),
            (END, ""),
        )
        self._torpedo = frozenset(sorted(torpedo))
        self._place = {name: c for c, name in enumerate(forces.carrier_names)}
        self._place.update({CAP: _AT_CAP, CENTRE: _AT_CENTRE, SE_CORNER: _AT_SE, NE_CORNER: _AT_NE, LOST: _AT_LOST})
        self._orders: dict[tuple[object, ...], Orders] = {}

    def choose(self, session: Session, side: str, legal: list[Action], rng: Rng) -> Action:
        state: State = session.state
        stage = state.stage
        if stage == JAPANESE:
            if state.turn >= CACHE_TURNS:
                return _orders(self._plan(state, self._fleet_target(state)))
            key = (
                state.squadrons,
                state.decks,
                state.turn,
                state.midway_hits < 2,
                state.reported,
                state.us_fleet,
                state.us_hits,
                state.variant.superior_damage_control,
            )
            orders = self._orders.get(key)
            if orders is None:
                orders = _orders(self._plan(state, self._fleet_target(state)))
                self._remember(key, orders)
            return orders
        if stage == SETUP:
            # The set-up needs no luck, so the first turn's orders can follow it at once.
            key = (SETUP, state)
            orders = self._orders.get(key)
            if orders is None:
                armed = self._armed(state)
                orders = Orders(JAPAN, (*self.setup_steps, *self._plan(armed, self._fleet_target(armed))))
                self._remember(key, orders)
            return orders
        if stage == INTERCEPT:
            return self._intercept(state)
        if stage == STRIKE:
            return self._assign(state)
        return _orders(self._plan(state, self._fleet_target(state)))

    def _remember(self, key: tuple[object, ...], orders: Orders) -> None:
        if len(self._orders) >= CACHE_SIZE:
            self._orders.clear()
        self._orders[key] = orders

    def _armed(self, state: State) -> State:
        """The position after the bot's set-up steps (for planning the first turn with it)."""
        torpedo = self._torpedo
        squadrons = tuple(sq._replace(arm=TORPEDO) if i in torpedo else sq for i, sq in enumerate(state.squadrons))
        return state._replace(squadrons=squadrons, stage=JAPANESE)

    # -- decisions inside combat ------------------------------------------------------------
    def _intercept(self, state: State) -> Action:
        """Meet torpedo bombers with the CAP, but keep one full-height squadron back when
        there are two, so that a dive-bomber attack next turn still meets a CAP."""
        ids = self.forces.ids
        turn = state.turn
        low: list[int] = []
        full: list[int] = []
        for i, sq in enumerate(state.squadrons):
            if sq[0] == CAP:
                (low if turn - sq[4] <= 1 else full).append(i)
        chosen = low + (full[:-1] if len(full) >= 2 else full)
        return Intercept(JAPAN, tuple(ids[i] for i in sorted(chosen)))

    def _assign(self, state: State) -> Action:
        """Most damaged carrier first, enough bombers to sink it (about two per hit needed)."""
        pending = state.pending
        assert isinstance(pending, Strike)
        ships = [i for i in fleet_members(state, pending.fleet) if us_afloat(state, i)]
        sink = state.variant.hits_to_sink_us
        order = sorted(range(len(ships)), key=lambda k: sink - state.us_hits[ships[k]])
        counts = [0] * len(ships)
        left = len(pending.bombers)
        for k in order:
            give = min(left, 2 * (sink - state.us_hits[ships[k]]))
            counts[k] = give
            left -= give
        counts[order[0]] += left
        return AssignBombers(JAPAN, tuple(counts))

    # -- the Japanese phase -----------------------------------------------------------------
    def _fleet_target(self, state: State) -> str:
        """The reported fleet to strike: '' if none is worth flying to."""
        reported = state.reported
        if not reported[0]:
            return ""
        us_fleet = state.us_fleet
        if not any(us_fleet):
            return "fleet-1"
        sink = 3 if state.variant.superior_damage_control else 2
        us_hits = state.us_hits
        for fleet, name in ((1, "fleet-1"), (2, "fleet-2")):
            if reported[fleet - 1]:
                for f, hits in zip(us_fleet, us_hits):  # one of its carriers afloat (no generator: asked every phase)
                    if f == fleet and hits < sink:
                        return name
        return ""

    def _plan(self, state: State, fleet_target: str) -> tuple[Step, ...]:
        """A whole Japanese phase: attacks, landings, readying, moves, launches, and the end.

        An attack that may ask where its bombers go (KB › 6.b) must be the last order, so
        then the orders are that attack alone; the rest follows once it is resolved.

        The lists gather squadron names, not positions: the orders name them, so each is
        looked up once, as it is met.
        """
        ids = self.forces.ids
        fighter = self.forces.fighter
        place = self._place
        turn = state.turn
        decks = state.decks
        midway_up = state.midway_hits < 2
        strikes_on = turn <= LAST - 3  # launched now, home by the last turn
        late = turn >= LAST - 1  # too late to fly on to a target and back
        # What the bombers aboard with bombs / with torpedoes should do: launch (1), be
        # turned to torpedoes (2) or wait (0).
        bomb_job = 1 if strikes_on and midway_up else 2 if fleet_target and not midway_up else 0
        torpedo_job = 1 if strikes_on and fleet_target else 0

        to_se: list[str] = []
        to_ne: list[str] = []
        landers: list[str] = []
        optional: list[str] = []
        idle_fighters: list[str] = []
        launch: list[list[str]] = [[], [], [], []] if len(decks) == 4 else [[] for _ in decks]
        ready_fighters: list[tuple[int, str]] = []
        ready_plain: list[str] = []
        ready_new: list[str] = []
        rearm: list[str] = []
        aboard = [0] * len(decks)
        cap_up = 0
        at_se = at_ne = ne_bombers = False
        i = -1
        for sq in state.squadrons:
            i += 1
            if sq is GONE:
                continue
            where, facing, arm, acted, _low = sq
            c = place[where]
            if c >= 0:  # aboard carrier c
                aboard[c] += 1
                if acted == turn:
                    continue
                if facing != EAST:
                    (ready_plain if fighter[i] else ready_new).append(ids[i])
                elif fighter[i]:
                    ready_fighters.append((c, ids[i]))
                else:
                    job = bomb_job if arm == BOMB else torpedo_job
                    if job == 1:
                        launch[c].append(ids[i])
                    elif job == 2:
                        rearm.append(ids[i])
            elif acted == turn or c == _AT_LOST:
                continue
            elif c == _AT_CAP:
                if turn - acted >= 3:  # pointing west since the turn began: must land
                    landers.append(ids[i])
                else:
                    cap_up += 1
            elif c == _AT_CENTRE:
                if facing == WEST:  # back from a target since before this turn: must land
                    landers.append(ids[i])
                elif late:
                    optional.append(ids[i])
                elif fighter[i]:
                    idle_fighters.append(ids[i])
                elif arm == BOMB and midway_up:
                    to_se.append(ids[i])
                elif arm == TORPEDO and fleet_target:
                    to_ne.append(ids[i])
                else:
                    optional.append(ids[i])
            elif c == _AT_SE:
                at_se = True
            else:
                at_ne = True
                ne_bombers = ne_bombers or not fighter[i]

        steps: list[Step] = []
        if at_se:
            steps.append((ATTACK, "midway"))
        if at_ne:
            target = fleet_target or ("fleet-2" if state.reported[1] else "fleet-1")
            steps.append((ATTACK, target))
            if ne_bombers and _may_need_assignment(state, target):
                return tuple(steps)

        if idle_fighters:  # escorts fly on with the bombers they launched with
            (to_se if to_se else to_ne if to_ne else optional).extend(idle_fighters)
        cap_needed = (CAP_WANTED - cap_up if cap_up < CAP_WANTED else 0) if turn >= CAP_FROM else 0
        launching = any(launch)
        cap_from: list[list[str]] | None = None
        if ready_fighters and (cap_needed or launching):
            escorts = ESCORTS if launching else 0
            cap_from = [[], [], [], []] if len(decks) == 4 else [[] for _ in decks]
            for c, name in ready_fighters:
                if cap_needed:
                    cap_from[c].append(name)
                    cap_needed -= 1
                elif escorts:
                    launch[c].append(name)
                    escorts -= 1
        c = -1
        for deck in decks:
            c += 1
            if deck[2] == turn:  # landed: KB › 3, a carrier that took squadrons aboard does not launch
                launch[c] = []
                if cap_from:
                    cap_from[c] = []

        if landers or optional:
            # Landing comes first (KB › 3: squadrons pointing west must land); prefer decks
            # with nothing to launch and the most room. A carrier that lands does not launch.
            capacity = self.capacity
            keyed: list[tuple[bool, int, int]] = []  # (busy, -room, carrier): the order to try them in
            room: dict[int, int] = {}
            c = -1
            for deck in decks:
                c += 1
                hits = deck[0]
                if hits < 2 and deck[1] != turn:
                    left = room[c] = capacity[c][hits] - aboard[c]
                    keyed.append((bool(launch[c] or (cap_from and cap_from[c])), -left, c))
            keyed.sort()
            landing: dict[int, list[str]] = {}
            for group, take_launchers in ((landers, True), (optional, False)):
                for name in group:
                    for busy, _, c in keyed:
                        if room[c] > 0 and (take_launchers or c in landing or not busy):
                            if c in landing:
                                landing[c].append(name)
                            else:
                                landing[c] = [name]
                            room[c] -= 1
                            break
            names = self.forces.carrier_names
            for c, group in landing.items():
                launch[c] = []
                if cap_from:
                    cap_from[c] = []
                steps.append((LAND, names[c], *group))
        if ready_plain:
            steps.append((READY, "", *ready_plain))
        if ready_new:
            steps.append((READY, TORPEDO if fleet_target or not midway_up else BOMB, *ready_new))
        if rearm:
            steps.append((READY, TORPEDO, *rearm))
        if to_se:
            steps.append((MOVE, SE_CORNER, *to_se))
        if to_ne:
            steps.append((MOVE, NE_CORNER, *to_ne))
        if any(launch):
            steps.append((LAUNCH, CENTRE, *[name for group in launch for name in group]))
        if cap_from and any(cap_from):
            steps.append((LAUNCH, CAP, *[name for group in cap_from for name in group]))
        steps.append((END, ""))
        return tuple(steps)


def _orders(steps: tuple[Step, ...]) -> Orders:
    """``Orders(JAPAN, steps)`` without the frozen ``__init__``'s per-field ``object.__setattr__``
    (the same value; a bot game gives a dozen). Written item by item: cheaper than
    ``__dict__.update`` with keywords, or than a dict of its own set with ``object.__setattr__``."""
    orders = _new(Orders)
    fields = orders.__dict__
    fields["side"] = JAPAN
    fields["steps"] = steps
    return orders


_new = object.__new__


def _may_need_assignment(state: State, target: str) -> bool:
    """Whether a torpedo strike on ``target`` may meet more than one US carrier and so ask
    where its bombers go (KB › 6.b): before the fleet pool is drawn, or with two afloat."""
    if not fleet_split(state):
        return True
    fleet = 1 if target == "fleet-1" else 2
    return sum(us_afloat(state, k) for k in fleet_members(state, fleet)) > 1
