"""Every worked example of the Midway Solitaire rulebook, replayed die for die.

Source: ``midway-solitaire.txt`` (MS); each test names its section. Positions the text does
not give (squares on the provisional board) are chosen to fit the example's words.
"""

from __future__ import annotations

from midway_desktop.games.midway_solitaire.actions import US, AssignHits, MoveTaskForce
from midway_desktop.games.midway_solitaire.movement import japanese_path, tf_destinations
from midway_desktop.games.midway_solitaire.rules import RULES
from tests.games.midway_solitaire.helpers import (
    BATTLESHIPS,
    REFUELING,
    SBD,
    SUBMARINE,
    ZERO,
    first_card,
    flip,
    play,
    position,
    rolls,
    start_for,
)

GRID = RULES.rs.grid
DECK = RULES.rs.deck


def test_movement_example_interception_squares() -> None:
    """MS › Unit Movement example: TF-17 can move south of the AIF or east of the CSF; TF-16
    west of the CSF, west of the MIF, or between the two; the MA anywhere in its area, e.g.
    directly east of each incoming force. (AIF G2, CSF G4, MIF G6, TF-17 H3, TF-16 F5.)"""
    state = position(tf16="F5", tf17="H3", aif="G2", csf="G4", mif="G6", phase="us-movement")
    tf17 = {a.to for a in RULES.legal_actions(state, US) if isinstance(a, MoveTaskForce) and a.tf == "TF-17"}
    tf16 = {a.to for a in RULES.legal_actions(state, US) if isinstance(a, MoveTaskForce) and a.tf == "TF-16"}
    assert {"G3", "H4"} <= tf17  # south of the AIF, east of the CSF
    assert {"F4", "F6", "G5"} <= tf16  # west of the CSF, west of the MIF, between them
    assert set(tf_destinations(GRID, "H3", 0)) == {"H3", "H2", "H4", "G3", "I3"}
    ma = {a.square for a in RULES.legal_actions(position(aif="G2", csf="G4", mif="G6"), US)}
    assert {"H2", "H4", "H6"} <= ma


def test_sbd_card_moves_and_interception() -> None:
    """MS › Unit Movement example: the SBD Dauntless Dive Bomber card moves AIF West, CSF East
    then South, MIF West; the MIF ends on TF-17 and a ship battle follows with +1 to the
    American attack rolls. (AIF G2, CSF G4, MIF I6, TF-17 H6.)"""
    card = DECK[SBD]
    assert card.title == "SBD Dauntless Dive Bomber"
    assert [m.steps for m in card.moves] == [("w",), ("e", "s"), ("w",)]
    assert card.drm("us", "ship") == 1 and card.drm("japan", "ship") == 0
    state = position(tf17="H6", aif="G2", csf="G4", mif="I6", top=[SBD])
    # MIF 3 dice: 1 2 3 (no hits); TF-17 3 dice: 4 4 1 -> 5 5 2 with +1: 2 hits. Round 2 alike.
    after, events = flip(state, dice=[1, 2, 3, 4, 4, 1, 1, 2, 3, 4, 4, 1])
    assert (after.jp("AIF").square, after.jp("CSF").square, after.jp("MIF").square) == ("F2", "H5", "H6")
    assert any(e.kind == "battle" and e.data["square"] == "H6" for e in events)
    assert after.jp("MIF").damage == 4 and after.jp("MIF").sunk
    assert after.tf("TF-17").damage == 0
    assert all(e.data["drm"] == 1 for e in events if e.kind == "roll" and e.data.get("unit") == "TF-17")


def test_edge_reversal_from_column_m() -> None:
    """MS › Japanese Edge of Board Movement example: a unit in column M told to move east is
    moved one square west instead."""
    east = next(DECK[n].moves[i] for n in DECK.numbers for i in range(3) if DECK[n].moves[i].steps == ("e",))
    assert japanese_path(GRID, "M3", east) == ("L3",)
    assert japanese_path(GRID, "L3", east) == ("M3",)


def test_edge_reversal_in_play() -> None:
    """MS › Japanese Edge of Board Movement: reversed in a real turn (the AIF on M3, East)."""
    card = next(
        n
        for n in DECK.numbers
        if DECK[n].moves[0].steps == ("e",) and DECK[n].hazard == "all-clear" and DECK[n].moves[1].all_stop is False
    )
    after, _ = flip(position(aif="M3", csf="A4", mif="A7", top=[card]), ma="H9")
    assert after.jp("AIF").square == "L3"


def test_ship_combat_example_csf_against_tf17() -> None:
    """MS › Ship Attacks example, die for die: with the SBD card (+1 to American attacks) the
    CSF (5 dice) meets TF-17 (3 dice). Round 1: Japanese 1 3 4 5 5 = 2 hits on TF-17;
    American 2 4 5 -> 3 5 6 = 2 hits on the CSF. Round 2: Japanese 2 3 2 5 6 = 2 hits, TF-17
    reaches 4 and sinks, but having started the round afloat it fires 3 4 4 -> 4 5 5 = 2
    hits: the CSF ends on 4."""
    state = position(tf16="M9", tf17="H5", csf="G4", aif="A2", mif="A7", top=[SBD], mission=3)
    after, events = flip(state, dice=[1, 3, 4, 5, 5, 2, 4, 5, 2, 3, 2, 5, 6, 3, 4, 4])
    assert after.jp("CSF").square == "H5"
    assert rolls(events) == [
        ("CSF", [1, 3, 4, 5, 5]),
        ("TF-17", [2, 4, 5]),
        ("CSF", [2, 3, 2, 5, 6]),
        ("TF-17", [3, 4, 4]),
    ]
    hits = [e.data["hits"] for e in events if e.kind == "roll"]
    assert hits == [2, 2, 2, 2]
    assert after.tf("TF-17").damage == 4 and after.tf("TF-17").sunk
    assert after.jp("CSF").damage == 4 and not after.jp("CSF").sunk
    assert after.result is None  # mission 3 may lose one TF; TF-16 fights on


def test_ship_combat_example_two_against_two() -> None:
    """MS › Ship Attacks second example: the CSF and MIF end on TF-16 and TF-17. Round 1: the
    Japanese score 3 hits, the Americans 2; the player puts the 2 on the MIF and the 3 as 2 on
    TF-16 and 1 on TF-17. Round 2: 1 hit each; the MIF and TF-17 take them."""
    card = next(
        n
        for n in DECK.numbers
        if not DECK[n].modifiers and DECK[n].hazard == "all-clear" and DECK[n].moves[1].steps and DECK[n].moves[2].steps
    )
    csf, mif = start_for(card, "CSF", "H5"), start_for(card, "MIF", "H5")
    state = position(tf16="H5", tf17="H5", csf=csf, mif=mif, aif="A2", top=[card])
    # Round 1: CSF 5 6 1 1 1 + MIF 5 1 1 = 3 hits; TF-16 5 6 1 1 + TF-17 1 1 1 = 2 hits.
    mid, _ = flip(state, dice=[5, 6, 1, 1, 1, 5, 1, 1, 5, 6, 1, 1, 1, 1, 1])
    assert mid.phase == "assign-hits"
    assert (mid.battle.on_american, mid.battle.on_japanese) == (3, 2)
    choice = AssignHits(US, (("TF-16", 2), ("TF-17", 1)), (("CSF", 0), ("MIF", 2)))
    assert choice in RULES.legal_actions(mid, US)
    # Round 2: CSF 5 1 1 1 1 + MIF 1 1 1 = 1 hit; TF-16 6 1 1 1 + TF-17 1 1 1 = 1 hit.
    late, _ = play(mid, choice, dice=[5, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1])
    assert late.phase == "assign-hits" and late.battle.round == 2
    final, _ = play(late, AssignHits(US, (("TF-16", 0), ("TF-17", 1)), (("CSF", 0), ("MIF", 1))))
    assert (final.tf("TF-16").damage, final.tf("TF-17").damage) == (2, 2)
    assert (final.jp("CSF").damage, final.jp("MIF").damage) == (0, 3)
    assert final.battle is None and final.phase == "us-movement"


def test_midway_aircraft_attack_example() -> None:
    """MS › Midway Aircraft (MA) Attacks example: the MIF ends its move on the MA's square; the
    MA rolls one die, a 6: the MIF takes 1 hit. The MA itself never takes hits."""
    card = first_card("all-clear")
    state = position(top=[card], mif="H7")
    dest = RULES.rs.path(card, 2, "H7", [])
    end = dest[-1] if dest else "H7"
    after, events = flip(state, ma=end, dice=[6])
    assert after.jp("MIF").damage == 1
    assert rolls(events) == [("ma", [6])]
    assert after.ma == "L5"  # back to Midway for the next turn


def test_submarine_attack_example_and_its_variants() -> None:
    """MS › Japanese Submarine Attacks example: TF-16 on a sub square is attacked when the card
    says Sub Sighted; with All Clear, or with Danger (not a danger square), it is not."""
    sub_square = sorted(GRID.submarines - GRID.danger)[0]
    sighted = first_card("sub-sighted")
    after, events = flip(position(tf16=sub_square, tf17="M9", top=[sighted]), dice=[5])
    assert rolls(events) == [("sub", [5])]
    assert after.tf("TF-16").damage == 1 and after.tf("TF-17").damage == 0
    for hazard in ("all-clear", "danger"):
        after, events = flip(position(tf16=sub_square, tf17="M9", top=[first_card(hazard)]))
        assert rolls(events) == [] and after.tf("TF-16").damage == 0


def test_submarine_card_adds_one_to_sub_attacks() -> None:
    """MS › Japanese Submarine Attacks: the submarine card reads "Apply a +1 DRM to any
    Japanese submarine attacks this turn": a 4 then hits."""
    card = DECK[SUBMARINE]
    assert card.hazard == "sub-sighted" and card.drm("japan", "sub") == 1
    sub_square = sorted(GRID.submarines)[0]
    after, _ = flip(position(tf16=sub_square, tf17=sub_square, top=[SUBMARINE]), dice=[4])
    assert after.tf("TF-16").damage == 1 and after.tf("TF-17").damage == 1  # each TF in the square
    plain = first_card("sub-sighted")
    after, _ = flip(position(tf16=sub_square, top=[plain]), dice=[4])
    assert after.tf("TF-16").damage == 0


def test_danger_zone_attack_example_and_its_variants() -> None:
    """MS › Japanese Danger Zone Attacks example: TF-16 on a danger square is attacked when the
    card says Danger; with All Clear, or Sub Sighted (no sub icon there), it is not."""
    square = sorted(GRID.danger - GRID.submarines)[0]
    after, events = flip(position(tf16=square, top=[first_card("danger")]), dice=[6])
    assert rolls(events) == [("danger", [6])]
    assert after.tf("TF-16").damage == 1
    for hazard in ("all-clear", "sub-sighted"):
        after, events = flip(position(tf16=square, top=[first_card(hazard)]))
        assert rolls(events) == [] and after.tf("TF-16").damage == 0


def test_battleship_card_all_stop_and_danger_bonus() -> None:
    """MS › Japanese Danger Zone Attacks: the battleship card reads "All Stop. If American TFs
    are in the Danger Zone add +1 DRM to Japanese Danger Zone Attacks"."""
    card = DECK[BATTLESHIPS]
    assert card.all_stop and card.hazard == "danger" and card.drm("japan", "danger") == 1
    square = sorted(GRID.danger)[0]
    state = position(tf16=square, aif="B2", csf="B4", mif="B7", top=[BATTLESHIPS])
    after, _ = flip(state, dice=[4])  # 4 + 1 = 5 hits
    assert after.tf("TF-16").damage == 1
    assert [j.square for j in after.japanese] == ["B2", "B4", "B7"]


def test_refueling_airplanes_example() -> None:
    """MS › Action Card Play example: Refueling Airplanes, "+1 DRM to attacks this turn": the
    MIF and TF-17 fight and both sides add 1 to every die in both rounds."""
    card = DECK[REFUELING]
    assert card.title == "Refueling Airplanes"
    assert card.drm("us", "ship") == 1 and card.drm("japan", "ship") == 1
    mif_end = RULES.rs.path(REFUELING, 2, "G7", [])[-1]
    state = position(tf17=mif_end, mif="G7", top=[REFUELING])
    # 4s hit for both sides: MIF 4 1 1 -> 1 hit; TF-17 4 4 1 -> 2 hits; round 2 the same.
    after, events = flip(state, dice=[4, 1, 1, 4, 4, 1, 4, 1, 1, 4, 4, 1])
    assert [e.data["drm"] for e in events if e.kind == "roll"] == [1, 1, 1, 1]
    assert after.tf("TF-17").damage == 2 and after.jp("MIF").damage == 4


def test_japanese_zero_example() -> None:
    """MS › Action Card Play example: Japanese Zero, "-1 DRM to American attacks this turn":
    the Japanese rolls are unchanged, the American ones lose 1 in both rounds."""
    card = DECK[ZERO]
    assert card.title == "Japanese Zero"
    assert card.drm("us", "ship") == -1 and card.drm("japan", "ship") == 0
    mif_end = RULES.rs.path(ZERO, 2, "G7", [])[-1]
    state = position(tf17=mif_end, mif="G7", top=[ZERO])
    # MIF 5 1 1 -> 1 hit; TF-17 5 5 6 -> 4 4 5 = 1 hit; round 2 the same.
    after, events = flip(state, dice=[5, 1, 1, 5, 5, 6, 5, 1, 1, 5, 5, 6])
    assert [(e.data["unit"], e.data["drm"]) for e in events if e.kind == "roll"] == [
        ("MIF", 0),
        ("TF-17", -1),
        ("MIF", 0),
        ("TF-17", -1),
    ]
    assert after.tf("TF-17").damage == 2 and after.jp("MIF").damage == 2
