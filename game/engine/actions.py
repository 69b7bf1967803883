"""Actions as ints, and the canonical action text of RULES.md.

Playing a card is the card's own code (0-62), so the hot path of a hand is
plain card ints. Every other action is ``kind << 64 | payload``: the payload is
a bid value, a suit, a card, a choice, or a bitmask of cards for actions that
name several cards (``discard``, ``pass-cards``).

>>> from game.engine.cards import STANDARD_DECK
>>> action_text(parse_action("pass-cards QS 2C AH", STANDARD_DECK), STANDARD_DECK)
'pass-cards 2C AH QS'
>>> action_words(parse_action("pass-cards QS 2C AH", STANDARD_DECK), STANDARD_DECK)
'pass 2♣, A♥, Q♠'
"""

from __future__ import annotations

from . import cards as C
from .language import N_, gettext, pgettext

Action = int

PLAY, BID, PASS, DISCARD, TRUMP, ORDER, CALL, PASS_CARDS, CHOOSE_HAND, MOON, LAY_ASIDE = range(11)
KIND_SHIFT = 64
PAYLOAD = (1 << KIND_SHIFT) - 1

WORDS = {
    "play": PLAY, "bid": BID, "pass": PASS, "discard": DISCARD, "trump": TRUMP, "order": ORDER,
    "call": CALL, "pass-cards": PASS_CARDS, "choose-hand": CHOOSE_HAND, "moon": MOON, "lay-aside": LAY_ASIDE,
}
KIND_WORDS = {kind: word for word, kind in WORDS.items()}
NO_TRUMP = 4
ORDERS = ("normal", "reverse")
# what each rank order means for the cards (decision 20: the whole ranking turns over, the 2 highest)
ORDER_MEANINGS = {"normal": N_("Normal order"), "reverse": N_("Reverse order (2 high)")}  # translated where shown
MOON_CHOICES = ("subtract", "add")
CARD_KINDS = (PLAY, CALL, LAY_ASIDE)
CARDS_KINDS = (DISCARD, PASS_CARDS)


class ActionTextError(ValueError):
    """Text that is not an action at all (as opposed to a legal-looking action refused by the rules)."""


def make(kind: int, payload: int = 0) -> Action:
    return kind << KIND_SHIFT | payload


def kind_of(action: Action) -> int:
    return action >> KIND_SHIFT


def payload_of(action: Action) -> int:
    return action & PAYLOAD


def bid(value: int) -> Action:
    return make(BID, value)


def trump(suit: int) -> Action:
    """Name trump: a suit 0-3, or NO_TRUMP."""
    return make(TRUMP, suit)


PASS_ACTION = make(PASS)


def trump_word(suit: int, deck: str) -> str:
    return "none" if suit == NO_TRUMP else C.SUIT_NAMES[deck][suit]


def action_text(action: Action, deck: str) -> str:
    kind, payload = action >> KIND_SHIFT, action & PAYLOAD
    word = KIND_WORDS[kind]
    if kind in CARD_KINDS:
        return f"{word} {C.card_name(payload, deck)}"
    if kind in CARDS_KINDS:
        return f"{word} {C.cards_text(payload, deck)}"
    if kind == BID:
        return f"bid {payload}"
    if kind == PASS:
        return "pass"
    if kind == TRUMP:
        return f"trump {trump_word(payload, deck)}"
    if kind == ORDER:
        return f"order {ORDERS[payload]}"
    if kind == CHOOSE_HAND:
        return f"choose-hand {payload}"
    if kind == MOON:
        return f"moon {MOON_CHOICES[payload]}"
    raise ValueError(f"unknown action kind {kind}")


def action_words(action: Action, deck: str) -> str:
    """An action as a player says it, in the language in force ("play 10♥", "pass 2♣, A♥, Q♠", "bid 85", "choose
    green as trump"), for text a player reads; ``action_text`` is the notation of files, logs and the protocol."""
    kind, payload = action >> KIND_SHIFT, action & PAYLOAD
    if kind in CARD_KINDS:
        card = C.player_card_name(payload, deck)
        return {PLAY: gettext("play {card}"), CALL: gettext("call {card}"),
                LAY_ASIDE: gettext("lay {card} aside")}[kind].format(card=card)
    if kind in CARDS_KINDS:
        cards = C.player_cards_text(payload, deck)
        return (gettext("pass {cards}") if kind == PASS_CARDS else gettext("lay {cards} in the nest")).format(
            cards=cards)
    if kind == TRUMP:
        return gettext("choose no trump") if payload == NO_TRUMP else \
            gettext("choose {suit} as trump").format(suit=C.suit_words(payload, deck))
    if kind == ORDER:
        return gettext("play the normal order") if ORDERS[payload] == "normal" else \
            gettext("play the reverse order (2 high)")
    if kind == CHOOSE_HAND:
        return gettext("choose hand {number}").format(number=payload)
    if kind == MOON:
        return gettext("subtract from my score") if MOON_CHOICES[payload] == "subtract" else \
            gettext("add to everyone else's score")
    if kind == BID:
        return gettext("bid {points}").format(points=payload)
    return pgettext("bidding", "pass")


def parse_action(text: str, deck: str) -> Action:
    """Read canonical action text; raise ActionTextError with a reason a player can read."""
    if not isinstance(text, str):
        raise ActionTextError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise ActionTextError("empty action")
    word, rest = words[0].lower(), words[1:]
    if word not in WORDS:
        raise ActionTextError(f"'{words[0]}' is not an action; actions are: {', '.join(WORDS)}")
    kind = WORDS[word]

    def one_word() -> str:
        if len(rest) != 1:
            raise ActionTextError(f"'{word}' takes one word, as in {EXAMPLES[kind]}")
        return rest[0].lower()

    try:
        if kind == PASS:
            if rest:
                raise ActionTextError("'pass' takes nothing after it")
            return PASS_ACTION
        if kind in CARD_KINDS:
            return make(kind, C.parse_card(one_word(), deck))
        if kind in CARDS_KINDS:
            if not rest:
                raise ActionTextError(f"'{word}' names cards, as in {EXAMPLES[kind]}")
            return make(kind, C.parse_cards(rest, deck))
        if kind == BID:
            value = one_word()
            if not value.isdigit():
                raise ActionTextError(f"'{value}' is not a number of points")
            return bid(int(value))
        if kind == TRUMP:
            value = one_word()
            names = C.SUIT_NAMES[deck]
            if value == "none":
                return trump(NO_TRUMP)
            if value not in names:
                raise ActionTextError(f"'{value}' is not a trump; name one of {', '.join(names)} or none")
            return trump(names.index(value))
        if kind == ORDER:
            value = one_word()
            if value not in ORDERS:
                raise ActionTextError("the order is normal or reverse")
            return make(ORDER, ORDERS.index(value))
        if kind == CHOOSE_HAND:
            value = one_word()
            if value not in ("1", "2"):
                raise ActionTextError("choose hand 1 or 2")
            return make(CHOOSE_HAND, int(value))
        value = one_word()  # MOON
        if value not in MOON_CHOICES:
            raise ActionTextError("the moon reward is subtract or add")
        return make(MOON, MOON_CHOICES.index(value))
    except ActionTextError:
        raise
    except ValueError as err:
        raise ActionTextError(str(err)) from None


EXAMPLES = {
    PLAY: "'play G14'", BID: "'bid 85'", PASS: "'pass'", DISCARD: "'discard G5 R10 Y6 B7 G6'",
    TRUMP: "'trump green'", ORDER: "'order reverse'", CALL: "'call R14'", PASS_CARDS: "'pass-cards 2C QS AH'",
    CHOOSE_HAND: "'choose-hand 1'", MOON: "'moon subtract'", LAY_ASIDE: "'lay-aside Y6'",
}
