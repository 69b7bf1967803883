"""The omniscient reference player: Hard's search run on the real deal instead of sampled worlds.

It sees every hand, so it is for benchmarks only (never offered in the game): how much of the score a perfectly
informed player of the same search takes shows how much the real levels lose to not seeing the cards.
"""

from __future__ import annotations

from game.ai.search import SearchPlayer
from game.engine.hand import Hand


class OmniscientPlayer(SearchPlayer):
    def __init__(self, seed: int = 0, budget: float = 1.0):
        super().__init__(seed=seed, budget=budget, worlds=1)  # one world: the real one; rollouts are deterministic

    def world(self, hand: Hand, seat: int, rng) -> Hand:
        return hand.copy()
