"""Where the cards of a hand go: the order they are shown in and how far apart they are.

A hand is spread up to a comfortable gap and overlaps only when the row would not fit otherwise. Suits stay
together in a fixed order, and once trump is named its suit moves to the right-hand end (the Rook Bird or the
joker beyond it). The engine's notation says which suit a card is in; the order itself is only for the eye.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Rules
from game.engine.cards import BIRD, SUIT_LETTERS, SUIT_NAMES, suit_of

from .theme import text_size

# the order suits are shown in: Rook colours as printed, standard suits alternating black and red
SUIT_ORDER = {"rook": "BGRY", "standard": "CDSH"}
GAP = 0.12  # the comfortable gap between two cards, in card widths


def arranged(cards: Sequence[str], rules: Rules, trump: str | None = None) -> list[str]:
    """``cards`` in the order a player holds them: suits grouped, the trump suit (a word such as "green") last."""
    deck = rules.deck
    order = [SUIT_LETTERS[deck].index(letter) for letter in SUIT_ORDER[deck]]
    if trump in SUIT_NAMES[deck]:
        trump_suit = SUIT_NAMES[deck].index(trump)
        order.remove(trump_suit)
        order.append(trump_suit)

    def key(name: str) -> tuple[int, int]:
        card = rules.parse_card(name)
        if card == BIRD:
            return len(order), 0
        return order.index(suit_of(card)), rules.natural_rank(card)

    return sorted(cards, key=key)


def spread(count: int, width: int, room: float) -> list[int]:
    """The left edges of ``count`` cards ``width`` wide in a row centred in ``room`` pixels (starting at 0):
    a comfortable gap apart when they fit, overlapping evenly when they do not."""
    if count <= 0:
        return []
    step = min(width * (1 + GAP), (room - width) / max(1, count - 1))
    left = (room - (step * (count - 1) + width)) / 2
    return [round(left + i * step) for i in range(count)]


def hand_bottom(size: tuple[int, int]) -> int:
    """The bottom edge of the player's hand at the table: above the name plate and the buttons."""
    return size[1] - int(text_size(size) * 2.6)
