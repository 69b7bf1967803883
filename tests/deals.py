"""Hand-built deals for rule tests: name the cards that matter, the rest are dealt in a fixed order."""

from __future__ import annotations

from game.engine import Hand, load_rules
from game.engine import cards as C


def build_deal(rules, hands: dict[int, str], nest: str = "", aside: str = "", void: dict[int, str] | None = None
               ) -> dict:
    """A full deal where hand i starts with the cards in ``hands[i]`` (space-separated) and every other card
    of the deck fills the hands, the nest and the aside in ascending card order. ``void`` names suits
    (letters, e.g. ``{2: "CH"}``) that the filler must not give a hand."""
    void = void or {}
    letters = C.SUIT_LETTERS[rules.deck]
    fixed = [rules.parse_cards(hands.get(i, "")) for i in range(rules.hands_to_deal)]
    piles = {"nest": (rules.parse_cards(nest), rules.nest_size), "aside": (rules.parse_cards(aside), rules.aside)}
    used = 0
    for mask in fixed + [mask for mask, _ in piles.values()]:
        assert not used & mask, "a card is named twice"
        used |= mask
    spare = C.card_list(rules.deck_mask & ~used)
    deal = {"hands": []}
    for i, mask in enumerate(fixed):
        need = rules.hand_size - mask.bit_count()
        assert need >= 0, "too many cards named for one hand"
        allowed = [c for c in spare if c == C.BIRD or letters[C.suit_of(c)] not in void.get(i, "")]
        assert len(allowed) >= need, f"cannot fill hand {i} without its void suits"
        mask |= C.mask_of(allowed[:need])
        spare = [c for c in spare if not mask >> c & 1]
        deal["hands"].append(rules.card_names(mask))
    for pile, (mask, size) in piles.items():
        if size:
            need = size - mask.bit_count()
            mask |= C.mask_of(spare[:need])
            spare = spare[need:]
            deal[pile] = rules.card_names(mask)
    assert not spare
    return deal


def hand_with(preset_or_rules, hands: dict[int, str], dealer: int = 0, number: int = 0, scores=None,
              **deal_options) -> Hand:
    rules = load_rules(preset_or_rules) if isinstance(preset_or_rules, str) else preset_or_rules
    deal = build_deal(rules, hands, **deal_options)
    return Hand.from_deal(rules, deal, dealer=dealer, number=number, scores=scores)


def play_all(hand: Hand, actions: str):
    """Apply actions separated by commas, e.g. "play 2C, play 3C"."""
    for text in actions.split(","):
        hand.apply(text.strip())
