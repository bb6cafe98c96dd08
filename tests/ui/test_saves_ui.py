"""Saves at the desktop: an unfinished game is never lost without the player's word, one window
saves a game, a failing autosave is told once and plainly, bad settings never stop the app,
and a hot-seat game with passwords leaves nothing readable on disk."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMessageBox

from midway_desktop.engine import autosaves, records
from midway_desktop.ui.main_window import MainWindow

SOLITAIRE = "midway-solitaire"
VAM = "victory-at-midway"
SEED = 918273645  # distinctive: found nowhere on disk once the game is sealed
PASSWORDS = {"us": "midway", "japan": "tora"}


def _window(qtbot, game: str = SOLITAIRE, persist: bool = True) -> MainWindow:  # type: ignore[no-untyped-def]
    w = MainWindow(game, persist=persist)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    QApplication.processEvents()
    return w


def _step(w: MainWindow) -> None:
    c = w.controller
    side = c.viewer
    assert c.submit(c.legal(side)[0])
    c.flush_saves()  # the step's autosave on disk (it is written on a worker thread)


def _said(w: MainWindow) -> str:
    """What the status bar says, or will say once the hot-seat curtain lifts."""
    return f"{w.statusBar().currentMessage()} {w._after_curtain}"


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The players' answers to the resume question, the password prompts and the retry question."""
    given = {"resume": [], "text": [], "question": []}
    asked: list[str] = []

    def get_text(parent, title, label, *a, **k):  # type: ignore[no-untyped-def]
        asked.append(label)
        return given["text"].pop(0)

    monkeypatch.setattr(MainWindow, "_ask_resume", lambda self, path: given["resume"].pop(0))
    monkeypatch.setattr(QInputDialog, "getText", get_text)
    yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: yes if given["question"].pop(0) else no)
    given["asked"] = asked
    return given


def _unfinished_solitaire(qtbot) -> bytes:  # type: ignore[no-untyped-def]
    w = _window(qtbot)
    _step(w)
    _step(w)
    w.close()
    return autosaves.autosave_path(SOLITAIRE).read_bytes()


def _kept() -> list[Path]:
    """The games set aside (without the steps before kept beside them)."""
    return [p for p in _every_kept() if not p.name.endswith(" step before.midway.json")]


def _every_kept() -> list[Path]:
    folder = autosaves.unfinished_dir()
    return sorted(folder.iterdir()) if folder.is_dir() else []


def _befores() -> list[Path]:
    return [p for p in _every_kept() if p.name.endswith(" step before.midway.json")]


@pytest.mark.parametrize("way", ["no to resume", "resume fails", "new game", "open another game"])
def test_every_way_a_new_game_replaces_an_unfinished_one_keeps_it(qtbot, answers, tmp_path, way) -> None:  # type: ignore[no-untyped-def]
    saved = _unfinished_solitaire(qtbot)
    step_before = records.backup_path(autosaves.autosave_path(SOLITAIRE)).read_bytes()
    other = tmp_path / "other.midway.json"
    if way == "open another game":
        w = _window(qtbot, persist=False)
        _step(w)
        w.controller.save(other)
        w.close()
    if way == "resume fails":  # as after a ruleset edit: the replay no longer reproduces the game
        data = json.loads(saved)
        data["final"]["fingerprint"] = "0" * 32
        saved = json.dumps(data).encode()
        autosaves.autosave_path(SOLITAIRE).write_bytes(saved)
    answers["resume"].append(way != "no to resume")
    w = _window(qtbot)
    if way == "new game":
        assert len(w.controller.session.history) == 2  # resumed
        w.start_new()
    elif way == "open another game":
        assert w.open_game(str(other))
    kept = _kept()
    assert len(kept) == 1 and kept[0].read_bytes() == saved
    assert str(kept[0]) in _said(w)
    if way == "resume fails":
        assert "Could not resume" in _said(w) and "does not reproduce" in _said(w)
    befores = _befores()
    if way in ("no to resume", "resume fails"):
        # An earlier run's autosave, not known to replay: the step before is kept beside it (the
        # one that failed to resume here replays whole), never deleted.
        assert len(befores) == 1 and befores[0].read_bytes() == step_before and str(befores[0]) in _said(w)
        assert records.restore(records.read(befores[0]), befores[0]).verified
    else:  # resumed whole here first: its backup, an older step of the game kept, may go
        assert befores == []
    # The autosave holds the game now on the board, and nothing is offered for resume twice.
    w.controller.flush_saves()
    now = records.read(autosaves.autosave_path(SOLITAIRE))
    assert len(now["actions"]) == len(w.controller.session.history)
    w.close()


def test_a_resume_from_the_backup_when_the_autosave_is_damaged(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    _unfinished_solitaire(qtbot)
    main = autosaves.autosave_path(SOLITAIRE)
    main.write_bytes(main.read_bytes()[:100])  # torn
    answers["resume"].append(True)
    w = _window(qtbot)
    assert len(w.controller.session.history) == 1  # the step before, from the backup
    assert len(records.read(main)["actions"]) == 1  # and the autosave is whole again
    w.close()


def test_a_second_window_leaves_the_first_windows_autosave_alone(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    first = _window(qtbot)
    _step(first)
    path = autosaves.autosave_path(SOLITAIRE)
    before = path.read_bytes()
    second = _window(qtbot)  # no resume question: the game is the first window's
    assert answers["resume"] == []
    assert second.controller.blocked == SOLITAIRE
    assert "Another Midway Desktop window is playing Midway Solitaire" in second.statusBar().currentMessage()
    assert second.save_label.isVisible() and second.save_label.text() == "Not autosaved"
    _step(second)
    _step(second)
    assert path.read_bytes() == before and not autosaves.unfinished_dir().exists()
    _step(first)
    assert len(records.read(path)["actions"]) == 2
    first.close()
    second.close()


def test_autosave_trouble_is_told_once_and_its_end_too(qtbot, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every run of failed autosaves, of any length: one warning at its start, the indicator
    while it lasts, one message at its end."""
    good = tmp_path / "good"
    bad = tmp_path / "not-a-folder"
    bad.write_text("a file where the data folder should be")
    w = _window(qtbot, persist=True)
    c = w.controller
    told: list[str] = []
    c.savingStopped.connect(lambda why: told.append("stopped"))
    c.savingResumed.connect(lambda: told.append("resumed"))
    chance = random.Random(5)
    expected: list[str] = []
    failing = False
    for _ in range(40):
        fail = chance.random() < 0.5
        monkeypatch.setenv("MIDWAY_DATA_DIR", str(bad if fail else good))
        if c.session.outcome() is not None:
            break
        _step(w)
        if fail != failing:
            expected.append("stopped" if fail else "resumed")
            failing = fail
        assert w.save_label.isVisible() == fail
        if fail:
            assert w.save_warning is not None and w.save_warning.isVisible()
            assert "not being saved" in w.save_warning.text() and str(bad) in w.save_warning.detailedText()
        else:
            assert w.save_warning is None
    assert told == expected and expected.count("stopped") > 3
    w.close()


def _garbage_kinds() -> list[object]:
    noise = random.Random(9)
    return [
        "garbage",
        "",
        12345,
        -1.5,
        True,
        ["a", 1],
        QByteArray(bytes(noise.randrange(256) for _ in range(64))),
        QByteArray(b"\x01\xd9\xd0\xcb\x00\x03\x00\x00"),  # the start of a real geometry, cut short
    ]


def test_bad_settings_are_ignored_never_fatal(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Every key the app writes (so every key it reads), set to every kind of wrong value."""
    w = _window(qtbot, game=VAM)
    w.controller.pass_to("japan")
    w.switch_game(SOLITAIRE)
    w.close()
    settings = QSettings()
    keys = settings.allKeys()
    assert {"session/game", "window/geometry", f"window/state/{SOLITAIRE}", f"window/state/{VAM}/us"} <= set(keys)
    try:
        for value in _garbage_kinds():
            for key in keys:
                settings.setValue(key, value)
            settings.sync()
            for game in (None, VAM):
                w = MainWindow(game, persist=True)
                qtbot.addWidget(w)
                w.show()
                w.controller.pass_to("us" if game else w.controller.viewer)
                assert w.game_id == (game or SOLITAIRE) and w.width() > 100
                w.close()
        # The settings file as an editor may leave it.
        settings.sync()
        Path(settings.fileName()).write_text("[window]\ngeometry=garbage\nstate\\midway-solitaire=@Rect(1 2)\n")
        settings.sync()
        w = MainWindow(None, persist=True)
        qtbot.addWidget(w)
        w.close()
    finally:
        settings.clear()
        settings.sync()


# -- hot-seat privacy ---------------------------------------------------------------------------
def _vam(qtbot, persist: bool = True) -> MainWindow:  # type: ignore[no-untyped-def]
    w = _window(qtbot, game=VAM, persist=persist)
    w.start_new({}, SEED, None)
    return w


def _set_passwords(w: MainWindow, answers, us: str | None, japan: str | None) -> None:  # type: ignore[no-untyped-def]
    answers["text"] += [(us or "", True), (japan or "", True)]
    w._set_passwords()


def _files() -> list[Path]:
    return sorted(p for p in autosaves.data_dir().rglob("*") if p.is_file())


def test_without_passwords_the_game_says_its_file_is_readable(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    w = _vam(qtbot, persist=False)
    assert w.curtain.down and "anyone at this computer" in w.curtain.notice.text()
    assert w.curtain.notice.isVisible()
    w.curtain.button.click()
    assert "can be read by anyone at this computer" in w.statusBar().currentMessage()
    _set_passwords(w, answers, None, None)
    assert all("anyone at this computer" in label for label in answers["asked"])
    assert "can be read by anyone" in w.statusBar().currentMessage()
    _set_passwords(w, answers, None, "tora")
    assert w.curtain.notice.text() == "" and "open only with them" in w.statusBar().currentMessage()


@pytest.mark.parametrize("guarded", [("us", "japan"), ("japan",)])
def test_with_passwords_nothing_on_disk_gives_a_side_away(qtbot, answers, tmp_path, monkeypatch, guarded) -> None:  # type: ignore[no-untyped-def]
    """Sealed from the moment the passwords are set (the backup of the step before too), the
    Save As copy as well; resuming asks each guarded player in turn, a wrong password costs
    nothing, and the curtain guards the same sides afterwards."""
    w = _vam(qtbot)
    _step(w)  # a plain autosave and backup on disk before the passwords
    _set_passwords(w, answers, PASSWORDS["us"] if "us" in guarded else None, PASSWORDS["japan"])
    w.curtain.password.setText(PASSWORDS.get(w.curtain.side, ""))
    w.curtain.button.click()
    _step(w)
    copy = tmp_path / "copy.midway.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(copy), ""))
    w.save_dialog()
    steps = len(w.controller.session.history)
    w.close()
    for path in [*_files(), copy]:
        raw = path.read_bytes()
        assert str(SEED).encode() not in raw and b'"actions"' not in raw, path.name
        if path.suffix != ".lock":
            found = records.envelope_of(raw, path)
            assert found is not None and found.guarded == tuple(sorted(guarded))

    def typed(*sides_passwords: tuple[str, str]) -> list[tuple[str, bool]]:
        return [(p, True) for _, p in sides_passwords]

    order = [s for s in ("japan", "us") if s in guarded]
    right = [(s, PASSWORDS[s]) for s in order]
    wrong = [(s, PASSWORDS[s] + "?") for s in order]
    # A wrong password, "try again", then the right ones.
    answers["asked"].clear()
    answers["resume"].append(True)
    answers["text"] += typed(*wrong) + typed(*right)
    answers["question"].append(True)
    autosave = autosaves.autosave_path(VAM)
    w = _window(qtbot, game=VAM)
    assert len(w.controller.session.history) == steps
    assert len(answers["asked"]) == 2 * len(order)
    assert all("type your password" in label for label in answers["asked"])
    assert set(w.curtain.passwords) == set(guarded)
    assert all(w.curtain.passwords[s].matches(PASSWORDS[s]) for s in guarded)
    assert w.controller.seal is not None and w.curtain.notice.text() == ""
    _step_as_viewer(w)
    assert records.envelope_of(autosave.read_bytes()) is not None  # still sealed
    w.close()
    # A wrong password and "no more tries": the game is kept, sealed, where the player is told.
    before = autosave.read_bytes()
    answers["resume"].append(True)
    answers["text"] += typed(*wrong)
    answers["question"].append(False)
    w = _window(qtbot, game=VAM)
    kept = _kept()
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert all(records.envelope_of(p.read_bytes()) is not None for p in _befores())  # sealed too
    assert str(kept[0]) in _said(w) and "wrong password" in _said(w)
    assert len(w.controller.session.history) == 0
    # ... and Open Game opens the kept file with the passwords.
    answers["text"] += typed(*right)
    assert w.open_game(str(kept[0]))
    assert len(w.controller.session.history) == steps + 1
    assert set(w.curtain.passwords) == set(guarded)
    w.close()


def _step_as_viewer(w: MainWindow) -> None:
    if w.curtain.down:
        w.curtain.password.setText(PASSWORDS.get(w.curtain.side, ""))
        w.curtain.button.click()
        assert not w.curtain.down
    _step(w)


def test_passwords_given_with_a_new_game_seal_its_very_first_autosave(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    """Set later, the seed and the first orders would have been on disk in the clear for a while:
    given in the New Game dialog, no file ever shows the new game's seed or orders."""
    w = _window(qtbot, game=VAM)
    w.start_new({}, SEED, None, passwords=dict(PASSWORDS))
    assert w.controller.seal is not None and set(w.curtain.passwords) == {"us", "japan"}
    w.curtain.password.setText(PASSWORDS[w.curtain.side])
    w.curtain.button.click()
    _step(w)  # its backup, too, is the sealed first autosave
    for path in _files():
        assert str(SEED).encode() not in path.read_bytes(), path.name  # (a plain file left is another game's)
    found = records.envelope_of(autosaves.autosave_path(VAM).read_bytes())
    assert found is not None and found.guarded == ("japan", "us")


def test_the_new_game_dialog_asks_for_passwords_only_for_two_players(qtbot) -> None:  # type: ignore[no-untyped-def]
    from midway_desktop.engine import get_rules
    from midway_desktop.ui.new_game import NewGameDialog

    dialog = NewGameDialog(get_rules(VAM))
    qtbot.addWidget(dialog)
    dialog.show()
    boxes = dialog.passwords_
    for i in range(dialog.scenario.count()):
        dialog.scenario.setCurrentIndex(i)
        solo = dialog.scenario.currentData() == "solitaire"
        assert all(b.isVisible() != solo for b in boxes.values())
        for side, box in boxes.items():
            box.setText(f"pw-{side}")
        assert (dialog.passwords() == {}) == solo
    solitaire = NewGameDialog(get_rules(SOLITAIRE))
    qtbot.addWidget(solitaire)
    solitaire.show()
    assert not any(b.isVisible() for b in solitaire.passwords_.values()) and solitaire.passwords() == {}


RECORDS = Path(__file__).resolve().parent.parent / "records"


def test_an_older_revisions_record_opens_saying_in_one_line_what_was_verified(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    """A Kido Butai game saved by the build of 2026-12-01, whose replay today's rules no longer
    verify, opens all the same; the status bar says what could and could not be verified, and
    the file is left as it was."""
    path = RECORDS / "2026-12-01-bbeca89" / "kido-butai.json"
    before = path.read_bytes()
    w = _window(qtbot)
    assert w.open_game(str(path))
    assert w.game_id == "kido-butai" and len(w.controller.session.history) == 19
    said = w.statusBar().currentMessage()
    assert said.startswith(
        f"Opened {path}. Saved under Kido Butai rules from before revisions were recorded (Midway Desktop 0.1.0): "
        "all 19 moves replay under revision 1, but they reach another position than the one saved"
    )
    assert path.read_bytes() == before
    w.close()


def test_an_older_revisions_autosave_resumes_and_the_game_as_saved_is_kept(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    """Upgraded mid-campaign: the unfinished game resumes under today's rules, the player is told
    so in one line, and the autosave as the older build left it is kept whole in unfinished/."""
    old = (RECORDS / "2026-12-01-bbeca89" / "kido-butai-unfinished.json").read_bytes()
    autosave = autosaves.autosave_path("kido-butai")
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_bytes(old)
    answers["resume"].append(True)
    w = _window(qtbot, game="kido-butai")
    assert len(w.controller.session.history) == 8
    kept = _kept()
    assert len(kept) == 1 and kept[0].read_bytes() == old and kept[0].name.endswith(" as saved.midway.json")
    said = _said(w)
    assert "Resumed Kido Butai. Saved under Kido Butai rules from before revisions were recorded" in said
    assert "all 8 moves replay under revision 1" in said and f"The game as saved is kept as {kept[0]}." in said
    now = records.read(autosave)  # the autosave is today's game, of today's revision, at once
    assert now["rules_revision"] == 1 and len(now["actions"]) == 8
    w.close()
    # The game as saved opens again from where it was kept.
    w = _window(qtbot, game="kido-butai", persist=False)
    assert w.open_game(str(kept[0])) and len(w.controller.session.history) == 8
    w.close()


def test_a_sealed_older_autosave_resumes_through_the_same_path(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    """A hot-seat CV game saved by the build of 2026-12-01 and sealed: the passwords open it,
    the moves today's rules still take are kept, and the game as saved is kept sealed."""
    from midway_desktop.engine import sealing

    cheap = sealing.KdfCost(n=2**10, r=8, p=1)
    keys = {side: sealing.side_key("convoy", cheap) for side in ("american", "japanese")}
    seal = sealing.Seal.of("cv", ("american", "japanese"), keys)
    assert seal is not None
    sealed = sealing.seal((RECORDS / "2026-12-01-aed53c0" / "cv.json").read_bytes(), seal, over=False)
    autosave = autosaves.autosave_path("cv")
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_bytes(sealed)
    answers["resume"].append(True)
    answers["text"] += [("convoy", True), ("convoy", True)]
    w = _window(qtbot, game="cv")
    assert len(w.controller.session.history) == 18
    kept = _kept()
    assert len(kept) == 1 and kept[0].read_bytes() == sealed
    said = _said(w)
    assert "Saved under CV rules from before revisions were recorded (Midway Desktop 0.1.0): 18 of 300 moves" in said
    assert f"The game as saved is kept as {kept[0]}." in said
    assert records.envelope_of(autosave.read_bytes()) is not None  # resumed, and still sealed
    w.close()


def test_a_record_of_a_newer_revision_is_refused_in_one_line_and_kept(qtbot, answers, tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = records.read(RECORDS / "revision-1" / "kido-butai.json")
    data["rules_revision"] += 1
    data["app_version"] = "9.4.0"
    data["final"]["outcome"] = None  # unfinished: waiting to be resumed
    raw = json.dumps(data).encode()
    autosave = autosaves.autosave_path("kido-butai")
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_bytes(raw)
    answers["resume"].append(True)
    w = _window(qtbot, game="kido-butai")
    said = _said(w)
    assert "Could not resume:" in said and "saved by Midway Desktop 9.4.0 under Kido Butai rules revision 2" in said
    kept = _kept()
    assert len(kept) == 1 and kept[0].read_bytes() == raw and str(kept[0]) in said
    w.close()


@pytest.mark.parametrize("way", ["no to resume", "resume fails", "new game", "open another game"])
def test_an_unfinished_game_that_cannot_be_set_aside_is_never_autosaved_over(qtbot, answers, tmp_path, way) -> None:  # type: ignore[no-untyped-def]
    """The unfinished/ folder unusable (a file where it should be): the game waiting stays in the
    autosave, its backup too, whatever the new game does, until the player's next new game can
    set it aside; the window says it does not autosave meanwhile."""
    _unfinished_solitaire(qtbot)
    main = autosaves.autosave_path(SOLITAIRE)
    backup = records.backup_path(main)
    other = tmp_path / "other.midway.json"
    if way == "open another game":
        w = _window(qtbot, persist=False)
        _step(w)
        w.controller.save(other)
        w.close()
    if way == "resume fails":
        data = json.loads(main.read_bytes())
        data["final"]["fingerprint"] = "0" * 32
        main.write_bytes(json.dumps(data).encode())
    saved, step_before = main.read_bytes(), backup.read_bytes()
    autosaves.unfinished_dir().parent.mkdir(parents=True, exist_ok=True)
    autosaves.unfinished_dir().write_text("not a folder")
    answers["resume"].append(way != "no to resume")
    w = _window(qtbot)
    if way == "new game":
        w.start_new()
    elif way == "open another game":
        assert w.open_game(str(other))
    for _ in range(3):
        _step(w)
    assert main.read_bytes() == saved and backup.read_bytes() == step_before, "the waiting game was overwritten"
    said = _said(w)
    assert "could not be set aside" in said and "not autosaved over it" in said
    assert w.save_label.isVisible() and w.save_label.text() == "Not autosaved"
    # The folder usable again, the next new game sets it aside (its step before too) and saves.
    autosaves.unfinished_dir().unlink()
    w.start_new()
    kept, befores = _kept(), _befores()
    assert [p.read_bytes() for p in kept] == [saved]
    # (Resumed whole first, the autosave was known to replay: its backup need not be kept.)
    resumed = way in ("new game", "open another game")
    assert [p.read_bytes() for p in befores] == ([] if resumed else [step_before])
    assert not w.save_label.isVisible()
    _step(w)
    assert len(records.read(main)["actions"]) == 1
    w.close()


def test_a_game_resumed_then_not_set_aside_is_offered_again(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    """Held back from autosaving over the waiting game, the window leaves it to be resumed at the
    next start, as it was."""
    saved = _unfinished_solitaire(qtbot)
    autosaves.unfinished_dir().parent.mkdir(parents=True, exist_ok=True)
    autosaves.unfinished_dir().write_text("not a folder")
    answers["resume"].append(False)
    w = _window(qtbot)
    _step(w)
    w.close()
    answers["resume"].append(True)
    w = _window(qtbot)
    assert len(w.controller.session.history) == 2 and autosaves.autosave_path(SOLITAIRE).read_bytes() == saved
    w.close()


@pytest.mark.parametrize("kdf", [{"n": 2**20, "p": 16}, {"n": 2**20, "r": 64}, {"n": "2**20"}, {"r": None}])
def test_a_sealed_game_asking_hostile_costs_is_refused_in_one_line_before_any_password(
    qtbot, answers, monkeypatch, tmp_path, kdf
) -> None:  # type: ignore[no-untyped-def]
    """Open Game… and the resume offer alike: one line, no password asked, nothing stretched,
    and the autosave left where it was."""
    from midway_desktop.engine import sealing

    def stretch(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("a password was stretched")

    w = _vam(qtbot, persist=False)
    cheap = sealing.KdfCost(n=2**10)
    keys = {side: sealing.side_key(text, cheap) for side, text in PASSWORDS.items()}
    seal = sealing.Seal.of(VAM, ("us", "japan"), keys)
    assert seal is not None
    _step_as_viewer(w)
    data = json.loads(records.encode(w.controller.session, seal))
    raw = json.dumps({**data, "kdf": {**data["kdf"], **kdf}}).encode()
    w.close()
    monkeypatch.setattr(sealing, "stretch", stretch)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a, **k: warned.append(text))
    path = tmp_path / "hostile.midway.json"
    path.write_bytes(raw)
    w = _window(qtbot, persist=False)
    assert not w.open_game(str(path))
    assert len(warned) == 1 and "\n" not in warned[0] and "scrypt" in warned[0] and str(path) in warned[0]
    assert answers["asked"] == []  # no password was asked for
    w.close()
    autosave = autosaves.autosave_path(VAM)
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_bytes(raw)
    assert autosaves.waiting(VAM) is None  # not offered: this build cannot open it
    # ... but a game all the same (a later build may open it): set aside, never overwritten.
    w = _window(qtbot, game=VAM)
    kept = _kept()
    assert [p.read_bytes() for p in kept] == [raw] and str(kept[0]) in _said(w)
    assert answers["asked"] == [] and len(warned) == 1
    w.close()


def test_resumed_from_its_backup_a_later_builds_autosave_is_kept(qtbot, answers) -> None:  # type: ignore[no-untyped-def]
    """The autosave a later build wrote (a newer schema), its backup one this build reads: the
    backup resumes, and the autosave is set aside before the autosaves replace it."""
    _unfinished_solitaire(qtbot)
    main = autosaves.autosave_path(SOLITAIRE)
    data = json.loads(main.read_bytes())
    data["schema"] = records.SCHEMA + 1
    newer = json.dumps(data).encode()
    main.write_bytes(newer)
    answers["resume"].append(True)
    w = _window(qtbot)
    assert len(w.controller.session.history) == 1  # the backup's step
    kept = _every_kept()
    assert [p.read_bytes() for p in kept] == [newer] and kept[0].name.endswith(" unread.midway.json")
    assert str(kept[0]) in _said(w)
    for _ in range(2):
        _step(w)
    assert kept[0].read_bytes() == newer
    w.close()
