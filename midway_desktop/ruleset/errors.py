"""The one error a ruleset can raise: a single line naming file, line and problem."""

from __future__ import annotations

from pathlib import Path


class RulesetError(ValueError):
    """A ruleset file is unreadable, malformed or inconsistent."""

    def __init__(self, path: Path | str, line: int | None, problem: str) -> None:
        self.path = Path(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}:{line}" if line else f"{self.path}"
        super().__init__(f"{where}: {problem}")
