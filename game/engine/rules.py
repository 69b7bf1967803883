"""Rule presets: one frozen dataclass, declared once, built from YAML and validated.

Every field says its default, what values it allows and what it means. A preset
file in ``config/`` sets the fields that differ from the defaults and may
``extends:`` another preset. Unknown keys, wrong types and impossible values
raise RulesError naming the file, the field, the value and what is allowed.
House rules are the same fields changed through ``Rules.changed``.
"""

from __future__ import annotations

import dataclasses
import functools
import reprlib
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn, TypeVar

import yaml

from . import actions as A
from . import cards as C
from .language import N_, gettext, ngettext

DUMMY_SEAT = 2  # rook-2p: the dummy sits after the two players (decision 22)


class RulesError(ValueError):
    """A preset or house-rule file, or a change to the rules, that cannot be used. ``str(err)`` names the file (or
    where the rules came from) and the field, for whoever edits the file; ``player`` says the same problem in a
    player's words, for a change made on the house-rules screen, a deal code or a table's house rules."""

    def __init__(self, message: str, player: str = ""):
        super().__init__(message)
        self.player = player or message


T = TypeVar("T")


Applies = Callable[["Rules"], bool]  # whether a house rule, or one of its choices, changes anything under the rules


def _field(default: T, doc: str, choices: tuple[str, ...] = (), low: int | None = None, high: int | None = None,
           house: bool = False, by_rank: bool = False, step: int | str | dict[str, int] = 1,
           says: dict[Any, Any] | None = None, applies: Applies | None = None,
           choice_applies: dict[str, Applies] | None = None, family: str | None = None, label: str = "",
           shows: dict[Any, Any] | None = None) -> T:
    """A rule field: its default, comment and allowed values, the ``family`` it belongs to (None: every game), and
    for a house rule (``house``) what the house-rules screen needs: its ``label`` in a player's words, its ``step``
    (a number, another field's name, or one per family), what each value ``says`` (a sentence per value; the key
    None is a sentence for any other value, with {} for it, or a function of the value), how each value ``shows``
    in a word or two where it is not plain (True is On, False Off, a number itself), and when it changes anything
    under the rules of a game (``applies``; ``choice_applies`` for some of its choices): ``Rules.house_fields``."""
    meta = {"doc": doc, "choices": tuple(choices), "low": low, "high": high, "house": house, "by_rank": by_rank,
            "step": step, "says": says or {}, "applies": applies, "choice_applies": choice_applies or {},
            "family": family, "label": label, "shows": shows or {}}
    if isinstance(default, (list, dict)):
        raise TypeError("rule defaults must be immutable")
    if house and not (says and label):
        raise TypeError("a house rule has a label and says what it does")
    return field(default=default, metadata=meta)


def _hearts(default: T, doc: str, **meta: Any) -> T:
    return _field(default, doc, family="hearts", **meta)


def _rook(default: T, doc: str, **meta: Any) -> T:
    return _field(default, doc, family="rook", **meta)


# when a house rule changes anything (decision 1: the Rook Bird's rules need the Bird; decision 4: the nest's need a
# nest; an auction's need bidding, and a declarer who leads or scores the nest needs one too; decision 16: the 2 of
# clubs leads only where decision 19 does not make both players lead their lowest club)
def _with_bidding(rules: Rules) -> bool:
    return rules.has_auction


def _with_bird(rules: Rules) -> bool:
    return rules.bird


def _with_nest(rules: Rules) -> bool:
    return rules.nest_size > 0


def _with_dummy(rules: Rules) -> bool:
    return rules.dummy


def _with_extra_card(rules: Rules) -> bool:
    return rules.extra_card


def _with_passing(rules: Rules) -> bool:
    return rules.pass_count > 0


def _with_partnerships(rules: Rules) -> bool:
    return rules.sides == "partners"


def _with_two_of_clubs_lead(rules: Rules) -> bool:
    return rules.two_of_clubs_may_lead


HEARTS_DIRECTIONS = ("left", "across", "right", "left2", "right2", "trade", "hold")
ROYAL_QUEENS = ("QS", "QC", "QH", "QD")


def _queens(queens: tuple[str, ...]) -> str:
    """Special queens as a player names them: "Q♠, Q♣" (in the order chosen)."""
    return ", ".join(C.player_card_name(C.parse_card(queen, C.STANDARD_DECK), C.STANDARD_DECK) for queen in queens)


# a Rook deal's order: the places of the shuffled deck in pile order, and where each pile starts and ends in it
DealPattern = tuple[Callable[[Sequence[C.CardSet]], tuple[C.CardSet, ...]], list[tuple[int, int]]]

# for each suit led and each card, the cards that would beat it in a trick of that suit (hand.py: ``beaters_of``)
Beaters = tuple[tuple[C.CardSet, ...], ...]

# a Rook trick-taking order: each card's strength and trick key, the keys by suit led, the cards following each suit,
# the trump suit, the suit each card leads and the cards beating each card by suit led
Ranking = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[C.CardSet, ...], int,
                tuple[int, ...], Beaters]


@dataclass
class Tables:
    """What the engine works out once per rules: the hot path looks these up instead of working them out again.
    Each is filled on first use (by hand.py and rook.py), keyed by what it depends on besides the rules."""
    # by the seats round the table, clockwise: each seat's next seat, and each leader's order of play
    seating: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = field(default_factory=dict)
    # by the dealer: where each place of the shuffled deck goes, and each pile's span (Rook deals)
    deal_patterns: dict[int, DealPattern] = field(default_factory=dict)
    # by the high bid so far: the legal bids without and with a pass (Rook auctions)
    bid_sets: dict[int, tuple[Any, Any]] = field(default_factory=dict)
    # by (trump, reverse order): each card's strength and the suits' masks for following (Rook play)
    rankings: dict[tuple[int, bool], Ranking] = field(default_factory=dict)
    # what taking each card counts for its taker, the card alone (the family's ``card_values``)
    card_values: tuple[int, ...] = ()
    # the most points one player can take in a hand (Hearts' ``most_points``)
    most_points: int = 0

@dataclass(frozen=True)
class Rules:
    # --- every game ---
    name: str = _field("", "the preset's name (its file name in config/)")
    title: str = _field("", "the name shown to players")
    source: str = _field("", "the rule book(s) and the rulings (decisions) this preset follows")
    family: str = _field("rook", "which family of games", choices=("rook", "hearts"))
    players: int = _field(4, "number of players at the table", low=2, high=6)
    deck: str = _field(C.ROOK_DECK, "which deck", choices=C.DECKS)
    low_rank: int = _field(5, "lowest rank in each suit (the ace of the standard deck is 14)", low=1, high=5)
    bird: bool = _field(True, "the Rook Bird (the joker of a standard deck) is in the deck")
    removed: tuple[str, ...] = _field((), "cards taken out of the deck before the deal")
    hands_dealt: int = _field(0, "hands dealt, if not one per player (2-player Hearts: 4; the rook-2p dummy: 3)",
                              low=0, high=6)
    hand_size: int = _field(9, "cards in each hand", low=1, high=20)
    nest_size: int = _field(5, "cards dealt to the nest (0: no nest)", low=0, high=10)
    aside: int = _field(0, "cards dealt face down and left out of play for the whole hand", low=0, high=10)
    target: int = _field(300, "match target: Rook, the score that wins; Hearts, the score that ends the match",
                         low=1, high=100000, house=True, step={"rook": 50, "hearts": 10}, label=N_("Target score"),
                         says={None: lambda points: ngettext("The match ends at {count} point",
                                                                   "The match ends at {count} points",
                                                                   points).format(count=points)})
    fixed_hands: int = _field(0, "(house) play exactly this many hands, best total wins; 0 plays to the target",
                              low=0, high=200, house=True, label=N_("Fixed number of hands"), shows={0: N_("Off")},
                              says={0: N_("Play to the target score"),
                                    None: lambda hands: ngettext("Play exactly {count} hand; the best total wins",
                                                                 "Play exactly {count} hands; the best total wins",
                                                                 hands).format(count=hands)})

    # --- Hearts ---
    pass_count: int = _hearts(3, "cards each player passes before play", low=0, high=5)
    pass_cycle: tuple[str, ...] = _hearts(("left", "across", "right"),
                                          "the passing directions, hand by hand, repeating", choices=HEARTS_DIRECTIONS)
    hold_hand: bool = _hearts(False, "(house) a hold hand, with no passing, ends each passing cycle", house=True,
                              label=N_("Hold hand"), applies=_with_passing,
                              says={True: N_("Every few hands nobody passes"), False: N_("Cards are passed "
                                                                                         "every hand")})
    two_clubs_leads: bool = _hearts(True, "(house) the 2 of clubs leads the first trick", house=True,
                                    label=N_("2 of clubs leads"), applies=_with_two_of_clubs_lead,
                                    says={True: N_("The 2 of clubs leads the first trick"),
                                          False: N_("The player left of the dealer leads")})
    qs_breaks_hearts: bool = _hearts(True, "(house) playing the Queen of spades breaks hearts", house=True,
                                     label=N_("Queen of spades breaks hearts"),
                                     says={True: N_("The Queen of spades breaks hearts"),
                                           False: N_("Only a heart breaks hearts")})
    penalty_on_first_trick: bool = _hearts(
        True, "(house) hearts and the Queen of spades may be played on the first trick", house=True,
        label=N_("Points on the first trick"),
        says={True: N_("Hearts and the Queen may be played on the first trick"),
              False: N_("No points may be played on the first trick")})
    hearts_must_be_broken: bool = _hearts(
        True, "(house) hearts may not be led until broken, unless the leader holds only hearts", house=True,
        label=N_("Hearts must be broken"),
        says={True: N_("Hearts may not be led until broken"), False: N_("Hearts may be led at any time")})
    qs_leads_any_time: bool = _hearts(
        True, "(house) the Queen of spades may be led before hearts are broken", house=True,
        label=N_("Queen of spades led any time"),
        says={True: N_("The Queen of spades may be led at any time"),
              False: N_("The Queen of spades may not be led before hearts are broken")})
    moon: str = _hearts("choice", "(house) the moon shooter's reward: the shooter's choice, always add to the others, "
                        "or always subtract from the shooter", choices=("choice", "add", "subtract"), house=True,
                        label=N_("Shooting the moon"),
                        shows={"choice": N_("Shooter chooses"), "add": N_("Add to others"), "subtract": N_("Subtract")},
                        says={"choice": N_("The moon shooter chooses: subtract from own score or add to the others"),
                              "add": N_("Shooting the moon adds the reward to every other player"),
                              "subtract": N_("Shooting the moon subtracts the reward from the shooter")})
    royal_queens: tuple[str, ...] = _hearts((), "(house) the Royal Hearts queens in play; the others are plain",
                                  choices=ROYAL_QUEENS, house=True, label=N_("Special queens"),
                                  shows={(): N_("None"), None: lambda queens: _queens(queens)},
                                  says={(): N_("Special queens: none (Classic scoring)"),
                                        None: lambda queens: gettext("Special queens: {queens}").format(
                                            queens=_queens(queens))})

    # --- Rook ---
    extra_card: bool = _rook(False, "the player left of the dealer gets one card more and lays one aside before the "
                             "auction; it goes to whoever takes the last trick (Original 3-player, decision 14)")
    dummy: bool = _rook(False, "a dummy hand, half face up during the auction, played by the non-bidder (rook-2p, "
                        "decision 22)")
    auction: str = _rook("open", "open: bid in turn, a pass is for good, until all but one have passed; single: one "
                         "bid each, the dealer last (Intermediate, decision 6); none: no bidding (Beginner)",
                         choices=("open", "single", "none"))
    extra_card_kept: bool = _rook(False, "(house) the player left of the dealer keeps all 14 cards through the play "
                                  "and ends the hand with one unplayed card, which goes to whoever takes the last "
                                  "trick (decision 14, 003: 'will end the hand with one extra card')", house=True,
                                  label=N_("Extra card kept in hand"), applies=_with_extra_card,
                                  says={True: N_("The extra card stays in hand to the end; the last trick takes it"),
                                        False: N_("The extra card is laid aside before the auction")})
    min_bid: int = _rook(70, "the smallest first bid", low=1, high=1000, house=True, label=N_("Lowest first bid"),
                         step="bid_step", says={None: N_("The first bid is at least {value}")}, applies=_with_bidding)
    bid_step: int = _rook(5, "bids go up by this much and are multiples of it", low=1, high=100, house=True,
                          label=N_("Bid step"), step=5, says={None: N_("Bids go up by {value}")}, applies=_with_bidding)
    max_bid: int = _rook(0, "the largest bid; 0: the points available in a hand", low=0, high=1000, house=True,
                         label=N_("Highest bid"), step="bid_step", shows={0: N_("All the points")},
                         says={0: N_("Bids go up to the points in a hand"), None: N_("No bid above {value}")},
                         applies=_with_bidding)
    first_bid_required: bool = _rook(False, "(house) the first player to bid may not pass (decision 6, 000: 'Each "
                                     "player makes one bid')", house=True, label=N_("First bidder must bid"),
                                     says={True: N_("The first bidder must bid"), False: N_("The first bidder "
                                                                                            "may pass")},
                                     applies=_with_bidding)
    counters: tuple[tuple[int, int], ...] = _rook(((5, 5), (10, 10), (14, 10)), "points of the counters by rank, "
                                                  "{rank: points} (standard deck: king 13, ace 14)", by_rank=True)
    bird_points: int = _rook(20, "points of the Rook Bird (the joker)", low=0, high=100)
    trump_rule: str = _rook("named", "named: the declarer names trump; nest_top: the top card of the nest names it "
                            "(the Rook Bird goes to the bottom, Beginner)", choices=("named", "nest_top"))
    no_trump: bool = _rook(False, "the declarer may name no trump (500)")
    reverse_order: bool = _rook(False, "the declarer may reverse the rank order (500, decision 20)")
    ones_high: bool = _rook(False, "the 1s rank above the 14s (500)")
    bird_rank: str = _rook("high", "(house) the Rook Bird is the highest or the lowest trump (decisions 1 and 2)",
                           choices=("high", "low"), house=True, label=N_("Rook Bird rank"), applies=_with_bird,
                           shows={"high": N_("Highest trump"), "low": N_("Lowest trump")},
                           says={"high": N_("The Rook Bird is the highest trump"),
                                 "low": N_("The Rook Bird is the lowest trump")})
    bird_privilege: bool = _rook(True, "(house) the Rook Bird may be played at any time, even by a player who can "
                                 "follow (decision 1)", house=True, label=N_("Rook Bird at any time"),
                                 applies=_with_bird,
                                 says={True: N_("The Rook Bird may be played at any time"),
                                       False: N_("The Rook Bird follows the rules of any trump")})
    first_lead: str = _rook("dealer_left", "(house) who leads the first trick (decision 3)",
                            choices=("dealer_left", "declarer_left", "declarer", "dummy"), house=True,
                            label=N_("First lead"),
                            choice_applies={"declarer_left": _with_bidding, "declarer": _with_bidding,
                                            "dummy": _with_dummy},
                            shows={"dealer_left": N_("Dealer's left"), "declarer_left": N_("Declarer's left"),
                                   "declarer": N_("Declarer"), "dummy": N_("Dummy")},
                            says={"dealer_left": N_("The player left of the dealer leads first"),
                                  "declarer_left": N_("The player left of the declarer leads first"),
                                  "declarer": N_("The declarer leads first"), "dummy": N_("The dummy leads first")})
    nest_to: str = _rook("last_trick", "(house) who scores the nest (the declarer's discards): whoever takes the last "
                         "trick, the declarer, or nobody (decision 4)", choices=("last_trick", "declarer", "nobody"),
                         house=True, label=N_("Nest goes to"), applies=_with_nest,
                         choice_applies={"declarer": _with_bidding},
                         shows={"last_trick": N_("Last trick"), "declarer": N_("Declarer"), "nobody": N_("Nobody")},
                         says={"last_trick": N_("Whoever takes the last trick takes the nest"),
                               "declarer": N_("The declarer's side scores the nest"),
                               "nobody": N_("Nobody scores the nest: its counters are out of play")})
    all_pass: str = _rook("redeal", "(house) when everyone passes: the same dealer redeals, or the dealer must take "
                          "the minimum bid (decision 5)", choices=("redeal", "dealer_takes_minimum"), house=True,
                          label=N_("If everyone passes"), applies=_with_bidding,
                          shows={"redeal": N_("Deal again"), "dealer_takes_minimum": N_("Dealer bids")},
                          says={"redeal": N_("If everyone passes the same dealer deals again"),
                                "dealer_takes_minimum": N_("If everyone passes the dealer must take the minimum bid")})
    sides: str = _rook("partners", "partners: seats 0+2 against 1+3, sitting opposite (see rotating_partners); "
                       "alone: every player for themselves; declarer_vs_rest: the others play together against the "
                       "declarer; called: the declarer calls a card and its holder is a secret partner (decision 13)",
                       choices=("partners", "alone", "declarer_vs_rest", "called"))
    set_scores: str = _rook("minus_bid", "what a declaring side that fails its bid scores: minus the bid, or zero "
                            "(Intermediate, decision 6)", choices=("minus_bid", "zero"))
    cap: int = _rook(0, "a score never ends a hand between this and the target; it is set to this instead, unless the "
                     "declaring side made its bid (500, decision 12); 0: no cap", low=0, high=100000, house=True,
                     label=N_("Score cap"), step=10, shows={0: N_("Off")}, applies=_with_bidding,
                     says={0: N_("No cap"), None: N_("No score ends a hand between {value} and the target")})
    rotating_partners: bool = _rook(False, "(house) change partners every 4 hands, changing chairs so that partners "
                                    "sit opposite, and keep individual scores; the match is exactly 12 hands "
                                    "(decision 9)", house=True, label=N_("Rotating partners"),
                                    applies=_with_partnerships,
                                    says={True: N_("New partners every 4 hands, seated opposite; individual scores; "
                                                "12 hands"),
                                          False: N_("Fixed partners")})

    # --- derived values, computed once ---

    @cached_property
    def deck_mask(self) -> C.CardSet:
        removed = C.parse_cards(self.removed, self.deck)
        return C.full_deck(self.deck, self.low_rank, self.bird, removed)

    @cached_property
    def deck_cards(self) -> tuple[C.Card, ...]:
        return tuple(C.card_list(self.deck_mask))

    @cached_property
    def deck_bits(self) -> tuple[C.CardSet, ...]:
        """Each card of the deck as its bit: dealt shuffled, a pile's card set is then the sum of its part."""
        return tuple(1 << card for card in self.deck_cards)

    @cached_property
    def tables(self) -> Tables:
        """Tables the engine derives from these rules alone (seating, deal patterns, bids, rankings), each built
        once when first needed and shared by every hand under these rules."""
        return Tables()

    @cached_property
    def deck_size(self) -> int:
        return self.deck_mask.bit_count()

    @property
    def hands_to_deal(self) -> int:
        return self.hands_dealt or self.players

    @cached_property
    def card_points(self) -> tuple[int, ...]:
        """Points of each card code (Rook counters or stars); 0 for cards that count nothing, and for every card of a
        Hearts game (its counters field is Rook's: a Hearts card's points are ``hearts.penalty_points``)."""
        if self.family != "rook":
            return (0,) * 64
        by_rank = dict(self.counters)
        points = [0] * 64
        for card in C.cards_in(self.deck_mask):
            points[card] = self.bird_points if card == C.BIRD else by_rank.get(card & 15, 0)
        return tuple(points)

    @cached_property
    def counters_by_points(self) -> tuple[tuple[int, C.CardSet], ...]:
        """The counting cards grouped by what each is worth, as (points, cards): a pile's points are then a few
        bit counts (the claim check scores thousands of piles)."""
        groups: dict[int, C.CardSet] = {}
        for card, points in enumerate(self.card_points):
            if points:
                groups[points] = groups.get(points, 0) | 1 << card
        return tuple(groups.items())

    @cached_property
    def points_in_deck(self) -> int:
        return sum(self.card_points)

    @property
    def highest_bid(self) -> int:
        return self.max_bid or self.points_in_deck

    @property
    def most_in_one_hand(self) -> int:
        """The most a side can score in one hand of Rook: every counter of the deck (taking every trick takes them
        all, the nest's too, or the declarer lays back none of them). 0 in Hearts, whose points count against their
        taker (``hearts.penalty_points``).

        >>> [load_rules(name).most_in_one_hand for name in ("rook-classic", "rook-500", "rook-beginner")]
        [120, 180, 24]
        """
        return self.points_in_deck

    @property
    def target_reachable(self) -> bool:
        """Whether a match can end at its target. Without a score cap every hand may add points until a side gets
        there (Hearts: until someone's penalty points do). Under a cap only a declaring side that made its bid
        passes it (decision 12), so there must be a declarer, a game with bidding, and the target must lie within
        one hand's points of the cap: 004's 430 and 180 reach 610 at most.

        >>> rook_500 = load_rules("rook-500")
        >>> rook_500.target_reachable, rook_500.changed({"target": 600}).target_reachable
        (True, True)

        Rules whose target cannot be reached are refused, as a preset file or as house rules:

        >>> load_rules("rook-classic").changed({"cap": 100}, "Classic")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        game.engine.rules.RulesError: Classic: cap: no side can reach the target, 300, past a cap of 100 with 120 ...
        """
        if self.family != "rook":
            return True
        if not self.cap:
            return self.most_in_one_hand > 0
        return self.has_auction and self.cap + self.most_in_one_hand >= self.target

    @property
    def two_of_clubs_may_lead(self) -> bool:
        """Whether the 2 of clubs can be the first lead (decision 16): it is in the deck, and the game is not the
        2-player one, whose players both play their lowest club to the first trick (decision 19)."""
        return self.family == "hearts" and self.players != 2 and bool(self.deck_mask >> C.make_card(C.CLUBS, 2) & 1)

    @property
    def declaring_side_size(self) -> int:
        """How many players score with a declarer, the declarer included: two in a partnership and with a called
        partner (decision 13: one when the declarer calls their own card), one when the declarer plays alone or
        against all the rest together (the Rook ``sides`` field); Hearts has no declarer (0).

        >>> [load_rules(name).declaring_side_size for name in ("rook-classic", "rook-500-5p", "rook-3p", "rook-5p")]
        [2, 2, 1, 1]
        """
        if self.family != "rook":
            return 0
        return 2 if self.sides in ("partners", "called") else 1

    @property
    def dummy_seat(self) -> int:
        """The rook-2p dummy's seat, after the two players' (decision 22); -1 in every other game."""
        return DUMMY_SEAT if self.dummy else -1

    @property
    def has_auction(self) -> bool:
        """Whether a hand begins with bidding (Rook but Beginner): a score sheet then shows bidder, bid and trump."""
        return self.family == "rook" and self.auction != "none"

    @property
    def match_hands(self) -> int:
        """Hands in a match of a fixed length (0: played to the target): decision 9's rotating partners play 12,
        each partnership 4 (book 001: "at the end of 12 hands, each player will have played game hands with each
        of the other players"); otherwise the house rule of decision 8."""
        return ROTATING_PARTNER_HANDS if self.rotating_partners else self.fixed_hands

    @property
    def lower_is_better(self) -> bool:
        """Whether points count against the player who takes them (Hearts), so fewer is better."""
        return self.family == "hearts"

    def family_fields(self) -> list[str]:
        """The fields that matter to this family's games, in the order declared."""
        return [f.name for f in dataclasses.fields(self) if f.metadata["family"] in (None, self.family)]

    def house_fields(self) -> list[str]:
        """The house rules that change something under these rules, in the order declared: what the house-rules
        screen offers and a table or a house-rule file may change. A rule of the other family, one whose part of
        the game these rules lack (the Rook Bird's rank without the Bird, the nest's destination without a nest,
        the bidding rules without bidding, rotating partners without partnerships, the 2 of clubs lead where
        decision 19 decides the first lead) or one with a single choice that does (a first lead by the declarer
        without a declarer) is not one.

        >>> load_rules("rook-beginner").house_fields()
        ['target', 'fixed_hands', 'bird_rank', 'bird_privilege', 'nest_to']
        >>> "two_clubs_leads" in load_rules("hearts-2p").house_fields()
        False
        """
        names = []
        for name in self.family_fields():
            meta = FIELDS[name].metadata
            one_word = isinstance(FIELDS[name].default, str)  # a choice of words, such as the first lead
            if meta["house"] and (meta["applies"] is None or meta["applies"](self)) and \
                    (not one_word or len(self.house_choices(name)) > 1):
                names.append(name)
        return names

    def house_choices(self, name: str) -> tuple[str, ...]:
        """The choices of the house rule ``name`` that change something under these rules (a declarer's first lead
        needs a declarer, the dummy's a dummy), in the order declared; () for a rule that is not a choice of one
        word (a number, On or Off, the special queens)."""
        meta = FIELDS[name].metadata
        if not isinstance(FIELDS[name].default, str):
            return ()
        applies = meta["choice_applies"]
        return tuple(choice for choice in meta["choices"] if choice not in applies or applies[choice](self))

    def house_step(self, name: str) -> int:
        """How far one press of < or > moves a number house rule."""
        step: int | str | dict[str, int] = FIELDS[name].metadata["step"]
        if isinstance(step, str):
            other: int = getattr(self, step)  # another field's value, such as bid_step
            return other
        return step[self.family] if isinstance(step, dict) else step

    def sentence(self, name: str) -> str:
        """What the rule field ``name`` does now, in a sentence for the house-rules screen."""
        return _words_for(FIELDS[name].metadata["says"], getattr(self, name))

    @staticmethod
    def house_label(name: str) -> str:
        """A house rule's name on the house-rules screen: "Lowest first bid"."""
        return gettext(FIELDS[name].metadata["label"])

    @property
    def player_title(self) -> str:
        """The game's name as players read it, in the language in force ("Classic partnership Rook"); ``title`` is
        the preset's own, for files and the protocol."""
        return gettext(self.title) if self.title else self.name

    def value_words(self, name: str) -> str:
        """A house rule's value in a word or two: On, Off, 300, Dealer's left, Q♠, Q♣."""
        value = getattr(self, name)
        shows = FIELDS[name].metadata["shows"]
        if value in shows or None in shows:
            return _words_for(shows, value)
        if isinstance(value, bool):
            return gettext("On") if value else gettext("Off")
        return str(value)

    def card_name(self, card: C.Card) -> str:
        return C.card_name(card, self.deck)

    def player_card_name(self, card: C.Card | str) -> str:
        """A card (its code, or its name in notation) as a player names it (10♥, Red 14, the Rook Bird)."""
        return C.player_card_name(C.parse_card(card, self.deck) if isinstance(card, str) else card, self.deck)

    def player_card_words(self, card: C.Card | str) -> str:
        """A card as a running sentence names it: "the queen of spades", Red 14, the Rook Bird."""
        return C.player_card_words(C.parse_card(card, self.deck) if isinstance(card, str) else card, self.deck)

    def player_cards_text(self, cards: C.CardSet | tuple[str, ...] | list[str]) -> str:
        """Several cards (a set, or names in notation) as a player lists them: "2♣, A♥, Q♠"."""
        mask = cards if isinstance(cards, int) else C.parse_cards(cards, self.deck)
        return C.player_cards_text(mask, self.deck)

    def suit_of_name(self, name: str) -> int:
        """The suit (colour) of a card named in notation: 0-3, or -1 for the Rook Bird or the joker."""
        return C.suit_of(C.parse_card(name, self.deck))

    def natural_rank(self, card: C.Card) -> int:
        """How high ``card`` ranks in its colour before any rank order is named: its number, or 15 for a 1 where 1s
        rank above the 14s (the 500 game). The hand's own tables rank cards once trump and order are named."""
        rank = card & 15
        return 15 if rank == 1 and self.ones_high else rank

    def action_words(self, text: str) -> str:
        """An action's text (RULES.md notation) as a player says it: "play AH" is "play A♥"."""
        return A.action_words(A.parse_action(text, self.deck), self.deck)

    def parse_card(self, text: str) -> C.Card:
        card = C.parse_card(text, self.deck)
        if not self.deck_mask >> card & 1:
            raise ValueError(f"{text} is not in this game's deck")
        return card

    def suit_name(self, suit: int) -> str:
        return C.SUIT_NAMES[self.deck][suit]

    def cards_text(self, mask: C.CardSet) -> str:
        return C.cards_text(mask, self.deck)

    def card_names(self, mask: C.CardSet) -> list[str]:
        return C.card_names(mask, self.deck)

    def parse_cards(self, words: str | Iterable[str]) -> C.CardSet:
        mask = C.parse_cards(words, self.deck)
        stray = mask & ~self.deck_mask
        if stray:
            raise ValueError(f"{self.cards_text(stray)} is not in this game's deck")
        return mask

    def to_dict(self) -> dict[str, Any]:
        """The fields as plain YAML/JSON values; ``rules_from_dict`` reads them back."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.metadata["by_rank"]:
                value = {str(rank): points for rank, points in value}  # text keys survive JSON
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def changed(self, changes: Mapping[str, Any], where: str = "house rules") -> Rules:
        """These rules with some fields changed (house rules), validated like a preset."""
        merged = self.to_dict()
        merged.update(changes)
        return _reachable(rules_from_dict(merged, where), where)

    @staticmethod
    def field_docs() -> dict[str, dict[str, Any]]:
        """Each field's default, allowed values and comment, for settings screens and docs."""
        return {f.name: {"default": f.default, **f.metadata} for f in dataclasses.fields(Rules)}


FIELDS = {f.name: f for f in dataclasses.fields(Rules)}
ROTATING_PARTNER_HANDS = 12


def _words_for(said: dict[Any, Any], value: Any) -> str:
    """What a field's table of words (``says``, ``shows``) gives for a value: its own entry, else the entry for any
    other value (None), a format with {} or a function of the value."""
    if value in said:
        return gettext(said[value])
    other = said[None]
    return str(other(value)) if callable(other) else gettext(other).format(value=value)


def config_dir() -> Path:
    """Where the presets are: ``config/`` beside the package, also inside a PyInstaller bundle."""
    root = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[2]))
    return root / "config"


def preset_names() -> list[str]:
    return sorted(p.stem for p in config_dir().glob("*.yaml"))


@functools.lru_cache(maxsize=1)
def presets() -> Mapping[str, Rules]:
    """Every preset config/ ships, by name, each read once (a server reads them before it listens, so that no
    request makes it read a file)."""
    return MappingProxyType({name: load_rules(name) for name in preset_names()})


def preset_rules(name: str) -> Rules:
    """One of the presets config/ ships, by its name only: whatever else ``name`` is (a path, a file name, a name
    that is not one of them) is refused with RulesError, and nothing is read for it. The entry for names that
    come from a stranger (the network), where ``load_rules`` would read any file named.

    >>> preset_rules("rook-classic").title == load_rules("rook-classic").title
    True
    >>> preset_rules("/dev/zero")
    Traceback (most recent call last):
    ...
    game.engine.rules.RulesError: '/dev/zero' is not one of the presets
    """
    found = presets().get(name)
    if found is None:
        raise RulesError(f"{name[:40]!r} is not one of the presets",
                         gettext("No such game: {name}").format(name=name[:40]))
    return found


def preset_families() -> Mapping[str, str]:
    """Each preset's family (rook or hearts): a screen that groups the presets asks this rather than their
    names."""
    return MappingProxyType({name: rules.family for name, rules in presets().items()})


def preset_titles() -> Mapping[str, str]:
    """Each preset's name as players read it ("Classic partnership Rook"), for screens that list presets by their
    file name (statistics)."""
    return MappingProxyType({name: rules.player_title for name, rules in presets().items()})


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict, _SHORT.maxstring = 2, 4, 4, 60


def shown(value: object) -> str:
    """A value as a message shows it: short however big it is (YAML aliases can make a few lines of a file expand
    to billions of items, all written out by repr)."""
    return _SHORT.repr(value)


def _check_value(f: dataclasses.Field[Any], value: Any, where: str) -> Any:
    meta = f.metadata
    expected: type = type(f.default)

    def fail(what_is_allowed: str) -> NoReturn:
        # a house rule out of its range, said for the house-rules screen (a file's author reads the field's name)
        # (a lowest value that has a word of its own is said so: "Off or from 1 to 200")
        low = meta["low"]
        if not meta["label"] or low is None:
            player = ""
        elif low in meta["shows"]:
            player = gettext("{rule} is {off} or from {low} to {high}").format(
                rule=gettext(meta["label"]), off=gettext(meta["shows"][low]), low=low + 1, high=meta["high"])
        else:
            player = gettext("{rule} is from {low} to {high}").format(rule=gettext(meta["label"]), low=low,
                                                                      high=meta["high"])
        raise RulesError(f"{where}: {f.name}: {shown(value)} is not allowed; {what_is_allowed}", player)

    if expected is bool:
        if not isinstance(value, bool):
            fail("use true or false")
        return value
    if expected is int:
        if isinstance(value, bool) or not isinstance(value, int):
            fail(f"use a whole number from {meta['low']} to {meta['high']}")
        if not meta["low"] <= value <= meta["high"]:
            fail(f"use a whole number from {meta['low']} to {meta['high']}")
        return value
    if expected is str:
        if not isinstance(value, str):
            fail("use text" if not meta["choices"] else "use one of: " + ", ".join(meta["choices"]))
        if meta["choices"] and value not in meta["choices"]:
            fail("use one of: " + ", ".join(meta["choices"]))
        return value
    if meta["by_rank"]:
        # JSON turns the rank keys into text: accept "5" as well as 5
        if not isinstance(value, dict) or not all(
                str(k).isdigit() and 1 <= int(k) <= 14 and isinstance(v, int) and not isinstance(v, bool)
                and 0 <= v <= 1000 for k, v in value.items()):
            fail("use a mapping of ranks 1-14 to points, such as {5: 5, 10: 10, 14: 10}")
        return tuple(sorted((int(k), v) for k, v in value.items()))
    if expected is tuple:
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, (str, int)) for v in value):
            fail("use a list")
        items = tuple(str(v) for v in value)
        if meta["choices"]:
            bad = [v for v in items if v not in meta["choices"]]
            if bad:
                fail("each item must be one of: " + ", ".join(meta["choices"]))
        return items
    raise TypeError(f"no check for rule field {f.name}")


def rules_from_dict(data: object, where: str = "rules") -> Rules:
    """Validate a mapping of rule fields (already merged with any base preset)."""
    if not isinstance(data, dict):
        raise RulesError(f"{where}: expected a mapping of rule fields, found {type(data).__name__}")
    known = {f.name: f for f in dataclasses.fields(Rules)}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise RulesError(f"{where}: unknown field{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                         f"known fields are listed in RULES.md and Rules.field_docs()")
    values = {name: _check_value(known[name], value, where) for name, value in data.items()}
    rules = Rules(**values)
    _check_consistent(rules, where)
    return rules


def _check_consistent(rules: Rules, where: str) -> None:
    """The fields together. A combination a house rule can make is also said in a player's words (``player``):
    the house-rules screen, a deal code and a table's house rules show that; the others only a file can make."""
    def fail(message: str, player: str = "") -> NoReturn:
        raise RulesError(f"{where}: {message}", player)

    try:
        removed = C.parse_cards(rules.removed, rules.deck)
    except ValueError as err:
        fail(f"removed: {err}")
    if rules.deck == C.STANDARD_DECK and rules.low_rank < 2:
        fail(f"low_rank: {rules.low_rank} is not allowed; a standard deck's lowest rank is 2")
    dealt = rules.hands_to_deal * rules.hand_size + rules.nest_size + rules.aside + rules.extra_card
    if dealt != rules.deck_size:
        fail(f"hand_size: {rules.hands_to_deal} hands of {rules.hand_size}, a nest of {rules.nest_size}, "
             f"{rules.aside} aside and {int(rules.extra_card)} extra need {dealt} cards, but the deck has "
             f"{rules.deck_size}")
    del removed
    if rules.family == "hearts":
        if rules.deck != C.STANDARD_DECK or rules.bird:
            fail("deck: Hearts is played with a standard deck and no joker")
        if rules.pass_count >= rules.hand_size:
            fail(f"pass_count: {rules.pass_count} is not allowed; pass fewer cards than a hand holds")
        if not rules.pass_cycle:
            fail("pass_cycle: name at least one direction (hold for none)")
        if rules.players == 2 and any(d not in ("trade", "hold") for d in rules.pass_cycle):
            fail("pass_cycle: two players can only trade or hold")
        if rules.players == 2 and rules.hands_to_deal != 4:
            fail("hands_dealt: 2-player Hearts deals four hands")
        if rules.players != 2 and "trade" in rules.pass_cycle:
            fail("pass_cycle: trade is for two players; use left, across, right, left2 or right2")
        return
    if rules.auction != "none" and rules.min_bid > rules.highest_bid:
        fail(f"min_bid: {rules.min_bid} is more than the highest bid, {rules.highest_bid}",
             gettext("The lowest first bid, {low}, is more than the highest bid, {high}").format(
                 low=rules.min_bid, high=rules.highest_bid))
    if rules.auction == "open" and rules.min_bid % rules.bid_step:
        fail(f"min_bid: {rules.min_bid} is not a multiple of the bid step, {rules.bid_step}",
             gettext("The lowest first bid, {low}, is not a multiple of the bid step, {step}").format(
                 low=rules.min_bid, step=rules.bid_step))
    if rules.cap and rules.cap >= rules.target:
        fail(f"cap: {rules.cap} must be below the target, {rules.target}",
             gettext("The score cap, {cap}, must be below the target score, {target}").format(
                 cap=rules.cap, target=rules.target))
    if rules.dummy and (rules.players != 2 or rules.hands_to_deal != 3):
        fail("dummy: the dummy game has 2 players and deals 3 hands")
    if rules.sides == "partners" and rules.players != 4:
        fail(f"sides: partners need 4 players, not {rules.players}")
    if rules.rotating_partners and rules.sides != "partners":
        fail("rotating_partners: only a partnership game can rotate partners",
             gettext("Only a partnership game can rotate partners"))
    if rules.rotating_partners and rules.fixed_hands:
        fail(f"fixed_hands: rotating partners play exactly {ROTATING_PARTNER_HANDS} hands; set fixed_hands to 0",
             gettext("Rotating partners play exactly {count} hands: set the fixed number of hands to Off").format(
                 count=ROTATING_PARTNER_HANDS))
    if rules.extra_card_kept and not rules.extra_card:
        fail("extra_card_kept: only a game with an extra card (Original 3-player) can keep it",
             gettext("Only a game with an extra card (Original Rook for 3) can keep it in hand"))
    if rules.first_bid_required and rules.auction == "none":
        fail("first_bid_required: this game has no auction",
             gettext("This game has no bidding, so no first bidder"))
    if rules.trump_rule == "nest_top" and rules.nest_size == 0:
        fail("trump_rule: nest_top needs a nest")
    if rules.auction == "none" and rules.trump_rule != "nest_top":
        fail("auction: with no auction, trump must come from the nest (trump_rule: nest_top)")
    if rules.auction != "none" and rules.trump_rule == "nest_top":
        fail("trump_rule: nest_top is for games without an auction")
    if rules.first_lead == "dummy" and not rules.dummy:
        fail("first_lead: only the dummy game has a dummy to lead",
             gettext("Only the 2-player game has a dummy to lead"))
    if rules.sides == "called" and rules.players < 4:
        fail("sides: a called partner needs at least 4 players")


def _reachable(rules: Rules, where: str) -> Rules:
    """``rules``, unless no side could ever reach their target (``Rules.target_reachable``): the match would never
    end. Asked of rules being made (a preset file, house rules, a deal code's, a table's), not of a record, a save
    or a server's welcome read back: matches played under such rules before they were refused still replay."""
    if rules.target_reachable:
        return rules

    def fail(message: str, player: str) -> NoReturn:
        raise RulesError(f"{where}: {message}", player)

    most, cap, target = rules.most_in_one_hand, rules.cap, rules.target
    if not cap:
        fail("counters: a hand has no points to score, so no side can reach the target",
             gettext("A hand has no points to score, so nobody could reach the target score"))
    if not rules.has_auction:
        fail(f"cap: with no bidding there is no declaring side to pass the cap of {cap}, so no side can reach the "
             f"target, {target}", gettext("With no bidding nobody can pass the score cap, so nobody could reach "
                                          "{target}: set the score cap to Off").format(target=target))
    fail(f"cap: no side can reach the target, {target}, past a cap of {cap} with {most} points in a hand",
         gettext("Nobody could reach {target}: scores stop at the score cap, {cap}, and one hand has only {most} "
                 "points ({cap} + {most} = {reach})").format(target=target, cap=cap, most=most, reach=cap + most))


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise RulesError(f"{path}: cannot be read ({err.strerror or err})") from None
    except UnicodeDecodeError:
        raise RulesError(f"{path}: is not UTF-8 text") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark else ""
        raise RulesError(f"{path}: is not valid YAML{at}") from None
    except RecursionError:
        raise RulesError(f"{path}: is nested too deeply to be rule fields") from None
    except ValueError as err:  # a tagged value yaml cannot build, such as !!timestamp 2001-99-99 or a 5000-digit int
        raise RulesError(f"{path}: has a value that cannot be read ({str(err).split(':')[0]})") from None
    if not isinstance(data, dict):
        raise RulesError(f"{path}: expected a mapping of rule fields, found {type(data).__name__}")
    return data


def _names_a_file(text: str) -> bool:
    """Whether a preset reference is a file (either slash, since files travel between systems) rather than a name."""
    return text.endswith((".yaml", ".yml")) or "/" in text or "\\" in text


def _preset_path(name_or_path: str | Path) -> Path:
    text = str(name_or_path)
    if isinstance(name_or_path, Path) or _names_a_file(text):
        return Path(name_or_path)
    path = config_dir() / f"{text}.yaml"
    if not path.is_file():
        raise RulesError(f"{text}: no such preset; presets are: {', '.join(preset_names())}")
    return path


def _merged_fields(path: Path, seen: tuple[Path, ...]) -> dict[str, Any]:
    if path.resolve() in seen:  # the same file by another path (../folder/x.yaml) is still the same file
        raise RulesError(f"{path}: extends itself through {' -> '.join(p.stem for p in seen)}")
    data = _read_yaml(path)
    base_name = data.pop("extends", None)
    data.setdefault("name", path.stem)
    if base_name is None:
        return data
    if not isinstance(base_name, str):
        raise RulesError(f"{path}: extends: {shown(base_name)} is not allowed; name a preset")
    try:
        # a file named by extends: lies beside the file that names it, wherever the game was started from
        base_path = path.parent / base_name if _names_a_file(base_name) else _preset_path(base_name)
        base = _merged_fields(base_path, seen + (path.resolve(),))
    except RulesError as err:
        raise RulesError(f"{path}: extends: {err}") from None  # the message names the file that has the problem
    base.pop("name", None)
    return {**base, **data}


def load_rules(name_or_path: str | Path) -> Rules:
    """A preset by name (a file in config/) or a YAML file by path, validated.

    >>> load_rules("hearts-classic").players
    4
    """
    path = _preset_path(name_or_path)
    return _reachable(rules_from_dict(_merged_fields(path, ()), str(path)), str(path))
