"""Bounds on a game record, checked before the work they bound, and one-line refusals.

A record is a file anyone can hand the app. Before it is parsed its size is checked and it is
read only if it is a regular file (a FIFO or a device would block or never end); before it is
replayed the number of its actions is checked. Whatever a refusal quotes from the file is cut
to one short line, so a hostile field cannot run a message over pages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from midway_desktop.ruleset.files import FileRefused, read_regular_file

# The longest games played by the bots run to a few hundred actions and a person's to a few
# thousand; a record is a few dozen bytes an action. Far above any real game, far below what
# would take minutes to replay.
MAX_BYTES = 8 * 1024 * 1024
MAX_ACTIONS = 50_000
MAX_DIGITS = 40  # a seed is at most 64 bits (20 digits); nothing in a record is longer
MAX_QUOTE = 60  # characters of a quoted value shown in a refusal
MAX_LINE = 400  # characters of a whole refusal

_BOM = b"\xef\xbb\xbf"


class LimitError(ValueError):
    """A record breaks one of the bounds; the text is the problem, without the file."""


def read_bounded(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes."""
    try:
        return read_regular_file(path, limit, "a game record")
    except FileRefused as exc:
        raise LimitError(str(exc)) from None


def decode_text(raw: bytes) -> str:
    """UTF-8 text, with the byte-order mark Windows Notepad writes dropped."""
    return raw[len(_BOM) :].decode("utf-8") if raw.startswith(_BOM) else raw.decode("utf-8")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise LimitError(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(text)


def _no_constant(name: str) -> Any:
    raise LimitError(f"{name} is not a number a record holds")


def loads(text: str) -> Any:
    """``json.loads`` refusing what no record holds: huge integers, NaN and Infinity."""
    return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)


def quote(value: object, limit: int = MAX_QUOTE) -> str:
    """A value as a refusal may quote it: on one line, cut to ``limit`` characters."""
    text = (
        value if isinstance(value, str) else json.dumps(value, default=str) if _small(value) else type(value).__name__
    )
    return repr(one_line(text, limit))


def _small(value: object) -> bool:
    # Only flat values are rendered in full; a list or mapping is named, not dumped.
    return value is None or isinstance(value, bool | int | float)


def one_line(text: str, limit: int = MAX_LINE) -> str:
    """``text`` with line breaks and other control characters shown as spaces, and cut."""
    flat = "".join(ch if ch.isprintable() else " " for ch in text[: limit * 2])
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
