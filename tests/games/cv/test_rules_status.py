"""The CV rules audit (docs/rules-status/cv.md) cannot drift from the code: its count of rows by
status is the table's, and every test it names exists."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
AUDIT = ROOT / "docs" / "rules-status" / "cv.md"
STATUSES = ("implemented", "partly", "not yet", "data", "n/a")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def _rule_rows(text: str) -> list[list[str]]:
    table = text[text.index("## Rule sections") : text.index("### Readings the rules apply")]
    return [_cells(line) for line in table.splitlines() if line.startswith("| ") and not line.startswith("| # ")]


def test_the_count_at_the_top_is_the_tables() -> None:
    text = AUDIT.read_text(encoding="utf-8")
    rows = _rule_rows(text)
    counts: Counter[str] = Counter()
    for cells in rows:
        status = next((s for s in STATUSES if cells[2].startswith(s)), None)
        assert status is not None, f"a row's status starts with none of {STATUSES}: {cells[2][:60]!r}"
        counts[status] += 1
    head = " ".join(text[: text.index("## Data files")].split())
    said = re.search(r"(\d+) rows, (\d+) implemented and (\d+) not yet", head)
    assert said is not None, "the audit opens with its count"
    assert [int(n) for n in said.groups()] == [len(rows), counts["implemented"], counts["not yet"]]
    assert ("none partly" in head) == (counts["partly"] == 0)
    corrected = sum("**corrected**" in cells[2] for cells in rows)
    words = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five"}
    assert f"{words.get(corrected, corrected)} of the implemented rows were corrected" in head


def test_every_test_the_audit_names_exists() -> None:
    text = AUDIT.read_text(encoding="utf-8")
    named = 0
    for line in text.splitlines():
        if not line.startswith("| "):
            continue
        current: Path | None = None
        for token in re.findall(r"`([^`]+)`", _cells(line)[-1]):
            name = ""
            if "::" in token:
                file, name = token.split("::", 1)
                if file:
                    current = _test_file(file)
            elif token.endswith(".py"):
                current = _test_file(token)
            else:
                continue
            assert current is not None and current.exists(), f"{token}: no such test file"
            if name:
                assert re.search(rf"def {re.escape(name)}\b", current.read_text(encoding="utf-8")), token
            named += 1
    assert named > 200


def _test_file(name: str) -> Path:
    return ROOT / name if "/" in name else ROOT / "tests" / "games" / "cv" / name
