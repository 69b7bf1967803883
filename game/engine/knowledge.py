"""What one seat knows about a hand (its information set), and hands it cannot tell apart from the real one.

As OpenSpiel's ``HeartsState::ResampleFromInfostate``, this lives in the game, not in the players: the family says
where its hidden cards lie (``Hand._hidden_places``), and ``resample`` deals every card the seat cannot see into
those places again at random, keeping each place's size, every card the seat knows the place of, and every void
the play has revealed. A resampled hand shows the seat exactly the view it had (``Hand.view(seat)``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn, Self

from . import actions as A
from . import cards as C

if TYPE_CHECKING:  # hand.py imports this module, and hearts.py and rook.py import hand.py
    from .hand import Hand
    from .hearts import HeartsHand
    from .legal import LegalSet
    from .results import HandResult
    from .rook import RookHand
    from .rules import Beaters, Rules
    from .view import Choice, SeatView

Places = list[tuple[str, int, C.CardSet, C.CardSet]]  # Hand._hidden_places: (place, seat or -1, cards, known)


@dataclass(frozen=True)
class HiddenPlace:
    """A place holding cards the seat cannot see: another seat's hand, the nest, the cards set aside, ..."""
    place: str  # the engine's name for it: held, chosen, later, face_down, nest, discards, aside, laid_aside
    seat: int  # whose (-1 for a pile on the table)
    size: int  # cards there
    known: C.CardSet  # the cards there that the seat knows are there (face up, or passed there by the seat)


@dataclass(frozen=True)
class InfoSet:
    """Everything one seat knows about the cards: its own, the face-up ones, the ones it sent somewhere (passed,
    laid back, laid aside), the voids the play has shown, and the hidden places with their sizes."""
    seat: int
    hand: C.CardSet
    public: C.CardSet
    sent: C.CardSet
    voids: tuple[C.CardSet, ...]
    hidden: tuple[HiddenPlace, ...]
    unseen: C.CardSet  # every card the seat cannot see, wherever it lies


def information(hand: Hand, seat: int) -> InfoSet:
    places = hand._hidden_places(seat)
    unseen = 0
    for _, _, cards, known in places:
        unseen |= cards & ~known
    return InfoSet(seat=seat, hand=hand.held[seat], public=hand.public_cards(), sent=hand._sent_by(seat),
                   voids=tuple(hand.voids()), unseen=unseen,
                   hidden=tuple(HiddenPlace(place, index, cards.bit_count(), known)
                                for place, index, cards, known in places))


def resample(hand: Hand, seat: int, rng: random.Random, tries: int = 20) -> Hand:
    """A copy of ``hand`` with every card hidden from ``seat`` dealt again at random, consistently with what the
    seat knows: place sizes, known holdings, revealed voids."""
    places = hand._hidden_places(seat)
    out = hand.voids()
    pool = 0
    for _, _, cards, known in places:
        pool |= cards & ~known
    need = [(cards & ~known).bit_count() for _, _, cards, known in places]
    # the cards each place may take: a seat's hand none of the suits it has shown void in, other piles any
    allowed = [pool & ~out[index] if place == "held" and index >= 0 else pool for place, index, _, _ in places]
    order = sorted(range(len(places)), key=lambda i: allowed[i].bit_count())  # the most constrained first
    for _ in range(tries):  # mostly the first try does: fill each place at random from what is left
        left, filled = pool, dict[int, C.CardSet]()
        for i in order:
            choice = left & allowed[i]
            if choice.bit_count() < need[i]:
                break
            filled[i] = C.random_subset(choice, need[i], rng)
            left &= ~filled[i]
        else:
            return _with_places(hand, seat, places, filled)
    # tight voids (say three cards that only one seat may hold): card by card, each to a place chosen at random
    # among those that leave the rest dealable; the real deal shows that one always is
    filled = dict.fromkeys(range(len(places)), 0)
    left = pool
    for card in C.shuffled(C.card_list(pool), rng):
        bit = 1 << card
        left ^= bit
        options = [i for i in range(len(places)) if need[i] and allowed[i] & bit]
        for i in C.shuffled(options, rng):
            need[i] -= 1
            if _dealable(left, need, allowed):
                filled[i] |= bit
                break
            need[i] += 1
    return _with_places(hand, seat, places, filled)


def _dealable(left: C.CardSet, need: list[int], allowed: list[C.CardSet]) -> bool:
    """Whether the cards ``left`` can fill every place's ``need`` from its ``allowed`` cards (Hall's condition:
    every group of places together allows at least as many of the cards as they need)."""
    places = [i for i in range(len(need)) if need[i]]
    for subset in range(1, 1 << len(places)):
        wanted, reach = 0, 0
        for bit, i in enumerate(places):
            if subset >> bit & 1:
                wanted += need[i]
                reach |= allowed[i]
        if (reach & left).bit_count() < wanted:
            return False
    return True


def _with_places(hand: Hand, seat: int, places: Places, filled: dict[int, C.CardSet]) -> Hand:
    world = hand.copy()
    for i, (place, index, _, known) in enumerate(places):
        if index >= 0:
            getattr(world, place)[index] = filled[i] | known
        else:
            setattr(world, place, filled[i] | known)
    world._after_resample(seat)
    return world


class SeenHand:
    """A hand as one seat may see it: what a computer player decides from, never the live hand.

    It answers what the seat may know (its own cards and those of the others it has seen, the tricks, the scores,
    what is legal, whose turn, worlds dealt from its information set) and refuses everything else by name (the
    deal, the record, the nest, the cards others passed), so that a player cannot decide from a card its seat may
    not see, even by mistake. ``held`` is per seat the cards the seat knows are there.

    Each member a seat may read is declared here, typed, and reads the hand's own (the rule tables and the public
    state), so the type checker holds a player to this list; a family's own public state is in its subclass
    (SeenHeartsHand, SeenRookHand). Reading one costs no more than reading the hand: the rules read these once a
    decision, and Hard's play-outs play whole hands of their own, not this."""

    __slots__ = ("_hand", "seat", "held")
    _hand: Hand  # a family's own: its hand class (SeenHeartsHand, SeenRookHand)

    def __init__(self, hand: Hand, seat: int) -> None:
        self._hand = hand
        self.seat = seat
        known = {place.seat: place.known for place in information(hand, seat).hidden if place.place == "held"}
        self.held = tuple(cards if other == seat else known.get(other, cards) for other, cards in enumerate(hand.held))

    if not TYPE_CHECKING:  # unseen by the type checker, which so flags any name not declared here
        def __getattr__(self, name: str) -> NoReturn:
            raise AttributeError(f"seat {self.seat} may not see the hand's {name!r}: a computer player decides from "
                                 "what its seat may see")

    # --- the public state of the hand ---

    @property
    def rules(self) -> Rules:
        return self._hand.rules

    @property
    def family(self) -> str:
        return self._hand.family

    @property
    def n(self) -> int:
        return self._hand.n

    @property
    def dealer(self) -> int:
        return self._hand.dealer

    @property
    def number(self) -> int:
        return self._hand.number

    @property
    def scores(self) -> Sequence[int]:
        return self._hand.scores

    @property
    def phase(self) -> str:
        return self._hand.phase

    @property
    def turn(self) -> int:
        return self._hand.turn

    @property
    def to_move(self) -> int:
        return self._hand.to_move

    @property
    def is_done(self) -> bool:
        return self._hand.is_done

    @property
    def trick(self) -> Sequence[C.Card]:
        return self._hand.trick

    @property
    def leader(self) -> int:
        return self._hand.leader

    @property
    def led_suit(self) -> int:
        return self._hand.led_suit

    @property
    def tricks(self) -> Sequence[tuple[int, tuple[C.Card, ...], int]]:
        return self._hand.tricks

    @property
    def played(self) -> C.CardSet:
        return self._hand.played

    @property
    def tricks_won(self) -> Sequence[int]:
        return self._hand.tricks_won

    @property
    def play_order(self) -> tuple[tuple[int, ...], ...]:
        return self._hand.play_order

    @property
    def following(self) -> tuple[int, ...]:
        return self._hand.following

    def next_seat(self, seat: int) -> int:
        return self._hand.next_seat(seat)

    def hand_sizes(self) -> tuple[int, ...]:
        return self._hand.hand_sizes()

    def public_cards(self) -> C.CardSet:
        return self._hand.public_cards()

    def side_known_to(self, seat: int) -> frozenset[int]:
        return self._hand.side_known_to(seat)

    # --- what is legal now, and what the actions are ---

    @property
    def legal(self) -> LegalSet:
        return self._hand.legal

    def legal_mask(self) -> C.CardSet:
        return self._hand.legal_mask()

    def legal_ids(self) -> list[A.Action]:
        return self._hand.legal_ids()

    def legal_actions(self) -> list[str]:
        return self._hand.legal_actions()

    def refusal(self, action: A.Action) -> str | None:
        return self._hand.refusal(action)

    def action_text(self, action: A.Action) -> str:
        return self._hand.action_text(action)

    def choice(self, action: A.Action) -> Choice:
        return self._hand.choice(action)

    # --- the tricks: the rule tables, and questions every seat may ask ---

    @property
    def strength(self) -> tuple[int, ...]:
        return self._hand.strength

    @property
    def follow_masks(self) -> tuple[C.CardSet, ...]:
        return self._hand.follow_masks

    @property
    def suit_led_by(self) -> tuple[int, ...]:
        return self._hand.suit_led_by

    @property
    def privilege(self) -> C.CardSet:
        return self._hand.privilege

    @property
    def beaters(self) -> Beaters:
        return self._hand.beaters

    def trick_winner(self) -> tuple[C.Card, int]:
        return self._hand.trick_winner()

    def beats(self, card: C.Card, best: C.Card) -> bool:
        return self._hand.beats(card, best)

    def voids(self) -> list[C.CardSet]:
        return self._hand.voids()

    def first_trick_of_these_hands(self) -> int:
        return self._hand.first_trick_of_these_hands()

    def scoring_cards(self) -> C.CardSet:
        return self._hand.scoring_cards()

    def telling_cards(self) -> C.CardSet:
        return self._hand.telling_cards()

    def card_values(self, rules: Rules) -> tuple[int, ...]:
        return self._hand.card_values(rules)

    def counters(self, rules: Rules) -> C.CardSet:
        return self._hand.counters(rules)

    def worth(self, result: HandResult, seat: int) -> float:
        return self._hand.worth(result, seat)

    # --- the seat's own: its view, its information set, worlds dealt from it ---

    def view(self, seat: int) -> SeatView:
        return self._hand.view(self._own(seat))

    def information(self, seat: int) -> InfoSet:
        return information(self._hand, self._own(seat))

    def resample(self, seat: int, rng: random.Random) -> Hand:
        """A whole hand of the caller's own, its hidden cards dealt from the seat's information set."""
        return resample(self._hand, self._own(seat), rng)

    def seen_by(self, seat: int) -> Self:
        self._own(seat)
        return self

    def _own(self, seat: int) -> int:
        if seat != self.seat:
            raise AttributeError(f"seat {self.seat} may not see the hand as seat {seat} does")
        return seat


class SeenHeartsHand(SeenHand):
    """A Hearts hand as one seat may see it."""

    __slots__ = ()
    _hand: HeartsHand

    def __init__(self, hand: HeartsHand, seat: int) -> None:
        super().__init__(hand, seat)

    def moon_reward(self) -> int:
        return self._hand.moon_reward()

    def moon_takers(self) -> list[int]:
        return self._hand.moon_takers()

    def may_shoot_moon(self, seat: int) -> bool:
        return self._hand.may_shoot_moon(seat)

    @property
    def taken(self) -> Sequence[C.CardSet]:
        """The cards each seat has taken in tricks: every trick is played face up."""
        return self._hand.taken


class SeenRookHand(SeenHand):
    """A Rook hand as one seat may see it: the auction, the contract, trump and the called card once they are
    known, and the trick order they make."""

    __slots__ = ()
    _hand: RookHand

    def __init__(self, hand: RookHand, seat: int) -> None:
        super().__init__(hand, seat)

    @property
    def declarer(self) -> int:
        return self._hand.declarer

    @property
    def high_bid(self) -> int:
        return self._hand.high_bid

    def lowest_bid(self) -> int:
        return self._hand.lowest_bid()

    @property
    def trump(self) -> int:
        return self._hand.trump

    @property
    def trump_suit(self) -> int:
        return self._hand.trump_suit

    @property
    def called(self) -> C.Card:
        return self._hand.called

    def partner_known_to(self, seat: int) -> int:
        return self._hand.partner_known_to(seat)

    @property
    def trick_keys(self) -> tuple[int, ...]:
        return self._hand.trick_keys

    @property
    def led_keys(self) -> tuple[tuple[int, ...], ...]:
        return self._hand.led_keys
