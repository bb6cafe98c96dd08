"""What the app works out from a ruleset, kept in the user's cache folder between runs.

Reading a ruleset's YAML and joining a board's cells into region outlines take most of a
start-up if done every time; their results depend only on the ruleset files' bytes and on the
code that works them out. Each entry is one JSON file (never pickle), stored under a name of
its own and holding the key it was made for:

    {"cache": "midway-desktop", "kind": "...", "key": "<BLAKE2b of the inputs>", "data": ...}

``key`` is a hash of the files' content and of the entry kind's version (bumped whenever the
code that makes the data changes), so an edited ruleset or a newer program misses and the
entry is made again. A file that is missing, unreadable, damaged, too large, or made for other
input is a miss too: the caller works the data out as if there were no cache, and the entry is
rewritten. Writes go to a temporary file that then replaces the entry in one step, so a reader
never sees half a file. Nothing here is ever needed: a read-only or full disk only costs time.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from midway_desktop.ruleset.files import read_regular_file

try:  # BLAKE2b from CPython's own module: ``hashlib`` would load OpenSSL too, milliseconds a start
    from _blake2 import blake2b
except ImportError:  # (a Python built without it: hashlib's)
    from hashlib import blake2b

MAGIC = "midway-desktop"
_MAX_BYTES = 64 * 1024 * 1024  # far above any entry the bundled rulesets make (CV's outlines: ~1 MB)


def cache_dir() -> Path:
    """The platform's per-user cache folder for the app (``MIDWAY_CACHE_DIR`` overrides it)."""
    override = os.environ.get("MIDWAY_CACHE_DIR")
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform.startswith("win"):
        return Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local")) / "Midway Desktop" / "cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "Midway Desktop"
    return Path(os.environ.get("XDG_CACHE_HOME", home / ".cache")) / "midway-desktop"


def digest(*parts: bytes | str) -> str:
    """A 256-bit BLAKE2b over ``parts``, each length-prefixed so no two lists of parts hash
    alike. (BLAKE2b rather than SHA-256: half the instructions a byte, and a start hashes
    some half a megabyte of rulesets and of the program's own sources.)"""
    h = blake2b(digest_size=32)
    for part in parts:
        raw = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(raw).to_bytes(8, "big"))
        h.update(raw)
    return h.hexdigest()


def sources_digest(*modules: str) -> str:
    """A hash of the program's own source files ``modules`` (paths inside the package, such as
    ``"ui/map_art.py"``): an entry made by code that has changed since misses even if nobody
    bumped its version. A program installed without its sources hashes their names only."""
    root = Path(__file__).resolve().parents[1]
    parts: list[bytes | str] = []
    for name in modules:
        try:
            parts.append((root / name).read_bytes())
        except OSError:
            parts.append(f"{name} (not readable)")
    return digest(*parts)


def entry_path(kind: str, source: Path) -> Path:
    """Where the entry of ``kind`` for the file ``source`` lives: one per file and kind, so an
    edited ruleset replaces its entry rather than adding one."""
    return cache_dir() / kind / f"{digest(str(source.resolve()))[:32]}.json"


def load(kind: str, source: Path, key: str) -> Any | None:
    """The data stored for ``source`` under ``key``, or None (no entry, or not a sound one)."""
    try:
        raw = read_regular_file(entry_path(kind, source), _MAX_BYTES, "a cache entry")
        entry = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # missing, refused, damaged, not UTF-8, not JSON
        return None
    if (
        not isinstance(entry, dict)
        or entry.get("cache") != MAGIC
        or entry.get("kind") != kind
        or entry.get("key") != key
        or "data" not in entry
    ):
        return None
    return entry["data"]


def store(kind: str, source: Path, key: str, data: Any) -> None:
    """Keep ``data`` (plain JSON values) for ``source`` under ``key``; failures are ignored."""
    path = entry_path(kind, source)
    text = json.dumps({"cache": MAGIC, "kind": kind, "key": key, "data": data}, separators=(",", ":"))
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".entry-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
        tmp = None
    except OSError:
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
