"""Claims: is the rest of a hand's trick play decided, whatever anyone plays?

The books let a player show their cards and claim the remaining tricks; the program goes further and ends a
hand's play as soon as no sequence of legal plays can change what anyone captures, so hands never drag on.
"""

from __future__ import annotations

from . import cards as C
from .hand import Hand

NODE_LIMIT = 3000


def settled(hand: Hand, node_limit: int = NODE_LIMIT) -> bool:
    """True when every legal way to play out the remaining tricks gives every seat the same points.

    Looks only at trick play; answers False when it cannot tell within ``node_limit`` positions (so the
    game plays on rather than guessing).
    """
    if hand.phase != "play":
        return False
    outcomes: set[tuple[int, ...]] = set()
    budget = [node_limit]

    def explore(position: Hand) -> bool:
        """Walk the plays from ``position``; False as soon as two outcomes differ or the budget runs out."""
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if position.phase != "play":
            outcomes.add(tuple(position.points()))
            return len(outcomes) == 1
        for card in C.cards_in(position.legal_mask()):
            child = position.copy()
            child.push(card)
            if not explore(child):
                return False
        return True

    return explore(hand.copy())
