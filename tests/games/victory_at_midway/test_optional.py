"""The optional rules (victory-at-midway.txt › Optional Rules): each is a toggle, off by default
except Finding the Enemy (the examples of play use it)."""

from __future__ import annotations

from dataclasses import replace

from midway_desktop.games.victory_at_midway.actions import (
    AssignSearch,
    BuildBase,
    Done,
    Land,
    Move,
    ReserveZeke,
    Scout,
)
from midway_desktop.games.victory_at_midway.rules import RULES
from midway_desktop.games.victory_at_midway.search import air_allowances, kure_operating
from midway_desktop.games.victory_at_midway.state import JAPAN, US, Flight
from midway_desktop.games.victory_at_midway.victory import scores
from tests.games.victory_at_midway.helpers import FIRST_FLEET, TF16, G, day_position, place, put, says, session_at

# Every optional rule the text lists, by its option name.
OPTIONAL_RULES = {
    "fog": "Fog",
    "wake-johnston": "Wake and Johnston Islands",
    "extra-scouts": "Extra Scouts",
    "submarines": "Submarines",
    "finding-the-enemy": "Finding the Enemy",
    "reserve-zekes": "Reserve Zekes",
    "seaplane-tenders": "Seaplane Tenders",
    "special-force-tenders": "Special Force Tenders",
    "night-ship-searches": "Ship Searches at Night",
    "night-actions": "Night Actions",
    "midway-bombardment": "Midway Bombardment",
}


def test_every_optional_rule_is_a_toggle() -> None:
    """Optional Rules: each rule of the section can be switched on or off; the game starts with
    all off but Finding the Enemy."""
    options = {o.name: o for o in RULES.options}
    assert set(options) == set(OPTIONAL_RULES)
    for name, title in OPTIONAL_RULES.items():
        assert options[name].choices == (False, True)
        assert title.split()[0] in options[name].title
        assert options[name].rule.startswith("VaM ›")
    assert {n for n, o in options.items() if o.default} == {"finding-the-enemy"}


# -- reserve zekes --------------------------------------------------------------------------------
def return_position(*options: str):  # type: ignore[no-untyped-def]
    """Air Return Phase, Turn 9: the First Fleet in F5 with two Zekes of Akagi's and Kaga's shot down."""
    state = day_position(9, "air-return", *options)
    state = place(state, "F5", FIRST_FLEET, "First Fleet")
    state = put(put(state, "Akagi-F1", loc="lost"), "Kaga-F1", loc="lost")
    state = put(state, "Hiryu-F1", loc="ditched")
    state = put(state, "Soryu-D1", loc="aloft")
    return replace(state, flights=(Flight("Soryu-D1", "strike", "H6", "F5", 1, True),))


def test_reserve_zekes() -> None:
    """Reserve Zekes (optional): once per game aboard Akagi and once aboard Kaga, in the Air Return
    Phase, an eliminated 7-0-2 fighter returns Ready at full strength; the US earns 1/2 VP each
    time (the hits that eliminated it still count)."""
    assert session_at(return_position()).check(ReserveZeke(JAPAN, "Akagi-F1", "Akagi")) is not None
    s = session_at(return_position("reserve-zekes"))
    before = scores(G, s.state)[US]
    refusal = s.check(ReserveZeke(JAPAN, "Hiryu-F1", "Akagi"))
    assert refusal is not None and "ditched" in refusal  # only eliminated fighters
    refusal = s.check(ReserveZeke(JAPAN, "Akagi-F1", "Hiryu"))
    assert refusal is not None and "Akagi or the Kaga" in refusal
    events = s.play(ReserveZeke(JAPAN, "Kaga-F1", "Akagi"))
    assert G.u(s.state, "Kaga-F1").loc == "ready" and G.u(s.state, "Kaga-F1").base == "Akagi"
    assert not G.u(s.state, "Kaga-F1").reduced
    assert scores(G, s.state)[US] == before + 0.5
    public = [e for e in events if e.kind == "reserve"]
    assert public and public[0].audience == ("all",) and "Kaga-F1" not in public[0].text
    refusal = s.check(ReserveZeke(JAPAN, "Akagi-F1", "Akagi"))
    assert refusal is not None and "once per game" in refusal
    assert s.check(ReserveZeke(JAPAN, "Akagi-F1", "Kaga")) is None


def test_reserve_zekes_need_room_and_end_with_the_phase() -> None:
    """The reserve comes aboard only with room left; Japan may decline it (Done) once landed."""
    s = session_at(return_position("reserve-zekes"))
    s.play(Land(JAPAN, "Soryu-D1", "Soryu"))
    assert JAPAN in s.to_act()  # landed, but the reserve is still to use or decline
    s.play(Done(JAPAN))
    assert s.to_act() == (US,)  # the US, with nothing in the air, seals all the same
    s.play(Done(US))
    assert s.state.step != "air-return"
    full = return_position("reserve-zekes")
    for i in range(1, 3):
        full = put(full, f"Akagi-D{i}", loc="ready")
    assert G.cat.capacity("Akagi") == 7
    full = put(full, "Akagi-F1", loc="lost")
    s = session_at(full)
    assert s.check(ReserveZeke(JAPAN, "Akagi-F1", "Akagi")) is None  # 6 aboard of 7


# -- extra scouts ---------------------------------------------------------------------------------
def test_extra_scouts() -> None:
    """Extra Scouts (optional): a Ready bomber flies an extra air search over a hex within range;
    it searches that hex and its neighbours, is declared as an air search, and lands Not Ready."""
    state = day_position(9, "search", "extra-scouts")
    state = place(state, "E5", ["DD4"], "")
    s = session_at(state)
    refusal = s.check(Scout(US, "Midway-F1", "F5"))
    assert refusal is not None and "bombers" in refusal
    refusal = s.check(Scout(US, "Midway-D1", "C5"))
    assert refusal is not None and "range 2" in refusal
    s.play(Scout(US, "Midway-D1", "F5"))
    assert G.u(s.state, "Midway-D1").loc == "aloft"
    assert s.check(AssignSearch(US, "air", "F5")) is not None  # one air search per hex
    events = s.play(Done(US)) + s.play(Done(JAPAN))
    assert "Air search in F5; ship search in Midway." not in says(events, "search-declared")
    assert says(events, "search-declared")[0] == "Air search in F5."
    assert "Midway-D1" not in str([e.text for e in events if e.visible_to(JAPAN)])
    assert says(events, "search-result") == ["Ships in E5."]
    # The scout lands Not Ready in the Air Return Phase.
    while s.state.step != "air-return":
        s.play(Done(s.to_act()[0]))
    s.play(Land(US, "Midway-D1", "Midway"))
    assert G.u(s.state, "Midway-D1").loc == "notready"
    night = session_at(day_position(6, "search", "extra-scouts"))
    assert night.check(Scout(US, "Midway-D1", "H5")) is not None
    off = session_at(day_position(9, "search"))
    assert off.check(Scout(US, "Midway-D1", "H5")) is not None


# -- seaplane tenders -----------------------------------------------------------------------------
def kure_position(turn: int = 12, *options: str):  # type: ignore[no-untyped-def]
    state = day_position(turn, "search", "seaplane-tenders", *options)
    return place(state, "G6", ["ST11"], "", moved=turn)


def test_seaplane_base_on_kure() -> None:
    """Seaplane Tenders (optional): ST11 in Kure (G6) announces in the Search Phase that it has
    begun the base; three turns later Japan may air search G6 and two more hexes within two of
    Kure (one if ST11 is reduced), on daylight turns."""
    s = session_at(kure_position())
    events = s.play(BuildBase(JAPAN))
    assert any(e.kind == "kure" and e.audience == ("all",) for e in events)
    assert s.state.kure == 12 and "ST11" in s.state.revealed
    assert not kure_operating(G, s.state)
    later = replace(s.state, turn=15, step="search", searches=())
    assert kure_operating(G, later)
    names = {a.name: a.count for a in air_allowances(G, later, JAPAN)}
    assert names == {"the Kure seaplane base": 1, "bonus, within two hexes of Kure": 2}
    reduced = put(later, "ST11", reduced=True)
    assert {a.name: a.count for a in air_allowances(G, reduced, JAPAN)}["bonus, within two hexes of Kure"] == 1
    s = session_at(later)
    for h in ("G6", "H6", "F7"):
        s.play(AssignSearch(JAPAN, "air", h))
    refusal = s.check(AssignSearch(JAPAN, "air", "G5"))
    assert refusal is not None


def test_seaplane_base_closes_when_st11_leaves() -> None:
    """Seaplane Tenders: if ST11 moves from the hex (or is eliminated) the base closes for good."""
    state = replace(place(kure_position(14), "G6", ["ST11"], "", moved=13), step="ship-movement", kure=11)
    s = session_at(state)
    s.play(Move(JAPAN, "ST11", "G5"))
    s.play(Done(JAPAN))
    s.play(Done(US))
    assert s.state.kure_closed
    back = replace(s.state, units=kure_position(16).units, turn=16)
    assert not kure_operating(G, back)
    refusal = session_at(replace(back, step="search", sealed=frozenset())).check(BuildBase(JAPAN))
    assert refusal is not None and "closed for good" in refusal


def test_building_needs_the_option_and_kure() -> None:
    assert session_at(replace(kure_position(), options=frozenset())).check(BuildBase(JAPAN)) is not None
    away = place(kure_position(), "G5", ["ST11"], "")
    refusal = session_at(away).check(BuildBase(JAPAN))
    assert refusal is not None and "Kure Atoll (G6)" in refusal


# -- special force tenders ------------------------------------------------------------------------
def test_special_force_tenders_vp() -> None:
    """Special Force Tenders (optional): 1 VP to Japan (1/2 if the SFT is reduced) with the SFT in
    the Midway hex and Midway in Japanese hands at the end."""
    state = day_position(25, "end", "special-force-tenders")
    for g in G.cat.ground:
        state = put(state, g.id, loc="lost" if g.side == US else g.start)
    state = put(state, "Yoko", loc="Midway")
    state = place(state, "H6", ["SFT"], "")
    assert scores(G, state)[JAPAN] == 11 + 1
    assert scores(G, put(state, "SFT", reduced=True))[JAPAN] == 11 + 0.5
    assert scores(G, replace(state, options=frozenset()))[JAPAN] == 11
    assert scores(G, place(state, "G6", ["SFT"], ""))[JAPAN] == 11
    marines = put(state, "6D.1", loc="Midway")  # Midway still American
    assert scores(G, marines)[JAPAN] == 0


def test_us_ships_fire_at_the_tenders_last() -> None:
    """Seaplane and Special Force Tenders: US ships may fire at ST11 or the SFT only once every
    non-carrier, non-transport, non-tender target has fire on it (the text's transports)."""
    from midway_desktop.games.victory_at_midway.naval import restricted

    assert restricted(G, "ST11") and restricted(G, "SFT") and restricted(G, "TT1") and restricted(G, "Akagi")
    assert not restricted(G, "DD4") and not restricted(G, "BB3.2")
    assert TF16  # (the firing order itself is tested with the surface battles)
