"""The one bridge between the engine and Qt.

Widgets never touch game state: they call :meth:`GameController.submit` with an action and
redraw when :attr:`GameController.changed` fires. The controller autosaves after every step,
so a crash never costs a game (sealed with the hot-seat passwords when they are set, and only
while it holds the game's autosave lock), and it reads the session only through the viewing
side's filtered view and log.

A side the computer sits at (``Session.computers``) plays itself: whenever it is due, the
controller asks its bot for one step on the event loop, after the pace the player has set and
once the presenter has finished showing what came before (:attr:`GameController.showing`), and
submits it like any order. The person at the screen keeps their own side's view throughout.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from midway_desktop.engine import Action, Blocker, Event, Outcome, Session, autosaves, new_game, records
from midway_desktop.engine.bots import GameTooLong, Watchdog
from midway_desktop.engine.events import UMPIRE
from midway_desktop.engine.rng import Rng, seed_state
from midway_desktop.games import game_info, side_title

if TYPE_CHECKING:
    from midway_desktop.engine.bots import Bot
    from midway_desktop.engine.sealing import Seal

# The pause before each of the computer's steps, and between the events shown one by one.
PACES: dict[str, tuple[str, int]] = {
    "brisk": ("&Brisk", 250),
    "steady": ("&Steady", 900),
    "slow": ("S&low", 2000),
}
DEFAULT_PACE = "steady"
# How often the window looks for autosaves written, while the worker has some to write.
READ_WRITES_MS = 50


class GameController(QObject):
    changed = Signal()  # the position changed (an action, undo, redo, load)
    happened = Signal(list)  # events the viewing side may see, in order
    refused = Signal(str)  # an action was refused: the rule's reason
    finished = Signal(object)  # the game ended: its Outcome
    saveFailed = Signal(str)  # an autosave failed: why (every time)
    savingStopped = Signal(str)  # the first autosave to fail after one that worked: why
    savingResumed = Signal()  # an autosave worked again after failing
    handover = Signal(str)  # hot-seat: the named side must take the screen before anything is shown
    computerStalled = Signal(str)  # the computer's bot gave an order the rules refused, or never ends its step: why

    def __init__(self, parent: QObject | None = None, autosave: bool = True) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.viewer: str = ""
        # After the game: the step of the record shown to both players (None: the live game).
        self.reviewing: int | None = None
        self.autosave_enabled = autosave
        # What seals the record on disk (hot-seat passwords); None: the record is plain JSON.
        self.seal: Seal | None = None
        self.lock: autosaves.AutosaveLock | None = None
        # The game another window is autosaving: this one leaves that autosave alone.
        self.blocked: str | None = None
        self.blocked_reason = ""
        # The game whose autosave on disk is known to replay: this window wrote it from the game
        # on its board (or replayed it whole). Its backup need not be kept when it is set aside.
        self.sound: str | None = None
        self.save_failing = False
        # Autosaves are written on a worker thread; the GUI thread only takes a snapshot. The
        # worker touches nothing of Qt: it leaves each outcome in a queue the GUI thread reads
        # (a Qt signal emitted off the GUI thread to a Python slot can crash PySide).
        written: deque[tuple[autosaves.Job, BaseException | None]] = deque()
        self._written = written
        self.saver = autosaves.Saver(lambda job, error: written.append((job, error)))
        self._reader = QTimer(self)
        self._reader.setInterval(READ_WRITES_MS)
        self._reader.timeout.connect(self._read_writes)
        # The computer's players: a bot and its own luck (never the game's) for each of its sides.
        self.bots: dict[str, Bot] = {}
        self.bot_luck: dict[str, Rng] = {}
        # Counts the computer's orders, by step and game: a bot that never ends its step is
        # stopped and named in one line (the engine's watchdog, as ``simulate`` has it).
        self.watchdog = Watchdog()
        self.pace_ms = PACES[DEFAULT_PACE][1]
        # Whether the screen is still showing earlier events (the presenter sets it): the
        # computer waits for the player to have seen them.
        self.showing: Callable[[], bool] = lambda: False
        self._computer = QTimer(self)
        self._computer.setSingleShot(True)
        self._computer.timeout.connect(self._computer_step)

    # -- games ----------------------------------------------------------------------------
    def new_game(
        self,
        game_id: str,
        scenario: str | None = None,
        options: dict[str, Any] | None = None,
        seed: int | str | None = None,
        viewer: str | None = None,
        humans: tuple[str, ...] | None = None,
        computers: dict[str, str] | None = None,
    ) -> Session:
        """A new game; ``humans`` and ``computers`` say who sits at each side (by default the
        scenario's people, see ``engine.seats``)."""
        self.session = new_game(
            game_id, scenario=scenario, options=options, seed=seed, humans=humans, computers=computers
        )
        self._seat()
        self.reviewing = None
        self.viewer = viewer or self.session.humans[0]
        if self.seal is not None and not self._fits(self.seal, self.session):
            self.seal = None  # passwords stay with the same players of the same game
        self._after_step(list(self.session.setup_events))
        return self.session

    def adopt(self, session: Session, viewer: str | None = None, seal: Seal | None = None, save: bool = False) -> None:
        """Take over a session made elsewhere (loaded, replayed, or scripted in a test), sealed
        with ``seal`` from now on; ``save`` autosaves it at once."""
        self.session = session
        self._seat()
        self.reviewing = None
        self.viewer = viewer or session.humans[0]
        self.seal = seal if seal is not None and self._fits(seal, session) else None
        if save:
            self._autosave()
        self.changed.emit()
        self._computer_next()

    def load(self, path: Path | str, passwords: dict[str, str] | None = None) -> Session:
        """Open a saved game, of this rules revision or an older one (see ``records.restore``)."""
        opened = records.open_record(path, passwords)
        session = records.restore(opened.data, path).session
        self.adopt(session, seal=opened.seal)
        return session

    def save(self, path: Path | str) -> Path:
        return records.save(self._need(), path, seal=self.seal)

    @staticmethod
    def _fits(seal: Seal, session: Session) -> bool:
        return len(session.humans) > 1 and seal.game == session.rules.id and seal.sides == tuple(sorted(session.humans))

    # -- the autosave -----------------------------------------------------------------------
    def claim(self, game_id: str) -> str | None:
        """Take the right to autosave ``game_id`` (giving up any other game's). A one-line
        reason when another window already autosaves it: this one then leaves it alone."""
        if not self.autosave_enabled:
            return None
        if self.lock is not None and self.lock.game_id == game_id:
            return None
        self.release()
        lock = autosaves.AutosaveLock(game_id)
        try:
            got = lock.acquire()
        except OSError:
            return None  # nowhere to save at all: the autosave itself will fail and say so
        if not got:
            self.blocked = game_id
            self.blocked_reason = (
                f"Another Midway Desktop window is playing {self._title(game_id)} and saving it; "
                "this window does not autosave its game of it."
            )
            return self.blocked_reason
        self.lock = lock
        autosaves.clear_stale(game_id)
        return None

    def flush_saves(self) -> None:
        """Wait for the autosaves asked for to be on disk, and take in how they went: before
        the autosave is read or set aside, and before its lock is given up."""
        self.saver.flush()
        self._read_writes()

    def release(self) -> None:
        """Give up the autosave lock (the window closes, or turns to another game): once the
        last autosave is written."""
        self.flush_saves()
        self.saver.close()  # (its worker ends; the next autosave starts one)
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        self.blocked = None
        self.blocked_reason = ""
        self.sound = None  # (another window may write it now)

    def hold(self, game_id: str, reason: str) -> None:
        """Autosave nothing of ``game_id`` while its lock is held: the autosave there is a game
        that could not be set aside, and is deleted only on the player's word."""
        self.blocked = game_id
        self.blocked_reason = reason

    def unhold(self, game_id: str) -> None:
        """Autosave ``game_id`` again (what held it back has been set aside): only a hold of this
        window's own, never another window's lock."""
        if self.blocked == game_id and self.lock is not None and self.lock.game_id == game_id:
            self.blocked = None
            self.blocked_reason = ""

    def owns_autosave(self, game_id: str) -> bool:
        return self.autosave_enabled and self.blocked != game_id

    def set_seal(self, seal: Seal | None) -> None:
        """Seal the record with new passwords (None: plain); the autosave is rewritten now,
        its backup too, so no file left on disk is readable without them."""
        session = self._need()
        self.seal = seal if seal is not None and self._fits(seal, session) else None
        self._autosave(reseal=True)
        self.flush_saves()  # (the players are told their files are sealed: they are, now)

    def _autosave(self, reseal: bool = False) -> None:
        session = self.session
        if session is None or not self.autosave_enabled:
            return
        game_id = session.rules.id
        if self.lock is None or self.lock.game_id != game_id:
            self.claim(game_id)
        if self.blocked == game_id:
            return
        self.saver.save(records.Snapshot.of(session), self.seal, reseal=reseal)
        if not self._reader.isActive():
            self._reader.start()

    def _read_writes(self) -> None:
        """(GUI thread.) Take in the autosaves written or failed since last time; stop looking
        once the worker has nothing left to write."""
        while self._written:
            self._after_write(*self._written.popleft())
        if self.saver.idle and not self._written:
            self._reader.stop()

    def _after_write(self, job: autosaves.Job, error: BaseException | None) -> None:
        """An autosave written, or failed: say so as the status bar needs it."""
        game_id = job.snapshot.game
        if error is not None:
            if not isinstance(error, OSError):
                raise error  # (a fault of the program, not of the disk: as loud as before)
            reason = f"{job.path}: {error.strerror or error}"
            if not self.save_failing:
                self.save_failing = True
                self.savingStopped.emit(reason)
            self.saveFailed.emit(reason)
            return
        self.sound = game_id
        if self.save_failing:
            self.save_failing = False
            self.savingResumed.emit()

    @staticmethod
    def _title(game_id: str) -> str:
        try:
            return game_info(game_id).title
        except KeyError:
            return game_id

    # -- play -----------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        session = self._need()
        if self.reviewing is not None:
            return session.rules.view(self._reviewed_state(), UMPIRE)
        return session.view(self.viewer)

    def log(self) -> list[Event]:
        session = self._need()
        if self.reviewing is not None:
            events = list(session.setup_events)
            for step in session.history[: self.reviewing]:
                events.extend(step.events)
            return events
        return session.log(self.viewer)

    def last_rolls_seen(self, before: int | None = None, side: str | None = "") -> list[Event]:
        """The events of the latest step (of the first ``before`` steps) whose dice ``side`` saw:
        what the Dice dock shows a player who takes the screen (nothing of a roll only the other
        side saw). ``side`` "" is the viewer; None sees every roll (the umpire's review)."""
        session = self._need()
        who = self.viewer if side == "" else side
        for step in reversed(session.history[:before]):
            seen = [e for e in step.events if who is None or e.visible_to(who)]
            if any(e.kind == "roll" and e.data.get("dice") for e in seen):
                return seen
        return []

    def check(self, action: Action) -> str | None:
        """The rules' reason for refusing ``action`` now (None if it is legal)."""
        return self._need().check(action)

    def legal(self, side: str | None = None) -> list[Action]:
        session = self._need()
        return session.legal_actions(side or self.viewer)

    def seal_blockers(self) -> list[Blocker]:
        """What keeps the side at the screen from sealing its step now, each with its rule
        (empty while it may, while it is not asked, and in a review)."""
        session = self.session
        if session is None or self.reviewing is not None or session.outcome() is not None:
            return []
        return list(session.rules.seal_blockers(session.state, self.viewer))

    def submit(self, action: Action) -> bool:
        session = self._need()
        if self.reviewing is not None:
            self.refused.emit("This is the review of a finished game; nothing can be changed.")
            return False
        step = session.rules.step_of(session.state, action.side)
        result = session.submit(action)
        if not result.ok:
            self.refused.emit(result.refusal or "Not allowed.")
            return False
        events = list(result.events)
        if session.rules.step_of(session.state, action.side) != step or action.side not in session.humans:
            events += self._lone_passes()  # (a step the player has given orders in, the player seals)
        self._after_step([e for e in events if e.visible_to(self.viewer)])
        return True

    def _lone_passes(self) -> list[Event]:
        """One player at the screen (solitaire): a step where the player is asked but has nothing
        to order seals itself, and the log says so. Nobody else is there to learn anything from
        how quickly it went. With two players at one screen the pass stays the player's own, so
        that the handovers are the same whatever either side holds (a double-blind game asks a
        side in every step it might act in). Undo takes such a pass back like any step, and does
        not give it again."""
        session = self._need()
        out: list[Event] = []
        if len(session.humans) != 1:
            return out
        side = session.humans[0]
        while session.outcome() is None and side in session.to_act():
            action = session.rules.pass_only(session.state, side)
            if action is None:
                break
            result = session.submit(action)
            if not result.ok:  # (never: the rules offered it)
                break
            out += result.events
        return out

    def undo(self) -> bool:
        session = self._need()
        if session.history and session.history[-1].action.side in self.bots and session.undoable(self.viewer) == 0:
            who = side_title(session.history[-1].action.side)
            self.refused.emit(f"The computer ({who}) has played since your last order; its steps are not taken back.")
            return False
        reason = session.undo(self.viewer)
        if reason is not None:
            self.refused.emit(reason)
            return False
        self._after_step([])
        return True

    def needs_consent(self) -> bool:
        """Two players at one screen: taking back an order needs the other player's yes."""
        return self._need().needs_consent()

    def ask_undo(self) -> str | None:
        """Ask to take back the viewing side's last step; a refusal, or None once asked."""
        return self._need().request_undo(self.viewer)

    def answer_undo(self, requester: str, allow: bool) -> bool:
        """The viewing player's answer to ``requester``'s request to take back a step."""
        session = self._need()
        if not allow:
            session.undo_requested_by = None
            self.refused.emit("The other player did not allow the undo.")
            return False
        reason = session.undo(requester, consent_from=self.viewer)
        if reason is not None:
            self.refused.emit(reason)
            return False
        self._after_step([])
        return True

    def redo(self) -> bool:
        session = self._need()
        if session.redo_stack and session.redo_stack[-1][0].side != self.viewer and len(session.humans) > 1:
            # Hot-seat: a step taken back is its own player's to give again, nobody else's.
            self.refused.emit("Only the player who took that step back can redo it.")
            return False
        reason = session.redo()
        if reason is not None:
            self.refused.emit(reason)
            return False
        self._after_step([e for e in session.history[-1].events if e.visible_to(self.viewer)])
        return True

    def can_undo(self) -> bool:
        return self.session is not None and self.reviewing is None and self.session.undoable(self.viewer) > 0

    def can_redo(self) -> bool:
        return self.session is not None and self.reviewing is None and self.session.can_redo()

    # -- after the game -------------------------------------------------------------------
    def review(self, index: int | None) -> str | None:
        """Show the umpire's view of the whole game before action ``index`` (``len(history)`` is
        the final position; ``None`` goes back to the live game). Only once the game is over:
        before that, the umpire's view would show each side the other's secrets."""
        session = self._need()
        if index is not None and session.outcome() is None:
            return "The umpire's view opens only when the game is over."
        if index is not None:
            index = max(0, min(index, len(session.history)))
        self.reviewing = index
        self.changed.emit()
        return None

    def review_length(self) -> int:
        return len(self._need().history)

    def reviewed_action(self) -> Action | None:
        """The action taken from the reviewed position (None at the end)."""
        session = self._need()
        if self.reviewing is None or self.reviewing >= len(session.history):
            return None
        return session.history[self.reviewing].action

    def reviewed_state(self) -> Any:
        """The position on show in the review (the odds dock plays on from it)."""
        return self._reviewed_state()

    def _reviewed_state(self) -> Any:
        session = self._need()
        i = self.reviewing or 0
        return session.history[i].before if i < len(session.history) else session.state

    def outcome(self) -> Outcome | None:
        return self.session.outcome() if self.session else None

    # -- hot-seat -------------------------------------------------------------------------
    def next_viewer(self) -> str | None:
        """The side to hand the screen to now, if any: a person's side that must act, when the
        side at the screen need not. A side keeps the screen while it is itself still asked, so
        it plays its steps one after another at one sitting (seals one simultaneous step and goes
        on to the next: in CV its Plane Ready, Form Air Units and Plot Ship Movement Steps, which
        a side plays without waiting for the other, see ``games.cv.sequence.PRIVATE``; in Victory
        at Midway its runs of sealed steps, ``games.victory_at_midway.sequence.RUNS``), and the
        curtain comes down only when it has nothing left to do before the other side acts.

        Secrecy: the screen changes hands exactly when the side at it is no longer asked while a
        person's side is. The rules work out who is asked only from what both sides know (a
        sealed step asks every side whatever it holds, a pass stays the player's own: see
        :meth:`_lone_passes`; a CV side that seals its Plane Ready or Form Air Units Step is asked
        in the next at once, whatever its orders, and a Victory at Midway side in the next step of
        its run that asks it, as the sequence and the optional rules in play say), and a side
        stops being asked only by its own
        seal or end of step. So the handovers follow from who is asked step by step, which both
        players know as the game goes: how many there are, and when, tells neither side anything
        of the other's forces or orders."""
        session = self.session
        if session is None or len(session.humans) < 2 or session.outcome() is not None:
            return None
        asked = [side for side in session.to_act() if side in session.humans]
        if not asked or self.viewer in asked:
            return None
        return asked[0]

    def pass_to(self, side: str) -> None:
        """Hand the screen to ``side``: everything is redrawn from that side's view."""
        self.viewer = side
        self.changed.emit()

    # -- the computer's seats ---------------------------------------------------------------
    def _seat(self) -> None:
        """Bots for the sides the computer sits at, each with luck of its own from the game's seed
        (the same game, the same computer), so that its choices never draw on the game's dice."""
        from midway_desktop.engine.seats import bots_for

        self._computer.stop()
        session = self._need()
        self.bots = bots_for(session.rules, session.rules.scenario(session.scenario), session.computers)
        self.bot_luck = {side: Rng(seed_state(f"{session.seed}/{side}")) for side in self.bots}
        self.watchdog = Watchdog()

    def set_pace(self, ms: int) -> None:
        """The pause before each of the computer's steps."""
        self.pace_ms = max(0, ms)
        if self._computer.isActive():
            self._computer.start(self.pace_ms)

    def computer_due(self) -> str | None:
        """The computer's side that must act now, if any (never while reviewing or after the game)."""
        session = self.session
        if session is None or self.reviewing is not None or not self.bots or session.outcome() is not None:
            return None
        return next((side for side in session.to_act() if side in self.bots), None)

    def _computer_next(self, seen: bool = True) -> None:
        """The computer's next step, after the pace's pause when the last step showed the player
        something (``seen``), at once when it showed nothing (a secret order, a seal the other
        side is not told of): the player watches what can be watched, and does not sit through
        a pause a step for orders that never reach the screen."""
        if self.computer_due() is None:
            self._computer.stop()
        elif not self._computer.isActive():
            self._computer.start(self.pace_ms if seen else 0)

    def _computer_step(self) -> None:
        """One of the computer's steps (a whole batch of orders for VaM's bots), on the event
        loop: the window stays live between them."""
        side = self.computer_due()
        if side is None:
            return
        if self.showing():  # the player is still watching what came before
            self._computer.start(max(50, self.pace_ms))
            return
        session = self._need()
        bot = self.bots[side]
        try:
            self.watchdog.count(session.rules, session.state, side)
        except GameTooLong as exc:  # (said once: the computer stops instead of spinning)
            self._computer.stop()
            self.computerStalled.emit(f"The computer has stopped: {exc}.")
            return
        legal = session.legal_actions(side) if getattr(bot, "uses_legal", True) else []
        action = bot.choose(session, side, legal, self.bot_luck[side])
        if not self.submit(action):  # (a bot bug: said once, and the computer stops)
            self.computerStalled.emit(f"The computer ({side_title(side)}) could not give its orders.")

    # -- internals ------------------------------------------------------------------------
    def _need(self) -> Session:
        if self.session is None:
            raise RuntimeError("no game in progress")
        return self.session

    def _after_step(self, events: list[Event]) -> None:
        session = self._need()
        self._autosave()
        if events:
            self.happened.emit(events)
        self.changed.emit()
        outcome = session.outcome()
        if outcome is not None:
            self._computer.stop()
            self.finished.emit(outcome)
            return
        nxt = self.next_viewer()
        if nxt is not None:
            self.handover.emit(nxt)
        self._computer_next(seen=bool(events))
