"""Deal codes: a short text for any hand, naming its preset, its house rules and its deal (the cards of every seat,
the nest and its order, the cards aside), its dealer and its number in the match, so that friends can play the
same cards at home and compare, as in duplicate bridge.

>>> from game.engine import Hand, load_rules
>>> hand = Hand.deal(load_rules("hearts-classic"), seed=1, dealer=2)
>>> code = deal_code(hand)
>>> code
'8C100-FD7J6-MBPFG-ERQ35-R913P-MY'
>>> again = hand_from_code(code.lower())
>>> again.deal_text() == hand.deal_text() and again.dealer == 2
True

The text is Crockford's base 32 (digits and capital letters but I, L, O and U; read back, case does not matter,
O is 0, I and L are 1, dashes and spaces are ignored), in groups of five. Underneath are bytes:

- the format (top 2 bits) and the preset's place in ``PRESETS``,
- the hand number and dealer, as ``number * 8 + dealer`` (LEB128: 7 bits a byte),
- how many house rules differ from the preset, then for each its place in ``HOUSE_FIELDS`` and its value (a
  number as itself, true/false as 1/0, a word as its place among the field's choices, a list as its length and
  each item's place among the choices),
- the deal: one whole number in mixed radix, each pile in turn (the hands from seat 0, the nest, the cards aside,
  the dummy's face-up half) as its combination of the cards not yet dealt (the face-up half: of the dummy's hand),
  and the nest's order card by card; so a hearts-classic deal takes 96 bits, the least any code can,

followed by three characters of CRC-15 (CAN polynomial) over the bytes. A CRC of degree 15 catches every error
within 15 consecutive bits, so any one mistyped character and any two neighbouring characters swapped are refused.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from . import cards as C
from .hand import Hand
from .language import gettext
from .rules import FIELDS, Rules, RulesError, load_rules

FORMAT = 1
# a code names its preset and house rules by their place in these lists, so they only ever grow at the end
PRESETS = ("hearts-2p", "hearts-3p", "hearts-5p", "hearts-classic", "hearts-royal", "hearts-royal-2p",
           "hearts-royal-3p", "hearts-royal-5p", "rook-2p", "rook-3p", "rook-500", "rook-500-5p",
           "rook-500-standard-deck", "rook-5p", "rook-6p", "rook-beginner", "rook-classic", "rook-intermediate",
           "rook-original-3p", "rook-original-4p")
HOUSE_FIELDS = ("target", "fixed_hands", "hold_hand", "two_clubs_leads", "qs_breaks_hearts", "penalty_on_first_trick",
                "hearts_must_be_broken", "qs_leads_any_time", "moon", "royal_queens", "extra_card_kept", "min_bid",
                "bid_step", "max_bid", "first_bid_required", "bird_rank", "bird_privilege", "first_lead", "nest_to",
                "all_pass", "cap", "rotating_partners")
ORDERED_PILES = ("nest",)  # listed top card first, and the order matters (Beginner: the top card names trump)
INSIDE = {"dummy_up": 2}  # a pile that is part of a hand: the dummy's face-up half (hand 2, decision 22)
Plan = list[tuple[str, int, int]]  # the piles of a deal in code order: (pile, index in it, size)
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
READS_AS = {"O": "0", "I": "1", "L": "1"}
CHECK_CHARS = 3
CRC_POLY, CRC_BITS = 0x4599, 15
GROUP = 5


class DealCodeError(ValueError):
    """A deal code that cannot be read; the message says why, in a player's words."""


# --- the code, as text ---

def deal_code(hand: Hand) -> str:
    """The deal code of a hand (raises DealCodeError for rules that are not a preset with house rules)."""
    rules = hand.rules
    if rules.name not in PRESETS:
        raise DealCodeError(gettext("{game} is not one of the presets, so it has no deal code").format(
            game=rules.player_title))
    book = load_rules(rules.name)
    changes = {name: getattr(rules, name) for name in HOUSE_FIELDS if getattr(rules, name) != getattr(book, name)}
    if book.changed(changes) != rules:
        other = next(name for name in FIELDS if getattr(rules, name) != getattr(book, name) and name not in changes)
        raise DealCodeError(gettext("these rules change {rule}, which is not a house rule, so they have no deal "
                                    "code").format(rule=other))
    data = bytearray([FORMAT << 6 | PRESETS.index(rules.name)])
    data += _varint(hand.number * 8 + hand.dealer)
    data += _varint(len(changes))
    for name, value in changes.items():
        data.append(HOUSE_FIELDS.index(name))
        data += _house_value(name, value)
    digits = _deal_digits(hand.rules, hand.deal_text(), _plan(rules, hand.dealer, hand.number))
    data += _mixed_radix(digits).to_bytes(_deal_bytes(digits), "big")
    return _text(bytes(data))


def hand_from_code(code: str) -> Hand:
    """The hand a deal code names, ready to play: the same preset, house rules, cards, seats, dealer and number
    (the match score starts at nought). Raises DealCodeError saying what is wrong with the code."""
    return _decode(_bytes(code))


def _text(data: bytes) -> str:
    """Bytes as a code: base 32 in groups, then the check."""
    text = _base32(int.from_bytes(data, "big"), math.ceil(len(data) * 8 / 5)) + _base32(_crc(data), CHECK_CHARS)
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def _bytes(code: str) -> bytes:
    """The bytes of a code whose check is right."""
    if not isinstance(code, str):
        raise DealCodeError(gettext("a deal code is text"))
    text = "".join(READS_AS.get(ch, ch) for ch in code.upper() if ch not in "- \t")
    if not text:
        raise DealCodeError(gettext("the deal code is empty"))
    stray = next((ch for ch in text if ch not in ALPHABET), None)
    if stray is not None:
        raise DealCodeError(gettext("{character} is not in deal codes, which have digits and the letters A to Z "
                                    "but U").format(character=repr(stray)))
    payload = len(text) - CHECK_CHARS
    size = payload * 5 // 8
    if size < 4:
        raise DealCodeError(gettext("the deal code is too short: a character or more is missing"))
    value = _from_base32(text[:payload])
    if value >> (size * 8) or _crc(value.to_bytes(size, "big")) != _from_base32(text[payload:]):
        raise DealCodeError(gettext("the deal code does not check out: a character is mistyped, missing or out "
                                    "of place"))
    return value.to_bytes(size, "big")


def _decode(data: bytes) -> Hand:
    if data[0] >> 6 != FORMAT:
        raise DealCodeError(gettext("this deal code was made by another version of Trickhouse"))
    if data[0] & 63 >= len(PRESETS):
        raise DealCodeError(gettext("this deal code names a preset this version of Trickhouse does not have"))
    book = load_rules(PRESETS[data[0] & 63])
    at = 1
    number_and_dealer, at = _read_varint(data, at)
    count, at = _read_varint(data, at)
    changes = {}
    for _ in range(count):
        if at >= len(data):
            raise DealCodeError(gettext("the deal code is cut short"))
        if data[at] >= len(HOUSE_FIELDS):
            raise DealCodeError(gettext("this deal code names a house rule this version of Trickhouse does not have"))
        name = HOUSE_FIELDS[data[at]]
        changes[name], at = _read_house_value(name, data, at + 1)
    try:
        rules = book.changed(changes, f"the deal code's house rules for {book.title}")
    except RulesError as err:
        raise DealCodeError(err.player) from None
    number, dealer = divmod(number_and_dealer, 8)
    if dealer >= rules.players:
        raise DealCodeError(gettext("the deal code's dealer, seat {seat}, is not at a table of {players}").format(
            seat=dealer, players=rules.players))
    plan = _plan(rules, dealer, number)
    radices = _radices(rules, plan)
    rest = data[at:]
    if len(rest) != _deal_bytes([(0, radix) for radix in radices]):
        raise DealCodeError(gettext("the deal code does not hold a deal of {game}").format(game=rules.player_title))
    value = int.from_bytes(rest, "big")
    digits = []
    for radix in radices:
        value, digit = divmod(value, radix)
        digits.append(digit)
    if value:
        raise DealCodeError(gettext("the deal code does not hold a deal of {game}").format(game=rules.player_title))
    try:
        return Hand.from_deal(rules, _deal_from_digits(rules, plan, digits), dealer, number)
    except ValueError as err:
        raise DealCodeError(gettext("the deal code does not hold a deal of {game}: {problem}").format(
            game=rules.player_title, problem=err)) from None


def _base32(value: int, chars: int) -> str:
    return "".join(ALPHABET[value >> (5 * i) & 31] for i in reversed(range(chars)))


def _from_base32(text: str) -> int:
    value = 0
    for ch in text:
        value = value << 5 | ALPHABET.index(ch)
    return value


def _crc(data: bytes) -> int:
    crc = 0
    for byte in data:
        for i in reversed(range(8)):
            top = (crc >> (CRC_BITS - 1) & 1) ^ (byte >> i & 1)
            crc = (crc << 1) & ((1 << CRC_BITS) - 1)
            if top:
                crc ^= CRC_POLY
    return crc


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        out.append(value & 127 | (128 if value > 127 else 0))
        value >>= 7
        if not value:
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if at >= len(data) or shift > 63:
            raise DealCodeError(gettext("the deal code is cut short"))
        byte = data[at]
        value |= (byte & 127) << shift
        at += 1
        shift += 7
        if not byte & 128:
            return value, at


def _house_value(name: str, value: Any) -> bytes:
    choices = FIELDS[name].metadata["choices"]
    if isinstance(value, tuple):
        return _varint(len(value)) + bytes(choices.index(item) for item in value)
    return _varint(choices.index(value) if isinstance(value, str) else int(value))


def _read_house_value(name: str, data: bytes, at: int) -> tuple[Any, int]:
    field = FIELDS[name]
    choices = field.metadata["choices"]
    kind: type = type(field.default)
    value, at = _read_varint(data, at)
    if kind is tuple:
        items = data[at:at + value]
        if len(items) < value or any(item >= len(choices) for item in items):
            raise DealCodeError(gettext("the deal code's house rule {rule} cannot be read").format(rule=name))
        return tuple(choices[item] for item in items), at + value
    if kind is str:
        if value >= len(choices):
            raise DealCodeError(gettext("the deal code's house rule {rule} cannot be read").format(rule=name))
        return choices[value], at
    if kind is bool:
        if value > 1:
            raise DealCodeError(gettext("the deal code's house rule {rule} cannot be read").format(rule=name))
        return bool(value), at
    return value, at


# --- the deal, as one number ---

def _plan(rules: Rules, dealer: int, number: int) -> Plan:
    """The piles of a deal of these rules in code order, as (pile, index in it, size): read off a deal the engine
    makes itself, so that who gets how many cards (the extra card of the Original 3-player game) stays its word."""
    deal: Mapping[str, Any] = Hand.deal(rules, seed=0, dealer=dealer, number=number).deal_text()
    plan: Plan = []
    for pile, cards in deal.items():
        if pile == "hands":
            plan += [(pile, i, len(hand)) for i, hand in enumerate(cards)]
        else:
            plan.append((pile, 0, len(cards)))
    return plan


def _radices(rules: Rules, plan: Plan) -> list[int]:
    left = rules.deck_size
    sizes: dict[tuple[str, int], int] = {}
    radices: list[int] = []
    for pile, index, size in plan:
        sizes[pile, index] = size
        pool = sizes["hands", INSIDE[pile]] if pile in INSIDE else left
        radices.append(math.comb(pool, size))
        if pile in ORDERED_PILES:
            radices += range(size, 0, -1)
        if pile not in INSIDE:
            left -= size
    return radices


def _deal_digits(rules: Rules, deal: Mapping[str, Any], plan: Plan) -> list[tuple[int, int]]:
    """The deal as digits, each with its radix."""
    left = list(rules.deck_cards)
    held: dict[tuple[str, int], list[C.Card]] = {}
    digits: list[tuple[int, int]] = []
    for pile, index, _ in plan:
        words = deal[pile][index] if pile == "hands" else deal[pile]
        cards = [rules.parse_card(word) for word in words]
        held[pile, index] = sorted(cards)
        pool = held["hands", INSIDE[pile]] if pile in INSIDE else left
        digits.append((_combination_rank(pool, cards), math.comb(len(pool), len(cards))))
        if pile in ORDERED_PILES:
            remaining = sorted(cards)
            for card in cards:
                digits.append((remaining.index(card), len(remaining)))
                remaining.remove(card)
        if pile not in INSIDE:
            left = [card for card in left if card not in cards]
    return digits


def _deal_from_digits(rules: Rules, plan: Plan, digits: list[int]) -> dict[str, Any]:
    left = list(rules.deck_cards)
    held: dict[tuple[str, int], list[C.Card]] = {}
    deal: dict[str, Any] = {"hands": []}
    at = 0
    for pile, index, size in plan:
        pool = held["hands", INSIDE[pile]] if pile in INSIDE else left
        cards = _combination(pool, size, digits[at])
        at += 1
        held[pile, index] = cards
        if pile in ORDERED_PILES:
            remaining, cards = list(cards), []
            for _ in range(size):
                cards.append(remaining.pop(digits[at]))
                at += 1
        if pile not in INSIDE:
            left = [card for card in left if card not in cards]
        names = [rules.card_name(card) for card in cards]
        if pile == "hands":
            deal["hands"].append(names)
        else:
            deal[pile] = names
    return deal


def _mixed_radix(digits: list[tuple[int, int]]) -> int:
    value = 0
    for digit, radix in reversed(digits):
        value = value * radix + digit
    return value


def _deal_bytes(digits: list[tuple[int, int]]) -> int:
    """Bytes for any deal of these radices: enough for the largest number they make."""
    largest = math.prod(radix for _, radix in digits) - 1
    return max(1, math.ceil(largest.bit_length() / 8))


def _combination_rank(pool: list[int], chosen: list[int]) -> int:
    """The place of a choice of cards among all choices of as many from ``pool`` (colexicographic order)."""
    places = sorted(pool.index(card) for card in chosen)
    return sum(math.comb(place, i + 1) for i, place in enumerate(places))


def _combination(pool: list[int], size: int, rank: int) -> list[int]:
    """The choice of ``size`` cards of ``pool`` at ``rank`` (the inverse of ``_combination_rank``)."""
    places = []
    for i in range(size, 0, -1):
        place = i - 1
        while math.comb(place + 1, i) <= rank:
            place += 1
        rank -= math.comb(place, i)
        places.append(place)
    return sorted(pool[place] for place in places)
