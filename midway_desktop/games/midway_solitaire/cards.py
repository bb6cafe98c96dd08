"""The action deck: each card moves the Japanese forces, may bring an event, and names a hazard.

MS › Action Card Play. Card 1 is the player aid, kept out of the deck (MS › Game Setup 4).
The deck is data (``rulesets/midway-solitaire/cards.yaml``); most of it is provisional.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from midway_desktop.games.midway_solitaire.forces import JAPANESE
from midway_desktop.games.midway_solitaire.provenance import field_provenance
from midway_desktop.geometry.board import Provenance
from midway_desktop.geometry.loader import provenance
from midway_desktop.ruleset import Node, load_yaml, ruleset_dir
from midway_desktop.values import frozen_value

DIRECTIONS = ("n", "e", "s", "w")
TARGETS = ("alaska", "midway", "hawaiian-islands", "nearest-tf")
HAZARDS = ("sub-sighted", "danger", "all-clear")
SIDES = ("us", "japan", "all")
ATTACKS = ("any", "ship", "ma", "sub", "danger")
_DIRECTION_NAMES = {"n": "North", "e": "East", "s": "South", "w": "West"}
_FIELDS = ("title", "moves", "event", "hazard", "history")


@frozen_value
class Move:
    """One force's movement on a card: compass steps in order, or one square ``toward`` a place.

    No steps and no target is All Stop (MS › Unit Movement).
    """

    steps: tuple[str, ...] = ()
    toward: str | None = None

    @property
    def all_stop(self) -> bool:
        return not self.steps and self.toward is None

    def describe(self) -> str:
        if self.toward is not None:
            where = "the nearest TF" if self.toward == "nearest-tf" else self.toward.replace("-", " ").title()
            return f"toward {where}"
        if not self.steps:
            return "All Stop"
        return " then ".join(_DIRECTION_NAMES[s] for s in self.steps)


@frozen_value
class Modifier:
    """A die roll modifier for the turn: ``value`` on attacks by ``side`` of kind ``attack``."""

    side: str  # us | japan | all
    attack: str  # any | ship | ma | sub | danger
    value: int

    def applies(self, side: str, attack: str) -> bool:
        return self.side in (side, "all") and self.attack in (attack, "any")


@frozen_value
class Card:
    """One Action card: each force's move, its event, modifiers, hazard and history (MS › Action Card Play)."""

    number: int
    title: str
    moves: tuple[Move, Move, Move]  # AIF, CSF, MIF
    event: str  # the card's event text; "" for none
    modifiers: tuple[Modifier, ...]
    hazard: str  # sub-sighted | danger | all-clear
    history: str
    provenance: Mapping[str, Provenance]

    def move(self, unit: str) -> Move:
        return self.moves[JAPANESE.index(unit)]

    def __post_init__(self) -> None:
        # Every (side, attack) modifier worked out once: combat asks for them every round.
        table = {(side, attack): self._total(side, attack) for side in ("us", "japan") for attack in ATTACKS}
        object.__setattr__(self, "_drms", table)

    def _total(self, side: str, attack: str) -> int:
        return sum(m.value for m in self.modifiers if m.applies(side, attack))

    def drm(self, side: str, attack: str) -> int:
        """The total modifier this card gives ``side``'s ``attack`` rolls (MS › Action Card Play)."""
        found = self._drms.get((side, attack))  # type: ignore[attr-defined]
        return self._total(side, attack) if found is None else found

    @property
    def all_stop(self) -> bool:
        return all(m.all_stop for m in self.moves)


@frozen_value
class Deck:
    """Every action card by number, and the player aid's number."""

    cards: Mapping[int, Card]
    player_aid: int
    player_aid_title: str

    def __getitem__(self, number: int) -> Card:
        return self.cards[number]

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(sorted(self.cards))

    def __len__(self) -> int:
        return len(self.cards)


def parse_cards(root: Node, game: str | None = None) -> Deck:
    """Read ``cards.yaml``; any problem is one ``RulesetError`` naming file, line and problem."""
    root.only("schema", "game", "title", "player_aid", "cards", "notes")
    schema = root.req("schema")
    if schema.int(0, 999) != 1:
        raise schema.error(f"schema {schema.value} is not supported (this version reads schema 1)")
    game_node = root.req("game")
    if game_node.str() != "midway-solitaire":
        raise game_node.error(f"this deck is for midway-solitaire, not '{game_node.str()}'")
    aid = root.req("player_aid")
    aid.only("number", "title", "provenance")
    aid_number = aid.req("number").int(1, 999)
    aid_title = aid.req("title").str()
    provenance(aid.get("provenance"), aid)
    cards: dict[int, Card] = {}
    items = root.req("cards").list()
    if not items:
        raise root.req("cards").error("the deck needs at least one card")
    for item in items:
        card = _parse_card(item)
        if card.number == aid_number:
            raise item.req("number").error(f"card {aid_number} is the player aid and stays out of the deck")
        if card.number in cards:
            raise item.req("number").error(f"card {card.number} is listed twice")
        cards[card.number] = card
    return Deck(cards, aid_number, aid_title)


def _parse_card(item: Node) -> Card:
    item.only("number", "title", "aif", "csf", "mif", "event", "hazard", "history", "provenance")
    number_node = item.req("number")
    number = number_node.int(1, 999)
    if number < 1:
        raise number_node.error(f"card numbers start at 1, not {number}")
    title = item.req("title").str().strip()
    if not title:
        raise item.req("title").error("a card needs a title")
    moves = (_parse_move(item.req("aif")), _parse_move(item.req("csf")), _parse_move(item.req("mif")))
    text, modifiers = _parse_event(item.req("event"))
    hazard = item.req("hazard").choice(*HAZARDS)
    history = item.req("history").str().strip()
    prov = field_provenance(item, "card", _FIELDS)
    return Card(number, title, moves, text, modifiers, hazard, history, prov)


def _parse_move(node: Node) -> Move:
    if node.is_list:
        steps = tuple(s.choice(*DIRECTIONS) for s in node.list())
        if not 1 <= len(steps) <= 2:
            raise node.error(f"a move is one or two steps, not {len(steps)} (write 'stop' for All Stop)")
        return Move(steps)
    if node.is_map:
        node.only("toward")
        return Move((), node.req("toward").choice(*TARGETS))
    if node.value == "stop":
        return Move(())
    raise node.error("expected a list of steps such as [e] or [e, s], 'stop', or {toward: PLACE}")


def _parse_event(node: Node) -> tuple[str, tuple[Modifier, ...]]:
    if node.value == "none":
        return "", ()
    if not node.is_map:
        raise node.error("expected 'none' or a mapping with 'text' and 'drm'")
    node.only("text", "drm")
    text = node.req("text").str().strip()
    mods: list[Modifier] = []
    drm = node.get("drm")
    for m in drm.list() if drm is not None else []:
        m.only("side", "attack", "value")
        value_node = m.req("value")
        value = value_node.int(-3, 3)
        if value == 0:
            raise value_node.error(f"a modifier is -3..-1 or +1..+3, not {value}")
        mods.append(Modifier(m.req("side").choice(*SIDES), m.req("attack").choice(*ATTACKS), value))
    return text, tuple(mods)


def load_cards(folder: Path | None = None) -> Deck:
    """The bundled (or ``folder``'s) action deck."""
    base = folder if folder is not None else ruleset_dir("midway-solitaire")
    return parse_cards(load_yaml(base / "cards.yaml"))
