"""What every player-visible text must be: plain English, properly cased, free of internal ids.

General rules for all games. A game's test gathers what its window shows (menus, buttons,
labels, refusals, log lines, status messages, tooltips, questions) and passes its own ids
(unit ids, cell labels, option keys: whatever the code names things by) to be caught too.

    problems = check_texts(collected, ids=game_ids)
    assert not problems, "\\n".join(problems[:40])
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# snake_case and kebab-case tokens with digits never belong in prose: akagi_b1, akagi-b1,
# fleet-1, turn-0430, se-corner-2.
SNAKE = re.compile(r"(?<![\w-])[a-z][a-z0-9]*_[a-z0-9_]+(?![\w-])")
KEBAB_DIGITS = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z0-9]+)*-[a-z]*\d[a-z0-9]*(?![\w-])")
# Python leaking through: a dataclass repr, an object repr, an unfilled format field.
REPR = re.compile(r"\b[A-Za-z]\w*\(\w+=|<\w+(?:\.\w+)* object at|\{\w*\}|\bNone\b(?= *[,)\]])")
# Misspellings players have met, and their correct forms.
MISSPELT = {
    "torpedos": "torpedoes",
    "recieve": "receive",
    "occured": "occurred",
    "seperate": "separate",
    "untill": "until",
    "sucessful": "successful",
    "succesful": "successful",
    "begining": "beginning",
    "wich": "which",
    "thier": "their",
    "teh": "the",
}
TAGS = re.compile(r"<[^>]+>")
SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)([a-z])")


def plain(text: str) -> str:
    """Rich text as the player reads it: tags dropped, <br> as line breaks, entities decoded."""
    text = re.sub(r"<br\s*/?>", "\n", text, flags=re.IGNORECASE)
    text = TAGS.sub("", text)
    return text.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def text_problems(text: str, ids: Iterable[str] = (), sentence: bool = True) -> list[str]:
    """What is wrong with one text a player reads. ``sentence``: it is prose (a message, a
    log line, a menu item), so it and every sentence in it begin with a capital; fragments
    (a counter's type line, a tooltip's lines) are not held to that."""
    found: list[str] = []
    shown = plain(text)
    if not shown.strip():
        return ["empty text"]
    for m in SNAKE.finditer(shown):
        found.append(f"snake_case token '{m.group()}'")
    for m in KEBAB_DIGITS.finditer(shown):
        found.append(f"internal id '{m.group()}'")
    for m in REPR.finditer(shown):
        found.append(f"code leaking through: '{m.group()}'")
    for token in set(ids):
        if re.search(rf"(?<![\w-]){re.escape(token)}(?![\w-])", shown):
            found.append(f"internal id '{token}'")
    words = re.findall(r"[A-Za-z]+", shown)
    for word in words:
        right = MISSPELT.get(word.lower())
        if right:
            found.append(f"misspelt '{word}' (write '{right}')")
    for m in re.finditer(r"\b\w+\(s\)", shown):
        found.append(f"lazy plural '{m.group()}' (say one or many)")
    if "  " in shown.strip():
        found.append("two spaces in a row")
    if re.search(r"\s[.,;:!?](?!\d)", shown):
        found.append("a space before punctuation")
    if sentence:
        for line in shown.splitlines():
            for m in SENTENCE_START.finditer(line.strip()):
                found.append(f"sentence starts in lower case at '{line.strip()[m.start(1) : m.start(1) + 20]}'")
    return found


def check_texts(texts: Iterable[tuple[str, str]], ids: Iterable[str] = (), sentence: bool = True) -> list[str]:
    """Every problem of every ``(where it was seen, text)`` pair, one line each, each text once."""
    ids = tuple(ids)
    out: list[str] = []
    seen: set[tuple[str, str]] = set()
    for where, text in texts:
        if (where, text) in seen:
            continue
        seen.add((where, text))
        out += [f"{where}: {problem} in {text!r}" for problem in text_problems(text, ids, sentence)]
    return out
