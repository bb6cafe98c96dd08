"""Broken ruleset files give one clear ``RulesetError`` naming file, line and problem.

Each broken file is the bundled Victory at Midway ``board.yaml`` (or a small box layout)
with one edit, written to ``tmp_path``. Whatever is wrong, loading must raise
``RulesetError`` — never a YAML, shapely, recursion or key error — and its message is one
line ``<file>:<line>: <problem>``. The ``validate`` command reports the same line on stderr.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from midway_desktop.cli import main
from midway_desktop.games import GAME_IDS
from midway_desktop.geometry import load_board, parse_board
from midway_desktop.ruleset import RulesetError, load_yaml, ruleset_dir, rulesets_root
from midway_desktop.ruleset.validate import validate_path, validate_ruleset

VAM = "victory-at-midway"
BUNDLED = [pytest.param(g, id=g) for g in GAME_IDS if (ruleset_dir(g) / "board.yaml").is_file()]


def vam_text() -> str:
    return (ruleset_dir(VAM) / "board.yaml").read_text(encoding="utf-8")


def edit(text: str, old: str, new: str) -> str:
    assert old in text, f"test set-up: {old!r} not in the file any more"
    return text.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    """1-based line of the first occurrence of ``needle``."""
    at = text.index(needle)
    return text.count("\n", 0, at) + 1


def write(tmp_path: Path, text: str | bytes, folder: str = VAM) -> Path:
    """``text`` as the board of a copy of ``folder``'s bundled ruleset (its other files as
    bundled, so ``validate`` finds nothing else wrong), or of a folder of that name alone."""
    d = tmp_path / folder
    if not d.exists() and (ruleset_dir(folder) / "board.yaml").is_file() if folder in GAME_IDS else False:
        shutil.copytree(ruleset_dir(folder), d)
    d.mkdir(parents=True, exist_ok=True)
    p = d / "board.yaml"
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def load(path: Path):  # type: ignore[no-untyped-def]
    return parse_board(load_yaml(path), expected_game=path.parent.name)


def refused(path: Path) -> RulesetError:
    """The one error loading ``path`` raises, checked to be a one-line ``RulesetError``."""
    with pytest.raises(RulesetError) as info:
        load(path)
    err = info.value
    msg = str(err)
    assert "\n" not in msg, f"message is not one line: {msg!r}"
    assert err.path == path
    assert msg.startswith(f"{path}")
    # The validate command reports the same single problem.
    problems = validate_ruleset(path.parent)
    assert [str(p) for p in problems] == [msg]
    return err


def check(err: RulesetError, path: Path, line: int | tuple[int, ...], *words: str) -> None:
    lines = (line,) if isinstance(line, int) else line
    assert err.line in lines, f"reported line {err.line}, expected {lines}: {err}"
    assert str(err).startswith(f"{path}:{err.line}: ")
    for w in words:
        assert w in str(err), f"{w!r} not in {err}"


# -- controls ------------------------------------------------------------------------------
def test_unmodified_copy_loads(tmp_path: Path) -> None:
    p = write(tmp_path, vam_text())
    board = load(p)
    assert board.game == VAM and "H6" in board
    assert validate_ruleset(p.parent) == []


def test_byte_order_mark_and_crlf_are_accepted(tmp_path: Path) -> None:
    """Files saved by Windows editors (BOM, CRLF line ends) are ordinary rulesets."""
    text = vam_text().replace("\n", "\r\n")
    p = write(tmp_path, b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert "H6" in load(p)


def test_load_board_accepts_a_folder_or_a_file(tmp_path: Path) -> None:
    p = write(tmp_path, vam_text())
    assert load_board(p).labels() == load_board(p.parent).labels() == load_board(VAM).labels()


def test_missing_file_is_a_ruleset_error(tmp_path: Path) -> None:
    missing = tmp_path / VAM / "board.yaml"
    with pytest.raises(RulesetError, match="cannot read file") as info:
        load_board(missing)
    assert str(info.value).startswith(str(missing))


# -- YAML-level problems -------------------------------------------------------------------
def test_yaml_syntax_error(tmp_path: Path) -> None:
    text = edit(vam_text(), "north: up", "north: [up")
    p = write(tmp_path, text)
    n = line_of(text, "north: [up")
    check(refused(p), p, (n, n + 1), "YAML syntax")


def test_yaml_unclosed_quote(tmp_path: Path) -> None:
    text = edit(vam_text(), "title: Victory at Midway\n", 'title: "Victory at Midway\n')
    p = write(tmp_path, text)
    err = refused(p)
    assert err.line is not None and err.line >= line_of(text, 'title: "Victory')
    assert "YAML syntax" in str(err)


def test_bad_indentation(tmp_path: Path) -> None:
    text = edit(vam_text(), "  kind: hex\n", "  kind: hex\n    orientation: flat\n")
    p = write(tmp_path, text)
    check(refused(p), p, (line_of(text, "    orientation: flat"),), "YAML syntax")


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_file(tmp_path: Path, text: str) -> None:
    p = write(tmp_path, text)
    check(refused(p), p, 1, "empty")


@pytest.mark.parametrize("text", ["---\n", "~\n", "null\n"])
def test_document_of_nothing(tmp_path: Path, text: str) -> None:
    p = write(tmp_path, text)
    err = refused(p)
    assert "empty" in str(err) or "expected a mapping, found nothing" in str(err)


def test_top_level_not_a_mapping(tmp_path: Path) -> None:
    p = write(tmp_path, "- just\n- a list\n")
    check(refused(p), p, 1, "expected a mapping")


def test_not_utf8(tmp_path: Path) -> None:
    """A Latin-1 byte in a comment: the message names the file, the line and the encoding problem."""
    raw = vam_text().encode("utf-8").replace(b"north: up", b"north: up  # caf\xe9", 1)
    p = write(tmp_path, raw)
    n = vam_text()[: vam_text().index("north: up")].count("\n") + 1
    check(refused(p), p, n, "UTF-8")


def test_duplicate_key(tmp_path: Path) -> None:
    text = edit(vam_text(), "north: up\n", "north: up\nnorth: down\n")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "north: down"), "duplicate key 'north'")


def test_duplicate_key_in_a_flow_mapping(tmp_path: Path) -> None:
    text = edit(vam_text(), "{source: rulebook, ref:", "{source: rulebook, source: derived, ref:")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "source: derived, ref:"), "duplicate key 'source'")


def test_unknown_key_with_a_value_on_the_same_line(tmp_path: Path) -> None:
    text = edit(vam_text(), "title: Victory at Midway", "tittle: Victory at Midway")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "tittle:"), "tittle", "unknown key", "title")


def test_unknown_key_with_a_block_value(tmp_path: Path) -> None:
    """A misspelt section name is reported on its own line, not on the first line inside it."""
    text = edit(vam_text(), "\ngrid:\n", "\ngird:\n")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "gird:"), "gird", "unknown key")


def test_unknown_key_in_a_region(tmp_path: Path) -> None:
    text = edit(vam_text(), "    cells: [H6]", "    cels: [H6]")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "cels:"), "regions[0].cels", "unknown key")


def test_hostile_keys_refused(tmp_path: Path) -> None:
    text = vam_text() + "? [a, b]\n: value\n"
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "? [a, b]"), "keys must be plain text")


def test_merge_key_with_a_scalar(tmp_path: Path) -> None:
    """``<<`` must merge a mapping; merging a number is a ruleset error, not a YAML crash."""
    text = vam_text() + "notes:\n  <<: 5\n"
    p = write(tmp_path, text)
    err = refused(p)
    assert err.line in (line_of(text, "notes:"), line_of(text, "  <<: 5"))


@pytest.mark.parametrize("value", ["2024-02-31", "2024-13-01", "!!int twelve", "!!float x", "!!binary 'not base64!'"])
def test_value_yaml_cannot_build(tmp_path: Path, value: str) -> None:
    """A value YAML cannot build (an impossible date, a mistyped tag) is named with its line, in one line."""
    text = edit(vam_text(), "north: up", f"north: {value}")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "north: "))


# -- wrong types and values ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("schema: 1", "schema: one", ("schema", "whole number", "'one'")),
        ("columns: [A, N]", "columns: A", ("columns", "expected a list")),
        ("rows: [1, 12]", "rows: [1, twelve]", ("rows", "two whole numbers or two single letters")),
        ("at: [0, 0]", "at: [0]", ("at", "[column, row]")),
        ("kind: hex", "kind: octagon", ("grid.kind", "'octagon'", "hex, square, boxes")),
        ("orientation: flat", "orientation: 3.5", ("orientation", "expected text")),
        ("shift: even", "shift: true", ("shift", "expected text", "'true'")),
        ("north: up", "north: sideways", ("north", "'sideways'")),
        ("    cells: [H6]", "    cells: H6", ("regions[0].cells", "expected a list")),
        ("rows: [1, 12]", "rows: [12, 1]", ("rows", "comes before")),
    ],
)
def test_wrong_type_or_value(tmp_path: Path, old: str, new: str, words: tuple[str, ...]) -> None:
    text = edit(vam_text(), old, new)
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, new), *words)


def test_missing_required_key(tmp_path: Path) -> None:
    text = edit(vam_text(), "title: Victory at Midway\n", "")
    p = write(tmp_path, text)
    err = refused(p)
    assert "missing 'title'" in str(err)
    assert err.line is not None


# -- provenance ----------------------------------------------------------------------------
MIDWAY_PROV = '    provenance: {source: rulebook, ref: "VaM › Holding Boxes example: the Midway hex (H6)"}\n'


def test_missing_provenance(tmp_path: Path) -> None:
    text = edit(vam_text(), MIDWAY_PROV, "")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "- name: midway"), "regions[0]", "missing 'provenance'")


def test_missing_grid_provenance(tmp_path: Path) -> None:
    text = vam_text()
    start = text.index("  provenance:\n    source: derived")
    end = text.index("  sheets:")
    text = text[:start] + text[end:]
    p = write(tmp_path, text)
    err = refused(p)
    assert "grid: missing 'provenance'" in str(err)
    assert line_of(text, "grid:") <= err.line <= line_of(text, "  sheets:")  # type: ignore[operator]


def test_provenance_source_not_one_of_the_four(tmp_path: Path) -> None:
    text = edit(vam_text(), '{source: rulebook, ref: "VaM › Holding', '{source: guesswork, ref: "VaM › Holding')
    p = write(tmp_path, text)
    check(
        refused(p),
        p,
        line_of(text, "guesswork"),
        "regions[0].provenance.source",
        "'guesswork'",
        "rulebook, derived, historical, provisional",
    )


@pytest.mark.parametrize("source", ["rulebook", "derived", "historical"])
def test_non_provisional_value_needs_a_ref(tmp_path: Path, source: str) -> None:
    text = edit(vam_text(), MIDWAY_PROV, f"    provenance: {{source: {source}}}\n")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, f"{{source: {source}}}"), f"'{source}' value needs a 'ref'")


def test_blank_ref_counts_as_missing(tmp_path: Path) -> None:
    text = edit(vam_text(), MIDWAY_PROV, '    provenance: {source: rulebook, ref: "   "}\n')
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, 'ref: "   "'), "needs a 'ref'")


def test_provisional_value_needs_no_ref(tmp_path: Path) -> None:
    text = edit(vam_text(), MIDWAY_PROV, "    provenance: {source: provisional}\n")
    board = load(write(tmp_path, text))
    assert board.region("midway").provenance.provisional
    assert "region midway" in board.provisional_values()


# -- references to cells -------------------------------------------------------------------
def test_unknown_label_in_region(tmp_path: Path) -> None:
    text = edit(vam_text(), "    cells: [H6]", "    cells: [Z99]")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "[Z99]"), "regions[0].cells[0]", "'Z99' is not a cell")


def test_cells_rect_corner_off_board(tmp_path: Path) -> None:
    text = edit(vam_text(), "[[A1, D3]", "[[A1, P3]")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "[[A1, P3]"), "cells_rect[0][1]", "'P3' is not a cell")


def test_cells_rect_needs_two_corners(tmp_path: Path) -> None:
    text = edit(vam_text(), "[[A1, D3]", "[[A1]")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "[[A1]"), "expected [corner, corner]")


def test_region_defined_twice(tmp_path: Path) -> None:
    text = edit(vam_text(), "  - name: kure\n", "  - name: midway\n")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "  - name: midway\n    title: Kure"), "region 'midway' is defined twice")


def test_region_with_bad_name(tmp_path: Path) -> None:
    text = edit(vam_text(), "  - name: kure\n", "  - name: Kure Atoll\n")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "name: Kure Atoll"), "lower-case")


def test_excluded_label_not_on_sheet(tmp_path: Path) -> None:
    text = edit(vam_text(), "      at: [0, 0]\n", "      at: [0, 0]\n      exclude: [Q1]\n")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "exclude: [Q1]"), "'Q1' is not on this sheet")


# -- file-level consistency ----------------------------------------------------------------
@pytest.mark.parametrize("folder", [g for g in GAME_IDS if g != VAM])
def test_game_must_match_its_folder(tmp_path: Path, folder: str) -> None:
    p = write(tmp_path, vam_text(), folder=folder)
    check(refused(p), p, line_of(vam_text(), "game: "), f"'{VAM}'", f"'{folder}'")


def test_unsupported_schema(tmp_path: Path) -> None:
    text = edit(vam_text(), "schema: 1", "schema: 2")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "schema: 2"), "schema 2 is not supported")


# -- hostile YAML --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "value",
    [
        '!!python/object/apply:os.system "touch {marker}"',
        '!!python/object/apply:os.system ["touch {marker}"]',
        '!!python/object/apply:os.system {{args: ["touch {marker}"]}}',
        "!!python/name:os.system",
        '!!python/object/new:subprocess.Popen [["touch", "{marker}"]]',
    ],
    ids=["scalar", "sequence", "mapping", "name", "new-popen"],
)
def test_python_tags_are_refused(tmp_path: Path, value: str) -> None:
    """No Python object is ever built; a python/* tag anywhere is an error on its line."""
    marker = tmp_path / "pwned"
    text = vam_text() + "notes: " + value.format(marker=marker) + "\n"
    p = write(tmp_path, text)
    err = refused(p)
    assert err.line == line_of(text, "notes: !!python")
    assert not marker.exists()


def test_python_tag_on_a_used_value_is_refused(tmp_path: Path) -> None:
    text = edit(vam_text(), "    cells: [H6]", "    cells: !!python/object/apply:os.getcwd [H6]")
    p = write(tmp_path, text)
    check(refused(p), p, line_of(text, "!!python"))


def billion_laughs(levels: int = 9, width: int = 9) -> str:
    lines = ["schema: 1", f"a0: &a0 [{', '.join(['lol'] * width)}]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_quickly(tmp_path: Path) -> None:
    """Nine levels of nine aliases name 387 million strings; refuse them in well under two seconds."""
    p = write(tmp_path, billion_laughs())
    started = time.perf_counter()
    with pytest.raises(RulesetError) as info:
        load_yaml(p)
    elapsed = time.perf_counter() - started
    err = info.value
    assert str(err).startswith(f"{p}:") and "\n" not in str(err)
    assert "alias" in str(err) or "too many" in str(err)
    assert elapsed < 2.0, f"took {elapsed:.1f}s to refuse an alias bomb"


def test_self_referencing_alias_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, vam_text() + "notes: &loop [*loop]\n")
    err = refused(p)
    assert err.line is not None


def test_self_referencing_mapping_alias_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, vam_text() + "notes: &loop {again: *loop}\n")
    refused(p)


def test_modest_aliases_are_fine(tmp_path: Path) -> None:
    """Ordinary anchors and aliases (sharing one provenance) still load."""
    text = edit(vam_text(), MIDWAY_PROV, '    provenance: &mid {source: rulebook, ref: "Holding Boxes: H6"}\n')
    text = edit(
        text,
        '    provenance: {source: rulebook, ref: "VaM › Optional Rules › Seaplane Tenders: Kure Atoll (G6)"}',
        "    provenance: *mid",
    )
    board = load(write(tmp_path, text))
    assert board.region("kure").provenance == board.region("midway").provenance


# -- box layouts ---------------------------------------------------------------------------
BOXES = """\
schema: 1
game: kido-butai
title: Test display
grid:
  kind: boxes
  size: [10, 6]
  boxes:
    - name: left
      rect: [0, 0, 3, 3]
      adjacent: [right]
      provenance: {source: provisional}
    - name: right
      rect: [4, 0, 3, 3]
      provenance: {source: provisional}
  provenance: {source: provisional}
"""


def test_box_layout_control(tmp_path: Path) -> None:
    board = load(write(tmp_path, BOXES, folder="kido-butai"))
    assert board.kind == "boxes"
    assert board.neighbors("left") == {"right"} and board.neighbors("right") == {"left"}
    assert board.distance("left", "right") == 1


def test_box_with_rect_and_polygon(tmp_path: Path) -> None:
    text = edit(
        BOXES, "      rect: [4, 0, 3, 3]\n", "      rect: [4, 0, 3, 3]\n      polygon: [[4, 0], [7, 0], [7, 3]]\n"
    )
    p = write(tmp_path, text, folder="kido-butai")
    check(refused(p), p, line_of(text, "- name: right"), "grid.boxes[1]", "exactly one of 'rect' or 'polygon'")


def test_box_with_neither_rect_nor_polygon(tmp_path: Path) -> None:
    text = edit(BOXES, "      rect: [4, 0, 3, 3]\n", "")
    p = write(tmp_path, text, folder="kido-butai")
    check(refused(p), p, line_of(text, "- name: right"), "exactly one of 'rect' or 'polygon'")


def test_unknown_adjacent_box(tmp_path: Path) -> None:
    text = edit(BOXES, "adjacent: [right]", "adjacent: [rigth]")
    p = write(tmp_path, text, folder="kido-butai")
    check(refused(p), p, line_of(text, "adjacent: [rigth]"), "grid.boxes[0].adjacent[0]", "no box named 'rigth'")


@pytest.mark.parametrize("points", ["[[4, 0], [7, 0]]", "[[4, 0]]", "[]", "[[4, 0], [7, 3], [7, 0], [4, 3]]"])
def test_degenerate_or_crossed_polygon(tmp_path: Path, points: str) -> None:
    text = edit(BOXES, "      rect: [4, 0, 3, 3]\n", f"      polygon: {points}\n")
    p = write(tmp_path, text, folder="kido-butai")
    check(refused(p), p, line_of(text, "polygon:"), "polygon")


@pytest.mark.parametrize("rect", ["[4, 0, 3]", "[4, 0, -3, 3]", "[4, 0, 3, 0]", "[4, 0, three, 3]"])
def test_bad_rect(tmp_path: Path, rect: str) -> None:
    text = edit(BOXES, "rect: [4, 0, 3, 3]", f"rect: {rect}")
    p = write(tmp_path, text, folder="kido-butai")
    check(refused(p), p, line_of(text, f"rect: {rect}"), "rect")


def test_box_defined_twice(tmp_path: Path) -> None:
    text = edit(BOXES, "- name: right", "- name: left")
    p = write(tmp_path, text, folder="kido-butai")
    check(refused(p), p, line_of(text, "- name: left\n      rect: [4"), "box 'left' is defined twice")


def test_cells_rect_on_a_box_layout(tmp_path: Path) -> None:
    text = BOXES + "regions:\n  - name: both\n    cells_rect: [[left, right]]\n    provenance: {source: provisional}\n"
    p = write(tmp_path, text, folder="kido-butai")
    check(refused(p), p, line_of(text, "[[left, right]]"), "needs a hex or square grid")


# -- whatever the edit, only RulesetError --------------------------------------------------
PIECES = list("[]{}:,-&*!|>'\"#?% ~.") + ["\n", "  ", "0", "-1", "1e9", "null", "true", "A1", "Z9", "{}", "[]"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    edits=st.lists(
        st.tuples(st.floats(min_value=0, max_value=1, exclude_max=True), st.integers(0, 3), st.sampled_from(PIECES)),
        min_size=1,
        max_size=3,
    )
)
def test_random_edits_raise_nothing_but_ruleset_error(tmp_path: Path, edits: list[tuple[float, int, str]]) -> None:
    text = vam_text()
    for where, op, piece in edits:
        at = int(where * len(text))
        if op == 0:
            text = text[:at] + piece + text[at:]
        elif op == 1:
            text = text[:at] + piece + text[at + 1 :]
        elif op == 2:
            text = text[:at] + text[at + len(piece) * 3 :]
        else:
            text = text[:at] + "\n" + text[at:]
    p = write(tmp_path, text)
    try:
        board = load(p)
    except RulesetError as err:
        assert str(err).startswith(str(p))
    else:
        assert len(board) > 0


# -- the validate command ------------------------------------------------------------------
@pytest.mark.parametrize("game", BUNDLED)
def test_cli_validates_each_bundled_ruleset(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(ruleset_dir(game))]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "sound" in out


def test_cli_validates_the_whole_rulesets_root(capsys: pytest.CaptureFixture[str]) -> None:
    assert validate_path(rulesets_root()) == []
    assert main(["validate", str(rulesets_root())]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "sound" in out


def test_cli_reports_a_broken_ruleset_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = edit(vam_text(), "    cells: [H6]", "    cells: [Z99]")
    p = write(tmp_path, text)
    assert main(["validate", str(p.parent)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == f"{p}:{line_of(text, '[Z99]')}: regions[0].cells[0]: 'Z99' is not a cell of this board"
    assert lines[1:] == ["1 problem(s) found"]


def test_cli_on_a_root_with_one_broken_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "rulesets"
    for param in BUNDLED:
        shutil.copytree(ruleset_dir(param.values[0]), root / param.values[0])
    broken = root / VAM / "board.yaml"
    broken.write_text(edit(vam_text(), "schema: 1", "schema: 7"), encoding="utf-8")
    assert main(["validate", str(root)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{broken}:")
    assert "schema 7 is not supported" in err[0]
    assert err[1:] == ["1 problem(s) found"]


def test_cli_on_a_folder_without_a_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    assert main(["validate", str(empty)]) == 1
    err = capsys.readouterr().err
    assert str(empty) in err and "board.yaml" in err


def test_cli_on_a_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path / "absent")]) == 1
    assert "not a folder" in capsys.readouterr().err


def test_cli_reports_a_broken_extra_yaml_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every YAML file in the folder is read safely, not only board.yaml."""
    p = write(tmp_path, vam_text())
    extra = p.parent / "units.yaml"
    extra.write_text('units: !!python/object/apply:os.system ["true"]\n', encoding="utf-8")
    assert main(["validate", str(p.parent)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{extra}:1: ")
    assert len(err) == 2
