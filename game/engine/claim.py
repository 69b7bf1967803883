"""Claims: is the rest of a hand's trick play decided, whatever anyone plays?

The books let a player show their cards and claim the remaining tricks; the program goes further and ends a
hand's play as soon as no sequence of legal plays can change what the hand comes to, so hands never drag on.
What it comes to is the engine's own answer, ``outcome``: the hand's whole result (points, score changes, sides,
the contract made or set, the moon shooter), not the points alone, which can be equal where the score is not (a
Royal Hearts moon shot or not, each with 16 points). Most positions are not settled, and a few random play-outs
that end differently show it at once; only when they all agree does the full search run. It can take a tenth of a
second, so it also comes in steps (``settled_steps``) that a caller can spread over several frames.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator

from . import cards as C
from .hand import Hand

NODE_LIMIT = 3000
STEP = 40  # positions between two yields of settled_steps
PLAY_OUTS = 6  # random play-outs tried before the full search (each is one path of the search, cheaply found)
FINAL_CHOICES = 4  # a decision after the last trick with at most this many choices is looked through (the moon)


def settled(hand: Hand, node_limit: int = NODE_LIMIT) -> bool:
    """True when every legal way to play out the remaining tricks comes to the same ``outcome``.

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
    outcomes: set[Hashable] = set()
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
            outcomes.add(outcome(position))
            if len(outcomes) > 1:
                yield False
                return
            continue
        pending.append(_children(position))
    yield True


def outcome(position: Hand) -> Hashable:
    """What a hand whose trick play has just ended comes to, as the engine scores it: its whole ``HandResult``,
    so that no part of the score can be left out. With a decision still to make before the hand ends (the
    shooter's moon reward), whose it is and the result of each choice; with more trick play to come (2-player
    Hearts's second half), everything the tricks left behind: the cards each seat took."""
    if position.is_done:
        return position.result()
    choices = position.legal
    if len(choices) <= FINAL_CHOICES:
        ends = []
        for action in choices:
            after = position.copy()
            after.push(action)
            ends.append((action, after.result()))
        if all(result is not None for _, result in ends):
            return position.to_move, tuple(ends)
    return position.phase, position.to_move, tuple(position.taken)


def _play_out(hand: Hand, rng: random.Random) -> Hashable:
    position = hand.copy()
    while position.phase == "play":
        position.push(position.random_action(rng))
    return outcome(position)


def _children(position: Hand) -> Iterator[Hand]:
    for card in C.cards_in(position.legal_mask()):
        child = position.copy()
        child.push(card)
        yield child
