"""Where a CV side believes the enemy's carriers are (``games.cv.belief``): never where they
cannot be, never ruling out where they are, from the side's views alone."""

from __future__ import annotations

from typing import Any

import pytest

from midway_desktop.engine import Rng, Session
from midway_desktop.games.cv.belief import CARRIERS, SEEN, Belief
from midway_desktop.games.cv.doctrine import Doctrine
from midway_desktop.games.cv.rules import CvRules
from tests.games.cv.play import GAME, JP, US

RULES = CvRules(GAME)


def _view(hour: int, step: str = "landing", ships: tuple[dict[str, Any], ...] = (), **mine: Any) -> dict[str, Any]:
    """A bare American view of June 4 at ``hour``: no units of its own unless given."""
    own = {"task_forces": [], "bases": [], "air_units": [], "sightings": [], **mine}
    return {"day": 4, "hour": hour, "step": step, "night": False, "observed": {"ships": list(ships)}, US: own}


def test_the_scenario_tells_where_each_enemy_carrier_starts_or_enters() -> None:
    """Short Scenario (Scenarios II.C): the Kido Butai's four carriers start in entry area (b);
    any other Japanese carrier is in its own force's area, and none is believed in before its
    force's Turn."""
    belief = Belief(GAME, "short", US)
    titles = {f.name for f in belief.forces}
    assert {"Akagi", "Kaga", "Hiryu", "Soryu"} <= titles
    assert all(GAME.ship(JP, t).type in CARRIERS for t in titles)
    belief.look(_view(1, step="set-up"))
    kido = next(f for f in belief.forces if f.name == "Akagi")
    assert set(kido.chance) == set(GAME.area(("entry-b",)))
    assert all(not f.chance for f in belief.forces if f.enters is not None and f.enters > belief.start)


def test_a_carrier_unseen_may_be_anywhere_its_moves_reach_and_nowhere_else() -> None:
    belief = Belief(GAME, "short", US)
    belief.look(_view(1, step="set-up"))
    kido = next(f for f in belief.forces if f.name == "Akagi")
    start = set(kido.chance)
    belief.look(_view(3))  # three Turns' moves: 0100's, 0200's and 0300's (made before its Air steps)
    reach = set().union(*(GAME.board.within(h, 3 * kido.speed) for h in start))
    assert set(kido.chance) == reach
    assert all(p == 1.0 for p in kido.chance.values())  # steaming on at full speed is as likely as lingering


def test_where_the_side_looks_and_sees_nothing_no_carrier_is() -> None:
    belief = Belief(GAME, "short", US)
    belief.look(_view(1, step="set-up"))
    belief.look(_view(2))
    kido = next(f for f in belief.forces if f.name == "Akagi")
    post = sorted(kido.chance)[len(kido.chance) // 2]
    scout = {"number": 5, "where": "map", "hex": post, "records": [{"high": False}]}
    belief.look(_view(2, step="air-move", air_units=[scout]))
    for h in GAME.board.within(post, 2):  # a Low Altitude observer sees ships out to two hexes by day
        assert h not in kido.chance
    assert kido.chance


def test_ships_seen_make_their_hex_likelier_and_a_carrier_named_there_is_there() -> None:
    belief = Belief(GAME, "short", US)
    belief.look(_view(1, step="set-up"))
    belief.look(_view(2))
    kido = next(f for f in belief.forces if f.name == "Akagi")
    somewhere = sorted(kido.chance)[0]
    belief.look(_view(2, step="air-move", ships=({"hex": somewhere, "what": "ships", "ships": 9},)))
    assert kido.chance[somewhere] == 1.0 and min(kido.chance.values()) == pytest.approx(1 / SEEN)
    named = {"hex": somewhere, "what": "ships", "task_forces": [{"number": 1, "ships": ["Akagi", "DD1"]}]}
    belief.look(_view(2, step="take-off", ships=(named,)))
    assert kido.chance == {somewhere: 1.0}
    assert belief.heat()[somewhere] >= 1.0


class Watching:
    """The Doctrine at one side, and a belief of the other side's carriers taken in at every
    decision of the side watching, checked against where they really are."""

    uses_legal = True

    def __init__(self, scenario: str, side: str) -> None:
        self.bot = Doctrine(GAME)
        self.belief = Belief(GAME, scenario, side)
        self.checked = 0
        self.missed: list[tuple[int, str, str]] = []

    def choose(self, session: Session, side: str, legal: list[Any], rng: Rng) -> Any:
        self.belief.look(session.view(side))
        state = session.state
        if state.step != "set-up":
            heat = self.belief.heat()
            for tf in state.task_forces:
                carries = any(GAME.ship(tf.side, t).type in CARRIERS for t in tf.ships)
                if tf.side != side and tf.on_map and tf.hex and carries:
                    self.checked += 1
                    if heat.get(tf.hex, 0.0) <= 0.0:
                        self.missed.append((state.time.index, state.step, tf.hex))
        return self.bot.choose(session, side, legal, rng)


@pytest.mark.parametrize(
    ("scenario", "seed", "side"),
    [("short", 3, US), ("free-set-up-short", 9, JP)],
)
def test_the_enemy_carriers_are_never_ruled_out_where_they_are(scenario: str, seed: int, side: str) -> None:
    """Whole games of the Doctrine against itself: at every decision of the watching side, each
    enemy carrier's real hex is one it believes possible (sightings made part-way through a
    move, Air units' flights, Task Forces parting and meeting included)."""
    session = Session.start(RULES, scenario=scenario, seed=seed)
    enemy = JP if side == US else US
    watching = Watching(scenario, side)
    bots = {side: watching, enemy: Doctrine(GAME)}
    luck = Rng(seed)
    while session.outcome() is None:
        who = session.to_act()[0]
        session.apply_unchecked(bots[who].choose(session, who, session.legal_actions(who), luck))
    assert watching.checked > 500
    assert watching.missed == []
