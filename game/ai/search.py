"""Hard: search over sampled worlds (perfect-information Monte Carlo with imperfect-information playouts).

Each candidate is tried in the same worlds, each dealt at random consistently with what the seat knows
(``knowledge.sample_world``), and each world is played out by the Normal rules, which decide only from what their
seat could see; the candidate with the best average result for the seat's side wins. The candidates are every
card the seat may play and, in Hearts, the passes made of Normal's most dangerous cards and one more, or of a
short side suit passed whole (a void to discard on) made up with Normal's most dangerous cards: searched passes
saved 0.61 ± 0.97 points a hand against Normal's pass (400 hands).

Rook's bids, nest, trump, rank order and called card are Normal's rules: searched versions (trump and the nest
per colour over the same worlds; bids judged by declaring at once in each world) did not beat them,
-3.2 ± 3.5 points a hand over 1,200 hands of rook-classic. Choosing a face-down hand and the moon choice are
Normal's too: nothing hidden bears on them.

The number of worlds is fixed, so a decision is reproducible from the seed; the time budget only cuts a search
short on a slow machine.
"""

from __future__ import annotations

import itertools
import random
import time

from game.engine import actions as A
from game.engine import cards as C
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

    def searches(self, hand: Hand) -> bool:
        """Whether this decision is searched (rather than Normal's rule), so worth a search process."""
        candidates = self.candidates(hand)
        return candidates is not None and len(candidates) > 1

    def candidates(self, hand: Hand) -> list[A.Action] | None:
        """The actions the search compares for the decision now (None: the decision is Normal's)."""
        if hand.phase == "play":
            return hand.legal_ids()
        if hand.phase == "pass":
            return [A.make(A.PASS_CARDS, cards) for cards in self._passes(hand)]
        return None

    def _passes(self, hand: Hand) -> list[C.CardSet]:
        """Passes worth trying: the ways of choosing among Normal's most dangerous cards and one more, and each
        short side suit passed whole (a void to discard on) with Normal's most dangerous cards to make up the
        number."""
        ranked = self.rollout.pass_ranking(hand)
        count = hand.rules.pass_count
        held = hand.held[hand.turn]
        passes = {C.mask_of(cards) for cards in itertools.combinations(ranked[: count + 1], count)}
        for suit in (C.CLUBS, C.DIAMONDS, C.SPADES):
            short = held & C.SUIT_MASKS[suit]
            if 0 < short.bit_count() <= count:
                fill = [card for card in ranked if not short >> card & 1][: count - short.bit_count()]
                passes.add(short | C.mask_of(fill))
        return sorted(passes)

    def decide(self, hand: Hand) -> A.Action:
        candidates = self.candidates(hand)
        if candidates is None or len(candidates) == 1:
            return self.rollout.decide(hand)
        seat = hand.to_move
        deadline = time.perf_counter() + self.budget * 0.9
        totals = dict.fromkeys(candidates, 0.0)
        for _ in range(self.worlds):
            world = self.world(hand, seat)
            for action in candidates:
                playout = world.copy()
                playout.push(action)
                while playout.phase != DONE:
                    playout.push(self.rollout.decide(playout))
                totals[action] += side_result(playout, seat)
            if time.perf_counter() > deadline or self.cancelled():
                break
        return max(candidates, key=lambda action: (totals[action], -action))

    def world(self, hand: Hand, seat: int) -> Hand:
        """A world the seat cannot tell from the real one."""
        return sample_world(hand, seat, self.rng)
