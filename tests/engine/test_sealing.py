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
    # (a NUL and a lone surrogate are refused: see below)
    us=st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), min_size=1, max_size=12),
    japan=st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), min_size=1, max_size=12),
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


# -- hostile costs: refused in one line before any work ----------------------------------------
BOUND = {"n": sealing.MAX_SCRYPT_N, "r": sealing.MAX_SCRYPT_R, "p": sealing.MAX_SCRYPT_P}
# At the bound, each factor with the others cheap: what a file of this app's may ask, opened.
AT_BOUND = {"n": KdfCost(n=BOUND["n"], r=2, p=1), "r": KdfCost(n=2**10, r=BOUND["r"], p=1),
            "p": KdfCost(n=2**10, r=8, p=BOUND["p"])}  # fmt: skip
GARBAGE: list[object] = ["1024", 1024.0, 2.5, True, False, None, [], [1024], {}, {"n": 1}, -8, 0, 10**39]


_SEALED = json.loads(rec.encode(game(), seal_of(SIDES)))  # (sealed before any test stops stretching)


def hostile(**costs: object) -> bytes:
    """A sealed record of this app's, its costs changed to ``costs``."""
    return json.dumps({**_SEALED, "kdf": {**_SEALED["kdf"], **costs}}).encode()


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every password stretch asked for (there must be none before a refusal)."""
    asked: list[object] = []

    def stretch(*args: object, **kwargs: object) -> bytes:
        asked.append(args)
        raise AssertionError("a password was stretched at a cost that should have been refused")

    monkeypatch.setattr(sealing, "stretch", stretch)
    return asked


@pytest.mark.parametrize("name", ["n", "r", "p"])
def test_each_cost_at_its_bound_opens(name: str) -> None:
    cost = AT_BOUND[name]
    keys = {side: side_key(PASSWORDS[side], cost) for side in SIDES}
    made = Seal.of("toy", SIDES, keys)
    assert made is not None
    raw = rec.encode(game(), made)
    assert json.loads(raw)["kdf"][name] == BOUND[name]
    assert rec.open_bytes(raw, "x", PASSWORDS).data["seed"] == game().seed


@pytest.mark.parametrize(
    "name, value",
    [(name, BOUND[name] * 2) for name in BOUND]  # just over (n stays a power of two)
    + [("r", BOUND["r"] + 1), ("p", BOUND["p"] + 1)]
    + [("n", 3), ("n", 2**20), ("n", 2**40), ("r", 64), ("r", 2**31), ("p", 16), ("p", 10**30)]  # far over
    + [(name, value) for name in BOUND for value in GARBAGE],
)
def test_a_cost_over_its_bound_or_not_a_cost_is_refused_in_one_line_before_any_work(
    name: str, value: object, no_work: list[object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = hostile(**{name: value})
    for attempt in (lambda: rec.envelope_of(raw, "x.json"), lambda: rec.open_bytes(raw, "x.json", PASSWORDS)):
        with pytest.raises(rec.RecordError) as info:
            attempt()
        said = str(info.value)
        assert said.startswith("x.json: the sealed record") and "\n" not in said and len(said) < 200, said
        assert "scrypt" in said
    # The command line says the same in one line, without asking for a password.
    path = tmp_path / "hostile.midway.json"
    path.write_bytes(raw)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "scrypt" in err and "Traceback" not in err
    assert no_work == []


def test_costs_scrypt_itself_refuses_are_refused_before_any_work(no_work: list[object]) -> None:
    """scrypt needs n < 2**(16 r): within every bound, n = 2**17 with r = 1 is still no cost."""
    with pytest.raises(rec.RecordError, match="scrypt refuses"):
        rec.open_bytes(hostile(n=2**17, r=1), "x", PASSWORDS)
    assert no_work == []


def test_too_many_sides_are_refused_before_any_work(no_work: list[object]) -> None:
    sealed = _SEALED
    sides = [f"side {i}" for i in range(sealing.MAX_SIDES + 1)]
    salt = sealed["guarded"]["us"]
    raw = json.dumps({**sealed, "sides": sides, "guarded": {s: salt for s in sides}}).encode()
    with pytest.raises(rec.RecordError, match=f"names {len(sides)} sides"):
        rec.open_bytes(raw, "x", {s: "pw" for s in sides})
    assert no_work == []


def test_no_memory_for_the_costs_is_a_refusal_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from cryptography.hazmat.primitives.kdf import scrypt

    raw = rec.encode(game(), seal_of(SIDES))

    class Starved:
        def __init__(self, **kwargs: object) -> None:
            pass

        def derive(self, secret: bytes) -> bytes:
            raise MemoryError

    monkeypatch.setattr(scrypt, "Scrypt", Starved)
    with pytest.raises(rec.RecordError, match="not memory enough") as info:
        rec.open_bytes(raw, "x", PASSWORDS)
    assert "\n" not in str(info.value)


# -- passwords alike to scrypt are refused -----------------------------------------------------
@pytest.mark.parametrize("nul", ["\0", "\0\0", "\0x", "x\0"])
def test_a_password_with_a_nul_is_refused_and_opens_nothing(nul: str) -> None:
    """scrypt's HMAC pads a short password with NULs: "midway" and "midway\\0" were one key."""
    with pytest.raises(SealError, match="NUL"):
        side_key("midway" + nul, CHEAP)
    key = side_key("midway", CHEAP)
    assert key.matches("midway") and not key.matches("midway" + nul)
    raw = rec.encode(game(), seal_of(SIDES))
    with pytest.raises(rec.RecordError, match="NUL") as info:
        rec.open_bytes(raw, "x", {**PASSWORDS, "us": "midway" + nul})
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("odd", ["\ud800", "x\udfff", "\udc80y"])
def test_a_password_with_a_lone_surrogate_is_refused_in_one_line_and_opens_nothing(odd: str) -> None:
    """A Python string may hold a lone surrogate (a password read with surrogate escapes, say),
    which is not text and has no UTF-8 form: refused in one line, never a traceback."""
    with pytest.raises(SealError, match="surrogate"):
        side_key(odd, CHEAP)
    assert not side_key("midway", CHEAP).matches(odd)
    raw = rec.encode(game(), seal_of(SIDES))
    with pytest.raises(rec.RecordError, match="surrogate") as info:
        rec.open_bytes(raw, "x", {**PASSWORDS, "us": odd})
    assert "\n" not in str(info.value)


# -- the end a record says it reached is checked --------------------------------------------------
def _plain(session: Session, **final: object) -> dict:
    data = json.loads(rec.encode(session))
    data["final"].update(final)
    return data


def test_a_record_that_says_the_game_ended_otherwise_than_its_moves_is_refused() -> None:
    going = game()  # goes on
    ended = Session.start(toy.RULES, seed=5)
    while ended.outcome() is None:
        ended.play(ended.legal_actions(ended.to_act()[0])[0])
    outcome = ended.outcome()
    assert outcome is not None
    for session, said in ((going, "japan-wins"), (ended, None), (ended, outcome.result + "x")):
        data = _plain(session, outcome=said)
        with pytest.raises(rec.RecordError, match="the record says the game .* but its replay says") as info:
            rec.replay(data, "x.json")
        assert "\n" not in str(info.value)
        with pytest.raises(rec.RecordError):
            rec.restore(data, "x.json")
    for session in (going, ended):  # as saved: verified
        rec.replay(_plain(session), "x.json")
    data = _plain(going)
    del data["final"]["outcome"]  # (a record from before outcomes were saved: nothing to check)
    rec.replay(data, "x.json")


def test_a_sealed_record_must_say_in_the_clear_the_end_its_record_says() -> None:
    for session in (game(),):
        plain = rec.encode(session)
        for over in (True,):
            raw = sealing.seal(plain, seal_of(SIDES), over=over)
            with pytest.raises(rec.RecordError, match="says the game is over"):
                rec.open_bytes(raw, "x", PASSWORDS)
        rec.open_bytes(sealing.seal(plain, seal_of(SIDES), over=False), "x", PASSWORDS)


@pytest.mark.parametrize("salt", [b"", b"short", bytes(65), bytes(4 * 1024 * 1024)])
def test_a_salt_of_a_length_this_app_never_writes_is_refused_before_any_work(
    salt: bytes, no_work: list[object]
) -> None:
    raw = json.dumps({**_SEALED, "guarded": {"us": sealing._b64(salt), "japan": _SEALED["guarded"]["japan"]}}).encode()
    with pytest.raises(rec.RecordError, match="salts are not 8 to 64 bytes long") as info:
        rec.open_bytes(raw, "x", PASSWORDS)
    assert "\n" not in str(info.value)
    assert no_work == []
