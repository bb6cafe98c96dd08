"""CV at the desktop, a whole Turn cycle played through the window by both sides at one screen
(issue 24's proof): in the Short Scenario, from first light, each side readies planes (B to C),
forms an Air unit, plots its Task Force's move into the wind on the Plot Map, launches the Air
unit onto the map; next Turn moves it onto the enemy's carriers, where both Battles are fought
on the combat board; the Turn after lands it. Every order is a drag, a drop or a button of the
window; the curtain comes down at every change of side.

After every order and at every handover: the screen holds nothing hidden of the other side (no
scene item, no row of any dock's model, no text, tooltip or title: ``cv_driver.check_own_screen``);
the curtain is the same picture at every handover to a side, whatever was done behind it; and
twice, the map as drawn and every text of the window are those of a fresh window that has only
ever shown the side at the screen."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QSpinBox

from midway_desktop.games.cv.actions import Bomb, Ready
from midway_desktop.games.cv.gestures import NEW_AIR_UNIT, weapon_piece
from midway_desktop.games.cv.sequence import PRIVATE
from midway_desktop.games.cv.state import other
from midway_desktop.games.cv.wind import windward
from midway_desktop.ui.main_window import MainWindow
from midway_desktop.ui.pickers import half_of
from tests.ui.cv_driver import (
    TF,
    answer_count,
    board_choice,
    box_with,
    check_own_screen,
    click,
    curtain_picture,
    drag_counter,
    drop_in_box,
    drop_on_map,
    lift,
    same_as_a_window_that_only_ever_showed,
    seal,
    short_scenario_at_first_light,
    task_force_hex,
    window_on,
)
from tests.ui.helpers import drop_events

SIDES = ("american", "japanese")
# The Air Unit Initiative of each Turn (American die, Japanese die: Basic VII) from 0100 to 0400,
# then 0500, 0600 (with the two Battles' AA and Bombing) and 0700.
BEFORE = [4, 3] * 4
DICE = [*BEFORE, 3, 5, 5, 2, 6, 6, 1, 1, 2, 4]


class Handovers:
    """The curtain at every change of side: the same picture for a side every time."""

    def __init__(self, w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
        self.w, self.qtbot = w, qtbot
        self.pictures: dict[str, object] = {}
        self.count = 0

    def __call__(self, expected: str | None = None) -> str:
        """The next side at the screen: behind the curtain if the side changes, else the same."""
        w = self.w
        if not w.curtain.down and expected is not None and w.controller.viewer == expected:
            return expected  # (the same side goes on: no handover)
        side = w.curtain.side
        assert w.curtain.down and (expected is None or side == expected), (side, expected)
        assert w.controller.viewer == side  # behind the curtain the window is already the next side's
        assert not w.act_undo.isEnabled() and w.cell_label.text() == "" and not w.statusBar().currentMessage()
        check_own_screen(w)
        assert not w.scene.selectedItems()  # no counter picked by the last player (each side has an air1)
        picture = curtain_picture(w)
        assert picture == self.pictures.setdefault(side, picture), f"the curtain for the {side} shows something"
        counters = {k: (i.label, i.face) for k, i in w.scene.counters.items()}
        assert lift(w, self.qtbot) == side
        # The curtain lifts on what was checked behind it (nothing is drawn again).
        assert {k: (i.label, i.face) for k, i in w.scene.counters.items()} == counters
        assert w.presenter.view["viewer"] == side
        self.count += 1
        return side


def at_step(w: MainWindow) -> str:
    """The step the side at the screen gives its orders in (a side gone on from a sealed step the
    other is still in is ahead of the game's)."""
    return str(w.controller.view()["step"])


def in_turn(w: MainWindow) -> tuple[str, str]:
    """The sides in the order they play the simultaneous step now: first the side at the screen
    (or the one the curtain is down for), which goes on while it is still asked, then the other."""
    first = w.curtain.side if w.curtain.down else w.controller.viewer
    return first, other(first)


def step(w: MainWindow) -> str:
    return w.controller.session.state.step


def piece_in(w: MainWindow, key: str, plane: str) -> str:
    return next(pc for pc in w.presenter.box_models[key].pieces() if pc.split(":")[3] == plane)


def plot_into_the_wind(w: MainWindow) -> str:
    """Drag the side's Task Force one hex into the Wind Direction on the Plot Map (Basic VI.E:
    its carriers launch or land more than the Minimum Launch Factor this Turn)."""
    side = w.controller.viewer
    p = w.presenter
    n = TF[side]
    here = task_force_hex(w, side)
    lit = p.legal_moves(w.scene.counters[f"tf{n}"]).cells
    into = sorted(set(windward(p.game, here)) & set(lit))
    assert into, f"{side}'s Task Force {n} may move into the wind from {here}"
    drag_counter(w, f"tf{n}", into[0])
    assert p.plot.drawn[n][0] == (into[0],)  # drawn on the sheet, one hex on
    assert w.scene.counters[f"tf{n}"].label == here  # plotted, not moved
    check_own_screen(w)
    return into[0]


def test_both_sides_play_a_whole_turn_cycle_through_the_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    session = short_scenario_at_first_light(DICE)
    w = window_on(qtbot, session)
    turn = Handovers(w, qtbot)
    p = w.presenter
    game = p.game

    # == 0500: Plane Ready, Form Air Units, Plot Ship Movement, in secret: each side plays the
    # three at one sitting (nothing is told between them), the American first.
    assert (step(w), session.state.time.hour) == ("plane-ready", 5)
    readied = {"american": "wildcat", "japanese": "kate"}
    bombers = {"american": "dauntless", "japanese": "val"}
    for side in in_turn(w):
        turn(side)
        n = TF[side]
        assert at_step(w) == "plane-ready"
        before = w.controller.session.state
        drop_in_box(w, piece_in(w, f"tf{n}:b", readied[side]), f"sec:tf{n}:c")  # B to C (Basic IV.A.1)
        assert w.controller.session.state != before
        box = w.controller.view()[side]["task_forces"]
        box = next(t for t in box if t["number"] == n)
        assert [s for s in box["planes"]["c"] if s["plane"] == readied[side] and s["fresh"]]
        assert any(pc.split(":")[3] == readied[side] for pc in p.box_models[f"tf{n}:c"].pieces())
        assert not p.box_models[f"tf{n}:b"].pieces()
        check_own_screen(w)
        seal(w, qtbot)
        assert at_step(w) == "form-air-units" and not w.curtain.down  # the same side goes on
        drop_in_box(w, piece_in(w, f"tf{TF[side]}:c", bombers[side]), NEW_AIR_UNIT)
        units = w.controller.view()[side]["air_units"]
        assert [(u["number"], u["where"]) for u in units] == [(1, "forming")]
        assert {r["plane"] for r in units[0]["records"]} == {bombers[side]}
        assert box_with(w, "air1") and p.air_sheet.rowCount() == len(units[0]["records"])
        check_own_screen(w)
        seal(w, qtbot)
        assert at_step(w) == "ship-plotting" and not w.curtain.down
        assert p.plot.shown and not p.plot.drawn.get(TF[side], ((), 0))[0]  # a clean sheet: no plot of the other's
        plot_into_the_wind(w)
        seal(w, qtbot)
    # Ships have moved; each side in its initiative order lands (nothing), moves (nothing) and
    # launches its Air unit onto the map.
    movers = session.state.initiative
    assert step(w) == "landing" and set(movers) == set(SIDES)
    taken: dict[str, str] = {}
    for side in movers:
        turn(side)
        seal(w, qtbot)
        assert step(w) == "air-move" and not w.curtain.down
        seal(w, qtbot)
        assert step(w) == "take-off" and not w.curtain.down
        own, enemy = task_force_hex(w, side), task_force_hex(w, other(side))
        hexes = [d for d in p._dests("air1") if ":" not in d]
        # Beside its carriers, as far from the enemy's as it can, in no hex of the other's Air unit.
        near = [h for h in hexes if game.board.distance(h, own) == 1 and h not in taken.values()]
        to = max(sorted(near), key=lambda h: game.board.distance(h, enemy))
        drop_on_map(w, "air1", to)
        unit = w.controller.view()[side]["air_units"][0]
        assert (unit["where"], unit["hex"]) == ("map", to) and w.scene.counters["air1"].label == to
        taken[side] = to
        check_own_screen(w)
        seal(w, qtbot)

    # == 0600: nothing to ready, form or plot; each Air unit flies onto the enemy's carriers.
    assert (step(w), session.state.time.hour) == ("plane-ready", 6)
    for side in in_turn(w):
        turn(side)
        for name in PRIVATE:
            assert at_step(w) == name
            seal(w, qtbot)
    targets = {}
    for side in session.state.initiative:
        turn(side)
        seal(w, qtbot)
        assert step(w) == "air-move"
        target = task_force_hex(w, other(side))
        assert target in p.legal_moves(w.scene.counters["air1"]).cells  # the hex lights up
        drag_counter(w, "air1", target)
        assert w.controller.view()[side]["air_units"][0]["hex"] == target == w.scene.counters["air1"].label
        targets[side] = target
        check_own_screen(w)
        seal(w, qtbot)
        assert step(w) == "take-off"
        seal(w, qtbot)

    # == The Combat Phase: a Battle over each side's carriers, fought on the combat board.
    assert session.state.battle and set(session.state.battles) | {session.state.battle} == set(targets.values())
    fought: dict[str, Bomb] = {}
    fresh_look = False
    while session.state.battle:
        side = turn() if w.curtain.down else w.controller.viewer
        board = p.combat_board
        assert board.board is not None and board.board.live and board.board.hex == session.state.battle
        assert board.dock.isVisible()  # the board has come forward
        if not fresh_look and side == "american":
            same_as_a_window_that_only_ever_showed(w, qtbot)
            fresh_look = True
        index, bomb = board_choice(w, Bomb)
        if bomb is not None:
            # (a side going on from its last step has not had the curtain's lift lay the board out)
            qtbot.waitUntil(lambda b=board.buttons[index]: b.height() > 0, timeout=5000)
            assert board.board.hex == targets[side]  # the attacker over the enemy's carriers
            row = board.buttons[index].parentWidget()
            spin = next(e for e in row.findChildren(QSpinBox) if e.accessibleName() == "factors")
            spin.setValue(spin.maximum() - (1 if side == "american" else 0))  # the American holds one back
            chosen = bomb.pick({"factors": spin.value()})
            click(qtbot, board.buttons[index])
            given = [o for o in session.state.orders if isinstance(o, Bomb) and o.side == side]
            assert given == [chosen] and chosen.describe() in p.combat_board.board.given
            fought[side] = chosen
            check_own_screen(w)
        click(qtbot, p.combat_board.seal_button)
    assert set(fought) == set(SIDES), "each side bombed the other's carriers from the board"
    assert fought["american"].factors == 11
    assert fresh_look

    # == 0700: each side plots into the wind again, and its Air unit lands on its carriers.
    assert (step(w), session.state.time.hour) == ("plane-ready", 7)
    for side in in_turn(w):
        turn(side)
        seal(w, qtbot)
        seal(w, qtbot)
        assert at_step(w) == "ship-plotting"
        plot_into_the_wind(w)
        seal(w, qtbot)
    for side in session.state.initiative:
        turn(side)
        assert step(w) == "landing"
        n = TF[side]
        unit = w.controller.view()[side]["air_units"][0]
        landing = sum(r["factors"] for r in unit["records"])
        if side == "american":
            drag_counter(w, "air1", task_force_hex(w, side))  # onto its carriers on the map
        else:
            drop_in_box(w, "air1", f"land:tf{n}")  # into its Task Force Box's A section
        assert not w.controller.view()[side]["air_units"] and "air1" not in w.scene.counters
        a = next(t for t in w.controller.view()[side]["task_forces"] if t["number"] == n)["planes"]["a"]
        assert sum(s["factors"] for s in a) == landing and p.box_models[f"tf{n}:a"].rowCount() >= 1
        check_own_screen(w)
        seal(w, qtbot)
        seal(w, qtbot)
        seal(w, qtbot)
    assert (step(w), session.state.time.hour) == ("plane-ready", 8)
    first, second = in_turn(w)  # the last to move in 0700, at the screen still, plays its three first
    turn(first)
    for _ in PRIVATE:
        seal(w, qtbot)
    turn(second)  # just after the other's landing and sealing
    same_as_a_window_that_only_ever_showed(w, qtbot)
    assert session.rng.remaining == 0, "every scripted die was rolled"
    # The handovers, each behind the same curtain: the opening one; each Turn one between the
    # two sides' sittings at the three secret steps, and one or two in the Air Unit Movement
    # Phase (two when the side that plotted last does not move first); two in the Battles; one
    # at 0800 (26 when the screen changed hands after every simultaneous step).
    assert turn.count == 12 and set(turn.pictures) == set(SIDES)


def test_planes_change_altitude_by_drag_between_their_air_box_s_high_and_low(qtbot) -> None:  # type: ignore[no-untyped-def]
    """CV › Basic VIII.D.2: an Air unit's planes are dragged from the Low section of its Air Box to
    the High and back. On the Turn they take off, bombers stay Low (VIII.D.4): dragged up, they
    snap back and the status bar says the rule."""
    from midway_desktop.games.cv.actions import Altitude, Done, Form, Plot, TakeOff

    session = short_scenario_at_first_light([*BEFORE, 3, 5, 5, 2])
    s = session
    for side in SIDES:  # 0500: the Japanese forms its Vals, plots into the wind and launches them
        s.play(Done(side))
    s.play(max((a for a in s.legal_actions("japanese") if isinstance(a, Form) and a.plane == "val"),
               key=lambda a: a.factors))  # fmt: skip
    for side in SIDES:
        s.play(Done(side))
    here = next(t.hex for t in s.state.task_forces if t.side == "japanese" and t.number == 1)
    into = windward(s.rules.game, here)
    s.play(next(a for a in s.legal_actions("japanese") if isinstance(a, Plot) and a.path and a.path[0] in into
                and len(a.path) == 1 and not (a.anchor or a.exit or a.unload)))  # fmt: skip
    for side in SIDES:
        s.play(Done(side))
    assert s.state.initiative[0] == "japanese"
    while s.state.step != "take-off":
        s.play(Done("japanese"))
    s.play(next(a for a in s.legal_actions("japanese") if isinstance(a, TakeOff) and a.to and not a.cap))
    w = window_on(qtbot, s)
    turn = Handovers(w, qtbot)
    p = w.presenter
    turn("japanese")
    low, high = "airstack:1:low:val:he", "airstack:1:high:val:he"
    assert p.box_models["air1:low"].pieces() == [low] and not p.box_models["air1:high"].pieces()
    before = s.state
    drop_in_box(w, low, "alt:1:high")
    assert s.state == before and p.box_models["air1:low"].pieces() == [low]  # snapped back
    said = w.statusBar().currentMessage()
    assert said == w.controller.check(Altitude("japanese", 1, "val", True)) and "CV › Basic VIII.D.4" in said
    check_own_screen(w)
    seal(w, qtbot)  # the Japanese end their Take Off Step; the American moves its (no) Air units
    turn("american")
    for _ in range(3):
        seal(w, qtbot)
    for side in in_turn(w):  # 0600: each side its three secret steps at one sitting
        turn(side)
        for name in PRIVATE:
            assert at_step(w) == name
            seal(w, qtbot)
    assert s.state.initiative == ("american", "japanese")
    turn("american")
    seal(w, qtbot)
    seal(w, qtbot)
    seal(w, qtbot)
    turn("japanese")
    seal(w, qtbot)
    assert step(w) == "air-move"
    drop_in_box(w, low, "alt:1:high")  # up to High Altitude
    assert [r.high for r in s.state.air_unit("japanese", 1).records] == [True]
    assert p.box_models["air1:high"].pieces() == [high] and not p.box_models["air1:low"].pieces()
    check_own_screen(w)
    drop_in_box(w, high, "alt:1:low")  # and down again
    assert [r.high for r in s.state.air_unit("japanese", 1).records] == [False]
    assert p.box_models["air1:low"].pieces() == [low] and not p.box_models["air1:high"].pieces()
    check_own_screen(w)
    assert turn.count == 5  # (each side plays its three secret steps at one sitting)


def test_a_weapon_unit_dropped_on_planes_in_b_readies_them_armed_with_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Basic IV.A.1 by hand: the Weapon unit chip dropped on a B section's Air Factors readies
    them to C armed with it; the B boxes it may go to light up while it is carried; dropped on
    the section beside them it is refused with the rule's words and nothing changes."""
    session = short_scenario_at_first_light(DICE)
    w = window_on(qtbot, session, side="japanese")
    lift(w, qtbot)
    p = w.presenter
    legal = w.controller.legal()
    armed = next(a for a in legal if isinstance(a, Ready) and (a.source, a.target) == ("b", "c") and a.weapon)
    chip = weapon_piece(armed.weapon)
    b = p.box_views[f"{armed.box}:b"]
    box_with(w, chip)  # (the chips are in the Task Forces dock)
    p.drag_started(chip)
    assert b.property("lit") and not p.box_views[f"{armed.box}:c"].property("lit")
    p.drag_ended()
    before = w.controller.session.state
    drop_events(b.viewport(), QPoint(b.viewport().width() - 3, b.viewport().height() - 3), chip)  # beside them
    assert w.controller.session.state is before and "CV › Basic IV.A.1" in w.statusBar().currentMessage()
    stack = piece_in(w, f"{armed.box}:b", armed.plane)
    at = b.visualRect(b.box_model.index(b.box_model.pieces().index(stack), 0)).center()
    drop_events(b.viewport(), at, chip)
    counts = sorted(a.factors for a in legal if isinstance(a, Ready) and (a.box, a.plane, a.source, a.target, a.weapon)
                    == (armed.box, armed.plane, "b", "c", armed.weapon))  # fmt: skip
    assert w.controller.session.state is before and len(counts) > 1  # asked how many first
    assert answer_count(w, "h")  # half of them, as counted off the stack
    given = w.controller.session.history[-1].action
    assert isinstance(given, Ready) and (given.side, given.box, given.plane, given.source, given.target) == (
        "japanese", armed.box, armed.plane, "b", "c")  # fmt: skip
    assert (given.weapon, given.factors) == (armed.weapon, half_of(counts))
    check_own_screen(w)
