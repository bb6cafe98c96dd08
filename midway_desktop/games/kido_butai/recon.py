"""KB › 4 The Mutual Reconnaissance Phase."""

from __future__ import annotations

from midway_desktop.engine.rng import Rng
from midway_desktop.games.kido_butai.display import ROLL, State, Table, second_fleet_exists
from midway_desktop.games.kido_butai.luck import die as one_die
from midway_desktop.games.kido_butai.luck import roll

US_FINDS = 5  # KB › 4: on a five or six the Japanese fleet has been found
JAPAN_FINDS = 6  # KB › 4: on a six an American fleet is reported


def fleet_to_find(state: State | Table) -> int:
    """Which US fleet Japanese reconnaissance is looking for: 1, 2, or 0 for none.

    KB › 4: suspended once a fleet is reported, until an attack shows that a second US
    fleet exists; then it resumes until that fleet is found too.
    """
    if not state.reported[0]:
        return 1
    if second_fleet_exists(state) and not state.reported[1]:
        return 2
    return 0


def reconnaissance(t: Table, rng: Rng) -> None:
    """KB › 4: a die for the Americans (5–6 finds Kido Butai for the rest of the game), then
    one for the Japanese (6 reports a US fleet); a side with nothing left to find rolls none."""
    fleet = fleet_to_find(t)  # the American die cannot change it
    japanese_die = 0
    if not t.found:
        if fleet:  # both dice at once, in the same order
            die, japanese_die = roll(rng, 2)
        else:
            die = one_die(rng)
        t.tell((ROLL, ("American reconnaissance (5-6 finds Kido Butai)", [die])))
        if die >= US_FINDS:
            t.found = True
            t.tell(("Kido Butai has been found by the Americans.", ()))
            t.fact("found", True)
    if fleet:
        die = japanese_die or one_die(rng)
        t.tell((ROLL, ("Japanese reconnaissance (6 reports a US fleet)", [die])))
        if die >= JAPAN_FINDS:
            t.reported = (True, t.reported[1]) if fleet == 1 else (True, True)
            t.tell(("An American fleet is reported." if fleet == 1 else "The second US fleet is reported.", ()))
            t.fact("reported", fleet)
