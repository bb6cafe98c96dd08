"""The generic provenance walker (ruleset/provenance.py) over every game's bundled ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from midway_desktop.games import GAME_IDS
from midway_desktop.games.cv.data import load_data
from midway_desktop.ruleset import ruleset_dir
from midway_desktop.ruleset.provenance import (
    SOURCES,
    SourcedValue,
    count_by_source,
    file_values,
    ruleset_values,
    value_text,
)
from midway_desktop.ruleset.yamlio import load_yaml


def _rows(game: str) -> list[SourcedValue]:
    return ruleset_values(ruleset_dir(game))


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_file_with_provenance_gives_values_each_with_a_known_source(game: str) -> None:
    rows = _rows(game)
    files = {p.name for p in ruleset_dir(game).glob("*.yaml") if "provenance:" in p.read_text(encoding="utf-8")}
    assert files and {r.file for r in rows} == files
    assert all(r.source in SOURCES for r in rows), [r.place for r in rows if r.source not in SOURCES][:5]
    # The README's rule: only a provisional value may go without a reference.
    assert all(r.ref.strip() for r in rows if not r.provisional)
    counts = count_by_source(rows)
    assert counts["provisional"] > 0 and counts["rulebook"] > 0
    assert sum(counts.values()) == len(rows)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_line_of_each_value_is_the_line_it_is_written_on(game: str) -> None:
    lines = {f: (ruleset_dir(game) / f).read_text(encoding="utf-8").splitlines() for f in {r.file for r in _rows(game)}}
    for row in _rows(game):
        # A value starts on its key's line (a block value on the next): the key is written there.
        key = row.where[-1].replace(" ", "_")
        near = " ".join(lines[row.file][max(0, row.line - 2) : row.line])
        assert f"{key}:" in near, (row.place, row.line, near)


def test_bases_midway_ready_is_provisional_and_its_region_rulebook() -> None:
    rows = {r.place: r for r in _rows("cv")}
    ready = rows["bases.yaml › bases › Midway › ready"]
    assert (ready.value, ready.source) == ("14", "provisional")
    assert "Plane Handling Table" in ready.ref
    region = rows["bases.yaml › bases › Midway › region"]
    assert (region.value, region.source) == ("midway", "rulebook")
    assert region.ref.startswith("Intro III.A.7")
    launch = rows["bases.yaml › bases › Midway › launch"]
    assert launch.value == "7, 14, 21"


def test_a_provenance_may_name_a_part_of_a_value_the_wind_of_the_weather() -> None:
    rows = {r.place: r for r in _rows("cv")}
    scenario = "scenarios.yaml › scenarios › The Battle of Midway Scenario"
    wind = rows[f"{scenario} › weather › wind"]
    clouds = rows[f"{scenario} › weather › clouds"]
    assert wind.value == "sector-arrows" and wind.ref.startswith("Optional XIII.A.1")
    assert clouds.ref == "Scenarios III.A-C"
    assert rows[f"{scenario} › optional rules"].ref.startswith("Optional I:")


def test_midway_solitaire_moves_cover_the_three_arrows_and_card_is_the_default() -> None:
    rows = [r for r in _rows("midway-solitaire") if r.file == "cards.yaml"]
    nagumo = {r.where[-1]: r for r in rows if len(r.where) == 3 and r.where[1] == "The Main Body"}
    assert nagumo, sorted({r.where[1] for r in rows})[:10]
    card = load_yaml(ruleset_dir("midway-solitaire") / "cards.yaml")
    entry = next(c for c in card.req("cards").list() if c.req("title").value == "The Main Body").req("provenance")
    moves = entry.get("moves")
    default = entry.get("card") or entry
    for key in ("aif", "csf", "mif"):
        expected = (moves or default).plain()
        assert nagumo[key].source == expected["source"]
    assert nagumo["history"].source == (entry.get("history") or default).plain()["source"]


def test_values_inside_a_sourced_entry_that_carry_their_own_provenance_are_walked_apart(tmp_path: Path) -> None:
    path = tmp_path / "units.yaml"
    path.write_text(
        "schema: 1\n"
        "group:\n"
        "  title: Strike group\n"
        "  speed: 2\n"
        "  parts:\n"
        "    - {name: lead, hits: 3, provenance: {source: rulebook, ref: 'p. 4'}}\n"
        "  provenance: {default: {source: provisional}, speed: {source: derived, ref: 'from p. 2'}}\n"
        "plain: 5\n",
        encoding="utf-8",
    )
    rows = {r.place: r for r in file_values(load_yaml(path), "units.yaml")}
    assert set(rows) == {
        "units.yaml › group › speed",
        "units.yaml › group › parts › lead › hits",
    }
    assert (rows["units.yaml › group › speed"].source, rows["units.yaml › group › speed"].ref) == (
        "derived",
        "from p. 2",
    )
    assert rows["units.yaml › group › parts › lead › hits"].line == 6


def test_a_provenance_without_a_source_reads_as_unknown(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: {b: 1, provenance: {ref: 'somewhere'}}\n", encoding="utf-8")
    (row,) = file_values(load_yaml(path), "x.yaml")
    assert (row.place, row.value, row.source) == ("x.yaml › a › b", "1", "unknown")
    assert count_by_source([row])["unknown"] == 1


def test_value_text_reads_as_plain_text() -> None:
    assert value_text(None) == "—"
    assert value_text(True) == "yes"
    assert value_text([[5, 5], [2, None]]) == "[5, 5], [2, —]"
    assert value_text({"air_to_air": 7, "bombing": {"high": {"he": 6}}}) == "air to air: 7; bombing: {high: {he: 6}}"
    assert value_text([]) == "none"


# -- CV: the walker finds every value CvData.provisional_values() names ---------------------
def _cv_place(name: str) -> tuple[str, tuple[str, ...]]:
    """The file and the start of the place of a name ``provisional_values`` gives."""
    fixed = {
        "Combat Results Table (cells other than the worked examples)": ("charts.yaml", ("combat results",)),
        "Critical Hit Table One": ("charts.yaml", ("critical hits", "table one")),
        "Critical Hit Table Two": ("charts.yaml", ("critical hits", "table two")),
        "Night Landings Chart": ("charts.yaml", ("night landings",)),
        "Wind Direction Changes Chart": ("charts.yaml", ("wind direction changes",)),
    }
    if name in fixed:
        return fixed[name]
    prefixes = {
        "Air Hit Table modifier (": ("air modifiers",),
        "Surface Hit Table modifier (": ("surface modifiers",),
    }
    for prefix, where in prefixes.items():
        if name.startswith(prefix):
            return "charts.yaml", (*where, name[len(prefix) : -1])
    head, _, tail = name.partition(": ")
    if head == "Surface Hit Table BHT":
        return "charts.yaml", ("surface bht", tail)
    if head == "Ship Sizes and Functions":
        return "charts.yaml", ("ship sizes and functions", tail)
    if head == "Victory Points":
        side, ship_type = tail.split(" ")
        return "charts.yaml", ("victory points", "ships", side.lower(), ship_type)
    if head == "Observation Tables":
        return "charts.yaml", ("observation", "*", tail)
    if head == "Time Record":
        return "charts.yaml", ("time record", tail)
    if name.startswith("Japanese Force ") or name.startswith("American Force "):
        side, _, force = name.split(" ")
        return "forces.yaml", ("forces", f"{side} {force}")
    raise KeyError(name)


def _starts(where: tuple[str, ...], prefix: tuple[str, ...]) -> bool:
    return len(where) >= len(prefix) and all(p in ("*", w) for p, w in zip(prefix, where, strict=False))


def test_cv_every_value_provisional_values_names_is_a_provisional_row() -> None:
    data = load_data()
    rows = [r for r in _rows("cv") if r.provisional]
    by_file: dict[str, list[SourcedValue]] = {}
    for r in rows:
        by_file.setdefault(r.file, []).append(r)
    entries = {
        "planes.yaml": ("planes", [p.title for p in data.planes]),
        "ships.yaml": ("classes", [c.title for c in data.ships.classes]),
        "bases.yaml": ("bases", [b.title for b in data.bases.bases]),
    }
    names = data.provisional_values()
    found = 0
    arrivals = 0
    for name in names:
        title, _, field = name.partition(": ")
        owner = next(((f, k) for f, (k, titles) in entries.items() if title in titles), None)
        if owner is not None:
            file, key = owner
            place = (key, title, field) if field else (key, title)
            assert any(_starts(r.where, place) for r in by_file[file]), name
        elif name.startswith("Random Arrival"):
            arrivals += 1
            continue
        else:
            file, place = _cv_place(name)
            assert any(_starts(r.where, place) for r in by_file[file]), name
        found += 1
    # The Random Arrival lines and arrivals are list entries: as many provisional ones.
    provisional_entries = {r.where[:3] for r in by_file["charts.yaml"] if r.where[0] == "random arrival"}
    assert arrivals == len(provisional_entries) == 23
    assert found + arrivals == len(names)
