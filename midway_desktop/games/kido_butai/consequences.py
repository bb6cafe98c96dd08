"""What a choice costs before any die is rolled: the units it loses for certain, and those it
puts at risk. The desktop asks the player before carrying out a choice that loses units.

KB › 3: squadrons oriented west at the start of a turn that have not landed when the phase
ends are destroyed. KB › Clarifications: a unit you destroy yourself is gone (a carrier with
all aboard). KB › Clarifications to 8: after the last turn, every squadron still in the air
rolls for its night landing and is lost on a five or six.
"""

from __future__ import annotations

from midway_desktop.engine.actions import Action
from midway_desktop.games.kido_butai.actions import DESTROY, END, KidoButaiAction
from midway_desktop.games.kido_butai.display import JAPANESE, TURNS, State, Table, aboard, afloat
from midway_desktop.games.kido_butai.forces import Forces
from midway_desktop.games.kido_butai.japanese_phase import carry_out
from midway_desktop.games.kido_butai.orders import must_land_now
from midway_desktop.games.kido_butai.squadrons import IN_THE_AIR, LOST
from midway_desktop.games.kido_butai.wording import listed, named
from midway_desktop.values import frozen_value


@frozen_value
class Cost:
    """Units (squadron ids and carrier names) a choice loses for certain, and squadron ids
    it puts at risk of a die roll."""

    lost: tuple[str, ...] = ()
    at_risk: tuple[str, ...] = ()
    # Why, in a sentence for each (the rule's words).
    reasons: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.lost or self.at_risk)


def cost_of(forces: Forces, state: State, action: Action) -> Cost:
    """What ``action`` loses before any die is rolled, step by step (a list of orders walks
    its steps on a scratch table, as the checks do)."""
    if not isinstance(action, KidoButaiAction):
        return Cost()
    t = Table(state)
    lost: list[str] = []
    risk: list[str] = []
    reasons: list[str] = []
    titles = forces.titles
    for step in action.as_steps():
        verb, names = step[0], step[2:]
        if verb == DESTROY:
            for name in names:
                i = forces.squadron_index.get(name)
                if i is not None:
                    if t.squadrons[i].where != LOST and name not in lost:
                        lost.append(name)
                    continue
                c = forces.carrier_index.get(name)
                if c is None or not afloat(t, c):
                    continue
                crew = [forces.ids[k] for k in aboard(t, name)]
                lost += [name, *crew]
                with_ = f" with {named(crew, titles)} aboard" if crew else ""
                reasons.append(f"Scuttling {titles[name]} sinks it{with_} (KB › Clarifications).")
            own = [n for n in names if forces.squadron_index.get(n) is not None]
            if own:
                reasons.append(f"{named(own, titles)} will be gone for good (KB › Clarifications).")
        elif verb == END and t.stage == JAPANESE:
            late = [forces.ids[i] for i in must_land_now(forces, t)]
            if late:
                lost += late
                verb_ = "was" if len(late) == 1 else "were"
                reasons.append(
                    f"{named(late, titles)} {verb_} oriented west at the start of the turn and can land on no "
                    "carrier this turn: squadrons that do not land are destroyed when the phase ends (KB › 3)."
                )
            if t.turn == TURNS - 1:
                aloft = [
                    forces.ids[i]
                    for i, sq in enumerate(t.squadrons)
                    if sq.where in IN_THE_AIR and forces.ids[i] not in late
                ]
                if aloft:
                    risk += aloft
                    reasons.append(
                        f"This is the last turn: {listed(titles[n] for n in aloft)} must land in the dark "
                        "after it, and each is lost on a 5 or 6 (KB › Clarifications to 8)."
                    )
            break  # luck decides what follows the end of the phase
        if step is not action.as_steps()[-1]:
            carry_out(forces, t, step, None, set())
    return Cost(tuple(lost), tuple(risk), tuple(reasons))
