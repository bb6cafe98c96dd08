"""The README's pictures: every one it shows is in resources/screenshots/, and every picture
kept there is one it shows (a retaken screenshot under a new name leaves no orphan behind)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "resources" / "screenshots"


def _shown() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"!\[[^\]]+\]\(([^)\s]+)\)", text)


def test_every_picture_the_readme_shows_is_there_and_every_screenshot_is_shown() -> None:
    shown = _shown()
    assert shown, "the README shows no pictures"
    missing = [p for p in shown if not (ROOT / p).is_file()]
    assert missing == []
    kept = {f"resources/screenshots/{p.name}" for p in SHOTS.glob("*.png")}
    assert kept - set(shown) == set()
