"""CV's table gestures (``games.cv.gestures``): every drag the desktop offers gives a legal order
of the kind its gesture names, every legal order with a gesture is reachable by one, a drop the
rules refuse is put to them as the order it most likely meant, and the demo game used for
pictures reaches every step with a side to act."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.engine import new_game
from midway_desktop.games.cv.actions import Done, Form, Place, Plot, Ready, Stow, TakeOff
from midway_desktop.games.cv.demo import play_until
from midway_desktop.games.cv.gestures import (
    NEW_AIR_UNIT,
    candidate,
    destinations,
    gesture,
    on_counter,
    order_group,
    order_groups,
    orders_for,
    pieces_with_orders,
    plot_starts,
    plotted,
    stack_piece,
    weapon_piece,
)
from midway_desktop.games.cv.legal import legal_orders, orders_now

STEPS = ("set-up", "plane-ready", "form-air-units", "ship-plotting", "take-off")
_POSITIONS: dict[tuple[str, str], object] = {}


def position(step: str, side: str):  # type: ignore[no-untyped-def]
    """A Short Scenario game at ``step`` with ``side`` to act (its demo orders given)."""
    key = (step, side)
    if key not in _POSITIONS:
        session = new_game("cv", scenario="short", seed=3)
        play_until(session, step, side, orders=False)
        _POSITIONS[key] = session
    return _POSITIONS[key]


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("side", ["american", "japanese"])
def test_every_drop_gives_a_legal_order_of_its_gesture(step: str, side: str) -> None:
    session = position(step, side)
    assert session.state.step == step and side in session.to_act()
    legal = session.legal_actions(side)
    plots = plotted(session.view(side))
    pieces = pieces_with_orders(legal, plots)
    assert pieces, f"nothing to drag in the {step}"
    for piece in sorted(pieces)[:12]:
        for place, action in destinations(legal, piece, plots).items():
            assert session.check(action) is None
            g = gesture(action, plots)
            assert g is not None and g[1] == place
            assert action in orders_for(legal, piece) or piece.startswith("stack:")


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("side", ["american", "japanese"])
def test_the_pieces_and_groups_named_once_a_task_force_are_those_of_each_order(step: str, side: str) -> None:
    """``pieces_with_orders`` and ``order_groups`` name a Task Force's Place orders (thousands at
    set-up) once, not order by order: the same pieces and groups, in the same order, as each
    order's own gesture and group."""
    session = position(step, side)
    legal = session.legal_actions(side)
    plots = plotted(session.view(side))
    each = {g[0] for a in legal if (g := gesture(a, plots)) is not None}
    each |= {
        weapon_piece(a.weapon)
        for a in legal
        if isinstance(a, Ready) and (a.source, a.target) == ("b", "c") and a.weapon
    }
    assert pieces_with_orders(legal, plots) == each
    grouped: dict[str, list[object]] = {}
    for a in legal:
        if order_group(a):
            grouped.setdefault(order_group(a), []).append(a)
    groups = order_groups(legal)
    assert list(groups) == list(grouped) and groups == grouped
    if step == "set-up":  # (each Task Force's list: its Place orders, then its Transfers)
        assert any(isinstance(a, Place) for a in legal)
        for name, orders in groups.items():
            places = [a for a in orders if isinstance(a, Place)]
            assert orders[: len(places)] == places and all(name == f"Task Force {a.task_force}" for a in places)


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("side", ["american", "japanese"])
def test_the_orders_now_are_the_legal_orders_with_place_orders_made_as_read(step: str, side: str) -> None:
    """``orders_now`` (the desktop's list) reads as ``legal_orders`` whole, line by line and
    from the end, and its pieces and groups are those of the full list."""
    session = position(step, side)
    game, state = session.rules.game, session.state
    full = legal_orders(game, state, side)
    now = orders_now(game, state, side)
    assert list(now) == full and len(now) == len(full)
    assert [now[i] for i in range(len(full))] == full and now[-1] == full[-1] and now[3:9] == full[3:9]
    with pytest.raises(IndexError):
        now[len(full)]
    assert (step == "set-up") == bool(now.placing) and all(isinstance(a, Place) for p in now.placing for a in p)
    assert not any(isinstance(a, Place) for a in now.rest)
    plots = plotted(session.view(side))
    assert pieces_with_orders(now, plots) == pieces_with_orders(full, plots)
    groups, expected = order_groups(now), order_groups(full)
    assert list(groups) == list(expected)
    for name, orders in groups.items():
        assert len(orders) == len(expected[name]) and list(orders) == expected[name]
        assert [orders[i] for i in (0, len(orders) - 1)] == [expected[name][0], expected[name][-1]]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_legal_order_with_a_gesture_is_given_by_that_drop_or_a_fuller_one(data: st.DataObject) -> None:
    step = data.draw(st.sampled_from(STEPS))
    side = data.draw(st.sampled_from(["american", "japanese"]))
    session = position(step, side)
    legal = session.legal_actions(side)
    plots = plotted(session.view(side))
    with_gesture = [a for a in legal if gesture(a, plots) is not None]
    if not with_gesture:
        return
    action = data.draw(st.sampled_from(with_gesture))
    piece, place = gesture(action, plots)  # type: ignore[misc]
    stack_weapon = ""
    if piece.startswith("stack:") and isinstance(action, Form):
        stack_weapon = action.weapon
    candidates = [p for p in pieces_with_orders(legal, plots) if p == piece]
    assert candidates, f"{piece} has no drag"
    if isinstance(action, (Ready, Stow)):
        # A stack names its weapon; the drop takes the fullest order out of that stack.
        source = session.view(side)[side]
        return _check_stack_drop(legal, plots, action, source)
    chosen = destinations(legal, piece + stack_weapon if piece.endswith(":") else piece, plots).get(place)
    assert chosen is not None and type(chosen) is type(action)
    if isinstance(action, (Place, Plot, TakeOff)):
        assert chosen == action  # one order for each place


def _check_stack_drop(legal, plots, action, source) -> None:  # type: ignore[no-untyped-def]
    box = next(
        b for b in (*source["task_forces"], *source["bases"]) if (b.get("id") or f"tf{b['number']}") == action.box
    )
    weapons = {s["weapon"] for s in box["planes"][action.source] if s["plane"] == action.plane}
    for weapon in weapons:
        piece = f"stack:{action.box}:{action.source}:{action.plane}:{weapon}"
        chosen = destinations(legal, piece, plots).get(f"sec:{action.box}:{action.target}")
        if chosen is not None:
            assert type(chosen) is type(action) and chosen.factors >= 1
            return
    raise AssertionError(f"no drop gives {action.describe()}")


def test_a_refused_drop_is_put_to_the_rules_as_the_order_it_meant() -> None:
    session = position("set-up", "american")
    view = session.view("american")
    far = "A0101"
    meant = candidate("set-up", "american", "tf1", far, view)
    assert meant == Place("american", 1, far)
    assert "CV › Scenarios" in (session.check(meant) or "")
    # Forming is not a set-up order: the rules say which step it belongs to.
    stack = next(
        iter(p for p in pieces_with_orders(session.legal_actions("american"), {}) if p.startswith("stack:tf1:c"))
    )
    meant = candidate("set-up", "american", stack, "air:3", view)
    assert isinstance(meant, Form) and "Form Air Units Step" in (session.check(meant) or "")
    assert candidate("set-up", "american", stack, NEW_AIR_UNIT, view) is None  # (the box picks the number)


def test_the_demo_reaches_each_step_for_each_side_and_never_gives_an_illegal_order() -> None:
    for step in STEPS:
        for side in ("american", "japanese"):
            session = position(step, side)
            assert session.state.step == step and side in session.to_act()
            assert all(h.action is not None for h in session.history)
    with pytest.raises(ValueError, match="no CV step"):
        play_until(new_game("cv", scenario="short", seed=3), "strike")


def test_planes_of_an_air_unit_dropped_on_another_air_box_regroup_there() -> None:
    """Basic VIII.F: over its own carriers an Air unit may divide; its stack's drop on an
    empty Air Box gives the fullest Regroup of that stack, and a drop that meant one is put to
    the rules as a Regroup."""
    from midway_desktop.games.cv.actions import Regroup
    from midway_desktop.games.cv.gestures import air_stack_piece

    session = new_game("cv", scenario="short", seed=3)
    play_until(session, "take-off", "american", orders=False)
    cap = next(a for a in session.legal_actions("american") if isinstance(a, TakeOff) and a.cap)
    assert session.submit(cap).ok
    legal = session.legal_actions("american")
    unit = next(u for u in session.view("american")["american"]["air_units"] if u["number"] == cap.air_unit)
    r = unit["records"][0]
    piece = air_stack_piece(unit["number"], r["high"], r["plane"], r["weapon"])
    found = destinations(legal, piece)
    regroups = {place: a for place, a in found.items() if isinstance(a, Regroup)}
    assert regroups and all(place == f"air:{a.target}" for place, a in regroups.items())
    have = sum(
        x["factors"]
        for x in unit["records"]
        if (x["plane"], x["weapon"], x["high"]) == (r["plane"], r["weapon"], r["high"])
    )
    assert {a.factors for a in regroups.values()} == {have}  # the whole stack
    meant = candidate("take-off", "american", piece, f"air:{unit['number']}", session.view("american"))
    assert isinstance(meant, Regroup) and "CV › Basic VIII.F" in (session.check(meant) or "")


def test_a_strength_chip_means_an_announcement_and_outside_the_range_the_rule_says_why() -> None:
    from midway_desktop.games.cv.actions import Announce

    session = position("set-up", "american")
    view = session.view("american")
    ships = len(view["american"]["task_forces"][0]["ships"])
    legal = session.legal_actions("american")
    found = destinations(legal, f"strength:{ships}")  # the true number is always within the range
    assert found["announce:tf1"] == Announce("american", "tf", 1, ships)
    meant = candidate("set-up", "american", f"strength:{2 * ships + 1}", "announce:tf1", view)
    assert meant == Announce("american", "tf", 1, 2 * ships + 1)
    assert "CV › Basic III.C.2" in (session.check(meant) or "")
    assert orders_for(legal, f"strength:{ships}") and all(
        isinstance(a, Announce) and a.strength == ships for a in orders_for(legal, f"strength:{ships}")
    )


def _planes_in_b():  # type: ignore[no-untyped-def]
    """The Plane Ready Step of a Short Scenario game where each side stowed Air Factors in B at
    set-up (Set Up III.C.2.d)."""
    session = new_game("cv", scenario="short", seed=3)
    for side in ("american", "japanese"):
        stow = next(
            a for a in session.legal_actions(side) if isinstance(a, Stow) and (a.source, a.target) == ("c", "b")
        )
        session.play(stow)
        session.play(Done(side))
    assert session.state.step == "plane-ready"
    return session


def test_a_weapon_unit_dropped_on_planes_in_b_readies_them_to_c_armed_with_it() -> None:
    """Basic IV.A.1: a Weapon unit put on a B section's Air Factors readies as many as the box
    may to C, armed with it; every such order is one drop, and the rules' words when it is not."""
    session = _planes_in_b()
    for side in ("american", "japanese"):
        legal = session.legal_actions(side)
        armed = [a for a in legal if isinstance(a, Ready) and (a.source, a.target) == ("b", "c") and a.weapon]
        assert armed, side  # (the premise: planes in B that may be readied armed)
        for w in sorted({a.weapon for a in armed}):
            chip = weapon_piece(w)
            found = destinations(legal, chip)
            assert {(a.box, a.plane) for a in armed if a.weapon == w} == {(x.box, x.plane) for x in found.values()}
            for place, action in found.items():
                assert isinstance(action, Ready) and session.check(action) is None and action.weapon == w
                assert place == on_counter(stack_piece(action.box, "b", action.plane, ""))
                most = max(a.factors for a in armed if (a.box, a.plane, a.weapon) == (action.box, action.plane, w))
                assert action.factors == most
            assert chip in pieces_with_orders(legal)
            assert set(orders_for(legal, chip)) == {a for a in armed if a.weapon == w}
    # Out of the Plane Ready Step the same drop is put to the rules, which say why not.
    while session.state.step == "plane-ready":
        session.play(Done(session.to_act()[0]))
    view = session.view("american")
    stack = next(s for t in view["american"]["task_forces"] for s in t["planes"]["b"])
    box = next(f"tf{t['number']}" for t in view["american"]["task_forces"] if stack in t["planes"]["b"])
    place = on_counter(stack_piece(box, "b", stack["plane"], ""))
    meant = candidate(session.state.step, "american", weapon_piece("he"), place, view)
    assert isinstance(meant, Ready) and meant.weapon == "he" and session.check(meant)


@pytest.mark.parametrize("side", ["american", "japanese"])
def test_a_plot_is_taken_back_by_putting_the_task_force_on_a_hex_it_passes_or_on_its_own(side: str) -> None:
    """Basic VI.A.1: a move plotted hex by hex is shortened as on the Plot Map, by putting the
    Task Force back on a hex of its plot (the plot then ends there) or on the hex it stands in
    (no move plotted); every such drop gives the legal order it shows, and the rules' check
    agrees with what a drop of the Task Force there is read as."""
    session = position("ship-plotting", side)
    legal = session.legal_actions(side)
    view = session.view(side)
    starts = plot_starts(view)
    plotting = {p.task_force for p in legal if isinstance(p, Plot) and len(p.path) >= 2}
    n = min(t for t in plotting if Plot(side, t, ()) in legal)
    piece = f"tf{n}"
    path: tuple[str, ...] = ()
    for _ in range(2):  # two hexes on (a Movement Factor's worth), each by the drop offered
        found = destinations(legal, piece, {n: path}, None, starts)
        on = {place: a for place, a in found.items() if a.path[:-1] == path}
        place = sorted(on)[0]
        path = on[place].path
    found = destinations(legal, piece, {n: path}, None, starts)
    for k in range(len(path)):
        back = found[path[k]] if k < len(path) - 1 else None
        if back is not None:  # (the plot's own end is no drop: it is where the plot already is)
            assert isinstance(back, Plot) and back.path == path[: k + 1] and session.check(back) is None
            assert gesture(back, {n: path}, starts) == (piece, path[k])
    stay = found[starts[n]]
    assert isinstance(stay, Plot) and stay.path == () and not (stay.anchor or stay.exit) and session.check(stay) is None
    # A drop the rules are asked about reads the same: back along the plot, or home.
    mine = {**view, side: {**view[side], "plots": [{"task_force": n, "path": list(path)}]}}
    assert candidate("ship-plotting", side, piece, path[0], mine) == Plot(side, n, path[:1])
    assert candidate("ship-plotting", side, piece, starts[n], mine) == Plot(side, n, ())
    # A Task Force that must move (the wind rule) is not offered its own hex: the drop there is
    # put to the rules, which say why.
    for t in sorted(plotting - {a.task_force for a in legal if isinstance(a, Plot) and not a.path}):
        assert starts[t] not in destinations(legal, f"tf{t}", {t: ()}, None, starts)
        meant = candidate("ship-plotting", side, f"tf{t}", starts[t], view)
        assert meant == Plot(side, t, ()) and "Wind Direction" in str(session.check(meant))
