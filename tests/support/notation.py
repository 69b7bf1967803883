"""Engine notation in text a player reads: the patterns, written once. Cards, actions, rule fields and presets have
names for files, logs, the protocol and tests (RULES.md's notation); a player reads 10♥, Red 14, the Rook Bird,
"pass 2♣, A♥, Q♠", "Lowest first bid" and "Classic partnership Rook" instead.

``notation_faults(lines)`` names each line that holds notation, and which kind; a deal code (a friend types it in,
so it is shown as it is) is passed over, since its groups of letters and digits may look like cards.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from game.engine.rules import Rules, preset_names


def _field_words() -> list[str]:
    """Rule field names and choice words a player never reads: those written with an underscore (min_bid,
    dealer_left, nest_to); the others are plain words (target, moon, cap)."""
    words: set[str] = set()
    for spec in dataclasses.fields(Rules):
        words.add(spec.name)
        words.update(choice for choice in spec.metadata["choices"] if isinstance(choice, str))
    return sorted((word for word in words if "_" in word), key=len, reverse=True)


def _field_comments() -> list[str]:
    """Each rule field's comment, written for a rule file's author ("which deck"), as a label with a value after it
    ("Which deck: rook")."""
    comments = {re.escape(spec.metadata["doc"].removeprefix("(house) ")) for spec in dataclasses.fields(Rules)}
    return sorted(comments, key=len, reverse=True)


PATTERNS = [
    (re.compile(r"(?<![\w-])(?:[BGRY](?:1[0-4]|[1-9])|[2-9TJQKA][CDHS]|ROOK|JK)(?![\w-])"), "a card in notation"),
    (re.compile(r"\b(?:pass-cards|choose-hand|lay-aside)\b|\b(?:play|discard|call|trump|order|moon|bid) "
                r"(?:[BGRY]\d|[2-9TJQKA][CDHS]\b|none\b|normal\b|reverse\b|subtract\b|add\b)"),
     "an action in notation"),
    (re.compile(r"\b(?:" + "|".join(_field_words()) + r")\b"), "a rule field's name"),
    (re.compile(r"(?i)^(?:" + "|".join(_field_comments()) + "): "), "a rule field's comment"),
    (re.compile(r"\b(?:" + "|".join(sorted(preset_names(), key=len, reverse=True)) + r")\b"), "a preset's file name"),
    (re.compile(r"RULES\.md|\.yaml\b"), "a file a player never sees"),
    (re.compile(r"Errno|\[WinError|Connect call failed|\bOSError\b|Traceback"), "a system error's own words"),
]
DEAL_CODE = re.compile(r"\b[0-9A-Z]{5}(?:-[0-9A-Z]{1,5}){2,}\b")


def notation_faults(lines: Iterable[str]) -> list[str]:
    """Each line (once) that holds engine notation, with what it holds."""
    faults: dict[str, None] = {}  # a dict keeps the order, once each
    for line in lines:
        plain = DEAL_CODE.sub("", line)
        for pattern, what in PATTERNS:
            found = pattern.search(plain)
            if found:
                faults[f"{what} ({found.group(0)!r}): {line!r}"] = None
    return list(faults)
