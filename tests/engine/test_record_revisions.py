"""Every record says which rules made it, and a record of every revision opens.

``tests/records/<folder>/<game>.json`` are records saved by the builds named: ``revision-N``
by this build's games at revision N (``python -m tests.records.save``), the dated ones by
older builds of the project (the date and commit they were saved at, before records carried a
rules revision). A change of the rules that changes a replay must raise the game's revision
and keep the old revision's record here: the first test fails until it does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from midway_desktop.engine import records as rec
from midway_desktop.engine.record_limits import MAX_LINE
from midway_desktop.engine.registry import MODULES, get_rules
from tests.records.save import GAMES

RECORDS = Path(__file__).resolve().parent.parent / "records"
STORED = sorted(RECORDS.glob("*/*.json"))


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def _current(game: str) -> Path:
    return RECORDS / f"revision-{get_rules(game).revision}" / f"{game}.json"


@pytest.mark.parametrize("game", GAMES)
def test_this_revisions_record_still_replays_to_its_saved_position(game: str) -> None:
    rules = get_rules(game)
    path = _current(game)
    save = f"python -m tests.records.save tests/records/{path.parent.name} {game}"
    assert path.is_file(), f"no record of {game} rules revision {rules.revision}: save one with {save}"
    data = rec.read(path)
    assert data["rules_revision"] == rules.revision
    try:
        rec.replay(data, path)
    except rec.RecordError as exc:
        module = MODULES[game].replace(".", "/") + ".py"
        pytest.fail(
            f"replay changed: bump {game}'s rules revision ({module}: revision = {rules.revision}) and save a record "
            f"of the old one into tests/records/revision-{rules.revision}/ (it is there: keep it), then the new one "
            f"with python -m tests.records.save tests/records/revision-{rules.revision + 1} {game} ({exc})"
        )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_declares_its_own_revision(game: str) -> None:
    rules = get_rules(game)
    assert "revision" in type(rules).__dict__, f"{game} must declare its rules revision, not inherit one"
    assert isinstance(rules.revision, int) and rules.revision >= 1


def test_a_record_says_which_rules_made_it(tmp_path: Path) -> None:
    from tests.records.save import play

    session = play("kido-butai", steps=3)
    data = rec.read(rec.save(session, tmp_path / "k.json"))
    assert data["rules_revision"] == get_rules("kido-butai").revision
    assert data["app_version"]


# What the player is told of each older record, opened by this build. A revision raised later
# may change these lines: they are the lines the player will then read.
OLD = {
    # Saved by the build of 2026-12-01 23:08 (447bdbc): today's rules replay it exactly.
    "2026-12-01-447bdbc/midway-solitaire.json": (11, 11, True),
    "2026-12-01-447bdbc/kido-butai.json": (19, 19, True),
    "2026-12-01-447bdbc/victory-at-midway.json": (300, 300, True),
    "2026-12-01-447bdbc/cv.json": (300, 300, True),
    # Saved by the build of 2026-12-01 11:57 (bbeca89), before the day's rules fixes.
    "2026-12-01-bbeca89/midway-solitaire.json": (11, 11, False),
    "2026-12-01-bbeca89/kido-butai.json": (19, 19, False),
    "2026-12-01-bbeca89/victory-at-midway.json": (5, 210, False),
    "2026-12-01-bbeca89/kido-butai-unfinished.json": (8, 8, False),  # 8 bot moves, in progress
    # Saved at CV rules revision 1, before an Air unit bound to leave the enemy hex it fought over
    # was refused a Shadowing order (VIII.H.3, VI.G.5): its moves replay under revision 2.
    "revision-1/cv.json": (300, 300, True),
    # Saved by the build of 2026-12-01 15:58 (aed53c0), the first with CV's rules.
    "2026-12-01-aed53c0/cv.json": (18, 300, False),
}


def test_every_stored_record_is_known_here() -> None:
    current = {_name(_current(g)) for g in GAMES}
    assert {_name(p) for p in STORED} - current == set(OLD)
    # At least the current release and the older builds hold all four games.
    assert {p.name for p in STORED if p.parent.name.startswith("2026-12-01")} >= {f"{g}.json" for g in GAMES}


@pytest.mark.parametrize("name", sorted(OLD))
def test_an_older_record_opens_and_says_in_one_line_what_was_verified(name: str) -> None:
    path = RECORDS / name
    data = rec.read(path)
    opened = rec.restore(data, path)
    kept, total, verified = OLD[name]
    assert (opened.kept, opened.total, opened.verified) == (kept, total, verified)
    assert len(opened.session.history) == kept
    title = opened.session.rules.title
    note = opened.note
    assert "\n" not in note and len(note) <= MAX_LINE
    if "rules_revision" in data:
        assert note.startswith(
            f"Saved under {title} rules revision {data['rules_revision']} (Midway Desktop {data['app_version']}): "
        )
    else:  # saved before records said their revision
        assert note.startswith(
            f"Saved under {title} rules from before revisions were recorded (Midway Desktop 0.1.0): "
        )
    revision = f"revision {opened.session.rules.revision}"
    if verified:
        assert note.endswith(f"all {total} moves replay under {revision} and reach the position saved (verified).")
    elif kept == total:
        assert f"all {total} moves replay under {revision}, but they reach another position" in note
        assert note.endswith("not verified.")
    else:
        assert f"{kept} of {total} moves replay under {revision}, so the game opens after move {kept}" in note
        assert f"move {kept + 1} (" in note and "is illegal now" in note
    # The strict replay (the command line's check) says the same of it.
    if verified:
        rec.replay(data, path)
    else:
        with pytest.raises(rec.RecordError, match=f"saved under {title} rules") as info:
            rec.replay(data, path)
        assert "\n" not in str(info.value)


def test_a_sealed_older_record_opens_the_same_way() -> None:
    from midway_desktop.engine import sealing

    path = RECORDS / "2026-12-01-bbeca89/victory-at-midway.json"
    cheap = sealing.KdfCost(n=2**10, r=8, p=1)
    keys = {side: sealing.side_key(f"{side} pass", cheap) for side in ("us", "japan")}
    seal = sealing.Seal.of("victory-at-midway", ("us", "japan"), keys)
    assert seal is not None
    raw = sealing.seal(path.read_bytes(), seal, over=True)  # (the game it holds is over)
    with pytest.raises(rec.SealedRecord):
        rec.open_bytes(raw, "sealed.json")
    opened = rec.open_bytes(raw, "sealed.json", {"us": "us pass", "japan": "japan pass"})
    assert opened.seal == seal
    restored = rec.restore(opened.data, "sealed.json")
    assert (restored.kept, restored.total, restored.verified) == (5, 210, False)
    assert restored.note.startswith("Saved under Victory at Midway rules from before revisions were recorded")


def test_this_builds_record_opens_with_nothing_to_say() -> None:
    path = _current("kido-butai")
    opened = rec.restore(rec.read(path), path)
    assert opened.verified and not opened.migrated and opened.note == ""
    assert opened.kept == opened.total == len(opened.session.history)


@pytest.mark.parametrize("game", GAMES)
def test_a_record_of_a_newer_revision_is_refused_naming_its_build(game: str, tmp_path: Path) -> None:
    data = rec.read(_current(game))
    now = get_rules(game).revision
    data["rules_revision"] = now + 1
    data["app_version"] = "9.4.0"
    with pytest.raises(rec.RecordError) as info:
        rec.restore(data, "new.json")
    message = str(info.value)
    title = get_rules(game).title
    assert message == (
        f"new.json: saved by Midway Desktop 9.4.0 under {title} rules revision {now + 1}; this build "
        f"({rec.__version__}) plays revision {now} and cannot read it: update Midway Desktop to open it"
    )
    with pytest.raises(rec.RecordError, match="cannot read it"):
        rec.replay(data, "new.json")


@pytest.mark.parametrize("revision", [-1, "1", 1.0, True, None, 1 << 40])
def test_a_revision_that_is_not_a_whole_number_is_refused(revision: object) -> None:
    data = rec.read(_current("midway-solitaire"))
    data["rules_revision"] = revision
    with pytest.raises(rec.RecordError, match="'rules_revision' is not a whole number"):
        rec.restore(data, "odd.json")


def test_an_older_record_that_no_longer_replays_is_refused_by_the_strict_check_saying_why(tmp_path: Path) -> None:
    data = rec.read(RECORDS / "2026-12-01-bbeca89/kido-butai.json")
    with pytest.raises(rec.RecordError, match="does not reproduce the saved position") as info:
        rec.replay(data, "old.json")
    assert "saved under Kido Butai rules from before revisions were recorded (Midway Desktop 0.1.0)" in str(info.value)


def test_the_command_line_check_passes_only_what_it_verified(capsys: pytest.CaptureFixture[str]) -> None:
    from midway_desktop.cli import main

    verified = RECORDS / "2026-12-01-447bdbc/kido-butai.json"
    assert main(["replay", str(verified)]) == 0
    out, err = capsys.readouterr()
    assert "19 actions replayed and verified" in out and "reach the position saved (verified)" in err
    unverified = RECORDS / "2026-12-01-bbeca89/kido-butai.json"
    assert main(["replay", str(unverified)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "not verified." in err


def test_an_autosave_kept_as_saved_is_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from midway_desktop.engine import autosaves

    monkeypatch.setenv("MIDWAY_DATA_DIR", str(tmp_path))
    old = RECORDS / "2026-12-01-bbeca89/kido-butai-unfinished.json"
    first = autosaves.keep_as_saved("kido-butai", old)
    second = autosaves.keep_as_saved("kido-butai", old)
    assert first != second and first.parent == second.parent == autosaves.unfinished_dir()
    assert first.read_bytes() == second.read_bytes() == old.read_bytes()
    assert first.name.startswith("Kido Butai ") and first.name.endswith(" as saved.midway.json")


def test_once_a_game_raises_its_revision_this_revisions_record_opens_as_an_older_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = get_rules("kido-butai")
    path = _current("kido-butai")
    monkeypatch.setattr(type(rules), "revision", rules.revision + 1)
    opened = rec.restore(rec.read(path), path)
    assert opened.verified and opened.kept == opened.total == 19
    assert opened.note == (
        f"Saved under Kido Butai rules revision {rules.revision - 1} (Midway Desktop {rec.__version__}): "
        f"all 19 moves replay under revision {rules.revision} and reach the position saved (verified)."
    )


def test_an_older_move_todays_rules_cannot_even_apply_ends_the_replay_there(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules("kido-butai")
    path = _current("kido-butai")
    monkeypatch.setattr(type(rules), "revision", rules.revision + 1)
    real, calls = rules.apply, [0]

    def apply(state, action, rng):  # type: ignore[no-untyped-def]
        calls[0] += 1
        if calls[0] == 3:
            raise KeyError("a box this build no longer has")
        return real(state, action, rng)

    monkeypatch.setattr(rules, "apply", apply)
    opened = rec.restore(rec.read(path), path)
    assert (opened.kept, opened.total, opened.verified) == (2, 19, False)
    assert "2 of 19 moves replay under revision" in opened.note
    assert "move 3 (" in opened.note and "cannot be played now (KeyError" in opened.note
