"""Cards as ints, sets of cards as int bitmasks, and the card notation of RULES.md.

A card is ``suit * 16 + rank``: suit 0-3, rank 1-14. Code 0 is the Rook Bird
(the joker of the standard deck), so every card of either deck fits in bits 0-62
of one int and a hand, a nest or the cards taken in tricks are bitmasks.

Rook deck: suits 0-3 are black, green, red, yellow (``B G R Y``), ranks are the
printed numbers 1-14, and the bird is ``ROOK``. Standard deck: suits 0-3 are
clubs, diamonds, hearts, spades (``C D H S``), ranks 2-14 with 14 the ace, and
the joker is ``JK``. Which deck a card belongs to is a property of the rules,
so naming a card takes the deck kind as well.

>>> card_name(parse_card("G14", ROOK_DECK), ROOK_DECK)
'G14'
>>> cards_text(parse_cards("QS 2C AH", STANDARD_DECK), STANDARD_DECK)
'2C AH QS'

Text a player reads names cards as players do (files, logs and the protocol keep the notation):

>>> [player_card_name(parse_card(word, STANDARD_DECK), STANDARD_DECK) for word in ("TH", "QS", "2C", "JK")]
['10♥', 'Q♠', '2♣', 'the joker']
>>> [player_card_name(parse_card(word, ROOK_DECK), ROOK_DECK) for word in ("R14", "G5", "ROOK")]
['Red 14', 'Green 5', 'the Rook Bird']

and in a running sentence a standard card is spelled out ("the Queen of spades may not be led"):

>>> [player_card_words(parse_card(word, STANDARD_DECK), STANDARD_DECK) for word in ("QS", "2C", "TH", "JK")]
['the Queen of spades', 'the 2 of clubs', 'the 10 of hearts', 'the joker']
>>> player_card_words(parse_card("R14", ROOK_DECK), ROOK_DECK)
'Red 14'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import TypeVar

from .language import N_, gettext

T = TypeVar("T")
Card = int
CardSet = int

ROOK_DECK = "rook"
STANDARD_DECK = "standard"
DECKS = (ROOK_DECK, STANDARD_DECK)

BIRD: Card = 0
SUITS = range(4)
SUIT_LETTERS = {ROOK_DECK: "BGRY", STANDARD_DECK: "CDHS"}
SUIT_NAMES = {  # the notation's words (``trump green``); a player reads ``suit_words``
    ROOK_DECK: ("black", "green", "red", "yellow"),
    STANDARD_DECK: ("clubs", "diamonds", "hearts", "spades"),
}
BIRD_NAMES = {ROOK_DECK: "ROOK", STANDARD_DECK: "JK"}
SUIT_SYMBOLS = "♣♦♥♠"  # the standard suits in code order, as printed on the cards
STANDARD_RANKS = "23456789TJQKA"

# What a player reads, marked for the catalogs and translated where used (``gettext``): the language may change.
PLAYER_BIRD_NAMES = {ROOK_DECK: N_("the Rook Bird"), STANDARD_DECK: N_("the joker")}
PLAYER_SUIT_WORDS = {  # a suit in a running sentence: "You must follow red", "choose clubs as trump"
    ROOK_DECK: (N_("black"), N_("green"), N_("red"), N_("yellow")),
    STANDARD_DECK: (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades")),
}
# a Rook card as on its face, its colour named: Red 14
ROOK_CARD_NAMES = (N_("Black {rank}"), N_("Green {rank}"), N_("Red {rank}"), N_("Yellow {rank}"))
# a standard card spelled out in a sentence: the Queen of spades, the 2 of clubs
STANDARD_CARD_WORDS = (N_("the {rank} of clubs"), N_("the {rank} of diamonds"), N_("the {rank} of hearts"),
                       N_("the {rank} of spades"))
RANK_WORDS = {11: N_("Jack"), 12: N_("Queen"), 13: N_("King"), 14: N_("Ace")}  # a court card's rank in a sentence

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
RANK_MASK = 0x7FFE  # ranks 1-14 of one suit
SUIT_MASKS = tuple(RANK_MASK << (16 * s) for s in SUITS)


def make_card(suit: int, rank: int) -> Card:
    return suit * 16 + rank


def suit_of(card: Card) -> int:
    """The printed suit (colour) of a card; the bird has none and gives -1."""
    return card >> 4 if card else -1


def rank_of(card: Card) -> int:
    return card & 15


def bit(card: Card) -> CardSet:
    return 1 << card


def mask_of(cards: Iterable[Card]) -> CardSet:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: CardSet) -> Iterator[Card]:
    """The cards of a set in ascending code order (the canonical order for text)."""
    return iter(card_list(mask))


# the cards in each byte of a card set, byte by byte: a set's cards are then 8 look-ups instead of one wide-int
# step per card (card_list is on the hot path of the legal plays and of dealing worlds for search)
_CARDS_IN_BYTE = tuple(tuple(tuple(8 * place + b for b in range(8) if byte >> b & 1) for byte in range(256))
                       for place in range(8))


def card_list(mask: CardSet) -> list[Card]:
    """The cards of a set in ascending code order, as a list."""
    cards: list[Card] = []
    for in_byte, byte in zip(_CARDS_IN_BYTE, mask.to_bytes(8, "little")):
        if byte:
            cards += in_byte[byte]
    return cards


def random_card(mask: CardSet, rng: random.Random) -> Card:
    """A card of a non-empty set, uniformly at random (without building a list: playouts call this often)."""
    for _ in range(int(rng.random() * mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_subset(mask: CardSet, count: int, rng: random.Random) -> CardSet:
    """``count`` cards of a set, every choice equally likely (passes and nest discards in playouts, the unseen
    cards of a world for search): the first ``count`` steps of a Fisher-Yates shuffle of the set's cards."""
    cards = card_list(mask)
    size = len(cards)
    chosen = 0
    for i in range(count):
        j = i + int(rng.random() * (size - i))
        card = cards[j]
        cards[j] = cards[i]
        chosen |= 1 << card
    return chosen


def shuffled(items: Iterable[T], rng: random.Random) -> list[T]:
    """A uniformly shuffled copy, Fisher-Yates driven by one wide random number (much faster than
    random.shuffle's call per card; the 64 spare bits make the bias negligible)."""
    order = list(items)
    x = rng.getrandbits(64 + 6 * len(order))
    for i in range(len(order) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def count(mask: CardSet) -> int:
    return mask.bit_count()


def card_name(card: Card, deck: str) -> str:
    if card == BIRD:
        return BIRD_NAMES[deck]
    suit, rank = card >> 4, card & 15
    if deck == ROOK_DECK:
        return f"{SUIT_LETTERS[deck][suit]}{rank}"
    return f"{STANDARD_RANKS[rank - 2]}{SUIT_LETTERS[deck][suit]}"


def player_card_name(card: Card, deck: str) -> str:
    """A card as a player names it, in the language in force: 10♥, Q♠ (a standard card's face, in every
    language), Red 14, the Rook Bird."""
    if card == BIRD:
        return gettext(PLAYER_BIRD_NAMES[deck])
    suit, rank = card >> 4, card & 15
    if deck == ROOK_DECK:
        return gettext(ROOK_CARD_NAMES[suit]).format(rank=rank)
    return f"{rank if rank <= 10 else STANDARD_RANKS[rank - 2]}{SUIT_SYMBOLS[suit]}"


def player_card_words(card: Card, deck: str) -> str:
    """A card as a sentence names it: "the Queen of spades", "the 10 of hearts"; a Rook card as on its face
    (Red 14), the bird as "the Rook Bird". Capitalise it at the start of a sentence."""
    if card == BIRD or deck == ROOK_DECK:
        return player_card_name(card, deck)
    rank = card & 15
    return gettext(STANDARD_CARD_WORDS[card >> 4]).format(rank=gettext(RANK_WORDS[rank]) if rank in RANK_WORDS
                                                           else rank)


def suit_words(suit: int, deck: str) -> str:
    """A suit (colour) as a running sentence names it: "red", "spades"."""
    return gettext(PLAYER_SUIT_WORDS[deck][suit])


def player_cards_text(mask: CardSet, deck: str) -> str:
    """Several cards as a player lists them: "2♣, A♥, Q♠" (in code order, as ``cards_text``)."""
    return ", ".join(player_card_name(card, deck) for card in cards_in(mask))


def parse_card(text: str, deck: str) -> Card:
    """Read one card in RULES.md notation; raise ValueError naming the problem."""
    word = text.strip().upper()
    if word == BIRD_NAMES[deck]:
        return BIRD
    letters = SUIT_LETTERS[deck]
    if deck == ROOK_DECK:
        if len(word) >= 2 and word[0] in letters and word[1:].isdigit():
            rank = int(word[1:])
            if 1 <= rank <= 14:
                return make_card(letters.index(word[0]), rank)
        raise ValueError(f"'{text}' is not a Rook card (a colour B, G, R or Y and a number 1-14, or ROOK)")
    if len(word) == 2 and word[0] in STANDARD_RANKS and word[1] in letters:
        return make_card(letters.index(word[1]), STANDARD_RANKS.index(word[0]) + 2)
    raise ValueError(f"'{text}' is not a playing card (a rank 2-9, T, J, Q, K, A and a suit C, D, H, S, or JK)")


def parse_cards(text: str | Iterable[str], deck: str) -> CardSet:
    """Read several cards (a space-separated string or a list); duplicates are an error."""
    words = text.split() if isinstance(text, str) else list(text)
    mask = 0
    for word in words:
        card_bit = 1 << parse_card(word, deck)
        if mask & card_bit:
            raise ValueError(f"{word} is named twice")
        mask |= card_bit
    return mask


def card_names(mask: CardSet, deck: str) -> list[str]:
    return [card_name(card, deck) for card in cards_in(mask)]


def cards_text(mask: CardSet, deck: str) -> str:
    return " ".join(card_names(mask, deck))


def full_deck(deck: str, low_rank: int, bird: bool, removed: CardSet = 0) -> CardSet:
    """Every card of a deck: ranks low_rank..14 in each suit, the bird if used, less removed cards."""
    suit_ranks = RANK_MASK & ~((1 << low_rank) - 1)
    mask = 0
    for suit in SUITS:
        mask |= suit_ranks << (16 * suit)
    if bird:
        mask |= 1 << BIRD
    return mask & ~removed
