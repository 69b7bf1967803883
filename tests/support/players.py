"""Computer players that misbehave on purpose: the table and the window must answer each with a logged legal
fallback and go on."""

import threading

from game.engine import Hand
from game.engine import actions as A
from game.engine import cards as C


class Raises:
    def decide(self, hand: Hand) -> A.Action:
        raise RuntimeError("bug in an AI")


class Illegal:
    def decide(self, hand: Hand) -> A.Action:
        return C.card_list(hand.rules.deck_mask & ~hand.legal_mask())[0]


class Hangs:
    """An AI stuck in a loop that never looks at cancelling (issue 8: an AI that hangs past its budget)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def decide(self, hand: Hand) -> A.Action:
        self.release.wait(60)
        return hand.legal_ids()[0]
