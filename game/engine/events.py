"""What just happened in a hand, in the game's words: ``Hand.apply`` returns these, so sounds, animation, messages
and the network learn what an action did from the engine instead of comparing states (PySolFC's warning read
the other way round: the game reports, the window animates).

Cards are named in RULES.md notation, and ``describe`` names them as a player does. Some events carry cards only
their own seat may see (the cards a player passed or laid back, the nest it took up): ``secret`` events, which
``for_seat`` strips for everyone else.

>>> Event("card-played", seat=2, cards=("QS",)).describe(["Ann", "Bo", "Cy", "Di"], "standard")
'Cy played Q♠'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .cards import parse_cards, player_cards_text
from .words import says

KINDS = (
    "bid", "passed", "auction-won", "thrown-in", "nest-taken", "nest-laid", "trump-named", "order-named",
    "card-called", "partner-revealed", "laid-aside", "hand-chosen", "cards-passed", "cards-received", "card-played",
    "trick-won", "hearts-broken", "queen-taken", "moon-shot", "moon-reward", "contract-made", "contract-set",
    "hand-over",
)


@dataclass(frozen=True)
class Event:
    kind: str
    seat: int = -1  # who did it, or whom it concerns (-1: nobody in particular)
    cards: tuple[str, ...] = ()
    points: int = 0  # a bid, a contract, or the points of a trick won
    word: str = ""  # a trump, a rank order, a moon reward, a hand chosen
    secret: bool = False  # the cards are for ``seat``'s eyes only

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown event {self.kind!r}")

    def for_seat(self, seat: int) -> Event:
        """This event as ``seat`` may see it (a secret event's cards only for its own seat)."""
        return self if not self.secret or seat == self.seat else replace(self, cards=())

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "cards": list(self.cards), "points": self.points,
                "word": self.word, "secret": self.secret}

    def describe(self, names: list[str], deck: str) -> str:
        """One line for a player, with seats named and cards as a player names them (``deck``: the rules' deck)."""
        who = names[self.seat] if 0 <= self.seat < len(names) else "Dummy" if self.seat >= 0 else ""
        cards = player_cards_text(parse_cards(self.cards, deck), deck)
        return {
            "bid": f"{who} bid {self.points}", "passed": f"{who} passed",
            "auction-won": f"{who} won the bid at {self.points}", "thrown-in": "Everyone passed: the hand is thrown in",
            "nest-taken": f"{who} took up the nest", "nest-laid": f"{who} laid back the nest",
            "trump-named": f"{who} named {self.word} trump" if self.word != "none" else f"{who} named no trump",
            "order-named": f"{who} chose the {self.word} order", "card-called": f"{who} called {cards}",
            "partner-revealed": says(who, "is the called partner"), "laid-aside": f"{who} laid a card aside",
            "hand-chosen": f"{who} chose a hand", "cards-passed": f"{who} passed cards",
            "cards-received": f"{who} received {cards}".rstrip(), "card-played": f"{who} played {cards}",
            "trick-won": f"{who} took the trick", "hearts-broken": "Hearts are broken",
            "queen-taken": f"{who} took the Queen of spades", "moon-shot": f"{who} shot the moon!",
            "moon-reward": f"{who} chose to {self.word} the reward", "contract-made": f"{who} made the contract",
            "contract-set": says(who, "was set"), "hand-over": "The hand is over",
        }[self.kind]
