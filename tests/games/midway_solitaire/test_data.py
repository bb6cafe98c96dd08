"""The status boards and the action deck against every statement the rulebook makes.

Source: ``midway-solitaire.txt`` (MS). Values the text does not fix are provisional in
``rulesets/midway-solitaire/forces.yaml`` and ``cards.yaml``; these tests hold them to what the
text says. Strength = firepower x damage: with every die hitting on 5-6, the ratio of two
strengths is the ratio of the shares of each other two forces destroy per round.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from midway_desktop.games.midway_solitaire.cards import HAZARDS, load_cards, parse_cards
from midway_desktop.games.midway_solitaire.combat import MA_DICE
from midway_desktop.games.midway_solitaire.forces import AMERICAN, JAPANESE, load_forces, parse_forces
from midway_desktop.ruleset import RulesetError, load_yaml, ruleset_dir
from midway_desktop.ruleset.validate import validate_ruleset

FORCES = load_forces()
DECK = load_cards()
SOURCES = {"rulebook", "derived", "historical", "provisional"}


# -- status boards ---------------------------------------------------------------------------


def test_csf_rolls_five_dice() -> None:
    """MS › Ship Attacks example: "the Japanese roll 5 dice" for the CSF."""
    assert FORCES["CSF"].firepower == 5
    assert FORCES["CSF"].provenance["firepower"].source == "rulebook"


def test_tf17_rolls_three_and_sinks_at_four() -> None:
    """MS › Ship Attacks example: TF-17 rolls 3 dice; damage from 2 to 4 "sinks it"."""
    assert FORCES["TF-17"].firepower == 3
    assert FORCES["TF-17"].damage == 4
    assert FORCES["TF-17"].provenance["damage"].source == "rulebook"


def test_csf_survives_four_hits() -> None:
    """MS › Ship Attacks example: the CSF's damage goes from 2 to 4 and it fights on."""
    assert FORCES["CSF"].damage > 4


def test_tf16_alone_overmatches_the_invasion_forces() -> None:
    """MS › Midway Strategy: "TF-16 can overmatch the Japanese AIF or MIF invasion force by
    itself" (overmatch: at least one and a half times as strong)."""
    for unit in ("AIF", "MIF"):
        assert FORCES["TF-16"].strength >= 1.5 * FORCES[unit].strength


def test_tf17_with_the_midway_aircraft_slightly_outmatches_them() -> None:
    """MS › Midway Strategy: "TF-17 with the Midway Air unit can also slightly outmatch them":
    ahead with the MA's die, by less than TF-16's margin; without it, not ahead."""
    tf17 = FORCES["TF-17"]
    with_ma = (tf17.firepower + MA_DICE) * tf17.damage
    for unit in ("AIF", "MIF"):
        assert FORCES[unit].strength < with_ma < 1.5 * FORCES[unit].strength
        assert tf17.strength <= FORCES[unit].strength
        assert with_ma < FORCES["TF-16"].strength


def test_neither_tf_alone_outmatches_the_csf() -> None:
    """MS › Midway Strategy: "Neither American TF alone can outmatch the Japanese CSF"."""
    for tf in AMERICAN:
        assert FORCES[tf].strength < FORCES["CSF"].strength


def test_both_tfs_together_outmatch_the_csf() -> None:
    """MS › Midway Strategy: to attack the CSF "it is best to have TF-16 and TF-17 moving
    together" - together they are the stronger."""
    fp = FORCES["TF-16"].firepower + FORCES["TF-17"].firepower
    dmg = FORCES["TF-16"].damage + FORCES["TF-17"].damage
    assert fp * dmg > FORCES["CSF"].strength


def test_japanese_total_is_stronger() -> None:
    """MS › Midway Strategy: "Total Japanese forces are stronger than the American total"."""
    for field in ("firepower", "damage"):
        japanese = sum(getattr(FORCES[u], field) for u in JAPANESE)
        american = sum(getattr(FORCES[u], field) for u in AMERICAN) + (MA_DICE if field == "firepower" else 0)
        assert japanese > american


def test_tf16_two_carriers_share_one_damage_track() -> None:
    """MS › American Units / Ship Status Boards: TF-16 is Enterprise and Hornet, with one
    damage number for the whole TF; TF-17 is Yorktown."""
    assert FORCES["TF-16"].ships == ("Enterprise", "Hornet")
    assert isinstance(FORCES["TF-16"].damage, int)
    assert FORCES["TF-17"].ships == ("Yorktown",)


def test_fuel_and_long_range_attacks() -> None:
    """MS › American Units: each TF has 3 extra fuel and 2 long range attacks."""
    for tf in AMERICAN:
        assert FORCES[tf].extra_fuel == 3 and FORCES[tf].long_range_attacks == 2
        assert FORCES[tf].provenance["extra_fuel"].source == "rulebook"
    for unit in JAPANESE:
        assert FORCES[unit].extra_fuel == 0 and FORCES[unit].long_range_attacks == 0


def test_light_carriers() -> None:
    """MS › Japanese Units: the AIF includes two light carriers, the MIF one."""
    assert len(FORCES["AIF"].ships) == 2 and len(FORCES["MIF"].ships) == 1
    assert len(FORCES["CSF"].ships) == 4


def test_every_force_value_has_provenance() -> None:
    """rulesets/README: every authored value says where it comes from."""
    for force in FORCES.forces.values():
        for field, prov in force.provenance.items():
            assert prov.source in SOURCES, (force.id, field)
            assert prov.source == "provisional" or prov.ref, (force.id, field)


# -- the action deck -------------------------------------------------------------------------


def test_card_one_is_the_player_aid_and_out_of_the_deck() -> None:
    """MS › Game Setup 4: remove card 1, a player aid card; shuffle the rest."""
    assert DECK.player_aid == 1
    assert 1 not in DECK.numbers


def test_a_full_deck() -> None:
    """A full deck: numbered 2 upward without gaps, enough cards for a whole game."""
    assert 24 <= len(DECK) <= 30
    assert DECK.numbers == tuple(range(2, 2 + len(DECK)))


def by_title(title: str):  # type: ignore[no-untyped-def]
    return next(DECK[n] for n in DECK.numbers if DECK[n].title == title)


def test_sbd_card() -> None:
    """MS › Unit Movement example: AIF West, CSF East then South, MIF West; +1 to American attacks."""
    card = by_title("SBD Dauntless Dive Bomber")
    assert [m.steps for m in card.moves] == [("w",), ("e", "s"), ("w",)]
    assert card.drm("us", "ship") == card.drm("us", "ma") == 1
    assert card.drm("japan", "ship") == 0
    assert card.provenance["moves"].source == "rulebook"


def test_refueling_airplanes_card() -> None:
    """MS › Action Card Play example: "Apply a +1 DRM to attacks this turn" (both sides)."""
    card = by_title("Refueling Airplanes")
    assert card.event == "Apply a +1 DRM to attacks this turn."
    for side in ("us", "japan"):
        for attack in ("ship", "ma", "sub", "danger"):
            assert card.drm(side, attack) == 1 or side == "us" and attack in ("sub", "danger")


def test_japanese_zero_card() -> None:
    """MS › Action Card Play example: "Apply a -1 DRM to American attacks this turn"."""
    card = by_title("Japanese Zero")
    assert card.drm("us", "ship") == -1 and card.drm("us", "ma") == -1
    assert card.drm("japan", "ship") == 0


def test_submarine_card() -> None:
    """MS › Japanese Submarine Attacks: a card with a submarine where the movement arrows go and
    "Apply a +1 DRM to any Japanese submarine attacks this turn"; it brings Sub Sighted."""
    cards = [DECK[n] for n in DECK.numbers if any(m.attack == "sub" and m.value > 0 for m in DECK[n].modifiers)]
    assert len(cards) >= 1
    assert cards[0].all_stop


def test_battleship_card() -> None:
    """MS › Japanese Danger Zone Attacks: "All Stop" and "+1 DRM to Japanese Danger Zone
    Attacks"; it brings Danger."""
    cards = [DECK[n] for n in DECK.numbers if any(m.attack == "danger" and m.value > 0 for m in DECK[n].modifiers)]
    assert len(cards) == 1
    card = cards[0]
    assert card.all_stop and card.hazard == "danger"
    assert card.provenance["moves"].source == "rulebook"


def test_every_hazard_occurs() -> None:
    """MS › Action Card Play (Hazards): Sub Sighted, Danger or All Clear on each card."""
    assert {DECK[n].hazard for n in DECK.numbers} == set(HAZARDS)


def test_movement_patterns_as_the_rulebook_describes() -> None:
    """MS › Unit Movement: mostly one square; some two; some none (All Stop); a few one square
    toward a location or toward an American TF."""
    moves = [m for n in DECK.numbers for m in DECK[n].moves]
    one = sum(len(m.steps) == 1 for m in moves)
    two = sum(len(m.steps) == 2 for m in moves)
    stop = sum(m.all_stop for m in moves)
    toward = [m.toward for m in moves if m.toward]
    assert one > len(moves) / 2
    assert two and stop and toward
    assert "nearest-tf" in toward and any(t != "nearest-tf" for t in toward)
    assert len(toward) < one / 3


def test_japanese_forces_head_east() -> None:
    """MS › Game Board: the invasion forces advance from the west edge toward Midway and
    Alaska: every force gains more ground east than west over the deck."""
    for i in range(3):
        east = sum(m.steps.count("e") for n in DECK.numbers for m in (DECK[n].moves[i],))
        west = sum(m.steps.count("w") for n in DECK.numbers for m in (DECK[n].moves[i],))
        assert east > 2 * west + 8


def test_every_card_has_a_history_and_provenance() -> None:
    """MS › Action Card Play: a card shows a title and a history note; rulesets/README: every
    value has provenance."""
    for n in DECK.numbers:
        card = DECK[n]
        assert card.title and card.history
        assert card.provenance["card"].source in SOURCES
        for prov in card.provenance.values():
            assert prov.source in SOURCES and (prov.source == "provisional" or prov.ref)


def test_bundled_ruleset_validates() -> None:
    """`midway-desktop validate` finds nothing wrong with the bundled ruleset."""
    assert validate_ruleset(ruleset_dir("midway-solitaire")) == []


# -- broken files ----------------------------------------------------------------------------


def _broken(tmp_path: Path, name: str, old: str, new: str, line: int | None = None) -> RulesetError:
    text = (ruleset_dir("midway-solitaire") / name).read_text(encoding="utf-8")
    assert old in text, f"test set-up: {old!r} is not in {name}"
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    parser = parse_cards if name == "cards.yaml" else parse_forces
    with pytest.raises(RulesetError) as caught:
        parser(load_yaml(path))
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(path))
    line = line or text[: text.index(old)].count("\n") + 1
    assert f":{line}:" in message or f":{line + 1}:" in message, message
    return caught.value


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("    aif: [w]\n", "    aif: [nw]\n", "'nw' is not one of n, e, s, w"),
        ("    csf: [e, s]\n", "    csf: [e, s, e]\n", "one or two steps"),
        ("    hazard: all-clear\n", "    hazard: sunny\n", "not one of sub-sighted"),
        ("drm: [{side: us, attack: any, value: 1}]", "drm: [{side: us, attack: any, value: 0}]", "modifier"),
        ("drm: [{side: us, attack: any, value: 1}]", "drm: [{side: both, attack: any, value: 1}]", "'both'"),
        ("  - number: 3\n", "  - number: 2\n", "listed twice"),
        ("  - number: 3\n", "  - number: 1\n", "player aid"),
        ("    mif: [w]\n", "    mif: []\n", "one or two steps"),
        ("    mif: [w]\n", "    mif: {toward: tokyo}\n", "'tokyo' is not one of"),
        ("    hazard: all-clear\n", "    hazzard: all-clear\n", "unknown key"),
    ],
)
def test_broken_cards_name_file_line_and_problem(tmp_path: Path, old: str, new: str, problem: str) -> None:
    """A bad card is one RulesetError line: file, line, problem."""
    assert problem in str(_broken(tmp_path, "cards.yaml", old, new))


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("    firepower: 5\n", "    firepower: 0\n", "from 1 to 99"),
        ("    damage: 4\n", "    damage: four\n", "whole number"),
        ("  - id: MIF\n", "  - id: KIF\n", "not one of"),
        ("  - id: MIF\n", "  - id: AIF\n", "listed twice"),
        ("    side: japan\n", "    side: us\n", "japan side"),
        ("    extra_fuel: 3\n", "    extra_fuel: -1\n", "from 0 to 99"),
    ],
)
def test_broken_status_boards_name_file_line_and_problem(tmp_path: Path, old: str, new: str, problem: str) -> None:
    """A bad status board value is one RulesetError line: file, line, problem."""
    assert problem in str(_broken(tmp_path, "forces.yaml", old, new))


def test_missing_provenance_is_refused(tmp_path: Path) -> None:
    """rulesets/README: a value without provenance is refused."""
    text = (ruleset_dir("midway-solitaire") / "cards.yaml").read_text(encoding="utf-8")
    at = text.index("    provenance: {source: provisional}\n")
    card_line = text[:at].rindex("  - number:")  # the error names the card that lacks it
    error = _broken(
        tmp_path, "cards.yaml", "    provenance: {source: provisional}\n", "", text[:card_line].count("\n") + 1
    )
    assert "missing 'provenance'" in str(error)
