"""TurnOrders: a whole American turn (both task forces' moves, then the MA) in one action.

Legal iff every part is, in order; refused with the failing part's own reason; the same state
and events as submitting the parts one by one; a JSON round trip; replayed from records. The
bot plays this way, and makes the same games as when it answers each step on its own.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from midway_desktop.engine import Event, Rng, Session
from midway_desktop.engine.bots import play_out
from midway_desktop.engine.events import roll_event
from midway_desktop.engine.records import fingerprint, parse, replay, to_record
from midway_desktop.games.midway_solitaire.actions import (
    US,
    AssignHits,
    EndTurn,
    LongRangeAttack,
    MoveTaskForce,
    PlaceAircraft,
    PlaceTaskForce,
    TurnOrders,
)
from midway_desktop.games.midway_solitaire.bot import AmericanBot
from midway_desktop.games.midway_solitaire.rules import RULES
from midway_desktop.games.midway_solitaire.state import event, roll
from tests.games.midway_solitaire.helpers import position

GRID = RULES.rs.grid


def moving(**kw):  # type: ignore[no-untyped-def]
    """A position in American movement (nobody has moved yet)."""
    return position(phase="us-movement", **kw)


def started(seed: int = 5, mission: int = 3) -> Session:
    s = Session.start(RULES, options={"mission": mission}, seed=seed)
    s.play(PlaceTaskForce(US, "TF-16", "L4"))
    s.play(PlaceTaskForce(US, "TF-17", "L4"))
    assert s.state.phase == "us-movement"
    return s


def test_orders_are_the_parts_in_one_step() -> None:
    """The same position and the same log as moving each TF and then placing the MA."""
    orders = TurnOrders(US, (("TF-16", "K4"), ("TF-17", "L3")), "K5")
    one, by_parts = started(), started()
    events = one.play(orders)
    parts = [e for a in orders.parts() for e in by_parts.play(a)]
    assert one.state == by_parts.state
    assert list(events) == parts
    assert one.rng.state == by_parts.rng.state
    assert [a.describe() for a in orders.parts()] == ["TF-16 to K4", "TF-17 to L3", "Midway aircraft to K5"]
    assert orders.describe() == "TF-16 to K4; TF-17 to L3; Midway aircraft to K5"


def test_orders_with_extra_fuel_and_staying_put() -> None:
    st = moving(tf16="J5", tf17="J5")
    orders = TurnOrders(US, (("TF-16", "H5"), ("TF-17", "J5")), "M1")  # two squares west; stay
    assert RULES.check(st, orders) is None
    after, events = RULES.apply(st, orders, Rng(3))
    assert after.tf("TF-16").fuel == st.tf("TF-16").fuel - 1
    assert after.tf("TF-17").fuel == st.tf("TF-17").fuel
    assert [e.text for e in events[:3]] == ["TF-16 J5→H5 (extra fuel)", "TF-17 stays on J5", "Midway aircraft to M1"]


@pytest.mark.parametrize(
    ("moves", "ma", "part", "reason"),
    [
        # MS › Unit Movement: one square, or two with extra fuel; no diagonals.
        ((("TF-16", "J8"), ("TF-17", "J5")), "M1", MoveTaskForce(US, "TF-16", "J8"), None),
        # the second part is checked on the position the first leaves: TF-16 has moved
        ((("TF-16", "J4"), ("TF-16", "J3")), "M1", MoveTaskForce(US, "TF-16", "J3"), "TF-16 has already moved"),
        ((("TF-16", "J5"), ("TF-18", "J5")), "M1", MoveTaskForce(US, "TF-18", "J5"), "not an American task force"),
        ((("TF-16", "J5"), ("TF-17", "N1")), "M1", MoveTaskForce(US, "TF-17", "N1"), "not a square"),
        # MS › American Units: the MA goes east of the blue dashed line.
        ((("TF-16", "J5"), ("TF-17", "J5")), "A1", PlaceAircraft(US, "A1"), "east of the blue dashed line"),
    ],
)
def test_a_bad_part_is_refused_with_its_own_reason(
    moves: tuple[tuple[str, str], ...], ma: str, part: MoveTaskForce | PlaceAircraft, reason: str | None
) -> None:
    st = moving(tf16="J5", tf17="J5")
    refusal = RULES.check(st, TurnOrders(US, moves, ma))
    assert refusal is not None and refusal.startswith(part.describe() + ": ")
    if reason is not None:
        assert reason in refusal
    for tf, to in moves:  # the failing part's own refusal, on the position the parts before it leave
        if MoveTaskForce(US, tf, to) == part:
            break
        st = RULES.apply(st, MoveTaskForce(US, tf, to), Rng(1))[0]
    assert refusal == f"{part.describe()}: {RULES.check(st, part)}"


def test_no_fuel_and_sunk_task_forces_are_refused() -> None:
    st = moving(tf16="J5", tf17="J5", fuel={"TF-16": 0})
    refusal = RULES.check(st, TurnOrders(US, (("TF-16", "H5"), ("TF-17", "J5")), "M1"))
    assert refusal == "TF-16 to H5: No extra fuel is left to move a second square."
    st = moving(tf16="J5", tf17="J5", sunk=["TF-17"], damage={"TF-17": 4})
    refusal = RULES.check(st, TurnOrders(US, (("TF-17", "J4"), ("TF-16", "J4")), "M1"))
    assert refusal == "TF-17 to J4: TF-17 has been sunk."
    # after TF-16's move the turn is at the MA (TF-17 is sunk), and the order says why
    refusal = RULES.check(st, TurnOrders(US, (("TF-16", "J4"), ("TF-17", "J4")), "M1"))
    assert refusal is not None and refusal.startswith("TF-17 to J4: Not now")
    assert RULES.check(st, TurnOrders(US, (("TF-16", "J4"),), "M1")) is None  # a lone TF's orders


def test_orders_must_move_every_task_force_afloat() -> None:
    st = moving(tf16="J5", tf17="J5")
    refusal = RULES.check(st, TurnOrders(US, (("TF-16", "J4"),), "M1"))
    assert refusal is not None and "TF-17 has no order" in refusal and "Sequence of Play" in refusal
    assert "TF-16, TF-17 has no order" in (RULES.check(st, TurnOrders(US, (), "M1")) or "")


def test_orders_finish_a_turn_begun_step_by_step() -> None:
    """After a single move (the human's way), orders may give the rest; after both, only the MA."""
    st = moving(tf16="J5", tf17="J5")
    st, _ = RULES.apply(st, MoveTaskForce(US, "TF-16", "J4"), Rng(1))
    assert RULES.check(st, TurnOrders(US, (("TF-17", "J4"),), "M1")) is None
    assert RULES.check(st, TurnOrders(US, (("TF-16", "J3"), ("TF-17", "J4")), "M1")) is not None
    st, _ = RULES.apply(st, MoveTaskForce(US, "TF-17", "J4"), Rng(1))
    assert st.phase == "ma-placement"
    assert RULES.check(st, TurnOrders(US, (), "M1")) is None
    assert "Place the Midway aircraft" in (RULES.check(st, TurnOrders(US, (("TF-17", "J3"),), "M1")) or "")


def test_orders_are_refused_outside_the_american_turn() -> None:
    s = Session.start(RULES, options={"mission": 1}, seed=2)
    orders = TurnOrders(US, (("TF-16", "L4"), ("TF-17", "L4")), "M1")
    refusal = s.submit(orders).refusal
    assert refusal is not None and refusal.startswith("Not now")
    assert RULES.check(moving(), TurnOrders("japan", (), "M1")) is not None


def test_a_refused_order_changes_nothing() -> None:
    s = started()
    before, log = s.state, list(s.events())
    result = s.submit(TurnOrders(US, (("TF-16", "K4"), ("TF-17", "A1")), "K5"))
    assert not result.ok and result.refusal and result.refusal.startswith("TF-17 to A1: ")
    assert s.state is before and s.events() == log


def test_json_round_trip() -> None:
    orders = TurnOrders(US, (("TF-16", "K4"), ("TF-17", "K4")), "K5")
    data = orders.to_json()
    assert data == {"type": "turn-orders", "side": "us", "moves": [["TF-16", "K4"], ["TF-17", "K4"]], "ma": "K5"}
    back = RULES.codec.decode(json.loads(json.dumps(data)))
    assert back == orders and isinstance(back, TurnOrders)
    assert RULES.codec.decode({"type": "turn-orders", "side": "us", "moves": [], "ma": "K5"}).moves == ()


def test_records_of_bot_games_replay() -> None:
    """A bot game plays in TurnOrders; its record (JSON) replays through the checked path."""
    for seed, mission in ((11, 1), (12, 4), (13, 6)):
        s = Session.start(RULES, options={"mission": mission}, seed=seed)
        play_out(s, {US: AmericanBot(RULES)}, Rng(seed))
        assert any(isinstance(a, TurnOrders) for a in s.actions())
        data = parse(json.dumps(to_record(s)).encode())
        again = replay(data)
        assert again.state == s.state and fingerprint(again) == fingerprint(s)
        assert [e.text for e in again.events()] == [e.text for e in s.events()]


def _log_digest(session: Session) -> str:
    h = hashlib.sha256()
    for e in session.events():
        h.update(json.dumps([e.kind, e.text, list(e.audience), dict(e.data)], sort_keys=True).encode())
    return h.hexdigest()


def test_orders_and_single_steps_play_the_same_games() -> None:
    """The bot's TurnOrders are exactly the choices it makes one step at a time."""
    for seed in range(18):
        mission = 1 + seed % 6
        a = Session.start(RULES, options={"mission": mission}, seed=seed)
        b = Session.start(RULES, options={"mission": mission}, seed=seed)
        play_out(a, {US: AmericanBot(RULES, orders=True)}, Rng(0))
        play_out(b, {US: AmericanBot(RULES, orders=False)}, Rng(0), checked=True)
        assert a.state == b.state and _log_digest(a) == _log_digest(b), seed
        assert len(a.history) < len(b.history)


def test_the_bot_needs_no_legal_list_and_the_checked_runner_still_checks() -> None:
    seen: list[int] = []

    class Watching(AmericanBot):
        def choose(self, session, side, legal, rng):  # type: ignore[no-untyped-def]
            seen.append(len(legal))
            return super().choose(session, side, legal, rng)

    s = Session.start(RULES, options={"mission": 2}, seed=4)
    play_out(s, {US: Watching(RULES)}, Rng(0))
    assert s.over and set(seen) == {0}  # the fast runner hands no list to a bot that says it needs none
    seen.clear()
    s = Session.start(RULES, options={"mission": 2}, seed=4)
    play_out(s, {US: Watching(RULES)}, Rng(0), checked=True)
    assert s.over and min(seen) > 0


def test_the_fast_event_builders_make_the_engines_values() -> None:
    assert event("move", "TF-16 stays on K5", {"unit": "TF-16"}) == Event(
        "move", "TF-16 stays on K5", data={"unit": "TF-16"}
    )
    assert event("move", "x") == Event("move", "x")
    assert roll("CSF fires (round 1)", (1, 5), unit="CSF", hits=1) == roll_event(
        "CSF fires (round 1)", (1, 5), unit="CSF", hits=1
    )


def test_kept_values_are_forgotten_when_too_many() -> None:
    from midway_desktop.games.midway_solitaire import data

    rs = RULES.rs
    saved, limit = dict(rs.kept), data.KEPT_LIMIT
    try:
        data.KEPT_LIMIT = 3
        rs.kept.clear()
        for i in range(5):
            rs.keep(("test", i), i)
        assert len(rs.kept) <= 3 and rs.kept[("test", 4)] == 4
    finally:
        data.KEPT_LIMIT = limit
        rs.kept.clear()
        rs.kept.update(saved)


def test_end_turn_still_answers_a_long_range_chance() -> None:
    """The coarse path leaves the later decisions as they were: one action each."""
    s = Session.start(RULES, options={"mission": 4}, seed=21)
    play_out(s, {US: AmericanBot(RULES)}, Rng(0))
    kinds = {type(a) for a in s.actions()}
    assert TurnOrders in kinds and MoveTaskForce not in kinds and PlaceAircraft not in kinds
    assert kinds <= {PlaceTaskForce, TurnOrders, EndTurn, LongRangeAttack, AssignHits}
