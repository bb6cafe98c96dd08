"""Reading a file someone else may have put there: only a regular file, only up to a limit.

The checks are made on the open handle before a byte is read, so a named pipe (which would
block), a device (which never ends) or a file of gigabytes is refused at once, and a file
that grows while it is read is read no further than the limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class FileRefused(ValueError):
    """The file is not one to read; the text says why, without the file's name."""


def read_regular_file(path: Path, limit: int, what: str) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes (``what`` names
    the kind of file in the refusal: "a game record", "a ruleset")."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not a regular file")
        too_large = f"file is too large to be {what} (at most {limit / (1024 * 1024):.0f} MB)"
        if info.st_size > limit:
            raise FileRefused(too_large)
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise FileRefused(too_large)
    return raw
