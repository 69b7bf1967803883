"""Rule-based play for every decision of every preset: the Easy and Normal levels, and Hard's rollouts.

``counting=False`` (Easy) plays from its own hand and the trick on the table. ``counting=True`` (Normal) also
remembers every card played and the voids shown, so it leads masters (the highest card of a suit still out) and
knows when a card of its own can no longer be beaten.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import actions as A
from game.engine import cards as C
from game.engine.hand import DONE, Hand
from game.engine.hearts import HEARTS_MASK, PENALTY_CARDS, QS, QS_BIT, penalty_points

from .player import HandSeen, HeartsSeen, RookSeen

SPADES_MASK = C.SUIT_MASKS[C.SPADES]
ABOVE_QS = SPADES_MASK & ~((1 << (QS + 1)) - 1)  # the king and ace of spades, which draw the queen
MOON_THREAT = 8  # penalty points one seat must have taken, and nobody else any, before the moon rules play


def top(mask: C.CardSet) -> C.Card:
    """The highest card of a set of one Hearts suit."""
    return mask.bit_length() - 1


def bottom(mask: C.CardSet) -> C.Card:
    """The lowest card of a set of one Hearts suit."""
    return (mask & -mask).bit_length() - 1


def highest_rank(mask: C.CardSet) -> C.Card:
    """The card of the highest rank in a set of Hearts cards (of equal ranks, the first suit's)."""
    best = -1
    for suit_mask in C.SUIT_MASKS:
        mine = mask & suit_mask
        if mine and (best < 0 or (mine.bit_length() - 1) & 15 > best & 15):
            best = mine.bit_length() - 1
    return best


def lowest_rank(mask: C.CardSet) -> C.Card:
    """The card of the lowest rank in a set of Hearts cards (of equal ranks, the first suit's)."""
    best = -1
    for suit_mask in C.SUIT_MASKS:
        mine = mask & suit_mask
        if mine:
            low = (mine & -mine).bit_length() - 1
            if best < 0 or low & 15 < best & 15:
                best = low
    return best


@dataclass(frozen=True)
class RookTables:
    """For one Rook ranking (rules, trump, rank order), the orders the rules pick cards by, as one number per card
    (the rules then pick with ``min``/``max`` in C, the first card of code order winning a tie, as before):

    - ``cheapest``: fewest points, then the lowest rank (a lead that gives little away);
    - ``richest``: most points, then the lowest rank (points for the side that has the trick);
    - ``least``: fewest points, then the lowest trick key (the card to throw)."""
    cheapest: tuple[int, ...]
    richest: tuple[int, ...]
    least: tuple[int, ...]

    @classmethod
    def of(cls, hand: RookSeen) -> RookTables:
        points, strength, keys = hand.rules.card_points, hand.strength, hand.trick_keys
        # strength runs from -1 (a low Rook Bird) to 100 (a high one), trick keys below 2048
        return cls(cheapest=tuple(points[c] * 256 + strength[c] + 1 for c in range(64)),
                   richest=tuple(points[c] * 256 + 200 - strength[c] for c in range(64)),
                   least=tuple(points[c] * 4096 + keys[c] for c in range(64)))


class RulePlayer:
    """Sound rule-based decisions for one seat; ``decide(hand)`` returns an int action for ``hand.to_move``."""

    def __init__(self, counting: bool, moon: bool = False, stop_shooter: bool = False):
        self.counting = counting
        # Hearts: once one seat has taken every penalty point so far (MOON_THREAT or more), it goes for the moon and
        # the others stop it (``_hearts_moon_play``): Hard's play-outs with its moon setting, which the benchmarks
        # measure (not the game's levels)
        self.moon = moon
        # with ``moon``: the others stop ``play_to_end``'s shooter from its first card, not only once it has
        # MOON_THREAT points (Hard's guard=5 and 6)
        self.stop_shooter = stop_shooter
        # the seat that runs for the moon while it still may, whatever it has taken (``play_to_end``'s shooter)
        self.shooter = -1
        self._tables: dict[int, tuple[tuple[int, ...], RookTables]] = {}  # _rook_tables: by the trick keys' id
        self._special_rules: object = None  # the rules whose special cards are these (_learn_special_cards)
        self._gifts: C.CardSet = 0
        self._heavy: C.CardSet = 0
        self._scoring: C.CardSet = 0

    def decide(self, hand: Hand) -> A.Action:
        """The action for the seat to move, decided from the hand as that seat may see it."""
        return self.play_in(hand.seen_by(hand.to_move))

    def play_in(self, hand: HandSeen) -> A.Action:
        """The action in a hand given whole: a seen hand, or a world a search dealt itself (its rollouts)."""
        return self.DECISIONS[hand.family, hand.phase](self, hand)

    def play_to_end(self, hand: Hand, shooter: int = -1) -> None:
        """Play a whole hand (a search's world) to its end, every seat by these rules: ``play_in`` for each action,
        the play rule looked up once. In Hearts a ``shooter`` seat runs for the moon (``_hearts_moon_play``) until
        another seat takes a penalty card, then plays by the rules again."""
        decisions, family = self.DECISIONS, hand.family
        play = decisions[family, "play"]
        self.shooter = shooter
        try:
            while hand.phase != DONE:
                hand.push(play(self, hand) if hand.phase == "play" else decisions[family, hand.phase](self, hand))
        finally:
            self.shooter = -1

    # --- shared trick knowledge ---

    def _out(self, hand: HandSeen, seat: int) -> C.CardSet:
        """Cards neither played nor in this seat's hand (Normal counts them; Easy assumes the whole deck)."""
        if not self.counting:
            return hand.rules.deck_mask & ~hand.held[seat]
        return hand.rules.deck_mask & ~hand.held[seat] & ~hand.played  # played: the trick's cards too

    def _stays_won(self, hand: RookSeen, seat: int, best: int, side: frozenset[int]) -> bool:
        """Whether the trick's winning card ``best`` stays the winner as far as this seat can tell: the cards still
        out that beat it (the engine's order for the suit led) cannot come from an opponent still to play. A card
        of the suit led, or a Rook Bird that may be played at any time, could come from any of them; a trump only
        from one that has shown it holds none of the suit led."""
        opponents = [later for later in hand.play_order[hand.leader][len(hand.trick) + 1:] if later not in side]
        if not opponents:
            return True
        out = self._out(hand, seat)
        beaters = out & hand.beaters[hand.led_suit][best]
        follow = hand.follow_masks[hand.led_suit]
        if beaters & (follow | hand.privilege):
            return False
        voids = hand.voids()
        return not any(beaters & ~voids[other] and not follow & out & ~voids[other] for other in opponents)

    def _masters(self, hand: RookSeen, seat: int, cards: C.CardSet) -> C.CardSet:
        """Those of ``cards`` (none of them trump) that no card still out of their own suit can beat."""
        out = self._out(hand, seat)
        beaters, follow_masks = hand.beaters, hand.follow_masks
        masters = 0
        for card in C.card_list(cards):
            suit = card >> 4
            if not out & beaters[suit][card] & follow_masks[suit]:
                masters |= 1 << card
        return masters

    # --- Hearts ---

    def _hearts_choose(self, hand: HeartsSeen) -> A.Action:
        return A.make(A.CHOOSE_HAND, 1)  # both hands are face down: nothing to choose by

    def _hearts_pass(self, hand: HeartsSeen) -> A.Action:
        chosen = self.pass_ranking(hand)[: hand.rules.pass_count]
        return A.make(A.PASS_CARDS, C.mask_of(chosen))

    def pass_ranking(self, hand: HandSeen) -> list[C.Card]:
        """The cards of the seat to pass, the most dangerous to keep first (Hard tries passes among the first): the
        Queen of spades, high spades that draw her, then hearts (the more a heart counts, the sooner: the special
        Queen of hearts before the others), high cards and short suits; a card that counts for its taker (the
        special Queen of diamonds) is kept."""
        held = hand.held[hand.turn]
        spades = held & SPADES_MASK
        if hand.rules is not self._special_rules:
            self._learn_special_cards(hand)
        gifts, heavy = self._gifts, self._heavy

        def danger(card: C.Card) -> int:
            if card == QS:
                return 100
            if card >> 4 == C.SPADES and card & 15 > 12 and spades.bit_count() < 5:
                return 90 + (card & 15)  # A and K of spades with few guards draw the queen
            value = card & 15
            value += (8 if card >> 4 == C.HEARTS else 0) + (6 - (held & C.SUIT_MASKS[card >> 4]).bit_count())
            if (gifts | heavy) >> card & 1:
                value += 8 if heavy >> card & 1 else -100  # a heavy heart counts twice; a gift is kept
            return value

        return sorted(C.cards_in(held), key=danger, reverse=True)

    def _hearts_moon(self, hand: HeartsSeen) -> A.Action:
        seat = hand.turn
        reward = hand.moon_reward()
        mine = hand.scores[seat]
        others = [s for i, s in enumerate(hand.scores) if i != seat]
        # adding to the others ends the match in our favour if it pushes someone to the target while we lead
        if max(others) + reward >= hand.rules.target and mine < min(others) + reward:
            return A.make(A.MOON, A.MOON_CHOICES.index("add"))
        return A.make(A.MOON, A.MOON_CHOICES.index("subtract" if mine >= reward else "add"))

    # Hearts has no trump and ranks a suit's cards in code order, so the highest card of one suit is its highest bit
    # and the lowest its lowest: the rules below pick cards with bit operations, not by sorting (Hard's play-outs
    # ask them for every card: 2.2 times as fast as sorting, the same decisions, tests/test_rule_decisions.py)

    def _learn_special_cards(self, hand: HandSeen) -> None:
        """From what each card counts for its taker under the hand's rules (the engine's ``card_values``, the
        special queens' included): the gifts, cards that count for their taker (the special Queen of diamonds,
        -10), which the rules never give away when another card will do; and the heavy hearts, those counting more
        than the others (the special Queen of hearts), which they unload first. None in Classic Hearts. Learnt
        once per rules: a search plays thousands of hands under the same rules."""
        values = hand.card_values(hand.rules)
        hearts = C.card_list(HEARTS_MASK & hand.rules.deck_mask)
        plain = min(values[card] for card in hearts)
        self._gifts = C.mask_of(card for card in range(64) if values[card] < 0)
        self._heavy = C.mask_of(card for card in hearts if values[card] > plain)
        self._scoring = hand.counters(hand.rules)  # a trick without any of these comes to nothing
        self._special_rules = hand.rules

    def _hearts_play(self, hand: HeartsSeen) -> A.Action:
        seat = hand.turn
        legal = hand.legal_mask()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        if hand.rules is not self._special_rules:
            self._learn_special_cards(hand)
        if seat == self.shooter and hand.may_shoot_moon(seat):
            return self._hearts_moon_play(hand, seat, legal, seat)
        if self.moon:
            shooter = self.shooter
            stopping = self.stop_shooter and shooter >= 0 and hand.may_shoot_moon(shooter)
            threat = shooter if stopping else self._moon_threat(hand)
            if threat >= 0:
                return self._hearts_moon_play(hand, seat, legal, threat)
        return self._hearts_card(hand, seat, legal)

    def _hearts_card(self, hand: HeartsSeen, seat: int, legal: C.CardSet) -> A.Action:
        """Normal's card among two or more legal ones, its special cards learnt."""
        gifts = self._gifts
        if not hand.trick:
            return self._hearts_lead(hand, seat, legal & ~QS_BIT & ~gifts or legal & ~QS_BIT or legal)
        best, _ = hand.trick_winner()
        led = hand.led_suit
        following = legal & C.SUIT_MASKS[led]
        last = len(hand.trick) == hand.n - 1
        if following:
            beaters = hand.beaters[led][best]
            under = following & ~beaters
            if last:
                trick = C.mask_of(hand.trick)
                taking = following & gifts & beaters
                if taking and penalty_points(hand.rules, trick | taking) <= 0:
                    return top(taking)  # win the trick with a card that counts for us: it still comes out ahead
                if not under & QS_BIT and (not trick & self._scoring or penalty_points(hand.rules, trick) <= 0):
                    # nothing to lose: win with the highest, keeping the low cards for later (not the queen)
                    return top(following & ~QS_BIT or following)
            if under:  # the highest card that still loses (a heavy heart first)
                losing = under & ~gifts or under
                return top(losing & self._heavy or losing)
            if led == C.SPADES and following & QS_BIT and following & ~QS_BIT:
                return bottom(following & ~QS_BIT)
            if last and following & gifts:
                return top(following & gifts)  # the trick is ours whatever we play: take the gift with it
            return top(following & ~QS_BIT or following) if last else bottom(following)
        # void: unload the queen of spades, then the dangerous high spades, then hearts (the one counting most),
        # then the highest card that does not count for whoever takes it
        if legal & QS_BIT:
            return QS
        high_spades = legal & ABOVE_QS
        if high_spades and self._queen_out(hand, seat):
            return top(high_spades)
        if legal & HEARTS_MASK:
            return top(legal & HEARTS_MASK & self._heavy or legal & HEARTS_MASK)
        return highest_rank(legal & ~gifts or legal)

    @staticmethod
    def _moon_threat(hand: HeartsSeen) -> int:
        """The seat that has taken every penalty card taken so far, once they come to ``MOON_THREAT`` points or more
        (-1: none)."""
        takers = hand.moon_takers()
        if len(takers) != 1 or penalty_points(hand.rules, hand.taken[takers[0]] & PENALTY_CARDS) < MOON_THREAT:
            return -1
        return takers[0]

    def _hearts_moon_play(self, hand: HeartsSeen, seat: int, legal: C.CardSet, threat: int) -> A.Action:
        """A card against a moon threat. The threat itself takes what it can: it leads the highest card of its
        longest suit, follows high and throws its lowest card that scores nothing. The others stop it: lead a heart
        nobody can beat, take a trick with points from it as cheaply as they can, keep their highest heart when it
        leads hearts, and throw their hearts only on a trick the threat cannot take."""
        trick = hand.trick
        hearts = legal & HEARTS_MASK
        # a card that scores nothing, whoever takes it (the special queens of Royal Hearts score)
        plain = legal & ~self._scoring or legal & ~PENALTY_CARDS
        if threat == seat:
            if not trick:
                held = hand.held[seat]

                def length(suit: int) -> tuple[int, int]:
                    return (held & C.SUIT_MASKS[suit]).bit_count(), top(legal & C.SUIT_MASKS[suit]) & 15

                suit = max((suit for suit, mask in enumerate(C.SUIT_MASKS) if legal & mask), key=length)
                return top(legal & C.SUIT_MASKS[suit])
            following = legal & C.SUIT_MASKS[hand.led_suit]
            if not following:
                return lowest_rank(plain or legal)
            best, _ = hand.trick_winner()
            over = following & hand.beaters[hand.led_suit][best]
            # the highest card that takes the trick; when none can, the lowest, never the queen to someone else
            return top(over) if over else bottom(following & ~QS_BIT or following)
        if not trick:
            out_hearts = self._out(hand, seat) & HEARTS_MASK
            if hearts and top(hearts) > out_hearts.bit_length() - 1:
                return top(hearts)
            return self._hearts_card(hand, seat, legal)
        best, winner = hand.trick_winner()
        led = hand.led_suit
        following = legal & C.SUIT_MASKS[led]
        if following:
            if winner == threat:
                over = following & hand.beaters[led][best]
                if over and (led == C.HEARTS or C.mask_of(trick) & PENALTY_CARDS):
                    return bottom(over & ~QS_BIT or over)
                if led == C.HEARTS:
                    return bottom(following)
            return self._hearts_card(hand, seat, legal)
        if winner != threat and threat not in hand.play_order[hand.leader][len(trick) + 1:]:
            return top(hearts) if hearts else self._hearts_card(hand, seat, legal)
        # the threat has the trick or may still take it
        if plain:
            return highest_rank(plain)
        return bottom(hearts)  # never empty: nothing plain and no heart leaves the queen alone, played above

    def _queen_out(self, hand: HandSeen, seat: int) -> bool:
        return bool(self._out(hand, seat) & QS_BIT) and not hand.held[seat] & QS_BIT

    def _hearts_lead(self, hand: HandSeen, seat: int, options: C.CardSet) -> A.Action:
        """A lead among ``options``: the legal cards but the Queen of spades and the gifts, where there are others."""
        held = hand.held[seat]
        if not self.counting:
            return lowest_rank(options & ~HEARTS_MASK or options)
        # lead low in a suit where someone else must still take it; spades flush out the queen when it is safe for
        # us (we hold no A/K of spades)
        if self._queen_out(hand, seat) and not held & ABOVE_QS:
            spades = options & SPADES_MASK
            if spades:
                return bottom(spades)
        out = self._out(hand, seat)
        shown = hand.voids()
        others = [shown[other] for other in range(hand.n) if other != seat]
        # the safest lead: fewest cards out above it, less safe for each other seat void in its suit (those discard
        # on it), then the lowest; within a suit that is its lowest card (the most cards out above it)
        safest, card = None, -1
        beaters = hand.beaters
        for suit, suit_mask in enumerate(C.SUIT_MASKS):
            mine = options & suit_mask
            if mine:
                low = (mine & -mine).bit_length() - 1
                voids = sum(1 for void in others if void & suit_mask)
                safety = (3 * voids - (out & beaters[suit][low]).bit_count(), low & 15)
                if safest is None or safety < safest:
                    safest, card = safety, low
        return card

    # --- Rook ---

    def _rook_lay_aside(self, hand: RookSeen) -> A.Action:
        held = hand.held[hand.turn]
        points = hand.rules.card_points
        card = min(C.cards_in(held), key=lambda c: (points[c], c & 15))
        return A.make(A.LAY_ASIDE, card)

    def _suit_strength(self, hand: HandSeen, held: C.CardSet, suit: int) -> int:
        cards = held & C.SUIT_MASKS[suit]
        rules = hand.rules
        high = sum(1 for c in C.cards_in(cards) if rules.natural_rank(c) >= 12)
        return 3 * cards.bit_count() + 2 * high

    def _estimate(self, hand: HandSeen, held: C.CardSet) -> float:
        """Points this seat (with its side and the nest) expects to take as declarer: a share of the deck's points
        that grows with trump length, high cards and the Rook Bird."""
        rules = hand.rules
        best_suit = max(C.SUITS, key=lambda s: self._suit_strength(hand, held, s))
        trumps = (held & C.SUIT_MASKS[best_suit]).bit_count() + (1 if held & _BIRD else 0)
        high = sum(1 for c in C.cards_in(held) if c != C.BIRD and rules.natural_rank(c) >= 13)
        size = max(rules.hand_size, 1)
        share = 0.25 + 0.6 * trumps / size + 0.25 * high / size
        fair = rules.declaring_side_size / rules.players  # the declaring side's share of the players
        return rules.points_in_deck * min(0.95, fair * 0.5 + share * 0.75)

    def _rook_bid(self, hand: RookSeen) -> A.Action:
        seat = hand.turn
        rules = hand.rules
        value = self._estimate(hand, hand.held[seat])
        low = hand.lowest_bid()
        if rules.auction == "open":
            low += -low % rules.bid_step
        if low > rules.highest_bid or low > value:
            return A.PASS_ACTION
        if rules.auction == "single":
            # one turn each: bid what the hand is worth, rounded down to a legal bid
            return A.bid(max(low, int(value) // rules.bid_step * rules.bid_step))
        return A.bid(low)

    def _rook_nest(self, hand: RookSeen) -> A.Action:
        return A.make(A.DISCARD, C.mask_of(self.nest_ranking(hand)[: hand.rules.nest_size]))

    def nest_ranking(self, hand: RookSeen) -> list[C.Card]:
        """The declarer's cards with the nest taken in, the first to lay back first: short side suits first (voids
        let us trump), high cards and trump last; counters we cannot protect may be buried."""
        held = hand.held[hand.turn]
        rules = hand.rules
        trump = max(C.SUITS, key=lambda s: self._suit_strength(hand, held, s))
        points = rules.card_points
        rank = rules.natural_rank
        keep_first_cards = set(C.cards_in(held & (C.SUIT_MASKS[trump] | _BIRD)))

        def worth_keeping(card: C.Card) -> tuple[bool, bool, int, int]:
            length = (held & C.SUIT_MASKS[card >> 4]).bit_count()
            return (card in keep_first_cards, rank(card) >= 13, length, rank(card) - (3 if points[card] else 0))

        return sorted(C.cards_in(held), key=worth_keeping)

    def _rook_trump(self, hand: RookSeen) -> A.Action:
        held = hand.held[hand.turn]
        rules = hand.rules
        best = max(C.SUITS, key=lambda s: self._suit_strength(hand, held, s))
        if rules.no_trump and (held & C.SUIT_MASKS[best]).bit_count() < rules.hand_size // 4:
            high = sum(1 for c in C.cards_in(held) if rules.natural_rank(c) >= 13)
            if high >= rules.hand_size // 2:
                return A.trump(A.NO_TRUMP)
        return A.trump(best)

    def _rook_order(self, hand: RookSeen) -> A.Action:
        held = hand.held[hand.turn]
        strength = sum(hand.strength[c] for c in C.cards_in(held) if c != C.BIRD)
        reverse_strength = sum(16 - hand.strength[c] for c in C.cards_in(held) if c != C.BIRD)
        return A.make(A.ORDER, 1 if reverse_strength > strength * 1.2 else 0)

    def _rook_call(self, hand: RookSeen) -> A.Action:
        held = hand.held[hand.turn]
        suit = hand.trump if hand.trump in C.SUITS else max(C.SUITS, key=lambda s: (held >> (16 * s)) & 0xFFFF)
        # call the best trump we lack: its holder is the strongest partner we can get
        candidates = [c for c in C.cards_in(hand.rules.deck_mask & C.SUIT_MASKS[suit]) if not held >> c & 1]
        if not candidates:
            return A.make(A.CALL, C.card_list(hand.rules.deck_mask & ~held)[0])
        return A.make(A.CALL, max(candidates, key=lambda c: hand.strength[c]))

    def _rook_tables(self, hand: RookSeen) -> RookTables:
        """The card orders the Rook rules pick by, for the hand's rules, trump and rank order (worked out once)."""
        keys = hand.trick_keys
        kept = self._tables.get(id(keys))
        if kept is None or kept[0] is not keys:
            kept = self._tables[id(keys)] = (keys, RookTables.of(hand))
        return kept[1]

    def _rook_play(self, hand: RookSeen) -> A.Action:
        seat = hand.turn  # the dummy's cards are played for it by the non-bidder
        legal = hand.legal_mask()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        tables = self._rook_tables(hand)
        keys = hand.trick_keys
        trumps = legal & hand.follow_masks[hand.trump_suit]
        side = hand.side_known_to(seat)
        if not hand.trick:
            if self.counting and hand.declarer in side:
                # the declaring side draws the opponents' trumps while it holds the most of them
                out_trumps = self._out(hand, seat) & hand.follow_masks[hand.trump_suit]
                if trumps.bit_count() >= 3 and out_trumps:
                    return max(C.card_list(trumps), key=keys.__getitem__)
            masters = self._masters(hand, seat, legal & ~trumps) if self.counting else 0
            if masters:
                return max(C.card_list(masters), key=hand.rules.card_points.__getitem__)
            return min(C.card_list(legal & ~trumps or legal), key=tables.cheapest.__getitem__)
        cards = C.card_list(legal)
        best, best_seat = hand.trick_winner()
        last = len(hand.trick) == hand.n - 1
        winners = legal & hand.beaters[hand.led_suit][best]
        if best_seat in side and (last or (self._stays_won(hand, seat, best, side) if self.counting
                                           else keys[best] >= 1000)):
            # our side has it (Easy: the last card, or a trump; Normal: one nothing still out can take from it):
            # give it points, from the cards that do not take it over, side suits before trump
            losers = C.card_list(legal & ~winners)
            plain = [c for c in losers if not trumps >> c & 1]
            return max(plain or losers or cards, key=tables.richest.__getitem__)
        if winners:
            # the cards that can win are of the suit led or trump, whose keys all differ: the lowest key is the one
            points = hand.rules.card_points
            if last or any(points[c] for c in hand.trick):
                return min(C.card_list(winners), key=keys.__getitem__)
            if self.counting:
                # with no points on the table, win only with a card that cannot be beaten later anyway
                sure = self._masters(hand, seat, winners & ~trumps)
                if sure:
                    return min(C.card_list(sure), key=keys.__getitem__)
        # cannot or need not win: throw the least valuable card
        return min(cards, key=tables.least.__getitem__)

    # (family, phase): the rule that decides it, given the family's hand
    DECISIONS: dict[tuple[str, str], Callable[[RulePlayer, Any], A.Action]] = {
        ("hearts", "choose"): _hearts_choose, ("hearts", "pass"): _hearts_pass, ("hearts", "play"): _hearts_play,
        ("hearts", "moon"): _hearts_moon,
        ("rook", "lay-aside"): _rook_lay_aside, ("rook", "bid"): _rook_bid, ("rook", "nest"): _rook_nest,
        ("rook", "trump"): _rook_trump, ("rook", "order"): _rook_order, ("rook", "call"): _rook_call,
        ("rook", "play"): _rook_play,
    }


_BIRD = 1 << C.BIRD
