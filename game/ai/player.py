"""What a computer player is to everyone who asks one for a decision (the table, the AI worker, the hand review's
Hint, the benchmarks): one declared surface, whichever level is behind it, as OpenSpiel's ``Bot`` and python-chess's
engine ``Protocol`` behind ``SimpleEngine``."""

from __future__ import annotations

from typing import Protocol

from game.engine.actions import Action
from game.engine.hand import Hand
from game.engine.hearts import HeartsHand
from game.engine.knowledge import SeenHand, SeenHeartsHand, SeenRookHand
from game.engine.rook import RookHand

# what a decision is made from: the seat's SeenHand, or a whole hand (a world a search dealt itself, its play-outs)
HandSeen = Hand | SeenHand
HeartsSeen = HeartsHand | SeenHeartsHand
RookSeen = RookHand | SeenRookHand


class ComputerPlayer(Protocol):
    def decide(self, hand: Hand) -> Action:
        """The action for ``hand.to_move``, decided only from what that seat may see (``hand.seen_by``): never the
        live hand's hidden cards. ``hand`` is the caller's copy, which the player may not change."""
        ...
