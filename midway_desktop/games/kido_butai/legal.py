"""Every action the Japanese player may take now, one squadron at a time.

The lists name each squadron singly (a player's drag); the same verb for several squadrons
at once, or an :class:`Orders` list, is legal when its steps are legal in turn. Actions are
made once and reused, so listing them is a handful of comparisons per squadron.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from midway_desktop.engine.actions import Action
from midway_desktop.games.kido_butai.actions import (
    JAPAN,
    Arm,
    AssignBombers,
    Attack,
    Destroy,
    EndPhase,
    Intercept,
    Land,
    Launch,
    Move,
    Ready,
)
from midway_desktop.games.kido_butai.display import (
    INTERCEPT,
    JAPANESE,
    SETUP,
    STRIKE,
    State,
    Strike,
    fleet_members,
    us_afloat,
)
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.squadrons import (
    BOMB,
    CAP,
    CENTRE,
    EAST,
    LOST,
    NE_CORNER,
    SE_CORNER,
    TORPEDO,
    Squadron,
    must_land,
)
from midway_desktop.games.kido_butai.strike import MIDWAY

ATTACK_SE, ATTACK_NE, MUST_LAND = 1, 2, 4
CACHE_SIZE = 20_000


class Catalogue:
    """The single-squadron actions of one set of forces, made once."""

    def __init__(self, forces: Forces) -> None:
        self.forces = forces
        ids = [s.id for s in forces.squadrons]
        carriers = forces.carrier_names
        self.launch_cap = [Launch(JAPAN, (n,), CAP) for n in ids]
        self.launch_centre = [Launch(JAPAN, (n,), CENTRE) for n in ids]
        self.move_se = [Move(JAPAN, (n,), SE_CORNER) for n in ids]
        self.move_ne = [Move(JAPAN, (n,), NE_CORNER) for n in ids]
        self.land = [[Land(JAPAN, (n,), c) for c in carriers] for n in ids]
        self.ready = [{a: Ready(JAPAN, (n,), a) for a in ("", BOMB, TORPEDO)} for n in ids]
        self.arm = [{a: Arm(JAPAN, (n,), a) for a in (BOMB, TORPEDO)} for n in ids]
        self.destroy = [Destroy(JAPAN, (n,)) for n in ids]
        self.scuttle = [Destroy(JAPAN, (c,)) for c in carriers]
        self.attack = {t: Attack(JAPAN, t) for t in (MIDWAY, "fleet-1", "fleet-2")}
        self.end = EndPhase(JAPAN)
        self._cache: dict[tuple[object, ...], tuple[tuple[Action, ...], int]] = {}
        self.capacity = [(c.capacity.full, c.capacity.reduced, 0) for c in forces.japanese]

    def legal(self, state: State) -> Sequence[Action]:
        stage = state.stage
        if stage == JAPANESE:
            return self._japanese_phase(state)
        if stage == SETUP:
            out: list[Action] = [
                self.arm[i][TORPEDO if sq.arm == BOMB else BOMB]
                for i, sq in enumerate(state.squadrons)
                if not self.forces.fighter[i]
            ]
            out.append(self.end)
            return out
        if stage == STRIKE:
            return self._assignments(state)
        if stage == INTERCEPT:
            cap = [self.forces.squadrons[i].id for i, sq in enumerate(state.squadrons) if sq.where == CAP]
            return [Intercept(JAPAN, combo) for k in range(len(cap) + 1) for combo in combinations(cap, k)]
        return []

    def _japanese_phase(self, state: State) -> list[Action]:
        """KB › 3: each squadron that has not acted this turn, what it may do; the attacks at
        the corners (KB › 6); destroying your own units (KB › Clarifications); the end of
        the phase unless a squadron pointing west could still land."""
        forces = self.forces
        turn = state.turn
        decks = state.decks
        wheres = [sq[0] for sq in state.squadrons]
        # The situation shared by all squadrons, as one number: fleet sighted (bit 0), which
        # carriers may still take a squadron aboard (bits 1-4) and which have landed (5-8).
        ctx = 1 if state.reported[0] else 0
        for c, deck in enumerate(decks):
            if (
                deck.hits < 2
                and deck.launched != turn
                and wheres.count(forces.carrier_names[c]) < self.capacity[c][deck.hits]
            ):
                ctx |= 2 << c
            if deck.landed == turn:
                ctx |= 32 << c
        out: list[Action] = []
        flags = 0
        cache = self._cache
        singles = self._singles
        for i, sq in enumerate(state.squadrons):
            key = (i, sq, turn, ctx)
            found = cache.get(key)
            if found is None:
                if len(cache) > CACHE_SIZE:  # a long simulation: start afresh rather than grow
                    cache.clear()
                found = cache[key] = singles(i, sq, turn, ctx)
            out += found[0]
            flags |= found[1]
        if flags & ATTACK_SE:
            out.append(self.attack[MIDWAY])
        if flags & ATTACK_NE:
            if ctx & 1:
                out.append(self.attack["fleet-1"])
            if state.reported[1]:
                out.append(self.attack["fleet-2"])
        out += [self.scuttle[c] for c, deck in enumerate(decks) if deck.hits < 2]
        if not flags & MUST_LAND or not ctx & 30:  # KB › 3: squadrons pointing west must land while they can
            out.append(self.end)
        return out

    def _singles(self, i: int, sq: Squadron, turn: int, ctx: int) -> tuple[tuple[Action, ...], int]:
        """Squadron ``i``'s one-squadron actions in its situation, and flags for the phase."""
        where = sq.where
        if where == LOST:
            return (), 0
        out: list[Action] = [self.destroy[i]]
        if sq.acted == turn:
            return tuple(out), 0
        fighter = self.forces.fighter[i]
        sighted = ctx & 1
        c = self.forces.carrier_index.get(where)
        if c is not None:
            if sq.facing == EAST and not ctx & (32 << c):
                if fighter:
                    out += (self.launch_cap[i], self.launch_centre[i])
                elif sq.arm == BOMB or sighted:
                    out.append(self.launch_centre[i])
            ready = self.ready[i]
            if fighter:
                if sq.facing != EAST:
                    out.append(ready[""])
            else:
                out += [ready[arm] for arm in (BOMB, TORPEDO) if sq.facing != EAST or arm != sq.arm]
            return tuple(out), 0
        if where == SE_CORNER:
            return tuple(out), ATTACK_SE
        if where == NE_CORNER:
            return tuple(out), ATTACK_NE
        if where == CENTRE and sq.facing == EAST:
            if fighter or sq.arm == BOMB:
                out.append(self.move_se[i])
            if sighted and (fighter or sq.arm == TORPEDO):
                out.append(self.move_ne[i])
        out += [land for c, land in enumerate(self.land[i]) if ctx & (2 << c)]
        return tuple(out), MUST_LAND if must_land(sq, turn) else 0

    def _assignments(self, state: State) -> list[Action]:
        pending = state.pending
        if not isinstance(pending, Strike):
            return []
        ships = sum(1 for i in fleet_members(state, pending.fleet) if us_afloat(state, i))
        return [AssignBombers(JAPAN, split) for split in compositions(len(pending.bombers), ships)]


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to share ``total`` bombers among ``parts`` carriers."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total, -1, -1) for rest in compositions(total - first, parts - 1)]
