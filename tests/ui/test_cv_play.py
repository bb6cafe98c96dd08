"""CV at the desktop, two players at one screen: the Short Scenario's first Turn played through
the window by both sides (set-up, plane readiness, forming an Air unit, plotting hex by hex,
take-off), the curtain at every handover, and after every step a look through every dock,
model, counter and title for anything of the other side's that its player must not see."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget

from midway_desktop.games.cv.actions import Place, Plot
from midway_desktop.games.cv.gestures import NEW_AIR_UNIT, order_group, orders_for, pieces_with_orders
from midway_desktop.games.cv.legal import legal_orders
from midway_desktop.games.cv.sequence import PHASES, PRIVATE
from midway_desktop.ui.games.cv import CvPresenter
from midway_desktop.ui.main_window import MainWindow
from tests.ui.cv_driver import (
    answer_option,
    box_with,
    drag_counter,
    drop_in_box,
    drop_on_map,
    leaks,
    lift,
    new_short_window,
    seal,
)

SEED = 11


@pytest.fixture
def w(qtbot):  # type: ignore[no-untyped-def]
    return new_short_window(qtbot, SEED)


def presenter(w: MainWindow) -> CvPresenter:
    p = w.presenter
    assert isinstance(p, CvPresenter)
    return p


def check_screen(w: MainWindow) -> None:
    """The screen shows the viewing side's view and nothing of the other side's."""
    side = w.controller.viewer
    p = presenter(w)
    view = w.controller.view()
    assert view["viewer"] == side and p.view["viewer"] == side
    # The map holds exactly the counters the side's view puts there.
    assert set(w.scene.counters) == set(p.map_counters(view))
    own = {f"tf{t['number']}" for t in view[side]["task_forces"]} | {
        f"air{u['number']}" for u in view[side]["air_units"]
    }
    enemy_air = {f"enemy-air{a['number']}" for a in view["enemy_air"]}
    for piece in w.scene.counters:
        assert piece in own or piece in enemy_air or piece.startswith(("base:", "seen-ships")), piece
    other = "japanese" if side == "american" else "american"
    assert other not in view  # the engine gave the window nothing of the other side's boxes
    found = leaks(w, side)
    assert not found, f"{side}'s screen shows the other side's secrets: {found[:5]}"


def pass_over(w: MainWindow, qtbot, to: str) -> None:  # type: ignore[no-untyped-def]
    """The curtain is down for ``to``, and behind it the window is already ``to``'s."""
    assert w.curtain.down and w.curtain.side == to
    assert w.curtain.isVisible() and w.curtain.geometry() == w.rect()
    assert not w.act_undo.isEnabled()  # nobody at the screen has said who they are
    assert w.cell_label.text() == ""  # nor the hex the last player's pointer was on
    assert w.controller.viewer == to
    check_screen(w)
    lift(w, qtbot)
    check_screen(w)


def goes_on(w: MainWindow, side: str) -> None:
    """No curtain: ``side`` is still asked, so its player stays at the screen for its next step."""
    assert not w.curtain.down and w.controller.viewer == side
    check_screen(w)


def next_at_screen(w: MainWindow, qtbot, side: str) -> None:  # type: ignore[no-untyped-def]
    """``side`` at the screen next: behind the curtain if it was not there already, else going on."""
    if w.curtain.down:
        pass_over(w, qtbot, side)
    else:
        goes_on(w, side)


def step(w: MainWindow) -> str:
    session = w.controller.session
    assert session is not None
    return session.state.step


def own_step(w: MainWindow) -> str:
    """The step the side at the screen gives its orders in (ahead of the game's when it has gone
    on from a sealed step the other side is still in)."""
    return str(w.controller.view()["step"])


def test_the_short_scenarios_first_turn_played_through_the_window(w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    session = w.controller.session
    assert session is not None and session.humans == ("american", "japanese")
    pass_over(w, qtbot, "american")
    p = presenter(w)
    # -- Set-up: the American drags Task Force 1 onto its area; a hex outside it is refused.
    assert step(w) == "set-up"
    item = w.scene.counters["tf1"]
    cells = p.legal_moves(item).cells
    start = item.label
    near = sorted(c for c in w.board.neighbors(start) if c in cells)[0]
    far = next(c for c in sorted(w.board.labels()) if c not in cells and c != start)
    drag_counter(w, "tf1", far)
    assert w.scene.counters["tf1"].label == start  # snapped back
    said = w.statusBar().currentMessage()
    assert said == w.controller.check(Place("american", 1, far)) and "CV ›" in said
    drag_counter(w, "tf1", near)
    assert w.controller.view()["american"]["task_forces"][0]["hex"] == near
    assert w.scene.counters["tf1"].label == near
    # Air Factors from section C to B at set-up (Set Up III.C.2.d).
    stack = next(r.piece for r in p.box_models["tf1:c"].rows())
    drop_in_box(w, stack, "sec:tf1:b")
    assert p.box_models["tf1:b"].rowCount() == 1 and stack.split(":")[3] in p.box_models["tf1:b"].pieces()[0]
    check_screen(w)
    seal(w, qtbot)
    pass_over(w, qtbot, "japanese")
    # -- The Japanese sets up: one Task Force one hex over, and seals.
    item = w.scene.counters["tf1"]
    cells = presenter(w).legal_moves(item).cells
    target = sorted(c for c in cells if c != item.label)[0]
    drag_counter(w, "tf1", target)
    assert w.controller.view()["japanese"]["task_forces"][0]["hex"] == target
    check_screen(w)
    seal(w, qtbot)
    # -- Plane Ready, Form Air Units, Plot Ship Movement: each side plays the three at one
    # sitting (nothing is told between them), the Japanese first: still asked, it stays at the
    # screen. It seals its planes, drops a C section's planes on "A new Air unit", plots its
    # Task Force 1 one hex; then the American does the same, plotting hex by hex.
    for side in ("japanese", "american"):
        if side == "japanese":
            goes_on(w, side)
        else:
            pass_over(w, qtbot, side)
        assert own_step(w) == "plane-ready"
        seal(w, qtbot)
        assert own_step(w) == "form-air-units" and not w.curtain.down  # the same side goes on
        check_screen(w)
        p = presenter(w)
        box = next(t for t in w.controller.view()[side]["task_forces"] if t["planes"]["c"])
        stack = p.box_models[f"tf{box['number']}:c"].pieces()[0]
        drop_in_box(w, stack, NEW_AIR_UNIT)
        units = w.controller.view()[side]["air_units"]
        assert [u["where"] for u in units] == ["forming"]
        assert box_with(w, f"air{units[0]['number']}")  # its Air Box shows it
        assert p.air_sheet.rowCount() == len(units[0]["records"])  # and the Air Record Sheet
        check_screen(w)
        seal(w, qtbot)
        assert own_step(w) == "ship-plotting" and not w.curtain.down
        check_screen(w)
        p = presenter(w)
        assert p.plot.shown  # the Plot Map lies over the board
        assert not p.plot.drawn.get(1, ((), 0))[0]  # a clean sheet: nothing of the other's plot
        if side == "japanese":
            japanese_plot = sorted(c for c in p.legal_moves(w.scene.counters["tf1"]).cells)[0]
            drag_counter(w, "tf1", japanese_plot)
            assert p.plot.drawn[1][0] == (japanese_plot,)
            check_screen(w)
            seal(w, qtbot)
    # The American's plot, hex by hex on its Plot Map.
    here = w.scene.counters["tf1"].label
    movement = w.controller.view()["american"]["task_forces"][0]["movement"]
    first = sorted(c for c in p.legal_moves(w.scene.counters["tf1"]).cells)[0]
    drag_counter(w, "tf1", first)
    assert p.plot.drawn[1] == ((first,), movement - 1)
    assert w.scene.counters["tf1"].label == here  # plotted, not moved: ships move once both seal
    second = sorted(c for c in p.legal_moves(w.scene.counters["tf1"]).cells)[0]
    assert second in w.board.neighbors(first)
    drag_counter(w, "tf1", second)
    assert p.plot.drawn[1] == ((first, second), movement - 2)
    # Taken back as on the Plot Map: put on a hex it passes, the plot ends there (put down
    # where it stands, the drag is let go: the menu's "stays" plots no move); then on again.
    drag_counter(w, "tf1", first)
    assert p.plot.drawn[1] == ((first,), movement - 1)
    drag_counter(w, "tf1", second)
    assert p.plot.drawn[1] == ((first, second), movement - 2)
    if movement == 2:  # the Movement Factor is spent: only the way back lights, a third hex is refused
        assert set(p.legal_moves(w.scene.counters["tf1"]).cells) <= {first, here}
        third = sorted(c for c in w.board.neighbors(second) if c not in (first, here))[0]
        drag_counter(w, "tf1", third)
        said = w.statusBar().currentMessage()
        assert said in {w.controller.check(Plot("american", 1, (first, second, h))) for h in w.board.labels()
                        if h not in (first, second)}  # fmt: skip
        assert "CV › Basic VI.B" in said and p.plot.drawn[1] == ((first, second), 0)
    check_screen(w)
    seal(w, qtbot)
    # -- Ships have moved; the initiative is rolled; each side in turn lands, moves, takes off
    # (the American, who sealed last, goes on at once if it moves first).
    movers = list(w.controller.session.state.initiative)
    for side in movers:
        next_at_screen(w, qtbot, side)
        assert step(w) == "landing"
        seal(w, qtbot)
        assert step(w) == "air-move" and not w.curtain.down  # the same side goes on
        check_screen(w)
        seal(w, qtbot)
        assert step(w) == "take-off"
        p = presenter(w)
        unit = w.controller.view()[side]["air_units"][0]
        piece = f"air{unit['number']}"
        dests = sorted(d for d in p._dests(piece) if ":" not in d)
        assert dests, "the forming Air unit may take off somewhere"
        drop_on_map(w, piece, dests[0])
        unit = w.controller.view()[side]["air_units"][0]
        assert unit["where"] == "map" and unit["hex"] == dests[0]
        assert w.scene.counters[piece].label == dests[0]
        check_screen(w)
        seal(w, qtbot)
    # -- Combat passes (not played yet); the next Turn begins with both to ready planes.
    assert step(w) == "plane-ready"
    assert w.controller.session.state.time.hour == 2
    goes_on(w, movers[-1])  # the last to move readies its planes first, at the same sitting
    view = w.controller.view()
    enemy = [a["number"] for a in view["enemy_air"]]
    assert [f"enemy-air{n}" for n in enemy] == sorted(k for k in w.scene.counters if k.startswith("enemy-air"))


def test_the_titles_name_the_side_at_the_screen_and_its_step(w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    lift(w, qtbot)
    text = w.turn_label.text()
    assert text == f"American · 0100 June 4 (night) · {PHASES['set-up'].title} · Your move"  # (a set-up has no Phase)
    assert w.turn_label.toolTip() == PHASES["set-up"].title
    assert w.windowTitle() == "CV — Midway Desktop"
    titles = [d.windowTitle() for d in presenter(w).docks]
    assert "Task Forces" in titles and "Air Record Sheet" in titles and "Ship Record Sheet" in titles
    assert not any("Japanese" in t or "American" in t for t in titles)


def test_the_status_bar_names_each_step_short_enough_to_read_whole() -> None:
    """At 1024 px the status bar has about 600 px for the side, the time and the step: the step
    goes without its Phase ('Form Air Units Step'), a Combat step by the combat board's name."""
    from midway_desktop.ui.games.cv import step_name

    names = {step: step_name(step) for step in PHASES}
    assert names["form-air-units"] == "Form Air Units Step"
    assert names["interception"] == "Combat: Air-to-Air: Interceptors on Bombers"
    assert names["set-up"] == PHASES["set-up"].title and names["combat"] == "Combat Phase"
    assert max(len(n) for n in names.values()) <= 45
    assert len(set(names.values())) == len(names)  # (every step still told apart)


def test_a_drop_on_a_box_the_rules_refuse_says_why_and_changes_nothing(w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    lift(w, qtbot)
    p = presenter(w)
    before = w.controller.session.state
    stack = p.box_models["tf1:c"].pieces()[0]
    drop_in_box(w, stack, "sec:tf3:b")  # Air Factors are set up in their own box
    assert w.controller.session.state == before
    assert (
        w.statusBar().currentMessage()
        == "That counter has no order that puts it there in the " + PHASES["set-up"].title + "."
    )
    drop_in_box(w, stack, "cap:tf1")  # nothing flies at set-up
    assert w.controller.session.state == before and w.statusBar().currentMessage()
    assert stack in p.box_models["tf1:c"].pieces()  # still where it was


def test_every_order_is_also_in_the_orders_dock_and_enter_gives_it(w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    lift(w, qtbot)
    p = presenter(w)
    qtbot.keyClick(w.view, Qt.Key.Key_O)
    assert p.order_list.hasFocus() and p.group_box.currentText().startswith("Task Force 1")
    first = p.order_list.order(0)  # one line for the Task Force's set-up, not one a hex
    assert first.pick == "pick" and isinstance(first.order, Place) and len(first.options) > 100
    qtbot.keyClick(p.order_list, Qt.Key.Key_Return)  # asks which hex
    hex_ = first.options[len(first.options) // 2]
    assert answer_option(w, hex_)
    assert w.controller.view()["american"]["task_forces"][0]["hex"] == hex_


def test_at_set_up_each_counters_orders_listed_and_lit_are_the_legal_orders(w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The set-up's Place orders are made only as they are read: each counter chosen in the
    Orders dock lists every one of its orders as ``legal_orders`` gives them, with the count the
    box names, and a Task Force picked up lights every hex it may be set up in."""
    lift(w, qtbot)
    p = presenter(w)
    session = w.controller.session
    assert session is not None and step(w) == "set-up"
    legal = legal_orders(p.game, session.state, "american")
    expected: dict[str, list[object]] = {}
    for a in legal:
        if order_group(a):
            expected.setdefault(order_group(a), []).append(a)
    rows = [p.group_box.itemData(i) for i in range(p.group_box.count())]
    assert [r for r in rows if r] == list(expected)  # (kinds of counter divided by separators)
    for name in expected:
        p.group_box.setCurrentIndex(rows.index(name))
        listed = [p.order_list.order(row) for row in range(p.order_list.count())]
        lines = f"{len(listed)} order{'s' if len(listed) != 1 else ''}"
        assert p.group_box.currentText() == f"{name} · {lines}" and len(listed) <= 15
        # Every order of the counter is reached through one line (its count or hex asked after).
        assert [a for c in listed for a in c.orders] == expected[name] or sorted(
            (a for c in listed for a in c.orders), key=repr
        ) == sorted(expected[name], key=repr)
        assert p.order_list.text(len(listed) - 1) == listed[-1].label
    movable = {piece for piece, item in w.scene.counters.items() if item.draggable}
    assert movable == {piece for piece in pieces_with_orders(legal) if piece in w.scene.counters}
    for tf in ("tf1", "tf2"):
        item = w.scene.counters[tf]
        hexes = {a.hex for a in legal if isinstance(a, Place) and f"tf{a.task_force}" == tf}
        assert set(p.legal_moves(item).cells) - {item.label} == hexes - {item.label} and len(hexes) > 100
        assert set(orders_for(p.legal, tf)) == {a for a in legal if order_group(a) == f"Task Force {tf[2:]}"}


def _parts(window: MainWindow) -> list:  # type: ignore[type-arg]
    """The pictures of what the player looks at: the map, every dock's contents (the game's and
    the log, dice and key), the status bar. (The window's dock tab bars draw their scroll arrows
    a pixel differently in a second window of the same process; they show only dock titles.)"""
    docks = [d for d in window.findChildren(QDockWidget) if d.parent() is window]
    out = [window.view.viewport().grab().toImage(), window.statusBar().grab().toImage()]
    return out + [d.widget().grab().toImage() for d in sorted(docks, key=lambda d: d.objectName())]


def _screens(qtbot, japanese_choice: int) -> tuple[list, list]:  # type: ignore[no-untyped-def]
    """The same game (same seed, the same American gestures) with the Japanese choosing
    differently in secret: the set-up hex of its Task Force 1, and whether it forms an Air unit.
    The American's screens at the start of each of its steps, and the Japanese's."""
    window = MainWindow("cv", persist=False)
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    window.start_new(scenario="short", seed=SEED)
    american, japanese = [], []

    def look(side: str) -> None:
        if window.curtain.down:
            assert lift(window, qtbot) == side
        else:  # (the same side goes on to its next step)
            assert window.controller.viewer == side
        # The whole board: every hex where something of the other side's could show. (The
        # first look is at the side's own forces; two windows' art at that zoom can differ by
        # a shade at a tile seam, which is no secret of anyone's.)
        window.view.fit()
        for _ in range(5):  # (the docks' layouts settle as the event loop comes round)
            QApplication.processEvents()
        (american if side == "american" else japanese).append(_parts(window))

    look("american")
    seal(window, qtbot)
    look("japanese")
    item = window.scene.counters["tf1"]
    cells = sorted(c for c in presenter(window).legal_moves(item).cells if c != item.label)
    drag_counter(window, "tf1", cells[japanese_choice * len(cells) // 2])
    seal(window, qtbot)
    # Each side plays on while it is still asked: the Japanese, who sealed its set-up last, its
    # Plane Ready, Form Air Units and Plot Ship Movement Steps; then the American its three.
    turns = [(side, name) for side in ("japanese", "american") for name in PRIVATE]
    for side, step_name in turns:
        look(side)
        assert own_step(window) == step_name
        if side == "japanese" and step_name == "form-air-units" and japanese_choice:
            stack = next(
                m.pieces()[0] for k, m in presenter(window).box_models.items() if k.endswith(":c") and m.pieces()
            )
            drop_in_box(window, stack, NEW_AIR_UNIT)
        seal(window, qtbot)
    window.close()
    return american, japanese


def test_the_american_screen_is_the_same_pixel_for_pixel_whatever_the_japanese_do_in_secret(qtbot) -> None:  # type: ignore[no-untyped-def]
    american_a, japanese_a = _screens(qtbot, 0)
    american_b, japanese_b = _screens(qtbot, 1)
    assert len(american_a) == len(american_b) == 4
    for n, (a, b) in enumerate(zip(american_a, american_b, strict=True)):
        assert len(a) == len(b) > 8
        same = [x == y for x, y in zip(a, b, strict=True)]
        assert all(same), f"the American's screen {n} shows something of the Japanese orders: part {same.index(False)}"
    # The probe sees a difference where there is one: the Japanese screens differ.
    assert japanese_a[1] != japanese_b[1] and japanese_a[-1] != japanese_b[-1]


def test_the_second_turns_air_units_land_fly_and_fly_cap_through_the_window(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A game opened at the second Turn's Landing Step (Turn 1 played by the demo orders: each
    side's Air unit has taken off): the side moving first lands its Air unit by dropping it on a
    Task Force's A section, or flies it; the other flies its Air unit into a CAP Box."""
    from midway_desktop.engine import new_game, records
    from midway_desktop.games.cv.demo import play_until

    session = new_game("cv", scenario="short", seed=SEED)
    play_until(session, "landing", turn=2, orders=False)
    path = records.save(session, tmp_path / "turn2.json")
    w = MainWindow("cv", persist=False)
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_game(str(path))
    first, second = w.controller.session.state.initiative
    pass_over(w, qtbot, first)
    p = presenter(w)
    unit = next(u for u in w.controller.view()[first]["air_units"] if u["where"] == "map")
    piece = f"air{unit['number']}"
    lands = sorted(d for d in p._dests(piece) if d.startswith("land:"))
    assert lands, "its Air unit is within reach of a box it may land in"
    box = lands[0][5:]
    where = next(t["hex"] for t in w.controller.view()[first]["task_forces"] if f"tf{t['number']}" == box)
    assert where in p.legal_moves(w.scene.counters[piece]).cells  # the box's hex lights up
    drag_counter(w, piece, where)  # dragged onto its Task Force on the map: it lands there
    assert unit["number"] not in [u["number"] for u in w.controller.view()[first]["air_units"]]
    assert p.box_models[f"{box}:a"].rowCount() >= 1 and piece not in w.scene.counters
    check_screen(w)
    seal(w, qtbot)
    assert step(w) == "air-move"
    check_screen(w)
    seal(w, qtbot)
    seal(w, qtbot)  # (nothing to take off)
    pass_over(w, qtbot, second)
    p = presenter(w)
    assert step(w) == "landing"
    seal(w, qtbot)
    unit = next(u for u in w.controller.view()[second]["air_units"] if u["where"] == "map")
    piece = f"air{unit['number']}"
    caps = sorted(d for d in p._dests(piece) if d.startswith("cap:"))
    assert caps, "its Air unit can reach a friendly box to fly CAP over"
    drop_in_box(w, piece, caps[0])
    moved = next(u for u in w.controller.view()[second]["air_units"] if u["number"] == unit["number"])
    assert moved["where"] == "cap" and f"cap:{moved['box']}" == caps[0]
    assert piece in p.box_models[f"{moved['box']}:cap"].pieces() and piece not in w.scene.counters
    check_screen(w)
    seal(w, qtbot)
    seal(w, qtbot)
    assert step(w) == "plane-ready" and w.controller.session.state.time.hour == 3


def test_air_record_lines_that_must_land_now_or_next_turn_stand_out(qtbot) -> None:  # type: ignore[no-untyped-def]
    """CV › Basic VIII.E.1: a line's last landing Turn; the sheet marks it amber a Turn before
    and red on that Turn (and after), in bold, saying so in its tooltip."""
    from PySide6.QtCore import QModelIndex

    from midway_desktop.engine import new_game
    from midway_desktop.games.cv.demo import play_until
    from midway_desktop.ui.games.cv.records import AIR_HEADERS, SOON, URGENT, SheetModel, air_record

    session = new_game("cv", scenario="short", seed=SEED)
    play_until(session, "ship-plotting", "american")
    model = SheetModel(AIR_HEADERS, air_record(session.rules.game))
    view = session.view("american")
    line = view["american"]["air_units"][0]["records"][0]
    last = line["must_land"]  # "0600 June 4"
    hour = int(last[:2])
    for now, colour, bold in ((hour - 2, None, False), (hour - 1, SOON, False), (hour, URGENT, True)):
        model.set_view({**view, "time": f"{now:02}00 June 4"})
        ix = model.index(0, AIR_HEADERS.index("Must land by"), QModelIndex())
        assert ix.data() == last
        brush = ix.data(Qt.ItemDataRole.BackgroundRole)
        assert (brush.color() if brush is not None else None) == colour
        font = ix.data(Qt.ItemDataRole.FontRole)
        assert (font is not None and font.bold()) == bold
    assert "must land this Turn" in model.index(0, 0, QModelIndex()).data(Qt.ItemDataRole.ToolTipRole)


def test_the_new_game_dialog_offers_cvs_scenarios_for_two_players(w: MainWindow, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.engine import get_rules
    from midway_desktop.ui.new_game import NewGameDialog

    dialog = NewGameDialog(get_rules("cv"), w)
    qtbot.addWidget(dialog)
    names = [dialog.scenario.itemData(i) for i in range(dialog.scenario.count())]
    assert names[:3] == ["short", "battle-of-midway", "midway-campaign"]
    assert names[3:] == ["free-set-up-short", "free-set-up-battle-of-midway", "free-set-up-midway-campaign"]
    assert "Short Scenario" in dialog.scenario.itemText(0)
    dialog.scenario.setCurrentIndex(1)
    assert all(not box.isHidden() for box in dialog.passwords_.values())  # two players: a password each
    dialog.passwords_["japanese"].setText("kido")
    assert dialog.passwords() == {"japanese": "kido"}
    w.start_new(scenario=dialog.scenario_name(), seed=2, passwords=dialog.passwords())
    assert w.controller.session.scenario == "battle-of-midway"
    assert w.curtain.down and w.curtain.side == "american" and "japanese" in w.curtain.passwords


def test_the_map_is_where_each_player_left_it_never_where_the_other_was_looking(w: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    def near(a: tuple[float, tuple[int, int]], b: tuple[float, tuple[int, int]]) -> bool:
        """The same zoom and centre, to a scene pixel or two (the view rounds to its pixels)."""
        return abs(a[0] - b[0]) < 1e-6 and abs(a[1][0] - b[1][0]) <= 3 and abs(a[1][1] - b[1][1]) <= 3

    def centre() -> tuple[int, int]:
        p = w.view.mapToScene(w.view.viewport().rect().center())
        return round(p.x()), round(p.y())

    lift(w, qtbot)
    w.view.set_zoom(0.8)
    w.view.centre_on_cell("B2117")  # the American looks at Midway
    american = (w.view.zoom(), centre())
    seal(w, qtbot)
    assert w.curtain.down and (w.view.zoom(), centre()) != american  # the Japanese's first look: the whole board
    lift(w, qtbot)
    tf = w.scene.counters["tf1"].label
    w.view.set_zoom(1.0)
    w.view.centre_on_cell(tf)  # the Japanese looks at its own carriers
    japanese = (w.view.zoom(), centre())
    # Its set-up, Plane Ready, Form Air Units Steps sealed, the Japanese is still asked: it stays
    # at the screen, the map where it was.
    for _ in range(3):
        seal(w, qtbot)
        assert not w.curtain.down and near((w.view.zoom(), centre()), japanese)
    seal(w, qtbot)  # its plots
    assert near((w.view.zoom(), centre()), american)  # behind the curtain already, the American's own
    lift(w, qtbot)
    for _ in range(2):  # its Plane Ready and Form Air Units Steps, at the same sitting
        seal(w, qtbot)
        assert not w.curtain.down and near((w.view.zoom(), centre()), american)
    seal(w, qtbot)  # its plots: the ships move, and the side that won the initiative moves first
    if w.controller.session.state.initiative[0] == "american":
        for _ in range(3):  # its Landing, Normal Air Unit Movement and Take Off Steps
            assert not w.curtain.down and near((w.view.zoom(), centre()), american)
            seal(w, qtbot)
    assert w.curtain.down and w.controller.viewer == "japanese"
    assert near((w.view.zoom(), centre()), japanese)


def test_a_fly_through_question_is_offered_in_the_orders_dock(qtbot) -> None:  # type: ignore[no-untyped-def]
    """CV › Basic VIII.I.2 at the desktop: the American player, asked mid-move, reads the
    question, finds the attacks in the Orders list and lets the Air unit fly on with a button;
    nothing of the question shows on the Japanese screen."""
    from midway_desktop.games.cv.actions import InterceptPassing, LetPass, MoveAir
    from tests.games.cv.test_passing import END, SEA, moving, started, strike, wildcats

    window = MainWindow("cv", persist=False)
    qtbot.addWidget(window)
    window.resize(1500, 950)
    window.show()
    qtbot.waitExposed(window)
    s = started(moving([strike(), wildcats()]))
    s.play(MoveAir("japanese", 5, END))
    window._start(resume=False, session=s)
    QApplication.processEvents()
    assert window.curtain.down and window.curtain.side == "american"  # the side asked, not the mover
    lift(window, qtbot)
    check_screen(window)
    p = presenter(window)
    assert "flying through B3010" in p.heading.text()
    group = f"Enemy Air unit 5 flying through {SEA}"
    assert group in p.groups
    p.group_box.setCurrentIndex(p.group_box.findData(group))
    lines = [p.order_list.order(i) for i in range(p.order_list.count())]
    told = "High: 7 on Escorts, 3 on Bombers group 1 (Interceptors attack enemy Air unit 5 flying through B3010)"
    assert [c.label for c in lines][1:] == ["Let enemy Air unit 5 fly on through B3010"]
    assert lines[0].label.startswith("Attack enemy Air unit 5 with your Interceptors…") and told in lines[0].options
    assert all(isinstance(a, (InterceptPassing, LetPass)) for a in p.groups[group])
    button = next(b for b in p.buttons if b.text().startswith("Let enemy Air unit 5 fly on"))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert window.controller.session.state.passing is None
    assert window.controller.session.state.air_unit("japanese", 5).hex == END
    pass_over(window, qtbot, "japanese")  # the mover goes on, told nothing of the answer
    p = presenter(window)
    assert "flying through" not in p.heading.text() and not any("flying through" in g for g in p.groups)
