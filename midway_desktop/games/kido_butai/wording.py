"""How the rules name things to the player: squadrons, places on the display, targets, lists.

Saved games and the rules speak in ids (``akagi-b1``, ``se-corner``, ``fleet-1``); the player
reads the names printed on the counters and the display ("Akagi bomber 1", "the southeast
corner", "the first US fleet"). Every sentence the rules write goes through here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

# Where a squadron may be (KB › 3, 6), as a sentence names it.
PLACES = {
    "cap": "the CAP box",
    "centre": "the centre of the map",
    "ne-corner": "the northeast corner",
    "se-corner": "the southeast corner",
}
# What lies at each corner (KB › 6).
CORNER_TARGETS = {"ne-corner": "a US fleet", "se-corner": "the Midway base"}
# Targets of a Japanese strike (KB › 6).
TARGETS = {"midway": "Midway", "fleet-1": "the first US fleet", "fleet-2": "the second US fleet"}
ARMS = {"bomb": "bombs", "torpedo": "torpedoes"}


def listed(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def title_of(name: str, titles: Mapping[str, str] | None = None) -> str:
    """The player's name for a squadron id or a carrier name.

    ``titles`` (``Forces.titles``) is the authority; without it the name is read from the
    id as the forces file makes it: ``akagi-zero`` Akagi Zero, ``akagi-f2`` Akagi Zero 2,
    ``akagi-b1`` Akagi bomber 1, ``akagi`` Akagi.
    """
    if titles is not None and name in titles:
        return titles[name]
    carrier, _, counter = name.rpartition("-")
    home = carrier.replace("-", " ").title()
    if counter == "zero":
        return f"{home} Zero"
    if counter[:1] in ("f", "b") and counter[1:].isdigit():
        return f"{home} {'Zero' if counter[0] == 'f' else 'bomber'} {counter[1:]}"
    return name.replace("-", " ").title()


def is_squadron_id(name: str) -> bool:
    """Whether ``name`` is a squadron's id as the forces file makes it (else a carrier's name)."""
    _carrier, dash, counter = name.rpartition("-")
    return bool(dash) and (counter == "zero" or (counter[:1] in ("f", "b") and counter[1:].isdigit()))


def named(names: Iterable[str], titles: Mapping[str, str] | None = None) -> str:
    """Several squadrons (or carriers) by their names, as one phrase."""
    return listed(title_of(n, titles) for n in names) or "nothing"


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 squadron``, ``2 squadrons``."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


class Agreeing:
    """A sentence about squadrons named by id, its verb agreeing with how many there are.

    Told as ``(sentence, (titles, names, *more))`` and written only when the log is read
    (see ``display.Chapter``), so the hot paths pay for one tuple, not for the words.
    """

    __slots__ = ("one", "many")

    def __init__(self, one: str, many: str) -> None:
        self.one = one
        self.many = many

    def __call__(self, titles: Mapping[str, str], names: tuple[str, ...], *more: object) -> str:
        template = self.one if len(names) == 1 else self.many
        return template.format(named(names, titles), *more)
