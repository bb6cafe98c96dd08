"""Sealed records: a hot-seat game's file opens only with the passwords of the sides that set
one, tells nothing of the orders or the seed, and refuses any change to what it says."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from midway_desktop.cli import main
from midway_desktop.engine import Session, sealing
from midway_desktop.engine import records as rec
from midway_desktop.engine.registry import register
from midway_desktop.engine.sealing import KdfCost, Seal, SealError, side_key
from tests.engine import toy

register(toy.RULES, "tests.engine.toy")

# Cheap scrypt costs keep the tests quick; the files carry their costs, so this is the same code.
CHEAP = KdfCost(n=2**10, r=8, p=1)
SIDES = ("us", "japan")
PASSWORDS = {"us": "midway", "japan": "tora tora"}
GUARDINGS = [g for n in (1, 2) for g in itertools.combinations(SIDES, n)]


def seal_of(guarded: tuple[str, ...], passwords: dict[str, str] = PASSWORDS) -> Seal:
    keys = {side: side_key(passwords[side], CHEAP) for side in guarded}
    made = Seal.of("toy", SIDES, keys)
    assert made is not None
    return made


def game(seed: int = 5) -> Session:
    s = Session.start(toy.RULES, seed=seed)
    s.play(toy.Order("us", 1, 3))
    s.play(toy.Order("japan", -1, 2))
    s.play(toy.Order("us", 0, 4))  # a sealed order the Japanese player has not seen
    return s


def test_no_password_no_seal() -> None:
    assert Seal.of("toy", SIDES, {}) is None


@pytest.mark.parametrize("guarded", GUARDINGS)
def test_the_guarded_sides_passwords_open_it_and_nothing_else_does(guarded: tuple[str, ...]) -> None:
    """Every choice of guarded sides, against every way of getting a password wrong or leaving
    it out: only the right passwords of all guarded sides open the file."""
    session = game()
    sealed = rec.encode(session, seal_of(guarded))
    env = rec.envelope_of(sealed)
    assert env is not None and env.guarded == tuple(sorted(guarded))
    opened = rec.open_bytes(sealed, "x", {s: PASSWORDS[s] for s in guarded})
    assert opened.data["seed"] == session.seed and len(opened.data["actions"]) == 3
    assert opened.seal is not None and opened.seal.guarded == env.guarded
    # A side that set no password adds nothing: what it types does not matter.
    for unguarded in set(SIDES) - set(guarded):
        rec.open_bytes(sealed, "x", {**{s: PASSWORDS[s] for s in guarded}, unguarded: "anything"})
    for given_sides in itertools.chain.from_iterable(itertools.combinations(SIDES, n) for n in range(3)):
        for wrong in itertools.chain.from_iterable(itertools.combinations(given_sides, n) for n in range(3)):
            attempt = {s: (PASSWORDS[s] + "!" if s in wrong else PASSWORDS[s]) for s in given_sides}
            if set(guarded) <= set(attempt) and not set(wrong) & set(guarded):
                continue  # the right passwords
            with pytest.raises(rec.RecordError) as info:
                rec.open_bytes(sealed, "x.json", attempt)
            assert "\n" not in str(info.value) and str(info.value).startswith("x.json: ")


@pytest.mark.parametrize("guarded", GUARDINGS)
def test_the_sealed_file_tells_nothing_of_orders_seed_or_size(guarded: tuple[str, ...]) -> None:
    session = game(seed=918273645)
    plain = rec.encode(session)
    sealed = rec.encode(session, seal_of(guarded))
    text = sealed.decode("ascii")
    data = json.loads(text)
    assert "918273645" not in text and "seed" not in data and "actions" not in data
    assert not any(word in text for word in ('"order"', '"move"', '"search"', "tora"))
    # Padded: a longer record of the same game is the same size until it grows past a block.
    ciphertext = sealing.envelope(data).ciphertext
    assert (len(ciphertext) - 16) % sealing.PAD == 0 and len(ciphertext) > len(plain)


def test_every_field_of_the_envelope_is_bound_to_it() -> None:
    """Changing anything the envelope says in the clear (the game, whether it is over, the
    sides, which sides hold passwords, the costs) makes it refuse to open."""
    sealed = json.loads(rec.encode(game(), seal_of(("japan",))))
    salt = sealed["guarded"]["japan"]
    changes = {
        "game": "victory-at-midway",
        "over": True,
        "sides": ["japan", "us", "umpire"],
        "guarded": {"japan": salt, "us": salt},
        "kdf": {**sealed["kdf"], "r": 4},
        "extra": "field",
    }
    for key, value in changes.items():
        altered = json.dumps({**sealed, key: value}).encode()
        with pytest.raises(rec.RecordError, match="wrong password, or the file was altered"):
            rec.open_bytes(altered, "x", PASSWORDS)
    body = bytearray(sealing.envelope(sealed).ciphertext)
    body[5] ^= 1
    flipped = json.dumps({**sealed, "ciphertext": sealing._b64(bytes(body))}).encode()
    with pytest.raises(rec.RecordError, match="altered"):
        rec.open_bytes(flipped, "x", PASSWORDS)


@pytest.mark.parametrize(
    "kdf, problem",
    [
        ({"name": "scrypt", "n": 2**30, "r": 8, "p": 1}, "out of bounds"),
        ({"name": "scrypt", "n": 1000, "r": 8, "p": 1}, "out of bounds"),
        ({"name": "scrypt", "n": 1024, "r": 8, "p": 10**6}, "out of bounds"),
        ({"name": "argon9", "n": 1024}, "no key derivation"),
        ({"name": "scrypt", "n": "1024", "r": 8, "p": 1}, "not whole numbers"),
    ],
)
def test_a_hostile_envelope_is_refused_before_any_work(kdf: dict, problem: str) -> None:
    sealed = json.loads(rec.encode(game(), seal_of(SIDES)))
    with pytest.raises(rec.RecordError, match=problem):
        rec.open_bytes(json.dumps({**sealed, "kdf": kdf}).encode(), "x", PASSWORDS)


@settings(max_examples=25, deadline=None)
@given(
    us=st.text(min_size=1, max_size=12),
    japan=st.text(min_size=1, max_size=12),
    plain=st.binary(max_size=3000),
    guarded=st.sampled_from(GUARDINGS),
)
def test_sealing_round_trips_and_one_changed_character_shuts_it(
    us: str, japan: str, plain: bytes, guarded: tuple[str, ...]
) -> None:
    passwords = {"us": us, "japan": japan}
    made = seal_of(guarded, passwords)
    env = sealing.envelope(json.loads(sealing.seal(plain, made, over=False)))
    opened, again = sealing.unseal(env, passwords)
    assert opened.rstrip(b" ") == plain.rstrip(b" ") and again.file_key() == made.file_key()
    side = guarded[0]
    with pytest.raises(SealError):
        sealing.unseal(env, {**passwords, side: passwords[side] + "x"})


def test_a_password_is_the_same_in_either_unicode_form() -> None:
    key = side_key("Kaga\u0301", CHEAP)  # a combining accent
    assert key.matches("Kag\u00e1")


def test_save_and_load_a_sealed_record(tmp_path: Path) -> None:
    session = game()
    path = rec.save(session, tmp_path / "g.midway.json", seal=seal_of(SIDES))
    with pytest.raises(rec.SealedRecord, match="Japanese and American players' passwords"):
        rec.load(path)
    before = path.read_bytes()
    with pytest.raises(rec.RecordError, match="nothing was changed"):
        rec.load(path, passwords={"us": "midway", "japan": "wrong"})
    assert path.read_bytes() == before
    assert rec.load(path, passwords=PASSWORDS).state == session.state


def test_cli_replay_asks_at_a_terminal_and_refuses_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import getpass
    import sys

    path = rec.save(game(), tmp_path / "g.midway.json", seal=seal_of(("japan",)))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "Japanese player's password" in err and "at a terminal" in err

    asked: list[str] = []
    answers = iter(["wrong", PASSWORDS["japan"]])
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(getpass, "getpass", lambda prompt: asked.append(prompt) or next(answers))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "wrong password" in err
    assert main(["replay", str(path)]) == 0
    assert "3 actions replayed and verified" in capsys.readouterr().out
    assert asked == ["Japanese player's password: "] * 2
