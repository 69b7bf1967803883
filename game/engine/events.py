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

from .cards import SUIT_NAMES, parse_cards, player_cards_text, suit_words
from .language import N_, gettext
from .words import said_of

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
        """One line for a player, in the language in force, with seats named and cards as a player names them
        (``deck``: the rules' deck)."""
        who = names[self.seat] if 0 <= self.seat < len(names) else gettext("Dummy") if self.seat >= 0 else ""
        cards = player_cards_text(parse_cards(self.cards, deck), deck)
        if self.kind == "trump-named" and self.word != "none":
            suit = suit_words(SUIT_NAMES[deck].index(self.word), deck)
        else:
            suit = ""
        other, you = _SAID[self.kind if self.kind != "trump-named" or self.word != "none" else "no-trump-named"]
        return said_of(who, gettext(other), gettext(you), points=self.points, cards=cards, suit=suit,
                       order=gettext(ORDER_WORDS.get(self.word, "")),
                       reward=gettext(REWARD_WORDS.get(self.word, ""))).strip()


ORDER_WORDS = {"normal": N_("normal"), "reverse": N_("reverse")}
REWARD_WORDS = {"subtract": N_("subtract"), "add": N_("add")}
# each kind's line about another seat ({name}) and about the person at the screen
_SAID = {
    "bid": (N_("{name} bid {points}"), N_("You bid {points}")),
    "passed": (N_("{name} passed"), N_("You passed")),
    "auction-won": (N_("{name} won the bid at {points}"), N_("You won the bid at {points}")),
    "thrown-in": (N_("Everyone passed: the hand is thrown in"), N_("Everyone passed: the hand is thrown in")),
    "nest-taken": (N_("{name} took up the nest"), N_("You took up the nest")),
    "nest-laid": (N_("{name} laid back the nest"), N_("You laid back the nest")),
    "trump-named": (N_("{name} named {suit} trump"), N_("You named {suit} trump")),
    "no-trump-named": (N_("{name} named no trump"), N_("You named no trump")),
    "order-named": (N_("{name} chose the {order} order"), N_("You chose the {order} order")),
    "card-called": (N_("{name} called {cards}"), N_("You called {cards}")),
    "partner-revealed": (N_("{name} is the called partner"), N_("You are the called partner")),
    "laid-aside": (N_("{name} laid a card aside"), N_("You laid a card aside")),
    "hand-chosen": (N_("{name} chose a hand"), N_("You chose a hand")),
    "cards-passed": (N_("{name} passed cards"), N_("You passed cards")),
    "cards-received": (N_("{name} received {cards}"), N_("You received {cards}")),
    "card-played": (N_("{name} played {cards}"), N_("You played {cards}")),
    "trick-won": (N_("{name} took the trick"), N_("You took the trick")),
    "hearts-broken": (N_("Hearts are broken"), N_("Hearts are broken")),
    "queen-taken": (N_("{name} took the Queen of spades"), N_("You took the Queen of spades")),
    "moon-shot": (N_("{name} shot the moon!"), N_("You shot the moon!")),
    "moon-reward": (N_("{name} chose to {reward} the reward"), N_("You chose to {reward} the reward")),
    "contract-made": (N_("{name} made the contract"), N_("You made the contract")),
    "contract-set": (N_("{name} was set"), N_("You were set")),
    "hand-over": (N_("The hand is over"), N_("The hand is over")),
}
