"""Rook: every Rook preset of the rule books (000, 001, 003, 004) and RULES.md decisions 1-14 and 20-23.

Phases: ``lay-aside`` (Original 3-player), ``bid``, ``nest`` (the declarer lays back the nest), ``trump``,
``order`` (500: normal or reverse), ``call`` (5-player 500: the secret partner's card), ``play``, ``done``.

The Rook Bird's suit is trump when there is one; at no trump it is a suit of its own, the only trump.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from . import actions as A
from . import cards as C
from .events import Event
from .hand import DONE, DealText, Extras, Hand, Phase, Pile, beaters_of, register_family
from .knowledge import SeenRookHand
from .legal import Bids, CardSubsets, LegalSet, Listed, OneCard
from .refusals import Refusal
from .results import HandResult
from .rules import DUMMY_SEAT, DealPattern, Ranking, Rules
from .view import RookPart, SeatView, choice

NO_TRUMP = A.NO_TRUMP
BIRD_SUIT = 4  # the effective suit of the Rook Bird at no trump
BIRD_BIT = 1 << C.BIRD
PASS_ACTION = A.PASS_ACTION
COLOURS = Listed(tuple(A.trump(suit) for suit in C.SUITS))
COLOURS_OR_NONE = Listed((*COLOURS.actions, A.trump(NO_TRUMP)))
ORDERS = Listed((A.make(A.ORDER, 0), A.make(A.ORDER, 1)))
PARTNER_HANDS = 4  # decision 9: rotating partners change every 4 hands
# 000 "Partners sit opposite each other" (003: "seated diagonally across"): the seats clockwise round the table for
# each four hands of rotating partners (decision 9), who change chairs so that 0 partners 2, then 1, then 3, each
# always across the table; fixed partners sit as the first
DUMMY = DUMMY_SEAT
PARTNER_SEATINGS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
PARTNER_OF = tuple(tuple(ring[(ring.index(seat) + 2) % 4] for seat in range(4)) for ring in PARTNER_SEATINGS)


@register_family
class RookHand(Hand):
    __slots__ = ("players", "nest", "nest_order", "aside", "dummy_up", "laid_aside", "bids", "bid_sets", "out",
                 "high_bid", "high_bidder", "declarer", "contract", "trump", "reverse", "called", "partner", "discards",
                 "trump_card", "thrown_in", "last_trick_winner", "strength", "trick_keys", "led_keys",
                 "follow_masks", "trump_suit", "suit_led_by", "beaters", "privilege")
    family = "rook"

    # --- the deal ---

    @classmethod
    def _seat_count(cls, rules: Rules) -> int:
        return rules.hands_to_deal  # the rook-2p dummy has a seat at the table

    @classmethod
    def _clockwise(cls, rules: Rules, dealer: int, number: int) -> tuple[int, ...]:
        if rules.dummy:
            # decision 22 (001: "a dummy hand that is to your right"): the dummy sits on the dealer's right, so play
            # goes dummy, dealer, non-dealer, whichever player deals
            return DUMMY, dealer, 1 - dealer
        if rules.rotating_partners:
            return PARTNER_SEATINGS[cls._partner_block(number)]
        return super()._clockwise(rules, dealer, number)

    @staticmethod
    def _partner_block(number: int) -> int:
        """Which of the three partnerships of rotating partners plays hand ``number`` (decision 9)."""
        return (number // PARTNER_HANDS) % len(PARTNER_SEATINGS)

    @classmethod
    def _shuffle_and_deal(cls, rules: Rules, rng: random.Random, dealer: int) -> tuple[list[C.CardSet], Extras]:
        """Deal one card at a time in seat order from the seat after the dealer's (the dealer's left at a table
        sitting in seat order; the cards are shuffled, so any fixed order deals the same chances). With no cards
        aside, one card goes to the nest after each round until it is full (001 "To deal the nest"); rook-2p and
        rook-3p deal the hands first and then five of the last eight cards to the nest and three aside (001). The
        nest's top card is the last one placed on it; the dummy's cards are dealt face up and face down in turn."""
        in_piles, piles = cls._deal_pattern(rules, dealer)
        cards = in_piles(C.shuffled(rules.deck_bits, rng))  # each card as its bit: a pile's set is a sum
        masks = [sum(cards[start:end]) for start, end in piles]
        count = rules.hands_to_deal
        extras: Extras = {}
        if rules.nest_size:
            extras["nest"] = masks[count]
            start, end = piles[count]
            extras["nest_order"] = [bit.bit_length() - 1 for bit in reversed(cards[start:end])]  # top card first
        if rules.aside:
            extras["aside"] = masks[count + 1]
        if rules.dummy:
            start, end = piles[DUMMY]
            extras["dummy_up"] = sum(cards[start:end:2])
        return masks[:count], extras

    @staticmethod
    def _deal_pattern(rules: Rules, dealer: int) -> DealPattern:
        """A function putting the places of the shuffled deck in pile order (the hands from seat 0, the nest in
        the order placed, the cards aside), and where each pile starts and ends in it. The dealing order depends
        only on the rules and the dealer, so it is worked out once."""
        known = rules.tables.deal_patterns.get(dealer)
        if known is not None:
            return known
        count = rules.hands_to_deal
        left = (dealer + 1) % count
        want = [rules.hand_size + (1 if rules.extra_card and seat == left else 0) for seat in range(count)]
        seats: list[list[int]] = [[] for _ in range(count)]
        nest: list[int] = []
        top = 0  # the next place to deal from
        while any(len(seats[s]) < want[s] for s in range(count)):
            for step in range(count):
                seat = (left + step) % count
                if len(seats[seat]) < want[seat]:
                    seats[seat].append(top)
                    top += 1
            if not rules.aside and len(nest) < rules.nest_size:
                nest.append(top)
                top += 1
        while len(nest) < rules.nest_size:
            nest.append(top)
            top += 1
        order: list[int] = []
        piles: list[tuple[int, int]] = []
        for places in (*seats, nest, range(top, rules.deck_size)):
            piles.append((len(order), len(order) + len(places)))
            order += places
        pattern = (operator.itemgetter(*order), piles)
        rules.tables.deal_patterns[dealer] = pattern
        return pattern

    @classmethod
    def _parse_deal(cls, rules: Rules, deal: object, dealer: int) -> tuple[list[C.CardSet], Extras]:
        core = {k: v for k, v in deal.items() if k != "dummy_up"} if isinstance(deal, dict) else deal
        hands, extras = super()._parse_deal(rules, core, dealer)
        assert isinstance(deal, dict)  # the deal was refused above if it were not a mapping
        if rules.nest_size:
            extras["nest_order"] = [rules.parse_card(word) for word in deal["nest"]]
        if rules.dummy:
            words = deal.get("dummy_up")
            if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
                raise ValueError("deal: dummy_up must list the dummy's face-up cards")
            up = rules.parse_cards(words)
            if up & ~hands[DUMMY] or up.bit_count() != rules.hand_size // 2:
                raise ValueError(f"deal: dummy_up must be {rules.hand_size // 2} cards of the dummy's hand (hand 2)")
            extras["dummy_up"] = up
        elif "dummy_up" in deal:
            raise ValueError("deal: dummy_up is only for the game with a dummy")
        return hands, extras

    @classmethod
    def _deal_sizes(cls, rules: Rules, dealer: int) -> tuple[list[int], dict[Pile, int]]:
        """As the shuffle deals (``_deal_pattern``): the Original 3-player extra card to the dealer's left."""
        _, piles = cls._deal_pattern(rules, dealer)
        sizes = [end - start for start, end in piles]
        count = rules.hands_to_deal
        return sizes[:count], {"nest": sizes[count], "aside": sizes[count + 1]}

    @classmethod
    def _deal_sizes_said(cls, rules: Rules, dealer: int) -> str:
        sizes, _ = cls._deal_sizes(rules, dealer)
        if rules.extra_card:
            return (f"seat {sizes.index(max(sizes))}, left of the dealer, gets {max(sizes)} cards and the others "
                    f"{min(sizes)}")
        return super()._deal_sizes_said(rules, dealer)

    def deal_text(self) -> DealText:
        deal = super().deal_text()
        if "nest_order" in self.extras:
            deal["nest"] = [self.rules.card_name(c) for c in self.extras["nest_order"]]  # top card first
        if self.rules.dummy:
            deal["dummy_up"] = self.rules.card_names(self.extras["dummy_up"])
        return deal

    # --- setting up ---

    def _start(self) -> None:
        rules = self.rules
        self.players = rules.players
        self.nest = self.extras.get("nest", 0)
        self.nest_order = list(self.extras.get("nest_order", []))
        self.aside = self.extras.get("aside", 0)
        self.dummy_up = self.extras.get("dummy_up", 0)
        self.laid_aside = 0
        self.bids: list[tuple[int, int]] = []  # (seat, bid; 0 for a pass)
        self.bid_sets = self._bid_set_table()
        self.out = [False] * self.players  # passed for good
        self.high_bid = 0
        self.high_bidder = -1
        self.declarer = -1
        self.contract = 0
        self.trump = -1
        self.reverse = False
        self.called = -1
        self.partner = -1
        self.discards = 0
        self.trump_card = -1
        self.thrown_in = False
        self.last_trick_winner = -1
        self._set_ranking()
        self.privilege = BIRD_BIT if rules.bird_privilege else 0
        if rules.extra_card and not rules.extra_card_kept:
            self.phase = "lay-aside"
            self.turn = self.next_seat(self.dealer)
        else:
            self._begin_auction()

    # --- laying aside the extra card (Original 3-player, decision 14) ---

    def _lay_aside_choices(self) -> LegalSet:
        return OneCard(A.LAY_ASIDE, self.held[self.turn])

    def _lay_aside_refusal(self, action: A.Action) -> Refusal:
        if A.kind_of(action) != A.LAY_ASIDE:
            return Refusal("lay-aside-first")
        return self._not_held(1 << A.payload_of(action))

    def _push_lay_aside(self, action: A.Action) -> None:
        card = A.payload_of(action)
        self.held[self.turn] ^= 1 << card
        self.laid_aside = 1 << card
        self._begin_auction()

    # --- the auction ---

    def _begin_auction(self) -> None:
        if self.rules.auction == "none":
            self._turn_trump_from_nest()
            return
        self.phase = "bid"
        self.turn = self.player_left_of(self.dealer)  # the dummy does not bid

    def _turn_trump_from_nest(self) -> None:
        """Beginner: "turn over the top card of the nest, and that color will be trump. If the top card of the nest
        is the Rook Bird card, place it on the bottom of the nest and turn over a new top card." (000)"""
        if self.nest_order[0] == C.BIRD:
            self.nest_order = self.nest_order[1:] + [C.BIRD]
        self.trump_card = self.nest_order[0]
        self._name_trump(C.suit_of(self.trump_card))
        self._begin_play()

    def lowest_bid(self) -> int:
        """The smallest bid allowed now."""
        return self.bid_sets[self.high_bid][True].low

    def _bid_set_table(self) -> dict[int, tuple[Bids, Bids]]:
        """For each high bid so far (0: nobody has bid), the legal bids without and with a pass (the bids from the
        smallest allowed up by the step to the highest): worked out once per rules, because random playouts and
        search bid often."""
        table = self.rules.tables.bid_sets
        if not table:
            rules = self.rules
            for high in (0, *range(rules.min_bid, rules.highest_bid + 1)):
                low = high + rules.bid_step if high else rules.min_bid
                count = max(0, (rules.highest_bid - low) // rules.bid_step + 1)
                table[high] = (Bids(False, low, count, rules.bid_step), Bids(True, low, count, rules.bid_step))
        return table

    def may_pass(self) -> bool:
        """Whether the player to bid may pass (house, decision 6: the first bidder may not)."""
        return bool(self.bids) or not self.rules.first_bid_required

    def _bid_choices(self) -> LegalSet:
        return self.bid_sets[self.high_bid][bool(self.bids) or not self.rules.first_bid_required]  # may_pass()

    def _bid_refusal(self, action: A.Action) -> Refusal:
        rules = self.rules
        low, step = self.lowest_bid(), rules.bid_step
        at_least = Refusal("bid-at-least-or-pass" if self.may_pass() else "bid-at-least", number=low)
        if action == PASS_ACTION:
            return Refusal("first-bidder-bids", number=low)
        if A.kind_of(action) != A.BID:
            return at_least if low <= rules.highest_bid else Refusal("only-pass")
        value = A.payload_of(action)
        if value > rules.highest_bid:
            return Refusal("highest-bid", number=rules.highest_bid)
        if self.high_bidder < 0 and value < rules.min_bid:
            return Refusal("opening-bid", number=rules.min_bid)
        if value < low:
            return at_least
        return Refusal("bid-steps-or-pass" if self.may_pass() else "bid-steps", number=low, step=step)

    def _push_bid(self, action: A.Action) -> None:
        seat = self.turn
        out = self.out
        if action == PASS_ACTION:
            out[seat] = True
            self.bids.append((seat, 0))
        else:
            self.high_bid = action & A.PAYLOAD
            self.high_bidder = seat
            self.bids.append((seat, self.high_bid))
        if self.rules.auction == "single":
            # decision 6: one turn each, the dealer last
            if seat == self.dealer:
                self._end_auction()
            else:
                self.turn = self.player_left_of(seat)
            return
        bidding = out.count(False)
        if not bidding or (bidding == 1 and self.high_bidder >= 0 and not out[self.high_bidder]):
            self._end_auction()
            return
        seat = self.player_left_of(seat)  # the next player to the left who has not passed for good
        while out[seat]:
            seat = self.player_left_of(seat)
        self.turn = seat

    def _end_auction(self) -> None:
        if self.high_bidder >= 0:
            self.declarer, self.contract = self.high_bidder, self.high_bid
        elif self.rules.all_pass == "dealer_takes_minimum":
            self.declarer, self.contract = self.dealer, self.rules.min_bid
        else:
            # decision 5: everyone passed; the hand is thrown in and the same dealer redeals
            self.thrown_in = True
            self.phase = DONE
            self.turn = -1
            return
        if self.rules.nest_size:
            self.held[self.declarer] |= self.nest
            self.nest = 0
            self.phase = "nest"
            self.turn = self.declarer
        else:
            self._begin_trump()

    # --- the nest ---

    def _nest_choices(self) -> LegalSet:
        return CardSubsets(A.DISCARD, self.held[self.turn], self.rules.nest_size)

    def _nest_refusal(self, action: A.Action) -> Refusal:
        size = self.rules.nest_size
        if A.kind_of(action) != A.DISCARD:
            return Refusal("lay-back-first", number=size)
        stray = A.payload_of(action) & ~self.held[self.turn]
        if stray:
            return self._not_held(stray)
        return Refusal("lay-back-exactly", number=size)

    def _push_nest(self, action: A.Action) -> None:
        cards = A.payload_of(action)
        self.held[self.turn] ^= cards
        self.discards = cards
        self._begin_trump()

    # --- trump, order, the called card ---

    def _begin_trump(self) -> None:
        self.phase = "trump"
        self.turn = self.declarer

    def _trump_choices(self) -> LegalSet:
        return COLOURS_OR_NONE if self.rules.no_trump else COLOURS

    def _trump_refusal(self, action: A.Action) -> Refusal:
        if A.kind_of(action) != A.TRUMP:
            return Refusal("name-trump-first")
        return Refusal("no-no-trump-colour" if self.rules.deck == C.ROOK_DECK else "no-no-trump-suit")

    def _push_trump(self, action: A.Action) -> None:
        self._name_trump(A.payload_of(action))
        if self.rules.dummy:
            self.dummy_up = self.held[DUMMY]  # 001: "turn the facedown half of the dummy hand faceup"
        if self.rules.reverse_order:
            self.phase = "order"
        else:
            self._after_order()

    def _name_trump(self, suit: int) -> None:
        self.trump = suit
        self._set_ranking()

    def _order_choices(self) -> LegalSet:
        return ORDERS

    def _order_refusal(self, action: A.Action) -> Refusal:
        return Refusal("choose-order")

    def _push_order(self, action: A.Action) -> None:
        self.reverse = A.payload_of(action) == 1
        self._set_ranking()
        self._after_order()

    def _after_order(self) -> None:
        if self.rules.sides == "called":
            self.phase = "call"
            self.turn = self.declarer
        else:
            self._begin_play()

    def _call_choices(self) -> LegalSet:
        return OneCard(A.CALL, self.rules.deck_mask)  # any card of the deck (decision 13)

    def _call_refusal(self, action: A.Action) -> Refusal:
        if A.kind_of(action) != A.CALL:
            return Refusal("call-a-card")
        return Refusal("not-in-deck")

    def _push_call(self, action: A.Action) -> None:
        card = A.payload_of(action)
        self.called = card
        # decision 13: a card in the declarer's own hand or in the nest means the declarer plays alone
        self.partner = next((s for s in range(self.n) if s != self.declarer and self.held[s] >> card & 1), -1)
        self._begin_play()

    # --- play ---

    def _set_ranking(self) -> None:
        """Trick-taking strength of every card, and each suit's cards as the rules group them for following."""
        key = (self.trump, self.reverse)
        tables = self.rules.tables.rankings.get(key)
        if tables is None:
            tables = self.rules.tables.rankings[key] = self._ranking_tables()
        (self.strength, self.trick_keys, self.led_keys, self.follow_masks, self.trump_suit, self.suit_led_by,
         self.beaters) = tables

    def _ranking_tables(self) -> Ranking:
        rules = self.rules
        strength = [0] * 64
        for card in rules.deck_cards:
            value = rules.natural_rank(card)
            strength[card] = 16 - value if self.reverse else value
        strength[C.BIRD] = 100 if rules.bird_rank == "high" else -1
        masks = [C.SUIT_MASKS[s] & rules.deck_mask for s in C.SUITS] + [0]
        has_bird = rules.deck_mask & BIRD_BIT
        if self.trump in C.SUITS:
            masks[self.trump] |= has_bird
        else:
            masks[BIRD_SUIT] = has_bird
        trump_suit = self.trump if self.trump in C.SUITS else BIRD_SUIT
        # a trump beats any card of the suit led: its key is above every other card's
        keys = [strength[card] + (1000 if masks[trump_suit] >> card & 1 else 500) for card in range(64)]
        # for each suit led, the keys with -1 for the cards that cannot win such a trick: finding the winner then
        # needs no shifts of the wide card masks
        led_keys = tuple(tuple(key if (masks[trump_suit] | masks[led]) >> card & 1 else -1
                               for card, key in enumerate(keys)) for led in range(5))
        suit_led_by = tuple(trump_suit if card == C.BIRD else card >> 4 for card in range(64))  # the Bird leads trump
        return tuple(strength), tuple(keys), led_keys, tuple(masks), trump_suit, suit_led_by, beaters_of(led_keys)

    def _begin_play(self) -> None:
        rules = self.rules
        self.phase = "play"
        lead = rules.first_lead
        if lead == "dummy":
            self.turn = DUMMY
        elif lead == "declarer" and self.declarer >= 0:
            self.turn = self.declarer
        elif lead == "declarer_left" and self.declarer >= 0:
            self.turn = self.next_seat(self.declarer)
        else:
            self.turn = self.next_seat(self.dealer)

    @property
    def to_move(self) -> int:
        return self.decider_of(self.turn) if self.phase == "play" else self.turn

    def decider_of(self, seat: int) -> int:
        # decision 22: the non-bidder decides every play of the dummy
        return 1 - self.declarer if seat == DUMMY and self.rules.dummy else seat

    def legal_mask(self) -> C.CardSet:
        held = self.held[self.turn]
        if not self.trick:
            return held
        # at no trump the lone Rook is the only card of its "suit": once it is led, nobody can follow and any card
        # may be played (decisions 2 and 21)
        follow = held & self.follow_masks[self.led_suit]
        if not follow:
            return held
        return follow | held & self.privilege  # decision 1: the Rook Bird may be played at any time

    def _dummy_turn(self) -> bool:
        return self.turn == DUMMY and self.rules.dummy

    def _play_reason(self, card: C.Card) -> Refusal:
        led = self.led_suit
        suit = "rook" if led == BIRD_SUIT else C.SUIT_NAMES[self.rules.deck][led]
        if led == self.trump_suit:
            return Refusal("dummy-follows-trump" if self._dummy_turn() else "follow-trump", word=suit)
        return Refusal("dummy-follows-suit" if self._dummy_turn() else "follow-suit", word=suit)

    def _moment(self) -> dict[str, Any]:
        return {**super()._moment(), "partner seen": self._called_card_seen()}

    def _family_events(self, before: dict[str, Any]) -> list[Event]:
        events = []
        if before["phase"] == "bid" and self.phase != "bid":
            if self.thrown_in:
                events.append(Event("thrown-in"))
            else:
                events.append(Event("auction-won", self.declarer, points=self.contract))
        if self.phase == "nest" and before["phase"] != "nest":
            events.append(Event("nest-taken", self.declarer, tuple(self.rules.card_names(self.extras["nest"])),
                                secret=True))
        if self._called_card_seen() and not before["partner seen"] and self.partner >= 0:
            events.append(Event("partner-revealed", self.partner))
        if self.is_done and self.declarer >= 0 and not self.thrown_in:
            made = self.contract_made()
            events.append(Event("contract-made" if made else "contract-set", self.declarer, points=self.contract))
        return events

    def beats(self, card: C.Card, best: C.Card) -> bool:
        keys = self.led_keys[self.led_suit]
        return keys[card] > keys[best]

    def _winning_index(self) -> int:
        keys = self.led_keys[self.led_suit]
        best_index, best_key = 0, -1
        for i, card in enumerate(self.trick):
            if keys[card] > best_key:
                best_index, best_key = i, keys[card]
        return best_index

    def _after_trick(self, winner: int) -> None:
        if len(self.tricks) < self.rules.hand_size:
            return
        # the last trick: the nest and the laid-aside card go where the rules say (decisions 4 and 14)
        self.last_trick_winner = winner
        if self.rules.extra_card_kept:  # (house, decision 14) the card never played is the one laid aside
            left = self.next_seat(self.dealer)
            self.laid_aside, self.held[left] = self.held[left], 0
        nest = self.discards or self.nest
        where = self.rules.nest_to
        if where == "last_trick":
            self.taken[winner] |= nest
        elif where == "declarer" and self.declarer >= 0:
            self.taken[self.declarer] |= nest
        if where != "nobody" and (where != "declarer" or self.declarer >= 0):
            self.nest, self.discards = 0, 0
        self.taken[winner] |= self.laid_aside
        self.laid_aside = 0
        self.phase = DONE
        self.turn = -1

    # --- sides and scores ---

    def side_of(self, seat: int) -> frozenset[int]:
        """The seats that score together with ``seat`` this hand (the dummy plays with the non-bidder)."""
        rules = self.rules
        if rules.sides == "partners":
            # decision 9: rotating partners change every 4 hands (and chairs: a record of an earlier format, played
            # with the chairs kept, scores with the same partners)
            partner = PARTNER_OF[self._partner_block(self.number) if rules.rotating_partners else 0][seat]
            return frozenset((seat, partner))
        if self.declarer < 0 or rules.sides == "alone":
            return frozenset((seat,))
        declaring = {self.declarer}
        if rules.sides == "called" and self.partner >= 0:
            declaring.add(self.partner)
        if rules.sides == "declarer_vs_rest" or rules.sides == "called":
            return frozenset(declaring if seat in declaring else set(range(self.n)) - declaring)
        return frozenset((seat,))

    @classmethod
    def counters(cls, rules: Rules) -> C.CardSet:
        """The counters and the Rook Bird (the joker), by the preset's points: the score follows from the points
        taken alone.

        >>> from .rules import load_rules
        >>> for name in ("rook-classic", "rook-5p", "rook-500"):
        ...     print(load_rules(name).cards_text(RookHand.counters(load_rules(name)) & (C.SUIT_MASKS[0] | BIRD_BIT)))
        ROOK B5 B10 B14
        B5 B10 B14
        ROOK B1 B5 B10 B14
        """
        counters = 0
        for _, cards in rules.counters_by_points:
            counters |= cards
        return counters

    @classmethod
    def _card_values(cls, rules: Rules) -> tuple[int, ...]:
        return rules.card_points  # counters' points (stars in Beginner and Intermediate)

    def telling_cards(self) -> C.CardSet:
        """The Rook Bird where it may be played at any time (decision 1), and the called card, whose play shows the
        secret partner (decision 13)."""
        return self.privilege | (1 << self.called if self.called >= 0 else 0)

    def points(self) -> list[int]:
        groups = self.rules.counters_by_points
        return [sum(points * (taken & cards).bit_count() for points, cards in groups) for taken in self.taken]

    def contract_made(self) -> bool | None:
        """Whether the declaring side took at least its bid (None without a declarer)."""
        return self._contract_made(self.points())

    def _contract_made(self, points: list[int]) -> bool | None:
        if self.declarer < 0:
            return None
        return sum(points[s] for s in self.side_of(self.declarer)) >= self.contract

    def score_delta(self) -> list[int]:
        return self._score_delta(self.points())

    def _score_delta(self, points: list[int]) -> list[int]:
        """The score changes from the points captured (worked out once for a result, which the claim check asks
        of thousands of play-outs)."""
        rules = self.rules
        if self.thrown_in:
            return [0] * self.players
        made = self._contract_made(points)
        declaring = self.side_of(self.declarer) if self.declarer >= 0 else frozenset()
        delta = []
        for seat in range(self.players):
            side_points = sum(points[s] for s in self.side_of(seat))
            if seat in declaring and not made:
                delta.append(-self.contract if rules.set_scores == "minus_bid" else 0)
            else:
                delta.append(side_points)
        if rules.cap:
            # decision 12: no score ends a hand between the cap and the target, unless the declaring side made its
            # bid and reached the target
            for seat in range(self.players):
                new = self.scores[seat] + delta[seat]
                if new > rules.cap and not (seat in declaring and made and new >= rules.target):
                    delta[seat] = rules.cap - self.scores[seat]
        return delta

    def result(self) -> HandResult | None:
        if not self.is_done:
            return None
        sides = []
        for seat in range(self.n):
            side = tuple(sorted(self.side_of(seat)))
            if side not in sides:
                sides.append(side)
        points = self.points()
        return HandResult(points=tuple(points), score_change=tuple(self._score_delta(points)), sides=tuple(sides),
                          declarer=self.declarer, contract=self.contract, made=self._contract_made(points),
                          thrown_in=self.thrown_in,
                          trump=None if self.trump < 0 else A.trump_word(self.trump, self.rules.deck),
                          order="reverse" if self.reverse else "normal",
                          called=self.rules.card_name(self.called) if self.called >= 0 else None)

    @classmethod
    def match_outcome(cls, rules: Rules, scores: list[int], hands_played: int, last: HandResult) -> list[int] | None:
        """Decisions 7-9, 12 and 23: a match ends at the target, or after its number of hands (a house rule; rotating
        partners play exactly 12), and the highest total wins; under a score cap, reaching the target ends it
        whatever its length."""
        if rules.cap and max(scores) >= rules.target:
            # decision 12 (004: "If the declaring team would have 500 or more points after winning a hand, they
            # score the points and win the game"): only the declaring side can pass the cap, and every player of it
            # with the target or more shares the win at once; in a match of a fixed length too (decision 23)
            return [seat for seat, score in enumerate(scores) if score >= rules.target]
        if rules.match_hands:
            if hands_played < rules.match_hands:
                return None
            if rules.rotating_partners:  # decision 9: individual totals after 12 hands; equal best totals share
                return [seat for seat, score in enumerate(scores) if score == max(scores)]
        elif max(scores) < rules.target:
            return None
        # decision 7: the higher total wins; equal totals of different sides play another hand (those who scored
        # together in the last hand, a partnership or the declarer's opponents, are one side)
        top = [seat for seat, score in enumerate(scores) if score == max(scores)]
        return top if any(set(top) <= set(side) for side in last.sides) else None

    @classmethod
    def score_columns(cls, rules: Rules) -> tuple[tuple[int, ...], ...]:
        if rules.sides == "partners" and not rules.rotating_partners:
            return ((0, 2), (1, 3))  # a partnership keeps one score
        return super().score_columns(rules)

    # --- what a seat may see ---

    def public_cards(self) -> C.CardSet:
        """Cards lying face up for everyone: the dummy's face-up cards and Beginner's trump card."""
        cards = self.dummy_up & self.held[DUMMY] if self.rules.dummy else 0
        if self.trump_card >= 0:
            cards |= 1 << self.trump_card
        return cards

    def partner_known_to(self, seat: int) -> int:
        """The called partner as ``seat`` knows it: the holder knows, everyone knows once the card is played."""
        if self.partner < 0:
            return -1
        return self.partner if seat == self.partner or self._called_card_seen() or self.phase == DONE else -1

    def _called_card_seen(self) -> bool:
        return self.called >= 0 and bool(self.played >> self.called & 1)  # played: every card played this hand

    def side_known_to(self, seat: int) -> frozenset[int]:
        rules = self.rules
        if self.declarer < 0 and rules.sides != "partners":
            return frozenset((seat,))
        if rules.sides == "called" and self.partner_known_to(seat) < 0:
            return frozenset((seat,))
        return self.side_of(seat)

    def _hidden_places(self, seat: int) -> list[tuple[str, int, C.CardSet, C.CardSet]]:
        public = self.public_cards()
        places = [("held", other, self.held[other], self.held[other] & public) for other in range(self.n)
                  if other != seat]
        if self.nest:
            places.append(("nest", -1, self.nest, self.nest & public))  # Beginner's trump card lies face up on it
        if self.discards and seat != self.declarer:
            places.append(("discards", -1, self.discards, 0))
        if self.aside:
            places.append(("aside", -1, self.aside, 0))
        if self.laid_aside and seat != self.next_seat(self.dealer):
            places.append(("laid_aside", -1, self.laid_aside, 0))
        return places

    def _sent_by(self, seat: int) -> C.CardSet:
        sent = self.discards if seat == self.declarer else 0
        return sent | (self.laid_aside if seat == self.next_seat(self.dealer) else 0)

    def _after_resample(self, seat: int) -> None:
        # the secret partner is whoever holds the called card in this world (decision 13)
        if self.rules.sides == "called" and self.called >= 0 and not self._called_card_seen() \
                and self.partner_known_to(seat) < 0:
            self.partner = next((s for s in range(self.n) if s != self.declarer and self.held[s] >> self.called & 1),
                                -1)

    def seen_by(self, seat: int) -> SeenRookHand:
        return SeenRookHand(self, seat)

    def view(self, seat: int) -> SeatView:
        rules = self.rules
        names, deck = rules.card_names, rules.deck
        common = self._common_view(seat)
        dummy_cards = tuple(names(self.public_cards())) if rules.dummy else ()
        if rules.dummy and seat == DUMMY:
            common["hand"] = dummy_cards
        partnerships: tuple[tuple[int, ...], ...] = ()
        if rules.sides == "partners":  # who plays with whom is known from the deal (rotating: it changes)
            partnerships = tuple(sorted({tuple(sorted(self.side_of(other))) for other in range(self.players)}))
        choosing = self.phase == "nest" and self.turn == seat
        return SeatView(
            **common, points=tuple(self.points()), cards_to_choose=rules.nest_size if choosing else 0,
            choosing="discard" if choosing else "",
            rook=RookPart(
                declarer=self.declarer, contract=self.contract,
                bids=tuple((s, choice(A.bid(b) if b else A.PASS_ACTION, deck)) for s, b in self.bids),
                high_bid=self.high_bid, lowest_bid=self.lowest_bid() if self.phase == "bid" else 0,
                trump=None if self.trump < 0 else A.trump_word(self.trump, deck),
                order="reverse" if self.reverse else "normal",
                trump_card=rules.card_name(self.trump_card) if self.trump_card >= 0 else None,
                nest_size=(self.nest | self.discards).bit_count(),
                discarded=tuple(names(self.discards)) if seat == self.declarer else (),
                laid_aside=tuple(names(self.laid_aside)) if seat == self.next_seat(self.dealer) else (),
                # the nest's cards, now in the declarer's hand: only the declarer saw them, and only while choosing
                from_nest=tuple(names(self.extras.get("nest", 0))) if self.phase == "nest" and seat == self.declarer
                else (),
                thrown_in=self.thrown_in, dummy_seat=DUMMY if rules.dummy else -1, dummy_cards=dummy_cards,
                partnerships=partnerships,
                called=rules.card_name(self.called) if rules.sides == "called" and self.called >= 0 else None,
                partner=self.partner_known_to(seat) if rules.sides == "called" else -1,
                # a hand thrown in is dealt again with its nest never taken up: nobody sees it
                nest=tuple(names(self.extras.get("nest", 0))) if self.phase == DONE and not self.thrown_in else ()))

    PHASES = {  # each phase's legal actions, the reason for refusing others, and how a legal one is applied
        "lay-aside": Phase(_lay_aside_choices, _lay_aside_refusal, _push_lay_aside),
        "bid": Phase(_bid_choices, _bid_refusal, _push_bid),
        "nest": Phase(_nest_choices, _nest_refusal, _push_nest),
        "trump": Phase(_trump_choices, _trump_refusal, _push_trump),
        "order": Phase(_order_choices, _order_refusal, _push_order),
        "call": Phase(_call_choices, _call_refusal, _push_call),
        "play": Phase(Hand._play_choices, Hand._play_refusal, Hand._push_play),
    }

    def piles(self) -> dict[str, C.CardSet]:
        piles = super().piles()
        piles["nest"] = self.nest
        piles["discards"] = self.discards
        piles["aside"] = self.aside
        piles["laid aside"] = self.laid_aside
        return piles
