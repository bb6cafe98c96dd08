"""Set-up placement and the Ship Plotting and Movement Phase (CV › Set Up IV; Basic VI).

The plot is the order: each side marks every Task Force's move in secret (Plot Ship Movement
Step, VI.A.1), and once both have sealed, every Task Force moves exactly as plotted (Ship Unit
Movement Step, VI.A.2). A move enters hexes one after another (VI.B.3), no more of them than the
Movement Factor of the Task Force's slowest ship (VI.B.1, 5). Ships anchor only in the Midway
hex, on a Turn they stay there (VI.I). A late arrival reaches the hex marked for it on the Turn
the scenario sets and moves no further that Turn (VI.F.1); a Task Force may leave the mapboard
from an edge hex, for good (VI.F.2). Air units in a Task Force's CAP Box move with it (VIII.H.2).
"""

from __future__ import annotations

from midway_desktop.engine.events import Event
from midway_desktop.engine.rng import Rng
from midway_desktop.engine.rules import Blocker
from midway_desktop.games.cv import wind
from midway_desktop.games.cv.actions import Done, Place, Plot
from midway_desktop.games.cv.anchorage import establish, held_at_anchor
from midway_desktop.games.cv.game import Game
from midway_desktop.games.cv.observation import sailing_by
from midway_desktop.games.cv.setup import set_up_cells
from midway_desktop.games.cv.state import SIDES, PlottedMove, State, TaskForce, evolve, side_name


def place_refusal(game: Game, state: State, a: Place) -> str | None:
    tf = state.task_force(a.side, a.task_force)
    if tf is None:
        return f"You have no Task Force {a.task_force} (CV › Set Up III.B)."
    cells = set_up_cells(game, tf)
    if a.hex not in cells:
        where = ", ".join(tf.area) or "its set-up hex"
        return f"Task Force {tf.number} sets up in {where}, not {a.hex} (CV › Scenarios; Set Up III.C.1.a, IV)."
    return None


def apply_place(game: Game, state: State, a: Place) -> State:
    tf = state.task_force(a.side, a.task_force)
    assert tf is not None
    if tf.entry is not None:
        return state.with_box(evolve(tf, entry=evolve(tf.entry, hex=a.hex)))
    return state.with_box(evolve(tf, hex=a.hex))


def plot_refusal(game: Game, state: State, a: Plot) -> str | None:
    tf = state.task_force(a.side, a.task_force)
    if tf is None:
        return f"You have no Task Force {a.task_force} (CV › Set Up III.B)."
    why = plotting_refusal(tf)
    if why is not None:
        return why
    return PlotCheck(game, state, tf).refusal(a)


def plotting_refusal(tf: TaskForce) -> str | None:
    """Whether the Task Force is plotted at all this Turn (not gone, not arriving)."""
    if tf.exited:
        return f"Task Force {tf.number} has left the mapboard for good (CV › Basic VI.F.2)."
    if tf.entry is not None:
        return (
            f"Task Force {tf.number} enters the mapboard at {tf.entry.hex} at {tf.entry.time} and moves no further "
            "that Turn (CV › Basic VI.F.1.b-c)."
        )
    return None


class PlotCheck:
    """The refusal of a plot for one Task Force that may be plotted (``plotting_refusal``): what
    does not depend on the path is worked out once (the legal orders list hundreds of paths)."""

    def __init__(self, game: Game, state: State, tf: TaskForce) -> None:
        assert tf.hex is not None
        self.game, self.tf = game, tf
        self.speed = game.movement(tf, state.hits_of(tf.side))
        self.stranded = held_at_anchor(game, tf)
        self.windy = bound_to_wind(game, state, tf, self.speed, self.stranded)

    def refusal(self, a: Plot) -> str | None:
        game, tf = self.game, self.tf
        assert tf.hex is not None
        board = game.board
        here = tf.hex
        for i, h in enumerate(a.path):
            if h not in board:
                return f"{h} is not a hex of the mapboard (CV › Basic VI.B.3)."
            if h not in board.neighbors(here):
                return f"Plot move {i + 1}, {here} to {h}: movement goes hex to hex, skipping none (CV › Basic VI.B.3)."
            here = h
        return self.moved_refusal(a, here)

    def moved_refusal(self, a: Plot, here: str) -> str | None:
        """The rest, for a path already known to go hex to hex on the mapboard, ending at ``here``."""
        game, tf = self.game, self.tf
        assert tf.hex is not None
        if len(a.path) > self.speed:
            return (
                f"Task Force {tf.number} moves at most {self.speed} hex(es) a Turn, the Movement Factor of its slowest "
                "Ship unit (CV › Basic VI.B.1, VI.B.5)."
            )
        if a.anchor and a.exit:
            return "A Task Force cannot both anchor and leave the mapboard (CV › Basic VI.F.2, VI.I.1)."
        if a.anchor and (a.path or tf.hex != game.midway):
            where = f"the Midway hex ({game.midway}), on a Turn they stay there"
            return f"Ships anchor only in {where} (CV › Basic VI.I.1)."
        if a.unload:
            if not a.anchor:
                return "Transports unload only while anchored in the Midway hex (CV › Basic VI.A.3)."
            if not any(n for _t, n in tf.troops):
                return f"Task Force {tf.number} has no Ground Factors aboard its transports (CV › Basic VI.A.3.b)."
        if a.exit and not game.edge(here):
            return f"Ships leave the mapboard only from an edge hex; {here} is not one (CV › Basic VI.F)."
        if self.windy and not wind.into_wind(game, tf.hex, a.path):
            return _wind_reason(game, tf)
        if self.stranded and not a.anchor:
            return (
                f"Task Force {tf.number}'s planes fit aboard only while its Temporary Seaplane Base lasts: they must "
                "fit its tenders' own capacity before it weighs anchor (CV › Basic VI.I.2.b)."
            )
        return None


def _wind_reason(game: Game, tf: TaskForce) -> str:
    assert tf.hex is not None
    low = wind.wind_limit(game, tf)  # (the limit the obligation is checked against)
    ways = ", ".join(sorted(wind.windward(game, tf.hex))) or "none on the mapboard"
    return (
        f"Task Force {tf.number}'s carriers have launched or landed {tf.launched} Air Factor(s) this Turn, more "
        f"than its Minimum Launch Factor {low}: it must move at least one hex into the Wind Direction "
        f"(from {tf.hex}: {ways}; CV › Basic VI.E)."
    )


def done_refusal(game: Game, state: State, a: Done) -> str | None:
    """Basic VI.E: a side seals its plots only when every carrier Task Force that must move into
    the wind has a plot that does (an unplotted Task Force stays where it is)."""
    if state.step != "ship-plotting":
        return None
    bound = wind_bound(game, state, a.side)
    return _wind_reason(game, bound[0]) if bound else None


def wind_blockers(game: Game, state: State, side: str) -> list[Blocker]:
    """Basic VI.E: each carrier Task Force whose plot must still go into the wind before the
    side seals its plots."""
    if state.step != "ship-plotting":
        return []
    return [Blocker(_wind_reason(game, tf), f"tf{tf.number}", tf.hex or "") for tf in wind_bound(game, state, side)]


def bound_to_wind(
    game: Game, state: State, tf: TaskForce, speed: int | None = None, stranded: bool | None = None
) -> bool:
    """Basic VI.E: the Task Force's carriers must move a hex into the Wind Direction this Turn
    and some plot of theirs can. When none can (the wind leads off the mapboard and no hex the
    Task Force reaches has a windward hex on it, or it may not move), the obligation cannot bind
    its plot: it moves as it may, and its carriers then take off and land no more than the
    Minimum Launch Factor, as for carriers that did not move into the wind (Basic VIII.A.3: "no
    take offs may take place from these Aircraft Carriers"; ``air._handling_refusal``). Without
    this a side could never seal its plots."""
    if tf.hex is None or not wind.must_go_into_wind(game, tf):
        return False
    speed = game.movement(tf, state.hits_of(tf.side)) if speed is None else speed
    stranded = held_at_anchor(game, tf) if stranded is None else stranded
    if stranded or speed < 1:
        return False
    # A path goes into the wind if one of its steps does: from any hex reached in fewer moves.
    board, seen, frontier = game.board, {tf.hex}, [tf.hex]
    for move in range(speed):
        if any(wind.windward(game, h) for h in frontier):
            return True
        if move + 1 < speed:
            frontier = [n for h in frontier for n in sorted(board.neighbors(h)) if n not in seen]
            seen.update(frontier)
    return False


def wind_bound(game: Game, state: State, side: str) -> list[TaskForce]:
    """Basic VI.E: the side's carrier Task Forces that must move into the wind and have no plot
    yet (a plot of theirs is accepted only if it goes into the wind). Each one plotted is one
    fewer: the orders that clear the way to sealing."""
    plotted = {p.task_force for p in state.plots_of(side)}
    return [
        tf
        for tf in state.task_forces
        if tf.side == side
        and tf.on_map
        and tf.entry is None
        and tf.number not in plotted
        and plotting_refusal(tf) is None
        and bound_to_wind(game, state, tf)
    ]


def apply_plot(game: Game, state: State, a: Plot) -> State:
    plots = tuple(p for p in state.plots_of(a.side) if p.task_force != a.task_force)
    return state.with_plots(a.side, (*plots, PlottedMove(a.task_force, a.path, a.anchor, a.exit, a.unload)))


def combat_contact(game: Game, state: State, events: list[Event]) -> State:
    """Basic VI.H: Combat Contact when Ship units of both sides enter the same hex as the first
    hex of their moves (they stop there), or end their moves in the same hex; it is told to both.
    Ships in one hex observe each other (Condition 5 by day, 3 at night: Basic III)."""
    plots = {(side, p.task_force): p for side, ps in state.plots for p in ps}
    first: dict[str, set[str]] = {}
    for (side, _n), p in plots.items():
        if p.path:
            first.setdefault(p.path[0], set()).add(side)
    stop = {h for h, sides in first.items() if len(sides) == len(SIDES)}
    if stop:
        cut = {
            k: evolve(p, path=p.path[:1], exit=False) if p.path and p.path[0] in stop else p for k, p in plots.items()
        }
        state = evolve(
            state,
            plots=tuple((side, tuple(cut[(side, p.task_force)] for p in ps)) for side, ps in state.plots),
        )
        plots = cut
    ends: dict[str, set[str]] = {}
    for tf in state.task_forces:
        p = plots.get((tf.side, tf.number))
        if tf.entry is not None:
            end = tf.entry.hex if tf.entry.time == state.time else None
        elif not tf.on_map or (p is not None and p.exit):
            end = None
        else:
            end = p.path[-1] if p is not None and p.path else tf.hex
        if end is not None:
            ends.setdefault(end, set()).add(tf.side)
    contacts = tuple(sorted(h for h, sides in ends.items() if len(sides) == len(SIDES)))
    for h in contacts:
        events.append(Event("contact", f"Combat Contact in {h}: both sides' ships end their moves there.",
                            data={"hex": h}))  # fmt: skip
    return evolve(state, contacts=contacts)


def _stopped(p: PlottedMove) -> PlottedMove:
    """The move cut short at its first hex (the Plot Map is changed to match: VI.H)."""
    return evolve(p, path=p.path[:1], exit=False)


def resolve_movement(game: Game, state: State, events: list[Event], rng: Rng | None = None) -> State:
    """Basic VI.A.2: every Task Force moves exactly as plotted (unless Combat Contact stops it,
    VI.H), shadowing units with the ships they shadow (VI.G); late arrivals reach their hexes;
    sightings are made hex by hex (III.A)."""
    from midway_desktop.games.cv.shadowing import fly_shadows, resolve_shadowing

    state, air_shadows = resolve_shadowing(game, state, events, rng)
    state = combat_contact(game, state, events)
    state = sailing_by(game, state, events)
    for side in SIDES:
        plots = {p.task_force: p for p in state.plots_of(side)}
        lines = []
        for tf in [t for t in state.task_forces if t.side == side]:
            moved = _moved(game, state, tf, plots.get(tf.number))
            if moved is not tf:
                state = state.with_box(moved)
                if moved.exited:
                    lines.append(f"Task Force {tf.number} leaves the mapboard")
                elif moved.entered == state.time:
                    lines.append(f"Task Force {tf.number} enters the mapboard at {moved.hex}")
                elif moved.hex != tf.hex:
                    lines.append(f"Task Force {tf.number} moves to {moved.hex}")
                elif moved.anchored != tf.anchored:
                    lines.append(f"Task Force {tf.number} {'anchors' if moved.anchored else 'weighs anchor'}")
            plot = plots.get(tf.number)
            if plot is not None and plot.exit:
                state = _leave_cap(state, tf, plot.path[-1] if plot.path else tf.hex)
            elif plot is not None and plot.path:
                state = _carry_cap(state, tf, len(plot.path))
        if lines:
            events.append(Event("ship-movement", "; ".join(lines) + ".", (side,), {"side": side}))
    state = fly_shadows(game, state, air_shadows, events)
    state = establish(game, state, events)
    return evolve(state, plots=tuple((side, tuple(p for p in ps if p.unload)) for side, ps in state.plots))


def unload_troops(game: Game, state: State, events: list[Event]) -> State:
    """Basic VI.A.3: each transport (AP) anchored in the Midway hex whose Task Force plotted the
    unloading lands one Ground Factor this Turn, until it has none left aboard."""
    for side, plots in state.plots:
        for plot in plots:
            tf = state.task_force(side, plot.task_force)
            if tf is None or not tf.anchored or tf.hex != game.midway:
                continue
            troops = tuple((t, n - 1 if n else 0) for t, n in tf.troops)
            landed = sum(1 for _t, n in tf.troops if n)
            if landed:
                state = evolve(state.with_box(evolve(tf, troops=troops)), ashore=state.ashore + landed)
                events.append(
                    Event("unloading", f"Task Force {tf.number} lands {landed} Ground Factor(s) on Midway.", (side,),
                          {"side": side})
                )  # fmt: skip
    return evolve(state, plots=())


def _moved(game: Game, state: State, tf: TaskForce, plot: PlottedMove | None) -> TaskForce:
    tf = evolve(tf, into_wind=False) if tf.into_wind else tf  # each Turn's move counts anew (VI.E)
    if tf.entry is not None:
        if tf.entry.time == state.time:
            return evolve(tf, hex=tf.entry.hex, entry=None, entered=state.time)
        return tf
    if plot is None or tf.exited:
        return tf
    if plot.exit:
        return evolve(tf, hex=None, exited=True, anchored=False)
    assert tf.hex is not None
    windward = wind.into_wind(game, tf.hex, plot.path)
    return evolve(tf, hex=plot.path[-1] if plot.path else tf.hex, anchored=plot.anchor, into_wind=windward)


def _carry_cap(state: State, tf: TaskForce, hexes: int) -> State:
    """Basic VIII.H.2: the Air units in its CAP Box move with the Task Force; they may move that
    much less in the Air Unit Movement Phase."""
    for unit in state.air_units:
        if unit.side == tf.side and unit.where == "cap" and unit.box == tf.id:
            state = state.with_air_unit(evolve(unit, carried=unit.carried + hexes))
    return state


def _leave_cap(state: State, tf: TaskForce, last: str | None) -> State:
    """A Task Force leaving the mapboard leaves its CAP Box's Air units flying over the edge hex
    it left from (they fly on by themselves: VIII.H.2 keeps them with it only over the mapboard)."""
    for unit in state.air_units:
        if unit.side == tf.side and unit.where == "cap" and unit.box == tf.id:
            state = state.with_air_unit(evolve(unit, where="map", hex=last, box="", arrived=state.time))
    return state


def unplotted(state: State, side: str) -> list[int]:
    """Task Forces on the mapboard with no plot this Turn (they stay where they are)."""
    plotted = {p.task_force for p in state.plots_of(side)}
    return [tf.number for tf in state.task_forces if tf.side == side and tf.on_map and tf.number not in plotted]


__all__ = ["apply_place", "apply_plot", "place_refusal", "plot_refusal", "resolve_movement", "side_name"]
