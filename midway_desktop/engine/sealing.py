"""Sealed records: a hot-seat game's file that only its players' passwords open.

A record holds every sealed order and the seed the coming dice are drawn from, so in a game of
two players at one screen a plain file would give each side the other's secrets and its luck.
With passwords set, the whole record is encrypted with AES-256-GCM under a key that only the
guarded sides' passwords give:

- each guarded side's password is stretched with scrypt over its own random salt into a
  32-byte side key (kept in memory while the game is open, never written);
- the file key is HKDF-SHA256 over every side's part in a fixed order — a guarded side's key,
  or a mark that the side set no password — so no guarded side's file opens without that
  side's password, and a side that set none has left its own secrets open by its own choice;
- the envelope says in the clear only which game it is, which sides hold passwords (with their
  salts), the scrypt costs and whether the game is over; all of it is authenticated with the
  ciphertext, so changing any of it makes the file refuse to open.

The cryptography comes from the ``cryptography`` package; nothing here is home-made beyond
putting its parts together.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
import os
import unicodedata
from collections.abc import Mapping
from typing import Any

from midway_desktop.engine.records import SEALED_FORMAT
from midway_desktop.values import frozen_value

# The cryptography package is imported where a key is made or a file sealed or opened, not
# with this module: most games are never sealed, and its import is a tenth of a start-up.

VERSION = 1
CIPHER = "AES-256-GCM"
SALT_BYTES = 16
NONCE_BYTES = 12
# The plain record is padded to a multiple of this with JSON whitespace, so the file's size
# tells little about what the orders in it say.
PAD = 4096
# A file may ask for no dearer scrypt costs than this app writes (``DEFAULT_COST``: 128 MiB and
# about a third of a second a side): a hostile file must not be able to make opening it take
# gigabytes or minutes. Each factor is bounded on its own, so their product is too.
MAX_SCRYPT_N = 2**17
MAX_SCRYPT_R = 8
MAX_SCRYPT_P = 1
# A file names at most this many sides (every game here has two): each guarded side is one
# stretch of its password.
MAX_SIDES = 4
MAX_SALT_BYTES = 64  # (this app's are SALT_BYTES long)


class SealError(ValueError):
    """A sealed record that cannot be opened: a wrong password, or a damaged or altered file."""


@frozen_value
class KdfCost:
    """scrypt's work factors: ``n`` (memory and time), ``r`` (block size), ``p`` (parallelism).
    The default is a current recommendation for passwords (2**17, 8, 1: 128 MiB)."""

    n: int = 2**17
    r: int = 8
    p: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"name": "scrypt", "n": self.n, "r": self.r, "p": self.p}

    @staticmethod
    def from_json(raw: object) -> KdfCost:
        if not isinstance(raw, dict) or raw.get("name") != "scrypt":
            raise SealError("the sealed record names no key derivation this app knows")
        values = [raw.get(k) for k in ("n", "r", "p")]
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in values):
            raise SealError("the sealed record's scrypt costs are not whole numbers")
        n, r, p = values
        assert isinstance(n, int) and isinstance(r, int) and isinstance(p, int)
        if n < 2 or n & (n - 1):
            raise SealError("the sealed record asks for scrypt costs out of bounds (n is not a power of two)")
        for name, value, most in (("n", n, MAX_SCRYPT_N), ("r", r, MAX_SCRYPT_R), ("p", p, MAX_SCRYPT_P)):
            if value > most:
                raise SealError(
                    f"the sealed record asks for scrypt costs out of bounds ({name} = {_power(value, name)}; "
                    f"this app writes and opens at most {_power(most, name)})"
                )
        if n.bit_length() - 1 >= 16 * r:  # scrypt itself needs n < 2**(16 r)
            raise SealError(
                f"the sealed record asks for scrypt costs scrypt refuses (n = {_power(n, 'n')} with r = {r})"
            )
        return KdfCost(n, r, p)


DEFAULT_COST = KdfCost()


def _power(value: int, name: str) -> str:
    """A cost as a refusal quotes it: n as a power of two, any huge number cut short."""
    if name == "n" and value & (value - 1) == 0:
        return f"2**{value.bit_length() - 1}"
    return str(value) if value < 10**9 else f"a number of {len(str(value))} digits"


@frozen_value
class SideKey:
    """One side's password stretched over its salt: what opens that side's part of the key."""

    salt: bytes
    key: bytes
    cost: KdfCost = DEFAULT_COST

    def matches(self, password: str) -> bool:
        try:
            return hmac.compare_digest(stretch(password, self.salt, self.cost), self.key)
        except SealError:  # (a password no key is ever made of)
            return False


def _normal(password: str) -> bytes:
    # The same password typed on two keyboards may arrive in two Unicode forms. A NUL is refused:
    # scrypt's HMAC pads a short key with NULs, so "tora" and "tora\0" would open the same file.
    if "\0" in password:
        raise SealError("a password may not hold the NUL character")
    try:
        return unicodedata.normalize("NFC", password).encode("utf-8")
    except UnicodeEncodeError:  # (a lone surrogate: not text, though a str may hold one)
        raise SealError("a password must be text: it holds a lone surrogate code point") from None


def stretch(password: str, salt: bytes, cost: KdfCost = DEFAULT_COST) -> bytes:
    """``password`` stretched over ``salt``; :class:`SealError` for a password with a NUL or a
    lone surrogate, or when there is not memory enough for ``cost``."""
    from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

    secret = _normal(password)
    try:
        return Scrypt(salt=salt, length=32, n=cost.n, r=cost.r, p=cost.p).derive(secret)
    except MemoryError:
        raise SealError("not memory enough to stretch the password at the record's scrypt costs") from None


def side_key(password: str, cost: KdfCost = DEFAULT_COST, salt: bytes | None = None) -> SideKey:
    salt = salt if salt is not None else os.urandom(SALT_BYTES)
    return SideKey(salt, stretch(password, salt, cost), cost)


@frozen_value
class Seal:
    """What seals one game's record: the sides at the screen and the guarded sides' keys."""

    game: str
    sides: tuple[str, ...]
    keys: tuple[tuple[str, SideKey], ...]

    @staticmethod
    def of(game: str, sides: tuple[str, ...] | list[str], keys: Mapping[str, SideKey]) -> Seal | None:
        """The seal for ``keys`` (None when no side holds a password: the file stays plain)."""
        known = tuple(sorted(sides))
        held = tuple(sorted((s, k) for s, k in keys.items() if s in known))
        return Seal(game, known, held) if held else None

    @property
    def guarded(self) -> tuple[str, ...]:
        return tuple(s for s, _ in self.keys)

    def key_of(self, side: str) -> SideKey | None:
        return dict(self.keys).get(side)

    def file_key(self) -> bytes:
        held = dict(self.keys)
        material = b""
        for side in self.sides:
            name = side.encode("utf-8")
            part = b"\x01" + held[side].key if side in held else b"\x00"
            material += len(name).to_bytes(2, "big") + name + part
        info = f"{SEALED_FORMAT} {VERSION} {self.game}".encode()
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF

        return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(material)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: object, what: str) -> bytes:
    if not isinstance(text, str):
        raise SealError(f"the sealed record's {what} is missing")
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise SealError(f"the sealed record's {what} is not base64") from None


def _header(game: str, sides: tuple[str, ...], keys: Mapping[str, SideKey], over: bool) -> dict[str, Any]:
    costs = {k.cost for k in keys.values()}
    if len(costs) != 1:
        raise SealError("every side's key must be stretched at the same cost")
    return {
        "format": SEALED_FORMAT,
        "version": VERSION,
        "game": game,
        "over": over,
        "sides": list(sides),
        "guarded": {side: _b64(k.salt) for side, k in sorted(keys.items())},
        "kdf": costs.pop().to_json(),
        "cipher": CIPHER,
    }


def _aad(header: Mapping[str, Any]) -> bytes:
    return json.dumps(header, sort_keys=True, separators=(",", ":")).encode("utf-8")


def seal(plain: bytes, with_seal: Seal, over: bool) -> bytes:
    """The sealed envelope (JSON text) holding ``plain``, a record's JSON."""
    padded = plain + b" " * (-len(plain) % PAD)
    header = _header(with_seal.game, with_seal.sides, dict(with_seal.keys), over)
    nonce = os.urandom(NONCE_BYTES)
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    body = AESGCM(with_seal.file_key()).encrypt(nonce, padded, _aad(header))
    return json.dumps({**header, "nonce": _b64(nonce), "ciphertext": _b64(body)}, indent=1).encode("utf-8")


@frozen_value
class Envelope:
    """A sealed record as read, before opening: what it says in the clear."""

    game: str
    over: bool
    sides: tuple[str, ...]
    salts: tuple[tuple[str, bytes], ...]
    cost: KdfCost
    nonce: bytes
    ciphertext: bytes
    header: tuple[tuple[str, Any], ...]

    @property
    def guarded(self) -> tuple[str, ...]:
        return tuple(s for s, _ in self.salts)


def envelope(data: Mapping[str, Any]) -> Envelope:
    """The envelope's fields, checked; :class:`SealError` names the first problem."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SealError("the sealed record has no valid version")
    if version > VERSION:
        raise SealError(f"sealed record version {version} is newer than this app reads ({VERSION})")
    game, over, sides, guarded = data.get("game"), data.get("over"), data.get("sides"), data.get("guarded")
    if not isinstance(game, str) or not isinstance(over, bool):
        raise SealError("the sealed record does not say which game it holds")
    if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides) or len(set(sides)) != len(sides):
        raise SealError("the sealed record's sides are not a list of names")
    if len(sides) > MAX_SIDES:
        raise SealError(f"the sealed record names {len(sides)} sides (at most {MAX_SIDES})")
    if not isinstance(guarded, dict) or not guarded or not set(guarded) <= set(sides):
        raise SealError("the sealed record names no side's password")
    if data.get("cipher") != CIPHER:
        raise SealError("the sealed record uses a cipher this app does not know")
    cost = KdfCost.from_json(data.get("kdf"))
    salts = tuple(sorted((s, _unb64(v, "salt")) for s, v in guarded.items()))
    if not all(8 <= len(salt) <= MAX_SALT_BYTES for _s, salt in salts):
        raise SealError(f"the sealed record's salts are not 8 to {MAX_SALT_BYTES} bytes long")
    nonce = _unb64(data.get("nonce"), "nonce")
    if len(nonce) != NONCE_BYTES:
        raise SealError("the sealed record's nonce has the wrong length")
    ciphertext = _unb64(data.get("ciphertext"), "ciphertext")
    header = {k: v for k, v in data.items() if k not in ("nonce", "ciphertext")}
    return Envelope(game, over, tuple(sides), salts, cost, nonce, ciphertext, tuple(sorted(header.items())))


def unseal(env: Envelope, passwords: Mapping[str, str]) -> tuple[bytes, Seal]:
    """The record inside ``env``, opened with each guarded side's password, and the seal that
    keeps sealing it (the side keys, so later saves need no password)."""
    missing = [s for s in env.guarded if s not in passwords]
    if missing:
        raise SealError(f"the password of {', '.join(missing)} is needed")
    keys = {side: SideKey(salt, stretch(passwords[side], salt, env.cost), env.cost) for side, salt in env.salts}
    sealed = Seal(env.game, tuple(sorted(env.sides)), tuple(sorted(keys.items())))
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    try:
        plain = AESGCM(sealed.file_key()).decrypt(env.nonce, env.ciphertext, _aad(dict(env.header)))
    except InvalidTag:
        raise SealError("wrong password, or the file was altered") from None
    return plain, sealed
