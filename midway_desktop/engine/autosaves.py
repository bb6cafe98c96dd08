"""The per-user data folder: each game's autosave, its lock, and unfinished games kept aside.

::

    <data folder>/autosave/<game>.json        the game in progress, saved after every step
    <data folder>/autosave/<game>.json.bak    the save before that one
    <data folder>/autosave/<game>.lock        held by the one app window that autosaves <game>
    <data folder>/unfinished/<Title> <date time>.midway.json
                                              unfinished games set aside, never deleted
    <data folder>/unfinished/<Title> <date time> step before.midway.json
                                              the backup set aside with one, unless the
                                              autosave was this run's own (known to replay)
    <data folder>/unfinished/<Title> <date time> unread.midway.json
                                              an autosave this build cannot open (a later
                                              build's), set aside as its backup is resumed

An unfinished game is never overwritten without the player's word: before a new game takes
the autosave's place, the old one is moved to ``unfinished/`` (:func:`keep_unfinished`), and
when it cannot be the window does not autosave the new game over it (``ui.main_window``).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from midway_desktop.engine import records
from midway_desktop.engine.record_fields import final_of
from midway_desktop.engine.record_limits import LimitError, decode_text, loads
from midway_desktop.engine.records import FORMAT, SEALED_FORMAT, RecordError
from midway_desktop.engine.session import Session
from midway_desktop.games import game_info
from midway_desktop.values import frozen_value

if TYPE_CHECKING:
    from midway_desktop.engine.sealing import Envelope, Seal


OURS = (FORMAT, SEALED_FORMAT)


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


def unfinished_dir() -> Path:
    return data_dir() / "unfinished"


def autosave(session: Session, seal: Seal | None = None) -> Path:
    return write(records.Snapshot.of(session), seal)


def reseal(session: Session, seal: Seal | None) -> Path:
    """Save the game under a new seal, backup included: once passwords are set, the plain
    backup of the step before must not stay readable either."""
    return write(records.Snapshot.of(session), seal, reseal=True)


def write(
    snapshot: records.Snapshot,
    seal: Seal | None = None,
    reseal: bool = False,
    kept: records.EncodedActions | None = None,
    path: Path | None = None,
) -> Path:
    """Write the autosave of ``snapshot``'s game: the last one kept as its backup, or, with
    ``reseal``, the backup replaced by the same record (see :func:`reseal`). ``kept``: the
    actions' JSON kept from the game's last save (see ``records.EncodedActions``); ``path``:
    where (by default, the game's autosave in today's data folder)."""
    path = path or autosave_path(snapshot.game)
    data = snapshot.encode(seal, kept=kept)
    if not reseal:
        return records.write_atomic(path, data, backup=True)
    records.write_atomic(path, data, backup=False)
    records.write_atomic(records.backup_path(path), data, backup=False)
    return path


# -- saving off the GUI thread ------------------------------------------------------------------
@dataclass(eq=False)
class Job:
    """One autosave to write: the game's snapshot, its seal, whether the backup is rewritten
    too (a reseal), and the folder it goes to (read when it is asked for)."""

    snapshot: records.Snapshot
    seal: Seal | None
    reseal: bool
    path: Path


Done = Callable[[Job, BaseException | None], None]

# Seconds a worker with nothing to write waits for more before it ends (no thread outlives
# its use by much, whoever forgets to close its saver).
LINGER = 2.0


class Saver:
    """Writes autosaves on one worker thread, so the caller (the GUI thread) only takes a
    snapshot (issue 40: encoding and fsyncs grew to 130-215 ms a step at a campaign's end).

    Each write is :func:`write`'s, with the same atomicity and backup. Only the latest job
    waiting is written (a newer snapshot holds every step of an older one); a reseal waiting is
    kept a reseal, so no backup under an old seal outlives it. ``done`` is told of every write
    (on the worker thread: it must not touch Qt), with the error if it failed. :meth:`flush` waits for everything
    asked so far to be on disk: before the autosave is read, moved or given up, and at exit."""

    def __init__(self, done: Done | None = None) -> None:
        self._done = done
        self._lock = threading.Condition()
        self._pending: Job | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        self._stop = False
        self._kept: dict[Path, records.EncodedActions] = {}  # (used by the worker only)

    def save(self, snapshot: records.Snapshot, seal: Seal | None = None, reseal: bool = False) -> None:
        job = Job(snapshot, seal, reseal, autosave_path(snapshot.game))
        with self._lock:
            while self._pending is not None and self._pending.path != job.path:
                self._lock.wait()  # another game's autosave is no older step of this one: written first
            waiting = self._pending
            if waiting is not None and waiting.reseal and waiting.path == job.path:
                job.reseal = True
            self._pending = job
            if self._thread is None:
                self._stop = False
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
                _LIVE.add(self)
            self._lock.notify_all()

    @property
    def idle(self) -> bool:
        with self._lock:
            return self._pending is None and not self._busy

    def flush(self) -> None:
        """Wait until every job asked for has been written (or has failed)."""
        with self._lock:
            while self._pending is not None or self._busy:
                self._lock.wait()

    def close(self) -> None:
        """Flush, then end the worker (a later :meth:`save` starts another)."""
        with self._lock:
            thread = self._thread
            while self._pending is not None or self._busy:
                self._lock.wait()
            self._stop = True
            self._thread = None
            self._lock.notify_all()
        _LIVE.discard(self)
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None and not self._stop:
                    if not self._lock.wait(LINGER) and self._pending is None and not self._stop:
                        self._thread = None  # idle: the next save starts another worker
                        return
                if self._pending is None:
                    return
                job, self._pending = self._pending, None
                self._busy = True
            error: BaseException | None = None
            try:
                write(
                    job.snapshot,
                    job.seal,
                    job.reseal,
                    self._kept.setdefault(job.path, records.EncodedActions()),
                    job.path,
                )
            except Exception as exc:  # (told to ``done``: the worker goes on with the next job)
                error = exc
            try:
                if self._done is not None:
                    self._done(job, error)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


# Every saver with a worker: the last writes are waited for when the interpreter exits.
_LIVE: weakref.WeakSet[Saver] = weakref.WeakSet()


@atexit.register
def _flush_all() -> None:
    for saver in list(_LIVE):
        saver.flush()


# -- the lock ---------------------------------------------------------------------------------
class AutosaveLock:
    """The right to autosave one game, held by one app window at a time.

    An operating-system lock on ``<game>.lock`` (``flock`` or ``msvcrt.locking``): it goes
    with the process, so a crashed or killed app never leaves a stale lock behind."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.path = autosave_path(game_id).with_name(f"{game_id}.lock")
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock: False if another window holds it. OSError if the folder cannot hold
        a lock at all (a read-only or missing drive)."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _try_lock(fd):
                os.close(fd)
                return False
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                _unlock(fd)
            os.close(fd)


if sys.platform.startswith("win"):
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        # flock, not fcntl's record locks: flock belongs to the open file, so two windows of
        # one process exclude each other too.
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def clear_stale(game_id: str) -> list[Path]:
    """Remove the temporary files a killed save of ``game_id`` left behind (call it holding the
    game's lock: then no save of that game is under way)."""
    target = autosave_path(game_id)
    prefix = records.temp_name(target)
    removed = []
    if target.parent.is_dir():
        for path in target.parent.iterdir():
            if path.name.startswith(prefix) and path.name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed.append(path)
    return removed


# -- resuming -----------------------------------------------------------------------------------
@frozen_value
class Waiting:
    """An unfinished game in the autosave folder: its file, and its envelope if it is sealed."""

    path: Path
    sealed: Envelope | None = None


def waiting(game_id: str) -> Waiting | None:
    """The unfinished game of ``game_id`` waiting to be resumed: the autosave, or its backup
    when the autosave is missing or unreadable."""
    for path, env, data in _saves(game_id):
        if env is not None:
            return None if env.over else Waiting(path, env)
        # The end the record says it reached: a replay refuses one its moves do not reach.
        final = final_of(data)
        if final is not None and final.outcome:
            return None
        return Waiting(path) if data["actions"] else None
    return None


def _saves(game_id: str) -> Iterator[tuple[Path, Envelope | None, dict[str, Any]]]:
    """The autosave of ``game_id``, then its backup, each that this build reads as a game of
    ``game_id``: its path, its sealed envelope (None for a plain record) and, plain, its data.
    A missing, damaged or foreign file is passed over (``unread`` judges those a build cannot read)."""
    main = autosave_path(game_id)
    for path in (main, records.backup_path(main)):
        if not path.exists():
            continue
        try:
            raw = records.read_bytes(path)
            env = records.envelope_of(raw, path)
            data = {} if env is not None else records.parse(raw, path)
        except RecordError:
            continue
        if (env.game if env is not None else data["game"]) == game_id:
            yield path, env, data


def unread(game_id: str) -> Path | None:
    """The autosave of ``game_id`` (or its backup) that is a game record all the same, though
    this build cannot open it: a newer build's, or one sealed at scrypt costs it refuses. Set
    aside like a game waiting, never overwritten (a torn or foreign file is not one)."""
    main = autosave_path(game_id)
    for path in (main, records.backup_path(main)):
        try:
            data = loads(decode_text(records.read_bytes(path)))
        except (RecordError, LimitError, ValueError, RecursionError):  # (JSON and text errors are ValueErrors)
            continue
        if isinstance(data, dict) and data.get("format") in OURS and data.get("game") == game_id:
            return path
    return None


def resumable(game_id: str) -> Path | None:
    """The file of the unfinished game of ``game_id``, if one is waiting."""
    found = waiting(game_id)
    return found.path if found else None


@frozen_value
class Kept:
    """An unfinished game set aside: its file, and the other of autosave and backup kept beside
    it (``other``: the step before, or the autosave this build could not open)."""

    path: Path
    other: Path | None = None


def keep_unfinished(game_id: str, sound: bool = False) -> Kept | None:
    """Move the unfinished game of ``game_id`` (if any) out of the autosave's way, into the
    ``unfinished`` folder under its title and the time; where it went, or None.

    The autosave's backup (the step before) goes with it, beside it as "… step before", unless
    the autosave is ``sound``: written by this app from the game on its board, so known to
    replay. An autosave from an earlier run may no longer replay (a changed ruleset, a damaged
    move), and then its backup may be the only copy of the game that does. Resumed from the
    backup, an autosave this build cannot open (a later build's) goes beside it as "… unread".
    Nothing is deleted but such a known backup: an OSError leaves whatever was not moved."""
    found = waiting(game_id)
    unopened = _unread_whole(game_id)
    path = found.path if found is not None else unopened
    if path is None and not sound:
        path = _ended_unproven(game_id)
    if path is None:
        return None
    target = _unfinished_name(game_id)
    main = autosave_path(game_id)
    backup = records.backup_path(main)
    shutil.move(str(path), target)
    if path != main:
        if unopened != main:
            return Kept(target)
        other = _free(target.with_name(target.name.removesuffix(SUFFIX) + " unread"))
        shutil.move(str(main), other)
        return Kept(target, other)
    if not backup.exists():
        return Kept(target)
    if sound:
        backup.unlink(missing_ok=True)  # an older step of the game just kept whole
        return Kept(target)
    before = _free(target.with_name(target.name.removesuffix(SUFFIX) + " step before"))
    shutil.move(str(backup), before)
    return Kept(target, before)


def _ended_unproven(game_id: str) -> Path | None:
    """The autosave (or its backup) that says its game is over, where this build cannot show
    it: a record whose moves, replayed, do not end the game (its end block edited by hand, a
    changed ruleset), or a sealed one, whose moves cannot be read without the passwords. Such a
    game is not offered to resume (``waiting`` believes the end it claims), and a new game must
    not replace it on that claim alone: it is set aside like an unfinished one."""
    for path, env, data in _saves(game_id):
        if env is not None:
            if env.over:
                return path
            continue
        final = final_of(data)
        if final is None or not final.outcome:
            continue
        try:
            over = records.replay(data, path).over
        except RecordError:
            over = False
        if not over:
            return path
    return None


def keep_unread(game_id: str) -> Path | None:
    """Move the autosave of ``game_id`` into ``unfinished`` ("… unread") if it is a game this
    build cannot open: done before its backup is resumed, whose autosaves would replace it."""
    main = autosave_path(game_id)
    if _unread_whole(game_id) != main:
        return None
    target = _unfinished_name(game_id, " unread")
    shutil.move(str(main), target)
    return target


def _unread_whole(game_id: str) -> Path | None:
    """The record :func:`unread` finds, unless it is a readable game over or not begun (the
    autosave unread, its backup may be one: then neither waits)."""
    path = unread(game_id)
    if path is None:
        return None
    try:
        records.open_record(path)
    except records.SealedRecord:
        return None  # (sealed, and this build reads its envelope: ``waiting`` judged it)
    except RecordError:
        return path
    return None


def keep_as_saved(game_id: str, path: Path) -> Path:
    """Copy the record at ``path`` into the ``unfinished`` folder, as it is.

    For an autosave of an older rules revision resumed as far as today's rules replay it: the
    game resumed is not the one saved, and the autosaves after it replace the file, so this
    copy is the player's game as they left it (Open Game… opens it again, by a later build
    perhaps). The copy is written whole or not at all."""
    target = _unfinished_name(game_id, " as saved")
    records.write_atomic(target, records.read_bytes(path), backup=False)
    return target


SUFFIX = ".midway.json"


def _unfinished_name(game_id: str, tag: str = "") -> Path:
    """A new file in the ``unfinished`` folder named by the game's title and the time."""
    folder = unfinished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H.%M.%S")
    try:
        title = game_info(game_id).title
    except KeyError:  # a game known to the engine only (a test's)
        title = game_id
    return _free(folder / f"{title} {stamp}{tag}")


def _free(base: Path) -> Path:
    """``base`` + ``SUFFIX``, or with " (2)", " (3)" … before it: a name no file has yet."""
    target = base.with_name(base.name + SUFFIX)
    n = 2
    while target.exists():
        target = base.with_name(f"{base.name} ({n}){SUFFIX}")
        n += 1
    return target
