"""The legal actions of a moment as a lazy set, one kind per shape of decision (python-chess's
``LegalMoveGenerator``): ``in`` is the legality test, ``len`` the count, iteration yields the actions, and
``random`` draws one uniformly, none of them building the whole list (a 5-card nest discard from 14 cards has 2,002
members). Each phase of a hand describes its legal actions once, as one of these, and ``check``, ``apply``,
``legal_actions``, random playouts and the computer players all ask that one description.

>>> from game.engine import actions as A
>>> discards = CardSubsets(A.DISCARD, 0b1111110, 5)
>>> len(discards), A.make(A.DISCARD, 0b11111000) in discards, A.make(A.DISCARD, 0b111110) in discards
(6, False, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from math import comb
from random import Random

from . import actions as A
from . import cards as C


class LegalSet:
    """What every legal set answers; iteration is in the phase's natural order (``Hand.legal_actions`` sorts)."""

    __slots__ = ()

    def __contains__(self, action: A.Action) -> bool:
        raise NotImplementedError

    def __iter__(self) -> Iterator[A.Action]:
        raise NotImplementedError

    def __len__(self) -> int:
        raise NotImplementedError

    def random(self, rng: Random) -> A.Action:
        """A member drawn uniformly at random (the set is never empty while a hand is going on)."""
        raise NotImplementedError


class Listed(LegalSet):
    """A few actions named outright (trump, rank order, the moon's reward, which hand to play first)."""

    __slots__ = ("actions",)

    def __init__(self, actions: tuple[A.Action, ...]) -> None:
        self.actions = actions

    def __contains__(self, action: A.Action) -> bool:
        return action in self.actions

    def __iter__(self) -> Iterator[A.Action]:
        return iter(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def random(self, rng: Random) -> A.Action:
        return self.actions[int(rng.random() * len(self.actions))]


NOTHING = Listed(())  # a finished hand


class OneCard(LegalSet):
    """One card from a set (a play, the called card, the card laid aside); a play is the card's own code."""

    __slots__ = ("kind", "cards")

    def __init__(self, kind: int, cards: C.CardSet) -> None:
        self.kind, self.cards = kind, cards

    def __contains__(self, action: A.Action) -> bool:
        return action >> A.KIND_SHIFT == self.kind and bool(self.cards >> (action & A.PAYLOAD) & 1)

    def __iter__(self) -> Iterator[A.Action]:
        kind = A.make(self.kind)
        return (kind | card for card in C.card_list(self.cards))

    def __len__(self) -> int:
        return self.cards.bit_count()

    def random(self, rng: Random) -> A.Action:
        return A.make(self.kind, C.random_card(self.cards, rng))


class CardSubsets(LegalSet):
    """Exactly ``size`` cards from a set (the nest laid back, the cards passed in Hearts)."""

    __slots__ = ("kind", "cards", "size")

    def __init__(self, kind: int, cards: C.CardSet, size: int) -> None:
        self.kind, self.cards, self.size = kind, cards, size

    def __contains__(self, action: A.Action) -> bool:
        chosen = action & A.PAYLOAD
        return (action >> A.KIND_SHIFT == self.kind and not chosen & ~self.cards
                and chosen.bit_count() == self.size)

    def __iter__(self) -> Iterator[A.Action]:
        kind = A.make(self.kind)
        return (kind | C.mask_of(cards) for cards in combinations(C.card_list(self.cards), self.size))

    def __len__(self) -> int:
        return comb(self.cards.bit_count(), self.size)

    def random(self, rng: Random) -> A.Action:
        return A.make(self.kind, C.random_subset(self.cards, self.size, rng))


class Bids(LegalSet):
    """A pass (where allowed) and the bids ``low``, ``low + step``, ... (``count`` of them), pass first."""

    __slots__ = ("may_pass", "low", "count", "step")

    def __init__(self, may_pass: bool, low: int, count: int, step: int) -> None:
        self.may_pass, self.low, self.count, self.step = may_pass, low, count, step

    def __contains__(self, action: A.Action) -> bool:
        if action == A.PASS_ACTION:
            return self.may_pass
        over = (action & A.PAYLOAD) - self.low
        return (action >> A.KIND_SHIFT == A.BID and 0 <= over < self.count * self.step
                and over % self.step == 0)

    def __iter__(self) -> Iterator[A.Action]:
        bids = (A.bid(self.low + i * self.step) for i in range(self.count))
        return iter([A.PASS_ACTION, *bids]) if self.may_pass else bids

    def __len__(self) -> int:
        return self.count + self.may_pass

    def random(self, rng: Random) -> A.Action:
        pick = int(rng.random() * (self.count + self.may_pass))
        return A.bid(self.low + pick * self.step) if pick < self.count else A.PASS_ACTION
