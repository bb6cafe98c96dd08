"""Game records: set-up + seed + actions + ruleset versions, saved as versioned JSON.

Saving is atomic (temp file in the same folder, flush, fsync, replace): at every moment the
file is either the old record or the new one, whole, and the old one is kept as ``.bak``.
A hot-seat game with passwords is written sealed (see :mod:`sealing`). Loading reads JSON only
— never pickle, never eval — migrates older schema versions in order, refuses newer ones,
replays every action through the rules and checks the result against the fingerprint saved
with it. Any problem is one :class:`RecordError` line naming the file and what is wrong.

Every record names its game's rules revision (``Rules.revision``, raised whenever a replay
would change). :func:`restore` opens a record of an older revision as far as today's rules
replay it and says in one line what it could verify; a newer revision is refused.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from midway_desktop import __version__
from midway_desktop.engine import seats
from midway_desktop.engine.actions import Action, ActionError
from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.record_fields import Final, Header, check_header
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
from midway_desktop.games import side_title
from midway_desktop.values import frozen_value

if TYPE_CHECKING:
    # Imported where a record is sealed or opened sealed, not with this module: most games
    # are never sealed, and its import was 19 M instructions of every start.
    from midway_desktop.engine import sealing
    from midway_desktop.engine.rules import Rules
    from midway_desktop.engine.sealing import Seal

FORMAT = "midway-desktop-record"
SEALED_FORMAT = "midway-desktop-sealed-record"  # a sealed record's envelope (see sealing)
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


def is_sealed(data: object) -> bool:
    """Whether a record file's JSON is a sealed envelope rather than a plain record."""
    return isinstance(data, dict) and data.get("format") == SEALED_FORMAT


def fingerprint(session: Session) -> str:
    """A digest of everything true about the position (the umpire's view)."""
    return _fingerprint(session.rules, session.state)


def _fingerprint(rules: Rules[Any], state: Any) -> str:
    import hashlib  # (here: importing it loads OpenSSL, which a start does not need)

    blob = json.dumps(rules.view(state, UMPIRE), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def ruleset_versions(game_id: str) -> dict[str, str]:
    import hashlib

    from midway_desktop.ruleset.locate import ruleset_dir

    folder = ruleset_dir(game_id)
    out = {}
    if folder.is_dir():
        for path in sorted(folder.glob("*.yaml")):
            out[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return out


@dataclass(frozen=True, eq=False)
class Snapshot:
    """What a record is made of, taken from a session at one moment: cheap to take (the rules'
    states and actions are immutable values, shared, not copied), and turned into the record
    later, on any thread (issue 40: the GUI thread takes it, an autosave worker encodes it)."""

    rules: Rules[Any]
    scenario: str
    options: dict[str, Any]
    seed: int
    humans: tuple[str, ...]
    computers: dict[str, str]
    state: Any
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, session: Session) -> Snapshot:
        return cls(
            rules=session.rules,
            scenario=session.scenario,
            options=dict(session.options),
            seed=session.seed,
            humans=tuple(session.humans),
            computers=dict(session.computers),
            state=session.state,
            actions=tuple(s.action for s in session.history),
        )

    @property
    def game(self) -> str:
        return self.rules.id

    @property
    def over(self) -> bool:
        return self.rules.outcome(self.state) is not None

    def record(self) -> dict[str, Any]:
        """The record's JSON object."""
        return self._record([a.to_json() for a in self.actions])

    def _record(self, actions: Any) -> dict[str, Any]:
        outcome = self.rules.outcome(self.state)
        return {
            "format": FORMAT,
            "schema": SCHEMA,
            "app_version": __version__,
            "game": self.rules.id,
            "rules_revision": self.rules.revision,
            "scenario": self.scenario,
            "options": self.options,
            "seed": self.seed,
            "humans": list(self.humans),
            "seats": seats.to_json(self.rules, self.humans, self.computers),
            "rulesets": ruleset_versions(self.rules.id),
            "actions": actions,
            "final": {
                "fingerprint": _fingerprint(self.rules, self.state),
                "steps": len(self.actions),
                "outcome": outcome.result if outcome else None,
            },
        }

    def encode(self, seal: Seal | None = None, compact: bool = True, kept: EncodedActions | None = None) -> bytes:
        """The record's bytes as written: JSON (compact: no indent, as every reader takes any
        JSON spacing), or its sealed envelope. ``kept`` (compact only) holds the actions'
        JSON from the last save of the game, so only the new ones are encoded."""
        if kept is not None and compact:
            text = json.dumps(self._record(_ACTIONS), separators=(",", ":"))
            text = text.replace(_ACTIONS_JSON, kept.text(self.actions), 1)
        else:
            record = self.record()
            text = json.dumps(record, separators=(",", ":")) if compact else json.dumps(record, indent=1)
        data = text.encode("utf-8")
        if seal is not None:
            from midway_desktop.engine import sealing

            data = sealing.seal(data, seal, over=self.over)
        return data


# Stands in the record for its actions, then replaced by their JSON (no record holds a NUL).
_ACTIONS = "\x00actions\x00"
_ACTIONS_JSON = json.dumps(_ACTIONS)


class EncodedActions:
    """A game's actions as compact JSON, each encoded once: an autosave at the last Turn of a
    campaign (3,000 actions) encodes the new ones only, not the whole list again (issue 40).
    Actions are immutable values, so one kept is the same while it is the same object."""

    def __init__(self) -> None:
        self._actions: list[Action] = []
        self._texts: list[str] = []

    def text(self, actions: tuple[Action, ...]) -> str:
        """The JSON array of ``actions``, as ``json.dumps`` with compact separators writes it."""
        same = 0
        for old, new in zip(self._actions, actions, strict=False):
            if old is not new:
                break  # (an undo, or another game: from here on they are encoded afresh)
            same += 1
        del self._actions[same:], self._texts[same:]
        for action in actions[same:]:
            self._actions.append(action)
            self._texts.append(json.dumps(action.to_json(), separators=(",", ":")))
        return "[" + ",".join(self._texts) + "]"


def to_record(session: Session) -> dict[str, Any]:
    return Snapshot.of(session).record()


def dumps(session: Session) -> str:
    return json.dumps(to_record(session), indent=1, sort_keys=False)


def save(session: Session, path: Path | str, backup: bool = True, seal: Seal | None = None) -> Path:
    """Write the record, sealed if ``seal`` is given; a crash at any point leaves a whole
    record at ``path`` (the old one or the new one)."""
    return write_atomic(Path(path), encode(session, seal), backup)


def encode(session: Session, seal: Seal | None = None) -> bytes:
    """The record's bytes as written by Save Game As: indented JSON, or its sealed envelope."""
    return Snapshot.of(session).encode(seal, compact=False)


def temp_name(target: Path) -> str:
    """The prefix of every temporary file written on the way to ``target``."""
    return f".{target.name}."


def write_atomic(target: Path, data: bytes, backup: bool = True) -> Path:
    """Replace ``target`` with ``data`` in one step, keeping the old file as ``.bak``.

    The old file is hard-linked to the backup before the new one replaces it, so the name
    never points at nothing (a rename-away-then-rename-in would leave a gap in which a killed
    process loses the game)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=temp_name(target), suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if backup and target.exists():
            _keep_backup(target)
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def backup_path(target: Path) -> Path:
    return target.with_name(target.name + ".bak")


def _keep_backup(target: Path) -> None:
    """Make ``target.bak`` a copy of ``target`` without ever removing ``target``."""
    fd, tmp = tempfile.mkstemp(prefix=temp_name(target), suffix=".bak.tmp", dir=target.parent)
    os.close(fd)
    try:
        os.unlink(tmp)
        try:
            os.link(target, tmp)
        except OSError:  # no hard links here (some network or FAT drives): copy instead
            shutil.copyfile(target, tmp)
        os.replace(tmp, backup_path(target))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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


@frozen_value
class Opened:
    """A record as read: its JSON (migrated, checked) and the seal it came under (if any)."""

    data: dict[str, Any]
    seal: Seal | None = None


class SealedRecord(RecordError):
    """The record is sealed: it opens only with the guarded sides' passwords."""

    def __init__(self, path: Path | str | None, env: sealing.Envelope) -> None:
        self.envelope = env
        names = " and ".join(side_title(s) for s in env.guarded)
        whose = f"the {names} players' passwords" if len(env.guarded) > 1 else f"the {names} player's password"
        super().__init__(path, f"sealed hot-seat game: it opens only with {whose}")


def read_bytes(path: Path | str) -> bytes:
    """The file's bytes: only a regular file no larger than ``MAX_BYTES`` is read (see
    ``record_limits``)."""
    p = Path(path)
    try:
        return read_bounded(p, MAX_BYTES)
    except LimitError as exc:
        raise RecordError(p, str(exc)) from None
    except OSError as exc:
        raise RecordError(p, f"cannot read ({exc.strerror or exc})") from None


def read(path: Path | str, passwords: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The record's JSON, migrated to the current schema; structure checked. A sealed record
    raises :class:`SealedRecord` unless ``passwords`` are given."""
    return open_record(path, passwords).data


def open_record(path: Path | str, passwords: Mapping[str, str] | None = None) -> Opened:
    return open_bytes(read_bytes(path), Path(path), passwords)


def parse(raw: bytes, where: Path | str | None = None) -> dict[str, Any]:
    return open_bytes(raw, where).data


def _json(raw: bytes, where: Path | str | None) -> Any:
    if len(raw) > MAX_BYTES:
        raise RecordError(where, "file is too large to be a game record")
    if not raw.strip():
        raise RecordError(where, "file is empty")
    try:
        return loads(decode_text(raw))
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


def envelope_of(raw: bytes, where: Path | str | None = None) -> sealing.Envelope | None:
    """The sealed envelope in ``raw`` (None for a plain record); a damaged one is refused."""
    data = _json(raw, where)
    if not is_sealed(data):
        return None
    from midway_desktop.engine import sealing

    try:
        return sealing.envelope(data)
    except sealing.SealError as exc:
        raise RecordError(where, str(exc)) from None


def open_bytes(raw: bytes, where: Path | str | None = None, passwords: Mapping[str, str] | None = None) -> Opened:
    data = _json(raw, where)
    seal: Seal | None = None
    if is_sealed(data):
        from midway_desktop.engine import sealing

        try:
            env = sealing.envelope(data)
        except sealing.SealError as exc:
            raise RecordError(where, str(exc)) from None
        if passwords is None:
            raise SealedRecord(where, env)
        try:
            plain, seal = sealing.unseal(env, passwords)
        except sealing.SealError as exc:
            raise RecordError(where, f"{exc}; nothing was changed") from None
        data = _json(plain, where)
        if isinstance(data, dict) and data.get("game") != env.game:
            raise RecordError(where, "the sealed record holds a different game than it says")
        final = data.get("final") if isinstance(data, dict) else None
        if isinstance(final, dict) and bool(final.get("outcome")) != env.over:
            # (What the envelope says in the clear decides whether a resume is offered.)
            raise RecordError(
                where, "the sealed record says the game is over where its record does not, or not where it does"
            )
    return Opened(_checked(data, where), seal)


def _checked(data: Any, where: Path | str | None) -> dict[str, Any]:
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
    verification proves*). A record of an older rules revision is replayed the same way
    (:func:`restore` opens one that no longer replays); a newer one is refused."""
    header = _header(data, where)
    if verify and header.final is None:
        raise RecordError(where, "record has no final fingerprint, so it cannot be verified")
    session = _set_up(header, where)
    for i, raw in enumerate(header.actions, start=1):
        action = _decoded(header, raw, i, where)
        result = session.submit(action)
        if not result.ok:
            raise RecordError(
                where, f"action {i} ({action.describe()}) is illegal on replay: {result.refusal}{_older(header)}"
            )
    if verify and _same_position(header, session) and not _reproduces(header, session):
        raise RecordError(
            where, f"the record says the game {_ended(header.final)}, but its replay says it {_ended(session)}"
        )
    if verify and not _reproduces(header, session):
        raise RecordError(
            where,
            "replay does not reproduce the saved position "
            + (f"({_older(header)[2:]})" if _older(header) else "(edited record or changed ruleset)"),
        )
    return session


@frozen_value
class Restored:
    """A record opened as a game: the session, how many of the record's actions it holds, and
    what the player is told of it in one line ("" when it is of this revision and verified)."""

    session: Session
    kept: int
    total: int
    verified: bool  # the replay reached the saved position
    note: str = ""

    @property
    def migrated(self) -> bool:
        """Whether the game opened is not the one saved (some actions dropped, or unverified):
        the file as saved is then the only copy of the game as its player left it."""
        return not self.verified


def restore(data: dict[str, Any], where: Path | str | None = None) -> Restored:
    """Open a record as a game, whichever rules revision saved it.

    A record of this build's revision is replayed and verified (:func:`replay`). One of an
    older revision is replayed under today's rules as far as its actions stay legal: a record
    holds the set-up, the seed and the actions, and of the position only its fingerprint, so
    there is no saved position to rebuild, only the moves to play again. Verified when they
    all replay and reach the saved fingerprint; otherwise the game opens where the replay
    stops (all moves, or those before the first that today's rules refuse), and the note says
    so. One of a newer revision than this build plays is refused, naming the build that
    saved it."""
    header = _header(data, where)
    total = len(header.actions)
    if header.revision == header.rules.revision:
        return Restored(replay(data, where), total, total, True)
    session = _set_up(header, where)
    stop = ""
    for i, raw in enumerate(header.actions, start=1):
        try:
            action = _decoded(header, raw, i, where)
        except RecordError as exc:
            stop = f"move {i} cannot be read now ({exc.problem})"
            break
        try:
            result = session.submit(action)
        except Exception as exc:  # noqa: BLE001 - an old move today's rules cannot even apply
            stop = f"move {i} ({action.describe()}) cannot be played now ({type(exc).__name__}: {exc})"
            break
        if not result.ok:
            stop = f"move {i} ({action.describe()}) is illegal now ({result.refusal})"
            break
    kept = len(session.history)
    saved = f"Saved under {_revision_words(header)}"
    now = f"revision {header.rules.revision}"
    if stop:
        # The facts first: the reason quoted last is what the line's limit cuts.
        note = (
            f"{saved}: {kept} of {total} moves replay under {now}, so the game opens after move {kept} "
            f"and the position saved is not verified; {stop}"
        )
    elif header.final is None:
        note = f"{saved}: all {total} moves replay under {now}; the record holds no position to verify them by."
    elif _reproduces(header, session):
        note = f"{saved}: all {total} moves replay under {now} and reach the position saved (verified)."
    else:
        note = (
            f"{saved}: all {total} moves replay under {now}, but they reach another position than the one "
            "saved (the rules changed the game's course): not verified."
        )
    return Restored(session, kept, total, not stop and _reproduces(header, session), one_line(note))


def _header(data: dict[str, Any], where: Path | str | None) -> Header:
    """The record's checked fields; one of a newer rules revision than this build plays is
    refused here, before anything is replayed."""
    try:
        header = check_header(data)
    except LimitError as exc:
        raise RecordError(where, str(exc)) from None
    if header.revision > header.rules.revision:
        raise RecordError(
            where,
            f"saved by {_build(header)} under {header.rules.title} rules revision {header.revision}; "
            f"this build ({__version__}) plays revision {header.rules.revision} and cannot read it: "
            "update Midway Desktop to open it",
        )
    return header


def _build(header: Header) -> str:
    return f"Midway Desktop {header.app_version}" if header.app_version else "an unnamed build of Midway Desktop"


def _revision_words(header: Header) -> str:
    title = header.rules.title
    if header.revision == 0:
        return f"{title} rules from before revisions were recorded ({_build(header)})"
    return f"{title} rules revision {header.revision} ({_build(header)})"


def _older(header: Header) -> str:
    """What to add to a failed replay's refusal when the record is of an older revision."""
    if header.revision >= header.rules.revision:
        return ""
    return f"; saved under {_revision_words(header)}, replayed under revision {header.rules.revision}"


def _set_up(header: Header, where: Path | str | None) -> Session:
    try:
        return Session.start(
            header.rules,
            scenario=header.scenario,
            options=header.options,
            seed=header.seed,
            humans=header.humans,
            computers=header.computers,
        )
    except ValueError as exc:
        raise RecordError(where, f"cannot set the game up: {exc}") from None


def _decoded(header: Header, raw: Any, i: int, where: Path | str | None) -> Action:
    try:
        return header.rules.codec.decode(raw)
    except ActionError as exc:
        raise RecordError(where, f"action {i}: {exc}") from None


def _same_position(header: Header, session: Session) -> bool:
    final = header.final
    return final is not None and final.steps == len(session.history) and final.fingerprint == fingerprint(session)


def _ended(what: Final | Session | None) -> str:
    """How a record's end block, or a replayed game, says the game stands, in a few words."""
    if isinstance(what, Session):
        outcome = what.outcome()
        result = outcome.result if outcome else None
    else:
        result = what.outcome if what is not None else None
    return f"ended ({one_line(result, 40)!r})" if result is not None else "goes on"


def _reproduces(header: Header, session: Session) -> bool:
    """Whether the replay reached the saved position, and the end the record says it reached
    (the autosave's resume offer reads that end without a replay)."""
    final = header.final
    if final is None or not _same_position(header, session):
        return False
    outcome = session.outcome()
    return not final.told or final.outcome == (outcome.result if outcome else None)


def load(path: Path | str, verify: bool = True, passwords: Mapping[str, str] | None = None) -> Session:
    data = read(path, passwords)
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
