"""Hard: search over sampled worlds (perfect-information Monte Carlo).

For the card to play, every legal card is tried in the same worlds, each dealt at random consistently with what
the seat knows (``knowledge.sample_world``), and each world is played out by the Normal rules; the card with the
best average result for the seat's side wins. Other decisions (bids, the nest, passes, trump, calls), whose
choices are too many to try one by one, are Normal's. The number of worlds is fixed, so a decision is reproducible
from the seed; the time budget only cuts a search short on a slow machine.
"""

from __future__ import annotations

import random
import time

from game.engine import actions as A
from game.engine.hand import DONE, Hand

from .knowledge import sample_world
from .rules_play import RulePlayer


def side_result(hand: Hand, seat: int) -> float:
    """A finished hand's worth to ``seat``: its score change against the average of the seats not on its side
    (Hearts scores count against, so the sign turns)."""
    delta = hand.score_delta()
    if hand.family == "hearts":
        delta = [-d for d in delta]
    side = hand.side_of(seat) if hand.family == "rook" else {seat}
    others = [delta[s] for s in range(len(delta)) if s not in side]
    return delta[seat] - (sum(others) / len(others) if others else 0)


class SearchPlayer:
    def __init__(self, seed: int = 0, budget: float = 1.0, worlds: int = 40):
        self.spec = (seed, budget, worlds)  # enough to build the same player in a search process
        self.rng = random.Random(seed)
        self.budget = budget
        self.worlds = worlds
        self.rollout = RulePlayer(counting=True)
        self.cancelled = lambda: False

    def decide(self, hand: Hand) -> A.Action:
        legal = hand.legal_ids()
        if hand.phase != "play" or len(legal) == 1:
            return self.rollout.decide(hand)
        seat = hand.to_move
        deadline = time.perf_counter() + self.budget * 0.9
        totals = dict.fromkeys(legal, 0.0)
        played = 0
        for _ in range(self.worlds):
            world = self.world(hand, seat)
            for action in legal:
                line = world.copy()
                line.push(action)
                while line.phase != DONE:
                    line.push(self.rollout.decide(line))
                totals[action] += side_result(line, seat)
            played += 1
            if time.perf_counter() > deadline or self.cancelled():
                break
        return max(legal, key=lambda a: (totals[a], -a))

    def world(self, hand: Hand, seat: int) -> Hand:
        """A world the seat cannot tell from the real one."""
        return sample_world(hand, seat, self.rng)
