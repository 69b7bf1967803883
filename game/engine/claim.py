"""Claims: is the rest of a hand's trick play decided, whatever anyone plays?

The books let a player show their cards and claim the remaining tricks; the program goes further and ends a
hand's play as soon as no sequence of legal plays can change what anyone captures, so hands never drag on.
Most positions are not settled, and a few random play-outs that end with different points show it at once; only
when they all agree does the full search run. It can take a tenth of a second, so it also comes in steps
(``settled_steps``) that a caller can spread over several frames.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from . import cards as C
from .hand import Hand

NODE_LIMIT = 3000
STEP = 40  # positions between two yields of settled_steps
PLAY_OUTS = 6  # random play-outs tried before the full search (each is one path of the search, cheaply found)


def settled(hand: Hand, node_limit: int = NODE_LIMIT) -> bool:
    """True when every legal way to play out the remaining tricks gives every seat the same points.

    Looks only at trick play; answers False when it cannot tell within ``node_limit`` positions (so the
    game plays on rather than guessing).
    """
    return next(answer for answer in settled_steps(hand, node_limit) if answer is not None)


def settled_steps(hand: Hand, node_limit: int = NODE_LIMIT) -> Iterator[bool | None]:
    """``settled`` in steps: yields None every few positions while it works, and then the answer once."""
    if hand.phase != "play":
        yield False
        return
    # The play-outs only ever prove "not settled" (two ways to end differently), which the full search would
    # also find: the answer is the search's, found sooner. Seeded by the number of actions, so the same position
    # is always answered the same way.
    rng = random.Random(len(hand.actions))
    outcomes: set[tuple[int, ...]] = set()
    for _ in range(PLAY_OUTS):
        outcomes.add(_play_out(hand, rng))
        if len(outcomes) > 1:
            yield False
            return
        yield None
    visited = 0
    pending: list[Iterator[Hand]] = [iter([hand.copy()])]
    while pending:
        position = next(pending[-1], None)
        if position is None:
            pending.pop()
            continue
        visited += 1
        if visited > node_limit:
            yield False
            return
        if visited % STEP == 0:
            yield None
        if position.phase != "play":
            outcomes.add(tuple(position.points()))
            if len(outcomes) > 1:
                yield False
                return
            continue
        pending.append(_children(position))
    yield True


def _play_out(hand: Hand, rng: random.Random) -> tuple[int, ...]:
    position = hand.copy()
    while position.phase == "play":
        position.push(position.random_action(rng))
    return tuple(position.points())


def _children(position: Hand) -> Iterator[Hand]:
    for card in C.cards_in(position.legal_mask()):
        child = position.copy()
        child.push(card)
        yield child
