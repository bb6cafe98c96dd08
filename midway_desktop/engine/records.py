"""Game records: set-up + seed + actions + ruleset versions, saved as versioned JSON.

Saving is atomic (temp file in the same folder, flush, fsync, replace) and keeps the previous
file as ``.bak``. Loading reads JSON only — never pickle, never eval — migrates older schema
versions in order, refuses newer ones, replays every action through the rules and checks
the result against the fingerprint saved with it. Any problem is one :class:`RecordError`
line naming the file and what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from midway_desktop import __version__
from midway_desktop.engine.actions import ActionError
from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.record_fields import check_header
from midway_desktop.engine.record_limits import (
    MAX_BYTES,
    MAX_LINE,
    LimitError,
    decode_text,
    loads,
    one_line,
    read_bounded,
)
from midway_desktop.engine.session import Session

FORMAT = "midway-desktop-record"
SCHEMA = 1

# Schema n -> n+1. Each takes and returns the record's JSON object.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class RecordError(ValueError):
    """One line naming the file and what is wrong (whatever it quotes is cut short)."""

    def __init__(self, path: Path | str | None, problem: str) -> None:
        self.path = path
        self.problem = one_line(problem)
        where = one_line(str(path), MAX_LINE // 2) if path else ""
        super().__init__(f"{where}: {self.problem}" if where else self.problem)


def fingerprint(session: Session) -> str:
    """A digest of everything true about the position (the umpire's view)."""
    blob = json.dumps(session.view(UMPIRE), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def ruleset_versions(game_id: str) -> dict[str, str]:
    from midway_desktop.ruleset.locate import ruleset_dir

    folder = ruleset_dir(game_id)
    out = {}
    if folder.is_dir():
        for path in sorted(folder.glob("*.yaml")):
            out[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return out


def to_record(session: Session) -> dict[str, Any]:
    outcome = session.outcome()
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "app_version": __version__,
        "game": session.rules.id,
        "scenario": session.scenario,
        "options": session.options,
        "seed": session.seed,
        "humans": list(session.humans),
        "rulesets": ruleset_versions(session.rules.id),
        "actions": [a.to_json() for a in session.actions()],
        "final": {
            "fingerprint": fingerprint(session),
            "steps": len(session.history),
            "outcome": outcome.result if outcome else None,
        },
    }


def dumps(session: Session) -> str:
    return json.dumps(to_record(session), indent=1, sort_keys=False)


def save(session: Session, path: Path | str, backup: bool = True) -> Path:
    """Write atomically: a crash mid-write leaves the old file whole."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = dumps(session).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if backup and target.exists():
            bak = target.with_name(target.name + ".bak")
            os.replace(target, bak)
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def _fsync_dir(folder: Path) -> None:
    if sys.platform.startswith("win"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read(path: Path | str) -> dict[str, Any]:
    """The record's JSON, migrated to the current schema; structure checked.

    Only a regular file no larger than ``MAX_BYTES`` is read (see ``record_limits``)."""
    p = Path(path)
    try:
        raw = read_bounded(p, MAX_BYTES)
    except LimitError as exc:
        raise RecordError(p, str(exc)) from None
    except OSError as exc:
        raise RecordError(p, f"cannot read ({exc.strerror or exc})") from None
    return parse(raw, p)


def parse(raw: bytes, where: Path | str | None = None) -> dict[str, Any]:
    if len(raw) > MAX_BYTES:
        raise RecordError(where, "file is too large to be a game record")
    if not raw.strip():
        raise RecordError(where, "file is empty")
    try:
        data = loads(decode_text(raw))
    except UnicodeDecodeError:
        raise RecordError(where, "not a text file") from None
    except json.JSONDecodeError as exc:
        raise RecordError(
            where, f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); truncated?"
        ) from None
    except LimitError as exc:
        raise RecordError(where, f"not a game record: {exc}") from None
    except RecursionError:
        raise RecordError(where, "JSON nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(where, "not a Midway Desktop game record")
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise RecordError(where, "record has no valid schema version")
    if schema > SCHEMA:
        raise RecordError(
            where, f"record schema {schema} is newer than this app reads ({SCHEMA}); update Midway Desktop to open it"
        )
    while schema < SCHEMA:
        data = MIGRATIONS[schema](data)
        schema += 1
        data["schema"] = schema
    try:
        check_header(data)
    except LimitError as exc:
        raise RecordError(where, str(exc)) from None
    return data


def replay(data: dict[str, Any], where: Path | str | None = None, verify: bool = True) -> Session:
    """Rebuild the game by replaying every action from the saved seed, and (``verify``)
    require the replayed position to match the saved fingerprint.

    What a match proves: the actions, replayed under this app's rules and the rulesets here,
    reach the position the saving app reached. It is not a signature: the fingerprint is an
    unkeyed digest anyone can recompute after editing the record (see README, *What
    verification proves*)."""
    try:
        header = check_header(data)
    except LimitError as exc:
        raise RecordError(where, str(exc)) from None
    if verify and header.final is None:
        raise RecordError(where, "record has no final fingerprint, so it cannot be verified")
    rules = header.rules
    try:
        session = Session.start(
            rules, scenario=header.scenario, options=header.options, seed=header.seed, humans=header.humans
        )
    except ValueError as exc:
        raise RecordError(where, f"cannot set the game up: {exc}") from None
    for i, raw in enumerate(header.actions, start=1):
        try:
            action = rules.codec.decode(raw)
        except ActionError as exc:
            raise RecordError(where, f"action {i}: {exc}") from None
        result = session.submit(action)
        if not result.ok:
            raise RecordError(where, f"action {i} ({action.describe()}) is illegal on replay: {result.refusal}")
    final = header.final
    if (
        verify
        and final is not None
        and (final.steps != len(session.history) or final.fingerprint != fingerprint(session))
    ):
        raise RecordError(where, "replay does not reproduce the saved position (edited record or changed ruleset)")
    return session


def load(path: Path | str, verify: bool = True) -> Session:
    data = read(path)
    return replay(data, path, verify=verify)


def ruleset_warnings(data: dict[str, Any]) -> list[str]:
    """Ruleset files that changed since the record was saved (the replay may differ)."""
    saved = data.get("rulesets")
    if not isinstance(saved, dict):
        return []
    now = ruleset_versions(str(data.get("game")))
    return [
        f"ruleset file {name} has changed since this game was saved" for name in saved if now.get(name) != saved[name]
    ]


# -- the per-user data folder and autosave --------------------------------------------------
def data_dir() -> Path:
    """Where autosaves live: the platform's per-user application data folder."""
    override = os.environ.get("MIDWAY_DATA_DIR")
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA", home / "AppData" / "Roaming"))
        return base / "Midway Desktop"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "Midway Desktop"
    return Path(os.environ.get("XDG_DATA_HOME", home / ".local" / "share")) / "midway-desktop"


def autosave_path(game_id: str) -> Path:
    return data_dir() / "autosave" / f"{game_id}.json"


def autosave(session: Session) -> Path:
    return save(session, autosave_path(session.rules.id), backup=True)


def resumable(game_id: str) -> Path | None:
    """The autosave of an unfinished game of ``game_id``, if one is waiting."""
    path = autosave_path(game_id)
    if not path.exists():
        return None
    try:
        data = read(path)
    except RecordError:
        return None
    final = data.get("final")
    if isinstance(final, dict) and final.get("outcome"):
        return None
    return path if data["actions"] else None
