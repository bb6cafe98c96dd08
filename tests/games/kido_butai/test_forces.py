"""rulesets/kido-butai/forces.yaml: every value agrees with the text, bad files fail clearly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from midway_desktop.cli import main
from midway_desktop.games.kido_butai.forces import load_forces, parse_forces
from midway_desktop.ruleset import RulesetError, load_yaml, ruleset_dir
from midway_desktop.ruleset.validate import validate_ruleset

FILE = ruleset_dir("kido-butai") / "forces.yaml"
F = load_forces()


def test_set_up_squadrons_per_carrier() -> None:
    """KB › 1: one Zero per carrier; three bombers on Akagi and Kaga, two on Soryu and Hiryu."""
    by_name = {c.name: c for c in F.japanese}
    assert list(by_name) == ["akagi", "kaga", "soryu", "hiryu"]
    assert [(c.fighters, c.bombers) for c in F.japanese] == [(1, 3), (1, 3), (1, 2), (1, 2)]
    assert len(F.squadrons) == 14
    assert sum(s.is_fighter for s in F.squadrons) == 4
    assert all(s.home in by_name for s in F.squadrons)
    assert len(set(F.ids)) == 14


def test_capacities_hold_the_set_up_and_the_example_game() -> None:
    for c in F.japanese:
        assert c.capacity.full >= c.fighters + c.bombers > c.capacity.reduced >= 0
    # KB › 9, 0730: the 7 returning squadrons land while 6 stay aboard and 1 flies CAP.
    assert sum(c.capacity.full for c in F.japanese) >= 13
    for c in F.american:
        assert c.capacity.full > c.capacity.reduced >= 0
    # KB › 9, 0630: Midway damaged, one Buffalo lost: the Dauntless still goes on the track.
    assert F.midway.full - F.midway.reduced <= 1


def test_pools_match_us_capacity() -> None:
    """KB › 6.c matches deck space lost with squadrons lost: one squadron per deck space."""
    capacity = sum(c.capacity.full for c in F.american) + F.midway.full
    assert F.bomber_pool.squadrons + F.fighter_pool.squadrons == capacity
    assert F.fleet_placeholders == 1
    assert [c.name for c in F.american] == ["yorktown", "enterprise", "hornet"]
    assert F.bomber_pool.squadron == "Dauntless" and F.bomber_pool.placeholder == "no bomber"
    assert F.fighter_pool.squadron == "Buffalo" and F.fighter_pool.placeholder == "no fighter"


def test_victory_values_are_the_rulebooks() -> None:
    """KB › 8."""
    v = F.victory
    assert (v.squadrons_per_award, v.squadron_award) == (2, 0.5)
    assert v.carrier_damaged == 1 and v.midway_destroyed == 1
    assert v.carrier_sunk == {"akagi": 3, "kaga": 3, "soryu": 2, "hiryu": 2, "american": 3}
    assert [b.name for b in v.bands] == [
        "major-japanese-defeat",
        "minor-japanese-defeat",
        "draw",
        "minor-japanese-victory",
        "decisive-japanese-victory",
    ]
    expected = {-20: 0, -6: 0, -5: 1, -1: 1, 0: 2, 1: 3, 5: 3, 6: 4, 30: 4}
    for margin, band in expected.items():
        assert v.band(margin) is v.bands[band]


def test_every_value_says_where_it_comes_from() -> None:
    text = FILE.read_text(encoding="utf-8")
    assert text.count("provenance") >= 15
    for prov in [c.capacity.provenance for c in F.japanese + F.american] + [F.midway.provenance]:
        assert prov.source in ("rulebook", "derived", "historical", "provisional")
        assert prov.ref
    assert "Midway capacity" in F.provisional_values()
    assert not re.search(r"/(home|root|tmp|work)/", text)


def test_bundled_ruleset_validates() -> None:
    assert validate_ruleset(FILE.parent) == []
    assert main(["validate", str(FILE.parent)]) == 0


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = FILE.read_text(encoding="utf-8")
    assert old in text
    folder = tmp_path / "kido-butai"
    folder.mkdir(exist_ok=True)
    out = folder / "forces.yaml"
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("full: 4\n        reduced: 2", "full: 4\n        reduced: 4", "must be lower than the full side"),
        ("squadrons: 10", "squadrons: 11", "do not match the 16 squadrons of US capacity"),
        ("fighters: 1\n        bombers: 3", "fighters: 1\n        bombers: 9", "the full side holds only 4"),
        ("placeholders: 7", "placeholders: seven", "expected a whole number"),
        ("    title: Midway\n", "    title: Midway\n    runway: 2\n", "unknown key"),
        ("akagi: 3\n", "akagi: 3\n    zuiho: 1\n", "'zuiho' is not a carrier"),
        ("from: -5, to: -1", "from: -4, to: -1", "must start right after"),
        (
            '{source: rulebook, ref: "KB › 8: Midway base destroyed: one victory point"}',
            "{source: rulebook}",
            "needs a 'ref'",
        ),
        (
            '    points: 1\n    provenance: {source: rulebook, ref: "KB › 8: Midway',
            '    points: 1\n    prov: {source: rulebook, ref: "KB › 8: Midway',
            "unknown key",
        ),
    ],
)
def test_broken_files_give_one_line_naming_file_and_line(tmp_path: Path, old: str, new: str, problem: str) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(RulesetError) as err:
        load_forces(path)
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"{path}:") and re.match(rf"{re.escape(str(path))}:\d+: ", message)
    assert problem in message
    assert any(problem in str(p) for p in validate_ruleset(path.parent))


def test_a_file_for_another_game_is_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, "game: kido-butai", "game: cv")
    with pytest.raises(RulesetError, match="not 'kido-butai'"):
        parse_forces(load_yaml(path))
