"""OpenSpiel's C++ Hearts as an outside peer: the benchmark's speed reference and the differential tests' oracle.

Never imported by the game: only by ``game.bench`` and the tests (``open-spiel`` is a development dependency).

OpenSpiel deals the k-th chance card to player k mod 4 and numbers players clockwise, as RULES.md numbers seats;
its passes go to player + direction (1 left, 2 across, 3 right; 0 no pass), as ours do. A card is
``rank * 4 + suit`` with ranks 2..A as 0..12 and suits C D H S as 0..3; its card text is ours (``QS``, ``TC``).
Shooting the moon gives the shooter 0 and everyone else 26, our ``moon add``; returns are 26 minus points.
"""

from __future__ import annotations

import random
import time

import pyspiel

RANKS = "23456789TJQKA"
SUITS = "CDHS"
#: hearts-classic in OpenSpiel's terms: RULES.md decision 16 lets penalty cards fall on the first trick
CLASSIC_PARAMS = {"no_pts_on_first_trick": False}
#: our pass directions as OpenSpiel's first chance outcome
DIRECTION = {"hold": 0, "left": 1, "across": 2, "right": 3}
TOTAL_POINTS = 26


def game():
    return pyspiel.load_game("hearts", CLASSIC_PARAMS)


def spiel_card(text: str) -> int:
    """OpenSpiel's card id for a standard-deck card text such as ``QS``."""
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def card_text(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


def dealt_state(hands: list[list[str]], direction: str):
    """A new OpenSpiel state with these four hands dealt and the pass direction set."""
    state = game().new_initial_state()
    state.apply_action(DIRECTION[direction])
    for k in range(52):
        state.apply_action(spiel_card(hands[k % 4][k // 4]))
    return state


def penalty_points(state) -> list[int]:
    """Each player's points at the end of the hand (after any moon)."""
    return [round(TOTAL_POINTS - r) for r in state.returns()]


def random_playout_hands_per_second(seconds: float, seed: int) -> float:
    """Deal and play whole hands with uniformly random chance outcomes and legal actions, as fast as the Python
    bindings allow; the same loop shape as our engine benchmark."""
    rng = random.Random(seed)
    spiel = game()
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = spiel.new_initial_state()
        while not state.is_terminal():
            # chance outcomes are uniform here, so the legal list (plain ints, cheaper than outcome pairs) serves both
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        hands += 1
    return hands / (time.perf_counter() - start)
