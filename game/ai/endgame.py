"""The exact play of a hand's last tricks in one world, where every card is known (Hard's search uses it once
few cards are left, in place of the Normal rules' play-outs).

Alpha-beta over the remaining trick play, with a transposition table: the seats on the deciding seat's side make
the most of its ``HandResult.margin`` and the others the least, which is exact when the hand is played by two
sides (a partnership, the declarer's side against the rest, two players) and is only offered then
(``two_sided``). A search that would visit more than its positions' limit, or meet a decision before the hand's
end (2-player Hearts' second half, the moon), gives up (None) and the caller plays the world out by the rules
instead. rookGame's strongest AI plays its last six cards this way, and hands its play-outs' last three to the same
search (its AI_ENGINEERING_LOG.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.engine import cards as C
from game.engine.hand import Hand
from game.engine.knowledge import SeenHand

NODE_LIMIT = 20000  # positions one search may visit before it gives up
# what decides the rest of a hand's trick play: the cards held, the trick, the seat to play, the scoring cards taken
Position = tuple[tuple[C.CardSet, ...], tuple[C.Card, ...], int, tuple[C.CardSet, ...]]


class TooDeep(Exception):
    """The search passed its positions' limit."""


def two_sided(world: Hand, seat: int) -> bool:
    """Whether the hand is played by ``seat``'s side against one other side (what the exact search assumes)."""
    mine = world.side_of(seat)
    theirs = frozenset(range(len(world.held))) - mine
    return bool(theirs) and all(world.side_of(other) == theirs for other in theirs)


class Endgame:
    """Exact values for ``seat`` of positions of one world's trick play; positions searched are remembered, so the
    candidates of one decision share the work."""

    def __init__(self, world: Hand, seat: int, node_limit: int = NODE_LIMIT):
        self.seat = seat
        self.mine = world.side_of(seat)
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[Position, tuple[float, float]] = {}  # position -> (lower, upper) bounds of its value
        self.card_values = world.card_values(world.rules)  # what taking each card alone counts (the engine's)
        self.scoring = world.scoring_cards()
        self.telling = world.telling_cards()

    def values(self, world: Hand, actions: list[int]) -> dict[int, float] | None:
        """The margin ``seat`` comes to after each of ``actions`` in ``world``, both sides then playing their best;
        None if the search is too big."""
        try:
            return {action: self._after(world, action) for action in actions}
        except TooDeep:
            return None

    def _after(self, world: Hand, action: int) -> float:
        child = world.copy()
        child.push(action)
        return self.value(child, -math.inf, math.inf)

    def value(self, position: Hand, alpha: float, beta: float) -> float:
        if position.phase != "play":
            if not position.is_done:  # a decision before the end (2-player Hearts' second half, the moon)
                raise TooDeep
            return position.final_result().margin(self.seat)
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooDeep
        # what is left to play and the scoring cards each seat has taken decide the rest, not the order of the tricks
        scoring = self.scoring
        key = (tuple(position.held), tuple(position.trick), position.turn,
               tuple(taken & scoring for taken in position.taken))
        lower, upper = self.table.get(key, (-math.inf, math.inf))
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        window = alpha, beta
        maximising = position.turn in self.mine
        best = -math.inf if maximising else math.inf
        for card in self.choices(position):
            child = position.copy()
            child.push(card)
            found = self.value(child, alpha, beta)
            if maximising:
                best = max(best, found)
                alpha = max(alpha, found)
            else:
                best = min(best, found)
                beta = min(beta, found)
            if alpha >= beta:
                break
        if best <= window[0]:
            self.table[key] = (lower, min(upper, best))  # failed low: the value is at most best
        elif best >= window[1]:
            self.table[key] = (max(lower, best), upper)  # failed high: at least best
        else:
            self.table[key] = (best, best)
        return best

    def choices(self, position: Hand) -> list[int]:
        """The legal cards, strongest first, one of each run of equivalent cards (``distinct_cards``)."""
        contested = 0  # cards another seat still holds, and the trick's
        for seat, held in enumerate(position.held):
            if seat != position.turn:
                contested |= held
        for card in position.trick:
            contested |= 1 << card
        return distinct_cards(position, position.legal_mask(), contested, self.card_values, self.scoring, self.telling)


def distinct_cards(position: Hand | SeenHand, cards: C.CardSet, contested: C.CardSet, points: Sequence[int],
                   scoring: C.CardSet, telling: C.CardSet) -> list[int]:
    """``cards``, strongest first, one of each run of equivalent cards: cards of one suit worth the same (by
    ``points``, what taking each alone counts: the engine's ``Hand.card_values``; none scoring, or scoring cards of
    equal value, such as two hearts), with no card of ``contested`` (still to be played by another seat, or on the
    trick) between them: whichever is played, the tricks go the same way. A card of ``telling``
    (``Hand.telling_cards``) is in no run."""
    strength, suit_of, follow_masks = position.strength, position.suit_led_by, position.follow_masks
    kept: list[int] = []
    above_in_suit: dict[int, int] = {}  # the last card kept of each suit
    for card in sorted(C.cards_in(cards), key=strength.__getitem__, reverse=True):
        suit = suit_of[card]
        if telling >> card & 1:
            above_in_suit.pop(suit, None)
            kept.append(card)
            continue
        above = above_in_suit.get(suit)
        if (above is not None and points[above] == points[card]
                and (points[card] > 0 or not (scoring >> above & 1 or scoring >> card & 1))
                and not any(strength[card] < strength[other] < strength[above]
                            for other in C.cards_in(follow_masks[suit] & contested))):
            continue
        above_in_suit[suit] = card
        kept.append(card)
    return kept
