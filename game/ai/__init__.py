"""Computer opponents: Easy, Normal and Hard, each deciding from what its seat may see.

``make_player(level, seed)`` gives a ``ComputerPlayer`` (player.py), whose ``decide(hand)`` returns the int action
for ``hand.to_move``, decided from ``hand.seen_by(hand.to_move)`` (the engine's SeenHand: what that seat may see),
never the live hand; ``choose(player, hand)`` returns it as action text. ``AIWorker`` runs decisions on a worker
thread for the UI.
"""

from __future__ import annotations

from game.engine.hand import Hand

from .player import ComputerPlayer
from .rules_play import RulePlayer
from .search import SearchPlayer

LEVELS = ("easy", "normal", "hard")


def make_player(level: str, seed: int = 0, budget: float = 1.0) -> ComputerPlayer:
    if level == "easy":
        return RulePlayer(counting=False)
    if level == "normal":
        return RulePlayer(counting=True)
    if level == "hard":
        return SearchPlayer(seed=seed, budget=budget)
    raise ValueError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")


def choose(player: ComputerPlayer, hand: Hand) -> str:
    return hand.action_text(player.decide(hand))


__all__ = ["LEVELS", "ComputerPlayer", "RulePlayer", "SearchPlayer", "choose", "make_player"]
